//! Shared test helpers: insta settings (snapshots live in the top-level `snapshots/`), the case
//! files of `tests/cases/`, and their escape syntax.
#![allow(dead_code)]

use std::path::PathBuf;

use urigram::Grammar;

/// Run `f` with insta writing to `snapshots/` at the repository's top level, file names
/// without the test module's name.
pub fn with_snapshots(f: impl FnOnce()) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    s.set_prepend_module_to_snapshot(false);
    s.bind(f);
}

/// One line of a case file: `RULE<TAB>ok|err<TAB>INPUT`.
#[derive(Debug, Clone)]
pub struct Case {
    pub line: usize,
    pub rule: String,
    pub ok: bool,
    pub input: String,
}

/// The cases of `tests/cases/<grammar>.txt`.
pub fn cases(g: Grammar) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(format!("{}.txt", g.name()));
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
