//! URI Templates (RFC 6570) on the command line: `check -g rfc6570` (with `--rule`, the JSON
//! output and `explain`), and `expand` with values from options and from a JSON file.

use crate::common;
use common::run;

use serde_json::Value;

fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run::urigram(args, stdin)
}

#[test]
fn check_reads_templates() {
    let (code, out, _) = urigram(
        &[
            "check",
            "-g",
            "rfc6570",
            "http://example.com/{user}{?q,lang}",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = urigram(&["check", "-g", "rfc6570", "/{a..b}"], b"");
    assert_eq!(code, 1);
    assert!(out.contains("error[rfc6570::varchar::mark]"), "{out}");
    assert!(
        out.contains("= help: a `.` stands between two characters"),
        "{out}"
    );
    assert!(out.contains("see rfc6570.txt:779 (section 2.3)"), "{out}");
    let (code, _, _) = urigram(
        &["check", "-g", "rfc6570", "--rule", "max-length", "9999"],
        b"",
    );
    assert_eq!(code, 0);
    let (code, out, _) = urigram(
        &[
            "check",
            "-g",
            "rfc6570",
            "--rule",
            "max-length",
            "--format",
            "jsonl",
            "10000",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["error"]["offset"], 4, "{out}");
    let (code, out, _) = urigram(&["explain", "-g", "rfc6570", "{?q,lang}"], b"");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("variable-list"), "{out}");
}

#[test]
fn expand_with_options_and_a_file() {
    let (code, out, err) = urigram(
        &[
            "expand",
            "http://example.com/search{?q,lang}{&tags*}{#frag}",
            "--var",
            "q=cat & dog",
            "--var",
            "lang=en",
            "--list",
            "tags=a,b",
            "--var",
            "frag=x,y",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "http://example.com/search?q=cat%20%26%20dog&lang=en&tags=a&tags=b#x,y\n"
    );
    let (code, out, _) = urigram(&["expand", "{;keys*}", "--assoc", "keys=semi=;,dot=."], b"");
    assert_eq!((code, out.as_str()), (0, ";semi=%3B;dot=.\n"));
    let dir = std::env::temp_dir().join(format!("urigram-expand-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("vars.json");
    std::fs::write(
        &file,
        r#"{"list": ["red", "green"], "n": 6, "undef": null, "var": "v"}"#,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, out, _) = urigram(
        &[
            "expand",
            "{/list*}{?n,undef,var}",
            "--vars",
            path,
            "--var",
            "var=w",
        ],
        b"",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((code, out.as_str()), (0, "/red/green?n=6&var=w\n"));
}

#[test]
fn expand_errors_are_diagnostics() {
    let (code, _, err) = urigram(&["expand", "{list:1}", "--list", "list=a,b"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("prefix modifier at byte 5"), "{err}");
    assert!(err.contains("see rfc6570.txt:847 (section 2.4.1)"), "{err}");
    let (code, out, _) = urigram(&["expand", "{!x}", "--format", "json"], b"");
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["offset"], 1, "{out}");
    let (code, _, err) = urigram(&["expand", "{a", "--var", "a=1"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("error[rfc6570::expression::end]"), "{err}");
    let (code, _, err) = urigram(&["expand", "{a}", "--var", "novalue"], b"");
    assert_eq!(code, 2, "{err}");
}
