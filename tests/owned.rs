//! The owned types: they hold exactly the texts their typed view parses, give that view back,
//! and round-trip through `FromStr`, `Display`, `String` and (with the `serde` feature) JSON.

use std::fmt::Debug;
use std::str::FromStr;

use urigram::rfc2396::{UriReference, UriReferenceBuf};
use urigram::{Error, rfc1630, rfc1738};

/// What every owned type offers, for one generic test. `view` parses a text into the typed
/// view and `get` takes the view of an owned value, both `Debug`-printed.
fn round_trip<B>(
    valid: &[&str],
    invalid: &[(&str, usize)],
    view: impl Fn(&str) -> Result<String, Error>,
    get: impl Fn(&B) -> String,
) where
    B: FromStr<Err = Error>
        + TryFrom<String, Error = Error>
        + std::fmt::Display
        + AsRef<str>
        + Into<String>
        + Clone
        + Ord
        + Debug,
{
    for &s in valid {
        let v = view(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let b: B = s.parse().unwrap();
        assert_eq!(b.to_string(), s);
        assert_eq!(b.as_ref(), s);
        assert_eq!(B::try_from(s.to_string()).unwrap(), b);
        assert_eq!(b.clone().into(), s.to_string());
        // The view the owned value gives is the one the borrowed parse gives.
        assert_eq!(get(&b), v, "{s:?}");
    }
    for &(s, offset) in invalid {
        assert_eq!(view(s).unwrap_err().offset(), offset, "{s:?}");
        assert_eq!(s.parse::<B>().unwrap_err().offset(), offset, "{s:?}");
        let e = B::try_from(s.to_string()).unwrap_err();
        assert_eq!(e.offset(), offset, "{s:?}");
    }
}

/// `Debug` of a value.
fn dbg(v: impl Debug) -> String {
    format!("{v:?}")
}

#[test]
fn uri_reference_buf() {
    round_trip::<UriReferenceBuf>(
        &[
            "",
            "#f",
            "http://user@h.example:80/a;p/b?q#f",
            "../g",
            "mailto:x@y",
        ],
        &[("http://a/b%zz", 11), ("?y", 0), ("http://exa mple/", 10)],
        |s| UriReference::parse(s).map(dbg),
        |b: &UriReferenceBuf| dbg(b.get()),
    );
    let u: UriReferenceBuf = "http://a/b?q".parse().unwrap();
    assert_eq!(u.get().query().unwrap(), "q");
    assert_eq!(UriReference::parse("http://a/b?q").unwrap().to_buf(), u);
}

#[test]
fn rfc3986_uri_reference_buf() {
    use urigram::rfc3986;
    round_trip::<rfc3986::UriReferenceBuf>(
        &[
            "",
            "?y",
            "mailto:",
            "http://[v1.x]:8/a?b#c",
            "//a_b:80",
            "../g",
        ],
        &[("http://a/b%zz", 11), ("http://a/?[x]", 10), ("a b", 1)],
        |s| rfc3986::UriReference::parse(s).map(dbg),
        |b: &rfc3986::UriReferenceBuf| dbg(b.get()),
    );
}

#[test]
fn rfc1738_url_buf() {
    round_trip::<rfc1738::UrlBuf>(
        &[
            "http://www.example.com/index.html",
            "ftp://ftp.example.com/pub/file.txt;type=i",
            "news:comp.infosystems.www",
            "x-other:anything",
        ],
        &[("http://www.example.com/#top", 23), ("HTTP://h/", 0)],
        |s| rfc1738::Url::parse(s).map(dbg),
        |b: &rfc1738::UrlBuf| dbg(b.get()),
    );
    let u: rfc1738::UrlBuf = "gopher://h:70/1x".parse().unwrap();
    assert!(matches!(u.get(), rfc1738::Url::Gopher(_)));
}

/// A URL read leniently (upper-case scheme, RFC 1738 section 2.1) owns the text the grammar
/// as printed accepts: its scheme in lower case, the rest as written, and the same type.
#[test]
fn rfc1738_lenient_reading_owns_strict_text() {
    let lenient = rfc1738::ParseOptions::default().case_insensitive_scheme(true);
    for s in [
        "HTTP://example.com/",
        "Http://Example.COM/A?B",
        "FTP://u:p@h/x;type=i",
        "News:a.b",
        "NNTP://h/a/1",
        "TELNET://h:23/",
        "GOPHER://h/1x",
        "WAIS://h/d?q",
        "MAILTO:joe@example.com",
        "FILE:///etc/motd",
        "PROSPERO://h/x;a=b",
        "X-Y+Z.1:whatever",
        "HTTP:foo",
        "http://already.lower/",
    ] {
        let v = rfc1738::Url::parse_with(s, lenient).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        let owned = v.to_buf();
        let n = v.scheme().as_str().len();
        let want = format!("{}{}", s[..n].to_ascii_lowercase(), &s[n..]);
        assert_eq!(owned.as_str(), want, "{s:?}");
        // The owned value's view is the strict parse of that text, of the same type.
        let got = owned.get();
        assert_eq!(dbg(got), dbg(rfc1738::Url::parse(&want).unwrap()), "{s:?}");
        assert_eq!(
            std::mem::discriminant(&got),
            std::mem::discriminant(&v),
            "{s:?}"
        );
        assert_eq!(got.port(), v.port(), "{s:?}");
        assert_eq!(owned, want.parse::<rfc1738::UrlBuf>().unwrap());
    }
}

#[test]
fn rfc1630_buf() {
    round_trip::<rfc1630::UriBuf>(
        &["news:comp.infosystems.www", "a:b?c+d#e"],
        &[("a:b c", 3)],
        |s| rfc1630::Uri::parse(s).map(dbg),
        |b: &rfc1630::UriBuf| dbg(b.get()),
    );
    round_trip::<rfc1630::UrlBuf>(
        &[
            "telnet://info.cern.ch",
            "http://info.cern.ch/hypertext/WWW/Addressing/Addressing.html",
        ],
        &[(
            "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
            45,
        )],
        |s| rfc1630::Url::parse(s).map(dbg),
        |b: &rfc1630::UrlBuf| dbg(b.get()),
    );
    round_trip::<rfc1630::PrefixedUrlBuf>(
        &["url:telnet://info.cern.ch"],
        &[("telnet://info.cern.ch", 0)],
        |s| rfc1630::PrefixedUrl::parse(s).map(dbg),
        |b: &rfc1630::PrefixedUrlBuf| dbg(b.get()),
    );
}

/// Ordering and equality are those of the text.
#[test]
fn ordered_by_text() {
    let mut v: Vec<UriReferenceBuf> = ["b:x", "a:y", "a:x"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    v.sort();
    let texts: Vec<&str> = v.iter().map(|b| b.as_str()).collect();
    assert_eq!(texts, ["a:x", "a:y", "b:x"]);
}

#[cfg(feature = "serde")]
mod serde {
    use super::*;

    #[test]
    fn strings_in_json() {
        let u: UriReferenceBuf = "http://a/b?q#f".parse().unwrap();
        assert_eq!(serde_json::to_string(&u).unwrap(), r#""http://a/b?q#f""#);
        let back: UriReferenceBuf = serde_json::from_str(r#""http://a/b?q#f""#).unwrap();
        assert_eq!(back, u);
        let l: Vec<rfc1738::UrlBuf> = serde_json::from_str(r#"["http://h/", "news:a.b"]"#).unwrap();
        assert_eq!(l[1].as_str(), "news:a.b");
        let p: rfc1630::UriBuf = serde_json::from_str(r#""a:b""#).unwrap();
        assert_eq!(serde_json::to_value(&p).unwrap(), serde_json::json!("a:b"));
        // What `join` and `resolve` give.
        let base: urigram::rfc2396::AbsoluteUriBuf = "http://a/b/c/d;p?q".parse().unwrap();
        let json = serde_json::to_string(&base).unwrap();
        assert_eq!(json, r#""http://a/b/c/d;p?q""#);
        let back: urigram::rfc2396::AbsoluteUriBuf = serde_json::from_str(&json).unwrap();
        assert_eq!(back, base);
        assert!(serde_json::from_str::<urigram::rfc2396::AbsoluteUriBuf>(r#""b/c""#).is_err());
    }

    #[test]
    fn invalid_text_is_an_error_with_the_offset() {
        let e = serde_json::from_str::<UriReferenceBuf>(r#""http://exa mple/""#).unwrap_err();
        // serde_json adds where in the JSON the value was; the message is urigram's.
        let msg = e.to_string();
        assert!(
            msg.starts_with("not a valid URI-reference: a space at byte 10"),
            "{msg}"
        );
        assert!(serde_json::from_str::<rfc1738::UrlBuf>(r#""HTTP://h/""#).is_err());
        assert!(serde_json::from_str::<rfc1630::UrlBuf>("42").is_err());
    }
}

/// The owned copy of a view is `to_buf` (or `From`): `to_owned` is `ToOwned`'s, which gives
/// the view itself, as for every `Copy` type.
#[test]
fn to_buf_and_to_owned() {
    let u = UriReference::parse("http://a/b?q").unwrap();
    let same: UriReference<'_> = u.to_owned();
    assert_eq!(same, u);
    let owned: UriReferenceBuf = u.to_buf();
    assert_eq!(owned, UriReferenceBuf::from(u));
    assert_eq!(owned, UriReferenceBuf::from(&u));
    let back: UriReferenceBuf = u.into();
    assert_eq!(back.get(), u);
    let abs = urigram::rfc2396::AbsoluteUriBuf::try_from(u).unwrap();
    assert_eq!(abs, "http://a/b?q");

    let l = rfc1738::Url::parse("ftp://h/p").unwrap();
    assert_eq!(rfc1738::UrlBuf::from(l), l.to_buf());
    let same: rfc1738::Url<'_> = l.to_owned();
    assert_eq!(same, l);
}

/// Every text of the repository's vectors: the inputs of every case file (`tests/cases`, each
/// production's, accepted or not) and the lines of the URL lists (`tests/data`, the examples).
fn vectors() -> Vec<String> {
    let root = urigram_testkit::root();
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root.join("tests/cases")).unwrap() {
        let path = entry.unwrap().path();
        let grammar = path.file_stem().unwrap().to_string_lossy().into_owned();
        out.extend(urigram_testkit::cases(grammar).into_iter().map(|c| c.input));
    }
    for list in [
        "tests/data/real-urls-sample.txt",
        "tests/data/rfc1738.txt",
        "examples/urls.txt",
    ] {
        let text = std::fs::read_to_string(root.join(list)).unwrap();
        out.extend(text.lines().map(str::to_string));
    }
    out
}

/// For one owned type `$buf`: on every text of `$texts` that `$parse` accepts, the owned values
/// made by `FromStr` and by each of `$make` (from the text and the view) give, by `get`, the
/// view `$parse` gives (`==`, which compares the parts' texts and offsets, and the same
/// `Debug`). Evaluates to how many texts were accepted.
macro_rules! get_is_the_parse {
    ($texts:expr, $parse:expr, $buf:ty $(, $make:expr)*) => {{
        let mut accepted = 0;
        for s in $texts {
            let Ok(want) = $parse(s.as_str()) else {
                continue;
            };
            accepted += 1;
            let bufs: Vec<$buf> = vec![s.parse().unwrap() $(, $make(s.clone(), want))*];
            for b in &bufs {
                assert_eq!(b.as_str(), s);
                let got = b.get();
                assert_eq!(got, want, "{s:?}");
                assert_eq!(dbg(got), dbg(want), "{s:?}");
            }
        }
        accepted
    }};
}

/// An absolute RFC 2396 `URI-reference`.
fn absolute(s: &str) -> Result<UriReference<'_>, ()> {
    UriReference::parse(s)
        .ok()
        .filter(|u| u.is_absolute())
        .ok_or(())
}

/// `get` builds each owned type's view from the offsets it keeps; that view is the parse of
/// its text, part for part, on every vector (and the vectors hold texts of every type), the
/// owned value made from the text (`FromStr`, `TryFrom<String>`) or from the view (`From`).
#[test]
fn get_gives_the_parse_on_every_vector() {
    use urigram::rfc2396::AbsoluteUriBuf;
    use urigram::rfc3986;
    macro_rules! text_and_view {
        ($buf:ty) => {
            (
                |s: String, _| <$buf>::try_from(s).unwrap(),
                |_, v| <$buf>::from(v),
            )
        };
    }
    let texts = &vectors();
    let (t, v) = text_and_view!(UriReferenceBuf);
    let (t2, v2) = text_and_view!(UriReferenceBuf);
    let (t3, v3) = text_and_view!(rfc3986::UriReferenceBuf);
    let (t4, v4) = text_and_view!(rfc1738::UrlBuf);
    let (t5, v5) = text_and_view!(rfc1630::UriBuf);
    let (t6, v6) = text_and_view!(rfc1630::UrlBuf);
    let (t7, v7) = text_and_view!(rfc1630::PrefixedUrlBuf);
    let counts = [
        get_is_the_parse!(texts, UriReference::parse, UriReferenceBuf, t, v),
        get_is_the_parse!(texts, UriReference::parse_rfc2732, UriReferenceBuf, t2, v2),
        get_is_the_parse!(texts, absolute, AbsoluteUriBuf, |_, v| {
            AbsoluteUriBuf::try_from(v).unwrap()
        }),
        get_is_the_parse!(
            texts,
            rfc3986::UriReference::parse,
            rfc3986::UriReferenceBuf,
            t3,
            v3
        ),
        get_is_the_parse!(texts, rfc1738::Url::parse, rfc1738::UrlBuf, t4, v4),
        get_is_the_parse!(texts, rfc1630::Uri::parse, rfc1630::UriBuf, t5, v5),
        get_is_the_parse!(texts, rfc1630::Url::parse, rfc1630::UrlBuf, t6, v6),
        get_is_the_parse!(
            &texts.iter().map(|s| format!("url:{s}")).collect::<Vec<_>>(),
            rfc1630::PrefixedUrl::parse,
            rfc1630::PrefixedUrlBuf,
            t7,
            v7
        ),
    ];
    // Each type met many texts.
    assert!(counts.iter().all(|&n| n >= 100), "{counts:?}");
}

/// Every variant of the enum views of RFC 1738 and RFC 1630 (each scheme's URL, each kind of
/// news and WAIS URL, each file host) comes back from an owned value as it was parsed.
#[test]
fn get_gives_every_variant_back() {
    let rfc1738 = [
        "http://h:8/p?s",
        "ftp://u:p@h/a/b;type=d",
        "file:///etc/motd",
        "file://localhost/etc/motd",
        "file://h.example/x",
        "gopher://h:70/1sel%09search%09plus",
        "mailto:joe@example.com",
        "news:*",
        "news:comp.infosystems.www",
        "news:123@h.example",
        "nntp://h:119/comp.x/12",
        "telnet://u@h:23/",
        "telnet://h",
        "wais://h:210/db",
        "wais://h/db?cats+dogs",
        "wais://h/db/TEXT/0%2C12",
        "prospero://h:1525/a/b;k=v;k2=v2",
        "x-other://u@h:1/p",
        "x-other:opaque",
    ]
    .map(String::from);
    let n = get_is_the_parse!(&rfc1738, rfc1738::Url::parse, rfc1738::UrlBuf);
    assert_eq!(n, rfc1738.len());
    let rfc1630 = [
        "http://h:8/p?s+t",
        "ftp://u:p@h/a",
        "news:*",
        "news:comp.x",
        "news:a@h.example",
        "nntp:comp.x/12",
        "prospero://h:1525/a",
        "telnet://u:p@h",
        "gopher://h:70/1x",
        "wais://h/db?x+y",
        "wais://h/db",
        "wais://h/db/TEXT/1=a;2=b;",
        "mailto:joe@h.example",
        "mid:a@b",
        "cid:a@b",
    ]
    .map(String::from);
    let n = get_is_the_parse!(&rfc1630, rfc1630::Url::parse, rfc1630::UrlBuf);
    assert_eq!(n, rfc1630.len());
    let prefixed = rfc1630.map(|s| format!("url:{s}"));
    let n = get_is_the_parse!(
        &prefixed,
        rfc1630::PrefixedUrl::parse,
        rfc1630::PrefixedUrlBuf
    );
    assert_eq!(n, prefixed.len());
}

/// RFC 3986's `normalize` methods give the owned reference whose text is the free function's
/// normal form (section 6.2.2 and 6.2.3), on every vector: no normal form fails to read as a
/// `URI-reference` (which would keep the reference as it was).
#[test]
fn rfc3986_normalize_owns_the_normal_form() {
    use urigram::rfc3986::{self, Components, UriReferenceBuf};
    let mut read = 0;
    for s in vectors() {
        let Ok(u) = rfc3986::UriReference::parse(&s) else {
            continue;
        };
        read += 1;
        let text = rfc3986::normalize(&Components::parse(&s).unwrap());
        let n: UriReferenceBuf = u.normalize();
        assert_eq!(n.as_str(), text, "{s:?}");
        assert_eq!(n.get(), rfc3986::UriReference::parse(&text).unwrap());
        assert_eq!(s.parse::<UriReferenceBuf>().unwrap().normalize(), n);
    }
    assert!(read >= 100, "{read}");
}

/// A small deterministic generator of octet strings, biased to the characters that matter to
/// the components (delimiters, `%`, brackets, octets outside US-ASCII, and UTF-8 of
/// characters that an IRI admits or not).
fn data(seed: u64, n: usize) -> Vec<Vec<u8>> {
    let pieces: &[&[u8]] = &[
        b"a",
        b":",
        b"/",
        b"?",
        b"#",
        b"[",
        b"]",
        b"@",
        b"!",
        b"$",
        b"&",
        b"'",
        b"(",
        b"*",
        b"+",
        b",",
        b";",
        b"=",
        b"%",
        b"%4",
        b"%41",
        b" ",
        b"-",
        b".",
        b"~",
        b"\x00",
        b"\xFF",
        "é".as_bytes(),
        "例".as_bytes(),
        "\u{e000}".as_bytes(),
        "\u{202e}".as_bytes(),
        "\u{fffe}".as_bytes(),
        "\u{10300}".as_bytes(),
    ];
    let mut s = seed;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) as usize
    };
    (0..n)
        .map(|_| {
            let len = next() % 5;
            (0..len)
                .flat_map(|_| pieces[next() % pieces.len()].iter().copied())
                .collect()
        })
        .collect()
}

/// The builder's and the setters' properties, the same on each spec's owned reference: every
/// setter gives a value that reads back with the component as set, or an error and the value
/// unchanged; data given to the builder or a `_data` setter decodes back to itself.
macro_rules! build_and_set_properties {
    ($name:ident, $spec:ident, $buf:ident) => {
        mod $name {
            use urigram::$spec::{BuildError, Builder, $buf};

            type Setter = fn(&mut $buf, &str) -> Result<(), BuildError>;

            #[test]
            fn setters_never_make_an_invalid_value() {
                let starts = [
                    "http://u@a:1/b/c?q#f",
                    "mailto:a@b",
                    "g;x?y#s",
                    "",
                    "//h",
                    "foo://reg/x",
                    "file:///etc",
                    "#s",
                    "x:/y",
                ];
                let texts: Vec<String> = super::data(3986, 300)
                    .into_iter()
                    .map(|v| String::from_utf8_lossy(&v).into_owned())
                    .chain(
                        [
                            "http", "a.b", "1.2.3.4", "/x", "x", "x:y", "//x", "%41", "[::1]", "é",
                        ]
                        .map(String::from),
                    )
                    .collect();
                let setters: [(&str, Setter); 9] = [
                    ("scheme", |u, t| u.set_scheme(Some(t))),
                    ("authority", |u, t| u.set_authority(Some(t))),
                    ("host", |u, t| u.set_host(t)),
                    ("userinfo", |u, t| u.set_userinfo(Some(t))),
                    ("path", |u, t| u.set_path(t)),
                    ("query", |u, t| u.set_query(Some(t))),
                    ("fragment", |u, t| u.set_fragment(Some(t))),
                    ("port", |u, t| u.set_port(t.parse().ok())),
                    ("no query", |u, _| u.set_query(None)),
                ];
                let mut changed = 0;
                for start in starts {
                    let Ok(fresh) = start.parse::<$buf>() else {
                        continue;
                    };
                    for t in &texts {
                        let t = t.as_str();
                        for (name, set) in setters {
                            let mut u = fresh.clone();
                            match set(&mut u, t) {
                                Err(_) => assert_eq!(u, start, "{name} {t:?} on {start:?}"),
                                Ok(()) => {
                                    changed += 1;
                                    let back: $buf = u.as_str().parse().expect("valid");
                                    assert_eq!(back, u);
                                    let got = match name {
                                        "scheme" => u.scheme().map(|p| p.as_str()),
                                        "authority" => u.authority().map(|a| a.as_str()),
                                        "host" => u.host_str(),
                                        "userinfo" => u
                                            .authority()
                                            .and_then(|a| a.userinfo())
                                            .map(|p| p.as_str()),
                                        "path" => Some(u.path().as_str()),
                                        "query" => u.query().map(|p| p.as_str()),
                                        "fragment" => u.fragment().map(|p| p.as_str()),
                                        _ => Some(t),
                                    };
                                    if name == "no query" {
                                        assert!(u.query().is_none());
                                    } else if name != "port" {
                                        assert_eq!(got, Some(t), "{name} {t:?} on {start:?}: {u}");
                                    }
                                }
                            }
                        }
                    }
                }
                assert!(changed > 1000, "{changed}");
            }

            #[test]
            fn data_decodes_back() {
                let back = |p: urigram::Part<'_>| p.decode().unwrap().into_owned();
                for w in super::data(1738, 400).windows(4) {
                    let (user, seg, query, frag) = (&w[0], &w[1], &w[2], &w[3]);
                    let u = Builder::new()
                        .scheme("http")
                        .userinfo_data(user)
                        .host("example.com")
                        .port(81)
                        .path_segments([seg.as_slice(), b"x"])
                        .query_data(query)
                        .fragment_data(frag)
                        .build()
                        .unwrap();
                    assert_eq!(back(u.authority().unwrap().userinfo().unwrap()), *user);
                    let path = [b"/", seg.as_slice(), b"/x"].concat();
                    assert_eq!(back(u.path().as_part()), path);
                    assert_eq!(back(u.query().unwrap()), *query);
                    assert_eq!(back(u.fragment().unwrap()), *frag);
                    assert_eq!(u.port_or_known_default(), Some(81));
                    // The same data by the setters, on a relative reference.
                    let mut r: $buf = "g".parse().unwrap();
                    r.set_query_data(query).unwrap();
                    r.set_fragment_data(frag).unwrap();
                    assert_eq!(back(r.query().unwrap()), *query);
                    assert_eq!(back(r.fragment().unwrap()), *frag);
                    // A relative path's first segment never reads as a scheme.
                    if !seg.is_empty() {
                        let r = Builder::new()
                            .rel_path_segments([seg.as_slice()])
                            .build()
                            .unwrap();
                        assert!(r.scheme().is_none(), "{r}");
                        assert_eq!(back(r.path().as_part()), *seg);
                    }
                }
            }
        }
    };
}

build_and_set_properties!(rfc2396_build_and_set, rfc2396, UriReferenceBuf);
build_and_set_properties!(rfc3986_build_and_set, rfc3986, UriReferenceBuf);
build_and_set_properties!(rfc3987_build_and_set, rfc3987, IriReferenceBuf);

/// RFC 3986's builder and setters where RFC 2396's answer differs, and their diagnostics:
/// the production of the component (RFC 3986's name) and the byte where it stopped.
#[test]
fn rfc3986_build_and_set() {
    use urigram::rfc3986::{BuildError, Builder, UriReferenceBuf};
    let b = Builder::new;
    // What RFC 2396 has no reference for: a query alone, a scheme with an empty path.
    assert_eq!(b().query_data("a").build().unwrap(), "?a");
    assert_eq!(b().scheme("http").build().unwrap(), "http:");
    assert_eq!(
        b().scheme("http").host("a_b").build().unwrap(),
        "http://a_b"
    );
    assert_eq!(b().host("").path("/x").build().unwrap(), "///x");
    // Each component against its production.
    let component = |r: Result<UriReferenceBuf, BuildError>| match r {
        Err(BuildError::Component {
            production, error, ..
        }) => (production, error.offset()),
        other => panic!("{other:?}"),
    };
    assert_eq!(component(b().scheme("1a").build()), ("scheme", 0));
    assert_eq!(component(b().host("a b").build()), ("host", 1));
    assert_eq!(
        component(b().host("h").userinfo("a@b").build()),
        ("userinfo", 1)
    );
    assert_eq!(
        component(b().host("h").path("x").build()),
        ("path-abempty", 0)
    );
    assert_eq!(component(b().path("//x").build()), ("path-absolute", 1));
    assert_eq!(
        component(b().scheme("s").path("a b").build()),
        ("path-rootless", 1)
    );
    assert_eq!(component(b().path("a:b").build()), ("path-noscheme", 1));
    assert_eq!(component(b().query("[x]").build()), ("query", 0));
    assert_eq!(component(b().fragment("a#").build()), ("fragment", 1));
    assert_eq!(
        component(b().rel_path_segments([""]).build()),
        ("segment-nz-nc", 0)
    );
    assert!(matches!(
        b().port(1).build(),
        Err(BuildError::NoHost { .. })
    ));

    let mut u: UriReferenceBuf = "http://me@a:8080/b?q#f".parse().unwrap();
    let start = u.clone();
    assert_eq!(
        component(u.clone().set_host("exa mple").map(|()| start.clone())),
        ("host", 3)
    );
    assert_eq!(
        component(u.clone().set_path("c").map(|()| start.clone())),
        ("path-abempty", 0)
    );
    assert_eq!(
        component(u.clone().set_query(Some("a b")).map(|()| start.clone())),
        ("query", 1)
    );
    assert_eq!(
        component(u.clone().set_authority(Some("a b")).map(|()| start.clone())),
        ("authority", 1)
    );
    assert_eq!(
        component(u.clone().set_userinfo(Some("%")).map(|()| start.clone())),
        ("userinfo", 1)
    );
    u.set_host("a_b").unwrap();
    u.set_port(None).unwrap();
    u.set_userinfo_data("j:d").unwrap();
    u.set_path_segments(["a;v=1", "b,c"]).unwrap();
    u.append_pair("x", "1 2").unwrap();
    assert_eq!(u, "http://j%3Ad@a_b/a%3Bv%3D1/b%2Cc?q&x=1+2#f");
    let mut m: UriReferenceBuf = "mailto:a@b".parse().unwrap();
    // No opaque part in RFC 3986: a query on `mailto:` is a query.
    m.set_query(Some("subject=x")).unwrap();
    assert_eq!(m, "mailto:a@b?subject=x");
    assert!(matches!(
        m.set_port(Some(25)),
        Err(BuildError::NoHost { .. })
    ));
    let mut r: UriReferenceBuf = "a:b:c".parse().unwrap();
    assert!(matches!(
        r.set_scheme(None),
        Err(BuildError::Combination { error: None, .. })
    ));
    assert_eq!(r, "a:b:c");
}
