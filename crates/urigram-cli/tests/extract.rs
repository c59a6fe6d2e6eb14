//! `urigram extract`: URIs found in text files, their positions and diagnostics (as snapshots),
//! exit codes.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

/// Run `urigram ARGS` in the repository's root with `stdin`; (exit code, stdout, stderr).
fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(common::URIGRAM)
        .args(args)
        .current_dir(common::ROOT)
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
    let text = std::fs::read_to_string(std::path::Path::new(common::ROOT).join(FILE)).unwrap();
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
    let text = std::fs::read(std::path::Path::new(common::ROOT).join(path)).unwrap();
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

/// The README and the guide, read as Markdown: their code blocks hold many rejected URIs (the
/// examples), and none of them is reported; read as plain text, they are.
#[test]
fn readme_as_markdown_has_no_false_report() {
    let files = [
        "README.md",
        "docs/command-line.md",
        "docs/corpus.md",
        "docs/editors.md",
        "docs/exactness.md",
        "docs/library.md",
        "docs/rfc2396-to-rfc3986.md",
        "docs/documents.md",
    ];
    let mut plain = 0;
    for file in files {
        assert_eq!(errors(&[], file), [], "{file}");
        // Plain text ends a URI at a backtick, so a file whose examples are all in code spans
        // may have none.
        plain += errors(&["--syntax", "plain"], file).len();
    }
    assert!(plain > 20, "{plain}");
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

/// The records of `extract --format jsonl ARGS` on `stdin`, and the exit code.
fn records(args: &[&str], stdin: &[u8]) -> (i32, Vec<serde_json::Value>) {
    let args = [&["extract", "--format", "jsonl"][..], args, &["-"]].concat();
    let (code, out, err) = urigram(&args, stdin);
    let recs = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}\n{err}")))
        .collect();
    (code, recs)
}

/// A line longer than --max-line-length (1 MiB unless set) is an invalid record of its own,
/// `urigram::line-too-long`, placed at its first column, and the search goes on after it.
#[test]
fn a_line_past_the_limit_is_reported_not_dropped() {
    let mut input = "http://a/%zz ".repeat(100_000).into_bytes(); // 1.3 MB, 100,000 URIs
    input.extend_from_slice(b"\nsee http://ok/ too\n");
    let (code, recs) = records(&[], &input);
    assert_eq!(code, 1, "a line too long is invalid");
    assert_eq!(recs.len(), 2, "{recs:?}");
    let r = &recs[0];
    assert_eq!(r["uri"], serde_json::Value::Null);
    assert_eq!((&r["line"], &r["column"]), (&1.into(), &1.into()));
    assert_eq!((&r["offset"], &r["end"]), (&0.into(), &1_300_000.into()));
    assert_eq!(r["valid"], false);
    assert_eq!(r["error"]["code"], "urigram::line-too-long");
    assert_eq!(r["error"]["length"], 1_300_000);
    assert_eq!(r["error"]["limit"], 1 << 20);
    assert_eq!(recs[1]["uri"], "http://ok/");
    assert_eq!(
        (&recs[1]["line"], &recs[1]["offset"]),
        (&2.into(), &1_300_005.into())
    );
    // For people: the code and the place, path:line:column.
    let (code, out, _) = urigram(&["extract", "-"], &input);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(
            "error[urigram::line-too-long]: a line of 1,300,000 bytes, longer than the limit \
             of 1,048,576 (--max-line-length): not checked\n --> <stdin>:1:1\n"
        ),
        "{out}"
    );
    assert!(out.contains("<stdin>:2:5: ok: http://ok/"), "{out}");
    // Counted in the summary, with check's group for it.
    let (code, out, _) = urigram(&["extract", "--summary", "--format", "json", "-"], &input);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &doc["sections"][0];
    assert_eq!(
        (&s["lines"], &s["valid"], &s["invalid"]),
        (&2.into(), &1.into(), &1.into())
    );
    assert_eq!(s["bytes"], input.len());
    assert_eq!(s["by_code"][0]["code"], "urigram::line-too-long");
    assert_eq!(s["by_code"][0]["examples"][0]["line"], 1);
    // Raised past the line, it is searched: every URI in it is found (and the summary of a
    // long line's many URIs takes time linear in the line).
    let args = [
        "extract",
        "--max-line-length",
        "2000000",
        "--summary",
        "--format",
        "json",
    ];
    let (code, out, _) = urigram(&[&args[..], &["-"]].concat(), &input);
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &doc["sections"][0];
    assert_eq!(
        (&s["lines"], &s["invalid"]),
        (&100_001.into(), &100_000.into())
    );
    assert_eq!(s["by_code"][0]["code"], "rfc2396::escaped::letter");
    assert_eq!(s["by_code"][0]["examples"][2]["offset"], 36);
    // --only valid leaves it out, and the exit code still counts it.
    let (code, recs) = records(&["--only", "valid"], &input);
    assert_eq!((code, recs.len()), (1, 1));
}

/// Lines past the limit, held in a chunk or skipped by the reader, whatever the chunk size:
/// the same records; nothing is carried across such a line (a `<URL:` before it is closed by
/// it, a hyphen before it does not join).
#[test]
fn lines_past_the_limit_whatever_the_chunks() {
    let long = "y".repeat(5000);
    let text = format!(
        "a http://a/b\n{}\nhttp://x/%zz <URL:http://c/\n{long}\nd/e>\r\nhttp://h/a-\n\
         {long} http://k/\nhttp://j/0123456789012345678901234567890123456789\r\nhttp://m/%\n\
         <URL:http://n/\n o/>",
        "z".repeat(41)
    );
    let args = ["--max-line-length", "40"];
    let (code, whole) = records(&args, text.as_bytes());
    assert_eq!(code, 1);
    let got: Vec<(u64, String)> = whole
        .iter()
        .map(|r| {
            let what = match r["uri"].as_str() {
                Some(u) => u.to_string(),
                None => format!("too long: {}", r["error"]["length"]),
            };
            (r["line"].as_u64().unwrap(), what)
        })
        .collect();
    let want: Vec<(u64, String)> = vec![
        (1, "http://a/b".into()),
        (2, "too long: 41".into()),
        (3, "http://x/%zz".into()),
        (3, "http://c/".into()),
        (4, "too long: 5000".into()),
        (6, "http://h/a-".into()),
        (7, "too long: 5010".into()),
        (8, "too long: 49".into()),
        (9, "http://m/%".into()),
        (10, "http://n/o/".into()),
    ];
    assert_eq!(got, want, "{whole:#?}");
    // The byte range of a line too long is the file's (line 8 ends in CR LF).
    let r = &whole[7];
    let at = text.find("http://j/").unwrap();
    assert_eq!((&r["offset"], &r["end"]), (&at.into(), &(at + 49).into()));
    for chunk in ["1", "7", "64", "1000", "100000"] {
        for jobs in ["1", "3"] {
            let args = [&args[..], &["--jobs", jobs, "--chunk-bytes", chunk]].concat();
            let (code, got) = records(&args, text.as_bytes());
            assert_eq!(code, 1);
            assert_eq!(got, whole, "chunk {chunk}, jobs {jobs}");
        }
    }
}

#[test]
fn max_line_length_is_checked() {
    for bad in ["0", "1073741825", "-5", "18446744073709551615", "x"] {
        let arg = format!("--max-line-length={bad}");
        let (code, out, err) = urigram(&["extract", &arg, "-"], b"");
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("--max-line-length"), "{bad}: {err}");
    }
    let (code, _, err) = urigram(&["extract", "--max-line-length", "1073741824", "-"], b"x");
    assert_eq!(code, 0, "{err}");
}

/// A byte that is not UTF-8 inside a URI gets the diagnostic `check` gives for the URI's
/// bytes (`not-utf8`, escaped as itself), not that of the U+FFFD the text is read with; its
/// place counts in the file.
#[test]
fn a_byte_that_is_not_utf8_is_reported_as_check_reports_it() {
    let text = b"first line\nsee http://a/b\xffc here and http://d/\xfe\n";
    for g in ["rfc3987", "rfc3986", "rfc2396"] {
        let (code, out, err) = urigram(&["extract", "-g", g, "--format", "jsonl", "-"], text);
        assert_eq!(code, 1, "{err}");
        let found: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(found.len(), 2, "{out}");
        for (f, (uri, offset)) in found
            .iter()
            .zip([(&b"http://a/b\xffc"[..], 25), (b"http://d/\xfe", 46)])
        {
            let (_, checked, _) = urigram(
                &["check", "-g", g, "--format", "jsonl", "--file", "-"],
                &[uri, &b"\n"[..]].concat(),
            );
            let checked: serde_json::Value = serde_json::from_str(checked.trim()).unwrap();
            let (e, c) = (&f["error"], &checked["error"]);
            assert!(
                e["code"].as_str().unwrap().ends_with("::not-utf8"),
                "{g}: {e}"
            );
            for k in ["code", "message", "help", "rule"] {
                assert_eq!(e[k], c[k], "{g} {k}");
            }
            assert_eq!(
                (&e["offset"], &e["end"], &e["line"]),
                (
                    &serde_json::json!(offset),
                    &serde_json::json!(offset + 1),
                    &serde_json::json!(2)
                )
            );
        }
    }
    let (_, human, _) = urigram(&["extract", "-g", "rfc3987", "-"], text);
    assert!(
        human.contains("this one as %FF") && !human.contains("%EF%BF%BD"),
        "{human}"
    );
}
