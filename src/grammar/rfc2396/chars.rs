//! Characters: Appendix A, rfc2396.txt:1519-1540, and the excluded characters of section
//! 2.4.3, rfc2396.txt:541-571.
//!
//! Each character production is a [`Table`] constant and a one-character function. A
//! production that includes `escaped` has its table hold only the single characters; the
//! functions and the run primitives ([`many_esc`](crate::input::many_esc)) add the escape.

use nom::Parser;

use crate::input::primitives::{one, one_or_escape, production};
use crate::input::{PResult, Span, escape, fail};
use crate::table::Table;

/// Which text of RFC 2396's productions a function follows: RFC 2396's own ([`Rfc2396`]) or
/// RFC 2396 as RFC 2732 amends it ([`Rfc2732`](crate::grammar::rfc2732::Rfc2732): `host`
/// takes an `IPv6reference`, `reserved` and so `uric` take `[` and `]`, and `IPv4address` is
/// RFC 2373's). The functions that reach
/// the amended productions take it as a type parameter (`host_in::<Rfc2732>`), so each
/// dialect is compiled on its own, with no test left at run time.
///
/// RFC 2732's own productions are reached through the dialect (`D::ipv6reference`), so that
/// this grammar names none of RFC 2732's, which builds on it: `Rfc2732`'s implementation
/// is in `grammar/rfc2732`.
pub trait Dialect: Copy + 'static {
    /// Whether this is RFC 2732's text.
    const IPV6: bool;
    /// RFC 2732's `IPv6reference`, called only when [`Dialect::IPV6`].
    fn ipv6reference(i: Span<'_>) -> PResult<'_, Span<'_>>;
    /// RFC 2373's `1*3DIGIT`, the parts of its `IPv4address`, called only when
    /// [`Dialect::IPV6`].
    fn digits_1_3(i: Span<'_>) -> PResult<'_, Span<'_>>;
}

/// RFC 2396's productions as printed (rfc2396.txt:1463-1540).
#[derive(Debug, Clone, Copy)]
pub struct Rfc2396;

impl Dialect for Rfc2396 {
    const IPV6: bool = false;
    fn ipv6reference(_: Span<'_>) -> PResult<'_, Span<'_>> {
        fail()
    }
    fn digits_1_3(_: Span<'_>) -> PResult<'_, Span<'_>> {
        fail()
    }
}

// =============================================================================================
// uric, reserved, unreserved, mark: sections 2, 2.2, 2.3 (rfc2396.txt:1519-1524)
// =============================================================================================

/// The single characters of `uric` (its `escaped` branch is the `%` handled by the parsers).
pub const URIC: Table = RESERVED.or(UNRESERVED);

/// ```text
/// uric          = reserved | unreserved | escaped
/// ```
/// rfc2396.txt:1519, section 2.
pub fn uric<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    uric_in::<Rfc2396>(i)
}

/// `uric`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) as RFC 2732 amends it: `reserved` has `[` and `]`.
#[inline]
pub(crate) fn uric_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("uric", one_or_escape(uric_table::<D>(), "uric", "escaped")).parse(i)
}

/// The single characters of `uric`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
#[inline(always)]
pub(crate) const fn uric_table<D: Dialect>() -> &'static Table {
    if D::IPV6 { &URIC_2732 } else { &URIC }
}

/// The single characters of `uric` as RFC 2732 amends it: `[` and `]` are `reserved`.
pub const URIC_2732: Table = RESERVED_2732.or(UNRESERVED);

/// `reserved` as RFC 2732 amends it (rfc2732.txt:133).
pub const RESERVED_2732: Table = RESERVED.or(Table::chars("[]"));

/// `unwise` as RFC 2732 amends it (rfc2732.txt:138): without `[` and `]`.
pub const UNWISE_2732: Table = Table::chars("{}|\\^`");

/// `reserved`.
pub const RESERVED: Table = Table::chars(";/?:@&=+$,");

/// ```text
/// reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
///                 "$" | ","
/// ```
/// rfc2396.txt:1520, section 2.2.
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    reserved_in::<Rfc2396>(i)
}

/// `reserved`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn reserved_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    let t = if D::IPV6 { &RESERVED_2732 } else { &RESERVED };
    production("reserved", one(t, "reserved")).parse(i)
}

/// `unreserved`.
pub const UNRESERVED: Table = ALPHANUM.or(MARK);

/// ```text
/// unreserved    = alphanum | mark
/// ```
/// rfc2396.txt:1522, section 2.3.
pub fn unreserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("unreserved", one(&UNRESERVED, "unreserved")).parse(i)
}

/// `mark`.
pub const MARK: Table = Table::chars("-_.!~*'()");

/// ```text
/// mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" |
///                 "(" | ")"
/// ```
/// rfc2396.txt:1523, section 2.3.
pub fn mark<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("mark", one(&MARK, "mark")).parse(i)
}

// =============================================================================================
// escaped and hex: section 2.4.1 (rfc2396.txt:1526-1528)
// =============================================================================================

/// ```text
/// escaped       = "%" hex hex
/// ```
/// rfc2396.txt:1526, section 2.4.1.
///
/// Commits after the `%` (nom's `cut`): `%` occurs nowhere else in the grammar.
pub fn escaped<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("escaped", escape).parse(i)
}

/// `hex`.
pub const HEX: Table = DIGIT.or(Table::chars("ABCDEFabcdef"));

/// ```text
/// hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                         "a" | "b" | "c" | "d" | "e" | "f"
/// ```
/// rfc2396.txt:1527, section 2.4.1.
pub fn hex<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hex", one(&HEX, "hex")).parse(i)
}

// =============================================================================================
// alphanum, alpha, lowalpha, upalpha, digit: section 1.6 (rfc2396.txt:1530-1540)
// =============================================================================================

/// `alphanum`.
pub const ALPHANUM: Table = ALPHA.or(DIGIT);

/// ```text
/// alphanum      = alpha | digit
/// ```
/// rfc2396.txt:1530, section 1.6.
pub fn alphanum<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alphanum", one(&ALPHANUM, "alphanum")).parse(i)
}

/// `alpha`.
pub const ALPHA: Table = LOWALPHA.or(UPALPHA);

/// ```text
/// alpha         = lowalpha | upalpha
/// ```
/// rfc2396.txt:1531, section 1.6.
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alpha", one(&ALPHA, "alpha")).parse(i)
}

/// `lowalpha`.
pub const LOWALPHA: Table = Table::range(b'a', b'z');

/// ```text
/// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
///            "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
///            "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
/// ```
/// rfc2396.txt:1533, section 1.6.
pub fn lowalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("lowalpha", one(&LOWALPHA, "lowalpha")).parse(i)
}

/// `upalpha`.
pub const UPALPHA: Table = Table::range(b'A', b'Z');

/// ```text
/// upalpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///            "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///            "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
/// rfc2396.txt:1536, section 1.6.
pub fn upalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("upalpha", one(&UPALPHA, "upalpha")).parse(i)
}

/// `digit`.
pub const DIGIT: Table = Table::range(b'0', b'9');

/// ```text
/// digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///            "8" | "9"
/// ```
/// rfc2396.txt:1539, section 1.6.
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digit", one(&DIGIT, "digit")).parse(i)
}

// =============================================================================================
// Excluded US-ASCII characters: section 2.4.3 (rfc2396.txt:541-571)
// =============================================================================================

/// `control`.
pub const CONTROL: Table = Table::range(0x00, 0x1F).or(Table::chars("\x7F"));

/// ```text
/// control     = <US-ASCII coded characters 00-1F and 7F hexadecimal>
/// ```
/// rfc2396.txt:541, section 2.4.3.
pub fn control<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("control", one(&CONTROL, "control")).parse(i)
}

/// `space`.
pub const SPACE: Table = Table::chars(" ");

/// ```text
/// space       = <US-ASCII coded character 20 hexadecimal>
/// ```
/// rfc2396.txt:549, section 2.4.3.
pub fn space<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("space", one(&SPACE, "space")).parse(i)
}

/// `delims`.
pub const DELIMS: Table = Table::chars("<>#%\"");

/// ```text
/// delims      = "<" | ">" | "#" | "%" | <">
/// ```
/// rfc2396.txt:558, section 2.4.3.
pub fn delims<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("delims", one(&DELIMS, "delims")).parse(i)
}

/// `unwise`.
pub const UNWISE: Table = Table::chars("{}|\\^[]`");

/// ```text
/// unwise      = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"
/// ```
/// rfc2396.txt:571, section 2.4.3.
pub fn unwise<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    unwise_in::<Rfc2396>(i)
}

/// `unwise`, of RFC 2396 or (dialect [`Rfc2732`](crate::grammar::rfc2732::Rfc2732)) RFC 2732.
pub(crate) fn unwise_in<'a, D: Dialect>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    let t = if D::IPV6 { &UNWISE_2732 } else { &UNWISE };
    production("unwise", one(t, "unwise")).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table against a naive predicate written from the production text, for all 256
    /// byte values.
    #[test]
    fn tables_match_naive_predicates() {
        type Naive = (&'static str, Table, fn(u8) -> bool);
        let naive: &[Naive] = &[
            ("lowalpha", LOWALPHA, |b| b.is_ascii_lowercase()),
            ("upalpha", UPALPHA, |b| b.is_ascii_uppercase()),
            ("alpha", ALPHA, |b| b.is_ascii_alphabetic()),
            ("digit", DIGIT, |b| b.is_ascii_digit()),
            ("alphanum", ALPHANUM, |b| b.is_ascii_alphanumeric()),
            ("hex", HEX, |b| b.is_ascii_hexdigit()),
            ("mark", MARK, |b| {
                matches!(
                    b,
                    b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
                )
            }),
            ("reserved", RESERVED, |b| {
                matches!(
                    b,
                    b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b','
                )
            }),
            ("unreserved", UNRESERVED, |b| {
                b.is_ascii_alphanumeric()
                    || matches!(
                        b,
                        b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
                    )
            }),
            ("control", CONTROL, |b| b < 0x20 || b == 0x7F),
            ("space", SPACE, |b| b == b' '),
            ("delims", DELIMS, |b| {
                matches!(b, b'<' | b'>' | b'#' | b'%' | b'"')
            }),
            ("unwise", UNWISE, |b| {
                matches!(b, b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`')
            }),
        ];
        for (name, t, f) in naive {
            for b in 0..=255u8 {
                assert_eq!(t.contains(b), f(b), "{name} at byte {b:#04x}");
            }
        }
    }

    /// Section 2.4.3: the excluded characters, the URI characters and the rest of US-ASCII
    /// partition it. Only `%` sits in two places: it is excluded as a data character and begins
    /// every `escaped`.
    #[test]
    fn excluded_and_uri_characters_partition_ascii() {
        let excluded = CONTROL.or(SPACE).or(DELIMS).or(UNWISE);
        let all = Table::range(0, 127);
        assert_eq!(excluded.or(URIC), all);
        assert_eq!(excluded.minus(URIC), excluded);
    }
}
