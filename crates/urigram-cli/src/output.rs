//! The per-input output of `check`: one record per input, for people (`human`) or programs
//! (`json`, `jsonl`).

use std::io::Write;

use clap::ValueEnum;
use serde_json::{Value, json};
use urigram::Error;

use super::Format;
use super::render::{argument, diagnostic};

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
    scheme_error: Option<&Error>,
) {
    let text = String::from_utf8_lossy(input);
    let record = || {
        let mut v = record(&text, r);
        if let Some(e) = scheme_error {
            v["scheme_error"] = error_json(e);
        }
        v
    };
    // Writing to a Vec cannot fail.
    let _ = match format {
        Format::Jsonl => writeln!(out, "{}", record()),
        Format::Json => write!(out, ",{}", record()),
        Format::Human => match r {
            Ok(()) => {
                let _ = writeln!(out, "ok: {}", urigram::render::visible(&text));
                match scheme_error {
                    Some(e) => writeln!(out, "{}", scheme_note(e)),
                    None => Ok(()),
                }
            }
            Err(e) => {
                let (origin, line) = match place {
                    Place::Arg(k) => (argument(k), 1),
                    Place::Line(f, n) => (f.to_string(), n as usize),
                };
                writeln!(out, "{}", diagnostic(e, &text, &origin, line, color))
            }
        },
    };
}

/// The note under a valid RFC 1738 URL that only `otherurl` took although its scheme has a
/// production of its own (`check::scheme_error`).
pub fn scheme_note(e: &Error) -> String {
    // The message is the headline, then what was expected.
    let expected = &e.message()[e.headline().len()..];
    format!(
        "  = note: valid as otherurl (any scheme), but not as the scheme's own {}: {}{expected} \
         [{}] (see {})",
        e.start_rule(),
        urigram::render::visible(e.headline()),
        e.code(),
        e.citation()
    )
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

/// Every field of an error, as JSON: the library's own serialization (its `serde` feature).
pub fn error_json(e: &Error) -> Value {
    let mut v = serde_json::to_value(e).expect("an error serializes");
    // The help in the command line's terms (`--grammar rfc2732`).
    if let Some(Value::String(h)) = v.get_mut("help")
        && let std::borrow::Cow::Owned(cli) = crate::render::cli_terms(h)
    {
        *h = cli;
    }
    v
}

/// The end of a run's output: the JSON document's closing counts or its summary sections, the
/// summary's line in jsonl, or the human summary (after a blank line unless the output ended
/// with one: `tail` is its last two bytes). Shared by `check` and `extract`.
pub fn document_tail(
    format: Format,
    summary: Option<&super::summary::Summary>,
    records: bool,
    total: u64,
    invalid: u64,
    tail: [u8; 2],
) -> String {
    match (format, summary) {
        (Format::Json, None) => format!(
            "],\"total\":{total},\"valid\":{},\"invalid\":{invalid}}}\n",
            total - invalid
        ),
        (Format::Json, Some(s)) => format!(
            "{},\"sections\":{}}}\n",
            if records { "]" } else { "" },
            s.sections_json()
        ),
        (Format::Jsonl, Some(s)) => format!("{}\n", s.to_json()),
        (Format::Human, Some(s)) => {
            let sep = if tail == *b"\n\n" { "" } else { "\n" };
            format!("{sep}{}", s.to_human())
        }
        (_, None) => String::new(),
    }
}

/// The outcome of a batch of inputs (lines of `check`, URIs found by `extract`): their
/// records, counts and statistics.
pub struct Batch {
    pub out: Vec<u8>,
    pub lines: u64,
    pub invalid: u64,
    pub section: Option<super::summary::Section>,
}

/// Counts over the whole run.
#[derive(Default)]
pub struct Totals {
    pub lines: u64,
    pub invalid: u64,
    pub summary: super::summary::Summary,
}

impl Totals {
    pub fn add(&mut self, b: Batch) {
        self.lines += b.lines;
        self.invalid += b.invalid;
        if let Some(s) = b.section {
            self.summary
                .merge(super::summary::Summary { sections: vec![s] });
        }
    }
}

/// Standard output, written as records come: a closed pipe (`urigram check ... | head`) is no
/// error of ours, but the end of the run ([`Flow::Stop`](super::stream::Flow)).
pub struct Sink {
    w: std::io::BufWriter<std::io::StdoutLock<'static>>,
    closed: bool,
}

impl Sink {
    pub fn new() -> Sink {
        Sink {
            w: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            closed: false,
        }
    }

    /// Whether to go on: not once the output was closed.
    pub fn flow(&self) -> super::stream::Flow {
        use super::stream::Flow;
        if self.closed {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<super::stream::Flow> {
        if !self.closed {
            let r = self.w.write_all(bytes);
            self.closed_on(r)?;
        }
        Ok(self.flow())
    }

    /// Send what was written on now (a slow input is answered as it comes).
    pub fn flush(&mut self) -> std::io::Result<super::stream::Flow> {
        if !self.closed {
            let r = self.w.flush();
            self.closed_on(r)?;
        }
        Ok(self.flow())
    }

    /// The last flush, at the end of the run.
    pub fn finish(&mut self) -> std::io::Result<()> {
        self.flush().map(|_| ())
    }

    /// `r`, except that a closed pipe marks the output closed.
    fn closed_on(&mut self, r: std::io::Result<()>) -> std::io::Result<()> {
        match r {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r,
        }
    }
}
