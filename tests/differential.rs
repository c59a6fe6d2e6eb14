//! Every production of every grammar against the BNF interpreter (`urigram::bnf`), which reads
//! the spec text itself: generated members and mutations of them, fixed seeds. The
//! combinator's verdict must equal the interpreter's, and for a rejected string so must the
//! error offset. Also: each function's quoted production equals the text in `grammar/*.bnf`.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use urigram::{Grammar, bnf};

const MEMBERS: usize = 200;
const MUTATIONS: usize = 200;
const BUDGET: usize = 40;

fn oracle(g: Grammar) -> bnf::Grammar {
    bnf::load(g.name()).unwrap_or_else(|e| panic!("grammar/{}.bnf: {e}", g.name()))
}

/// Compare one input; a mismatch is described for the failure report.
fn compare(g: Grammar, rule: &str, rec: &bnf::Recognizer<'_>, input: &str) -> Option<String> {
    let comb = g.check(rule, input).map_err(|e| e.offset());
    let spec = rec.check(input);
    (comb != spec).then(|| {
        format!(
            "{} {}: input {:?}\n    combinator: {:?}\n    interpreter: {:?}",
            g.name(),
            rule,
            input,
            comb,
            spec
        )
    })
}

/// Fail with the first 40 disagreements, if there are any.
fn assert_no_failures(mut failures: Vec<String>, compared: usize) {
    let n = failures.len();
    failures.truncate(40);
    assert!(
        failures.is_empty(),
        "{n} disagreements in {compared} comparisons (the first 40):\n{}",
        failures.join("\n")
    );
}

#[test]
fn combinators_agree_with_the_spec_text() {
    let mut failures = Vec::new();
    let mut compared = 0usize;
    for &g in Grammar::ALL {
        let spec = oracle(g);
        for (k, rule) in g.rules().iter().enumerate() {
            let rec = spec
                .recognizer(rule.name)
                .unwrap_or_else(|e| panic!("{} {}: {e}", g.name(), rule.name));
            let mut gen_ = spec
                .generator(rule.name, 0x5EED_0000 + k as u64)
                .unwrap_or_else(|e| panic!("{} {}: {e}", g.name(), rule.name));
            let mut members = Vec::with_capacity(MEMBERS);
            for _ in 0..MEMBERS {
                members.push(gen_.member(BUDGET));
            }
            for m in &members {
                compared += 1;
                failures.extend(compare(g, rule.name, &rec, m));
            }
            for j in 0..MUTATIONS {
                let m = gen_.mutation(&members[j % members.len()]);
                compared += 1;
                failures.extend(compare(g, rule.name, &rec, &m));
            }
            // The hand-written cases too.
            for c in common::cases(g).iter().filter(|c| c.rule == rule.name) {
                compared += 1;
                failures.extend(compare(g, rule.name, &rec, &c.input));
            }
        }
    }
    assert_no_failures(failures, compared);
}

/// The start rules on the example corpus and on every prefix of its lines.
#[test]
fn start_rules_agree_on_real_urls() {
    let text = include_str!("../examples/urls.txt");
    let mut failures = Vec::new();
    for &g in Grammar::ALL {
        let spec = oracle(g);
        let rec = spec.recognizer(g.start_rule()).unwrap();
        for l in text.lines() {
            for (k, _) in l.char_indices().chain(std::iter::once((l.len(), ' '))) {
                failures.extend(compare(g, g.start_rule(), &rec, &l[..k]));
            }
        }
    }
    failures.truncate(40);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Same productions, same order, as the spec text.
#[test]
fn registries_list_the_spec_productions_in_order() {
    for &g in Grammar::ALL {
        let spec = oracle(g);
        let want: Vec<&str> = spec.rule_names().collect();
        let have: Vec<&str> = g.rule_names().collect();
        assert_eq!(have, want, "{}", g.name());
        for r in g.rules() {
            let s = spec.rule(r.name).unwrap();
            assert_eq!(
                r.line,
                s.first_line(),
                "{} {}: registry line",
                g.name(),
                r.name
            );
            assert_eq!(
                g.check(r.name, "").is_ok(),
                r.nullable,
                "{} {}: nullable",
                g.name(),
                r.name
            );
        }
    }
}

/// The ```text block of every production's doc comment is its text in `grammar/*.bnf`, with
/// the first line's indentation taken off every line.
#[test]
fn doc_comments_quote_the_spec_text() {
    for &g in Grammar::ALL {
        let spec = oracle(g);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/grammar")
            .join(g.name().split('-').next().unwrap_or(g.name()));
        let mut blocks = text_blocks(&dir);
        // RFC 2732 amends RFC 2396: the productions it leaves as they are quote RFC 2396's
        // text where they are defined, in RFC 2396's module.
        if g == Grammar::Rfc2732 {
            let base = dir.with_file_name("rfc2396");
            for (k, v) in text_blocks(&base) {
                blocks.entry(k).or_default().extend(v);
            }
        }
        for rule in spec.rules() {
            let lines: Vec<&str> = rule.source_lines().map(|(_, l)| l).collect();
            let indent = lines[0].len() - lines[0].trim_start().len();
            let want: Vec<String> = lines
                .iter()
                .map(|l| {
                    l.get(indent..)
                        .unwrap_or(l.trim_start())
                        .trim_end()
                        .to_string()
                })
                .collect();
            let want = want.join("\n");
            let candidates = blocks.get(rule.name()).map(Vec::as_slice).unwrap_or(&[]);
            assert!(
                candidates.contains(&want),
                "{} {}: no doc comment quotes\n{want}\nfound: {candidates:#?}",
                g.name(),
                rule.name()
            );
        }
    }
}

/// Every ```text block in the `.rs` files of `dir`, keyed by the first word of its first line.
fn text_blocks(dir: &Path) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut block: Option<Vec<String>> = None;
        for l in text.lines() {
            let t = l.trim_start();
            let Some(doc) = t.strip_prefix("///") else {
                block = None;
                continue;
            };
            let doc = doc.strip_prefix(' ').unwrap_or(doc);
            match (&mut block, doc.trim_end()) {
                (None, "```text") => block = Some(Vec::new()),
                (Some(b), "```") => {
                    let body = b.join("\n");
                    let key = body.split_whitespace().next().unwrap_or("").to_string();
                    out.entry(key).or_default().push(body);
                    block = None;
                }
                (Some(b), _) => b.push(doc.trim_end().to_string()),
                (None, _) => {}
            }
        }
    }
    out
}

/// Input that is not UTF-8: both engines reject it at the same byte, the first bad one unless
/// the valid prefix already failed earlier.
#[test]
fn not_utf8_offsets_agree() {
    let inputs: [&[u8]; 5] = [
        b"http://a/\xff",
        b"\xff",
        b"ht tp://\xc3",
        b"mailto:a@b\x80c",
        b"news:a.b\xe2\x82",
    ];
    for &g in Grammar::ALL {
        for input in inputs {
            let comb = g.check(g.start_rule(), input).unwrap_err();
            let spec = g.check_by_spec(g.start_rule(), input).unwrap_err();
            assert_eq!(comb.offset(), spec.offset(), "{} {input:?}", g.name());
            let k = std::str::from_utf8(input).unwrap_err().valid_up_to();
            assert!(comb.offset() <= k, "{} {input:?}", g.name());
        }
    }
}

/// RFC 2732's IPv6 productions, where the combinators rewrite the printed grammar most (a
/// `hexseq` group that begins an `IPv4address`): many more members and mutations, and every
/// string of up to six characters over the alphabet that matters.
#[test]
fn rfc2732_ipv6_productions_agree_in_depth() {
    let g = Grammar::Rfc2732;
    let spec = oracle(g);
    let mut failures = Vec::new();
    let mut compared = 0usize;
    let rules = [
        "IPv6address",
        "hexpart",
        "hexseq",
        "ipv6reference",
        "host",
        "authority",
    ];
    for (k, rule) in rules.iter().enumerate() {
        let rec = spec.recognizer(rule).unwrap();
        let mut gen_ = spec.generator(rule, 0x2732_0000 + k as u64).unwrap();
        for _ in 0..3000 {
            let m = gen_.member(BUDGET);
            let x = gen_.mutation(&m);
            for s in [m, x] {
                compared += 1;
                failures.extend(compare(g, rule, &rec, &s));
            }
        }
    }
    let alphabet = [":", "1", "a", ".", "[", "]", "12"];
    let rec = spec.recognizer("IPv6address").unwrap();
    let host = spec.recognizer("host").unwrap();
    let mut strings = vec![String::new()];
    for _ in 0..6 {
        let mut next = Vec::new();
        for s in &strings {
            for a in alphabet {
                next.push(format!("{s}{a}"));
            }
        }
        for s in &next {
            compared += 2;
            failures.extend(compare(g, "IPv6address", &rec, s));
            failures.extend(compare(g, "host", &host, &format!("[{s}]")));
        }
        strings = next;
    }
    // The case that needs the rewrite, with every IPv4 tail and a few heads.
    let rec = spec.recognizer("IPv6address").unwrap();
    for head in ["", "1", "1:2", "::", "1::", "::ffff", "1::2", "a:b:c:d:e:f"] {
        for sep in [":", "::"] {
            for tail in [
                "1.2.3.4",
                "129.144.52.38",
                "1234.1.1.1",
                "1.2.3",
                "12.3.",
                "9.9.9.9.9",
            ] {
                compared += 1;
                failures.extend(compare(
                    g,
                    "IPv6address",
                    &rec,
                    &format!("{head}{sep}{tail}"),
                ));
            }
        }
    }
    assert_no_failures(failures, compared);
}
