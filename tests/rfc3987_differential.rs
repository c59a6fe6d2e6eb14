//! Grammar `rfc3987` against the BNF interpreter (`urigram::bnf`), which reads
//! `grammar/rfc3987.bnf` itself, its `%x` ranges as code points: the verdict and, for a
//! rejected string, the error offset (bytes, at a character boundary) must agree. Inputs:
//! generated members of every production (the generator draws the edges of `ucschar` and
//! `iprivate` often) and chains of mutations; mutations that put a character at every edge of
//! `ucschar` and `iprivate`, a noncharacter, a C1 control or a line separator at every
//! character boundary of members; and every short string over the pieces that decide the
//! rewritten rules (`ihost`, `ipath`), with characters above ASCII among them.
#![cfg(feature = "bnf")]

use urigram::{Grammar, bnf};

use crate::rfc3986_differential::{assert_agree, strings};

const G: Grammar = Grammar::Rfc3987;

/// RFC 3987's edge characters, shared by the IRI tests.
use urigram_testkit::IRI_EDGES as EDGES;

fn compare<'s>(
    rec: &bnf::Recognizer<'_>,
    rule: &str,
    inputs: impl IntoIterator<Item = &'s str>,
    out: &mut Vec<String>,
) -> usize {
    crate::rfc1630_differential::compare(G, rec, rule, inputs, out)
}

fn oracle() -> bnf::Grammar {
    bnf::load(G.name()).unwrap_or_else(|e| panic!("{e}"))
}

/// `s` with `c` inserted at character boundary `at`, and with the character there replaced.
fn edge_mutations(s: &str, c: char) -> Vec<String> {
    let bounds: Vec<usize> = s
        .char_indices()
        .map(|(k, _)| k)
        .chain(std::iter::once(s.len()))
        .collect();
    let mut out = Vec::new();
    for (j, &at) in bounds.iter().enumerate() {
        out.push(format!("{}{c}{}", &s[..at], &s[at..]));
        if let Some(&next) = bounds.get(j + 1) {
            out.push(format!("{}{c}{}", &s[..at], &s[next..]));
        }
    }
    out
}

#[test]
fn members_and_mutation_chains_of_every_production() {
    let spec = oracle();
    let mut bad = Vec::new();
    let (mut n, mut wide) = (0, 0);
    for (k, rule) in G.rules().iter().enumerate() {
        let rec = spec.recognizer(rule.name).unwrap();
        let mut gen_ = spec.generator(rule.name, 0x3987_0000 + k as u64).unwrap();
        let mut inputs = Vec::new();
        for j in 0..600 {
            let m = gen_.member(8 + (j % 8) * 10);
            let mut x = m.clone();
            for _ in 0..=(j % 3) {
                x = gen_.mutation(&x);
                inputs.push(x.clone());
            }
            inputs.push(m);
        }
        wide += inputs.iter().filter(|s| !s.is_ascii()).count();
        n += compare(&rec, rule.name, inputs.iter().map(String::as_str), &mut bad);
    }
    eprintln!("{wide} of {n} inputs with characters above ASCII");
    assert_agree(bad, n);
    assert!(n > 39 * 1500, "{n}");
    assert!(wide > n / 4, "{wide} of {n}");
}

/// Every edge character inserted at, and substituted for, every character of members of the
/// productions that hold characters above ASCII, and of the start rule.
#[test]
fn edges_of_ucschar_and_iprivate_everywhere() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    for (k, rule) in [
        "IRI-reference",
        "IRI",
        "iauthority",
        "ihost",
        "ipath",
        "iquery",
        "ifragment",
        "ipchar",
        "iunreserved",
        "ucschar",
        "iprivate",
        "isegment-nz-nc",
    ]
    .into_iter()
    .enumerate()
    {
        let rec = spec.recognizer(rule).unwrap();
        let mut gen_ = spec.generator(rule, 0x3987_E000 + k as u64).unwrap();
        let mut inputs = Vec::new();
        for j in 0..40 {
            let m = gen_.member(6 + (j % 4) * 8);
            for &c in EDGES {
                inputs.extend(edge_mutations(&m, c));
            }
        }
        n += compare(&rec, rule, inputs.iter().map(String::as_str), &mut bad);
    }
    assert_agree(bad, n);
    assert!(n > 100_000, "{n}");
}

/// The start rule, `ipath`, the relative forms and the hosts on every short string of the
/// characters that split a reference into its parts, with a `ucschar`, an `iprivate` and a
/// noncharacter among them, alone and after prefixes.
#[test]
fn references_paths_and_hosts_in_depth() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let pieces = strings(
        &[
            "a", ":", "/", "?", "#", "@", "%2", "\u{E9}", "\u{E000}", "\u{FFFE}", "[",
        ],
        4,
    );
    for rule in [
        "IRI-reference",
        "IRI",
        "absolute-IRI",
        "irelative-ref",
        "ipath",
        "ihier-part",
        "irelative-part",
        "iauthority",
    ] {
        let rec = spec.recognizer(rule).unwrap();
        n += compare(&rec, rule, pieces.iter().map(String::as_str), &mut bad);
    }
    let iri = spec.recognizer("IRI-reference").unwrap();
    for prefix in ["s:", "s://", "s://u@h:1", "//h", "s:/", "./", "?"] {
        let inputs: Vec<String> = pieces.iter().map(|p| format!("{prefix}{p}")).collect();
        n += compare(
            &iri,
            "IRI-reference",
            inputs.iter().map(String::as_str),
            &mut bad,
        );
    }
    let hosts = strings(&["1.", "25", "5", "\u{E9}", "%41", ":", "@", "[", "]"], 4);
    for rule in ["ihost", "iauthority"] {
        let rec = spec.recognizer(rule).unwrap();
        n += compare(&rec, rule, hosts.iter().map(String::as_str), &mut bad);
    }
    assert_agree(bad, n);
}
