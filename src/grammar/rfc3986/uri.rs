//! URIs, references, absolute URIs, relative references and schemes: Appendix A,
//! rfc3986.txt:2697-2715 (sections 3, 4.1 to 4.3 and 3.1).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, opt, recognize};
use nom::sequence::preceded;

use super::authority::authority;
use super::chars::{ALPHA, DIGIT};
use super::path::{
    fragment, path_abempty, path_absolute, path_empty, path_noscheme, path_rootless, query,
};
use crate::input::primitives::{lit, many, one, production};
use crate::input::{Mode, PResult, Span};
use crate::part::Part;
use crate::rfc3986::uri::{Authority, Path, PathKind, UriReference};
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
pub fn uri<'a>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    production(
        "URI",
        map(
            consumed((
                scheme,
                lit(":"),
                hier_part,
                opt(preceded(lit("?"), query)),
                opt(preceded(lit("#"), fragment)),
            )),
            |(text, (scheme, _, hier, query, fragment))| {
                reference(text, Some(scheme), hier, query, fragment)
            },
        ),
    )
    .parse(i)
}

/// The value of a `URI`, `absolute-URI` or `relative-ref` from what its parts matched.
#[inline]
fn reference<'a>(
    text: Span<'a>,
    scheme: Option<Span<'a>>,
    (authority, path): Hier<'a>,
    query: Option<Span<'a>>,
    fragment: Option<Span<'a>>,
) -> UriReference<'a> {
    UriReference {
        text: text.into(),
        scheme: scheme.map(Part::from),
        authority,
        path,
        query: query.map(Part::from),
        fragment: fragment.map(Part::from),
    }
}

/// The authority and the path of a `hier-part` or `relative-part`.
pub(crate) type Hier<'a> = (Option<Authority<'a>>, Path<'a>);

/// `"//" authority path-abempty`, the first alternative of `hier-part` and `relative-part`.
#[inline]
fn net_path<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    map((preceded(lit("//"), authority), path_abempty), |(a, p)| {
        (Some(a), Path::new(p, PathKind::AbEmpty))
    })
    .parse(i)
}

/// A path with no authority before it.
#[inline]
fn alone<'a>(kind: PathKind) -> impl Fn(Span<'a>) -> Hier<'a> {
    move |p| (None, Path::new(p, kind))
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
pub fn hier_part<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(
        "hier-part",
        alt((
            net_path,
            map(path_absolute, alone(PathKind::Absolute)),
            map(path_rootless, alone(PathKind::Rootless)),
            map(path_empty, alone(PathKind::Empty)),
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
///
/// The fast pass reads the same value over byte positions (`fast.rs`); the diagnosing and
/// tree passes follow the structure.
pub fn uri_reference<'a>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    // The fast pass records nothing, so it needs no `production`.
    if i.extra.mode() == Mode::Fast {
        return super::fast::uri_reference(i);
    }
    production("URI-reference", alt((uri, relative_ref))).parse(i)
}

// =============================================================================================
// Absolute URI: section 4.3 (rfc3986.txt:2706)
// =============================================================================================

/// ```text
/// absolute-URI  = scheme ":" hier-part [ "?" query ]
/// ```
/// rfc3986.txt:2706, section 4.3. Its value is a reference with no fragment.
pub fn absolute_uri<'a>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    production(
        "absolute-URI",
        map(
            consumed((scheme, lit(":"), hier_part, opt(preceded(lit("?"), query)))),
            |(text, (scheme, _, hier, query))| reference(text, Some(scheme), hier, query, None),
        ),
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
pub fn relative_ref<'a>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    production(
        "relative-ref",
        map(
            consumed((
                relative_part,
                opt(preceded(lit("?"), query)),
                opt(preceded(lit("#"), fragment)),
            )),
            |(text, (hier, query, fragment))| reference(text, None, hier, query, fragment),
        ),
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
pub fn relative_part<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(
        "relative-part",
        alt((
            net_path,
            map(path_absolute, alone(PathKind::Absolute)),
            map(path_noscheme, alone(PathKind::NoScheme)),
            map(path_empty, alone(PathKind::Empty)),
        )),
    )
    .parse(i)
}

// =============================================================================================
// Scheme: section 3.1 (rfc3986.txt:2715)
// =============================================================================================

/// The characters of a scheme after its first.
pub(crate) const SCHEME: Table = ALPHA.or(DIGIT).or(Table::chars("+-."));

/// ```text
/// scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// ```
/// rfc3986.txt:2715, section 3.1.
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "scheme",
        recognize((one(&ALPHA, "ALPHA"), many(&SCHEME, "scheme"))),
    )
    .parse(i)
}
