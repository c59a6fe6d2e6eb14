//! File names are shown for people as `urigram::render::visible` shows them: a name with an
//! escape sequence or a bidirectional control reaches the terminal as control pictures and
//! `<U+XXXX>`, never raw, in I/O errors, places and labels of every command that opens files.
#![cfg(unix)]

use crate::common;
use common::run;
use run::{urigram, urigram_in};

/// A name that would colour the terminal red and reverse the text after it.
const NAME: &str = "a\x1b[31mb\u{202E}c.txt";
/// How it is shown.
const SHOWN: &str = "a\u{241B}[31mb<U+202E>c.txt";

/// Nothing raw: no C0 control but a line break, no bidirectional control.
fn assert_clean(what: &str, text: &str) {
    let raw = text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    });
    assert_eq!(raw, None, "{what}: a raw character in {text:?}");
}

/// A scratch directory under the target directory, removed at the end.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_file_that_is_not_there() {
    for args in [
        &["check", "--file", NAME][..],
        &["check", "--all-grammars", "--file", NAME],
        &["extract", NAME],
        &["extract", "--syntax", "markdown", NAME],
    ] {
        let (code, out, err) = urigram(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("urigram: {SHOWN}: No such file")),
            "{args:?}: {err}"
        );
        assert_clean(&format!("{args:?}"), &err);
    }
}

/// A directory opens, and reading it fails: the read error names it visibly too (and a
/// `--label`, which names the input in messages, as well).
#[test]
fn a_file_that_cannot_be_read() {
    let dir = Scratch::new("names-unreadable");
    std::fs::create_dir(dir.0.join(NAME)).unwrap();
    let here = Some(dir.0.as_path());
    for args in [
        &["check", "--file", NAME][..],
        &["check", "--all-grammars", "--file", NAME],
        &["extract", NAME],
        &["extract", "--syntax", "html", NAME],
    ] {
        let (code, out, err) = urigram_in(here, args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(&format!("urigram: {SHOWN}: ")),
            "{args:?}: {err}"
        );
        assert_clean(&format!("{args:?}"), &format!("{out}{err}"));
    }
    let label = "shard\x1b]0;title\x07";
    let (code, _, err) = urigram_in(here, &["check", "--label", label, "--file", NAME], b"");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("urigram: shard\u{241B}]0;title\u{2407}: "),
        "{err}"
    );
    assert_clean("--label", &err);
}

/// The places and labels of records, summaries and the matrix.
#[test]
fn places_in_records() {
    let dir = Scratch::new("names-places");
    std::fs::write(dir.0.join(NAME), "see http://a/ and http://b/%zz\n").unwrap();
    let here = Some(dir.0.as_path());
    let runs: &[&[&str]] = &[
        &["extract", NAME],
        &["extract", "--summary", NAME],
        &["extract", "--max-line-length", "5", NAME],
        &["check", "--file", NAME],
        &["check", "--summary", "--file", NAME],
        &["check", "--max-line-length", "5", "--file", NAME],
        &["check", "--all-grammars", "--file", NAME],
        &[
            "check",
            "--all-grammars",
            "--max-line-length",
            "5",
            "--file",
            NAME,
        ],
    ];
    for args in runs {
        let (code, out, err) = urigram_in(here, args, b"");
        assert!(code == 1 || code == 2, "{args:?}: {err}");
        assert!(
            out.contains(SHOWN) || err.contains(SHOWN),
            "{args:?}: {out}{err}"
        );
        assert_clean(&format!("{args:?}"), &format!("{out}{err}"));
    }
    let (_, out, _) = urigram_in(here, &["extract", NAME], b"");
    assert!(
        out.starts_with(&format!("{SHOWN}:1:5: ok: http://a/\n")),
        "{out}"
    );
    assert!(out.contains(&format!(" --> {SHOWN}:1:29\n")), "{out}");
    // For programs, the name as it is (JSON escapes the controls).
    let (_, out, _) = urigram_in(here, &["extract", "--format", "jsonl", NAME], b"");
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(r["path"], NAME);
}
