//! Authorities, servers and hosts: Appendix A, rfc2396.txt:1484-1499 (sections 3.2 to 3.2.2).

use nom::Err;

use super::chars::{DIGIT, UNRESERVED};
use crate::grammar::labels::{self, Labels};
use crate::input::{
    Mode, PResult, Span, lit, many, many_esc, many1, many1_esc, maybe, peek_byte, production,
    recognized,
};
use crate::part::Part;
use crate::rfc2396::{Authority, Host, HostKind, Server};
use crate::table::Table;

// =============================================================================================
// Authority: section 3.2 (rfc2396.txt:1484-1487)
// =============================================================================================

/// ```text
/// authority     = server | reg_name
/// ```
/// rfc2396.txt:1484, section 3.2. Matches the empty string (as an empty `server`).
///
/// Rewrite: every character a `server` can hold is a `reg_name` character, so the language is
/// simply `*( reg_name characters )`, and in a `net_path` the authority always extends over
/// the longest such run (what may follow it, `/`, `?`, `#` or the end, is outside the set).
/// It is a `server` when `server` matches that whole run (an empty run is the empty server)
/// and a `reg_name` otherwise. Trying `server` first and falling back when the run goes on
/// past its end keeps that choice without scanning twice.
#[inline]
pub fn authority<'a>(i: Span<'a>) -> PResult<'a, Authority<'a>> {
    authority_in::<false>(i)
}

/// `authority`, of RFC 2396 or (`V6`) as RFC 2732 amends it.
///
/// Under RFC 2732 a `server` can hold `[` and `]`, which no `reg_name` can: a server that
/// holds one is kept even when a `reg_name` character follows it, since `reg_name` would stop
/// before the `[` and so end earlier, where nothing after an authority (`/`, `?`, `#`, the
/// end) can follow either.
#[inline]
pub(crate) fn authority_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Authority<'a>> {
    production(i, "authority", |i| {
        if !V6 && i.extra.mode() == Mode::Fast {
            return super::fast::authority_span(i);
        }
        let mark = i.extra.mark();
        match server_in::<V6>(i) {
            Ok((rest, s))
                if !continues_reg_name(&rest) || (V6 && s.text.as_str().contains('[')) =>
            {
                return Ok((rest, Authority::Server(s)));
            }
            // A bad escape fails reg_name at the same byte: it scans the same characters.
            Err(Err::Failure(f)) => return Err(Err::Failure(f)),
            _ => i.extra.rollback(mark),
        }
        let (rest, r) = reg_name(i)?;
        Ok((rest, Authority::RegName(r.into())))
    })
}

/// The empty server at the start of `i`.
fn empty_server<'a>(i: &Span<'a>) -> Server<'a> {
    Server {
        text: Part::new("", i.location_offset()),
        userinfo: None,
        host: None,
        port: None,
    }
}

/// Whether a `reg_name` run would go on at the start of `i` (a look-ahead; records nothing).
fn continues_reg_name(i: &Span<'_>) -> bool {
    peek_byte(i).is_some_and(|b| REG_NAME.contains(b) || b == b'%')
}

/// `reg_name`, without its `escaped`.
pub const REG_NAME: Table = UNRESERVED.or(Table::chars("$,;:@&=+"));

/// ```text
/// reg_name      = 1*( unreserved | escaped | "$" | "," |
///                     ";" | ":" | "@" | "&" | "=" | "+" )
/// ```
/// rfc2396.txt:1486, section 3.2.1.
pub fn reg_name<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "reg_name", |i| {
        many1_esc(i, REG_NAME, "reg_name", "escaped")
    })
}

/// How RFC 2396 prints the labels of a hostname.
pub(super) const LABELS: Labels = Labels {
    letter_digit: "alphanum",
    trailing_dot: true,
};

// =============================================================================================
// Server-based naming authority: section 3.2.2 (rfc2396.txt:1489-1499)
// =============================================================================================

/// ```text
/// server        = [ [ userinfo "@" ] hostport ]
/// ```
/// rfc2396.txt:1489, section 3.2.2. Matches the empty string.
///
/// `userinfo` has no `@`, so `userinfo "@"` can only end at the first `@`: trying it first and
/// falling back to `hostport` alone (which has no `@` either) is exact.
pub fn server<'a>(i: Span<'a>) -> PResult<'a, Server<'a>> {
    server_in::<false>(i)
}

/// `server`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn server_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Server<'a>> {
    production(i, "server", |i| {
        let mark = i.extra.mark();
        let (j, user) = maybe(i, |i| {
            let (rest, u) = userinfo(i)?;
            let (rest, _) = lit(rest, "@")?;
            Ok((rest, u))
        })?;
        match hostport_in::<V6>(j) {
            Ok((rest, (host, port))) => {
                let (rest, text) = recognized(i, rest);
                Ok((
                    rest,
                    Server {
                        text: text.into(),
                        userinfo: user.map(Part::from),
                        host: Some(host),
                        port: port.map(Part::from),
                    },
                ))
            }
            Err(Err::Error(_)) => {
                i.extra.rollback(mark);
                Ok((i, empty_server(&i)))
            }
            Err(e) => Err(e),
        }
    })
}

/// `userinfo`, without its `escaped`.
pub const USERINFO: Table = UNRESERVED.or(Table::chars(";:&=+$,"));

/// ```text
/// userinfo      = *( unreserved | escaped |
///                    ";" | ":" | "&" | "=" | "+" | "$" | "," )
/// ```
/// rfc2396.txt:1490, section 3.2.2. Matches the empty string.
pub fn userinfo<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "userinfo", |i| {
        many_esc(i, USERINFO, "userinfo", "escaped")
    })
}

/// ```text
/// hostport      = host [ ":" port ]
/// ```
/// rfc2396.txt:1493, section 3.2.2. Gives the host and the port digits.
pub fn hostport<'a>(i: Span<'a>) -> PResult<'a, (Host<'a>, Option<Span<'a>>)> {
    hostport_in::<false>(i)
}

/// `hostport`, of RFC 2396 or (`V6`) RFC 2732.
pub(crate) fn hostport_in<'a, const V6: bool>(
    i: Span<'a>,
) -> PResult<'a, (Host<'a>, Option<Span<'a>>)> {
    production(i, "hostport", |i| {
        let (i, h) = host_in::<V6>(i)?;
        let (i, p) = maybe(i, |i| {
            let (i, _) = lit(i, ":")?;
            port(i)
        })?;
        Ok((i, (h, p)))
    })
}

/// ```text
/// host          = hostname | IPv4address
/// ```
/// rfc2396.txt:1494, section 3.2.2.
///
/// Ordered choice is exact: a `hostname` match holds a letter (its `toplabel` starts with
/// one) and an `IPv4address` match holds none, so when both match a prefix of the same input,
/// the `IPv4address` one ends before that letter and the `hostname` one is the longer.
pub fn host<'a>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    host_in::<false>(i)
}

/// `host`, of RFC 2396 or (`V6`) as RFC 2732 amends it, with its `IPv6reference` last: it
/// starts with `[`, which no `hostname` or `IPv4address` holds, so ordered choice stays exact.
pub(crate) fn host_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    let host = |h: Span<'a>, kind| Host {
        text: h.into(),
        kind,
    };
    production(i, "host", |i| match hostname(i) {
        Ok((rest, h)) => Ok((rest, host(h, HostKind::Hostname))),
        Err(Err::Error(_)) => match ipv4address_in::<V6>(i) {
            Ok((rest, h)) => Ok((rest, host(h, HostKind::Ipv4Address))),
            Err(Err::Error(_)) if V6 => {
                let (rest, h) = crate::grammar::rfc2732::ipv6reference(i)?;
                Ok((rest, host(h, HostKind::Ipv6Reference)))
            }
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    })
}

/// ```text
/// hostname      = *( domainlabel "." ) toplabel [ "." ]
/// ```
/// rfc2396.txt:1495, section 3.2.2.
///
/// Rewrite: read literally, `*( domainlabel "." )` would take the last label too and leave
/// nothing for `toplabel`. The language is: labels of `alphanum` and `-` that start and end
/// with an `alphanum`, joined by `.`, the last starting with an `alpha`, then an optional `.`.
/// One left-to-right scan over the labels keeps the longest prefix of that form
/// (`src/grammar/labels.rs`, shared with RFC 1738, whose `hostname` differs only in having
/// no trailing `.`).
pub fn hostname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "hostname", |i| labels::hostname(i, LABELS))
}

/// ```text
/// domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
/// ```
/// rfc2396.txt:1496, section 3.2.2.
///
/// Rewrite: the greedy `*( alphanum | "-" )` would eat the closing `alphanum`; the scan keeps
/// the longest prefix ending in an `alphanum` instead (same language).
pub fn domainlabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "domainlabel", |i| labels::label_rule(i, LABELS, false))
}

/// ```text
/// toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
/// ```
/// rfc2396.txt:1497, section 3.2.2. Rewritten as [`domainlabel`] is.
pub fn toplabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "toplabel", |i| labels::label_rule(i, LABELS, true))
}

/// ```text
/// IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
/// ```
/// rfc2396.txt:1498, section 3.2.2.
pub fn ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    ipv4address_in::<false>(i)
}

/// `IPv4address`: RFC 2396's `1*digit` parts, or (`V6`) RFC 2373's `1*3DIGIT`, which RFC 2732
/// puts in its place.
pub(crate) fn ipv4address_in<'a, const V6: bool>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    let part = |i: Span<'a>| -> PResult<'a, Span<'a>> {
        if V6 {
            crate::grammar::rfc2732::digits_1_3(i)
        } else {
            many1(i, DIGIT, "digit")
        }
    };
    production(i, "IPv4address", |i| {
        let (mut rest, _) = part(i)?;
        for _ in 0..3 {
            (rest, _) = lit(rest, ".")?;
            (rest, _) = part(rest)?;
        }
        Ok(recognized(i, rest))
    })
}

/// ```text
/// port          = *digit
/// ```
/// rfc2396.txt:1499, section 3.2.2. Matches the empty string.
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "port", |i| many(i, DIGIT, "digit"))
}
