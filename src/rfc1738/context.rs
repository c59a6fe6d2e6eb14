//! URLs in free text: the appendix "Recommendations for URLs in Context"
//! (rfc1738.txt:1183-1225), read for RFC 1738 URLs.
//!
//! The appendix recommends writing a URL in text as `<URL:...>`: the angle brackets and the
//! prefix are a wrapper, not part of the URL. Long URLs may be broken across lines with
//! extra whitespace, which "should be ignored when extracting the URL". Writers should not
//! break a line after a hyphen, since typesetters add hyphens at line ends; so when a line
//! break does follow a hyphen, the reader "should ignore all unencoded whitespace around the
//! line break, and should be aware that the hyphen may or may not actually be part of the
//! URL". A fragment identifier goes "within the brackets as well", after a `#`, though it is
//! no part of the URL (`#` is no `xchar`).
//!
//! [`find_urls`] finds the URLs as [`crate::extract`] does (wrappers, line breaks, URLs
//! without a wrapper), and then reads them as RFC 1738 asks: the fragment identifier is split
//! off, and both readings of a hyphen at a line break are checked.

use std::ops::Range;

use super::Url;
use crate::error::{Error, Position};
use crate::extract::{Delimiter, Found, Piece, extract};
use crate::grammar::Grammar;

/// A URL found in text by [`find_urls`], with where it came from and whether it is valid.
///
/// ```
/// use urigram::rfc1738::{Url, find_urls};
/// // A hyphen at a line break "may or may not actually be part of the URL"
/// // (rfc1738.txt:1213-1218).
/// let text = "Get <URL:ftp://host.dom/pub/file-\n     name.txt> or <URL:http://h/a{b}>.";
/// let [found, bad] = &find_urls(text)[..] else { panic!() };
/// assert_eq!(found.url, "ftp://host.dom/pub/file-name.txt");
/// assert_eq!(found.break_hyphens, [32]);
/// let (without, verdict) = found.without_break_hyphens.as_ref().unwrap();
/// assert_eq!((without.as_str(), verdict.is_ok()), ("ftp://host.dom/pub/filename.txt", true));
/// assert!(found.is_valid());
/// assert!(matches!(found.parse(), Ok(Url::Ftp(_))));
/// // Byte 19 of the URL, "file", is byte 28 of the text; byte 24, "name", is past the break.
/// assert_eq!((found.source_offset(19), found.source_offset(24)), (28, 39));
/// assert_eq!(&text[found.outer.clone()], "<URL:ftp://host.dom/pub/file-\n     name.txt>");
/// // The verdict places the error in the text: the `{` (no `xchar`) at byte 67.
/// assert_eq!(bad.verdict.as_ref().unwrap_err().offset(), 67);
/// assert!(!bad.is_valid() && bad.parse().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UrlInContext {
    /// How it was marked off in the text: `<URL:...>`, `<...>`, or not at all.
    pub delimiter: Delimiter,
    /// All of it in the text: the wrapper and the fragment identifier included.
    pub outer: Range<usize>,
    /// The URL: whitespace removed, the fragment identifier left out, hyphens at line breaks
    /// kept.
    pub url: String,
    /// The URL in the text: from its first byte to one past its last, whitespace included.
    pub range: Range<usize>,
    /// The fragment identifier after a `#`, if any.
    pub fragment: Option<Fragment>,
    /// Offsets in the text of the hyphens in the URL that a line break follows: each "may or
    /// may not actually be part of the URL". [`UrlInContext::url`] keeps them.
    pub break_hyphens: Vec<usize>,
    /// Whether [`UrlInContext::url`] is a `url` of RFC 1738. The error is placed in the text:
    /// its offset, line and columns count there (its message names the byte in the URL).
    pub verdict: Result<(), Error>,
    /// When there are break hyphens: the URL without them, and its verdict (placed in the
    /// text too).
    pub without_break_hyphens: Option<(String, Result<(), Error>)>,
    pieces: Vec<Piece>,
}

/// The fragment identifier of a URL in context: everything after the `#`, whitespace
/// removed.
///
/// ```
/// // The appendix's example (rfc1738.txt:1224-1225): the `#WARNING` is inside the brackets
/// // but no part of the URL.
/// let text = "Note the warning in <URL:http://ds.internic.\n      \
///     net/instructions/overview.html#WARNING>.";
/// let u = &urigram::rfc1738::find_urls(text)[0];
/// assert_eq!(u.url, "http://ds.internic.net/instructions/overview.html");
/// let f = u.fragment.as_ref().unwrap();
/// assert_eq!((f.text.as_str(), &text[f.range.clone()]), ("WARNING", "WARNING"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fragment {
    /// The identifier, without the `#`.
    pub text: String,
    /// Where it is in the text, whitespace included, `#` excluded.
    pub range: Range<usize>,
}

impl UrlInContext {
    /// The offset in the text of byte `at` of [`UrlInContext::url`] (the URL's end for `at`
    /// at or past its end).
    pub fn source_offset(&self, at: usize) -> usize {
        source_offset(&self.pieces, at, self.range.end)
    }

    /// Whether the URL (with its hyphens) is valid.
    pub fn is_valid(&self) -> bool {
        self.verdict.is_ok()
    }

    /// The typed URL, when the verdict is `Ok`.
    pub fn parse(&self) -> Result<Url<'_>, Error> {
        Url::parse(&self.url)
    }
}

/// The RFC 1738 URLs of `text`: found as [`crate::extract::extract`] finds URIs (in
/// `<URL:...>`, in `<scheme:...>`, or by a scheme that starts a word), whitespace inside
/// wrappers ignored; then the fragment identifier after a `#` split off, and the URL checked
/// against RFC 1738's `url`, with and without the hyphens that line breaks follow.
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
    extract(text, Grammar::Rfc1738)
        .iter()
        .map(|f| read(text, f))
        .collect()
}

/// The RFC 1738 reading of one URI that [`extract`] found.
fn read(text: &str, f: &Found<'_>) -> UrlInContext {
    // The pieces with every hyphen in them (`extract` may have dropped the break hyphens).
    let mut ranges: Vec<Range<usize>> = f.pieces.iter().map(|p| p.range.clone()).collect();
    if f.hyphens_dropped {
        for &h in &f.hyphen_breaks {
            match ranges.iter_mut().find(|r| r.end == h) {
                Some(r) => r.end = h + 1,
                None => {
                    let k = ranges.partition_point(|r| r.start < h);
                    ranges.insert(k, h..h + 1);
                }
            }
        }
    }
    // Split at the first `#`.
    let hash = ranges
        .iter()
        .find_map(|r| text[r.clone()].find('#').map(|k| r.start + k));
    let (url_ranges, fragment) = match hash {
        None => (ranges, None),
        Some(h) => {
            let before: Vec<Range<usize>> = ranges
                .iter()
                .filter(|r| r.start < h)
                .map(|r| r.start..r.end.min(h))
                .filter(|r| !r.is_empty())
                .collect();
            let after: Vec<Range<usize>> = ranges
                .iter()
                .filter(|r| r.end > h + 1)
                .map(|r| r.start.max(h + 1)..r.end)
                .collect();
            let frag = Fragment {
                text: after.iter().map(|r| &text[r.clone()]).collect(),
                range: match (after.first(), after.last()) {
                    (Some(a), Some(z)) => a.start..z.end,
                    _ => h + 1..h + 1,
                },
            };
            (before, Some(frag))
        }
    };
    let range = match (url_ranges.first(), url_ranges.last()) {
        (Some(a), Some(z)) => a.start..z.end,
        _ => f.range.start..f.range.start,
    };
    let break_hyphens: Vec<usize> = f
        .hyphen_breaks
        .iter()
        .copied()
        .filter(|&h| h < range.end)
        .collect();
    let (url, pieces) = assemble(text, &url_ranges);
    let verdict = check(text, &url, &pieces, range.end);
    let without_break_hyphens = (!break_hyphens.is_empty()).then(|| {
        let cut: Vec<Range<usize>> = url_ranges
            .iter()
            .map(|r| r.start..r.end - usize::from(break_hyphens.contains(&(r.end - 1))))
            .filter(|r| !r.is_empty())
            .collect();
        let (s, p) = assemble(text, &cut);
        let v = check(text, &s, &p, range.end);
        (s, v)
    });
    UrlInContext {
        delimiter: f.delimiter,
        outer: f.outer.clone(),
        url,
        range,
        fragment,
        break_hyphens,
        verdict,
        without_break_hyphens,
        pieces,
    }
}

/// The string of `ranges` of `text`, and its pieces.
fn assemble(text: &str, ranges: &[Range<usize>]) -> (String, Vec<Piece>) {
    let mut s = String::new();
    let mut pieces = Vec::with_capacity(ranges.len());
    for r in ranges {
        pieces.push(Piece::new(s.len(), r.clone()));
        s.push_str(&text[r.clone()]);
    }
    (s, pieces)
}

/// The text offset of byte `at` of the string made of `pieces` (`end` past its end).
fn source_offset(pieces: &[Piece], at: usize, end: usize) -> usize {
    let k = pieces.partition_point(|p| p.at <= at);
    match k.checked_sub(1).and_then(|k| pieces.get(k)) {
        Some(p) if at < p.at + p.range.len() => p.range.start + (at - p.at),
        _ => end,
    }
}

/// Check `url` (made of `pieces` of `text`) and place the error in the text.
fn check(text: &str, url: &str, pieces: &[Piece], end: usize) -> Result<(), Error> {
    Grammar::Rfc1738.check("url", url).map_err(|e| {
        let offset = source_offset(pieces, e.offset(), end);
        let width = e.end() - e.offset();
        e.relocated(offset, offset + width, Position::of(text, offset))
    })
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
        assert!(matches!(u.parse().unwrap(), Url::Ftp(f) if f.type_code() == Some('d')));
        assert_eq!(u.delimiter, Delimiter::AngleUrl);
        assert_eq!(
            &APPENDIX[u.outer.clone()],
            "<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>"
        );
        assert_eq!(
            &APPENDIX[u.range.clone()],
            "ftp://info.cern.ch/pub/www/doc;\n      type=d"
        );
        // Byte 30 of the URL (`;`) and byte 31 (`t`, after the line break).
        assert_eq!(&APPENDIX[u.source_offset(30)..u.source_offset(30) + 1], ";");
        assert_eq!(&APPENDIX[u.source_offset(31)..u.source_offset(31) + 1], "t");
        assert_eq!(found[1].url, "ftp://ds.internic.net/rfc");
        assert!(found[1].is_valid());
        let u = &found[2];
        assert_eq!(u.url, "http://ds.internic.net/instructions/overview.html");
        assert!(u.is_valid());
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
        // A space that is no line break, after a hyphen: in the URL as written (an error),
        // and the hyphen is no break hyphen.
        assert_eq!(found[1].url, "ftp://x.org/a- b");
        assert!(found[1].break_hyphens.is_empty() && !found[1].is_valid());
        // Under RFC 1738 a `-` is valid wherever a URL can break (it is a scheme character and
        // an `xchar`): both readings are valid URLs, and different ones.
        let text = "<URL:ftp://ftp.exam-\n  ple.com/>";
        let u = &find_urls(text)[0];
        assert_eq!(u.url, "ftp://ftp.exam-ple.com/");
        assert!(u.is_valid());
        let (alt, v) = u.without_break_hyphens.as_ref().unwrap();
        assert_eq!(alt, "ftp://ftp.example.com/");
        assert!(v.is_ok());
        let text = "at http://www.exam-\n  ple.com/ today";
        let u = &find_urls(text)[0];
        assert_eq!(u.url, "http://www.exam-ple.com/");
        assert_eq!(
            u.without_break_hyphens.as_ref().unwrap().0,
            "http://www.example.com/"
        );
    }

    #[test]
    fn wrappers_and_errors() {
        let text = "a <http://h/x> b <not a url> c <mailto:x@y> <URL:http://a\n b/~x> d";
        let found = find_urls(text);
        let urls: Vec<&str> = found.iter().map(|u| u.url.as_str()).collect();
        assert_eq!(urls, ["http://h/x", "mailto:x@y", "http://ab/~x"]);
        assert_eq!(found[0].delimiter, Delimiter::Angle);
        let e = found[2].verdict.as_ref().unwrap_err();
        // The error is placed in the text: at the `~`.
        assert_eq!(e.offset(), text.find('~').unwrap());
        assert_eq!(found[2].source_offset(10), text.find('~').unwrap());
        // Undelimited URLs too, the fragment split off.
        let found = find_urls("see http://h/a#top. or news:*");
        assert_eq!(found[0].url, "http://h/a");
        assert_eq!(found[0].fragment.as_ref().unwrap().text, "top");
        assert!(found[0].is_valid());
        assert!(matches!(found[1].parse().unwrap(), Url::News(_)));
        assert!(find_urls("").is_empty());
        assert!(find_urls("<").is_empty());
        assert_eq!(find_urls("<URL:>")[0].range, 5..5);
        assert_eq!(find_urls("<URL:#x>")[0].url, "");
    }
}
