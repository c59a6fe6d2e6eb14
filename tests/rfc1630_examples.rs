//! Every example URI printed in RFC 1630 (`/work/shared/rfc/rfc1630.txt`), with its verdict
//! under the generic BNF (grammar `rfc1630`, rule `fragmentaddress`) and the URL BNF (grammar
//! `rfc1630-url`, rule `url`): `Ok(())`, or the offset where the input stops being valid.
//! Some of the RFC's own examples break its grammars; `grammar/DEVIATIONS.md` says which.

use urigram::Grammar;
use urigram::rfc1630::{
    self, GroupArt, HostKind, ResolveError, Uri, Url, WaisKind, resolve_partial, same_uri,
};

/// The verdict of `input` under the generic BNF.
fn generic(input: &str) -> Result<(), usize> {
    Grammar::Rfc1630
        .check("fragmentaddress", input)
        .map_err(|e| e.offset())
}

/// The verdict of `input` under the URL BNF.
fn url(input: &str) -> Result<(), usize> {
    Grammar::Rfc1630Url
        .check("url", input)
        .map_err(|e| e.offset())
}

/// `(line, uri, generic verdict, url verdict)`.
type Example = (u32, &'static str, Result<(), usize>, Result<(), usize>);

fn check_all(examples: &[Example]) {
    for &(line, uri, g, u) in examples {
        assert_eq!(generic(uri), g, "rfc1630.txt:{line} {uri} (generic BNF)");
        assert_eq!(url(uri), u, "rfc1630.txt:{line} {uri} (URL BNF)");
        // The typed values agree with the checks, and print the input back.
        assert_eq!(
            Uri::parse(uri).map(|v| v.to_string()).ok().as_deref(),
            g.ok().map(|()| uri)
        );
        assert_eq!(
            Url::parse(uri).map(|v| v.to_string()).ok().as_deref(),
            u.ok().map(|()| uri)
        );
    }
}

/// Introduction, rfc1630.txt:71: "This document is available in hypertext form at".
/// The generic path cannot start with "/", so no `http` URL with a host is a
/// `fragmentaddress` as printed (DEVIATIONS.md, "The generic path never starts with a slash").
#[test]
fn this_document() {
    check_all(&[(
        71,
        "http://info.cern.ch/hypertext/WWW/Addressing/URL/URI_Overview.html",
        Err(5),
        Ok(()),
    )]);
}

/// Section "HTTP", EXAMPLES, rfc1630.txt:722-745.
#[test]
fn http_examples() {
    check_all(&[
        (722, "http://www.my.work.com/", Err(5), Ok(())),
        (
            735,
            "http://www.my.uni.edu/info/matriculation/enroling.html",
            Err(5),
            Ok(()),
        ),
        (737, "http://info.my.org/AboutUs/Phonebook", Err(5), Ok(())),
        (
            739,
            "http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98",
            Err(5),
            Ok(()),
        ),
        (
            741,
            "http://www.my.org/462F4F2D4241522A314159265358979323846",
            Err(5),
            Ok(()),
        ),
        (
            745,
            "http://info.cern.ch:8000/imaginary/test",
            Err(5),
            Ok(()),
        ),
    ]);
    let Ok(Url::Http(h)) = Url::parse("http://info.cern.ch:8000/imaginary/test") else {
        panic!("an httpaddress")
    };
    assert_eq!(h.hostport().host().as_str(), "info.cern.ch");
    assert_eq!(h.hostport().host().kind(), HostKind::Hostname);
    assert_eq!(h.hostport().port_str().map(|p| p.as_str()), Some("8000"));
    let segs: Vec<_> = h.path_segments().map(|s| s.as_str()).collect();
    assert_eq!(segs, ["imaginary", "test"]);
    let Ok(Url::Http(h)) = Url::parse("http://www.my.work.com/") else {
        panic!("an httpaddress")
    };
    assert_eq!(h.path().map(|p| p.as_str()), Some(""));
}

/// rfc1630.txt:750: "#andy" is a fragment id, but the URL BNF's `url` has none (its
/// `fragmentid` rule is used nowhere), and the generic BNF rejects the path: the example is in
/// neither grammar (DEVIATIONS.md, "The URL BNF has no fragment").
#[test]
fn fragment_example_is_in_neither_grammar() {
    check_all(&[(
        750,
        "http://www.myu.edu/org/admin/people#andy",
        Err(5),
        Err(35),
    )]);
    assert_eq!(
        Grammar::Rfc1630Url
            .check("fragmentid", "andy")
            .map_err(|e| e.offset()),
        Ok(())
    );
}

/// rfc1630.txt:758 and 762: the search examples. The second one writes "%%3D", which no
/// grammar of the RFC allows: all "%" characters imply encodings (rfc1630.txt:495)
/// (DEVIATIONS.md, "The RFC's own examples that break its grammars").
#[test]
fn search_examples() {
    check_all(&[
        (
            758,
            "http://info.my.org/AboutUs/Index/Phonebook?dobbins",
            Err(5),
            Ok(()),
        ),
        (
            762,
            "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
            Err(5),
            Err(45),
        ),
    ]);
    let Ok(Url::Http(h)) = Url::parse("http://info.my.org/AboutUs/Index/Phonebook?dobbins") else {
        panic!("an httpaddress")
    };
    let words: Vec<_> = h
        .search()
        .iter()
        .flat_map(|s| s.words())
        .map(|w| w.as_str())
        .collect();
    assert_eq!(words, ["dobbins"]);
    // What the example means, with the stray "%" encoded: "*", " where name%=dobbins".
    let Ok(Url::Http(h)) = Url::parse("http://info.cern.ch/RDB/EMP?*%20where%20name%25%3Ddobbins")
    else {
        panic!("an httpaddress")
    };
    let q = h.search().map(|s| s.decode_utf8_lossy());
    assert_eq!(q.as_deref(), Some("* where name%=dobbins"));
}

/// Section "Encoding reserved characters", Examples 1 and 2, rfc1630.txt:460-483.
#[test]
fn examples_1_and_2() {
    let plain = "http://info.cern.ch/albert/bertram/marie-claude";
    let hyphen = "http://info.cern.ch/albert/bertram/marie%2Dclaude";
    let slash = "http://info.cern.ch/albert/bertram%2Fmarie-claude";
    check_all(&[
        (464, plain, Err(5), Ok(())),
        (468, hyphen, Err(5), Ok(())),
        (480, slash, Err(5), Ok(())),
    ]);
    // "are identical, as the %2D encodes a hyphen character."
    assert_eq!(same_uri(plain, hyphen), Ok(true));
    // "are NOT identical, as in the second case the encoded slash does not have hierarchical
    // significance."
    assert_eq!(same_uri(plain, slash), Ok(false));
    let Ok(Url::Http(h)) = Url::parse(slash) else {
        panic!("an httpaddress")
    };
    let segs: Vec<_> = h.path_segments().map(|s| s.as_str()).collect();
    assert_eq!(segs, ["albert", "bertram%2Fmarie-claude"]);
}

/// Examples 1 and 2 again, as values: `equivalent` on the parsed URLs and their owned form
/// says what `same_uri` says of the texts; the generic BNF's values follow the same rule, with
/// letters compared as written (the RFC states no case rule).
#[test]
fn examples_1_and_2_as_equivalent_values() {
    let plain = Url::parse("http://info.cern.ch/albert/bertram/marie-claude").unwrap();
    let hyphen = Url::parse("http://info.cern.ch/albert/bertram/marie%2Dclaude").unwrap();
    let lower = Url::parse("http://info.cern.ch/albert/bertram/marie%2dclaude").unwrap();
    let slash = Url::parse("http://info.cern.ch/albert/bertram%2Fmarie-claude").unwrap();
    assert!(plain.equivalent(&hyphen) && hyphen.equivalent(&plain));
    assert!(hyphen.equivalent(&lower));
    assert!(!plain.equivalent(&slash) && !slash.equivalent(&plain));
    assert!(plain.to_buf().equivalent(&hyphen));
    assert!(!plain.to_buf().equivalent(&slash));
    let upper = Url::parse("http://INFO.cern.ch/albert/bertram/marie-claude").unwrap();
    assert!(!plain.equivalent(&upper));

    let uri = |s| Uri::parse(s).unwrap();
    assert!(uri("news:marie-claude").equivalent(&uri("news:marie%2Dclaude")));
    assert!(!uri("wais:albert/bertram").equivalent(&uri("wais:albert%2Fbertram")));
    // `+` is the search's space (rfc1630.txt:363): a real plus sign is escaped.
    assert!(!uri("wais:db?a+b").equivalent(&uri("wais:db?a%2Bb")));
    assert!(uri("wais:a+b").equivalent(&uri("wais:a%2Bb")));
    assert!(!uri("News:x").equivalent(&uri("news:x")));
    assert!(uri("news:x").to_buf().equivalent(&uri("news:%78")));
}

/// Example 3, rfc1630.txt:485-496: "are illegal, as all % characters imply encodings, and
/// there is no decoding defined for "%*" or "%as" in this recommendation."
#[test]
fn example_3_is_illegal() {
    let fxqn = "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred";
    let news = "news:12345667123%asdghfh@info.cern.ch";
    // fxqn: the generic path cannot start with "/"; no URL scheme starts with "fx".
    check_all(&[(489, fxqn, Err(5), Err(1)), (493, news, Err(18), Err(18))]);
    assert_eq!(same_uri(fxqn, fxqn).map_err(|e| e.offset), Err(36));
    assert_eq!(same_uri(news, news).map_err(|e| e.offset), Err(16));
    // The escape is what fails, at the "s" after "%a".
    let e = Url::parse(news).unwrap_err();
    assert_eq!((e.offset(), e.rule()), (18, "escape"));
    assert_eq!(e.expected_names(), ["hex"]);
}

/// Section "Partial (relative) form", Examples, rfc1630.txt:586-606: "the partial URIs would
/// expand as follows", and in the context of `magic://a/b/c//d/e/` "the results would be
/// exactly the same".
#[test]
fn partial_form_examples() {
    for ctx in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
        for (line, partial, full) in [
            (592, "g", "magic://a/b/c//d/e/g"),
            (594, "/g", "magic://a/g"),
            (596, "//g", "magic://g"),
            (598, "../g", "magic://a/b/c//d/g"),
            (600, "g:h", "g:h"),
        ] {
            assert_eq!(
                resolve_partial(ctx, partial).as_deref(),
                Ok(full),
                "rfc1630.txt:{line} {partial} in {ctx}"
            );
        }
    }
    // The contexts and results are no `fragmentaddress` as printed (their path starts with a
    // slash), and "magic" is no URL scheme; "g:h" is a generic URI.
    check_all(&[
        (588, "magic://a/b/c//d/e/f", Err(6), Err(2)),
        (604, "magic://a/b/c//d/e/", Err(6), Err(2)),
        (592, "magic://a/b/c//d/e/g", Err(6), Err(2)),
        (594, "magic://a/g", Err(6), Err(2)),
        (596, "magic://g", Err(6), Err(2)),
        (598, "magic://a/b/c//d/g", Err(6), Err(2)),
        (600, "g:h", Ok(()), Err(1)),
    ]);
    assert!(matches!(
        resolve_partial("g", "h"),
        Err(ResolveError::ContextNotAbsolute(_))
    ));
}

/// Section "URN", rfc1630.txt:990: "An example might be a name such as".
#[test]
fn urn_example() {
    check_all(&[(
        990,
        "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
        Err(4),
        Err(0),
    )]);
}

/// The mail addresses of the text (rfc1630.txt:63-67, 1560), as RFC 822 `addr-spec`s and in
/// `mailto:` URLs; and the newsgroup of rfc1630.txt:64 in a `news:` URL.
#[test]
fn mail_addresses_and_newsgroup() {
    for (line, addr) in [
        (64, "www-talk-request@info.cern.ch"),
        (66, "uri-request@bunyip.com"),
        (67, "timbl@info.cern.ch"),
        (1560, "timbl@info.cern.ch"),
    ] {
        assert!(
            Grammar::Rfc822.check("addr-spec", addr).is_ok(),
            "rfc1630.txt:{line}"
        );
        let m = format!("mailto:{addr}");
        assert_eq!(url(&m), Ok(()), "rfc1630.txt:{line}");
        assert_eq!(generic(&m), Ok(()), "rfc1630.txt:{line}");
        let Ok(Url::Mailto(t)) = Url::parse(&m) else {
            panic!("a mailtoaddress")
        };
        assert_eq!(format!("{}@{}", t.local(), t.hostname()), addr);
    }
    let news = "news:comp.infosystems.www";
    check_all(&[(64, news, Ok(()), Ok(()))]);
    let Ok(Url::News(n)) = Url::parse(news) else {
        panic!("a newsaddress")
    };
    assert!(matches!(n.groupart(), GroupArt::Group(g) if g == "comp.infosystems.www"));
}

/// Section "References", rfc1630.txt:1473-1541, as printed (with the spaces and line breaks
/// the text puts inside some of them) and joined.
#[test]
fn references() {
    check_all(&[
        (
            1475,
            "ftp://boombox.micro.umn.edu/pub/gopher/ gopher_protocol",
            Err(4),
            Err(39),
        ),
        (
            1475,
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
            Err(4),
            Ok(()),
        ),
        (
            1476,
            "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher",
            Err(7),
            Err(44),
        ),
        (
            1476,
            "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
            Err(7),
            Ok(()),
        ),
        (
            1481,
            "ftp://info.cern.ch/pub/www/doc/http-spec.txt",
            Err(4),
            Ok(()),
        ),
        (
            1488,
            "ftp://quake.think.com/pub/wa is/doc/protspec.txt",
            Err(4),
            Err(28),
        ),
        (
            1488,
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
            Err(4),
            Ok(()),
        ),
        (
            1502,
            "ftp: //quake.think.com/pub/wais/doc/doc-ids.txt",
            Err(4),
            Err(4),
        ),
        (
            1502,
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
            Err(4),
            Ok(()),
        ),
        (1507, "ftp://ds.internic.net/rfc/rfc977.txt", Err(4), Ok(())),
        (
            1521,
            "wais://quake.think.com/wais-discussion-archives?lynch",
            Err(5),
            Ok(()),
        ),
        (
            1525,
            "ftp://ds.internic.net/rfc/rfc1034.txt",
            Err(4),
            Ok(()),
        ),
        (
            1530,
            "ftp://prospero.isi.edu/pub/prospero/oir.ps",
            Err(4),
            Ok(()),
        ),
        (1534, "ftp://ds.internic.net/rfc/rfc959.txt", Err(4), Ok(())),
        (1541, "ftp://uu.psi.com/wp/nir.txt", Err(4), Ok(())),
    ]);
    let Ok(Url::Gopher(g)) =
        Url::parse("gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher")
    else {
        panic!("a gopheraddress")
    };
    assert_eq!(g.gtype().map(|t| t.as_str()), Some("0"));
    let cmd = g
        .gcommand()
        .map(|c| rfc1630::decode_escapes(c.as_str()).into_owned());
    assert_eq!(
        cmd.as_deref(),
        Some(&b"0/Information About Gopher/About Gopher"[..])
    );
    let Ok(Url::Wais(w)) = Url::parse("wais://quake.think.com/wais-discussion-archives?lynch")
    else {
        panic!("a waisaddress")
    };
    assert_eq!(w.database(), "wais-discussion-archives");
    let WaisKind::Index { search: Some(s) } = w.kind() else {
        panic!("a waisindex with a search")
    };
    assert_eq!(s.as_str(), "lynch");
    let Ok(Url::Ftp(f)) = Url::parse("ftp://prospero.isi.edu/pub/prospero/oir.ps") else {
        panic!("an ftpaddress")
    };
    assert_eq!(f.login().hostport().host().as_str(), "prospero.isi.edu");
    assert_eq!(f.path(), "pub/prospero/oir.ps");
    assert!(f.type_code().is_none());
}
