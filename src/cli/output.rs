//! The per-input output of `check`: one record per input, for people (`human`) or programs
//! (`json`, `jsonl`).

use std::io::Write;

use clap::ValueEnum;
use serde_json::{Value, json};
use urigram::Error;

use super::Format;
use super::render::diagnostic;

/// Which inputs get a line of output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Only {
    /// The inputs that are not valid.
    Invalid,
    /// The valid inputs.
    Valid,
}

impl Only {
    /// Whether an input with result `valid` is shown.
    pub fn shows(self, valid: bool) -> bool {
        match self {
            Only::Invalid => !valid,
            Only::Valid => valid,
        }
    }
}

/// Where an input came from.
#[derive(Clone, Copy)]
pub enum Place<'a> {
    /// The k-th argument (1-based).
    Arg(u64),
    /// Line n (1-based) of the named source (a file name or `<stdin>`).
    Line(&'a str, u64),
}

/// Append the record of one input to `out`. A `json` record starts with `,`: the writer of
/// the document drops the first one.
pub fn write_record(
    out: &mut Vec<u8>,
    format: Format,
    input: &[u8],
    r: &Result<(), Error>,
    place: Place<'_>,
    color: bool,
) {
    let text = String::from_utf8_lossy(input);
    // Writing to a Vec cannot fail.
    let _ = match format {
        Format::Jsonl => writeln!(out, "{}", record(&text, r)),
        Format::Json => write!(out, ",{}", record(&text, r)),
        Format::Human => match r {
            Ok(()) => writeln!(out, "ok: {}", urigram::render::visible(&text)),
            Err(e) => {
                let (origin, line) = match place {
                    Place::Arg(k) => (format!("argument {k}"), 1),
                    Place::Line(f, n) => (f.to_string(), n as usize),
                };
                writeln!(out, "{}\n", diagnostic(e, &text, &origin, line, color))
            }
        },
    };
}

/// The JSON record of one input.
pub fn record(input: &str, r: &Result<(), Error>) -> Value {
    json!({
        "input": input,
        "valid": r.is_ok(),
        "error": match r {
            Ok(()) => Value::Null,
            Err(e) => error_json(e),
        },
    })
}

/// Every field of an error, as JSON.
pub fn error_json(e: &Error) -> Value {
    json!({
        "offset": e.offset,
        "end": e.end,
        "line": e.line,
        "column": e.column,
        "column_utf16": e.column_utf16,
        "rule": e.rule,
        "stack": e.stack,
        "found": e.found.map(String::from),
        "expected": e.expected_names(),
        "message": e.message,
        "help": e.help,
        "citation": {
            "file": e.citation.file,
            "line": e.citation.line,
            "section": e.citation.section,
            "text": e.citation.to_string(),
        },
        "code": e.code(),
    })
}
