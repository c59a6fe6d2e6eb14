//! RFC 3987's IRIs on the command line: `extract -g rfc3987` in running text, `fix` under
//! rfc3986 (an IRI's section 3.1 URI) and rfc3987, `convert --to uri|iri`, `check -g rfc3986
//! --compare rfc3987`, and the matrix's rfc3987 column.

use crate::common::run::urigram;
use crate::json_schema::Validator;

use serde_json::Value;
use urigram::rfc3987::{to_iri, to_uri};

/// IRIs written with the running text's own punctuation around and after them.
const TEXT: &str = "see http://example.org/résumé。and «http://例え.jp/パス» \
                    or（https://ja.wikipedia.org/wiki/ジョン・レノン）、“http://b.org/ü”…\n";

#[test]
fn extract_finds_iris_in_running_text() {
    let (code, out, err) = urigram(
        &["extract", "-g", "rfc3987", "--format", "uris", "-"],
        TEXT.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "http://example.org/résumé",
            "http://例え.jp/パス",
            "https://ja.wikipedia.org/wiki/ジョン・レノン",
            "http://b.org/ü"
        ]
    );
    // Under RFC 3986 the same extents, each reported at its first non-ASCII character (and
    // not at the text's punctuation after it).
    let (code, out, _) = urigram(
        &["extract", "-g", "rfc3986", "--format", "jsonl", "-"],
        TEXT.as_bytes(),
    );
    assert_eq!(code, 1);
    let found: Vec<(String, bool)> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r.get("uri").is_some())
        .map(|r| {
            (
                r["uri"].as_str().unwrap().to_owned(),
                r["valid"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(found.len(), 4, "{out}");
    assert!(
        found
            .iter()
            .all(|(u, valid)| !valid && !u.ends_with(['。', '»', '）', '”', '…'])),
        "{found:?}"
    );
}

/// IRI references with non-ASCII characters in every component.
const IRIS: &[&str] = &[
    "http://例え.jp/résumé?q=ü#frag€",
    "http://user:pässword@bücher.example:8080/a/b%20c?é=ü",
    "//例え.jp",
    "/パス/ジョン・レノン",
    "?q=\u{E000}",
    "#\u{10300}",
    "http://www.example.org/red%09ros\u{e9}#red",
];

/// `fix -g rfc3986` writes an IRI as its section 3.1 URI; `fix -g rfc3987` leaves it alone.
#[test]
fn fix_under_rfc3986_gives_the_section_3_1_uri() {
    let text = IRIS.join("\n") + "\n";
    let (code, out, err) = urigram(&["fix", "-g", "rfc3986", "-"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    let expected: Vec<String> = IRIS
        .iter()
        .map(|i| to_uri(i).unwrap().as_str().to_owned())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    // The same, one at a time, by the library.
    for (i, e) in IRIS.iter().zip(&expected) {
        match urigram::fix::fix(i, urigram::Grammar::Rfc3986) {
            urigram::fix::FixResult::Fixed { uri, .. } => assert_eq!(&uri, e),
            r => panic!("{i}: {r:?}"),
        }
    }
    let (code, out, err) = urigram(&["fix", "-g", "rfc3987", "-"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, text, "valid IRIs are left alone");
}

/// `fix -g rfc3987` fixes what is no IRI, and only that: a space, a `%` that begins no escape,
/// a C1 control, a private-use character outside the query; the IRI's other characters stay.
#[test]
fn fix_under_rfc3987_fixes_what_is_no_iri() {
    let (code, out, err) = urigram(
        &["fix", "-g", "rfc3987", "-"],
        "http://例え.jp/a b/100%/\u{90}/\u{E000}?\u{E000}\n".as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "http://例え.jp/a%20b/100%25/%C2%90/%EE%80%80?\u{E000}\n"
    );
    // In running text: only the IRI's errors.
    let (code, out, err) = urigram(
        &["fix", "-g", "rfc3987", "--text", "-"],
        "見て http://例え.jp/パス。と <http://例え.jp/a b>\n".as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "見て http://例え.jp/パス。と <http://例え.jp/a%20b>\n");
}

#[test]
fn convert_to_uri_and_back() {
    let mut args = vec!["convert", "--to", "uri"];
    args.extend(IRIS);
    let (code, out, err) = urigram(&args, b"");
    assert_eq!(code, 0, "{err}");
    let uris: Vec<String> = IRIS
        .iter()
        .map(|i| to_uri(i).unwrap().as_str().to_owned())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), uris);
    // And back, from standard input: section 3.2 decodes what section 3.1 encoded.
    let (code, out, err) = urigram(
        &["convert", "--to", "iri"],
        (uris.join("\n") + "\n").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let iris: Vec<String> = uris
        .iter()
        .map(|u| to_iri(u).unwrap().into_string())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), iris);
    assert_eq!(iris[0], IRIS[0]);
    // Section 3.2's exceptions: octets that are not UTF-8, a bidi control, a reserved escape.
    let (_, out, _) = urigram(
        &[
            "convert",
            "--to",
            "iri",
            "http://www.example.org/D%FCrst",
            "http://a/%e2%80%ae",
            "http://a/%2F%C3%BC",
        ],
        b"",
    );
    assert_eq!(
        out,
        "http://www.example.org/D%FCrst\nhttp://a/%E2%80%AE\nhttp://a/%2Fü\n"
    );
}

/// Errors as `check` reports them: the diagnostic on standard error, nothing on standard
/// output, exit 1; a file's lines are placed at their line.
#[test]
fn convert_errors_and_exit_codes() {
    let (code, out, err) = urigram(
        &["convert", "--to", "uri", "http://a/ok", "http://a/b c"],
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(out, "http://a/ok\n");
    assert!(
        err.contains("error[rfc3987::IRI-reference::space]"),
        "{err}"
    );
    assert!(err.contains("--> <argument 2>:1:11"), "{err}");
    // --to iri reads URIs: a non-ASCII character is no URI.
    let (code, _, err) = urigram(
        &["convert", "--to", "iri", "-f", "-"],
        "http://a/\nhttp://a/é\n".as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(err.contains("rfc3986::URI-reference::non-ascii"), "{err}");
    assert!(err.contains("--> <stdin>:2:10"), "{err}");
    // A line that is not UTF-8, and one too long.
    let (code, _, err) = urigram(&["convert", "--to", "uri"], b"http://a/\xff\n");
    assert_eq!(code, 1);
    assert!(err.contains("<stdin>:1: not UTF-8"), "{err}");
    let (code, out, err) = urigram(
        &[
            "convert",
            "--to",
            "uri",
            "--max-line-length",
            "5",
            "-f",
            "-",
        ],
        b"http://a/\nx\n",
    );
    assert_eq!((code, out.as_str()), (1, "x\n"), "{err}");
    assert!(err.contains("longer than --max-line-length"), "{err}");
    // Usage: --to is required, a missing file is an I/O error.
    assert_eq!(urigram(&["convert", "x"], b"").0, 2);
    let (code, _, err) = urigram(&["convert", "--to", "uri", "-f", "no/such/file"], b"");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("urigram: reading no/such/file: ") && !err.contains("writing"),
        "{err}"
    );
    // A directory opens, and its first read fails: the error names it, and says reading.
    let dir = std::env::temp_dir();
    let name = dir.display().to_string();
    let (code, out, err) = urigram(&["convert", "--to", "uri", "-f", &name, "http://a/"], b"");
    assert_eq!((code, out.as_str()), (2, "http://a/\n"), "{err}");
    assert!(
        err.starts_with(&format!("urigram: reading {name}: ")),
        "{err}"
    );
}

#[test]
fn convert_json_follows_the_schema() {
    let mut v = Validator::new();
    let (_, out, _) = urigram(
        &[
            "convert",
            "--to",
            "uri",
            "--format",
            "jsonl",
            "http://例え.jp/",
            "a b",
        ],
        b"",
    );
    v.lines("convert_record", &out, None, "convert jsonl");
    let first: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["output"], "http://%E4%BE%8B%E3%81%88.jp/");
    assert_eq!(first["source"], "<argument 1>");
    let (code, out, _) = urigram(
        &["convert", "--to", "iri", "--format", "json", "-f", "-"],
        b"http://a/%C3%A9\n\xff\nhttp://a/\xc3\xa9\n",
    );
    assert_eq!(code, 1);
    v.doc("convert_document", &out, "convert json");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert_eq!(doc["grammar"], "rfc3986");
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["output"], "http://a/é");
    assert_eq!(
        (results[1]["line"].as_u64(), results[1]["input"].is_null()),
        (Some(2), true)
    );
    assert_eq!(
        results[2]["error"]["code"],
        "rfc3986::URI-reference::non-ascii"
    );
}

/// `check -g rfc3986 --compare rfc3987`: which inputs are IRIs but no URIs, from arguments, a
/// file and standard input, in records, the summary and its JSON.
#[test]
fn compare_rfc3986_with_rfc3987() {
    let lines = "http://例え.jp/パス\nhttp://a/b\nhttp://a/b c\n/résumé?q=\u{E000}\n";
    let dir = std::env::temp_dir().join(format!("urigram-iris-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("iris.txt");
    std::fs::write(&file, lines).unwrap();
    let file = file.to_str().unwrap();
    let base = ["check", "-g", "rfc3986", "--compare", "rfc3987"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let run = |args: Vec<String>, stdin: &[u8]| {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        urigram(&a, stdin)
    };
    // Records: the two IRIs that are no URIs, placed in the file.
    let (code, out, _) = run(with(&["--format", "jsonl", "--file", file]), b"");
    assert_eq!(code, 1);
    let records: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let lines_of: Vec<u64> = records.iter().filter_map(|r| r["line"].as_u64()).collect();
    assert_eq!(lines_of, [1, 4], "{out}");
    // The summary, from standard input: "valid under rfc3987 only", with the examples.
    let (code, out, _) = run(with(&["--summary"]), lines.as_bytes());
    assert_eq!(code, 1);
    let only = out
        .lines()
        .find(|l| l.contains("valid under rfc3987 only"))
        .unwrap_or_default();
    assert!(only.split_whitespace().any(|w| w == "2"), "{out}");
    assert!(out.contains("<stdin>:1:8  http://例え.jp/パス"), "{out}");
    // Its JSON.
    let (_, out, _) = run(
        with(&["--summary", "--format", "json", "--file", file]),
        b"",
    );
    let s: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (
            s["only_second"].as_u64(),
            s["both_valid"].as_u64(),
            s["neither"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    let group = &s["groups"][0];
    assert_eq!(
        (group["pair"].as_str(), group["second"].as_str()),
        (Some("only_second"), Some("valid"))
    );
    assert_eq!(group["examples"][0]["input"], "http://例え.jp/パス");
    std::fs::remove_dir_all(&dir).ok();
}

/// The matrix has RFC 3987's column: an IRI that is no URI is valid somewhere (exit 0).
#[test]
fn the_matrix_has_rfc3987() {
    let (code, out, _) = urigram(
        &[
            "check",
            "--all-grammars",
            "--format",
            "jsonl",
            "http://例え.jp/",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    let row: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let verdicts: Vec<(String, bool)> = row["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["grammar"].as_str().unwrap().to_owned(),
                v["valid"].as_bool().unwrap(),
            )
        })
        .collect();
    let valid: Vec<&str> = verdicts
        .iter()
        .filter(|(_, ok)| *ok)
        .map(|(g, _)| g.as_str())
        .collect();
    assert_eq!(valid, ["rfc3987"]);
    assert_eq!(verdicts.len(), 7);
    let (code, out, _) = urigram(&["check", "--all-grammars", "http://例え.jp/"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("rfc3987      IRI-reference    valid"), "{out}");
}
