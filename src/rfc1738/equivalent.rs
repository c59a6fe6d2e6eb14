//! When two RFC 1738 URLs are the same URL: `equivalent`, a method on `Url` and `UrlBuf`, as on
//! the other specs' values.
//!
//! RFC 1738 states two rules. Scheme names: "programs interpreting URLs should treat upper
//! case letters as equivalent to lower case in scheme names" (rfc1738.txt:94-96). Escapes:
//! "Usually a URL has the same interpretation when an octet is represented by a character and
//! when it encoded. However, this is not true for reserved characters" (rfc1738.txt:185-188),
//! the characters `;`, `/`, `?`, `:`, `@`, `=` and `&` (rfc1738.txt:180-183), and "characters
//! that are not required to be encoded ... may be encoded within the scheme-specific part"
//! (rfc1738.txt:194-197). So two URLs are the same when, their schemes lower-cased, they differ
//! only in how octets that are not reserved are written, plainly or as an escape (either case
//! of the hex digits). An escape of a reserved character, of `%` or of `#` stays an escape.
//! Nothing else is compared loosely: the RFC states no rule for the case of host names (the
//! `file` scheme's and others' hosts are compared as written) or for default ports.
//!
//! No `normalize`: the RFC names no form to bring a URL to, only this comparison.

use super::{Url, UrlBuf};

/// The octets of `s` as the comparison reads them: the scheme (before the first `:`) in lower
/// case, each escape of an octet that may be written plainly decoded, the others kept as an
/// escape with upper-case hex digits (as three octets `%`, `H`, `H`).
fn compared(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let scheme_end = b.iter().position(|&c| c == b':').unwrap_or(0);
    let mut out = Vec::with_capacity(b.len());
    out.extend(b[..scheme_end].iter().map(u8::to_ascii_lowercase));
    let mut k = scheme_end;
    while k < b.len() {
        let escape = (b[k] == b'%')
            .then(|| Some((hex(*b.get(k + 1)?)?, hex(*b.get(k + 2)?)?)))
            .flatten();
        match escape {
            Some((hi, lo)) => {
                let octet = hi << 4 | lo;
                if b";/?:@=&%#".contains(&octet) {
                    out.extend([
                        b'%',
                        b[k + 1].to_ascii_uppercase(),
                        b[k + 2].to_ascii_uppercase(),
                    ]);
                } else {
                    out.push(octet);
                }
                k += 3;
            }
            None => {
                out.push(b[k]);
                k += 1;
            }
        }
    }
    out
}

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

impl Url<'_> {
    /// Whether `other` is the same URL by RFC 1738's rules (the module docs): schemes compared
    /// in any case (rfc1738.txt:94-96), and an octet that is not reserved the same plainly
    /// written or escaped (rfc1738.txt:185-197). A reserved character (`;`, `/`, `?`, `:`,
    /// `@`, `=`, `&`) and its escape differ; so do host names in different cases.
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let eq = |a, b| Url::parse(a).unwrap().equivalent(&Url::parse(b).unwrap());
    /// assert!(eq("http://a/b-c/d", "http://a/b%2Dc/d"));
    /// assert!(eq("ftp://a/%7euser", "ftp://a/%7Euser")); // `~` is unsafe: always escaped
    /// assert!(eq("http://a/x", "http://a/%78"));
    /// assert!(!eq("ftp://a/b%2Fc", "ftp://a/b/c")); // `/` is reserved
    /// assert!(!eq("http://A/x", "http://a/x")); // no rule for the host's case
    /// ```
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        compared(self.as_str()) == compared(other.as_str())
    }
}

impl UrlBuf {
    /// [`Url::equivalent`].
    ///
    /// ```
    /// let u: urigram::rfc1738::UrlBuf = "http://a/%41".parse().unwrap();
    /// assert!(u.equivalent(&urigram::rfc1738::Url::parse("http://a/A").unwrap()));
    /// ```
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        compared(self.as_str()) == compared(other.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::compared;

    #[test]
    fn escapes_of_reserved_octets_stay() {
        assert_eq!(compared("HTTP://a/%2f%7e"), b"http://a/%2F~");
        assert_eq!(compared("x:%25%23%3b%3B"), b"x:%25%23%3B%3B");
        // A `%` without two hex digits is kept as it is (no grammar of RFC 1738 takes it).
        assert_eq!(compared("x:%4"), b"x:%4");
        assert_eq!(compared("x:%"), b"x:%");
        assert_eq!(compared("%41:b"), b"%41:b");
    }
}
