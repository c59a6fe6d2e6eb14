//! `urigram fix`: rewrite the URIs of files with the fixes of `urigram::fix`, which keep what
//! each URI stands for. One URI a line, as `check --file` reads lines (only the line ending
//! `\n` or `\r\n` is not part of the URI), or running text as `extract` reads it (`--text`).
//! Everything that is not fixed stays byte for byte; a second run changes nothing. What
//! cannot be fixed is reported on stderr, one diagnostic each, with the reason.

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use urigram::Grammar;
use urigram::fix::{FixResult, fix, fix_text};
use urigram::render::{Report, visible};

use super::parse_grammar;
use super::render::{Color, STDIN};

#[derive(Args)]
pub struct FixArgs {
    /// The grammar; each URI is fixed to conform to its start rule.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// Read running text and fix the URIs found in it as `urigram extract` finds them (the
    /// default: one URI a line, as `check --file` reads lines).
    #[arg(long)]
    text: bool,
    /// Write the fixed text back to each file (only files that change).
    #[arg(long, conflicts_with = "diff")]
    in_place: bool,
    /// Print a unified diff of the fixes instead of the fixed text.
    #[arg(long)]
    diff: bool,
    /// When to colour the diagnostics on stderr.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// The files (`-` for standard input, not with --in-place).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// One file's fixes.
struct Fixed {
    text: Vec<u8>,
    fixed: usize,
    /// Rendered diagnostics of what was not fixed.
    reports: String,
    unfixed: usize,
}

/// Fix each line of `bytes` on its own.
fn fix_lines(bytes: &[u8], g: Grammar, origin: &str, color: bool) -> Fixed {
    let mut out = Fixed {
        text: Vec::with_capacity(bytes.len()),
        fixed: 0,
        reports: String::new(),
        unfixed: 0,
    };
    for (k, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let body_len = if raw.ends_with(b"\r\n") {
            raw.len() - 2
        } else if raw.ends_with(b"\n") {
            raw.len() - 1
        } else {
            raw.len()
        };
        let (body, ending) = raw.split_at(body_len);
        let Ok(line) = std::str::from_utf8(body) else {
            let _ = writeln!(out.reports, "{origin}:{}: not UTF-8; left as it is", k + 1);
            out.unfixed += 1;
            out.text.extend_from_slice(raw);
            continue;
        };
        match fix(line, g) {
            FixResult::Valid => out.text.extend_from_slice(body),
            FixResult::Fixed { uri, .. } => {
                out.fixed += 1;
                out.text.extend_from_slice(uri.as_bytes());
            }
            FixResult::Unfixable { error, reason, .. } => {
                let r = Report::new(&error, line)
                    .origin(origin)
                    .first_line(k + 1)
                    .color(color)
                    .note(format!("not fixed: {reason}"));
                let _ = writeln!(out.reports, "{r}");
                out.unfixed += 1;
                out.text.extend_from_slice(body);
            }
            _ => out.text.extend_from_slice(body),
        }
        out.text.extend_from_slice(ending);
    }
    out
}

/// Fix the URIs found in the text `bytes` (read as UTF-8; a file that is not is refused).
fn fix_running(bytes: &[u8], g: Grammar, origin: &str, color: bool) -> Result<Fixed, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("{origin}: not UTF-8 ({e}); --text rewrites only UTF-8 text"))?;
    let t = fix_text(text, g);
    let mut reports = String::new();
    for u in &t.unfixed {
        let r = Report::new(&u.error, text)
            .origin(origin)
            .color(color)
            .note(format!(
                "the URI checked: {} (not fixed: {})",
                visible(&u.uri),
                u.reason
            ));
        let _ = writeln!(reports, "{r}");
    }
    Ok(Fixed {
        text: t.text.into_bytes(),
        fixed: t.fixed,
        reports,
        unfixed: t.unfixed.len(),
    })
}

/// A unified diff of `old` and `new`, which have the same lines but for their contents (a fix
/// never adds or removes a line break), with three lines of context.
fn diff(label: &str, old: &[u8], new: &[u8]) -> String {
    let a: Vec<&[u8]> = old.split_inclusive(|&b| b == b'\n').collect();
    let b: Vec<&[u8]> = new.split_inclusive(|&b| b == b'\n').collect();
    let mut out = String::new();
    if a == b {
        return out;
    }
    let n = a.len().max(b.len());
    let changed: Vec<usize> = (0..n).filter(|&k| a.get(k) != b.get(k)).collect();
    // Relative paths as `git diff` names them (`patch -p1` applies it); others as they are.
    let (a_name, b_name) = if label.starts_with('/') || label.starts_with('<') {
        (label.to_string(), label.to_string())
    } else {
        (format!("a/{label}"), format!("b/{label}"))
    };
    let _ = writeln!(out, "--- {a_name}\n+++ {b_name}");
    let line = |out: &mut String, sign: char, l: &[u8]| {
        let s = String::from_utf8_lossy(l);
        out.push(sign);
        out.push_str(&s);
        if !s.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    };
    let mut k = 0;
    while k < changed.len() {
        // A hunk: changed lines no more than 6 apart, with 3 lines of context around.
        let mut last = k;
        while last + 1 < changed.len() && changed[last + 1] - changed[last] <= 6 {
            last += 1;
        }
        let from = changed[k].saturating_sub(3);
        let to = (changed[last] + 4).min(n);
        let len = to - from;
        let _ = writeln!(out, "@@ -{},{len} +{},{len} @@", from + 1, from + 1);
        for j in from..to {
            if a.get(j) == b.get(j) {
                line(&mut out, ' ', a[j]);
            } else {
                if let Some(l) = a.get(j) {
                    line(&mut out, '-', l);
                }
                if let Some(l) = b.get(j) {
                    line(&mut out, '+', l);
                }
            }
        }
        k = last + 1;
    }
    out
}

/// Write `bytes` to `path` through a file beside it, renamed over it.
fn write_in_place(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.urigram-fix.tmp"));
    let write = || -> io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Ok(m) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, m.permissions())?;
        }
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: writing: {e}", path.display())
    })
}

pub fn run(args: FixArgs) -> Result<u8, String> {
    if args.in_place && args.files.iter().any(|p| p.as_os_str() == "-") {
        return Err("--in-place needs files, not standard input".into());
    }
    let color = args.color.enabled();
    let mut stdout = io::stdout().lock();
    let mut any_unfixed = false;
    let (mut fixed, mut unfixed) = (0usize, 0usize);
    for path in &args.files {
        let (label, bytes) = if path.as_os_str() == "-" {
            let mut b = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut b)
                .map_err(|e| format!("{STDIN}: {e}"))?;
            (STDIN.to_string(), b)
        } else {
            let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), b)
        };
        let f = if args.text {
            fix_running(&bytes, args.grammar, &label, color)?
        } else {
            fix_lines(&bytes, args.grammar, &label, color)
        };
        eprint!("{}", f.reports);
        any_unfixed |= f.unfixed > 0;
        fixed += f.fixed;
        unfixed += f.unfixed;
        let written = if args.in_place {
            if f.text != bytes {
                write_in_place(path, &f.text)?;
            }
            Ok(())
        } else if args.diff {
            stdout.write_all(diff(&label, &bytes, &f.text).as_bytes())
        } else {
            stdout.write_all(&f.text)
        };
        written
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("writing: {e}"))?;
    }
    if fixed + unfixed > 0 {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        let mut line = format!("urigram fix: {fixed} URI{} fixed", s(fixed));
        if unfixed > 0 {
            let _ = write!(line, ", {unfixed} not fixed (see above)");
        }
        eprintln!("{line}");
    }
    Ok(u8::from(any_unfixed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs() {
        let d = diff("f", b"a\nb\nc\n", b"a\nB\nc\n");
        assert_eq!(d, "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
        assert_eq!(diff("f", b"x", b"x"), "");
        let d = diff("f", b"x", b"y");
        assert!(
            d.ends_with("-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n")
        );
    }

    #[test]
    fn lines_keep_their_endings() {
        let f = fix_lines(
            b"http://a/b c\r\nhttp://[::1]/\n\nok\xff\n",
            Grammar::Rfc2396,
            "t",
            false,
        );
        assert_eq!(f.text, b"http://a/b%20c\r\nhttp://[::1]/\n\nok\xff\n");
        assert_eq!((f.fixed, f.unfixed), (1, 2));
        assert!(f.reports.contains("t:2:8"), "{}", f.reports);
    }
}
