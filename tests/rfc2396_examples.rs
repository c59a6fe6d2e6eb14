//! Every example in RFC 2396 as a `URI-reference` input: section 1.3, Appendix B, the base and
//! the references and results of Appendix C.1 and C.2, and the URIs of Appendix E.

use urigram::Grammar;
use urigram::rfc2396::ReferenceKind;
use urigram::rfc2396::UriReference;

fn valid(s: &str) {
    if let Err(e) = Grammar::Rfc2396.check("URI-reference", s) {
        panic!("{s:?} should be a URI-reference: {e}");
    }
    let u = UriReference::parse(s).expect("typed parse agrees with check");
    assert_eq!(u.to_string(), s, "Display reproduces the input");
}

/// Section 1.3 (rfc2396.txt:195-210).
#[test]
fn section_1_3_examples() {
    for s in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
        "telnet://melvyl.ucop.edu/",
    ] {
        valid(s);
        assert!(UriReference::parse(s).unwrap().is_absolute());
    }
}

/// Section 6 (rfc2396.txt:1243-1244) and Appendix B (rfc2396.txt:1595), with the parts
/// Appendix B lists for its example.
#[test]
fn section_6_and_appendix_b_examples() {
    valid("http://www.XEROX.com");
    valid("http://www.xerox.com");
    let s = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    valid(s);
    let u = UriReference::parse(s).unwrap();
    assert_eq!(u.scheme().unwrap(), "http");
    assert_eq!(u.authority().unwrap().as_str(), "www.ics.uci.edu");
    assert_eq!(u.path().as_str(), "/pub/ietf/uri/");
    assert_eq!(u.query(), None);
    assert_eq!(u.fragment().unwrap(), "Related");
}

/// Appendix C (rfc2396.txt:1635-1716): the base URI, every reference that Appendix A derives
/// and every result.
#[test]
fn appendix_c_references_and_results() {
    valid("http://a/b/c/d;p?q");
    let c1 = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ];
    let c2 = [
        ("", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/../g"),
        ("../../../../g", "http://a/../../g"),
        ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];
    for (r, result) in c1.iter().chain(c2.iter()) {
        valid(r);
        valid(result);
    }
    assert_eq!(
        UriReference::parse("#s").unwrap().kind(),
        ReferenceKind::SameDocument
    );
    assert_eq!(
        UriReference::parse("").unwrap().kind(),
        ReferenceKind::SameDocument
    );
    // `http:g` is an absolute URI with an opaque part.
    let u = UriReference::parse("http:g").unwrap();
    assert_eq!(u.kind(), ReferenceKind::Absolute);
    assert_eq!(u.path().kind(), urigram::rfc2396::PathKind::Opaque);
}

/// Erratum 452: C.1 resolves `?y`, but Appendix A does not derive it (grammar/DEVIATIONS.md).
#[test]
fn appendix_c1_question_y_is_outside_the_grammar() {
    let e = Grammar::Rfc2396.check("URI-reference", "?y").unwrap_err();
    assert_eq!(e.offset(), 0);
    assert_eq!(e.found(), Some('?'));
    assert!(UriReference::parse("?y").is_err());
}

/// Appendix E (rfc2396.txt, "Recommendations for Delimiting URI in Context"): the URIs of its
/// examples, without their delimiters.
#[test]
fn appendix_e_examples() {
    valid("http://www.w3.org/Addressing/");
    valid("ftp://ds.internic.net/rfc/");
    valid("http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING");
}

/// The error offsets of the foundation issue.
#[test]
fn error_offsets() {
    for (s, off) in [
        ("http://a/b%zz", 11),
        ("http://exa mple/", 10),
        ("http://[::1]/", 7),
        ("?y", 0),
        ("http://a/b#c#d", 12),
    ] {
        let e = Grammar::Rfc2396.check("URI-reference", s).unwrap_err();
        assert_eq!(e.offset(), off, "{s}");
        assert_eq!(UriReference::parse(s).unwrap_err(), e, "{s}");
    }
}
