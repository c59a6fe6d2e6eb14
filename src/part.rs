//! [`Part`]: a piece of the input with its byte range, the building block of every typed value.

use std::fmt;
use std::ops::Range;

use crate::input::Span;

/// A piece of the parsed text: the text itself (borrowed, never copied) and where it starts.
/// Offsets count from the start of the text given to the parser.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://example.com/a?q").unwrap();
/// let q = u.query().unwrap();
/// assert_eq!(q.as_str(), "q");
/// assert_eq!(q.range(), 21..22);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part<'a> {
    text: &'a str,
    start: usize,
}

impl<'a> Part<'a> {
    /// A part with its text and start offset.
    pub(crate) const fn new(text: &'a str, start: usize) -> Part<'a> {
        Part { text, start }
    }

    /// The text.
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// First byte.
    pub const fn start(&self) -> usize {
        self.start
    }

    /// One past the last byte.
    pub const fn end(&self) -> usize {
        self.start + self.text.len()
    }

    /// The byte range.
    pub const fn range(&self) -> Range<usize> {
        self.start..self.end()
    }

    /// Whether the text is empty.
    pub const fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The sub-part of bytes `r` of this part's text (relative to its start).
    pub(crate) fn slice(&self, r: Range<usize>) -> Part<'a> {
        Part {
            text: &self.text[r.start..r.end],
            start: self.start + r.start,
        }
    }
}

/// The part a span of the input covers, for the productions (`Part::from(span)`,
/// `span.into()`). Hidden: the span's type is the crate's plumbing, and no public function
/// gives one out, so this is no part of the API.
#[doc(hidden)]
impl<'a> From<Span<'a>> for Part<'a> {
    fn from(s: Span<'a>) -> Part<'a> {
        Part {
            text: s.fragment(),
            start: s.location_offset(),
        }
    }
}

impl fmt::Display for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Debug for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}@{}..{}", self.text, self.start, self.end())
    }
}

impl AsRef<str> for Part<'_> {
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl PartialEq<str> for Part<'_> {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Part<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

/// `Display` and `as_str` for typed values that keep their text (`as_part`): each is written
/// exactly as it was read, as [`Part`] is. Types that already have an `as_str` take only the
/// `display:` arm; types with a `text` field and no `as_part` yet, the `text:` arm.
macro_rules! written_as_read {
    (display: $($ty:ident),* $(,)?) => {
        $(
            impl ::std::fmt::Display for $ty<'_> {
                fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                    f.write_str(self.as_part().as_str())
                }
            }
        )*
    };
    (text: $($ty:ident),* $(,)?) => {
        $(
            impl<'a> $ty<'a> {
                /// The whole value as written, with its place in the input.
                pub fn as_part(&self) -> $crate::Part<'a> {
                    self.text
                }
            }
        )*
        $crate::part::written_as_read!($($ty),*);
    };
    ($($ty:ident),* $(,)?) => {
        $(
            impl<'a> $ty<'a> {
                /// The text as written.
                pub fn as_str(&self) -> &'a str {
                    self.as_part().as_str()
                }
            }
        )*
        $crate::part::written_as_read!(display: $($ty),*);
    };
}
pub(crate) use written_as_read;
