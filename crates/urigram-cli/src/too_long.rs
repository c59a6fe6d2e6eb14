//! The record of a line longer than `--max-line-length`: not checked, and (when the reader
//! skipped it) not even held, so it has no text to show; its code is
//! [`LINE_TOO_LONG`](super::summary::LINE_TOO_LONG).

use std::io::Write;

use serde_json::{Value, json};

use super::Format;
use super::numbers::thousands;
use super::summary::LINE_TOO_LONG;
use urigram::Grammar;
use urigram::render::visible as printable;

/// The message of a line of `len` bytes over the limit of `limit`.
fn message(len: u64, limit: u64) -> String {
    format!(
        "a line of {} bytes, longer than the limit of {} (--max-line-length): not checked",
        thousands(len),
        thousands(limit)
    )
}

/// The help, naming what `grammar` (its name, `rfc3987`) checks: [`Grammar::noun`], an IRI
/// under RFC 3987, a URI under the others (and a grammar read from a file).
fn help(grammar: &str) -> String {
    format!(
        "no {} in practice is that long; to check such lines, raise the limit with \
         --max-line-length BYTES (at most 1 GiB)",
        grammar.parse::<Grammar>().map_or("URI", Grammar::noun)
    )
}

/// Append the record of line `line` of `source`, `len` bytes long, checked against `grammar`
/// (its name), to `out`. A `json` record starts with `,`, as
/// [`super::output::write_record`]'s do.
pub fn write_record(
    out: &mut Vec<u8>,
    format: Format,
    grammar: &str,
    source: &str,
    line: u64,
    len: u64,
    limit: u64,
) {
    // Writing to a Vec cannot fail.
    let _ = match format {
        Format::Jsonl => writeln!(out, "{}", record(grammar, line, len, limit)),
        Format::Json => write!(out, ",{}", record(grammar, line, len, limit)),
        Format::Human => {
            write_human(out, grammar, source, line, None, len, limit);
            Ok(())
        }
    };
}

/// Append the record for people: the code, the message and the place, `source:line`, or
/// `source:line:column` when `column` is given (as `extract` places what it finds). The help
/// names what `grammar` (its name) checks.
pub fn write_human(
    out: &mut Vec<u8>,
    grammar: &str,
    source: &str,
    line: u64,
    column: Option<u64>,
    len: u64,
    limit: u64,
) {
    let column = column.map_or(String::new(), |c| format!(":{c}"));
    // Writing to a Vec cannot fail.
    let _ = writeln!(
        out,
        "error[{LINE_TOO_LONG}]: {}\n --> {}:{line}{column}\n  |\n  = help: {}\n",
        message(len, limit),
        printable(source),
        help(grammar)
    );
}

/// The JSON record: `input` null (the line was not kept), its number, and [`error`]
/// (`schema/urigram.schema.json`, `check_record`).
fn record(grammar: &str, line: u64, len: u64, limit: u64) -> Value {
    json!({
        "input": null,
        "valid": false,
        "line": line,
        "error": error(grammar, len, limit),
    })
}

/// The error of a line of `len` bytes over the limit of `limit`: the code, message and help of
/// every error, its length and the limit (`schema/urigram.schema.json`,
/// `line_too_long_error`). The help names what `grammar` (its name) checks.
pub fn error(grammar: &str, len: u64, limit: u64) -> Value {
    json!({
        "code": LINE_TOO_LONG,
        "message": message(len, limit),
        "help": help(grammar),
        "length": len,
        "limit": limit,
    })
}
