//! `urigram convert --to uri|iri [INPUT...]`: RFC 3987's two mappings, one result a line.
//!
//! `--to uri` reads each input as an `IRI-reference` (RFC 3987) and writes the URI reference
//! it maps to by section 3.1 ([`urigram::rfc3987::to_uri`]: each character outside US-ASCII as
//! the `%HH` of its UTF-8 octets); `--to iri` reads each input as a `URI-reference` (RFC 3986)
//! and writes the IRI reference of section 3.2 ([`urigram::rfc3987::to_iri`]: the escapes of
//! UTF-8 characters that an IRI may hold there, decoded).
//!
//! Inputs are read as `check` reads them: the arguments, then each line of `--file` (`-` for
//! standard input), or the lines of standard input when there is neither. An input the grammar
//! rejects is reported as `check` reports it (the diagnostic on standard error, or the JSON
//! error object) and nothing is written for it on standard output. Exit codes as `check`'s: 0
//! when every input was converted, 1 when some input was rejected, 2 for usage and I/O errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use urigram::render::visible;
use urigram::{Error, Grammar, rfc3987};

use super::inputs::os_bytes;
use super::output::error_json;
use super::render::{STDIN, argument, diagnostic};
use super::stream::{Line, MAX_LINE_LIMIT, next_line};
use super::{Format, write_err};

#[derive(Args)]
pub struct ConvertArgs {
    /// What to convert to.
    #[arg(long, value_enum)]
    to: Target,
    /// Output format: `human` writes one result a line.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Convert each line of this file (`-` for standard input); only the line ending is
    /// removed.
    #[arg(long, short)]
    file: Option<PathBuf>,
    /// The longest line of --file that is read, in bytes (without its line ending); a longer
    /// line is reported and skipped.
    #[arg(long, value_name = "BYTES", default_value = "1048576",
          value_parser = clap::value_parser!(u64).range(1..=MAX_LINE_LIMIT))]
    max_line_length: u64,
    /// Inputs to convert.
    inputs: Vec<std::ffi::OsString>,
}

/// The `--to` values.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// From an IRI reference (RFC 3987) to the URI reference it maps to (section 3.1).
    Uri,
    /// From a URI reference (RFC 3986) to an IRI reference (section 3.2).
    Iri,
}

impl Target {
    /// The grammar inputs are read under.
    fn grammar(self) -> Grammar {
        match self {
            Target::Uri => Grammar::Rfc3987,
            Target::Iri => Grammar::Rfc3986,
        }
    }

    /// The mapping of one input.
    pub fn convert(self, input: &str) -> Result<String, Error> {
        match self {
            Target::Uri => rfc3987::to_uri(input).map(|u| u.as_str().to_owned()),
            Target::Iri => rfc3987::to_iri(input).map(String::from),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Target::Uri => "uri",
            Target::Iri => "iri",
        }
    }
}

/// Writes each result as it comes, and remembers whether any input was rejected.
struct Writer<W: Write, E: Write> {
    target: Target,
    format: Format,
    out: W,
    err: E,
    first: bool,
    rejected: bool,
}

impl<W: Write, E: Write> Writer<W, E> {
    /// One input, `text` (or the reason it was not read), from `source` at `line`.
    fn input(
        &mut self,
        text: Result<&str, String>,
        source: &str,
        line: Option<u64>,
    ) -> io::Result<()> {
        let place = |v: &mut Value| {
            v["source"] = json!(source);
            if let Some(l) = line {
                v["line"] = json!(l);
            }
        };
        let mut v = match text {
            Ok(input) => match self.target.convert(input) {
                Ok(output) => {
                    if self.format == Format::Human {
                        return writeln!(self.out, "{output}");
                    }
                    json!({ "input": input, "output": output })
                }
                Err(e) => {
                    self.rejected = true;
                    if self.format == Format::Human {
                        let first = line.map_or(1, |l| usize::try_from(l).unwrap_or(usize::MAX));
                        return writeln!(
                            self.err,
                            "{}",
                            diagnostic(&e, input, source, first, false)
                        );
                    }
                    json!({ "input": input, "error": error_json(&e) })
                }
            },
            Err(why) => {
                self.rejected = true;
                if self.format == Format::Human {
                    let at = line.map_or(String::new(), |l| format!(":{l}"));
                    return writeln!(self.err, "error: {source}{at}: {why}");
                }
                json!({ "input": null, "reason": why })
            }
        };
        place(&mut v);
        match self.format {
            Format::Json => {
                let sep = if std::mem::take(&mut self.first) {
                    ""
                } else {
                    ","
                };
                write!(self.out, "{sep}{v}")
            }
            _ => writeln!(self.out, "{v}"),
        }
    }
}

pub fn run(mut a: ConvertArgs) -> Result<u8, String> {
    if a.inputs.is_empty() && a.file.is_none() {
        if io::stdin().is_terminal() {
            return Err(
                "nothing to convert: give INPUT arguments, --file PATH, or lines on \
                        standard input (`cat iris.txt | urigram convert --to uri`)"
                    .into(),
            );
        }
        a.file = Some(PathBuf::from("-"));
    }
    let mut w = Writer {
        target: a.to,
        format: a.format,
        out: io::BufWriter::new(io::stdout().lock()),
        err: io::stderr().lock(),
        first: true,
        rejected: false,
    };
    let result = (|| -> Result<(), Fail> {
        if w.format == Format::Json {
            write!(
                w.out,
                "{{\"to\":\"{}\",\"grammar\":\"{}\",\"results\":[",
                w.target.name(),
                w.target.grammar()
            )?;
        }
        for (input, k) in a.inputs.iter().zip(1..) {
            let bytes = os_bytes(input);
            let text = std::str::from_utf8(&bytes).map_err(|_| "not UTF-8".to_owned());
            w.input(text, &argument(k), None)?;
        }
        if let Some(path) = &a.file {
            let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
                (
                    STDIN.to_owned(),
                    Box::new(BufReader::new(io::stdin().lock())),
                )
            } else {
                let name = visible(&path.display().to_string()).into_owned();
                let f = File::open(path).map_err(|e| Fail::Read(reading(&name, &e)))?;
                (name, Box::new(BufReader::with_capacity(1 << 16, f)))
            };
            read_lines(&mut w, reader, &name, a.max_line_length)?;
        }
        if w.format == Format::Json {
            writeln!(w.out, "]}}")?;
        }
        Ok(w.out.flush()?)
    })();
    match result {
        Ok(()) => Ok(u8::from(w.rejected)),
        Err(Fail::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(u8::from(w.rejected)),
        Err(Fail::Write(e)) => Err(write_err(e)),
        Err(Fail::Read(why)) => {
            // What was converted before the failure is written out.
            let _ = w.out.flush();
            Err(why)
        }
    }
}

/// Why a run stopped: a write failed, or reading `--file` did (the path and the error).
enum Fail {
    Write(io::Error),
    Read(String),
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        Fail::Write(e)
    }
}

/// The error of reading the file `name` (opening it, or a read that failed: a directory
/// opens, and its first read fails).
fn reading(name: &str, e: &io::Error) -> String {
    format!("reading {name}: {e}")
}

/// Each line of `reader`, named `name`.
fn read_lines<W: Write, E: Write>(
    w: &mut Writer<W, E>,
    mut reader: Box<dyn BufRead>,
    name: &str,
    limit: u64,
) -> Result<(), Fail> {
    let mut buf = Vec::new();
    let mut n = 0u64;
    while let Some(line) =
        next_line(&mut reader, &mut buf, limit).map_err(|e| Fail::Read(reading(name, &e)))?
    {
        n += 1;
        let text = match line {
            Line::Text => std::str::from_utf8(&buf).map_err(|_| "not UTF-8".to_owned()),
            Line::TooLong(len) => Err(format!(
                "a line of {len} bytes, longer than --max-line-length ({limit})"
            )),
        };
        w.input(text, name, Some(n))?;
    }
    Ok(())
}
