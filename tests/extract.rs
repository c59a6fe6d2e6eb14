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

/// The errors of `extract --format jsonl ARGS`: (line, column, the error's text in the file).
fn errors(args: &[&str], path: &str) -> Vec<(u64, u64, String)> {
    let mut a = vec!["extract", "--format", "jsonl"];
    a.extend_from_slice(args);
    a.push(path);
    let (_, out, err) = urigram(&a, b"");
    assert!(err.is_empty(), "{err}");
    let text = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["valid"] == false)
        .map(|r| {
            let e = &r["error"];
            let (s, t) = (e["offset"].as_u64().unwrap(), e["end"].as_u64().unwrap());
            let at = String::from_utf8_lossy(&text[s as usize..t as usize]).into_owned();
            (
                e["line"].as_u64().unwrap(),
                e["column"].as_u64().unwrap(),
                at,
            )
        })
        .collect()
}

/// This repository's README, read as Markdown: its code blocks hold many rejected URIs (the
/// examples), and none of them is reported; read as plain text, they are.
#[test]
fn readme_as_markdown_has_no_false_report() {
    assert_eq!(errors(&[], "README.md"), []);
    assert!(errors(&["--syntax", "plain"], "README.md").len() > 5);
}

/// A saved web page: links, entities, scripts, styles and comments, and four broken URIs,
/// each reported at its byte in the source.
#[test]
fn html_page_reports_only_the_true_errors() {
    let got = errors(&[], "tests/data/extract-page.html");
    let want = [
        (34, 56, "&eacute;"), // café in text: the reference is the non-ASCII character
        (36, 29, "."),        // %2.
        (45, 38, " "),        // a space in href
        (46, 34, "&#x7B;"),   // "{", written as a reference
    ];
    let want: Vec<(u64, u64, String)> = want
        .iter()
        .map(|&(l, c, s)| (l, c, s.to_string()))
        .collect();
    assert_eq!(got, want);
}

/// Plain text streamed in tiny chunks, on several threads, gives the same records as in one
/// piece: URIs in <URL:...> that span chunks, and hyphens at line breaks, are carried over.
#[test]
fn chunks_do_not_change_the_output() {
    let mut text = String::new();
    for k in 0..200 {
        text.push_str(&format!(
            "line {k} <URL:http://a.example/{k}/\n   more/%zz> and http://b.example/x-\n  y/{k} é\n"
        ));
        if k % 7 == 0 {
            text.push_str("<http://c.example/never closed\n\n");
        }
    }
    let whole = urigram(&["extract", "--format", "jsonl", "-"], text.as_bytes());
    assert_eq!(whole.0, 1);
    assert_eq!(whole.1.lines().count(), 200 * 2 + 29);
    for chunk in ["1", "7", "64", "1000"] {
        for jobs in ["1", "3"] {
            let args = [
                "extract",
                "--format",
                "jsonl",
                "--jobs",
                jobs,
                "--chunk-bytes",
                chunk,
                "-",
            ];
            let got = urigram(&args, text.as_bytes());
            assert_eq!(got.1, whole.1, "chunk {chunk}, jobs {jobs}");
        }
    }
}

/// Bytes that are not UTF-8 keep the file's offsets in the JSON.
#[test]
fn offsets_are_the_files_after_bytes_that_are_not_utf8() {
    let input = b"\xff\xfe x http://a/%zz\n";
    let (_, out, _) = urigram(&["extract", "--format", "jsonl", "-"], input);
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(r["offset"], 5);
    assert_eq!(r["error"]["offset"], 15);
    assert_eq!(r["column"], 6); // each byte that is not UTF-8 is one U+FFFD
}

#[test]
fn summary_like_check() {
    let (code, out, _) = urigram(&["extract", "--summary", FILE], b"");
    assert_eq!(code, 1);
    assert!(
        out.starts_with("Summary: grammar rfc2396, rule URI-reference\n"),
        "{out}"
    );
    assert!(out.contains("tests/data/extract.txt:9:6"), "{out}");
    let (_, out, _) = urigram(&["extract", "--summary", "--format", "json", FILE], b"");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["sections"][0]["invalid"], 2);
}

#[test]
fn markup_by_option_and_extension() {
    let md = b"[a](http://x/%zz) `http://code/%zz`\n";
    let (_, out, _) = urigram(
        &["extract", "--syntax", "markdown", "--format", "jsonl", "-"],
        md,
    );
    assert_eq!(out.lines().count(), 1);
    let (_, out, _) = urigram(
        &[
            "extract",
            "--syntax",
            "markdown",
            "--include-code",
            "--format",
            "jsonl",
            "-",
        ],
        md,
    );
    assert_eq!(out.lines().count(), 2);
    let (_, out, _) = urigram(&["extract", "--format", "jsonl", "-"], md);
    assert_eq!(out.lines().count(), 2, "plain text by default on stdin");
}
