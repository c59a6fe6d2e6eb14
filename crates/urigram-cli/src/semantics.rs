//! `urigram resolve BASE REF...`, `urigram normalize URI...` and `urigram equivalent A B`:
//! RFC 2396 section 5.2 and section 6 on the command line, RFC 3986 sections 5.2 and 6.2
//! with `--grammar rfc3986`, or IRI references with `--grammar rfc3987` (RFC 3986's section
//! 5.2, as RFC 3987 section 6.5 says, and RFC 3987 section 5.3); and `urigram resolve
//! --compare BASE`, the references whose results differ between RFC 2396 section 5.2 and RFC
//! 3986 section 5.2.
//!
//! Each takes `--format`: `human` (plain lines), `json` (one document) or `jsonl` (one JSON
//! object per line). Exit codes: 0 when every input was valid (and, for `equivalent`, the two
//! are equivalent), 1 when `equivalent` finds them different, 2 when an input was rejected.
//! A rejected input is reported as every command reports it: the rendered diagnostic on
//! standard error (the arguments are `<argument 1>` ...), or the one JSON error object.

use std::fmt::Display;
use std::io::{BufRead, Write};

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use urigram::Error;
use urigram::rfc2396::UriReference;
use urigram::rfc2396::{AbsoluteUriBuf, LeadingDotDot, ResolveError, ResolveOptions, resolve_str};
use urigram::{rfc3986, rfc3987};

use super::output::error_json;
use super::render::{argument, diagnostic};
use super::stream::{Line, MAX_LINE_LIMIT, next_line};
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
    /// References to resolve against it, in order (with --compare, the lines of --file or of
    /// standard input when there are none).
    #[arg(required_unless_present = "compare")]
    references: Vec<String>,
    /// `..` segments above the root, RFC 2396 only (RFC 3986 removes them) [default: keep].
    #[arg(long, value_enum)]
    leading_dot_dot: Option<DotDot>,
    /// Read `http:g` as `g` when the base is `http` (RFC 2396 C.2 and RFC 3986 section 5.4.2,
    /// "for backward compatibility"; RFC 3986's non-strict parser).
    #[arg(long)]
    backwards_compatible_scheme: bool,
    #[command(flatten)]
    reading: Reading,
    /// Resolve each reference by RFC 2396 section 5.2 (read as --grammar says: rfc2396 or
    /// rfc2732) and by RFC 3986 section 5.2, and show those whose results differ, or that one
    /// side rejects, with the reason on each side. Exit 0 when none differ, 1 when some do.
    #[arg(long)]
    compare: bool,
    /// With --compare: the references are the lines of this file (`-` for standard input).
    #[arg(
        long,
        value_name = "PATH",
        requires = "compare",
        conflicts_with = "references"
    )]
    file: Option<String>,
    /// With --compare: the longest line that is resolved, in bytes (without its line ending;
    /// at most 1 GiB). A longer line is skipped without being read into memory, and counted.
    #[arg(long, value_name = "BYTES", default_value = "1048576", requires = "compare",
          value_parser = clap::value_parser!(u64).range(1..=MAX_LINE_LIMIT))]
    max_line_length: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// The grammar the semantic commands read references under.
#[derive(Args, Clone, Copy, Default)]
pub struct Reading {
    /// The grammar references are read under: RFC 2396, RFC 2396 as RFC 2732 amends it
    /// (IPv6 literals in brackets, `http://[::1]/`), RFC 3986, or RFC 3987 (IRI references,
    /// with RFC 3986's resolution and RFC 3987's comparison).
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
    /// RFC 3986 (Appendix A), with its own resolution (section 5.2) and normalization
    /// (sections 6.2.2 and 6.2.3).
    Rfc3986,
    /// RFC 3987 (IRIs, section 2.2), with RFC 3986's resolution (section 6.5) and section
    /// 5.3's normalization.
    Rfc3987,
}

impl Reading {
    fn rfc2732(self) -> bool {
        self.grammar == ReadGrammar::Rfc2732
    }

    /// RFC 3986 or RFC 3987: section 5.2 of RFC 3986, not of RFC 2396.
    fn rfc3986(self) -> bool {
        matches!(self.grammar, ReadGrammar::Rfc3986 | ReadGrammar::Rfc3987)
    }

    fn rfc3987(self) -> bool {
        self.grammar == ReadGrammar::Rfc3987
    }

    /// The spec whose section 5.2 resolves (RFC 3987 section 6.5 is RFC 3986's), as codes
    /// name it.
    fn spec(self) -> &'static str {
        match self.grammar {
            ReadGrammar::Rfc3987 => "rfc3987",
            ReadGrammar::Rfc3986 => "rfc3986",
            _ => "rfc2396",
        }
    }

    /// `text` in its normal form under this grammar: RFC 2396 section 6, RFC 3986 sections
    /// 6.2.2 and 6.2.3, or RFC 3987 section 5.3.
    fn normalize(self, text: &str) -> Result<String, urigram::Error> {
        if self.rfc3987() {
            rfc3987::IriReference::parse(text).map(|r| r.normalize().into_string())
        } else if self.rfc3986() {
            rfc3986::UriReference::parse(text).map(|r| r.normalize().into_string())
        } else {
            self.parse(text).map(|r| r.normalize().into_string())
        }
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
    if a.reading.rfc3986() {
        if a.compare {
            return Err(
                "--compare reads RFC 2396 as --grammar says (rfc2396 or rfc2732) \
                        beside RFC 3986: give one of those"
                    .to_string(),
            );
        }
        if a.leading_dot_dot.is_some() {
            return Err(
                "--leading-dot-dot is RFC 2396's choice (section 5.2, step 6g): RFC \
                        3986 section 5.2.4 always removes `..` segments above the root"
                    .to_string(),
            );
        }
        let options =
            rfc3986::ResolveOptions::default().with_strict(!a.backwards_compatible_scheme);
        return finish(resolve_rfc3986(
            &a.base,
            &a.references,
            options,
            a.reading,
            a.format,
        ));
    }
    let dots = match a.leading_dot_dot.unwrap_or(DotDot::Keep) {
        DotDot::Keep => LeadingDotDot::Keep,
        DotDot::Strip => LeadingDotDot::Strip,
        DotDot::Reject => LeadingDotDot::Reject,
    };
    let options = ResolveOptions::default()
        .with_leading_dot_dot(dots)
        .with_backwards_compatible_scheme(a.backwards_compatible_scheme)
        .with_rfc2732(a.reading.rfc2732());
    if a.compare {
        let settings = Compare {
            rfc2396: options,
            rfc3986: rfc3986::ResolveOptions::default().with_strict(!a.backwards_compatible_scheme),
            format: a.format,
        };
        return run_compare(
            &a.base,
            &a.references,
            a.file.as_deref(),
            a.max_line_length,
            settings,
        );
    }
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
    fn resolve_error(&mut self, e: &impl Resolution, input: &str, k: u64) {
        match e.grammar_error() {
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

/// A resolution error of either RFC, as the command line reports it.
trait Resolution: Display {
    /// The grammar's error inside it, when it is one.
    fn grammar_error(&self) -> Option<&Error>;
    /// Its kind, as JSON names it.
    fn kind(&self) -> &'static str;
    /// The grammar whose section 5.2 gave it, as codes name it.
    fn spec(&self) -> &'static str;
}

impl Resolution for ResolveError {
    fn grammar_error(&self) -> Option<&Error> {
        match self {
            ResolveError::InvalidBase(p) | ResolveError::InvalidReference(p) => Some(p),
            _ => None,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
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

    fn spec(&self) -> &'static str {
        "rfc2396"
    }
}

/// An error of RFC 3986's resolution (section 5.2, which RFC 3987 section 6.5 uses as it is):
/// the library's one `ResolveError`, under the codes of the spec that read the texts (`rfc3986`
/// or `rfc3987`).
struct Rfc3986Error(ResolveError, &'static str);

impl Display for Rfc3986Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Resolution for Rfc3986Error {
    fn grammar_error(&self) -> Option<&Error> {
        self.0.grammar_error()
    }

    fn kind(&self) -> &'static str {
        self.0.kind()
    }

    fn spec(&self) -> &'static str {
        self.1
    }
}

/// The diagnostic code of a resolution error that is not the grammar's:
/// `{rfc}::resolution::{kind}`, kebab-case like the grammar's codes.
fn resolve_code(e: &impl Resolution) -> String {
    match e.grammar_error() {
        Some(p) => p.code(),
        None => format!("{}::resolution::{}", e.spec(), e.kind().replace('_', "-")),
    }
}

/// A resolution error as the one JSON error object: the grammar's error for a rejected text,
/// else `code` and `message`; `kind` in both.
fn resolve_error_json(e: &impl Resolution) -> Value {
    let mut v = match e.grammar_error() {
        Some(p) => error_json(p),
        None => json!({ "code": resolve_code(e), "message": e.to_string() }),
    };
    v["kind"] = json!(e.kind());
    v
}

/// A base that cannot be used, reported as the first argument.
fn base_error(out: &mut Output, e: &impl Resolution, base: &str, format: Format) {
    match format {
        Format::Human => out.resolve_error(e, base, 1),
        _ => {
            out.json(
                format,
                vec![json!({ "base": base, "error": resolve_error_json(e) })],
                true,
            );
            out.code = EXIT_INVALID;
        }
    }
}

/// One reference's outcome: its line (for people) and its JSON object, or its error.
fn reference_result(
    out: &mut Output,
    values: &mut Vec<Value>,
    format: Format,
    (base, reference, k): (&str, &str, u64),
    result: Result<(&str, Value), &impl Resolution>,
) {
    match (result, format) {
        (Ok((line, _)), Format::Human) => out.line(line),
        (Ok((_, v)), _) => values.push(v),
        (Err(e), Format::Human) => out.resolve_error(e, reference, k),
        (Err(e), _) => {
            values.push(json!({
                "base": base,
                "reference": reference,
                "error": resolve_error_json(e),
            }));
            out.code = EXIT_INVALID;
        }
    }
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
            base_error(&mut out, &e, base, format);
            return out;
        }
    };
    let mut values = Vec::new();
    for (r, k) in references.iter().zip(2..) {
        let r = r.as_ref();
        let result = resolve_str(base, r, options).map(|resolved| {
            let uri = resolved.in_document(&document).into_string();
            let v = json!({
                "base": base,
                "reference": r,
                "resolved": uri,
                "current_document": resolved.is_current_document(),
                "as_written": resolved.appendix_c_notation().to_string(),
            });
            (uri, v)
        });
        let result = result.as_ref().map(|(u, v)| (u.as_str(), v.clone()));
        reference_result(&mut out, &mut values, format, (base, r, k), result);
    }
    if format != Format::Human {
        out.json(format, values, false);
    }
    out
}

/// `urigram resolve --grammar rfc3986 BASE REF...`: each reference resolved against `base` by
/// RFC 3986 section 5.2 (see [`rfc3986::resolve_str`]), one per line, in order. The base is an
/// RFC 3986 `URI-reference` with a scheme; its fragment, if any, is not used (section 5.1).
/// With `--grammar rfc3987` the texts are IRI references, resolved by the same algorithm
/// (RFC 3987 section 6.5, [`rfc3987::resolve_str`]).
pub fn resolve_rfc3986<S: AsRef<str>>(
    base: &str,
    references: &[S],
    options: rfc3986::ResolveOptions,
    reading: Reading,
    format: Format,
) -> Output {
    let mut out = Output::default();
    let spec = reading.spec();
    let scheme = if reading.rfc3987() {
        rfc3987::IriReference::parse(base).map(|i| i.scheme().is_some())
    } else {
        rfc3986::Components::parse(base).map(|c| c.scheme.is_some())
    };
    let checked = match scheme {
        Ok(false) => Err(Rfc3986Error(
            ResolveError::RelativeBase(base.to_string()),
            spec,
        )),
        Ok(true) => Ok(()),
        Err(e) => Err(Rfc3986Error(ResolveError::InvalidBase(e), spec)),
    };
    if let Err(e) = checked {
        base_error(&mut out, &e, base, format);
        return out;
    }
    let mut values = Vec::new();
    for (r, k) in references.iter().zip(2..) {
        let r = r.as_ref();
        let result = if reading.rfc3987() {
            rfc3987::resolve_str(base, r, options)
        } else {
            rfc3986::resolve_str(base, r, options)
        };
        let result = result.map_err(|e| Rfc3986Error(e, spec));
        let result = result.as_ref().map(|t| {
            let v = json!({ "base": base, "reference": r, "resolved": t.as_str() });
            (t.as_str(), v)
        });
        reference_result(&mut out, &mut values, format, (base, r, k), result);
    }
    if format != Format::Human {
        out.json(format, values, false);
    }
    out
}

/// `urigram normalize URI...`: each `URI-reference` in its section 6 normal form (see
/// [`urigram::rfc2396::UriReference::normalize`]), one per line, in order.
pub fn normalize<S: AsRef<str>>(uris: &[S], reading: Reading, format: Format) -> Output {
    let mut out = Output::default();
    let mut values = Vec::new();
    for (u, k) in uris.iter().zip(1..) {
        let u = u.as_ref();
        match reading.normalize(u) {
            Ok(n) => match format {
                Format::Human => out.line(&n),
                _ => values.push(json!({ "input": u, "normalized": n })),
            },
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
/// (see [`urigram::rfc2396::UriReference::equivalent`]): exit code [`EXIT_OK`] if so, [`EXIT_DIFFERENT`]
/// if not. Equivalent references resolve to equivalent URIs, so an escaped dot segment is not
/// a dot segment (`%2E%2E/g` is not `../g`).
/// The output says which, with both normal forms.
pub fn equivalent(a: &str, b: &str, reading: Reading, format: Format) -> Output {
    let mut out = Output::default();
    let (na, nb) = match (reading.normalize(a), reading.normalize(b)) {
        (Ok(na), Ok(nb)) => (na, nb),
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
                "normalized": [na, nb],
            })],
            true,
        ),
    }
    out
}

/// What `resolve --compare` resolves with, and how it writes.
#[derive(Clone, Copy)]
pub struct Compare {
    /// RFC 2396's side (its grammar: RFC 2396, or as RFC 2732 amends it).
    pub rfc2396: ResolveOptions,
    /// RFC 3986's side.
    pub rfc3986: rfc3986::ResolveOptions,
    /// The output format.
    pub format: Format,
}

/// One side's outcome: the target URI, or the error.
enum Outcome {
    Resolved(String),
    Rejected { error: Value, message: String },
}

impl Outcome {
    fn json(&self, why: &str) -> Value {
        match self {
            Outcome::Resolved(u) => json!({ "resolved": u, "why": why }),
            Outcome::Rejected { error, .. } => json!({ "error": error, "why": why }),
        }
    }

    fn human(&self) -> &str {
        match self {
            Outcome::Resolved(u) => u,
            Outcome::Rejected { .. } => "rejected",
        }
    }
}

fn rejected(e: &impl Resolution) -> Outcome {
    Outcome::Rejected {
        error: resolve_error_json(e),
        message: e.to_string(),
    }
}

/// A reference whose results differ: why, on each side, and a code for the kind of
/// difference.
struct Difference {
    reason: &'static str,
    rfc2396: (Outcome, String),
    rfc3986: (Outcome, String),
}

/// Resolve `reference` by both RFCs; `None` when the results agree (the same URI, or both
/// rejected). `document` is the base as RFC 2396 reads it, when it does: a reference to the
/// current document gives the base with the reference's fragment, as `resolve` prints it.
fn compare_one(
    base: &str,
    document: Option<&AbsoluteUriBuf>,
    reference: &str,
    settings: Compare,
) -> Option<Difference> {
    let old = match (resolve_str(base, reference, settings.rfc2396), document) {
        (Ok(r), Some(d)) => Outcome::Resolved(r.in_document(d).into_string()),
        (Ok(r), None) => Outcome::Resolved(r.to_string()),
        (Err(e), _) => rejected(&e),
    };
    let new = match rfc3986::resolve_str(base, reference, settings.rfc3986) {
        Ok(t) => Outcome::Resolved(t.into_string()),
        Err(e) => rejected(&Rfc3986Error(e, "rfc3986")),
    };
    let (reason, why_old, why_new) = match (&old, &new) {
        (Outcome::Resolved(a), Outcome::Resolved(b)) if a == b => return None,
        (Outcome::Rejected { .. }, Outcome::Rejected { .. }) => return None,
        (Outcome::Rejected { message, error }, Outcome::Resolved(_)) => {
            let accepted = if error["kind"] == "opaque_base" {
                "section 5.2.3 merges with the base's path: RFC 3986 has no opaque URIs"
            } else {
                "resolved by section 5.2"
            };
            ("rejected-by-rfc2396", message.clone(), accepted.to_string())
        }
        (Outcome::Resolved(_), Outcome::Rejected { message, .. }) => (
            "rejected-by-rfc3986",
            "resolved by section 5.2".to_string(),
            message.clone(),
        ),
        (Outcome::Resolved(a), Outcome::Resolved(_)) => {
            let (reason, o, n) = why_different(reference, a, settings);
            (reason, o.to_string(), n.to_string())
        }
    };
    Some(Difference {
        reason,
        rfc2396: (old, why_old),
        rfc3986: (new, why_new),
    })
}

/// Why two targets differ, from the reference and RFC 2396's target.
fn why_different(
    reference: &str,
    old: &str,
    settings: Compare,
) -> (&'static str, &'static str, &'static str) {
    let in_2396_grammar = if settings.rfc2396.rfc2732 {
        UriReference::parse_rfc2732(reference).is_ok()
    } else {
        UriReference::parse(reference).is_ok()
    };
    let r = rfc3986::Components::split(reference);
    let old_path = rfc3986::Components::split(old).path;
    if reference.starts_with('?') && !in_2396_grammar {
        (
            "query-only-reference",
            "not an RFC 2396 URI-reference (erratum 452, printed grammar); resolved by the \
             steps as printed, step 6 merges its empty path",
            "section 5.2.2: an empty path keeps the base's path, with the reference's query",
        )
    } else if r.scheme.is_some() || r.authority.is_some() || r.path.starts_with('/') {
        (
            "dot-segments-kept",
            "steps 3 to 5: a reference with a scheme, an authority or an absolute path is used \
             as it is, dot segments and all",
            "section 5.2.2: remove_dot_segments on the reference's path (section 5.2.4)",
        )
    } else if old_path == "/.." || old_path.starts_with("/../") {
        (
            "dot-dot-above-root",
            "step 6g: `..` segments above the root are kept",
            "section 5.2.4: `..` segments above the root are removed",
        )
    } else {
        ("other", "section 5.2", "section 5.2")
    }
}

/// The counts of a comparison.
#[derive(Default)]
struct Counts {
    references: u64,
    differing: u64,
    skipped: u64,
}

/// Where the references come from.
enum Source<'a, S> {
    Arguments(&'a [S]),
    Lines {
        input: Box<dyn BufRead + 'a>,
        name: String,
        limit: u64,
    },
}

/// `urigram resolve --compare BASE [REF...]`: see [`compare`].
fn run_compare(
    base: &str,
    references: &[String],
    file: Option<&str>,
    limit: u64,
    settings: Compare,
) -> Result<u8, String> {
    let source = match (references.is_empty(), file) {
        (false, _) => Source::Arguments(references),
        (true, Some(path)) if path != "-" => {
            let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
            // Errors while reading name the file, as every command's do (a directory opens,
            // and fails at the first read).
            let f = Named {
                inner: f,
                name: path,
            };
            Source::Lines {
                input: Box::new(std::io::BufReader::with_capacity(1 << 16, f)),
                name: path.to_string(),
                limit,
            }
        }
        (true, _) => Source::Lines {
            input: Box::new(std::io::BufReader::new(Named {
                inner: std::io::stdin().lock(),
                name: "<stdin>",
            })),
            name: "<stdin>".to_string(),
            limit,
        },
    };
    let stdout = std::io::stdout().lock();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout);
    let mut err = std::io::stderr().lock();
    match compare(base, source, settings, &mut out, &mut err).and_then(|c| {
        out.flush()?;
        Ok(c)
    }) {
        Ok(code) => Ok(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(format!("resolve --compare: {e}")),
    }
}

/// A reader whose errors start with its name (`urls.txt: Is a directory (os error 21)`).
struct Named<'a, R> {
    inner: R,
    name: &'a str,
}

impl<R: std::io::Read> std::io::Read for Named<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let kind = e.kind();
            if kind == std::io::ErrorKind::Interrupted {
                e
            } else {
                std::io::Error::new(kind, format!("{}: {e}", self.name))
            }
        })
    }
}

/// Resolve every reference against `base` by RFC 2396 section 5.2 and by RFC 3986 section
/// 5.2, and write to `out` those whose results differ or that one side rejects, with the reason
/// on each side, as they come (a line of input at a time: memory is bounded by the longest
/// line kept). The exit code: [`EXIT_OK`] when none differ, [`EXIT_DIFFERENT`] when some do,
/// [`EXIT_INVALID`] when neither RFC takes the base.
///
/// `human` writes each difference as three lines and a count at the end; `jsonl` one object
/// per difference and the counts last; `json` one document with both.
fn compare<S: AsRef<str>>(
    base: &str,
    source: Source<'_, S>,
    settings: Compare,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<u8> {
    let format = settings.format;
    let old_base = if settings.rfc2396.rfc2732 {
        UriReference::parse_rfc2732(base)
    } else {
        UriReference::parse(base)
    };
    let document = old_base.ok().and_then(|b| AbsoluteUriBuf::try_from(b).ok());
    let new_base = rfc3986::Components::parse(base);
    let new_ok = new_base.as_ref().is_ok_and(|c| c.scheme.is_some());
    if document.is_none() && !new_ok {
        let mut o = Output::default();
        let e = match new_base {
            Err(e) => Rfc3986Error(ResolveError::InvalidBase(e), "rfc3986"),
            Ok(_) => Rfc3986Error(ResolveError::RelativeBase(base.to_string()), "rfc3986"),
        };
        base_error(&mut o, &e, base, format);
        out.write_all(o.stdout.as_bytes())?;
        err.write_all(o.stderr.as_bytes())?;
        return Ok(EXIT_INVALID as u8);
    }
    if format == Format::Json {
        write!(out, "{{\"base\":{},\"differences\":[", json!(base))?;
    }
    let mut counts = Counts::default();
    let mut one = |reference: &str, place: &str, counts: &mut Counts| -> std::io::Result<()> {
        counts.references += 1;
        let Some(d) = compare_one(base, document.as_ref(), reference, settings) else {
            return Ok(());
        };
        counts.differing += 1;
        match format {
            Format::Human => {
                writeln!(out, "{place}: {reference}")?;
                for (name, (o, why)) in [("rfc2396", &d.rfc2396), ("rfc3986", &d.rfc3986)] {
                    writeln!(out, "  {name}  {}  ({why})", o.human())?;
                }
            }
            _ => {
                let v = json!({
                    "place": place,
                    "reference": reference,
                    "reason": d.reason,
                    "rfc2396": d.rfc2396.0.json(&d.rfc2396.1),
                    "rfc3986": d.rfc3986.0.json(&d.rfc3986.1),
                });
                if format == Format::Json {
                    let comma = if counts.differing > 1 { "," } else { "" };
                    write!(out, "{comma}{v}")?;
                } else {
                    writeln!(out, "{v}")?;
                }
            }
        }
        Ok(())
    };
    match source {
        Source::Arguments(references) => {
            for (r, k) in references.iter().zip(2..) {
                one(r.as_ref(), &argument(k), &mut counts)?;
            }
        }
        Source::Lines {
            mut input,
            name,
            limit,
        } => {
            let mut buf = Vec::new();
            let mut n = 0u64;
            while let Some(line) = next_line(&mut input, &mut buf, limit)? {
                n += 1;
                match (line, std::str::from_utf8(&buf)) {
                    (Line::Text, Ok(text)) => one(text, &format!("{name}:{n}"), &mut counts)?,
                    (Line::Text, Err(_)) => {
                        counts.skipped += 1;
                        writeln!(err, "{name}:{n}: skipped: not UTF-8")?;
                    }
                    (Line::TooLong(len), _) => {
                        counts.skipped += 1;
                        writeln!(
                            err,
                            "{name}:{n}: skipped: a line of {len} bytes, longer than \
                             --max-line-length ({limit})"
                        )?;
                    }
                }
            }
        }
    }
    let Counts {
        references,
        differing,
        skipped,
    } = counts;
    match format {
        Format::Human => {
            let skipped = if skipped > 0 {
                format!(" ({skipped} lines skipped)")
            } else {
                String::new()
            };
            writeln!(
                out,
                "{differing} of {references} references resolve differently by RFC 2396 and \
                 RFC 3986 against {base}{skipped}"
            )?;
        }
        Format::Json => writeln!(
            out,
            "],\"references\":{references},\"differing\":{differing},\"skipped\":{skipped}}}"
        )?,
        Format::Jsonl => writeln!(
            out,
            "{}",
            json!({
                "base": base,
                "references": references,
                "differing": differing,
                "skipped": skipped,
            })
        )?,
    }
    Ok(if differing > 0 {
        EXIT_DIFFERENT as u8
    } else {
        EXIT_OK as u8
    })
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

    /// Lines read with a bound: endings removed, a line of exactly the limit kept (with or
    /// without `\r`), a longer one dropped with its length, the last line without `\n` read,
    /// through reads of one byte at a time.
    #[test]
    fn bounded_lines() {
        let data = b"abc\r\nabcd\nabcde\r\nab\r\n\n\r\nxyzzy";
        let mut input = std::io::BufReader::with_capacity(1, &data[..]);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while let Some(line) = next_line(&mut input, &mut buf, 4).unwrap() {
            got.push(match line {
                Line::Text => String::from_utf8(buf.clone()).unwrap(),
                Line::TooLong(n) => format!("<{n}>"),
            });
        }
        assert_eq!(got, ["abc", "abcd", "<5>", "ab", "", "", "<5>"]);
    }
}
