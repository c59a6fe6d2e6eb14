//! RFC 3987's values and semantics on the RFC's own examples: resolution (section 6.5 is RFC
//! 3986's section 5.2, so section 5.4's examples of RFC 3986 hold unchanged, and again with
//! characters outside US-ASCII), and the comparison ladder of section 5.3 (every example of
//! section 5, each with its line).

use urigram::rfc3986::{Components, ReferenceKind, ResolveError, ResolveOptions};
use urigram::rfc3987::{
    AbsoluteIriBuf, IriReference, IriReferenceBuf, equivalent, normalize, resolve_str,
};

/// RFC 3986 section 5.4's base (rfc3986.txt:1952).
const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 sections 5.4.1 and 5.4.2 (rfc3986.txt:1969-2063): reference, result, line.
fn examples() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    let text = include_str!("data/rfc3986-section-5.4.txt");
    text.lines().filter(|l| !l.starts_with("# ")).map(|l| {
        let mut f = l.split('\t');
        (f.next().unwrap(), f.next().unwrap(), f.next().unwrap())
    })
}

/// Section 6.5 (rfc3987.txt:1753-1757): RFC 3986's algorithm applies directly, so its
/// examples give its results, by `resolve_str`, `IriReference::resolve` and `join`.
#[test]
fn rfc3986_section_5_4_examples_as_iris() {
    let base = IriReference::parse(BASE).unwrap();
    for (reference, target, line) in examples() {
        let t = resolve_str(BASE, reference, ResolveOptions::default()).unwrap();
        assert_eq!(t.as_str(), target, "rfc3986.txt:{line}: {reference:?}");
        let r = IriReference::parse(reference).unwrap();
        assert_eq!(base.resolve(&r).unwrap(), target, "rfc3986.txt:{line}");
        let joined: AbsoluteIriBuf = base.join(reference).unwrap();
        assert_eq!(joined.as_str(), target, "rfc3986.txt:{line}");
    }
    // rfc3986.txt:2062-2063: "http:g" "for backward compatibility".
    let loose = ResolveOptions::default().with_strict(false);
    assert_eq!(
        resolve_str(BASE, "http:g", loose).unwrap(),
        "http://a/b/c/g"
    );
}

/// The same examples with every letter of the base's host and path and of the references'
/// paths outside US-ASCII (one outside the BMP): the characters that IRIs add are treated as
/// `unreserved` ones are (rfc3987.txt:1755-1757), so the results are the same with the same
/// characters in place.
#[test]
fn section_5_4_examples_with_characters_outside_us_ascii() {
    let map = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                'a' => "\u{e1}".to_string(),
                'b' => "\u{3b2}".to_string(),
                'c' => "\u{e7}".to_string(),
                'd' => "\u{3b4}".to_string(),
                'g' => "\u{10300}".to_string(),
                c => c.to_string(),
            })
            .collect()
    };
    let base = map(BASE);
    assert_eq!(base, "http://\u{e1}/\u{3b2}/\u{e7}/\u{3b4};p?q");
    let mut resolved = 0;
    for (reference, target, line) in examples() {
        if reference.contains(':') {
            continue; // a scheme is US-ASCII
        }
        let t = resolve_str(&base, &map(reference), ResolveOptions::default()).unwrap();
        assert_eq!(t.as_str(), map(target), "rfc3986.txt:{line}: {reference:?}");
        resolved += 1;
    }
    assert_eq!(resolved, 40);
    // Non-ASCII in a query and a fragment, kept as they are.
    let t = resolve_str(
        "http://\u{4f8b}.test/a/b",
        "c?\u{e000}#\u{e9}",
        Default::default(),
    );
    assert_eq!(t.unwrap(), "http://\u{4f8b}.test/a/c?\u{e000}#\u{e9}");
}

/// A text that is not an IRI reference: the RFC 3987 grammar's error, for the base or the
/// reference; a relative base: RFC 3986's `RelativeBase`.
#[test]
fn resolution_errors() {
    let o = ResolveOptions::default();
    let Err(ResolveError::InvalidBase(e)) = resolve_str("http://a/\u{e000}", "g", o) else {
        panic!("an iprivate character in a path is no IRI")
    };
    assert_eq!((e.offset(), e.grammar()), (9, urigram::Grammar::Rfc3987));
    let Err(ResolveError::InvalidReference(e)) = resolve_str(BASE, "a b", o) else {
        panic!("a space is no IRI")
    };
    assert_eq!(e.offset(), 1);
    assert!(matches!(
        resolve_str("\u{e9}/b", "g", o),
        Err(ResolveError::RelativeBase(_))
    ));
    // A target section 5.3 cannot write is an error, never another IRI.
    let foo = IriReference::parse("foo:/\u{e9}/b").unwrap();
    assert!(matches!(
        foo.join("..//g"),
        Err(ResolveError::Unrepresentable { .. })
    ));
}

/// Section 5.3.2's example (rfc3987.txt:1333-1334): "an application using this approach could
/// reasonably consider the following two IRIs equivalent" (`&#xE9;` is `é`).
#[test]
fn section_5_3_2_example() {
    let a = IriReference::parse("example://a/b/c/%7Bfoo%7D/ros\u{e9}").unwrap();
    let b = IriReference::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9").unwrap();
    assert!(a.equivalent(&b));
    assert_ne!(a.as_str(), b.as_str()); // not by simple string comparison (5.3.1)
    assert_eq!(b.normalize(), "example://a/b/c/%7Bfoo%7D/ros\u{e9}");
    assert_eq!(a.normalize(), a.as_str()); // the first is in normal form
}

/// Section 5.3.2.1 (rfc3987.txt:1361): the scheme and a US-ASCII host in any case; other
/// components, and characters outside US-ASCII, are case-sensitive.
#[test]
fn section_5_3_2_1_case() {
    let c = Components::split;
    assert!(equivalent(
        &c("HTTP://www.EXAMPLE.com/"),
        &c("http://www.example.com/")
    ));
    assert!(!equivalent(&c("http://a/P"), &c("http://a/p")));
    assert!(!equivalent(
        &c("http://\u{c9}.test/"),
        &c("http://\u{e9}.test/")
    ));
    // rfc3987.txt:1353-1355: hex digits upper-case.
    assert_eq!(normalize(&c("x:%3a")), "x:%3A");
}

/// Section 5.3.2.2 (rfc3987.txt:1396-1398): `résumé` precomposed is NFC, with combining accents
/// it is not; without character normalization they are different IRIs.
#[test]
fn section_5_3_2_2_character_normalization_is_not_applied() {
    let nfc = IriReference::parse("http://www.example.org/r\u{e9}sum\u{e9}.html").unwrap();
    let nfd = IriReference::parse("http://www.example.org/re\u{301}sume\u{301}.html").unwrap();
    assert!(!nfc.equivalent(&nfd));
    assert_eq!(nfd.normalize(), nfd.as_str());
}

/// Section 5.3.2.3 (rfc3987.txt:1443-1444): three forms of one IRI; and escapes of UTF-8
/// aligned with the characters (rfc3987.txt:1447-1450), but for reserved characters and
/// characters an IRI may not hold plainly there.
#[test]
fn section_5_3_2_3_percent_encoding() {
    let forms = [
        "http://example.org/~user",
        "http://example.org/%7euser",
        "http://example.org/%7Euser",
    ];
    for f in forms {
        let i = IriReference::parse(f).unwrap();
        assert_eq!(i.normalize(), forms[0], "rfc3987.txt:1443-1444: {f}");
    }
    let n = |s| IriReference::parse(s).unwrap().normalize().into_string();
    assert_eq!(
        n("http://a/%c3%a9?%C3%A9#%C3%A9"),
        "http://a/\u{e9}?\u{e9}#\u{e9}"
    );
    assert_eq!(n("http://caf%C3%A9.test/"), "http://caf\u{e9}.test/");
    // Reserved characters stay escaped, in upper case.
    assert_eq!(n("http://a/%2f%3A\u{e9}"), "http://a/%2F%3A\u{e9}");
    // Not UTF-8, a bidi formatting character, a private-use character outside the query.
    assert_eq!(n("x:%e9%E2%80%AE%ee%80%80"), "x:%E9%E2%80%AE%EE%80%80");
    assert_eq!(n("x:?%ee%80%80"), "x:?\u{e000}");
    assert!(
        IriReference::parse("x:\u{202e}")
            .unwrap()
            .equivalent(&IriReference::parse("x:%E2%80%AE").unwrap())
    );
}

/// Section 5.3.2.4 (rfc3987.txt:1469-1477): dot segments removed, after decoding.
#[test]
fn section_5_3_2_4_path_segments() {
    let n = |s| IriReference::parse(s).unwrap().normalize().into_string();
    assert_eq!(n("http://a/\u{e9}/./b/../c"), "http://a/\u{e9}/c");
    assert_eq!(n("http://a/\u{e9}/%2E%2E/c"), "http://a/c");
    // A relative-path reference keeps them (its meaning depends on them).
    assert_eq!(n("../\u{e9}"), "../\u{e9}");
}

/// Section 5.3.3 (rfc3987.txt:1489-1492): four equivalent IRIs, the second the normal form
/// (rfc3987.txt:1499-1500); `http://example.com/?` is another (rfc3987.txt:1525-1526), and so
/// is one with a suffix `#` (rfc3987.txt:1528-1531); the IDN and its ACE form are not made
/// equivalent (rfc3987.txt:1544-1546: "may be considered"; no IDNA here).
#[test]
fn section_5_3_3_scheme_based() {
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in four {
        let i = IriReference::parse(a).unwrap();
        assert_eq!(i.normalize(), four[1], "{a}");
        for b in four {
            assert!(i.equivalent(&IriReference::parse(b).unwrap()), "{a} {b}");
        }
        assert!(!i.equivalent(&IriReference::parse("http://example.com/?").unwrap()));
        assert!(!i.equivalent(&IriReference::parse("http://example.com/#").unwrap()));
    }
    let idn = IriReference::parse("http://r\u{e9}sum\u{e9}.example.org").unwrap();
    assert!(!idn.equivalent(&IriReference::parse("http://xn--rsum-bpad.example.org").unwrap()));
    // The fragment compared or not (section 5.1, rfc3987.txt:1214-1217).
    let (a, b) = ("http://a/\u{e9}#x", "http://a/%C3%A9#y");
    assert!(!equivalent(&Components::split(a), &Components::split(b)));
    assert!(equivalent(
        &Components::split(a).without_fragment(),
        &Components::split(b).without_fragment()
    ));
}

/// Section 5.3.4 (rfc3987.txt:1557-1561): what a spider learns from a redirect is not
/// syntax: the two are different here.
#[test]
fn section_5_3_4_protocol_based_is_not_applied() {
    let a = IriReference::parse("http://example.com/data").unwrap();
    assert!(!a.equivalent(&IriReference::parse("http://example.com/data/").unwrap()));
}

/// The normal form is an IRI reference and its own normal form, and two references are
/// equivalent exactly when their section 3.1 URIs are equivalent by RFC 3986, on the
/// repository's corpus mapped to IRIs by section 3.2.
#[test]
fn normal_forms_agree_with_the_mapped_uris() {
    let corpus = include_str!("../benches/corpus/real-urls-10k.txt");
    let mut iris = Vec::new();
    for line in corpus.lines().take(3000) {
        let Ok(u) = urigram::rfc3986::UriReference::parse(line) else {
            continue;
        };
        let iri = IriReferenceBuf::from_uri(&u);
        let n = iri.normalize();
        assert_eq!(n.normalize(), n, "{line}");
        assert_eq!(
            n.to_uri(),
            u.normalize(),
            "{line}: the IRI's normal form maps to the URI's"
        );
        iris.push(iri);
    }
    assert!(iris.len() > 1000);
    assert!(iris.iter().any(|i| !i.is_ascii()));
}

/// Every URI reference is an IRI reference with the same components; the typed value's kinds.
#[test]
fn uris_are_iris() {
    let u: urigram::rfc3986::UriReferenceBuf = "http://a/%C3%BC?q".parse().unwrap();
    let i = IriReferenceBuf::from(u.clone());
    assert_eq!(i.as_str(), u.as_str());
    assert_eq!(i.components(), u.components());
    assert_eq!(IriReferenceBuf::from_uri(&u.get()), "http://a/\u{fc}?q");
    assert_eq!(
        IriReference::parse("#\u{e9}").unwrap().kind(),
        ReferenceKind::SameDocument
    );
    assert_eq!(i.to_uri(), u);
}

/// On generated texts (delimiters, escapes good and broken, characters outside US-ASCII of
/// every UTF-8 length, private-use and bidi characters): nothing panics; on any text,
/// `normalize` of Appendix B's components returns; on an IRI reference, the normal form is
/// an IRI reference, its own normal form, equivalent to the reference, and its section 3.1 URI
/// is RFC 3986's normal form of the reference's; resolution against a base gives an IRI.
#[test]
fn generated_texts() {
    const PIECES: [&str; 24] = [
        "a",
        "B",
        "1",
        ":",
        "/",
        "//",
        "?",
        "#",
        "@",
        "[",
        "]",
        ".",
        "..",
        "%",
        "%4",
        "%41",
        "%c3%a9",
        "%E2%80%AE",
        "%ee%80%80",
        "\u{e9}",
        "\u{4f8b}",
        "\u{10300}",
        "\u{e000}",
        "\u{202e}",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let base = IriReference::parse("http://\u{4f8b}.test/a/b?q").unwrap();
    let mut valid = 0;
    for _ in 0..4000 {
        let len = (next() % 12) as usize;
        let text: String = (0..len)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        // Any text: no panic (the normal form of components of no grammar need not be one).
        std::hint::black_box(normalize(&Components::split(&text)));
        let Ok(i) = IriReference::parse(&text) else {
            continue;
        };
        valid += 1;
        let n = i.normalize();
        assert_eq!(n.normalize(), n, "{text:?}");
        assert!(n.get().equivalent(&i), "{text:?}");
        let uri = i.to_uri();
        assert_eq!(n.to_uri(), uri.normalize(), "{text:?}");
        assert_eq!(IriReference::parse(n.as_str()).unwrap(), n.get());
        if let Ok(t) = base.resolve(&i) {
            assert!(IriReference::parse(t.as_str()).is_ok(), "{text:?} -> {t}");
        }
    }
    assert!(valid > 500, "{valid}");
}

/// RFC 3987's builder and setters: characters outside US-ASCII as they are where the IRI
/// grammar admits them, escaped where it does not, and the diagnostics named by RFC 3987's
/// productions.
#[test]
fn build_and_set() {
    use urigram::rfc3987::{BuildError, Builder, Component, encode};
    let b = Builder::new;
    let i = b()
        .scheme("http")
        .userinfo_data("jürgen:x")
        .host("例え.test")
        .path_segments(["résumé", "\u{e000}"])
        .query_data("ü=\u{e000}")
        .fragment_data("\u{10300}\u{202e}")
        .build()
        .unwrap();
    assert_eq!(
        i,
        "http://jürgen%3Ax@例え.test/résumé/%EE%80%80?ü%3D\u{e000}#\u{10300}%E2%80%AE"
    );
    assert_eq!(
        i.to_uri().as_str(),
        "http://j%C3%BCrgen%3Ax@%E4%BE%8B%E3%81%88.test/r%C3%A9sum%C3%A9/%EE%80%80?%C3%BC%3D%EE%80%80#%F0%90%8C%80%E2%80%AE"
    );
    let component = |r: Result<IriReferenceBuf, BuildError>| match r {
        Err(BuildError::Component {
            production, error, ..
        }) => (production, error.offset()),
        other => panic!("{other:?}"),
    };
    assert_eq!(component(b().host("例 え").build()), ("ihost", 3));
    assert_eq!(
        component(b().path("/\u{e000}").build()),
        ("ipath-absolute", 1)
    );
    assert_eq!(component(b().path("é:b").build()), ("ipath-noscheme", 2));
    assert_eq!(
        component(b().fragment("\u{e000}").build()),
        ("ifragment", 0)
    );
    assert_eq!(
        component(b().host("h").userinfo("é@").build()),
        ("iuserinfo", 2)
    );
    assert_eq!(b().query("\u{e000}").build().unwrap(), "?\u{e000}");

    let mut u: IriReferenceBuf = "http://a/b".parse().unwrap();
    u.set_host("bücher.example").unwrap();
    u.set_path("/ü/ß").unwrap();
    u.set_query(Some("q=é")).unwrap();
    assert_eq!(u, "http://bücher.example/ü/ß?q=é");
    let start = u.clone();
    assert!(matches!(
        u.set_path("/\u{e000}"),
        Err(BuildError::Component {
            production: "ipath-abempty",
            ..
        })
    ));
    assert!(matches!(
        u.set_host("a b"),
        Err(BuildError::Component {
            production: "ihost",
            ..
        })
    ));
    assert_eq!(u, start);
    // RFC 3986's builder writes the same data as US-ASCII only.
    let uri = urigram::rfc3986::Builder::new()
        .path_segments(["résumé"])
        .build()
        .unwrap();
    assert_eq!(uri, "/r%C3%A9sum%C3%A9");
    assert!(
        urigram::rfc3986::Builder::new()
            .host("例え.test")
            .build()
            .is_err()
    );
    // The encoder per component.
    assert_eq!(encode("a b/ü", Component::Segment), "a%20b%2Fü");
    assert_eq!(encode("ü:", Component::SegmentNzNc), "ü%3A");
    assert_eq!(encode("ü@x", Component::Userinfo), "ü%40x");
    assert_eq!(encode("\u{e000}&", Component::Query), "\u{e000}%26");
    assert_eq!(encode("\u{fffe}", Component::Fragment), "%EF%BF%BE"); // no `ucschar`
}
