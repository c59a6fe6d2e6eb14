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
//!
//! This module holds the model (a summary's sections, groups and examples) and its merging;
//! `human` writes it for people, `json_out` writes the document and `json_in` reads it back.

use std::collections::HashMap;
use std::hash::BuildHasher;

use indexmap::IndexMap;
use serde::ser::Serialize;
use serde_json::Value;
use urigram::Brief;

use urigram::render::visible as printable;

use crate::numbers::{column_of, thousands};
pub use json_in::Document;

mod human;
mod json_in;
mod json_out;
#[cfg(test)]
mod tests;

/// The field that holds a group's key in the array of groups `field`.
fn key_name(field: &str) -> &'static str {
    match field {
        "by_production" => "production",
        "by_code" => "code",
        _ => "found",
    }
}

/// The hash of the maps of this module: seeded at random per process.
type Hasher = foldhash::fast::RandomState;

/// Examples kept per group: the first ones in input order.
pub const EXAMPLES: usize = 3;

/// The value of the `"urigram"` key that marks a summary document.
const KIND: &str = "summary";
/// The value of the `"urigram"` key of a comparison's summary document
/// (`check --compare --summary`), which is no summary of one grammar.
pub const COMPARISON_KIND: &str = "compare";
/// The version of the summary document's layout.
const VERSION: u64 = 1;

/// The diagnostic code of a line longer than `--max-line-length`.
pub const LINE_TOO_LONG: &str = "urigram::line-too-long";

/// The longest input text an example keeps; a longer line keeps a window around the error.
const EXAMPLE_BYTES: usize = 1024;

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
