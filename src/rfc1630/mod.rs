//! RFC 1630, "Universal Resource Identifiers in WWW": typed, zero-copy values for its two
//! BNFs, the partial-form resolution of its own section "Partial (relative) form", and its
//! rule for comparing escaped URIs.
//!
//! RFC 1630 prints two grammars whose rule names collide with different meanings: the generic
//! BNF ([`Uri`], start rule `fragmentaddress`, grammar [`Grammar::Rfc1630`]) and the BNF for
//! specific URL schemes ([`Url`], start rule `url`, grammar [`Grammar::Rfc1630Url`]). Every
//! component is a [`Part`] of the input with its byte range; nothing is copied until a value is
//! decoded.
//!
//! ```
//! use urigram::rfc1630::{Uri, Url};
//!
//! // The generic syntax: scheme, path, search words ("+" stands for a space), fragment.
//! let u = Uri::parse("wais:db/Phonebook?timbl+cern#top").unwrap();
//! assert_eq!(u.scheme(), "wais");
//! assert_eq!(u.path_segments().map(|s| s.as_str()).collect::<Vec<_>>(), ["db", "Phonebook"]);
//! let words: Vec<_> = u.search().unwrap().words().map(|w| w.as_str()).collect();
//! assert_eq!(words, ["timbl", "cern"]);
//! assert_eq!(u.fragment().unwrap(), "top");
//!
//! // The generic path cannot start with "/", so a URL with a host is no generic URI as
//! // printed (grammar/DEVIATIONS.md); the URL BNF reads it.
//! assert!(Uri::parse("http://info.cern.ch/").is_err());
//! let Url::Http(h) = Url::parse("http://info.cern.ch:8000/imaginary/test").unwrap() else {
//!     panic!()
//! };
//! assert_eq!(h.hostport().host().as_str(), "info.cern.ch");
//! assert_eq!(h.hostport().port_str().unwrap(), "8000");
//! ```
//!
//! [`Grammar::Rfc1630`]: crate::Grammar::Rfc1630
//! [`Grammar::Rfc1630Url`]: crate::Grammar::Rfc1630Url

mod equivalent;
mod escape;
mod parse;
mod resolve;
mod url;

use std::borrow::Cow;
use std::fmt;

pub use crate::rfc2396::ResolveError;
pub use crate::shared::{HostKind, Segments};
pub use escape::{EscapeError, same_uri};
pub use parse::{PrefixedUrlBuf, UriBuf, UrlBuf};
pub use resolve::resolve_partial;
pub use url::{
    AddrSpec, Article, FtpType, FtpUrl, GopherUrl, GroupArt, Host, HostPort, HttpUrl, Login,
    MailId, MailtoUrl, NewsUrl, NntpUrl, PrefixedUrl, ProsperoUrl, TelnetUrl, Url, WaisField,
    WaisKind, WaisUrl, Wpath,
};

use crate::part::Part;

/// A `fragmentaddress` of RFC 1630's generic BNF (rfc1630.txt:1220):
/// `scheme : path [ ? search ] [ # fragmentid ]`.
///
/// ```
/// use urigram::rfc1630::Uri;
/// let u = Uri::parse("news:comp.infosystems.www").unwrap();
/// assert_eq!(u.scheme(), "news");
/// assert_eq!(u.path(), "comp.infosystems.www");
/// assert!(u.search().is_none() && u.fragment().is_none());
/// assert_eq!(u.to_string(), "news:comp.infosystems.www");
///
/// let e = Uri::parse("a:b c").unwrap_err();
/// assert_eq!(e.offset(), 3);
///
/// // The path's parts: a trailing slash ends it with a void one (rfc1630.txt:571).
/// let u = Uri::try_from("wais:db/Phonebook/").unwrap();
/// let parts: Vec<_> = u.path_segments().map(|s| s.as_str()).collect();
/// assert_eq!(parts, ["db", "Phonebook", ""]);
/// assert_eq!(u.as_part().range(), 0..18);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uri<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) path: Part<'a>,
    pub(crate) search: Option<Part<'a>>,
    pub(crate) fragment: Option<Part<'a>>,
}

impl<'a> Uri<'a> {
    /// The whole URI as written.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// The whole URI as a [`Part`].
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }

    /// The path (possibly empty: `void`).
    pub fn path(&self) -> Part<'a> {
        self.path
    }

    /// The path's `xpalphas` parts between slashes. A trailing slash ends the path with a void
    /// part ("The trailing slash indicates a void segment of the path", rfc1630.txt:571); a
    /// void path has none.
    /// The `url` crate's name.
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(Some(self.path).filter(|p| !p.is_empty()))
    }

    /// The search, without its `?`.
    pub fn search(&self) -> Option<Search<'a>> {
        self.search.map(Search)
    }

    /// The fragment identifier, without its `#`.
    pub fn fragment(&self) -> Option<Part<'a>> {
        self.fragment
    }
}

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The pieces of `p` between the bytes `sep` (none for an empty part).
pub(crate) fn split_parts<'a>(p: Part<'a>, sep: u8) -> impl Iterator<Item = Part<'a>> + 'a {
    let s = p.as_str();
    let mut at = if s.is_empty() { None } else { Some(0) };
    std::iter::from_fn(move || {
        let start = at?;
        match s.as_bytes()[start..].iter().position(|&b| b == sep) {
            Some(k) => {
                at = Some(start + k + 1);
                Some(p.slice(start..start + k))
            }
            None => {
                at = None;
                Some(p.slice(start..s.len()))
            }
        }
    })
}

/// A `search` (the query string after `?`): "a set of words used to express a query"
/// (rfc1630.txt:358), in which "the plus sign is reserved as shorthand notation for a space"
/// (rfc1630.txt:363).
///
/// ```
/// use urigram::rfc1630::Uri;
/// let u = Uri::parse("x:db?caf%E9+au+lait").unwrap();
/// let s = u.search().unwrap();
/// let words: Vec<_> = s.words().map(|w| w.decode().into_owned()).collect();
/// assert_eq!(words, [b"caf\xe9".to_vec(), b"au".to_vec(), b"lait".to_vec()]);
/// assert_eq!(s.decode(), b"caf\xe9 au lait");
/// assert_eq!(s.decode_utf8_lossy(), "caf\u{FFFD} au lait");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Search<'a>(pub(crate) Part<'a>);

impl<'a> Search<'a> {
    /// The search as written.
    pub fn as_part(&self) -> Part<'a> {
        self.0
    }

    /// The search as written.
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }

    /// The words: the pieces between the `+` signs, still escaped. In the URL BNF, where
    /// `+` is also an `xalpha`, two `+` in a row give an empty word.
    pub fn words(&self) -> impl Iterator<Item = Word<'a>> + 'a {
        split_parts(self.0, b'+').map(Word)
    }

    /// The query as octets: every `+` a space, every escape its octet.
    pub fn decode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.as_str().len());
        for (k, w) in self.words().enumerate() {
            if k > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(&w.decode());
        }
        out
    }

    /// The query as text, [`Search::decode`]d: an error when the octets are not UTF-8.
    ///
    /// ```
    /// use urigram::rfc1630::Uri;
    /// let u = Uri::parse("x:db?caf%C3%A9+au+lait").unwrap();
    /// assert_eq!(u.search().unwrap().decode_utf8().unwrap(), "café au lait");
    /// let u = Uri::parse("x:db?caf%E9").unwrap();
    /// assert!(u.search().unwrap().decode_utf8().is_err());
    /// ```
    pub fn decode_utf8(&self) -> Result<String, std::string::FromUtf8Error> {
        String::from_utf8(self.decode())
    }

    /// The query as text, [`Search::decode`]d, with invalid UTF-8 replaced by U+FFFD.
    pub fn decode_utf8_lossy(&self) -> String {
        String::from_utf8_lossy(&self.decode()).into_owned()
    }
}

impl fmt::Display for Search<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One word of a [`Search`]: the text between `+` signs, where an escaped `%2B` is a plus
/// sign as data.
///
/// ```
/// use std::borrow::Cow;
/// use urigram::rfc1630::Uri;
/// let u = Uri::parse("x:db?caf%C3%A9+1%2B1+cern").unwrap();
/// let w: Vec<_> = u.search().unwrap().words().collect();
/// assert_eq!((w[0].as_str(), w[0].as_part().range()), ("caf%C3%A9", 5..14));
/// assert_eq!(w[0].decode_utf8().unwrap(), "café");
/// assert_eq!(&*w[1].decode(), b"1+1");
/// assert!(matches!(w[2].decode(), Cow::Borrowed(b"cern"))); // nothing to decode
/// let u = Uri::parse("x:db?caf%E9").unwrap(); // Latin-1: no UTF-8
/// assert!(u.search().unwrap().words().next().unwrap().decode_utf8().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word<'a>(Part<'a>);

impl<'a> Word<'a> {
    /// The word as written.
    pub fn as_part(&self) -> Part<'a> {
        self.0
    }

    /// The word as written.
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }

    /// The word's octets, escapes decoded (borrowed when it has none).
    pub fn decode(&self) -> Cow<'a, [u8]> {
        decode_escapes(self.0.as_str())
    }

    /// The word as text, when its octets are UTF-8.
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, std::str::Utf8Error> {
        match self.decode() {
            Cow::Borrowed(b) => std::str::from_utf8(b).map(Cow::Borrowed),
            Cow::Owned(v) => String::from_utf8(v)
                .map(Cow::Owned)
                .map_err(|e| e.utf8_error()),
        }
    }
}

impl fmt::Display for Word<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The octets of `s` with every escape (`%` and two hex digits, rfc1630.txt:1264) decoded.
/// Borrowed when `s` has no `%`. A `%` not followed by two hex digits, which no URI of RFC
/// 1630 holds, is kept as it is.
///
/// ```
/// use urigram::rfc1630::decode_escapes;
/// assert_eq!(&*decode_escapes("marie%2Dclaude"), b"marie-claude");
/// assert_eq!(&*decode_escapes("a%2fb%2F"), b"a/b/");
/// ```
pub fn decode_escapes(s: &str) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    if !b.contains(&b'%') {
        return Cow::Borrowed(b);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'%'
            && let Some(v) = hex_pair(b, k + 1)
        {
            out.push(v);
            k += 3;
        } else {
            out.push(b[k]);
            k += 1;
        }
    }
    Cow::Owned(out)
}

/// The octet of the two hex digits at `b[k..k + 2]`, if they are two hex digits.
pub(crate) fn hex_pair(b: &[u8], k: usize) -> Option<u8> {
    let h = |c: u8| (c as char).to_digit(16);
    let hi = h(*b.get(k)?)?;
    let lo = h(*b.get(k + 1)?)?;
    u8::try_from(hi * 16 + lo).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grammar;

    #[test]
    fn generic_components() {
        let u = Uri::parse("x:a/b/?c+%2B+d#f").unwrap();
        assert_eq!(u.scheme().range(), 0..1);
        assert_eq!(u.path().range(), 2..6);
        let segs: Vec<_> = u.path_segments().map(|s| s.as_str()).collect();
        assert_eq!(segs, ["a", "b", ""]);
        let s = u.search().unwrap();
        assert_eq!(s.as_part().range(), 7..14);
        let words: Vec<_> = s.words().map(|w| w.as_str()).collect();
        assert_eq!(words, ["c", "%2B", "d"]);
        assert_eq!(s.decode(), b"c + d");
        assert_eq!(u.fragment().unwrap().range(), 15..16);
        assert_eq!(u.as_part().as_str(), "x:a/b/?c+%2B+d#f");
        assert_eq!(Uri::try_from("x:a/b/?c+%2B+d#f"), Ok(u));
        let v = Uri::parse("x:").unwrap();
        assert_eq!(v.path_segments().count(), 0);
        assert!(v.path().is_empty());
    }

    #[test]
    fn generic_errors() {
        let e = Uri::parse("http://info.cern.ch/").unwrap_err();
        assert_eq!(
            (e.offset(), e.grammar(), e.start_rule()),
            (5, Grammar::Rfc1630, "fragmentaddress")
        );
        assert_eq!(e.found(), Some('/'));
        assert_eq!(e.citation().file, "rfc1630.txt");
        let e = Uri::parse("a:b%zz").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (4, "escape"));
        assert_eq!(e.citation().line, 1264);
        assert_eq!(e.citation().section, "BNF of Generic URI Syntax");
    }

    #[test]
    fn decoding() {
        assert!(matches!(decode_escapes("abc"), Cow::Borrowed(b"abc")));
        assert_eq!(&*decode_escapes("%41%e9%"), b"A\xe9%");
        assert_eq!(&*decode_escapes("%4"), b"%4");
        let u = Uri::parse("x:y?caf%C3%A9+%FF").unwrap();
        let w: Vec<_> = u.search().unwrap().words().collect();
        assert_eq!(w[0].decode_utf8().unwrap(), "café");
        assert!(w[1].decode_utf8().is_err());
        assert_eq!(w[1].to_string(), "%FF");
        assert_eq!(u.search().unwrap().decode_utf8_lossy(), "café \u{FFFD}");
    }
}
