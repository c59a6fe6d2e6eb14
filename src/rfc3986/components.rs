//! The five components of a URI reference (RFC 3986 section 5.2.1, rfc3986.txt:1689-1695)
//! and their recomposition (section 5.3, rfc3986.txt:1911-1946).
//!
//! A reference is read by the typed parse of `URI-reference` (Appendix A,
//! [`UriReference`](super::UriReference)), whose components are those that the regular
//! expression of Appendix B reads (rfc3986.txt:2790-2840; [`Components::split`], and a test
//! holds the two equal):
//!
//! ```text
//!   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!    12            3  4          5       6  7        8 9
//! ```
//!
//! On a valid `URI-reference` that reading is exact: a `scheme` holds no `/`, `?` or `#`
//! and is followed by `:`; a `relative-ref` whose first segment would hold a `:` is no
//! `path-noscheme`; an `authority` holds no `/`, `?` or `#`, a `path` no `?` or `#`, a
//! `query` no `#`.

use std::fmt;

use crate::error::Error;
use crate::table::{Table, Wide};

/// Every US-ASCII character.
const ASCII: Table = Table::range(0, 127);

/// The five components of a reference, as section 5.2.1 names them: an undefined component
/// (its delimiter absent) is `None`; the path is never undefined, though it may be empty.
/// Each is the text without its delimiter (`:`, `//`, `?`, `#`).
///
/// [`Components::parse`] checks the text against RFC 3986's `URI-reference` first;
/// [`Components::split`] is Appendix B's reading alone, for any string. The fields are public,
/// so components read by another parser can be given to [`resolve`](fn@super::resolve) and
/// [`normalize`](fn@super::normalize) as they are; the results are then only as valid as the
/// components.
///
/// Its [`Display`](fmt::Display) is section 5.3's recomposition.
///
/// ```
/// use urigram::rfc3986::Components;
/// // Appendix B's example (rfc3986.txt:2809-2821).
/// let c = Components::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related").unwrap();
/// assert_eq!(c.scheme, Some("http"));
/// assert_eq!(c.authority, Some("www.ics.uci.edu"));
/// assert_eq!(c.path, "/pub/ietf/uri/");
/// assert_eq!(c.query, None);
/// assert_eq!(c.fragment, Some("Related"));
/// assert_eq!(c.to_string(), "http://www.ics.uci.edu/pub/ietf/uri/#Related");
///
/// // `?y` is an RFC 3986 `URI-reference` (a `relative-ref` with an empty path).
/// let c = Components::parse("?y").unwrap();
/// assert_eq!((c.path, c.query), ("", Some("y")));
/// // `http://a b/` is not: the grammar's diagnostic says where.
/// assert_eq!(Components::parse("http://a b/").unwrap_err().offset(), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Components<'a> {
    /// The scheme, without its `:`.
    pub scheme: Option<&'a str>,
    /// The authority, without its `//`.
    pub authority: Option<&'a str>,
    /// The path (never undefined).
    pub path: &'a str,
    /// The query, without its `?`.
    pub query: Option<&'a str>,
    /// The fragment, without its `#`.
    pub fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    /// `text` checked against RFC 3986's `URI-reference` (the grammar's [`Error`] if it is
    /// not one), then split as Appendix B reads it.
    ///
    /// ```
    /// use urigram::rfc3986::Components;
    /// let c = Components::parse("mailto:fred@example.com").unwrap();
    /// assert_eq!((c.scheme, c.authority, c.path), (Some("mailto"), None, "fred@example.com"));
    /// let e = Components::parse("http://[::1/").unwrap_err();
    /// assert_eq!(e.grammar(), urigram::Grammar::Rfc3986);
    /// ```
    pub fn parse(text: &'a str) -> Result<Components<'a>, Error> {
        // One pass: the typed parse reads the same components as Appendix B's split does of a
        // valid reference (a test below holds the two equal).
        Ok(crate::rfc3986::UriReference::parse(text)?.components())
    }

    /// Any string split by the regular expression of Appendix B (rfc3986.txt:2806), written
    /// as plain code; never fails. Exact for a valid `URI-reference`; on any other string it
    /// is the lenient reading Appendix B describes, and the parts need not be valid.
    ///
    /// The scheme is taken when a `:` comes before any `/`, `?` or `#` and after at least one
    /// character; the authority when `//` follows; then the path up to the first `?` or `#`,
    /// the query up to the first `#`, and the fragment to the end.
    ///
    /// ```
    /// use urigram::rfc3986::Components;
    /// let c = Components::split("a b://c d/e f?g#h");
    /// assert_eq!((c.scheme, c.authority, c.path), (Some("a b"), Some("c d"), "/e f"));
    /// let c = Components::split(":x");
    /// assert_eq!((c.scheme, c.path), (None, ":x")); // `[^:/?#]+` needs one character
    /// ```
    pub fn split(text: &'a str) -> Components<'a> {
        // The delimiters are US-ASCII, so a byte position is a character boundary: the scans
        // run over bytes, sixteen or thirty-two at a time where the CPU can ([`Wide`]).
        const NOT_SCHEME: Wide = ASCII.minus(Table::chars(":/?#")).wide();
        const NOT_AUTHORITY: Wide = ASCII.minus(Table::chars("/?#")).wide();
        const NOT_PATH: Wide = ASCII.minus(Table::chars("?#")).wide();
        const NOT_QUERY: Wide = ASCII.minus(Table::chars("#")).wide();
        fn first(s: &str, run: &Wide) -> Option<usize> {
            let b = s.as_bytes();
            let mut n = 0;
            loop {
                n = run.run_end(b, n);
                match b.get(n) {
                    // The tables hold US-ASCII only: bytes above it are on the run too.
                    Some(&c) if !c.is_ascii() => {
                        n += 1;
                        while b.get(n).is_some_and(|c| !c.is_ascii()) {
                            n += 1;
                        }
                    }
                    Some(_) => return Some(n),
                    None => return None,
                }
            }
        }
        let mut rest = text;
        // $1, $2: `([^:/?#]+):`
        let scheme = match first(rest, &NOT_SCHEME) {
            Some(i) if i > 0 && rest.as_bytes()[i] == b':' => {
                let s = &rest[..i];
                rest = &rest[i + 1..];
                Some(s)
            }
            _ => None,
        };
        // $3, $4: `//([^/?#]*)`
        let authority = match rest.strip_prefix("//") {
            Some(after) => {
                let end = first(after, &NOT_AUTHORITY).unwrap_or(after.len());
                rest = &after[end..];
                Some(&after[..end])
            }
            None => None,
        };
        // $5: `[^?#]*`
        let end = first(rest, &NOT_PATH).unwrap_or(rest.len());
        let path = &rest[..end];
        rest = &rest[end..];
        // $6, $7: `\?([^#]*)`
        let query = match rest.strip_prefix('?') {
            Some(after) => {
                let end = first(after, &NOT_QUERY).unwrap_or(after.len());
                rest = &after[end..];
                Some(&after[..end])
            }
            None => None,
        };
        // $8, $9: `#(.*)`
        let fragment = rest.strip_prefix('#');
        Components {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// The same components without the fragment: what a base URI is once "stripped of any
    /// fragment component" (section 5.1, rfc3986.txt:1562), and what section 6.1 compares
    /// when a network action is to be selected (rfc3986.txt:2121-2124).
    ///
    /// ```
    /// use urigram::rfc3986::Components;
    /// let c = Components::parse("http://a/b#c").unwrap();
    /// assert_eq!(c.without_fragment().to_string(), "http://a/b");
    /// ```
    pub fn without_fragment(self) -> Components<'a> {
        Components {
            fragment: None,
            ..self
        }
    }
}

/// RFC 3986's `URI-reference` (see [`Components::parse`]).
///
/// ```
/// use urigram::rfc3986::Components;
/// assert!(Components::try_from("//g").is_ok());
/// assert!(Components::try_from("%").is_err());
/// ```
impl<'a> TryFrom<&'a str> for Components<'a> {
    type Error = Error;
    fn try_from(text: &'a str) -> Result<Components<'a>, Error> {
        Components::parse(text)
    }
}

/// Section 5.3's recomposition (rfc3986.txt:1916-1939): each defined component with its
/// delimiter, in order.
impl fmt::Display for Components<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.scheme {
            f.write_str(s)?;
            f.write_str(":")?;
        }
        if let Some(a) = self.authority {
            f.write_str("//")?;
            f.write_str(a)?;
        }
        f.write_str(self.path)?;
        if let Some(q) = self.query {
            f.write_str("?")?;
            f.write_str(q)?;
        }
        if let Some(g) = self.fragment {
            f.write_str("#")?;
            f.write_str(g)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Appendix B's regular expression read one character at a time, as written: what the
    /// byte scans of [`Components::split`] must give on any text.
    fn split_by_chars(text: &str) -> Components<'_> {
        let mut rest = text;
        let scheme = match rest.find([':', '/', '?', '#']) {
            Some(i) if i > 0 && rest[i..].starts_with(':') => {
                let s = &rest[..i];
                rest = &rest[i + 1..];
                Some(s)
            }
            _ => None,
        };
        let authority = rest.strip_prefix("//").map(|after| {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            rest = &after[end..];
            &after[..end]
        });
        let end = rest.find(['?', '#']).unwrap_or(rest.len());
        let path = &rest[..end];
        rest = &rest[end..];
        let query = rest.strip_prefix('?').map(|after| {
            let end = after.find('#').unwrap_or(after.len());
            rest = &after[end..];
            &after[..end]
        });
        Components {
            scheme,
            authority,
            path,
            query,
            fragment: rest.strip_prefix('#'),
        }
    }

    /// The byte scans against the characters: every text of up to four pieces from the
    /// delimiters, letters and characters outside US-ASCII (of two to four bytes), and each
    /// piece repeated past the vector scans' 32 bytes.
    #[test]
    fn byte_scans_split_as_the_characters_do() {
        let pieces = [
            ":",
            "/",
            "?",
            "#",
            "//",
            "a",
            "\u{e9}",
            "\u{4f8b}",
            "\u{10300}",
            "%",
            "@",
        ];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let next: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(next);
        }
        for p in pieces {
            for q in pieces {
                texts.push(format!("{}{q}{}", p.repeat(40), p.repeat(3)));
                texts.push(format!("x{}{q}", "\u{e9}".repeat(20)));
            }
        }
        for t in &texts {
            assert_eq!(Components::split(t), split_by_chars(t), "{t:?}");
        }
        assert!(texts.len() > 16_000);
    }

    /// Appendix B's groups, and recomposition gives the text back, on valid references of
    /// every shape (section 5.3: "careful to preserve the distinction between a component
    /// that is undefined ... and a component that is empty", rfc3986.txt:1941-1945).
    #[test]
    fn split_and_recompose() {
        let cases: [(&str, Components<'_>); 8] = [
            (
                "",
                Components {
                    path: "",
                    ..Components::default()
                },
            ),
            (
                "?#",
                Components {
                    query: Some(""),
                    fragment: Some(""),
                    ..Components::default()
                },
            ),
            (
                "foo:",
                Components {
                    scheme: Some("foo"),
                    ..Components::default()
                },
            ),
            (
                "//",
                Components {
                    authority: Some(""),
                    ..Components::default()
                },
            ),
            (
                "foo://u@[v1.x]:8/p?q/?#f?/",
                Components {
                    scheme: Some("foo"),
                    authority: Some("u@[v1.x]:8"),
                    path: "/p",
                    query: Some("q/?"),
                    fragment: Some("f?/"),
                },
            ),
            (
                "./a:b",
                Components {
                    path: "./a:b",
                    ..Components::default()
                },
            ),
            (
                "urn:a:b",
                Components {
                    scheme: Some("urn"),
                    path: "a:b",
                    ..Components::default()
                },
            ),
            (
                "#s/../x",
                Components {
                    fragment: Some("s/../x"),
                    ..Components::default()
                },
            ),
        ];
        for (text, want) in cases {
            let c = Components::parse(text).unwrap();
            assert_eq!(c, want, "{text:?}");
            assert_eq!(c.to_string(), text);
        }
    }

    /// Not an RFC 3986 `URI-reference`: the grammar's error, where the grammar stops.
    #[test]
    fn parse_rejects() {
        for (text, offset) in [("a:b c", 3), ("1a:b", 2), ("//a/%zz", 5), ("g#s#t", 3)] {
            let e = Components::parse(text).unwrap_err();
            assert_eq!(e.offset(), offset, "{text:?}");
        }
        // `1a:b` as Appendix B reads it anyway: a scheme `1a`.
        assert_eq!(Components::split("1a:b").scheme, Some("1a"));
    }
}
