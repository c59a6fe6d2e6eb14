//! Corpus statistics: per grammar and rule, how many lines were checked, how many were valid,
//! and the invalid ones grouped by the production that failed, by diagnostic code
//! ([`urigram::Error::code`]) and by what was found at the error, with the first few examples
//! of each group. Summaries of consecutive parts of an input merge into the summary of the
//! whole (`urigram merge-summaries`), so the JSON form is also the exchange format between
//! shards.
//!
//! A summary document is read as it streams in ([`Document`]), straight into these types: no
//! JSON tree of it is built. Adding up many of them ([`Merged`]) finds each section by its
//! grammar and rule and each group by its key through a hash index, so every document costs
//! time in its own size, however many came before.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;

use indexmap::IndexMap;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;
use unicode_width::UnicodeWidthStr;
use urigram::Brief;

use urigram::render::visible as printable;

/// The hash of the maps of this module: seeded at random per process.
type Hasher = foldhash::fast::RandomState;

/// Examples kept per group: the first ones in input order.
pub const EXAMPLES: usize = 3;

/// The value of the `"urigram"` key that marks a summary document.
const KIND: &str = "summary";
/// The version of the summary document's layout.
const VERSION: u64 = 1;

/// The diagnostic code of a line longer than `--max-line-length`.
pub const LINE_TOO_LONG: &str = "urigram::line-too-long";

/// The longest input text an example keeps; a longer line keeps a window around the error.
const EXAMPLE_BYTES: usize = 1024;

/// The widest key that the notes after the keys line up with, in columns.
const KEY_COLUMN: usize = 64;

/// Summaries of one or more (grammar, rule) pairs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// One per (grammar, rule), in the order first seen.
    pub sections: Vec<Section>,
}

/// The statistics of one rule of one grammar.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The grammar's name.
    pub grammar: String,
    /// The rule's spec name.
    pub rule: String,
    /// Lines (and arguments) checked.
    pub lines: u64,
    /// Bytes read, line endings included.
    pub bytes: u64,
    /// Lines that are strings of the rule's language.
    pub valid: u64,
    /// Lines that are not.
    pub invalid: u64,
    /// Invalid lines by the innermost production that failed.
    pub by_production: Groups,
    /// Invalid lines by diagnostic code.
    pub by_code: Groups,
    /// Invalid lines by what was found where the input stopped being valid.
    pub by_found: Groups,
    /// The groups of the kinds of errors seen so far: where each one's lines are counted.
    recent: Recent,
}

/// What decides the three groups of an error of a section ([`Section::add_invalid_at`]): its
/// production (by address, then length: the names are static), what was found (non-ASCII
/// characters as one), whether that is a byte that is not UTF-8, and whether the rule was
/// unknown. A few hundred at most: the productions times the ASCII characters.
type RecentKey = (usize, usize, Option<char>, bool, bool);

/// The groups' places of the kinds of errors seen: a cache, so any two are equal.
#[derive(Debug, Clone, Default)]
struct Recent {
    /// Every kind seen.
    all: HashMap<RecentKey, [usize; 3], Hasher>,
    /// The last one: in a corpus, most invalid lines fail as the one before.
    last: Option<(RecentKey, [usize; 3])>,
}

impl PartialEq for Recent {
    fn eq(&self, _: &Recent) -> bool {
        true
    }
}

/// Groups of invalid lines by a key.
#[derive(Debug, Clone, Default)]
pub struct Groups {
    /// The groups by key, in the order first seen: a group's place is its index here.
    map: IndexMap<String, Group, Hasher>,
}

/// Two `Groups` are equal when they have the same keys with equal groups, in any order.
impl PartialEq for Groups {
    fn eq(&self, other: &Groups) -> bool {
        self.map.len() == other.map.len() && self.map.iter().all(|(k, g)| other.get(k) == Some(g))
    }
}

/// Invalid lines that share a key.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Group {
    /// How many.
    pub count: u64,
    /// A note on the key (the spec citation of a production).
    pub note: Option<String>,
    /// The first few, in input order.
    pub examples: Vec<Example>,
}

/// One invalid line.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// Where it came from: a file name, `<stdin>` or `<arguments>`.
    pub source: String,
    /// Its 1-based line number in the source (argument number for arguments).
    pub line: u64,
    /// The 1-based column of the error, in characters.
    pub column: u64,
    /// The byte offset of the error in the line.
    pub offset: u64,
    /// The line's text (not-UTF-8 bytes replaced by U+FFFD); for a long line, a window of it.
    pub input: String,
    /// The byte offset in the line where `input` starts (0 unless the line was long).
    pub window_start: u64,
}

impl Summary {
    /// The section of (grammar, rule), made empty if there is none yet. (A search through
    /// the sections: a check has one; [`Merged`] adds up many.)
    pub fn section(&mut self, grammar: &str, rule: &str) -> &mut Section {
        let k = match self
            .sections
            .iter()
            .position(|s| s.grammar == grammar && s.rule == rule)
        {
            Some(k) => k,
            None => {
                self.sections.push(Section::new(grammar, rule));
                self.sections.len() - 1
            }
        };
        &mut self.sections[k]
    }

    /// Add `other`, the summary of input that follows this one's. (For counts of lines read
    /// here, which cannot come near `u64::MAX`; summaries from outside go through
    /// [`Summary::try_merge`].)
    pub fn merge(&mut self, other: Summary) {
        let _ = self.try_merge(other);
    }

    /// Add `other`, the summary of input that follows this one's; an error naming the field
    /// whose count would overflow. Time in the two summaries' sizes.
    pub fn try_merge(&mut self, other: Summary) -> Result<(), String> {
        let mut sum = Merged::from(std::mem::take(self));
        let added = sum.add_all(other);
        *self = sum.into_summary();
        added
    }

    /// Whether any section has invalid lines.
    pub fn any_invalid(&self) -> bool {
        self.sections.iter().any(|s| s.invalid > 0)
    }

    /// The summary document: `{"urigram":"summary","version":1,"sections":[...]}`, as
    /// [`Summary`]'s `Serialize` writes it.
    pub fn to_json(&self) -> Value {
        json_of(self)
    }

    /// The `sections` array of the document.
    pub fn sections_json(&self) -> Value {
        json_of(&self.sections)
    }

    /// Read a summary document from its JSON tree (as `merge-summaries` reads it as text).
    #[cfg(test)]
    pub fn from_json(v: &Value) -> Result<Summary, String> {
        match Document::deserialize(v) {
            Ok(Document::Summary(s)) => s,
            Ok(Document::Other) => Err(NOT_A_SUMMARY.into()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The summary for people.
    pub fn to_human(&self) -> String {
        let mut out = String::new();
        let _ = self.write_human(&mut out);
        out
    }

    /// Write the summary for people to `out`.
    pub fn write_human(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for (k, s) in self.sections.iter().enumerate() {
            if k > 0 {
                out.write_char('\n')?;
            }
            s.write_human(out)?;
        }
        Ok(())
    }
}

/// The JSON value of `x`, whose `Serialize` (this module's) cannot fail: its map keys are
/// strings and it makes no errors of its own.
fn json_of(x: &impl Serialize) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// A summary added up from many (`merge-summaries`). Each section is found by its grammar and
/// rule through a hash index, so adding one costs the same however many sections there are,
/// and a section is added by moving it in, not by copying.
#[derive(Debug, Default)]
pub struct Merged {
    summary: Summary,
    /// The sections by the hash of their (grammar, rule): the last one added with that hash.
    heads: HashMap<u64, usize, Hasher>,
    /// Per section, the one added before it whose (grammar, rule) has the same hash
    /// (`usize::MAX`: none). The names are kept once, in the sections.
    earlier: Vec<usize>,
    hasher: Hasher,
}

impl From<Summary> for Merged {
    /// `summary`'s sections, indexed. Should it hold one (grammar, rule) twice (only a struct
    /// literal can), the first is the one found, as [`Summary::section`] finds it.
    fn from(summary: Summary) -> Merged {
        let mut m = Merged::default();
        for s in summary.sections {
            let hash = m.hash(&s.grammar, &s.rule);
            if m.find(hash, &s.grammar, &s.rule).is_some() {
                m.push_unindexed(s);
            } else {
                m.push(hash, s);
            }
        }
        m
    }
}

impl Merged {
    /// The sum so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The sum.
    pub fn into_summary(self) -> Summary {
        self.summary
    }

    /// Add `s`, the statistics of input that follows: into the section of its grammar and
    /// rule, or as a new last section. An error naming the field whose count would overflow
    /// (nothing of `s` is added then).
    pub fn add(&mut self, s: Section) -> Result<(), String> {
        let hash = self.hash(&s.grammar, &s.rule);
        match self.find(hash, &s.grammar, &s.rule) {
            Some(k) => self.summary.sections[k].merge(s),
            None => {
                self.push(hash, s);
                Ok(())
            }
        }
    }

    /// Add every section of `other`, in order; the first error stops.
    pub fn add_all(&mut self, other: Summary) -> Result<(), String> {
        other.sections.into_iter().try_for_each(|s| self.add(s))
    }

    fn hash(&self, grammar: &str, rule: &str) -> u64 {
        self.hasher.hash_one((grammar, rule))
    }

    /// Where the section of (grammar, rule) is, `hash` being their hash.
    fn find(&self, hash: u64, grammar: &str, rule: &str) -> Option<usize> {
        let mut k = *self.heads.get(&hash)?;
        loop {
            let s = self.summary.sections.get(k)?;
            if s.grammar == grammar && s.rule == rule {
                return Some(k);
            }
            k = *self.earlier.get(k)?;
        }
    }

    fn push(&mut self, hash: u64, s: Section) {
        let k = self.summary.sections.len();
        let before = self.heads.insert(hash, k).unwrap_or(usize::MAX);
        self.summary.sections.push(s);
        self.earlier.push(before);
    }

    /// Add `s` where no search finds it.
    fn push_unindexed(&mut self, s: Section) {
        self.summary.sections.push(s);
        self.earlier.push(usize::MAX);
    }
}

impl Section {
    /// No lines yet.
    pub fn new(grammar: &str, rule: &str) -> Section {
        Section::named(grammar.into(), rule.into())
    }

    fn named(grammar: String, rule: String) -> Section {
        Section {
            grammar,
            rule,
            lines: 0,
            bytes: 0,
            valid: 0,
            invalid: 0,
            by_production: Groups::default(),
            by_code: Groups::default(),
            by_found: Groups::default(),
            recent: Recent::default(),
        }
    }

    /// Count a valid line.
    pub fn add_valid(&mut self) {
        self.lines += 1;
        self.valid += 1;
    }

    /// Count an invalid line: line `line` of `source`, whose text is `input`, which `e` says
    /// where and how it stops being valid.
    pub fn add_invalid(&mut self, source: &str, line: u64, input: &[u8], e: &Brief) {
        let column = || column_of(input, e.offset());
        self.add_invalid_at(source, line, input, e.offset(), column, e);
    }

    /// Count an invalid input whose error `e` is at byte `offset` and column `column` (found
    /// only for an example) of `input`, line `line` of `source` (for an error placed in a
    /// longer text: `input` is the line that holds it).
    pub fn add_invalid_at(
        &mut self,
        source: &str,
        line: u64,
        input: &[u8],
        offset: usize,
        column: impl FnOnce() -> u64,
        e: &Brief,
    ) {
        self.lines += 1;
        self.invalid += 1;
        let found = e.found().map(|c| if c.is_ascii() { c } else { '\u{80}' });
        let kind = (
            e.rule().as_ptr() as usize,
            e.rule().len(),
            found,
            e.end() > e.offset(),
            e.is_unknown_rule(),
        );
        let [p, c, f] = match self.recent.last {
            Some((k, at)) if k == kind => at,
            _ => self.places(kind, e),
        };
        let groups = [
            &mut self.by_production.map[p],
            &mut self.by_code.map[c],
            &mut self.by_found.map[f],
        ];
        // The example is made only when a group still keeps one: for the first few lines.
        let mut example = None;
        let mut column = Some(column);
        for g in groups {
            g.count += 1;
            if g.examples.len() < EXAMPLES {
                let x = example.get_or_insert_with(|| {
                    let column = column.take().map_or(0, |c| c());
                    Example::new(source, line, input, offset, column)
                });
                g.examples.push(x.clone());
            }
        }
    }

    /// The places of the groups of errors of kind `kind`, of which `e` is one.
    fn places(&mut self, kind: RecentKey, e: &Brief) -> [usize; 3] {
        let at = match self.recent.all.get(&kind) {
            Some(&at) => at,
            None => {
                let p = self.by_production.slot(e.rule());
                let g = self.by_production.at(p);
                if g.note.is_none() {
                    g.note = Some(e.citation().to_string());
                }
                let c = self.by_code.slot(&e.code());
                let f = self.by_found.slot(&found(e));
                self.recent.all.insert(kind, [p, c, f]);
                [p, c, f]
            }
        };
        self.recent.last = Some((kind, at));
        at
    }

    /// Count a line longer than `limit` bytes, which was skipped unchecked: its code is
    /// [`LINE_TOO_LONG`], and it keeps no text as an example.
    pub fn add_too_long(&mut self, source: &str, line: u64, limit: u64) {
        self.lines += 1;
        self.invalid += 1;
        let mut ex = || Example {
            source: source.to_string(),
            line,
            column: limit + 1,
            offset: limit,
            input: String::new(),
            window_start: limit,
        };
        let g = self.by_production.group("(line too long, not checked)");
        if g.note.is_none() {
            g.note = Some("--max-line-length".into());
        }
        g.add(&mut ex);
        self.by_code.group(LINE_TOO_LONG).add(&mut ex);
        let found = format!("a line longer than {} bytes", thousands(limit));
        self.by_found.group(&found).add(&mut ex);
    }

    /// Add `other`, the statistics of input that follows this one's; an error naming the
    /// field whose count would overflow (nothing is added then).
    pub fn merge(&mut self, other: Section) -> Result<(), String> {
        let add = |field: &str, a: u64, b: u64| {
            a.checked_add(b).ok_or_else(|| {
                format!(
                    "grammar {}, rule {}: {field:?} overflows when added up ({a} + {b})",
                    printable(&self.grammar),
                    printable(&self.rule)
                )
            })
        };
        let lines = add("lines", self.lines, other.lines)?;
        let bytes = add("bytes", self.bytes, other.bytes)?;
        let valid = add("valid", self.valid, other.valid)?;
        let invalid = add("invalid", self.invalid, other.invalid)?;
        // The groups' counts add up to `invalid` on both sides (`Section::from_json` checks
        // it), so none of them can overflow now.
        (self.lines, self.bytes, self.valid, self.invalid) = (lines, bytes, valid, invalid);
        self.by_production.merge(other.by_production);
        self.by_code.merge(other.by_code);
        self.by_found.merge(other.by_found);
        Ok(())
    }

    /// Whether the counts agree: `valid + invalid = lines`, and each grouping of the invalid
    /// lines counts each of them once, with no more examples than lines.
    fn check_counts(&self) -> Result<(), String> {
        let name = format!(
            "grammar {}, rule {}",
            printable(&self.grammar),
            printable(&self.rule)
        );
        if self.valid.checked_add(self.invalid) != Some(self.lines) {
            return Err(format!(
                "{name}: \"valid\" ({}) + \"invalid\" ({}) is not \"lines\" ({})",
                self.valid, self.invalid, self.lines
            ));
        }
        for (field, groups) in [
            ("by_production", &self.by_production),
            ("by_code", &self.by_code),
            ("by_found", &self.by_found),
        ] {
            let mut sum = 0u64;
            for (key, g) in &groups.map {
                if g.examples.len() as u64 > g.count {
                    return Err(format!(
                        "{name}: {field} group {key:?} has {} examples of {} lines",
                        g.examples.len(),
                        g.count
                    ));
                }
                sum = sum.checked_add(g.count).ok_or_else(|| {
                    format!("{name}: the groups of {field:?} count more than 2^64 lines")
                })?;
            }
            if sum != self.invalid {
                return Err(format!(
                    "{name}: the groups of {field:?} count {sum} lines, \"invalid\" is {}",
                    self.invalid
                ));
            }
        }
        Ok(())
    }

    fn write_human(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let share = |n: u64| percent(n, self.lines);
        let w = thousands(self.lines).len();
        writeln!(
            out,
            "Summary: grammar {}, rule {}",
            printable(&self.grammar),
            printable(&self.rule)
        )?;
        writeln!(
            out,
            "  lines    {:>w$}  ({} bytes)",
            thousands(self.lines),
            thousands(self.bytes)
        )?;
        writeln!(
            out,
            "  valid    {:>w$}  {:>6}",
            thousands(self.valid),
            share(self.valid)
        )?;
        writeln!(
            out,
            "  invalid  {:>w$}  {:>6}",
            thousands(self.invalid),
            share(self.invalid)
        )?;
        if self.invalid == 0 {
            return Ok(());
        }
        let total = self.invalid;
        self.by_production.write_human(
            out,
            "Invalid lines by the production that failed",
            "production",
            total,
            true,
        )?;
        self.by_code.write_human(
            out,
            "Invalid lines by diagnostic code (grammar::production::found)",
            "code",
            total,
            true,
        )?;
        self.by_found.write_human(
            out,
            "Invalid lines by what was found where they stop being valid",
            "found",
            total,
            false,
        )
    }
}

impl Groups {
    /// The group of `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<&Group> {
        self.map.get(key)
    }

    /// Where the group of `key` is, made empty if there is none yet.
    fn slot(&mut self, key: &str) -> usize {
        match self.map.get_index_of(key) {
            Some(k) => k,
            None => self.map.insert_full(key.to_string(), Group::default()).0,
        }
    }

    /// The group at `k`, a place [`Groups::slot`] gave.
    fn at(&mut self, k: usize) -> &mut Group {
        &mut self.map[k]
    }

    /// The group of `key`, made empty if there is none yet.
    fn group(&mut self, key: &str) -> &mut Group {
        let k = self.slot(key);
        self.at(k)
    }

    /// Add `other`. Counts saturate: they come from sections whose counts were checked, or
    /// from one array of groups whose sum is checked afterwards.
    fn merge(&mut self, other: Groups) {
        for (key, o) in other.map {
            let g = self.map.entry(key).or_default();
            g.count = g.count.saturating_add(o.count);
            if g.note.is_none() {
                g.note = o.note;
            }
            let room = EXAMPLES.saturating_sub(g.examples.len());
            let more = room.min(o.examples.len());
            if more > 0 {
                g.examples.reserve_exact(more);
                g.examples.extend(o.examples.into_iter().take(more));
            }
        }
    }

    /// The groups, most lines first, then by key.
    pub fn sorted(&self) -> Vec<(&str, &Group)> {
        let mut v: Vec<(&str, &Group)> = self.map.iter().map(|(k, g)| (k.as_str(), g)).collect();
        v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        v
    }

    fn write_human(
        &self,
        out: &mut impl fmt::Write,
        title: &str,
        what: &str,
        total: u64,
        with_examples: bool,
    ) -> fmt::Result {
        let groups = self.sorted();
        let w = count_width(groups.iter().map(|(_, g)| g.count));
        // Notes line up after the keys, unless a key is longer than KEY_COLUMN.
        let kw = groups
            .iter()
            .map(|(k, _)| printable(k).width())
            .max()
            .unwrap_or(0)
            .min(KEY_COLUMN);
        writeln!(out, "\n{title}:")?;
        writeln!(out, "  {:>w$}   share  {what}", "lines")?;
        for (key, g) in groups {
            let key = printable(key);
            write!(
                out,
                "  {:>w$}  {:>6}  {key}",
                thousands(g.count),
                percent(g.count, total)
            )?;
            if let Some(note) = &g.note {
                spaces(out, kw.saturating_sub(key.width()))?;
                write!(out, "  see {}", printable(note))?;
            }
            out.write_char('\n')?;
            if with_examples {
                for e in &g.examples {
                    e.write_human(out, w + 12)?;
                }
            }
        }
        Ok(())
    }
}

impl Group {
    fn add(&mut self, example: &mut impl FnMut() -> Example) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example());
        }
    }
}

impl Example {
    pub(crate) fn new(
        source: &str,
        line: u64,
        input: &[u8],
        offset: usize,
        column: u64,
    ) -> Example {
        let offset = offset.min(input.len());
        let (mut start, mut end) = (0, input.len());
        if input.len() > EXAMPLE_BYTES {
            start = offset.saturating_sub(EXAMPLE_BYTES / 2);
            end = (start + EXAMPLE_BYTES).min(input.len());
            // Cut at character boundaries (the bytes before the error are UTF-8).
            while start < offset && is_continuation(input[start]) {
                start += 1;
            }
            while end < input.len() && end > offset && is_continuation(input[end]) {
                end -= 1;
            }
        }
        Example {
            source: source.to_string(),
            line,
            column,
            offset: offset as u64,
            input: String::from_utf8_lossy(&input[start..end]).into_owned(),
            window_start: start as u64,
        }
    }

    /// `source:line:column  text`, and a caret under the error on the next line; a long line
    /// is shown as a window around the error.
    fn write_human(&self, out: &mut impl fmt::Write, indent: usize) -> fmt::Result {
        self.write_marked(out, indent, &[(self.offset, "")])
    }

    /// `source:line:column  text`, then a line per mark, a byte offset in the line and its
    /// label: a caret under that byte, then the label. A long line is shown as a window
    /// around the example's own error, widened to the marks shortly after it; a mark outside
    /// the window is named by its offset.
    pub(crate) fn write_marked(
        &self,
        out: &mut impl fmt::Write,
        indent: usize,
        marks: &[(u64, &str)],
    ) -> fmt::Result {
        const BEFORE: usize = 60;
        const AFTER: usize = 30;
        let char_at = |offset: u64| {
            let at = (offset.saturating_sub(self.window_start) as usize).min(self.input.len());
            let at = (0..=at)
                .rev()
                .find(|&k| self.input.is_char_boundary(k))
                .unwrap_or(0);
            self.input[..at].chars().count()
        };
        /// How far after the error a mark may be and still widen the text shown to it.
        const SPAN: usize = 60;
        let chars: Vec<char> = self.input.chars().collect();
        let at = char_at(self.offset);
        // The characters shown: BEFORE before the error, AFTER from it or from the last mark
        // that is at most SPAN after it.
        let first = at.saturating_sub(BEFORE);
        let far = marks
            .iter()
            .filter(|m| m.0 >= self.window_start)
            .map(|m| char_at(m.0))
            .filter(|&k| k >= at && k - at <= SPAN)
            .max()
            .unwrap_or(at);
        let last = chars.len().min(far + AFTER);
        let mut before = String::new();
        if first > 0 || self.window_start > 0 {
            before.push('…');
        }
        let lead = printable(&before).width();
        before.extend(&chars[first..at]);
        let mut after: String = chars[at..last].iter().collect();
        if last < chars.len() {
            after.push('…');
        }
        let place = format!("{}:{}:{}", printable(&self.source), self.line, self.column);
        spaces(out, indent)?;
        writeln!(out, "{place}  {}{}", printable(&before), printable(&after))?;
        for &(offset, label) in marks {
            let k = char_at(offset);
            let shown = offset >= self.window_start && (first..=last).contains(&k);
            if !shown {
                spaces(out, indent + place.width() + 2)?;
                writeln!(out, "({label} at byte {offset}, outside the text shown)")?;
                continue;
            }
            // Wide characters (CJK, emoji) take two columns on a terminal.
            let s: String = chars[first..k].iter().collect();
            spaces(
                out,
                indent + place.width() + 2 + lead + printable(&s).width(),
            )?;
            match label {
                "" => out.write_str("^\n")?,
                l => writeln!(out, "^ {l}")?,
            }
        }
        Ok(())
    }
}

/// Write `n` spaces. (Not `{:n$}`: a width past `u16::MAX` makes the formatter panic, and
/// a label or a key can be that long.)
fn spaces(out: &mut impl fmt::Write, n: usize) -> fmt::Result {
    const SPACES: &str = "                                                                ";
    let mut left = n;
    while left > 0 {
        let k = left.min(SPACES.len());
        out.write_str(&SPACES[..k])?;
        left -= k;
    }
    Ok(())
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// What was found at the error, as a group key.
fn found(e: &Brief) -> String {
    match e.found() {
        Some(' ') => "a space".into(),
        Some(c) if c.is_ascii_control() => format!("control character U+{:04X}", c as u32),
        Some(c) if c.is_ascii() => format!("{c:?}"),
        Some(_) => "a non-ASCII character".into(),
        // A byte that is no character ends the error one byte later (see `Grammar::check` of bytes).
        None if e.end() > e.offset() => "a byte that is not UTF-8".into(),
        None => "the end of the line".into(),
    }
}

/// The 1-based column, in characters, of byte `offset` of `input` (its line, when it holds
/// line breaks): [`urigram::Error::column`] of an error there. The bytes before an error
/// are UTF-8.
pub(crate) fn column_of(input: &[u8], offset: usize) -> u64 {
    let before = &input[..offset.min(input.len())];
    let text = match std::str::from_utf8(before) {
        Ok(t) => t,
        Err(u) => std::str::from_utf8(&before[..u.valid_up_to()]).unwrap_or_default(),
    };
    let line = &text[text.rfind('\n').map_or(0, |p| p + 1)..];
    line.chars().count() as u64 + 1
}

/// The width of a column of `counts` (as [`thousands`] writes them) under the heading `lines`.
pub(crate) fn count_width(counts: impl Iterator<Item = u64>) -> usize {
    counts
        .map(|n| thousands(n).len())
        .max()
        .unwrap_or(0)
        .max("lines".len())
}

/// `1234567` -> `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` of `total` as a percentage with one decimal (two below 1%).
pub(crate) fn percent(n: u64, total: u64) -> String {
    if total == 0 {
        return "-".into();
    }
    let p = n as f64 * 100.0 / total as f64;
    if p > 0.0 && p < 1.0 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

// ---- writing: the JSON document ------------------------------------------------------------

/// `{"urigram":"summary","version":1,"sections":[...]}`: written as it is serialized (to a
/// file, or to a [`Value`] by [`Summary::to_json`]), with no copy of the summary.
impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(Some(3))?;
        m.serialize_entry("urigram", KIND)?;
        m.serialize_entry("version", &VERSION)?;
        m.serialize_entry("sections", &self.sections)?;
        m.end()
    }
}

impl Serialize for Section {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(Some(9))?;
        m.serialize_entry("grammar", &self.grammar)?;
        m.serialize_entry("rule", &self.rule)?;
        m.serialize_entry("lines", &self.lines)?;
        m.serialize_entry("bytes", &self.bytes)?;
        m.serialize_entry("valid", &self.valid)?;
        m.serialize_entry("invalid", &self.invalid)?;
        for (field, groups) in self.groupings() {
            m.serialize_entry(field, &Keyed(groups, key_name(field)))?;
        }
        m.end()
    }
}

impl Section {
    /// The three groupings with their field names.
    fn groupings(&self) -> [(&'static str, &Groups); 3] {
        [
            ("by_production", &self.by_production),
            ("by_code", &self.by_code),
            ("by_found", &self.by_found),
        ]
    }
}

/// The field that holds a group's key in the array of groups `field`.
fn key_name(field: &str) -> &'static str {
    match field {
        "by_production" => "production",
        "by_code" => "code",
        _ => "found",
    }
}

/// An array of groups, most lines first, each with its key under the name `.1`.
struct Keyed<'a>(&'a Groups, &'static str);

impl Serialize for Keyed<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let groups = self.0.sorted();
        let mut seq = ser.serialize_seq(Some(groups.len()))?;
        for (key, g) in groups {
            seq.serialize_element(&KeyedGroup(self.1, key, g))?;
        }
        seq.end()
    }
}

/// One group of an array: `{"<key name>": key, "see": note, "count": n, "examples": [...]}`.
struct KeyedGroup<'a>(&'static str, &'a str, &'a Group);

impl Serialize for KeyedGroup<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let KeyedGroup(key_name, key, g) = *self;
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry(key_name, key)?;
        if let Some(n) = &g.note {
            m.serialize_entry("see", n)?;
        }
        m.serialize_entry("count", &g.count)?;
        m.serialize_entry("examples", &g.examples)?;
        m.end()
    }
}

impl Serialize for Example {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("source", &self.source)?;
        m.serialize_entry("line", &self.line)?;
        m.serialize_entry("column", &self.column)?;
        m.serialize_entry("offset", &self.offset)?;
        m.serialize_entry("input", &self.input)?;
        if self.window_start > 0 {
            m.serialize_entry("window_start", &self.window_start)?;
        }
        m.end()
    }
}

// ---- reading: a document as it streams in --------------------------------------------------
//
// A document is read as a `serde_json::Value` would be (the same depth limit, string and
// number checks), and judged as its tree would be, without building it: a field of the wrong
// kind counts as missing, a key given twice counts with its last value, and of several errors
// the one reported is the first in a fixed order (the document's fields, then each section's
// in turn: its fields, its groups', their examples'). So a part found wrong is still read to
// its end, and dropped; and since a document shows itself a summary (its "urigram" key) only
// at its end, its sections are kept as read until then.

/// The error of a document that is no summary.
const NOT_A_SUMMARY: &str = "not a urigram summary (no \"urigram\": \"summary\")";

/// The error of the summary of a comparison (`check --compare --summary`), which pairs the
/// verdicts of two grammars input by input: no sum of summaries of one grammar makes it.
const COMPARISON: &str = "a comparison of two grammars (`check --compare ... --summary`), which \
                          merge-summaries does not add up: it merges `check --summary` \
                          documents; run the comparison on the whole input (it streams any size)";

/// One JSON document of a stream of summaries.
pub enum Document {
    /// Not an object with a `"urigram"` key: a record of `check --only ... --format jsonl`,
    /// or any other JSON value, to skip.
    Other,
    /// A summary document: its sections added up (a document may hold a grammar and rule
    /// twice), or what is wrong with it.
    Summary(Result<Summary, String>),
}

impl<'de> Deserialize<'de> for Document {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Document, D::Error> {
        d.deserialize_any(Object(DocumentFields::default()))
    }
}

/// A JSON value read and dropped, nested values included (through `deserialize_any`, so
/// serde_json's depth limit and checks apply as they do to a `Value`).
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        d.deserialize_any(Skip)
    }
}

/// The `Visitor` methods of the JSON scalars (null, booleans, numbers, strings), each giving
/// `self.other()`.
macro_rules! scalars_are_other {
    () => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(self.other())
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok(self.other())
        }
    };
}

impl Skip {
    fn other(self) -> Skip {
        Skip
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = Skip;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Skip, A::Error> {
        drain_seq(seq).map(|()| Skip)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Skip, A::Error> {
        drain_map(map).map(|()| Skip)
    }
}

fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<Skip>()?.is_some() {}
    Ok(())
}

fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<Skip, Skip>()?.is_some() {}
    Ok(())
}

/// A field's value when it is a string or a number that `Value::as_u64` takes, and `Other`
/// for any other value.
enum Scalar {
    Str(String),
    U64(u64),
    Other,
}

impl Scalar {
    fn into_string(self) -> Option<String> {
        match self {
            Scalar::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_u64(&self) -> Option<u64> {
        match *self {
            Scalar::U64(n) => Some(n),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    /// (A `Value` holds a non-negative `i64` as a `u64`.)
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Scalar, E> {
        Ok(u64::try_from(n).map_or(Scalar::Other, Scalar::U64))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Scalar, E> {
        Ok(Scalar::U64(n))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Scalar, E> {
        Ok(Scalar::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Scalar, A::Error> {
        drain_seq(seq).map(|()| Scalar::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Scalar, A::Error> {
        drain_map(map).map(|()| Scalar::Other)
    }
}

/// The place of a key among the names of the fields read (`None`: a field that is skipped).
struct FieldName<'a>(&'a [&'a str]);

impl<'de> DeserializeSeed<'de> for FieldName<'_> {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for FieldName<'_> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|&f| f == s))
    }
}

/// What an object is read into: its fields, kept as they come, and what they make at its end.
trait Fields<'de> {
    type Output;

    /// The names of the fields read; the others are skipped.
    fn names(&self) -> &[&'static str];

    /// Read the value of field `k` (a place in [`Fields::names`]) from `map`.
    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error>;

    /// What the fields read make (none, for a value that is not an object).
    fn finish(self) -> Self::Output;
}

/// Reads an object into `F`; any other value gives what no field makes.
struct Object<F>(F);

impl<F> Object<F> {
    fn other<'de>(self) -> F::Output
    where
        F: Fields<'de>,
    {
        self.0.finish()
    }
}

impl<'de, F: Fields<'de>> DeserializeSeed<'de> for Object<F> {
    type Value = F::Output;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<F::Output, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, F: Fields<'de>> Visitor<'de> for Object<F> {
    type Value = F::Output;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<F::Output, A::Error> {
        drain_seq(seq)?;
        Ok(self.other())
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<F::Output, A::Error> {
        while let Some(field) = map.next_key_seed(FieldName(self.0.names()))? {
            match field {
                Some(k) => self.0.read(k, &mut map)?,
                None => {
                    map.next_value::<Skip>()?;
                }
            }
        }
        Ok(self.0.finish())
    }
}

/// What an array is read into, element by element.
trait Elements<'de> {
    type Output;

    /// Read the next element of `seq`; `false` at the end of the array.
    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error>;

    fn finish(self) -> Self::Output;
}

/// Reads an array into `L`: `Some` of what it makes; any other value gives `None`.
struct Array<L>(L);

impl<L> Array<L> {
    fn other<'de>(self) -> Option<L::Output>
    where
        L: Elements<'de>,
    {
        None
    }
}

impl<'de, L: Elements<'de>> DeserializeSeed<'de> for Array<L> {
    type Value = Option<L::Output>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<L::Output>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, L: Elements<'de>> Visitor<'de> for Array<L> {
    type Value = Option<L::Output>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    scalars_are_other!();

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        while self.0.next(&mut seq)? {}
        Ok(Some(self.0.finish()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        drain_map(map)?;
        Ok(self.other())
    }
}

/// Read the next element of `seq` with `seed` unless `error` holds the array's first error
/// already (then the element is skipped): `None` at the end of the array.
fn next_unless_failed<'de, A, T>(
    seq: &mut A,
    error: &Option<String>,
    seed: T,
) -> Result<Option<Option<T::Value>>, A::Error>
where
    A: SeqAccess<'de>,
    T: DeserializeSeed<'de>,
{
    if error.is_some() {
        return Ok(seq.next_element::<Skip>()?.map(|Skip| None));
    }
    Ok(seq.next_element_seed(seed)?.map(Some))
}

/// The fields of a document.
#[derive(Default)]
struct DocumentFields {
    /// `None`: no `"urigram"` key (a record, not a summary).
    urigram: Option<Scalar>,
    version: Option<Scalar>,
    /// `None`: no `"sections"` array.
    sections: Option<Result<Merged, String>>,
}

impl<'de> Fields<'de> for DocumentFields {
    type Output = Document;

    fn names(&self) -> &[&'static str] {
        &["urigram", "version", "sections"]
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.urigram = Some(map.next_value()?),
            1 => self.version = Some(map.next_value()?),
            _ => {
                // The sections of an earlier "sections" key go first.
                self.sections = None;
                self.sections = map.next_value_seed(Array(SectionList::default()))?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Document {
        let Some(urigram) = self.urigram else {
            return Document::Other;
        };
        Document::Summary((|| {
            match urigram.into_string().as_deref() {
                Some(KIND) => {}
                Some(super::compare::KIND) => return Err(COMPARISON.to_string()),
                _ => return Err(NOT_A_SUMMARY.to_string()),
            }
            match (
                self.version.as_ref(),
                self.version.as_ref().and_then(Scalar::as_u64),
            ) {
                (_, Some(VERSION)) => {}
                (_, Some(n)) => {
                    return Err(format!(
                        "a summary of version {n}; this urigram reads version {VERSION}"
                    ));
                }
                (None, None) => {
                    return Err(format!(
                        "a summary without a \"version\"; this urigram reads version {VERSION}"
                    ));
                }
                (Some(_), None) => {
                    return Err(format!(
                        "a summary whose \"version\" is not a whole number; this urigram reads \
                         version {VERSION}"
                    ));
                }
            }
            let sections = self.sections.ok_or("no \"sections\" array")??;
            Ok(sections.into_summary())
        })())
    }
}

/// The sections of a document, added up as they come; the first error.
#[derive(Default)]
struct SectionList {
    sum: Merged,
    error: Option<String>,
}

impl<'de> Elements<'de> for SectionList {
    type Output = Result<Merged, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        let read = next_unless_failed(seq, &self.error, Object(SectionFields::default()))?;
        let added = match read {
            None => return Ok(false),
            Some(None) => Ok(()),
            Some(Some(section)) => section.and_then(|s| self.sum.add(s)),
        };
        if let Err(e) = added {
            self.error = Some(e);
            self.sum = Merged::default();
        }
        Ok(true)
    }

    fn finish(self) -> Result<Merged, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.sum),
        }
    }
}

/// The fields of a section.
#[derive(Default)]
struct SectionFields {
    grammar: Option<String>,
    rule: Option<String>,
    /// lines, bytes, valid, invalid.
    counts: [Option<u64>; 4],
    /// by_production, by_code, by_found; `None`: not an array.
    groupings: [Option<Result<Groups, String>>; 3],
}

const SECTION_FIELDS: &[&str] = &[
    "grammar",
    "rule",
    "lines",
    "bytes",
    "valid",
    "invalid",
    "by_production",
    "by_code",
    "by_found",
];

impl<'de> Fields<'de> for SectionFields {
    type Output = Result<Section, String>;

    fn names(&self) -> &[&'static str] {
        SECTION_FIELDS
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.grammar = map.next_value::<Scalar>()?.into_string(),
            1 => self.rule = map.next_value::<Scalar>()?.into_string(),
            2..=5 => self.counts[k - 2] = map.next_value::<Scalar>()?.as_u64(),
            _ => {
                let key_name = key_name(SECTION_FIELDS[k]);
                self.groupings[k - 6] = None;
                self.groupings[k - 6] = map.next_value_seed(Array(GroupList::new(key_name)))?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Section, String> {
        let text =
            |v: Option<String>, k: &str| v.ok_or_else(|| format!("a section has no string {k:?}"));
        let grammar = text(self.grammar, "grammar")?;
        let rule = text(self.rule, "rule")?;
        let mut counts = [0; 4];
        for (k, n) in self.counts.into_iter().enumerate() {
            let name = SECTION_FIELDS[k + 2];
            counts[k] = n.ok_or_else(|| format!("a section has no number {name:?}"))?;
        }
        let mut s = Section::named(grammar, rule);
        [s.lines, s.bytes, s.valid, s.invalid] = counts;
        let [p, c, f] = self.groupings;
        let groups = |g: Option<Result<Groups, String>>, key_name: &str| {
            g.ok_or_else(|| format!("a section has no array of groups by {key_name}"))?
        };
        s.by_production = groups(p, "production")?;
        s.by_code = groups(c, "code")?;
        s.by_found = groups(f, "found")?;
        s.check_counts()?;
        Ok(s)
    }
}

/// The groups of an array, keyed by the field `key_name`; the first error.
struct GroupList {
    key_name: &'static str,
    groups: Groups,
    error: Option<String>,
}

impl GroupList {
    fn new(key_name: &'static str) -> GroupList {
        GroupList {
            key_name,
            groups: Groups::default(),
            error: None,
        }
    }
}

impl<'de> Elements<'de> for GroupList {
    type Output = Result<Groups, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        let fields = GroupFields::new(self.key_name);
        let group = match next_unless_failed(seq, &self.error, Object(fields))? {
            None => return Ok(false),
            Some(None) => return Ok(true),
            Some(Some(group)) => group,
        };
        let key_name = self.key_name;
        let added = group.and_then(|(key, g)| match self.groups.map.entry(key) {
            indexmap::map::Entry::Occupied(e) => Err(format!(
                "group {:?} appears twice in {key_name:?} groups",
                e.key()
            )),
            indexmap::map::Entry::Vacant(e) => {
                e.insert(g);
                Ok(())
            }
        });
        if let Err(e) = added {
            self.error = Some(e);
            self.groups = Groups::default();
        }
        Ok(true)
    }

    fn finish(self) -> Result<Groups, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.groups),
        }
    }
}

/// The fields of a group whose key is under `key_name`.
struct GroupFields {
    names: [&'static str; 4],
    key: Option<String>,
    count: Option<u64>,
    /// `None`: not an array (no examples).
    examples: Option<Result<Vec<Example>, String>>,
    see: Option<String>,
}

impl GroupFields {
    fn new(key_name: &'static str) -> GroupFields {
        GroupFields {
            names: [key_name, "count", "examples", "see"],
            key: None,
            count: None,
            examples: None,
            see: None,
        }
    }
}

impl<'de> Fields<'de> for GroupFields {
    /// The key and the group.
    type Output = Result<(String, Group), String>;

    fn names(&self) -> &[&'static str] {
        &self.names
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        match k {
            0 => self.key = map.next_value::<Scalar>()?.into_string(),
            1 => self.count = map.next_value::<Scalar>()?.as_u64(),
            2 => {
                self.examples = None;
                self.examples = map.next_value_seed(Array(ExampleList::default()))?;
            }
            _ => self.see = map.next_value::<Scalar>()?.into_string(),
        }
        Ok(())
    }

    fn finish(self) -> Result<(String, Group), String> {
        let key_name = self.names[0];
        let key = self
            .key
            .ok_or_else(|| format!("a group has no string {key_name:?}"))?;
        let count = self
            .count
            .ok_or_else(|| format!("group {key:?} has no count"))?;
        let examples = self.examples.unwrap_or(Ok(Vec::new()))?;
        let group = Group {
            count,
            note: self.see,
            examples,
        };
        Ok((key, group))
    }
}

/// The examples of a group: the first [`EXAMPLES`] kept, every one checked; the first error.
#[derive(Default)]
struct ExampleList {
    kept: Vec<Example>,
    error: Option<String>,
}

impl<'de> Elements<'de> for ExampleList {
    type Output = Result<Vec<Example>, String>;

    fn next<A: SeqAccess<'de>>(&mut self, seq: &mut A) -> Result<bool, A::Error> {
        match next_unless_failed(seq, &self.error, Object(ExampleFields::default()))? {
            None => return Ok(false),
            Some(None) => {}
            Some(Some(Ok(x))) => {
                if self.kept.len() < EXAMPLES {
                    // Room for the examples read, not a vector's usual four.
                    self.kept.reserve_exact(1);
                    self.kept.push(x);
                }
            }
            Some(Some(Err(e))) => {
                self.error = Some(e);
                self.kept = Vec::new();
            }
        }
        Ok(true)
    }

    fn finish(self) -> Result<Vec<Example>, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.kept),
        }
    }
}

/// The fields of an example: source, line, column, offset, input, window_start.
#[derive(Default)]
struct ExampleFields {
    source: Option<String>,
    /// line, column, offset.
    place: [Option<u64>; 3],
    input: Option<String>,
    window_start: Option<u64>,
}

const EXAMPLE_FIELDS: &[&str] = &[
    "source",
    "line",
    "column",
    "offset",
    "input",
    "window_start",
];

impl<'de> Fields<'de> for ExampleFields {
    type Output = Result<Example, String>;

    fn names(&self) -> &[&'static str] {
        EXAMPLE_FIELDS
    }

    fn read<A: MapAccess<'de>>(&mut self, k: usize, map: &mut A) -> Result<(), A::Error> {
        let v: Scalar = map.next_value()?;
        match k {
            0 => self.source = v.into_string(),
            1..=3 => self.place[k - 1] = v.as_u64(),
            4 => self.input = v.into_string(),
            _ => self.window_start = v.as_u64(),
        }
        Ok(())
    }

    fn finish(self) -> Result<Example, String> {
        let text =
            |v: Option<String>, k: &str| v.ok_or_else(|| format!("an example has no string {k:?}"));
        let source = text(self.source, "source")?;
        let mut place = [0; 3];
        for (k, n) in self.place.into_iter().enumerate() {
            let name = EXAMPLE_FIELDS[k + 1];
            place[k] = n.ok_or_else(|| format!("an example has no number {name:?}"))?;
        }
        let [line, column, offset] = place;
        Ok(Example {
            source,
            line,
            column,
            offset,
            input: text(self.input, "input")?,
            window_start: self.window_start.unwrap_or(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use urigram::Grammar;

    fn summary_of(lines: &[&str]) -> Summary {
        let mut s = Summary::default();
        let sec = s.section("rfc2396", "URI-reference");
        for (k, l) in lines.iter().enumerate() {
            sec.bytes += l.len() as u64 + 1;
            match Grammar::Rfc2396.check("URI-reference", l) {
                Ok(()) => sec.add_valid(),
                Err(e) => sec.add_invalid("t.txt", k as u64 + 1, l.as_bytes(), &e.brief()),
            }
        }
        s
    }

    const LINES: &[&str] = &[
        "http://a/b%zz",
        "http://ok/",
        "http://exa mple/",
        "http://a/%zz",
        "x#a#b",
        "http://a/b%z1",
        "http://a/b%1",
        "?y",
    ];

    /// The summary of `text`'s lines by `rule` of `g`, each line counted from what `locate`
    /// gives for it.
    fn summary_by(
        g: Grammar,
        rule: &str,
        text: &str,
        mut locate: impl FnMut(&str) -> Result<(), Brief>,
    ) -> Summary {
        let mut s = Summary::default();
        let sec = s.section(g.name(), rule);
        for (k, l) in text.lines().enumerate() {
            match locate(l) {
                Ok(()) => sec.add_valid(),
                Err(b) => sec.add_invalid("t.txt", k as u64 + 1, l.as_bytes(), &b),
            }
        }
        s
    }

    /// A summary counted from briefs found by locating is the one counted from whole errors,
    /// for every grammar's start rule, on the example corpus and on inputs that fail in many
    /// ways (the case files).
    #[test]
    fn locating_gives_the_summary_of_whole_errors() {
        let root = urigram_testkit::root();
        let mut text = std::fs::read_to_string(root.join("examples/urls.txt")).unwrap();
        for g in Grammar::ALL {
            let path = root.join(format!("tests/cases/{}.txt", g.name()));
            let cases = std::fs::read_to_string(&path).expect("every grammar has a case file");
            // RULE<TAB>ok|err<TAB>INPUT, escapes left as they are.
            for input in cases.lines().filter_map(|l| l.splitn(3, '\t').nth(2)) {
                text.push_str(input);
                text.push('\n');
            }
        }
        assert!(text.lines().count() > 1000);
        for &g in Grammar::ALL {
            let rule = g.start_rule();
            let whole = summary_by(g, rule, &text, |l| g.check(rule, l).map_err(|e| e.brief()));
            assert!(whole.any_invalid(), "{}", g.name());
            let mut locator = g.locator(rule).unwrap();
            let by_locator = summary_by(g, rule, &text, |l| locator.locate(l));
            assert_eq!(by_locator, whole, "{}", g.name());
            assert_eq!(by_locator.to_human(), whole.to_human(), "{}", g.name());
            let by_locate = summary_by(g, rule, &text, |l| g.locate(rule, l));
            assert_eq!(by_locate, whole, "{}", g.name());
        }
    }

    #[test]
    fn merging_parts_gives_the_whole() {
        let whole = summary_of(LINES);
        for cut in 0..=LINES.len() {
            let mut a = summary_of(&LINES[..cut]);
            a.merge(summary_of(&LINES[cut..]));
            // Line numbers restart in each part; everything else is the same.
            let strip = |s: &Summary| {
                let mut v = s.to_json();
                strip_lines(&mut v);
                v
            };
            assert_eq!(strip(&a), strip(&whole), "cut at {cut}");
        }
    }

    fn strip_lines(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("line");
                m.values_mut().for_each(strip_lines);
            }
            Value::Array(a) => a.iter_mut().for_each(strip_lines),
            _ => {}
        }
    }

    #[test]
    fn json_round_trips() {
        let s = summary_of(LINES);
        let back = Summary::from_json(&s.to_json()).unwrap();
        assert_eq!(back.to_json(), s.to_json());
        assert_eq!(back.to_human(), s.to_human());
        let hex = &s.sections[0]
            .by_code
            .get("rfc2396::escaped::letter")
            .unwrap();
        assert_eq!(hex.count, 3);
        assert_eq!(hex.examples.len(), EXAMPLES);
        assert_eq!(hex.examples[0].line, 1);
    }

    #[test]
    fn long_lines_keep_a_window() {
        let long = format!("http://a/{}%zz{}", "b".repeat(3000), "c".repeat(3000));
        let e = Grammar::Rfc2396.check("URI-reference", &long).unwrap_err();
        let x = Example::new("t", 1, long.as_bytes(), e.offset(), e.column() as u64);
        assert!(x.input.len() <= EXAMPLE_BYTES);
        assert_eq!(x.window_start as usize + EXAMPLE_BYTES / 2, e.offset());
        assert!(x.input[EXAMPLE_BYTES / 2..].starts_with('z'));
        let mut out = String::new();
        x.write_human(&mut out, 0).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let caret = lines[1].chars().count() - 1;
        assert_eq!(lines[0].chars().nth(caret), Some('z'));
    }

    /// The summaries of the documents of `text`, read as `merge-summaries` reads a stream
    /// (records are `None`), or the first error.
    fn read(text: &str) -> Result<Vec<Option<Summary>>, String> {
        let docs = serde_json::Deserializer::from_str(text).into_iter::<Document>();
        docs.map(|d| match d.map_err(|e| e.to_string())? {
            Document::Other => Ok(None),
            Document::Summary(s) => s.map(Some),
        })
        .collect()
    }

    /// A one-section document of `lines` valid lines, with `extra` put in the section.
    fn doc(lines: u64, extra: &str) -> String {
        format!(
            r#"{{"urigram":"summary","version":1,"sections":[{{"grammar":"g","rule":"r",
            "lines":{lines},"bytes":0,"valid":{lines},"invalid":0,"by_production":[],
            "by_code":[],"by_found":[]{extra}}}]}}"#
        )
    }

    #[test]
    fn a_document_is_judged_as_a_whole() {
        // The sections may come before the "urigram" key: in a record (no such key) they are
        // never judged; in a summary they are, after its header.
        let broken = r#""sections":[{"grammar":5}]"#;
        assert!(matches!(
            read(&format!(r#"{{{broken},"valid":true}}"#)).as_deref(),
            Ok([None])
        ));
        let e = read(&format!(r#"{{{broken},"urigram":"summary","version":1}}"#));
        assert_eq!(e, Err("a section has no string \"grammar\"".into()));
        let e = read(&format!(r#"{{{broken},"urigram":"summary","version":2}}"#));
        assert_eq!(
            e,
            Err("a summary of version 2; this urigram reads version 1".into())
        );
        let e = read(r#"{"urigram":"summary","sections":[]}"#);
        assert_eq!(
            e,
            Err("a summary without a \"version\"; this urigram reads version 1".into())
        );
        let e = read(r#"{"urigram":"summary","version":"1","sections":[]}"#);
        let e = e.unwrap_err();
        assert!(!e.contains("Some(") && !e.contains("Str("), "{e}");
        let e = read(&format!(r#"{{{broken},"urigram":null}}"#));
        assert_eq!(e, Err(NOT_A_SUMMARY.into()));
        // A key given twice counts with its last value, as in a `Value`.
        let twice = doc(3, "").replace(
            r#""sections":["#,
            r#""sections":7,"version":"1","version":1,"sections":["#,
        );
        let s = read(&twice).unwrap();
        assert_eq!(s[0].as_ref().unwrap().sections[0].lines, 3);
        // A field of the wrong kind is a missing one; unknown fields are skipped.
        let e = read(&doc(3, "").replace(r#""bytes":0"#, r#""bytes":-1"#));
        assert_eq!(e, Err("a section has no number \"bytes\"".into()));
        let e = read(&doc(3, "").replace(r#""bytes":0"#, r#""bytes":0.0"#));
        assert_eq!(e, Err("a section has no number \"bytes\"".into()));
        assert!(read(&doc(3, r#","more":[{"a":[1,{"b":null}]}]"#)).is_ok());
        // JSON's own limits are a `Value`'s: 128 levels.
        let deep = doc(
            3,
            &format!(",\"more\":{}{}", "[".repeat(130), "]".repeat(130)),
        );
        assert!(read(&deep).unwrap_err().contains("recursion limit"));
        let shallow = doc(
            3,
            &format!(",\"more\":{}{}", "[".repeat(100), "]".repeat(100)),
        );
        assert!(read(&shallow).is_ok());
    }

    #[test]
    fn a_group_keeps_three_examples_and_checks_them_all() {
        let x = r#"{"source":"s","line":1,"column":1,"offset":0,"input":"x y"}"#;
        let with = |examples: &[&str]| {
            let g = |k: &str| {
                format!(
                    r#"[{{"{k}":"k","count":9,"examples":[{}]}}]"#,
                    examples.join(",")
                )
            };
            format!(
                r#"{{"urigram":"summary","version":1,"sections":[{{"grammar":"g","rule":"r",
                "lines":9,"bytes":0,"valid":0,"invalid":9,"by_production":{},"by_code":{},
                "by_found":{}}}]}}"#,
                g("production"),
                g("code"),
                g("found")
            )
        };
        let s = read(&with(&[x, x, x, x, x])).unwrap();
        let s = s[0].as_ref().unwrap();
        assert_eq!(
            s.sections[0].by_code.get("k").unwrap().examples.len(),
            EXAMPLES
        );
        assert_eq!(
            s.sections[0].by_code.get("k").unwrap().examples.capacity(),
            EXAMPLES
        );
        let e = read(&with(&[x, x, x, x, r#"{"source":"s"}"#]));
        assert_eq!(e, Err("an example has no number \"line\"".into()));
    }

    /// The sizes that the memory bound of `merge-summaries` (`merge.rs`) is stated with.
    #[test]
    fn sizes_of_the_bound() {
        use std::mem::size_of;
        let section = size_of::<Section>() + 3 * size_of::<usize>();
        let group = size_of::<(u64, String, Group)>() + size_of::<usize>();
        let example = size_of::<Example>();
        eprintln!("section {section}, group {group}, example {example} bytes");
        assert!(section <= 400, "{section}");
        assert!(group <= 100, "{group}");
        // (96 with its allocation's overhead.)
        assert!(example <= 80, "{example}");
    }

    #[test]
    fn numbers_for_people() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(1, 1000), "0.10%");
        assert_eq!(percent(0, 5), "0.0%");
    }
}
