//! Paths, segments, queries and fragments: Appendix A, rfc3986.txt:2759-2780 (sections 3.3 to
//! 3.5).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize, success, verify};
use nom::multi::many0_count;
use nom::sequence::{preceded, terminated};

use super::chars::{SUB_DELIMS, UNRESERVED};
use crate::input::primitives::{
    branch, lit, many_esc, many1_esc, next_byte, one_or_escape, production,
};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// Path: section 3.3 (rfc3986.txt:2759-2776)
// =============================================================================================

/// ```text
/// path          = path-abempty    ; begins with "/" or is empty
///               / path-absolute   ; begins with "/" but not "//"
///               / path-noscheme   ; begins with a non-colon segment
///               / path-rootless   ; begins with a segment
///               / path-empty      ; zero characters
/// ```
/// rfc3986.txt:2759, section 3.3. Matches the empty string. No other production names it.
///
/// Rewrite: `path-abempty` matches the empty string, so taken first it would end every path
/// that does not begin with `/` before it starts. The alternatives overlap: `path-absolute`
/// is part of `path-abempty`, `path-noscheme` of `path-rootless`, and the empty string is
/// both `path-abempty` and `path-empty`. So: `path-absolute` where it takes as much as
/// `path-abempty` (no `//` at the start); else `path-abempty` when it takes something (it
/// begins with `/`); `path-noscheme` where it takes as much as `path-rootless` (no `:` ends
/// its first segment); else `path-rootless` (it begins with a `pchar`, never `/`); else
/// `path-empty`. Each string is read by the alternative its comment names, and the language is
/// the union of the five.
pub fn path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "path",
        alt((
            branch(absolute_whole),
            branch(verify(path_abempty, |p: &Span<'a>| {
                !p.fragment().is_empty()
            })),
            branch(terminated(
                path_noscheme,
                verify(next_byte(), |&b| b != Some(b':')),
            )),
            path_rootless,
            path_empty,
        )),
    )
    .parse(i)
}

/// A `path-absolute` that `path-abempty` could not extend: no `/` follows it (it stops at a
/// second `/` only when the path begins with `//`).
fn absolute_whole<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    terminated(path_absolute, verify(next_byte(), |&b| b != Some(b'/'))).parse(i)
}

/// ```text
/// path-abempty  = *( "/" segment )
/// ```
/// rfc3986.txt:2765, section 3.3. Matches the empty string.
pub fn path_abempty<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "path-abempty",
        recognize(many0_count(preceded(lit("/"), segment))),
    )
    .parse(i)
}

/// ```text
/// path-absolute = "/" [ segment-nz *( "/" segment ) ]
/// ```
/// rfc3986.txt:2766, section 3.3.
pub fn path_absolute<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "path-absolute",
        recognize((lit("/"), opt((segment_nz, slash_segments)))),
    )
    .parse(i)
}

/// `*( "/" segment )`, the end of `path-absolute`, `path-noscheme` and `path-rootless`.
fn slash_segments<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize(many0_count(preceded(lit("/"), segment))).parse(i)
}

/// ```text
/// path-noscheme = segment-nz-nc *( "/" segment )
/// ```
/// rfc3986.txt:2767, section 3.3.
pub fn path_noscheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path-noscheme", recognize((segment_nz_nc, slash_segments))).parse(i)
}

/// ```text
/// path-rootless = segment-nz *( "/" segment )
/// ```
/// rfc3986.txt:2768, section 3.3.
pub fn path_rootless<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path-rootless", recognize((segment_nz, slash_segments))).parse(i)
}

/// ```text
/// path-empty    = 0<pchar>
/// ```
/// rfc3986.txt:2769, section 3.3. Matches only the empty string: zero repetitions of
/// anything (the prose value `<pchar>` is read as the rule; erratum 2033 writes `""`).
pub fn path_empty<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path-empty", recognize(success(()))).parse(i)
}

/// ```text
/// segment       = *pchar
/// ```
/// rfc3986.txt:2771, section 3.3. Matches the empty string.
pub fn segment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("segment", many_esc(&PCHAR, "pchar", "pct-encoded")).parse(i)
}

/// ```text
/// segment-nz    = 1*pchar
/// ```
/// rfc3986.txt:2772, section 3.3.
pub fn segment_nz<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("segment-nz", many1_esc(&PCHAR, "pchar", "pct-encoded")).parse(i)
}

/// `segment-nz-nc`, without its `pct-encoded`: `pchar` but `:`.
pub const SEGMENT_NZ_NC: Table = UNRESERVED.or(SUB_DELIMS).or(Table::chars("@"));

/// ```text
/// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
///               ; non-zero-length segment without any colon ":"
/// ```
/// rfc3986.txt:2773, section 3.3.
pub fn segment_nz_nc<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "segment-nz-nc",
        many1_esc(&SEGMENT_NZ_NC, "segment-nz-nc", "pct-encoded"),
    )
    .parse(i)
}

/// `pchar`, without its `pct-encoded`.
pub const PCHAR: Table = SEGMENT_NZ_NC.or(Table::chars(":"));

/// ```text
/// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
/// ```
/// rfc3986.txt:2776, section 3.3.
pub fn pchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("pchar", one_or_escape(&PCHAR, "pchar", "pct-encoded")).parse(i)
}

// =============================================================================================
// Query and fragment: sections 3.4 and 3.5 (rfc3986.txt:2778-2780)
// =============================================================================================

/// The characters of `query` and `fragment`, without `pct-encoded`.
pub const QUERY: Table = PCHAR.or(Table::chars("/?"));

/// ```text
/// query         = *( pchar / "/" / "?" )
/// ```
/// rfc3986.txt:2778, section 3.4. Matches the empty string.
pub fn query<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("query", many_esc(&QUERY, "query", "pct-encoded")).parse(i)
}

/// ```text
/// fragment      = *( pchar / "/" / "?" )
/// ```
/// rfc3986.txt:2780, section 3.5. Matches the empty string.
pub fn fragment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fragment", many_esc(&QUERY, "fragment", "pct-encoded")).parse(i)
}
