//! The fast pass of `IRI-reference`: the same language and extent as the structured
//! functions ([`super::iri_reference`]), computed over the bytes of the input, as RFC 3986's
//! fast pass does (`rfc3986/fast.rs`, whose readings this one shares): `IRI` when the input
//! starts with `scheme ":"`, else `irelative-ref`; `iuserinfo` read first, up to an `@`, the
//! host ending at the first `:` of that run without one; the paths as runs of `ipchar` and
//! `/`.
//!
//! The runs are RFC 3986's: ASCII bytes by the same vector tables, a `%` by its two hex digits;
//! a byte above ASCII decodes one UTF-8 character, which goes on the run when the grammar's
//! own predicates admit it there ([`super::is_ucschar`], and [`super::is_iprivate`] in `iquery`
//! only: [`Beyond::admits`]) and
//! ends the run otherwise, as [`super::chars::run_end`] does in the structured pass. A host
//! is read by its extent only: an `IPv4address` is taken only when it is the whole `ireg-name`
//! run, so the extent is the run's either way; an `IP-literal` is read by RFC 3986's
//! production itself (its `IPv6address` and `IPvFuture` hold ASCII only).
//!
//! The pass says yes fast: a rejected input goes to the structured pass for its diagnosis,
//! and a `%` that does not start a `pct-encoded` stops the parse with nom's `Err::Failure`, as
//! the structured runs do. `src/grammar/passes/fast_path.rs` holds this pass to the structured
//! one (verdict and extent) on the case files, the example IRIs and their prefixes, and
//! generated members and mutations with the edge characters of `ucschar` and `iprivate`; the
//! `fast_path` fuzz target does the same on arbitrary input.

use nom::Err;

use super::chars::Beyond;
use crate::grammar::common::{BadEscape, scheme};
use crate::grammar::rfc3986;
use crate::grammar::rfc3986::fast::ipv4_octets;
use crate::input::{Fail, PResult, Span, escape_end, fast_span, take_in_line};
use crate::part::Part;
use crate::rfc3986::uri::{Authority, Host, Path, PathKind, UriReference};
use crate::shared::HostKind;
use crate::table::Wide;

// The ASCII characters of the runs this pass scans, with their nibble form for the vector
// scans: RFC 3986's fast pass's tables (section 2.2 adds no ASCII character to any class), held
// to the scalar scan by that pass's tests. `PATH` is `ipchar`'s ASCII characters and `/`: what
// `*( "/" isegment )` and the paths after their first segment hold.
use crate::grammar::rfc3986::fast::{DIGIT, PATH, PCHAR, QUERY, REG_NAME, SEGMENT_NZ_NC, USERINFO};

/// The fast pass of [`super::iri_reference`]: its extent, the text it matched as its value.
#[inline]
pub(super) fn iri_reference(i: Span<'_>) -> PResult<'_, Span<'_>> {
    match iri_reference_end(i.fragment()) {
        // The consumed characters are IRI characters, which hold no newline.
        Ok(n) => Ok(take_in_line(i, n)),
        Err(BadEscape) => Err(Err::Failure(Fail)),
    }
}

/// Whether all of `s` is an `IRI-reference`. What [`crate::Grammar::check`] runs first.
#[inline]
pub(crate) fn is_iri_reference(s: &str) -> bool {
    matches!(iri_reference_end(s), Ok(n) if n == s.len())
}

/// Whether all of `s` is an `IRI`: an `IRI-reference` that starts with `scheme ":"`. Exact:
/// `IRI` is one alternative of `IRI-reference` and starts so; the other, `irelative-ref`,
/// never does, since it starts with `//`, `/`, `?`, `#`, its end, or an `isegment-nz-nc`,
/// which holds no `:` (rfc3987.txt:383-389, 422).
pub(crate) fn is_iri(s: &str) -> bool {
    scheme(s.as_bytes()).is_some() && is_iri_reference(s)
}

/// Whether all of `s` is an `absolute-IRI`: an `IRI` with no `#`. Exact: `absolute-IRI` is
/// `IRI` without `[ "#" ifragment ]`, and no other part of an `IRI` holds a `#` (`ucschar`
/// and `iprivate` are above ASCII; rfc3987.txt:375, 385).
pub(crate) fn is_absolute_iri(s: &str) -> bool {
    !s.as_bytes().contains(&b'#') && is_iri(s)
}

/// Whether all of `s` is an `irelative-ref`: an `IRI-reference` that does not start with
/// `scheme ":"`. Exact: without that start `IRI` matches nothing, so the reference is the
/// `irelative-ref`; with it, an `irelative-ref` stops at the `:` (see [`is_iri`]).
pub(crate) fn is_irelative_ref(s: &str) -> bool {
    scheme(s.as_bytes()).is_none() && is_iri_reference(s)
}

/// Where the parts of an `IRI-reference` are, by byte offsets, as the fast pass finds them:
/// what [`whole_iri_reference`] makes RFC 3986's values of.
#[derive(Clone, Copy)]
struct Found {
    /// The scheme's end (its `:`), when there is one.
    scheme: Option<usize>,
    /// The authority, when `//` starts the hierarchical part.
    authority: Option<AuthorityAt>,
    /// The path's end: a `?`, a `#` or the end.
    path_end: usize,
    /// The end of `[ "?" iquery ]`: past the path's end when there is a query.
    query_end: usize,
    /// The end of `[ "#" ifragment ]`, the reference's end: past the query's when there is a
    /// fragment.
    end: usize,
}

/// Where the parts of an `iauthority` are.
#[derive(Clone, Copy)]
struct AuthorityAt {
    /// Its first byte, after `//`.
    start: usize,
    /// The `@` after `iuserinfo`, when there is one.
    at: Option<usize>,
    /// The host's start and end (a `:` and the port follow when the end is not `end`).
    host: (usize, usize),
    /// Its end.
    end: usize,
}

/// `IRI / irelative-ref` from the start of `s`: where it ends.
#[inline(always)]
fn iri_reference_end(s: &str) -> Result<usize, BadEscape> {
    iri_reference_found(s).map(|f| f.end)
}

/// `IRI / irelative-ref` from the start of `s`: where its parts are. `IRI` when `scheme ":"`
/// starts the text (then `ihier-part` always matches), `irelative-ref` otherwise; then
/// `[ "?" iquery ]` and `[ "#" ifragment ]`, the same in both.
#[inline(always)]
fn iri_reference_found(s: &str) -> Result<Found, BadEscape> {
    let scheme = scheme(s.as_bytes());
    let hier = match scheme {
        Some(k) => hier(s, k + 1, &PCHAR)?,
        None => hier(s, 0, &SEGMENT_NZ_NC)?,
    };
    let query_end = after(s, hier.end, b'?', Beyond::UcsAndPrivate)?;
    let end = after(s, query_end, b'#', Beyond::Ucs)?;
    Ok(Found {
        scheme,
        authority: hier.authority,
        path_end: hier.end,
        query_end,
        end,
    })
}

/// All of `s` as an `IRI-reference`, in RFC 3986's values (offsets from 0), or `None` when it
/// is not one: what [`crate::rfc3987::IriReference::parse`] runs first. The host's kind and
/// the path's are read as section 2.2's rules fix them: an `IP-literal` by its bracket (`[v`
/// a future one), an `IPv4address` when it is the whole host, else an `ireg-name`.
pub(crate) fn whole_iri_reference(s: &str) -> Option<UriReference<'_>> {
    let f = iri_reference_found(s).ok().filter(|f| f.end == s.len())?;
    let part = |a: usize, b: usize| Part::new(&s[a..b], a);
    let authority = f.authority.map(|a| {
        let host = part(a.host.0, a.host.1);
        Authority {
            text: part(a.start, a.end),
            userinfo: a.at.map(|at| part(a.start, at)),
            host: Host {
                text: host,
                kind: host_kind(host.as_str()),
            },
            port: (a.host.1 < a.end).then(|| part(a.host.1 + 1, a.end)),
        }
    });
    let path_start = match (f.authority, f.scheme) {
        (Some(a), _) => a.end,
        (None, Some(k)) => k + 1,
        (None, None) => 0,
    };
    let path = &s[path_start..f.path_end];
    let kind = if authority.is_some() {
        PathKind::AbEmpty
    } else if path.is_empty() {
        PathKind::Empty
    } else if path.starts_with('/') {
        PathKind::Absolute
    } else if f.scheme.is_some() {
        PathKind::Rootless
    } else {
        PathKind::NoScheme
    };
    Some(UriReference {
        text: Part::new(s, 0),
        scheme: f.scheme.map(|k| part(0, k)),
        authority,
        path: Path {
            text: part(path_start, f.path_end),
            kind,
        },
        query: (f.query_end > f.path_end).then(|| part(f.path_end + 1, f.query_end)),
        fragment: (f.end > f.query_end).then(|| part(f.query_end + 1, f.end)),
    })
}

/// The kind of an `ihost` (section 2.2): an `IP-literal` by its bracket, an `IPv4address`
/// when the whole host is one (the rule takes it before `ireg-name`, and the host ends
/// there), else an `ireg-name`.
pub(crate) fn host_kind(h: &str) -> HostKind {
    if h.starts_with("[v") || h.starts_with("[V") {
        HostKind::IpvFuture
    } else if h.starts_with('[') {
        HostKind::Ipv6
    } else if ipv4_octets(h.as_bytes()).is_some() {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// `[ "?" iquery ]` or `[ "#" ifragment ]` at `n` (the two have the same ASCII characters,
/// and `iquery` adds `iprivate`): where it ends.
#[inline(always)]
fn after(s: &str, n: usize, mark: u8, beyond: Beyond) -> Result<usize, BadEscape> {
    if s.as_bytes().get(n) == Some(&mark) {
        irun(s, n + 1, &QUERY, beyond)
    } else {
        Ok(n)
    }
}

/// Where an `ihier-part` or `irelative-part` ends, and its authority.
struct Hier {
    end: usize,
    authority: Option<AuthorityAt>,
}

/// `ihier-part` (`first` = `ipchar`) or `irelative-part` (`first` = `isegment-nz-nc`) at
/// `n`: `"//" iauthority ipath-abempty`, else `ipath-absolute`, else a path whose first
/// segment is a run of `first`, else `ipath-empty`. Where it ends, and the authority.
#[inline(always)]
fn hier(s: &str, n: usize, first: &Wide) -> Result<Hier, BadEscape> {
    let b = s.as_bytes();
    let mut found = None;
    let e = if b.get(n) == Some(&b'/') {
        if b.get(n + 1) != Some(&b'/') {
            // "/" [ isegment-nz *( "/" isegment ) ]: no `/` follows the first.
            let end = irun(s, n + 1, &PATH, Beyond::Ucs)?;
            return Ok(Hier {
                end,
                authority: None,
            });
        }
        let a = authority(s, n + 2)?;
        found = Some(a);
        a.end
    } else {
        let e = irun(s, n, first, Beyond::Ucs)?;
        if e == n {
            // `ipath-empty`.
            return Ok(Hier {
                end: n,
                authority: None,
            });
        }
        e
    };
    // `ipath-abempty` after the authority, or the segments after the first.
    let end = if b.get(e) == Some(&b'/') {
        irun(s, e, &PATH, Beyond::Ucs)?
    } else {
        e
    };
    Ok(Hier {
        end,
        authority: found,
    })
}

/// `iauthority` at `n`: where its parts are.
#[inline(always)]
fn authority(s: &str, n: usize) -> Result<AuthorityAt, BadEscape> {
    let b = s.as_bytes();
    // `[ iuserinfo "@" ]` first, as the structured pass: a bad `%` in the run fails the
    // parse. `iuserinfo` is `ireg-name`'s characters and `:`, so its run is read in two steps:
    // the `ireg-name` run from `n` (where a host without `iuserinfo` ends), then, after a `:`,
    // the rest of the `iuserinfo` run.
    let h = irun(s, n, &REG_NAME, Beyond::Ucs)?;
    let u = if b.get(h) == Some(&b':') {
        irun(s, h + 1, &USERINFO, Beyond::Ucs)?
    } else {
        h
    };
    let at = (b.get(u) == Some(&b'@')).then_some(u);
    let host = match at {
        Some(u) if b.get(u + 1) == Some(&b'[') => (u + 1, ip_literal(s, u + 1)),
        Some(u) => (u + 1, irun(s, u + 1, &REG_NAME, Beyond::Ucs)?),
        None if b.get(n) == Some(&b'[') => (n, ip_literal(s, n)),
        // The run is `ireg-name` characters and `:`: the host is the run up to its first `:`.
        None => (n, h),
    };
    let end = if b.get(host.1) == Some(&b':') {
        DIGIT.run_end(b, host.1 + 1)
    } else {
        host.1
    };
    Ok(AuthorityAt {
        start: n,
        at,
        host,
        end,
    })
}

/// `ihost` at `h`, a `[`: the end of the `IP-literal`, by RFC 3986's production, or `h` (the
/// empty `ireg-name` before the `[`) where there is none.
#[inline(never)]
fn ip_literal(s: &str, h: usize) -> usize {
    match s.get(h..).map(|t| rfc3986::ip_literal(fast_span(t))) {
        Some(Ok((rest, _))) => h + rest.location_offset(),
        _ => h,
    }
}

/// `*( t / pct-encoded / <the characters of beyond> )` from `n`: where the run stops. The
/// ASCII bytes by the vector scans ([`Wide::run_end`]); above ASCII, one character at a time,
/// tested on its code point.
#[inline(always)]
fn irun(s: &str, mut n: usize, t: &Wide, beyond: Beyond) -> Result<usize, BadEscape> {
    let b = s.as_bytes();
    loop {
        n = t.run_end(b, n);
        match b.get(n) {
            Some(b'%') => n = escape_end(b, n).map_err(|_| BadEscape)?,
            Some(&x) if x >= 0x80 => match admitted(s, n, beyond) {
                Some(k) => n += k,
                None => return Ok(n),
            },
            _ => return Ok(n),
        }
    }
}

/// The length of the character at `n` (a character boundary, above ASCII) when `beyond`
/// admits it. Where `ucschar` is admitted, the characters of two bytes and most of three are
/// decided by their first byte, without decoding: `ucschar` holds every character from U+00A0
/// to U+D7FF (rfc3987.txt:408), so of the two-byte characters (U+0080 to U+07FF) only the C1
/// controls U+0080 to U+009F (`C2 80` to `C2 9F`) are out, and the three-byte characters of
/// the first bytes `E0` to `ED` (U+0800 to U+D7FF: a `str` holds no surrogate) are in.
#[inline(always)]
fn admitted(s: &str, n: usize, beyond: Beyond) -> Option<usize> {
    let b = s.as_bytes();
    if beyond != Beyond::Private {
        match *b.get(n)? {
            0xC2 => return (*b.get(n + 1)? >= 0xA0).then_some(2),
            0xC3..=0xDF => return Some(2),
            0xE0..=0xED => return Some(3),
            _ => {}
        }
    }
    decoded(s, n, beyond)
}

/// [`admitted`] by decoding the character: the rest of the ranges.
#[inline(never)]
fn decoded(s: &str, n: usize, beyond: Beyond) -> Option<usize> {
    let c = s.get(n..)?.chars().next()?;
    beyond.admits(c).then(|| c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first-byte decisions of [`admitted`] against the grammar's predicates on every
    /// character above ASCII, for each kind of run.
    #[test]
    fn admitted_agrees_with_the_predicates_on_every_character() {
        for beyond in [Beyond::Ucs, Beyond::Private, Beyond::UcsAndPrivate] {
            for c in ('\u{80}'..='\u{10FFFF}').filter(|c| !c.is_ascii()) {
                let s = format!("{c}x");
                let want = beyond.admits(c).then(|| c.len_utf8());
                assert_eq!(admitted(&s, 0, beyond), want, "{c:?} {beyond:?}");
            }
        }
    }

    /// A run takes the characters its production admits above ASCII and stops at the first
    /// it does not, at the edges of `ucschar` and `iprivate`.
    #[test]
    fn runs_stop_at_the_edges_of_the_ranges() {
        for (c, ucs, private) in [
            ('\u{9F}', false, false),
            ('\u{A0}', true, false),
            ('\u{D7FF}', true, false),
            ('\u{E000}', false, true),
            ('\u{F8FF}', false, true),
            ('\u{F900}', true, false),
            ('\u{FDCF}', true, false),
            ('\u{FDD0}', false, false),
            ('\u{FDEF}', false, false),
            ('\u{FDF0}', true, false),
            ('\u{FFEF}', true, false),
            ('\u{FFFE}', false, false),
            ('\u{1FFFD}', true, false),
            ('\u{1FFFE}', false, false),
            ('\u{E0FFF}', false, false),
            ('\u{E1000}', true, false),
            ('\u{F0000}', false, true),
            ('\u{10FFFD}', false, true),
            ('\u{10FFFF}', false, false),
            ('\u{2028}', true, false),
        ] {
            let s = format!("a{c}b");
            let full = s.len();
            let run = |beyond| irun(&s, 0, &PCHAR, beyond).ok();
            assert_eq!(run(Beyond::Ucs), Some(if ucs { full } else { 1 }), "{c:?}");
            assert_eq!(
                run(Beyond::UcsAndPrivate),
                Some(if ucs || private { full } else { 1 }),
                "{c:?}"
            );
            assert_eq!(
                run(Beyond::Private),
                Some(if private { full } else { 1 }),
                "{c:?}"
            );
        }
    }
}
