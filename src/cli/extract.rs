//! `urigram extract`: find the URIs in text files (see `urigram::extract`) and check each
//! against a grammar's start rule, reporting positions as `path:line:column` like a compiler.

use std::fmt::Write as _;
use std::io::{self, Read};
use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};
use urigram::Grammar;
use urigram::extract::{Found, extract};
use urigram::render::{Report, visible};

use super::check::error_json;
use super::render::{Color, STDIN};
use super::{Format, parse_grammar, print_or_fail};

#[derive(Args)]
pub struct ExtractArgs {
    /// The grammar; each URI is checked against its start rule.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// When to colour human output.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// Text files to read (`-` for standard input). Bytes that are not UTF-8 are read as
    /// U+FFFD.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(args: ExtractArgs) -> Result<u8, String> {
    // Read everything first: an unreadable file is a usage error (exit 2), with no partial
    // output.
    let mut inputs = Vec::new();
    for path in &args.files {
        let (label, bytes) = if path.as_os_str() == "-" {
            let mut b = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut b)
                .map_err(|e| format!("<stdin>: {e}"))?;
            (STDIN.to_string(), b)
        } else {
            let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), b)
        };
        inputs.push((label, String::from_utf8_lossy(&bytes).into_owned()));
    }
    let g = args.grammar;
    let color = args.color.enabled();
    let (mut total, mut invalid) = (0usize, 0usize);
    let mut out = String::new();
    let mut records = Vec::new();
    for (path, text) in &inputs {
        for f in extract(text, g) {
            total += 1;
            if !f.is_valid() {
                invalid += 1;
            }
            match args.format {
                Format::Human => human(&mut out, path, text, &f, color),
                Format::Jsonl => {
                    let _ = writeln!(out, "{}", record(path, &f));
                }
                Format::Json => records.push(record(path, &f)),
            }
        }
    }
    if args.format == Format::Json {
        let doc = json!({
            "grammar": g.name(),
            "rule": g.start_rule(),
            "results": records,
            "total": total,
            "valid": total - invalid,
            "invalid": invalid,
        });
        let _ = writeln!(out, "{doc}");
    }
    print_or_fail(&out)?;
    Ok(u8::from(invalid > 0))
}

/// `path:line:col: ok: URI`, or the diagnostic (the one of every command) with a note on the
/// URI that was checked.
fn human(out: &mut String, path: &str, text: &str, f: &Found<'_>, color: bool) {
    let s = f.start;
    let e = match &f.result {
        Ok(()) => {
            let _ = write!(
                out,
                "{path}:{}:{}: ok: {}",
                s.line,
                s.column,
                visible(&f.text)
            );
            notes(out, f, " (", ")");
            out.push('\n');
            return;
        }
        Err(e) => e,
    };
    let mut note = format!(
        "the URI checked: {} ({path}:{}:{})",
        f.text, s.line, s.column
    );
    notes(&mut note, f, ", ", "");
    let report = Report::new(e, text).origin(path).color(color).note(note);
    let _ = writeln!(out, "{report}");
}

/// What else a reader should know: delimiters, lines, a hyphen left out.
fn notes(out: &mut String, f: &Found<'_>, open: &str, close: &str) {
    let mut n = Vec::new();
    match f.delimiter {
        urigram::extract::Delimiter::Angle => n.push("in <>".to_string()),
        urigram::extract::Delimiter::AngleUrl => n.push("in <URL:>".to_string()),
        _ => {}
    }
    if f.pieces.len() > 1 {
        n.push(format!("{} pieces, whitespace removed", f.pieces.len()));
    }
    if f.hyphens_dropped {
        n.push("hyphen at a line break left out".to_string());
    }
    if !n.is_empty() {
        let _ = write!(out, "{open}{}{close}", n.join(", "));
    }
}

/// Every field of a found URI, as JSON.
fn record(path: &str, f: &Found<'_>) -> Value {
    json!({
        "path": path,
        "uri": f.text,
        "valid": f.is_valid(),
        "offset": f.range.start,
        "end": f.range.end,
        "line": f.start.line,
        "column": f.start.column,
        "column_utf16": f.start.column_utf16,
        "outer": [f.outer.start, f.outer.end],
        "delimiter": f.delimiter.name(),
        "pieces": f.pieces.iter().map(|p| json!({
            "at": p.at,
            "start": p.range.start,
            "end": p.range.end,
        })).collect::<Vec<_>>(),
        "hyphen_breaks": f.hyphen_breaks,
        "hyphens_dropped": f.hyphens_dropped,
        "error": match &f.result {
            Ok(()) => Value::Null,
            Err(e) => error_json(e),
        },
    })
}
