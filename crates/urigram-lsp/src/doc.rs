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
        while j > 0
            && !settled_before(
                t,
                &self.lines,
                self.syntax,
                self.parts[j].start,
                changed.start,
            )
        {
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

/// Whether the start `p` of a part was chosen by the text before `a` alone: what chooses it
/// is the text before it and the 8 bytes from it, and in Markdown its line (a definition's
/// `]:` after a `[`, an autolink's scheme), unless it starts with a letter or an emphasis
/// mark on a line that does not start with `[` (see `urigram::extract::FoundIter::next_part`).
/// So a long line is read again from the part that holds an edit, not from its start.
/// `lines` are the text's line starts.
fn settled_before(text: &str, lines: &[usize], syntax: Syntax, p: usize, a: usize) -> bool {
    let b = text.as_bytes();
    let line_of = |at: usize| lines[lines.partition_point(|&l| l <= at).max(1) - 1];
    let line = line_of(p);
    p + 8 < a
        && (syntax != Syntax::Markdown
            || line_of(a) > line
            || ((b[p].is_ascii_alphabetic() || matches!(b[p], b'*' | b'_')) && b[line] != b'['))
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
mod tests;
