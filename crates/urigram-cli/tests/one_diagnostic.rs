//! One rejected input through every surface: `check` (human, JSON, stdin, summary, the BNF
//! engine, the matrix), `explain`, `extract`, `normalize`, `resolve`, `equivalent`,
//! `merge-summaries` and the language server all give the same code, help, citation and
//! place for the same failure.
#![cfg(feature = "lsp")]

use crate::common;
use common::{lsp_client, run};

use serde_json::{Value, json};

fn urigram(args: &[&str], stdin: &str) -> (i32, String, String) {
    run::urigram(args, stdin.as_bytes())
}

const INPUT: &str = "http://a/b%zz";
const CODE: &str = "rfc2396::escaped::letter";
const HELP: &str = "`%` begins an escape: `%` and two hex digits; a `%` that stands for itself \
                    is written %25 (RFC 2396 section 2.4.3)";
const SEE: &str = "rfc2396.txt:1526 (section 2.4.1)";
const LABEL: &str = "^ expected hex";

/// The rendered diagnostic, wherever it is printed: the same lines, with its place.
fn human(text: &str, place: &str, what: &str) {
    for want in [
        format!("error[{CODE}]: "),
        format!(" --> {place}\n"),
        format!("{LABEL}\n"),
        format!("  = help: {HELP}\n"),
        format!("  = note: see {SEE}\n"),
    ] {
        assert!(text.contains(&want), "{what}: no {want:?} in\n{text}");
    }
    // The expected set appears once per diagnostic: under the caret, not in the title too.
    for title in text.lines().filter(|l| l.starts_with("error[")) {
        assert!(!title.contains("expected"), "{what}: {title}");
    }
}

/// The JSON error object, wherever it is.
fn json_error(e: &Value, what: &str) {
    assert_eq!(e["code"], CODE, "{what}: {e:#}");
    assert_eq!(e["help"], HELP, "{what}");
    assert_eq!(e["citation"]["text"], SEE, "{what}");
    assert_eq!(e["rule"], "escaped", "{what}");
    assert_eq!(e["expected"], json!(["hex"]), "{what}");
}

fn first_line(out: &str) -> Value {
    serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
}

#[test]
fn one_failure_one_diagnostic_everywhere() {
    // check: an argument, a line of standard input, the BNF engine.
    let (code, out, _) = urigram(&["check", INPUT], "");
    assert_eq!(code, 1);
    human(&out, "<argument 1>:1:12", "check");
    let (_, out, _) = urigram(&["check"], &format!("http://ok/\n{INPUT}\n"));
    human(&out, "<stdin>:2:12", "check on stdin");
    let (_, out, _) = urigram(&["check", "--engine", "bnf", INPUT], "");
    human(&out, "<argument 1>:1:12", "check --engine bnf");
    for engine in ["combinators", "bnf"] {
        let (_, out, _) = urigram(
            &["check", "--engine", engine, "--format", "jsonl", INPUT],
            "",
        );
        json_error(&first_line(&out)["error"], engine);
    }
    // The summary groups it under the same code.
    let (_, out, _) = urigram(&["check", "--summary", "--format", "json", INPUT], "");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["sections"][0]["by_code"][0]["code"], CODE);
    let (_, out, _) = urigram(&["check", "--summary", INPUT], "");
    assert!(out.contains(CODE), "{out}");
    // The matrix.
    let (_, out, _) = urigram(&["check", "--all-grammars", INPUT], "");
    human(&out, "<argument 1>:1:12", "check --all-grammars");
    let (_, out, _) = urigram(&["check", "--all-grammars", "--format", "jsonl", INPUT], "");
    json_error(&first_line(&out)["verdicts"][0]["error"], "matrix");
    // explain.
    let (code, out, _) = urigram(&["explain", INPUT], "");
    assert_eq!(code, 1);
    human(&out, "<argument 1>:1:12", "explain");
    let (_, out, _) = urigram(&["explain", "--format", "json", INPUT], "");
    json_error(
        &serde_json::from_str::<Value>(&out).unwrap()["error"],
        "explain json",
    );
    // extract: the URI in running text, placed in the text.
    let text = format!("See {INPUT} here.\n");
    let (_, out, _) = urigram(&["extract", "-"], &text);
    human(&out, "<stdin>:1:16", "extract");
    let (_, out, _) = urigram(&["extract", "--format", "jsonl", "-"], &text);
    json_error(&first_line(&out)["error"], "extract");
    // normalize, resolve, equivalent.
    let (code, _, err) = urigram(&["normalize", INPUT], "");
    assert_eq!(code, 2);
    human(&err, "<argument 1>:1:12", "normalize");
    let (_, out, _) = urigram(&["normalize", "--format", "jsonl", INPUT], "");
    json_error(&first_line(&out)["error"], "normalize");
    let (_, _, err) = urigram(&["resolve", "http://b/", INPUT], "");
    human(&err, "<argument 2>:1:12", "resolve");
    let (_, out, _) = urigram(&["resolve", "--format", "jsonl", "http://b/", INPUT], "");
    json_error(&first_line(&out)["error"], "resolve");
    let (_, _, err) = urigram(&["equivalent", "http://a/", INPUT], "");
    human(&err, "<argument 2>:1:12", "equivalent");
    let (_, out, _) = urigram(&["equivalent", "--format", "jsonl", "http://a/", INPUT], "");
    json_error(&first_line(&out)["error"], "equivalent");
    // merge-summaries keeps the code.
    let (_, part, _) = urigram(&["check", "--summary", "--format", "json", INPUT], "");
    let (_, out, _) = urigram(&["merge-summaries", "-"], &part);
    assert!(out.contains(CODE), "{out}");

    // The language server.
    let mut c = lsp_client::start();
    c.initialize(json!({}), json!({}));
    c.open("file:///tmp/one.txt", &text);
    let d = c.diagnostics()["diagnostics"][0].clone();
    assert_eq!(d["code"], CODE);
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .ends_with(&format!("\nhelp: {HELP}"))
    );
    json_error(&d["data"]["error"], "language server");
    assert_eq!(d["range"]["start"], json!({"line": 0, "character": 15}));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}
