//! URIs, references, absolute URIs, relative references and schemes: Appendix A,
//! rfc3986.txt:2697-2715 (sections 3, 4.1 to 4.3 and 3.1).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;

use super::authority::authority;
use super::chars::{ALPHA, DIGIT};
use super::path::{
    fragment, path_abempty, path_absolute, path_empty, path_noscheme, path_rootless, query,
};
use crate::input::primitives::{lit, many, one, production};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// URI: section 3 (rfc3986.txt:2697-2702)
// =============================================================================================

/// ```text
/// URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
/// ```
/// rfc3986.txt:2697, section 3.
///
/// `hier-part` stops before `?`, `#` and the end (it holds none of them), and `query` before
/// `#` and the end, so each part's longest match is the one the rest needs.
pub fn uri<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "URI",
        recognize((
            scheme,
            lit(":"),
            hier_part,
            opt(preceded(lit("?"), query)),
            opt(preceded(lit("#"), fragment)),
        )),
    )
    .parse(i)
}

/// ```text
/// hier-part     = "//" authority path-abempty
///               / path-absolute
///               / path-rootless
///               / path-empty
/// ```
/// rfc3986.txt:2699, section 3. Matches the empty string (`path-empty`).
///
/// Ordered choice is exact: the alternatives start with `//`, `/` and a `pchar` (no `/`), or
/// are empty, and where the first matches, `path-absolute` could only take its `/`.
pub fn hier_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hier-part",
        alt((
            recognize((lit("//"), authority, path_abempty)),
            path_absolute,
            path_rootless,
            path_empty,
        )),
    )
    .parse(i)
}

// =============================================================================================
// URI references: section 4.1 (rfc3986.txt:2704)
// =============================================================================================

/// ```text
/// URI-reference = URI / relative-ref
/// ```
/// rfc3986.txt:2704, section 4.1. Matches the empty string (a `relative-ref`).
///
/// Ordered choice is exact: `URI` succeeds whenever the input starts with `scheme ":"`, and
/// then `relative-ref` can only match a shorter prefix (its first segment, `segment-nz-nc`,
/// stops at that `:`, and a scheme starts with a letter, not with a `/`).
pub fn uri_reference<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("URI-reference", alt((uri, relative_ref))).parse(i)
}

// =============================================================================================
// Absolute URI: section 4.3 (rfc3986.txt:2706)
// =============================================================================================

/// ```text
/// absolute-URI  = scheme ":" hier-part [ "?" query ]
/// ```
/// rfc3986.txt:2706, section 4.3.
pub fn absolute_uri<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "absolute-URI",
        recognize((scheme, lit(":"), hier_part, opt(preceded(lit("?"), query)))),
    )
    .parse(i)
}

// =============================================================================================
// Relative reference: section 4.2 (rfc3986.txt:2708-2713)
// =============================================================================================

/// ```text
/// relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
/// ```
/// rfc3986.txt:2708, section 4.2. Matches the empty string.
pub fn relative_ref<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "relative-ref",
        recognize((
            relative_part,
            opt(preceded(lit("?"), query)),
            opt(preceded(lit("#"), fragment)),
        )),
    )
    .parse(i)
}

/// ```text
/// relative-part = "//" authority path-abempty
///               / path-absolute
///               / path-noscheme
///               / path-empty
/// ```
/// rfc3986.txt:2710, section 4.2. Matches the empty string (`path-empty`).
///
/// Ordered choice is exact, as in [`hier_part`]: `path-noscheme` starts with a character of
/// `segment-nz-nc`, which is no `/`.
pub fn relative_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "relative-part",
        alt((
            recognize((lit("//"), authority, path_abempty)),
            path_absolute,
            path_noscheme,
            path_empty,
        )),
    )
    .parse(i)
}

// =============================================================================================
// Scheme: section 3.1 (rfc3986.txt:2715)
// =============================================================================================

/// The characters of a scheme after its first.
const SCHEME: Table = ALPHA.or(DIGIT).or(Table::chars("+-."));

/// ```text
/// scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// ```
/// rfc3986.txt:2715, section 3.1.
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "scheme",
        recognize((one(ALPHA, "ALPHA"), many(SCHEME, "scheme"))),
    )
    .parse(i)
}
