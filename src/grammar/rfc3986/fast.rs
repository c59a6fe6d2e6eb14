//! The fast pass of `URI-reference` and `authority`: the same languages, extents and typed
//! values as the structured functions, computed over the bytes of the input, as RFC 2396's
//! fast pass does (`rfc2396/fast.rs`, whose module doc says why: on short inputs, moving the
//! span in and out of every production costs more than the scanning).
//!
//! Each component is one small function from a byte position to its typed value, which holds
//! its own extent (where its production stops: [`Text::end`]); the reference is built once,
//! from those values. The readings are
//! those the structured functions document:
//!
//! - `URI-reference`: a `URI` when the input starts with `scheme ":"`, else a `relative-ref`
//!   ([`super::uri_reference`]);
//! - `authority`: `userinfo` is read first, up to an `@`; without one, the host ends at the
//!   first `:` of that run ([`super::authority()`]);
//! - `host`: an `IP-literal` ends at the first `]` and holds a whole `IPv6address`
//!   ([`ipv6_groups`]) or `IPvFuture`; an `IPv4address` is taken only when it is the whole
//!   `reg-name` run ([`ipv4_octets`]), as [`super::host`] reads section 3.2.2;
//! - the paths: `path-abempty`, `path-absolute` and `path-rootless` are runs of `pchar` and
//!   `/`, and `path-noscheme` a run of `segment-nz-nc` first ([`super::path`]).
//!
//! A `%` that does not start a `pct-encoded` stops the parse with nom's `Err::Failure`, as
//! `cut` does in the structured pass. `src/grammar/passes/fast_path.rs` holds this pass to the
//! structured one (verdict, extent and typed value) on the case files, the example URLs and
//! their prefixes, and generated members and mutations; the `fast_path` fuzz target does the
//! same on arbitrary input.

use crate::grammar::common::{BadEscape, Text, finish, run, scheme};
use crate::input::{PResult, Span};
use crate::rfc3986::uri::{Authority, Host, Path, PathKind, UriReference};
use crate::shared::HostKind;
use crate::table::{Table, Wide};

/// `pchar` and `/`: what `*( "/" segment )` and the paths after their first segment hold.
pub(crate) const PATH: Wide = super::path::PCHAR.or(Table::chars("/")).wide();

// The tables this pass scans runs of, with their nibble form for the vector scans. RFC 3987's
// fast pass scans its ASCII runs with the same ones (its section 2.2 adds no ASCII character
// to any class).
pub(crate) const PCHAR: Wide = super::path::PCHAR.wide();
pub(crate) const QUERY: Wide = super::path::QUERY.wide();
pub(crate) const SEGMENT_NZ_NC: Wide = super::path::SEGMENT_NZ_NC.wide();
const IPVFUTURE: Wide = super::authority::IPVFUTURE.wide();
pub(crate) const REG_NAME: Wide = super::authority::REG_NAME.wide();
pub(crate) const USERINFO: Wide = super::authority::USERINFO.wide();
pub(crate) const DIGIT: Wide = super::chars::DIGIT.wide();
const HEXDIG: Wide = super::chars::HEXDIG.wide();

/// The fast pass of [`super::uri_reference`].
#[inline]
pub(super) fn uri_reference(i: Span<'_>) -> PResult<'_, UriReference<'_>> {
    finish(i, uri_reference_at::<true>(Text::of(&i)))
}

/// `s` as a whole `URI-reference` (offsets from 0): what
/// [`crate::rfc3986::UriReference::parse`] runs first.
#[inline]
pub(crate) fn whole_uri_reference(s: &str) -> Option<UriReference<'_>> {
    match uri_reference_at::<true>(Text::whole(s)) {
        Ok((n, u)) if n == s.len() => Some(u),
        _ => None,
    }
}

/// Whether all of `s` is a `URI-reference`: [`whole_uri_reference`]'s verdict, without
/// telling an `IPv4address` host from a `reg-name` (the same extent either way). What
/// [`crate::Grammar::check`] runs.
#[inline]
pub(crate) fn is_uri_reference(s: &str) -> bool {
    matches!(uri_reference_at::<false>(Text::whole(s)), Ok((n, _)) if n == s.len())
}

/// The fast pass of [`super::authority()`].
#[inline]
pub(super) fn authority_span(i: Span<'_>) -> PResult<'_, Authority<'_>> {
    let t = Text::of(&i);
    finish(i, authority::<true>(t, 0).map(|a| (t.end(a.text), a)))
}

/// `URI / relative-ref` from the start: `URI` when `scheme ":"` starts the text (then
/// `hier-part` always matches), `relative-ref` otherwise; then `[ "?" query ]` and
/// `[ "#" fragment ]`, the same in both. Each value knows its own extent ([`Text::end`]), so
/// positions are read off the values, not carried beside them.
#[inline(always)]
fn uri_reference_at<const TYPED: bool>(
    t: Text<'_>,
) -> Result<(usize, UriReference<'_>), BadEscape> {
    let scheme = scheme(t.bytes());
    let hier = match scheme {
        Some(s) => hier::<TYPED>(t, s + 1, &PCHAR, PathKind::Rootless)?,
        None => hier::<TYPED>(t, 0, &SEGMENT_NZ_NC, PathKind::NoScheme)?,
    };
    let path_end = t.end(hier.path.text);
    let query = after(t, path_end, b'?')?;
    let fragment = after(t, query.map_or(path_end, |q| t.end(q)), b'#')?;
    let n = fragment.or(query).map_or(path_end, |p| t.end(p));
    Ok((
        n,
        UriReference {
            text: t.part(0, n),
            scheme: scheme.map(|s| t.part(0, s)),
            authority: hier.authority,
            path: hier.path,
            query,
            fragment,
        },
    ))
}

/// `[ "?" query ]` or `[ "#" fragment ]` at `n` (the two have the same characters): the part
/// after the mark, when the mark is there.
#[inline(always)]
fn after<'a>(t: Text<'a>, n: usize, mark: u8) -> Result<Option<crate::Part<'a>>, BadEscape> {
    if t.bytes().get(n) == Some(&mark) {
        let e = run(t.bytes(), n + 1, &QUERY)?;
        Ok(Some(t.part(n + 1, e)))
    } else {
        Ok(None)
    }
}

/// What `hier-part` or `relative-part` matched: an authority perhaps, and a path (perhaps
/// empty, where the part ends).
struct HierPart<'a> {
    authority: Option<Authority<'a>>,
    path: Path<'a>,
}

/// `hier-part` (`first` = `pchar`, `kind` = `path-rootless`) or `relative-part` (`first` =
/// `segment-nz-nc`, `kind` = `path-noscheme`) at `n`: `"//" authority path-abempty`, else
/// `path-absolute`, else a path whose first segment is a run of `first`, else `path-empty`.
#[inline(always)]
fn hier<'a, const TYPED: bool>(
    t: Text<'a>,
    n: usize,
    first: &Wide,
    kind: PathKind,
) -> Result<HierPart<'a>, BadEscape> {
    let b = t.bytes();
    let path = |authority, a: usize, e: usize, kind| HierPart {
        authority,
        path: Path {
            text: t.part(a, e),
            kind,
        },
    };
    if b.get(n) == Some(&b'/') {
        if b.get(n + 1) == Some(&b'/') {
            let authority = authority::<TYPED>(t, n + 2)?;
            let a = t.end(authority.text);
            let e = if b.get(a) == Some(&b'/') {
                run(b, a, &PATH)?
            } else {
                a
            };
            return Ok(path(Some(authority), a, e, PathKind::AbEmpty));
        }
        // "/" [ segment-nz *( "/" segment ) ]: no `/` follows the first.
        let e = run(b, n + 1, &PATH)?;
        return Ok(path(None, n, e, PathKind::Absolute));
    }
    let s = run(b, n, first)?;
    if s == n {
        return Ok(path(None, n, n, PathKind::Empty));
    }
    let e = if b.get(s) == Some(&b'/') {
        run(b, s, &PATH)?
    } else {
        s
    };
    Ok(path(None, n, e, kind))
}

/// `authority` at `n`.
#[inline(always)]
fn authority<'a, const TYPED: bool>(t: Text<'a>, n: usize) -> Result<Authority<'a>, BadEscape> {
    let b = t.bytes();
    // `[ userinfo "@" ]` first, as the structured pass: a bad `%` in the run fails the parse.
    // `userinfo` is `reg-name`'s characters and `:`, so its run is read in two steps: the
    // `reg-name` run from `n` (where a host without `userinfo` ends), then, after a `:`, the
    // rest of the `userinfo` run. Together they are the one `userinfo` run, and its first `:`
    // is found without a second look at its bytes.
    let h = run(b, n, &REG_NAME)?;
    let u = if b.get(h) == Some(&b':') {
        run(b, h + 1, &USERINFO)?
    } else {
        h
    };
    let at = b.get(u) == Some(&b'@');
    let host = if at {
        host::<TYPED>(t, u + 1)?
    } else if b.get(n) == Some(&b'[') {
        ip_literal(t, n)
    } else {
        // The run is `reg-name` characters and `:`: the host is the run up to its first `:`.
        reg_name_or_ipv4::<TYPED>(t, n, h)
    };
    let host_end = t.end(host.text);
    let port = (b.get(host_end) == Some(&b':'))
        .then(|| t.part(host_end + 1, DIGIT.run_end(b, host_end + 1)));
    Ok(Authority {
        text: t.part(n, port.map_or(host_end, |p| t.end(p))),
        userinfo: at.then(|| t.part(n, u)),
        host,
        port,
    })
}

/// `host` at `h`, after a `userinfo "@"`.
#[inline(always)]
fn host<const TYPED: bool>(t: Text<'_>, h: usize) -> Result<Host<'_>, BadEscape> {
    if t.bytes().get(h) == Some(&b'[') {
        return Ok(ip_literal(t, h));
    }
    let e = run(t.bytes(), h, &REG_NAME)?;
    Ok(reg_name_or_ipv4::<TYPED>(t, h, e))
}

/// `IP-literal` at `h` (a `[`), or, where there is none, the empty `reg-name` before the `[`.
/// Neither `IPv6address` nor `IPvFuture` holds a `]`, and both are made of `IPvFuture`'s
/// characters after its `.`, so the literal ends at the first byte that is not one of those.
#[inline(never)]
fn ip_literal(t: Text<'_>, h: usize) -> Host<'_> {
    let b = t.bytes();
    let k = IPVFUTURE.run_end(b, h + 1);
    let literal = |kind| Host {
        text: t.part(h, k + 1),
        kind,
    };
    if b.get(k) == Some(&b']') {
        let inner = &b[h + 1..k];
        if is_ipvfuture(inner) {
            return literal(HostKind::IpvFuture);
        }
        if ipv6_groups(inner).is_some() {
            return literal(HostKind::Ipv6);
        }
    }
    Host {
        text: t.part(h, h),
        kind: HostKind::RegName,
    }
}

/// The host from `h` to `e`, a run of `reg-name` characters: an `IPv4address` when the whole
/// run is one, else a `reg-name`. Without its value (`TYPED` false: a check), the host is not
/// classified: its extent is the run's either way.
#[inline(always)]
fn reg_name_or_ipv4<const TYPED: bool>(t: Text<'_>, h: usize, e: usize) -> Host<'_> {
    // An `IPv4address` ends with a digit; most hosts end with a letter, and are not read again.
    let ends_in_digit = e > h && t.bytes()[e - 1].is_ascii_digit();
    let kind = if TYPED && ends_in_digit && ipv4_octets(&t.bytes()[h..e]).is_some() {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    };
    Host {
        text: t.part(h, e),
        kind,
    }
}

/// Whether all of `b` is an `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
/// (the `"v"` in either case).
fn is_ipvfuture(b: &[u8]) -> bool {
    if !matches!(b.first(), Some(b'v' | b'V')) {
        return false;
    }
    let h = HEXDIG.run_end(b, 1);
    h > 1 && b.get(h) == Some(&b'.') && h + 1 < b.len() && IPVFUTURE.run_end(b, h + 1) == b.len()
}

/// All of `b` as an `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`: its
/// four octets, or `None` when it is not one. A `dec-octet` is `0` to `255` with no leading
/// zero.
pub(crate) fn ipv4_octets(b: &[u8]) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut k = 0;
    for (i, o) in octets.iter_mut().enumerate() {
        if i > 0 {
            if b.get(k) != Some(&b'.') {
                return None;
            }
            k += 1;
        }
        let start = k;
        let mut v = 0u16;
        while k - start < 3
            && let Some(&d) = b.get(k)
            && d.is_ascii_digit()
        {
            v = v * 10 + u16::from(d - b'0');
            k += 1;
        }
        let len = k - start;
        if len == 0 || v > 255 || (len > 1 && b[start] == b'0') {
            return None;
        }
        *o = v as u8;
    }
    (k == b.len()).then_some(octets)
}

/// All of `b` as an `IPv6address` (rfc3986.txt:2726): its eight groups, or `None` when it is
/// not one. The nine alternatives say: `h16` groups separated by `:`, the last two perhaps an
/// `IPv4address` (`ls32`), at most one `"::"`; eight groups without a `"::"`, at most seven
/// with one (it stands for one group or more). Each alternative is one count of groups after
/// the `"::"` (seven down to none) with at most seven minus that count before it.
pub(crate) fn ipv6_groups(b: &[u8]) -> Option<[u16; 8]> {
    let mut groups = [0u16; 8];
    let mut n = 0;
    let mut gap = None;
    let mut k = 0;
    if b.starts_with(b"::") {
        gap = Some(0);
        k = 2;
    }
    while k < b.len() {
        let h = HEXDIG.run_end(b, k);
        if b.get(h) == Some(&b'.') {
            // `ls32`'s `IPv4address`: the two last groups.
            if n > 6 {
                return None;
            }
            let [p, q, r, s] = ipv4_octets(&b[k..])?;
            groups[n] = u16::from_be_bytes([p, q]);
            groups[n + 1] = u16::from_be_bytes([r, s]);
            n += 2;
            break;
        }
        if h == k || h - k > 4 || n == 8 {
            return None;
        }
        groups[n] = b[k..h].iter().fold(0, |v, &d| v << 4 | hex_value(d));
        n += 1;
        k = h;
        if k == b.len() {
            break;
        }
        if b[k] != b':' {
            return None;
        }
        if b.get(k + 1) == Some(&b':') {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            k += 2;
        } else {
            k += 1;
            if k == b.len() {
                return None;
            }
        }
    }
    match gap {
        None if n == 8 => Some(groups),
        Some(g) if n <= 7 => {
            let mut out = [0u16; 8];
            out[..g].copy_from_slice(&groups[..g]);
            out[8 - (n - g)..].copy_from_slice(&groups[g..n]);
            Some(out)
        }
        _ => None,
    }
}

/// The value of a hex digit.
#[inline(always)]
fn hex_value(d: u8) -> u16 {
    u16::from(match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        _ => d.wrapping_sub(b'A').wrapping_add(10) & 15,
    })
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
            &PATH,
            &PCHAR,
            &SEGMENT_NZ_NC,
            &QUERY,
            &USERINFO,
            &REG_NAME,
            &IPVFUTURE,
            &DIGIT,
            &HEXDIG,
        ] {
            crate::table::scan::assert_every_path_agrees(t);
        }
    }

    /// `ipv4_octets` is the membership test of `IPv4address`, and reads the octets as
    /// `std::net` does: every string of up to eight characters over a digit alphabet and `.`.
    #[test]
    fn ipv4_membership_agrees_with_the_production() {
        let mut members = 0;
        for s in all_strings(b"025.", 8) {
            let production = whole(super::super::ipv4address(fast_span(&s)));
            let octets = ipv4_octets(s.as_bytes());
            assert_eq!(octets.is_some(), production, "{s:?}");
            if let Some(o) = octets {
                assert_eq!(Some(std::net::Ipv4Addr::from(o)), s.parse().ok(), "{s:?}");
                members += 1;
            }
        }
        assert!(members > 0);
    }

    /// `ipv6_groups` is the membership test of `IPv6address`, and reads the address as
    /// `std::net` does: every string of up to ten characters over `1`, `:` and `.`, and the
    /// spec's generated members and mutations.
    #[test]
    fn ipv6_membership_agrees_with_the_production() {
        let check = |s: &str| {
            let production = whole(super::super::ipv6address(fast_span(s)));
            let groups = ipv6_groups(s.as_bytes());
            assert_eq!(groups.is_some(), production, "{s:?}");
            if let Some(g) = groups {
                let std: std::net::Ipv6Addr = s.parse().unwrap();
                assert_eq!(std::net::Ipv6Addr::from(g), std, "{s:?}");
            }
            production
        };
        let members = all_strings(b"1:.", 10).iter().filter(|s| check(s)).count();
        assert!(members > 0);
        #[cfg(feature = "bnf")]
        {
            let spec = crate::bnf::load("rfc3986").expect("grammar/rfc3986.bnf");
            let mut g = spec.generator("IPv6address", 0x1F6).unwrap();
            for _ in 0..5000 {
                let m = g.member(60);
                assert!(check(&m), "{m:?}");
                check(&g.mutation(&m));
            }
        }
    }

    /// `is_ipvfuture` is the membership test of `IPvFuture`.
    #[test]
    fn ipvfuture_membership_agrees_with_the_production() {
        for s in all_strings(b"vV1.:]", 5) {
            let production = whole(super::super::ipvfuture(fast_span(&s)));
            assert_eq!(is_ipvfuture(s.as_bytes()), production, "{s:?}");
        }
    }
}
