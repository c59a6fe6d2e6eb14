//! The logic of three commands, as plain functions that take the arguments and give the
//! output and the exit code, for the command-line tool to call:
//!
//! - `urigram resolve BASE REF...`: each reference resolved against `BASE` (section 5.2), one
//!   line per reference, in order ([`resolve`]);
//! - `urigram normalize URI...`: each reference in its section 6 normal form ([`normalize`]);
//! - `urigram equivalent A B`: whether the two are equivalent by section 6 ([`equivalent`]).
//!
//! Each takes a [`Format`]: `human` (plain lines), `json` (one pretty-printed document) or
//! `jsonl` (one compact JSON object per line). Exit codes: [`EXIT_OK`] when every input was
//! valid (and, for `equivalent`, the two are equivalent), [`EXIT_DIFFERENT`] when `equivalent`
//! finds them different, [`EXIT_INVALID`] when an input was rejected. Errors go to standard
//! error in the `human` format and into the JSON objects in the others.

use std::fmt;
use std::str::FromStr;

use serde_json::{Value, json};

use urigram::rfc2396::{AbsoluteUriBuf, ResolveError, ResolveOptions, resolve_str};
use urigram::{Error, UriReference};

/// Success (and, for `equivalent`, equivalent).
pub const EXIT_OK: i32 = 0;
/// `equivalent`: the two references are not equivalent.
pub const EXIT_DIFFERENT: i32 = 1;
/// An input was rejected.
pub const EXIT_INVALID: i32 = 2;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Plain lines for people; errors to standard error.
    #[default]
    Human,
    /// One JSON document.
    Json,
    /// One JSON object per line.
    Jsonl,
}

impl FromStr for Format {
    type Err = String;
    /// ```
    /// use super::semantics_logic::Format;
    /// assert_eq!("jsonl".parse::<Format>(), Ok(Format::Jsonl));
    /// assert!("xml".parse::<Format>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "human" => Ok(Format::Human),
            "json" => Ok(Format::Json),
            "jsonl" => Ok(Format::Jsonl),
            _ => Err(format!(
                "unknown format {s:?}: expected human, json or jsonl"
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Jsonl => "jsonl",
        })
    }
}

/// What a command prints and how it exits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
}

impl Output {
    fn line(&mut self, s: &str) {
        self.stdout.push_str(s);
        self.stdout.push('\n');
    }

    fn error(&mut self, s: &str) {
        self.stderr.push_str("urigram: ");
        self.stderr.push_str(s);
        self.stderr.push('\n');
        self.code = EXIT_INVALID;
    }

    /// JSON values: one document (an array, or the single value) or one line each.
    fn json(&mut self, format: Format, values: Vec<Value>, single: bool) {
        match format {
            Format::Jsonl => {
                for v in &values {
                    self.line(&v.to_string());
                }
            }
            _ => {
                let doc = if single && values.len() == 1 {
                    values.into_iter().next().unwrap_or(Value::Null)
                } else {
                    Value::Array(values)
                };
                let text = serde_json::to_string_pretty(&doc).unwrap_or_default();
                self.line(&text);
            }
        }
    }
}

/// A grammar error as JSON.
fn parse_error_json(e: &Error) -> Value {
    json!({
        "message": e.message,
        "offset": e.offset,
        "end": e.end,
        "line": e.line,
        "column": e.column,
        "rule": e.rule,
        "expected": e.expected_names(),
        "citation": e.citation.to_string(),
    })
}

/// A resolution error as JSON: its kind, its message and, for a rejected text, where.
fn resolve_error_json(e: &ResolveError) -> Value {
    let (kind, detail) = match e {
        ResolveError::InvalidBase(p) => ("invalid_base", Some(p)),
        ResolveError::InvalidReference(p) => ("invalid_reference", Some(p)),
        ResolveError::RelativeBase(_) => ("relative_base", None),
        ResolveError::OpaqueBase(_) => ("opaque_base", None),
        ResolveError::NotAbsolute(_) => ("not_absolute", None),
        ResolveError::AboveRoot { .. } => ("above_root", None),
        ResolveError::Unrepresentable { .. } => ("unrepresentable", None),
        _ => ("other", None),
    };
    let mut v = match detail {
        Some(p) => parse_error_json(p),
        None => json!({ "message": e.to_string() }),
    };
    v["kind"] = json!(kind);
    v
}

/// `urigram resolve BASE REF...`: each reference resolved against `base` by section 5.2 (see
/// [`resolve_str`], which also takes the `?query` form of erratum 452), one per line, in order.
///
/// A reference to the current document (an empty reference or a fragment alone, step 2)
/// prints as `base` with the reference's fragment: on the command line the base is the only
/// URI of the document there is (section 5.1.3). The JSON formats say so with
/// `"current_document": true` and give the RFC's own writing in `"as_written"`.
///
/// ```
/// use super::semantics_logic::{Format, resolve};
/// let out = resolve("http://a/b/c/d;p?q", &["g", "?y", "#s", "../../../g"], Default::default(), Format::Human);
/// assert_eq!(out.stdout, "http://a/b/c/g\nhttp://a/b/c/?y\nhttp://a/b/c/d;p?q#s\nhttp://a/../g\n");
/// assert_eq!(out.code, 0);
///
/// let out = resolve("http://a/b/c/d;p?q", &["g h"], Default::default(), Format::Jsonl);
/// assert!(out.stdout.contains(r#""kind":"invalid_reference""#));
/// assert_eq!(out.code, 2);
/// ```
pub fn resolve<S: AsRef<str>>(
    base: &str,
    references: &[S],
    options: ResolveOptions,
    format: Format,
) -> Output {
    let mut out = Output::default();
    let document = match base.parse::<AbsoluteUriBuf>() {
        Ok(d) => d,
        Err(e) => {
            let e = match e {
                ResolveError::InvalidReference(p) => ResolveError::InvalidBase(p),
                ResolveError::NotAbsolute(b) => ResolveError::RelativeBase(b),
                other => other,
            };
            match format {
                Format::Human => out.error(&format!("base {base:?}: {e}")),
                _ => {
                    out.json(
                        format,
                        vec![json!({ "base": base, "error": resolve_error_json(&e) })],
                        true,
                    );
                    out.code = EXIT_INVALID;
                }
            }
            return out;
        }
    };
    let mut values = Vec::new();
    for r in references {
        let r = r.as_ref();
        match resolve_str(base, r, options) {
            Ok(resolved) => {
                let uri = resolved.in_document(&document);
                match format {
                    Format::Human => out.line(uri.as_str()),
                    _ => values.push(json!({
                        "base": base,
                        "reference": r,
                        "resolved": uri.as_str(),
                        "current_document": resolved.is_current_document(),
                        "as_written": resolved.to_string(),
                    })),
                }
            }
            Err(e) => match format {
                Format::Human => out.error(&format!("reference {r:?}: {e}")),
                _ => {
                    values.push(json!({
                        "base": base,
                        "reference": r,
                        "error": resolve_error_json(&e),
                    }));
                    out.code = EXIT_INVALID;
                }
            },
        }
    }
    if format != Format::Human {
        out.json(format, values, false);
    }
    out
}

/// `urigram normalize URI...`: each `URI-reference` in its section 6 normal form (see
/// [`urigram::rfc2396::normalize()`]), one per line, in order.
///
/// ```
/// use super::semantics_logic::{Format, normalize};
/// let out = normalize(&["HTTP://www.XEROX.com:80/%7euser"], Format::Human);
/// assert_eq!(out.stdout, "http://www.xerox.com/~user\n");
///
/// let out = normalize(&["http://a/%zz"], Format::Human);
/// assert_eq!(out.code, 2);
/// assert!(out.stderr.contains("byte 10"));
/// ```
pub fn normalize<S: AsRef<str>>(uris: &[S], format: Format) -> Output {
    let mut out = Output::default();
    let mut values = Vec::new();
    for u in uris {
        let u = u.as_ref();
        match UriReference::parse(u) {
            Ok(r) => {
                let n = urigram::rfc2396::normalize(&r);
                match format {
                    Format::Human => out.line(n.as_str()),
                    _ => values.push(json!({ "input": u, "normalized": n.as_str() })),
                }
            }
            Err(e) => match format {
                Format::Human => out.error(&format!("{u:?}: {e}")),
                _ => {
                    values.push(json!({ "input": u, "error": parse_error_json(&e) }));
                    out.code = EXIT_INVALID;
                }
            },
        }
    }
    if format != Format::Human {
        out.json(format, values, false);
    }
    out
}

/// `urigram equivalent A B`: whether the two `URI-reference`s are equivalent by section 6
/// (see [`crate::equivalent()`]): exit code [`EXIT_OK`] if so, [`EXIT_DIFFERENT`] if not.
/// The output says which, with both normal forms.
///
/// ```
/// use super::semantics_logic::{Format, equivalent};
/// let out = equivalent("http://www.XEROX.com", "http://www.xerox.com:80", Format::Human);
/// assert_eq!(out.code, 0);
/// assert!(out.stdout.starts_with("equivalent\n"));
///
/// let out = equivalent("http://a/b", "http://a/B", Format::Json);
/// assert_eq!(out.code, 1);
/// assert!(out.stdout.contains(r#""equivalent": false"#));
/// ```
pub fn equivalent(a: &str, b: &str, format: Format) -> Output {
    let mut out = Output::default();
    let (ra, rb) = (UriReference::parse(a), UriReference::parse(b));
    let (ra, rb) = match (ra, rb) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (ea, eb) => {
            let mut values = Vec::new();
            for (name, input, e) in [("A", a, ea.err()), ("B", b, eb.err())] {
                if let Some(e) = e {
                    match format {
                        Format::Human => out.error(&format!("{name} {input:?}: {e}")),
                        _ => values.push(json!({ "input": input, "error": parse_error_json(&e) })),
                    }
                }
            }
            if format != Format::Human {
                out.json(format, values, false);
            }
            out.code = EXIT_INVALID;
            return out;
        }
    };
    let (na, nb) = (
        urigram::rfc2396::normalize(&ra),
        urigram::rfc2396::normalize(&rb),
    );
    let same = na == nb;
    out.code = if same { EXIT_OK } else { EXIT_DIFFERENT };
    match format {
        Format::Human => {
            out.line(if same { "equivalent" } else { "not equivalent" });
            out.line(&format!("  {a}  ->  {na}"));
            out.line(&format!("  {b}  ->  {nb}"));
        }
        _ => out.json(
            format,
            vec![json!({
                "a": a,
                "b": b,
                "equivalent": same,
                "normalized": [na.as_str(), nb.as_str()],
            })],
            true,
        ),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_formats() {
        let base = "http://a/b/c/d;p?q";
        let out = resolve(base, &["g", "#s"], ResolveOptions::default(), Format::Jsonl);
        let lines: Vec<Value> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["resolved"], "http://a/b/c/g");
        assert_eq!(lines[1]["resolved"], "http://a/b/c/d;p?q#s");
        assert_eq!(lines[1]["as_written"], "(current document)#s");
        assert_eq!(lines[1]["current_document"], true);

        let out = resolve(base, &["g", "a b"], ResolveOptions::default(), Format::Json);
        let doc: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(doc[0]["resolved"], "http://a/b/c/g");
        assert_eq!(doc[1]["error"]["offset"], 1);
        assert_eq!(out.code, EXIT_INVALID);

        let out = resolve("b/c", &["g"], ResolveOptions::default(), Format::Human);
        assert_eq!(out.stdout, "");
        assert_eq!(out.code, EXIT_INVALID);
        assert!(out.stderr.contains("not an absolute URI"), "{}", out.stderr);

        let out = resolve(
            "mailto:x@y",
            &["g", "http://a/"],
            ResolveOptions::default(),
            Format::Human,
        );
        assert_eq!(out.stdout, "http://a/\n");
        assert!(out.stderr.contains("opaque"));
        assert_eq!(out.code, EXIT_INVALID);
    }

    #[test]
    fn normalize_and_equivalent_formats() {
        let out = normalize(&["HTTP://A:80", "%"], Format::Json);
        let doc: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(doc[0]["normalized"], "http://a");
        assert_eq!(doc[1]["error"]["rule"], "escaped");
        assert_eq!(out.code, EXIT_INVALID);

        let out = equivalent("http://a", "http://a b", Format::Human);
        assert_eq!(out.code, EXIT_INVALID);
        assert!(out.stderr.starts_with("urigram: B "), "{}", out.stderr);

        let out = equivalent("http://a", "HTTP://a:", Format::Jsonl);
        assert_eq!(out.code, EXIT_OK);
        assert_eq!(out.stdout.lines().count(), 1);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["normalized"][1], "http://a");
    }
}
