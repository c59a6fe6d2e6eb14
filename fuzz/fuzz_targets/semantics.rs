//! Resolution and equivalence on arbitrary strings: `resolve`, `resolve_str`, `normalize`,
//! `equivalent`, `relativize` and `UriReference::join`. The input is up to three lines: a
//! base, a reference and another reference (missing lines are the base of Appendix C and the
//! normal form of the first reference). No panic, and:
//!
//! - every result displays as a `URI-reference`; `join` gives an absolute URI;
//! - `normalize` is idempotent and a reference is equivalent to its normal form;
//! - equivalent references resolve to equivalent results against the base, with every option,
//!   and an equivalent base (its normal form) gives equivalent results;
//! - `resolve(base, relativize(base, target))` is `target`.
#![no_main]

use std::mem::discriminant;

use libfuzzer_sys::fuzz_target;
use urigram::rfc2396::{
    LeadingDotDot, ResolveError, ResolveOptions, Resolved, relativize, resolve, resolve_str,
    resolve_with,
};
use urigram::rfc2396::{UriReference, UriReferenceBuf};

/// Section 6's comparison ([`UriReference::equivalent`]).
fn equivalent(a: &UriReference<'_>, b: &UriReference<'_>) -> bool {
    a.equivalent(b)
}

/// The normal form ([`UriReference::normalize`]).
fn normalize(a: &UriReference<'_>) -> UriReferenceBuf {
    a.normalize()
}

fn options() -> [ResolveOptions; 4] {
    let o = ResolveOptions::default();
    [
        o,
        o.with_leading_dot_dot(LeadingDotDot::Strip),
        o.with_leading_dot_dot(LeadingDotDot::Reject),
        o.with_backwards_compatible_scheme(true),
    ]
}

/// Equivalent URIs, references to the current document with equivalent fragments, or the same
/// kind of error.
fn same(x: &Result<Resolved, ResolveError>, y: &Result<Resolved, ResolveError>) -> bool {
    match (x, y) {
        (Ok(Resolved::Uri(u)), Ok(Resolved::Uri(v))) => equivalent(&u.get(), &v.get()),
        (Ok(a @ Resolved::CurrentDocument { .. }), Ok(b @ Resolved::CurrentDocument { .. })) => {
            let (a, b) = (a.to_string(), b.to_string());
            equivalent(
                &UriReference::parse(&a).unwrap(),
                &UriReference::parse(&b).unwrap(),
            )
        }
        (Err(e), Err(f)) => discriminant(e) == discriminant(f),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = s.split('\n');
    let base_text = lines.next().unwrap_or("");
    let a_text = lines.next();
    let b_text = lines.next();
    let (base_text, a_text) = match a_text {
        Some(a) => (base_text, a),
        None => ("http://a/b/c/d;p?q", base_text),
    };

    // The text forms never panic, and what they give reads back.
    for o in options() {
        if let Ok(r) = resolve_str(base_text, a_text, o) {
            let shown = r.to_string();
            assert!(UriReference::parse(&shown).is_ok(), "{shown:?}");
        }
    }
    let base = UriReference::parse(base_text);
    if let Ok(base) = &base {
        if let Ok(u) = base.join(a_text) {
            assert!(u.get().is_absolute());
        }
    }

    let Ok(a) = UriReference::parse(a_text) else {
        return;
    };
    let n = normalize(&a);
    assert_eq!(normalize(&n.get()), n, "{a_text:?}: not idempotent");
    assert!(equivalent(&a, &n.get()), "{a_text:?} and {n}");

    let b_owned;
    let b = match b_text.map(UriReference::parse) {
        Some(Ok(b)) => b,
        _ => {
            b_owned = n.clone();
            b_owned.get()
        }
    };
    let nb = normalize(&b);
    assert_eq!(normalize(&nb.get()), nb, "{b}: not idempotent");

    let Ok(base) = base else {
        return;
    };
    if equivalent(&a, &b) {
        for o in options() {
            let (x, y) = (resolve_with(&base, &a, o), resolve_with(&base, &b, o));
            assert!(
                same(&x, &y),
                "{a} and {b} against {base} ({o:?}): {x:?} and {y:?}"
            );
        }
    }
    if base.is_absolute() {
        let nbase = normalize(&base);
        let (x, y) = (resolve(&base, &a), resolve(&nbase.get(), &a));
        assert!(
            same(&x, &y),
            "{a} against {base} and {nbase}: {x:?} and {y:?}"
        );
    }
    for target in [&a, &b] {
        if let Ok(r) = relativize(&base, target) {
            match resolve(&base, &r.get()) {
                Ok(Resolved::Uri(u)) => {
                    assert_eq!(u.as_str(), target.as_str(), "{base} {target}: {r}")
                }
                other => panic!("{base} {target}: {r} resolves to {other:?}"),
            }
        }
    }
});
