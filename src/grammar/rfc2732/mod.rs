//! RFC 2732, "Format for Literal IPv6 Addresses in URL's": RFC 2396 as its section 3 amends
//! it (rfc2732.txt:116-138), with the IPv6address productions of RFC 2373 Appendix B that it
//! cites (`rfc2373-appendix-b.txt`, an excerpt). `grammar/rfc2732.bnf` holds the amended and
//! added productions; every other production is RFC 2396's, as printed.
//!
//! | production | here |
//! | --- | --- |
//! | `host`, `IPv4address`, `reserved`, `unwise` | amended: RFC 2396's functions with RFC 2732's choice (dialect [`Rfc2732`]) |
//! | `ipv6reference`, `IPv6address`, `hexpart`, `hexseq`, `hex4` | added, below |
//! | the productions that reach `host` or `uric` (`URI-reference`, `absoluteURI`, `relativeURI`, `hier_part`, `opaque_part`, `net_path`, `authority`, `server`, `hostport`, `path`, `query`, `fragment`, `uric`) | RFC 2396's text, run with RFC 2732's `host` and `reserved` |
//! | the rest | RFC 2396's functions |
//!
//! Where the printed grammar admits strings that are no IPv6 address, or leaves out some
//! that are (`::192.9.5.5`, an example of RFC 2732 itself), the language stays as printed;
//! `grammar/DEVIATIONS.md` records it.

use nom::branch::alt;
use nom::bytes::complete::take;
use nom::combinator::{all_consuming, map_parser, opt, recognize, verify};
use nom::multi::{many_m_n, many0_count};
use nom::sequence::preceded;
use nom::{OutputMode, Parser};

use crate::grammar::rfc2396::{self as base, DIGIT, Dialect, HEX};
use crate::grammar::{Rule, rule};
use crate::input::primitives::{Out, branch, lift, lit, next_byte, one, production};
use crate::input::{Fail, PResult, Span, fail};
use crate::rfc2396::Host;

/// RFC 2396's productions as RFC 2732 section 3 amends them (rfc2732.txt:116-138).
#[derive(Debug, Clone, Copy)]
pub struct Rfc2732;

impl Dialect for Rfc2732 {
    const IPV6: bool = true;
    #[inline(always)]
    fn ipv6reference(i: Span<'_>) -> PResult<'_, Span<'_>> {
        ipv6reference(i)
    }
    #[inline(always)]
    fn digits_1_3(i: Span<'_>) -> PResult<'_, Span<'_>> {
        digits_1_3(i)
    }
}

// =============================================================================================
// Section 3 (1): host and ipv6reference (rfc2732.txt:122-123)
// =============================================================================================

/// ```text
/// host          = hostname | IPv4address | IPv6reference
/// ```
/// rfc2732.txt:122, section 3. `IPv6reference` is the `ipv6reference` of the next line (the
/// BNF reader's correction).
pub fn host<'a>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    base::host_in::<Rfc2732>(i)
}

/// ```text
/// ipv6reference = "[" IPv6address "]"
/// ```
/// rfc2732.txt:123, section 3.
pub fn ipv6reference<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ipv6reference",
        recognize((lit("["), ipv6address, lit("]"))),
    )
    .parse(i)
}

// =============================================================================================
// RFC 2373 Appendix B (rfc2373-appendix-b.txt:6-13)
// =============================================================================================

/// ```text
/// IPv6address = hexpart [ ":" IPv4address ]
/// ```
/// rfc2373-appendix-b.txt:6 (RFC 2373 Appendix B).
///
/// Rewrite: `hexpart` ends with a `hexseq` that takes every `hex4` it can, and the first part
/// of an `IPv4address` (`1*3DIGIT`) is a `hex4` too: in `::FFFF:129.144.52.38` the `hexseq`
/// would take `FFFF:129` and leave `.144.52.38`. A `.` after the `hexpart` shows the last
/// group began the `IPv4address`; then the `hexpart` is read again up to the `:` before that
/// group, and the `IPv4address` after it. That group must be one to three digits and follow a
/// single `:` inside its `hexseq` (after `::`, or as the first group, no `":" IPv4address` can
/// start there): [`hexpart_before_ipv4`] reads that shorter `hexpart`. The first branch, when
/// it matches, is the longer match of the two (the second stops at the `.`), and an
/// `IPv6address` is followed by `]` in `ipv6reference`, never by a `.`: the longer match is
/// the only one a member can use, so taking it first keeps the language. When the
/// `IPv4address` fails, the whole `hexpart` stands, as read by the second branch.
pub fn ipv6address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IPv6address",
        recognize(alt((
            branch(recognize((hexpart_before_ipv4(), lit(":"), ipv4address))),
            recognize((hexpart, opt(preceded(lit(":"), ipv4address)))),
        ))),
    )
    .parse(i)
}

/// See [`hexpart_before_ipv4`].
#[derive(Clone, Copy)]
pub struct HexpartBeforeIpv4;

/// A `hexpart` that gives back its last group, when the `hexpart` read alone ends in a group
/// followed by a `.` (the group that begins an `IPv4address`): the `hexpart` up to the `:`
/// before that group. Fails when the `hexpart` is not followed by such a group (then
/// [`ipv6address`]'s second branch reads it as printed). The longest-match `hexseq` takes
/// every `hex4` it can; this is the one place where a shorter match is needed.
pub fn hexpart_before_ipv4() -> HexpartBeforeIpv4 {
    HexpartBeforeIpv4
}

impl<'a> Parser<Span<'a>> for HexpartBeforeIpv4 {
    type Output = Span<'a>;
    type Error = Fail;

    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, Span<'a>> {
        lift::<OM, Span<'a>>(hexpart_before_ipv4_at(i))
    }
}

/// [`hexpart_before_ipv4`] on `i`.
fn hexpart_before_ipv4_at<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    let mark = i.extra.mark();
    let split = match (hexpart, next_byte()).parse(i)? {
        (_, (h, Some(b'.'))) => ipv4_split(h.fragment()),
        _ => None,
    };
    let Some(split) = split else {
        return fail();
    };
    // The whole `hexpart` read above leaves no node: the shorter one is the derivation.
    i.extra.rollback(mark);
    map_parser(take(split), all_consuming(hexpart)).parse(i)
}

/// Where the `:` before the last group of a `hexpart`'s text stands, when that group can
/// begin an `IPv4address`: one to three digits after a single `:`.
fn ipv4_split(h: &str) -> Option<usize> {
    let b = h.as_bytes();
    let g = b.iter().rev().take_while(|c| c.is_ascii_hexdigit()).count();
    let colon = b.len().checked_sub(g + 1)?;
    let group = &b[colon + 1..];
    let single = b[colon] == b':' && (colon == 0 || b[colon - 1] != b':');
    (single && (1..=3).contains(&g) && group.iter().all(u8::is_ascii_digit)).then_some(colon)
}

/// ```text
/// hexpart = hexseq | hexseq "::" [ hexseq ] | "::" [ hexseq ]
/// ```
/// rfc2373-appendix-b.txt:11 (RFC 2373 Appendix B).
///
/// Rewrite: an optional `hexseq`, then `"::" [ hexseq ]`, which is required when there was no
/// `hexseq`. No `hexseq` holds `::`, so the first one ends where a `::` can start, and taking
/// the `::` whenever it follows gives the longest match of the three alternatives.
pub fn hexpart<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hexpart",
        verify(
            recognize((opt(hexseq), opt((lit("::"), opt(hexseq))))),
            |h: &Span<'a>| !h.fragment().is_empty(),
        ),
    )
    .parse(i)
}

/// ```text
/// hexseq  = hex4 *( ":" hex4)
/// ```
/// rfc2373-appendix-b.txt:12 (RFC 2373 Appendix B). A `:` not followed by a `hex4` is left
/// for what follows (the `::` of `hexpart`, or `":" IPv4address`).
pub fn hexseq<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hexseq",
        recognize((hex4, many0_count(preceded(lit(":"), hex4)))),
    )
    .parse(i)
}

/// ```text
/// hex4    = 1*4HEXDIG
/// ```
/// rfc2373-appendix-b.txt:13 (RFC 2373 Appendix B). ABNF's HEXDIG takes `a` to `f` as well
/// (its strings are case-insensitive): RFC 2396's `hex`.
pub fn hex4<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hex4", recognize(many_m_n(1, 4, one(&HEX, "HEXDIG")))).parse(i)
}

/// `1*3DIGIT`, the parts of RFC 2373's `IPv4address` (rfc2373-appendix-b.txt:7).
pub(crate) fn digits_1_3<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize(many_m_n(1, 3, one(&DIGIT, "DIGIT"))).parse(i)
}

/// RFC 2373's `IPv4address`, in RFC 2396's place:
///
/// ```text
/// IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
/// ```
/// rfc2373-appendix-b.txt:7 (RFC 2373 Appendix B), by RFC 2732 section 3 (2).
pub fn ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    base::ipv4address_in::<Rfc2732>(i)
}

/// ```text
/// reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
///               "$" | "," | "[" | "]"
/// ```
/// rfc2732.txt:133, section 3 (3).
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    base::reserved_in::<Rfc2732>(i)
}

/// ```text
/// unwise      = "{" | "}" | "|" | "\" | "^" | "`"
/// ```
/// rfc2732.txt:138, section 3 (3).
pub fn unwise<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    base::unwise_in::<Rfc2732>(i)
}

/// The productions of RFC 2396 as RFC 2732 amends them, in the order of the BNF reader's
/// reading: RFC 2396's, each amended one in its place, then the added ones.
pub static RULES: &[Rule] = &[
    rule!(
        "URI-reference",
        base::uri_reference_in::<Rfc2732>,
        1465,
        "4",
        nullable
    ),
    rule!("absoluteURI", base::absolute_uri_in::<Rfc2732>, 1466, "3"),
    rule!("relativeURI", base::relative_uri_in::<Rfc2732>, 1467, "5"),
    rule!("hier_part", base::hier_part_in::<Rfc2732>, 1469, "3"),
    rule!("opaque_part", base::opaque_part_in::<Rfc2732>, 1470, "3"),
    rule!("uric_no_slash", base::uric_no_slash, 1472, "3"),
    rule!("net_path", base::net_path_in::<Rfc2732>, 1475, "3"),
    rule!("abs_path", base::abs_path, 1476, "3"),
    rule!("rel_path", base::rel_path, 1477, "5"),
    rule!("rel_segment", base::rel_segment, 1479, "5"),
    rule!("scheme", base::scheme, 1482, "3.1"),
    rule!(
        "authority",
        base::authority_in::<Rfc2732>,
        1484,
        "3.2",
        nullable
    ),
    rule!("reg_name", base::reg_name, 1486, "3.2.1"),
    rule!(
        "server",
        base::server_in::<Rfc2732>,
        1489,
        "3.2.2",
        nullable
    ),
    rule!("userinfo", base::userinfo, 1490, "3.2.2", nullable),
    rule!("hostport", base::hostport_in::<Rfc2732>, 1493, "3.2.2"),
    rule!("host", host, 122, "3"),
    rule!("hostname", base::hostname, 1495, "3.2.2"),
    rule!("domainlabel", base::domainlabel, 1496, "3.2.2"),
    rule!("toplabel", base::toplabel, 1497, "3.2.2"),
    rule!("IPv4address", ipv4address, 7, "Appendix B"),
    rule!("port", base::port, 1499, "3.2.2", nullable),
    rule!("path", base::path_in::<Rfc2732>, 1501, "3.3", nullable),
    rule!("path_segments", base::path_segments, 1502, "3.3", nullable),
    rule!("segment", base::segment, 1503, "3.3", nullable),
    rule!("param", base::param, 1504, "3.3", nullable),
    rule!("pchar", base::pchar, 1505, "3.3"),
    rule!("query", base::query_in::<Rfc2732>, 1508, "3.4", nullable),
    rule!(
        "fragment",
        base::fragment_in::<Rfc2732>,
        1510,
        "4.1",
        nullable
    ),
    rule!("uric", base::uric_in::<Rfc2732>, 1519, "2"),
    rule!("reserved", reserved, 133, "3"),
    rule!("unreserved", base::unreserved, 1522, "2.3"),
    rule!("mark", base::mark, 1523, "2.3"),
    rule!("escaped", base::escaped, 1526, "2.4.1"),
    rule!("hex", base::hex, 1527, "2.4.1"),
    rule!("alphanum", base::alphanum, 1530, "1.6"),
    rule!("alpha", base::alpha, 1531, "1.6"),
    rule!("lowalpha", base::lowalpha, 1533, "1.6"),
    rule!("upalpha", base::upalpha, 1536, "1.6"),
    rule!("digit", base::digit, 1539, "1.6"),
    rule!("control", base::control, 541, "2.4.3"),
    rule!("space", base::space, 549, "2.4.3"),
    rule!("delims", base::delims, 558, "2.4.3"),
    rule!("unwise", unwise, 138, "3"),
    rule!("ipv6reference", ipv6reference, 123, "3"),
    rule!("IPv6address", ipv6address, 6, "Appendix B"),
    rule!("hexpart", hexpart, 11, "Appendix B"),
    rule!("hexseq", hexseq, 12, "Appendix B"),
    rule!("hex4", hex4, 13, "Appendix B"),
];

/// The spec file a production of [`RULES`] is cited in: RFC 2732's own (`host`,
/// `ipv6reference`, `reserved`, `unwise`), the RFC 2373 excerpt (`IPv6address` ... `hex4`,
/// `IPv4address`), or RFC 2396.
pub(crate) fn file_of(rule: &str) -> &'static str {
    match rule {
        "host" | "ipv6reference" | "reserved" | "unwise" => "rfc2732.txt",
        "IPv4address" | "IPv6address" | "hexpart" | "hexseq" | "hex4" => "rfc2373-appendix-b.txt",
        _ => "rfc2396.txt",
    }
}
