//! Every JSON output of every command validates against `schema/urigram.schema.json`, the one
//! written-down shape of urigram's JSON (JSON Schema 2020-12, checked with `boon`).

use crate::common;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use boon::{Compiler, SchemaIndex, Schemas};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(common::ROOT)
}

/// Run `urigram ARGS` with `stdin`: its standard output.
fn urigram(args: &[&str], stdin: &[u8]) -> String {
    let mut child = Command::new(common::URIGRAM)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run urigram");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 2), "{args:?}");
    String::from_utf8(out.stdout).expect("JSON output is UTF-8")
}

pub(crate) struct Validator {
    schemas: Schemas,
    compiler: Compiler,
    path: String,
}

impl Validator {
    pub(crate) fn new() -> Validator {
        let path = root().join("schema/urigram.schema.json");
        Validator {
            schemas: Schemas::new(),
            compiler: Compiler::new(),
            path: path.to_str().unwrap().to_string(),
        }
    }

    fn def(&mut self, name: &str) -> SchemaIndex {
        let loc = format!("{}#/$defs/{name}", self.path);
        self.compiler
            .compile(&loc, &mut self.schemas)
            .unwrap_or_else(|e| panic!("schema {loc}: {e:#}"))
    }

    /// `doc` is a `name`; the message names the command that wrote it.
    pub(crate) fn check(&mut self, name: &str, doc: &Value, what: &str) {
        let s = self.def(name);
        if let Err(e) = self.schemas.validate(doc, s) {
            panic!("{what}: not a {name}: {e:#}\n{doc:#}");
        }
    }

    /// Each line of `out` is a `name` (the last one a `last` when given).
    pub(crate) fn lines(&mut self, name: &str, out: &str, last: Option<&str>, what: &str) {
        let lines: Vec<&str> = out.lines().collect();
        assert!(!lines.is_empty(), "{what}: no output");
        for (k, l) in lines.iter().enumerate() {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: {e}: {l}"));
            let name = match last {
                Some(last) if k + 1 == lines.len() => last,
                _ => name,
            };
            self.check(name, &v, what);
        }
    }

    pub(crate) fn doc(&mut self, name: &str, out: &str, what: &str) {
        let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{what}: {e}: {out}"));
        self.check(name, &v, what);
    }
}

const INPUTS: &[&str] = &[
    "http://a/b?c#d",
    "http://a/b%zz",
    "http://exa mple/",
    "http://a/\u{e9}",
    "?y",
    "",
];

#[test]
fn every_json_output_validates() {
    let mut v = Validator::new();
    let file = "examples/urls.txt";
    let mut stdin = b"http://a/\xff\nhttp://b c\nftp://h/p;type=x\n".to_vec();
    stdin.extend_from_slice(b"mailto:a@b\n");
    for g in ["rfc2396", "rfc1738", "rfc1630", "rfc1630-url", "rfc822"] {
        let mut args = vec!["check", "-g", g, "--format", "jsonl"];
        args.extend(INPUTS);
        v.lines("check_record", &urigram(&args, b""), None, "check jsonl");
        let mut args = vec!["check", "-g", g, "--format", "json"];
        args.extend(INPUTS);
        v.doc("check_document", &urigram(&args, b""), "check json");
        let out = urigram(
            &["check", "-g", g, "--format", "jsonl", "--file", "-"],
            &stdin,
        );
        v.lines("check_record", &out, None, "check jsonl stdin");
        let out = urigram(
            &["check", "-g", g, "--engine", "bnf", "--format", "jsonl"],
            b"",
        );
        let _ = out; // nothing to check: no inputs
        let mut args = vec!["check", "-g", g, "--engine", "bnf", "--format", "jsonl"];
        args.extend(INPUTS);
        v.lines(
            "check_record",
            &urigram(&args, b""),
            None,
            "check --engine bnf",
        );
        let out = urigram(
            &[
                "check",
                "-g",
                g,
                "--summary",
                "--format",
                "json",
                "--file",
                file,
            ],
            b"",
        );
        v.doc("summary", &out, "check --summary json");
        let out = urigram(
            &[
                "check",
                "-g",
                g,
                "--summary",
                "--only",
                "invalid",
                "--format",
                "jsonl",
                "--file",
                file,
            ],
            b"",
        );
        v.lines(
            "check_record",
            &out,
            Some("summary"),
            "check --summary jsonl",
        );
        let out = urigram(
            &[
                "check",
                "-g",
                g,
                "--summary",
                "--only",
                "invalid",
                "--format",
                "json",
                "--file",
                file,
            ],
            b"",
        );
        v.doc("summary", &out, "check --summary --only json");
        for input in INPUTS {
            let out = urigram(&["explain", "-g", g, "--format", "json", input], b"");
            v.doc("explain_document", &out, "explain json");
        }
        let text = std::fs::read_to_string(root().join("tests/data/extract.txt")).unwrap();
        let out = urigram(
            &["extract", "-g", g, "--format", "jsonl", "-"],
            text.as_bytes(),
        );
        v.lines("extract_record", &out, None, "extract jsonl");
        let out = urigram(
            &[
                "extract",
                "-g",
                g,
                "--format",
                "json",
                "tests/data/extract.txt",
            ],
            b"",
        );
        v.doc("extract_document", &out, "extract json");
        for file in [
            "README.md",
            "docs/command-line.md",
            "tests/data/extract-page.html",
        ] {
            let out = urigram(&["extract", "-g", g, "--format", "jsonl", file], b"");
            v.lines("extract_record", &out, None, "extract jsonl markup");
            let out = urigram(&["extract", "-g", g, "--format", "json", file], b"");
            v.doc("extract_document", &out, "extract json markup");
        }
        let out = urigram(
            &[
                "extract",
                "-g",
                g,
                "--summary",
                "--format",
                "json",
                "tests/data/extract.txt",
            ],
            b"",
        );
        v.doc("summary", &out, "extract --summary json");
        // Lines longer than --max-line-length: held (line 2) and skipped by the reader
        // (line 4), records of their own.
        let long = format!(
            "a http://x/%zz\n{} http://q/\nhttp://y/\n{}\nhttp://z/ b\n",
            "x".repeat(30),
            "y".repeat(100_000)
        );
        let args = ["extract", "-g", g, "--max-line-length", "20", "--format"];
        let out = urigram(&[&args[..], &["jsonl", "-"]].concat(), long.as_bytes());
        assert_eq!(out.matches("urigram::line-too-long").count(), 2, "{out}");
        v.lines(
            "extract_record",
            &out,
            None,
            "extract jsonl, lines too long",
        );
        let out = urigram(&[&args[..], &["json", "-"]].concat(), long.as_bytes());
        v.doc("extract_document", &out, "extract json, lines too long");
        let out = urigram(
            &[&args[..], &["json", "--summary", "--only", "invalid", "-"]].concat(),
            long.as_bytes(),
        );
        v.doc("summary", &out, "extract --summary json, lines too long");
        let out = urigram(
            &[
                "check",
                "-g",
                g,
                "--summary",
                "--max-line-length",
                "20",
                "--format",
                "json",
                "--file",
                "-",
            ],
            long.as_bytes(),
        );
        v.doc("summary", &out, "check --summary json, lines too long");
    }
    let mut args = vec![
        "check",
        "--all-grammars",
        "--with-rfc822",
        "--format",
        "jsonl",
    ];
    args.extend(INPUTS);
    v.lines("matrix_row", &urigram(&args, b""), None, "matrix jsonl");
    let mut args = vec!["check", "--all-grammars", "--format", "json", "--file", "-"];
    args.extend(INPUTS);
    v.doc("matrix_document", &urigram(&args, &stdin), "matrix json");

    // merge-summaries of two shards' summaries, and of its own output.
    let a = urigram(
        &["check", "--summary", "--format", "json", "--file", "-"],
        b"http://a b\nx\n",
    );
    let b = urigram(
        &["check", "--summary", "--format", "json", "--file", file],
        b"",
    );
    let both = format!("{a}{b}");
    let merged = urigram(
        &["merge-summaries", "--format", "json", "-"],
        both.as_bytes(),
    );
    v.doc("summary", &merged, "merge-summaries json");

    let base = "http://a/b/c/d;p?q";
    for refs in [
        vec!["g", "#s", "?y", "../../../g", "g h", "//x/..//g"],
        vec!["http:g"],
    ] {
        let mut args = vec!["resolve", "--format", "jsonl", base];
        args.extend(&refs);
        v.lines(
            "resolve_record",
            &urigram(&args, b""),
            None,
            "resolve jsonl",
        );
        let mut args = vec![
            "resolve",
            "--format",
            "json",
            "--leading-dot-dot",
            "reject",
            base,
        ];
        args.extend(&refs);
        for r in serde_json::from_str::<Vec<Value>>(&urigram(&args, b"")).unwrap() {
            v.check("resolve_record", &r, "resolve json");
        }
    }
    for bad_base in ["b/c", "mailto:x@y", "a b"] {
        let out = urigram(&["resolve", "--format", "jsonl", bad_base, "g"], b"");
        v.lines("resolve_record", &out, None, "resolve jsonl, bad base");
    }
    let out = urigram(
        &["normalize", "--format", "jsonl", "HTTP://A:80/%7e", "a b"],
        b"",
    );
    v.lines("normalize_record", &out, None, "normalize jsonl");
    for (a, b) in [
        ("http://a", "HTTP://a:80"),
        ("http://a", "http://b"),
        ("a b", "%"),
    ] {
        let out = urigram(&["equivalent", "--format", "jsonl", a, b], b"");
        v.lines("equivalent_record", &out, None, "equivalent jsonl");
    }
}

/// `check --compare`: records (with --all, and of a line too long to compare), the document
/// and the summary, on the inputs where RFC 2396 and RFC 3986 part and on the example data.
#[test]
fn compare_outputs_validate() {
    let mut v = Validator::new();
    let known = [crate::compare::KNOWN, &["http://a b/"]].concat();
    let mut stdin = b"?y\nhttp://a/\xff\n".to_vec();
    stdin.extend_from_slice(format!("{}\nhttp://[::1]/\n", "a".repeat(100)).as_bytes());
    for g in ["rfc2396", "rfc2732"] {
        let cmp = ["check", "-g", g, "--compare", "rfc3986"];
        let args = [&cmp[..], &["--all", "--format", "jsonl"], &known[..]].concat();
        let out = urigram(&args, b"");
        assert_eq!(out.lines().count(), known.len(), "{out}");
        v.lines("compare_record", &out, None, "check --compare --all jsonl");
        let args = [&cmp[..], &["--format", "json"], &known[..]].concat();
        v.doc(
            "compare_document",
            &urigram(&args, b""),
            "check --compare json",
        );
        let long = ["--max-line-length", "50", "--file", "-"];
        let args = [&cmp[..], &["--format", "jsonl"], &long[..]].concat();
        let out = urigram(&args, &stdin);
        assert!(out.contains("\"pair\":\"not_compared\""), "{out}");
        v.lines(
            "compare_record",
            &out,
            None,
            "check --compare jsonl, long line",
        );
        let args = [&cmp[..], &["--format", "json"], &long[..]].concat();
        v.doc(
            "compare_document",
            &urigram(&args, &stdin),
            "check --compare json",
        );
        for (format, args) in [
            ("json", vec!["--file", "examples/urls.txt"]),
            ("jsonl", known.to_vec()),
        ] {
            let args = [&cmp[..], &["--summary", "--format", format], &args[..]].concat();
            let out = urigram(&args, b"");
            v.lines("compare_summary", &out, None, "check --compare --summary");
        }
    }
}

/// The schema is not a check that cannot fail: it rejects what is not urigram's shape.
#[test]
fn the_schema_rejects_other_shapes() {
    let mut v = Validator::new();
    let out = urigram(&["check", "--format", "jsonl", "http://a/b%zz"], b"");
    let good: Value = serde_json::from_str(out.trim()).unwrap();
    v.check("check_record", &good, "check");
    let s = v.def("check_record");
    for edit in [
        |r: &mut Value| r["error"]["code"] = "rfc2396::escaped::hex".into(),
        |r: &mut Value| r["error"]["citation"] = "rfc2396.txt:1526".into(),
        |r: &mut Value| drop(r["error"].as_object_mut().unwrap().remove("help")),
        |r: &mut Value| r["error"]["offset"] = (-1).into(),
        |r: &mut Value| r["extra"] = true.into(),
    ] {
        let mut bad = good.clone();
        edit(&mut bad);
        assert!(v.schemas.validate(&bad, s).is_err(), "accepted {bad}");
    }
}

/// The library's own serialized errors (`serde_json::to_value(&error)` with the `serde` feature)
/// are the schema's `grammar_error`, with no command in between: for every grammar, a valid
/// beginning that stops too early, a bad byte in the middle, non-ASCII text and a rule the
/// grammar does not have.
#[test]
fn the_librarys_serialized_errors_validate() {
    let mut v = Validator::new();
    let mut seen = 0;
    for &g in urigram::Grammar::ALL {
        for input in [
            "http://a/b%zz",
            "http://exa mple/",
            "http://a/\u{e9}",
            "<",
            "",
        ] {
            for rule in [g.start_rule(), "no-such-rule"] {
                let Err(e) = g.check(rule, input) else {
                    continue;
                };
                let doc = serde_json::to_value(&e).unwrap();
                assert_eq!(doc["code"], e.code(), "{g} {rule} {input:?}");
                v.check("grammar_error", &doc, &format!("{g} {rule} {input:?}"));
                seen += 1;
            }
        }
    }
    // Every grammar rejects every rule it lacks, and at least `<` and the space by its start rule.
    assert!(seen >= urigram::Grammar::ALL.len() * 7, "{seen}");
}
