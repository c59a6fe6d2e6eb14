//! URI references, absolute and relative URIs, schemes: Appendix A, rfc2396.txt:1465-1482.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, opt, recognize};
use nom::sequence::{preceded, separated_pair};

use super::authority::authority_in;
use super::chars::{ALPHA, DIGIT, UNRESERVED, uric_table};
use super::path::{fragment_in, path_segments, query_in};
use super::{Dialect, Rfc2396};
use crate::input::primitives::{lit, many, many_esc, many1_esc, one, one_or_escape, production};
use crate::input::{Mode, PResult, Span};
use crate::part::Part;
use crate::rfc2396::uri::{Authority, Hier, Path, PathKind, UriReference};
use crate::shared::HostKind;
use crate::table::Table;

// =============================================================================================
// URI references and absolute/relative URIs: sections 3 and 4 (rfc2396.txt:1465-1480)
// =============================================================================================

/// ```text
/// URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
/// ```
/// rfc2396.txt:1465, section 4. Matches the empty string.
///
/// Ordered choice is exact here: when `absoluteURI` matches, its `scheme ":"` puts a `:` where
/// `relativeURI` must stop (`rel_segment` has no `:`, and `net_path`/`abs_path` start with a
/// `/`, which no scheme does), so `relativeURI` could only match a shorter prefix, followed by
/// that `:`, which `[ "#" fragment ]` cannot take.
///
/// The fast pass reads the same components without the intermediate productions (see
/// `fast.rs`); the diagnosing and tree passes follow the structure below.
#[inline]
pub fn uri_reference<'a>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    uri_reference_in::<Rfc2396>(i)
}

/// `URI-reference`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) as RFC 2732 amends it. RFC 2732's runs the
/// structured pass in every mode.
#[inline]
pub(crate) fn uri_reference_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    // The fast pass records nothing, so it needs no `production`.
    if i.extra.mode() == Mode::Fast {
        if !D::IPV6 {
            return super::fast::uri_reference(i);
        }
        // RFC 2396's language is part of RFC 2732's (which adds brackets and only restricts
        // `IPv4address`, whose longer parts a `reg_name` takes instead), with the same value
        // but for such a host: a whole input that RFC 2396's fast pass reads with no
        // `IPv4address` part over three digits is read the same under RFC 2732.
        if let Ok((rest, u)) = super::fast::uri_reference(i)
            && rest.fragment().is_empty()
            && !u.host().is_some_and(|h| {
                h.kind() == HostKind::Ipv4 && h.as_str().split('.').any(|p| p.len() > 3)
            })
        {
            return Ok((rest, u));
        }
    }
    production(
        "URI-reference",
        map(
            consumed((
                alt((
                    map(absolute_uri_in::<D>, |(s, h)| Some((Some(s), h))),
                    opt(map(relative_uri_in::<D>, |h| (None, h))),
                )),
                opt(preceded(lit("#"), fragment_in::<D>)),
            )),
            |(text, (body, frag))| {
                // Without an absolute or relative part, the empty path stands where the
                // reference starts, before any fragment.
                let body = body.unwrap_or_else(|| (None, empty_hier(&text)));
                UriReference {
                    text: text.into(),
                    scheme: body.0,
                    hier: body.1,
                    fragment: frag.map(Part::from),
                }
            },
        ),
    )
    .parse(i)
}

/// The parts of an absolute URI whose scheme-specific part is an `opaque_part`.
#[inline]
fn opaque_hier(p: Span<'_>) -> Hier<'_> {
    Hier {
        authority: None,
        path: Path {
            text: p.into(),
            kind: PathKind::Opaque,
        },
        query: None,
    }
}

#[inline]
fn empty_hier<'a>(at: &Span<'a>) -> Hier<'a> {
    Hier {
        authority: None,
        path: Path {
            text: Part::new("", at.location_offset()),
            kind: PathKind::Empty,
        },
        query: None,
    }
}

/// ```text
/// absoluteURI   = scheme ":" ( hier_part | opaque_part )
/// ```
/// rfc2396.txt:1466, section 3. Gives the scheme and the rest.
///
/// `hier_part` starts with `/` and `opaque_part` never does, so at most one alternative can
/// match and ordered choice is exact.
pub fn absolute_uri<'a>(i: Span<'a>) -> PResult<'a, (Part<'a>, Hier<'a>)> {
    absolute_uri_in::<Rfc2396>(i)
}

/// `absoluteURI`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn absolute_uri_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, (Part<'a>, Hier<'a>)> {
    production(
        "absoluteURI",
        map(
            separated_pair(
                scheme,
                lit(":"),
                alt((hier_part_in::<D>, map(opaque_part_in::<D>, opaque_hier))),
            ),
            |(s, hier)| (s.into(), hier),
        ),
    )
    .parse(i)
}

/// ```text
/// relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
/// ```
/// rfc2396.txt:1467, section 5.
///
/// `net_path` and `abs_path` both start with `/` (and `//x` is both); `net_path` goes first and
/// covers exactly what `abs_path` would, because an authority is any run of `reg_name`
/// characters, which are `pchar`s and `;`. `rel_path` never starts with `/`.
pub fn relative_uri<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    relative_uri_in::<Rfc2396>(i)
}

/// `relativeURI`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn relative_uri_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(
        "relativeURI",
        map(
            (
                alt((
                    net_or_abs_path::<D>,
                    map(rel_path, |p| {
                        let path = Path {
                            text: p.into(),
                            kind: PathKind::Relative,
                        };
                        (None, path)
                    }),
                )),
                opt_query::<D>,
            ),
            |((authority, path), query)| Hier {
                authority,
                path,
                query,
            },
        ),
    )
    .parse(i)
}

/// ```text
/// hier_part     = ( net_path | abs_path ) [ "?" query ]
/// ```
/// rfc2396.txt:1469, section 3. See [`relative_uri`] for why `net_path` first is exact.
pub fn hier_part<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    hier_part_in::<Rfc2396>(i)
}

/// `hier_part`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn hier_part_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(
        "hier_part",
        map(
            (net_or_abs_path::<D>, opt_query::<D>),
            |((authority, path), query)| Hier {
                authority,
                path,
                query,
            },
        ),
    )
    .parse(i)
}

/// `( net_path | abs_path )`, the shared head of `hier_part` and `relativeURI`. A `net_path`
/// without an `abs_path` has the empty path, where its authority ends.
#[inline]
fn net_or_abs_path<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, (Option<Authority<'a>>, Path<'a>)> {
    alt((
        map(consumed(net_path_in::<D>), |(net, (a, p))| {
            let path = match p {
                Some(p) => Path {
                    text: p.into(),
                    kind: PathKind::Absolute,
                },
                None => Path {
                    text: Part::new("", net.location_offset() + net.fragment().len()),
                    kind: PathKind::Empty,
                },
            };
            (Some(a), path)
        }),
        map(abs_path, |p| {
            let path = Path {
                text: p.into(),
                kind: PathKind::Absolute,
            };
            (None, path)
        }),
    ))
    .parse(i)
}

/// `[ "?" query ]`.
#[inline]
fn opt_query<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Option<Part<'a>>> {
    map(opt(preceded(lit("?"), query_in::<D>)), |q| {
        q.map(Part::from)
    })
    .parse(i)
}

/// ```text
/// opaque_part   = uric_no_slash *uric
/// ```
/// rfc2396.txt:1470, section 3.
pub fn opaque_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    opaque_part_in::<Rfc2396>(i)
}

/// `opaque_part`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732 (whose `uric` has `[` and `]`).
pub(crate) fn opaque_part_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "opaque_part",
        recognize((
            uric_no_slash,
            many_esc(uric_table::<D>(), "uric", "escaped"),
        )),
    )
    .parse(i)
}

/// `uric_no_slash`, without its `escaped`.
pub const URIC_NO_SLASH: Table = UNRESERVED.or(Table::chars(";?:@&=+$,"));

/// ```text
/// uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
///                 "&" | "=" | "+" | "$" | ","
/// ```
/// rfc2396.txt:1472, section 3.
pub fn uric_no_slash<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "uric_no_slash",
        one_or_escape(&URIC_NO_SLASH, "uric_no_slash", "escaped"),
    )
    .parse(i)
}

/// ```text
/// net_path      = "//" authority [ abs_path ]
/// ```
/// rfc2396.txt:1475, section 3.
pub fn net_path<'a>(i: Span<'a>) -> PResult<'a, (Authority<'a>, Option<Span<'a>>)> {
    net_path_in::<Rfc2396>(i)
}

/// `net_path`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn net_path_in<'a, D: Dialect>(
    i: Span<'a>,
) -> PResult<'a, (Authority<'a>, Option<Span<'a>>)> {
    production(
        "net_path",
        preceded(lit("//"), (authority_in::<D>, opt(abs_path))),
    )
    .parse(i)
}

/// ```text
/// abs_path      = "/"  path_segments
/// ```
/// rfc2396.txt:1476, section 3.
pub fn abs_path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("abs_path", recognize((lit("/"), path_segments))).parse(i)
}

/// ```text
/// rel_path      = rel_segment [ abs_path ]
/// ```
/// rfc2396.txt:1477, section 5.
pub fn rel_path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("rel_path", recognize((rel_segment, opt(abs_path)))).parse(i)
}

/// `rel_segment`, without its `escaped`.
pub const REL_SEGMENT: Table = UNRESERVED.or(Table::chars(";@&=+$,"));

/// ```text
/// rel_segment   = 1*( unreserved | escaped |
///                     ";" | "@" | "&" | "=" | "+" | "$" | "," )
/// ```
/// rfc2396.txt:1479, section 5.
pub fn rel_segment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "rel_segment",
        many1_esc(&REL_SEGMENT, "rel_segment", "escaped"),
    )
    .parse(i)
}

// =============================================================================================
// Scheme: section 3.1 (rfc2396.txt:1482)
// =============================================================================================

/// The characters after the first of a scheme.
pub const SCHEME_REST: Table = ALPHA.or(DIGIT).or(Table::chars("+-."));

/// ```text
/// scheme        = alpha *( alpha | digit | "+" | "-" | "." )
/// ```
/// rfc2396.txt:1482, section 3.1.
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "scheme",
        recognize((one(&ALPHA, "alpha"), many(&SCHEME_REST, "scheme"))),
    )
    .parse(i)
}
