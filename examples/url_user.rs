//! For users of the `url` crate: each convenience beside what `url` code would write, and
//! where RFC 2396 answers differently. Run with `cargo run --example url_user`;
//! `tests/conveniences.rs` checks the same calls.

use std::net::Ipv4Addr;

use urigram::rfc2396::{AbsoluteUriBuf, Component, encode, form_encode};
use urigram::rfc2396::{UriReference, UriReferenceBuf};

fn main() {
    // url: let base = Url::parse("http://a/b/c/d;p?q")?;
    let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();

    // url: base.join("../g")?
    let g = base.join("../g").unwrap();
    println!("join ../g      {g}");
    // RFC 2396 keeps ".." above the root (section 5.2 step 6g); url gives http://a/g.
    println!("join ../../../g {}", base.join("../../../g").unwrap());
    // A fragment alone: the base with that fragment, as url's join.
    println!("join #s        {}", base.join("#s").unwrap());

    // Section 5.2 itself: "#s" is a reference to the current document (step 2).
    let r = base.resolve(&UriReference::parse("#s").unwrap()).unwrap();
    println!(
        "resolve #s     {r} (current document: {}; Appendix C writes {})",
        r.is_current_document(),
        r.appendix_c_notation()
    );

    // url: url.host_str(), url.port(), url.port_or_known_default()
    let u = UriReference::parse("http://127.0.0.1/search?q=caf%C3%A9+au+lait&n=2#top").unwrap();
    println!("host_str       {:?}", u.host_str());
    println!("port           {:?}", u.port());
    println!("port or known  {:?}", u.port_or_known_default());
    // url: url.host() == Some(Host::Ipv4(..))
    let ip: Option<Ipv4Addr> = u.host().and_then(|h| h.ipv4());
    println!("ipv4           {ip:?}");

    // url: url.query_pairs() (the HTML forms convention, not RFC 2396's)
    for (k, v) in u.query_pairs() {
        println!("form pair      {k} = {v}");
    }

    // url: percent_decode_str(url.fragment().unwrap()).decode_utf8()?
    let q = UriReference::parse("http://a/?caf%C3%A9%20x").unwrap();
    println!(
        "decode_utf8    {}",
        q.query().unwrap().decode_utf8().unwrap()
    );

    // url: url.path_segments().unwrap().next_back()
    let last = u.path_segments().next_back().map(|s| s.as_str());
    println!("last segment   {last:?}");

    // url: url == "http://..." does not compile; url.as_str() == "..." does.
    assert!(base == "http://a/b/c/d;p?q");

    // url: let mut url = Url::parse(..)?; url.set_query(Some("a=1")); url.set_fragment(None);
    let mut owned: UriReferenceBuf = "http://a/b#f".parse().unwrap();
    owned.set_query(Some(&form_encode([("q", "a b")]))).unwrap();
    owned.set_fragment(None).unwrap();
    owned.set_port(Some(8080)).unwrap();
    println!("setters        {owned}");
    // url escapes what set_query is given; here `set_query` takes the text as written,
    // escapes included, and refuses anything that is not a query; `set_query_data` takes data
    // and escapes it.
    assert!(owned.set_query(Some("a b")).is_err());
    owned
        .set_query(Some(&encode("a b", Component::Query)))
        .unwrap();
    println!("encoded query  {owned}");
    owned.set_query_data("a b").unwrap();
    println!("query data     {owned}");

    // url: url.query_pairs_mut().append_pair("lang", "en")
    owned.append_pair("lang", "en").unwrap();
    println!("append_pair    {owned}");

    // fluent-uri: Uri::builder().scheme(..).authority(..).path(..).build()
    let built = UriReferenceBuf::builder()
        .scheme("http")
        .host("example.com")
        .path_segments(["a b", "c/d"])
        .query_pairs([("q", "rfc 2396")])
        .build()
        .unwrap();
    println!("builder        {built}");

    // The owned types are text: Deref<Target = str>, == with strings.
    let abs: AbsoluteUriBuf = "http://a/b".parse().unwrap();
    println!(
        "deref          len {} starts with http: {}",
        abs.len(),
        abs.starts_with("http:")
    );
}
