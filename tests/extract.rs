//! `urigram extract`: URIs found in text files, their positions and diagnostics (as snapshots),
//! exit codes.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

/// Run `urigram ARGS` in the repository's root with `stdin`; (exit code, stdout, stderr).
fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urigram"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin).expect("write stdin");
    drop(input);
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn snap(name: &str, args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (code, out, err) = urigram(args, stdin);
    let text = format!(
        "$ urigram {}\nexit: {code}\n--- stdout\n{out}--- stderr\n{err}",
        args.join(" ")
    );
    common::with_snapshots(|| insta::assert_snapshot!(name, text));
    (code, out)
}

const FILE: &str = "tests/data/extract.txt";

#[test]
fn human() {
    let (code, _) = snap("extract__human", &["extract", FILE], b"");
    assert_eq!(code, 1);
}

#[test]
fn json_has_every_field() {
    let (code, out) = snap("extract__json", &["extract", "--format", "json", FILE], b"");
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["total"], 6);
    assert_eq!(doc["invalid"], 2);
    let r = &doc["results"][4];
    assert_eq!(r["uri"], "http://a/bc%G0/");
    assert_eq!(r["delimiter"], "url");
    assert_eq!(
        (r["line"].as_u64(), r["column"].as_u64()),
        (Some(8), Some(68))
    );
    // The emoji before it: one character, two UTF-16 units.
    assert_eq!(r["column_utf16"], 69);
    let e = &r["error"];
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(9), Some(6))
    );
    assert_eq!(e["citation"]["text"], "rfc2396.txt:1526 (section 2.4.1)");
    // The error's byte range in the file is the 'G'.
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE))
        .unwrap();
    let (s, t) = (e["offset"].as_u64().unwrap(), e["end"].as_u64().unwrap());
    assert_eq!(&text[s as usize..t as usize], "G");
}

#[test]
fn jsonl_from_stdin_with_crlf() {
    let input = "a <URL:http://x/%4\r\n  1> b\r\nhttp://ok/\r\n".as_bytes();
    let (code, out) = snap(
        "extract__jsonl_stdin",
        &["extract", "--format", "jsonl", "-"],
        input,
    );
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["uri"], "http://x/%41");
    assert_eq!(rows[0]["path"], "<stdin>");
    assert_eq!(rows[1]["line"], 3);
}

#[test]
fn exit_codes() {
    assert_eq!(urigram(&["extract", "-"], b"no URIs here").0, 0);
    assert_eq!(urigram(&["extract", "-"], b"http://a/ <mailto:b@c>").0, 0);
    assert_eq!(urigram(&["extract", "-"], b"http://a/%").0, 1);
    assert_eq!(urigram(&["extract"], b"").0, 2);
    assert_eq!(urigram(&["extract", "--grammar", "nope", "-"], b"").0, 2);
    let (code, out, err) = urigram(&["extract", FILE, "/nonexistent/file"], b"");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "no partial output: {out}");
    assert!(err.contains("/nonexistent/file"), "{err}");
}
