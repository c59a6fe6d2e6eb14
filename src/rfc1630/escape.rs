//! When two URIs are the same: section "Encoding reserved characters", rfc1630.txt:399-496.

use super::hex_pair;

/// A `%` not followed by two hex digits: "all % characters imply encodings" (rfc1630.txt:495),
/// so such a URI is illegal.
///
/// ```
/// use urigram::rfc1630::{EscapeError, same_uri};
/// // rfc1630.txt:493: "%as" is no encoding.
/// let e: EscapeError = same_uri("news:1@h", "news:12345667123%asdghfh@info.cern.ch").unwrap_err();
/// assert_eq!((e.which, e.offset), (2, 16));
/// assert_eq!(e.to_string(), "URI 2: the % at byte 16 is not followed by two hex digits");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("URI {which}: the % at byte {offset} is not followed by two hex digits")]
#[non_exhaustive]
pub struct EscapeError {
    /// Which argument: 1 or 2.
    pub which: u8,
    /// The byte offset of the `%`.
    pub offset: usize,
}

/// How one octet of a URI is written, for comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    /// A data octet: an unreserved character, written plainly or as an escape.
    Data(u8),
    /// A reserved character written as itself.
    Reserved(u8),
    /// A reserved character written as an escape: "a quite different significance".
    Escaped(u8),
}

/// Whether `a` and `b` are the same URI under RFC 1630's encoding rules: they may differ only
/// in escaping characters that are not reserved ("a URI may be made "safer" simply by
/// encoding any characters considered unsafe", rfc1630.txt:434; "before two URIs can be
/// compared, it is therefore necessary to bring them to the same encoding level", 441), while
/// "the reserved characters mentioned above have a quite different significance when encoded,
/// and so may NEVER be encoded and unencoded in this way" (444).
///
/// The reserved characters are those of section "Reserved characters" (rfc1630.txt:303-377):
/// `%`, `/`, `#`, `?`, `*`, `!`, and `+` within the search (between the first `?` and a `#`);
/// those of the BNFs' `reserved` (`=`, `;`, `:`, space; rfc1630.txt:1262); and a `.` in a
/// path element that is `.` or `..` ("substrings consisting of single or double dots",
/// rfc1630.txt:323). Escapes compare by octet (`%2d` and `%2D` are the same). Nothing else is
/// normalized (letters are compared as written), and neither URI is checked against a
/// grammar: Examples 1 and 2 of the RFC are `http` URLs, which its generic BNF rejects.
///
/// A `%` not followed by two hex digits is an error ("there is no decoding defined for "%*"
/// or "%as"", rfc1630.txt:495).
///
/// ```
/// use urigram::rfc1630::same_uri;
/// // Example 1: %2D encodes a hyphen.
/// assert_eq!(same_uri("http://info.cern.ch/albert/bertram/marie-claude",
///                     "http://info.cern.ch/albert/bertram/marie%2Dclaude"), Ok(true));
/// // Example 2: an encoded slash has no hierarchical significance.
/// assert_eq!(same_uri("http://info.cern.ch/albert/bertram/marie-claude",
///                     "http://info.cern.ch/albert/bertram%2Fmarie-claude"), Ok(false));
/// // Example 3: "%*" is no encoding.
/// let e = same_uri("fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", "x:y").unwrap_err();
/// assert_eq!((e.which, e.offset), (1, 36));
/// ```
pub fn same_uri(a: &str, b: &str) -> Result<bool, EscapeError> {
    let ua = units(a, 1)?;
    let ub = units(b, 2)?;
    Ok(ua == ub)
}

/// Whether `c` is reserved where it stands (`in_search`: between the first `?` and a `#`).
fn reserved(c: u8, in_search: bool) -> bool {
    matches!(
        c,
        b'%' | b'/' | b'#' | b'?' | b'*' | b'!' | b'=' | b';' | b':' | b' '
    ) || (c == b'+' && in_search)
}

/// The units of `s`.
fn units(s: &str, which: u8) -> Result<Vec<Unit>, EscapeError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    // Whether each unit was written as an escape (for the dot elements).
    let mut escaped = Vec::with_capacity(b.len());
    let mut in_search = false;
    let mut seen_search = false;
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if c == b'%' {
            let v = hex_pair(b, k + 1).ok_or(EscapeError { which, offset: k })?;
            out.push(if reserved(v, in_search) {
                Unit::Escaped(v)
            } else {
                Unit::Data(v)
            });
            escaped.push(true);
            k += 3;
            continue;
        }
        if reserved(c, in_search) {
            out.push(Unit::Reserved(c));
            match c {
                b'?' if !seen_search => {
                    in_search = true;
                    seen_search = true;
                }
                b'#' => in_search = false,
                _ => {}
            }
        } else {
            out.push(Unit::Data(c));
        }
        escaped.push(false);
        k += 1;
    }
    // The dots of a `.` or `..` element are reserved too.
    let mut start = 0;
    for end in 0..=out.len() {
        let boundary = end == out.len() || matches!(out[end], Unit::Reserved(_));
        if !boundary {
            continue;
        }
        let el = &out[start..end];
        if (1..=2).contains(&el.len()) && el.iter().all(|u| *u == Unit::Data(b'.')) {
            for j in start..end {
                out[j] = if escaped[j] {
                    Unit::Escaped(b'.')
                } else {
                    Unit::Reserved(b'.')
                };
            }
        }
        start = end + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "http://info.cern.ch/albert/bertram/";

    #[test]
    fn the_rfc_examples() {
        // Example 1 (rfc1630.txt:460-470).
        assert_eq!(
            same_uri(
                "http://info.cern.ch/albert/bertram/marie-claude",
                "http://info.cern.ch/albert/bertram/marie%2Dclaude"
            ),
            Ok(true)
        );
        // Example 2 (rfc1630.txt:472-483).
        assert_eq!(
            same_uri(
                "http://info.cern.ch/albert/bertram/marie-claude",
                "http://info.cern.ch/albert/bertram%2Fmarie-claude"
            ),
            Ok(false)
        );
        // Example 3 (rfc1630.txt:485-496): both illegal.
        let fxqn = "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred";
        let news = "news:12345667123%asdghfh@info.cern.ch";
        assert_eq!(
            same_uri(fxqn, fxqn),
            Err(EscapeError {
                which: 1,
                offset: 36
            })
        );
        assert_eq!(
            same_uri("news:x", news),
            Err(EscapeError {
                which: 2,
                offset: 16
            })
        );
    }

    #[test]
    fn reserved_and_unreserved() {
        let same = |a: &str, b: &str| same_uri(&format!("{BASE}{a}"), &format!("{BASE}{b}"));
        assert_eq!(same("a%2db", "a-b"), Ok(true));
        assert_eq!(same("a%2db", "a%2Db"), Ok(true));
        assert_eq!(same("%41", "A"), Ok(true));
        assert_eq!(same("%41", "a"), Ok(false));
        assert_eq!(same("a%3Fb", "a?b"), Ok(false));
        assert_eq!(same("a%23b", "a#b"), Ok(false));
        assert_eq!(
            same("a%25b", "a%b"),
            Err(EscapeError {
                which: 2,
                offset: 36
            })
        );
        assert_eq!(same("a%2Ab", "a*b"), Ok(false));
        assert_eq!(same("a%20b", "a%20b"), Ok(true));
        // `+` is reserved in the search only.
        assert_eq!(same("a%2Bb", "a+b"), Ok(true));
        assert_eq!(same("x?a%2Bb", "x?a+b"), Ok(false));
        assert_eq!(same("x?a#b%2Bc", "x?a#b+c"), Ok(true));
        // Dot elements.
        assert_eq!(same("%2E%2E/x", "../x"), Ok(false));
        assert_eq!(same("%2E/x", "./x"), Ok(false));
        assert_eq!(same("a%2Eb", "a.b"), Ok(true));
        assert_eq!(same("...", "%2E.."), Ok(true));
        assert_eq!(same("%2E%2E", "%2e%2E"), Ok(true));
        assert_eq!(same("a", "a/"), Ok(false));
    }
}
