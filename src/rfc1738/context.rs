//! URLs in free text: the appendix "Recommendations for URLs in Context"
//! (rfc1738.txt:1183-1225).
//!
//! The appendix recommends writing a URL in text as `<URL:...>`: the angle brackets and the
//! prefix are a wrapper, not part of the URL. Long URLs may be broken across lines with
//! extra whitespace, which "should be ignored when extracting the URL". Writers should not
//! break a line after a hyphen, since typesetters add hyphens at line ends; so when a line
//! break does follow a hyphen, the reader "should ignore all unencoded whitespace around the
//! line break, and should be aware that the hyphen may or may not actually be part of the
//! URL". A fragment identifier goes inside the brackets too, after a `#`.

use std::ops::Range;

use super::Url;
use crate::error::Error;
use crate::grammar::Grammar;

/// A URL found in text by [`find_urls`], with where it came from and whether it is valid.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UrlInContext {
    /// The wrapper in the text: from its `<` to its `>` (to where it stops, when no `>`
    /// closes it).
    pub wrapper: Range<usize>,
    /// Whether the wrapper has the `URL:` prefix (`<URL:...>`), not only the brackets.
    pub prefixed: bool,
    /// Whether a `>` closes the wrapper.
    pub closed: bool,
    /// The URL, whitespace removed; the fragment identifier (from `#`) is not part of it.
    pub url: String,
    /// The URL in the text: from its first character to its last, whitespace included.
    pub range: Range<usize>,
    /// The fragment identifier after a `#` inside the wrapper, if any.
    pub fragment: Option<Fragment>,
    /// Offsets in the text of hyphens that a line break follows: each may or may not be part
    /// of the URL. [`UrlInContext::url`] keeps them.
    pub break_hyphens: Vec<usize>,
    /// Whether [`UrlInContext::url`] is a `url` of RFC 1738. Error offsets count in `url`;
    /// [`UrlInContext::source_offset`] maps them to the text.
    pub verdict: Result<(), Error>,
    /// When there are break hyphens: the URL without them, and its verdict.
    pub without_break_hyphens: Option<(String, Result<(), Error>)>,
    /// `(offset in url, offset in text, length)` of each run of the URL between whitespace.
    pieces: Vec<(usize, usize, usize)>,
}

/// The fragment identifier of a URL in context (everything after the `#`, whitespace
/// removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fragment {
    /// The identifier, without the `#`.
    pub text: String,
    /// Where it is in the text, whitespace included, `#` excluded.
    pub range: Range<usize>,
}

impl UrlInContext {
    /// The offset in the text of byte `offset` of [`UrlInContext::url`] (the end of the URL
    /// for `offset == url.len()`).
    pub fn source_offset(&self, offset: usize) -> usize {
        for &(at, src, len) in &self.pieces {
            if offset < at + len {
                return src + offset.saturating_sub(at);
            }
        }
        self.range.end
    }

    /// The typed URL, when the verdict is `Ok`.
    pub fn parse(&self) -> Result<Url<'_>, Error> {
        Url::parse(&self.url)
    }
}

/// The URLs in `text` written as the appendix recommends: in `<URL:...>`, or in `<...>`
/// when what follows the `<` starts like a URL (a scheme name and `:`). Wrappers are removed,
/// whitespace inside them is ignored, a `#` starts the fragment identifier, and each URL is
/// checked against RFC 1738's `url`. A wrapper ends at its `>`, or unclosed at the next `<`
/// or the end of the text.
///
/// The appendix's own example:
///
/// ```
/// use urigram::rfc1738::find_urls;
/// let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
///       type=d> but you can probably pick it up from <URL:ftp://ds.in
///       ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
///       net/instructions/overview.html#WARNING>.";
/// let found = find_urls(text);
/// let urls: Vec<&str> = found.iter().map(|u| u.url.as_str()).collect();
/// assert_eq!(urls, [
///     "ftp://info.cern.ch/pub/www/doc;type=d",
///     "ftp://ds.internic.net/rfc",
///     "http://ds.internic.net/instructions/overview.html",
/// ]);
/// assert!(found.iter().all(|u| u.verdict.is_ok()));
/// assert_eq!(found[2].fragment.as_ref().unwrap().text, "WARNING");
/// assert_eq!(&text[found[1].range.clone()], "ftp://ds.in\n      ternic.net/rfc");
/// ```
pub fn find_urls(text: &str) -> Vec<UrlInContext> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = b[at..].iter().position(|&c| c == b'<') {
        let open = at + k;
        let prefixed = b[open + 1..].starts_with(b"URL:");
        let start = if prefixed { open + 5 } else { open + 1 };
        if !prefixed && !starts_like_url(&b[start..]) {
            at = open + 1;
            continue;
        }
        let stop = b[start..]
            .iter()
            .position(|&c| c == b'>' || c == b'<')
            .map_or(b.len(), |k| start + k);
        let closed = b.get(stop) == Some(&b'>');
        out.push(read(text, open, start, stop, prefixed, closed));
        at = if closed { stop + 1 } else { stop };
    }
    out
}

/// A scheme name and `:`, as a wrapper without the `URL:` prefix must start.
fn starts_like_url(b: &[u8]) -> bool {
    let n = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
        .unwrap_or(b.len());
    n > 0 && b.get(n) == Some(&b':')
}

/// The URL of the wrapper `text[open..stop]` whose content starts at `start`.
fn read(
    text: &str,
    open: usize,
    start: usize,
    stop: usize,
    prefixed: bool,
    closed: bool,
) -> UrlInContext {
    let content = &text[start..stop];
    let (url_part, frag_part) = match content.find('#') {
        Some(h) => (&content[..h], Some((start + h + 1, &content[h + 1..]))),
        None => (content, None),
    };
    let (url, pieces, break_hyphens) = squeeze(url_part, start);
    let range = match (pieces.first(), pieces.last()) {
        (Some(f), Some(l)) => f.1..l.1 + l.2,
        _ => start..start,
    };
    let fragment = frag_part.map(|(at, f)| {
        let (s, p, _) = squeeze(f, at);
        let range = match (p.first(), p.last()) {
            (Some(f), Some(l)) => f.1..l.1 + l.2,
            _ => at..at,
        };
        Fragment { text: s, range }
    });
    let check = |s: &str| Grammar::Rfc1738.check("url", s);
    let verdict = check(&url);
    let without_break_hyphens = if break_hyphens.is_empty() {
        None
    } else {
        let mut s = String::with_capacity(url.len());
        for &(at, src, len) in &pieces {
            let piece = &url[at..at + len];
            match break_hyphens.contains(&(src + len - 1)) {
                true => s.push_str(&piece[..len - 1]),
                false => s.push_str(piece),
            }
        }
        let v = check(&s);
        Some((s, v))
    };
    UrlInContext {
        wrapper: open..if closed { stop + 1 } else { stop },
        prefixed,
        closed,
        url,
        range,
        fragment,
        break_hyphens,
        verdict,
        without_break_hyphens,
        pieces,
    }
}

/// `s` (at offset `base` of the text) without its whitespace: the string, its pieces
/// `(offset in the string, offset in the text, length)`, and the hyphens a line break
/// follows.
#[allow(clippy::type_complexity)]
fn squeeze(s: &str, base: usize) -> (String, Vec<(usize, usize, usize)>, Vec<usize>) {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut pieces = Vec::new();
    let mut hyphens = Vec::new();
    let mut k = 0;
    while k < b.len() {
        let ws = b[k..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
        if ws > 0 {
            let gap = &b[k..k + ws];
            if k > 0 && b[k - 1] == b'-' && gap.iter().any(|&c| c == b'\n' || c == b'\r') {
                hyphens.push(base + k - 1);
            }
            k += ws;
            continue;
        }
        let len = b[k..]
            .iter()
            .take_while(|c| !c.is_ascii_whitespace())
            .count();
        pieces.push((out.len(), base + k, len));
        out.push_str(&s[k..k + len]);
        k += len;
    }
    (out, pieces, hyphens)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The appendix's example, rfc1738.txt:1222-1225, with its indentation.
    const APPENDIX: &str = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.";

    #[test]
    fn appendix_example() {
        let found = find_urls(APPENDIX);
        assert_eq!(found.len(), 3);
        let u = &found[0];
        assert_eq!(u.url, "ftp://info.cern.ch/pub/www/doc;type=d");
        assert!(matches!(u.parse().unwrap(), Url::Ftp(f) if f.typecode() == Some('d')));
        assert!(u.prefixed && u.closed);
        assert_eq!(
            &APPENDIX[u.wrapper.clone()],
            "<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>"
        );
        assert_eq!(
            &APPENDIX[u.range.clone()],
            "ftp://info.cern.ch/pub/www/doc;\n      type=d"
        );
        // Byte 31 of the URL (`;`) and byte 32 (`t`, after the line break).
        assert_eq!(&APPENDIX[u.source_offset(30)..u.source_offset(30) + 1], ";");
        assert_eq!(&APPENDIX[u.source_offset(31)..u.source_offset(31) + 1], "t");
        assert_eq!(found[1].url, "ftp://ds.internic.net/rfc");
        assert!(found[1].verdict.is_ok());
        let u = &found[2];
        assert_eq!(u.url, "http://ds.internic.net/instructions/overview.html");
        assert!(u.verdict.is_ok());
        let f = u.fragment.as_ref().unwrap();
        assert_eq!(f.text, "WARNING");
        assert_eq!(&APPENDIX[f.range.clone()], "WARNING");
        assert!(found.iter().all(|u| u.break_hyphens.is_empty()));
    }

    /// "the interpreter of a URL containing a line break immediately after a hyphen should
    /// ignore all unencoded whitespace around the line break, and should be aware that the
    /// hyphen may or may not actually be part of the URL."
    #[test]
    fn hyphen_at_a_line_break() {
        let text = "see <URL:http://www.example-\n   site.com/a-\n  b> or <URL:ftp://x.org/a- b>";
        let found = find_urls(text);
        let u = &found[0];
        assert_eq!(u.url, "http://www.example-site.com/a-b");
        assert_eq!(u.break_hyphens.len(), 2);
        assert!(u.break_hyphens.iter().all(|&k| &text[k..k + 1] == "-"));
        let (alt, v) = u.without_break_hyphens.as_ref().unwrap();
        assert_eq!(alt, "http://www.examplesite.com/ab");
        assert!(v.is_ok());
        // A space that is no line break after a hyphen: ignored, and the hyphen stays.
        assert_eq!(found[1].url, "ftp://x.org/a-b");
        assert!(found[1].break_hyphens.is_empty());
    }

    #[test]
    fn wrappers() {
        let text = "a <http://h/x> b <not a url> c <mailto:x@y> <URL:http://a b/~x> <URL:http://h/";
        let found = find_urls(text);
        let urls: Vec<&str> = found.iter().map(|u| u.url.as_str()).collect();
        assert_eq!(
            urls,
            ["http://h/x", "mailto:x@y", "http://ab/~x", "http://h/"]
        );
        assert!(!found[0].prefixed && found[0].closed);
        assert!(found[2].verdict.is_err());
        assert!(!found[3].closed);
        assert_eq!(found[3].wrapper.end, text.len());
        let e = found[2].verdict.as_ref().unwrap_err();
        assert_eq!(e.offset, 10);
        assert_eq!(found[2].source_offset(10), text.find('~').unwrap());
        assert!(find_urls("").is_empty());
        assert!(find_urls("<").is_empty());
        assert_eq!(find_urls("<URL:").len(), 1);
        assert_eq!(find_urls("<URL:>")[0].range, 5..5);
    }
}
