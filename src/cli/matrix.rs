//! `urigram check --all-grammars`: every input against the start rule of every grammar, the
//! verdicts side by side and the diagnostic of each rejection, so that one sees why a string is
//! a URI under RFC 2396 but no RFC 1738 URL, and so on.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use serde_json::{Value, json};
use urigram::{Error, Grammar};

use super::check::error_json;
use super::render::{Color, diagnostic};
use super::{Format, print_or_fail};

/// The verdicts of one input.
struct Row {
    input: Vec<u8>,
    place: String,
    verdicts: Vec<(Grammar, Result<(), Error>)>,
}

pub fn run(
    inputs: &[OsString],
    file: Option<&Path>,
    format: Format,
    color: Color,
) -> Result<u8, String> {
    let mut rows = Vec::new();
    for (k, a) in inputs.iter().enumerate() {
        rows.push(row(
            super::check::os_bytes(a),
            format!("argument {}", k + 1),
        ));
    }
    if let Some(path) = file {
        let (label, reader): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        } else {
            let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), Box::new(f))
        };
        let mut r = BufReader::new(reader);
        let mut line = Vec::new();
        for n in 1.. {
            line.clear();
            if r.read_until(b'\n', &mut line)
                .map_err(|e| format!("{label}: {e}"))?
                == 0
            {
                break;
            }
            let mut l = &line[..];
            if let Some(x) = l.strip_suffix(b"\n") {
                l = x.strip_suffix(b"\r").unwrap_or(x);
            }
            rows.push(row(l.to_vec(), format!("{label}:{n}")));
        }
    }
    let all_valid = rows
        .iter()
        .all(|r| r.verdicts.iter().all(|(_, v)| v.is_ok()));
    let out = match format {
        Format::Human => human(&rows, color.enabled()),
        Format::Json => format!(
            "{}\n",
            json!({ "results": rows.iter().map(row_json).collect::<Vec<_>>() })
        ),
        Format::Jsonl => rows.iter().map(|r| format!("{}\n", row_json(r))).collect(),
    };
    print_or_fail(&out)?;
    Ok(if all_valid { 0 } else { 1 })
}

fn row(input: Vec<u8>, place: String) -> Row {
    let verdicts = Grammar::ALL
        .iter()
        .map(|&g| (g, g.check_bytes(g.start_rule(), &input)))
        .collect();
    Row {
        input,
        place,
        verdicts,
    }
}

fn row_json(r: &Row) -> Value {
    json!({
        "input": String::from_utf8_lossy(&r.input),
        "verdicts": r.verdicts.iter().map(|(g, v)| json!({
            "grammar": g.name(),
            "rule": g.start_rule(),
            "valid": v.is_ok(),
            "error": match v {
                Ok(()) => Value::Null,
                Err(e) => error_json(e),
            },
        })).collect::<Vec<_>>(),
    })
}

fn human(rows: &[Row], color: bool) -> String {
    let gw = Grammar::ALL
        .iter()
        .map(|g| g.name().len())
        .max()
        .unwrap_or(0);
    let rw = Grammar::ALL
        .iter()
        .map(|g| g.start_rule().len())
        .max()
        .unwrap_or(0);
    let mut s = String::new();
    for r in rows {
        let text = String::from_utf8_lossy(&r.input);
        s.push_str(&format!(
            "{} ({})\n",
            urigram::render::visible(&text),
            r.place
        ));
        for (g, v) in &r.verdicts {
            let verdict = match v {
                Ok(()) => "valid".to_string(),
                Err(e) => format!("invalid at byte {} in {}", e.offset, e.rule),
            };
            s.push_str(&format!(
                "  {:<gw$}  {:<rw$}  {verdict}\n",
                g.name(),
                g.start_rule()
            ));
        }
        for (g, v) in &r.verdicts {
            if let Err(e) = v {
                s.push('\n');
                s.push_str(&diagnostic(e, &text, g.name(), 1, color));
                s.push('\n');
            }
        }
        s.push('\n');
    }
    s
}
