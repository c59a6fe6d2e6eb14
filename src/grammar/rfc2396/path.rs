//! Paths, queries and fragments: Appendix A, rfc2396.txt:1501-1510 (sections 3.3, 3.4, 4.1).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize};
use nom::multi::many0_count;
use nom::sequence::preceded;

use super::chars::{UNRESERVED, uric_table};
use super::uri::{abs_path, opaque_part_in};
use super::{Dialect, Rfc2396};
use crate::input::primitives::{lit, many_esc, one_or_escape, production, separated};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// Path component: section 3.3 (rfc2396.txt:1501-1506)
// =============================================================================================

/// ```text
/// path          = [ abs_path | opaque_part ]
/// ```
/// rfc2396.txt:1501, section 3.3. Matches the empty string.
///
/// `abs_path` starts with `/` and `opaque_part` never does: ordered choice is exact.
pub fn path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    path_in::<Rfc2396>(i)
}

/// `path`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732 (whose `opaque_part` may hold `[` and `]`).
pub(crate) fn path_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path", recognize(opt(alt((abs_path, opaque_part_in::<D>))))).parse(i)
}

/// ```text
/// path_segments = segment *( "/" segment )
/// ```
/// rfc2396.txt:1502, section 3.3. Matches the empty string (one empty segment).
///
/// `segment` derives exactly the strings of `pchar`s and `;`s, so `path_segments` derives
/// exactly the strings of `pchar`s, `;`s and `/`s: the fast pass, which only needs the verdict
/// and the extent, scans that one class. The tree pass follows the production structure, and
/// the diagnosing pass does from the last `/` on (`separated`: they stop at the same byte;
/// the check runs both, so the tests cover both).
pub fn path_segments<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "path_segments",
        separated(&SEGMENT, "/", "path_segments", "escaped", segment),
    )
    .parse(i)
}

/// The characters of `segment` (without `escaped`): `pchar` and `;`.
const SEGMENT: Table = PCHAR.or(Table::chars(";"));

/// The characters of `path_segments` (without `escaped`): `pchar`, `;` and `/`.
pub(super) const PATH_SEGMENTS: Table = PCHAR.or(Table::chars(";/"));

/// ```text
/// segment       = *pchar *( ";" param )
/// ```
/// rfc2396.txt:1503, section 3.3. Matches the empty string.
pub fn segment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "segment",
        recognize((
            many_esc(&PCHAR, "pchar", "escaped"),
            many0_count(preceded(lit(";"), param)),
        )),
    )
    .parse(i)
}

/// ```text
/// param         = *pchar
/// ```
/// rfc2396.txt:1504, section 3.3. Matches the empty string.
pub fn param<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("param", many_esc(&PCHAR, "pchar", "escaped")).parse(i)
}

/// `pchar`, without its `escaped`.
pub const PCHAR: Table = UNRESERVED.or(Table::chars(":@&=+$,"));

/// ```text
/// pchar         = unreserved | escaped |
///                 ":" | "@" | "&" | "=" | "+" | "$" | ","
/// ```
/// rfc2396.txt:1505, section 3.3.
pub fn pchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("pchar", one_or_escape(&PCHAR, "pchar", "escaped")).parse(i)
}

// =============================================================================================
// Query component: section 3.4 (rfc2396.txt:1508)
// =============================================================================================

/// ```text
/// query         = *uric
/// ```
/// rfc2396.txt:1508, section 3.4. Matches the empty string.
pub fn query<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    query_in::<Rfc2396>(i)
}

/// `query`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732 (whose `uric` has `[` and `]`).
#[inline]
pub(crate) fn query_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("query", many_esc(uric_table::<D>(), "uric", "escaped")).parse(i)
}

// =============================================================================================
// Fragment identifier: section 4.1 (rfc2396.txt:1510)
// =============================================================================================

/// ```text
/// fragment      = *uric
/// ```
/// rfc2396.txt:1510, section 4.1. Matches the empty string.
pub fn fragment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    fragment_in::<Rfc2396>(i)
}

/// `fragment`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
#[inline]
pub(crate) fn fragment_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fragment", many_esc(uric_table::<D>(), "uric", "escaped")).parse(i)
}
