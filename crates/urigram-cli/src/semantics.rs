//! `urigram resolve BASE REF...`, `urigram normalize URI...` and `urigram equivalent A B`:
//! RFC 2396 section 5.2 and section 6 on the command line.
//!
//! Each takes `--format`: `human` (plain lines), `json` (one document) or `jsonl` (one JSON
//! object per line). Exit codes: 0 when every input was valid (and, for `equivalent`, the two
//! are equivalent), 1 when `equivalent` finds them different, 2 when an input was rejected.
//! A rejected input is reported as every command reports it: the rendered diagnostic on
//! standard error (the arguments are `<argument 1>` ...), or the one JSON error object.

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use urigram::rfc2396::{AbsoluteUriBuf, LeadingDotDot, ResolveError, ResolveOptions, resolve_str};
use urigram::{Error, UriReference};

use super::check::error_json;
use super::render::{argument, diagnostic};
use super::{Format, print_or_fail};

/// Success (and, for `equivalent`, equivalent).
pub const EXIT_OK: i32 = 0;
/// `equivalent`: the two references are not equivalent.
pub const EXIT_DIFFERENT: i32 = 1;
/// An input was rejected.
pub const EXIT_INVALID: i32 = 2;

/// What to do with `..` segments that climb above the root (section 5.2 step 6g, C.2).
#[derive(Clone, Copy, ValueEnum)]
pub enum DotDot {
    /// Keep them: `http://a/../g`, the algorithm's answer.
    Keep,
    /// Remove them: `http://a/g`.
    Strip,
    /// Reject the reference.
    Reject,
}

#[derive(Args)]
pub struct ResolveArgs {
    /// The base URI (absolute).
    base: String,
    /// References to resolve against it, in order.
    #[arg(required = true)]
    references: Vec<String>,
    /// `..` segments above the root.
    #[arg(long, value_enum, default_value = "keep")]
    leading_dot_dot: DotDot,
    /// Read `http:g` as `g` when the base is `http` (C.2, "for backwards compatibility").
    #[arg(long)]
    backwards_compatible_scheme: bool,
    #[command(flatten)]
    reading: Reading,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// The grammar the semantic commands read references under.
#[derive(Args, Clone, Copy, Default)]
pub struct Reading {
    /// The grammar references are read under: RFC 2396, or RFC 2396 as RFC 2732 amends it
    /// (IPv6 literals in brackets, `http://[::1]/`).
    #[arg(long, short = 'g', value_enum, default_value = "rfc2396")]
    grammar: ReadGrammar,
}

#[derive(Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
enum ReadGrammar {
    /// RFC 2396 (Appendix A).
    #[default]
    Rfc2396,
    /// RFC 2396 as RFC 2732 section 3 amends it.
    Rfc2732,
}

impl Reading {
    fn rfc2732(self) -> bool {
        self.grammar == ReadGrammar::Rfc2732
    }

    /// `text` read as a `URI-reference` under this grammar.
    fn parse(self, text: &str) -> Result<UriReference<'_>, urigram::Error> {
        if self.rfc2732() {
            UriReference::parse_rfc2732(text)
        } else {
            UriReference::parse(text)
        }
    }
}

#[derive(Args)]
pub struct NormalizeArgs {
    /// URI references to normalize (section 6).
    #[arg(required = true)]
    uris: Vec<String>,
    #[command(flatten)]
    reading: Reading,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

#[derive(Args)]
pub struct EquivalentArgs {
    /// The first URI reference.
    a: String,
    /// The second URI reference.
    b: String,
    #[command(flatten)]
    reading: Reading,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

fn finish(out: Output) -> Result<u8, String> {
    print_or_fail(&out.stdout)?;
    eprint!("{}", out.stderr);
    Ok(u8::try_from(out.code).unwrap_or(2))
}

pub fn run_resolve(a: ResolveArgs) -> Result<u8, String> {
    let dots = match a.leading_dot_dot {
        DotDot::Keep => LeadingDotDot::Keep,
        DotDot::Strip => LeadingDotDot::Strip,
        DotDot::Reject => LeadingDotDot::Reject,
    };
    let options = ResolveOptions::default()
        .with_leading_dot_dot(dots)
        .with_backwards_compatible_scheme(a.backwards_compatible_scheme)
        .with_rfc2732(a.reading.rfc2732());
    finish(resolve(&a.base, &a.references, options, a.format))
}

pub fn run_normalize(a: NormalizeArgs) -> Result<u8, String> {
    finish(normalize(&a.uris, a.reading, a.format))
}

pub fn run_equivalent(a: EquivalentArgs) -> Result<u8, String> {
    finish(equivalent(&a.a, &a.b, a.reading, a.format))
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

    /// A rejected argument (the k-th, 1-based), as every command reports it.
    fn diagnostic(&mut self, e: &Error, input: &str, k: u64) {
        self.stderr
            .push_str(&diagnostic(e, input, &argument(k), 1, false));
        self.stderr.push('\n');
        self.code = EXIT_INVALID;
    }

    /// An error of resolution (not of the grammar) about the k-th argument.
    fn resolve_error(&mut self, e: &ResolveError, input: &str, k: u64) {
        match grammar_error(e) {
            Some(p) => self.diagnostic(p, input, k),
            None => {
                self.stderr.push_str(&format!(
                    "error[{}]: {e}\n --> {}\n\n",
                    resolve_code(e),
                    argument(k)
                ));
                self.code = EXIT_INVALID;
            }
        }
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

/// The grammar's error inside a resolution error, when it is one.
fn grammar_error(e: &ResolveError) -> Option<&Error> {
    match e {
        ResolveError::InvalidBase(p) | ResolveError::InvalidReference(p) => Some(p),
        _ => None,
    }
}

/// The kind of a resolution error, as JSON names it.
fn resolve_kind(e: &ResolveError) -> &'static str {
    match e {
        ResolveError::InvalidBase(_) => "invalid_base",
        ResolveError::InvalidReference(_) => "invalid_reference",
        ResolveError::RelativeBase(_) => "relative_base",
        ResolveError::OpaqueBase(_) => "opaque_base",
        ResolveError::NotAbsolute(_) => "not_absolute",
        ResolveError::AboveRoot { .. } => "above_root",
        ResolveError::Unrepresentable { .. } => "unrepresentable",
        _ => "other",
    }
}

/// The diagnostic code of a resolution error that is not the grammar's:
/// `rfc2396::resolution::{kind}`, kebab-case like the grammar's codes.
fn resolve_code(e: &ResolveError) -> String {
    match grammar_error(e) {
        Some(p) => p.code(),
        None => format!("rfc2396::resolution::{}", resolve_kind(e).replace('_', "-")),
    }
}

/// A resolution error as the one JSON error object: the grammar's error for a rejected text,
/// else `code` and `message`; `kind` in both.
fn resolve_error_json(e: &ResolveError) -> Value {
    let mut v = match grammar_error(e) {
        Some(p) => error_json(p),
        None => json!({ "code": resolve_code(e), "message": e.to_string() }),
    };
    v["kind"] = json!(resolve_kind(e));
    v
}

/// `urigram resolve BASE REF...`: each reference resolved against `base` by section 5.2 (see
/// [`resolve_str`], which also takes the `?query` form of erratum 452), one per line, in order.
///
/// A reference to the current document (an empty reference or a fragment alone, step 2)
/// prints as `base` with the reference's fragment: on the command line the base is the only
/// URI of the document there is (section 5.1.3). The JSON formats say so with
/// `"current_document": true` and give the RFC's own writing in `"as_written"`.
pub fn resolve<S: AsRef<str>>(
    base: &str,
    references: &[S],
    options: ResolveOptions,
    format: Format,
) -> Output {
    let mut out = Output::default();
    let parsed = if options.rfc2732 {
        UriReference::parse_rfc2732(base)
    } else {
        UriReference::parse(base)
    };
    let document = match parsed
        .map_err(ResolveError::InvalidReference)
        .and_then(AbsoluteUriBuf::try_from)
    {
        Ok(d) => d,
        Err(e) => {
            let e = match e {
                ResolveError::InvalidReference(p) => ResolveError::InvalidBase(p),
                ResolveError::NotAbsolute(b) => ResolveError::RelativeBase(b),
                other => other,
            };
            match format {
                Format::Human => out.resolve_error(&e, base, 1),
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
    for (r, k) in references.iter().zip(2..) {
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
                        "as_written": resolved.appendix_c_notation().to_string(),
                    })),
                }
            }
            Err(e) => match format {
                Format::Human => out.resolve_error(&e, r, k),
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
pub fn normalize<S: AsRef<str>>(uris: &[S], reading: Reading, format: Format) -> Output {
    let mut out = Output::default();
    let mut values = Vec::new();
    for (u, k) in uris.iter().zip(1..) {
        let u = u.as_ref();
        match reading.parse(u) {
            Ok(r) => {
                let n = urigram::rfc2396::normalize(&r);
                match format {
                    Format::Human => out.line(n.as_str()),
                    _ => values.push(json!({ "input": u, "normalized": n.as_str() })),
                }
            }
            Err(e) => match format {
                Format::Human => out.diagnostic(&e, u, k),
                _ => {
                    values.push(json!({ "input": u, "error": error_json(&e) }));
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
/// (see [`urigram::rfc2396::equivalent()`]): exit code [`EXIT_OK`] if so, [`EXIT_DIFFERENT`]
/// if not. Equivalent references resolve to equivalent URIs, so an escaped dot segment is not
/// a dot segment (`%2E%2E/g` is not `../g`).
/// The output says which, with both normal forms.
pub fn equivalent(a: &str, b: &str, reading: Reading, format: Format) -> Output {
    let mut out = Output::default();
    let (ra, rb) = (reading.parse(a), reading.parse(b));
    let (ra, rb) = match (ra, rb) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (ea, eb) => {
            let mut values = Vec::new();
            for (k, input, e) in [(1, a, ea.err()), (2, b, eb.err())] {
                if let Some(e) = e {
                    match format {
                        Format::Human => out.diagnostic(&e, input, k),
                        _ => values.push(json!({ "input": input, "error": error_json(&e) })),
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
        let out = normalize(&["HTTP://A:80", "%"], Reading::default(), Format::Json);
        let doc: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(doc[0]["normalized"], "http://a");
        assert_eq!(doc[1]["error"]["rule"], "escaped");
        assert_eq!(out.code, EXIT_INVALID);

        let out = equivalent("http://a", "http://a b", Reading::default(), Format::Human);
        assert_eq!(out.code, EXIT_INVALID);
        assert!(
            out.stderr.contains(" --> <argument 2>:1:9"),
            "{}",
            out.stderr
        );

        let out = equivalent("http://a", "HTTP://a:", Reading::default(), Format::Jsonl);
        assert_eq!(out.code, EXIT_OK);
        assert_eq!(out.stdout.lines().count(), 1);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["normalized"][1], "http://a");

        // An escaped dot segment is no dot segment: the two resolve to different URIs.
        let out = equivalent("%2E%2E/g", "../g", Reading::default(), Format::Jsonl);
        assert_eq!(out.code, EXIT_DIFFERENT);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["normalized"][0], "%2E%2E/g");
    }

    /// Under RFC 2732 (`--grammar rfc2732`), IPv6 literals are read by every command; under
    /// RFC 2396, the default, they are errors with the help that names the option.
    #[test]
    fn rfc2732_reading() {
        let v6 = Reading {
            grammar: ReadGrammar::Rfc2732,
        };
        let out = normalize(&["HTTP://[FEDC::AB]:80/%7e"], v6, Format::Human);
        assert_eq!(
            (out.stdout.as_str(), out.code),
            ("http://[fedc::ab]/~\n", EXIT_OK)
        );
        let out = normalize(&["http://[::1]/"], Reading::default(), Format::Human);
        assert_eq!(out.code, EXIT_INVALID);
        assert!(out.stderr.contains("--grammar rfc2732"), "{}", out.stderr);

        let out = equivalent(
            "http://[fedc::ab]/",
            "HTTP://[FEDC::AB]:80/",
            v6,
            Format::Human,
        );
        assert_eq!(out.code, EXIT_OK);

        let o = ResolveOptions::default().with_rfc2732(true);
        let out = resolve(
            "http://[::1]:8080/a/b",
            &["../c?[x]", "//[::2]/"],
            o,
            Format::Human,
        );
        assert_eq!(out.stdout, "http://[::1]:8080/c?[x]\nhttp://[::2]/\n");
        let out = resolve(
            "http://[::1]/a",
            &["g"],
            ResolveOptions::default(),
            Format::Human,
        );
        assert!(
            out.stderr.contains(" --> <argument 1>:1:8"),
            "{}",
            out.stderr
        );
    }
}
