//! Tests of the reader, the recognizer and the generator on the built-in grammars.

use std::collections::HashMap;

use super::generate::MUTATION_CHARS;
use super::reader::{CORRECTIONS, IMPORTS};
use super::*;

fn grammar(name: &str) -> Grammar {
    match load(name) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn check(g: &Grammar, rule: &str, input: &str) -> Result<(), usize> {
    match g.check(rule, input) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

fn file_text(name: &str) -> &'static str {
    match name {
        "rfc2396" => include_str!("../../grammar/rfc2396.bnf"),
        "rfc1738" => include_str!("../../grammar/rfc1738.bnf"),
        "rfc1630" | "rfc1630-url" => include_str!("../../grammar/rfc1630.bnf"),
        "rfc822" => include_str!("../../grammar/rfc822.bnf"),
        "rfc2732" => include_str!("../../grammar/rfc2732.bnf"),
        "rfc3986" => include_str!("../../grammar/rfc3986.bnf"),
        "rfc3987" => include_str!("../../grammar/rfc3987.bnf"),
        "rfc6570" => include_str!("../../grammar/rfc6570.bnf"),
        _ => panic!("no file for {name}"),
    }
}

/// The files a grammar's rules come from: its own, then the one it amends.
fn file_texts(name: &str) -> Vec<&'static str> {
    match name {
        "rfc2732" => vec![file_text("rfc2732"), file_text("rfc2396")],
        _ => vec![file_text(name)],
    }
}

// ---------------------------------------------------------------------------------------------
// Reader

#[test]
fn rule_lists_are_the_productions() {
    let expect: &[(&str, &[&str])] = &[
        (
            "rfc2396",
            &[
                "URI-reference",
                "absoluteURI",
                "relativeURI",
                "hier_part",
                "opaque_part",
                "uric_no_slash",
                "net_path",
                "abs_path",
                "rel_path",
                "rel_segment",
                "scheme",
                "authority",
                "reg_name",
                "server",
                "userinfo",
                "hostport",
                "host",
                "hostname",
                "domainlabel",
                "toplabel",
                "IPv4address",
                "port",
                "path",
                "path_segments",
                "segment",
                "param",
                "pchar",
                "query",
                "fragment",
                "uric",
                "reserved",
                "unreserved",
                "mark",
                "escaped",
                "hex",
                "alphanum",
                "alpha",
                "lowalpha",
                "upalpha",
                "digit",
                "control",
                "space",
                "delims",
                "unwise",
            ],
        ),
        (
            "rfc1738",
            &[
                "genericurl",
                "url",
                "otherurl",
                "scheme",
                "schemepart",
                "ip-schemepart",
                "login",
                "hostport",
                "host",
                "hostname",
                "domainlabel",
                "toplabel",
                "alphadigit",
                "hostnumber",
                "port",
                "user",
                "password",
                "urlpath",
                "ftpurl",
                "fpath",
                "fsegment",
                "ftptype",
                "fileurl",
                "httpurl",
                "hpath",
                "hsegment",
                "search",
                "gopherurl",
                "gtype",
                "selector",
                "gopher+_string",
                "mailtourl",
                "encoded822addr",
                "newsurl",
                "grouppart",
                "group",
                "article",
                "nntpurl",
                "telneturl",
                "waisurl",
                "waisdatabase",
                "waisindex",
                "waisdoc",
                "database",
                "wtype",
                "wpath",
                "prosperourl",
                "ppath",
                "psegment",
                "fieldspec",
                "fieldname",
                "fieldvalue",
                "lowalpha",
                "hialpha",
                "alpha",
                "digit",
                "safe",
                "extra",
                "national",
                "punctuation",
                "reserved",
                "hex",
                "escape",
                "unreserved",
                "uchar",
                "xchar",
                "digits",
            ],
        ),
        (
            "rfc1630",
            &[
                "fragmentaddress",
                "uri",
                "scheme",
                "path",
                "search",
                "fragmentid",
                "xalpha",
                "xalphas",
                "xpalpha",
                "xpalphas",
                "ialpha",
                "alpha",
                "digit",
                "safe",
                "extra",
                "reserved",
                "escape",
                "hex",
                "national",
                "punctuation",
                "void",
            ],
        ),
        (
            "rfc1630-url",
            &[
                "prefixedurl",
                "url",
                "scheme",
                "httpaddress",
                "ftpaddress",
                "afsaddress",
                "newsaddress",
                "nntpaddress",
                "midaddress",
                "cidaddress",
                "mailtoaddress",
                "waisaddress",
                "waisindex",
                "waisdoc",
                "wpath",
                "groupart",
                "group",
                "article",
                "database",
                "wtype",
                "prosperoaddress",
                "prosperolink",
                "hsoname",
                "version",
                "attributes",
                "attribute",
                "telnetaddress",
                "gopheraddress",
                "login",
                "hostport",
                "host",
                "ftptype",
                "formcode",
                "cellname",
                "hostname",
                "hostnumber",
                "port",
                "gcommand",
                "path",
                "segment",
                "search",
                "user",
                "password",
                "fragmentid",
                "gtype",
                "alphanum2",
                "xalpha",
                "xalphas",
                "xpalpha",
                "xpalphas",
                "ialpha",
                "alpha",
                "digit",
                "safe",
                "extra",
                "reserved",
                "escape",
                "hex",
                "national",
                "punctuation",
                "digits",
                "alphanum",
                "alphanums",
                "void",
            ],
        ),
        (
            "rfc822",
            &[
                "addr-spec",
                "local-part",
                "domain",
                "sub-domain",
                "domain-ref",
                "CHAR",
                "ALPHA",
                "DIGIT",
                "CTL",
                "CR",
                "LF",
                "SPACE",
                "HTAB",
                "CRLF",
                "LWSP-char",
                "linear-white-space",
                "specials",
                "atom",
                "quoted-string",
                "qtext",
                "domain-literal",
                "dtext",
                "quoted-pair",
                "word",
            ],
        ),
        (
            "rfc3986",
            &[
                "URI",
                "hier-part",
                "URI-reference",
                "absolute-URI",
                "relative-ref",
                "relative-part",
                "scheme",
                "authority",
                "userinfo",
                "host",
                "port",
                "IP-literal",
                "IPvFuture",
                "IPv6address",
                "h16",
                "ls32",
                "IPv4address",
                "dec-octet",
                "reg-name",
                "path",
                "path-abempty",
                "path-absolute",
                "path-noscheme",
                "path-rootless",
                "path-empty",
                "segment",
                "segment-nz",
                "segment-nz-nc",
                "pchar",
                "query",
                "fragment",
                "pct-encoded",
                "unreserved",
                "reserved",
                "gen-delims",
                "sub-delims",
            ],
        ),
    ];
    for (name, rules) in expect {
        let g = grammar(name);
        assert_eq!(g.name(), *name);
        assert_eq!(g.rule_names().collect::<Vec<_>>(), *rules, "{name}");
    }
    assert_eq!(grammar("rfc2396").rules().len(), 44);
}

#[test]
fn start_rules() {
    let starts: Vec<(&str, String)> = names()
        .iter()
        .map(|n| (*n, grammar(n).start_rule().to_owned()))
        .collect();
    assert_eq!(
        starts,
        [
            ("rfc2396", "URI-reference".to_owned()),
            ("rfc1738", "url".to_owned()),
            ("rfc1630", "fragmentaddress".to_owned()),
            ("rfc1630-url", "url".to_owned()),
            ("rfc822", "addr-spec".to_owned()),
            ("rfc2732", "URI-reference".to_owned()),
            ("rfc3986", "URI-reference".to_owned()),
            ("rfc3987", "IRI-reference".to_owned()),
            ("rfc6570", "URI-Template".to_owned()),
        ]
    );
}

#[test]
fn line_numbers() {
    let cases: &[(&str, &str, u32, u32)] = &[
        ("rfc2396", "URI-reference", 1465, 1465),
        ("rfc2396", "uric_no_slash", 1472, 1473),
        ("rfc2396", "lowalpha", 1533, 1535),
        ("rfc2396", "digit", 1539, 1540),
        ("rfc2396", "control", 541, 541),
        ("rfc2396", "unwise", 571, 571),
        ("rfc1738", "url", 941, 944),
        ("rfc1738", "gopherurl", 1001, 1002),
        ("rfc1738", "urlpath", 977, 977),
        ("rfc1738", "digits", 1088, 1088),
        ("rfc1630", "alpha", 1250, 1254),
        ("rfc1630", "void", 1273, 1273),
        ("rfc1630-url", "url", 1306, 1309),
        ("rfc1630-url", "httpaddress", 1313, 1314),
        ("rfc1630-url", "void", 1467, 1467),
        ("rfc822", "local-part", 1707, 1708),
        ("rfc822", "CTL", 715, 716),
        ("rfc822", "qtext", 745, 747),
        ("rfc822", "word", 775, 775),
        ("rfc3986", "URI", 2697, 2697),
        ("rfc3986", "hier-part", 2699, 2702),
        ("rfc3986", "IPv6address", 2726, 2734),
        ("rfc3986", "dec-octet", 2751, 2755),
        ("rfc3986", "path-empty", 2769, 2769),
        // The comment line under segment-nz-nc is part of it.
        ("rfc3986", "segment-nz-nc", 2773, 2774),
        ("rfc3986", "sub-delims", 2787, 2788),
    ];
    for &(g, rule, first, last) in cases {
        let gr = grammar(g);
        let Some(r) = gr.rule(rule) else {
            panic!("{g} has no {rule}")
        };
        assert_eq!((r.first_line(), r.last_line()), (first, last), "{g} {rule}");
    }
}

/// Every numbered line of a file is in exactly one rule, verbatim, except RFC 1738's comment
/// lines between rules and RFC 822's `<">` definition.
#[test]
fn sources_cover_the_files_verbatim() {
    for name in names() {
        let g = grammar(name);
        // The numbered lines of each file the grammar reads, in the grammar's section.
        let numbered_in = |text: &'static str, section_name: &str| {
            let mut section = None::<&str>;
            let mut numbered: Vec<(u32, &'static str)> = Vec::new();
            for line in text.lines() {
                if let Some(s) = line.strip_prefix("@grammar ") {
                    section = Some(s.trim());
                    continue;
                }
                if section.is_some_and(|s| s != section_name) {
                    continue;
                }
                if let Some((n, t)) = line.split_once('\t')
                    && let Ok(n) = n.parse::<u32>()
                {
                    numbered.push((n, t));
                }
            }
            numbered
        };
        let files = file_texts(name);
        let own = numbered_in(files[0], name);
        let mut all = own.clone();
        for f in &files[1..] {
            // The grammar amended (RFC 2396 for RFC 2732) has one unnamed section.
            all.extend(numbered_in(f, "rfc2396"));
        }
        let mut seen: HashMap<u32, &str> = HashMap::new();
        for r in g.rules() {
            let joined: Vec<String> = r.source_lines().map(|(_, t)| t.to_owned()).collect();
            assert_eq!(r.source(), joined.join("\n"));
            for (n, t) in r.source_lines() {
                assert!(all.contains(&(n, t)), "{name}:{n} not verbatim");
                assert!(
                    seen.insert(n, r.name()).is_none(),
                    "{name}:{n} in two rules"
                );
            }
        }
        for (n, t) in own {
            let comment = t.trim_start().starts_with(';');
            let quote_def = *name == "rfc822" && n == 721;
            assert!(
                seen.contains_key(&n) || comment || quote_def,
                "{name}:{n} belongs to no rule"
            );
        }
    }
}

#[test]
fn corrections_are_applied() {
    let g = grammar("rfc1738");
    assert_eq!(g.corrections().len(), 1);
    assert_eq!(g.corrections()[0].line, 1001);
    // The verbatim text keeps the printed bare slash.
    assert!(g.rule("gopherurl").unwrap().source().contains("[ / ["));
    assert_eq!(check(&g, "gopherurl", "gopher://h/"), Ok(()));
    assert_eq!(check(&g, "gopherurl", "gopher://h/1sel%09q"), Ok(()));
    // As printed, the line does not read.
    let printed = Grammar::parse("rfc1738", Notation::Rfc1738, file_text("rfc1738"));
    let err = printed.expect_err("bare / must be an error");
    assert_eq!(err.line(), Some(1001));

    let g = grammar("rfc1630");
    assert_eq!(g.corrections().len(), 1);
    assert_eq!(g.corrections()[0].line, 1246);
    assert_eq!(check(&g, "xpalphas", "abcd"), Ok(()));
    assert_eq!(check(&g, "fragmentaddress", "a:bcde/fgh"), Ok(()));
    for name in ["rfc2396", "rfc1630-url", "rfc822", "rfc3986"] {
        assert!(grammar(name).corrections().is_empty());
    }
    // RFC 2732 uses `IPv6reference` (line 122) for the `ipv6reference` it defines (line 123).
    let g = grammar("rfc2732");
    assert_eq!(g.corrections().len(), 1);
    assert_eq!(g.corrections()[0].line, 122);
    assert_eq!(check(&g, "host", "[::1]"), Ok(()));
    assert_eq!(CORRECTIONS.len(), 3);
}

#[test]
fn imports_resolve_to_rfc822() {
    let g = grammar("rfc1630-url");
    assert_eq!(g.imports().len(), 2);
    assert!(g.rule("addr-spec").is_none());
    assert_eq!(check(&g, "url", "mid:a.b@c.d"), Ok(()));
    assert_eq!(check(&g, "url", "cid:\"x y\"@[1.2.3.4]"), Ok(()));
    assert_eq!(check(&g, "midaddress", "mid:a@"), Err(6));
    assert_eq!(check(&g, "content-identifier", "x@y"), Ok(()));
    // Without the import the grammar does not read.
    let section: String = file_text("rfc1630")
        .split("@grammar rfc1630-url")
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    let err = Grammar::parse("rfc1630-url", Notation::Rfc1630, &section).expect_err("undefined");
    assert_eq!(err.line(), Some(1324), "{err}");
}

/// RFC 3986 uses three of ABNF's core rules (rfc3986.txt:590-594), which it does not print:
/// they are imported from RFC 2234 section 6.1's definitions.
#[test]
fn rfc3986_imports_the_abnf_core_rules() {
    let g = grammar("rfc3986");
    let names: Vec<&str> = g.imports().iter().map(|i| i.name).collect();
    assert_eq!(names, ["ALPHA", "DIGIT", "HEXDIG"]);
    assert!(g.imports().iter().all(|i| i.from == "rfc2234"));
    for core in ["ALPHA", "DIGIT", "HEXDIG"] {
        assert!(g.rule(core).is_none(), "{core}");
    }
    let set = |rule: &str| -> Vec<u8> {
        (0u8..128)
            .filter(|&b| check(&g, rule, &char::from(b).to_string()).is_ok())
            .collect()
    };
    let alpha: Vec<u8> = (b'A'..=b'Z').chain(b'a'..=b'z').collect();
    assert_eq!(set("ALPHA"), alpha);
    assert_eq!(set("DIGIT"), b"0123456789");
    // HEXDIG's "A" to "F" are case-insensitive strings.
    assert_eq!(set("HEXDIG"), b"0123456789ABCDEFabcdef");
    // The core grammar is loadable but is not one of the grammars.
    assert!(!names_contains("rfc2234"));
    assert_eq!(
        grammar("rfc2234").rule_names().collect::<Vec<_>>(),
        ["ALPHA", "DIGIT", "HEXDIG"]
    );
    // Without the imports, Appendix A does not read: `scheme` names ALPHA.
    let err =
        Grammar::parse("rfc3986", Notation::Abnf, file_text("rfc3986")).expect_err("undefined");
    assert_eq!(err.line(), Some(2715), "{err}");
}

fn names_contains(name: &str) -> bool {
    names().contains(&name)
}

#[test]
fn prose_sets() {
    let g = grammar("rfc822");
    let set = |rule: &str| -> Vec<u8> {
        (0u8..=255)
            .filter(|&b| {
                let s = [b];
                std::str::from_utf8(&s).is_ok_and(|s| check(&g, rule, s).is_ok())
            })
            .collect()
    };
    let specials = set("specials");
    let ctl = set("CTL");
    let atom_chars: Vec<u8> = (0u8..128)
        .filter(|b| !specials.contains(b) && !ctl.contains(b) && *b != b' ')
        .collect();
    assert_eq!(set("atom"), atom_chars);
    assert_eq!(set("CHAR").len(), 128);
    assert_eq!(set("ALPHA").len(), 52);
    assert_eq!(set("DIGIT"), b"0123456789");
    assert_eq!(ctl.len(), 33);
    assert_eq!(set("CR"), b"\r");
    assert_eq!(set("LWSP-char"), b"\t ");
    let qtext: Vec<u8> = (0u8..128).filter(|b| !b"\"\\\r".contains(b)).collect();
    assert_eq!(set("qtext"), qtext);
    let dtext: Vec<u8> = (0u8..128).filter(|b| !b"[]\\\r".contains(b)).collect();
    assert_eq!(set("dtext"), dtext);
    let g2 = grammar("rfc2396");
    assert_eq!(check(&g2, "control", "\x7f"), Ok(()));
    assert_eq!(check(&g2, "control", " "), Err(0));
    assert_eq!(check(&g2, "space", " "), Ok(()));
    assert_eq!(check(&g2, "delims", "\""), Ok(()));
}

#[test]
fn reader_errors() {
    let err = |notation, text: &str| match Grammar::parse("t", notation, text) {
        Ok(_) => panic!("accepted {text:?}"),
        Err(e) => (e.line(), e.message().to_owned()),
    };
    let (line, msg) = err(Notation::Rfc2396, "10\ta = <something vague>");
    assert_eq!(line, Some(10));
    assert!(msg.contains("unknown prose"), "{msg}");
    let (line, msg) = err(Notation::Rfc2396, "1\ta = b\n2\tb = \"x\"\n3\t    c");
    assert_eq!(line, Some(3));
    assert!(msg.contains("`c`"), "{msg}");
    let (line, _) = err(Notation::Rfc1738, "5\ta = \"x\" / \"y\"");
    assert_eq!(line, Some(5));
    let (line, _) = err(Notation::Rfc2396, "7\ta = \"x");
    assert_eq!(line, Some(7));
    let (line, _) = err(Notation::Rfc2396, "7\ta = ( \"x\"\n8\t  \"y\"");
    assert_eq!(line, Some(8));
    let (line, msg) = err(Notation::Rfc2396, "3\ta = \"x\" a");
    assert_eq!(line, Some(3));
    assert!(msg.contains("no finite string"), "{msg}");
    let (line, msg) = err(Notation::Rfc1630, "4\t  aa   bb\n5\t  bb   x\n6\t  bb   y");
    assert_eq!(line, Some(6));
    assert!(msg.contains("twice"), "{msg}");
    let (line, _) = err(Notation::Rfc1630, "4\t  aa   bb ##\n5\t  bb   x");
    assert_eq!(line, Some(4));
    assert!(load("rfc0").is_err());
    let g = grammar("rfc2396");
    assert!(g.check("no-such-rule", "x").is_err());
    assert!(g.generate("no-such-rule", 1, 10).is_err());
}

#[test]
fn notations() {
    let g = Grammar::parse(
        "t",
        Notation::Rfc822,
        "a = 2*3\"x\" / 2\"y\" / (\"p\" / \"q\") [\"r\"] ; comment\nb = *1(\"z\")",
    )
    .unwrap();
    let a = g.recognizer("a").unwrap();
    assert!(!a.matches("x") && a.matches("xx") && a.matches("xxx") && !a.matches("xxxx"));
    assert_eq!(a.check("xxxx"), Err(3));
    assert!(a.matches("yy") && !a.matches("y") && !a.matches("yyy"));
    assert!(a.matches("p") && a.matches("qr") && !a.matches("P"));
    assert!(g.matches("b", "").unwrap() && g.matches("b", "z").unwrap());
    // RFC 1738: 1*[ x ] is one or more.
    let g = Grammar::parse("t", Notation::Rfc1738, "s = 1*[ \"a\" | \"b\" ]").unwrap();
    assert_eq!(g.check("s", "").unwrap(), Err(0));
    assert_eq!(g.check("s", "abba").unwrap(), Ok(()));
    // RFC 1630: letters, brackets as characters, space and vline, continuation lines, a
    // cycle of unit rules.
    let g = Grammar::parse(
        "t",
        Notation::Rfc1630,
        "  aa   x space bb | [ | ] | vline\n        | bb\n  bb   [ cc ]\n  cc   y | bb",
    )
    .unwrap();
    for ok in ["x ", "x y", "[", "]", "|", "", "y"] {
        assert!(g.matches("aa", ok).unwrap(), "{ok:?}");
    }
    assert_eq!(g.check("aa", "x").unwrap(), Err(1));
    assert_eq!(g.check("aa", "[]").unwrap(), Err(1));
}

/// ABNF as RFC 2234 prints it: `/`, `%x` values, ranges and concatenations (and `%d`, `%b`),
/// `n*m` and `n( )` repetition, case-insensitive strings, comments, a rule name as a prose
/// value.
#[test]
fn abnf_notation() {
    let g = Grammar::parse(
        "t",
        Notation::Abnf,
        "a = %x41-43 / %x61.62 / %d48 / %b1111010 ; comment \"x\" / \"y\"\n\
         b = 2( \"x\" c ) *1\"q\" 2DIGIT\n\
         c = \"Vw\" / \"-:\"\n\
         d = 0<c>\n\
         e = 2*3%x30-31\n\
         DIGIT = %x30-39",
    )
    .unwrap();
    for ok in ["A", "B", "C", "ab", "0", "z"] {
        assert!(g.matches("a", ok).unwrap(), "{ok:?}");
    }
    for bad in ["D", "a", "AB", "x", "y", "Z"] {
        assert!(!g.matches("a", bad).unwrap(), "{bad:?}");
    }
    for ok in ["xvwx-:12", "xVWXvWq00", "Xvwxvw99"] {
        assert!(g.matches("b", ok).unwrap(), "{ok:?}");
    }
    assert_eq!(g.check("b", "xvw12").unwrap(), Err(3));
    assert_eq!(g.check("b", "xvwxvwqq1").unwrap(), Err(7));
    // `0<c>`: no repetition of anything, the empty string.
    assert_eq!(g.check("d", "").unwrap(), Ok(()));
    assert_eq!(g.check("d", "vw").unwrap(), Err(0));
    assert!(g.matches("e", "010").unwrap() && !g.matches("e", "0").unwrap());
    assert_eq!(g.check("e", "0120").unwrap(), Err(2));
    // Case-insensitive strings are read as one set per letter.
    let c = g.rule("c").unwrap().expr();
    let Expr::Alt(alts) = c else { panic!("{c:?}") };
    assert_eq!(
        alts[0],
        Expr::Seq(vec![
            Expr::Chars(CharSet::of(b"vV")),
            Expr::Chars(CharSet::of(b"wW"))
        ])
    );
    assert_eq!(alts[1], Expr::Literal(b"-:".to_vec()));
    // What ABNF does not have, or what is malformed, does not read.
    let err = |text: &str| match Grammar::parse("t", Notation::Abnf, text) {
        Ok(_) => panic!("accepted {text:?}"),
        Err(e) => (e.line(), e.message().to_owned()),
    };
    assert!(err("a = \"x\" | \"y\"").1.contains("bare `|`"));
    for bad in [
        "a = %x",
        "a = %q41",
        "a = %x5A-41",
        "a = %x41-",
        "a = %x41.",
        "a = %xD800",
        "a = %x110000",
        "a = %x41.DFFF",
    ] {
        let (line, msg) = err(bad);
        assert_eq!(line, Some(1), "{bad}");
        assert!(msg.contains("`%`"), "{bad}: {msg}");
    }
    assert!(err("a = <vague words>").1.contains("unknown prose"));
    // A rule name as a prose value must name a rule.
    assert!(err("a = 0<b>").1.contains("`b`"));
}

/// "Terminals in the ABNF are characters, not bytes" (rfc3987.txt:359-361): `%x` values and
/// ranges above ASCII are code points, matched against the characters of the text, and the
/// offsets stay in bytes at character boundaries.
#[test]
fn values_above_ascii_are_code_points() {
    let text = "a = %xA0-D7FF / %x10000-1FFFD\nb = %x41.E9\nc = %x20-FF\nd = %d233 / %x100";
    let g = Grammar::parse("t", Notation::Abnf, text).unwrap();
    for ok in ["\u{A0}", "\u{D7FF}", "\u{10000}", "\u{1FFFD}", "\u{4E2D}"] {
        assert_eq!(g.check("a", ok).unwrap(), Ok(()), "{ok:?}");
    }
    for bad in ["\u{9F}", "\u{E000}", "\u{FFFF}", "\u{1FFFE}", "a"] {
        assert_eq!(g.check("a", bad).unwrap(), Err(0), "{bad:?}");
    }
    // The second character starts at byte 2 (U+00A0 is two bytes in UTF-8).
    assert_eq!(g.check("a", "\u{A0}\u{A0}").unwrap(), Err(2));
    assert_eq!(g.check("a", "\u{10000}x").unwrap(), Err(4));
    assert_eq!(g.check("b", "A\u{E9}").unwrap(), Ok(()));
    assert_eq!(g.check("b", "Ae").unwrap(), Err(1));
    assert_eq!(
        g.rule("b").unwrap().expr(),
        &Expr::Literal("A\u{E9}".as_bytes().to_vec())
    );
    // A range from ASCII to above it: both parts.
    for ok in [" ", "~", "\u{7F}", "\u{80}", "\u{FF}"] {
        assert!(g.matches("c", ok).unwrap(), "{ok:?}");
    }
    assert_eq!(g.check("c", "\u{100}").unwrap(), Err(0));
    assert!(g.matches("d", "\u{E9}").unwrap() && g.matches("d", "\u{100}").unwrap());
    assert_eq!(
        g.rule("d").unwrap().expr(),
        &Expr::Alt(vec![
            Expr::Range('\u{E9}', '\u{E9}'),
            Expr::Range('\u{100}', '\u{100}'),
        ])
    );
    // Both recognizers agree.
    let r = g.recognizer("a").unwrap();
    for s in ["\u{A0}\u{D7FF}", "\u{A0}\u{E000}", "\u{E000}", "\u{10000}"] {
        assert_eq!(r.check(s), r.check_earley(s), "{s:?}");
    }
}

/// The generator draws characters of ranges above ASCII, their edges among them.
#[test]
fn members_of_code_point_ranges() {
    let g = grammar("rfc3987");
    let mut seen = std::collections::BTreeSet::new();
    for rule in ["ucschar", "iprivate"] {
        let mut members = g.generator(rule, 7).unwrap();
        for _ in 0..4000 {
            let m = members.member(10);
            assert_eq!(g.check(rule, &m).unwrap(), Ok(()), "{rule} {m:?}");
            seen.insert(m.chars().next().unwrap() as u32);
        }
    }
    for edge in [
        0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0xE1000, 0xEFFFD,
    ] {
        assert!(seen.contains(&edge), "ucschar edge {edge:X} never drawn");
    }
    for edge in [0xE000, 0xF8FF, 0xF0000, 0x10FFFD] {
        assert!(seen.contains(&edge), "iprivate edge {edge:X} never drawn");
    }
    let mut iris = g.generator("IRI-reference", 3).unwrap();
    let wide = (0..500)
        .map(|_| iris.member(80))
        .filter(|m| !m.is_ascii())
        .count();
    assert!(
        wide > 100,
        "{wide} of 500 IRI references hold a character above ASCII"
    );
}

#[test]
fn page_breaks_are_skipped() {
    let text = "10\ta = \"x\" |\n11\t\x0c\n12\tRFC 2396    URI Generic Syntax    August 1998\n\
                13\tBerners-Lee, et. al.     Standards Track     [Page 6]\n14\t      \"y\"";
    let g = Grammar::parse("t", Notation::Rfc2396, text).unwrap();
    assert!(g.matches("a", "y").unwrap());
    assert_eq!(
        (g.rules()[0].first_line(), g.rules()[0].last_line()),
        (10, 14)
    );
}

/// Mutated grammar texts never panic the reader, and whatever reads is checked and generated
/// from without panics either.
#[test]
fn reader_survives_mutated_texts() {
    // RFC 3986 with stand-ins for the core rules it imports.
    let abnf = format!(
        "{}\nALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\nHEXDIG = DIGIT / \"A\" / \"b\"\n",
        file_text("rfc3986")
    );
    let texts = [
        (file_text("rfc2396"), Notation::Rfc2396),
        (file_text("rfc1738"), Notation::Rfc1738),
        (file_text("rfc822"), Notation::Rfc822),
        (abnf.as_str(), Notation::Abnf),
        (
            file_text("rfc1630")
                .split("@grammar rfc1630-url")
                .next()
                .unwrap_or(""),
            Notation::Rfc1630,
        ),
    ];
    let mut read = 0;
    for (t, (text, notation)) in texts.iter().enumerate() {
        let text = text.replace("@grammar rfc1630\n", "");
        for seed in 0..40u64 {
            let mut mutant = text.clone();
            for k in 0..(1 + seed % 4) {
                mutant = mutate(&mutant, seed * 31 + k + t as u64 * 1000);
            }
            if let Ok(g) = Grammar::parse("t", *notation, &mutant) {
                read += 1;
                let rule = g.start_rule().to_owned();
                let member = g.generate(&rule, seed, 40).unwrap();
                assert_eq!(g.check(&rule, &member).unwrap(), Ok(()));
            }
        }
    }
    assert!(read > 0);
    let deep = format!("a = {}\"x\"{}", "(".repeat(10_000), ")".repeat(10_000));
    assert!(Grammar::parse("t", Notation::Rfc2396, &deep).is_err());
}

// ---------------------------------------------------------------------------------------------
// Interpreter verdicts and offsets

#[test]
fn rfc2396_cases() {
    let g = grammar("rfc2396");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        ("URI-reference", "http://a/b%zz", Err(11)),
        ("URI-reference", "http://exa mple/", Err(10)),
        ("URI-reference", "http://[::1]/", Err(7)),
        ("URI-reference", "?y", Err(0)),
        ("URI-reference", "http://a/b#c#d", Err(12)),
        ("URI-reference", "", Ok(())),
        ("URI-reference", "http://a/b/c/d;p?q", Ok(())),
        ("URI-reference", "#f", Ok(())),
        ("URI-reference", "g;x=1/../y", Ok(())),
        ("URI-reference", "http://a/b%2", Err(12)),
        ("URI-reference", "http://a/é", Err(9)),
        ("URI-reference", "mailto:a@b", Ok(())),
        ("URI-reference", "urn:a:b", Ok(())),
        ("URI-reference", "1a:b", Err(2)),
        ("URI-reference", "http://u@h:80/p", Ok(())),
        ("URI-reference", "http://a:b:c/", Ok(())), // a reg_name
        ("hostname", "a.b.", Ok(())),
        ("hostname", "a-.b", Err(2)),
        ("hostname", "1a", Err(2)),
        ("hostname", "a1", Ok(())),
        ("hostname", "a--b", Ok(())),
        ("hostname", "", Err(0)),
        ("hostname", "a..b", Err(2)),
        ("authority", "", Ok(())),
        ("authority", "@", Ok(())),
        ("IPv4address", "1.2.3.4", Ok(())),
        ("IPv4address", "1.2.3", Err(5)),
        ("host", "1.2.3.4", Ok(())),
        ("host", "1.2.3.4.", Err(8)),
        ("escaped", "%4g", Err(2)),
        ("scheme", "a+b-c.d", Ok(())),
        ("port", "", Ok(())),
        ("segment", ";;", Ok(())),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
    }
}

#[test]
fn rfc1738_cases() {
    let g = grammar("rfc1738");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        ("url", "ftp://x/y;type=d", Ok(())),
        ("url", "HTTP://x", Err(0)),
        ("url", "http://www.example.com/a/b?c", Ok(())),
        ("url", "http://x/a b", Err(10)),
        ("url", "news:comp.lang.c", Ok(())),
        ("url", "news:*", Ok(())),
        ("url", "mailto:a@b", Ok(())),
        ("url", "x:", Ok(())),
        ("url", "file:///etc/passwd", Ok(())),
        ("url", "telnet://u:p@h:23/", Ok(())),
        ("url", "wais://h/db?q", Ok(())),
        ("url", "prospero://h/p;a=b", Ok(())),
        ("ftpurl", "ftp://x/y;type=q", Err(15)),
        ("hostname", "a.b", Ok(())),
        ("hostname", "a.b.", Err(4)),
        ("port", "", Err(0)),
        ("scheme", "a", Ok(())),
        ("scheme", "", Err(0)),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
    }
}

#[test]
fn rfc1630_cases() {
    let g = grammar("rfc1630");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        ("fragmentaddress", "a:", Ok(())),
        ("fragmentaddress", "news:comp.infosystems.www", Ok(())),
        ("fragmentaddress", "a:b/c/?d+e#f", Ok(())),
        ("fragmentaddress", "a:b c", Err(3)),
        ("fragmentaddress", "1a:b", Err(0)),
        // The generic path starts with a segment: no "//" authority, no leading "/".
        ("fragmentaddress", "http://info.cern.ch/", Err(5)),
        ("fragmentaddress", "a:b#c#d", Err(5)),
        ("fragmentaddress", "a:b?c+", Err(6)),
        ("fragmentaddress", "a:%4", Err(4)),
        ("path", "", Ok(())),
        ("path", "a//b", Err(2)),
        ("search", "a+b+c", Ok(())),
        ("reserved", " ", Ok(())),
        ("national", "[", Ok(())),
        ("national", "|", Ok(())),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
    }
    let g = grammar("rfc1630-url");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        (
            "url",
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            Ok(()),
        ),
        ("url", "ftp://u:p@h/a/bAN", Ok(())),
        ("url", "nntp:comp.text/12", Ok(())),
        ("url", "gopher://h/1a", Ok(())),
        ("url", "prospero://h/p%00a1b", Ok(())),
        ("url", "wais://h/db/t/1=x;", Ok(())),
        ("url", "mailto:a@b.c", Ok(())),
        ("url", "afs://c/p", Err(0)),
        ("afsaddress", "afs://c/p", Ok(())),
        ("prefixedurl", "url:news:*", Ok(())),
        ("url", "http://h:x", Err(9)),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
    }
}

#[test]
fn rfc3986_cases() {
    let g = grammar("rfc3986");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        ("URI-reference", "", Ok(())),
        ("URI-reference", "?y", Ok(())),
        ("URI-reference", "mailto:", Ok(())),
        ("URI-reference", "http://a/b/c/d;p?q", Ok(())),
        ("URI-reference", "HTTP://A/%7e", Ok(())),
        ("URI-reference", "http://[v1.x]/", Ok(())),
        ("URI-reference", "http://[V1F.x:y]/", Ok(())),
        ("URI-reference", "http://[::192.9.5.5]/ipng", Ok(())),
        ("URI-reference", "http://a/?[x]", Err(10)),
        ("URI-reference", "http://a_b:80/", Ok(())),
        ("URI-reference", "http://a/b#c#d", Err(12)),
        ("URI-reference", "http://a/b%zz", Err(11)),
        ("URI-reference", "a:b:c", Ok(())),
        ("URI-reference", "1a:b", Err(2)),
        ("URI-reference", "//a:b@c:d", Err(8)),
        ("URI-reference", "//[1::2::3]", Err(8)),
        ("relative-ref", "a:b", Err(1)),
        ("relative-ref", "./a:b", Ok(())),
        ("URI", "g", Err(1)),
        ("absolute-URI", "a:b#c", Err(3)),
        ("IPv4address", "255.255.255.255", Ok(())),
        ("IPv4address", "256.1.1.1", Err(2)),
        ("IPv4address", "01.1.1.1", Err(1)),
        ("dec-octet", "250", Ok(())),
        ("dec-octet", "260", Err(2)),
        ("host", "999.1.1.1", Ok(())),
        ("reg-name", "1.2.3.4", Ok(())),
        ("IPv6address", "1:2:3:4:5:6:7:8", Ok(())),
        ("IPv6address", "1:2:3:4:5:6:7:8:9", Err(15)),
        ("IPv6address", "1:2:3:4:5:6:7::", Ok(())),
        ("IPv6address", "::", Ok(())),
        ("IPv6address", "::1.2.3.4", Ok(())),
        ("IPv6address", "1::3:4:5:6:1.2.3.4", Ok(())),
        // Eight groups and a "::" (which stands for at least one).
        ("IPv6address", "1::2:3:4:5:6:1.2.3.4", Err(14)),
        ("IPv6address", "12345::", Err(4)),
        ("IPv6address", "fFfF::", Ok(())),
        ("IPvFuture", "v.x", Err(1)),
        ("h16", "", Err(0)),
        ("path-empty", "", Ok(())),
        ("path-empty", "a", Err(0)),
        ("path-noscheme", "a:b", Err(1)),
        ("path-absolute", "//a", Err(1)),
        ("pct-encoded", "%aF", Ok(())),
        ("scheme", "a+B-1.", Ok(())),
        ("port", "", Ok(())),
        ("sub-delims", "=", Ok(())),
        ("gen-delims", "#", Ok(())),
        ("reserved", "a", Err(0)),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
        assert_offset_consistent(&g, rule, input);
    }
}

#[test]
fn rfc822_cases() {
    let g = grammar("rfc822");
    let cases: &[(&str, &str, Result<(), usize>)] = &[
        ("addr-spec", "a.b@c.d", Ok(())),
        ("addr-spec", "\"x y\"@[1.2.3.4]", Ok(())),
        ("addr-spec", "a@", Err(2)),
        ("addr-spec", "a b@c", Err(1)),
        ("addr-spec", "\"a\\\"b\"@c", Ok(())),
        ("addr-spec", "a@[x\\]y]", Ok(())),
        ("addr-spec", "a@[x]y]", Err(5)),
        ("addr-spec", "a.@b", Err(2)),
        ("linear-white-space", "\r\n \t", Ok(())),
        ("linear-white-space", "\r\n", Err(2)),
        ("quoted-pair", "\\\u{7f}", Ok(())),
    ];
    for &(rule, input, want) in cases {
        assert_eq!(check(&g, rule, input), want, "{rule} {input:?}");
    }
}

/// The offset contract, checked from its definition: `Err(k)` means `input[..k]` is still a
/// viable prefix and `input[..=k]` is not.
fn assert_offset_consistent(g: &Grammar, rule: &str, input: &str) {
    let Err(k) = check(g, rule, input) else {
        return;
    };
    assert!(k <= input.len());
    if let Some(prefix) = input.get(..k) {
        let v = check(g, rule, prefix);
        assert!(
            v == Ok(()) || v == Err(k),
            "{rule} {input:?}: prefix {prefix:?} gives {v:?}"
        );
    }
    if k < input.len()
        && let Some(longer) = (k + 1..=input.len()).find_map(|e| input.get(..e))
    {
        assert_eq!(
            check(g, rule, longer),
            Err(k),
            "{rule} {input:?}: {longer:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// A naive matcher over the read expressions: the set of end positions, memoized per rule and
// position. It is exact for grammars without left recursion (none of the RFC grammars has
// any) and serves as a second opinion on the Earley recognizer.

struct Naive<'a> {
    grammars: Vec<&'a Grammar>,
    memo: HashMap<(usize, String, usize), Vec<usize>>,
}

impl Naive<'_> {
    fn rule(&mut self, gi: usize, name: &str, s: &[u8], pos: usize) -> Vec<usize> {
        let key = (gi, name.to_owned(), pos);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        self.memo.insert(key.clone(), Vec::new());
        let g = self.grammars[gi];
        let v = if let Some(r) = g.rule(name) {
            self.expr(gi, r.expr(), s, pos)
        } else {
            let import = IMPORTS
                .iter()
                .find(|i| i.grammar == g.name() && i.name == name)
                .expect("import");
            let fi = self
                .grammars
                .iter()
                .position(|f| f.name() == import.from)
                .expect("foreign");
            self.rule(fi, import.rule, s, pos)
        };
        self.memo.insert(key, v.clone());
        v
    }

    fn expr(&mut self, gi: usize, e: &Expr, s: &[u8], pos: usize) -> Vec<usize> {
        let mut out: Vec<usize> = match e {
            Expr::Empty => vec![pos],
            Expr::Literal(l) => {
                if s[pos..].starts_with(l) {
                    vec![pos + l.len()]
                } else {
                    vec![]
                }
            }
            Expr::Chars(c) => match s.get(pos) {
                Some(&b) if c.contains(b) => vec![pos + 1],
                _ => vec![],
            },
            Expr::Range(lo, hi) => {
                let head = String::from_utf8_lossy(&s[pos..s.len().min(pos + 4)]).into_owned();
                match head.chars().next() {
                    Some(c) if (*lo..=*hi).contains(&c) => vec![pos + c.len_utf8()],
                    _ => vec![],
                }
            }
            Expr::Rule(n) => self.rule(gi, n, s, pos),
            Expr::Seq(items) => {
                let mut cur = vec![pos];
                for item in items {
                    let mut next = Vec::new();
                    for p in cur {
                        next.extend(self.expr(gi, item, s, p));
                    }
                    next.sort_unstable();
                    next.dedup();
                    cur = next;
                }
                cur
            }
            Expr::Alt(alts) => alts.iter().flat_map(|a| self.expr(gi, a, s, pos)).collect(),
            Expr::Opt(inner) => {
                let mut v = self.expr(gi, inner, s, pos);
                v.push(pos);
                v
            }
            Expr::Repeat { min, max, expr } => {
                let mut reached = Vec::new();
                let mut frontier = vec![pos];
                let mut count = 0u32;
                loop {
                    if count >= *min {
                        reached.extend(frontier.iter().copied());
                    }
                    if max.is_some_and(|m| count >= m) || frontier.is_empty() {
                        break;
                    }
                    let mut next = Vec::new();
                    for p in &frontier {
                        next.extend(self.expr(gi, expr, s, *p));
                    }
                    next.sort_unstable();
                    next.dedup();
                    if count >= *min {
                        next.retain(|p| !reached.contains(p));
                    }
                    frontier = next;
                    count += 1;
                }
                reached
            }
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    fn matches(&mut self, gi: usize, rule: &str, input: &str) -> bool {
        self.memo.clear();
        let s = input.as_bytes();
        self.rule(gi, rule, s, 0).contains(&s.len())
    }
}

// ---------------------------------------------------------------------------------------------
// Generator

/// Members of every rule of every grammar are members, agree with the naive matcher, and so
/// do their mutations; rejected mutations have consistent offsets.
#[test]
fn generated_members_are_members() {
    let rfc822 = grammar("rfc822");
    let rfc2396 = grammar("rfc2396");
    let rfc2234 = grammar("rfc2234");
    for name in names() {
        let g = grammar(name);
        let mut naive = Naive {
            grammars: vec![&g, &rfc822, &rfc2396, &rfc2234],
            memo: HashMap::new(),
        };
        for (ri, rule) in g.rule_names().enumerate() {
            let mut members = g.generator(rule, ri as u64).unwrap();
            for seed in 0..24u64 {
                let budget = 8 + (seed as usize % 6) * 20;
                let m = members.member(budget);
                assert_eq!(check(&g, rule, &m), Ok(()), "{name} {rule} {m:?}");
                assert!(m.len() <= budget.max(64), "{name} {rule} {m:?} too long");
                if seed % 3 == 0 {
                    assert!(naive.matches(0, rule, &m), "{name} {rule} {m:?} (naive)");
                }
                let mutant = members.mutation(&m);
                let verdict = check(&g, rule, &mutant);
                if seed % 3 == 0 {
                    assert_eq!(
                        verdict.is_ok(),
                        naive.matches(0, rule, &mutant),
                        "{name} {rule} {mutant:?} (naive)"
                    );
                }
                assert_offset_consistent(&g, rule, &mutant);
                let plain = g.recognizer(rule).unwrap();
                assert_eq!(plain.check_without_leo(&m), Ok(()), "{name} {rule} {m:?}");
                assert_eq!(
                    plain.check_without_leo(&mutant),
                    verdict,
                    "{name} {rule} {mutant:?}"
                );
            }
        }
    }
}

#[test]
fn generation_is_deterministic_and_varied() {
    let g = grammar("rfc2396");
    let a: Vec<String> = (0..20)
        .map(|s| g.generate("URI-reference", s, 80).unwrap())
        .collect();
    let b: Vec<String> = (0..20)
        .map(|s| g.generate("URI-reference", s, 80).unwrap())
        .collect();
    assert_eq!(a, b);
    let mut distinct = a.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 10, "{a:?}");
    // A tiny budget still terminates, with a smallest member.
    assert_eq!(g.generate("IPv4address", 1, 0).unwrap().len(), 7);
    assert_eq!(g.generate("URI-reference", 9, 0).unwrap(), "");
}

#[test]
fn mutations() {
    for seed in 0..200 {
        let m = mutate("ab", seed);
        let n = m.chars().count();
        assert!((1..=3).contains(&n), "{m:?}");
        assert_eq!(mutate("", seed).chars().count(), 1);
        let m = mutate("é€😀", seed);
        assert!((2..=4).contains(&m.chars().count()));
    }
    let all: String = (0..2000).map(|s| mutate("", s)).collect();
    for c in MUTATION_CHARS {
        assert!(all.contains(*c), "{c:?} never drawn");
    }
}

// ---------------------------------------------------------------------------------------------
// Size

/// 10 KB inputs, in a thread with a small stack: nothing recurses with the input.
#[test]
fn long_inputs_small_stack() {
    let run = || {
        let g = grammar("rfc2396");
        let long = format!("http://a/{}", "b/".repeat(5000));
        assert_eq!(check(&g, "URI-reference", &long), Ok(()));
        let bad = format!("{long}%z");
        assert_eq!(check(&g, "URI-reference", &bad), Err(long.len() + 1));
        let g = grammar("rfc1738");
        let long = format!("ftp://h/{}", "d/".repeat(5000));
        assert_eq!(check(&g, "url", &long), Ok(()));
        // RFC 1630's right-recursive rules (Leo's memoization keeps these linear).
        let g = grammar("rfc1630");
        let long = format!("a:{}", "bc/".repeat(3400));
        assert_eq!(check(&g, "fragmentaddress", &long), Ok(()));
        let search = format!("a:b?{}", "x+".repeat(5000));
        assert_eq!(check(&g, "fragmentaddress", &search), Err(search.len()));
        let g = grammar("rfc1630-url");
        let long = format!("http://h/{}", "seg/".repeat(2500));
        assert_eq!(check(&g, "url", &long), Ok(()));
        let digits = "1".repeat(10_000);
        assert_eq!(check(&g, "digits", &digits), Ok(()));
        let g = grammar("rfc822");
        let long = format!("{}a@b", "a.".repeat(5000));
        assert_eq!(check(&g, "addr-spec", &long), Ok(()));
        let g = grammar("rfc3986");
        let long = format!("http://[::1]/{}?{}", "b/".repeat(2500), "q/".repeat(2500));
        assert_eq!(check(&g, "URI-reference", &long), Ok(()));
        let bad = format!("{}%z", "a/".repeat(5000));
        assert_eq!(check(&g, "URI-reference", &bad), Err(bad.len() - 1));
    };
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(run)
        .unwrap();
    handle.join().unwrap();
}

/// RFC 1630's `hostname` (`ialpha [ . hostname ]`, where `ialpha` may itself contain dots) is
/// ambiguous at every dot: the chart grows quadratically, still fine at a few hundred bytes.
#[test]
fn ambiguous_hostname() {
    let g = grammar("rfc1630-url");
    let host = format!("http://{}/", "a.".repeat(150));
    assert_eq!(check(&g, "url", &host), Ok(()));
    let bad = format!("http://{}/", ".a".repeat(150));
    assert_eq!(check(&g, "url", &bad), Err(7));
}

// ---------------------------------------------------------------------------------------------
// Bounds: the pushdown automaton on hostile inputs

/// Openings that lead deep into one scheme before the fragments start, and fragments that
/// make RFC 1630's rules ambiguous (`safe` holds `+` and `.`) or keep an input viable for long.
const OPENINGS: &[&str] = &[
    "",
    "http://",
    "http://h/p?",
    "ftp://",
    "prospero://h/a%00",
    "news:",
    "wais://h/d/t/",
    "mailto:",
    "a:",
];
const FRAGMENTS: &[&str] = &["a.", "1", "%00", "+", "a+", "/", "a-", "a@", ":"];

/// `opening` followed by `fragment` repeated `n` times.
fn hostile(opening: &str, fragment: &str, n: usize) -> String {
    format!("{opening}{}", fragment.repeat(n))
}

/// Every rule of every built-in grammar runs on the bounded automaton, not on Earley.
#[test]
fn every_rule_is_bounded() {
    for name in names() {
        let g = grammar(name);
        for rule in g.rule_names() {
            assert!(g.recognizer(rule).unwrap().is_bounded(), "{name} {rule}");
        }
    }
}

/// The automaton and the Earley recognizer give the same verdict and offset on hostile inputs
/// of every rule, with and without junk at the end; so does the automaton when its cache of
/// closed sets is emptied all the time.
#[test]
fn automaton_agrees_with_earley() {
    for name in names() {
        let g = grammar(name);
        for rule in g.rule_names() {
            let rec = g.recognizer(rule).unwrap();
            for opening in OPENINGS {
                for fragment in FRAGMENTS {
                    let s = hostile(opening, fragment, 24);
                    for input in [s.clone(), format!("{s} "), format!("{s}%")] {
                        let v = rec.check(&input);
                        assert_eq!(v, rec.check_earley(&input), "{name} {rule} {input:?}");
                        assert_eq!(v, rec.check_small_cache(&input), "{name} {rule} {input:?}");
                    }
                }
            }
        }
    }
}

/// The inputs of the issue that made the Earley recognizer cubic on RFC 1630's URL grammar,
/// at a size that the plain recognizer still checks quickly, then ten times larger.
#[test]
fn ambiguous_rfc1630_url_inputs() {
    let g = grammar("rfc1630-url");
    let url = g.recognizer("url").unwrap();
    for n in [200, 2000] {
        let prospero = hostile("prospero://h/a%00", "1", n);
        assert_eq!(url.check(&prospero), Ok(()));
        // `%` may still start an escape or the `%00 version` part; a space never.
        assert_eq!(url.check(&format!("{prospero}%")), Err(prospero.len() + 1));
        assert_eq!(url.check(&format!("{prospero} ")), Err(prospero.len()));
        let http = hostile("http://", "a.", n);
        assert_eq!(url.check(&http), Ok(()));
        assert_eq!(url.check(&format!("{http} ")), Err(http.len()));
        assert_eq!(url.check(&format!("{http}/.")), Ok(()));
        let search = hostile("http://h?", "a+", n);
        assert_eq!(url.check(&search), Ok(()));
        assert_eq!(url.check(&format!("{search}?")), Err(search.len()));
        let group = hostile("news:", "a.", n);
        assert_eq!(url.check(&group), Ok(()));
        assert_eq!(url.check(&format!("{group}/")), Err(group.len()));
        assert_eq!(url.check(&format!("{group}@h")), Ok(()));
        let login = hostile("telnet://", "a.", n);
        assert_eq!(url.check(&format!("{login}@h:80")), Ok(()));
        assert_eq!(url.check(&format!("{login}@h:x")), Err(login.len() + 3));
        if n == 200 {
            for input in [&prospero, &http, &search, &group, &login] {
                for s in [input.clone(), format!("{input} "), format!("{input}@h")] {
                    assert_eq!(url.check(&s), url.check_earley(&s), "{s:?}");
                }
            }
        }
    }
    let attributes = g.recognizer("attributes").unwrap();
    assert_eq!(attributes.check(&"1".repeat(5000)), Ok(()));
}

/// Left recursion written in a grammar text is rewritten, so it stays on the automaton; a
/// rule that embeds itself goes to Earley, with the same verdicts.
#[test]
fn left_recursion_and_self_embedding() {
    let g = Grammar::parse(
        "t",
        Notation::Rfc2396,
        "a = a \"x\" | a \"y\" \"z\" | \"b\"\np = \"(\" p \")\" | \"w\" *p",
    )
    .unwrap();
    let a = g.recognizer("a").unwrap();
    assert!(a.is_bounded());
    for (input, v) in [
        ("b", Ok(())),
        ("bxyzx", Ok(())),
        ("", Err(0)),
        ("x", Err(0)),
        ("bxy", Err(3)),
        ("bxyx", Err(3)),
    ] {
        assert_eq!(a.check(input), v, "{input:?}");
        assert_eq!(a.check_earley(input), v, "{input:?}");
    }
    let p = g.recognizer("p").unwrap();
    assert!(!p.is_bounded());
    assert_eq!(p.check("((w(w)w))"), Ok(()));
    assert_eq!(p.check("((w)"), Err(4));
    assert_eq!(p.check("(()"), Err(2));
}

/// A grammar whose ambiguity nests 14 levels deep has 2^14 contexts at the first position:
/// more than the automaton keeps, so Earley takes the check, with the same answers.
#[test]
fn nested_ambiguity_goes_to_earley() {
    let mut text = String::new();
    for k in 1..15 {
        text.push_str(&format!("a{k} = a{0} \"x\" | a{0} \"xx\"\n", k + 1));
    }
    text.push_str("a15 = \"y\"");
    let g = Grammar::parse("t", Notation::Rfc2396, &text).unwrap();
    let a = g.recognizer("a1").unwrap();
    assert!(a.is_bounded());
    for (input, v) in [
        (hostile("y", "x", 20), Ok(())),
        (hostile("y", "x", 13), Err(14)),
        (hostile("y", "x", 29), Err(29)),
        (hostile("", "x", 3), Err(0)),
    ] {
        assert_eq!(a.check(&input), v, "{input:?}");
        assert_eq!(a.check_earley(&input), v, "{input:?}");
    }
}
