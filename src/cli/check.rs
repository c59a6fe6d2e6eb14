//! `urigram check`: check inputs against a rule of a grammar.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};
use urigram::{Error, Grammar};

use super::{Format, parse_grammar};

#[derive(Args)]
pub struct CheckArgs {
    /// The grammar.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar)]
    grammar: Grammar,
    /// The rule, by its spec name (default: the grammar's start rule).
    #[arg(long, short)]
    rule: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Check each line of this file (`-` for standard input); only the line ending `\n` or
    /// `\r\n` is removed.
    #[arg(long, short)]
    file: Option<PathBuf>,
    /// Inputs to check.
    inputs: Vec<OsString>,
}

/// Where an input came from.
enum Source<'a> {
    Arg(usize),
    Line(&'a str, u64),
}

struct Checker<'w> {
    grammar: Grammar,
    rule: &'static str,
    format: Format,
    out: BufWriter<Box<dyn Write + 'w>>,
    first_json: bool,
    invalid: u64,
    total: u64,
}

pub fn run(args: CheckArgs) -> Result<u8, String> {
    let grammar = args.grammar;
    let rule = match &args.rule {
        Some(r) => grammar.rule(r).map_err(|e| e.to_string())?.name,
        None => grammar.start_rule(),
    };
    if args.inputs.is_empty() && args.file.is_none() {
        return Err("nothing to check: give INPUT arguments or --file PATH (- for stdin)".into());
    }
    let stdout = io::stdout();
    let mut c = Checker {
        grammar,
        rule,
        format: args.format,
        out: BufWriter::with_capacity(1 << 16, Box::new(stdout.lock())),
        first_json: true,
        invalid: 0,
        total: 0,
    };
    c.begin().map_err(io_err)?;
    for (k, a) in args.inputs.iter().enumerate() {
        c.one(&os_bytes(a), Source::Arg(k + 1)).map_err(io_err)?;
    }
    if let Some(path) = &args.file {
        let (label, reader): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        } else {
            let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), Box::new(f))
        };
        let mut r = BufReader::with_capacity(1 << 16, reader);
        let mut line = Vec::new();
        let mut n = 0u64;
        loop {
            line.clear();
            let got = r
                .read_until(b'\n', &mut line)
                .map_err(|e| format!("{label}: {e}"))?;
            if got == 0 {
                break;
            }
            n += 1;
            let mut l: &[u8] = &line;
            if let Some(x) = l.strip_suffix(b"\n") {
                l = x;
                if let Some(y) = l.strip_suffix(b"\r") {
                    l = y;
                }
            }
            c.one(l, Source::Line(&label, n)).map_err(io_err)?;
        }
    }
    c.end().map_err(io_err)?;
    Ok(if c.invalid > 0 { 1 } else { 0 })
}

fn io_err(e: io::Error) -> String {
    format!("writing output: {e}")
}

#[cfg(unix)]
fn os_bytes(s: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn os_bytes(s: &OsString) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}

impl Checker<'_> {
    fn begin(&mut self) -> io::Result<()> {
        if self.format == Format::Json {
            write!(
                self.out,
                "{{\"grammar\":{},\"rule\":{},\"results\":[",
                json!(self.grammar.name()),
                json!(self.rule)
            )?;
        }
        Ok(())
    }

    fn end(&mut self) -> io::Result<()> {
        if self.format == Format::Json {
            writeln!(
                self.out,
                "],\"total\":{},\"valid\":{},\"invalid\":{}}}",
                self.total,
                self.total - self.invalid,
                self.invalid
            )?;
        }
        match self.out.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            r => r,
        }
    }

    fn one(&mut self, input: &[u8], src: Source<'_>) -> io::Result<()> {
        let r = self.grammar.check_bytes(self.rule, input);
        self.total += 1;
        if r.is_err() {
            self.invalid += 1;
        }
        let text = String::from_utf8_lossy(input);
        let w = match self.format {
            Format::Jsonl => writeln!(self.out, "{}", record(&text, &r)),
            Format::Json => {
                let sep = if self.first_json { "" } else { "," };
                self.first_json = false;
                write!(self.out, "{sep}{}", record(&text, &r))
            }
            Format::Human => match &r {
                Ok(()) => writeln!(self.out, "ok: {}", urigram::render::visible(&text)),
                Err(e) => {
                    let place = match src {
                        Source::Arg(k) => format!("argument {k}"),
                        Source::Line(f, n) => format!("{f}:{n}:{}", e.column),
                    };
                    writeln!(
                        self.out,
                        "{}\n  --> {place}\n",
                        urigram::render::render(e, &text)
                    )
                }
            },
        };
        match w {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            r => r,
        }
    }
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
    })
}
