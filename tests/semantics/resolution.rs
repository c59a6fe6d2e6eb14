//! Section 5.2 against every line of Appendix C (rfc2396.txt:1631-1749), and `relativize` as
//! its inverse.

use urigram::rfc2396::{
    LeadingDotDot, PathKind, ReferenceKind, ResolveError, ResolveOptions, Resolved, UriReference,
    relativize, resolve, resolve_str, resolve_with,
};

use crate::generate::{self, Rng};

/// The base of Appendix C (rfc2396.txt:1635).
const BASE: &str = "http://a/b/c/d;p?q";

/// The result as Appendix C writes it; besides, its `Display` is a `URI-reference`: the URI,
/// or for a reference to the current document the reference itself.
fn resolved(reference: &str, options: ResolveOptions) -> String {
    match resolve_str(BASE, reference, options) {
        Ok(r) => {
            let shown = r.to_string();
            assert!(
                UriReference::parse(&shown).is_ok(),
                "{reference}: {shown:?}"
            );
            if r.is_current_document() {
                assert_eq!(shown, reference);
            }
            r.appendix_c_notation().to_string()
        }
        Err(e) => panic!("{reference:?}: {e}"),
    }
}

/// Check a table: every reference with its result as the RFC writes it, through the typed
/// `resolve` where the reference is a `URI-reference`, and through `resolve_str` always.
fn check(table: &[(&str, &str)], options: ResolveOptions) {
    let base = UriReference::parse(BASE).unwrap();
    for &(reference, expected) in table {
        assert_eq!(resolved(reference, options), expected, "{reference}");
        if options == ResolveOptions::default() {
            // `join` takes the base as the current document's URI.
            let joined = base.join(reference).unwrap();
            match expected.strip_prefix("(current document)") {
                Some(fragment) => assert_eq!(joined, format!("{BASE}{fragment}")),
                None => assert_eq!(joined, expected, "{reference} (join)"),
            }
        }
        if let Ok(r) = UriReference::parse(reference) {
            let typed = resolve_with(&base, &r, options).unwrap();
            assert_eq!(
                typed.appendix_c_notation().to_string(),
                expected,
                "{reference} (typed)"
            );
            if let Resolved::Uri(u) = &typed {
                // The result re-parses, as an absolute URI that reads the same.
                let again = UriReference::parse(u.as_str()).unwrap();
                assert!(again.is_absolute());
                assert_eq!(again.as_str(), expected);
            }
        }
    }
}

/// C.1, rfc2396.txt:1641-1662: every line.
#[test]
fn appendix_c1_normal_examples() {
    check(
        &[
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "(current document)#s"),
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
        ],
        ResolveOptions::default(),
    );
}

/// C.2, rfc2396.txt:1670-1749: every line, with the algorithm's answer where two are named.
#[test]
fn appendix_c2_abnormal_examples() {
    check(
        &[
            ("", "(current document)"),
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
        ],
        ResolveOptions::default(),
    );
}

/// C.2's other answers: "some implementations strip leading relative symbolic elements"
/// (rfc2396.txt:1690-1694) and `http:g` "for backwards compatibility" (rfc2396.txt:1749).
#[test]
fn appendix_c2_alternative_answers() {
    let strip = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Strip);
    check(
        &[
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            // Not a merged path: step 5 takes it as it is, whatever the option.
            ("/../g", "http://a/../g"),
            ("../../..", "http://a/"),
        ],
        strip,
    );
    let compatible = ResolveOptions::default().with_backwards_compatible_scheme(true);
    check(
        &[
            ("http:g", "http://a/b/c/g"),
            ("HTTP:g", "http://a/b/c/g"),
            ("http:?y", "http://a/b/c/?y"),
            ("http:g?y#s", "http://a/b/c/g?y#s"),
            ("http:/g", "http://a/g"),
            ("ftp:g", "ftp:g"),
            ("g:h", "g:h"),
        ],
        compatible,
    );
    // The third way step 6g allows: "avoiding traversal of the reference".
    let reject = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Reject);
    assert!(matches!(
        resolve_str(BASE, "../../../g", reject),
        Err(ResolveError::AboveRoot { path }) if path == "/../g"
    ));
    assert_eq!(
        resolve_str(BASE, "../../g", reject).unwrap().to_string(),
        "http://a/g"
    );
}

/// Erratum 452: `?y` is outside Appendix A, so only `resolve_str` takes it, in exactly the
/// form `"?" query [ "#" fragment ]`.
#[test]
fn erratum_452_question_y() {
    assert!(UriReference::parse("?y").is_err());
    let o = ResolveOptions::default();
    assert_eq!(resolved("?", o), "http://a/b/c/?");
    assert_eq!(resolved("?#", o), "http://a/b/c/?#");
    assert_eq!(resolved("?y/../x#s", o), "http://a/b/c/?y/../x#s");
    for (bad, offset, rule) in [
        ("?a b", 2, "query"),
        ("?y#a#b", 4, "fragment"),
        ("?%zz", 2, "query"),
    ] {
        match resolve_str(BASE, bad, o) {
            Err(ResolveError::InvalidReference(e)) => {
                assert_eq!(e.offset(), offset, "{bad}");
                assert_eq!(e.start_rule(), rule, "{bad}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // Other strings outside the grammar are rejected with the grammar's own error.
    match resolve_str(BASE, "g h", o) {
        Err(ResolveError::InvalidReference(e)) => assert_eq!(e.offset(), 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bases_that_cannot_be_used() {
    let o = ResolveOptions::default();
    assert!(matches!(
        resolve_str("b/c/d", "g", o),
        Err(ResolveError::RelativeBase(_))
    ));
    assert!(matches!(
        resolve_str("b/c/d", "#s", o),
        Err(ResolveError::RelativeBase(_))
    ));
    assert!(matches!(
        resolve_str("a b", "g", o),
        Err(ResolveError::InvalidBase(_))
    ));
    // An opaque base cannot take a relative reference; absolute and same-document
    // references do not use the base.
    let opaque = "mailto:user@example.com";
    assert!(matches!(
        resolve_str(opaque, "g", o),
        Err(ResolveError::OpaqueBase(_))
    ));
    assert!(matches!(
        resolve_str(opaque, "?y", o),
        Err(ResolveError::OpaqueBase(_))
    ));
    assert_eq!(resolve_str(opaque, "g:h", o).unwrap().to_string(), "g:h");
    let current = resolve_str(opaque, "#s", o).unwrap();
    assert_eq!(current.to_string(), "#s");
    assert_eq!(
        current.appendix_c_notation().to_string(),
        "(current document)#s"
    );
    let compatible = o.with_backwards_compatible_scheme(true);
    assert!(matches!(
        resolve_str("http:x", "http:g", compatible),
        Err(ResolveError::OpaqueBase(_))
    ));
}

/// Where the printed steps would write a different URI.
#[test]
fn completed_steps() {
    let o = ResolveOptions::default();
    // Step 6a on an empty base path would give "http://ag".
    assert_eq!(
        resolve_str("http://a", "g", o).unwrap().to_string(),
        "http://a/g"
    );
    assert_eq!(
        resolve_str("http://a?q", "?y", o).unwrap().to_string(),
        "http://a/?y"
    );
    assert_eq!(
        resolve_str("http://a", "..", o).unwrap().to_string(),
        "http://a/.."
    );
    // With no authority, a path that starts with "//" would read as one.
    for (base, reference) in [("foo:/a", "x/..//g"), ("foo:/a/b", "../..//g")] {
        let strip = o.with_leading_dot_dot(LeadingDotDot::Strip);
        let r = resolve_str(base, reference, strip);
        assert!(
            matches!(&r, Err(ResolveError::Unrepresentable { path, .. }) if path.starts_with("//")),
            "{base} {reference}: {r:?}"
        );
    }
    // With an authority it is fine.
    assert_eq!(
        resolve_str("http://h/a", "x/..//g", o).unwrap().to_string(),
        "http://h//g"
    );
    // The base's fragment is not used; the reference's query and fragment are never inherited.
    assert_eq!(
        resolve_str("http://a/b?q#f", "c", o).unwrap().to_string(),
        "http://a/c"
    );
    // Without an authority.
    assert_eq!(
        resolve_str("foo:/a/b", "../c", o).unwrap().to_string(),
        "foo:/c"
    );
    assert_eq!(
        resolve_str("foo:/a/b", "//h", o).unwrap().to_string(),
        "foo://h"
    );
}

/// Every generated relative reference against every kind of base: a URI that re-parses, or
/// one of the documented errors. No panics.
#[test]
fn resolution_results_are_uris() {
    let mut rng = Rng::new(5);
    let o = ResolveOptions::default();
    let mut unrepresentable = 0;
    for _ in 0..20_000 {
        let base = generate::absolute(&mut rng);
        let reference = generate::reference(&mut rng);
        let b = UriReference::parse(&base).unwrap();
        let r = UriReference::parse(&reference).unwrap();
        match resolve(&b, &r) {
            Ok(Resolved::Uri(u)) => {
                let again = UriReference::parse(u.as_str()).unwrap();
                assert!(again.is_absolute());
                assert_eq!(
                    again.fragment().map(|f| f.as_str()),
                    r.fragment().map(|f| f.as_str()),
                    "{base} {reference}"
                );
            }
            Ok(Resolved::CurrentDocument { fragment }) => {
                assert_eq!(r.kind(), ReferenceKind::SameDocument);
                assert_eq!(fragment.as_deref(), r.fragment().map(|f| f.as_str()));
            }
            Err(ResolveError::OpaqueBase(_)) => {
                assert_eq!(b.path().kind(), PathKind::Opaque);
                assert_eq!(r.kind(), ReferenceKind::Relative);
            }
            Err(ResolveError::Unrepresentable { .. }) => unrepresentable += 1,
            Err(e) => panic!("{base} {reference}: {e}"),
        }
        let _ = resolve_str(&base, &format!("?{reference}"), o);
    }
    assert!(unrepresentable < 200, "{unrepresentable}");
}

/// `resolve(base, relativize(base, t)) == t` over many generated pairs, with targets both
/// independent of the base and derived from it.
#[test]
fn relativize_is_the_inverse_of_resolve() {
    let mut rng = Rng::new(7);
    let (mut pairs, mut relative) = (0, 0);
    for k in 0..30_000 {
        let base = generate::absolute(&mut rng);
        let b = UriReference::parse(&base).unwrap();
        let target = if k % 2 == 0 {
            generate::absolute(&mut rng)
        } else {
            let reference = generate::relative(&mut rng);
            match resolve_str(&base, &reference, ResolveOptions::default()) {
                Ok(Resolved::Uri(u)) => u.into_string(),
                _ => continue,
            }
        };
        let t = UriReference::parse(&target).unwrap();
        let r = relativize(&b, &t).unwrap_or_else(|e| panic!("{base} {target}: {e}"));
        let back = resolve(&b, &r.get()).unwrap_or_else(|e| panic!("{base} {target} {r}: {e}"));
        assert_eq!(back.to_string(), target, "base {base}, relative form {r}");
        pairs += 1;
        if r.get().kind() == ReferenceKind::Relative {
            relative += 1;
        }
    }
    assert!(pairs > 25_000, "{pairs}");
    // Not only the targets themselves.
    assert!(relative * 3 > pairs, "{relative} of {pairs}");
}

#[test]
fn relativize_appendix_c() {
    let base = UriReference::parse(BASE).unwrap();
    let table = [
        ("http://a/b/c/g", "g"),
        ("http://a/b/c/g/", "g/"),
        ("http://a/g", "../../g"),
        ("http://g", "//g"),
        ("http://a/b/c/?y", "./?y"),
        ("http://a/b/c/d;p?q", "d;p?q"),
        ("http://a/b/c/d;p?q#s", "d;p?q#s"),
        ("http://a/b/c/;x", ";x"),
        ("http://a/b/c/", "./"),
        ("http://a/b/", "../"),
        ("http://a/", "../../"),
        ("http://a/../g", "../../../g"),
        ("http://a/./g", "/./g"),
        ("http://a/b/c/g?y/./x", "g?y/./x"),
        ("http:g", "http:g"),
        ("g:h", "g:h"),
    ];
    for (target, expected) in table {
        let t = UriReference::parse(target).unwrap();
        assert_eq!(
            relativize(&base, &t).unwrap().as_str(),
            expected,
            "{target}"
        );
    }
    let g = UriReference::parse("g").unwrap();
    assert!(matches!(
        relativize(&base, &g),
        Err(ResolveError::NotAbsolute(_))
    ));
    assert!(matches!(
        relativize(&g, &base),
        Err(ResolveError::RelativeBase(_))
    ));
}
