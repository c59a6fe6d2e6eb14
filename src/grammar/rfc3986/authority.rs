//! Authorities, hosts and ports: Appendix A, rfc3986.txt:2717-2757 (sections 3.2 to 3.2.3).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, opt, recognize, verify};
use nom::multi::many_m_n;
use nom::sequence::{preceded, terminated};

use super::chars::{DIGIT, HEXDIG, SUB_DELIMS, UNRESERVED};
use crate::input::primitives::{branch, lit, many, many_esc, many1, next_byte, one, production};
use crate::input::{Mode, PResult, Span};
use crate::part::Part;
use crate::rfc3986::uri::{Authority, Host};
use crate::shared::HostKind;
use crate::table::Table;

// =============================================================================================
// Authority: section 3.2 (rfc3986.txt:2717-2720)
// =============================================================================================

/// ```text
/// authority     = [ userinfo "@" ] host [ ":" port ]
/// ```
/// rfc3986.txt:2717, section 3.2. Matches the empty string (an empty `reg-name`).
///
/// `userinfo` has no `@`, so `userinfo "@"` can only end at the first `@`; `host` and `port`
/// hold no `@` either, so when `userinfo "@"` matches, the authority without it could not
/// reach past that `@`: trying it first and falling back to `host [ ":" port ]` is exact.
/// `host` ends before the first `:` (no `reg-name` or `IPv4address` holds one, and an
/// `IP-literal` ends at its `]`), so the optional port starts where it must.
///
/// The fast pass reads the same value over byte positions (`fast.rs`).
pub fn authority<'a>(i: Span<'a>) -> PResult<'a, Authority<'a>> {
    if i.extra.mode() == Mode::Fast {
        return super::fast::authority_span(i);
    }
    production(
        "authority",
        map(
            consumed((
                opt(branch(terminated(userinfo, lit("@")))),
                host,
                opt(preceded(lit(":"), port)),
            )),
            |(text, (userinfo, host, port))| Authority {
                text: text.into(),
                userinfo: userinfo.map(Part::from),
                host,
                port: port.map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// `userinfo`, without its `pct-encoded`.
pub const USERINFO: Table = UNRESERVED.or(SUB_DELIMS).or(Table::chars(":"));

/// ```text
/// userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
/// ```
/// rfc3986.txt:2718, section 3.2.1. Matches the empty string.
pub fn userinfo<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("userinfo", many_esc(&USERINFO, "userinfo", "pct-encoded")).parse(i)
}

/// ```text
/// host          = IP-literal / IPv4address / reg-name
/// ```
/// rfc3986.txt:2719, section 3.2.2. Matches the empty string (an empty `reg-name`).
///
/// Rewrite: every `IPv4address` is a `reg-name` too (digits and `.` are `unreserved`), so a
/// `reg-name` can go on where an `IPv4address` stops (`1.2.3.4x`, `1.2.3.256`): taken first,
/// the `IPv4address` would cut such a host short. It is taken only when no `reg-name`
/// character follows it, the reading section 3.2.2 asks for ("If host matches the rule for
/// IPv4address, then it should be considered an IPv4 address literal and not a reg-name",
/// rfc3986.txt:1029); otherwise the `reg-name`, which takes the longest run. The language is
/// the same: the union of the three. An `IP-literal` starts with `[`, which neither of the
/// others holds.
pub fn host<'a>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    production(
        "host",
        alt((
            ip_literal,
            map(whole_ipv4address, |h| Host::new(h, HostKind::Ipv4)),
            map(reg_name, |h| Host::new(h, HostKind::RegName)),
        )),
    )
    .parse(i)
}

/// An `IPv4address` that is the whole host: no `reg-name` character (or `%`) follows it.
fn whole_ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    branch(terminated(
        ipv4address,
        verify(next_byte(), |&b| {
            !b.is_some_and(|b| REG_NAME.contains(b) || b == b'%')
        }),
    ))
    .parse(i)
}

/// ```text
/// port          = *DIGIT
/// ```
/// rfc3986.txt:2720, section 3.2.3. Matches the empty string.
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("port", many(&DIGIT, "DIGIT")).parse(i)
}

// =============================================================================================
// IP literals: section 3.2.2 (rfc3986.txt:2722-2734)
// =============================================================================================

/// ```text
/// IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
/// ```
/// rfc3986.txt:2722, section 3.2.2.
///
/// Ordered choice is exact: an `IPvFuture` starts with `v` or `V`, an `IPv6address` never.
pub fn ip_literal<'a>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    production(
        "IP-literal",
        map(
            consumed((
                lit("["),
                alt((
                    map(ipv6address, |_| HostKind::Ipv6),
                    map(ipvfuture, |_| HostKind::IpvFuture),
                )),
                lit("]"),
            )),
            |(text, (_, kind, _))| Host::new(text, kind),
        ),
    )
    .parse(i)
}

/// The `"v"` of `IPvFuture`: an ABNF string, case-insensitive (RFC 2234 section 2.3).
const V: Table = Table::chars("vV");

/// The characters of an `IPvFuture` after its `.`.
pub(crate) const IPVFUTURE: Table = UNRESERVED.or(SUB_DELIMS).or(Table::chars(":"));

/// ```text
/// IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
/// ```
/// rfc3986.txt:2724, section 3.2.2. The `"v"` is either case, as every ABNF string.
pub fn ipvfuture<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IPvFuture",
        recognize((
            one(&V, "\"v\""),
            many1(&HEXDIG, "HEXDIG"),
            lit("."),
            many1(&IPVFUTURE, "IPvFuture"),
        )),
    )
    .parse(i)
}

/// ```text
/// IPv6address   =                            6( h16 ":" ) ls32
///               /                       "::" 5( h16 ":" ) ls32
///               / [               h16 ] "::" 4( h16 ":" ) ls32
///               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///               / [ *4( h16 ":" ) h16 ] "::"              ls32
///               / [ *5( h16 ":" ) h16 ] "::"              h16
///               / [ *6( h16 ":" ) h16 ] "::"
/// ```
/// rfc3986.txt:2726, section 3.2.2.
///
/// The nine alternatives in order, two things rewritten:
///
/// - `[ *k( h16 ":" ) h16 ]` before the `"::"` is read as `[ h16 *k( ":" h16 ) ]`
///   ([`groups_before`]), the same strings: taken literally, the greedy `*k( h16 ":" )` would
///   eat the `h16 ":"` that begins the `"::"` (`1::`) and leave no `h16` before it.
/// - Ordered choice stays exact even though alternatives share prefixes: an address has one
///   `::` at most, so every alternative that has one puts it at the same place, and after it
///   the alternatives ask for 7, 6 ... 0 groups (an `IPv4address` counts two), in that order.
///   An alternative that asks for more groups than follow fails (an `h16 ":"` cannot take an
///   `IPv4address`, nor `h16 ":" h16` a `.`); the first that does not asks for exactly as
///   many as follow, and takes them all. So the first alternative to match takes the whole
///   address, which is all an `IP-literal` (followed by `]`) or a whole input can use.
pub fn ipv6address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IPv6address",
        alt((
            branch(recognize((h16_colons::<6>, ls32))),
            branch(recognize((lit("::"), h16_colons::<5>, ls32))),
            branch(recognize((
                opt(groups_before::<1>),
                lit("::"),
                h16_colons::<4>,
                ls32,
            ))),
            branch(recognize((
                opt(groups_before::<2>),
                lit("::"),
                h16_colons::<3>,
                ls32,
            ))),
            branch(recognize((
                opt(groups_before::<3>),
                lit("::"),
                h16_colons::<2>,
                ls32,
            ))),
            branch(recognize((
                opt(groups_before::<4>),
                lit("::"),
                h16_colons::<1>,
                ls32,
            ))),
            branch(recognize((opt(groups_before::<5>), lit("::"), ls32))),
            branch(recognize((opt(groups_before::<6>), lit("::"), h16))),
            recognize((opt(groups_before::<7>), lit("::"))),
        )),
    )
    .parse(i)
}

/// `N( h16 ":" )`: exactly `N` groups, each followed by a `:`.
fn h16_colons<'a, const N: usize>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize(many_m_n(N, N, branch((h16, lit(":"))))).parse(i)
}

/// `*(MAX - 1)( h16 ":" ) h16`, the groups before a `"::"`, as `h16 *(MAX - 1)( ":" h16 )`:
/// one to `MAX` groups with a `:` between each two. A `:` that no `h16` follows (the first of
/// a `"::"`) is left for the `"::"`.
fn groups_before<'a, const MAX: usize>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize((h16, many_m_n(0, MAX - 1, preceded(lit(":"), h16)))).parse(i)
}

/// ```text
/// h16           = 1*4HEXDIG
/// ```
/// rfc3986.txt:2736, section 3.2.2.
pub fn h16<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("h16", recognize(many_m_n(1, 4, one(&HEXDIG, "HEXDIG")))).parse(i)
}

/// ```text
/// ls32          = ( h16 ":" h16 ) / IPv4address
/// ```
/// rfc3986.txt:2737, section 3.2.2.
///
/// Ordered choice is exact: after their first group, the first alternative needs a `:` and
/// the second a `.`.
pub fn ls32<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ls32",
        alt((branch(recognize((h16, lit(":"), h16))), ipv4address)),
    )
    .parse(i)
}

/// ```text
/// IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
/// ```
/// rfc3986.txt:2738, section 3.2.2.
pub fn ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IPv4address",
        recognize((
            dec_octet,
            lit("."),
            dec_octet,
            lit("."),
            dec_octet,
            lit("."),
            dec_octet,
        )),
    )
    .parse(i)
}

/// `%x31-39`.
const DIGIT_1_9: Table = Table::range(b'1', b'9');
/// `%x30-34`.
const DIGIT_0_4: Table = Table::range(b'0', b'4');
/// `%x30-35`.
const DIGIT_0_5: Table = Table::range(b'0', b'5');

/// ```text
/// dec-octet     = DIGIT                 ; 0-9
///               / %x31-39 DIGIT         ; 10-99
///               / "1" 2DIGIT            ; 100-199
///               / "2" %x30-34 DIGIT     ; 200-249
///               / "25" %x30-35          ; 250-255
/// ```
/// rfc3986.txt:2751, section 3.2.2.
///
/// Rewrite: the five alternatives in reverse order (the order erratum 4393 proposed; it was
/// rejected as the printed order derives the same strings). In the printed order, `DIGIT`
/// would take the `2` of `250` and leave `50`, which nothing after a `dec-octet` (a `.`, or
/// what follows an `IPv4address`) can take. Reversed, the three-digit alternatives come
/// before the two-digit one and that before `DIGIT`, so the first to match is the longest
/// match; the set of strings is the same.
pub fn dec_octet<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "dec-octet",
        alt((
            recognize((lit("25"), one(&DIGIT_0_5, "%x30-35"))),
            recognize((lit("2"), one(&DIGIT_0_4, "%x30-34"), one(&DIGIT, "DIGIT"))),
            recognize((lit("1"), one(&DIGIT, "DIGIT"), one(&DIGIT, "DIGIT"))),
            recognize((one(&DIGIT_1_9, "%x31-39"), one(&DIGIT, "DIGIT"))),
            one(&DIGIT, "DIGIT"),
        )),
    )
    .parse(i)
}

// =============================================================================================
// Registered name: section 3.2.2 (rfc3986.txt:2757)
// =============================================================================================

/// `reg-name`, without its `pct-encoded`.
pub const REG_NAME: Table = UNRESERVED.or(SUB_DELIMS);

/// ```text
/// reg-name      = *( unreserved / pct-encoded / sub-delims )
/// ```
/// rfc3986.txt:2757, section 3.2.2. Matches the empty string.
pub fn reg_name<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reg-name", many_esc(&REG_NAME, "reg-name", "pct-encoded")).parse(i)
}
