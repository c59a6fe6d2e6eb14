//! `urigram extract`: find the URIs in text files (see `urigram::extract`) and check each
//! against a grammar's start rule, reporting positions as `path:line:column` like a compiler.
//!
//! Plain text is streamed as `check --file` streams lines ([`super::stream`]): chunks of whole
//! lines are searched and checked on `--jobs` threads and written in input order. A URI that
//! a chunk leaves undecided (a `<URL:` whose `>` may come in the next chunk, a hyphen at a
//! line break) is carried, from the start of its line, into the next chunk, and that chunk is
//! searched again after it on the writing thread; the carry is at most
//! `urigram::extract::LOOKAHEAD` bytes plus a line. A line longer than `--max-line-length` is
//! neither held nor searched: it is an invalid record of its own (`urigram::line-too-long`),
//! and nothing is carried across it. Markdown, HTML and reStructuredText files are read
//! whole, up to [`MARKUP_LIMIT`] bytes each.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, StdoutLock, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use urigram::extract::{Delimiter, Found, Options, Syntax, extract_iter, extract_settled};
use urigram::render::{Report, visible};
use urigram::{Error, Grammar};

use super::output::{Batch, Only, Totals, error_json};
use super::progress::Progress;
use super::render::{Color, STDIN, report};
use super::stream::{self, Chunk, Failure, Flow};
use super::summary::Section;
use super::{Format, parse_grammar};

/// The largest Markdown or HTML file read (they are parsed whole).
pub const MARKUP_LIMIT: u64 = 64 << 20;

#[derive(Args)]
pub struct ExtractArgs {
    /// The grammar; each URI is checked against its start rule.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: ExtractFormat,
    /// The syntax of the files (default: by extension: .md and .markdown are Markdown; .html,
    /// .htm and .xhtml are HTML; anything else, and standard input, is plain text).
    #[arg(long, value_enum)]
    syntax: Option<SyntaxArg>,
    /// Also find the URIs in code: Markdown code spans and blocks, HTML code elements.
    #[arg(long)]
    include_code: bool,
    /// Threads that search plain text (default: the available parallelism; at most 256).
    /// Output keeps the input's order whatever the number.
    #[arg(long, short, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=stream::MAX_JOBS))]
    jobs: Option<u32>,
    /// Print statistics at the end (a "line" of the summary is a URI found), as
    /// `check --summary` does. Per-URI output is then off, unless --only asks for it.
    #[arg(long)]
    summary: bool,
    /// Print only the invalid, or only the valid, URIs.
    #[arg(long, value_enum, value_name = "WHICH")]
    only: Option<Only>,
    /// When to colour human output.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// The longest line of plain text that is searched, in bytes (without its line ending; at
    /// most 1 GiB). A longer line is reported invalid (urigram::line-too-long) without being
    /// read into memory, and the search goes on after it. (Markdown, HTML and
    /// reStructuredText files are read whole, up to 64 MiB.)
    #[arg(long, value_name = "BYTES", default_value = "1048576",
          value_parser = clap::value_parser!(u64).range(1..=stream::MAX_LINE_LIMIT))]
    max_line_length: u64,
    /// The size of the chunks plain text is cut into (for tests of the chunking).
    #[arg(long, hide = true,
          value_parser = clap::value_parser!(u64).range(1..=stream::MAX_CHUNK_BYTES))]
    chunk_bytes: Option<u64>,
    /// Text files to read (`-` for standard input). Bytes that are not UTF-8 are read as
    /// U+FFFD (byte offsets stay those of the file).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// The `--format` values of `extract`: the formats of every command, and the URIs alone.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExtractFormat {
    /// For people: `path:line:column: ok: URI`, or the diagnostic.
    Human,
    /// One JSON document.
    Json,
    /// One JSON object per URI, in text order.
    Jsonl,
    /// The URIs alone, one a line, in text order, as read from the text (a control or
    /// invisible character shown as in human output); with --only, those that are valid or
    /// invalid.
    Uris,
}

/// The `--syntax` values.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum SyntaxArg {
    /// RFC 2396 Appendix E and RFC 1738's appendix.
    Plain,
    /// CommonMark.
    Markdown,
    /// HTML.
    Html,
    /// reStructuredText: prose as plain text; not literal blocks, doctest blocks, code
    /// directives or inline literals.
    Rst,
}

impl SyntaxArg {
    pub(super) fn syntax(self) -> Syntax {
        match self {
            SyntaxArg::Plain => Syntax::Plain,
            SyntaxArg::Markdown => Syntax::Markdown,
            SyntaxArg::Html => Syntax::Html,
            SyntaxArg::Rst => Syntax::Rst,
        }
    }
}

/// The syntax of the file at `path` when none is given: by its name, and for a Python
/// package's `METADATA` or `PKG-INFO` by its `Description-Content-Type` header too
/// ([`Syntax::detect`]), read from the file's first 64 KiB.
pub(super) fn syntax_of(path: &Path) -> Syntax {
    let p = path.to_string_lossy();
    let name = path.file_name().map(|n| n.to_string_lossy());
    if !matches!(name.as_deref(), Some("METADATA" | "PKG-INFO")) {
        return Syntax::from_path(&p);
    }
    let mut head = Vec::new();
    if let Ok(f) = File::open(path) {
        // A file that cannot be read here is reported when it is read.
        let _ = f.take(64 << 10).read_to_end(&mut head);
    }
    Syntax::detect(&p, &String::from_utf8_lossy(&head))
}

/// What to do with each URI found.
struct Plan {
    grammar: Grammar,
    format: Format,
    /// `--format uris`: each URI's text alone (`format` is then `Human`).
    uris: bool,
    color: bool,
    only: Option<Only>,
    records: bool,
    summary: bool,
    options: Options,
    /// The longest line of plain text that is searched.
    max_line: u64,
}

/// A text and where it stands in its file.
struct Place<'a> {
    label: &'a str,
    text: &'a str,
    /// The number of the text's first line in the file.
    first_line: u64,
    /// The file offset of the text's first byte.
    offset: u64,
    /// Where the text differs in length from the file (sequences that are not UTF-8).
    fixes: &'a [(usize, i64)],
    /// The text's bytes as in the file.
    raw: &'a [u8],
}

/// A URI's diagnostic as it is reported: the error counts its offsets in `text[base..]` of its
/// [`Place`], whose first line is line `first_line` of the file.
struct Placed {
    e: Error,
    base: usize,
    first_line: u64,
}

impl Placed {
    fn offset(&self) -> usize {
        self.base + self.e.offset()
    }

    fn line(&self) -> u64 {
        self.first_line + self.e.line() as u64 - 1
    }
}

impl Place<'_> {
    /// The file offset of byte `at` of the text.
    fn file_offset(&self, at: usize) -> u64 {
        let k = self.fixes.partition_point(|&(p, _)| p <= at);
        let d = k.checked_sub(1).map_or(0, |k| self.fixes[k].1);
        (self.offset as i64 + at as i64 + d) as u64
    }

    fn line(&self, line: usize) -> u64 {
        self.first_line + line as u64 - 1
    }
}

impl Plan {
    /// A batch with nothing in it yet, for `bytes` bytes of the input.
    fn batch(&self, bytes: u64) -> Batch {
        Batch {
            out: Vec::new(),
            lines: 0,
            invalid: 0,
            section: self.summary.then(|| {
                let mut s = Section::new(self.grammar.name(), self.grammar.start_rule());
                s.bytes = bytes;
                s
            }),
        }
    }

    /// Count line `line` of `label`, `len` bytes long from file offset `offset`, as too long
    /// to search: an invalid record of its own (`urigram::line-too-long`), placed at the
    /// line's first column.
    fn too_long(&self, b: &mut Batch, label: &str, line: u64, offset: u64, len: u64) {
        b.lines += 1;
        b.invalid += 1;
        // (`--format uris` has no URI to show.)
        if self.records && !self.uris && self.only.is_none_or(|o| o.shows(false)) {
            let limit = self.max_line;
            let record = || {
                json!({
                    "path": label,
                    "uri": null,
                    "valid": false,
                    "offset": offset,
                    "end": offset.saturating_add(len),
                    "line": line,
                    "column": 1,
                    "error": super::too_long::error(self.grammar.name(), len, limit),
                })
            };
            match self.format {
                Format::Human => {
                    let g = self.grammar.name();
                    super::too_long::write_human(&mut b.out, g, label, line, Some(1), len, limit);
                }
                Format::Jsonl => {
                    let _ = writeln!(b.out, "{}", record());
                }
                Format::Json => {
                    let _ = write!(b.out, ",{}", record());
                }
            }
        }
        if let Some(s) = &mut b.section {
            s.add_too_long(label, line, self.max_line);
        }
    }

    /// The error of a URI whose error `e` stands at a U+FFFD that the reading put for bytes
    /// that are not UTF-8: the check of the URI's bytes, as `check` gives it (`not-utf8`, the
    /// byte itself), counted in the line that holds it (returned with it); `None` for any
    /// other error, and for a URI in pieces.
    fn not_utf8(
        &self,
        place: &Place<'_>,
        f: &Found<'_>,
        e: &Error,
    ) -> Option<(Error, std::ops::Range<usize>)> {
        let at = e.offset();
        if place.fixes.is_empty()
            || !place.text[at..].starts_with('\u{FFFD}')
            || place
                .fixes
                .binary_search_by_key(&(at + 3), |&(p, _)| p)
                .is_err()
            || f.pieces.len() != 1
            || f.pieces[0].decoded
        {
            return None;
        }
        // Under RFC 1738 the fragment is no part of the URL.
        let checked = match self.grammar {
            Grammar::Rfc1738 => f.text.split('#').next().unwrap_or_default(),
            _ => &f.text,
        };
        let raw = |o: usize| (place.file_offset(o) - place.offset) as usize;
        let bytes = place
            .raw
            .get(raw(f.range.start)..raw(f.range.start + checked.len()))?;
        let e = self.grammar.check(self.grammar.start_rule(), bytes).err()?;
        // What comes before the byte is the same in the text and in the bytes, so the error
        // (at byte `at - f.range.start` of the bytes, one byte long) is at `at` in the text,
        // and spans the U+FFFD (3 bytes). `offset_by` takes offsets down to a character's
        // start: moved 2 bytes further, the error's start stays at `at` and its end goes
        // to the U+FFFD's end, so that it still spans a byte that is not UTF-8.
        let line = super::stream::line_around(place.text.as_bytes(), at);
        let e = e.offset_by(f.range.start - line.start + 2, &place.text[line.clone()]);
        (e.offset() + line.start == at && e.end() > e.offset()).then_some((e, line))
    }

    /// Add the URIs `found` in `place` to `b`.
    fn add(&self, b: &mut Batch, place: &Place<'_>, found: &[Found<'_>]) {
        // The line of the last error counted, as a byte range of the text: the URIs of one
        // long line share it, instead of each searching the line for its ends.
        let mut last_line = None;
        for f in found {
            b.lines += 1;
            b.invalid += u64::from(!f.is_valid());
            let shown = self.records && self.only.is_none_or(|o| o.shows(f.is_valid()));
            // The whole diagnostic, made for this URI alone and dropped after it.
            let error = match (shown && !self.uris) || b.section.is_some() {
                true => f
                    .error(place.text)
                    .map(|e| match self.not_utf8(place, f, &e) {
                        Some((e, line)) => {
                            let (base, first_line) = (line.start, place.line(f.start.line));
                            last_line = Some((line.start, line.end));
                            Placed {
                                e,
                                base,
                                first_line,
                            }
                        }
                        None => Placed {
                            e,
                            base: 0,
                            first_line: place.first_line,
                        },
                    }),
                false => None,
            };
            if shown {
                match self.format {
                    Format::Human if self.uris => {
                        let _ = writeln!(b.out, "{}", visible(&f.text));
                    }
                    Format::Human => human(&mut b.out, place, f, error.as_ref(), self.color),
                    Format::Jsonl => {
                        let _ = writeln!(b.out, "{}", record(place, f, error.as_ref()));
                    }
                    Format::Json => {
                        let _ = write!(b.out, ",{}", record(place, f, error.as_ref()));
                    }
                }
            }
            if let Some(s) = &mut b.section {
                match &error {
                    None => s.add_valid(),
                    Some(e) => {
                        let t = place.text;
                        let (start, end) = match last_line {
                            Some((start, end)) if (start..=end).contains(&e.offset()) => {
                                (start, end)
                            }
                            _ => {
                                let r = super::stream::line_around(t.as_bytes(), e.offset());
                                (r.start, r.end)
                            }
                        };
                        last_line = Some((start, end));
                        let line = &t[start..end];
                        s.add_invalid_at(
                            place.label,
                            e.line(),
                            line.as_bytes(),
                            e.offset() - start,
                            || e.e.column() as u64,
                            &e.e.brief(),
                        );
                    }
                }
            }
        }
    }
}

/// The text of `bytes`, not-UTF-8 sequences as U+FFFD, and where its offsets differ from the
/// bytes' (text offset after each replacement, and file offset minus text offset there).
fn decode(bytes: &[u8]) -> (Cow<'_, str>, Vec<(usize, i64)>) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (Cow::Borrowed(s), Vec::new());
    }
    let mut s = String::with_capacity(bytes.len() + 16);
    let mut fixes = Vec::new();
    let mut raw = 0usize;
    for c in bytes.utf8_chunks() {
        s.push_str(c.valid());
        raw += c.valid().len();
        if !c.invalid().is_empty() {
            s.push('\u{FFFD}');
            raw += c.invalid().len();
            fixes.push((s.len(), raw as i64 - s.len() as i64));
        }
    }
    (Cow::Owned(s), fixes)
}

/// An input: its label, its syntax, the reader and its size when known.
struct Input {
    label: String,
    syntax: Syntax,
    reader: Box<dyn Read + Send>,
    size: Option<u64>,
}

fn open(path: &Path, syntax: Option<SyntaxArg>) -> Result<Input, String> {
    if path.as_os_str() == "-" {
        let size = std::fs::metadata("/dev/stdin")
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        return Ok(Input {
            label: STDIN.into(),
            syntax: syntax.map_or(Syntax::Plain, SyntaxArg::syntax),
            reader: Box::new(io::stdin()),
            size,
        });
    }
    let label = path.display().to_string();
    let f = File::open(path).map_err(|e| format!("{}: {e}", visible(&label)))?;
    let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    Ok(Input {
        label,
        syntax: syntax.map_or_else(|| syntax_of(path), SyntaxArg::syntax),
        reader: Box::new(f),
        size,
    })
}

pub fn run(args: ExtractArgs) -> Result<u8, String> {
    // Open everything first: a file that cannot be opened is a usage error (exit 2), with no
    // partial output.
    let mut inputs = Vec::new();
    for path in &args.files {
        inputs.push(open(path, args.syntax)?);
    }
    if args.format == ExtractFormat::Uris && args.summary {
        return Err("--format uris prints URIs, --summary statistics: give one of them".into());
    }
    let plan = Plan {
        grammar: args.grammar,
        format: match args.format {
            ExtractFormat::Human | ExtractFormat::Uris => Format::Human,
            ExtractFormat::Json => Format::Json,
            ExtractFormat::Jsonl => Format::Jsonl,
        },
        uris: args.format == ExtractFormat::Uris,
        color: args.color.enabled(),
        only: args.only,
        records: !args.summary || args.only.is_some(),
        summary: args.summary,
        options: Options::default().include_code(args.include_code),
        max_line: args.max_line_length,
    };
    let jobs = match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism()
            .map_or(1, |n| n.get().min(stream::MAX_JOBS as usize)),
    };
    let mut out = Output::new();
    let mut totals = Totals::default();
    if plan.summary {
        totals
            .summary
            .section(plan.grammar.name(), plan.grammar.start_rule());
    }
    let g = plan.grammar;
    let head = match (plan.format, plan.summary) {
        (Format::Json, false) => format!(
            "{{\"grammar\":{},\"rule\":{},\"results\":[",
            json!(g.name()),
            json!(g.start_rule())
        ),
        (Format::Json, true) if plan.records => {
            "{\"urigram\":\"summary\",\"version\":1,\"results\":[".into()
        }
        (Format::Json, true) => "{\"urigram\":\"summary\",\"version\":1".into(),
        _ => String::new(),
    };
    out.write(head.as_bytes()).map_err(write_err)?;
    for input in inputs {
        if out.closed {
            break;
        }
        let label = input.label.clone();
        let progress = Progress::new(
            input.size,
            io::stderr().is_terminal() && !(plan.records && io::stdout().is_terminal()),
        );
        let r = if input.syntax == Syntax::Plain {
            plain(
                &plan,
                input,
                jobs,
                args.chunk_bytes,
                progress,
                &mut out,
                &mut totals,
            )
        } else {
            markup(&plan, input, progress, &mut out, &mut totals)
        };
        match r {
            Ok(()) => {}
            Err(Failure::Read(e)) => return Err(format!("{}: {e}", visible(&label))),
            Err(Failure::Write(e)) => return Err(write_err(e)),
        }
    }
    let summary = plan.summary.then_some(&totals.summary);
    let tail = super::output::document_tail(
        plan.format,
        summary,
        plan.records,
        totals.lines,
        totals.invalid,
        out.tail,
    );
    out.write(tail.as_bytes()).map_err(write_err)?;
    out.flush().map_err(write_err)?;
    Ok(u8::from(totals.invalid > 0))
}

/// What a chunk left undecided: its text from the start of the line that holds the first
/// undecided byte.
struct Carry {
    bytes: Vec<u8>,
    /// Where to search from, in the text of `bytes`.
    from: usize,
    first_line: u64,
    offset: u64,
}

/// Whole lines of plain text, as read: the label of their file, their bytes, the number of
/// their first line and the file offset of their first byte.
#[derive(Clone, Copy)]
struct Lines<'a> {
    label: &'a str,
    raw: &'a [u8],
    first_line: u64,
    offset: u64,
}

impl<'a> Lines<'a> {
    /// The lines of `raw[range]`, the first of them line `first_line`.
    fn part(self, range: std::ops::Range<usize>, first_line: u64) -> Lines<'a> {
        Lines {
            offset: self.offset + range.start as u64,
            raw: &self.raw[range],
            first_line,
            ..self
        }
    }
}

/// Search `lines` from text offset `from` (0, or where a carried text was left undecided), and
/// add what it finds to `b`. A line longer than the limit is not searched: it is an invalid
/// record of its own, and the text before it is searched as ending there, since nothing can
/// cross it. `cut` says that the text ends after `lines` too (a skipped line follows);
/// otherwise what the text leaves undecided at its end is returned, to be carried.
fn search(plan: &Plan, lines: Lines<'_>, from: usize, cut: bool, b: &mut Batch) -> Option<Carry> {
    let raw = lines.raw;
    let (mut start, mut start_line, mut from) = (0, lines.first_line, from);
    // No line is longer than the text (the usual case: a chunk is shorter than the limit).
    if raw.len() as u64 > plan.max_line {
        let (mut at, mut line) = (0, lines.first_line);
        while at < raw.len() {
            // Lines end at `\n`, `\r\n` or a lone `\r`.
            let (len, next) = match memchr::memchr2(b'\r', b'\n', &raw[at..]) {
                Some(k) => {
                    let crlf = raw[at + k] == b'\r' && raw.get(at + k + 1) == Some(&b'\n');
                    (k, at + k + 1 + usize::from(crlf))
                }
                None => (raw.len() - at, raw.len()),
            };
            let len = len as u64;
            if len > plan.max_line {
                part_search(plan, lines.part(start..at, start_line), from, true, b);
                plan.too_long(b, lines.label, line, lines.offset + at as u64, len);
                (start, start_line, from) = (next, line + 1, 0);
            }
            (at, line) = (next, line + 1);
        }
    }
    part_search(plan, lines.part(start..raw.len(), start_line), from, cut, b)
}

/// Search `lines`, none of them longer than the limit, as [`search`] does; `last` says that
/// nothing follows them.
fn part_search(
    plan: &Plan,
    lines: Lines<'_>,
    from: usize,
    last: bool,
    b: &mut Batch,
) -> Option<Carry> {
    let (text, fixes) = decode(lines.raw);
    let place = Place {
        label: lines.label,
        text: &text,
        first_line: lines.first_line,
        offset: lines.offset,
        fixes: &fixes,
        raw: lines.raw,
    };
    let (found, rest) = extract_settled(place.text, from, plan.grammar, last);
    plan.add(b, &place, &found);
    carry(&place, lines.raw, rest)
}

/// The carry of a text whose undecided rest starts at text offset `rest`.
fn carry(place: &Place<'_>, raw: &[u8], rest: usize) -> Option<Carry> {
    if rest >= place.text.len() {
        return None;
    }
    let line_start = place.text[..rest].rfind(['\n', '\r']).map_or(0, |k| k + 1);
    let lines = super::stream::count_lines(&place.text.as_bytes()[..line_start]);
    let raw_start = (place.file_offset(line_start) - place.offset) as usize;
    Some(Carry {
        bytes: raw[raw_start..].to_vec(),
        from: rest - line_start,
        first_line: place.first_line + lines,
        offset: place.offset + raw_start as u64,
    })
}

fn plain(
    plan: &Plan,
    input: Input,
    jobs: usize,
    chunk_bytes: Option<u64>,
    mut progress: Progress,
    out: &mut Output,
    totals: &mut Totals,
) -> Result<(), Failure> {
    let label = input.label.as_str();
    let work = |c: &Chunk| {
        let mut b = plan.batch(c.bytes());
        let lines = Lines {
            label,
            raw: c.data(),
            first_line: c.first_line,
            offset: c.offset,
        };
        let next = search(plan, lines, 0, c.skipped().is_some(), &mut b);
        (b, next)
    };
    let mut pending: Option<Carry> = None;
    let mut consume = |c: &Chunk, (b, next): (Batch, Option<Carry>)| -> io::Result<Flow> {
        let (mut b, next) = match pending.take() {
            None => (b, next),
            Some(mut k) => {
                // The chunk was searched as if nothing were open before it: search it again
                // after what the last one left undecided.
                k.bytes.extend_from_slice(c.data());
                let mut b = plan.batch(c.bytes());
                let lines = Lines {
                    label,
                    raw: &k.bytes,
                    first_line: k.first_line,
                    offset: k.offset,
                };
                let next = search(plan, lines, k.from, c.skipped().is_some(), &mut b);
                (b, next)
            }
        };
        // The line after the chunk's, too long to be read: searched as nothing, reported.
        if let Some(s) = c.skipped() {
            let at = c.offset + c.data().len() as u64;
            plan.too_long(&mut b, label, s.line, at, s.len);
        }
        progress.advance(c.bytes(), b.lines);
        pending = next;
        let flow = out.records(&b.out);
        totals.add(b);
        match flow? {
            Flow::Continue => out.flush(),
            Flow::Stop => Ok(Flow::Stop),
        }
    };
    let mut opts = stream::Options::with_jobs(jobs);
    // A chunk's records can be fifty times its size (a diagnostic for every few bytes of a
    // text dense with invalid URIs), and `in_flight` chunks wait at once: small chunks keep
    // that to a few megabytes, whatever the size of the text.
    opts.chunk_bytes = chunk_bytes.map_or(EXTRACT_CHUNK, |n| n as usize);
    opts.max_line = plan.max_line as usize;
    let r = stream::run(input.reader, opts, work, &mut consume);
    progress.finish();
    r?;
    if let Some(k) = pending {
        let mut b = plan.batch(0);
        let lines = Lines {
            label,
            raw: &k.bytes,
            first_line: k.first_line,
            offset: k.offset,
        };
        search(plan, lines, k.from, true, &mut b);
        out.records(&b.out).map_err(Failure::Write)?;
        totals.add(b);
    }
    Ok(())
}

fn markup(
    plan: &Plan,
    input: Input,
    progress: Progress,
    out: &mut Output,
    totals: &mut Totals,
) -> Result<(), Failure> {
    let mut bytes = Vec::new();
    input
        .reader
        .take(MARKUP_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(Failure::Read)?;
    if bytes.len() as u64 > MARKUP_LIMIT {
        return Err(Failure::Read(io::Error::other(format!(
            "larger than {} MiB: {} files are parsed whole; read it as plain text with \
             --syntax plain",
            MARKUP_LIMIT >> 20,
            input.syntax.name()
        ))));
    }
    let (text, fixes) = decode(&bytes);
    let place = Place {
        label: &input.label,
        text: &text,
        first_line: 1,
        offset: 0,
        fixes: &fixes,
        raw: &bytes,
    };
    let mut b = plan.batch(bytes.len() as u64);
    // The URIs as they come, a few at a time, their records written before the next are
    // made: what is held is the text and one block's work, however many URIs it has.
    let mut found = Vec::with_capacity(MARKUP_BATCH);
    let mut uris = extract_iter(&text, plan.grammar, input.syntax, plan.options).peekable();
    while uris.peek().is_some() {
        found.extend(uris.by_ref().take(MARKUP_BATCH));
        plan.add(&mut b, &place, &found);
        found.clear();
        let flow = out.records(&b.out).map_err(Failure::Write)?;
        b.out.clear();
        if flow == Flow::Stop {
            break;
        }
    }
    progress.finish();
    totals.add(b);
    Ok(())
}

/// The size of a chunk of plain text (`--chunk-bytes` in tests).
const EXTRACT_CHUNK: usize = 64 << 10;

/// How many URIs of a Markdown or HTML file are written at a time.
const MARKUP_BATCH: usize = 256;

/// `path:line:col: ok: URI`, or the diagnostic (the one of every command) with a note on the
/// URI that was checked.
fn human(out: &mut Vec<u8>, place: &Place<'_>, f: &Found<'_>, error: Option<&Placed>, color: bool) {
    let s = f.start;
    let path = visible(place.label);
    let line = place.line(s.line);
    let e = match error {
        None => {
            let mut o = format!("{path}:{line}:{}: ok: {}", s.column, visible(&f.text));
            notes(&mut o, f, " (", ")");
            let _ = writeln!(out, "{o}");
            return;
        }
        Some(e) => e,
    };
    let (text, first_line) = (&place.text[e.base..], e.first_line);
    let e = &e.e;
    let mut note = format!(
        "the {} checked: {} ({path}:{line}:{})",
        e.grammar().noun(),
        f.text,
        s.column
    );
    notes(&mut note, f, ", ", "");
    let report_of = Report::new(e, text)
        .origin(place.label)
        .first_line(first_line as usize)
        .color(color)
        .note(note);
    let _ = writeln!(out, "{}", report(report_of));
}

/// What else a reader should know: delimiters, lines, escapes, a hyphen left out.
fn notes(out: &mut String, f: &Found<'_>, open: &str, close: &str) {
    let mut n = Vec::new();
    match f.delimiter {
        Delimiter::Angle => n.push("in <>".to_string()),
        Delimiter::AngleUrl => n.push("in <URL:>".to_string()),
        Delimiter::Link => n.push("a link destination".to_string()),
        Delimiter::Attribute => n.push("an attribute value".to_string()),
        _ => {}
    }
    let gaps = f
        .pieces
        .windows(2)
        .filter(|w| w[0].range.end < w[1].range.start)
        .count();
    if gaps > 0 {
        n.push(format!("{} pieces, whitespace removed", gaps + 1));
    }
    let decoded = f.pieces.iter().filter(|p| p.decoded).count();
    if decoded > 0 {
        let s = if decoded == 1 { "" } else { "s" };
        n.push(format!("{decoded} escape{s} decoded"));
    }
    if f.hyphens_dropped {
        n.push("hyphen at a line break left out".to_string());
    }
    if !n.is_empty() {
        let _ = write!(out, "{open}{}{close}", n.join(", "));
    }
}

/// Every field of a found URI, as JSON; byte offsets count in the file.
fn record(place: &Place<'_>, f: &Found<'_>, error: Option<&Placed>) -> Value {
    let at = |o: usize| place.file_offset(o);
    json!({
        "path": place.label,
        "uri": f.text,
        "valid": f.is_valid(),
        "offset": at(f.range.start),
        "end": at(f.range.end),
        "line": place.line(f.start.line),
        "column": f.start.column,
        "column_utf16": f.start.column_utf16,
        "outer": [at(f.outer.start), at(f.outer.end)],
        "delimiter": f.delimiter.name(),
        "pieces": f.pieces.iter().map(|p| json!({
            "at": p.at,
            "start": at(p.range.start),
            "end": at(p.range.end),
            "decoded": p.decoded,
        })).collect::<Vec<_>>(),
        "hyphen_breaks": f.hyphen_breaks.iter().map(|&o| at(o)).collect::<Vec<_>>(),
        "hyphens_dropped": f.hyphens_dropped,
        "error": match error {
            None => Value::Null,
            Some(p) => {
                let mut v = error_json(&p.e);
                v["offset"] = json!(at(p.offset()));
                v["end"] = json!(at(p.base + p.e.end()));
                v["line"] = json!(p.line());
                v
            }
        },
    })
}

/// Standard output: records as they come. A closed pipe (`| head`) stops the run quietly.
struct Output {
    w: BufWriter<StdoutLock<'static>>,
    first_record: bool,
    /// The last two bytes written, to start the summary after one blank line.
    tail: [u8; 2],
    closed: bool,
}

impl Output {
    fn new() -> Output {
        Output {
            w: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            first_record: true,
            tail: *b"\n\n",
            closed: false,
        }
    }

    /// Write records; the first JSON record loses its leading comma.
    fn records(&mut self, mut bytes: &[u8]) -> io::Result<Flow> {
        if bytes.is_empty() {
            return Ok(if self.closed {
                Flow::Stop
            } else {
                Flow::Continue
            });
        }
        if self.first_record {
            bytes = bytes.strip_prefix(b",").unwrap_or(bytes);
            self.first_record = false;
        }
        self.write(bytes)
    }

    /// Write `bytes` as they are.
    fn write(&mut self, bytes: &[u8]) -> io::Result<Flow> {
        if self.closed {
            return Ok(Flow::Stop);
        }
        match bytes {
            [.., a, b] => self.tail = [*a, *b],
            [b] => self.tail = [self.tail[1], *b],
            [] => {}
        }
        match self.w.write_all(bytes) {
            Ok(()) => Ok(Flow::Continue),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(Flow::Stop)
            }
            Err(e) => Err(e),
        }
    }

    fn flush(&mut self) -> io::Result<Flow> {
        if self.closed {
            return Ok(Flow::Stop);
        }
        match self.w.flush() {
            Ok(()) => Ok(Flow::Continue),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(Flow::Stop)
            }
            Err(e) => Err(e),
        }
    }
}

fn write_err(e: io::Error) -> String {
    format!("writing output: {e}")
}
