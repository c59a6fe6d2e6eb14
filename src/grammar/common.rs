//! What the fast passes of RFC 2396 and RFC 3986 share: the text scanned and its parts
//! ([`Text`]), runs with escapes ([`run`]), the failure of a `%` without two hex digits
//! ([`BadEscape`]) and the result as nom's ([`finish`]). Below both passes; moved here from
//! RFC 2396's as they were.

use nom::Err;

use crate::input::{Fail, PResult, Span, escape_end, take_in_line};
use crate::part::Part;
use crate::table::Wide;

/// A `%` without two hex digits after it: the parse fails outright.
pub(crate) struct BadEscape;

/// The text being parsed and its offset in the whole input, to make [`Part`]s from positions.
#[derive(Clone, Copy)]
pub(crate) struct Text<'a> {
    s: &'a str,
    base: usize,
}

impl<'a> Text<'a> {
    /// The text of a span.
    #[inline(always)]
    pub(crate) fn of(i: &Span<'a>) -> Text<'a> {
        Text {
            s: i.fragment(),
            base: i.location_offset(),
        }
    }

    /// A whole text, offsets from 0.
    #[inline(always)]
    pub(crate) fn whole(s: &'a str) -> Text<'a> {
        Text { s, base: 0 }
    }

    #[inline(always)]
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.s.as_bytes()
    }

    /// Where `p`, a part of this text, ends: its position in the text.
    #[inline(always)]
    pub(crate) fn end(self, p: Part<'a>) -> usize {
        p.end() - self.base
    }

    /// The part from byte `a` to byte `e`.
    #[inline(always)]
    pub(crate) fn part(self, a: usize, e: usize) -> Part<'a> {
        debug_assert!(a <= e && self.s.is_char_boundary(a) && self.s.is_char_boundary(e));
        // SAFETY: every position the scans below (and those of RFC 3986's fast pass) return
        // is 0, or a position they reached from 0 over ASCII bytes only (table members, `%`, hex digits and the literals of the
        // grammar), so it is at most the length of the text and a char boundary; and `a`
        // comes before `e` in every call.
        let text = unsafe { self.s.get_unchecked(a..e) };
        Part::new(text, self.base + a)
    }
}

/// `*( t | escaped )` from `n`: where the run stops. [`crate::input::run_with_escapes`] with
/// the vector scans ([`Wide::run_end`]).
#[inline(always)]
pub(crate) fn run(b: &[u8], mut n: usize, t: &Wide) -> Result<usize, BadEscape> {
    loop {
        n = t.run_end(b, n);
        if b.get(n) != Some(&b'%') {
            return Ok(n);
        }
        n = escape_end(b, n).map_err(|_| BadEscape)?;
    }
}

/// The result of a scan as a nom result: the rest of the input after `end` (the consumed
/// characters are URI characters, which hold no newline) and the value.
#[inline(always)]
pub(crate) fn finish<'a, O>(i: Span<'a>, r: Result<(usize, O), BadEscape>) -> PResult<'a, O> {
    match r {
        Ok((end, o)) => Ok((take_in_line(i, end).0, o)),
        Err(BadEscape) => Err(Err::Failure(Fail)),
    }
}
