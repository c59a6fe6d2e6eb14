//! Every example of RFC 3986 as an input to grammar `rfc3986`: the URIs of section 1.1.2
//! (rfc3986.txt:348-362), the two of section 3 (rfc3986.txt:884, 890) with their components,
//! and those of section 3.3 (rfc3986.txt:1251-1252); the base and every reference and result
//! of sections 5.4.1 and 5.4.2 (rfc3986.txt:1952, 1969-2063); the URIs of section 6.2
//! (rfc3986.txt:2205-2206, 2223-2224, 2269-2272, 2303, 2317-2318, 2330-2334). Each is checked
//! against the start rule, and where the text names a component, against the derivation.
//! Resolution itself is not checked here: these are the references' and results' verdicts.

use urigram::{Grammar, Node};

const G: Grammar = Grammar::Rfc3986;

/// The derivation of `input` by `rule`, which must accept it.
fn derive(rule: &str, input: &str) -> Vec<Node> {
    let r = G.rule(rule).unwrap();
    G.derive(r, input)
        .unwrap_or_else(|e| panic!("{rule} {input:?}: {}", e.error()))
}

/// The text of the first node of production `rule` in a derivation of `input`.
fn part<'s>(nodes: &[Node], input: &'s str, rule: &str) -> Option<&'s str> {
    let n = nodes.iter().find(|n| n.rule == rule)?;
    input.get(n.start..n.end)
}

fn is_uri(s: &str) -> bool {
    G.check("URI", s).is_ok()
}

fn is_reference(s: &str) -> bool {
    G.check("URI-reference", s).is_ok()
}

/// Section 1.1.2: eight URIs of eight schemes, each a `URI` (and so a `URI-reference` and,
/// without a fragment, an `absolute-URI`), each host of the kind its text shows.
#[test]
fn section_1_1_2_examples() {
    let examples = [
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", Some("reg-name")),
        ("http://www.ietf.org/rfc/rfc2396.txt", Some("reg-name")),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some("IP-literal"),
        ),
        ("mailto:John.Doe@example.com", None),
        ("news:comp.infosystems.www.servers.unix", None),
        ("tel:+1-816-555-1212", None),
        ("telnet://192.0.2.16:80/", Some("IPv4address")),
        ("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", None),
    ];
    for (uri, host) in examples {
        assert!(is_uri(uri), "{uri}");
        assert!(is_reference(uri), "{uri}");
        assert!(G.check("absolute-URI", uri).is_ok(), "{uri}");
        let nodes = derive("URI", uri);
        // The production right under `host`: how the host was read.
        let kind = nodes
            .iter()
            .position(|n| n.rule == "host")
            .and_then(|k| nodes.get(k + 1))
            .map(|n| n.rule);
        assert_eq!(kind, host, "{uri}");
    }
    let nodes = derive("URI", "ldap://[2001:db8::7]/c=GB?objectClass?one");
    let s = "ldap://[2001:db8::7]/c=GB?objectClass?one";
    assert_eq!(part(&nodes, s, "IPv6address"), Some("2001:db8::7"));
    assert_eq!(part(&nodes, s, "query"), Some("objectClass?one"));
    let s = "telnet://192.0.2.16:80/";
    assert_eq!(part(&derive("URI", s), s, "port"), Some("80"));
}

/// Section 3: the two example URIs and the components the figure names; section 3.3: the
/// path of a `mailto:` URI, and an empty path before a query.
#[test]
fn section_3_components() {
    let s = "foo://example.com:8042/over/there?name=ferret#nose";
    let nodes = derive("URI", s);
    assert_eq!(part(&nodes, s, "scheme"), Some("foo"));
    assert_eq!(part(&nodes, s, "authority"), Some("example.com:8042"));
    assert_eq!(part(&nodes, s, "path-abempty"), Some("/over/there"));
    assert_eq!(part(&nodes, s, "query"), Some("name=ferret"));
    assert_eq!(part(&nodes, s, "fragment"), Some("nose"));

    let s = "urn:example:animal:ferret:nose";
    let nodes = derive("URI", s);
    assert_eq!(part(&nodes, s, "scheme"), Some("urn"));
    assert_eq!(
        part(&nodes, s, "path-rootless"),
        Some("example:animal:ferret:nose")
    );
    assert_eq!(part(&nodes, s, "authority"), None);

    // rfc3986.txt:1251-1252.
    let s = "mailto:fred@example.com";
    assert_eq!(
        part(&derive("URI", s), s, "path-rootless"),
        Some("fred@example.com")
    );
    let s = "foo://info.example.com?fred";
    let nodes = derive("URI", s);
    assert_eq!(part(&nodes, s, "path-abempty"), Some(""));
    assert_eq!(part(&nodes, s, "query"), Some("fred"));
}

/// The base of section 5.4 (rfc3986.txt:1952).
const BASE: &str = "http://a/b/c/d;p?q";

/// Section 5.4.1 (rfc3986.txt:1969-1991): reference, result.
const NORMAL: [(&str, &str); 23] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// Section 5.4.2 (rfc3986.txt:2004-2063): reference, result (`http:g` has two, the strict
/// parser's first).
const ABNORMAL: [(&str, &str); 19] = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
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

/// Section 5.4: the base is an `absolute-URI` (section 5.2.1 asks for one), every reference
/// a `URI-reference`, every result a `URI`. Those with a scheme are `URI`s themselves; the
/// others are `relative-ref`s, of the kind their first characters say.
#[test]
fn section_5_4_references_and_results() {
    assert!(G.check("absolute-URI", BASE).is_ok());
    assert!(is_uri(BASE));
    for (reference, result) in NORMAL.iter().chain(&ABNORMAL) {
        assert!(is_reference(reference), "{reference:?}");
        assert!(is_uri(result), "{result:?}");
        let relative = G.check("relative-ref", reference).is_ok();
        assert_eq!(relative, !is_uri(reference), "{reference:?}");
    }
    assert!(is_uri("g:h") && is_uri("http:g"));
    assert!(
        is_uri("http://a/b/c/g"),
        "the backward-compatible result of http:g"
    );
    // Each relative reference by the path rule that reads it.
    let paths = [
        ("//g", "path-abempty"),
        ("/g", "path-absolute"),
        ("/../g", "path-absolute"),
        ("g;x=1/../y", "path-noscheme"),
        ("..g", "path-noscheme"),
        ("?y", "path-empty"),
        ("#s", "path-empty"),
        ("", "path-empty"),
    ];
    for (reference, rule) in paths {
        let nodes = derive("relative-ref", reference);
        assert!(nodes.iter().any(|n| n.rule == rule), "{reference:?} {rule}");
    }
}

/// Section 6.2: every URI of the comparison examples is a `URI`, the case and
/// percent-encoding variants included (normalization itself is not checked here).
#[test]
fn section_6_2_examples() {
    let uris = [
        // 6.2.2 (rfc3986.txt:2205-2206).
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        // 6.2.2.1 (rfc3986.txt:2223-2224).
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
        // 6.2.3 (rfc3986.txt:2269-2272, 2303, 2317-2318).
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
        "http://example.com/?",
        "mailto:Joe@Example.COM",
        "mailto:Joe@example.com",
        // 6.2.4 (rfc3986.txt:2330-2334).
        "http://example.com/data",
        "http://example.com/data/",
    ];
    for u in uris {
        assert!(is_uri(u), "{u}");
    }
    // An empty port is a port (`port = *DIGIT`).
    let s = "http://example.com:/";
    assert_eq!(part(&derive("URI", s), s, "port"), Some(""));
    // A scheme of any case (section 3.1: "schemes are case-insensitive").
    let s = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    assert_eq!(part(&derive("URI", s), s, "scheme"), Some("eXAMPLE"));
}

/// The inputs on which RFC 3986 and RFC 2396 (with RFC 2732) differ, as the issue that added
/// the grammar lists them.
#[test]
fn where_rfc3986_and_rfc2396_differ() {
    for s in ["?y", "mailto:", "http://[v1.x]/"] {
        assert!(is_reference(s), "{s}");
        assert!(Grammar::Rfc2396.check("URI-reference", s).is_err(), "{s}");
        assert!(Grammar::Rfc2732.check("URI-reference", s).is_err(), "{s}");
    }
    let e = G.check("URI-reference", "http://a/?[x]").unwrap_err();
    assert_eq!(e.offset(), 10);
    assert!(
        Grammar::Rfc2732
            .check("URI-reference", "http://a/?[x]")
            .is_ok()
    );
    // `999.1.1.1`: a registered name here, an IPv4 address under RFC 2396.
    let s = "http://999.1.1.1/";
    assert_eq!(part(&derive("URI", s), s, "reg-name"), Some("999.1.1.1"));
    assert_eq!(part(&derive("URI", s), s, "IPv4address"), None);
    let spec = Grammar::Rfc2396;
    let nodes = spec.derive(spec.rule("URI-reference").unwrap(), s).unwrap();
    assert!(nodes.iter().any(|n| n.rule == "IPv4address"));
    // `a_b:80`: a host and a port here, a registry-based authority under RFC 2396.
    let s = "http://a_b:80/";
    let nodes = derive("URI", s);
    assert_eq!(part(&nodes, s, "host"), Some("a_b"));
    assert_eq!(part(&nodes, s, "port"), Some("80"));
    let nodes = spec.derive(spec.rule("URI-reference").unwrap(), s).unwrap();
    assert!(nodes.iter().any(|n| n.rule == "reg_name"));
    assert!(!nodes.iter().any(|n| n.rule == "port"));
}
