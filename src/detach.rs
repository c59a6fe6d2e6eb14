//! A typed view taken apart from its text and put back together ([`Detach`]): what an owned
//! value ([`crate::owned`]) keeps beside its `String`, and how its view is rebuilt without
//! reading the text again. Below the views, which implement it, and below the owned types,
//! which keep it; it knows nothing of errors or grammars.

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
            impl<'a> $crate::detach::Detach<'a> for $ty {
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
        impl<$lt> $crate::detach::Detach<$lt> for $name<$lt> {
            type Stored = ($(<$ty as $crate::detach::Detach<$lt>>::Stored,)*);
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(($($crate::detach::Detach::detach(&self.$field, base)?,)*))
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                let ($($field,)*) = kept;
                $name { $($field: $crate::detach::Detach::attach(text, $field)),* }
            }
        }
    };
    (struct $name:ident<$lt:lifetime>($ty:ty)) => {
        impl<$lt> $crate::detach::Detach<$lt> for $name<$lt> {
            type Stored = <$ty as $crate::detach::Detach<$lt>>::Stored;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                $crate::detach::Detach::detach(&self.0, base)
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                $name($crate::detach::Detach::attach(text, kept))
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

        impl<$lt> $crate::detach::Detach<$lt> for $name<$lt> {
            type Stored = $kept<$(<$ty as $crate::detach::Detach<$lt>>::Stored),*>;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(match self {
                    $($name::$variant(v) => $kept::$variant($crate::detach::Detach::detach(v, base)?)),*
                })
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                match kept {
                    $($kept::$variant(v) => $name::$variant($crate::detach::Detach::attach(text, v))),*
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

        impl<$lt> $crate::detach::Detach<$lt> for $name<$lt> {
            type Stored = $kept<$(($(<$ty as $crate::detach::Detach<$lt>>::Stored,)*)),*>;
            fn detach(&self, base: usize) -> Option<Self::Stored> {
                Some(match self {
                    $($name::$variant { $($field),* } => {
                        $kept::$variant(($($crate::detach::Detach::detach($field, base)?,)*))
                    })*
                })
            }
            #[inline]
            fn attach(text: &$lt str, kept: &Self::Stored) -> Self {
                match kept {
                    $($kept::$variant(($($field,)*)) => $name::$variant {
                        $($field: $crate::detach::Detach::attach(text, $field)),*
                    },)*
                }
            }
        }
    };
}
pub(crate) use detach_view;

#[cfg(test)]
mod tests {
    use super::{Detach, Span32};
    use crate::part::Part;

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
