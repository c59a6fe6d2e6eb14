//! URI references, absolute and relative URIs, schemes: Appendix A, rfc2396.txt:1465-1482.

use nom::Err;

use super::authority::authority_in;
use super::chars::{ALPHA, DIGIT, UNRESERVED, uric_table};
use super::path::{fragment_in, path_segments, query_in};
use crate::input::one_or_escape;
use crate::input::{
    Mode, PResult, Span, lit, many, many_esc, many1_esc, maybe, one, production, recognized,
};
use crate::part::Part;
use crate::rfc2396::{Authority, Hier, HostKind, Path, PathKind, UriReference};
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
    uri_reference_in::<false>(i)
}

/// `URI-reference`, of RFC 2396 or (`V6`) as RFC 2732 amends it. RFC 2732's runs the
/// structured pass in every mode.
#[inline]
pub(crate) fn uri_reference_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, UriReference<'a>> {
    production(i, "URI-reference", |i| {
        if i.extra.mode() == Mode::Fast {
            if !V6 {
                return super::fast::uri_reference(i);
            }
            // RFC 2396's language is part of RFC 2732's (which adds brackets and only
            // restricts `IPv4address`, whose longer parts a `reg_name` takes instead), with the
            // same value but for such a host: a whole input that RFC 2396's fast pass reads
            // with no `IPv4address` part over three digits is read the same under RFC 2732.
            if let Ok((rest, u)) = super::fast::uri_reference(i)
                && rest.fragment().is_empty()
                && !u.host().is_some_and(|h| {
                    h.kind() == HostKind::Ipv4Address && h.as_str().split('.').any(|p| p.len() > 3)
                })
            {
                return Ok((rest, u));
            }
        }
        let start = i;
        let (i, body) = match absolute_uri_in::<V6>(i) {
            Ok((rest, (scheme, hier))) => (rest, Some((Some(scheme), hier))),
            Err(Err::Error(_)) => {
                let (rest, r) = maybe(i, relative_uri_in::<V6>)?;
                (rest, r.map(|h| (None, h)))
            }
            Err(e) => return Err(e),
        };
        // Without an absolute or relative part, the empty path stands where the reference
        // starts, before any fragment.
        let (scheme, hier) = body.unwrap_or_else(|| (None, empty_hier(&i)));
        let (i, frag) = maybe(i, |i| {
            let (i, _) = lit(i, "#")?;
            fragment_in::<V6>(i)
        })?;
        let consumed = start.fragment().len() - i.fragment().len();
        let text = Part::new(&start.fragment()[..consumed], start.location_offset());
        Ok((
            i,
            UriReference {
                text,
                scheme,
                hier,
                fragment: frag.map(Part::from),
            },
        ))
    })
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
    absolute_uri_in::<false>(i)
}

/// `absoluteURI`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn absolute_uri_in<'a, const V6: bool>(
    i: Span<'a>,
) -> PResult<'a, (Part<'a>, Hier<'a>)> {
    production(i, "absoluteURI", |i| {
        let (i, s) = scheme(i)?;
        let (i, _) = lit(i, ":")?;
        let (i, hier) = match hier_part_in::<V6>(i) {
            Err(Err::Error(_)) => {
                let (rest, p) = opaque_part_in::<V6>(i)?;
                (rest, opaque_hier(p))
            }
            other => other?,
        };
        Ok((i, (s.into(), hier)))
    })
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
    relative_uri_in::<false>(i)
}

/// `relativeURI`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn relative_uri_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(i, "relativeURI", |i| {
        let (i, (authority, path)) = match net_or_abs_path::<V6>(i) {
            Err(Err::Error(_)) => {
                let (rest, p) = rel_path(i)?;
                (
                    rest,
                    (
                        None,
                        Path {
                            text: p.into(),
                            kind: PathKind::Relative,
                        },
                    ),
                )
            }
            other => other?,
        };
        let (i, q) = opt_query::<V6>(i)?;
        Ok((
            i,
            Hier {
                authority,
                path,
                query: q,
            },
        ))
    })
}

/// ```text
/// hier_part     = ( net_path | abs_path ) [ "?" query ]
/// ```
/// rfc2396.txt:1469, section 3. See [`relative_uri`] for why `net_path` first is exact.
pub fn hier_part<'a>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    hier_part_in::<false>(i)
}

/// `hier_part`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn hier_part_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Hier<'a>> {
    production(i, "hier_part", |i| {
        let (i, (authority, path)) = net_or_abs_path::<V6>(i)?;
        let (i, q) = opt_query::<V6>(i)?;
        Ok((
            i,
            Hier {
                authority,
                path,
                query: q,
            },
        ))
    })
}

/// `( net_path | abs_path )`, the shared head of `hier_part` and `relativeURI`.
#[inline]
fn net_or_abs_path<'a, const V6: bool>(
    i: Span<'a>,
) -> PResult<'a, (Option<Authority<'a>>, Path<'a>)> {
    match net_path_in::<V6>(i) {
        Ok((rest, (a, p))) => {
            let path = match p {
                Some(p) => Path {
                    text: p.into(),
                    kind: PathKind::Absolute,
                },
                None => Path {
                    text: Part::new("", rest.location_offset()),
                    kind: PathKind::Empty,
                },
            };
            Ok((rest, (Some(a), path)))
        }
        Err(Err::Error(_)) => {
            let (rest, p) = abs_path(i)?;
            Ok((
                rest,
                (
                    None,
                    Path {
                        text: p.into(),
                        kind: PathKind::Absolute,
                    },
                ),
            ))
        }
        Err(e) => Err(e),
    }
}

/// `[ "?" query ]`.
#[inline]
fn opt_query<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Option<Part<'a>>> {
    let (i, q) = maybe(i, |i| {
        let (i, _) = lit(i, "?")?;
        query_in::<V6>(i)
    })?;
    Ok((i, q.map(Part::from)))
}

/// ```text
/// opaque_part   = uric_no_slash *uric
/// ```
/// rfc2396.txt:1470, section 3.
pub fn opaque_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    opaque_part_in::<false>(i)
}

/// `opaque_part`, of RFC 2396 or (`V6`) RFC 2732 (whose `uric` has `[` and `]`).
pub(crate) fn opaque_part_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "opaque_part", |i| {
        let (rest, _) = uric_no_slash(i)?;
        let (rest, _) = many_esc(rest, uric_table::<V6>(), "uric", "escaped")?;
        Ok(recognized(i, rest))
    })
}

/// `uric_no_slash`, without its `escaped`.
pub const URIC_NO_SLASH: Table = UNRESERVED.or(Table::chars(";?:@&=+$,"));

/// ```text
/// uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
///                 "&" | "=" | "+" | "$" | ","
/// ```
/// rfc2396.txt:1472, section 3.
pub fn uric_no_slash<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "uric_no_slash", |i| {
        one_or_escape(i, URIC_NO_SLASH, "uric_no_slash", "escaped")
    })
}

/// ```text
/// net_path      = "//" authority [ abs_path ]
/// ```
/// rfc2396.txt:1475, section 3.
pub fn net_path<'a>(i: Span<'a>) -> PResult<'a, (Authority<'a>, Option<Span<'a>>)> {
    net_path_in::<false>(i)
}

/// `net_path`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn net_path_in<'a, const V6: bool>(
    i: Span<'a>,
) -> PResult<'a, (Authority<'a>, Option<Span<'a>>)> {
    production(i, "net_path", |i| {
        let (i, _) = lit(i, "//")?;
        let (i, a) = authority_in::<V6>(i)?;
        let (i, p) = maybe(i, abs_path)?;
        Ok((i, (a, p)))
    })
}

/// ```text
/// abs_path      = "/"  path_segments
/// ```
/// rfc2396.txt:1476, section 3.
pub fn abs_path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "abs_path", |i| {
        let (rest, _) = lit(i, "/")?;
        let (rest, _) = path_segments(rest)?;
        Ok(recognized(i, rest))
    })
}

/// ```text
/// rel_path      = rel_segment [ abs_path ]
/// ```
/// rfc2396.txt:1477, section 5.
pub fn rel_path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "rel_path", |i| {
        let (rest, _) = rel_segment(i)?;
        let (rest, _) = maybe(rest, abs_path)?;
        Ok(recognized(i, rest))
    })
}

/// `rel_segment`, without its `escaped`.
pub const REL_SEGMENT: Table = UNRESERVED.or(Table::chars(";@&=+$,"));

/// ```text
/// rel_segment   = 1*( unreserved | escaped |
///                     ";" | "@" | "&" | "=" | "+" | "$" | "," )
/// ```
/// rfc2396.txt:1479, section 5.
pub fn rel_segment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "rel_segment", |i| {
        many1_esc(i, REL_SEGMENT, "rel_segment", "escaped")
    })
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
    production(i, "scheme", |i| {
        let (rest, _) = one(i, ALPHA, "alpha")?;
        let (rest, _) = many(rest, SCHEME_REST, "scheme")?;
        Ok(recognized(i, rest))
    })
}
