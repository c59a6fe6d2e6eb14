//! Every production of every grammar against the BNF interpreter (`urigram::bnf`), which reads
//! the spec text itself: generated members and mutations of them, fixed seeds. The
//! combinator's verdict must equal the interpreter's, and for a rejected string so must the
//! error offset. Also: each function's quoted production equals the text in `grammar/*.bnf`.

use crate::common;

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

/// The rules with a whole-input fast check besides the start rules (RFC 3986's `URI` and
/// `absolute-URI`, RFC 2396's `absoluteURI`), on the example corpus and every prefix of its
/// lines, and on each line with a `#` fragment added: `check` and a locator give the
/// interpreter's verdict, and `check`'s offset is the interpreter's.
#[test]
fn whole_input_checks_agree_on_real_urls() {
    let text = include_str!("../examples/urls.txt");
    let mut failures = Vec::new();
    let mut compared = 0usize;
    for (g, rule) in [
        (Grammar::Rfc3986, "URI"),
        (Grammar::Rfc3986, "absolute-URI"),
        (Grammar::Rfc2396, "absoluteURI"),
    ] {
        let spec = oracle(g);
        let rec = spec.recognizer(rule).unwrap();
        let mut locator = g.locator(rule).unwrap();
        for l in text.lines() {
            let with_fragment = format!("{l}#f");
            let inputs = l.char_indices().map(|(k, _)| &l[..k]).chain([
                l,
                with_fragment.as_str(),
                "a:",
                "a:#",
                "//a",
                "a/b:c",
            ]);
            for input in inputs {
                compared += 1;
                failures.extend(compare(g, rule, &rec, input));
                if locator.locate(input).is_ok() != rec.check(input).is_ok() {
                    failures.push(format!(
                        "{} {rule}: the locator differs on {input:?}",
                        g.name()
                    ));
                }
            }
        }
    }
    assert_no_failures(failures, compared);
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

/// Each production's own function (the one its grammar's registry names) quotes the
/// production in the ```` ```text ```` block of its doc comment, as `grammar/*.bnf` has it
/// (the first line's indentation taken off every line), and the line after the block cites
/// it: `rfcNNNN.txt:LINE, section S` with the registry's file, line and section.
#[test]
fn doc_comments_quote_the_spec_text() {
    let mut failures = Vec::new();
    for &g in Grammar::ALL {
        let spec = oracle(g);
        let functions = registry_functions(g);
        for rule in spec.rules() {
            let name = rule.name();
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
            let Some(path) = functions.get(name) else {
                failures.push(format!("{} {name}: not in the registry", g.name()));
                continue;
            };
            let Some((file, block, citation)) = function_doc(g, path) else {
                failures.push(format!(
                    "{} {name}: no doc comment with a ```text block on `{path}`",
                    g.name()
                ));
                continue;
            };
            if block != want {
                failures.push(format!(
                    "{} {name} ({file}): the doc comment quotes\n{}\nnot\n{}",
                    g.name(),
                    block.join("\n"),
                    want.join("\n")
                ));
            }
            let c = g.citation(name);
            let cite = if c.file.contains("appendix") {
                format!("{}:{} (RFC 2373 {})", c.file, c.line, c.section)
            } else if c.section.starts_with(|ch: char| ch.is_ascii_digit()) {
                format!("{}:{}, section {}", c.file, c.line, c.section)
            } else {
                format!("{}:{}, section \"{}\"", c.file, c.line, c.section)
            };
            let ok = citation.strip_prefix(&cite).is_some_and(|rest| {
                rest == "."
                    || rest.starts_with(". ")
                    || rest.starts_with(" (")
                    || rest.starts_with(", ")
            });
            if !ok {
                failures.push(format!(
                    "{} {name} ({file}): the citation is {citation:?}, not {cite:?}",
                    g.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The source files of the grammars, under `src/grammar`.
fn grammar_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/grammar")
}

/// The file under `src/grammar` that holds `g`'s registry (`RULES`).
fn registry_file(g: Grammar) -> &'static str {
    match g {
        Grammar::Rfc2396 => "rfc2396/mod.rs",
        Grammar::Rfc2732 => "rfc2732/mod.rs",
        Grammar::Rfc1738 => "rfc1738/mod.rs",
        Grammar::Rfc1630 => "rfc1630/uri.rs",
        Grammar::Rfc1630Url => "rfc1630/url.rs",
        Grammar::Rfc822 => "rfc822/mod.rs",
        Grammar::Rfc3986 => "rfc3986/mod.rs",
        Grammar::Rfc3987 => "rfc3987/mod.rs",
        Grammar::Rfc6570 => "rfc6570/mod.rs",
        _ => panic!("{}: no registry file known", g.name()),
    }
}

/// Each production of `g`'s registry and the path of its function as the registry writes it
/// (`uri_reference`, `base::host_in::<true>`), read from the `rule!(..)` entries.
fn registry_functions(g: Grammar) -> BTreeMap<String, String> {
    let path = grammar_dir().join(registry_file(g));
    let src = std::fs::read_to_string(&path).unwrap();
    let from = src.find("pub static RULES").expect("a registry");
    let body = &src[from..];
    let body = &body[..body.find("\n];").expect("the registry's end")];
    let mut out = BTreeMap::new();
    for entry in body.split("rule!(").skip(1) {
        // `whole f => "name", ...`: the rule with a whole-input fast check.
        let entry = entry.split_once("=>").map_or(entry, |(_, rest)| rest);
        let args: Vec<&str> = entry[..entry.find(')').unwrap()]
            .split(',')
            .map(str::trim)
            .collect();
        out.insert(args[0].trim_matches('"').to_string(), args[1].to_string());
    }
    assert_eq!(out.len(), g.rules().len(), "{}", g.name());
    out
}

/// The doc comment of the function that `path` names in `g`'s registry: its file, the lines
/// of its ```text block, and the line after the block (the citation). `base::` is RFC 2396's
/// module; the registry's entry for a check (`checked::url`) stands for the production's own
/// function (`url`), and a dialect's function (`host_in::<true>`) stands for the production's own (`host`),
/// which quotes it. The function is looked for in the registry's file, then in the other files
/// of its folder that hold no registry of their own (RFC 1630's `uri.rs` and `url.rs` each
/// have one: a production of one BNF is never found in the other's file).
fn function_doc(g: Grammar, path: &str) -> Option<(String, Vec<String>, String)> {
    let (folder, name) = match path.strip_prefix("base::") {
        Some(rest) => ("rfc2396".to_string(), rest),
        None => (registry_file(g).split('/').next()?.to_string(), path),
    };
    // The function's own name: a module's prefix (`checked::url`, the check's entry) and a
    // dialect's parameter taken off.
    let name = name.split("::<").next()?.rsplit("::").next()?;
    let dir = grammar_dir().join(&folder);
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let own = grammar_dir().join(registry_file(g));
    if let Some(k) = files.iter().position(|f| *f == own) {
        let f = files.remove(k);
        files.insert(0, f);
    }
    let candidates = [name.strip_suffix("_in"), Some(name)];
    for f in &files {
        let text = std::fs::read_to_string(f).ok()?;
        if *f != own && text.contains("pub static RULES") {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for n in candidates.iter().flatten() {
            let head = format!("pub fn {n}<");
            let Some(at) = lines.iter().position(|l| l.starts_with(&head)) else {
                continue;
            };
            let mut top = at;
            while top > 0 && (lines[top - 1].starts_with("///") || lines[top - 1].starts_with("#["))
            {
                top -= 1;
            }
            let doc: Vec<&str> = lines[top..at]
                .iter()
                .filter_map(|l| l.strip_prefix("///"))
                .map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end())
                .collect();
            let open = doc.iter().position(|l| *l == "```text")?;
            let close = open + 1 + doc[open + 1..].iter().position(|l| *l == "```")?;
            let block = doc[open + 1..close].iter().map(|l| l.to_string()).collect();
            let citation = doc.get(close + 1).copied().unwrap_or("").to_string();
            let file = f.strip_prefix(grammar_dir()).ok()?.display().to_string();
            return Some((file, block, citation));
        }
    }
    None
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
