//! Characters: Appendix A, rfc3986.txt:2782-2788 (sections 2.1 to 2.3), and the three core
//! rules of ABNF that Appendix A uses.
//!
//! Each character production is a [`Table`] constant and a one-character function.
//! `pct-encoded` is the `%` of the run primitives ([`many_esc`](crate::input::many_esc)): a
//! production that includes it has its table hold only the single characters.
//!
//! ALPHA, DIGIT and HEXDIG are RFC 2234's core rules (section 6.1), which RFC 3986 names in
//! section 1.3 (rfc3986.txt:590-594) and does not print: tables here, not productions (they
//! are in no registry, as they are in no grammar file; `grammar/DEVIATIONS.md`).

use nom::Parser;

use crate::input::primitives::{one, production};
use crate::input::{PResult, Span, escape};
use crate::table::Table;

// =============================================================================================
// The core rules of ABNF (RFC 2234 section 6.1)
// =============================================================================================

/// `ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z` (RFC 2234 section 6.1).
pub const ALPHA: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));

/// `DIGIT          =  %x30-39` (RFC 2234 section 6.1).
pub const DIGIT: Table = Table::range(b'0', b'9');

/// `HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 2234 section 6.1), whose
/// quoted strings are case-insensitive: `a` to `f` too.
pub const HEXDIG: Table = DIGIT
    .or(Table::range(b'A', b'F'))
    .or(Table::range(b'a', b'f'));

// =============================================================================================
// Percent-encoding: section 2.1 (rfc3986.txt:2782)
// =============================================================================================

/// ```text
/// pct-encoded   = "%" HEXDIG HEXDIG
/// ```
/// rfc3986.txt:2782, section 2.1.
///
/// Commits after the `%` (nom's `cut`): `%` occurs nowhere else in the grammar, so no other
/// branch can take it.
pub fn pct_encoded<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("pct-encoded", escape).parse(i)
}

// =============================================================================================
// Unreserved and reserved characters: sections 2.2 and 2.3 (rfc3986.txt:2784-2788)
// =============================================================================================

/// `unreserved`.
pub const UNRESERVED: Table = ALPHA.or(DIGIT).or(Table::chars("-._~"));

/// ```text
/// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
/// ```
/// rfc3986.txt:2784, section 2.3.
pub fn unreserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("unreserved", one(&UNRESERVED, "unreserved")).parse(i)
}

/// `reserved`.
pub const RESERVED: Table = GEN_DELIMS.or(SUB_DELIMS);

/// ```text
/// reserved      = gen-delims / sub-delims
/// ```
/// rfc3986.txt:2785, section 2.2.
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reserved", one(&RESERVED, "reserved")).parse(i)
}

/// `gen-delims`.
pub const GEN_DELIMS: Table = Table::chars(":/?#[]@");

/// ```text
/// gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
/// ```
/// rfc3986.txt:2786, section 2.2.
pub fn gen_delims<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("gen-delims", one(&GEN_DELIMS, "gen-delims")).parse(i)
}

/// `sub-delims`.
pub const SUB_DELIMS: Table = Table::chars("!$&'()*+,;=");

/// ```text
/// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
///               / "*" / "+" / "," / ";" / "="
/// ```
/// rfc3986.txt:2787, section 2.2.
pub fn sub_delims<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("sub-delims", one(&SUB_DELIMS, "sub-delims")).parse(i)
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
            ("ALPHA", ALPHA, |b| b.is_ascii_alphabetic()),
            ("DIGIT", DIGIT, |b| b.is_ascii_digit()),
            ("HEXDIG", HEXDIG, |b| b.is_ascii_hexdigit()),
            ("unreserved", UNRESERVED, |b| {
                b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
            }),
            ("gen-delims", GEN_DELIMS, |b| {
                matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
            }),
            ("sub-delims", SUB_DELIMS, |b| {
                matches!(
                    b,
                    b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
                )
            }),
        ];
        for (name, t, f) in naive {
            for b in 0..=255u8 {
                assert_eq!(t.contains(b), f(b), "{name} at byte {b:#04x}");
            }
        }
    }

    /// Section 2: the reserved and unreserved characters are disjoint, and with `%` they are
    /// all the characters a URI can hold: 85 of ASCII's 128.
    #[test]
    fn reserved_and_unreserved_partition_the_uri_characters() {
        assert!(RESERVED.minus(UNRESERVED) == RESERVED);
        assert_eq!(RESERVED.len() + UNRESERVED.len(), 84);
        assert_eq!(RESERVED.or(UNRESERVED).or(Table::chars("%")).len(), 85);
        assert_eq!(GEN_DELIMS.len() + SUB_DELIMS.len(), RESERVED.len());
    }
}
