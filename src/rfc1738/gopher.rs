//! Gopher semantics (section 3.4): what a client sends for a Gopher URL.

use super::decode::{DecodeError, decode_at, decode_without};
use super::schemes::GopherUrl;

/// The request a Gopher URL stands for (sections 3.4.1 to 3.4.3): the item type, and the
/// decoded selector, search and Gopher+ string.
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Gopher(u) = Url::parse("gopher://h/7find%20me%09cats%20dogs").unwrap() else {
///     panic!()
/// };
/// let r = u.request().unwrap();
/// assert_eq!(r.item_type, b'7');
/// assert_eq!(r.selector, b"find me");
/// assert_eq!(r.search.as_deref(), Some(&b"cats dogs"[..]));
/// assert_eq!(r.to_bytes(), b"find me\tcats dogs");
///
/// // An empty gopher-path: type 1, the empty selector (the server's top directory).
/// let Url::Gopher(u) = Url::parse("gopher://h").unwrap() else { panic!() };
/// let r = u.request().unwrap();
/// assert_eq!((r.item_type, r.selector.len()), (b'1', 0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GopherRequest {
    /// The item type: the decoded `gtype`, or `1` when the gopher-path is empty (3.4.1).
    pub item_type: u8,
    /// The decoded selector (empty for the top-level directory).
    pub selector: Vec<u8>,
    /// The decoded search string, after the first `%09` (3.4.2).
    pub search: Option<Vec<u8>>,
    /// The decoded Gopher+ string, after the second `%09` (3.4.3). It may hold tabs, CRs and
    /// LFs: section 3.4.9's electronic forms encode whole lines in it.
    pub gopher_plus: Option<Vec<u8>>,
}

impl GopherRequest {
    /// What the client sends (3.4.2, 3.4.3): the selector, then a tab and the search, then a
    /// tab and the Gopher+ string. Without the line end that RFC 1436 adds, which is the
    /// transport's business.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = self.selector.clone();
        if let Some(s) = &self.search {
            v.push(b'\t');
            v.extend_from_slice(s);
            if let Some(g) = &self.gopher_plus {
                v.push(b'\t');
                v.extend_from_slice(g);
            }
        }
        v
    }
}

impl GopherUrl<'_> {
    /// The request this URL stands for. A selector may hold no tab, CR or LF (3.4.1), and a
    /// search no CR or LF (it ends the request line): such octets are a [`DecodeError`].
    /// (When the URL's only `%09`s are inside the selector, because no valid `search` follows
    /// them, that is this error too.)
    pub fn request(&self) -> Result<GopherRequest, DecodeError> {
        let item_type = match self.gtype {
            None => b'1',
            Some(t) => decode_at(t.as_str(), t.start())?
                .first()
                .copied()
                .unwrap_or(b'1'),
        };
        let selector = match self.selector {
            None => Vec::new(),
            Some(s) => decode_without(s.as_str(), s.start(), "selector", b"\t\r\n")?,
        };
        let search = match self.search {
            None => None,
            Some(s) => Some(decode_without(s.as_str(), s.start(), "search", b"\r\n")?),
        };
        let gopher_plus = match self.gopher_plus {
            None => None,
            Some(g) => Some(decode_at(g.as_str(), g.start())?),
        };
        Ok(GopherRequest {
            item_type,
            selector,
            search,
            gopher_plus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc1738::Url;

    fn req(s: &str) -> Result<GopherRequest, DecodeError> {
        match Url::parse(s).unwrap() {
            Url::Gopher(u) => u.request(),
            u => panic!("{u:?}"),
        }
    }

    #[test]
    fn requests() {
        let r = req("gopher://h/").unwrap();
        assert_eq!((r.item_type, r.selector.as_slice()), (b'1', &b""[..]));
        let r = req("gopher://h/11/pub").unwrap();
        assert_eq!((r.item_type, r.selector.as_slice()), (b'1', &b"1/pub"[..]));
        let r = req("gopher://h/0x%09%09+").unwrap();
        assert_eq!(r.to_bytes(), b"x\t\t+");
        // Section 3.4.9's form: the Gopher+ string carries its own tabs and line ends.
        let r = req("gopher://h/1s%09%09+%091%0D%0A+-1%0D%0Av%0D%0A.%0D%0A").unwrap();
        assert_eq!(r.gopher_plus.unwrap(), b"+\t1\r\n+-1\r\nv\r\n.\r\n");
        // A `/` cannot be in a search, so the tab stays in the selector.
        assert!(matches!(
            req("gopher://h/1a%09b/c"),
            Err(DecodeError::ForbiddenOctet {
                component: "selector",
                octet: b'\t',
                offset: 13
            })
        ));
        assert!(req("gopher://h/1a%0Ab").is_err());
        let r = req("gopher://h/%3F").unwrap();
        assert_eq!(r.item_type, b'?');
    }
}
