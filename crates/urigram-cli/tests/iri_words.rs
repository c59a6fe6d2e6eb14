//! Under `-g rfc3987` every text that names what is checked names an IRI: why `fix` leaves one
//! as it is, the note on what `extract` and `fix --text` checked, the help of a line too long
//! to check, and the language server's related information, hover, quick fix and count of
//! the diagnostics not shown. Under `-g rfc3986` the same texts name a URI, as they always
//! did (the help texts are `iri_help`'s).
#![cfg(feature = "lsp")]

use crate::common;
use common::{lsp_client, run};

use serde_json::{Value, json};

/// Each grammar, with what its texts name.
const NOUNS: [(&str, &str); 2] = [("rfc3987", "IRI"), ("rfc3986", "URI")];

fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run::urigram(args, stdin)
}

fn has(text: &str, want: &str, what: &str) {
    assert!(text.contains(want), "{what}: no {want:?} in\n{text}");
}

#[test]
fn the_notes_of_extract_and_fix_and_the_reasons_of_fix() {
    for (g, n) in NOUNS {
        // `extract`: the note on the URI checked.
        let (code, out, _) = urigram(&["extract", "-g", g, "-"], b"see http://a/%zz here\n");
        assert_eq!(code, 1, "{g}");
        has(
            &out,
            &format!("\n  = note: the {n} checked: http://a/%zz (<stdin>:1:5)\n"),
            g,
        );

        // `fix --text`: the note, with the reason, and the count.
        let text = "see <info:(gcc)G++ and\n   GCC> and http://[::1 x\n";
        let (code, out, err) = urigram(&["fix", "--text", "-g", g, "-"], text.as_bytes());
        assert_eq!((code, out.as_str()), (1, text), "{g}: {err}");
        has(
            &err,
            &format!(
                "\n  = note: the {n} checked: info:(gcc)G++ and GCC (not fixed: the {n} holds \
                 spaces and is wrapped across lines, where a line break is read as a space; \
                 escaping it would write %20 into the indentation; join the lines and escape \
                 the spaces by hand)\n"
            ),
            g,
        );
        has(
            &err,
            &format!(
                "\n  = note: the {n} checked: http://[::1 (not fixed: the {n} ends too early; no \
                 fix keeps what the {n} stands for)\n"
            ),
            g,
        );
        assert!(
            err.ends_with(&format!(
                "\nurigram fix: 0 {n}s fixed, 2 not fixed (see above)\n"
            )),
            "{g}: {err}"
        );

        // `fix`, one URI a line: the reasons, the hint on a line of prose, and the count.
        let (code, out, err) = urigram(&["fix", "-g", g, "-"], b"a b c\nhttp://[::1\n1http://a\n");
        assert_eq!(
            (code, out.as_str()),
            (1, "a%20b%20c\nhttp://[::1\n1http://a\n"),
            "{g}: {err}"
        );
        has(
            &err,
            &format!(
                "\n  = note: not fixed: the {n} ends too early; no fix keeps what the {n} stands \
                 for\n"
            ),
            g,
        );
        has(
            &err,
            &format!(
                "\n  = note: not fixed: ':' is a character {n}s may hold, but not here; no fix \
                 keeps what the {n} stands for\n"
            ),
            g,
        );
        has(
            &err,
            &format!(
                "urigram fix: <stdin>:1: hint: this line has spaces between words and was fixed \
                 as one {n} (spaces escaped as %20); if the file is running text, not one {n} a \
                 line, `urigram fix --text` fixes only its {n}s\n"
            ),
            g,
        );
        assert!(
            err.ends_with(&format!(
                "\nurigram fix: 1 {n} fixed, 2 not fixed (see above)\n"
            )),
            "{g}: {err}"
        );
    }
}

/// A line over `--max-line-length`, as `check`, `check --compare`, `extract` and `fix` report
/// it: its help names what would have been checked.
#[test]
fn the_help_of_a_line_too_long() {
    let line = format!("http://a/{}\n", "0".repeat(40));
    let limit = ["--max-line-length", "20"];
    let first = |out: &str| -> Value {
        serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
    };
    // Under `--compare`, an IRI when either grammar is RFC 3987's.
    for (g, compare, n) in [("rfc3987", "rfc2396", "IRI"), ("rfc3986", "rfc2396", "URI")] {
        let help = format!(
            "no {n} in practice is that long; to check such lines, raise the limit with \
             --max-line-length BYTES (at most 1 GiB)"
        );
        let human = format!("\n  = help: {help}\n");
        let (code, out, _) = urigram(&[&["check", "-g", g][..], &limit].concat(), line.as_bytes());
        assert_eq!(code, 1, "{g}");
        has(&out, &human, "check");
        let jsonl = [&["check", "-g", g, "--format", "jsonl"][..], &limit].concat();
        let (_, out, _) = urigram(&jsonl, line.as_bytes());
        assert_eq!(first(&out)["error"]["help"], help.as_str(), "{g}");
        for (a, b) in [(g, compare), (compare, g)] {
            let args = [&["check", "-g", a, "--compare", b][..], &limit].concat();
            let (_, out, _) = urigram(&args, line.as_bytes());
            has(&out, &human, "check --compare");
            let (_, out, _) = urigram(
                &[&args[..], &["--format", "jsonl", "--all"]].concat(),
                line.as_bytes(),
            );
            assert_eq!(first(&out)["error"]["help"], help.as_str(), "{a} {b}");
        }
        let (_, out, _) = urigram(
            &[&["extract", "-g", g, "-"][..], &limit].concat(),
            line.as_bytes(),
        );
        has(&out, &human, "extract");
        let args = [&["extract", "-g", g, "--format", "jsonl", "-"][..], &limit].concat();
        let (_, out, _) = urigram(&args, line.as_bytes());
        assert_eq!(first(&out)["error"]["help"], help.as_str(), "{g}");
        let (_, _, err) = urigram(
            &[&["fix", "-g", g, "-"][..], &limit].concat(),
            line.as_bytes(),
        );
        has(&err, &human, "fix");
    }
}

/// The language server: the related information of a diagnostic, the hover's title, the quick
/// fix of every error of a URI at once, and the count of the diagnostics not shown.
#[test]
fn the_language_server_names_an_iri() {
    const DOC: &str = "file:///tmp/iri-words.txt";
    for (g, n) in NOUNS {
        let mut c = lsp_client::start();
        c.initialize(
            json!({"textDocument": {"hover": {"contentFormat": ["markdown"]},
                   "publishDiagnostics": {"relatedInformation": true}}}),
            json!({ "grammar": g }),
        );
        c.open(DOC, "see <URL:http://a/b%zz{x}> here\n");
        let d = c.diagnostics()["diagnostics"][0].clone();
        let rel = d["relatedInformation"][0]["message"]
            .as_str()
            .expect("related information")
            .to_string();
        assert!(
            rel.ends_with(&format!("; the {n} checked: http://a/b%zz{{x}}")),
            "{g}: {rel}"
        );
        let h = c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 11}}),
        );
        let v = h["result"]["contents"]["value"].as_str().expect("a hover");
        assert!(
            v.starts_with(&format!("**{n}** `http://a/b%zz{{x}}` (")),
            "{g}: {v}"
        );
        let r = c.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": DOC}, "range": d["range"],
                   "context": {"diagnostics": [d]}}),
        );
        let titles: Vec<&str> = r["result"]
            .as_array()
            .expect("actions")
            .iter()
            .filter_map(|a| a["title"].as_str())
            .collect();
        assert!(
            titles.contains(&&*format!(
                "urigram: fix all 3 errors of this {n}: http://a/b%25zz%7Bx%7D"
            )),
            "{g}: {titles:?}"
        );

        // One invalid URI more than the server shows.
        let many = "http://a/%zz ".repeat(urigram_lsp::MAX_DIAGNOSTICS + 1);
        c.open("file:///tmp/iri-words-many.txt", &many);
        let d = c.diagnostics()["diagnostics"].clone();
        assert_eq!(
            d[urigram_lsp::MAX_DIAGNOSTICS]["message"],
            format!(
                "1 more {n} from here on does not conform to {g} {n}-reference; only the first \
                 {} are shown",
                urigram_lsp::MAX_DIAGNOSTICS
            ),
            "{g}"
        );
        c.request("shutdown", Value::Null);
        c.notify("exit", Value::Null);
        assert_eq!(c.exit_code(), 0);
    }
}
