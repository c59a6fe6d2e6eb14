//! Percent-decoding (section 2.2): a component of a URL to the octets it represents.

/// A component that cannot be decoded, or whose octets the protocol cannot carry.
///
/// ```
/// use urigram::rfc1738::{DecodeError, Url, decode};
/// // A parsed URL's escapes are all valid (`escape = "%" hex hex`); a text given by hand
/// // may not be.
/// assert_eq!(decode("100%").unwrap_err(), DecodeError::InvalidEscape { offset: 3 });
/// // Section 6: an encoded CR LF must not reach the FTP control connection.
/// let Url::Ftp(u) = Url::parse("ftp://h/a%0D%0ADELE%20x/b").unwrap() else { panic!() };
/// let e = u.path_commands().unwrap_err();
/// let DecodeError::ForbiddenOctet { component, octet, offset } = e else { panic!() };
/// assert_eq!((component, octet, offset), ("CWD argument", b'\r', 9));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A `%` not followed by two hex digits (section 2.2).
    #[error("invalid escape at byte {offset}: \"%\" must be followed by two hex digits")]
    InvalidEscape {
        /// Byte offset of the `%` (in the URL, for a component of a parsed URL).
        offset: usize,
    },
    /// A decoded octet that would break the protocol's framing: a tab in a Gopher selector
    /// (section 3.4.1), a CR or LF in a protocol argument (section 6).
    #[error(
        "the {component} decodes to the octet {octet:#04x} (from byte {offset}), which the protocol cannot carry there"
    )]
    ForbiddenOctet {
        /// Which component (`selector`, `CWD argument` ...).
        component: &'static str,
        /// The octet.
        octet: u8,
        /// Byte offset of its escape (in the URL, for a component of a parsed URL).
        offset: usize,
    },
}

/// Decode `s`: each `%` and two hex digits (either case) become the octet they name, every
/// other character its own octets (section 2.2). The result is octets, not text: nothing
/// says they are UTF-8.
///
/// ```
/// use urigram::rfc1738::{decode, DecodeError};
/// assert_eq!(decode("%2Fetc%2fmotd").unwrap(), b"/etc/motd");
/// assert_eq!(decode("caf%E9").unwrap(), b"caf\xE9");
/// assert_eq!(decode("a%4").unwrap_err(), DecodeError::InvalidEscape { offset: 1 });
/// ```
pub fn decode(s: &str) -> Result<Vec<u8>, DecodeError> {
    decode_at(s, 0)
}

/// [`decode`], reporting offsets from `base`.
pub(crate) fn decode_at(s: &str, base: usize) -> Result<Vec<u8>, DecodeError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'%' {
            let hi = b.get(k + 1).and_then(|&c| hex(c));
            let lo = b.get(k + 2).and_then(|&c| hex(c));
            match (hi, lo) {
                (Some(h), Some(l)) => out.push(h << 4 | l),
                _ => return Err(DecodeError::InvalidEscape { offset: base + k }),
            }
            k += 3;
        } else {
            out.push(b[k]);
            k += 1;
        }
    }
    Ok(out)
}

/// Decode `s` (starting at byte `base` of its URL) and refuse the octets in `forbidden`.
pub(crate) fn decode_without(
    s: &str,
    base: usize,
    component: &'static str,
    forbidden: &[u8],
) -> Result<Vec<u8>, DecodeError> {
    let out = decode_at(s, base)?;
    if let Some(&octet) = out.iter().find(|o| forbidden.contains(o)) {
        // Find the escape that produced it (an unescaped control character cannot be in a
        // parsed URL, but `s` may come from anywhere).
        let b = s.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let (o, w) = if b[k] == b'%' {
                (
                    hex(b[k + 1]).unwrap_or(0) << 4 | hex(b[k + 2]).unwrap_or(0),
                    3,
                )
            } else {
                (b[k], 1)
            };
            if o == octet {
                break;
            }
            k += w;
        }
        return Err(DecodeError::ForbiddenOctet {
            component,
            octet,
            offset: base + k,
        });
    }
    Ok(out)
}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding() {
        assert_eq!(decode("").unwrap(), b"");
        assert_eq!(decode("%00%ff%FF").unwrap(), b"\x00\xff\xff");
        assert_eq!(decode("%41%42c").unwrap(), b"ABc");
        assert_eq!(
            decode("%").unwrap_err(),
            DecodeError::InvalidEscape { offset: 0 }
        );
        assert_eq!(
            decode("ab%g0").unwrap_err(),
            DecodeError::InvalidEscape { offset: 2 }
        );
        assert_eq!(decode("é").unwrap(), "é".as_bytes());
        let e = decode_without("a%0Db", 10, "selector", b"\r\n").unwrap_err();
        assert_eq!(
            e,
            DecodeError::ForbiddenOctet {
                component: "selector",
                octet: b'\r',
                offset: 11
            }
        );
    }
}
