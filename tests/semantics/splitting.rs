//! Appendix B's split against the typed parse of Appendix A, and on strings that are not URIs.

use urigram::rfc2396::{PathKind, ReferenceKind, Split, UriReference, split};

use crate::RFC_EXAMPLES;
use crate::generate::{self, Rng};

/// The real-world sample: lines of a corpus of URL-like strings, valid or not.
const SAMPLE: &str = include_str!("../data/real-urls-sample.txt");

/// The split of a valid reference agrees with its typed parse, part for part, text and byte
/// range. The one difference is the spec's own: Appendix B takes a `?` in an `opaque_part` as
/// the start of a query, where Appendix A keeps it in the opaque part.
fn agrees(s: &str) {
    let u = UriReference::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let p = split(s);
    assert_eq!(p.scheme, u.scheme(), "{s:?}");
    assert_eq!(p.authority, u.authority().map(|a| a.as_part()), "{s:?}");
    assert_eq!(p.fragment, u.fragment(), "{s:?}");
    let path = u.path().as_part();
    if u.path().kind() == PathKind::Opaque {
        let end = p.query.map_or(p.path.end(), |q| q.end());
        assert_eq!(p.path.start(), path.start(), "{s:?}");
        assert_eq!(&s[p.path.start()..end], path.as_str(), "{s:?}");
        assert_eq!(u.query(), None, "{s:?}");
    } else {
        assert_eq!(p.query, u.query(), "{s:?}");
        assert_eq!(p.path.as_str(), path.as_str(), "{s:?}");
        // The typed parse places the empty path of a same-document reference after its
        // fragment; Appendix B places it at the start. Both are empty.
        if u.kind() != ReferenceKind::SameDocument {
            assert_eq!(p.path.range(), path.range(), "{s:?}");
        }
    }
}

/// Step 7's recombination of the parts gives the string back, for any string.
fn recombines(s: &str) {
    let p: Split<'_> = split(s);
    let mut r = String::new();
    if let Some(x) = p.scheme {
        r.push_str(x.as_str());
        r.push(':');
    }
    if let Some(x) = p.authority {
        r.push_str("//");
        r.push_str(x.as_str());
    }
    r.push_str(p.path.as_str());
    if let Some(x) = p.query {
        r.push('?');
        r.push_str(x.as_str());
    }
    if let Some(x) = p.fragment {
        r.push('#');
        r.push_str(x.as_str());
    }
    assert_eq!(r, s);
    // Each part's range holds its text.
    for x in [p.scheme, p.authority, Some(p.path), p.query, p.fragment]
        .into_iter()
        .flatten()
    {
        assert_eq!(&s[x.range()], x.as_str());
    }
}

#[test]
fn agrees_with_the_typed_parse_on_the_rfc_examples() {
    for s in RFC_EXAMPLES {
        agrees(s);
        recombines(s);
    }
}

#[test]
fn agrees_with_the_typed_parse_on_generated_references() {
    let mut rng = Rng::new(11);
    for _ in 0..50_000 {
        let s = generate::reference(&mut rng);
        agrees(&s);
        recombines(&s);
    }
}

#[test]
fn agrees_with_the_typed_parse_on_the_real_world_sample() {
    let mut valid = 0;
    for line in SAMPLE.lines() {
        recombines(line);
        if UriReference::parse(line).is_ok() {
            agrees(line);
            valid += 1;
        }
    }
    assert!(valid > 300, "{valid}");
}

#[test]
fn splits_any_string() {
    let alphabet = [
        "a", ":", "/", "//", "?", "#", "%", "é", " ", "\n", "@", "x:", "[", "\0",
    ];
    let mut rng = Rng::new(13);
    for _ in 0..50_000 {
        let n = rng.below(12);
        let s: String = (0..n).map(|_| rng.pick(&alphabet)).collect();
        recombines(&s);
        if UriReference::parse(&s).is_ok() {
            agrees(&s);
        }
    }
}
