//! Characters: the rules section 1.5 imports (rfc6570.txt:594-613) and `literals` (section 2.1,
//! rfc6570.txt:704-709).
//!
//! ALPHA, DIGIT and HEXDIG are RFC 5234's core rules, `pct-encoded` is RFC 3986's and
//! `ucschar` and `iprivate` are RFC 3987's: section 1.5 prints each as it imports it, and
//! each is a one-line function here over the function of its home spec. `literals` is a
//! [`Table`] of its ASCII ranges plus the code points of `ucschar` and `iprivate`, tested on the
//! decoded character, as RFC 3987's `iquery` is.

use nom::Parser;

use crate::grammar::rfc3986::{self, ALPHA, DIGIT, HEXDIG};
use crate::grammar::rfc3987::{self, chars::Beyond, chars::ione_or_escape};
use crate::input::primitives::{one, production};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// The imported rules: section 1.5 (rfc6570.txt:594-613)
// =============================================================================================

/// ```text
/// ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
/// ```
/// rfc6570.txt:594, section 1.5 (RFC 5234's core rule).
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ALPHA", one(&ALPHA, "ALPHA")).parse(i)
}

/// ```text
/// DIGIT          =  %x30-39             ; 0-9
/// ```
/// rfc6570.txt:595, section 1.5 (RFC 5234's core rule).
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("DIGIT", one(&DIGIT, "DIGIT")).parse(i)
}

/// ```text
/// HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
///                   ; case-insensitive
/// ```
/// rfc6570.txt:596, section 1.5 (RFC 5234's core rule): the quoted strings are
/// case-insensitive, so `a` to `f` too.
pub fn hexdig<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("HEXDIG", one(&HEXDIG, "HEXDIG")).parse(i)
}

/// ```text
/// pct-encoded    =  "%" HEXDIG HEXDIG
/// ```
/// rfc6570.txt:599, section 1.5. RFC 3986's own ([`rfc3986::pct_encoded`]): commits after the
/// `%`, which no other rule of the template syntax holds.
pub fn pct_encoded<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::pct_encoded(i)
}

/// ```text
/// ucschar        =  %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
///                /  %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
///                /  %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
///                /  %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
///                /  %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
///                /  %xD0000-DFFFD / %xE1000-EFFFD
/// ```
/// rfc6570.txt:606, section 1.5. RFC 3987's own ([`rfc3987::ucschar`], rfc3987.txt:435): code
/// points, tested on the decoded character.
pub fn ucschar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3987::ucschar(i)
}

/// ```text
/// iprivate       =  %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
/// ```
/// rfc6570.txt:613, section 1.5. RFC 3987's own ([`rfc3987::iprivate`], rfc3987.txt:442).
pub fn iprivate<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3987::iprivate(i)
}

// =============================================================================================
// Literals: section 2.1 (rfc6570.txt:704-709)
// =============================================================================================

/// The ASCII characters of `literals`: `%x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B /
/// %x5D / %x5F / %x61-7A / %x7E` (rfc6570.txt:704-705). `%` is its `pct-encoded`.
pub const LITERALS: Table = Table::range(0x21, 0x21)
    .or(Table::range(0x23, 0x24))
    .or(Table::range(0x26, 0x26))
    .or(Table::range(0x28, 0x3B))
    .or(Table::range(0x3D, 0x3D))
    .or(Table::range(0x3F, 0x5B))
    .or(Table::range(0x5D, 0x5D))
    .or(Table::range(0x5F, 0x5F))
    .or(Table::range(0x61, 0x7A))
    .or(Table::range(0x7E, 0x7E));

/// ```text
/// literals      =  %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B
///               /  %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate
///               /  pct-encoded
///                    ; any Unicode character except: CTL, SP,
///                    ;  DQUOTE, "'", "%" (aside from pct-encoded),
///                    ;  "<", ">", "\", "^", "`", "{", "|", "}"
/// ```
/// rfc6570.txt:704, section 2.1. One character (or one `pct-encoded`): a template's literal
/// text is a run of them ([`super::uri_template`]).
pub fn literals<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "literals",
        ione_or_escape(LITERALS, Beyond::UcsAndPrivate, "literals"),
    )
    .parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against the comment's own words, for all 256 byte values: every ASCII
    /// character but CTL, SP, DQUOTE, "'", "%", "<", ">", "\", "^", "`", "{", "|", "}"
    /// (rfc6570.txt:707-709), and no byte above ASCII.
    #[test]
    fn literals_is_ascii_but_the_excluded() {
        for b in 0..=255u8 {
            let excluded = b < 0x20 || b == 0x7F || b" \"'%<>\\^`{|}".contains(&b);
            assert_eq!(
                LITERALS.contains(b),
                b.is_ascii() && !excluded,
                "byte {b:#04x}"
            );
        }
    }
}
