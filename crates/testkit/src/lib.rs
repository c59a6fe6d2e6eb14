//! What the tests of the workspace's crates share: the repository's files ([`root`]), insta
//! settings ([`with_snapshots`]), the case files of `tests/cases/` and their escape syntax
//! ([`cases`], [`unescape`]), running a built binary ([`run`]) and a language-server client
//! ([`lsp_client`]). It does not depend on `urigram`, so that the library's unit tests, whose
//! `urigram` is the crate under test, can use it as well as every integration test.

use std::path::{Path, PathBuf};

pub mod lsp_client;
pub mod run;

/// The repository's top level (the workspace root), where the example data, the case files
/// and the test data are.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Run `f` with insta writing to `snapshots/` in the directory `crate_dir` (a test's
/// `env!("CARGO_MANIFEST_DIR")`), file names without the test module's name.
pub fn with_snapshots(crate_dir: &str, f: impl FnOnce()) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(PathBuf::from(crate_dir).join("snapshots"));
    s.set_prepend_module_to_snapshot(false);
    s.bind(f);
}

/// Assert that the test binary `tests/main.rs` in the directory `crate_dir` declares each
/// `tests/NAME.rs` as `mod NAME;`: with `autotests = false`, Cargo builds no binary of its own
/// for a file left out, so its tests would never run.
pub fn assert_test_files_are_modules(crate_dir: &str) {
    let tests = PathBuf::from(crate_dir).join("tests");
    let main = std::fs::read_to_string(tests.join("main.rs")).expect("tests/main.rs");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&tests).expect("tests/") {
        let name = entry.expect("an entry of tests/").file_name();
        let name = name.to_string_lossy();
        if let Some(module) = name.strip_suffix(".rs")
            && module != "main"
            && !main.lines().any(|l| l.trim() == format!("mod {module};"))
        {
            out.push(name.into_owned());
        }
    }
    out.sort();
    assert!(out.is_empty(), "not declared in tests/main.rs: {out:?}");
}

/// The characters at the edges of RFC 3987's `ucschar` and `iprivate` ranges (inside and
/// just outside each), and characters no range holds: C1 controls, bidi formatting characters,
/// the line and paragraph separators. The IRI tests insert and substitute them everywhere.
pub const IRI_EDGES: &[char] = &[
    '\u{80}',
    '\u{85}',
    '\u{9F}',
    '\u{A0}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F900}',
    '\u{FDCF}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{FFF0}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{1FFFD}',
    '\u{1FFFE}',
    '\u{1FFFF}',
    '\u{DFFFD}',
    '\u{DFFFE}',
    '\u{E0000}',
    '\u{E0FFF}',
    '\u{E1000}',
    '\u{EFFFD}',
    '\u{EFFFE}',
    '\u{F0000}',
    '\u{FFFFD}',
    '\u{FFFFE}',
    '\u{100000}',
    '\u{10FFFD}',
    '\u{10FFFE}',
    '\u{10FFFF}',
    '\u{200E}',
    '\u{202E}',
    '\u{2028}',
    '\u{2029}',
];

/// One line of a case file: `RULE<TAB>ok|err<TAB>INPUT`.
#[derive(Debug, Clone)]
pub struct Case {
    /// The line of the case file.
    pub line: usize,
    /// The production.
    pub rule: String,
    /// Whether the production derives the input.
    pub ok: bool,
    /// The input, unescaped.
    pub input: String,
}

/// The cases of `tests/cases/<grammar>.txt`, for the grammar named `grammar` (a `Grammar`,
/// whose `Display` is its name, or the name itself).
pub fn cases(grammar: impl std::fmt::Display) -> Vec<Case> {
    let path = root().join("tests/cases").join(format!("{grammar}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("every grammar needs a case file: {}: {e}", path.display()));
    let mut out = Vec::new();
    for (k, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let mut f = l.splitn(3, '\t');
        let (Some(rule), Some(verdict), Some(input)) = (f.next(), f.next(), f.next()) else {
            panic!(
                "{}:{}: expected RULE<TAB>ok|err<TAB>INPUT",
                path.display(),
                k + 1
            );
        };
        let ok = match verdict {
            "ok" => true,
            "err" => false,
            v => panic!(
                "{}:{}: verdict {v:?} is not ok or err",
                path.display(),
                k + 1
            ),
        };
        out.push(Case {
            line: k + 1,
            rule: rule.to_string(),
            ok,
            input: unescape(input),
        });
    }
    out
}

/// Decode `\\`, `\t`, `\n`, `\r`, `\xHH` and `\u{H...}`.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('x') => {
                let h: String = it.by_ref().take(2).collect();
                let v = u8::from_str_radix(&h, 16).expect("\\xHH");
                assert!(v < 0x80, "\\xHH is for US-ASCII; use \\u{{...}}");
                out.push(char::from(v));
            }
            Some('u') => {
                assert_eq!(it.next(), Some('{'), "\\u{{...}}");
                let h: String = it.by_ref().take_while(|&c| c != '}').collect();
                let v = u32::from_str_radix(&h, 16).expect("\\u{...}");
                out.push(char::from_u32(v).expect("a Unicode scalar value"));
            }
            other => panic!("unknown escape \\{other:?} in {s:?}"),
        }
    }
    out
}
