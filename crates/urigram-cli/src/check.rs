//! `urigram check`: check inputs against a rule of a grammar.
//!
//! Arguments are checked first, then the lines of `--file`, which is streamed: cut into
//! chunks of whole lines, checked on `--jobs` threads, and written in input order (see
//! [`super::stream`]). Each chunk's work — checking, formatting its records, counting its
//! statistics — is one [`Plan::batch`] call, through the [`Engine`] seam.

use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

use clap::Args;
use serde_json::json;
use urigram::render::visible;
use urigram::{Brief, Grammar};

use super::engine::{Combinators, Engine, Locate, Spec};
use super::inputs::{open, os_bytes};
use super::output::{Batch, Only, Place, Sink, Totals, write_record};
use super::render::{Color, argument};
// The JSON of an error, shared with the other commands.
use super::progress::Progress;
use super::stream::{self, Failure, Flow, Options};
use super::summary::Section;
use super::{Format, parse_grammar};

#[derive(Args)]
pub struct CheckArgs {
    /// The grammar.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// The rule, by its spec name (default: the grammar's start rule).
    #[arg(long, short)]
    rule: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Check each line of this file (`-` for standard input); only the line ending `\n` or
    /// `\r\n` is removed. The file is streamed: any size runs in bounded memory.
    #[arg(long, short)]
    file: Option<PathBuf>,
    /// Threads that check lines (default: the available parallelism; at most 256). Output
    /// keeps the input's order whatever the number.
    #[arg(long, short, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=stream::MAX_JOBS))]
    jobs: Option<u32>,
    /// Print statistics at the end: lines, valid, invalid, and the invalid lines grouped by
    /// the production that failed, by diagnostic code and by what was found, with examples.
    /// Per-input output is then off, unless --only asks for it.
    #[arg(long)]
    summary: bool,
    /// Print only the invalid, or only the valid, inputs.
    #[arg(long, value_enum, value_name = "WHICH")]
    only: Option<Only>,
    /// The name that messages and summary examples give to the --file input (default: its
    /// path, `<stdin>` for standard input), e.g. the shard's name in a map step.
    #[arg(long, value_name = "NAME")]
    label: Option<String>,
    /// The longest line of --file that is checked, in bytes (without its line ending; at most
    /// 1 GiB). A longer line is reported invalid (urigram::line-too-long) without being read
    /// into memory, and checking goes on (with --all-grammars, it is an error).
    #[arg(long, value_name = "BYTES", default_value = "1048576",
          value_parser = clap::value_parser!(u64).range(1..=stream::MAX_LINE_LIMIT))]
    max_line_length: u64,
    /// The size of the chunks that --file is cut into (for tests of the chunking).
    #[arg(long, hide = true,
          value_parser = clap::value_parser!(u64).range(1..=stream::MAX_CHUNK_BYTES))]
    chunk_bytes: Option<u64>,
    /// What decides: the grammar's combinators, or the BNF interpreter reading the spec text
    /// (slower; a cross-check of any verdict against the grammar as printed).
    #[arg(long, value_enum, default_value = "combinators")]
    engine: EngineChoice,
    /// Check every input against the start rule of every URI grammar (rfc2396, rfc2732,
    /// rfc1738, rfc1630, rfc1630-url, rfc3986) and of RFC 3987's IRIs (rfc3987), and show the verdicts side by side (a
    /// conformance matrix) with the diagnostic of each rejection. Exit 0 when every input is
    /// valid under at least one of them, 1 when some input is valid under none.
    #[arg(long, conflicts_with_all = ["grammar", "rule", "summary", "only", "engine"])]
    all_grammars: bool,
    /// Check every input against a second grammar too (the same --rule, or each grammar's
    /// start rule) and show where the two disagree: a record for each input valid under one
    /// and not the other (inputs both accept, or both reject, are not printed unless --all),
    /// with each side's diagnostic; with --summary, the counts of each pair of verdicts and
    /// the inputs grouped by the pair of diagnostic codes, with examples. Exit 0 when the two
    /// grammars give every input the same verdict, 1 when they differ on some input.
    #[arg(long, value_name = "GRAMMAR", value_parser = parse_grammar(),
          conflicts_with_all = ["all_grammars", "only"])]
    compare: Option<Grammar>,
    /// With --compare: a record for every input, the ones on which the grammars agree too.
    #[arg(long, requires = "compare", conflicts_with = "summary")]
    all: bool,
    /// With --all-grammars: add RFC 822's addr-spec (the mail addresses of mid: and cid:),
    /// which accepts no URI.
    #[arg(long, requires = "all_grammars", conflicts_with = "compare")]
    with_rfc822: bool,
    /// When to colour human output.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// Inputs to check.
    inputs: Vec<OsString>,
}

/// The `--engine` values.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum EngineChoice {
    /// The `nom` combinators (fast; full diagnostics).
    Combinators,
    /// The BNF interpreter over `grammar/*.bnf` (the same offsets; no expected items).
    Bnf,
}

pub fn run(mut args: CheckArgs) -> Result<u8, String> {
    if args.with_rfc822 && !args.all_grammars {
        // (clap checks `requires` only when no conflicting option is given.)
        return Err(
            "--with-rfc822 adds RFC 822's addr-spec to --all-grammars, and does \
                    nothing without it: give --all-grammars, or leave --with-rfc822 out"
                .into(),
        );
    }
    if args.inputs.is_empty() && args.file.is_none() {
        // `echo URL | urigram check`: lines on standard input, as with `--file -`.
        if io::stdin().is_terminal() {
            return Err(
                "nothing to check: give INPUT arguments, --file PATH, or lines on \
                        standard input (`cat urls.txt | urigram check`)"
                    .into(),
            );
        }
        args.file = Some(PathBuf::from("-"));
    }
    if args.all_grammars {
        return super::matrix::run(
            &args.inputs,
            args.file.as_deref(),
            args.max_line_length,
            args.format,
            args.color,
            args.with_rfc822,
        );
    }
    let jobs = match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism()
            .map_or(1, |n| n.get().min(stream::MAX_JOBS as usize)),
    };
    let mut opts = Options::with_jobs(jobs);
    if let Some(n) = args.chunk_bytes {
        opts.chunk_bytes = n as usize;
    }
    opts.max_line = args.max_line_length as usize;
    let first = make_engine(args.engine, args.grammar, args.rule.as_deref())?;
    let engine: &dyn Engine = &*first;
    if let Some(other) = args.compare {
        if other == args.grammar {
            return Err(format!(
                "--compare {other}: the grammar of --grammar; compare two different grammars"
            ));
        }
        let second = make_engine(args.engine, other, args.rule.as_deref())
            .map_err(|e| format!("--compare {other}: {e}"))?;
        return super::compare::run(super::compare::Run {
            first: engine,
            second: &*second,
            format: args.format,
            summary: args.summary,
            all: args.all,
            color: args.color.enabled(),
            inputs: &args.inputs,
            file: args.file.as_ref(),
            label: args.label.clone(),
            opts,
        });
    }
    let plan = Plan {
        color: args.color.enabled(),
        engine,
        format: args.format,
        only: args.only,
        records: !args.summary || args.only.is_some(),
        summary: args.summary,
        max_line: args.max_line_length,
    };
    let mut out = Output::new(&plan);
    let mut totals = Totals::default();
    if plan.summary {
        totals.summary.section(engine.grammar(), engine.rule());
    }
    let mut stopped = out.begin().map_err(write_err)? == Flow::Stop;

    if !args.inputs.is_empty() && !stopped {
        let args: Vec<Vec<u8>> = args.inputs.iter().map(os_bytes).collect();
        let numbered = args.iter().zip(1..).map(|(a, k)| (k, &a[..]));
        let mut b = plan.batch(Source::Arguments, numbered);
        if let Some(s) = &mut b.section {
            s.bytes = args.iter().map(|a| a.len() as u64).sum();
        }
        stopped = out.records(&b.out).map_err(write_err)? == Flow::Stop;
        totals.add(b);
    }

    if let (Some(path), false) = (&args.file, stopped) {
        let (label, input, size) = open(path)?;
        let label = args.label.clone().unwrap_or(label);
        let mut progress = Progress::new(
            size,
            io::stderr().is_terminal() && !(plan.records && io::stdout().is_terminal()),
        );
        let source = Source::Lines(&label);
        let work = |c: &stream::Chunk| {
            // Most chunks are UTF-8 as a whole: validate once, not line by line.
            let mut b = match std::str::from_utf8(c.data()) {
                Ok(text) => plan.batch(source, c.line_ranges().map(|(n, r)| (n, &text[r]))),
                Err(_) => plan.batch(source, c.lines()),
            };
            if let Some(s) = c.skipped() {
                plan.too_long(&mut b, source, s.line, s.len);
            }
            if let Some(s) = &mut b.section {
                s.bytes = c.bytes();
            }
            b
        };
        let consume = |c: &stream::Chunk, b: Batch| {
            progress.advance(c.bytes(), b.lines);
            let flow = out.records(&b.out).and_then(|f| match f {
                // Each chunk's records go out now: a slow input is answered as it comes.
                Flow::Continue => out.flush(),
                Flow::Stop => Ok(Flow::Stop),
            });
            totals.add(b);
            flow
        };
        let r = stream::run(input, opts, work, consume);
        progress.finish();
        match r {
            Ok(()) => {}
            Err(Failure::Read(e)) => return Err(format!("{}: {e}", visible(&label))),
            Err(Failure::Write(e)) => return Err(write_err(e)),
        }
    }
    out.end(&totals).map_err(write_err)?;
    if plan.format == Format::Human && !plan.summary && !stopped {
        // The closing count, on standard error like a compiler's, so that piped records stay
        // records.
        let valid = totals.lines - totals.invalid;
        let noun = if totals.lines == 1 { "input" } else { "inputs" };
        eprintln!(
            "checked {} {noun} against {} {}: {valid} valid, {} invalid",
            totals.lines,
            engine.grammar(),
            engine.rule(),
            totals.invalid
        );
    }
    Ok(if totals.invalid > 0 { 1 } else { 0 })
}

/// The engine of `choice` for `rule` (by default the start rule) of `grammar`.
fn make_engine(
    choice: EngineChoice,
    grammar: Grammar,
    rule: Option<&str>,
) -> Result<Box<dyn Engine>, String> {
    Ok(match choice {
        EngineChoice::Combinators => Box::new(Combinators::new(grammar, rule)?),
        EngineChoice::Bnf => Box::new(Spec::new(grammar, rule)?),
    })
}

/// Where a batch of inputs comes from.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// The INPUT arguments.
    Arguments,
    /// The lines of the named file (or `<stdin>`).
    Lines(&'a str),
}

/// What to do with each input.
struct Plan<'a> {
    engine: &'a dyn Engine,
    /// Whether human output is coloured.
    color: bool,
    format: Format,
    only: Option<Only>,
    /// Whether inputs get records (filtered by `only`).
    records: bool,
    /// Whether to count statistics.
    summary: bool,
    /// The longest line of a file that is checked.
    max_line: u64,
}

impl Plan<'_> {
    /// For a valid RFC 1738 URL that only `otherurl` took: why its scheme's own production
    /// rejects it ([`scheme_error`]).
    fn scheme_error(&self, text: &str) -> Option<urigram::Error> {
        let g = self.engine.grammar();
        if g != Grammar::Rfc1738.name() {
            return None;
        }
        scheme_error(self.engine.rule(), text)
    }

    /// Check `inputs`, numbered lines of `source`, and write their records.
    fn batch<'i, L: Line<'i>>(
        &self,
        source: Source<'_>,
        inputs: impl Iterator<Item = (u64, L)>,
    ) -> Batch {
        let mut locate = self.engine.locator();
        let mut b = Batch {
            out: Vec::new(),
            lines: 0,
            invalid: 0,
            section: self
                .summary
                .then(|| Section::new(self.engine.grammar(), self.engine.rule())),
        };
        for (n, line) in inputs {
            let input = line.bytes();
            if let Source::Lines(_) = source
                && input.len() as u64 > self.max_line
            {
                self.too_long(&mut b, source, n, input.len() as u64);
                continue;
            }
            b.lines += 1;
            if !self.records {
                // A summary alone: where each invalid line stops being valid is all it needs.
                let r = line.locate(&mut *locate);
                b.invalid += u64::from(r.is_err());
                if let Some(s) = &mut b.section {
                    Self::count(s, source, n, input, r.err().as_ref());
                }
                continue;
            }
            let r = line.check(self.engine);
            b.invalid += u64::from(r.is_err());
            if self.only.is_none_or(|o| o.shows(r.is_ok())) {
                let place = match source {
                    Source::Arguments => Place::Arg(n),
                    Source::Lines(f) => Place::Line(f, n),
                };
                let scheme_error = match (&r, std::str::from_utf8(input)) {
                    (Ok(()), Ok(text)) => self.scheme_error(text),
                    _ => None,
                };
                write_record(
                    &mut b.out,
                    self.format,
                    input,
                    &r,
                    place,
                    self.color,
                    scheme_error.as_ref(),
                );
            }
            if let Some(s) = &mut b.section {
                let brief = r.as_ref().err().map(urigram::Error::brief);
                Self::count(s, source, n, input, brief.as_ref());
            }
        }
        b
    }
}

impl Plan<'_> {
    /// Count input `n` of `source`, whose error (if it is invalid) is `e`, in `s`.
    fn count(s: &mut Section, source: Source<'_>, n: u64, input: &[u8], e: Option<&Brief>) {
        match (e, source) {
            (None, _) => s.add_valid(),
            (Some(e), Source::Arguments) => s.add_invalid(&argument(n), 1, input, e),
            (Some(e), Source::Lines(f)) => s.add_invalid(f, n, input, e),
        }
    }

    /// Count line `n` of `source`, `len` bytes long, as too long to check.
    fn too_long(&self, b: &mut Batch, source: Source<'_>, n: u64, len: u64) {
        b.lines += 1;
        b.invalid += 1;
        let (name, n) = match source {
            Source::Arguments => (argument(n), 1),
            Source::Lines(f) => (f.to_string(), n),
        };
        if self.records && self.only.is_none_or(|o| o.shows(false)) {
            let (f, g) = (self.format, self.engine.grammar());
            super::too_long::write_record(&mut b.out, f, g, &name, n, len, self.max_line);
        }
        if let Some(s) = &mut b.section {
            s.add_too_long(&name, n, self.max_line);
        }
    }
}

/// One input: bytes, or text already known to be UTF-8.
trait Line<'a>: Copy {
    fn bytes(self) -> &'a [u8];
    fn check(self, engine: &dyn Engine) -> Result<(), urigram::Error>;
    fn locate(self, l: &mut dyn Locate) -> Result<(), Brief>;
}

impl<'a> Line<'a> for &'a [u8] {
    fn bytes(self) -> &'a [u8] {
        self
    }
    fn check(self, engine: &dyn Engine) -> Result<(), urigram::Error> {
        engine.check(self)
    }
    fn locate(self, l: &mut dyn Locate) -> Result<(), Brief> {
        l.locate(self)
    }
}

impl<'a> Line<'a> for &'a str {
    fn bytes(self) -> &'a [u8] {
        self.as_bytes()
    }
    fn check(self, engine: &dyn Engine) -> Result<(), urigram::Error> {
        engine.check_str(self)
    }
    fn locate(self, l: &mut dyn Locate) -> Result<(), Brief> {
        l.locate_str(self)
    }
}

/// Standard output: the records as they come, in input order, then the end of the document
/// or the summary. A closed pipe (`urigram check ... | head`) stops the run quietly.
struct Output<'p> {
    sink: Sink,
    plan: &'p Plan<'p>,
    first_record: bool,
    /// The last two bytes of the records written, to start the summary after one blank line.
    tail: [u8; 2],
}

impl<'p> Output<'p> {
    fn new(plan: &'p Plan<'p>) -> Output<'p> {
        Output {
            sink: Sink::new(),
            plan,
            first_record: true,
            tail: *b"\n\n",
        }
    }

    fn begin(&mut self) -> io::Result<Flow> {
        let p = self.plan;
        if p.format != Format::Json {
            return Ok(Flow::Continue);
        }
        let head = if p.summary {
            // The summary document, with the records first when --only asks for them.
            let mut h = String::from("{\"urigram\":\"summary\",\"version\":1");
            if p.records {
                h.push_str(",\"results\":[");
            }
            h
        } else {
            format!(
                "{{\"grammar\":{},\"rule\":{},\"results\":[",
                json!(p.engine.grammar()),
                json!(p.engine.rule())
            )
        };
        self.write(head.as_bytes())
    }

    /// Write records made by [`write_record`].
    fn records(&mut self, mut bytes: &[u8]) -> io::Result<Flow> {
        if bytes.is_empty() {
            return Ok(self.sink.flow());
        }
        if self.first_record && self.plan.format == Format::Json {
            bytes = bytes.strip_prefix(b",").unwrap_or(bytes);
        }
        self.first_record = false;
        match bytes {
            [.., a, b] => self.tail = [*a, *b],
            [b] => self.tail = [self.tail[1], *b],
            [] => {}
        }
        self.sink.write(bytes)
    }

    fn end(&mut self, t: &Totals) -> io::Result<()> {
        let p = self.plan;
        let summary = p.summary.then_some(&t.summary);
        let tail = super::output::document_tail(
            p.format, summary, p.records, t.lines, t.invalid, self.tail,
        );
        self.sink.write(tail.as_bytes())?;
        self.sink.finish()
    }

    fn flush(&mut self) -> io::Result<Flow> {
        self.sink.flush()
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<Flow> {
        self.sink.write(bytes)
    }
}

fn write_err(e: io::Error) -> String {
    format!("writing output: {e}")
}

/// For an input that RFC 1738's `url` (rule `rule`) accepts only through `otherurl` (the
/// generic form) although its scheme has a production of its own in section 5 (`ftp` has
/// `ftpurl` ...): why that production rejects it. `None` for every other rule and input.
///
/// The input is a valid `url` all the same: `otherurl` takes any scheme. But a reader who
/// checks `ftp://h/p;type=x` most likely meant an FTP URL, and this says where it stops being
/// one.
pub(crate) fn scheme_error(rule: &str, input: &str) -> Option<urigram::Error> {
    if rule != "url" {
        return None;
    }
    let production = match input.split(':').next()? {
        "ftp" => "ftpurl",
        "file" => "fileurl",
        "http" => "httpurl",
        "gopher" => "gopherurl",
        "mailto" => "mailtourl",
        "news" => "newsurl",
        "nntp" => "nntpurl",
        "telnet" => "telneturl",
        "wais" => "waisurl",
        "prospero" => "prosperourl",
        _ => return None,
    };
    let g = Grammar::Rfc1738;
    g.check("url", input).ok()?;
    g.check(production, input).err()
}

#[cfg(test)]
mod scheme_tests {
    use super::scheme_error;

    #[test]
    fn a_scheme_error_says_where_the_schemes_own_production_stops() {
        let e = scheme_error("url", "ftp://h/p;type=x").unwrap();
        assert_eq!((e.start_rule(), e.offset()), ("ftpurl", 15));
        assert!(scheme_error("url", "ftp://h/p;type=i").is_none());
        assert!(scheme_error("url", "x-private:anything").is_none());
        assert!(scheme_error("ftpurl", "ftp://h/p;type=x").is_none());
    }
}
