//! `urigram check --all-grammars`: every input against the start rule of every URI grammar
//! and RFC 3987's IRIs (and RFC 822's `addr-spec` with `--with-rfc822`), the verdicts side by side and the
//! diagnostic of each rejection, so that one sees why a string is a URI under RFC 2396 but no
//! RFC 1738 URL, and so on. Lines of a file are read, checked and written one at a time.
//!
//! Exit code: 0 when every input is valid under at least one grammar of the matrix, 1 when
//! some input is valid under none, 2 for usage and I/O errors.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;

use serde_json::{Value, json};
use urigram::render::visible;
use urigram::{Error, Grammar};

use super::output::error_json;
use super::render::{Color, STDIN, argument, diagnostic};
use super::{Format, write_err};

/// The verdicts of one input.
struct Row<'a> {
    input: &'a [u8],
    origin: &'a str,
    line: usize,
    verdicts: Vec<(Grammar, Result<(), Error>)>,
}

impl Row<'_> {
    fn valid_somewhere(&self) -> bool {
        self.verdicts.iter().any(|(_, v)| v.is_ok())
    }
}

/// Check `inputs`, then the lines of `file`, whose longest is `max_line` bytes (a longer one
/// is an error, exit 2: the matrix is for lines of URIs).
pub fn run(
    inputs: &[OsString],
    file: Option<&Path>,
    max_line: u64,
    format: Format,
    color: Color,
    with_rfc822: bool,
) -> Result<u8, String> {
    // The columns: every grammar in `Grammar::ALL`'s order, the URI grammars and then RFC
    // 3987's `IRI-reference` (an input valid only there is an IRI but no URI); RFC 822's
    // `addr-spec` when asked. RFC 6570's templates are no URIs: no column.
    let columns: Vec<Grammar> = Grammar::ALL
        .iter()
        .copied()
        .filter(|g| with_rfc822 || *g != Grammar::Rfc822)
        .filter(|g| *g != Grammar::Rfc6570)
        .collect();
    let grammars = columns.as_slice();
    let color = color.enabled();
    let stdout = io::stdout();
    let mut w = io::BufWriter::new(stdout.lock());
    let mut first = true;
    let mut all = true;
    let mut emit = |w: &mut dyn Write, r: &Row<'_>| -> io::Result<()> {
        all &= r.valid_somewhere();
        match format {
            Format::Human => w.write_all(human(r, color).as_bytes()),
            Format::Jsonl => writeln!(w, "{}", row_json(r)),
            Format::Json => {
                let sep = if std::mem::take(&mut first) { "" } else { "," };
                write!(w, "{sep}{}", row_json(r))
            }
        }
    };
    let result = (|| -> Result<(), String> {
        if format == Format::Json {
            let head = json!({ "grammars": grammars.iter().map(|g| g.name()).collect::<Vec<_>>() });
            let head = head.to_string();
            write!(w, "{},\"results\":[", &head[..head.len() - 1]).map_err(write_err)?;
        }
        for (k, a) in inputs.iter().enumerate() {
            let bytes = super::inputs::os_bytes(a);
            let origin = argument(k as u64 + 1);
            let r = row(&bytes, &origin, 1, grammars);
            emit(&mut w, &r).map_err(write_err)?;
        }
        if let Some(path) = file {
            let (label, reader): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
                (STDIN.into(), Box::new(io::stdin().lock()))
            } else {
                let label = path.display().to_string();
                let f = File::open(path).map_err(|e| format!("{}: {e}", visible(&label)))?;
                (label, Box::new(f))
            };
            let mut r = BufReader::new(reader);
            let mut line = Vec::new();
            for n in 1.. {
                let got = super::stream::next_line(&mut r, &mut line, max_line)
                    .map_err(|e| format!("{}: {e}", visible(&label)))?;
                let l = match got {
                    None => break,
                    Some(super::stream::Line::Text) => &line[..],
                    Some(super::stream::Line::TooLong(_)) => {
                        return Err(format!(
                            "{}:{n}: a line longer than {max_line} bytes (--max-line-length); \
                             --all-grammars reads lines of URIs",
                            visible(&label)
                        ));
                    }
                };
                let r = row(l, &label, n, grammars);
                emit(&mut w, &r).map_err(write_err)?;
                if format != Format::Json {
                    // Rows go out as they are made (a pipe, `tail -f`).
                    w.flush().map_err(write_err)?;
                }
            }
        }
        if format == Format::Json {
            writeln!(w, "]}}").map_err(write_err)?;
        }
        w.flush().map_err(write_err)
    })();
    match result {
        Err(e) if e == super::CLOSED => {}
        Err(e) => return Err(e),
        Ok(()) => {}
    }
    Ok(if all { 0 } else { 1 })
}

fn row<'a>(input: &'a [u8], origin: &'a str, line: usize, grammars: &[Grammar]) -> Row<'a> {
    let verdicts = grammars
        .iter()
        .map(|&g| (g, g.check(g.start_rule(), input)))
        .collect();
    Row {
        input,
        origin,
        line,
        verdicts,
    }
}

fn row_json(r: &Row<'_>) -> Value {
    json!({
        "input": String::from_utf8_lossy(r.input),
        "source": r.origin,
        "line": r.line,
        "valid_somewhere": r.valid_somewhere(),
        "verdicts": r.verdicts.iter().map(|(g, v)| verdict_json(g.name(), g.start_rule(), v))
            .collect::<Vec<_>>(),
    })
}

/// The JSON of one grammar's verdict on an input (`schema/urigram.schema.json`, `verdict`).
pub fn verdict_json(grammar: &str, rule: &str, v: &Result<(), Error>) -> Value {
    json!({
        "grammar": grammar,
        "rule": rule,
        "valid": v.is_ok(),
        "error": match v {
            Ok(()) => Value::Null,
            Err(e) => error_json(e),
        },
    })
}

fn human(r: &Row<'_>, color: bool) -> String {
    let verdicts: Vec<_> = r
        .verdicts
        .iter()
        .map(|(g, v)| (g.name(), g.start_rule(), v))
        .collect();
    verdicts_human(r.input, r.origin, r.line, &verdicts, color)
}

/// The verdicts of several grammars (name, rule, verdict) on `input`, line `line` of `origin`,
/// for people: the input and its place, a line per grammar, then the diagnostic of each
/// rejection.
pub fn verdicts_human(
    input: &[u8],
    origin: &str,
    line: usize,
    verdicts: &[(&str, &str, &Result<(), Error>)],
    color: bool,
) -> String {
    let gw = verdicts.iter().map(|v| v.0.len()).max().unwrap_or(0);
    let rw = verdicts.iter().map(|v| v.1.len()).max().unwrap_or(0);
    let text = String::from_utf8_lossy(input);
    let mut s = format!("{} ({}:{})\n", visible(&text), visible(origin), line);
    for (g, rule, v) in verdicts {
        let verdict = match v {
            Ok(()) => "valid".to_string(),
            Err(e) => format!(
                "invalid at byte {} in {} ({})",
                e.offset(),
                e.rule(),
                e.code()
            ),
        };
        s.push_str(&format!("  {g:<gw$}  {rule:<rw$}  {verdict}\n"));
    }
    for (_, _, v) in verdicts {
        if let Err(e) = v {
            s.push('\n');
            s.push_str(&diagnostic(e, &text, origin, line, color));
        }
    }
    s.push('\n');
    s
}
