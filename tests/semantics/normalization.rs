//! Section 6: normalization and equivalence.

use urigram::rfc2396::{Authority, Component, UriReference, decode, default_port};

use crate::RFC_EXAMPLES;
use crate::generate::{self, Rng};

fn n(s: &str) -> String {
    UriReference::parse(s).unwrap().normalize().into_string()
}

fn eq(a: &str, b: &str) -> bool {
    UriReference::parse(a)
        .unwrap()
        .equivalent(&UriReference::parse(b).unwrap())
}

#[test]
fn section_6_example_and_rules() {
    // rfc2396.txt:1243-1244
    assert!(eq("http://www.XEROX.com", "http://www.xerox.com"));
    // Scheme and hostname ignore case, nothing else does.
    assert!(eq("HTTP://A/b", "http://a/b"));
    assert!(!eq("http://a/B", "http://a/b"));
    assert!(!eq("http://U@a/", "http://u@a/"));
    assert!(!eq("http://a/?Q", "http://a/?q"));
    assert!(!eq("foo://Reg_Name/", "foo://reg_name/"));
    // The default port, explicit or elided (RFC 1738's defaults).
    for (scheme, port) in [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
    ] {
        assert_eq!(default_port(scheme), Some(port));
        assert!(eq(
            &format!("{scheme}://h:{port}/"),
            &format!("{scheme}://h/")
        ));
        assert!(!eq(
            &format!("{scheme}://h:{}/", port + 1),
            &format!("{scheme}://h/")
        ));
    }
    assert!(!eq("foo://h:80/", "foo://h/"));
    assert!(eq("http://h:/", "http://h/"));
    assert!(eq("http://h:0080/", "http://h/"));
    assert!(eq("http://h:081/", "http://h:81/"));
    assert!(!eq("http://h:80/", "ftp://h/"));
    // Section 2.4.2's example: "%7e" for "~" in an http path.
    assert!(eq("http://a/%7euser", "http://a/~user"));
    // Escapes of reserved characters are not the characters.
    assert!(!eq("http://a/a%2Fb", "http://a/a/b"));
    assert!(!eq("http://a/?a%3Db", "http://a/?a=b"));
    assert!(eq("http://a/?a%3db", "http://a/?a%3Db"));
    // An escaped letter in a reg_name makes a hostname, whose case then does not matter.
    assert!(eq("http://%41.example/", "http://a.EXAMPLE/"));
    // Dot segments of an absolute path stay (section 5.2 does not touch them, C.2).
    assert!(!eq("http://a/./g", "http://a/g"));
    assert_eq!(n("http://a/./g"), "http://a/./g");
    // Relative references and same-document references normalize too.
    assert_eq!(n("../%7E%2f"), "../~%2F");
    assert_eq!(n("#%61"), "#a");
    assert_eq!(n("//A.B:80/"), "//a.b:80/");
    assert_eq!(n("MAILTO:%41@B"), "mailto:A@B");
}

/// Normal forms are normal, and equivalence holds between a reference and variants of it that
/// section 6 calls the same.
#[test]
fn normal_forms_of_generated_references() {
    let mut rng = Rng::new(29);
    let mut variants = 0;
    let generated = std::iter::repeat_with(|| generate::reference(&mut rng));
    let inputs: Vec<String> = RFC_EXAMPLES
        .iter()
        .map(|s| s.to_string())
        .chain(generated.take(20_000))
        .collect();
    let mut rng = Rng::new(31);
    for s in &inputs {
        let u = UriReference::parse(s).unwrap();
        let once = u.normalize();
        assert_eq!(once.get().normalize(), once, "{s}: idempotent");
        assert!(u.equivalent(&u));
        assert!(u.equivalent(&once.get()));
        // The octets of the query stay what they were.
        let o = once.get();
        assert_eq!(
            decode(o.query().map_or("", |q| q.as_str()), Component::Query),
            decode(u.query().map_or("", |q| q.as_str()), Component::Query)
        );

        // A variant: the scheme and the host in another case, the default port written out,
        // unreserved characters of the path escaped.
        let mut v = String::new();
        if let Some(sch) = u.scheme() {
            v.push_str(&sch.as_str().to_ascii_uppercase());
            v.push(':');
        }
        if let Some(a) = u.authority() {
            v.push_str("//");
            match a {
                Authority::Server(srv) if srv.host().is_some() => {
                    let host = srv.host().unwrap();
                    let default = u.scheme().and_then(|s| default_port(s.as_str()));
                    v.push_str(&s[srv.as_part().start()..host.as_part().start()]);
                    v.push_str(&host.as_str().to_ascii_uppercase());
                    match (srv.port(), default) {
                        (None, Some(d)) => v.push_str(&format!(":{d}")),
                        (Some(p), _) => v.push_str(&format!(":{p}")),
                        (None, None) => {}
                    }
                }
                _ => v.push_str(a.as_str()),
            }
        }
        let mut in_escape = 0;
        for ch in u.path().as_str().chars() {
            if ch == '%' {
                in_escape = 3;
            }
            if in_escape == 0 && ch.is_ascii_alphanumeric() && rng.chance(30) {
                v.push_str(&format!("%{:02x}", ch as u8));
            } else {
                v.push(ch);
            }
            in_escape = usize::saturating_sub(in_escape, 1);
        }
        if let Some(q) = u.query() {
            v.push('?');
            v.push_str(q.as_str());
        }
        if let Some(f) = u.fragment() {
            v.push('#');
            v.push_str(f.as_str());
        }
        let w = UriReference::parse(&v).unwrap_or_else(|e| panic!("{s} -> {v}: {e}"));
        assert!(u.equivalent(&w), "{s} and {v}");
        variants += 1;
    }
    assert_eq!(variants, inputs.len());
}
