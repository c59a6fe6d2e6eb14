//! Characters: `iunreserved`, `ucschar` and `iprivate` (rfc3987.txt:433-442), the characters
//! RFC 3987 adds to RFC 3986's, and the runs of the `i` productions that hold them.
//!
//! Outside ASCII only `ucschar` and `iprivate` admit characters: code-point ranges tested on
//! the decoded character ([`is_ucschar`], [`is_iprivate`]). Inside ASCII the `i` productions
//! admit exactly what their RFC 3986 counterparts admit, so each run is RFC 3986's [`Table`]
//! plus one of these ranges: [`IRun`] scans it. Offsets stay in bytes, at character
//! boundaries.

use nom::{Err, Mode as _, OutputMode, Parser};

use crate::grammar::rfc3986::{self, UNRESERVED};
use crate::input::primitives::{lift, production};
use crate::input::{
    Expected, Fail, PResult, Span, escape_end, expect_here, fail, production as record_production,
    take_in_line,
};
use crate::table::Table;

// =============================================================================================
// Code-point ranges: section 2.2 (rfc3987.txt:433-442)
// =============================================================================================

/// Whether `c` is a `ucschar` (rfc3987.txt:435-440), by its code point.
#[inline]
pub const fn is_ucschar(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// Whether `c` is an `iprivate` (rfc3987.txt:442), by its code point.
#[inline]
pub const fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The first character of `i`, if any: a look-ahead that records nothing.
#[inline]
pub(crate) fn next_char(i: &Span<'_>) -> Option<char> {
    i.fragment().chars().next()
}

/// A silent look-ahead: the next character (`None` at the end), consuming and recording
/// nothing; `verify` over it decides.
#[derive(Clone, Copy)]
pub(crate) struct NextChar;

impl<'a> Parser<Span<'a>> for NextChar {
    type Output = Option<char>;
    type Error = Fail;

    #[inline]
    fn process<OM: OutputMode>(
        &mut self,
        i: Span<'a>,
    ) -> crate::input::primitives::Out<'a, OM, Option<char>> {
        let c = next_char(&i);
        Ok((i, OM::Output::bind(|| c)))
    }
}

/// Which characters above ASCII a run or a character production admits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Beyond {
    /// `ucschar`: every `i` production but `iquery`.
    Ucs,
    /// `iprivate` only.
    Private,
    /// `ucschar` and `iprivate`: `iquery` (rfc3987.txt:429).
    UcsAndPrivate,
}

impl Beyond {
    /// Whether `c` (above ASCII) is admitted.
    #[inline]
    pub(crate) const fn admits(self, c: char) -> bool {
        match self {
            Beyond::Ucs => is_ucschar(c),
            Beyond::Private => is_iprivate(c),
            Beyond::UcsAndPrivate => is_ucschar(c) || is_iprivate(c),
        }
    }
}

/// Where `*( t / pct-encoded / <the characters of beyond> )` that starts at byte 0 of `s`
/// stops: `Ok(end)`, or `Err(bad)` for a `%` without two hex digits after it, `bad` being the
/// first byte after the `%` that is not one. `t` holds the run's ASCII characters but `%`.
#[inline]
pub(crate) fn run_end(s: &str, t: &Table, beyond: Beyond) -> Result<usize, usize> {
    let b = s.as_bytes();
    let mut n = 0;
    loop {
        n = t.run_end(b, n);
        match b.get(n) {
            Some(b'%') => n = escape_end(b, n)?,
            Some(&x) if x >= 0x80 => match s[n..].chars().next() {
                Some(c) if beyond.admits(c) => n += c.len_utf8(),
                _ => return Ok(n),
            },
            _ => return Ok(n),
        }
    }
}

/// A run of an `i` production: `*( t / pct-encoded / <beyond> )`, or `1*( ... )` when `min`
/// is 1; records `name` where it stops. A `%` without two hex digits is a hard failure
/// recorded in `pct-encoded`, as RFC 3986's runs do ([`crate::input::many_esc`]).
#[derive(Clone, Copy)]
pub(crate) struct IRun {
    t: Table,
    beyond: Beyond,
    name: &'static str,
    min: usize,
}

/// `*( t / pct-encoded / <beyond> )`, named `name`.
pub(crate) const fn irun(t: Table, beyond: Beyond, name: &'static str) -> Prim<IRun> {
    Prim(IRun {
        t,
        beyond,
        name,
        min: 0,
    })
}

/// `1*( t / pct-encoded / <beyond> )`, named `name`.
pub(crate) const fn irun1(t: Table, beyond: Beyond, name: &'static str) -> Prim<IRun> {
    Prim(IRun {
        t,
        beyond,
        name,
        min: 1,
    })
}

impl Scan for IRun {
    fn run<'a>(&self, i: Span<'a>) -> PResult<'a, Span<'a>> {
        let at = i.location_offset();
        match run_end(i.fragment(), &self.t, self.beyond) {
            Err(bad) => {
                i.extra
                    .record_within("pct-encoded", at + bad, Expected::Rule("hex"));
                Err(Err::Failure(Fail))
            }
            Ok(n) => {
                i.extra.record(at + n, Expected::Rule(self.name));
                if n < self.min {
                    return fail();
                }
                // No class of RFC 3987 holds a newline.
                Ok(take_in_line(i, n))
            }
        }
    }
}

/// One character: of `t` (ASCII) or admitted by `beyond`, or (when `escape`) one
/// `pct-encoded`; named `name` in errors. The shape of `iunreserved`, `ucschar`, `iprivate`
/// and `ipchar`.
#[derive(Clone, Copy)]
pub(crate) struct IOne {
    t: Table,
    beyond: Beyond,
    name: &'static str,
    escape: bool,
}

/// One character of `t` or of `beyond`, named `name`.
pub(crate) const fn ione(t: Table, beyond: Beyond, name: &'static str) -> Prim<IOne> {
    Prim(IOne {
        t,
        beyond,
        name,
        escape: false,
    })
}

/// One character of `t` or of `beyond`, or one `pct-encoded`, named `name`.
pub(crate) const fn ione_or_escape(t: Table, beyond: Beyond, name: &'static str) -> Prim<IOne> {
    Prim(IOne {
        t,
        beyond,
        name,
        escape: true,
    })
}

impl Scan for IOne {
    fn run<'a>(&self, i: Span<'a>) -> PResult<'a, Span<'a>> {
        match next_char(&i) {
            Some(c) if c.is_ascii() && self.t.contains(c as u8) => Ok(take_in_line(i, 1)),
            Some(c) if !c.is_ascii() && self.beyond.admits(c) => Ok(take_in_line(i, c.len_utf8())),
            Some('%') if self.escape => record_production(i, "pct-encoded", crate::input::escape),
            _ => {
                expect_here(&i, Expected::Rule(self.name));
                if self.escape {
                    // Records that a `%` was expected, in `pct-encoded`, and fails.
                    return record_production(i, "pct-encoded", crate::input::escape);
                }
                fail()
            }
        }
    }
}

/// A primitive of this module run as a nom parser ([`IRun`], [`IOne`]).
#[derive(Clone, Copy)]
pub(crate) struct Prim<T>(T);

/// What a primitive does: the scan, recording what it expected.
pub(crate) trait Scan {
    fn run<'a>(&self, i: Span<'a>) -> PResult<'a, Span<'a>>;
}

impl<'a, T: Scan> Parser<Span<'a>> for Prim<T> {
    type Output = Span<'a>;
    type Error = Fail;

    #[inline]
    fn process<OM: OutputMode>(
        &mut self,
        i: Span<'a>,
    ) -> crate::input::primitives::Out<'a, OM, Span<'a>> {
        lift::<OM, Span<'a>>(self.0.run(i))
    }
}

// =============================================================================================
// Unreserved characters: section 2.2 (rfc3987.txt:433-442)
// =============================================================================================

/// ```text
/// iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
/// ```
/// rfc3987.txt:433, section 2.2.
pub fn iunreserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("iunreserved", ione(UNRESERVED, Beyond::Ucs, "iunreserved")).parse(i)
}

/// ```text
/// ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///                / %xD0000-DFFFD / %xE1000-EFFFD
/// ```
/// rfc3987.txt:435, section 2.2. The ranges are code points ([`is_ucschar`]); an error names
/// the production, not a range.
pub fn ucschar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ucschar", ione(Table::chars(""), Beyond::Ucs, "ucschar")).parse(i)
}

/// ```text
/// iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
/// ```
/// rfc3987.txt:442, section 2.2. Code points ([`is_iprivate`]): only `iquery` holds them.
pub fn iprivate<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "iprivate",
        ione(Table::chars(""), Beyond::Private, "iprivate"),
    )
    .parse(i)
}

// =============================================================================================
// The rules RFC 3987 keeps: characters (rfc3987.txt:486-492)
// =============================================================================================

/// ```text
/// pct-encoded    = "%" HEXDIG HEXDIG
/// ```
/// rfc3987.txt:486, section 2.2. RFC 3986's own ([`rfc3986::pct_encoded`]).
pub fn pct_encoded<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::pct_encoded(i)
}

/// ```text
/// unreserved     = ALPHA / DIGIT / "-" / "." / "_" / "~"
/// ```
/// rfc3987.txt:488, section 2.2. RFC 3986's own ([`rfc3986::unreserved`]).
pub fn unreserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::unreserved(i)
}

/// ```text
/// reserved       = gen-delims / sub-delims
/// ```
/// rfc3987.txt:489, section 2.2. RFC 3986's own ([`rfc3986::reserved`]).
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::reserved(i)
}

/// ```text
/// gen-delims     = ":" / "/" / "?" / "#" / "[" / "]" / "@"
/// ```
/// rfc3987.txt:490, section 2.2. RFC 3986's own ([`rfc3986::gen_delims`]).
pub fn gen_delims<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::gen_delims(i)
}

/// ```text
/// sub-delims     = "!" / "$" / "&" / "'" / "(" / ")"
///                / "*" / "+" / "," / ";" / "="
/// ```
/// rfc3987.txt:491, section 2.2. RFC 3986's own ([`rfc3986::sub_delims`]).
pub fn sub_delims<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::sub_delims(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The predicates against the ranges as printed, at every edge and a step inside.
    #[test]
    fn ranges_match_the_printed_edges() {
        let ucs: &[(u32, u32)] = &[
            (0xA0, 0xD7FF),
            (0xF900, 0xFDCF),
            (0xFDF0, 0xFFEF),
            (0x10000, 0x1FFFD),
            (0x20000, 0x2FFFD),
            (0x30000, 0x3FFFD),
            (0x40000, 0x4FFFD),
            (0x50000, 0x5FFFD),
            (0x60000, 0x6FFFD),
            (0x70000, 0x7FFFD),
            (0x80000, 0x8FFFD),
            (0x90000, 0x9FFFD),
            (0xA0000, 0xAFFFD),
            (0xB0000, 0xBFFFD),
            (0xC0000, 0xCFFFD),
            (0xD0000, 0xDFFFD),
            (0xE1000, 0xEFFFD),
        ];
        let private: &[(u32, u32)] = &[(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];
        let inside = |set: &[(u32, u32)], c: u32| set.iter().any(|&(lo, hi)| lo <= c && c <= hi);
        for c in (0..=0x10FFFF).step_by(7).chain(
            ucs.iter()
                .chain(private)
                .flat_map(|&(lo, hi)| [lo - 1, lo, hi, hi + 1]),
        ) {
            let Some(ch) = char::from_u32(c) else {
                continue;
            };
            assert_eq!(is_ucschar(ch), inside(ucs, c), "ucschar U+{c:04X}");
            assert_eq!(is_iprivate(ch), inside(private, c), "iprivate U+{c:04X}");
        }
    }
}
