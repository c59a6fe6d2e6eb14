//! Corpus statistics: per grammar and rule, how many lines were checked, how many were valid,
//! and the invalid ones grouped by the production that failed, by diagnostic code
//! ([`urigram::Error::code`]) and by what was found at the error, with the first few examples
//! of each group. Summaries of consecutive parts of an input merge into the summary of the
//! whole (`urigram merge-summaries`), so the JSON form is also the exchange format between
//! shards.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::{Map, Value, json};
use unicode_width::UnicodeWidthStr;
use urigram::{Brief, Position};

use urigram::render::visible as printable;

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
    all: HashMap<RecentKey, [usize; 3], foldhash::fast::RandomState>,
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
    /// The groups with their keys, in the order first seen.
    list: Vec<(String, Group)>,
    /// Where each key's group is in `list`.
    index: HashMap<String, usize, foldhash::fast::RandomState>,
}

/// Two `Groups` are equal when they have the same keys with equal groups, in any order.
impl PartialEq for Groups {
    fn eq(&self, other: &Groups) -> bool {
        self.list.len() == other.list.len()
            && self.list.iter().all(|(k, g)| other.get(k) == Some(g))
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
    /// The section of (grammar, rule), made empty if there is none yet.
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
    /// whose count would overflow.
    pub fn try_merge(&mut self, other: Summary) -> Result<(), String> {
        for s in other.sections {
            let (g, r) = (s.grammar.clone(), s.rule.clone());
            self.section(&g, &r).merge(s)?;
        }
        Ok(())
    }

    /// Whether any section has invalid lines.
    pub fn any_invalid(&self) -> bool {
        self.sections.iter().any(|s| s.invalid > 0)
    }

    /// The summary document: `{"urigram":"summary","version":1,"sections":[...]}`.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("urigram".into(), json!(KIND));
        m.insert("version".into(), json!(VERSION));
        m.insert("sections".into(), self.sections_json());
        Value::Object(m)
    }

    /// The `sections` array of the document.
    pub fn sections_json(&self) -> Value {
        Value::Array(self.sections.iter().map(Section::to_json).collect())
    }

    /// Read a summary document.
    pub fn from_json(v: &Value) -> Result<Summary, String> {
        if v.get("urigram").and_then(Value::as_str) != Some(KIND) {
            return Err("not a urigram summary (no \"urigram\": \"summary\")".into());
        }
        match v.get("version").and_then(Value::as_u64) {
            Some(VERSION) => {}
            other => return Err(format!("summary version {other:?}, expected {VERSION}")),
        }
        let sections = v
            .get("sections")
            .and_then(Value::as_array)
            .ok_or("no \"sections\" array")?;
        let mut s = Summary::default();
        for x in sections {
            s.try_merge(Summary {
                sections: vec![Section::from_json(x)?],
            })?;
        }
        Ok(s)
    }

    /// The summary for people.
    pub fn to_human(&self) -> String {
        let mut out = String::new();
        for (k, s) in self.sections.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            s.write_human(&mut out);
        }
        out
    }
}

impl Section {
    /// No lines yet.
    pub fn new(grammar: &str, rule: &str) -> Section {
        Section {
            grammar: grammar.into(),
            rule: rule.into(),
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
        let column = || column_of(input, e.offset);
        self.add_invalid_at(source, line, input, e.offset, column, e);
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
        let found = e.found.map(|c| if c.is_ascii() { c } else { '\u{80}' });
        let kind = (
            e.rule.as_ptr() as usize,
            e.rule.len(),
            found,
            e.end > e.offset,
            e.is_unknown_rule(),
        );
        let [p, c, f] = match self.recent.last {
            Some((k, at)) if k == kind => at,
            _ => self.places(kind, e),
        };
        let groups = [
            &mut self.by_production.list[p].1,
            &mut self.by_code.list[c].1,
            &mut self.by_found.list[f].1,
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
                let p = self.by_production.slot(e.rule);
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
            for (key, g) in &groups.list {
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

    fn to_json(&self) -> Value {
        json!({
            "grammar": self.grammar,
            "rule": self.rule,
            "lines": self.lines,
            "bytes": self.bytes,
            "valid": self.valid,
            "invalid": self.invalid,
            "by_production": self.by_production.to_json("production"),
            "by_code": self.by_code.to_json("code"),
            "by_found": self.by_found.to_json("found"),
        })
    }

    fn from_json(v: &Value) -> Result<Section, String> {
        let text = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("a section has no string {k:?}"))
        };
        let num = |k: &str| {
            v.get(k)
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("a section has no number {k:?}"))
        };
        let mut s = Section::new(text("grammar")?, text("rule")?);
        s.lines = num("lines")?;
        s.bytes = num("bytes")?;
        s.valid = num("valid")?;
        s.invalid = num("invalid")?;
        s.by_production = Groups::from_json(v.get("by_production"), "production")?;
        s.by_code = Groups::from_json(v.get("by_code"), "code")?;
        s.by_found = Groups::from_json(v.get("by_found"), "found")?;
        s.check_counts()?;
        Ok(s)
    }

    fn write_human(&self, out: &mut String) {
        let share = |n: u64| percent(n, self.lines);
        let w = thousands(self.lines).len();
        let _ = writeln!(
            out,
            "Summary: grammar {}, rule {}",
            printable(&self.grammar),
            printable(&self.rule)
        );
        let _ = writeln!(
            out,
            "  lines    {:>w$}  ({} bytes)",
            thousands(self.lines),
            thousands(self.bytes)
        );
        let _ = writeln!(
            out,
            "  valid    {:>w$}  {:>6}",
            thousands(self.valid),
            share(self.valid)
        );
        let _ = writeln!(
            out,
            "  invalid  {:>w$}  {:>6}",
            thousands(self.invalid),
            share(self.invalid)
        );
        if self.invalid == 0 {
            return;
        }
        let total = self.invalid;
        self.by_production.write_human(
            out,
            "Invalid lines by the production that failed",
            "production",
            total,
            true,
        );
        self.by_code.write_human(
            out,
            "Invalid lines by diagnostic code (grammar::production::found)",
            "code",
            total,
            true,
        );
        self.by_found.write_human(
            out,
            "Invalid lines by what was found where they stop being valid",
            "found",
            total,
            false,
        );
    }
}

impl Groups {
    /// The group of `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<&Group> {
        self.index.get(key).map(|&k| &self.list[k].1)
    }

    /// Where the group of `key` is, made empty if there is none yet.
    fn slot(&mut self, key: &str) -> usize {
        if let Some(&k) = self.index.get(key) {
            return k;
        }
        self.list.push((key.to_string(), Group::default()));
        self.index.insert(key.to_string(), self.list.len() - 1);
        self.list.len() - 1
    }

    /// The group at `k`, a place [`Groups::slot`] gave.
    fn at(&mut self, k: usize) -> &mut Group {
        &mut self.list[k].1
    }

    /// The group of `key`, made empty if there is none yet.
    fn group(&mut self, key: &str) -> &mut Group {
        let k = self.slot(key);
        self.at(k)
    }

    /// Add `other`. Counts saturate: they come from sections whose counts were checked, or
    /// from one array of groups whose sum is checked afterwards.
    fn merge(&mut self, other: Groups) {
        for (key, o) in other.list {
            let g = self.group(&key);
            g.count = g.count.saturating_add(o.count);
            if g.note.is_none() {
                g.note = o.note;
            }
            let room = EXAMPLES.saturating_sub(g.examples.len());
            g.examples.extend(o.examples.into_iter().take(room));
        }
    }

    /// The groups, most lines first, then by key.
    pub fn sorted(&self) -> Vec<(&str, &Group)> {
        let mut v: Vec<(&str, &Group)> = self.list.iter().map(|(k, g)| (k.as_str(), g)).collect();
        v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        v
    }

    fn to_json(&self, key_name: &str) -> Value {
        let groups = self.sorted().into_iter().map(|(key, g)| {
            let mut m = Map::new();
            m.insert(key_name.into(), json!(key));
            if let Some(n) = &g.note {
                m.insert("see".into(), json!(n));
            }
            m.insert("count".into(), json!(g.count));
            let ex = g.examples.iter().map(Example::to_json).collect();
            m.insert("examples".into(), Value::Array(ex));
            Value::Object(m)
        });
        Value::Array(groups.collect())
    }

    fn from_json(v: Option<&Value>, key_name: &str) -> Result<Groups, String> {
        let arr = v
            .and_then(Value::as_array)
            .ok_or_else(|| format!("a section has no array of groups by {key_name}"))?;
        let mut gs = Groups::default();
        for x in arr {
            let key = x
                .get(key_name)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("a group has no string {key_name:?}"))?;
            let count = x
                .get("count")
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("group {key:?} has no count"))?;
            let examples = match x.get("examples").and_then(Value::as_array) {
                Some(a) => a.iter().map(Example::from_json).collect::<Result<_, _>>()?,
                None => Vec::new(),
            };
            let note = x.get("see").and_then(Value::as_str).map(String::from);
            if gs.get(key).is_some() {
                return Err(format!(
                    "group {key:?} appears twice in {key_name:?} groups"
                ));
            }
            let mut one = Groups::default();
            *one.group(key) = Group {
                count,
                note,
                examples,
            };
            gs.merge(one);
        }
        Ok(gs)
    }

    fn write_human(
        &self,
        out: &mut String,
        title: &str,
        what: &str,
        total: u64,
        with_examples: bool,
    ) {
        let groups = self.sorted();
        let w = groups
            .iter()
            .map(|(_, g)| thousands(g.count).len())
            .max()
            .unwrap_or(0)
            .max("lines".len());
        // Notes line up after the keys, unless a key is longer than KEY_COLUMN.
        let kw = groups
            .iter()
            .map(|(k, _)| printable(k).width())
            .max()
            .unwrap_or(0)
            .min(KEY_COLUMN);
        let _ = writeln!(out, "\n{title}:");
        let _ = writeln!(out, "  {:>w$}   share  {what}", "lines");
        for (key, g) in groups {
            let key = printable(key);
            let _ = write!(
                out,
                "  {:>w$}  {:>6}  {key}",
                thousands(g.count),
                percent(g.count, total)
            );
            if let Some(note) = &g.note {
                spaces(out, kw.saturating_sub(key.width()));
                let _ = write!(out, "  see {}", printable(note));
            }
            out.push('\n');
            if with_examples {
                for e in &g.examples {
                    e.write_human(out, w + 12);
                }
            }
        }
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
    fn new(source: &str, line: u64, input: &[u8], offset: usize, column: u64) -> Example {
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

    fn to_json(&self) -> Value {
        let mut v = json!({
            "source": self.source,
            "line": self.line,
            "column": self.column,
            "offset": self.offset,
            "input": self.input,
        });
        if self.window_start > 0 {
            v["window_start"] = json!(self.window_start);
        }
        v
    }

    fn from_json(v: &Value) -> Result<Example, String> {
        let num = |k: &str| {
            v.get(k)
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("an example has no number {k:?}"))
        };
        let text = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(String::from)
                .ok_or_else(|| format!("an example has no string {k:?}"))
        };
        Ok(Example {
            source: text("source")?,
            line: num("line")?,
            column: num("column")?,
            offset: num("offset")?,
            input: text("input")?,
            window_start: v.get("window_start").and_then(Value::as_u64).unwrap_or(0),
        })
    }

    /// `source:line:column  text`, and a caret under the error on the next line; a long line
    /// is shown as a window around the error.
    fn write_human(&self, out: &mut String, indent: usize) {
        const BEFORE: usize = 60;
        const AFTER: usize = 30;
        let at = (self.offset.saturating_sub(self.window_start) as usize).min(self.input.len());
        let at = (0..=at)
            .rev()
            .find(|&k| self.input.is_char_boundary(k))
            .unwrap_or(0);
        let (head, tail) = self.input.split_at(at);
        let head: Vec<char> = head.chars().collect();
        let tail: Vec<char> = tail.chars().collect();
        let mut before = String::new();
        if head.len() > BEFORE || self.window_start > 0 {
            before.push('…');
        }
        before.extend(&head[head.len().saturating_sub(BEFORE)..]);
        let mut after: String = tail[..tail.len().min(AFTER)].iter().collect();
        if tail.len() > AFTER {
            after.push('…');
        }
        let place = format!("{}:{}:{}", printable(&self.source), self.line, self.column);
        let before = printable(&before);
        spaces(out, indent);
        let _ = writeln!(out, "{place}  {before}{}", printable(&after));
        // Wide characters (CJK, emoji) take two columns on a terminal.
        spaces(out, indent + place.width() + 2 + before.width());
        out.push_str("^\n");
    }
}

/// Append `n` spaces. (Not `{:n$}`: a width past `u16::MAX` makes the formatter panic, and
/// a label or a key can be that long.)
fn spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// What was found at the error, as a group key.
fn found(e: &Brief) -> String {
    match e.found {
        Some(' ') => "a space".into(),
        Some(c) if c.is_ascii_control() => format!("control character U+{:04X}", c as u32),
        Some(c) if c.is_ascii() => format!("{c:?}"),
        Some(_) => "a non-ASCII character".into(),
        // A byte that is no character ends the error one byte later (see `check_bytes`).
        None if e.end > e.offset => "a byte that is not UTF-8".into(),
        None => "the end of the line".into(),
    }
}

/// The 1-based column, in characters, of byte `offset` of `input` (its line, when it holds
/// line breaks): [`urigram::ErrorInfo::column`] of an error there. The bytes before an error
/// are UTF-8.
fn column_of(input: &[u8], offset: usize) -> u64 {
    let before = &input[..offset.min(input.len())];
    let text = match std::str::from_utf8(before) {
        Ok(t) => t,
        Err(u) => std::str::from_utf8(&before[..u.valid_up_to()]).unwrap_or_default(),
    };
    Position::of(text, offset).column as u64
}

/// `1234567` -> `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if k > 0 && (s.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` of `total` as a percentage with one decimal (two below 1%).
fn percent(n: u64, total: u64) -> String {
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
        let mut text = include_str!("../../examples/urls.txt").to_string();
        for g in Grammar::ALL {
            let path = format!(
                "{}/tests/cases/{}.txt",
                env!("CARGO_MANIFEST_DIR"),
                g.name()
            );
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
        let x = Example::new("t", 1, long.as_bytes(), e.offset, e.column as u64);
        assert!(x.input.len() <= EXAMPLE_BYTES);
        assert_eq!(x.window_start as usize + EXAMPLE_BYTES / 2, e.offset);
        assert!(x.input[EXAMPLE_BYTES / 2..].starts_with('z'));
        let mut out = String::new();
        x.write_human(&mut out, 0);
        let lines: Vec<&str> = out.lines().collect();
        let caret = lines[1].chars().count() - 1;
        assert_eq!(lines[0].chars().nth(caret), Some('z'));
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
