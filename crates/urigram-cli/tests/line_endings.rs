//! One definition of a line everywhere: `\n`, `\r\n` and a lone `\r` each end a line, as the
//! Language Server Protocol says. The same text with each of the three line endings is placed
//! the same by `extract`, `fix`, `check --file`, `check --all-grammars`, `resolve --compare
//! --file` and the language server.

use crate::common;
use common::run::urigram;
use serde_json::Value;

/// The endings, and a name for messages.
const ENDINGS: [(&str, &str); 3] = [("\n", "LF"), ("\r\n", "CRLF"), ("\r", "CR")];

fn temp(name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("urigram-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    let s = p.to_str().unwrap().to_string();
    (p, s)
}

/// Running text: the errors of the two URIs that no fix makes conform are on lines 2 and 4
/// for `extract`, `fix --text` and the language server, whatever the line endings.
#[test]
fn running_text_is_placed_the_same_by_every_surface() {
    for (eol, name) in ENDINGS {
        let text = format!("intro{eol}see http://[::1]/a and{eol}{eol}  http://[::2]/b end{eol}");
        let (path, p) = temp(&format!("text-{name}.txt"), &text);
        // (line, column) of each error's '[', 1-based.
        let want = [(2, 12), (4, 10)];

        let (code, out, err) = urigram(&["extract", "--format", "jsonl", &p], b"");
        assert_eq!(code, 1, "{name}: {err}");
        let got: Vec<(u64, u64)> = out
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|v| {
                let e = &v["error"];
                (e["line"].as_u64().unwrap(), e["column"].as_u64().unwrap())
            })
            .collect();
        assert_eq!(got, want, "extract, {name}: {out}");
        let starts: Vec<(u64, u64)> = out
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|v| (v["line"].as_u64().unwrap(), v["column"].as_u64().unwrap()))
            .collect();
        assert_eq!(starts, [(2, 5), (4, 3)], "extract, {name}");

        let (code, out, err) = urigram(&["fix", "--text", &p], b"");
        assert_eq!(code, 1, "{name}: {err}");
        assert_eq!(out, text, "{name}");
        for (line, column) in want {
            assert!(
                err.contains(&format!(" --> {p}:{line}:{column}\n")),
                "fix, {name}: {err}"
            );
        }

        #[cfg(feature = "lsp")]
        {
            let mut c = common::lsp_client::start();
            c.initialize(serde_json::json!({}), serde_json::json!({}));
            c.open("file:///lines.txt", &text);
            let d = c.diagnostics();
            let got: Vec<(u64, u64)> = d["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let s = &d["range"]["start"];
                    (
                        s["line"].as_u64().unwrap() + 1,
                        s["character"].as_u64().unwrap() + 1,
                    )
                })
                .collect();
            assert_eq!(got, want, "language server, {name}: {d}");
            c.exit_code();
        }
        let _ = std::fs::remove_file(path);
    }
}

/// Lines of URIs: a lone `\r` ends a line for `check --file`, `fix`, `check --all-grammars`
/// and `resolve --compare --file`, as `\n` and `\r\n` do.
#[test]
fn lines_of_uris_are_the_same_lines_for_every_command() {
    for (eol, name) in ENDINGS {
        let text = format!("http://a/{eol}http://b/c d{eol}http://[::1]/{eol}");
        let (path, p) = temp(&format!("urls-{name}.txt"), &text);

        let (code, out, err) = urigram(&["check", "--format", "jsonl", "--file", &p], b"");
        assert_eq!(code, 1, "{name}: {err}");
        let records: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 3, "check, {name}: {out}");
        let places: Vec<(Value, Value)> = records[1..]
            .iter()
            .map(|r| (r["error"]["line"].clone(), r["error"]["column"].clone()))
            .collect();
        let (code, human, _) = urigram(&["check", "--file", &p], b"");
        assert_eq!(code, 1);
        assert!(
            human.contains(&format!(" --> {p}:2:11\n")),
            "check, {name}: {human}"
        );
        assert!(
            human.contains(&format!(" --> {p}:3:8\n")),
            "check, {name}: {human}"
        );
        assert_eq!(places.len(), 2, "check, {name}");

        let (code, out, err) = urigram(&["fix", &p], b"");
        assert_eq!(code, 1, "{name}: {err}");
        assert_eq!(out, text.replace("c d", "c%20d"), "fix, {name}");
        assert!(
            err.contains(&format!(" --> {p}:3:8\n")),
            "fix, {name}: {err}"
        );

        let (code, out, err) = urigram(&["check", "--all-grammars", "--file", &p], b"");
        assert_eq!(code, 1, "{name}: {err}");
        for n in 1..=3 {
            assert!(
                out.contains(&format!("({p}:{n})")),
                "--all-grammars, {name}: {out}"
            );
        }
        assert!(
            !out.contains(&format!("({p}:4)")),
            "--all-grammars, {name}: {out}"
        );
        let _ = std::fs::remove_file(path);

        let refs = format!("g{eol}../../../g{eol}h{eol}");
        let (path, p) = temp(&format!("refs-{name}.txt"), &refs);
        let (code, out, err) = urigram(
            &["resolve", "--compare", "--file", &p, "http://a/b/c/d;p?q"],
            b"",
        );
        assert_eq!(code, 1, "{name}: {err}");
        assert!(
            out.contains(&format!("{p}:2: ../../../g\n")),
            "resolve, {name}: {out}"
        );
        assert!(out.contains("1 of 3 references"), "resolve, {name}: {out}");
        let _ = std::fs::remove_file(path);
    }
}
