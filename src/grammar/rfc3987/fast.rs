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
use crate::input::{Fail, PResult, Span, escape_end, fast_span, take_in_line};
use crate::table::{Table, Wide};

/// `ipchar`'s ASCII characters and `/`: what `*( "/" isegment )` and the paths after their
/// first segment hold.
const PATH: Wide = rfc3986::PCHAR.or(Table::chars("/")).wide();

// The ASCII characters of the runs this pass scans, with their nibble form for the vector
// scans: RFC 3986's tables (section 2.2 adds no ASCII character to any class).
const PCHAR: Wide = rfc3986::PCHAR.wide();
const QUERY: Wide = rfc3986::QUERY.wide();
const SEGMENT_NZ_NC: Wide = rfc3986::SEGMENT_NZ_NC.wide();
const REG_NAME: Wide = rfc3986::REG_NAME.wide();
const USERINFO: Wide = rfc3986::USERINFO.wide();
const DIGIT: Wide = rfc3986::DIGIT.wide();

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

/// `IRI / irelative-ref` from the start of `s`: where it ends. `IRI` when `scheme ":"` starts
/// the text (then `ihier-part` always matches), `irelative-ref` otherwise; then
/// `[ "?" iquery ]` and `[ "#" ifragment ]`, the same in both.
#[inline(always)]
fn iri_reference_end(s: &str) -> Result<usize, BadEscape> {
    let n = match scheme(s.as_bytes()) {
        Some(k) => hier(s, k + 1, &PCHAR)?,
        None => hier(s, 0, &SEGMENT_NZ_NC)?,
    };
    let n = after(s, n, b'?', Beyond::UcsAndPrivate)?;
    after(s, n, b'#', Beyond::Ucs)
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

/// `ihier-part` (`first` = `ipchar`) or `irelative-part` (`first` = `isegment-nz-nc`) at
/// `n`: `"//" iauthority ipath-abempty`, else `ipath-absolute`, else a path whose first
/// segment is a run of `first`, else `ipath-empty`. Where it ends.
#[inline(always)]
fn hier(s: &str, n: usize, first: &Wide) -> Result<usize, BadEscape> {
    let b = s.as_bytes();
    let e = if b.get(n) == Some(&b'/') {
        if b.get(n + 1) != Some(&b'/') {
            // "/" [ isegment-nz *( "/" isegment ) ]: no `/` follows the first.
            return irun(s, n + 1, &PATH, Beyond::Ucs);
        }
        authority(s, n + 2)?
    } else {
        let e = irun(s, n, first, Beyond::Ucs)?;
        if e == n {
            // `ipath-empty`.
            return Ok(n);
        }
        e
    };
    // `ipath-abempty` after the authority, or the segments after the first.
    if b.get(e) == Some(&b'/') {
        irun(s, e, &PATH, Beyond::Ucs)
    } else {
        Ok(e)
    }
}

/// `iauthority` at `n`: where it ends.
#[inline(always)]
fn authority(s: &str, n: usize) -> Result<usize, BadEscape> {
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
    let host_end = if b.get(u) == Some(&b'@') {
        if b.get(u + 1) == Some(&b'[') {
            ip_literal(s, u + 1)
        } else {
            irun(s, u + 1, &REG_NAME, Beyond::Ucs)?
        }
    } else if b.get(n) == Some(&b'[') {
        ip_literal(s, n)
    } else {
        // The run is `ireg-name` characters and `:`: the host is the run up to its first `:`.
        h
    };
    Ok(if b.get(host_end) == Some(&b':') {
        DIGIT.run_end(b, host_end + 1)
    } else {
        host_end
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
/// admits it.
#[inline(never)]
fn admitted(s: &str, n: usize, beyond: Beyond) -> Option<usize> {
    let c = s.get(n..)?.chars().next()?;
    beyond.admits(c).then(|| c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table this pass scans runs of, held to the scalar scan on every path
    /// ([`crate::table::scan`]).
    #[test]
    fn every_scan_path_agrees_on_the_tables_of_the_pass() {
        for t in [
            &PATH,
            &PCHAR,
            &SEGMENT_NZ_NC,
            &QUERY,
            &USERINFO,
            &REG_NAME,
            &DIGIT,
        ] {
            crate::table::scan::assert_every_path_agrees(t);
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
