//! Paths, segments, queries and fragments: rfc3987.txt:408-431 (section 2.2), RFC 3986's
//! `path` ... `fragment` with `ipchar` for `pchar`.
//!
//! Each has the shape of its RFC 3986 counterpart ([`crate::grammar::rfc3986`]'s `path.rs`),
//! and the same reasons for it: the `i` classes hold the same ASCII characters, and what they
//! add (`ucschar`, and `iprivate` in `iquery`) is no delimiter.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize, success, verify};
use nom::multi::many0_count;
use nom::sequence::{preceded, terminated};

use super::chars::{Beyond, ione_or_escape, irun, irun1};
use crate::grammar::rfc3986::{PCHAR, QUERY, SEGMENT_NZ_NC};
use crate::input::primitives::{branch, lit, next_byte, production};
use crate::input::{PResult, Span};

// =============================================================================================
// Path (rfc3987.txt:408-427)
// =============================================================================================

/// ```text
/// ipath          = ipath-abempty   ; begins with "/" or is empty
///                / ipath-absolute  ; begins with "/" but not "//"
///                / ipath-noscheme  ; begins with a non-colon segment
///                / ipath-rootless  ; begins with a segment
///                / ipath-empty     ; zero characters
/// ```
/// rfc3987.txt:408, section 2.2. Matches the empty string. No other production names it.
///
/// Rewrite, as RFC 3986's `path`: `ipath-absolute` where it takes as much as `ipath-abempty`
/// (no `//` at the start); else `ipath-abempty` when it takes something; `ipath-noscheme`
/// where it takes as much as `ipath-rootless` (no `:` ends its first segment); else
/// `ipath-rootless`; else `ipath-empty`. The language is the union of the five.
pub fn ipath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ipath",
        alt((
            branch(absolute_whole),
            branch(verify(ipath_abempty, |p: &Span<'a>| {
                !p.fragment().is_empty()
            })),
            branch(terminated(
                ipath_noscheme,
                verify(next_byte(), |&b| b != Some(b':')),
            )),
            ipath_rootless,
            ipath_empty,
        )),
    )
    .parse(i)
}

/// An `ipath-absolute` that `ipath-abempty` could not extend: no `/` follows it.
fn absolute_whole<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    terminated(ipath_absolute, verify(next_byte(), |&b| b != Some(b'/'))).parse(i)
}

/// ```text
/// ipath-abempty  = *( "/" isegment )
/// ```
/// rfc3987.txt:414, section 2.2. Matches the empty string.
pub fn ipath_abempty<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ipath-abempty",
        recognize(many0_count(preceded(lit("/"), isegment))),
    )
    .parse(i)
}

/// ```text
/// ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
/// ```
/// rfc3987.txt:415, section 2.2.
pub fn ipath_absolute<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ipath-absolute",
        recognize((lit("/"), opt((isegment_nz, slash_segments)))),
    )
    .parse(i)
}

/// `*( "/" isegment )`, the end of `ipath-absolute`, `ipath-noscheme` and `ipath-rootless`.
fn slash_segments<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize(many0_count(preceded(lit("/"), isegment))).parse(i)
}

/// ```text
/// ipath-noscheme = isegment-nz-nc *( "/" isegment )
/// ```
/// rfc3987.txt:416, section 2.2.
pub fn ipath_noscheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ipath-noscheme",
        recognize((isegment_nz_nc, slash_segments)),
    )
    .parse(i)
}

/// ```text
/// ipath-rootless = isegment-nz *( "/" isegment )
/// ```
/// rfc3987.txt:417, section 2.2.
pub fn ipath_rootless<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ipath-rootless", recognize((isegment_nz, slash_segments))).parse(i)
}

/// ```text
/// ipath-empty    = 0<ipchar>
/// ```
/// rfc3987.txt:418, section 2.2. Matches only the empty string: zero repetitions of anything
/// (the prose value `<ipchar>` is read as the rule, as RFC 3986's `0<pchar>` is).
pub fn ipath_empty<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ipath-empty", recognize(success(()))).parse(i)
}

/// ```text
/// isegment       = *ipchar
/// ```
/// rfc3987.txt:420, section 2.2. Matches the empty string.
pub fn isegment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("isegment", irun(PCHAR, Beyond::Ucs, "ipchar")).parse(i)
}

/// ```text
/// isegment-nz    = 1*ipchar
/// ```
/// rfc3987.txt:421, section 2.2.
pub fn isegment_nz<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("isegment-nz", irun1(PCHAR, Beyond::Ucs, "ipchar")).parse(i)
}

/// ```text
/// isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims
///                      / "@" )
///                ; non-zero-length segment without any colon ":"
/// ```
/// rfc3987.txt:422, section 2.2.
pub fn isegment_nz_nc<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "isegment-nz-nc",
        irun1(SEGMENT_NZ_NC, Beyond::Ucs, "isegment-nz-nc"),
    )
    .parse(i)
}

/// ```text
/// ipchar         = iunreserved / pct-encoded / sub-delims / ":"
///                / "@"
/// ```
/// rfc3987.txt:426, section 2.2.
pub fn ipchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ipchar", ione_or_escape(PCHAR, Beyond::Ucs, "ipchar")).parse(i)
}

// =============================================================================================
// Query and fragment (rfc3987.txt:429-431)
// =============================================================================================

/// ```text
/// iquery         = *( ipchar / iprivate / "/" / "?" )
/// ```
/// rfc3987.txt:429, section 2.2. Matches the empty string. The one production that holds
/// `iprivate`.
pub fn iquery<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("iquery", irun(QUERY, Beyond::UcsAndPrivate, "iquery")).parse(i)
}

/// ```text
/// ifragment      = *( ipchar / "/" / "?" )
/// ```
/// rfc3987.txt:431, section 2.2. Matches the empty string.
pub fn ifragment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ifragment", irun(QUERY, Beyond::Ucs, "ifragment")).parse(i)
}
