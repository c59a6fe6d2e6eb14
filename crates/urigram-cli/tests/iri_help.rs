//! Under `-g rfc3987` the help names an IRI, the same text on every surface: `check` (human
//! and JSON), `explain`, `extract` and the language server; under `-g rfc3986` the same
//! mistakes keep their help, which names a URI.
#![cfg(feature = "lsp")]

use crate::common;
use common::{lsp_client, run};

use serde_json::{Value, json};

/// A control character in an IRI, its code and its help.
const INPUT: &str = "http://a/b\u{1}c";
const CODE: &str = "rfc3987::IRI-reference::control";
const HELP: &str =
    "control characters cannot appear in an IRI; escape it as %01 (RFC 3987 section 2.2)";

fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run::urigram(args, stdin)
}

fn first_line(out: &str) -> Value {
    serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
}

/// The help line of a rendered diagnostic, and the error object of JSON output.
fn has_help(text: &str, help: &str, what: &str) {
    assert!(
        text.contains(&format!("\n  = help: {help}\n")),
        "{what}: no help {help:?} in\n{text}"
    );
}

#[test]
fn the_help_names_an_iri_on_every_surface() {
    let (code, out, _) = urigram(&["check", "-g", "rfc3987", INPUT], b"");
    assert_eq!(code, 1);
    assert!(out.contains(&format!("error[{CODE}]")), "{out}");
    has_help(&out, HELP, "check");
    let (_, out, _) = urigram(&["check", "-g", "rfc3987", "--format", "jsonl", INPUT], b"");
    assert_eq!(first_line(&out)["error"]["help"], HELP, "check jsonl");
    let (_, out, _) = urigram(&["explain", "-g", "rfc3987", INPUT], b"");
    has_help(&out, HELP, "explain");
    let (_, out, _) = urigram(
        &["explain", "-g", "rfc3987", "--format", "json", INPUT],
        b"",
    );
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["error"]["help"], HELP, "explain json");
    let text = format!("See {INPUT} here.\n");
    let (_, out, _) = urigram(&["extract", "-g", "rfc3987", "-"], text.as_bytes());
    has_help(&out, HELP, "extract");
    let (_, out, _) = urigram(
        &["extract", "-g", "rfc3987", "--format", "jsonl", "-"],
        text.as_bytes(),
    );
    assert_eq!(first_line(&out)["error"]["help"], HELP, "extract jsonl");

    // The other texts, each as `check` shows it: a space, an excluded character, a byte that
    // begins no UTF-8 character (a line of standard input).
    for (input, help) in [
        (
            "http://a/b c".as_bytes(),
            "a space cannot appear in an IRI; write it as %20 (RFC 3987 section 2.2)",
        ),
        (
            b"http://a/{x}",
            "`{` is excluded from IRIs; escape it as %7B (RFC 3987 section 2.2)",
        ),
        (
            b"http://a/\xff",
            "the byte begins no UTF-8 character: an IRI is a sequence of Unicode characters \
             (RFC 3987 section 2), and an octet of data that encodes none is escaped, this one \
             as %FF",
        ),
    ] {
        let line = [input, b"\n"].concat();
        let (_, out, _) = urigram(&["check", "-g", "rfc3987"], &line);
        has_help(&out, help, "check on stdin");
        let (_, out, _) = urigram(&["check", "-g", "rfc3987", "--format", "jsonl"], &line);
        assert_eq!(first_line(&out)["error"]["help"], help, "check jsonl");
    }

    // The language server.
    let mut c = lsp_client::start();
    c.initialize(json!({}), json!({"grammar": "rfc3987"}));
    c.open("file:///tmp/iri.txt", &text);
    let d = c.diagnostics()["diagnostics"][0].clone();
    assert_eq!(d["code"], CODE);
    let message = d["message"].as_str().expect("a message");
    assert!(message.ends_with(&format!("\nhelp: {HELP}")), "{message}");
    assert_eq!(d["data"]["error"]["help"], HELP);
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The same mistakes under RFC 3986 keep their help, which names a URI.
#[test]
fn under_rfc3986_the_help_names_a_uri() {
    for (input, help) in [
        (
            INPUT.as_bytes(),
            "control characters cannot appear in a URI; escape it as %01 (RFC 3986 section 2.1)",
        ),
        (
            b"http://a/b c",
            "a space cannot appear in a URI; write it as %20 (RFC 3986 section 2.1)",
        ),
        (
            b"http://a/{x}",
            "`{` is excluded from URIs; escape it as %7B (RFC 3986 section 2.1)",
        ),
        (
            b"http://a/\xff",
            "the byte begins no UTF-8 character: a URI is US-ASCII text, and an octet of data \
             outside it is escaped, this one as %FF",
        ),
    ] {
        let line = [input, b"\n"].concat();
        let (_, out, _) = urigram(&["check", "-g", "rfc3986"], &line);
        has_help(&out, help, "check on stdin");
        let (_, out, _) = urigram(&["check", "-g", "rfc3986", "--format", "jsonl"], &line);
        assert_eq!(first_line(&out)["error"]["help"], help, "check jsonl");
    }
}
