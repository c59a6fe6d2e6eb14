//! The `urigram` command line: see `urigram --help`, and the README for each command. Exit
//! codes: 0 when every input is valid, 1 when any is invalid, 2 for usage and I/O errors.
//!
//! The library target is the binary's body ([`main`]), so that the fuzz targets can reach
//! the merging of summaries ([`merge`], [`summary`]); it is not meant as an API.

mod check;
mod compare;
mod conform;
mod convert;
mod engine;
mod expand;
mod explain;
mod extract;
mod fix;
mod inputs;
mod matrix;
#[doc(hidden)]
pub mod merge;
mod numbers;
mod output;
mod progress;
mod render;
mod semantics;
mod stream;
#[doc(hidden)]
pub mod summary;
mod too_long;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use urigram::Grammar;

/// Parse and check URIs exactly as RFC 1630, RFC 1738, RFC 2396 and RFC 3986 write them.
#[derive(Parser)]
#[command(name = "urigram", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print every production name of a grammar, one a line, in spec order.
    Rules {
        /// The grammar.
        #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
        grammar: Grammar,
    },
    /// Check inputs against a rule: each argument, or each line of a file or of stdin.
    Check(check::CheckArgs),
    /// Merge the JSON summaries of parts of a corpus (`check --summary --format json` on each
    /// shard) into the summary of the whole.
    MergeSummaries(merge::MergeArgs),
    /// Find the URIs in text files (RFC 2396 Appendix E) and check each.
    Extract(extract::ExtractArgs),
    /// Fix the URIs of files without changing what they stand for (escape excluded and non-ASCII
    /// characters, a `%` that begins no escape, a second `#`; an RFC 1738 scheme in lower
    /// case): the fixed text, a diff, or the files rewritten.
    Fix(fix::FixArgs),
    /// Run the language server over stdio (diagnostics and hover for the URIs in documents).
    #[cfg(feature = "lsp")]
    Lsp(LspArgs),
    /// Compare the combinators with the BNF interpreter (the spec text) on generated members
    /// of each rule and mutations of them.
    Conform(conform::ConformArgs),
    /// Show the derivation of an input: every production that matched, with its text and byte
    /// range (for a rejected input, the diagnostic and the tree up to the failure).
    Explain(explain::ExplainArgs),
    /// Convert IRI references to the URI references they map to (RFC 3987 section 3.1,
    /// --to uri), or URI references to IRI references (section 3.2, --to iri), one result a
    /// line: each argument, or each line of a file or of stdin.
    Convert(convert::ConvertArgs),
    /// Expand a URI Template (RFC 6570) with variables: --var NAME=VALUE (a string), --list
    /// NAME=A,B (a list), --assoc NAME=K=V,K=V (an associative array), --vars FILE (JSON).
    Expand(expand::ExpandArgs),
    /// Resolve references against a base URI (RFC 2396 section 5.2, or RFC 3986 section 5.2
    /// with --grammar rfc3986 or, for IRIs, rfc3987), one result a line; --compare shows where
    /// the two differ.
    Resolve(semantics::ResolveArgs),
    /// Normalize URI references (RFC 2396 section 6, RFC 3986 section 6.2 with --grammar
    /// rfc3986, or IRI references by RFC 3987 section 5.3 with --grammar rfc3987).
    Normalize(semantics::NormalizeArgs),
    /// Whether two URI references are equivalent (RFC 2396 section 6, RFC 3986 section 6.2
    /// with --grammar rfc3986, or RFC 3987 section 5.3 with --grammar rfc3987). Exit 0 when
    /// they are, 1 when they are not.
    Equivalent(semantics::EquivalentArgs),
}

/// The options editors' clients pass to a language server they start. Standard input and
/// output are the only transport, so `--stdio` changes nothing; the client's process id is
/// accepted and not used (the server ends when its input ends).
#[cfg(feature = "lsp")]
#[derive(clap::Args)]
struct LspArgs {
    /// Speak the protocol over standard input and output (the only transport, and the
    /// default): accepted because editors' clients pass it.
    #[arg(long)]
    stdio: bool,
    /// The process id of the client that started the server: accepted because editors'
    /// clients pass it, and not used.
    #[arg(long = "clientProcessId", value_name = "PID", hide = true)]
    client_process_id: Option<u32>,
}

/// Output formats shared by the commands.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: the input with a caret under the error.
    Human,
    /// One JSON document.
    Json,
    /// One JSON object per line, per input, in input order.
    Jsonl,
}

/// The `--grammar` values: the grammars' names, in any case (as `str::parse::<Grammar>` reads
/// them), listed in `--help` and in the error for an unknown one.
pub(crate) fn parse_grammar() -> GrammarParser {
    let values = Grammar::ALL.iter().map(|g| {
        PossibleValue::new(g.name()).help(format!("{} (start rule {})", g.title(), g.start_rule()))
    });
    GrammarParser(PossibleValuesParser::new(values))
}

/// [`parse_grammar`]'s parser: a name in any case, or clap's error for a value that is none of
/// the possible ones.
#[derive(Clone)]
pub(crate) struct GrammarParser(PossibleValuesParser);

impl TypedValueParser for GrammarParser {
    type Value = Grammar;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Grammar, clap::Error> {
        if let Some(g) = value.to_str().and_then(|s| s.parse::<Grammar>().ok()) {
            return Ok(g);
        }
        // No grammar by that name in any case: clap's error, which lists the names.
        let name = self.0.parse_ref(cmd, arg, value)?;
        name.parse::<Grammar>()
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, e))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}

/// Production `name` of grammar `g`, or the library's error (which names the closest
/// production) and the command that lists them all.
pub(crate) fn find_rule(g: Grammar, name: &str) -> Result<&'static urigram::Rule, String> {
    g.rule(name).map_err(|e| {
        format!(
            "{e} (`urigram rules --grammar {g}` lists its {} productions)",
            g.rule_names().count()
        )
    })
}

/// Run the CLI with the process's arguments.
pub fn main() -> ExitCode {
    run(std::env::args_os())
}

fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let r = match cli.command {
        Command::Rules { grammar } => {
            let mut out = String::new();
            for name in grammar.rule_names() {
                out.push_str(name);
                out.push('\n');
            }
            print_or_fail(&out).map(|()| 0)
        }
        Command::Check(args) => check::run(args),
        Command::MergeSummaries(args) => merge::run(args),
        Command::Extract(args) => extract::run(args),
        Command::Fix(args) => fix::run(args),
        #[cfg(feature = "lsp")]
        Command::Lsp(_) => Ok(urigram_lsp::serve_stdio()),
        Command::Conform(args) => conform::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Expand(args) => expand::run(args),
        Command::Resolve(args) => semantics::run_resolve(args),
        Command::Normalize(args) => semantics::run_normalize(args),
        Command::Equivalent(args) => semantics::run_equivalent(args),
    };
    match r {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("urigram: {e}");
            ExitCode::from(2)
        }
    }
}

/// The error text of a write to a closed output (`| head`): not an error of ours, the run just
/// stops. See [`write_err`].
pub(crate) const CLOSED: &str = "output closed";

/// The error text of a failed write: [`CLOSED`] for a closed pipe.
pub(crate) fn write_err(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CLOSED.to_string()
    } else {
        format!("writing output: {e}")
    }
}

pub(crate) fn print_or_fail(s: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        // A closed pipe (`urigram rules | head`) is not an error of ours.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("writing output: {e}")),
    }
}
