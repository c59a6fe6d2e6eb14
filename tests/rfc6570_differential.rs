//! Grammar `rfc6570` against the BNF interpreter (`urigram::bnf`), which reads
//! `grammar/rfc6570.bnf` itself, its `%x` ranges as code points: the verdict and, for a
//! rejected string, the error offset (bytes, at a character boundary) must agree. Inputs:
//! generated members of every production and chains of mutations of them; mutations that put a
//! character at every edge of `ucschar` and `iprivate`, every ASCII character `literals`
//! excludes, and every edge of `varchar` and `max-length` (`%x31-39 0*3DIGIT`) at every
//! character boundary of members; and every short string over the pieces that decide
//! expressions.
#![cfg(feature = "bnf")]

use urigram::{Grammar, bnf};

use crate::rfc3986_differential::{assert_agree, strings};

const G: Grammar = Grammar::Rfc6570;

use urigram_testkit::IRI_EDGES;

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

/// The characters at the edges of the ASCII classes: every character `literals` excludes
/// (CTL, SP, DQUOTE, "'", "%", "<", ">", "\", "^", "`", "{", "|", "}", rfc6570.txt:707-709)
/// and its neighbours, the edges of `varchar` (`0 9 A Z a z _` and the characters beside
/// them), of `max-length` (`0`, `1`, `9`) and the operators.
fn ascii_edges() -> Vec<char> {
    let mut v: Vec<char> = (0u8..0x20).chain([0x7F]).map(char::from).collect();
    v.extend(" \"'%<>\\^`{|}!#$&()*+,-./:;=?@[]_~".chars());
    v.extend("/09:@AZ[`az{".chars());
    v.sort();
    v.dedup();
    v
}

#[test]
fn members_and_mutation_chains_of_every_production() {
    let spec = oracle();
    let names: Vec<&str> = spec.rule_names().collect();
    assert_eq!(G.rule_names().collect::<Vec<_>>(), names);
    let mut bad = Vec::new();
    let (mut n, mut wide) = (0, 0);
    for (k, rule) in G.rules().iter().enumerate() {
        let rec = spec.recognizer(rule.name).unwrap();
        let mut gen_ = spec.generator(rule.name, 0x6570_0000 + k as u64).unwrap();
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
    assert!(n > 21 * 1500, "{n}");
    assert!(wide > n / 10, "{wide} of {n}");
}

/// Every edge character of `ucschar` and `iprivate`, and every ASCII edge, inserted at and
/// substituted for every character of members of the productions that hold them.
#[test]
fn edges_of_every_range_everywhere() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let mut edges: Vec<char> = IRI_EDGES.to_vec();
    edges.extend(ascii_edges());
    for (k, rule) in [
        "URI-Template",
        "literals",
        "expression",
        "variable-list",
        "varspec",
        "varname",
        "varchar",
        "prefix",
        "max-length",
        "ucschar",
        "iprivate",
    ]
    .into_iter()
    .enumerate()
    {
        let rec = spec.recognizer(rule).unwrap();
        let mut gen_ = spec.generator(rule, 0x6570_E000 + k as u64).unwrap();
        let mut inputs = Vec::new();
        for j in 0..30 {
            let m = gen_.member(6 + (j % 4) * 8);
            for &c in &edges {
                inputs.extend(edge_mutations(&m, c));
            }
        }
        n += compare(&rec, rule, inputs.iter().map(String::as_str), &mut bad);
    }
    assert_agree(bad, n);
    assert!(n > 100_000, "{n}");
}

/// `max-length` and `prefix` on every string of up to six digits and a few others, so that
/// every length from 0 to 6 and every first digit is tried: exactly `1` to `9999` with no
/// leading zero.
#[test]
fn max_length_on_every_short_number() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let numbers = strings(&["0", "1", "5", "9", "a", ":"], 6);
    for rule in ["max-length", "prefix", "modifier-level4", "varspec"] {
        let rec = spec.recognizer(rule).unwrap();
        let inputs: Vec<String> = numbers
            .iter()
            .flat_map(|s| [s.clone(), format!(":{s}"), format!("v:{s}")])
            .collect();
        n += compare(&rec, rule, inputs.iter().map(String::as_str), &mut bad);
    }
    assert_agree(bad, n);
    // The whole range, in one rule: every number from 0 to 10,000 after `v:` in an expression.
    let rec = spec.recognizer("expression").unwrap();
    let inputs: Vec<String> = (0..=10_000)
        .flat_map(|k| [format!("{{v:{k}}}"), format!("{{v:0{k}}}")])
        .collect();
    let mut bad = Vec::new();
    let accepted = inputs
        .iter()
        .filter(|s| G.check("expression", s.as_str()).is_ok())
        .count();
    n += compare(
        &rec,
        "expression",
        inputs.iter().map(String::as_str),
        &mut bad,
    );
    assert_agree(bad, n);
    assert_eq!(accepted, 9999);
}

/// Expressions and templates on every short string of the pieces that decide them: braces,
/// operators, the separators and modifiers of a variable list, a dot, an escape, a character
/// above ASCII.
#[test]
fn expressions_in_depth() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let pieces = strings(
        &[
            "{", "}", "a", ".", ",", ":", "1", "*", "+", "%4", "\u{E9}", "$",
        ],
        4,
    );
    for rule in [
        "URI-Template",
        "expression",
        "variable-list",
        "varspec",
        "varname",
    ] {
        let rec = spec.recognizer(rule).unwrap();
        n += compare(&rec, rule, pieces.iter().map(String::as_str), &mut bad);
    }
    let tpl = spec.recognizer("URI-Template").unwrap();
    for prefix in ["{", "{a", "{?", "x{a}", "{a,", "{a:"] {
        let inputs: Vec<String> = pieces.iter().map(|p| format!("{prefix}{p}")).collect();
        n += compare(
            &tpl,
            "URI-Template",
            inputs.iter().map(String::as_str),
            &mut bad,
        );
    }
    assert_agree(bad, n);
}
