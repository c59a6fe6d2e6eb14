//! `urigram fix`: rewrite the URIs of files with the fixes of `urigram::fix`, which keep what
//! each URI stands for. One URI a line, as `check --file` reads lines, or running text as
//! `extract` reads it (`--text`: plain text, Markdown or HTML, chosen the same way; code is
//! never rewritten). Markdown and HTML files (by extension, or `--syntax`) are running text
//! without `--text`: read as lines, their prose would be escaped as URIs (`--lines` asks for
//! that all the same). Everything that is not fixed stays byte for byte, line endings
//! included; a second run changes nothing. What cannot be fixed is reported on stderr, one
//! diagnostic each, with the reason, and left as it is; the other URIs of its file are fixed.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r` (a file with classic Mac line endings is read as
//! lines, never as one line with CRs in it). Line mode streams: it holds one line at a time,
//! and a line longer than `--max-line-length` is copied through unchanged, unread, and
//! reported (`urigram::line-too-long`). `--text` holds the whole file, up to [`TEXT_LIMIT`].
//! `--diff` holds a hunk's lines up to [`SPOOL_MEMORY`] and spools the rest of it to an
//! unnamed temporary file.
//!
//! `--in-place` keeps the promises of rustfmt and ruff: the fixed text is written to a new
//! file, made with a random name and exclusive create in the file's own directory (so a
//! planted file or symlink of that name cannot redirect the write), given the file's owner,
//! group and mode, and renamed over the file only when the file did not change while it was
//! read. A symlink's target is rewritten and the link kept. Files that are not regular, that
//! have other hard links, or that are read-only (unless `--allow-read-only`) are refused. No
//! temporary file is left behind on any error. Every file is tried; each failure is reported
//! and counted, and the exit code is 2 when any file failed.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use urigram::Grammar;
use urigram::extract::{Options, Syntax, extract_iter};
use urigram::fix::{FixCount, fix_counted, fix_text_each};
use urigram::render::{Report, visible};

use super::extract::SyntaxArg;
use super::parse_grammar;
use super::render::{Color, STDIN, report};
use super::stream::MAX_LINE_LIMIT;

/// The largest file `--text` reads (it holds the whole text, and the fixed text beside it).
pub const TEXT_LIMIT: u64 = 64 << 20;

/// How much of a hunk `--diff` holds in memory before it spools the rest to a temporary file.
pub const SPOOL_MEMORY: usize = 1 << 20;

#[derive(Args)]
pub struct FixArgs {
    /// The grammar; each URI is fixed to conform to its start rule.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// Read running text and fix the URIs found in it as `urigram extract` finds them. This
    /// is the default for Markdown, HTML and reStructuredText files (by extension, a Python
    /// package's METADATA by its Description-Content-Type, or with --syntax); other files are
    /// read as one URI a line, as `check --file` reads lines. Code (Markdown code spans and
    /// blocks, reStructuredText literals, HTML comments, scripts and styles) is never
    /// rewritten. Files up to 64 MiB.
    #[arg(long)]
    text: bool,
    /// The syntax of the files, read as running text (implies --text; default: by extension,
    /// as `extract` chooses: .md and .markdown are Markdown; .html, .htm and .xhtml are HTML;
    /// anything else, and standard input, is plain text).
    #[arg(long, value_enum)]
    syntax: Option<SyntaxArg>,
    /// Read every file as one URI a line, Markdown and HTML files too (each line, prose and
    /// markup included, is fixed as a URI).
    #[arg(long, conflicts_with_all = ["text", "syntax"])]
    lines: bool,
    /// Write the fixed text back to each file (only files that change), safely: see
    /// `--help`'s notes on --in-place below.
    #[arg(long, conflicts_with = "diff")]
    in_place: bool,
    /// With --in-place, also rewrite files that have no write permission.
    #[arg(long, requires = "in_place")]
    allow_read_only: bool,
    /// Print a unified diff of the fixes instead of the fixed text (`git apply` applies it).
    #[arg(long)]
    diff: bool,
    /// The longest line that is fixed, in bytes (without its line ending; at most 1 GiB). A
    /// longer line is copied unchanged without being held in memory, and reported
    /// (urigram::line-too-long); with --diff it is an error for its file.
    #[arg(long, value_name = "BYTES", default_value = "1048576",
          value_parser = clap::value_parser!(u64).range(1..=MAX_LINE_LIMIT))]
    max_line_length: u64,
    /// When to colour the diagnostics on stderr.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// The files (`-` for standard input, not with --in-place).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// What fixing one file did.
#[derive(Default)]
struct Tally {
    fixed: usize,
    /// URIs that stay invalid (not fixed, or not read: a line over the limit).
    unfixed: usize,
    /// Line mode: the first line fixed that held a space between words, which a file of URIs
    /// seldom has and a file of prose always has.
    prose: Option<usize>,
}

/// The settings every file is fixed with.
struct Job {
    grammar: Grammar,
    max_line: usize,
    color: bool,
}

pub fn run(args: FixArgs) -> Result<u8, String> {
    if args.in_place && args.files.iter().any(|p| p.as_os_str() == "-") {
        return Err("--in-place needs files, not standard input".into());
    }
    let job = Job {
        grammar: args.grammar,
        max_line: args.max_line_length as usize,
        color: args.color.enabled(),
    };
    // What is fixed, as the messages name it: an IRI under RFC 3987, a URI under the others.
    let uri = job.grammar.noun();
    let mut stdout = io::stdout().lock();
    let mut total = Tally::default();
    let mut failed = 0usize;
    for path in &args.files {
        let stdin = path.as_os_str() == "-";
        let label = if stdin {
            STDIN.to_string()
        } else {
            visible(&path.display().to_string()).into_owned()
        };
        let syntax = match args.syntax {
            Some(s) => s.syntax(),
            None if stdin => Syntax::Plain,
            None => super::extract::syntax_of(path),
        };
        // Markdown, HTML and reStructuredText are running text: read as lines, their prose
        // would be escaped.
        let text = args.text
            || args.syntax.is_some()
            || (!args.lines && matches!(syntax, Syntax::Markdown | Syntax::Html | Syntax::Rst));
        let mode = Mode {
            text: text.then_some(syntax),
            diff: args.diff,
        };
        let r = if args.in_place {
            in_place(path, &label, &job, mode, args.allow_read_only)
        } else if stdin {
            let mut i = io::stdin().lock();
            one_file(&mut i, &label, DiffName::Stdin, &job, mode, &mut stdout)
        } else {
            match File::open(path) {
                Ok(mut f) => one_file(
                    &mut f,
                    &label,
                    DiffName::Path(path),
                    &job,
                    mode,
                    &mut stdout,
                ),
                Err(e) => Err(Failure::File(format!("{label}: {e}"))),
            }
        };
        match r {
            Ok(t) => {
                total.fixed += t.fixed;
                total.unfixed += t.unfixed;
                if let (Some(n), false) = (t.prose, args.lines) {
                    eprintln!(
                        "urigram fix: {label}:{n}: hint: this line has spaces between words and \
                         was fixed as one {uri} (spaces escaped as %20); if the file is running \
                         text, not one {uri} a line, `urigram fix --text` fixes only its {uri}s"
                    );
                }
            }
            Err(Failure::File(e)) => {
                eprintln!("urigram fix: {e}");
                failed += 1;
            }
            Err(Failure::Output(e)) => return Err(format!("writing: {e}")),
        }
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    if total.fixed + total.unfixed + failed > 0 {
        let mut line = format!("urigram fix: {} {uri}{} fixed", total.fixed, s(total.fixed));
        if total.unfixed > 0 {
            let _ = write!(line, ", {} not fixed (see above)", total.unfixed);
        }
        if failed > 0 {
            let _ = write!(line, "; {failed} file{} failed (see above)", s(failed));
        }
        eprintln!("{line}");
    }
    Ok(if failed > 0 {
        2
    } else {
        u8::from(total.unfixed > 0)
    })
}

/// How a file is read and what is written.
#[derive(Clone, Copy)]
struct Mode {
    /// `--text`, with the file's syntax.
    text: Option<Syntax>,
    diff: bool,
}

/// Why a file was not fixed: the file's own failure (reported, the next file is tried), or
/// output that cannot be written (the end of the run).
enum Failure {
    File(String),
    Output(io::Error),
}

/// The name a diff gives a file.
enum DiffName<'a> {
    Stdin,
    Path(&'a Path),
}

/// Fix `input` (labelled `label` in messages) to `out`: the fixed text, or with `--diff` its
/// diff.
fn one_file(
    input: &mut dyn Read,
    label: &str,
    name: DiffName<'_>,
    job: &Job,
    mode: Mode,
    out: &mut dyn Write,
) -> Result<Tally, Failure> {
    if mode.diff {
        let mut d = Diff::new(&mut *out, &name);
        let t = fix_into(input, label, job, mode, &mut d)?;
        d.finish().map_err(Failure::Output)?;
        Ok(t)
    } else {
        let mut w = Plain(&mut *out);
        let t = fix_into(input, label, job, mode, &mut w)?;
        out.flush().map_err(Failure::Output)?;
        Ok(t)
    }
}

/// Fix `input` line by line (or, with `--text`, whole) into `sink`.
fn fix_into(
    input: &mut dyn Read,
    label: &str,
    job: &Job,
    mode: Mode,
    sink: &mut dyn Sink,
) -> Result<Tally, Failure> {
    match mode.text {
        Some(syntax) => fix_text_file(input, label, job, syntax, sink),
        None => fix_lines(input, label, job, mode.diff, sink),
    }
}

// ---------------------------------------------------------------------------------------------
// Reading and fixing

/// Fix each line of `input` on its own, holding one line at a time.
fn fix_lines(
    input: &mut dyn Read,
    label: &str,
    job: &Job,
    diff: bool,
    sink: &mut dyn Sink,
) -> Result<Tally, Failure> {
    let mut lines = Lines::new(input, job.max_line);
    let mut tally = Tally::default();
    // The number of the next line (a lone CR ends a line too).
    let mut number = 1usize;
    let mut fixed_line = Vec::new();
    let read_err = |e: io::Error| Failure::File(format!("{label}: reading: {e}"));
    loop {
        match lines.next().map_err(read_err)? {
            Got::End => return Ok(tally),
            Got::Line => {
                let raw = &lines.buf;
                fixed_line.clear();
                for (piece, ending) in split_lines(raw) {
                    fix_piece(piece, label, number, job, &mut fixed_line, &mut tally);
                    fixed_line.extend_from_slice(ending);
                    number += 1;
                }
                sink.line(raw, &fixed_line).map_err(Failure::Output)?;
            }
            Got::Long { first, last } => {
                if diff {
                    return Err(Failure::File(format!(
                        "{label}:{number}: a line longer than the limit of {} bytes \
                         (--max-line-length); --diff needs every line whole",
                        job.max_line
                    )));
                }
                let _ = first;
                sink.long(&lines.buf).map_err(Failure::Output)?;
                if last {
                    let mut report = Vec::new();
                    super::too_long::write_record(
                        &mut report,
                        super::Format::Human,
                        job.grammar.name(),
                        label,
                        number as u64,
                        lines.long_len,
                        job.max_line as u64,
                    );
                    eprint!("{}", String::from_utf8_lossy(&report));
                    tally.unfixed += 1;
                    // The lone CRs of a line too long to read are not seen: it counts one.
                    number += 1;
                }
            }
        }
    }
}

/// The lines of `raw`, one line as the reader gives it (up to and with its `\n`): each with
/// its ending (`\r\n`, `\n`, a lone `\r`, or none at the end of the input). A lone `\r` ends a
/// line; an empty `raw` is no line.
fn split_lines(raw: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = raw;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, ending, next) = match memchr::memchr2(b'\r', b'\n', rest) {
            None => (rest, &rest[rest.len()..], &rest[rest.len()..]),
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => {
                (&rest[..i], &rest[i..i + 2], &rest[i + 2..])
            }
            Some(i) => (&rest[..i], &rest[i..=i], &rest[i + 1..]),
        };
        rest = next;
        Some((line, ending))
    })
}

/// Fix the URI `line` (line `number` of `label`) into `out`, and report what is not fixed.
fn fix_piece(
    line: &[u8],
    label: &str,
    number: usize,
    job: &Job,
    out: &mut Vec<u8>,
    tally: &mut Tally,
) {
    let Ok(text) = std::str::from_utf8(line) else {
        eprintln!("{label}:{number}: not UTF-8; left as it is");
        tally.unfixed += 1;
        out.extend_from_slice(line);
        return;
    };
    // The fixed URI, without a record of each fix (a line of a million `%` holds none).
    match fix_counted(text, job.grammar) {
        FixCount::Fixed { uri, .. } => {
            tally.fixed += 1;
            if tally.prose.is_none() && text.trim().contains(' ') {
                tally.prose = Some(number);
            }
            out.extend_from_slice(uri.as_bytes());
        }
        FixCount::Unfixable { error, reason, .. } => {
            let r = Report::new(&error, text)
                .origin(label)
                .first_line(number)
                .color(job.color)
                .note(format!("not fixed: {reason}"));
            eprintln!("{}", report(r));
            tally.unfixed += 1;
            out.extend_from_slice(line);
        }
        _ => out.extend_from_slice(line),
    }
}

/// Fix the URIs of the running text `input` (UTF-8, at most [`TEXT_LIMIT`] bytes) as
/// `extract` reads `syntax`.
fn fix_text_file(
    input: &mut dyn Read,
    label: &str,
    job: &Job,
    syntax: Syntax,
    sink: &mut dyn Sink,
) -> Result<Tally, Failure> {
    let mut bytes = Vec::new();
    input
        .take(TEXT_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::File(format!("{label}: reading: {e}")))?;
    if bytes.len() as u64 > TEXT_LIMIT {
        return Err(Failure::File(format!(
            "{label}: larger than {} MiB; --text reads whole files up to that size",
            TEXT_LIMIT >> 20
        )));
    }
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        Failure::File(format!(
            "{label}: not UTF-8 ({e}); --text rewrites only UTF-8 text"
        ))
    })?;
    // Each URI left unfixed is reported as it comes, and not kept.
    let mut left = 0;
    let t = fix_text_each(text, job.grammar, syntax, |u| {
        left += 1;
        let r = Report::new(&u.error, text)
            .origin(label)
            .color(job.color)
            .note(format!(
                "the {} checked: {} (not fixed: {})",
                job.grammar.noun(),
                visible(&u.uri),
                u.reason
            ));
        eprintln!("{}", report(r));
    });
    // What stays invalid is what `extract` finds invalid in the fixed text.
    let still = extract_iter(&t.text, job.grammar, syntax, Options::default())
        .filter(|f| !f.is_valid())
        .count();
    // Lines as a diff counts them (`git apply` ends lines at `\n` only); the diagnostics
    // above count lines as everything else does.
    let lines = |b: &[u8]| memchr::memchr_iter(b'\n', b).count();
    let old = bytes.split_inclusive(|&b| b == b'\n');
    let new = t.text.as_bytes().split_inclusive(|&b| b == b'\n');
    if lines(&bytes) != lines(t.text.as_bytes()) {
        // A fix escapes characters of a URI, never a line break (`urigram::fix::fix_text`
        // leaves a URI that would need it as it is): not reached.
        return Err(Failure::File(format!(
            "{label}: the fixes changed the lines of the text; not written"
        )));
    }
    for (o, n) in old.zip(new) {
        sink.line(o, n).map_err(Failure::Output)?;
    }
    Ok(Tally {
        fixed: t.fixed,
        unfixed: still.max(left),
        prose: None,
    })
}

/// What [`Lines::next`] read into its buffer.
enum Got {
    /// A whole line, with its `\n` (or none at the end of the input).
    Line,
    /// A piece of a line longer than the limit: the first, the last (with its `\n`, if any),
    /// or one between.
    Long { first: bool, last: bool },
    /// The end of the input.
    End,
}

/// A line reader that holds at most one line of the limit (plus its `\r\n`).
struct Lines<'a> {
    r: BufReader<&'a mut dyn Read>,
    buf: Vec<u8>,
    max_line: usize,
    /// Inside a line too long to hold: its length so far.
    long: Option<u64>,
    /// The length of the last long line, once its last piece was read.
    long_len: u64,
}

impl<'a> Lines<'a> {
    fn new(r: &'a mut dyn Read, max_line: usize) -> Lines<'a> {
        Lines {
            r: BufReader::with_capacity(64 << 10, r),
            buf: Vec::new(),
            max_line,
            long: None,
            long_len: 0,
        }
    }

    fn next(&mut self) -> io::Result<Got> {
        self.buf.clear();
        if let Some(len) = self.long {
            // The next piece of a long line: what the reader has, up to its `\n`.
            let avail = self.r.fill_buf()?;
            let (take, last) = match memchr::memchr(b'\n', avail) {
                Some(i) => (i + 1, true),
                None => (avail.len(), avail.is_empty()),
            };
            self.buf.extend_from_slice(&avail[..take]);
            self.r.consume(take);
            let len = len + self.body_len() as u64;
            if last {
                self.long = None;
                self.long_len = len;
            } else {
                self.long = Some(len);
            }
            return Ok(Got::Long { first: false, last });
        }
        // A line of the limit, with `\r\n`.
        let hold = self.max_line.saturating_add(2);
        loop {
            let avail = self.r.fill_buf()?;
            if avail.is_empty() {
                return Ok(if self.buf.is_empty() {
                    Got::End
                } else {
                    self.whole()
                });
            }
            let (take, done) = match memchr::memchr(b'\n', avail) {
                Some(i) => (i + 1, true),
                None => (avail.len(), false),
            };
            let room = hold - self.buf.len();
            if take > room {
                // Longer than the limit: hand it on in pieces.
                self.buf.extend_from_slice(&avail[..room]);
                self.r.consume(room);
                self.long = Some(self.buf.len() as u64);
                return Ok(Got::Long {
                    first: true,
                    last: false,
                });
            }
            self.buf.extend_from_slice(&avail[..take]);
            self.r.consume(take);
            if done {
                return Ok(self.whole());
            }
        }
    }

    /// The length of the buffer without its line ending.
    fn body_len(&self) -> usize {
        let b = &self.buf;
        if b.ends_with(b"\r\n") {
            b.len() - 2
        } else if b.ends_with(b"\n") {
            b.len() - 1
        } else {
            b.len()
        }
    }

    /// A whole line in the buffer: a line, or one too long (but held).
    fn whole(&mut self) -> Got {
        let len = self.body_len();
        if len > self.max_line {
            self.long_len = len as u64;
            Got::Long {
                first: true,
                last: true,
            }
        } else {
            Got::Line
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Where fixed lines go.
trait Sink {
    /// Line `old` (with its ending), fixed as `new`.
    fn line(&mut self, old: &[u8], new: &[u8]) -> io::Result<()>;
    /// A piece of a line too long to fix, copied as it is.
    fn long(&mut self, piece: &[u8]) -> io::Result<()>;
    /// Whether any line written changed.
    fn changed(&self) -> bool {
        false
    }
}

/// The fixed text, to a writer.
struct Plain<W>(W);

impl<W: Write> Sink for Plain<W> {
    fn line(&mut self, _old: &[u8], new: &[u8]) -> io::Result<()> {
        self.0.write_all(new)
    }

    fn long(&mut self, piece: &[u8]) -> io::Result<()> {
        self.0.write_all(piece)
    }
}

/// The fixed text, to a writer, noting whether it differs from the input.
struct Rewrite<W> {
    out: W,
    changed: bool,
}

impl<W: Write> Sink for Rewrite<W> {
    fn line(&mut self, old: &[u8], new: &[u8]) -> io::Result<()> {
        self.changed |= old != new;
        self.out.write_all(new)
    }

    fn long(&mut self, piece: &[u8]) -> io::Result<()> {
        self.out.write_all(piece)
    }

    fn changed(&self) -> bool {
        self.changed
    }
}

/// A unified diff of the fixes, with three lines of context, written as it goes: a fix never
/// adds or removes a line break, so old and new have the same lines but for their contents.
/// Lines are written as their bytes (a context line that is not UTF-8 included), so that
/// `git apply` applies the diff byte for byte.
struct Diff<'a, W: Write + ?Sized> {
    out: &'a mut W,
    /// `--- a/...\n+++ b/...\n`, written before the first hunk.
    header: Option<Vec<u8>>,
    /// The number of lines seen.
    n: usize,
    /// Before a hunk: the last (at most three) unchanged lines.
    before: VecDeque<Vec<u8>>,
    hunk: Option<Hunk>,
}

/// An open hunk.
struct Hunk {
    /// Its first line (0-based) and its length in lines (the same on both sides).
    start: usize,
    len: usize,
    body: Spool,
    /// Unchanged lines since the last change: context if another change comes within six.
    after: Vec<Vec<u8>>,
}

impl<'a, W: Write + ?Sized> Diff<'a, W> {
    fn new(out: &'a mut W, name: &DiffName<'_>) -> Diff<'a, W> {
        let mut header = Vec::new();
        let (a, b) = match name {
            DiffName::Stdin => (STDIN.as_bytes().to_vec(), STDIN.as_bytes().to_vec()),
            DiffName::Path(p) => {
                let bytes = super::inputs::os_bytes(&p.as_os_str().to_owned());
                if bytes.starts_with(b"/") {
                    (bytes.clone(), bytes)
                } else {
                    // Relative paths as `git diff` names them (`git apply`, `patch -p1`).
                    ([b"a/", &bytes[..]].concat(), [b"b/", &bytes[..]].concat())
                }
            }
        };
        header.extend_from_slice(b"--- ");
        quote_name(&a, &mut header);
        header.extend_from_slice(b"\n+++ ");
        quote_name(&b, &mut header);
        header.push(b'\n');
        Diff {
            out,
            header: Some(header),
            n: 0,
            before: VecDeque::new(),
            hunk: None,
        }
    }

    /// Close the hunk: three lines of context after its last change, and out.
    fn close(&mut self) -> io::Result<()> {
        let Some(mut h) = self.hunk.take() else {
            return Ok(());
        };
        let keep = h.after.len().min(3);
        for l in h.after.drain(..keep) {
            diff_line(&mut h.body, b' ', &l)?;
            h.len += 1;
        }
        // What is left of them may lead the next hunk.
        self.before = h.after.drain(..).collect();
        while self.before.len() > 3 {
            self.before.pop_front();
        }
        if let Some(header) = self.header.take() {
            self.out.write_all(&header)?;
        }
        let at = h.start + 1;
        writeln!(self.out, "@@ -{at},{len} +{at},{len} @@", len = h.len)?;
        h.body.copy_to(&mut *self.out)
    }

    fn finish(mut self) -> io::Result<()> {
        self.close()?;
        self.out.flush()
    }
}

impl<W: Write + ?Sized> Sink for Diff<'_, W> {
    fn line(&mut self, old: &[u8], new: &[u8]) -> io::Result<()> {
        self.n += 1;
        if old == new {
            match &mut self.hunk {
                Some(h) => {
                    h.after.push(old.to_vec());
                    if h.after.len() == 6 {
                        self.close()?;
                    }
                }
                None => {
                    if self.before.len() == 3 {
                        self.before.pop_front();
                    }
                    self.before.push_back(old.to_vec());
                }
            }
            return Ok(());
        }
        let h = match &mut self.hunk {
            Some(h) => {
                for l in std::mem::take(&mut h.after) {
                    diff_line(&mut h.body, b' ', &l)?;
                    h.len += 1;
                }
                h
            }
            None => {
                let mut h = Hunk {
                    start: self.n - 1 - self.before.len(),
                    len: 0,
                    body: Spool::default(),
                    after: Vec::new(),
                };
                for l in self.before.drain(..) {
                    diff_line(&mut h.body, b' ', &l)?;
                    h.len += 1;
                }
                self.hunk.insert(h)
            }
        };
        diff_line(&mut h.body, b'-', old)?;
        diff_line(&mut h.body, b'+', new)?;
        h.len += 1;
        Ok(())
    }

    fn long(&mut self, _piece: &[u8]) -> io::Result<()> {
        // `fix_lines` refuses a long line with --diff before it gets here.
        Err(io::Error::other("a line too long for a diff"))
    }
}

/// One line of a hunk: its sign and bytes, and the marker of a last line without `\n`.
fn diff_line(out: &mut Spool, sign: u8, line: &[u8]) -> io::Result<()> {
    out.write_all(&[sign])?;
    out.write_all(line)?;
    if !line.ends_with(b"\n") {
        out.write_all(b"\n\\ No newline at end of file\n")?;
    }
    Ok(())
}

/// A file name for a diff header, as git writes one: in double quotes, with C escapes, when
/// it holds a control character, a quote, a backslash or a byte outside ASCII (so that no
/// raw control or bidi character reaches a terminal, and `git apply` reads it back).
fn quote_name(name: &[u8], out: &mut Vec<u8>) {
    let plain = name
        .iter()
        .all(|&b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\');
    if plain {
        out.extend_from_slice(name);
        return;
    }
    out.push(b'"');
    for &b in name {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            0x20..0x7f => out.push(b),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out.push(b'"');
}

/// Bytes held in memory up to [`SPOOL_MEMORY`], then in an unnamed temporary file (gone when
/// it is closed, whatever happens to the process).
#[derive(Default)]
struct Spool {
    mem: Vec<u8>,
    file: Option<BufWriter<File>>,
}

impl Spool {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.file.is_none() && self.mem.len() + bytes.len() > SPOOL_MEMORY {
            let mut f = BufWriter::new(tempfile::tempfile()?);
            f.write_all(&self.mem)?;
            self.mem = Vec::new();
            self.file = Some(f);
        }
        match &mut self.file {
            Some(f) => f.write_all(bytes),
            None => {
                self.mem.extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Write everything held to `out`.
    fn copy_to(self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        match self.file {
            None => out.write_all(&self.mem),
            Some(f) => {
                let mut f = f.into_inner().map_err(|e| e.into_error())?;
                f.rewind()?;
                io::copy(&mut f, out).map(drop)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// --in-place

/// Fix the file `path` in place: see the module documentation for the guarantees.
fn in_place(
    path: &Path,
    label: &str,
    job: &Job,
    mode: Mode,
    allow_read_only: bool,
) -> Result<Tally, Failure> {
    use std::os::unix::fs::MetadataExt;
    let fail = |why: String| Failure::File(format!("{label}: {why}"));
    // A symlink's target is the file rewritten; the link stays.
    let target = std::fs::canonicalize(path).map_err(|e| fail(e.to_string()))?;
    // What it is, before it is opened (opening a FIFO would wait for a writer).
    let not_regular = || fail("not a regular file; --in-place rewrites only regular files".into());
    match std::fs::symlink_metadata(&target) {
        Ok(m) if m.is_file() => {}
        Ok(_) => return Err(not_regular()),
        Err(e) => return Err(fail(e.to_string())),
    }
    let mut file = File::open(&target).map_err(|e| fail(e.to_string()))?;
    let meta = file.metadata().map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let same =
        |m: &std::fs::Metadata| m.is_file() && m.dev() == meta.dev() && m.ino() == meta.ino();
    match std::fs::symlink_metadata(&target) {
        Ok(m) if same(&m) => {}
        _ => return Err(fail("replaced while it was opened; not written".into())),
    }
    if meta.nlink() > 1 {
        return Err(fail(format!(
            "has {} hard links; rewriting it would break them, so it is left as it is",
            meta.nlink()
        )));
    }
    if !allow_read_only {
        let read_only = meta.permissions().readonly()
            || std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .is_err();
        if read_only {
            return Err(fail(
                "read-only; --allow-read-only rewrites it all the same".into(),
            ));
        }
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".urigram-fix")
        .tempfile_in(dir)
        .map_err(|e| fail(format!("creating a temporary file beside it: {e}")))?;
    let (tally, changed) = {
        let mut sink = Rewrite {
            out: BufWriter::new(tmp.as_file_mut()),
            changed: false,
        };
        let tally = match fix_into(&mut file, label, job, mode, &mut sink) {
            Ok(t) => t,
            Err(Failure::Output(e)) => return Err(fail(format!("writing: {e}"))),
            Err(e) => return Err(e),
        };
        let changed = sink.changed();
        sink.out
            .flush()
            .map_err(|e| fail(format!("writing: {e}")))?;
        (tally, changed)
    };
    if !changed {
        return Ok(tally);
    }
    let t = tmp.as_file();
    // Owner and group first: a change of owner clears the set-user-ID and set-group-ID bits
    // that the mode then sets again.
    if std::os::unix::fs::fchown(t, Some(meta.uid()), Some(meta.gid())).is_err() {
        let group = std::os::unix::fs::fchown(t, None, Some(meta.gid())).is_ok();
        eprintln!(
            "urigram fix: {label}: warning: the rewritten file belongs to you, not to its owner \
             (uid {}){}",
            meta.uid(),
            if group {
                String::new()
            } else {
                format!(", nor to its group (gid {})", meta.gid())
            }
        );
    }
    t.set_permissions(meta.permissions())
        .and_then(|()| t.sync_all())
        .map_err(|e| fail(format!("writing: {e}")))?;
    // Not changed while it was read: the same file, size and modification time.
    let now = std::fs::symlink_metadata(&target);
    let unchanged = |m: &std::fs::Metadata| {
        same(m)
            && m.len() == meta.len()
            && m.mtime() == meta.mtime()
            && m.mtime_nsec() == meta.mtime_nsec()
    };
    match now {
        Ok(m) if unchanged(&m) => {}
        _ => {
            return Err(fail(
                "changed while it was read; not written (run fix again)".into(),
            ));
        }
    }
    tmp.persist(&target)
        .map_err(|e| fail(format!("renaming the fixed file over it: {}", e.error)))?;
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(old: &[u8], new: &[u8]) -> String {
        let mut out = Vec::new();
        let mut d = Diff::new(&mut out, &DiffName::Path(Path::new("f")));
        let a: Vec<&[u8]> = old.split_inclusive(|&b| b == b'\n').collect();
        let b: Vec<&[u8]> = new.split_inclusive(|&b| b == b'\n').collect();
        for (x, y) in a.iter().zip(&b) {
            d.line(x, y).unwrap();
        }
        d.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn diffs() {
        let d = diff(b"a\nb\nc\n", b"a\nB\nc\n");
        assert_eq!(d, "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
        assert_eq!(diff(b"x", b"x"), "");
        let d = diff(b"x", b"y");
        assert!(
            d.ends_with("-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n")
        );
        // Changes six lines apart share a hunk; seven apart, they do not.
        let old = b"0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n";
        let d = diff(
            old,
            b"0\n1\n2\nX\n4\n5\n6\n7\n8\nY\n10\n11\n12\n13\n14\n15\n",
        );
        assert_eq!(d.matches("@@ -").count(), 1, "{d}");
        assert!(d.contains("@@ -1,13 +1,13 @@"), "{d}");
        let d = diff(
            old,
            b"0\n1\n2\nX\n4\n5\n6\n7\n8\n9\nY\n11\n12\n13\n14\n15\n",
        );
        assert_eq!(d.matches("@@ -").count(), 2, "{d}");
        assert!(d.contains("@@ -1,7 +1,7 @@"), "{d}");
        assert!(d.contains("@@ -8,7 +8,7 @@"), "{d}");
    }

    #[test]
    fn names_are_quoted_as_git_quotes_them() {
        let mut out = Vec::new();
        quote_name(b"a/x\x1b[31m\"\\\xe2\x80\xae.txt", &mut out);
        assert_eq!(out, b"\"a/x\\033[31m\\\"\\\\\\342\\200\\256.txt\"");
        out.clear();
        quote_name(b"a/plain name.txt", &mut out);
        assert_eq!(out, b"a/plain name.txt");
    }

    #[test]
    fn line_endings() {
        let lines: Vec<(&[u8], &[u8])> = split_lines(b"a\rb\r\nc\n").collect();
        let want: Vec<(&[u8], &[u8])> = vec![(b"a", b"\r"), (b"b", b"\r\n"), (b"c", b"\n")];
        assert_eq!(lines, want);
        assert_eq!(split_lines(b"a\r").count(), 1);
        assert_eq!(split_lines(b"\n").count(), 1);
        assert_eq!(split_lines(b"").count(), 0);
    }

    fn read_all(input: &[u8], max: usize) -> Vec<(String, Vec<u8>)> {
        let mut r: &[u8] = input;
        let mut lines = Lines::new(&mut r, max);
        let mut out = Vec::new();
        loop {
            let got = lines.next().unwrap();
            let kind = match got {
                Got::End => return out,
                Got::Line => "line".to_string(),
                // The length of a long line is known at its last piece.
                Got::Long { first, last: true } => format!("long {first} true {}", lines.long_len),
                Got::Long { first, last: false } => format!("long {first} false"),
            };
            out.push((kind, lines.buf.clone()));
        }
    }

    #[test]
    fn long_lines_come_in_pieces() {
        let got = read_all(b"abc\r\nabcd\nabcdef\nab", 3);
        let kinds: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(kinds[0], "line");
        assert_eq!(kinds[1], "long true true 4");
        assert_eq!(kinds[2], "long true false");
        assert_eq!(*kinds.last().unwrap(), "line");
        let joined: Vec<u8> = got.iter().flat_map(|(_, b)| b.clone()).collect();
        assert_eq!(joined, b"abc\r\nabcd\nabcdef\nab");
        let long_end = got.iter().find(|(k, _)| k.starts_with("long false true"));
        assert_eq!(long_end.unwrap().0, "long false true 6");
    }
}
