//! An open document kept up to date edit by edit: its text, where its lines start, and where
//! its URIs are (each with whether it conforms), so that an edit costs work near the edit,
//! not work over the whole document.
//!
//! # Barriers
//!
//! `urigram::extract` reads a text from left to right with no state but its place (and the
//! one character before an undelimited URI, which may be a bracket or quote that the URI's
//! end closes), and a URI it finds can reach across lines only in two ways: inside `<...>`
//! or `⟨...⟩` (up to the closing bracket, never past a blank line or another opening one)
//! and by the hyphen rule (a run that ends with `-`, or with a renderer's U+2010 HYPHEN or
//! U+00AD SOFT HYPHEN, before a line break goes on after it). So a place `p` in the text is
//! a *barrier*, where no URI crosses and the reading starts afresh, when
//!
//! - the byte before `p` is ASCII whitespace or `>` (so no run of URI characters goes on
//!   through `p`, and the character before a URI that starts at `p` is no bracket or quote,
//!   as at the start of a text),
//! - no `<` that may open a delimited URI (`<URL:` or `<` scheme `:`) is still open at `p`:
//!   the last such `<` before `p` is followed by a `>`, another `<` or a blank line before
//!   `p`, or it stands more than [`LOOKAHEAD`] bytes (and the length of a `⟩`) before `p`,
//!   beyond the reach of its closing bracket; and the same for `⟨` scheme `:` with `⟩` and
//!   `⟨`, and
//! - the last character before `p` that is no whitespace is not `-`, U+2010 or U+00AD (the
//!   hyphen rule).
//!
//! All three look only backwards from `p` (a `<` opens by what follows it up to the
//! whitespace before `p`), so a barrier before an edit stays one. Finding the URIs of the
//! text between two barriers on its own finds exactly the URIs that the whole text has
//! there (see docs/documents.md for the rules). An edit re-reads from the last checkpoint (a barrier remembered every
//! [`SPACING`] bytes) before it to the first barrier after it, and shifts the rest.
//!
//! # Markdown and HTML
//!
//! A document in Markdown or HTML is read as `extract` reads it in that syntax
//! ([`urigram::extract::extract_with`]): code spans, code blocks and comments hold no URIs, and a URI can be a
//! link destination or an attribute's value with its escapes decoded. The reading goes a part
//! at a time ([`extract_iter`], [`urigram::extract::FoundIter::next_part`]); the parts are
//! kept (where each starts and the index of its first URI), each URI as an [`Item`], found
//! again from its part when it is asked for, since its text alone does not show how to read it.
//!
//! An edit updates the text, the line starts, and the offsets of the URIs and parts after it
//! at once, and marks its place changed; the changed places are read again once, when the URIs
//! are next needed (to publish diagnostics or answer a request), however many edits came in
//! between. Where a Markdown part ends depends on the text around its end, not on where the
//! part started, so a place is read again from the start of the part it is in (or of the
//! part before, when the bytes that chose that start reach the place) until a part of the new
//! reading ends after the place where a part of the old reading ended: from there on the text
//! is the old one, and so are its parts and URIs, shifted. That is a part or two for an edit
//! in a paragraph, a link or a list item; an edit that opens a fenced code block or an HTML
//! block (or closes one) reads on to where it closes, or to the end, since the meaning of
//! everything up to there changed. HTML is read the same way: its parts end just after a
//! tag, where nothing is open (a comment, a raw-text element such as `<script>`, a code
//! element), where the text chooses; an edit that opens a comment or leaves a code element
//! open reads on to where it closes, or to the end.

use std::cell::RefCell;
use std::ops::Range;

use lsp_types::Uri;
use urigram::Grammar;
use urigram::extract::{Found, LOOKAHEAD, Options, Syntax, extract, extract_iter};

/// How many URIs of a Markdown or HTML part are kept after it is read again for one of them.
const KEPT: usize = 1024;

/// Checkpoints are kept at least this many bytes apart.
const SPACING: usize = 4096;
/// A whole document is read in parts of about this size, between barriers, so that the
/// errors of one part are all that is held at once.
const PART: usize = 64 * 1024;

/// A URI of the document: from its first byte (with delimiters) to one past its last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Item {
    pub start: usize,
    pub end: usize,
    pub valid: bool,
}

pub(super) struct Doc {
    pub uri: Uri,
    pub text: String,
    pub version: Option<i32>,
    /// Byte offsets where lines start; lines end at `\n`, `\r\n` or `\r`.
    pub lines: Vec<usize>,
    /// The URIs, in order.
    pub items: Vec<Item>,
    /// Barriers, in order; the first is 0.
    checkpoints: Vec<usize>,
    /// How many items do not conform.
    pub invalid: usize,
    /// How the text is read.
    pub syntax: Syntax,
    /// A document whose syntax its headers name (a Python package's `METADATA` or
    /// `PKG-INFO`, read as its `Description-Content-Type` says): where its headers end (the
    /// start of the first empty line, or the text's end), so that an edit before that place
    /// makes the server read the headers again. `None` for the others.
    pub headers: Option<usize>,
    /// Markdown and HTML: the parts of the text that the reading read at once, in order, from
    /// the start of the text to its end (see [`urigram::extract::FoundIter::next_part`]: a
    /// part read alone finds its URIs again); empty for plain text. Each URI is found again
    /// from its part when it is asked for, so that what is kept of a URI is its [`Item`].
    parts: Vec<Part>,
    /// Markdown and HTML: URIs of the parts last read again, for the requests that ask for
    /// URI after URI, and for the diagnostics published after each edit: at most
    /// [`KEPT_ALL`] URIs, the part read last last, kept across the edits that do not touch
    /// them.
    cache: RefCell<Vec<Kept>>,
    /// Markdown, reStructuredText and HTML: the URIs last found for a diagnostic, by where
    /// they start, kept across the edits that do not read their part again (at most
    /// [`SHOWN`]): publishing the diagnostics of a document whose invalid URIs are spread
    /// over all of it reads no part again after a keystroke but the one edited, where it
    /// read every part that holds one of the first 1,000 (its URIs found again).
    shown: RefCell<Vec<Shown>>,
    /// Markdown and HTML: the places changed since `items` were found (offsets in the text
    /// as it is now, in order, apart), each from the start of an edit to the end of the
    /// text it put in.
    dirty: Vec<Range<usize>>,
    /// Markdown and HTML: what the last change read again, and how many bytes the last
    /// refresh read.
    last_read: Range<usize>,
    read_bytes: usize,
}

/// URIs of a part read again: where the part starts and how long it is, the index in
/// `items` of the first URI kept, and at most [`KEPT`] URIs from there (offsets from the
/// part's start).
struct Kept {
    start: usize,
    len: usize,
    from: usize,
    found: Vec<Found<'static>>,
}

/// A URI found for a diagnostic: where it starts in the text (its [`Item::start`]), how far
/// before that the part it was found in starts, and the URI (offsets counted from the part's
/// start).
struct Shown {
    at: usize,
    back: usize,
    found: Found<'static>,
}

/// At most this many diagnostics are published for a document; one more, of severity
/// information, says how many URIs past them do not conform.
pub const MAX_DIAGNOSTICS: usize = 1000;

/// How many URIs found for diagnostics are kept at most: those of two publications.
const SHOWN: usize = 2 * MAX_DIAGNOSTICS;

/// How many URIs of parts read again are kept at most, of all parts (the first 1,000
/// diagnostics may need those of a few dozen parts).
const KEPT_ALL: usize = 8 * KEPT;

/// A part of a Markdown or HTML document: where it starts (it ends where the next starts, or
/// at the text's end), and the index in `items` of its first URI (of the next part's first
/// when it has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Part {
    start: usize,
    first: usize,
}

/// The reading state of the barrier scan (see the module documentation).
#[derive(Clone, Copy)]
struct Scan {
    /// A `<` that may open a delimited URI is open.
    pending: bool,
    /// Where that `<` stands.
    pending_at: usize,
    /// A `⟨` that may open a delimited URI is open.
    pending_math: bool,
    /// Where that `⟨` stands.
    math_at: usize,
    /// The last character that is no whitespace is `-`.
    hyphen: bool,
    /// The current line holds only spaces, tabs, `\r`, VT and FF so far, after a `\n`.
    blank: bool,
}

/// The bytes that [`Scan::step`] takes in alike, with no barrier after them: ASCII but `<`,
/// `>`, `-`, whitespace and line breaks.
const PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = !matches!(
            c as u8,
            b'<' | b'>' | b'-' | b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C
        );
        c += 1;
    }
    t
};

/// Whether `<` at `i` may open a delimited URI: `<URL:` or `<` scheme `:`.
fn opens(b: &[u8], i: usize) -> bool {
    b[i + 1..].starts_with(b"URL:") || scheme_colon(b, i + 1)
}

/// Whether a scheme and `:` start at `k`.
fn scheme_colon(b: &[u8], k: usize) -> bool {
    match b.get(k) {
        Some(c) if c.is_ascii_alphabetic() => {
            let n = b[k..]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
                .count();
            b.get(k + n) == Some(&b':')
        }
        _ => false,
    }
}

/// `⟨` and `⟩` (U+27E8, U+27E9), man-pages' delimiters around URLs.
const MATH_OPEN: &str = "\u{27E8}";
const MATH_CLOSE: &str = "\u{27E9}";

impl Scan {
    /// The state at a barrier `p` of `text`.
    fn at(text: &str, p: usize) -> Scan {
        Scan {
            pending: false,
            pending_at: 0,
            pending_math: false,
            math_at: 0,
            hyphen: false,
            blank: p > 0 && text.as_bytes()[p - 1] == b'\n',
        }
    }

    /// Take in byte `i`.
    fn step(&mut self, text: &str, i: usize) {
        let b = text.as_bytes();
        match b[i] {
            b'<' => {
                self.pending = opens(b, i);
                self.pending_at = i;
                self.hyphen = false;
                self.blank = false;
            }
            b'>' => {
                self.pending = false;
                self.hyphen = false;
                self.blank = false;
            }
            b'\n' => {
                if self.blank {
                    self.pending = false;
                    self.pending_math = false;
                }
                self.blank = true;
            }
            b' ' | b'\t' | b'\r' | 0x0B | 0x0C => {}
            b'-' => {
                self.hyphen = true;
                self.blank = false;
            }
            0x80..=0xBF => {} // inside a character
            c if c >= 0xC0 => {
                let ch = text[i..].chars().next().unwrap_or(' ');
                if text[i..].starts_with(MATH_OPEN) {
                    self.pending_math = scheme_colon(b, i + MATH_OPEN.len());
                    self.math_at = i;
                } else if text[i..].starts_with(MATH_CLOSE) {
                    self.pending_math = false;
                }
                if !ch.is_whitespace() {
                    self.hyphen = matches!(ch, '\u{2010}' | '\u{AD}');
                }
                self.blank = false;
            }
            _ => {
                self.hyphen = false;
                self.blank = false;
            }
        }
    }

    /// Whether the place after byte `i` (taken in) is a barrier. A `<` or `⟨` still open
    /// there is no matter when its closing bracket could no longer come: a delimiter's
    /// closing bracket stands within [`LOOKAHEAD`] bytes of its opening one, so whatever it
    /// delimits has ended before this place, and an unclosed `<URL:` at the top of a large
    /// document does not make every edit below it read the rest of the document again.
    fn barrier_after(&self, b: &[u8], i: usize) -> bool {
        let open = |pending: bool, at: usize| pending && i - at <= LOOKAHEAD + MATH_CLOSE.len();
        !open(self.pending, self.pending_at)
            && !open(self.pending_math, self.math_at)
            && !self.hyphen
            && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b'>')
    }
}

/// Where the headers of a `METADATA` or `PKG-INFO` text end: the start of its first empty
/// line (lines end at `\n`, as [`Syntax::detect`] reads them), or the text's end.
pub(super) fn headers_end(text: &str) -> usize {
    let b = text.as_bytes();
    let mut start = 0;
    while start < b.len() {
        let end = memchr_nl(&b[start..]).map_or(b.len(), |k| start + k);
        if b[start..end]
            .strip_suffix(b"\r")
            .unwrap_or(&b[start..end])
            .is_empty()
        {
            return start;
        }
        start = end + 1;
    }
    b.len()
}

fn memchr_nl(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n')
}

/// Byte offsets where lines start.
pub(super) fn line_starts(text: &str) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(starts_in(text, 1, text.len()));
    v
}

/// The line starts `s` with `from <= s <= to` (`from >= 1`): `s` follows a `\n`, or a `\r`
/// that no `\n` follows.
fn starts_in(text: &str, from: usize, to: usize) -> impl Iterator<Item = usize> + '_ {
    let b = text.as_bytes();
    (from..=to.min(b.len())).filter(move |&s| {
        s >= 1 && (b[s - 1] == b'\n' || (b[s - 1] == b'\r' && b.get(s) != Some(&b'\n')))
    })
}

impl Doc {
    pub fn new(
        uri: Uri,
        text: String,
        version: Option<i32>,
        grammar: Grammar,
        syntax: Syntax,
    ) -> Doc {
        let lines = line_starts(&text);
        let mut d = Doc {
            uri,
            text,
            version,
            lines,
            items: Vec::new(),
            checkpoints: vec![0],
            invalid: 0,
            syntax,
            headers: None,
            parts: Vec::new(),
            cache: RefCell::new(Vec::new()),
            shown: RefCell::new(Vec::new()),
            dirty: Vec::new(),
            last_read: 0..0,
            read_bytes: 0,
        };
        d.reread(grammar);
        d
    }

    /// Find every URI again (a new grammar).
    pub fn reread(&mut self, grammar: Grammar) {
        self.dirty.clear();
        if self.syntax != Syntax::Plain {
            // The old URIs go first, so that the two readings are never held at once.
            self.items = Vec::new();
            self.parts = Vec::new();
            self.cache.get_mut().clear();
            self.shown.get_mut().clear();
            (self.parts, self.items, _) = read_parts(&self.text, 0, grammar, self.syntax, None);
            self.items.shrink_to_fit();
            self.parts.shrink_to_fit();
            self.invalid = self.items.iter().filter(|i| !i.valid).count();
            return;
        }
        // (A document read in another syntax before keeps nothing of it.)
        self.parts = Vec::new();
        self.cache.get_mut().clear();
        self.shown.get_mut().clear();
        let len = self.text.len();
        let (checkpoints, _) = self.scan(0, len, None);
        self.checkpoints = checkpoints;
        self.items.clear();
        // Read in parts between checkpoints.
        let mut start = 0;
        let mut k = 0;
        while start < len {
            while k < self.checkpoints.len() && self.checkpoints[k] < start + PART {
                k += 1;
            }
            let end = self.checkpoints.get(k).copied().unwrap_or(len);
            self.items.extend(read(&self.text, start..end, grammar));
            start = end;
        }
        self.invalid = self.items.iter().filter(|i| !i.valid).count();
    }

    /// Scan from the barrier `from` to at least `min_end`, then on to the first barrier `e`
    /// that `accept` takes (`None`: any), or the end. The checkpoints found on the way
    /// (`from` first), and `e`.
    fn scan(
        &self,
        from: usize,
        min_end: usize,
        accept: Option<&dyn Fn(usize) -> bool>,
    ) -> (Vec<usize>, usize) {
        let t = &self.text;
        let b = t.as_bytes();
        let mut st = Scan::at(t, from);
        let mut cps = vec![from];
        let mut last = from;
        let mut i = from;
        while i < b.len() {
            if PLAIN[usize::from(b[i])] {
                // A run of them at once: each would clear `hyphen` and `blank`, and none ends
                // a barrier (a URI of 5 MB is read at memory speed, not a state a byte).
                let run = b[i..].iter().position(|&c| !PLAIN[usize::from(c)]);
                i = run.map_or(b.len(), |k| i + k);
                (st.hyphen, st.blank) = (false, false);
                continue;
            }
            st.step(t, i);
            i += 1;
            if !st.barrier_after(b, i - 1) {
                continue;
            }
            if let Some(f) = accept
                && i >= min_end
                && f(i)
            {
                return (cps, i);
            }
            if i - last >= SPACING {
                cps.push(i);
                last = i;
            }
        }
        (cps, b.len())
    }

    /// Replace `range` (bytes, clamped to character boundaries by the caller) with `new`,
    /// and find the URIs near it again.
    pub fn edit(&mut self, range: Range<usize>, new: &str, grammar: Grammar) {
        let (a, b) = (range.start, range.end.max(range.start));
        self.text.replace_range(a..b, new);
        let n = new.len();
        let delta = n as isize - (b - a) as isize;
        let shift = |p: usize| (p as isize + delta) as usize;

        // Lines: those that start in a..=b are found again; the rest shift.
        let lo = self.lines.partition_point(|&s| s < a.max(1));
        let hi = self.lines.partition_point(|&s| s <= b);
        let fresh: Vec<usize> = starts_in(&self.text, a.max(1), a + n).collect();
        let k = lo + fresh.len();
        self.lines.splice(lo..hi, fresh);
        for s in &mut self.lines[k..] {
            *s = shift(*s);
        }
        if self.syntax != Syntax::Plain {
            self.mark(a, b, n);
            return;
        }

        // The region: from the last checkpoint at or before `a` to the first barrier after
        // the new text that no old URI crosses.
        let ci = self.checkpoints.partition_point(|&c| c <= a);
        let s = self.checkpoints[ci.saturating_sub(1)];
        let items = &self.items;
        let crosses = |e: usize| -> bool {
            let old = (e as isize - delta) as usize;
            let k = items.partition_point(|it| it.start < old);
            k > 0 && items[k - 1].end > old
        };
        let accept = |e: usize| !crosses(e);
        let (cps, e) = self.scan(s, a + n + 1, Some(&accept));
        let e_old = (e as isize - delta) as usize;

        // Items: those in s..e_old are read again; the rest shift.
        let found = read(&self.text, s..e, grammar);
        let i0 = self.items.partition_point(|it| it.start < s);
        let i1 = self.items.partition_point(|it| it.start < e_old);
        self.invalid -= self.items[i0..i1].iter().filter(|i| !i.valid).count();
        self.invalid += found.iter().filter(|i| !i.valid).count();
        for it in &mut self.items[i1..] {
            it.start = shift(it.start);
            it.end = shift(it.end);
        }
        self.items.splice(i0..i1, found);

        // Checkpoints: those in s..e_old are the scan's (its first is `s` itself, also when
        // the region ends where it starts: an edit at the end of the text); the rest shift.
        let k0 = ci.saturating_sub(1);
        let k1 = self
            .checkpoints
            .partition_point(|&c| c < e_old)
            .max(k0 + 1)
            .min(self.checkpoints.len());
        for c in &mut self.checkpoints[k1..] {
            *c = shift(*c);
        }
        self.checkpoints.splice(k0..k1, cps);
    }

    /// Markdown and HTML: the edit that put `n` bytes in place of `a..b` of the text (before
    /// the edit): the URIs and parts after it shift, and the place is read again at the next
    /// [`Doc::refresh`].
    fn mark(&mut self, a: usize, b: usize, n: usize) {
        // The URIs kept of a part the edit touches go; those of the parts after it shift.
        self.cache.get_mut().retain_mut(|c| {
            let keep = a > c.start + c.len || b < c.start;
            if keep && c.start > b {
                c.start = c.start - b + a + n;
            }
            keep
        });
        // A place inside the replaced text moves to the end of the new text.
        let map = |p: usize| match p {
            p if p <= a => p,
            p if p < b => a + n,
            p => p - b + a + n,
        };
        // The URIs kept for diagnostics move with their items (one that the edit touches is
        // read again, and goes then).
        for x in self.shown.get_mut() {
            x.at = map(x.at);
        }
        // Only the URIs and parts from the edit on move.
        let i = self.items.partition_point(|it| it.end <= a);
        for it in &mut self.items[i..] {
            (it.start, it.end) = (map(it.start), map(it.end));
        }
        let k = self.parts.partition_point(|p| p.start <= a);
        for p in &mut self.parts[k..] {
            p.start = map(p.start);
        }
        let mut new = a..a + n;
        let mut kept = Vec::with_capacity(self.dirty.len() + 1);
        for d in self.dirty.drain(..) {
            let d = map(d.start)..map(d.end);
            if d.end < new.start || new.end < d.start {
                kept.push(d);
            } else {
                new = new.start.min(d.start)..new.end.max(d.end);
            }
        }
        let at = kept.partition_point(|d| d.start < new.start);
        kept.insert(at, new);
        self.dirty = kept;
    }

    /// Markdown and HTML: find the URIs again where the text changed since they were found.
    /// Markdown is read again from a part before each change on, until a part of the new
    /// reading ends after the change where a part of the old reading ended: from there on the
    /// text and so its parts and URIs are the old ones, shifted. HTML likewise.
    pub fn refresh(&mut self, grammar: Grammar) {
        if self.dirty.is_empty() {
            return;
        }
        // A reading that went on past a later change read it too: from the end of the
        // reading on, the text is the one its parts were found in.
        let mut read_to: Option<usize> = None;
        self.read_bytes = 0;
        for d in std::mem::take(&mut self.dirty) {
            if read_to.is_some_and(|r| d.end < r || r == self.text.len()) {
                continue;
            }
            self.read_again(d, grammar);
            read_to = Some(self.last_read.end);
            self.read_bytes += self.last_read.len();
        }
    }

    /// Markdown: read `changed` (offsets in the text as it is) and its neighbourhood again.
    fn read_again(&mut self, changed: Range<usize>, grammar: Grammar) {
        let t = &self.text;
        // The part to start from: the last that starts at or before the change and whose
        // start was chosen by text before the change (its line and the bytes that choose it,
        // see `urigram::extract::FoundIter::next_part`).
        let mut j = self
            .parts
            .partition_point(|p| p.start <= changed.start)
            .saturating_sub(1);
        while j > 0 && !settled_before(t, self.parts[j].start, changed.start) {
            j -= 1;
        }
        let from = self.parts.get(j).map_or(0, |p| p.start);
        let old = &self.parts;
        let meets = |end: usize| {
            end > changed.end && {
                let k = old.partition_point(|p| p.start < end);
                k > j && old.get(k).is_some_and(|p| p.start == end)
            }
        };
        let (mut parts, found, end) = read_parts(t, from, grammar, self.syntax, Some(&meets));
        self.last_read = from..end;
        // Parts and URIs in `from..end` are the new reading's; those after shift in `items`.
        let i0 = self.items.partition_point(|it| it.start < from);
        let i1 = self.items.partition_point(|it| it.start < end);
        self.invalid -= self.items[i0..i1].iter().filter(|i| !i.valid).count();
        self.invalid += found.iter().filter(|i| !i.valid).count();
        let (removed, added) = (i1 - i0, found.len());
        self.items.splice(i0..i1, found);
        // The URIs kept of the parts read again go; the indices of those after them move.
        self.cache.get_mut().retain_mut(|c| {
            if c.start >= end {
                c.from = (c.from + added).saturating_sub(removed);
            }
            c.start >= end || c.start + c.len <= from
        });
        self.shown.get_mut().retain(|x| x.at < from || x.at >= end);
        let p1 = self.parts.partition_point(|p| p.start < end);
        for p in &mut self.parts[p1..] {
            p.first = p.first - removed + added;
        }
        for p in &mut parts {
            p.first += i0;
        }
        self.parts.splice(j..p1, parts);
    }

    /// The URI that `items[k]` is, and the offset in the text that its offsets count from.
    /// Plain text finds it again from its own text; Markdown and HTML from the part of the
    /// text it was read in.
    pub fn found(&self, k: usize, grammar: Grammar) -> Option<(usize, Found<'_>)> {
        debug_assert!(self.dirty.is_empty(), "URIs read before a refresh");
        if self.syntax != Syntax::Plain {
            let b = self
                .parts
                .partition_point(|p| p.first <= k)
                .checked_sub(1)?;
            let first = self.parts.get(b)?.first;
            let end = self.parts.get(b + 1).map_or(self.text.len(), |p| p.start);
            let range = self.parts[b].start..end;
            let mut cache = self.cache.borrow_mut();
            let hit = |c: &Kept| {
                c.start == range.start
                    && c.len == range.len()
                    && (c.from..c.from + c.found.len()).contains(&k)
            };
            let at = match cache.iter().rposition(hit) {
                Some(at) => at,
                None => {
                    // The part read again; the URIs from `k` on kept (a part may be long, as
                    // after a code element left open in HTML: not all of its URIs at once).
                    let part = self.text.get(range.clone())?;
                    let found = extract_iter(part, grammar, self.syntax, Options::default())
                        .skip(k - first)
                        .take(KEPT)
                        .map(Found::into_owned)
                        .collect();
                    cache.push(Kept {
                        start: range.start,
                        len: range.len(),
                        from: k,
                        found,
                    });
                    let mut all: usize = cache.iter().map(|c| c.found.len()).sum();
                    while all > KEPT_ALL && cache.len() > 1 {
                        all -= cache.remove(0).found.len();
                    }
                    cache.len() - 1
                }
            };
            let c = &cache[at];
            return Some((range.start, c.found.get(k - c.from)?.clone()));
        }
        let item = self.items.get(k)?;
        let f = extract(&self.text[item.start..item.end], grammar)
            .into_iter()
            .next()?;
        Some((item.start, f))
    }

    /// [`Doc::found`] for a diagnostic: in Markdown, reStructuredText and HTML the URIs found
    /// are kept (at most [`SHOWN`]) until an edit reads their part again, so that the
    /// diagnostics published after a keystroke read again only what the keystroke changed.
    pub fn found_shown(&self, k: usize, grammar: Grammar) -> Option<(usize, Found<'_>)> {
        if self.syntax == Syntax::Plain {
            return self.found(k, grammar);
        }
        let at = self.items.get(k)?.start;
        {
            let shown = self.shown.borrow();
            let i = shown.partition_point(|x| x.at < at);
            if let Some(x) = shown.get(i).filter(|x| x.at == at) {
                return Some((at - x.back, x.found.clone()));
            }
        }
        let (base, f) = self.found(k, grammar)?;
        let f = f.into_owned();
        let mut shown = self.shown.borrow_mut();
        if shown.len() >= SHOWN {
            shown.clear();
        }
        let i = shown.partition_point(|x| x.at < at);
        shown.insert(
            i,
            Shown {
                at,
                back: at - base,
                found: f.clone(),
            },
        );
        Some((base, f))
    }

    /// The index of the item whose outer range holds `offset`.
    pub fn item_at(&self, offset: usize) -> Option<usize> {
        let k = self.items.partition_point(|it| it.start <= offset);
        let k = k.checked_sub(1)?;
        (offset < self.items[k].end).then_some(k)
    }

    /// The items that meet `range` (an empty range meets the item it is in or touches).
    pub fn items_in(&self, range: Range<usize>) -> Range<usize> {
        let lo = self.items.partition_point(|it| it.end < range.start);
        let hi = self.items.partition_point(|it| it.start <= range.end);
        lo..hi.max(lo)
    }

    #[cfg(test)]
    pub fn checkpoints(&self) -> &[usize] {
        &self.checkpoints
    }
}

/// Markdown and HTML: the parts of `text` from `from` (where a part starts) on, each with the
/// index of its first URI in the URIs found, the URIs, offsets counted in `text`, and where
/// the reading stopped: at the end of the first part whose end `stop` takes, or the text's
/// end.
fn read_parts(
    text: &str,
    from: usize,
    grammar: Grammar,
    syntax: Syntax,
    stop: Option<&dyn Fn(usize) -> bool>,
) -> (Vec<Part>, Vec<Item>, usize) {
    let (mut parts, mut items) = (Vec::new(), Vec::new());
    let mut it = extract_iter(&text[from..], grammar, syntax, Options::default());
    while let Some(r) = it.next_part() {
        parts.push(Part {
            start: from + r.start,
            first: items.len(),
        });
        while let Some(f) = it.next_in_part() {
            items.push(Item {
                start: from + f.outer.start,
                end: from + f.outer.end,
                valid: f.is_valid(),
            });
        }
        let end = from + r.end;
        if end < text.len() && stop.is_some_and(|stop| stop(end)) {
            return (parts, items, end);
        }
    }
    (parts, items, text.len())
}

/// Whether the start `p` of a Markdown part was chosen by the text before `a` alone: what
/// chooses it is its line (a definition, a blank line, an autolink's scheme) and the 8 bytes
/// from it.
fn settled_before(text: &str, p: usize, a: usize) -> bool {
    p + 8 < a
        && text.as_bytes()[p..a]
            .iter()
            .any(|&c| matches!(c, b'\n' | b'\r'))
}

/// The URIs of `text[range]` (between barriers), their offsets counted in `text`.
fn read(text: &str, range: Range<usize>, grammar: Grammar) -> Vec<Item> {
    let base = range.start;
    extract(&text[range], grammar)
        .into_iter()
        .map(|f| Item {
            start: base + f.outer.start,
            end: base + f.outer.end,
            valid: f.is_valid(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri() -> Uri {
        "file:///t.txt".parse().unwrap()
    }

    fn whole(text: &str) -> Vec<Item> {
        read(text, 0..text.len(), Grammar::Rfc2396)
    }

    const BITS: &[&str] = &[
        "<",
        ">",
        "<URL:",
        "URL:",
        "http:",
        "http://",
        "mailto:",
        "x://",
        "a",
        "b.c",
        "-",
        "-\n",
        "\n",
        "\n\n",
        " ",
        "\t",
        "\r\n",
        "\r",
        "é",
        "😀",
        "\u{a0}",
        ")",
        "(",
        "]",
        ".",
        ",",
        ":",
        "%",
        "%4",
        "%zz",
        "\"",
        "'",
        "#",
        "?",
        "/",
        "@",
        "1",
        " \n \n",
        "`",
        "{",
        "}",
        "[",
        "\\",
        "\u{2010}",
        "\u{2010}\n",
        "\u{ad}\n",
        "\u{27e8}",
        "\u{27e9}",
        "\u{27e8}http:",
        "\u{2039}",
        "\u{203a}",
        "[x](",
        "](",
        "::",
    ];

    fn random_text(rng: &mut fastrand::Rng, n: usize) -> String {
        (0..n).map(|_| BITS[rng.usize(..BITS.len())]).collect()
    }

    fn boundary(t: &str, mut k: usize) -> usize {
        while !t.is_char_boundary(k) {
            k -= 1;
        }
        k
    }

    /// Edits anywhere in random texts: the items are always those of reading the whole text,
    /// the line starts those of the whole text, and each item found on its own is itself.
    #[test]
    fn edits_keep_what_a_whole_reading_finds() {
        let mut rng = fastrand::Rng::with_seed(0x1234_5678_9ABC_DEF1);
        for round in 0..300 {
            let n = 50 + rng.usize(..3000);
            let text = random_text(&mut rng, n);
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
            assert_eq!(d.items, whole(&d.text));
            for _ in 0..20 {
                let len = d.text.len();
                let a = boundary(&d.text, rng.usize(..len + 1));
                let b = boundary(&d.text, (a + rng.usize(..20)).min(len));
                let k = rng.usize(..4);
                let new = random_text(&mut rng, k);
                d.edit(a..b, &new, Grammar::Rfc2396);
                let want = whole(&d.text);
                assert_eq!(d.items, want, "round {round}: {:?}", d.text);
                assert_eq!(d.lines, line_starts(&d.text));
                assert_eq!(d.invalid, want.iter().filter(|i| !i.valid).count());
                for c in d.checkpoints() {
                    assert!(!want.iter().any(|i| i.start < *c && *c < i.end));
                }
            }
            let all = extract(&d.text, Grammar::Rfc2396);
            for (k, f) in all.iter().enumerate() {
                let (base, g) = d.found(k, Grammar::Rfc2396).unwrap();
                assert_eq!(base, d.items[k].start);
                assert_eq!(
                    g.text,
                    f.text,
                    "{:?}",
                    &d.text[f.outer.start.saturating_sub(3)..(f.outer.end + 3).min(d.text.len())]
                );
                assert_eq!(g.range.start + base, f.range.start);
                assert_eq!(g.result.is_ok(), f.result.is_ok());
                if let (Err(x), Err(y)) = (&g.result, &f.result) {
                    assert_eq!(x.offset() + base, y.offset());
                    assert_eq!(x.code(), y.code());
                    let (x, y) = (g.error(&d.text[base..]).unwrap(), f.error(&d.text).unwrap());
                    assert_eq!(x.message(), y.message());
                    assert_eq!(x.offset() + base, y.offset());
                }
            }
        }
    }

    /// Documents that start empty or small and grow and shrink at their end: the checkpoints
    /// stay strictly increasing (an edit at the end once kept a stale one, and a later edit
    /// then panicked), and the items are those of a whole reading.
    #[test]
    fn edits_at_the_end_of_small_documents() {
        let mut rng = fastrand::Rng::with_seed(0x0021_0022_0023_0024);
        for round in 0..300 {
            let n = rng.usize(..3);
            let text = random_text(&mut rng, n);
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
            for _ in 0..30 {
                let len = d.text.len();
                let a = boundary(&d.text, len.saturating_sub(rng.usize(..4)));
                let b = if rng.bool() { len } else { a };
                let k = rng.usize(..3);
                let new = random_text(&mut rng, k);
                d.edit(a..b, &new, Grammar::Rfc2396);
                assert_eq!(d.items, whole(&d.text), "round {round}: {:?}", d.text);
                let cps = d.checkpoints();
                assert!(cps.windows(2).all(|w| w[0] < w[1]), "{cps:?}");
            }
        }
    }

    #[test]
    fn big_documents_read_in_parts() {
        let text = "see http://a/%zz and <URL:http://b/\n c> ok\n".repeat(20_000);
        let d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(d.items, whole(&d.text));
        assert_eq!(d.invalid, 20_000);
        assert!(d.checkpoints().len() > 100);
    }

    /// A URI in `⟨...⟩` over two lines and one broken by groff's U+2010 at a line end: no
    /// barrier inside either, so edits anywhere near them find what a whole reading finds.
    #[test]
    fn barriers_wait_for_math_brackets_and_renderer_hyphens() {
        let unit = "see \u{27e8}http://a/\n   b\u{27e9} and http://c.d\u{2010}\n   e/f ok\n";
        let text = unit.repeat(300);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(d.items, whole(&d.text));
        assert_eq!(d.items.len(), 600);
        for c in d.checkpoints() {
            assert!(!d.items.iter().any(|i| i.start < *c && *c < i.end));
        }
        let mid = d.text.len() / 2;
        for k in 0..unit.len() {
            let at = boundary(&d.text, mid + k);
            d.edit(at..at, "x", Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text), "insert at {at}");
            d.edit(at..at + 1, "", Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text), "delete at {at}");
        }
    }

    /// An unclosed `<URL:` or `⟨http:` near the top of a large document: edits far below it
    /// read again only near themselves, and still find what a whole reading finds, also when
    /// an edit closes the bracket within reach or moves it out of reach.
    #[test]
    fn an_unclosed_delimiter_does_not_widen_edits() {
        for open in ["<URL:", "\u{27e8}http:"] {
            let unit = "text http://a/b c d\n";
            let text = format!("{open}x\n{}", unit.repeat(20_000));
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
            assert_eq!(d.items, whole(&d.text));
            // Checkpoints resume past the look-ahead, not only at the end.
            let cps = d.checkpoints().len();
            assert!(cps > d.text.len() / SPACING / 2, "{cps} checkpoints");
            let far = d.text.len() / 2;
            let at = boundary(&d.text, far);
            d.edit(at..at, "y", Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text));
            // Near the bracket: a `>`/`⟩` typed within reach closes it; deleted, it is open.
            let close = if open == "<URL:" { ">" } else { "\u{27e9}" };
            let near = open.len() + 1;
            d.edit(near..near, close, Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text));
            d.edit(near..near + close.len(), "", Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text));
            // Text inserted right after the bracket moves what follows out of its reach.
            d.edit(near..near, &"z".repeat(LOOKAHEAD), Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text));
        }
    }

    /// A template (no URI) that the hyphen rule carried over a blank line onto a `⟨...⟩`:
    /// an edit that ends the template's line must find the URI it no longer hides.
    #[test]
    fn an_edit_that_ends_a_template_finds_what_it_hid() {
        let text = "x http://{a}-\n\n\u{27e8}http://b/\u{27e9} y\n";
        let mut d = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(d.items, whole(&d.text));
        let a = text.find('-').unwrap();
        d.edit(a..a + 1, "", Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text));
        assert_eq!(d.items.len(), 1);
    }

    const MARKUP: &[&str] = &[
        "`",
        "```\n",
        "~~~\n",
        "    ",
        "[a](",
        ")",
        "](http://x/%zz)",
        "<!--",
        "-->",
        "<a href=\"",
        "\">",
        "&amp;",
        "&#",
        ";",
        "<code>",
        "</code>",
        "<pre>",
        "</pre>",
        "\\",
        "*",
        "# ",
        "> ",
        "- ",
        "<",
        ">",
        "http://",
        "x.y/",
        "%zz",
        " ",
        "\n",
        "\n\n",
        "\r\n",
        "é",
        "'",
    ];

    fn random_markup(rng: &mut fastrand::Rng, n: usize) -> String {
        (0..n)
            .map(|_| {
                if rng.bool() {
                    MARKUP[rng.usize(..MARKUP.len())]
                } else {
                    BITS[rng.usize(..BITS.len())]
                }
            })
            .collect()
    }

    /// Markdown and HTML: after any run of edits and a refresh, the URIs are those that
    /// reading the whole text in its syntax finds, each as found there.
    #[test]
    fn markup_edits_then_refresh_find_what_a_whole_reading_finds() {
        let mut rng = fastrand::Rng::with_seed(0x2732_1630_1738_2396);
        let (mut seen, mut invalid) = (0, 0);
        for syntax in [Syntax::Markdown, Syntax::Html] {
            for round in 0..60 {
                let n = 20 + rng.usize(..400);
                let text = random_markup(&mut rng, n);
                let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, syntax);
                for _ in 0..10 {
                    for _ in 0..rng.usize(1..4) {
                        let len = d.text.len();
                        let a = boundary(&d.text, rng.usize(..len + 1));
                        let b = boundary(&d.text, (a + rng.usize(..12)).min(len));
                        let k = rng.usize(..3);
                        let new = random_markup(&mut rng, k);
                        d.edit(a..b, &new, Grammar::Rfc2396);
                        assert_eq!(d.lines, line_starts(&d.text));
                    }
                    d.refresh(Grammar::Rfc2396);
                    let all = urigram::extract::extract_with(&d.text, Grammar::Rfc2396, syntax);
                    assert_eq!(
                        d.items.len(),
                        all.len(),
                        "{syntax:?} round {round}: {:?}",
                        d.text
                    );
                    assert_eq!(d.invalid, all.iter().filter(|f| !f.is_valid()).count());
                    seen += all.len();
                    invalid += d.invalid;
                    for (k, f) in all.iter().enumerate() {
                        assert_eq!(d.items[k].start, f.outer.start);
                        assert_eq!(d.items[k].end, f.outer.end);
                        // Found again from its part of the text, its offsets from there.
                        let (base, g) = d.found(k, Grammar::Rfc2396).unwrap();
                        assert_eq!((&g.text, g.delimiter), (&f.text, f.delimiter));
                        assert_eq!(base + g.outer.start, f.outer.start);
                        assert_eq!(base + g.range.start, f.range.start);
                        let stop = |f: &Found<'_>| f.result.err().map(|b| (b.offset(), b.code()));
                        assert_eq!(stop(&g).map(|(o, c)| (o + base, c)), stop(f));
                    }
                }
            }
        }
        // The texts hold URIs, valid and not.
        assert!(
            seen > 2000 && invalid > 500,
            "{seen} URIs, {invalid} invalid"
        );
    }

    /// The documents of `tests/documents/` whose name ends with `ext`.
    fn corpus(ext: &str) -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/documents");
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(ext) && !p.ends_with("README.md"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// The URIs, parts and count of invalid URIs of `d` are those of reading its text whole,
    /// and each URI found again from its part is the one the whole reading found.
    fn assert_whole(d: &Doc, what: &str) {
        let fresh = Doc::new(uri(), d.text.clone(), None, Grammar::Rfc3986, d.syntax);
        assert_eq!(d.items, fresh.items, "{what}");
        assert_eq!(d.parts, fresh.parts, "{what}");
        assert_eq!(d.invalid, fresh.invalid, "{what}");
    }

    /// Each URI found again from its part (or from the URIs kept of it, across edits) is the
    /// one a whole reading finds.
    fn assert_found(d: &Doc) {
        let all = urigram::extract::extract_with(&d.text, Grammar::Rfc3986, d.syntax);
        assert_eq!(all.len(), d.items.len());
        for (k, f) in all.iter().enumerate() {
            let (base, g) = d.found(k, Grammar::Rfc3986).unwrap();
            assert_eq!((&g.text, base + g.range.start), (&f.text, f.range.start));
            assert_eq!(g.is_valid(), f.is_valid());
        }
    }

    /// The URIs found for the diagnostics of the invalid URIs (kept across the edits that do
    /// not read them again) are those a whole reading finds.
    fn assert_shown(d: &Doc, what: &str) {
        let all = urigram::extract::extract_with(&d.text, Grammar::Rfc3986, d.syntax);
        for (k, f) in all.iter().enumerate().filter(|(_, f)| !f.is_valid()) {
            let (base, g) = d.found_shown(k, Grammar::Rfc3986).unwrap();
            assert_eq!(
                (&g.text, base + g.range.start, base + g.outer.end),
                (&f.text, f.range.start, f.outer.end),
                "{what}: URI {k}"
            );
            let (e, ge) = (f.error(&d.text).unwrap(), g.error(&d.text[base..]).unwrap());
            assert_eq!(
                (ge.offset() + base, ge.code()),
                (e.offset(), e.code()),
                "{what}: URI {k}"
            );
        }
    }

    /// The URIs kept of the parts read for a publication stay right across edits: an edit
    /// before a kept part that adds a URI moves the indices of its URIs; one of the same
    /// length inside a kept part makes it read again; in Markdown and HTML.
    #[test]
    fn uris_kept_across_edits_follow_them() {
        for (syntax, unit) in [
            (
                Syntax::Markdown,
                "A [link](http://a/%zz) and <http://b/> here.\n\n",
            ),
            (
                Syntax::Html,
                "<p>A <a href=\"http://a/%zz\">link</a> and http://b/ here.</p>\n",
            ),
        ] {
            // Numbered, so that the text chooses where parts end.
            let text: String = (0..3000).map(|k| format!("{k} {unit}")).collect();
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, syntax);
            assert!(d.parts.len() > 10, "{syntax:?}: {} parts", d.parts.len());
            let last = d.items.len() - 1;
            let whole = |d: &Doc| {
                urigram::extract::extract_with(&d.text, Grammar::Rfc3986, syntax)
                    .iter()
                    .map(|f| (f.text.to_string(), f.range.start, f.is_valid()))
                    .collect::<Vec<_>>()
            };
            let got = |d: &Doc, k: usize| {
                let (base, g) = d.found(k, Grammar::Rfc3986).unwrap();
                (g.text.to_string(), base + g.range.start, g.is_valid())
            };
            // The last part's URIs kept; a URI added in the first part.
            got(&d, last);
            let at = d.text.find(" here").unwrap();
            d.edit(at..at, " http://c/%zz", Grammar::Rfc3986);
            d.refresh(Grammar::Rfc3986);
            let all = whole(&d);
            assert_eq!(got(&d, last), all[last], "{syntax:?}");
            assert_eq!(got(&d, last + 1), all[last + 1], "{syntax:?}");
            // The same length, inside the last part: `%zz` made `%20`.
            let z = d.text.rfind("%zz").unwrap();
            d.edit(z..z + 3, "%20", Grammar::Rfc3986);
            d.refresh(Grammar::Rfc3986);
            let all = whole(&d);
            let n = d.items.len();
            for (k, want) in all.iter().enumerate().skip(n - 4) {
                assert_eq!(&got(&d, k), want, "{syntax:?}");
            }
        }
    }

    /// Random edits of what Markdown is made of: typed characters, blank lines, fences.
    const MD_EDITS: &[&str] = &[
        "`", "[", "]", "(", ")", "<", ">", "*", "_", "\n", "a", "b", "x", " ", "\n\n", "```",
        "```\n", "~~~\n", "http://", "%zz", "[a](", "](", "<http:", "<!--", "-->", "    ", "- ",
        "> ", "#", "\\", "|", "\"", "é",
    ];

    /// Replace a random short stretch of `d` (at a character boundary; half the time within
    /// a few bytes of where a part starts) with 0 to 3 random bits of `bits`.
    fn random_edit(rng: &mut fastrand::Rng, d: &mut Doc, bits: &[&str]) {
        let len = d.text.len();
        let near = d.parts.get(rng.usize(..d.parts.len().max(1)));
        let a = match near {
            Some(p) if rng.bool() => (p.start + rng.usize(..24)).saturating_sub(12).min(len),
            _ => rng.usize(..len + 1),
        };
        let a = boundary(&d.text, a);
        let b = if rng.bool() {
            a
        } else {
            boundary(&d.text, (a + rng.usize(..6)).min(len)).max(a)
        };
        let new: String = (0..rng.usize(..4))
            .map(|_| bits[rng.usize(..bits.len())])
            .collect();
        d.edit(a..b, &new, Grammar::Rfc3986);
    }

    /// Markdown: random edits of the real documents, one at a time and in bursts, each
    /// followed by a refresh, which reads again only near the edits: the URIs, their
    /// offsets, the parts and the count of invalid URIs are always those of a whole reading.
    /// The documents are read alone (one or two parts each) and all together, eight times
    /// over (a hundred parts).
    #[test]
    fn markdown_edits_read_again_what_a_whole_reading_finds() {
        let mut texts = corpus(".md");
        assert!(texts.len() >= 7);
        texts.push(texts.concat().repeat(8));
        let partial = edits_read_again(
            Syntax::Markdown,
            texts,
            MD_EDITS,
            0x3986_2396_1738_0031,
            50,
            400,
        );
        assert!(partial > 300, "{partial} edits read part of the text");
    }

    /// Random edits of `bits` in each of `texts` read as `syntax`, one at a time and in bursts,
    /// each followed by a refresh: after each, what a whole reading finds; a text over 200 KB
    /// must have more than `parts` parts and gets `big_steps` steps (the others 150, or 100
    /// outside Markdown). How many refreshes read only part of the text.
    fn edits_read_again(
        syntax: Syntax,
        texts: Vec<String>,
        bits: &[&str],
        seed: u64,
        parts: usize,
        big_steps: usize,
    ) -> usize {
        let mut rng = fastrand::Rng::with_seed(seed);
        let small_steps = if syntax == Syntax::Markdown { 150 } else { 100 };
        let mut partial = 0;
        for (t, text) in texts.into_iter().enumerate() {
            let big = text.len() > 200_000;
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, syntax);
            assert!(!big || d.parts.len() > parts, "{} parts", d.parts.len());
            for step in 0..if big { big_steps } else { small_steps } {
                for _ in 0..if rng.u8(..4) == 0 { rng.usize(2..6) } else { 1 } {
                    random_edit(&mut rng, &mut d, bits);
                }
                d.refresh(Grammar::Rfc3986);
                partial += usize::from(d.last_read.len() < d.text.len());
                assert_whole(&d, &format!("{syntax:?} text {t} step {step}"));
                assert_shown(&d, &format!("{syntax:?} text {t} step {step}"));
                if step % 10 == 0 {
                    assert_found(&d);
                }
            }
            assert_found(&d);
        }
        partial
    }

    /// Random edits of what reStructuredText is made of.
    const RST_EDITS: &[&str] = &[
        "`",
        "``",
        "::",
        "::\n",
        "\n",
        "\n\n",
        "    ",
        "  ",
        ">>> ",
        ".. ",
        ".. code:: ",
        ".. note:: ",
        "<",
        ">",
        "-",
        "\u{2010}",
        "http://",
        "%zz",
        "<http:",
        "`x <http://a/>`_",
        "a",
        "b",
        " ",
        "é",
    ];

    /// reStructuredText: random edits of the real documents read as such, one at a time and in
    /// bursts, each followed by a refresh: always what a whole reading finds.
    #[test]
    fn rst_edits_read_again_what_a_whole_reading_finds() {
        let mut texts: Vec<String> = corpus(".txt")
            .into_iter()
            .filter(|t| {
                t.contains("Metadata-Version") && !t.contains("Content-Type: text/markdown")
            })
            .collect();
        texts.extend(corpus(".rst.txt"));
        assert!(texts.len() >= 5, "{}", texts.len());
        texts.push(texts.concat().repeat(4));
        let partial = edits_read_again(
            Syntax::Rst,
            texts,
            RST_EDITS,
            0x3986_2396_1738_0357,
            20,
            300,
        );
        assert!(partial > 200, "{partial} edits read part of the text");
    }

    /// Markdown: typing in a paragraph, a link or a list item of a large document reads
    /// again a neighbourhood of the edit, not the document; so does deleting a character
    /// there.
    #[test]
    fn markdown_edits_read_a_neighbourhood() {
        let unit = "Some prose with a [link](http://example.com/a%zz) and <http://b/> here,\n\
                    going on `code http://c/%zz` and *more* words http://d/e.\n\n\
                    - a list item http://e/f\n- another [x](y:%)\n\n";
        let text = unit.repeat(20_000);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Markdown);
        let mut rng = fastrand::Rng::with_seed(0x0031_0005);
        for step in 0..200 {
            let len = d.text.len();
            let at = boundary(&d.text, rng.usize(..len));
            if step % 2 == 0 {
                d.edit(
                    at..at,
                    ["a", " ", "%", "é", "x"][step % 5],
                    Grammar::Rfc3986,
                );
            } else {
                let b = boundary(&d.text, at + 2).max(at);
                d.edit(at..b, "", Grammar::Rfc3986);
            }
            d.refresh(Grammar::Rfc3986);
            assert!(
                d.last_read.len() < 64 * 1024,
                "step {step}: read {:?} of {len}",
                d.last_read
            );
        }
        assert_whole(&d, "after the edits");
    }

    /// Random edits of what HTML is made of.
    const HTML_EDITS: &[&str] = &[
        "<",
        ">",
        "\"",
        "'",
        "=",
        "/",
        "a",
        "p",
        "x",
        " ",
        "\n",
        "<!--",
        "-->",
        "<a href=\"",
        "\">",
        "</a>",
        "<pre>",
        "</pre>",
        "<code>",
        "</code>",
        "<script>",
        "</script>",
        "&amp;",
        "&",
        "http://",
        "%zz",
        "é",
    ];

    /// HTML: random edits of the real documents, one at a time and in bursts, each followed
    /// by a refresh, which reads again only near the edits: the URIs, their offsets, the
    /// parts and the count of invalid URIs are always those of a whole reading.
    #[test]
    fn html_edits_read_again_what_a_whole_reading_finds() {
        let mut texts = corpus(".html");
        assert!(texts.len() >= 4);
        texts.push(texts.concat().repeat(3));
        let partial = edits_read_again(
            Syntax::Html,
            texts,
            HTML_EDITS,
            0x3986_2396_1738_0032,
            20,
            300,
        );
        // Random edits leave comments and code elements open, which then run to the end.
        assert!(partial > 100, "{partial} edits read part of the text");
    }

    /// HTML: typing in text or an attribute of a large document reads again a neighbourhood
    /// of the edit, not the document. (Typing in a tag's name can leave a code element open,
    /// `</coxde>`: the rest of the document is code then, and is read again.)
    #[test]
    fn html_edits_read_a_neighbourhood() {
        let unit = "<p>Some prose with a <a href=\"http://example.com/a%zz\">link</a> and \
                    http://b/ here,\n<code>code http://c/%zz</code> <img src=\"x:%\" alt=\"\">\n\
                    <pre>pre http://p/</pre></p>\n<ul><li>item http://e/f</li></ul>\n";
        let text = unit.repeat(20_000);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Html);
        let mut rng = fastrand::Rng::with_seed(0x0031_0006);
        for step in 0..200 {
            let len = d.text.len();
            let mut at = boundary(&d.text, rng.usize(..len));
            while d.text[at.saturating_sub(8)..at].contains('<') {
                at = boundary(&d.text, at - 1);
            }
            d.edit(
                at..at,
                ["a", " ", "%", "é", "x"][step % 5],
                Grammar::Rfc3986,
            );
            d.refresh(Grammar::Rfc3986);
            assert!(
                d.last_read.len() < 64 * 1024,
                "step {step}: read {:?} of {len}",
                d.last_read
            );
        }
        assert_whole(&d, "after the edits");
    }

    /// A burst of edits after one that opens a fence at the top of a large Markdown document
    /// (the rest of it is code now, and is read again to its end): the refresh reads the
    /// text once, not once an edit, and finds what a whole reading finds.
    #[test]
    fn a_burst_after_an_opened_fence_reads_the_text_once() {
        let unit = "Some prose with a [link](http://example.com/a%zz) and <http://b/>.\n\n";
        let text = unit.repeat(4000);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Markdown);
        d.edit(0..0, "```\n", Grammar::Rfc3986);
        for k in 1..=50 {
            let at = k * d.text.len() / 51;
            let at = boundary(&d.text, at);
            d.edit(at..at, "x", Grammar::Rfc3986);
        }
        d.refresh(Grammar::Rfc3986);
        assert!(
            d.read_bytes <= d.text.len(),
            "{} of {}",
            d.read_bytes,
            d.text.len()
        );
        assert_whole(&d, "after the burst");
        assert!(d.items.is_empty());
    }

    /// In Markdown, a URI in code is no URI of the document; in plain text it is one.
    #[test]
    fn markdown_code_holds_no_uris() {
        let text = "See `http://in.code.span/` and\n\n```\nhttp://%zz\n```\n\nhttp://a/%zz\n";
        let md = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Markdown);
        assert_eq!(md.items.len(), 1);
        assert_eq!(&text[md.items[0].start..md.items[0].end], "http://a/%zz");
        let plain = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(plain.items.len(), 3);
    }
}
