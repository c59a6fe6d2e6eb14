//! Appendix B of RFC 2396: the regular expression that splits any string into the potential
//! five parts of a URI reference, written out by hand.
//!
//! ```text
//!   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!    12            3  4          5       6  7        8 9
//!
//!   scheme    = $2
//!   authority = $4
//!   path      = $5
//!   query     = $7
//!   fragment  = $9
//! ```
//! rfc2396.txt:1575-1621, Appendix B.
//!
//! The expression matches every string (each group is optional or starred and it is anchored
//! only at the start), so [`split`] never fails: it is the lenient view an editor needs to
//! highlight the parts of a broken URI. On a valid `URI-reference` it agrees with the typed
//! parse ([`UriReference`](crate::rfc2396::UriReference)), part for part and byte for byte, with one
//! exception that comes from the spec itself: an `opaque_part` may hold a `?`
//! (`uric_no_slash` and `uric` include it), which the expression takes as the start of a
//! query while Appendix A keeps it in the opaque part (`grammar/DEVIATIONS.md`).

use crate::part::Part;

/// The five parts of a string by the expression of Appendix B. Each part is a [`Part`] with
/// its byte range in the string; an undefined part (its delimiter absent) is `None`. The path
/// is never undefined, though it may be empty.
///
/// ```
/// // Appendix B's own example (rfc2396.txt:1595-1607)
/// let s = urigram::rfc2396::split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// let urigram::rfc2396::Split { scheme, authority, path, query, fragment } = s;
/// assert_eq!(scheme.unwrap(), "http");
/// assert_eq!(authority.unwrap(), "www.ics.uci.edu");
/// assert_eq!(path, "/pub/ietf/uri/");
/// assert_eq!(query, None);
/// assert_eq!(fragment.unwrap(), "Related");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split<'a> {
    /// `$2`: the scheme, without its `:`.
    pub scheme: Option<Part<'a>>,
    /// `$4`: the authority, without its `//`.
    pub authority: Option<Part<'a>>,
    /// `$5`: the path.
    pub path: Part<'a>,
    /// `$7`: the query, without its `?`.
    pub query: Option<Part<'a>>,
    /// `$9`: the fragment, without its `#`.
    pub fragment: Option<Part<'a>>,
}

/// Split `s` into scheme, authority, path, query and fragment with the regular expression of
/// RFC 2396 Appendix B (rfc2396.txt:1587). Works on any string, valid or not; never fails.
///
/// The hand-written matcher takes each group as the POSIX leftmost-longest rule does: the
/// scheme when a `:` comes before any `/`, `?` or `#` and after at least one character, the
/// authority when `//` follows, then the path up to the first `?` or `#`, the query up to the
/// first `#`, and the fragment to the end (`.` matches every character here, line breaks
/// included).
///
/// ```
/// use urigram::rfc2396::split;
/// let s = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(s.scheme.unwrap(), "http");
/// assert_eq!(s.authority.unwrap(), "www.ics.uci.edu");
/// assert_eq!(s.path, "/pub/ietf/uri/");
/// assert_eq!(s.query, None);
/// assert_eq!(s.fragment.unwrap().range(), 37..44);
///
/// // Not a URI at all, and still split: what an editor needs to highlight it.
/// let s = split("ht tp://exa mple/%zz?q=1#a#b");
/// assert_eq!(s.scheme.unwrap(), "ht tp");
/// assert_eq!(s.authority.unwrap(), "exa mple");
/// assert_eq!(s.path.range(), 16..20);
/// assert_eq!(s.query.unwrap(), "q=1");
/// assert_eq!(s.fragment.unwrap(), "a#b");
/// ```
pub fn split(s: &str) -> Split<'_> {
    let b = s.as_bytes();
    let part = |start: usize, end: usize| Part::new(&s[start..end], start);
    // The first byte at or after `from` that is one of `stops`, or the end.
    let until = |from: usize, stops: &[u8]| {
        b[from..]
            .iter()
            .position(|c| stops.contains(c))
            .map_or(b.len(), |k| from + k)
    };

    // (([^:/?#]+):)?
    let mut i = 0;
    let mut scheme = None;
    let k = until(0, b":/?#");
    if k > 0 && b.get(k) == Some(&b':') {
        scheme = Some(part(0, k));
        i = k + 1;
    }

    // (//([^/?#]*))?
    let mut authority = None;
    if b[i..].starts_with(b"//") {
        let end = until(i + 2, b"/?#");
        authority = Some(part(i + 2, end));
        i = end;
    }

    // ([^?#]*)
    let end = until(i, b"?#");
    let path = part(i, end);
    i = end;

    // (\?([^#]*))?
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        let end = until(i + 1, b"#");
        query = Some(part(i + 1, end));
        i = end;
    }

    // (#(.*))?
    let fragment = (b.get(i) == Some(&b'#')).then(|| part(i + 1, b.len()));

    Split {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> [Option<&str>; 5] {
        let p = split(s);
        [
            p.scheme.map(|p| p.as_str()),
            p.authority.map(|p| p.as_str()),
            Some(p.path.as_str()),
            p.query.map(|p| p.as_str()),
            p.fragment.map(|p| p.as_str()),
        ]
    }

    #[test]
    fn appendix_b_example() {
        // rfc2396.txt:1605-1614
        assert_eq!(
            parts("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            [
                Some("http"),
                Some("www.ics.uci.edu"),
                Some("/pub/ietf/uri/"),
                None,
                Some("Related")
            ]
        );
    }

    #[test]
    fn edge_cases() {
        assert_eq!(parts(""), [None, None, Some(""), None, None]);
        assert_eq!(parts(":x"), [None, None, Some(":x"), None, None]);
        assert_eq!(parts("a:"), [Some("a"), None, Some(""), None, None]);
        assert_eq!(parts("//"), [None, Some(""), Some(""), None, None]);
        assert_eq!(parts("a/b:c"), [None, None, Some("a/b:c"), None, None]);
        assert_eq!(parts("?#"), [None, None, Some(""), Some(""), Some("")]);
        assert_eq!(parts("#?"), [None, None, Some(""), None, Some("?")]);
        assert_eq!(parts("a:b:c"), [Some("a"), None, Some("b:c"), None, None]);
        assert_eq!(parts("é:ü"), [Some("é"), None, Some("ü"), None, None]);
        assert_eq!(
            parts("x:///p?a?b#c#d\n"),
            [Some("x"), Some(""), Some("/p"), Some("a?b"), Some("c#d\n")]
        );
        assert_eq!(split("//ab/c").path.range(), 4..6);
        assert_eq!(split("é:ü").path.range(), 3..5);
    }
}
