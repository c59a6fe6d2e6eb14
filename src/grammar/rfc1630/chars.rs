//! Character classes of RFC 1630's two BNFs, as [`Table`]s.
//!
//! The two BNFs print most character rules identically (`alpha`, `digit`, `extra`, `reserved`,
//! `hex`, `national`, `punctuation`); they differ in `safe`: the URL BNF adds `+` (and prints
//! `-` twice), so there `xalpha` and `xpalpha` are the same set. A table of a production that
//! includes `escape` holds only the single characters; the parsers add the escape.
//!
//! The functions of each grammar's character productions live in [`super::uri`] and
//! [`super::url`]: same names, different lines of the spec.

use crate::table::Table;

// =============================================================================================
// Shared by both BNFs (rfc1630.txt:1250-1271 and 1430-1451)
// =============================================================================================

/// `alpha`: rfc1630.txt:1250 and 1430.
pub const ALPHA: Table = Table::range(b'a', b'z').or(Table::range(b'A', b'Z'));

/// `digit`: rfc1630.txt:1256 and 1436.
pub const DIGIT: Table = Table::range(b'0', b'9');

/// `extra`: rfc1630.txt:1260 and 1440.
pub const EXTRA: Table = Table::chars("!*\"'(),");

/// `reserved` (`space` is the space character): rfc1630.txt:1262 and 1442.
pub const RESERVED: Table = Table::chars("=;/#?: ");

/// `hex`: rfc1630.txt:1266 and 1446.
pub const HEX: Table = DIGIT.or(Table::chars("abcdefABCDEF"));

/// `national` (`vline` is `|`): rfc1630.txt:1269 and 1449.
pub const NATIONAL: Table = Table::chars("{}|[]\\^~");

/// `punctuation`: rfc1630.txt:1271 and 1451.
pub const PUNCTUATION: Table = Table::chars("<>");

// =============================================================================================
// The generic BNF (rfc1630.txt:1240-1258)
// =============================================================================================

/// `safe` of the generic BNF: rfc1630.txt:1258.
pub const SAFE: Table = Table::chars("$-_@.&");

/// `xalpha` of the generic BNF, without its `escape`: rfc1630.txt:1240.
pub const XALPHA: Table = ALPHA.or(DIGIT).or(SAFE).or(EXTRA);

/// `xpalpha` of the generic BNF, without its `escape`: rfc1630.txt:1244.
pub const XPALPHA: Table = XALPHA.or(Table::chars("+"));

// =============================================================================================
// The URL BNF (rfc1630.txt:1418-1465)
// =============================================================================================

/// `safe` of the URL BNF (`+` added, `-` printed twice): rfc1630.txt:1438.
pub const URL_SAFE: Table = Table::chars("$-_@.&+-");

/// `xalpha` of the URL BNF, without its `escape`: rfc1630.txt:1420.
pub const URL_XALPHA: Table = ALPHA.or(DIGIT).or(URL_SAFE).or(EXTRA);

/// `xpalpha` of the URL BNF, without its `escape`: rfc1630.txt:1424. The same set as
/// [`URL_XALPHA`], since the URL BNF's `safe` already holds `+`.
pub const URL_XPALPHA: Table = URL_XALPHA.or(Table::chars("+"));

/// `alphanum2`: rfc1630.txt:1418.
pub const ALPHANUM2: Table = ALPHA.or(DIGIT).or(Table::chars("-_.+"));

/// `alphanum`: rfc1630.txt:1463.
pub const ALPHANUM: Table = ALPHA.or(DIGIT);

// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table against a naive predicate written from the production text, for all 256
    /// byte values.
    #[test]
    fn tables_match_naive_predicates() {
        type Naive = (&'static str, Table, fn(u8) -> bool);
        fn safe(b: u8) -> bool {
            matches!(b, b'$' | b'-' | b'_' | b'@' | b'.' | b'&')
        }
        fn url_safe(b: u8) -> bool {
            matches!(b, b'$' | b'-' | b'_' | b'@' | b'.' | b'&' | b'+')
        }
        fn extra(b: u8) -> bool {
            matches!(b, b'!' | b'*' | b'"' | b'\'' | b'(' | b')' | b',')
        }
        let naive: &[Naive] = &[
            ("alpha", ALPHA, |b| b.is_ascii_alphabetic()),
            ("digit", DIGIT, |b| b.is_ascii_digit()),
            ("extra", EXTRA, extra),
            ("reserved", RESERVED, |b| {
                matches!(b, b'=' | b';' | b'/' | b'#' | b'?' | b':' | b' ')
            }),
            ("hex", HEX, |b| b.is_ascii_hexdigit()),
            ("national", NATIONAL, |b| {
                matches!(b, b'{' | b'}' | b'|' | b'[' | b']' | b'\\' | b'^' | b'~')
            }),
            ("punctuation", PUNCTUATION, |b| matches!(b, b'<' | b'>')),
            ("safe", SAFE, safe),
            ("xalpha", XALPHA, |b| {
                b.is_ascii_alphanumeric() || safe(b) || extra(b)
            }),
            ("xpalpha", XPALPHA, |b| {
                b.is_ascii_alphanumeric() || safe(b) || extra(b) || b == b'+'
            }),
            ("url safe", URL_SAFE, url_safe),
            ("url xalpha", URL_XALPHA, |b| {
                b.is_ascii_alphanumeric() || url_safe(b) || extra(b)
            }),
            ("url xpalpha", URL_XPALPHA, |b| {
                b.is_ascii_alphanumeric() || url_safe(b) || extra(b)
            }),
            ("alphanum2", ALPHANUM2, |b| {
                b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'+')
            }),
            ("alphanum", ALPHANUM, |b| b.is_ascii_alphanumeric()),
        ];
        for (name, t, f) in naive {
            for b in 0..=255u8 {
                assert_eq!(t.contains(b), f(b), "{name} at byte {b:#04x}");
            }
        }
    }

    /// "The national and punctuation characters do not appear in any productions and
    /// therefore may not appear in URIs" (rfc1630.txt:1216, 1298): they are in no `xpalpha`,
    /// and neither is a `reserved` character, nor `%` (which only begins an `escape`).
    #[test]
    fn excluded_characters_are_in_no_xpalpha() {
        let out = NATIONAL.or(PUNCTUATION).or(RESERVED).or(Table::chars("%"));
        assert!(XPALPHA.minus(out) == XPALPHA);
        assert!(URL_XPALPHA.minus(out) == URL_XPALPHA);
        assert_eq!(URL_XALPHA, URL_XPALPHA);
        assert_eq!(XPALPHA.minus(XALPHA).members(), "+");
    }
}
