//! Owned, validated texts of the typed values: [`crate::rfc2396::UriReferenceBuf`],
//! [`crate::rfc1738::UrlBuf`], [`crate::rfc1630::UriBuf`], [`crate::rfc1630::UrlBuf`] and
//! [`crate::rfc1630::PrefixedUrlBuf`].
//!
//! Each holds a `String` that its grammar accepted when the value was made, and what the
//! typed, zero-copy view needs beside the text: the byte ranges of its [`Part`]s and its small
//! kinds ([`Detach`]). `get` builds the view from them without reading the text again. They
//! all have the same shape, made by one macro: `FromStr` and `TryFrom<String>` (which
//! validate), `Display`, `AsRef<str>`, `Into<String>`, ordering, equality and hashing by the
//! text, and with the `serde` feature, (de)serialization as a string that is validated on the
//! way in.
//!
//! The invariant: the text of an owned value is one that `$view::parse` (the grammar as
//! printed) accepts, however the value was made, and the kept parts are those of that parse,
//! so `get` gives what `$view::parse` gives. A view read leniently
//! ([`crate::rfc1738::Url::parse_with`]) is brought to that form by its `to_buf`.
//!
//! Offsets are kept as `u32`: a text of 4 GiB or more keeps none, and its `get` parses it
//! again (nothing fails and nothing panics).

/// An owned type `$buf` for the typed view `$view`, whose `parse` validates the text. With
/// `custom_to_buf`, the module writes `$view::to_buf` itself (for views whose text may be
/// one that `parse` rejects), with `$buf::with_text`; otherwise it copies the view's text
/// and keeps its parts.
macro_rules! owned {
    // `$path` is the module of the two types and `$example` a text of the grammar, for the
    // example of `to_buf`.
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, $path:literal, $example:literal) => {
        $crate::owned::owned!($(#[$doc])* $buf, $view, $what, $path, $example, reads = $view::parse);
    };
    // `reads`: the function that validates the text (and whose view `get` gives), when it is
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
                $buf::with_text(self.as_str().to_string(), self)
            }
        }
    };
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, custom_to_buf) => {
        $crate::owned::owned!($(#[$doc])* $buf, $view, $what, custom_to_buf, $view::parse);
    };
    ($(#[$doc:meta])* $buf:ident, $view:ident, $what:literal, custom_to_buf, $reads:path) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $buf {
            text: String,
            /// The view's parts and kinds, as offsets into `text` (`None` for a text of 4 GiB
            /// or more, whose view `get` reads again).
            kept: Option<<$view<'static> as $crate::detach::Detach<'static>>::Stored>,
        }

        impl $buf {
            #[doc = concat!("The typed view. The text was validated as ", $what, " when this")]
            /// value was made, and the components' places were kept then: this reads nothing
            /// again (and allocates nothing).
            #[inline]
            pub fn get(&self) -> $view<'_> {
                if let Some(kept) = &self.kept {
                    return $crate::detach::Detach::attach(&self.text, kept);
                }
                match $reads(&self.text) {
                    Ok(v) => v,
                    Err(e) => unreachable!("a {} holds {}: {e}", stringify!($buf), $what),
                }
            }

            /// The text.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.text
            }

            /// An owned value of `text` that the grammar reads as `view`: `text` is the view's
            /// own text, or one with the same bytes at the view's parts' places as the grammar
            /// reads them (a scheme lower-cased in place). The view's parts are kept as
            /// offsets from its start.
            pub(crate) fn with_text(text: String, view: &$view<'_>) -> $buf {
                let kept = $crate::detach::Detach::detach(view, view.as_part().start());
                $buf { text, kept }
            }
        }

        impl std::fmt::Debug for $buf {
            /// As a tuple struct of its text: `Name("text")`.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_tuple(stringify!($buf)).field(&self.text).finish()
            }
        }

        impl PartialEq for $buf {
            fn eq(&self, other: &$buf) -> bool {
                self.text == other.text
            }
        }

        impl Eq for $buf {}

        impl std::hash::Hash for $buf {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.text.hash(state)
            }
        }

        impl PartialOrd for $buf {
            fn partial_cmp(&self, other: &$buf) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $buf {
            fn cmp(&self, other: &$buf) -> std::cmp::Ordering {
                self.text.cmp(&other.text)
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
                let view = $reads(&s)?;
                let kept = $crate::detach::Detach::detach(&view, 0);
                Ok($buf { text: s, kept })
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
                b.text
            }
        }

        impl std::fmt::Display for $buf {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl AsRef<str> for $buf {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $buf {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.text)
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

#[cfg(test)]
mod tests {
    use crate::input::fast_span;
    use crate::{rfc1738, rfc3986};

    /// A view read in the middle of a longer input keeps offsets from its own start: the owned
    /// value's view is the parse of its text alone.
    #[test]
    fn offsets_count_from_the_view_start() {
        let input = "see http://u@h:8/p?q#f here";
        let span = nom::Input::take_from(&fast_span(input), 4);
        let (_, v) = crate::grammar::rfc3986::uri_reference(span).unwrap();
        assert_eq!(v.query().unwrap().range(), 19..20);
        let owned = v.to_buf();
        assert_eq!(owned.as_str(), "http://u@h:8/p?q#f");
        let want = rfc3986::UriReference::parse(owned.as_str()).unwrap();
        assert_eq!(owned.get(), want);
        assert_eq!(owned.get().query().unwrap().range(), 15..16);

        let span = nom::Input::take_from(&fast_span(input), 4);
        let (_, v) = crate::grammar::rfc1738::url(span).unwrap();
        let owned = v.to_buf();
        assert_eq!(owned.get(), rfc1738::Url::parse(owned.as_str()).unwrap());
    }
}
