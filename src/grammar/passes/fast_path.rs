//! The fast pass takes shortcuts (a byte-level scan of `URI-reference` and `authority`, in
//! RFC 2396 and in RFC 3986, and of `IRI-reference` in RFC 3987; flattened character classes
//! for `path_segments`); the diagnosing pass follows the production structure. Both must give
//! the same verdict, the same extent and the same typed value on every input; and the whole
//! checks of RFC 3987's `IRI`, `absolute-IRI` and `irelative-ref` the structured verdict.

use std::fmt::Debug;

use crate::grammar::rfc2396::{authority, path_segments, uri_reference, uri_reference_in};
use crate::grammar::rfc2732::Rfc2732;
use crate::grammar::{rfc3986, rfc3987};
use crate::input::{Mode, PResult, Span, Tracker};
use crate::rfc2396::UriReference;
use crate::{Grammar, bnf};

/// `URI-reference` in the three modes, and `UriReference::parse`, agree on `s`; and so they
/// do under RFC 2732, whose fast pass reads with RFC 2396's what that reads whole.
fn same_in_both_passes(s: &str) {
    agree(s, |i| outcome(uri_reference(i)));
    let t = Tracker::new(Mode::Diagnose);
    let structured = uri_reference(t.span(s)).ok();
    whole_parse_agrees(s, structured.map(|(r, u)| (r.location_offset(), u)));

    agree(s, |i| outcome(uri_reference_in::<Rfc2732>(i)));
    let t = Tracker::new(Mode::Diagnose);
    let structured = uri_reference_in::<Rfc2732>(t.span(s)).ok();
    let whole = structured
        .filter(|(r, _)| r.location_offset() == s.len())
        .map(|(_, u)| u);
    assert_eq!(UriReference::parse_rfc2732(s).ok(), whole, "rfc2732 {s:?}");

    same_in_rfc3986(s);
    same_in_rfc3987(s);
}

/// RFC 3986's `URI-reference` and `authority` in the three modes agree on `s`, and
/// `rfc3986::UriReference::parse` gives the structured pass's value exactly when that pass
/// takes `s` whole.
fn same_in_rfc3986(s: &str) {
    agree(s, |i| outcome(rfc3986::uri_reference(i)));
    agree(s, |i| outcome(rfc3986::authority(i)));
    let t = Tracker::new(Mode::Diagnose);
    let whole = rfc3986::uri_reference(t.span(s))
        .ok()
        .filter(|(r, _)| r.location_offset() == s.len())
        .map(|(_, u)| u);
    assert_eq!(
        crate::rfc3986::UriReference::parse(s).ok(),
        whole,
        "rfc3986 {s:?}"
    );
}

/// RFC 3987's `IRI-reference` in the three modes agrees on `s` (verdict and extent), and the
/// whole-input checks of `IRI-reference`, `IRI`, `absolute-IRI` and `irelative-ref` (the fast
/// pass's, `Rule::whole`) give the structured pass's verdict; and so does [`Grammar::check`]
/// (whose error for a rejected input is the diagnosis's, which the fast pass never gives).
fn same_in_rfc3987(s: &str) {
    agree(s, |i| {
        outcome(rfc3987::iri_reference(i).map(|(r, p)| (r, *p.fragment())))
    });
    let g = Grammar::Rfc3987;
    for (name, rule) in [
        (
            "IRI-reference",
            rfc3987::iri_reference as fn(Span<'_>) -> PResult<'_, Span<'_>>,
        ),
        ("IRI", rfc3987::iri),
        ("absolute-IRI", rfc3987::absolute_iri),
        ("irelative-ref", rfc3987::irelative_ref),
    ] {
        let t = Tracker::new(Mode::Diagnose);
        let structured = rule(t.span(s)).is_ok_and(|(r, _)| r.location_offset() == s.len());
        let whole = g.rule(name).unwrap().whole.expect("a whole check");
        assert_eq!(whole(s), structured, "rfc3987 {name} {s:?}");
        assert_eq!(
            g.check(name, s).is_ok(),
            structured,
            "rfc3987 check {name} {s:?}"
        );
    }
}

/// RFC 3987's edge characters, shared by the IRI tests.
use urigram_testkit::IRI_EDGES as EDGES;

/// `s` with `c` inserted at each character boundary, and with each character replaced by `c`.
fn edge_mutations(s: &str, c: char) -> Vec<String> {
    let mut out = Vec::new();
    for (k, old) in s.char_indices().chain(std::iter::once((s.len(), '\0'))) {
        out.push(format!("{}{c}{}", &s[..k], &s[k..]));
        if k < s.len() {
            out.push(format!("{}{c}{}", &s[..k], &s[k + old.len_utf8()..]));
        }
    }
    out
}

/// IRIs with characters above ASCII in every part (RFC 3987's examples among them), and
/// every prefix of each, with each edge character put at every place.
#[test]
fn rfc3987_examples() {
    for l in [
        "http://r\u{e9}sum\u{e9}.example.org",
        "http://www.example.org/red%09ros\u{e9}#red",
        "http://example.com/\u{10300}\u{10301}\u{10302}",
        "http://www.example.org/D\u{fc}rst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://\u{7d0d}\u{8c46}.example.org/%E2%80%AE",
        "https://u\u{e9}:p\u{e9}@h\u{f6}st.example:8080/p\u{e4}th/\u{4e2d}?q\u{e000}=\u{e9}#fr\u{e9}",
        "//[::1]/\u{e9}?\u{10fffd}",
        "//\u{e9}@[v1.x]:80/a",
        "//1.2.3.4\u{e9}/",
        "//u\u{e9}:1@1.2.3.4:5",
        "\u{e9}t\u{e9}/a:b",
        "./\u{e9}:x",
        "/\u{10000}//\u{d7ff}",
        "?\u{e000}#\u{e000}",
        "mailto:\u{e9}@example.org",
        "urn:isbn:\u{e9}%4",
        "a:\u{e9}%zz/b",
    ] {
        for (k, _) in l.char_indices().chain(std::iter::once((l.len(), ' '))) {
            same_in_rfc3987(&l[..k]);
        }
        for &c in EDGES {
            for m in edge_mutations(l, c) {
                same_in_rfc3987(&m);
            }
        }
    }
}

/// RFC 3987's members of `IRI-reference`, `IRI`, `iauthority` and `ipath` generated from its
/// spec text (the generator draws the edges of `ucschar` and `iprivate` often), mutations of
/// them, and each with an edge character at a place drawn from the member.
#[test]
fn generated_rfc3987_inputs() {
    let spec = bnf::load(Grammar::Rfc3987.name()).expect("grammar/rfc3987.bnf");
    for (k, rule) in ["IRI-reference", "IRI", "iauthority", "ipath", "IP-literal"]
        .into_iter()
        .enumerate()
    {
        let mut g = spec.generator(rule, 0x3987 + k as u64).unwrap();
        for n in 0..2000 {
            let m = g.member(40);
            let bad = g.mutation(&m);
            for s in [&m, &bad] {
                same_in_rfc3987(s);
                same_in_rfc3987(&format!("http://{s}/p?q#f"));
                same_in_rfc3987(&format!("//{s}"));
            }
            // One edge character at one place, turn by turn.
            let edged = edge_mutations(&m, EDGES[n % EDGES.len()]);
            same_in_rfc3987(&edged[n % edged.len()]);
        }
    }
}

/// `UriReference::parse` gives the value of the structured pass exactly when that pass takes
/// the whole input.
fn whole_parse_agrees(s: &str, pass: Option<(usize, UriReference<'_>)>) {
    let whole = pass.filter(|&(end, _)| end == s.len()).map(|(_, u)| u);
    assert_eq!(UriReference::parse(s).ok(), whole, "{s:?}");
}

#[test]
fn example_corpus() {
    let text = include_str!("../../../examples/urls.txt");
    for l in text.lines() {
        same_in_both_passes(l);
        // And every prefix, which exercises the places where parts stop.
        for (k, _) in l.char_indices() {
            same_in_both_passes(&l[..k]);
        }
    }
}

#[test]
fn authorities() {
    for a in [
        "",
        "@",
        "a@",
        "@b",
        "a@b",
        "a@b@c",
        "u:p@h:1",
        "h:",
        "h:x",
        "1.2.3.4",
        "1.2.3.4:80",
        "1.2.3",
        "a-b.c",
        "a-.b",
        "%41@h",
        "h%41",
        "u@1.2.3.4.a:9",
        ":80",
        "a:b:c",
        "a@b:c:d",
        "1234.1.1.1",
        "1234.1.1.1:80",
        "u@1.2.3.4567",
        "999.999.999.999",
        "[::1]",
        "[::1]:80",
        "u@[1:2::3.4.5.6]:8",
        "[::1]x",
        "[v1.x]",
        "[V1F.a:b]:8",
        "[v.x]",
        "[vx.1]",
        "[v1.]",
        "[1:2:3:4:5:6:7:8]",
        "[1:2:3:4:5:6:7::]",
        "[::1.2.3.4]",
        "[::1.2.3.256]",
        "[1::2::3]",
        "[::1",
        "[::1]@h",
        "a_b:80",
        "999.1.1.1",
        "1.2.3.4%41",
        "1.2.3.04",
        "u@%zz",
        "u%zz@h",
        "h:%zz",
        "%4",
        "h:80:90",
        "u:p%zz@h",
        "h:1%41@x",
        "h:1%4",
        "a.b1",
        "a.b1:8",
        "u:@1.2.3.4",
        "www.example.com",
        "www.example.com.",
        "www.example.com..",
        "www.example-.com:80",
        "u@www.example.com:80",
        "www.example.c0m",
        "www.9xample.c-m",
        "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p",
        "abcdefghijklmnopqrstuvwxyz.abcde",
        "abcdefghijklmnopqrstuvwxyz.abcdef",
        "abcdefghijklmnopqrstuvwxyz.abcdefg.",
    ] {
        // The longer tail makes every input 16 bytes or more, where hosts are read by masks.
        for tail in ["", "/", "/p?q#f", "?q", "#f", "/0123456789abcdef"] {
            same_in_both_passes(&format!("http://{a}{tail}"));
            same_in_both_passes(&format!("//{a}{tail}"));
        }
    }
}

#[test]
fn case_inputs() {
    for &g in Grammar::ALL {
        for c in super::common::cases(g) {
            same_in_both_passes(&c.input);
        }
    }
}

/// A rule's verdict on `s` as the offset where it stopped and its value, `Debug`-printed.
type Outcome = Result<(usize, String), ()>;

/// `run` gives the same verdict, extent and value in the three modes.
fn agree(s: &str, run: impl Fn(Span<'_>) -> Outcome) {
    let in_mode = |mode| run(Tracker::new(mode).span(s));
    let (fast, slow, tree) = (
        in_mode(Mode::Fast),
        in_mode(Mode::Diagnose),
        in_mode(Mode::Tree),
    );
    assert_eq!(fast, slow, "{s:?}");
    assert_eq!(fast, tree, "{s:?}");
}

/// The outcome of a combinator.
fn outcome<O: Debug>(r: PResult<'_, O>) -> Outcome {
    r.map(|(rest, o)| (rest.location_offset(), format!("{o:?}")))
        .map_err(|_| ())
}

/// RFC 3986's members of `URI-reference` and `authority` generated from its spec text, and
/// mutations of them.
#[test]
fn generated_rfc3986_inputs() {
    let spec = bnf::load(Grammar::Rfc3986.name()).expect("grammar/rfc3986.bnf");
    for (k, rule) in ["URI-reference", "authority", "IP-literal"]
        .into_iter()
        .enumerate()
    {
        let mut g = spec.generator(rule, 0x3986 + k as u64).unwrap();
        for _ in 0..3000 {
            let m = g.member(40);
            let bad = g.mutation(&m);
            for s in [&m, &bad] {
                same_in_rfc3986(s);
                same_in_rfc3986(&format!("http://{s}/p?q#f"));
                same_in_rfc3986(&format!("//{s}"));
            }
        }
    }
}

/// Members of a production generated from the spec text, and mutations of them, through the
/// rules that have a fast pass of their own.
#[test]
fn generated_inputs() {
    let spec = bnf::load(Grammar::Rfc2396.name()).expect("grammar/rfc2396.bnf");
    for (k, rule) in ["URI-reference", "authority", "path_segments"]
        .into_iter()
        .enumerate()
    {
        let mut g = spec.generator(rule, 0xFA57 + k as u64).unwrap();
        for _ in 0..3000 {
            let m = g.member(40);
            let bad = g.mutation(&m);
            for s in [&m, &bad] {
                match rule {
                    "URI-reference" => same_in_both_passes(s),
                    "authority" => agree(s, |i| outcome(authority(i))),
                    _ => agree(s, |i| {
                        outcome(path_segments(i).map(|(r, p)| (r, *p.fragment())))
                    }),
                }
            }
        }
    }
}
