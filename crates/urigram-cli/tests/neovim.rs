//! The language server in a real editor: headless Neovim attaches `urigram lsp` to a file
//! (tests/neovim/check.lua), waits for the diagnostics, asks for a hover, applies a quick fix
//! (`textDocument/codeAction` and the workspace edit it carries), and writes what it holds as
//! JSON; this test asserts on it. Neovim converts the server's positions to its own
//! 0-based byte columns, so the columns below check the server's encoding end to end: once with
//! Neovim's default (UTF-16, the only encoding Neovim 0.7 knows to ask for) and once with utf-8
//! offered in `general.positionEncodings`.
//!
//! Neovim comes from `apt-get install neovim` (`.ci/run` installs it). Where `nvim` is not on
//! the `PATH`, the tests say on the terminal that they were skipped and why, and pass, so that
//! `cargo test` works on a fresh machine; in CI (`CI` set, as `.ci/run` sets it) a missing
//! `nvim` fails them.
#![cfg(feature = "lsp")]

use crate::common;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Valid URIs, invalid ones, one after an emoji (four bytes, two UTF-16 code units, one
/// character), and one broken across lines inside `<URL:...>`.
const TEXT: &str = "Valid: <http://www.w3.org/Addressing/> and http://example.com/a?b#c.\n\
                    Invalid: http://a/b%zz is not; mailto:joe@example.com is.\n\
                    😀 then http://x/%G1 after an emoji\n\
                    wrapped <URL:http://ds.internic.\n   net/%zz> across lines\n";

/// A Markdown file: URIs in a code span and a code block, which are code (not reported), and
/// a broken one in prose.
const MARKDOWN: &str = "# Links\n\nCode: `http://in.code.span/%zz` and\n\n```\nhttp://in.a.block/%G1\n```\n\n\
                        Prose: http://a/b%zz is not.\n";

/// `nvim --version`'s first line, or `None` (after deciding whether that is allowed).
fn nvim() -> Option<String> {
    match Command::new("nvim").arg("--version").output() {
        Ok(o) if o.status.success() => {
            let v = String::from_utf8_lossy(&o.stdout);
            Some(v.lines().next().unwrap_or("").to_string())
        }
        r => {
            let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false");
            assert!(
                !ci,
                "CI is set, so the editor test must run: install Neovim (`apt-get install \
                 neovim`); running nvim gave {r:?}"
            );
            // Straight to the terminal: the test harness captures `eprintln!` of passing tests.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "\nneovim test SKIPPED: `nvim` is not on the PATH ({r:?}). Install Neovim \
                 (`apt-get install neovim`) to run the language server in a real editor; with \
                 CI set it is required.\n"
            );
            None
        }
    }
}

/// Run Neovim on `text` in a file named `file`; the JSON the Lua script wrote.
fn run_nvim(name: &str, file: &str, text: &str, utf8: bool, hover: (usize, usize)) -> Value {
    let dir = std::env::temp_dir().join(format!("urigram-nvim-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join(file);
    std::fs::write(&doc, text).unwrap();
    let out = dir.join("out.json");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/check.lua");
    let mut cmd = Command::new("nvim");
    cmd.args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", script.display()))
        .arg(&doc)
        .current_dir(&dir)
        .env("URIGRAM_BIN", common::URIGRAM)
        .env("URIGRAM_OUT", &out)
        .env("URIGRAM_UTF8", if utf8 { "1" } else { "0" })
        .env("URIGRAM_HOVER", format!("{},{}", hover.0, hover.1))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Keep Neovim's log, state and shada files out of the user's home.
    for v in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
    ] {
        cmd.env(v, &dir);
    }
    let mut child = cmd.spawn().expect("start nvim");
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for nvim") {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nvim did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let text = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("nvim ({status}) wrote no {}: {e}", out.display()));
    let v: Value = serde_json::from_str(&text).expect("JSON from nvim");
    assert!(
        v.get("error").is_none(),
        "the Lua script failed: {}",
        v["error"]
    );
    let _ = std::fs::remove_dir_all(&dir);
    v
}

/// (0-based line, byte column of `needle`'s byte `k`) in TEXT.
fn at(needle: &str, k: usize) -> (u64, u64) {
    at_in(TEXT, needle, k)
}

/// (0-based line, byte column of `needle`'s byte `k`) in `text`.
fn at_in(text: &str, needle: &str, k: usize) -> (u64, u64) {
    let start = text.find(needle).expect("in the text");
    let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
    let line = text[..start].matches('\n').count();
    (line as u64, (start - line_start + k) as u64)
}

fn check(v: &Value, version: &str) {
    eprintln!("{version}: {v:#}");
    let d = v["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(v["count"], 3, "{d:#?}");
    let want = [
        (at("http://a/b%zz", 11), "'z' at byte 11"),
        (at("http://x/%G1", 10), "'G' at byte 10"),
        (at("net/%zz", 5), "'z' at byte 24"),
    ];
    // Written out once, to see what the editor should show: the emoji's line.
    assert_eq!(
        want[1].0,
        (2, 20),
        "bytes, not characters (17) or UTF-16 units (18)"
    );
    for (d, ((line, col), what)) in d.iter().zip(want) {
        let got = (
            d["lnum"].as_u64().unwrap(),
            d["col"].as_u64().unwrap(),
            d["end_lnum"].as_u64().unwrap(),
            d["end_col"].as_u64().unwrap(),
        );
        assert_eq!(got, (line, col, line, col + 1), "{d}");
        assert_eq!(
            d["message"],
            format!(
                "not a valid URI-reference: {what} in escaped, expected hex\nhelp: `%` begins an \
                 escape: `%` and two hex digits; a `%` that stands for itself is written %25 \
                 (RFC 2396 section 2.4.3)"
            )
        );
        assert_eq!(d["code"], "rfc2396::escaped::letter");
        assert_eq!(d["source"], "urigram");
        assert_eq!(d["severity"], 1, "vim.diagnostic.severity.ERROR");
    }
    let hover = v["hover"]
        .as_str()
        .unwrap_or_else(|| panic!("no hover: {v}"));
    assert!(hover.contains("`http://x/%G1`"), "{hover}");
    assert!(hover.contains("does not conform"), "{hover}");
    // The quick fix for the first diagnostic, applied by Neovim: the text changes, the
    // diagnostic goes.
    assert!(
        v["actions"].as_array().is_some_and(|a| a
            .iter()
            .any(|a| a["kind"] == "quickfix" && a["diagnostics"] == 1)),
        "{v}"
    );
    assert_eq!(
        v["fixed_line"], "Invalid: http://a/b%25zz is not; mailto:joe@example.com is.",
        "{v}"
    );
    assert_eq!(v["after_fix_count"], 2, "{v}");
    assert_eq!(v["exit_code"], 0, "the server exits cleanly after shutdown");
}

#[test]
fn neovim_shows_the_diagnostics_at_the_right_columns() {
    let Some(version) = nvim() else { return };
    // The cursor on the 'x' of "http://x/%G1", after the emoji.
    let (line, col) = at("x/%G1", 0);
    let hover = (line as usize + 1, col as usize);

    let v = run_nvim("default", "doc.txt", TEXT, false, hover);
    check(&v, &version);
    // Neovim asks for no encoding before 0.10; then the server must use UTF-16.
    if v["offered"].is_null() {
        assert_eq!(v["server_encoding"], "utf-16");
        assert_eq!(v["client_encoding"], "utf-16");
        assert_eq!(
            v["hover_position"]["character"], 15,
            "2 + 6 + 7 UTF-16 units"
        );
    }

    let v = run_nvim("utf8", "doc.txt", TEXT, true, hover);
    check(&v, &version);
    assert_eq!(v["server_encoding"], "utf-8");
    assert_eq!(v["client_encoding"], "utf-8");
    assert_eq!(v["hover_position"]["character"], 17, "4 + 6 + 7 bytes");
}

/// A Markdown buffer (Neovim sends its filetype, `markdown`, as the `languageId`): the URIs in
/// code are not reported, the one in prose is, and its quick fix applies.
#[test]
fn neovim_markdown_buffer_reports_prose_only() {
    if nvim().is_none() {
        return;
    }
    let (line, col) = at_in(MARKDOWN, "a/b%zz", 0);
    let v = run_nvim(
        "markdown",
        "doc.md",
        MARKDOWN,
        false,
        (line as usize + 1, col as usize),
    );
    eprintln!("{v:#}");
    assert_eq!(v["count"], 1, "{v}");
    let d = &v["diagnostics"][0];
    let (line, col) = at_in(MARKDOWN, "http://a/b%zz", 11);
    assert_eq!(
        (&d["lnum"], &d["col"], &d["code"]),
        (
            &line.into(),
            &col.into(),
            &"rfc2396::escaped::letter".into()
        ),
        "{d}"
    );
    let hover = v["hover"]
        .as_str()
        .unwrap_or_else(|| panic!("no hover: {v}"));
    assert!(hover.contains("`http://a/b%zz`"), "{hover}");
    assert_eq!(v["fixed_line"], "Prose: http://a/b%25zz is not.", "{v}");
    assert_eq!(v["after_fix_count"], 0, "{v}");
    assert_eq!(v["exit_code"], 0, "{v}");
}
