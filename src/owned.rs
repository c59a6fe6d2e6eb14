//! Owned, validated texts of the typed values: [`crate::UriReferenceBuf`],
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

use std::num::NonZeroU32;

use crate::part::Part;

/// A typed view taken apart from its text and put back together: what an owned value keeps
/// beside its `String` (`Stored`: byte ranges and small kinds, no borrow), and the view
/// rebuilt from the text and that (`attach`). Implemented for [`Part`], `Option`, plain
/// `Copy` kinds ([`detach_plain!`]) and each view struct or enum ([`detach_view!`]).
pub(crate) trait Detach<'a>: Sized {
    /// What is kept.
    type Stored: Clone;
    /// What to keep, with every offset counted from `base` (the start of the view's own
    /// text); `None` when an offset does not fit in `u32`.
    fn detach(&self, base: usize) -> Option<Self::Stored>;
    /// The value again, from the text (whose byte 0 was `base`) and what `detach` kept:
    /// its parts start where they did less `base`.
    fn attach(text: &'a str, kept: &Self::Stored) -> Self;
}

/// A [`Part`] kept: its byte range, `end` stored plus one so that `Option<Span32>` takes no
/// more room than a `Span32`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Span32 {
    start: u32,
    end_plus_one: NonZeroU32,
}

impl<'a> Detach<'a> for Part<'a> {
    type Stored = Span32;
    fn detach(&self, base: usize) -> Option<Span32> {
        let start = u32::try_from(self.start().checked_sub(base)?).ok()?;
        let end = u32::try_from(self.end().checked_sub(base)?.checked_add(1)?).ok()?;
        Some(Span32 {
            start,
            end_plus_one: NonZeroU32::new(end)?,
        })
    }
    #[inline]
    fn attach(text: &'a str, kept: &Span32) -> Part<'a> {
        let (start, end) = (kept.start as usize, kept.end_plus_one.get() as usize - 1);
        // The range was the part's in this very text, so `get` finds it (the empty default
        // is never taken).
        Part::new(text.get(start..end).unwrap_or_default(), start)
    }
}

impl<'a, T: Detach<'a>> Detach<'a> for Option<T> {
    type Stored = Option<T::Stored>;
    fn detach(&self, base: usize) -> Option<Option<T::Stored>> {
        match self {
            None => Some(None),
            Some(t) => t.detach(base).map(Some),
        }
    }
    #[inline]
    fn attach(text: &'a str, kept: &Option<T::Stored>) -> Option<T> {
        kept.as_ref().map(|k| T::attach(text, k))
    }
}

/// [`Detach`] for plain `Copy` kinds, kept as themselves.
macro_rules! detach_plain {
    ($($ty:ty),* $(,)?) => {
        $(
            impl<'a> $crate::owned::Detach<'a> for $ty {
                type Stored = $ty;
                fn detach(&self, _base: usize) -> Option<$ty> {
                    Some(*self)
                }
                #[inline]
            fn attach(_text: &'a str, kept: &$ty) -> $ty {
                    *kept
                }
            }
        )*
    };
}
pub(crate) use detach_plain;

detach_plain!(bool, crate::shared::HostKind);

/// [`Detach`] for a view type, from the list of its fields (each field's type implements
/// `Detach`): a struct with named fields (kept as a tuple of the fields' kept forms), a
/// one-field tuple struct (kept as its field's), an enum of one-field tuple variants, or an
/// enum of variants with named fields (`Variant {}` for a unit variant). An enum is kept as
/// the enum named after `as`, which the macro defines: one variant of the same name for each
/// of the view's, holding the variant's kept fields. A field left out of the list, or a
/// variant, is a compile error, as the view is rebuilt with a struct expression and an
/// exhaustive `match`.
macro_rules! detach_view {
    (struct $name:ident<$lt:lifetime> { $($field:ident: $ty:ty),* $(,)? }) => {
        impl<$lt> $crate::owned::Detach<$lt> for $name<$lt> {
            type Stored = ($(<$ty as $crate::owned::Detach<$lt>>::Stored,)*);
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(($($crate::owned::Detach::detach(&self.$field, base)?,)*))
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                let ($($field,)*) = kept;
                $name { $($field: $crate::owned::Detach::attach(text, $field)),* }
            }
        }
    };
    (struct $name:ident<$lt:lifetime>($ty:ty)) => {
        impl<$lt> $crate::owned::Detach<$lt> for $name<$lt> {
            type Stored = <$ty as $crate::owned::Detach<$lt>>::Stored;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                $crate::owned::Detach::detach(&self.0, base)
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                $name($crate::owned::Detach::attach(text, kept))
            }
        }
    };
    (enum $name:ident<$lt:lifetime> as $kept:ident { $($variant:ident($ty:ty)),* $(,)? }) => {
        /// What an owned value keeps of the view of the same name (`Detach`): one type
        /// parameter for each variant's kept field.
        #[derive(Clone)]
        pub(crate) enum $kept<$($variant),*> {
            $($variant($variant)),*
        }

        impl<$lt> $crate::owned::Detach<$lt> for $name<$lt> {
            type Stored = $kept<$(<$ty as $crate::owned::Detach<$lt>>::Stored),*>;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(match self {
                    $($name::$variant(v) => $kept::$variant($crate::owned::Detach::detach(v, base)?)),*
                })
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                match kept {
                    $($kept::$variant(v) => $name::$variant($crate::owned::Detach::attach(text, v))),*
                }
            }
        }
    };
    (enum $name:ident<$lt:lifetime> as $kept:ident {
        $($variant:ident { $($field:ident: $ty:ty),* $(,)? }),* $(,)?
    }) => {
        /// What an owned value keeps of the view of the same name (`Detach`): one type
        /// parameter for each variant's kept fields (a tuple).
        #[derive(Clone)]
        pub(crate) enum $kept<$($variant),*> {
            $($variant($variant)),*
        }

        impl<$lt> $crate::owned::Detach<$lt> for $name<$lt> {
            type Stored = $kept<$(($(<$ty as $crate::owned::Detach<$lt>>::Stored,)*)),*>;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(match self {
                    $($name::$variant { $($field),* } => {
                        $kept::$variant(($($crate::owned::Detach::detach($field, base)?,)*))
                    })*
                })
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                match kept {
                    $($kept::$variant(($($field,)*)) => $name::$variant {
                        $($field: $crate::owned::Detach::attach(text, $field)),*
                    },)*
                }
            }
        }
    };
}
pub(crate) use detach_view;

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
            kept: Option<<$view<'static> as $crate::owned::Detach<'static>>::Stored>,
        }

        impl $buf {
            #[doc = concat!("The typed view. The text was validated as ", $what, " when this")]
            /// value was made, and the components' places were kept then: this reads nothing
            /// again (and allocates nothing).
            #[inline]
            pub fn get(&self) -> $view<'_> {
                if let Some(kept) = &self.kept {
                    return $crate::owned::Detach::attach(&self.text, kept);
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
                let kept = $crate::owned::Detach::detach(view, view.as_part().start());
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
                let kept = $crate::owned::Detach::detach(&view, 0);
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
    use super::{Detach, Span32};
    use crate::input::fast_span;
    use crate::part::Part;
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

    /// An offset that does not fit in `u32` keeps nothing (the owned value then reads its
    /// text again); the largest that fits is kept.
    #[test]
    fn offsets_past_u32_keep_nothing() {
        let max = u32::MAX as usize;
        assert!(Part::new("ab", max).detach(0).is_none());
        assert!(Part::new("", max).detach(0).is_none());
        assert!(Some(Part::new("ab", max - 1)).detach(0).is_none());
        let last = Part::new("a", max - 2).detach(0).unwrap();
        assert_eq!(
            (last.start, last.end_plus_one.get()),
            (u32::MAX - 2, u32::MAX)
        );
        // Before `base` is no offset either.
        assert!(Part::new("a", 3).detach(4).is_none());
        // An `Option` of a part takes no more room than the part.
        assert_eq!(size_of::<Option<Span32>>(), size_of::<Span32>());
    }
}
