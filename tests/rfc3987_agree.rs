//! The typed IRI values against RFC 3986's: on every URI reference, [`IriReference`] reads the
//! same components, kinds and offsets as [`rfc3986::UriReference`]; on every IRI reference,
//! each component is the component of its section 3.1 URI with the characters outside
//! US-ASCII written plainly. Inputs: the repository's corpus (benches/corpus/real-urls-10k.txt),
//! the same lines mapped to IRIs by section 3.2, and the case files of both grammars.

use urigram::rfc3986::{self, UriReference};
use urigram::rfc3987::{IriReference, to_iri};
use urigram_testkit::cases;

/// Every text the tests read: the corpus, its IRIs, and the cases of RFC 3986 and RFC 3987.
fn inputs() -> Vec<String> {
    let corpus = include_str!("../benches/corpus/real-urls-10k.txt");
    let mut out: Vec<String> = corpus.lines().map(str::to_string).collect();
    out.extend(
        corpus
            .lines()
            .filter_map(|l| to_iri(l).ok().map(String::from)),
    );
    for g in ["rfc3986", "rfc3987"] {
        out.extend(cases(g).into_iter().map(|c| c.input));
    }
    out
}

#[test]
fn uri_references_read_the_same_as_iri_references() {
    let mut n = 0;
    for s in inputs() {
        let Ok(u) = UriReference::parse(&s) else {
            continue;
        };
        let i = IriReference::parse(&s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(format!("{i:?}"), format!("IriReference({u:?})"), "{s:?}");
        n += 1;
    }
    assert!(n > 9_000, "{n}");
}

/// `%HH` of each UTF-8 octet of the characters outside US-ASCII (section 3.1, step 2).
fn escaped(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut b = [0u8; 4];
            for o in c.encode_utf8(&mut b).bytes() {
                out.push_str(&format!("%{o:02X}"));
            }
        }
    }
    out
}

#[test]
fn iri_components_map_to_the_uri_components() {
    let (mut n, mut wide) = (0, 0);
    for s in inputs() {
        let Ok(i) = IriReference::parse(&s) else {
            continue;
        };
        let uri = i.to_uri();
        let u = uri.get();
        let e = |p: Option<urigram::Part<'_>>| p.map(|p| escaped(p.as_str()));
        let s_ = |p: Option<urigram::Part<'_>>| p.map(|p| p.as_str().to_string());
        assert_eq!(e(i.scheme()), s_(u.scheme()), "{s:?}");
        assert_eq!(i.kind(), u.kind(), "{s:?}");
        match (i.authority(), u.authority()) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                assert_eq!(e(a.userinfo()), s_(b.userinfo()), "{s:?}");
                assert_eq!(escaped(a.host().as_str()), b.host().as_str(), "{s:?}");
                assert_eq!(a.host().kind(), b.host().kind(), "{s:?}");
                assert_eq!(e(a.port_str()), s_(b.port_str()), "{s:?}");
            }
            (a, b) => panic!("{s:?}: authority {a:?} but the URI's is {b:?}"),
        }
        assert_eq!(escaped(i.path().as_str()), u.path().as_str(), "{s:?}");
        assert_eq!(i.path().kind(), u.path().kind(), "{s:?}");
        assert_eq!(e(i.query()), s_(u.query()), "{s:?}");
        assert_eq!(e(i.fragment()), s_(u.fragment()), "{s:?}");
        // The owned value gives the same view.
        assert_eq!(format!("{:?}", i.to_buf().get()), format!("{i:?}"), "{s:?}");
        n += 1;
        wide += usize::from(!s.is_ascii());
    }
    assert!(
        n > 9_000 && wide > 50,
        "{n} IRIs, {wide} with characters outside US-ASCII"
    );
}

/// The RFC 3986 view of an IRI is refused where RFC 3986 refuses the text: an IRI with a
/// character outside US-ASCII is not a URI reference.
#[test]
fn iris_outside_us_ascii_are_not_uri_references() {
    for s in inputs() {
        if IriReference::parse(&s).is_ok() && !s.is_ascii() {
            let e = rfc3986::UriReference::parse(&s).unwrap_err();
            assert!(!s.as_bytes()[e.offset()].is_ascii(), "{s:?}: {e}");
        }
    }
}
