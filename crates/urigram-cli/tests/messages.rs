//! Messages a user reads when something is wrong: each names the file it is about and says
//! what to do in plain words (no Rust debug values), and an option that would be ignored is
//! refused instead.

use crate::common;
use common::run::urigram;

/// `resolve --compare --file DIR` names the directory, as `check --file DIR` does.
#[test]
fn a_directory_is_named() {
    let dir = std::env::temp_dir();
    let d = dir.to_str().unwrap();
    let (code, _, err) = urigram(&["resolve", "--compare", "--file", d, "http://a/b"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{d}: Is a directory")), "{err}");
    let (code, _, err) = urigram(&["check", "--file", d], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{d}: Is a directory")), "{err}");
}

/// `merge-summaries` says which summary version it met in words, never `Some(2)`.
#[test]
fn a_summary_of_another_version_is_refused_in_words() {
    let doc = r#"{"urigram":"summary","version":2,"sections":[]}"#;
    let (code, _, err) = urigram(&["merge-summaries", "-"], doc.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a summary of version 2; this urigram reads version 1"),
        "{err}"
    );
    assert!(!err.contains("Some("), "{err}");
    let doc = r#"{"urigram":"summary","sections":[]}"#;
    let (code, _, err) = urigram(&["merge-summaries", "-"], doc.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("without a \"version\""), "{err}");
    assert!(!err.contains("None"), "{err}");
}

/// `--with-rfc822` belongs to `--all-grammars`: alone or beside `--compare` (which it used to
/// be silently ignored with) it is refused, exit 2, with what to do.
#[test]
fn with_rfc822_is_refused_where_it_does_nothing() {
    for args in [
        &["check", "--with-rfc822", "http://a/"][..],
        &[
            "check",
            "--with-rfc822",
            "--compare",
            "rfc3986",
            "http://a/",
        ],
        &[
            "check",
            "-g",
            "rfc2396",
            "--compare",
            "rfc3986",
            "--summary",
            "--with-rfc822",
            "http://a/",
        ],
    ] {
        let (code, out, err) = urigram(args, b"");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("--with-rfc822"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    let (code, out, err) = urigram(
        &["check", "--all-grammars", "--with-rfc822", "http://a/"],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("rfc822"), "{out}");
}
