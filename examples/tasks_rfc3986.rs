//! The everyday tasks of a `url` or `fluent-uri` user, on RFC 3986: parse, components,
//! resolve, normalize, equivalence, encode and decode, build and set, owned values (serde,
//! ordering) and diagnostics. `examples/tasks_rfc3986.rs`, `tasks_rfc2396.rs` and
//! `tasks_rfc3987.rs` differ only in the two `use` lines below: the same calls on each spec of
//! the generic syntax.
//!
//! `cargo run --example tasks_rfc3986` (with `--features serde` for the JSON parts).

use std::collections::BTreeSet;

use urigram::rfc3986 as spec;
use urigram::rfc3986::{
    AbsoluteUriBuf as Absolute, UriReference as Reference, UriReferenceBuf as ReferenceBuf,
};

const MODULE: &str = "rfc3986";

fn main() {
    // 1. Parse: a typed, zero-copy view, or the diagnostic.
    let u = Reference::parse("HTTPS://me@Example.COM:443/a/./b/c%20d?x=1+2#top").unwrap();

    // 2. Components: the same accessors on the view, the owned value and the absolute type.
    assert_eq!(u.scheme().unwrap(), "HTTPS");
    assert_eq!(
        (u.host_str(), u.port(), u.port_or_known_default()),
        (Some("Example.COM"), Some(443), Some(443))
    );
    assert_eq!(
        (u.query().unwrap().as_str(), u.fragment().unwrap().as_str()),
        ("x=1+2", "top")
    );
    assert_eq!(u.query_pairs().next(), Some(("x".into(), "1 2".into())));
    assert_eq!(
        Reference::parse("http://a:99999/").unwrap().port_value(),
        Some(spec::Port::Overflow)
    );

    // 3. Resolve: an absolute base has a scheme that is no `Option`; a relative base does not
    // compile as one.
    let base: Absolute = "http://a/b/c/d;p?q".parse().unwrap();
    assert_eq!(base.scheme(), "http");
    assert_eq!(base.join("g?y#s").unwrap(), "http://a/b/c/g?y#s");
    assert!("g/h".parse::<Absolute>().is_err());

    // 4. Normalize: case, escapes of unreserved characters, the scheme's default port (one
    // table of registered schemes, each with its source).
    let n = Reference::parse("HTTP://Example.COM:80/%7euser")
        .unwrap()
        .normalize();
    assert_eq!(n, "http://example.com/~user");
    assert_eq!(spec::default_port("https"), Some(443));

    // 5. Equivalence: a view or an owned value on either side.
    let a = Reference::parse("http://example.com:80/~user").unwrap();
    let b: ReferenceBuf = "HTTP://example.com/%7Euser".parse().unwrap();
    assert!(a.equivalent(&b) && b.equivalent(&a));

    // 6. Encode and decode, per component: data escaped so that it is valid there and means
    // itself (an IRI writes the characters outside US-ASCII that it admits plainly).
    assert_eq!(spec::encode("a b/c", spec::Component::Segment), "a%20b%2Fc");
    assert_eq!(spec::encode("x=1&y", spec::Component::Query), "x%3D1%26y");
    let e_acute = spec::encode("é", spec::Component::Fragment);
    assert_eq!(e_acute, if MODULE == "rfc3987" { "é" } else { "%C3%A9" });
    let segments: Vec<_> = u
        .path_segments()
        .map(|s| s.decode_utf8().unwrap().into_owned())
        .collect();
    assert_eq!(segments, ["a", ".", "b", "c d"]);

    // 7. Build and set: each component checked against the spec's production, the whole by
    // its grammar; an error names the component's production and leaves the value as it was.
    let built: ReferenceBuf = spec::Builder::new()
        .scheme("https")
        .host("example.com")
        .path("/a")
        .query("q=1")
        .build()
        .unwrap();
    assert_eq!(built, "https://example.com/a?q=1");
    let mut b = spec::Builder::new()
        .scheme("http")
        .host("example.com")
        .path_segments(["a b", "c/d"])
        .query_pairs([("q", "1 2")])
        .fragment_data("top")
        .build()
        .unwrap();
    assert_eq!(b, "http://example.com/a%20b/c%2Fd?q=1+2#top");
    b.set_host("example.org").unwrap();
    b.set_port(Some(8080)).unwrap();
    b.set_userinfo(Some("me")).unwrap();
    b.set_path("/x/y").unwrap();
    b.set_query(None).unwrap();
    b.append_pair("lang", "en").unwrap();
    b.set_fragment(Some("sec-2")).unwrap();
    assert_eq!(b, "http://me@example.org:8080/x/y?lang=en#sec-2");
    let e = b.set_query(Some("a b")).unwrap_err();
    let spec::BuildError::Component {
        production, error, ..
    } = e
    else {
        panic!("{e}")
    };
    assert!(production.ends_with("query") && error.offset() == 1);
    assert_eq!(b, "http://me@example.org:8080/x/y?lang=en#sec-2");

    // 8. Owned values: FromStr, Display, ordering, hashing, `into_owned`.
    let owned: ReferenceBuf = u.into_owned();
    assert_eq!(owned.host_str(), Some("Example.COM"));
    let mut set: BTreeSet<ReferenceBuf> = ["http://b/", "http://a/"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    set.insert(owned.clone());
    assert_eq!(
        set.iter().next().unwrap().to_string(),
        "HTTPS://me@Example.COM:443/a/./b/c%20d?x=1+2#top"
    );
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&owned).unwrap();
        assert_eq!(serde_json::from_str::<ReferenceBuf>(&json).unwrap(), owned);
        assert!(serde_json::from_str::<ReferenceBuf>(r#""http://a b/""#).is_err());
    }

    // 9. Diagnostics, as text (rustc-style) and as JSON (the `serde` feature).
    let e = Reference::parse("http://exa mple/").unwrap_err();
    assert_eq!((e.offset(), e.found()), (10, Some(' ')));
    let text = urigram::render::Report::new(&e, "http://exa mple/").to_string();
    assert!(text.contains("http://exa mple/"), "{text}");
    #[cfg(feature = "serde")]
    assert!(serde_json::to_string(&e).unwrap().contains("\"offset\":10"));

    println!("{}: the tasks hold", MODULE);
}
