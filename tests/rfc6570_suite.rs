//! The uritemplate-test suite (`tests/data/uritemplate-test/`, Apache License 2.0), in full:
//! spec-examples, spec-examples-by-section, extended-tests and negative-tests. Each case
//! expands to its string, or to one of its strings where the suite lists several (the order
//! of an associative array's pairs is the value's own), or fails where the suite says
//! `false`. A failing case is a grammar error or an expansion error, by the RFC's text, as the
//! table below says; the test checks that each fails where the table says. Two cases of the
//! suite expand a template that the RFC's grammar rejects (a `'` in the literals): they are
//! listed, with the reason, and checked to be rejected where the grammar says.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value as Json;
use urigram::rfc6570::{Template, Value};

const FILES: [&str; 4] = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
];

/// Why a template of the suite cannot expand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The template is no `URI-Template` (RFC 6570 section 2): `Template::parse` fails.
    Grammar,
    /// The template is one, but names an operator reserved for future extensions (section
    /// 2.2, rfc6570.txt:755-756) or a prefix of a composite value (section 2.4.1,
    /// rfc6570.txt:835-836): `Template::expand` fails.
    Expansion,
}

use Kind::{Expansion, Grammar};

/// Every template the suite expects to fail, and why, by the RFC's text.
const FAILURES: &[(&str, Kind, &str)] = &[
    ("{/id*", Grammar, "an expression without its `}`"),
    ("/id*}", Grammar, "`}` is no literal"),
    ("{/?id}", Grammar, "two operators"),
    ("{var:prefix}", Grammar, "max-length is digits"),
    ("{hello:2*}", Grammar, "two modifiers"),
    ("{??hello}", Grammar, "two operators"),
    ("{!hello}", Expansion, "`!` is an op-reserve"),
    ("{with space}", Grammar, "a space in a varname"),
    ("{ leading_space}", Grammar, "a space in a varname"),
    ("{trailing_space }", Grammar, "a space in a varname"),
    ("{=path}", Expansion, "`=` is an op-reserve"),
    ("{$var}", Grammar, "`$` is excluded from expressions"),
    ("{|var*}", Expansion, "`|` is an op-reserve"),
    ("{*keys?}", Grammar, "`*` is no operator"),
    ("{?empty=default,var}", Grammar, "`=` in a varname"),
    ("{var}{-prefix|/-/|var}", Grammar, "`-` is no operator"),
    (
        "?q={searchTerms}&amp;c={example:color?}",
        Grammar,
        "max-length is digits",
    ),
    ("x{?empty|foo=none}", Grammar, "`|` in a varname"),
    ("/h{#hello+}", Grammar, "`+` in a varname"),
    ("/h#{hello+}", Grammar, "`+` in a varname"),
    ("{keys:1}", Expansion, "a prefix of an associative array"),
    ("{+keys:1}", Expansion, "a prefix of an associative array"),
    ("{;keys:1*}", Grammar, "two modifiers"),
    ("?{-join|&|var,list}", Grammar, "`-` is no operator"),
    ("/people/{~thing}", Grammar, "`~` is no varchar"),
    ("/{default-graph-uri}", Grammar, "`-` is no varchar"),
    (
        "/sparql{?query,default-graph-uri}",
        Grammar,
        "`-` is no varchar",
    ),
    (
        "/sparql{?query){&default-graph-uri*}",
        Grammar,
        "`)` is no varchar",
    ),
    ("/resolution{?x, y}", Grammar, "a space in a variable-list"),
    ("{var:0}", Grammar, "max-length starts with %x31-39"),
    ("{var:01}", Grammar, "max-length starts with %x31-39"),
    ("{var:10000}", Grammar, "max-length has at most four digits"),
    ("{var:}", Grammar, "a prefix without max-length"),
    ("{x.}", Grammar, "a varname ends with a varchar"),
    ("{x..y}", Grammar, "a `.` between two varchars"),
    ("{%2x}", Grammar, "a pct-encoded holds two HEXDIG"),
];

/// The cases where the suite and the RFC's grammar disagree, each kept out of the passes and
/// checked to fail as the grammar says: the template, the suite's expansion, the byte where the
/// grammar rejects it, and why.
const DISAGREEMENTS: &[(&str, &str, usize, &str)] = &[
    (
        "'{var}'",
        "'value'",
        0,
        "`'` (%x27) is no literals: the ranges skip it (%x26 / %x28-3B) and the comment lists \
         it among the exceptions (rfc6570.txt:704-709)",
    ),
    (
        "'{count}'",
        "'one,two,three'",
        0,
        "`'` (%x27) is no literals (rfc6570.txt:704-709)",
    ),
];

fn value(j: &Json) -> Option<Value> {
    let text = |j: &Json| match j {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    };
    match j {
        Json::Null => None,
        Json::Array(a) => Some(Value::List(a.iter().map(text).collect())),
        Json::Object(m) => Some(Value::Assoc(
            m.iter().map(|(k, v)| (k.clone(), text(v))).collect(),
        )),
        other => Some(Value::String(text(other))),
    }
}

fn load(file: &str) -> Json {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/uritemplate-test")
        .join(file);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every case of the four files, with the counts of passes per file.
#[test]
fn the_whole_suite_passes() {
    let mut bad = Vec::new();
    let mut counts = Vec::new();
    let mut failing = Vec::new();
    let mut total_disagreements = 0;
    for file in FILES {
        let (mut n, mut passed, mut disagreements) = (0, 0, 0);
        for (group, g) in load(file).as_object().unwrap() {
            let vars: HashMap<String, Value> = g["variables"]
                .as_object()
                .unwrap()
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), value(v)?)))
                .collect();
            for case in g["testcases"].as_array().unwrap() {
                n += 1;
                let template = case[0].as_str().unwrap();
                if let Some(d) = DISAGREEMENTS.iter().find(|d| d.0 == template) {
                    assert_eq!(case[1], d.1, "{file}: {template}");
                    let e = Template::parse(template).unwrap_err();
                    assert_eq!(e.offset(), d.2, "{file}: {template}: {e}");
                    disagreements += 1;
                    continue;
                }
                let got = Template::parse(template).map_err(|e| (Grammar, e));
                let got = got.and_then(|t| t.expand(&vars).map_err(|e| (Expansion, e)));
                let ok = match (&case[1], &got) {
                    (Json::Bool(false), Err((kind, e))) => {
                        failing.push(template.to_owned());
                        match FAILURES.iter().find(|f| f.0 == template) {
                            Some(f) if f.1 == *kind => true,
                            Some(f) => {
                                bad.push(format!("{file} {group}: {template}: {kind:?} error ({e}), the table says {:?}", f.1));
                                false
                            }
                            None => {
                                bad.push(format!("{file} {group}: {template}: not in the table"));
                                false
                            }
                        }
                    }
                    (Json::String(s), Ok(out)) => s == out,
                    (Json::Array(alts), Ok(out)) => alts.iter().any(|a| a == out),
                    _ => false,
                };
                if ok {
                    passed += 1;
                } else if !matches!(case[1], Json::Bool(false)) || got.is_ok() {
                    bad.push(format!(
                        "{file} {group}: {template}: {got:?}, expected {}",
                        case[1]
                    ));
                }
            }
        }
        eprintln!("{file}: {passed} of {n} pass, {disagreements} disagree with the RFC's grammar");
        counts.push((file, passed, n - disagreements));
        total_disagreements += disagreements;
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert_eq!(total_disagreements, DISAGREEMENTS.len());
    for (file, passed, n) in &counts {
        assert_eq!(passed, n, "{file}");
    }
    // The table is the suite's own list, no more.
    failing.sort();
    failing.dedup();
    let mut listed: Vec<String> = FAILURES.iter().map(|f| f.0.to_owned()).collect();
    listed.sort();
    assert_eq!(failing, listed);
}

/// The negative cases by kind: 31 grammar errors, 5 expansion errors (RFC 6570 section 2.2's
/// `op-reserve` and section 2.4.1's prefix of a composite value), each at its byte.
#[test]
fn negative_tests_by_kind() {
    let grammar = FAILURES.iter().filter(|f| f.1 == Grammar).count();
    assert_eq!((grammar, FAILURES.len() - grammar), (31, 5));
    let keys = [
        ("keys", Value::from([("semi", ";")])),
        ("hello", Value::from("x")),
    ];
    let path = [("path", Value::from("/a")), ("var", Value::from("v"))];
    for (t, at) in [
        ("{!hello}", 1),
        ("{=path}", 1),
        ("{|var*}", 1),
        ("{keys:1}", 5),
        ("{+keys:1}", 6),
    ] {
        let template = Template::parse(t).unwrap();
        let e = template
            .expand(&[keys.as_slice(), path.as_slice()].concat())
            .unwrap_err();
        assert_eq!(e.offset(), at, "{t}");
        assert!(e.help().is_some(), "{t}");
    }
}
