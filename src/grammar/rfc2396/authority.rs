//! Authorities, servers and hosts: Appendix A, rfc2396.txt:1484-1499 (sections 3.2 to 3.2.2).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, map_opt, opt, recognize};
use nom::sequence::{preceded, terminated};

use super::chars::{DIGIT, UNRESERVED};
use super::{Dialect, Rfc2396};
use crate::grammar::labels::{self, Labels};
use crate::input::primitives::{
    branch, lit, many, many_esc, many1, many1_esc, next_byte, production,
};
use crate::input::{Mode, PResult, Span, fail};
use crate::part::Part;
use crate::rfc2396::uri::{Authority, Host, Server};
use crate::shared::HostKind;
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
    authority_in::<Rfc2396>(i)
}

/// `authority`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) as RFC 2732 amends it.
///
/// Under RFC 2732 a `server` can hold `[` and `]`, which no `reg_name` can: a server that
/// holds one is kept even when a `reg_name` character follows it, since `reg_name` would stop
/// before the `[` and so end earlier, where nothing after an authority (`/`, `?`, `#`, the
/// end) can follow either.
#[inline]
pub(crate) fn authority_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Authority<'a>> {
    // The fast pass records nothing, so it needs no `production`.
    if !D::IPV6 && i.extra.mode() == Mode::Fast {
        return super::fast::authority_span(i);
    }
    production(
        "authority",
        alt((
            // A bad escape fails `reg_name` at the same byte: it scans the same characters.
            branch(map_opt((server_in::<D>, next_byte()), |(s, next)| {
                let whole = !continues_reg_name(next) || (D::IPV6 && s.text.as_str().contains('['));
                whole.then_some(Authority::Server(s))
            })),
            map(reg_name, |r| Authority::RegName(r.into())),
        )),
    )
    .parse(i)
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

/// Whether a `reg_name` run would go on at a byte `next`.
fn continues_reg_name(next: Option<u8>) -> bool {
    next.is_some_and(|b| REG_NAME.contains(b) || b == b'%')
}

/// `reg_name`, without its `escaped`.
pub const REG_NAME: Table = UNRESERVED.or(Table::chars("$,;:@&=+"));

/// ```text
/// reg_name      = 1*( unreserved | escaped | "$" | "," |
///                     ";" | ":" | "@" | "&" | "=" | "+" )
/// ```
/// rfc2396.txt:1486, section 3.2.1.
pub fn reg_name<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reg_name", many1_esc(&REG_NAME, "reg_name", "escaped")).parse(i)
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
    server_in::<Rfc2396>(i)
}

/// `server`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn server_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Server<'a>> {
    production(
        "server",
        map(
            consumed(opt(branch((
                opt(branch(terminated(userinfo, lit("@")))),
                hostport_in::<D>,
            )))),
            |(text, server)| match server {
                Some((user, (host, port))) => Server {
                    text: text.into(),
                    userinfo: user.map(Part::from),
                    host: Some(host),
                    port: port.map(Part::from),
                },
                None => empty_server(&text),
            },
        ),
    )
    .parse(i)
}

/// `userinfo`, without its `escaped`.
pub const USERINFO: Table = UNRESERVED.or(Table::chars(";:&=+$,"));

/// ```text
/// userinfo      = *( unreserved | escaped |
///                    ";" | ":" | "&" | "=" | "+" | "$" | "," )
/// ```
/// rfc2396.txt:1490, section 3.2.2. Matches the empty string.
pub fn userinfo<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("userinfo", many_esc(&USERINFO, "userinfo", "escaped")).parse(i)
}

/// ```text
/// hostport      = host [ ":" port ]
/// ```
/// rfc2396.txt:1493, section 3.2.2. Gives the host and the port digits.
pub fn hostport<'a>(i: Span<'a>) -> PResult<'a, (Host<'a>, Option<Span<'a>>)> {
    hostport_in::<Rfc2396>(i)
}

/// `hostport`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn hostport_in<'a, D: Dialect>(
    i: Span<'a>,
) -> PResult<'a, (Host<'a>, Option<Span<'a>>)> {
    production("hostport", (host_in::<D>, opt(preceded(lit(":"), port)))).parse(i)
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
    host_in::<Rfc2396>(i)
}

/// `host`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) as RFC 2732 amends it, with its `IPv6reference` last: it
/// starts with `[`, which no `hostname` or `IPv4address` holds, so ordered choice stays exact.
pub(crate) fn host_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    let host = |kind| {
        move |h: Span<'a>| Host {
            text: h.into(),
            kind,
        }
    };
    production(
        "host",
        alt((
            map(hostname, host(HostKind::Hostname)),
            map(ipv4address_in::<D>, host(HostKind::Ipv4)),
            map(ipv6reference_in::<D>, host(HostKind::Ipv6)),
        )),
    )
    .parse(i)
}

/// RFC 2732's `IPv6reference` (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)), or nothing at all: RFC 2396 has no such host.
#[inline(always)]
fn ipv6reference_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    if D::IPV6 { D::ipv6reference(i) } else { fail() }
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
    production("hostname", |i| labels::hostname(i, LABELS)).parse(i)
}

/// ```text
/// domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
/// ```
/// rfc2396.txt:1496, section 3.2.2.
///
/// Rewrite: the greedy `*( alphanum | "-" )` would eat the closing `alphanum`; the scan keeps
/// the longest prefix ending in an `alphanum` instead (same language).
pub fn domainlabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("domainlabel", |i| labels::label_rule(i, LABELS, false)).parse(i)
}

/// ```text
/// toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
/// ```
/// rfc2396.txt:1497, section 3.2.2. Rewritten as [`domainlabel`] is.
pub fn toplabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("toplabel", |i| labels::label_rule(i, LABELS, true)).parse(i)
}

/// ```text
/// IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
/// ```
/// rfc2396.txt:1498, section 3.2.2.
pub fn ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    ipv4address_in::<Rfc2396>(i)
}

/// `IPv4address`: RFC 2396's `1*digit` parts, or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2373's `1*3DIGIT`, which RFC 2732
/// puts in its place.
pub(crate) fn ipv4address_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IPv4address",
        recognize((
            ipv4_part::<D>,
            lit("."),
            ipv4_part::<D>,
            lit("."),
            ipv4_part::<D>,
            lit("."),
            ipv4_part::<D>,
        )),
    )
    .parse(i)
}

/// A part of an `IPv4address`: `1*digit`, or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) `1*3DIGIT`.
#[inline(always)]
fn ipv4_part<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    if D::IPV6 {
        D::digits_1_3(i)
    } else {
        many1(&DIGIT, "digit").parse(i)
    }
}

/// ```text
/// port          = *digit
/// ```
/// rfc2396.txt:1499, section 3.2.2. Matches the empty string.
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("port", many(&DIGIT, "digit")).parse(i)
}
