//! Resolving relative references by RFC 3986 section 5.2 (rfc3986.txt:1661-1909), exactly as
//! printed: 5.2.2's algorithm ([`resolve_with`], with its strict and non-strict parsers as
//! [`ResolveOptions::strict`]), 5.2.3's [`merge`], 5.2.4's [`remove_dot_segments`] as the
//! printed loop over an input buffer, and 5.3's recomposition ([`Resolved`]).
//!
//! The base must be absolute: "only the scheme component is required to be present in a base
//! URI" (section 5.2.1, rfc3986.txt:1691); a base without one is
//! [`ResolveError::RelativeBase`]. A base with a fragment is taken as section 5.1 says, "stripped
//! of any fragment component" (rfc3986.txt:1561-1563): the algorithm never reads
//! `Base.fragment`, so the fragment changes nothing.
//!
//! Where RFC 2396 section 5.2 answered differently: `?y` is a reference here (and keeps the
//! base's path: `http://a/b/c/d;p?y`), a fragment alone or the empty reference gives the base
//! itself (no "current document" step), `..` above the root is removed (`../../../g` gives
//! `http://a/g`), and a base with an authority and an empty path merges under `/`.
//!
//! One case the printed algorithm leaves open: a target with no authority whose path starts
//! with `//` (`foo:/a/b` and `..//g` merge to `/a/..//g`, which loses its `a/..` and becomes
//! `//g`). Section 5.3 would write `foo://g`, whose `//g` reads as an authority: a different
//! URI. That is [`ResolveError::Unrepresentable`], never a different URI.

use std::fmt;

use super::Components;
use crate::rfc2396::ResolveError;

/// Choices section 5.2.2 leaves to the implementation. The default is the strict parser.
///
/// ```
/// use urigram::rfc3986::{ResolveOptions, resolve_str};
/// let base = "http://a/b/c/d;p?q";
/// // rfc3986.txt:2062-2063: "http:g" for strict parsers, the base's own scheme dropped
/// // "for backward compatibility".
/// let strict = ResolveOptions::default();
/// assert_eq!(resolve_str(base, "http:g", strict).unwrap().as_str(), "http:g");
/// let loose = strict.with_strict(false);
/// assert_eq!(resolve_str(base, "http:g", loose).unwrap().as_str(), "http://a/b/c/g");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub struct ResolveOptions {
    /// A strict parser keeps the reference's scheme; a non-strict one "may ignore a scheme in
    /// the reference if it is identical to the base URI's scheme" (rfc3986.txt:1709-1714).
    /// Scheme names are compared ignoring case, as section 3.1 makes them case-insensitive.
    /// `true` by default.
    pub strict: bool,
}

impl Default for ResolveOptions {
    fn default() -> ResolveOptions {
        ResolveOptions { strict: true }
    }
}

impl ResolveOptions {
    /// Set [`ResolveOptions::strict`].
    ///
    /// ```
    /// let o = urigram::rfc3986::ResolveOptions::default().with_strict(false);
    /// assert!(!o.strict);
    /// ```
    pub const fn with_strict(mut self, strict: bool) -> ResolveOptions {
        self.strict = strict;
        self
    }
}

/// The target URI of a resolution (T), recomposed by section 5.3; it always has a scheme.
///
/// ```
/// use urigram::rfc3986::{Components, resolve};
/// let base = Components::parse("http://a/b/c/d;p?q").unwrap();
/// let t = resolve(&base, &Components::parse("../g?y#s").unwrap()).unwrap();
/// assert_eq!(t.as_str(), "http://a/b/g?y#s");
/// let c = t.components();
/// assert_eq!((c.scheme, c.authority, c.path), (Some("http"), Some("a"), "/b/g"));
/// assert_eq!((c.query, c.fragment), (Some("y"), Some("s")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Resolved {
    text: String,
    /// The end of the scheme, the ranges of the authority, path, query and fragment.
    scheme_end: usize,
    authority: Option<(usize, usize)>,
    path: (usize, usize),
    query: Option<(usize, usize)>,
    fragment: Option<(usize, usize)>,
}

impl Resolved {
    /// Section 5.3's recomposition of T's components.
    fn recompose(
        scheme: &str,
        authority: Option<&str>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
    ) -> Resolved {
        let len = scheme.len()
            + 1
            + authority.map_or(0, |a| a.len() + 2)
            + path.len()
            + query.map_or(0, |q| q.len() + 1)
            + fragment.map_or(0, |f| f.len() + 1);
        let mut text = String::with_capacity(len);
        let mut push = |delimiter: &str, part: &str| {
            text.push_str(delimiter);
            let start = text.len();
            text.push_str(part);
            (start, text.len())
        };
        let scheme_end = push("", scheme).1;
        let authority = authority.map(|a| push("://", a));
        let path = push(if authority.is_some() { "" } else { ":" }, path);
        let query = query.map(|q| push("?", q));
        let fragment = fragment.map(|f| push("#", f));
        Resolved {
            text,
            scheme_end,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// The target URI's text.
    ///
    /// ```
    /// let t = urigram::rfc3986::resolve_str("http://a/b", "c", Default::default()).unwrap();
    /// assert_eq!(t.as_str(), "http://a/c");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The target URI's text, owned.
    ///
    /// ```
    /// let t = urigram::rfc3986::resolve_str("http://a", "c", Default::default()).unwrap();
    /// assert_eq!(t.into_string(), "http://a/c");
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }

    /// T's five components (the scheme always defined).
    ///
    /// ```
    /// let t = urigram::rfc3986::resolve_str("foo:a/b", "c?", Default::default()).unwrap();
    /// let c = t.components();
    /// assert_eq!((c.scheme, c.authority, c.path, c.query), (Some("foo"), None, "a/c", Some("")));
    /// ```
    pub fn components(&self) -> Components<'_> {
        let part = |r: (usize, usize)| self.text.get(r.0..r.1).unwrap_or_default();
        Components {
            scheme: self.text.get(..self.scheme_end),
            authority: self.authority.map(part),
            path: part(self.path),
            query: self.query.map(part),
            fragment: self.fragment.map(part),
        }
    }
}

impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl AsRef<str> for Resolved {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl PartialEq<str> for Resolved {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Resolved {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

/// Resolve `reference` against `base` by section 5.2 with the strict parser (see
/// [`resolve_with`]).
///
/// ```
/// use urigram::rfc3986::{Components, resolve};
/// let base = Components::parse("http://a/b/c/d;p?q").unwrap();
/// let r = |s| resolve(&base, &Components::parse(s).unwrap()).unwrap().into_string();
/// assert_eq!(r("../../../g"), "http://a/g");
/// assert_eq!(r("?y"), "http://a/b/c/d;p?y");
/// assert_eq!(r(""), "http://a/b/c/d;p?q");
/// assert!(resolve(&Components::parse("b/c").unwrap(), &Components::parse("g").unwrap()).is_err());
/// ```
pub fn resolve(
    base: &Components<'_>,
    reference: &Components<'_>,
) -> Result<Resolved, ResolveError> {
    resolve_with(base, reference, ResolveOptions::default())
}

/// Section 5.2.2's algorithm (rfc3986.txt:1701-1775), line by line, then section 5.3.
///
/// The base must have a scheme ("only the scheme component is required to be present in a
/// base URI", section 5.2.1), else [`ResolveError::RelativeBase`]; its fragment is not used, as
/// section 5.1 strips it. Where RFC 2396 section 5.2 answered differently: `?y` keeps the
/// base's path (`http://a/b/c/d;p?y`), a fragment alone or the empty reference gives the base
/// (no "current document" step), `..` above the root is removed (`../../../g` gives
/// `http://a/g`), and the dot segments of a reference with a scheme, an authority or an
/// absolute path are removed too. A target with no authority whose path starts with `//`
/// cannot be written (section 5.3 would make it an authority): that is
/// [`ResolveError::Unrepresentable`], never a different URI.
///
/// ```
/// use urigram::rfc3986::{Components, ResolveOptions, resolve_with};
/// let base = Components::parse("http://a/b/c/d;p?q").unwrap();
/// let g = Components::parse("HTTP:g").unwrap();
/// let loose = ResolveOptions::default().with_strict(false);
/// assert_eq!(resolve_with(&base, &g, loose).unwrap(), "http://a/b/c/g");
/// ```
pub fn resolve_with(
    base: &Components<'_>,
    reference: &Components<'_>,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    let Some(base_scheme) = base.scheme else {
        return Err(ResolveError::RelativeBase(base.to_string()));
    };
    let mut r = *reference;
    // "A non-strict parser may ignore a scheme in the reference if it is identical to the
    // base URI's scheme."
    if !options.strict
        && r.scheme
            .is_some_and(|s| s.eq_ignore_ascii_case(base_scheme))
    {
        r.scheme = None;
    }
    let (scheme, authority, path, query);
    if let Some(s) = r.scheme {
        scheme = s;
        authority = r.authority;
        path = remove_dot_segments(r.path);
        query = r.query;
    } else {
        if r.authority.is_some() {
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            if r.path.is_empty() {
                path = base.path.to_string();
                query = if r.query.is_some() {
                    r.query
                } else {
                    base.query
                };
            } else {
                if r.path.starts_with('/') {
                    path = remove_dot_segments(r.path);
                } else {
                    path = remove_dot_segments(&merge(base, r.path));
                }
                query = r.query;
            }
            authority = base.authority;
        }
        scheme = base_scheme;
    }
    let fragment = r.fragment;
    let t = Resolved::recompose(scheme, authority, &path, query, fragment);
    if authority.is_none() && path.starts_with("//") {
        return Err(ResolveError::Unrepresentable {
            path,
            uri: t.into_string(),
        });
    }
    Ok(t)
}

/// Resolve the text `reference` against the text `base` (see [`resolve_with`]): both are
/// checked against RFC 3986's `URI-reference` first.
///
/// ```
/// use urigram::rfc3986::resolve_str;
/// let t = resolve_str("http://a", "g", Default::default()).unwrap();
/// assert_eq!(t, "http://a/g"); // section 5.2.3's first case
/// // A fragment in the base is not used (section 5.1: a base is stripped of it).
/// let t = resolve_str("http://a/b#f", "c", Default::default()).unwrap();
/// assert_eq!(t, "http://a/c");
/// ```
pub fn resolve_str(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    let base = Components::parse(base).map_err(ResolveError::InvalidBase)?;
    let reference = Components::parse(reference).map_err(ResolveError::InvalidReference)?;
    resolve_with(&base, &reference, options)
}

/// Section 5.2.3 (rfc3986.txt:1777-1803): a relative-path reference's path merged with the
/// base's. With a defined authority and an empty path, `/` then the reference's path;
/// otherwise the reference's path after all but the last segment of the base's path
/// (everything up to and including its right-most `/`, or nothing when it has none).
///
/// As erratum 2933 notes, the first case needs the base's authority, so this takes the base's
/// components rather than its path alone.
///
/// ```
/// use urigram::rfc3986::{Components, merge};
/// let base = |s| Components::parse(s).unwrap();
/// assert_eq!(merge(&base("http://a"), "g"), "/g");
/// assert_eq!(merge(&base("http://a/b/c"), "g"), "/b/g");
/// assert_eq!(merge(&base("foo:b"), "g"), "g");
/// ```
pub fn merge(base: &Components<'_>, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        let mut m = String::with_capacity(1 + reference_path.len());
        m.push('/');
        m.push_str(reference_path);
        return m;
    }
    let kept = base.path.rfind('/').map_or("", |i| &base.path[..=i]);
    let mut m = String::with_capacity(kept.len() + reference_path.len());
    m.push_str(kept);
    m.push_str(reference_path);
    m
}

/// Section 5.2.4 (rfc3986.txt:1805-1909): remove the `.` and `..` complete segments of a
/// path, by the printed loop over an input buffer and an output buffer, rules A to E. The
/// input buffer is a slice of `path` that only ever shrinks from the front (rules B and C
/// replace a prefix by `/` by keeping that prefix's last `/`), so the loop takes time linear
/// in the path.
///
/// Only complete segments are dot segments: `%2E` is not `.` here (section 6.2.2.2 decodes it
/// first when normalizing).
///
/// ```
/// use urigram::rfc3986::remove_dot_segments;
/// // The two traces of rfc3986.txt:1867-1885.
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../a/.."), "/");
/// assert_eq!(remove_dot_segments("a/%2E%2E/b"), "a/%2E%2E/b");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    // 1. The input buffer is the path, the output buffer empty.
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    // 2. While the input buffer is not empty:
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A. Remove a prefix "../" or "./".
            input = rest;
        } else if input.starts_with("/./") {
            // B. Replace the prefix "/./" with "/": its last "/" stays.
            input = &input[2..];
        } else if input == "/." {
            // B. Replace "/." (a complete segment: nothing follows) with "/".
            input = "/";
        } else if input.starts_with("/../") {
            // C. Replace "/../" with "/", and remove the output's last segment.
            input = &input[3..];
            pop_segment(&mut output);
        } else if input == "/.." {
            // C. The same for "/.." as a complete segment.
            input = "/";
            pop_segment(&mut output);
        } else if input == "." || input == ".." {
            // D. The input buffer is only "." or "..".
            input = "";
        } else {
            // E. Move the first segment, with its initial "/" if any, up to the next "/".
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| from + i);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    // 3. The output buffer is the result.
    output
}

/// Rule C's "remove the last segment and its preceding "/" (if any) from the output buffer".
fn pop_segment(output: &mut String) {
    let cut = output.rfind('/').unwrap_or(0);
    output.truncate(cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The base of section 5.4 (rfc3986.txt:1952).
    const BASE: &str = "http://a/b/c/d;p?q";

    /// Section 5.4.1 (rfc3986.txt:1969-1991) and 5.4.2 (rfc3986.txt:2004-2063): reference,
    /// target, and the line of the RFC that prints them (`http:g` the strict parser's).
    fn examples() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
        let text = include_str!("../../tests/data/rfc3986-section-5.4.txt");
        text.lines().filter(|l| !l.starts_with("# ")).map(|l| {
            let mut f = l.split('\t');
            (f.next().unwrap(), f.next().unwrap(), f.next().unwrap())
        })
    }

    /// Every example of sections 5.4.1 and 5.4.2, with the strict parser; each target's
    /// components are those of its own text.
    #[test]
    fn section_5_4_examples() {
        assert_eq!(examples().count(), 42);
        for (reference, target, line) in examples() {
            let t = resolve_str(BASE, reference, ResolveOptions::default()).unwrap();
            assert_eq!(t.as_str(), target, "rfc3986.txt:{line}: {reference:?}");
            assert_eq!(t.components(), Components::parse(target).unwrap());
        }
    }

    /// rfc3986.txt:2062-2063: `http:g`, "for strict parsers" and "for backward
    /// compatibility".
    #[test]
    fn section_5_4_2_strict_and_not() {
        let strict = ResolveOptions::default();
        assert!(strict.strict);
        assert_eq!(resolve_str(BASE, "http:g", strict).unwrap(), "http:g");
        let loose = strict.with_strict(false);
        assert_eq!(
            resolve_str(BASE, "http:g", loose).unwrap(),
            "http://a/b/c/g"
        );
        // Only the base's own scheme is dropped.
        assert_eq!(resolve_str(BASE, "ftp:g", loose).unwrap(), "ftp:g");
        assert_eq!(
            resolve_str(BASE, "http:?y", loose).unwrap(),
            "http://a/b/c/d;p?y"
        );
    }

    /// The traces of section 5.2.4 (rfc3986.txt:1867-1885), and rules A to E one by one.
    #[test]
    fn remove_dot_segments_rules() {
        let cases = [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("../a", "a"),                        // A
            ("./a", "a"),                         // A
            ("/./a", "/a"),                       // B
            ("/a/.", "/a/"),                      // B, complete segment at the end
            ("/a/../b", "/b"),                    // C
            ("/a/..", "/"),                       // C, at the end
            ("a/..", "/"),                        // C: the output's "a" goes, "/" stays
            (".", ""),                            // D
            ("..", ""),                           // D
            ("/.a/..b/a./b..", "/.a/..b/a./b.."), // E: not complete segments
            ("//a/../b", "//b"),                  // E moves the empty segment
            ("", ""),
            ("/", "/"),
            ("/../../..", "/"),
        ];
        for (path, want) in cases {
            assert_eq!(remove_dot_segments(path), want, "{path:?}");
        }
    }

    /// The printed steps with real string replacements, as a reference for the loop above,
    /// which replaces a prefix by keeping its last `/`.
    fn remove_dot_segments_by_replacing(path: &str) -> String {
        let (mut input, mut output) = (path.to_string(), String::new());
        let pop = |output: &mut String| {
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        };
        while !input.is_empty() {
            if input.starts_with("../") {
                input.replace_range(..3, "");
            } else if input.starts_with("./") {
                input.replace_range(..2, "");
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = "/".to_string();
            } else if input.starts_with("/../") {
                input.replace_range(..4, "/");
                pop(&mut output);
            } else if input == "/.." {
                input = "/".to_string();
                pop(&mut output);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let from = usize::from(input.starts_with('/'));
                let end = input[from..].find('/').map_or(input.len(), |i| from + i);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    /// Every path of up to six segments drawn from `a`, `.`, `..`, `.a` and the empty
    /// segment, rooted or not: the loop gives what the printed replacements give.
    #[test]
    fn remove_dot_segments_as_printed() {
        let pieces = ["a", ".", "..", ".a", ""];
        let mut paths = vec![String::new()];
        let mut frontier = vec![String::new()];
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &frontier {
                for s in pieces {
                    let q = if p.is_empty() {
                        s.to_string()
                    } else {
                        format!("{p}/{s}")
                    };
                    next.push(q);
                }
            }
            paths.extend(next.iter().cloned());
            frontier = next;
        }
        for p in &paths {
            for path in [p.clone(), format!("/{p}")] {
                assert_eq!(
                    remove_dot_segments(&path),
                    remove_dot_segments_by_replacing(&path),
                    "{path:?}"
                );
            }
        }
        assert!(paths.len() > 19_000);
    }

    /// A base without a scheme is refused; an authority with an empty path merges under `/`
    /// (section 5.2.3); a path that would read as an authority is an error.
    #[test]
    fn bases_and_targets() {
        let r = |b, s| resolve_str(b, s, ResolveOptions::default());
        assert!(matches!(r("//a/b", "g"), Err(ResolveError::RelativeBase(b)) if b == "//a/b"));
        assert!(matches!(r("?y", "g"), Err(ResolveError::RelativeBase(_))));
        assert_eq!(r("http://a", "g").unwrap(), "http://a/g");
        assert_eq!(r("http://a", "").unwrap(), "http://a");
        assert_eq!(r("http://a", "?y").unwrap(), "http://a?y");
        assert_eq!(r("mailto:a@b", "c").unwrap(), "mailto:c");
        assert_eq!(r("foo:", "a/./b").unwrap(), "foo:a/b");
        assert_eq!(r("http://a/b/c#f", "#g").unwrap(), "http://a/b/c#g");
        assert_eq!(r("http://a/b/c#f", "").unwrap(), "http://a/b/c");
        assert!(matches!(
            r("foo:/a/b", "..//g"),
            Err(ResolveError::Unrepresentable { .. })
        ));
        assert!(matches!(
            r("foo:a", "/.//g"),
            Err(ResolveError::Unrepresentable { .. })
        ));
        // With an authority, a path of `//g` is written as it is.
        assert_eq!(r("http://a/b/c", "..//g").unwrap(), "http://a//g");
        assert!(matches!(
            r("http://a/", "%"),
            Err(ResolveError::InvalidReference(_))
        ));
    }

    /// Components that do not come from a reference still resolve, without panicking.
    #[test]
    fn arbitrary_components() {
        let base = Components {
            scheme: Some("a/b"),
            authority: Some("é"),
            path: "",
            query: None,
            fragment: None,
        };
        let r = Components::split("../é/%2e/..?#");
        let t = resolve(&base, &r).unwrap();
        assert_eq!(t.as_str(), "a/b://é/é/?#");
        assert_eq!(t.components().scheme, Some("a/b"));
        assert_eq!(t.components().path, "/é/");
    }

    /// A long path of dot segments resolves in one pass (the loop is linear).
    #[test]
    fn long_paths() {
        let path = "a/../".repeat(200_000) + &"./".repeat(200_000) + "g";
        // The first `a/..` leaves "/" (rule C keeps it), as `a/..` alone does.
        assert_eq!(remove_dot_segments(&path), "/g");
        let path = "/..".repeat(300_000);
        assert_eq!(remove_dot_segments(&path), "/");
    }
}
