//! The ten everyday tasks of a program written against the `url` crate (2.5), done with
//! urigram's light build (`default-features = false`: only the library). Each test names the
//! `url` calls it replaces in a comment, and says where RFC 2396 answers differently from the
//! WHATWG URL Standard that `url` follows.

use std::collections::HashMap;

use urigram::render::Report;
use urigram::rfc2396::{AbsoluteUriBuf, Component, ResolveError, decode_utf8, encode};
use urigram::rfc2396::{UriReference, UriReferenceBuf};

/// 1. Parse, and see why a text is not a URI.
#[test]
fn parse() {
    // url: let u = Url::parse("http://example.com/a?b#c")?;
    let u = UriReference::parse("http://example.com/a?b#c").unwrap(); // borrowed, no copy
    assert!(u.is_absolute());
    let owned: UriReferenceBuf = "http://example.com/a?b#c".parse().unwrap(); // owned
    assert_eq!(owned, u.as_str());

    // url: Url::parse("http://exa mple/") is Err(ParseError::InvalidDomainCharacter), no
    // position. Here the error has the byte, line, column, production and expectations.
    let e = UriReference::parse("http://exa mple/").unwrap_err();
    assert_eq!(
        (e.offset(), e.line(), e.column(), e.found()),
        (10, 1, 11, Some(' '))
    );
    let shown = Report::new(&e, "http://exa mple/").to_string();
    assert!(shown.contains("1 | http://exa mple/\n  |           ^ expected"));

    // url: Url::parse("g/h") is Err(RelativeUrlWithoutBase). A relative reference is a value
    // here; `is_absolute` tells them apart, and `AbsoluteUriBuf` holds only absolute ones.
    let r = UriReference::parse("g/h").unwrap();
    assert!(!r.is_absolute());
    assert!("g/h".parse::<AbsoluteUriBuf>().is_err());
}

/// 2. Scheme, host, port, path, query, fragment.
#[test]
fn components() {
    let u = UriReference::parse("http://me:pw@Example.COM:8080/a/b%20c?q=1#top").unwrap();
    // url: u.scheme() == "http"
    assert_eq!(u.scheme().unwrap(), "http");
    // url: u.username() == "me", u.password() == Some("pw"): RFC 2396 has one `userinfo`.
    assert_eq!(u.authority().unwrap().userinfo().unwrap(), "me:pw");
    // url: u.host_str() == Some("example.com"): url lower-cases; here the text as written.
    assert_eq!(u.host_str(), Some("Example.COM"));
    // url: u.port() == Some(8080), u.port_or_known_default()
    assert_eq!(u.port(), Some(8080));
    assert_eq!(u.port_or_known_default(), Some(8080));
    // url: u.port() is None for "http://a:80/" (url drops a default port); here it is kept.
    assert_eq!(
        UriReference::parse("http://a:80/").unwrap().port(),
        Some(80)
    );
    assert_eq!(UriReference::parse("http://a/").unwrap().port(), None);
    assert_eq!(
        UriReference::parse("http://a/")
            .unwrap()
            .port_or_known_default(),
        Some(80)
    );
    // url: u.path() == "/a/b%20c"
    assert_eq!(u.path().as_str(), "/a/b%20c");
    // url: u.query() == Some("q=1"), u.fragment() == Some("top")
    assert_eq!(u.query().unwrap(), "q=1");
    assert_eq!(u.fragment().unwrap(), "top");
    // The same names on the owned types.
    let owned: UriReferenceBuf = u.into();
    assert_eq!(
        (
            owned.host_str(),
            owned.port(),
            owned.query().unwrap().as_str()
        ),
        (Some("Example.COM"), Some(8080), "q=1")
    );
    // Every component knows where it is in the text (url: u[Position::..] slicing).
    assert_eq!(u.fragment().unwrap().range(), 42..45);
}

/// 3. Path segments.
#[test]
fn path_segments() {
    let u = UriReference::parse("http://a/b/c%20d/e;v=1").unwrap();
    // url: u.path_segments().unwrap().collect::<Vec<_>>()
    let segs: Vec<&str> = u.path_segments().map(|s| s.as_str()).collect();
    assert_eq!(segs, ["b", "c%20d", "e;v=1"]);
    // url: u.path_segments().unwrap().next_back()
    assert_eq!(u.path_segments().next_back().unwrap().as_str(), "e;v=1");
    // Decoded one segment at a time, so that `%2F` stays apart from the separators.
    let decoded: Vec<_> = u
        .path_segments()
        .map(|s| s.decode_utf8().unwrap())
        .collect();
    assert_eq!(decoded, ["b", "c d", "e;v=1"]);
    // RFC 2396 section 3.3: a segment has parameters after `;`.
    let last = u.path_segments().next_back().unwrap();
    assert_eq!(last.name(), "e");
    assert_eq!(
        last.params().map(|p| p.as_str()).collect::<Vec<_>>(),
        ["v=1"]
    );
    // url: path_segments() is None for "mailto:a@b" (cannot be a base); here it is empty.
    assert_eq!(
        UriReference::parse("mailto:a@b")
            .unwrap()
            .path_segments()
            .count(),
        0
    );
}

/// 4. Query pairs (the HTML forms convention).
#[test]
fn query_pairs() {
    let u = UriReference::parse("http://a/s?q=caf%C3%A9+au+lait&n=2&flag").unwrap();
    // url: u.query_pairs().into_owned().collect::<HashMap<String, String>>()
    let pairs: HashMap<String, String> = u
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(pairs["q"], "café au lait");
    assert_eq!(pairs["n"], "2");
    assert_eq!(pairs["flag"], "");
    // No query: no pairs.
    assert_eq!(
        UriReference::parse("http://a/")
            .unwrap()
            .query_pairs()
            .count(),
        0
    );
}

/// 5. Join a relative reference to a base.
#[test]
fn join() {
    // url: Url::parse("http://a/b/c/d;p?q")?.join("../g")?
    let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
    assert_eq!(base.join("../g").unwrap(), "http://a/b/g");
    assert_eq!(base.join("g?y#s").unwrap(), "http://a/b/c/g?y#s");
    assert_eq!(base.join("//g").unwrap(), "http://g");
    assert_eq!(base.join("#s").unwrap(), "http://a/b/c/d;p?q#s");
    // RFC 2396 section 5.2 step 6g keeps `..` above the root; url (and RFC 3986) drop it.
    assert_eq!(base.join("../../../g").unwrap(), "http://a/../g");
    // url: join on a base that is not absolute cannot happen (a Url is absolute); here it is
    // an error, as is a reference that is not one.
    let rel = UriReference::parse("b/c").unwrap();
    assert!(matches!(rel.join("g"), Err(ResolveError::RelativeBase(_))));
    assert!(base.join("g h").is_err());
    // The owned base, as a url program keeps it.
    let owned: AbsoluteUriBuf = "http://a/b/c/d;p?q".parse().unwrap();
    assert_eq!(owned.join("./g").unwrap(), "http://a/b/c/g");
}

/// 6. Set the query, the fragment, the path (and the host and port).
#[test]
fn setters() {
    // url: let mut u = Url::parse("http://a/b#f")?;
    let mut u: UriReferenceBuf = "http://a/b#f".parse().unwrap();
    // url: u.set_query(Some("q=two words")): url escapes the space. The `_data` setters take
    // data and escape it as the builder does; `set_query` takes the text as written.
    u.set_query_data("two words & more").unwrap();
    assert_eq!(u, "http://a/b?two%20words%20%26%20more#f");
    u.set_query(Some("x=1")).unwrap();
    assert_eq!(u, "http://a/b?x=1#f");
    assert!(u.set_query(Some("two words")).is_err()); // not a query as written
    // url: u.query_pairs_mut().append_pair("q", "rfc 2396")
    u.append_pair("q", "rfc 2396").unwrap();
    assert_eq!(u, "http://a/b?x=1&q=rfc+2396#f");
    // url: u.set_fragment(None), u.set_fragment(Some("sec 1"))
    u.set_fragment(None).unwrap();
    u.set_fragment_data("sec 1").unwrap();
    assert_eq!(u, "http://a/b?x=1&q=rfc+2396#sec%201");
    // url: u.set_path("/c/d e")
    u.set_path_segments(["c", "d e"]).unwrap();
    assert_eq!(u, "http://a/c/d%20e?x=1&q=rfc+2396#sec%201");
    u.set_path("/c/d;p").unwrap();
    assert_eq!(u, "http://a/c/d;p?x=1&q=rfc+2396#sec%201");
    // url: u.set_username("j doe"), u.set_password(Some("pw")): one userinfo here.
    u.set_userinfo_data("j doe").unwrap();
    assert_eq!(u.get().authority().unwrap().userinfo().unwrap(), "j%20doe");
    u.set_userinfo(None).unwrap();
    // url: u.set_host(Some("example.com")), u.set_port(Some(8080))
    u.set_host("example.com").unwrap();
    u.set_port(Some(8080)).unwrap();
    assert_eq!(u, "http://example.com:8080/c/d;p?x=1&q=rfc+2396#sec%201");
    // A setter never makes an invalid reference, and leaves the value as it was on an error.
    assert!(u.set_host("exa mple").is_err());
    assert_eq!(u, "http://example.com:8080/c/d;p?x=1&q=rfc+2396#sec%201");
}

/// 7. Build a URL from its parts.
#[test]
fn build() {
    // url: let mut u = Url::parse("http://example.com")?; u.set_port(..); u.path_segments_mut()
    //      .extend(..); u.query_pairs_mut().append_pair(..); u.set_fragment(..);
    let u = UriReferenceBuf::builder()
        .scheme("http")
        .host("example.com")
        .port(8080)
        .path_segments(["a b", "c/d"])
        .query_pairs([("q", "rfc 2396")])
        .fragment_data("top")
        .build()
        .unwrap();
    assert_eq!(u, "http://example.com:8080/a%20b/c%2Fd?q=rfc+2396#top");
    // An IPv6 host (RFC 2732): url's Host::Ipv6.
    let v6 = UriReferenceBuf::builder()
        .scheme("http")
        .host("[::1]")
        .path_segments(["x"])
        .build()
        .unwrap();
    assert_eq!(v6, "http://[::1]/x");
    assert_eq!(
        v6.get().host().unwrap().ipv6(),
        Some(std::net::Ipv6Addr::LOCALHOST)
    );
    // A relative reference, which url cannot hold.
    let r = UriReferenceBuf::builder()
        .rel_path_segments(["a:b", "c"])
        .build()
        .unwrap();
    assert_eq!(r, "a%3Ab/c");
}

/// 8. Percent-decode.
#[test]
fn percent_decode() {
    let u = UriReference::parse("http://a/caf%C3%A9?q=a%20b#%FF").unwrap();
    // url + percent-encoding: percent_decode_str(u.query().unwrap()).decode_utf8()?
    assert_eq!(u.query().unwrap().decode_utf8().unwrap(), "q=a b");
    assert_eq!(u.path().decode_utf8().unwrap(), "/café");
    // Octets that are not UTF-8 are an error that says where they are (in the whole text).
    assert_eq!(
        u.fragment().unwrap().decode_utf8().unwrap_err().range(),
        27..30
    );
    // percent_decode_str(..).decode_utf8_lossy()
    assert_eq!(u.fragment().unwrap().decode_utf8_lossy(), "\u{FFFD}");
    // A text that is not a parsed component: decoded for the component it is.
    assert_eq!(decode_utf8("x%2Fy", Component::Segment).unwrap(), "x/y");
    // url + percent-encoding: utf8_percent_encode("a b/c", PATH_SEGMENT).to_string()
    assert_eq!(encode("a b/c", Component::Segment), "a%20b%2Fc");
}

/// 9. Compare and normalize.
#[test]
fn compare() {
    // url: Url::parse("HTTP://Example.COM:80/%7euser")? == Url::parse("http://example.com/~user")?
    // (url normalizes when it parses). Here the text is kept, and section 6's comparison is
    // `equivalent`; `normalize` writes the normal form.
    let a = UriReference::parse("HTTP://Example.COM:80/%7euser").unwrap();
    let b = UriReference::parse("http://example.com/~user").unwrap();
    assert_ne!(a, b); // as written
    assert!(a.equivalent(&b));
    assert_eq!(a.normalize(), "http://example.com/~user");
    // url: "http://a" parses as "http://a/"; RFC 2396 keeps the empty path apart.
    let bare = UriReference::parse("http://a").unwrap();
    assert!(!bare.equivalent(&UriReference::parse("http://a/").unwrap()));
    // Ordering and hashing by text, as url's `Ord` and `Hash`.
    let mut v: Vec<UriReferenceBuf> = ["b:x", "a:y"].iter().map(|s| s.parse().unwrap()).collect();
    v.sort();
    assert_eq!(v[0], "a:y");
    let set: std::collections::HashSet<UriReference<'_>> = [a, b, a].into_iter().collect();
    assert_eq!(set.len(), 2);
}

/// 10. Serialize.
#[test]
fn serialize() {
    let u: UriReferenceBuf = "http://a/b?q#f".parse().unwrap();
    // url: u.as_str(), u.to_string(), String::from(u)
    assert_eq!(u.as_str(), "http://a/b?q#f");
    assert_eq!(u.to_string(), "http://a/b?q#f");
    // A borrowed view and an owned copy of it (url: u.clone()).
    let view = u.get();
    let copy: UriReferenceBuf = view.to_buf();
    assert_eq!(copy, u);
    assert_eq!(UriReferenceBuf::from(view), u);
    let s: String = u.into();
    assert_eq!(s, "http://a/b?q#f");
}

/// 10, with the `serde` feature: url's `serde` feature, a string that is checked on the way in.
#[cfg(feature = "serde")]
#[test]
fn serde() {
    let u: UriReferenceBuf = "http://a/b?q#f".parse().unwrap();
    let json = serde_json::to_string(&u).unwrap();
    assert_eq!(json, "\"http://a/b?q#f\"");
    assert_eq!(serde_json::from_str::<UriReferenceBuf>(&json).unwrap(), u);
    assert!(serde_json::from_str::<UriReferenceBuf>("\"http://a b\"").is_err());
}
