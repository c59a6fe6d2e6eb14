//! The IRIs and URIs printed in RFC 3987 as inputs to grammar `rfc3987`, each with its line.
//! The RFC writes characters outside US-ASCII in XML notation (`&#xE9;`, rfc3987.txt:286-290):
//! here they are the characters. Octets shown as `<c3>` (rfc3987.txt:297-299) are no text and
//! are left out. Section 2 prints no IRI; its claims about characters are tested as such.
//! Mapping, comparison and the bidi rules of sections 3 to 5 are not checked here: these are
//! the texts' verdicts under section 2.2's grammar.

use urigram::Grammar;

const G: Grammar = Grammar::Rfc3987;

/// `(line, text)`: each is an `IRI` (so an `IRI-reference` too).
const IRIS: &[(u32, &str)] = &[
    (628, "http://r\u{E9}sum\u{E9}.example.org"),
    (632, "http://xn--rsum-bpad.example.org"),
    (636, "http://r%C3%A9sum%C3%A9.example.org"),
    // Lines 690-691 and 692-693, joined where the RFC breaks them.
    (
        690,
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org",
    ),
    (
        692,
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org",
    ),
    (716, "http://www.example.org/red%09ros\u{E9}#red"),
    (718, "http://www.example.org/red%09ros%C3%A9#red"),
    (726, "http://example.com/\u{10300}\u{10301}\u{10302}"),
    (
        737,
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
    ),
    (806, "http://www.example.org/r%E9sum%E9.html"),
    (810, "http://www.example.org/r%C3%A9sum%C3%A9.html"),
    (825, "http://www.example.org/D%C3%BCrst"),
    (833, "http://www.example.org/D\u{FC}rst"),
    (851, "http://www.example.org/D%FCrst"),
    (870, "http://xn--99zt52a.example.org/%e2%80%ae"),
    (876, "http://xn--99zt52a.example.org/%E2%80%AE"),
    (885, "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE"),
    // Section 4.4's logical representations (upper case stands for right-to-left letters),
    // and the visual ones that are IRIs as written.
    (1077, "http://ab.CDEFGH.ij/kl/mn/op.html"),
    (1078, "http://ab.HGFEDC.ij/kl/mn/op.html"),
    (1084, "http://ab.CDE.FGH/ij/kl/mn/op.html"),
    (1091, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV"),
    (1092, "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA"),
    (1099, "http://AB.CD.ef/gh/IJ/KL.html"),
    (1105, "http://ab.cd.EF/GH/ij/kl.html"),
    (1115, "http://ab.CD.EF/GH/IJ/kl.html"),
    (1128, "http://ab.CDE123FGH.ij/kl/mn/op.html"),
    (1136, "http://ab.cd.ef/GH1/2IJ/KL.html"),
    (1145, "http://ab.cd.ef/GH%31/%32IJ/KL.html"),
    (1146, "http://ab.cd.ef/%31HG/LK/JI%32.html"),
    (1152, "http://ab.CDEFGH.123/kl/mn/op.html"),
    (1241, "http://example.org/ros\u{E9}"),
    (1333, "example://a/b/c/%7Bfoo%7D/ros\u{E9}"),
    (1334, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"),
    (1361, "HTTP://www.EXAMPLE.com/"),
    (1361, "http://www.example.com/"),
    (1396, "http://www.example.org/r\u{E9}sum\u{E9}.html"),
    (1398, "http://www.example.org/re\u{301}sume\u{301}.html"),
    (1443, "http://example.org/~user"),
    (1444, "http://example.org/%7euser"),
    (1444, "http://example.org/%7Euser"),
    (1489, "http://example.com"),
    (1490, "http://example.com/"),
    (1491, "http://example.com:/"),
    (1492, "http://example.com:80/"),
    (1525, "http://example.com/?"),
    (1557, "http://example.com/data"),
    (1561, "http://example.com/data/"),
];

#[test]
fn iris_in_the_text() {
    for &(line, iri) in IRIS {
        assert!(G.check("IRI", iri).is_ok(), "rfc3987.txt:{line}: {iri:?}");
        assert!(G.check("IRI-reference", iri).is_ok(), "rfc3987.txt:{line}");
    }
}

/// Line 720: a whole IRI percent-encoded into one segment is a relative reference, not an
/// IRI (its `:` is encoded, so it has no scheme: `http` is one, and the `%` stands where its
/// `:` would).
#[test]
fn an_encoded_iri_is_a_relative_reference() {
    let s = "http%3A%2F%2Fwww.example.org%2Fred%2509ros%C3%A9%23red";
    assert!(G.check("IRI-reference", s).is_ok());
    assert!(G.check("irelative-ref", s).is_ok());
    assert_eq!(G.check("IRI", s).unwrap_err().offset(), 4);
}

/// Line 1147, a visual representation of line 1145 read right to left: `%HG` begins no
/// `pct-encoded`, so it is no IRI, rejected at the `H`.
#[test]
fn a_visual_representation_that_is_no_iri() {
    let s = "http://ab.cd.ef/31%HG/%LK/JI32.html";
    let e = G.check("IRI", s).unwrap_err();
    assert_eq!(e.offset(), s.find("%HG").unwrap() + 1);
}

/// Section 2.1 (rfc3987.txt:345-347): U+00A2, CENT SIGN, is `iunreserved`, so it may not
/// delimit: it is part of whatever segment or name holds it.
#[test]
fn cent_sign_is_iunreserved() {
    assert!(G.check("iunreserved", "\u{A2}").is_ok());
    assert!(G.check("ucschar", "\u{A2}").is_ok());
    assert!(G.check("isegment-nz-nc", "a\u{A2}b").is_ok());
    assert!(G.check("ihost", "a\u{A2}b").is_ok());
}

/// Section 2.2 (rfc3987.txt:363-365, 429-431): private-use characters only in queries.
#[test]
fn private_use_only_in_queries() {
    for p in [
        '\u{E000}',
        '\u{F8FF}',
        '\u{F0000}',
        '\u{FFFFD}',
        '\u{100000}',
        '\u{10FFFD}',
    ] {
        let query = format!("http://a/b?{p}");
        assert!(G.check("IRI", &query).is_ok(), "{query:?}");
        for (s, at) in [
            (format!("http://a/{p}"), 9),
            (format!("http://a/b#{p}"), 11),
            (format!("http://{p}/"), 7),
            (format!("http://{p}@a/"), 7),
        ] {
            let e = G.check("IRI", &s).unwrap_err();
            assert_eq!(e.offset(), at, "{s:?}");
            let help = e.help().unwrap_or_default();
            assert!(help.contains("query only"), "{s:?}: {help}");
        }
    }
}

/// Characters that no range of section 2.2 holds, wherever they stand: rejected at their first
/// byte, with a help that says what they are. A `ucschar` where the grammar takes none (an IP
/// literal) is named as one.
#[test]
fn characters_outside_the_ranges() {
    for (c, says) in [
        ('\u{85}', "C1 control"),
        ('\u{9F}', "C1 control"),
        ('\u{FDD0}', "noncharacter"),
        ('\u{FDEF}', "noncharacter"),
        ('\u{FFFE}', "noncharacter"),
        ('\u{1FFFF}', "noncharacter"),
        ('\u{10FFFF}', "noncharacter"),
        ('\u{E0001}', "neither a ucschar nor an iprivate"),
        ('\u{E0FFF}', "neither a ucschar nor an iprivate"),
    ] {
        for s in [
            format!("http://a/{c}"),
            format!("http://{c}/"),
            format!("#{c}"),
        ] {
            let e = G.check("IRI-reference", &s).unwrap_err();
            assert_eq!(e.offset(), s.find(c).unwrap(), "{s:?}");
            let help = e.help().unwrap_or_default();
            assert!(help.contains(says), "{s:?}: {help}");
        }
    }
    for (c, says) in [
        ('\u{200E}', "bidirectional formatting"),
        ('\u{202E}', "bidirectional formatting"),
        ('\u{2028}', "line or paragraph separator"),
        ('\u{E9}', "is a ucschar"),
    ] {
        // In a scheme the character would go on a relative path's first segment, which ends
        // at the `:`; an IP literal holds no `ucschar` and nothing else can start with `[`.
        let s = format!("http://[::1{c}]/");
        let e = G.check("IRI-reference", &s).unwrap_err();
        assert_eq!(e.offset(), 11, "{s:?}");
        let help = e.help().unwrap_or_default();
        assert!(help.contains(says), "{s:?}: {help}");
        // In a path they are `ucschar`s: section 2.2 admits them (section 4.1 forbids the
        // bidi ones, a check for a later step, not the grammar).
        assert!(G.check("IRI", &format!("http://a/{c}")).is_ok());
    }
}

/// The errors of IRIs name productions, never a code-point range.
#[test]
fn errors_name_productions() {
    let e = G.check("ucschar", "\u{E000}").unwrap_err();
    assert!(e.to_string().contains("ucschar"), "{e}");
    assert!(!e.to_string().contains("%x"), "{e}");
    let e = G.check("IRI", "http://a/\u{FFFE}").unwrap_err();
    assert!(!e.to_string().contains("%x"), "{e}");
    assert_eq!(e.citation().file, "rfc3987.txt");
}
