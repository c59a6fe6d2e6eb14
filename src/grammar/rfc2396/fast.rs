//! The fast pass of `URI-reference` and `authority`: the same languages, extents and typed
//! values as the structured functions, computed over the bytes of the input.
//!
//! The structured pass moves a span (the text, its offset, its line and the tracker handle) in
//! and out of every production, and a typed value out of each; on short inputs that traffic,
//! not the scanning, was most of the time. Here each component of the reference is one small
//! function from a byte position to the position where its production stops, and the typed
//! value is built once, at the end, from those positions. Every function names the
//! productions it reads, with the same rewrites the structured functions document:
//!
//! - `path_segments` is a run of `pchar`, `;` and `/` ([`super::path_segments`]);
//! - `authority` is the longest run of `reg_name` characters, a `server` when that whole run
//!   is one ([`super::authority()`]);
//! - `hostname` and `IPv4address` are tested for whole membership
//!   ([`crate::grammar::labels::is_hostname`], [`is_ipv4address`]); for the typed value, a
//!   host's labels are tested in the same pass that finds its end where the masks can be read
//!   ([`crate::grammar::labels::host_run`]).
//!
//! A `%` that does not start an escape stops the parse with nom's `Err::Failure`, as `cut`
//! does in [`crate::input::many_esc`]. `src/grammar/passes/fast_path.rs` holds this pass to the structured
//! one (verdict, extent and typed value) on the case files, the example URLs and all their
//! prefixes, and generated members and mutations; the `fast_path` fuzz target does the same on
//! arbitrary input; the differential tests hold both passes to the spec text.

use super::authority::LABELS;
use super::chars::ALPHA;
use super::uri::URIC_NO_SLASH;
use crate::grammar::common::{BadEscape, Text, finish, run, scheme};
use crate::grammar::labels;
use crate::input::{PResult, Span, escape_end};
use crate::part::Part;
use crate::rfc2396::uri::{Authority, Hier, Host, Path, PathKind, Server, UriReference};
use crate::shared::HostKind;
use crate::table::{Table, Wide};

// The tables this pass scans runs of, with their nibble form for the vector scans.
const PATH_SEGMENTS: Wide = super::path::PATH_SEGMENTS.wide();
const URIC: Wide = super::chars::URIC.wide();
const REG_NAME: Wide = super::authority::REG_NAME.wide();
const DIGIT: Wide = super::chars::DIGIT.wide();
const REL_SEGMENT: Wide = super::uri::REL_SEGMENT.wide();

/// `( net_path | abs_path ) [ "?" query ]` at `n`, where `b[n]` is `/`.
#[inline(always)]
fn hier<'a, const TYPED: bool>(t: Text<'a>, n: usize) -> Result<(usize, Hier<'a>), BadEscape> {
    let b = t.bytes();
    let (n, authority, path) = if b.get(n + 1) == Some(&b'/') {
        // net_path = "//" authority [ abs_path ]
        let (n, a) = authority::<TYPED>(t, n + 2)?;
        if b.get(n) == Some(&b'/') {
            let e = abs_path(b, n)?;
            (e, Some(a), t.part(n, e))
        } else {
            (n, Some(a), t.part(n, n))
        }
    } else {
        let e = abs_path(b, n)?;
        (e, None, t.part(n, e))
    };
    let kind = if path.is_empty() {
        PathKind::Empty
    } else {
        PathKind::Absolute
    };
    let (n, query) = opt_query(t, n)?;
    Ok((
        n,
        Hier {
            authority,
            path: Path { text: path, kind },
            query,
        },
    ))
}

/// `abs_path = "/" path_segments` at `n`, where `b[n]` is `/`.
#[inline(always)]
fn abs_path(b: &[u8], n: usize) -> Result<usize, BadEscape> {
    run(b, n + 1, &PATH_SEGMENTS)
}

/// `[ "?" query ]` at `n`, with `query = *uric`.
#[inline(always)]
fn opt_query<'a>(t: Text<'a>, n: usize) -> Result<(usize, Option<Part<'a>>), BadEscape> {
    if t.bytes().get(n) == Some(&b'?') {
        let e = run(t.bytes(), n + 1, &URIC)?;
        Ok((e, Some(t.part(n + 1, e))))
    } else {
        Ok((n, None))
    }
}

/// `opaque_part = uric_no_slash *uric` at `n`: its end, or `None` when `uric_no_slash` fails.
#[inline(always)]
fn opaque_part(b: &[u8], n: usize) -> Result<Option<usize>, BadEscape> {
    let first = match b.get(n) {
        Some(&c) if URIC_NO_SLASH.contains(c) => n + 1,
        Some(b'%') => escape_end(b, n).map_err(|_| BadEscape)?,
        _ => return Ok(None),
    };
    run(b, first, &URIC).map(Some)
}

/// `rel_path = rel_segment [ abs_path ]` at the start: its end, or `None` when `rel_segment`
/// (`1*( ... )`) fails.
#[inline(always)]
fn rel_path(b: &[u8]) -> Result<Option<usize>, BadEscape> {
    let n = run(b, 0, &REL_SEGMENT)?;
    if n == 0 {
        return Ok(None);
    }
    if b.get(n) == Some(&b'/') {
        abs_path(b, n).map(Some)
    } else {
        Ok(Some(n))
    }
}

/// `authority` at `n` (see [`super::authority()`]): its end and its value.
#[inline(always)]
fn authority<'a, const TYPED: bool>(
    t: Text<'a>,
    n: usize,
) -> Result<(usize, Authority<'a>), BadEscape> {
    let b = t.bytes();
    // Most authorities are a host name or address, perhaps with a port: the characters of
    // labels and dots, then perhaps `:` and digits. When the `reg_name` run ends there, that
    // is the whole authority, with no `@`; otherwise the run goes on and is searched.
    let ends_run = |k: usize| !b.get(k).is_some_and(|&c| REG_NAME.contains(c) || c == b'%');
    // For the typed value, the host's labels are tested in the same pass that finds where
    // its characters end ([`labels::host_run`]), where the run is short enough.
    let fused = if TYPED {
        labels::host_run(b, n, LABELS)
    } else {
        None
    };
    let h = match fused {
        Some((k, _)) => n + k,
        None => HOST_CHARS.run_end(b, n),
    };
    let hostname = fused.map(|(_, hostname)| hostname);
    let p = if b.get(h) == Some(&b':') {
        DIGIT.run_end(b, h + 1)
    } else {
        h
    };
    let (e, at, colon) = if ends_run(p) {
        (p, None, (p != h).then_some(h - n))
    } else {
        let e = run(b, h, &REG_NAME)?;
        let run = &b[n..e];
        // `userinfo "@"` ends at the first `@` (`userinfo` holds none); `host` holds no `:`,
        // so the port starts after the first `:` after that.
        let at = run.iter().position(|&c| c == b'@');
        let hp = at.map_or(0, |k| k + 1);
        (
            e,
            at,
            run[hp..].iter().position(|&c| c == b':').map(|k| hp + k),
        )
    };
    let run = &b[n..e];
    let hp = at.map_or(0, |k| k + 1);
    let host_end = colon.unwrap_or(run.len());
    let port_ok = colon.is_none_or(|c| run[c + 1..].iter().all(|&d| DIGIT.contains(d)));
    let host = &run[hp..host_end];
    let kind = if run.is_empty() {
        // The empty server.
        return Ok((
            e,
            Authority::Server(Server {
                text: t.part(n, n),
                userinfo: None,
                host: None,
                port: None,
            }),
        ));
    } else if !port_ok || !TYPED {
        // Without its value (a check), a `server` and a `reg_name` of the same extent are
        // alike: the host is not classified.
        None
    } else if match hostname {
        // The same bytes as those the run's masks tested.
        Some(hostname) if hp == 0 && n + host_end == h => hostname,
        _ => labels::is_hostname(host, LABELS),
    } {
        Some(HostKind::Hostname)
    } else if is_ipv4address(host) {
        Some(HostKind::Ipv4)
    } else {
        None
    };
    let a = match kind {
        Some(kind) => Authority::Server(Server {
            text: t.part(n, e),
            userinfo: at.map(|k| t.part(n, n + k)),
            host: Some(Host {
                text: t.part(n + hp, n + host_end),
                kind,
            }),
            port: colon.map(|c| t.part(n + c + 1, e)),
        }),
        None => Authority::RegName(t.part(n, e)),
    };
    Ok((e, a))
}

/// The characters of `hostname` and `IPv4address`: letters, digits, `-` and `.`.
const HOST_CHARS: Wide = ALPHA.or(super::chars::DIGIT).or(Table::chars("-.")).wide();

/// Whether all of `h` is an `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
#[inline(always)]
fn is_ipv4address(h: &[u8]) -> bool {
    let mut dots = 0;
    let mut digits = 0;
    for &c in h {
        if DIGIT.contains(c) {
            digits += 1;
        } else if c == b'.' && digits > 0 && dots < 3 {
            dots += 1;
            digits = 0;
        } else {
            return false;
        }
    }
    dots == 3 && digits > 0
}

/// The fast pass of [`super::uri_reference`].
///
/// `scheme ":"` starts an absolute URI; after it `/` starts a `hier_part`, anything else an
/// `opaque_part`. When that reading fails (no `opaque_part` after the `:`), the relative one
/// is tried from the start, as the ordered choice of the structured pass does: `/` starts a
/// `net_path` or an `abs_path`, anything else a `rel_path`. Then `[ "#" fragment ]`.
#[inline]
pub(super) fn uri_reference(i: Span<'_>) -> PResult<'_, UriReference<'_>> {
    finish(i, uri_reference_at::<true>(Text::of(&i)))
}

/// `s` as a whole `URI-reference` (offsets from 0): what [`crate::rfc2396::UriReference::parse`] runs
/// first, without the span and the nom result around it.
#[inline]
pub(crate) fn whole_uri_reference(s: &str) -> Option<UriReference<'_>> {
    match uri_reference_at::<true>(Text::whole(s)) {
        Ok((n, u)) if n == s.len() => Some(u),
        _ => None,
    }
}

#[inline(always)]
fn uri_reference_at<const TYPED: bool>(
    t: Text<'_>,
) -> Result<(usize, UriReference<'_>), BadEscape> {
    let b = t.bytes();
    let mut body = None;
    if let Some(s) = scheme(b) {
        let h = s + 1;
        if b.get(h) == Some(&b'/') {
            let (n, hier) = hier::<TYPED>(t, h)?;
            body = Some((n, Some(t.part(0, s)), hier));
        } else if let Some(n) = opaque_part(b, h)? {
            let path = Path {
                text: t.part(h, n),
                kind: PathKind::Opaque,
            };
            body = Some((n, Some(t.part(0, s)), hier_of(path, None)));
        }
    }
    let (n, scheme, hier) = match body {
        Some(body) => body,
        None if b.first() == Some(&b'/') => {
            let (n, hier) = hier::<TYPED>(t, 0)?;
            (n, None, hier)
        }
        None => match rel_path(b)? {
            Some(p) => {
                let (n, query) = opt_query(t, p)?;
                let path = Path {
                    text: t.part(0, p),
                    kind: PathKind::Relative,
                };
                (n, None, hier_of(path, query))
            }
            None => {
                let path = Path {
                    text: t.part(0, 0),
                    kind: PathKind::Empty,
                };
                (0, None, hier_of(path, None))
            }
        },
    };
    let (n, fragment) = if b.get(n) == Some(&b'#') {
        let e = run(b, n + 1, &URIC)?;
        (e, Some(t.part(n + 1, e)))
    } else {
        (n, None)
    };
    Ok((
        n,
        UriReference {
            text: t.part(0, n),
            scheme,
            hier,
            fragment,
        },
    ))
}

#[inline(always)]
fn hier_of<'a>(path: Path<'a>, query: Option<Part<'a>>) -> Hier<'a> {
    Hier {
        authority: None,
        path,
        query,
    }
}

/// Whether all of `s` is a `URI-reference`: [`whole_uri_reference`]'s verdict, without
/// classifying the host of a `server` (an authority's extent is that of its `reg_name` run
/// either way, so the verdict is the same). What [`crate::Grammar::check`] runs.
#[inline]
pub(crate) fn is_uri_reference(s: &str) -> bool {
    matches!(uri_reference_at::<false>(Text::whole(s)), Ok((n, _)) if n == s.len())
}

/// The fast pass of [`super::authority()`].
#[inline]
pub(super) fn authority_span(i: Span<'_>) -> PResult<'_, Authority<'_>> {
    finish(i, authority::<true>(Text::of(&i), 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::testing::{all_strings, whole};
    use crate::input::fast_span;

    /// Every table this pass scans runs of, held to the scalar scan on every path
    /// ([`crate::table::scan`]).
    #[test]
    fn every_scan_path_agrees_on_the_tables_of_the_pass() {
        for t in [
            &PATH_SEGMENTS,
            &URIC,
            &REG_NAME,
            &HOST_CHARS,
            &DIGIT,
            &REL_SEGMENT,
        ] {
            crate::table::scan::assert_every_path_agrees(t);
        }
    }

    /// `is_ipv4address` is the membership test of `IPv4address`: every string of up to nine
    /// characters over a digit, `.` and a letter.
    #[test]
    fn ipv4_membership_agrees_with_the_production() {
        let mut members = 0;
        for s in all_strings(b"7.a", 9) {
            let production = whole(super::super::ipv4address(fast_span(&s)));
            assert_eq!(is_ipv4address(s.as_bytes()), production, "{s:?}");
            members += usize::from(production);
        }
        // Four numbers of 4, 5 or 6 digits in all: 1 + 4 + 10 ways to split them.
        assert_eq!(members, 15);
    }
}
