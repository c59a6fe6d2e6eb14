//! One notion of equivalence: what section 6 calls equivalent (`equivalent`, `normalize`)
//! resolves by section 5.2 to equivalent results, against the same bases, with every option;
//! and equivalent bases give equivalent results. Pairs: generated references (the hand-made
//! generator of `generate.rs` and members of `URI-reference` drawn from the spec's BNF) and
//! variants of them with characters escaped, escapes decoded, hex digits and the scheme in
//! another case, and the normal form itself.

use std::collections::HashMap;
use std::mem::discriminant;

use urigram::bnf;
use urigram::rfc2396::{
    LeadingDotDot, ResolveError, ResolveOptions, Resolved, UriReference, resolve_with,
};

use crate::RFC_EXAMPLES;
use crate::generate::{self, Rng};

/// Bases with and without paths, with dot segments, escaped dots, a default port, no path, an
/// opaque part.
const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "HTTP://A:80/b/../c/",
    "http://a/b/c/../../../d/e",
    "ftp://u@h/..",
    "g:/a/%2E%2E/b/",
    "foo://h/a/./b/.",
    "http://a/%7e/%2e%2e/c",
    "foo:/x",
    "news:x",
];

fn options() -> [ResolveOptions; 4] {
    let o = ResolveOptions::default();
    [
        o,
        o.with_leading_dot_dot(LeadingDotDot::Strip),
        o.with_leading_dot_dot(LeadingDotDot::Reject),
        o.with_backwards_compatible_scheme(true),
    ]
}

/// Whether two results of section 5.2 are equivalent: equivalent URIs, references to the
/// current document with equivalent fragments, or the same error.
fn same(x: &Result<Resolved, ResolveError>, y: &Result<Resolved, ResolveError>) -> bool {
    match (x, y) {
        (Ok(Resolved::Uri(u)), Ok(Resolved::Uri(v))) => u.get().equivalent(&v.get()),
        (Ok(a @ Resolved::CurrentDocument { .. }), Ok(b @ Resolved::CurrentDocument { .. })) => {
            let (a, b) = (a.to_string(), b.to_string());
            UriReference::parse(&a)
                .unwrap()
                .equivalent(&UriReference::parse(&b).unwrap())
        }
        (Err(e), Err(f)) => discriminant(e) == discriminant(f),
        _ => false,
    }
}

/// A variant of `s`: each unreserved character outside the scheme escaped now and then (the
/// dots of `.` and `..` too), each escape's hex digits in either case or, for an unreserved
/// character, decoded, the scheme in another case. Often equivalent, not always (a dot
/// segment escaped is not).
fn variant(rng: &mut Rng, s: &str) -> String {
    let b = s.as_bytes();
    let scheme_end = UriReference::parse(s)
        .ok()
        .and_then(|u| u.scheme().map(|p| p.end()))
        .unwrap_or(0);
    let mut out = String::with_capacity(s.len() * 2);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if i < scheme_end {
            out.push(if rng.chance(50) {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            } as char);
        } else if c == b'%' && i + 2 < b.len() {
            let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap();
            let unreserved = v.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&v);
            if unreserved && rng.chance(50) {
                out.push(v as char);
            } else if rng.chance(50) {
                out.push_str(&format!("%{v:02x}"));
            } else {
                out.push_str(&format!("%{v:02X}"));
            }
            i += 3;
            continue;
        } else if (c.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&c)) && rng.chance(15) {
            out.push_str(&format!("%{c:02x}"));
        } else {
            out.push(c as char);
        }
        i += 1;
    }
    out
}

/// Every reference of the pool against every base, and every absolute reference of the pool
/// as a base for `probes`: equivalent inputs, equivalent outputs.
fn check_pair(a: &UriReference<'_>, b: &UriReference<'_>, probes: &[UriReference<'_>]) {
    for base in BASES {
        let base = UriReference::parse(base).unwrap();
        for o in options() {
            let (x, y) = (resolve_with(&base, a, o), resolve_with(&base, b, o));
            assert!(
                same(&x, &y),
                "{a} and {b} are equivalent, against {base} ({o:?}): {x:?} and {y:?}"
            );
        }
    }
    if a.is_absolute() {
        for r in probes {
            let (x, y) = (
                resolve_with(a, r, Default::default()),
                resolve_with(b, r, Default::default()),
            );
            assert!(
                same(&x, &y),
                "bases {a} and {b} are equivalent, {r}: {x:?} and {y:?}"
            );
        }
    }
}

#[test]
fn equivalent_references_resolve_to_equivalent_uris() {
    let mut rng = Rng::new(6);
    let spec = bnf::load("rfc2396").unwrap();
    let mut members = spec.generator("URI-reference", 2396).unwrap();
    let mut pool: Vec<String> = RFC_EXAMPLES.iter().map(|s| s.to_string()).collect();
    pool.extend(
        [
            "%2E%2E/g",
            "%2e/g",
            ".%2E",
            "g/%2E%2E/h",
            "http://a/%2E%2e/g",
        ]
        .map(String::from),
    );
    for _ in 0..3_000 {
        pool.push(generate::reference(&mut rng));
        pool.push(members.member(24));
    }
    let probes: Vec<UriReference<'_>> = ["g", "../g", "./", "..", "../../../g", "?y", "#s", ""]
        .iter()
        .filter_map(|s| UriReference::parse(s).ok())
        .collect();

    // Each reference, its normal form and two variants, grouped by normal form.
    let mut classes: HashMap<String, Vec<String>> = HashMap::new();
    for s in &pool {
        let u = UriReference::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        let n = u.normalize();
        assert_eq!(n.get().normalize(), n, "{s}: normalize is idempotent");
        assert!(u.equivalent(&n.get()), "{s} and its normal form {n}");
        let mut forms = vec![s.clone(), n.to_string()];
        for _ in 0..2 {
            let v = variant(&mut rng, s);
            if UriReference::parse(&v).is_ok() {
                forms.push(v);
            }
        }
        for f in forms {
            let key = UriReference::parse(&f).unwrap().normalize().into_string();
            classes.entry(key).or_default().push(f);
        }
    }

    // Every member of a class against the class's first: equivalent, so same results.
    let mut pairs = 0;
    for (key, class) in &classes {
        let first = UriReference::parse(&class[0]).unwrap();
        for other in &class[1..] {
            if *other == class[0] {
                continue;
            }
            let b = UriReference::parse(other).unwrap();
            assert!(first.equivalent(&b), "{} and {other}: {key}", class[0]);
            check_pair(&first, &b, &probes);
            pairs += 1;
        }
    }
    assert!(pairs > 10_000, "{pairs} pairs");
}

/// The case of the issue, and what stays equivalent around it.
#[test]
fn escaped_dot_segments_are_not_dot_segments() {
    let base = UriReference::parse("http://a/b/c/d").unwrap();
    let eq = |a, b| {
        UriReference::parse(a)
            .unwrap()
            .equivalent(&UriReference::parse(b).unwrap())
    };
    let n = |s| UriReference::parse(s).unwrap().normalize().into_string();
    let r = |s| base.join(s).unwrap().into_string();
    assert_eq!(r("%2E%2E/g"), "http://a/b/c/%2E%2E/g");
    assert_eq!(r("../g"), "http://a/b/g");
    assert!(!eq("%2E%2E/g", "../g"));
    assert!(!eq("%2E/g", "./g"));
    assert!(!eq("http://a/b/%2E%2E/c", "http://a/b/../c"));
    // Escaped dots among themselves, and dots in longer segments, are section 2.3's.
    assert!(eq("%2e%2E/g", ".%2E/g"));
    assert!(eq("%2E./g", "%2E%2E/g"));
    assert!(eq("%2E%2E%2E/g", ".../g"));
    assert!(eq("%2E%2Eg/g", "..g/g"));
    assert!(eq("%2E%2E;x/g", "..;x/g"));
    assert_eq!(n("%2e%2e/%2E/x/.%2e"), "%2E%2E/%2E/x/%2E%2E");
    assert_eq!(n("../%2e%2e"), "../%2E%2E");
    assert_eq!(n("news:%2e%2e"), "news:%2E%2E");
}
