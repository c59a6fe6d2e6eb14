//! The combinators of `rfc1630`, `rfc1630-url` and `rfc822` against the BNF interpreter
//! (`urigram::bnf`), which reads `grammar/rfc1630.bnf` and `grammar/rfc822.bnf` itself: the
//! verdict and, for a rejected string, the error offset must agree. Inputs: generated members
//! and chains of mutations of every production (fixed seeds), and every short string over an
//! alphabet of the characters that decide the ambiguous rules (`@`, `:`, `.`, `%`, `/`, `+`, an
//! ftptype letter ...), alone and after the prefixes that lead into those rules.
#![cfg(feature = "bnf")]

use urigram::{Grammar, bnf};

const GRAMMARS: [Grammar; 3] = [Grammar::Rfc1630, Grammar::Rfc1630Url, Grammar::Rfc822];

/// Check `inputs` against `rule` of grammar `g`; the disagreements, described.
pub(crate) fn compare<'s>(
    g: Grammar,
    rec: &bnf::Recognizer<'_>,
    rule: &str,
    inputs: impl IntoIterator<Item = &'s str>,
    out: &mut Vec<String>,
) -> usize {
    let mut n = 0;
    for s in inputs {
        n += 1;
        let mine = g.check(rule, s).map_err(|e| e.offset());
        let spec = rec.check(s);
        if mine != spec {
            out.push(format!(
                "{} {rule} {s:?}: combinator {mine:?}, interpreter {spec:?}",
                g.name()
            ));
        }
    }
    n
}

/// Every string of at most `len` characters of `alphabet`.
fn strings(alphabet: &str, len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..len {
        let next: Vec<String> = last
            .iter()
            .flat_map(|s| alphabet.chars().map(move |c| format!("{s}{c}")))
            .collect();
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

fn oracle(g: Grammar) -> bnf::Grammar {
    bnf::load(g.name()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn members_and_mutations_of_every_production() {
    let mut bad = Vec::new();
    let mut n = 0;
    for g in GRAMMARS {
        let spec = oracle(g);
        let names: Vec<&str> = spec.rule_names().collect();
        assert_eq!(g.rule_names().collect::<Vec<_>>(), names, "{}", g.name());
        for (k, rule) in g.rule_names().enumerate() {
            let rec = spec.recognizer(rule).unwrap_or_else(|e| panic!("{e}"));
            let mut gen_ = spec
                .generator(rule, 0x1630_0000 + k as u64)
                .unwrap_or_else(|e| panic!("{e}"));
            let mut inputs = Vec::new();
            for j in 0..150 {
                let m = gen_.member(4 + (j % 8) * 15);
                let a = gen_.mutation(&m);
                let b = gen_.mutation(&a);
                let c = gen_.mutation(&b);
                inputs.extend([m, a, b, c]);
            }
            n += compare(g, &rec, rule, inputs.iter().map(String::as_str), &mut bad);
        }
    }
    bad.truncate(30);
    assert!(bad.is_empty(), "of {n}:\n{}", bad.join("\n"));
}

#[test]
fn every_short_string() {
    let mut bad = Vec::new();
    let mut n = 0;
    for (alphabet, len) in [("a1@:.%/+I=;", 3), ("a\"\\[] #?LN4\u{E9}", 3)] {
        let all = strings(alphabet, len);
        for g in GRAMMARS {
            let spec = oracle(g);
            for rule in g.rule_names() {
                let rec = spec.recognizer(rule).unwrap_or_else(|e| panic!("{e}"));
                n += compare(g, &rec, rule, all.iter().map(String::as_str), &mut bad);
            }
        }
    }
    bad.truncate(30);
    assert!(bad.is_empty(), "of {n}:\n{}", bad.join("\n"));
}

#[test]
fn every_short_continuation_of_the_ambiguous_rules() {
    let prefixes = [
        (Grammar::Rfc1630Url, "url", "ftp://"),
        (Grammar::Rfc1630Url, "url", "ftp://a/"),
        (Grammar::Rfc1630Url, "url", "telnet://"),
        (Grammar::Rfc1630Url, "url", "news:"),
        (Grammar::Rfc1630Url, "url", "news:a"),
        (Grammar::Rfc1630Url, "url", "mailto:"),
        (Grammar::Rfc1630Url, "url", "prospero://a/"),
        (Grammar::Rfc1630Url, "url", "wais://a/"),
        (Grammar::Rfc1630Url, "url", "wais://a/b/c/"),
        (Grammar::Rfc1630Url, "url", "gopher://a"),
        (Grammar::Rfc1630Url, "url", "http://a"),
        (Grammar::Rfc1630Url, "url", "mid:"),
        (Grammar::Rfc1630Url, "url", "nntp:a"),
        (Grammar::Rfc1630Url, "login", "a"),
        (Grammar::Rfc1630Url, "groupart", "*"),
        (Grammar::Rfc1630, "fragmentaddress", "a:"),
        (Grammar::Rfc822, "addr-spec", "a"),
    ];
    let tails = strings("a1@:.%/+*0", 4);
    let mut bad = Vec::new();
    let mut n = 0;
    for (g, rule, prefix) in prefixes {
        let spec = oracle(g);
        let rec = spec.recognizer(rule).unwrap_or_else(|e| panic!("{e}"));
        let inputs: Vec<String> = tails.iter().map(|t| format!("{prefix}{t}")).collect();
        n += compare(g, &rec, rule, inputs.iter().map(String::as_str), &mut bad);
    }
    bad.truncate(30);
    assert!(bad.is_empty(), "of {n}:\n{}", bad.join("\n"));
}
