//! Owned, validated texts of the typed values: [`crate::UriReferenceBuf`],
//! [`crate::rfc1738::UrlBuf`], [`crate::rfc1630::UriBuf`], [`crate::rfc1630::UrlBuf`] and
//! [`crate::rfc1630::PrefixedUrlBuf`].
//!
//! Each holds a `String` that its grammar accepted when the value was made, and gives the
//! typed, zero-copy view with `get` (which parses again: it allocates nothing). They all
//! have the same shape, made by one macro: `FromStr` and `TryFrom<String>` (which validate),
//! `Display`, `AsRef<str>`, `Into<String>`, ordering and hashing by the text, and with the
//! `serde` feature, (de)serialization as a string that is validated on the way in.
//!
//! The invariant: the text of an owned value is one that `$view::parse` (the grammar as
//! printed) accepts, however the value was made, so `get` cannot fail. A view read leniently
//! ([`crate::rfc1738::Url::parse_with`]) is brought to that form by its `to_buf`.

/// An owned type `$buf` for the typed view `$view`, whose `parse` validates the text. With
/// `custom_to_buf`, the module writes `$view::to_buf` itself (for views whose text may be
/// one that `parse` rejects); otherwise it copies the view's text.
macro_rules! owned {
    // `$path` is the module of the two types and `$example` a text of the grammar, for the
    // example of `to_buf`.
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, $path:literal, $example:literal) => {
        $crate::owned::owned!($(#[$doc])* $buf, $view, $what, $path, $example, reads = $view::parse);
    };
    // `reads`: the function that validates the text (and reads it again in `get`), when it is
    // not `$view::parse`.
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, $path:literal, $example:literal, reads = $reads:path) => {
        $crate::owned::owned!($(#[$doc])* $buf, $view, $what, custom_to_buf, $reads);

        impl<'a> $view<'a> {
            #[doc = concat!("An owned copy: a [`", stringify!($buf), "`] (`", stringify!($buf), "::from(view)` is the same).")]
            /// Named `to_buf`, not `to_owned`: the view is `Copy`, so its `to_owned` (from
            /// `ToOwned`) is the view itself.
            ///
            /// ```
            #[doc = concat!("use urigram::", $path, "::{", stringify!($view), ", ", stringify!($buf), "};")]
            #[doc = concat!("let v = ", stringify!($view), "::parse(", $example, ").unwrap();")]
            #[doc = concat!("let owned: ", stringify!($buf), " = v.to_buf();")]
            /// assert_eq!(owned.as_str(), v.as_str());
            #[doc = concat!("assert_eq!(", stringify!($buf), "::from(v), owned);")]
            #[doc = concat!("let same: ", stringify!($view), " = v.to_owned(); // `ToOwned`, as for any `Copy` type")]
            /// assert_eq!(same, v);
            /// ```
            pub fn to_buf(&self) -> $buf {
                $buf(self.as_str().to_string())
            }
        }
    };
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, custom_to_buf) => {
        $crate::owned::owned!($(#[$doc])* $buf, $view, $what, custom_to_buf, $view::parse);
    };
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, custom_to_buf, $reads:path) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $buf(String);

        impl $buf {
            #[doc = concat!("The typed view. The text was validated as ", $what, " when this")]
            /// value was made; this parses it again to find the components (it allocates
            /// nothing).
            pub fn get(&self) -> $view<'_> {
                match $reads(&self.0) {
                    Ok(v) => v,
                    Err(e) => unreachable!("a {} holds {}: {e}", stringify!($buf), $what),
                }
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::str::FromStr for $buf {
            type Err = $crate::Error;
            fn from_str(s: &str) -> Result<Self, $crate::Error> {
                $reads(s).map(|v| v.to_buf())
            }
        }

        impl TryFrom<String> for $buf {
            type Error = $crate::Error;
            fn try_from(s: String) -> Result<Self, $crate::Error> {
                $reads(&s)?;
                Ok($buf(s))
            }
        }

        impl TryFrom<&str> for $buf {
            type Error = $crate::Error;
            fn try_from(s: &str) -> Result<Self, $crate::Error> {
                s.parse()
            }
        }

        impl<'a> From<$view<'a>> for $buf {
            fn from(v: $view<'a>) -> $buf {
                v.to_buf()
            }
        }

        impl<'a> From<&$view<'a>> for $buf {
            fn from(v: &$view<'a>) -> $buf {
                v.to_buf()
            }
        }

        impl From<$buf> for String {
            fn from(b: $buf) -> String {
                b.0
            }
        }

        impl std::fmt::Display for $buf {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $buf {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $buf {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $buf {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                $buf::try_from(s).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use owned;
