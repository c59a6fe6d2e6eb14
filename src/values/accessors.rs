//! The components most programs read, on every owned type of the generic-syntax specs, so
//! that `u.get().host_str()` can be `u.host_str()` as on the `url` crate's `Url`: one macro,
//! so that RFC 2396's, RFC 3986's and RFC 3987's owned references and absolute URIs (IRIs)
//! have the same accessors as their views, with the same names and types. On an absolute
//! type, `scheme()` is a [`Part`](crate::Part), not an `Option`: the type holds a scheme.

/// `accessors!(Buf, View, module, "urigram::module::Buf")` for a reference type;
/// `accessors!(absolute Buf, View, module, "...")` for an absolute one. `Buf::get` gives the
/// view, whose methods of the same names these call; `$crate::$module::{Authority, Host,
/// Path, Segments}` are its component types.
macro_rules! accessors {
    ($buf:ident, $view:ident, $module:ident, $path:literal) => {
        impl $buf {
            #[doc = concat!("The scheme, without its `:` ([`", stringify!($view), "::scheme`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.scheme().unwrap(), "http");
            /// ```
            pub fn scheme(&self) -> Option<$crate::Part<'_>> {
                self.get().scheme()
            }
        }

        impl<'a> $view<'a> {
            #[doc = concat!("An owned copy: [`", stringify!($buf), "`], as [`", stringify!($view), "::to_buf`].")]
            /// The `Cow`-style name; `to_owned` is `ToOwned`'s, which gives the view itself,
            /// since a view is `Copy`.
            ///
            /// ```
            #[doc = concat!("let v = urigram::", stringify!($module), "::", stringify!($view), "::parse(\"http://a/b\").unwrap();")]
            #[doc = concat!("let owned: urigram::", stringify!($module), "::", stringify!($buf), " = v.into_owned();")]
            /// assert_eq!(owned, "http://a/b");
            /// ```
            pub fn into_owned(self) -> $buf {
                self.to_buf()
            }
        }

        /// The view of an owned value.
        impl<'a> From<&'a $buf> for $view<'a> {
            fn from(b: &'a $buf) -> $view<'a> {
                b.get()
            }
        }

        impl<'a> $crate::values::AsView<'a> for $buf {
            type View = $view<'a>;
            fn as_view(&'a self) -> $view<'a> {
                self.get()
            }
        }

        impl<'a, 'v: 'a> $crate::values::AsView<'a> for $view<'v> {
            type View = $view<'a>;
            fn as_view(&'a self) -> $view<'a> {
                *self
            }
        }

        $crate::values::accessors::accessors!(@common $buf, $view, $module, $path);
    };
    (absolute $buf:ident, $view:ident, $module:ident, $path:literal) => {
        impl $buf {
            /// The scheme, without its `:`: every value of this type has one.
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.scheme(), "http");
            /// ```
            pub fn scheme(&self) -> $crate::Part<'_> {
                match self.get().scheme() {
                    Some(s) => s,
                    None => unreachable!("an absolute reference has a scheme"),
                }
            }
        }

        /// The view of an owned value.
        impl<'a> From<&'a $buf> for $view<'a> {
            fn from(b: &'a $buf) -> $view<'a> {
                b.get()
            }
        }

        impl<'a> $crate::values::AsView<'a> for $buf {
            type View = $view<'a>;
            fn as_view(&'a self) -> $view<'a> {
                self.get()
            }
        }
        $crate::values::accessors::accessors!(@common $buf, $view, $module, $path);
    };
    (@common $buf:ident, $view:ident, $module:ident, $path:literal) => {
        /// The components, as the view's methods of the same names give them (for the
        /// others, `get` gives the whole typed view).
        impl $buf {
            #[doc = concat!("The authority ([`", stringify!($view), "::authority`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.authority().unwrap().to_string(), "me@a:8080");
            /// ```
            pub fn authority(&self) -> Option<$crate::$module::Authority<'_>> {
                self.get().authority()
            }

            #[doc = concat!("The host ([`", stringify!($view), "::host`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.host().unwrap().as_str(), "a");
            /// ```
            pub fn host(&self) -> Option<$crate::$module::Host<'_>> {
                self.get().host()
            }

            #[doc = concat!("The host's text ([`", stringify!($view), "::host_str`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.host_str(), Some("a"));
            /// ```
            pub fn host_str(&self) -> Option<&str> {
                self.get().host_str()
            }

            #[doc = concat!("The port as written, as a number ([`", stringify!($view), "::port`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.port(), Some(8080));
            /// ```
            pub fn port(&self) -> Option<u16> {
                self.get().port()
            }

            /// The port as a value that tells digits above 65535 from no port
            #[doc = concat!("([`", stringify!($view), "::port_value`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://a:99999/\".parse().unwrap();")]
            #[doc = concat!("assert_eq!(u.port_value(), Some(urigram::", stringify!($module), "::Port::Overflow));")]
            /// ```
            pub fn port_value(&self) -> Option<$crate::values::Port> {
                self.get().port_value()
            }

            /// The port, or else the scheme's default
            #[doc = concat!("([`", stringify!($view), "::port_or_known_default`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"https://a/\".parse().unwrap();")]
            /// assert_eq!((u.port(), u.port_or_known_default()), (None, Some(443)));
            /// ```
            pub fn port_or_known_default(&self) -> Option<u16> {
                self.get().port_or_known_default()
            }

            #[doc = concat!("The path ([`", stringify!($view), "::path`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.path().as_str(), "/b/c%20d");
            /// ```
            pub fn path(&self) -> $crate::$module::Path<'_> {
                self.get().path()
            }

            #[doc = concat!("The path's segments ([`", stringify!($view), "::path_segments`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// let s: Vec<_> = u.path_segments().map(|s| s.decode_utf8().unwrap()).collect();
            /// assert_eq!(s, ["b", "c d"]);
            /// ```
            pub fn path_segments(&self) -> $crate::$module::Segments<'_> {
                self.get().path_segments()
            }

            #[doc = concat!("The query, without its `?` ([`", stringify!($view), "::query`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.query().unwrap(), "x=1");
            /// ```
            pub fn query(&self) -> Option<$crate::Part<'_>> {
                self.get().query()
            }

            /// The query's `name=value` pairs by the HTML forms convention
            #[doc = concat!("([`", stringify!($view), "::query_pairs`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1+2#f\".parse().unwrap();")]
            /// assert_eq!(u.query_pairs().next(), Some(("x".into(), "1 2".into())));
            /// ```
            pub fn query_pairs(&self) -> $crate::rfc2396::FormPairs<'_> {
                self.get().query_pairs()
            }

            #[doc = concat!("The fragment, without its `#` ([`", stringify!($view), "::fragment`]).")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"http://me@a:8080/b/c%20d?x=1#f\".parse().unwrap();")]
            /// assert_eq!(u.fragment().unwrap(), "f");
            /// ```
            pub fn fragment(&self) -> Option<$crate::Part<'_>> {
                self.get().fragment()
            }
        }
    };
}

pub(crate) use accessors;
