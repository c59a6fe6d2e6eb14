//! Characters: the miscellaneous definitions of section 5, rfc1738.txt:1054-1088.
//!
//! Each character production is a [`Table`] constant and a one-character function. A
//! production that includes `escape` (`uchar`, `xchar`) has its table hold only the single
//! characters; the functions and the run primitives ([`many_esc`](crate::input::many_esc)) add
//! the escape.

use nom::Parser;

use crate::input::primitives::{many1, one, one_or_escape, production};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// ; Miscellaneous definitions (rfc1738.txt:1054-1088)
// =============================================================================================

/// `lowalpha`.
pub const LOWALPHA: Table = Table::range(b'a', b'z');

/// ```text
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
/// rfc1738.txt:1056, section 5.
pub fn lowalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("lowalpha", one(&LOWALPHA, "lowalpha")).parse(i)
}

/// `hialpha`.
pub const HIALPHA: Table = Table::range(b'A', b'Z');

/// ```text
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
/// rfc1738.txt:1060, section 5.
pub fn hialpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hialpha", one(&HIALPHA, "hialpha")).parse(i)
}

/// `alpha`.
pub const ALPHA: Table = LOWALPHA.or(HIALPHA);

/// ```text
/// alpha          = lowalpha | hialpha
/// ```
/// rfc1738.txt:1071, section 5.
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alpha", one(&ALPHA, "alpha")).parse(i)
}

/// `digit`.
pub const DIGIT: Table = Table::range(b'0', b'9');

/// ```text
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
/// rfc1738.txt:1072, section 5.
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digit", one(&DIGIT, "digit")).parse(i)
}

/// `safe`.
pub const SAFE: Table = Table::chars("$-_.+");

/// ```text
/// safe           = "$" | "-" | "_" | "." | "+"
/// ```
/// rfc1738.txt:1074, section 2.2.
pub fn safe<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("safe", one(&SAFE, "safe")).parse(i)
}

/// `extra`.
pub const EXTRA: Table = Table::chars("!*'(),");

/// ```text
/// extra          = "!" | "*" | "'" | "(" | ")" | ","
/// ```
/// rfc1738.txt:1075, section 2.2.
pub fn extra<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("extra", one(&EXTRA, "extra")).parse(i)
}

/// `national`: characters that gateways may change (section 2.2, "Unsafe"). No other
/// production uses them.
pub const NATIONAL: Table = Table::chars("{}|\\^~[]`");

/// ```text
/// national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
/// rfc1738.txt:1076, section 2.2.
pub fn national<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("national", one(&NATIONAL, "national")).parse(i)
}

/// `punctuation`: the delimiters of section 2.2, "Unsafe". No other production uses them;
/// `%` is a member on its own here, and elsewhere only begins an `escape`.
pub const PUNCTUATION: Table = Table::chars("<>#%\"");

/// ```text
/// punctuation    = "<" | ">" | "#" | "%" | <">
/// ```
/// rfc1738.txt:1077, section 2.2.
pub fn punctuation<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("punctuation", one(&PUNCTUATION, "punctuation")).parse(i)
}

/// `reserved`.
pub const RESERVED: Table = Table::chars(";/?:@&=");

/// ```text
/// reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
/// rfc1738.txt:1080, section 2.2.
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reserved", one(&RESERVED, "reserved")).parse(i)
}

/// `hex`.
pub const HEX: Table = DIGIT.or(Table::chars("ABCDEFabcdef"));

/// ```text
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
/// rfc1738.txt:1081, section 2.2.
pub fn hex<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hex", one(&HEX, "hex")).parse(i)
}

/// ```text
/// escape         = "%" hex hex
/// ```
/// rfc1738.txt:1083, section 2.2.
///
/// Commits after the `%` (nom's `cut`): outside the character class `punctuation`, `%`
/// occurs in this grammar only as the start of an `escape` (the literal `"%09"` of
/// `gopherurl` is one too), so no other branch could take it.
pub fn escape<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("escape", crate::input::escape).parse(i)
}

/// `unreserved`.
pub const UNRESERVED: Table = ALPHA.or(DIGIT).or(SAFE).or(EXTRA);

/// ```text
/// unreserved     = alpha | digit | safe | extra
/// ```
/// rfc1738.txt:1085, section 2.2.
pub fn unreserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("unreserved", one(&UNRESERVED, "unreserved")).parse(i)
}

/// The single characters of `uchar` (its `escape` branch is the `%` handled by the parsers).
pub const UCHAR: Table = UNRESERVED;

/// ```text
/// uchar          = unreserved | escape
/// ```
/// rfc1738.txt:1086, section 2.2.
pub fn uchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("uchar", one_or_escape(&UCHAR, "uchar", "escape")).parse(i)
}

/// The single characters of `xchar` (its `escape` branch is the `%` handled by the parsers).
pub const XCHAR: Table = UNRESERVED.or(RESERVED);

/// ```text
/// xchar          = unreserved | reserved | escape
/// ```
/// rfc1738.txt:1087, section 2.2.
pub fn xchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xchar", one_or_escape(&XCHAR, "xchar", "escape")).parse(i)
}

/// ```text
/// digits         = 1*digit
/// ```
/// rfc1738.txt:1088, section 5.
pub fn digits<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digits", many1(&DIGIT, "digit")).parse(i)
}

// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    /// Every table against a naive predicate written from the production text, for all 256
    /// byte values.
    #[test]
    fn tables_match_naive_predicates() {
        type Naive = (&'static str, Table, fn(u8) -> bool);
        let naive: &[Naive] = &[
            ("lowalpha", LOWALPHA, |b| b.is_ascii_lowercase()),
            ("hialpha", HIALPHA, |b| b.is_ascii_uppercase()),
            ("alpha", ALPHA, |b| b.is_ascii_alphabetic()),
            ("digit", DIGIT, |b| b.is_ascii_digit()),
            ("hex", HEX, |b| b.is_ascii_hexdigit()),
            ("safe", SAFE, |b| {
                matches!(b, b'$' | b'-' | b'_' | b'.' | b'+')
            }),
            ("extra", EXTRA, |b| {
                matches!(b, b'!' | b'*' | b'\'' | b'(' | b')' | b',')
            }),
            ("national", NATIONAL, |b| {
                matches!(
                    b,
                    b'{' | b'}' | b'|' | b'\\' | b'^' | b'~' | b'[' | b']' | b'`'
                )
            }),
            ("punctuation", PUNCTUATION, |b| {
                matches!(b, b'<' | b'>' | b'#' | b'%' | b'"')
            }),
            ("reserved", RESERVED, |b| {
                matches!(b, b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=')
            }),
            // Section 2.2: "only alphanumerics, the special characters "$-_.+!*'(),", and
            // reserved characters used for their reserved purposes may be used unencoded".
            ("unreserved", UNRESERVED, |b| {
                b.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(&b)
            }),
            ("xchar", XCHAR, |b| {
                b.is_ascii_alphanumeric() || b"$-_.+!*'(),;/?:@&=".contains(&b)
            }),
        ];
        for (name, t, f) in naive {
            for b in 0..=255u8 {
                assert_eq!(t.contains(b), f(b), "{name} at byte {b:#04x}");
            }
        }
    }

    /// Section 2.2: the graphic US-ASCII characters are the single `xchar`s, the unsafe
    /// `national` and `punctuation` characters, and nothing else; the three are disjoint.
    #[test]
    fn graphic_ascii_is_xchar_national_punctuation() {
        let graphic = Table::range(0x21, 0x7E);
        assert_eq!(XCHAR.or(NATIONAL).or(PUNCTUATION), graphic);
        assert_eq!(
            XCHAR.len() + NATIONAL.len() + PUNCTUATION.len(),
            graphic.len()
        );
    }

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            ("lowalpha", &["a", "z"][..], &["A", "0", "", "ab"][..]),
            ("hialpha", &["A", "Z"], &["a", "0"]),
            ("alpha", &["a", "Z"], &["0", "-"]),
            ("digit", &["0", "9"], &["a", "10"]),
            ("safe", &["$", "-", "_", ".", "+"], &["!", "a"]),
            ("extra", &["!", "*", "'", "(", ")", ","], &["$", "~"]),
            ("national", &["{", "~", "\\", "`"], &["a", "%"]),
            ("punctuation", &["<", ">", "#", "%", "\""], &["%20", "a"]),
            (
                "reserved",
                &[";", "/", "?", ":", "@", "&", "="],
                &["+", "$", ","],
            ),
            ("hex", &["0", "a", "F"], &["g", "G"]),
            ("escape", &["%09", "%aF"], &["%", "%0", "%0g", "09"]),
            ("unreserved", &["a", "$", ","], &[";", "%41", "~"]),
            ("uchar", &["a", "%41", "("], &["/", "%4", "~", "aa"]),
            ("xchar", &["a", "/", "%7e", "="], &["#", "~", "%"]),
            ("digits", &["0", "0123"], &["", "1a", "a"]),
        ] {
            for s in ok {
                assert!(g.check(rule, s).is_ok(), "{rule} should accept {s:?}");
            }
            for s in err {
                assert!(g.check(rule, s).is_err(), "{rule} should reject {s:?}");
            }
        }
    }
}
