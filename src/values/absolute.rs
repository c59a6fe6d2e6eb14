//! What the absolute types of RFC 3986 and RFC 3987 (`AbsoluteUriBuf`, `AbsoluteIriBuf`)
//! offer, written once: the text and the reference they hold, the accessors with a
//! non-`Option` scheme, the semantics with this value as the base (so that a relative base
//! does not compile), the checked conversions from a text, a resolved reference and a
//! reference, and serde.

/// `absolute!(Abs, Buf, View, module, "absolute-rule", Grammar, "urigram::module::Abs")`.
/// `Abs` is a tuple struct around `Buf`; `View::resolve`, `join`, `normalize` and
/// `equivalent` are the view's.
macro_rules! absolute {
    ($abs:ident, $buf:ident, $view:ident, $module:ident, $rule:literal, $grammar:ident, $path:literal) => {
        $crate::values::accessors::accessors!(absolute $abs, $view, $module, $path);

        impl $abs {
            /// The resolved text, checked against the grammar: a text section 5.3 recomposed
            /// that does not read back as an absolute reference is
            /// `ResolveError::Unrepresentable`, never a different one.
            fn from_resolved(
                t: $crate::$module::Resolved,
            ) -> Result<$abs, $crate::$module::ResolveError> {
                match $buf::try_from(t.as_str()) {
                    Ok(u) if u.get().is_absolute() => Ok($abs(u)),
                    _ => Err($crate::$module::ResolveError::Unrepresentable {
                        path: t.components().path.to_string(),
                        uri: t.into_string(),
                    }),
                }
            }

            /// The typed view.
            pub fn get(&self) -> $view<'_> {
                self.0.get()
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }

            /// As a reference.
            pub fn as_reference(&self) -> &$buf {
                &self.0
            }

            /// Into a reference.
            pub fn into_reference(self) -> $buf {
                self.0
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0.into_string()
            }
        }

        impl std::str::FromStr for $abs {
            type Err = $crate::Error;
            /// The text must be a reference with a scheme; a relative one is the grammar's
            #[doc = concat!("diagnostic for `", $rule, "`.")]
            fn from_str(s: &str) -> Result<$abs, $crate::Error> {
                let u: $buf = s.parse()?;
                if u.get().is_absolute() {
                    Ok($abs(u))
                } else {
                    Err($crate::Grammar::$grammar.diagnose_named($rule, s))
                }
            }
        }

        impl From<$abs> for $buf {
            fn from(u: $abs) -> $buf {
                u.0
            }
        }

        impl std::fmt::Display for $abs {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl AsRef<str> for $abs {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $abs {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $abs {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        /// The semantics with this absolute value as the base: no run-time check that the
        /// base is absolute is left to fail.
        impl $abs {
            #[doc = concat!("Resolve `reference` against this base ([`", stringify!($view), "::resolve`]).")]
            ///
            /// ```
            #[doc = concat!("use urigram::", stringify!($module), "::{", stringify!($abs), ", ", stringify!($view), "};")]
            #[doc = concat!("let base: ", stringify!($abs), " = \"http://a/b/c/d;p?q\".parse().unwrap();")]
            #[doc = concat!("let r = base.resolve(&", stringify!($view), "::parse(\"g?y\").unwrap()).unwrap();")]
            /// assert_eq!(r, "http://a/b/c/g?y");
            /// ```
            pub fn resolve(
                &self,
                reference: &$view<'_>,
            ) -> Result<$crate::$module::Resolved, $crate::$module::ResolveError> {
                self.get().resolve(reference)
            }

            #[doc = concat!("Parse `reference` and resolve it against this base ([`", stringify!($view), "::join`]).")]
            ///
            /// ```
            #[doc = concat!("let base: ", $path, " = \"http://a/b/c/d;p?q\".parse().unwrap();")]
            /// assert_eq!(base.join("../g").unwrap(), "http://a/b/g");
            /// assert_eq!(base.join("../g").unwrap().join("h").unwrap(), "http://a/b/h");
            /// ```
            pub fn join(&self, reference: &str) -> Result<$abs, $crate::$module::ResolveError> {
                self.get().join(reference)
            }

            #[doc = concat!("The normal form ([`", stringify!($view), "::normalize`]), still absolute.")]
            ///
            /// ```
            #[doc = concat!("let u: ", $path, " = \"HTTPS://a:443/./b\".parse().unwrap();")]
            /// assert_eq!(u.normalize(), "https://a/b");
            /// ```
            pub fn normalize(&self) -> $abs {
                $abs(self.get().normalize())
            }

            #[doc = concat!("[`", stringify!($view), "::equivalent`]: `other` is a view or an owned value.")]
            ///
            /// ```
            #[doc = concat!("let a: ", $path, " = \"http://a:80/\".parse().unwrap();")]
            #[doc = concat!("let b: ", $path, " = \"HTTP://a\".parse().unwrap();")]
            /// assert!(a.equivalent(&b) && a.equivalent(&b.get()));
            /// ```
            pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
            where
                T: $crate::values::AsView<'b, View = $view<'b>> + ?Sized,
            {
                self.get().equivalent(other)
            }
        }

        /// A reference with a scheme, owned; any other is the grammar's diagnostic for the
        #[doc = concat!("absolute rule (`", $rule, "`).")]
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::{", stringify!($abs), ", ", stringify!($buf), "};")]
        #[doc = concat!("let r: ", stringify!($buf), " = \"http://a/b\".parse().unwrap();")]
        #[doc = concat!("assert_eq!(", stringify!($abs), "::try_from(r).unwrap(), \"http://a/b\");")]
        #[doc = concat!("let r: ", stringify!($buf), " = \"b/c\".parse().unwrap();")]
        /// // `b` may start a scheme; the `/` is where no absolute reference can go on.
        #[doc = concat!("assert_eq!(", stringify!($abs), "::try_from(r).unwrap_err().offset(), 1);")]
        /// ```
        impl TryFrom<$buf> for $abs {
            type Error = $crate::Error;
            fn try_from(r: $buf) -> Result<$abs, $crate::Error> {
                if r.get().is_absolute() {
                    Ok($abs(r))
                } else {
                    Err($crate::Grammar::$grammar.diagnose_named($rule, r.as_str()))
                }
            }
        }

        impl PartialEq<String> for $abs {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other
            }
        }

        impl std::borrow::Borrow<str> for $abs {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        /// As its text (the `serde` feature).
        #[cfg(feature = "serde")]
        impl serde::Serialize for $abs {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        /// From a string that is an absolute reference (the `serde` feature); anything else is
        /// an error that says why.
        ///
        /// ```
        /// # #[cfg(feature = "serde")] {
        #[doc = concat!("let u: ", $path, " = serde_json::from_str(r#\"\"http://a/b\"\"#).unwrap();")]
        /// assert_eq!(serde_json::to_string(&u).unwrap(), r#""http://a/b""#);
        #[doc = concat!("assert!(serde_json::from_str::<", $path, ">(r#\"\"b/c\"\"#).is_err());")]
        /// # }
        /// ```
        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $abs {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use absolute;
