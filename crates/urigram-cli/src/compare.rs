//! `urigram check --grammar A --compare B`: the same inputs under two grammars, and where their
//! verdicts part, with the reason on each side (its diagnostic code).
//!
//! Each input falls in one of four [`Pair`]s: valid under both, under the first only, under
//! the second only, under neither. Records go out for the inputs whose verdicts differ (every
//! input with `--all`); `--summary` counts the pairs and groups the inputs of the last three
//! by the pair of diagnostic codes (`valid` for the side that accepts), and, where both
//! reject, by whether they stop at the same byte, with the first few examples of each group.
//!
//! It runs on `check`'s machinery: arguments first, then the lines of `--file`, streamed in
//! chunks on `--jobs` threads ([`super::stream`]), each chunk's records and [`Tally`] made on
//! its thread and written or added up in input order. A summary is found with each
//! grammar's locator (no full diagnostic); records check in full only the inputs they show.
//! Memory: the chunks in flight, as for `check`, plus the groups (a few per pair of
//! productions that fail, each with at most [`summary::EXAMPLES`] examples of at most 1 KiB).
//!
//! A comparison is not a `check --summary` document: `merge-summaries` refuses it.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use indexmap::IndexMap;
use serde_json::{Value, json};
use urigram::render::visible as printable;
use urigram::{Brief, Error};

use super::Format;
use super::engine::{Engine, Locate};
use super::inputs::{open, os_bytes};
use super::matrix::{verdict_json, verdicts_human};
use super::numbers::{column_of, count_width, percent, thousands};
use super::output::Sink;
use super::progress::Progress;
use super::render::argument;
use super::stream::{self, Failure, Flow, Options};
use super::summary::{self, Example};
use super::too_long;

/// The value of the `"urigram"` key of a comparison's summary document.
pub const KIND: &str = summary::COMPARISON_KIND;
/// The version of its layout.
const VERSION: u64 = 1;

/// A comparison to run, as `check` reads it from its options.
pub struct Run<'a> {
    pub first: &'a dyn Engine,
    pub second: &'a dyn Engine,
    pub format: Format,
    pub summary: bool,
    /// Records for every input, not only those whose verdicts differ.
    pub all: bool,
    pub color: bool,
    pub inputs: &'a [OsString],
    pub file: Option<&'a PathBuf>,
    pub label: Option<String>,
    /// The stream's sizes: jobs, chunks, the longest line compared.
    pub opts: Options,
}

/// The verdicts of the two grammars on one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pair {
    BothValid,
    OnlyFirst,
    OnlySecond,
    Neither,
}

impl Pair {
    fn of(first: bool, second: bool) -> Pair {
        match (first, second) {
            (true, true) => Pair::BothValid,
            (true, false) => Pair::OnlyFirst,
            (false, true) => Pair::OnlySecond,
            (false, false) => Pair::Neither,
        }
    }

    /// Its name in the JSON.
    fn name(self) -> &'static str {
        match self {
            Pair::BothValid => "both_valid",
            Pair::OnlyFirst => "only_first",
            Pair::OnlySecond => "only_second",
            Pair::Neither => "neither",
        }
    }

    /// Whether the verdicts are the same.
    fn agrees(self) -> bool {
        matches!(self, Pair::BothValid | Pair::Neither)
    }
}

/// Where one grammar rejects an input: its diagnostic code and byte offset.
#[derive(Clone, Debug)]
struct Stop {
    code: String,
    offset: usize,
}

impl From<&Brief> for Stop {
    fn from(e: &Brief) -> Stop {
        Stop {
            code: e.code(),
            offset: e.offset(),
        }
    }
}

/// What a group of inputs share: their pair, each side's code (`valid` for a side that
/// accepts) and, when both reject, whether they stop at the same byte.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    pair: Pair,
    first: String,
    second: String,
    same_offset: Option<bool>,
}

impl Key {
    /// What orders keys of groups of the same size: the pair, then the codes.
    fn order(&self) -> (Pair, &str, &str, Option<bool>) {
        (self.pair, &self.first, &self.second, self.same_offset)
    }
}

/// The inputs of a key: how many, and the first few.
#[derive(Clone, Debug, Default)]
struct Group {
    count: u64,
    examples: Vec<PairExample>,
}

/// One input of a group: its text (a window of it for a long line, around the first error)
/// and where each side stops, as (byte offset, column).
#[derive(Clone, Debug)]
struct PairExample {
    text: Example,
    first: Option<(u64, u64)>,
    second: Option<(u64, u64)>,
}

/// The counts of a comparison, and with `--summary` its groups. Tallies of consecutive parts
/// of the input add up ([`Tally::merge`]).
#[derive(Debug, Default)]
pub struct Tally {
    pub lines: u64,
    pub bytes: u64,
    /// Per [`Pair`], in its order.
    pub pairs: [u64; 4],
    /// Lines longer than `--max-line-length`: compared under neither grammar.
    pub not_compared: u64,
    groups: IndexMap<Key, Group>,
}

impl Tally {
    /// Count an input in `pair`.
    fn count(&mut self, pair: Pair) {
        self.lines += 1;
        self.pairs[pair as usize] += 1;
    }

    /// Add input `line` of `source`, `input`, to its group: `a` and `b` are where each side
    /// stops (`None`: valid). Inputs valid under both have no group.
    fn group(&mut self, source: &str, line: u64, input: &[u8], a: Option<Stop>, b: Option<Stop>) {
        let pair = Pair::of(a.is_none(), b.is_none());
        if pair == Pair::BothValid {
            return;
        }
        let code = |s: &Option<Stop>| s.as_ref().map_or("valid".to_string(), |s| s.code.clone());
        let key = Key {
            pair,
            first: code(&a),
            second: code(&b),
            same_offset: match (&a, &b) {
                (Some(a), Some(b)) => Some(a.offset == b.offset),
                _ => None,
            },
        };
        let g = self.groups.entry(key).or_default();
        g.count += 1;
        if g.examples.len() < summary::EXAMPLES {
            let at = |s: &Option<Stop>| {
                s.as_ref()
                    .map(|s| (s.offset as u64, column_of(input, s.offset)))
            };
            let (first, second) = (at(&a), at(&b));
            let (offset, column) = first.or(second).unwrap_or_default();
            let text = Example::new(source, line, input, offset as usize, column);
            g.examples.push(PairExample {
                text,
                first,
                second,
            });
        }
    }

    /// Add `other`, the tally of input that follows this one's: the examples kept are the
    /// first ones in input order.
    pub fn merge(&mut self, other: Tally) {
        self.lines += other.lines;
        self.bytes += other.bytes;
        for (k, n) in other.pairs.iter().enumerate() {
            self.pairs[k] += n;
        }
        self.not_compared += other.not_compared;
        for (key, o) in other.groups {
            let g = self.groups.entry(key).or_default();
            g.count += o.count;
            let room = summary::EXAMPLES.saturating_sub(g.examples.len());
            g.examples.extend(o.examples.into_iter().take(room));
        }
    }

    /// Whether the grammars part on some input, or some input was not compared.
    fn any_difference(&self) -> bool {
        self.pairs[Pair::OnlyFirst as usize] + self.pairs[Pair::OnlySecond as usize] > 0
            || self.not_compared > 0
    }

    /// The counts, as the JSON documents hold them.
    fn counts_json(&self) -> serde_json::Map<String, Value> {
        let mut m = serde_json::Map::new();
        m.insert("lines".into(), json!(self.lines));
        for p in [
            Pair::BothValid,
            Pair::OnlyFirst,
            Pair::OnlySecond,
            Pair::Neither,
        ] {
            m.insert(p.name().into(), json!(self.pairs[p as usize]));
        }
        m.insert("not_compared".into(), json!(self.not_compared));
        m
    }

    /// The groups, most inputs first, then by key.
    fn sorted(&self) -> Vec<(&Key, &Group)> {
        let mut v: Vec<_> = self.groups.iter().collect();
        v.sort_by(|(x, g), (y, h)| {
            let (kx, ky) = (Key::order(x), Key::order(y));
            h.count.cmp(&g.count).then_with(|| kx.cmp(&ky))
        });
        v
    }
}

/// The name and rule of each side, for output.
struct Sides {
    first: (&'static str, &'static str),
    second: (&'static str, &'static str),
}

impl Sides {
    fn json(&self) -> [Value; 2] {
        [self.first, self.second].map(|(g, r)| json!({ "grammar": g, "rule": r }))
    }

    /// How the counts' lines are labelled for people.
    fn labels(&self) -> [String; 4] {
        [
            "valid under both".into(),
            format!("valid under {} only", self.first.0),
            format!("valid under {} only", self.second.0),
            "invalid under both".into(),
        ]
    }
}

/// The summary document: `{"urigram":"compare","version":1,"first":...,"groups":[...]}`.
fn summary_json(t: &Tally, sides: &Sides) -> Value {
    let [first, second] = sides.json();
    let mut doc = serde_json::Map::new();
    doc.insert("urigram".into(), json!(KIND));
    doc.insert("version".into(), json!(VERSION));
    doc.insert("first".into(), first);
    doc.insert("second".into(), second);
    doc.extend(t.counts_json());
    doc.insert("bytes".into(), json!(t.bytes));
    let groups = t.sorted().into_iter().map(|(k, g)| {
        let mut v = json!({
            "pair": k.pair.name(),
            "first": k.first,
            "second": k.second,
            "count": g.count,
            "examples": g.examples.iter().map(example_json).collect::<Vec<_>>(),
        });
        if let Some(same) = k.same_offset {
            v["same_offset"] = json!(same);
        }
        v
    });
    doc.insert("groups".into(), Value::Array(groups.collect()));
    Value::Object(doc)
}

fn example_json(x: &PairExample) -> Value {
    let at = |s: Option<(u64, u64)>| match s {
        Some((offset, column)) => json!({ "offset": offset, "column": column }),
        None => Value::Null,
    };
    let mut v = json!({
        "source": x.text.source,
        "line": x.text.line,
        "input": x.text.input,
        "first": at(x.first),
        "second": at(x.second),
    });
    if x.text.window_start > 0 {
        v["window_start"] = json!(x.text.window_start);
    }
    v
}

/// The summary for people.
fn write_human(t: &Tally, sides: &Sides, out: &mut impl fmt::Write) -> fmt::Result {
    let (a, b) = (sides.first, sides.second);
    writeln!(out, "Comparison of {} {} with {} {}", a.0, a.1, b.0, b.1)?;
    let labels = sides.labels();
    let lw = labels.iter().map(|l| l.len()).max().unwrap_or(0);
    let w = thousands(t.lines).len();
    writeln!(
        out,
        "  {:<lw$}  {:>w$}  ({} bytes)",
        "lines",
        thousands(t.lines),
        thousands(t.bytes)
    )?;
    for (label, &n) in labels.iter().zip(&t.pairs) {
        let share = percent(n, t.lines);
        writeln!(out, "  {label:<lw$}  {:>w$}  {share:>6}", thousands(n))?;
    }
    if t.not_compared > 0 {
        writeln!(
            out,
            "  {:<lw$}  {:>w$}  (longer than --max-line-length)",
            "not compared",
            thousands(t.not_compared)
        )?;
    }
    let groups = t.sorted();
    let (parted, neither): (Vec<_>, Vec<_>) = groups
        .into_iter()
        .partition(|(k, _)| k.pair != Pair::Neither);
    write_groups(
        out,
        sides,
        "Valid under one grammar only, by the diagnostic codes (valid: the grammar accepts)",
        &parted,
    )?;
    write_groups(
        out,
        sides,
        "Invalid under both, by the diagnostic codes and whether they stop at the same byte",
        &neither,
    )
}

fn write_groups(
    out: &mut impl fmt::Write,
    sides: &Sides,
    title: &str,
    groups: &[(&Key, &Group)],
) -> fmt::Result {
    if groups.is_empty() {
        return Ok(());
    }
    let total: u64 = groups.iter().map(|(_, g)| g.count).sum();
    let w = count_width(groups.iter().map(|(_, g)| g.count));
    let (a, b) = (sides.first.0, sides.second.0);
    writeln!(out, "\n{title}:")?;
    writeln!(out, "  {:>w$}   share  {a} | {b}", "lines")?;
    for (k, g) in groups {
        write!(
            out,
            "  {:>w$}  {:>6}  {} | {}",
            thousands(g.count),
            percent(g.count, total),
            printable(&k.first),
            printable(&k.second)
        )?;
        match k.same_offset {
            Some(true) => out.write_str(", at the same byte")?,
            Some(false) => out.write_str(", at different bytes")?,
            None => {}
        }
        out.write_char('\n')?;
        for x in &g.examples {
            let both = format!("{a} and {b}");
            let marks: Vec<(u64, &str)> = match (x.first, x.second) {
                (Some(p), Some(q)) if p.0 == q.0 => vec![(p.0, both.as_str())],
                (p, q) => p
                    .map(|p| (p.0, a))
                    .into_iter()
                    .chain(q.map(|q| (q.0, b)))
                    .collect(),
            };
            x.text.write_marked(out, w + 12, &marks)?;
        }
    }
    Ok(())
}

/// The records and tally of a batch of inputs.
struct Batch {
    out: Vec<u8>,
    tally: Tally,
}

impl Run<'_> {
    fn sides(&self) -> Sides {
        Sides {
            first: (self.first.grammar(), self.first.rule()),
            second: (self.second.grammar(), self.second.rule()),
        }
    }

    /// Whether inputs get records.
    fn records(&self) -> bool {
        !self.summary
    }

    /// Compare `inputs`, each a `(source, line, text)`; `lines`: they are lines of a file,
    /// and one longer than `--max-line-length` is not compared.
    fn batch<'i>(
        &self,
        inputs: impl Iterator<Item = (&'i str, u64, &'i [u8])>,
        lines: bool,
    ) -> Batch {
        let mut first = self.first.locator();
        let mut second = self.second.locator();
        let mut b = Batch {
            out: Vec::new(),
            tally: Tally::default(),
        };
        for (source, n, input) in inputs {
            if lines && input.len() > self.opts.max_line {
                self.too_long(&mut b, source, n, input.len() as u64);
                continue;
            }
            self.one(&mut b, (&mut *first, &mut *second), source, n, input);
        }
        b
    }

    fn one(
        &self,
        b: &mut Batch,
        (l1, l2): (&mut dyn Locate, &mut dyn Locate),
        source: &str,
        n: u64,
        input: &[u8],
    ) {
        let (ra, rb) = (l1.locate(input), l2.locate(input));
        let pair = Pair::of(ra.is_ok(), rb.is_ok());
        b.tally.count(pair);
        if self.summary {
            let stop = |r: Result<(), Brief>| r.err().as_ref().map(Stop::from);
            b.tally.group(source, n, input, stop(ra), stop(rb));
        }
        if self.records() && (self.all || !pair.agrees()) {
            // The full diagnostics, for the inputs shown only.
            let (ea, eb) = (self.first.check(input), self.second.check(input));
            self.write_record(&mut b.out, source, n, input, pair, &ea, &eb);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn write_record(
        &self,
        out: &mut Vec<u8>,
        source: &str,
        n: u64,
        input: &[u8],
        pair: Pair,
        ea: &Result<(), Error>,
        eb: &Result<(), Error>,
    ) {
        let s = self.sides();
        let record = || {
            json!({
                "input": String::from_utf8_lossy(input),
                "source": source,
                "line": n,
                "pair": pair.name(),
                "first": verdict_json(s.first.0, s.first.1, ea),
                "second": verdict_json(s.second.0, s.second.1, eb),
            })
        };
        // Writing to a Vec cannot fail.
        let _ = match self.format {
            Format::Jsonl => writeln!(out, "{}", record()),
            Format::Json => write!(out, ",{}", record()),
            Format::Human => {
                let verdicts = [(s.first.0, s.first.1, ea), (s.second.0, s.second.1, eb)];
                let text = verdicts_human(input, source, n as usize, &verdicts, self.color);
                out.write_all(text.as_bytes())
            }
        };
    }

    /// Line `n` of `source`, `len` bytes long: too long to compare.
    fn too_long(&self, b: &mut Batch, source: &str, n: u64, len: u64) {
        b.tally.lines += 1;
        b.tally.not_compared += 1;
        if !self.records() {
            return;
        }
        let limit = self.opts.max_line as u64;
        // The help names an IRI when either grammar is RFC 3987's.
        let g = match self.second.grammar() {
            g if g == urigram::Grammar::Rfc3987.name() => g,
            _ => self.first.grammar(),
        };
        let record = || {
            json!({
                "input": null,
                "source": source,
                "line": n,
                "pair": "not_compared",
                "first": null,
                "second": null,
                "error": too_long::error(g, len, limit),
            })
        };
        let out = &mut b.out;
        // Writing to a Vec cannot fail.
        let _ = match self.format {
            Format::Jsonl => writeln!(out, "{}", record()),
            Format::Json => write!(out, ",{}", record()),
            Format::Human => {
                too_long::write_human(out, g, source, n, None, len, limit);
                Ok(())
            }
        };
    }
}

/// Standard output: the records in input order, then the end of the document or the summary.
struct Output {
    sink: Sink,
    format: Format,
    first_record: bool,
}

impl Output {
    fn records(&mut self, mut bytes: &[u8]) -> io::Result<Flow> {
        if bytes.is_empty() {
            return Ok(self.sink.flow());
        }
        if self.first_record && self.format == Format::Json {
            bytes = bytes.strip_prefix(b",").unwrap_or(bytes);
        }
        self.first_record = false;
        self.sink.write(bytes)
    }
}

/// Run the comparison: exit 0 when the grammars give every input the same verdict, 1 when
/// some input is valid under one and not the other (or was too long to compare).
pub fn run(r: Run<'_>) -> Result<u8, String> {
    let sides = r.sides();
    let mut out = Output {
        sink: Sink::new(),
        format: r.format,
        first_record: true,
    };
    let mut tally = Tally::default();
    let mut stopped = false;
    if r.records() && r.format == Format::Json {
        let [first, second] = sides.json();
        let head = format!("{{\"first\":{first},\"second\":{second},\"results\":[");
        stopped = out.sink.write(head.as_bytes()).map_err(write_err)? == Flow::Stop;
    }

    if !r.inputs.is_empty() && !stopped {
        let args: Vec<(String, Vec<u8>)> = (1..)
            .zip(r.inputs)
            .map(|(k, a)| (argument(k), os_bytes(a)))
            .collect();
        let mut b = r.batch(args.iter().map(|(s, a)| (s.as_str(), 1, &a[..])), false);
        b.tally.bytes = args.iter().map(|(_, a)| a.len() as u64).sum();
        stopped = out.records(&b.out).map_err(write_err)? == Flow::Stop;
        tally.merge(b.tally);
    }

    if let (Some(path), false) = (r.file, stopped) {
        let (label, input, size) = open(path)?;
        let label = r.label.clone().unwrap_or(label);
        let show = io::stderr().is_terminal() && !(r.records() && io::stdout().is_terminal());
        let mut progress = Progress::new(size, show);
        let work = |c: &stream::Chunk| {
            let mut b = r.batch(c.lines().map(|(n, l)| (label.as_str(), n, l)), true);
            if let Some(s) = c.skipped() {
                r.too_long(&mut b, &label, s.line, s.len);
            }
            b.tally.bytes = c.bytes();
            b
        };
        let consume = |c: &stream::Chunk, b: Batch| {
            progress.advance(c.bytes(), b.tally.lines);
            let flow = out.records(&b.out).and_then(|f| match f {
                Flow::Continue => out.sink.flush(),
                Flow::Stop => Ok(Flow::Stop),
            });
            tally.merge(b.tally);
            flow
        };
        let result = stream::run(input, r.opts, work, consume);
        progress.finish();
        match result {
            Ok(()) => {}
            Err(Failure::Read(e)) => return Err(format!("{}: {e}", printable(&label))),
            Err(Failure::Write(e)) => return Err(write_err(e)),
        }
    }

    let tail = match (r.format, r.summary) {
        (Format::Human, true) => {
            let mut s = String::new();
            let _ = write_human(&tally, &sides, &mut s);
            s
        }
        (Format::Human, false) => String::new(),
        (_, true) => format!("{}\n", summary_json(&tally, &sides)),
        (Format::Json, false) => {
            let counts = Value::Object(tally.counts_json()).to_string();
            format!("],{}\n", &counts[1..])
        }
        (Format::Jsonl, false) => String::new(),
    };
    out.sink.write(tail.as_bytes()).map_err(write_err)?;
    out.sink.finish().map_err(write_err)?;
    if r.format == Format::Human && !r.summary && out.sink.flow() == Flow::Continue {
        // The closing count, on standard error like `check`'s.
        let [both, a, b, neither] = tally.pairs.map(thousands);
        let noun = if tally.lines == 1 { "input" } else { "inputs" };
        let mut line = format!(
            "compared {} {noun} under {} {} and {} {}: {both} valid under both, {a} valid \
             under {} only, {b} valid under {} only, {neither} invalid under both",
            thousands(tally.lines),
            sides.first.0,
            sides.first.1,
            sides.second.0,
            sides.second.1,
            sides.first.0,
            sides.second.0,
        );
        if tally.not_compared > 0 {
            line.push_str(&format!(", {} not compared", thousands(tally.not_compared)));
        }
        eprintln!("{line}");
    }
    Ok(if tally.any_difference() { 1 } else { 0 })
}

fn write_err(e: io::Error) -> String {
    format!("writing output: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides() -> Sides {
        Sides {
            first: ("rfc2396", "URI-reference"),
            second: ("rfc3986", "URI-reference"),
        }
    }

    fn stop(code: &str, offset: usize) -> Option<Stop> {
        Some(Stop {
            code: code.into(),
            offset,
        })
    }

    /// An input: its line number, text, and where each grammar stops.
    type Line = (u64, &'static [u8], Option<Stop>, Option<Stop>);

    #[test]
    fn tallies_of_parts_add_up_to_the_tally_of_the_whole() {
        let lines: Vec<Line> = (1..=10)
            .map(|n| {
                let (a, b) = match n % 4 {
                    0 => (None, None),
                    1 => (stop("a::x::end", 1), None),
                    2 => (None, stop("b::y::letter", 2)),
                    _ => (
                        stop("a::x::end", 3),
                        stop("b::y::letter", 3 + n as usize / 4),
                    ),
                };
                (n, &b"abcdefgh"[..], a, b)
            })
            .collect();
        let tally = |range: std::ops::Range<usize>| {
            let mut t = Tally::default();
            for (n, input, a, b) in &lines[range] {
                t.count(Pair::of(a.is_none(), b.is_none()));
                t.group("f", *n, input, a.clone(), b.clone());
            }
            t
        };
        let whole = tally(0..10);
        let mut parts = tally(0..4);
        parts.merge(tally(4..7));
        parts.merge(tally(7..10));
        assert_eq!(
            summary_json(&parts, &sides()),
            summary_json(&whole, &sides())
        );
        assert_eq!(whole.pairs, [2, 3, 3, 2]);
        // Both reject on lines 3 (at byte 3) and 7 (at bytes 3 and 4).
        let neither: Vec<_> = whole
            .sorted()
            .into_iter()
            .filter(|(k, _)| k.pair == Pair::Neither)
            .map(|(k, g)| (k.same_offset, g.count))
            .collect();
        assert_eq!(neither, [(Some(false), 1), (Some(true), 1)]);
        assert!(whole.any_difference());
    }

    #[test]
    fn examples_are_the_first_few_in_input_order() {
        let mut t = Tally::default();
        for n in 1..=10 {
            let mut part = Tally::default();
            part.count(Pair::OnlySecond);
            part.group("f", n, b"?y", stop("a::URI-reference::reserved", 0), None);
            t.merge(part);
        }
        let (_, g) = t.sorted()[0];
        assert_eq!(g.count, 10);
        let lines: Vec<u64> = g.examples.iter().map(|x| x.text.line).collect();
        assert_eq!(lines, [1, 2, 3]);
        assert_eq!(g.examples[0].first, Some((0, 1)));
        assert_eq!(g.examples[0].second, None);
    }

    #[test]
    fn both_carets_show_when_the_second_stop_is_near_the_first() {
        let mut t = Tally::default();
        let far = format!("http://[v]/{} b", "a".repeat(3000));
        for (n, input, b) in [(1, "http://[v]/aaaa b", 16), (2, far.as_str(), 3012)] {
            t.count(Pair::Neither);
            let (a, b) = (stop("x::y::excluded", 7), stop("z::w::space", b));
            t.group("f", n, input.as_bytes(), a, b);
        }
        let mut out = String::new();
        write_human(&t, &sides(), &mut out).unwrap();
        let tail: Vec<&str> = out.lines().rev().take(6).collect();
        assert_eq!(
            tail.into_iter().rev().collect::<Vec<_>>(),
            [
                "                 f:1:8  http://[v]/aaaa b",
                "                               ^ rfc2396",
                "                                        ^ rfc3986",
                &format!("                 f:2:8  http://[v]/{}…", "a".repeat(26)),
                "                               ^ rfc2396",
                "                        (rfc3986 at byte 3012, outside the text shown)",
            ]
        );
    }
}
