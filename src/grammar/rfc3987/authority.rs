//! Authorities and hosts: rfc3987.txt:402-406 (section 2.2), and the rules of RFC 3986 that
//! RFC 3987 keeps for ports and IP literals (rfc3987.txt:459-484).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize, verify};
use nom::sequence::{preceded, terminated};

use super::chars::{Beyond, NextChar, irun};
use crate::grammar::rfc3986::{self, REG_NAME, USERINFO};
use crate::input::primitives::{branch, lit, production};
use crate::input::{PResult, Span};

// =============================================================================================
// Authority (rfc3987.txt:402-406)
// =============================================================================================

/// ```text
/// iauthority     = [ iuserinfo "@" ] ihost [ ":" port ]
/// ```
/// rfc3987.txt:402, section 2.2. Matches the empty string (an empty `ireg-name`).
///
/// As RFC 3986's `authority`: `iuserinfo` has no `@`, so `iuserinfo "@"` can only end at the
/// first `@`, and `ihost` and `port` hold none, so trying it first and falling back is exact;
/// `ihost` ends before the first `:`.
pub fn iauthority<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "iauthority",
        recognize((
            opt(branch(terminated(iuserinfo, lit("@")))),
            ihost,
            opt(preceded(lit(":"), port)),
        )),
    )
    .parse(i)
}

/// ```text
/// iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )
/// ```
/// rfc3987.txt:403, section 2.2. Matches the empty string.
pub fn iuserinfo<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("iuserinfo", irun(USERINFO, Beyond::Ucs, "iuserinfo")).parse(i)
}

/// ```text
/// ihost          = IP-literal / IPv4address / ireg-name
/// ```
/// rfc3987.txt:404, section 2.2. Matches the empty string (an empty `ireg-name`).
///
/// Rewrite, as RFC 3986's `host`: every `IPv4address` is an `ireg-name` too, so it is taken
/// only when no `ireg-name` character (or `%`, or a `ucschar`) follows it; otherwise the
/// `ireg-name`, which takes the longest run. The language is the union of the three.
pub fn ihost<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ihost",
        alt((
            recognize(ip_literal),
            branch(terminated(
                ipv4address,
                verify(NextChar, |c: &Option<char>| !c.is_some_and(in_ireg_name)),
            )),
            ireg_name,
        )),
    )
    .parse(i)
}

/// Whether `c` can go on an `ireg-name` (a `%` starts its `pct-encoded`).
fn in_ireg_name(c: char) -> bool {
    if c.is_ascii() {
        REG_NAME.contains(c as u8) || c == '%'
    } else {
        Beyond::Ucs.admits(c)
    }
}

/// ```text
/// ireg-name      = *( iunreserved / pct-encoded / sub-delims )
/// ```
/// rfc3987.txt:406, section 2.2. Matches the empty string.
pub fn ireg_name<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ireg-name", irun(REG_NAME, Beyond::Ucs, "ireg-name")).parse(i)
}

// =============================================================================================
// The rules RFC 3987 keeps: port and IP literals (rfc3987.txt:459-484)
// =============================================================================================

/// ```text
/// port           = *DIGIT
/// ```
/// rfc3987.txt:459, section 2.2. RFC 3986's own ([`rfc3986::port`]). Matches the empty string.
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::port(i)
}

/// ```text
/// IP-literal     = "[" ( IPv6address / IPvFuture  ) "]"
/// ```
/// rfc3987.txt:461, section 2.2. RFC 3986's own ([`rfc3986::ip_literal`]), whose value is a
/// [`rfc3986::Host`](crate::rfc3986::Host).
pub fn ip_literal<'a>(i: Span<'a>) -> PResult<'a, crate::rfc3986::uri::Host<'a>> {
    rfc3986::ip_literal(i)
}

/// ```text
/// IPvFuture      = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
/// ```
/// rfc3987.txt:463, section 2.2. RFC 3986's own ([`rfc3986::ipvfuture`]).
pub fn ipvfuture<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::ipvfuture(i)
}

/// ```text
/// IPv6address    =                            6( h16 ":" ) ls32
///                /                       "::" 5( h16 ":" ) ls32
///                / [               h16 ] "::" 4( h16 ":" ) ls32
///                / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///                / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///                / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///                / [ *4( h16 ":" ) h16 ] "::"              ls32
///                / [ *5( h16 ":" ) h16 ] "::"              h16
///                / [ *6( h16 ":" ) h16 ] "::"
/// ```
/// rfc3987.txt:465, section 2.2. RFC 3986's own ([`rfc3986::ipv6address`]).
pub fn ipv6address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::ipv6address(i)
}

/// ```text
/// h16            = 1*4HEXDIG
/// ```
/// rfc3987.txt:475, section 2.2. RFC 3986's own ([`rfc3986::h16`]).
pub fn h16<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::h16(i)
}

/// ```text
/// ls32           = ( h16 ":" h16 ) / IPv4address
/// ```
/// rfc3987.txt:476, section 2.2. RFC 3986's own ([`rfc3986::ls32`]).
pub fn ls32<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::ls32(i)
}

/// ```text
/// IPv4address    = dec-octet "." dec-octet "." dec-octet "." dec-octet
/// ```
/// rfc3987.txt:478, section 2.2. RFC 3986's own ([`rfc3986::ipv4address`]).
pub fn ipv4address<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::ipv4address(i)
}

/// ```text
/// dec-octet      = DIGIT                 ; 0-9
///                / %x31-39 DIGIT         ; 10-99
///                / "1" 2DIGIT            ; 100-199
///                / "2" %x30-34 DIGIT     ; 200-249
///                / "25" %x30-35          ; 250-255
/// ```
/// rfc3987.txt:480, section 2.2. RFC 3986's own ([`rfc3986::dec_octet`]).
pub fn dec_octet<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::dec_octet(i)
}
