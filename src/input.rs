//! Input spans, the result alias, the farthest-failure side channel and the `production`
//! wrapper that every combinator of every grammar goes through.
//!
//! Every combinator has the signature `fn(Span<'a>) -> PResult<'a, O>`. The error type of the
//! nom result, [`Fail`], carries nothing: what went wrong is kept in the [`Tracker`] that rides
//! in the span's `extra` field, because `alt`, `opt` and `many0` throw inner errors away.
//!
//! A check runs in two passes. The first runs with a [`Mode::Fast`] tracker, which records
//! nothing, so the success path costs no bookkeeping. Only when the input is rejected does a
//! second pass run with [`Mode::Diagnose`]: every failed expectation is then recorded with its
//! byte offset, and the error reports the farthest one. That offset is, by the contract the
//! differential tests check against the BNF interpreter, the length of the longest prefix of
//! the input that some member of the rule's language starts with. [`Mode::Tree`] also records
//! the derivation tree: every production that matched, with its byte range.

use std::cell::{Cell, RefCell};

use nom::error::{ErrorKind, ParseError};
use nom::{Err, IResult};
use nom_locate::LocatedSpan;

use crate::table::Table;

pub mod primitives;

/// The input of every combinator: the text with its offset and line, and the [`Track`].
pub type Span<'a> = LocatedSpan<&'a str, Track<'a>>;

/// A span's handle on the side channel: a [`Tracker`], or none at all for the fast pass, which
/// records nothing. Its methods are the tracker's, and do nothing without one.
#[derive(Debug, Clone, Copy)]
pub struct Track<'a>(Option<&'a Tracker>);

impl<'a> Track<'a> {
    /// The handle of the fast pass: no tracker.
    pub const FAST: Track<'static> = Track(None);

    /// The tracker, if there is one.
    #[inline(always)]
    pub fn tracker(self) -> Option<&'a Tracker> {
        self.0
    }

    /// The mode: [`Mode::Fast`] without a tracker.
    #[inline(always)]
    pub fn mode(self) -> Mode {
        match self.0 {
            None => Mode::Fast,
            Some(t) => t.mode(),
        }
    }

    /// [`Tracker::record`].
    #[inline(always)]
    pub fn record(self, pos: usize, what: Expected) {
        if let Some(t) = self.0 {
            t.record(pos, what);
        }
    }

    /// [`Tracker::record_within`].
    #[inline(always)]
    pub fn record_within(self, rule: &'static str, pos: usize, what: Expected) {
        if let Some(t) = self.0 {
            t.record_within(rule, pos, what);
        }
    }

    /// [`Tracker::mark`].
    #[inline(always)]
    pub fn mark(self) -> usize {
        self.0.map_or(0, Tracker::mark)
    }

    /// [`Tracker::rollback`].
    #[inline(always)]
    pub fn rollback(self, mark: usize) {
        if let Some(t) = self.0 {
            t.rollback(mark);
        }
    }

    /// [`Tracker::leaf`].
    #[inline(always)]
    pub fn leaf(self, rule: &'static str, start: usize, end: usize) {
        if let Some(t) = self.0 {
            t.leaf(rule, start, end);
        }
    }
}

/// A span over `text` for the fast pass (offset 0, line 1, no tracker).
#[inline(always)]
pub fn fast_span(text: &str) -> Span<'_> {
    LocatedSpan::new_extra(text, Track::FAST)
}

/// The result of every combinator.
pub type PResult<'a, O> = IResult<Span<'a>, O, Fail>;

/// The error of a combinator. It is empty on purpose: the detail lives in the [`Tracker`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fail;

/// Over [`Span`] only: a user's nom grammar over `&str` that leaves its error type to
/// inference (`urigram::parsers::production`) is then told of nom's error types, not of this
/// private one.
impl<'a> ParseError<Span<'a>> for Fail {
    fn from_error_kind(_: Span<'a>, _: ErrorKind) -> Self {
        Fail
    }
    fn append(_: Span<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// What a combinator expected at a position where the input did not match
/// ([`Error::expected`](crate::Error::expected)).
///
/// ```
/// use urigram::{Expected, Grammar};
/// // A production's name, a literal of the grammar, or the end of the input.
/// let e = Grammar::Rfc2396.check("IPv4address", "10.0.0").unwrap_err();
/// assert_eq!(e.expected(), [Expected::Rule("digit"), Expected::Literal(".")]);
/// let e = Grammar::Rfc2396.check("IPv4address", "10.0.0.").unwrap_err();
/// assert_eq!(e.expected(), [Expected::Rule("digit")]);
/// let e = Grammar::Rfc2396.check("port", "80x").unwrap_err();
/// assert!(e.expected().contains(&Expected::EndOfInput));
/// assert_eq!(Expected::Literal(".").to_string(), "\".\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// A character or string of the named production (`hex`, `pchar`, `domainlabel` ...).
    Rule(&'static str),
    /// The literal text, as printed in the grammar.
    Literal(&'static str),
    /// The end of the input.
    EndOfInput,
}

impl Expected {
    /// Append what [`Display`](std::fmt::Display) writes to `out`, without the formatting
    /// machinery: errors are built for every rejected line when a corpus is summarized, and
    /// their messages and codes list every expected item.
    pub(crate) fn push_to(&self, out: &mut String) {
        // Writing into a String cannot fail.
        let _ = self.write_to(out);
    }

    /// The text of [`Display`](std::fmt::Display), for a `String` or a `Formatter`.
    fn write_to(&self, w: &mut impl std::fmt::Write) -> std::fmt::Result {
        match self {
            Expected::Rule(r) => w.write_str(r),
            // Quoted as `{:?}` quotes it; most literals need no escape.
            Expected::Literal(l)
                if l.bytes()
                    .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\') =>
            {
                w.write_char('"')?;
                w.write_str(l)?;
                w.write_char('"')
            }
            Expected::Literal(l) => write!(w, "{l:?}"),
            Expected::EndOfInput => w.write_str("end of input"),
        }
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_to(f)
    }
}

/// How much a [`Tracker`] records, each mode more than the one before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    /// Nothing: the fast path.
    Fast,
    /// Where the farthest failure is, and nothing else: the combinators take the paths they
    /// take in `Diagnose`, without keeping the production stack ([`Tracker::farthest_only`]).
    Farthest,
    /// Failed expectations and the production stack at the farthest one.
    Diagnose,
    /// As `Diagnose`, and the derivation tree.
    Tree,
}

/// One production that matched: its name, its byte range and its depth in the tree
/// ([`Grammar::derive`](crate::Grammar::derive)).
///
/// ```
/// use urigram::{Grammar, Node};
/// let nodes = Grammar::Rfc2396.derive("hostport", "a.b:80").unwrap();
/// assert_eq!(nodes[0], Node { rule: "hostport", start: 0, end: 6, depth: 0 });
/// assert!(nodes.contains(&Node { rule: "port", start: 4, end: 6, depth: 1 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The production's name as the spec prints it.
    pub rule: &'static str,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Depth below the rule the check started with (0 for that rule).
    pub depth: usize,
}

/// The `end` of a node whose production has not returned yet.
const OPEN: usize = usize::MAX;

/// The side channel: the farthest failure, and what the tracker's [`State`] keeps besides.
#[derive(Debug)]
pub struct Tracker {
    farthest: Cell<Option<usize>>,
    state: State,
    /// `state`'s mode ([`State::mode`]), set with it: the combinators ask for it at every
    /// primitive, and a load is cheaper there than a match.
    mode: Mode,
    /// Whether `state` keeps the production stack ([`State::Stacked`]), set with it: every
    /// production asks.
    stacked: bool,
}

/// What a [`Tracker`] keeps besides the farthest failure: each mode carries exactly its own
/// state, so that no mode has buffers it never uses (nor a flag that only one mode reads).
// One tracker serves a whole check (a locator keeps two for many), so the size of its largest
// mode costs nothing that boxing it (an allocation per tracker) would save.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum State {
    /// Nothing: the fast path.
    Fast,
    /// Nothing but the farthest failure ([`Tracker::farthest_only`]).
    Farthest,
    /// The production stack, its copy at the farthest failure and the expected items there
    /// (one cell for all), and what `Keep` says.
    Stacked(RefCell<Books>, Keep),
}

/// What a tracker that keeps the production stack keeps besides its [`Books`].
#[derive(Debug)]
enum Keep {
    /// Nothing: where the farthest failure is and the productions open there, not what was
    /// expected ([`Tracker::locating`]; its books' expected items stay empty). The parse runs
    /// as in [`Mode::Diagnose`].
    Places,
    /// What was expected at the farthest failure ([`Mode::Diagnose`]).
    Expected,
    /// As `Expected`, and the derivation tree ([`Mode::Tree`]).
    Tree(Derivation),
}

/// How many expectations a diagnosing tracker has room for before its first growth, and how
/// many productions deep its stack: more than most failures need. Grown one push at a time
/// from empty, these buffers cost a diagnosis three or four reallocations (each a copy),
/// about a tenth of its instructions.
const EXPECTED_ROOM: usize = 8;
const STACK_ROOM: usize = 16;

/// The length at which a list of expected items is first merged while recording (and at each
/// power of two after it), rather than where it is read.
const MERGE_AT: usize = 64;

/// The largest buffers that a dropped tracker leaves to the next one of its thread ([`Spare`]):
/// a rare deep or long diagnosis does not keep its memory for the life of the thread.
const SPARE_ROOM: usize = 256;

/// The buffers of a tracker that keeps the production stack, left by the last one dropped on
/// this thread for the next one made: a program that diagnoses input after input (a check loop,
/// a language server, a batch of `Grammar::check`s) then allocates none of them after the
/// first. Each is empty; one of no capacity is none.
#[derive(Default)]
struct Spare {
    stack: Vec<&'static str>,
    failed_in: Vec<&'static str>,
    expected: Vec<Expected>,
}

thread_local! {
    static SPARE: Cell<Spare> = const {
        Cell::new(Spare {
            stack: Vec::new(),
            failed_in: Vec::new(),
            expected: Vec::new(),
        })
    };
}

/// `v`, or a new buffer with room for `n` items if `v` has none.
fn room<T>(v: Vec<T>, n: usize) -> Vec<T> {
    if v.capacity() == 0 {
        Vec::with_capacity(n)
    } else {
        v
    }
}

impl Spare {
    /// The spare buffers of this thread, and new ones (with room for [`STACK_ROOM`] and
    /// [`EXPECTED_ROOM`] items) for those it has none of.
    #[inline]
    fn take() -> Spare {
        let s = SPARE.try_with(Cell::take).unwrap_or_default();
        Spare {
            stack: room(s.stack, STACK_ROOM),
            failed_in: room(s.failed_in, STACK_ROOM),
            expected: room(s.expected, EXPECTED_ROOM),
        }
    }

    /// Leave these buffers, emptied, to the next tracker of this thread (those that a rare
    /// deep or long diagnosis made larger than [`SPARE_ROOM`] are freed instead).
    fn give(self) {
        fn kept<T>(mut v: Vec<T>) -> Vec<T> {
            v.clear();
            if v.capacity() > SPARE_ROOM {
                Vec::new()
            } else {
                v
            }
        }
        // A buffer without room (a locating tracker keeps no expected items) leaves the one
        // the thread keeps in place. A thread that is ending keeps nothing.
        fn or_kept<T>(new: Vec<T>, old: Vec<T>) -> Vec<T> {
            if new.capacity() == 0 { old } else { new }
        }
        let new = Spare {
            stack: kept(self.stack),
            failed_in: kept(self.failed_in),
            expected: kept(self.expected),
        };
        let _ = SPARE.try_with(|c| {
            let old = c.replace(new);
            // Most often the thread kept nothing (this tracker took what it had): done.
            if old.stack.capacity() != 0
                || old.failed_in.capacity() != 0
                || old.expected.capacity() != 0
            {
                let new = c.take();
                c.set(Spare {
                    stack: or_kept(new.stack, old.stack),
                    failed_in: or_kept(new.failed_in, old.failed_in),
                    expected: or_kept(new.expected, old.expected),
                });
            }
        });
    }
}

/// The production stack, its copy at the farthest failure, and what was expected there: what
/// every production and every record at the farthest failure changes, in one cell, so that
/// each borrows once (three cells cost a record about a fifth of its instructions).
#[derive(Debug, Default)]
struct Books {
    stack: Vec<&'static str>,
    /// The fewest productions `stack` held since `failed_in` was last copied from it: the
    /// part of `stack` below this is unchanged since then, so the next copy (at a new farthest
    /// failure) takes only what is above it. A long input moves the farthest failure at every
    /// part it reads; without this, each move copied the whole stack.
    stack_low: usize,
    failed_in: Vec<&'static str>,
    /// What was expected at the farthest failure, in the order recorded, repeats included
    /// (merged where the list is read, [`sort_dedup`], or once it is long, [`MERGE_AT`]);
    /// always empty in a locating tracker ([`Keep::Places`]).
    expected: Vec<Expected>,
}

impl State {
    /// The mode this state records in.
    fn mode(&self) -> Mode {
        match self {
            State::Fast => Mode::Fast,
            State::Farthest => Mode::Farthest,
            State::Stacked(_, Keep::Places | Keep::Expected) => Mode::Diagnose,
            State::Stacked(_, Keep::Tree(_)) => Mode::Tree,
        }
    }
}

impl Books {
    /// Empty books in the (empty) buffers of `b`.
    fn new(b: Spare) -> RefCell<Books> {
        RefCell::new(Books {
            stack: b.stack,
            stack_low: 0,
            failed_in: b.failed_in,
            expected: b.expected,
        })
    }

    /// Pop the innermost production off the stack, keeping `stack_low`.
    #[inline(always)]
    fn pop(&mut self) {
        self.stack.pop();
        if self.stack.len() < self.stack_low {
            self.stack_low = self.stack.len();
        }
    }

    fn clear(&mut self) {
        self.stack.clear();
        self.stack_low = 0;
        self.failed_in.clear();
        self.expected.clear();
    }
}

/// The derivation tree, and the derivation as it stood at the farthest failure.
#[derive(Debug, Default)]
struct Derivation {
    nodes: RefCell<Vec<Node>>,
    nodes_at_farthest: RefCell<Vec<Node>>,
    /// How many leading nodes of `nodes_at_farthest` are still those of `nodes` (open ends
    /// aside): each snapshot copies only what changed since the last, so that recording a
    /// tree stays linear however often the farthest failure moves.
    snapshot_valid: Cell<usize>,
    /// The indices in `nodes` of the productions that have not returned yet.
    open: RefCell<Vec<usize>>,
}

impl Derivation {
    /// Note that the nodes from index `k` on changed since the last snapshot.
    #[inline(always)]
    fn changed_from(&self, k: usize) {
        if k < self.snapshot_valid.get() {
            self.snapshot_valid.set(k);
        }
    }

    /// Keep the derivation as it stands, open productions ending at `pos`.
    fn snapshot(&self, pos: usize) {
        let nodes = self.nodes.borrow();
        let mut snap = self.nodes_at_farthest.borrow_mut();
        // The nodes before `valid` are unchanged since the last snapshot, except the ends of
        // those still open, which now end at `pos`.
        let valid = self.snapshot_valid.get().min(snap.len()).min(nodes.len());
        snap.truncate(valid);
        snap.extend(nodes[valid..].iter().map(|n| Node {
            end: if n.end == OPEN { pos } else { n.end },
            ..n.clone()
        }));
        for &k in self.open.borrow().iter().filter(|&&k| k < valid) {
            snap[k].end = pos;
        }
        self.snapshot_valid.set(nodes.len());
    }

    fn clear(&mut self) {
        self.nodes.get_mut().clear();
        self.nodes_at_farthest.get_mut().clear();
        self.snapshot_valid.set(0);
        self.open.get_mut().clear();
    }
}

impl Tracker {
    /// A tracker recording as much as `mode` says.
    pub fn new(mode: Mode) -> Tracker {
        let stacked = |keep: Keep| State::Stacked(Books::new(Spare::take()), keep);
        let state = match mode {
            Mode::Fast => State::Fast,
            Mode::Farthest => State::Farthest,
            Mode::Diagnose => stacked(Keep::Expected),
            Mode::Tree => stacked(Keep::Tree(Derivation::default())),
        };
        Tracker::with(state)
    }

    /// A tracker in `state`, nothing recorded.
    fn with(state: State) -> Tracker {
        Tracker {
            farthest: Cell::new(None),
            mode: state.mode(),
            stacked: matches!(state, State::Stacked(..)),
            state,
        }
    }

    /// A [`Mode::Diagnose`] tracker that keeps only where the farthest failure is and the
    /// productions open at every failure there, not what was expected: what a corpus summary
    /// groups invalid inputs by, at a fraction of the cost. The parse runs exactly as in
    /// [`Mode::Diagnose`]; only [`Tracker::expected`] stays empty.
    pub fn locating() -> Tracker {
        let b = Spare::take();
        // The buffer of expected items waits for the next tracker that keeps them.
        Spare {
            expected: b.expected,
            ..Spare::default()
        }
        .give();
        let books = Spare {
            expected: Vec::new(),
            ..b
        };
        Tracker::with(State::Stacked(Books::new(books), Keep::Places))
    }

    /// Forget everything recorded, keeping the buffers: a tracker reused for many inputs
    /// allocates once.
    pub(crate) fn reset(&mut self) {
        self.farthest.set(None);
        match &mut self.state {
            State::Fast | State::Farthest => {}
            State::Stacked(b, keep) => {
                b.get_mut().clear();
                if let Keep::Tree(d) = keep {
                    d.clear();
                }
            }
        }
    }

    /// A [`Mode::Farthest`] tracker: it keeps only where the farthest failure is, not what was
    /// expected nor the productions open there. The parse runs exactly as in
    /// [`Mode::Diagnose`] (every combinator takes the same path), without the cost of the
    /// production stack; [`Tracker::farthest`] is what a diagnosing tracker gives.
    pub fn farthest_only() -> Tracker {
        Tracker::new(Mode::Farthest)
    }

    /// A span over `text` starting at offset 0, line 1, recording into this tracker (a
    /// [`Mode::Fast`] tracker records nothing: its spans carry none, as [`fast_span`]'s do).
    pub fn span<'a>(&'a self, text: &'a str) -> Span<'a> {
        let track = match self.state {
            State::Fast => Track(None),
            _ => Track(Some(self)),
        };
        LocatedSpan::new_extra(text, track)
    }

    /// The mode this tracker records in (a locating tracker's is [`Mode::Diagnose`]: the
    /// parse runs as there).
    #[inline(always)]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The production stack and what goes with it, in the modes that keep one.
    #[inline(always)]
    fn books(&self) -> Option<&RefCell<Books>> {
        match &self.state {
            State::Stacked(b, _) => Some(b),
            State::Fast | State::Farthest => None,
        }
    }

    /// The derivation, in [`Mode::Tree`].
    #[inline(always)]
    fn derivation(&self) -> Option<&Derivation> {
        match &self.state {
            State::Stacked(_, Keep::Tree(d)) => Some(d),
            _ => None,
        }
    }

    /// The farthest offset at which an expectation failed, if any did.
    pub fn farthest(&self) -> Option<usize> {
        self.farthest.get()
    }

    /// What was expected at the farthest offset, sorted, without repeats.
    pub fn expected(&self) -> Vec<Expected> {
        let mut v = self
            .books()
            .map(|b| b.borrow().expected.clone())
            .unwrap_or_default();
        sort_dedup(&mut v);
        v
    }

    /// `f` of [`Tracker::expected`] and [`Tracker::failed_in`], read in place: what an error
    /// is built from, without copying. The recorded expected items are sorted (and repeats
    /// dropped) where they are.
    pub(crate) fn with_expected_and_failed_in<R>(
        &self,
        f: impl FnOnce(&[Expected], &[&'static str]) -> R,
    ) -> R {
        let Some(b) = self.books() else {
            return f(&[], &[]);
        };
        let mut b = b.borrow_mut();
        let b = &mut *b;
        sort_dedup(&mut b.expected);
        f(&b.expected, &b.failed_in)
    }

    /// The productions open at every failure recorded at the farthest offset: the path from
    /// the rule the check started with down to the innermost production they share.
    pub fn failed_in(&self) -> Vec<&'static str> {
        self.books()
            .map(|b| b.borrow().failed_in.clone())
            .unwrap_or_default()
    }

    /// The innermost production of [`Tracker::failed_in`], without copying it.
    pub(crate) fn innermost_failed_in(&self) -> Option<&'static str> {
        self.books()?.borrow().failed_in.last().copied()
    }

    /// The derivation tree in pre-order (only in [`Mode::Tree`]).
    pub fn nodes(&self) -> Vec<Node> {
        self.derivation()
            .map(|d| d.nodes.borrow().clone())
            .unwrap_or_default()
    }

    /// The derivation as it stood at the farthest failure (only in [`Mode::Tree`]): the
    /// productions that had matched, and those still open there, which end at the failure.
    pub fn nodes_at_farthest(&self) -> Vec<Node> {
        self.derivation()
            .map(|d| d.nodes_at_farthest.borrow().clone())
            .unwrap_or_default()
    }

    /// Record that `what` was expected at byte `pos`.
    #[inline]
    pub fn record(&self, pos: usize, what: Expected) {
        if self.mode == Mode::Fast || self.behind(pos) {
            return;
        }
        self.record_slow(pos, what, None);
    }

    /// Whether `pos` is before the farthest failure, so that a failure there changes nothing.
    #[inline(always)]
    fn behind(&self, pos: usize) -> bool {
        self.farthest.get().is_some_and(|f| pos < f)
    }

    /// Record as [`Tracker::record`] does, as if inside production `rule` (for a primitive
    /// that matches a sub-production, such as an escape in a run, without calling it).
    #[inline]
    pub fn record_within(&self, rule: &'static str, pos: usize, what: Expected) {
        if self.mode == Mode::Fast || self.behind(pos) {
            return;
        }
        self.record_slow(pos, what, Some(rule));
    }

    /// Record `what` at `pos` (not before the farthest failure), with `within` on the stack
    /// above the productions open if there is one.
    #[cold]
    fn record_slow(&self, pos: usize, what: Expected, within: Option<&'static str>) {
        let State::Stacked(b, keep) = &self.state else {
            // `Farthest` (`record` returns early in `Fast`), and not before the farthest
            // failure (see `record`): at or past it.
            self.farthest.set(Some(pos));
            return;
        };
        let mut b = b.borrow_mut();
        let b = &mut *b;
        if let Some(rule) = within {
            b.stack.push(rule);
        }
        let expects = !matches!(keep, Keep::Places);
        match self.farthest.get() {
            Some(f) if pos < f => {}
            Some(f) if pos == f => {
                // Repeats are merged where the list is read ([`sort_dedup`]), so nothing is
                // compared here (a search of the list for the same item cost a record more
                // than the repeats cost the sort). A list that repeats at length is merged
                // here too, so that it stays short however many failures an input has here.
                if expects {
                    let n = b.expected.len();
                    if n >= MERGE_AT && n.is_power_of_two() {
                        sort_dedup(&mut b.expected);
                    }
                    b.expected.push(what);
                }
                // `failed_in` keeps what it shares with the stack. The stack's first
                // `stack_low` productions are unchanged since `failed_in` was copied from it,
                // and `failed_in` has only been cut since: they are shared, and only what
                // lies above them is compared.
                let low = b.stack_low.min(b.failed_in.len());
                let common = low
                    + b.failed_in[low..]
                        .iter()
                        .zip(b.stack[low.min(b.stack.len())..].iter())
                        .take_while(|&(a, b)| same_name(a, b))
                        .count();
                b.failed_in.truncate(common);
                // The latest state at the farthest byte is the most complete derivation there.
                if let Keep::Tree(d) = keep {
                    d.snapshot(pos);
                }
            }
            _ => {
                if let Keep::Tree(d) = keep {
                    d.snapshot(pos);
                }
                self.farthest.set(Some(pos));
                if expects {
                    b.expected.clear();
                    b.expected.push(what);
                }
                // `failed_in` becomes a copy of the stack: what is below `stack_low` (and below
                // where `failed_in` was cut since) is one already. The rest is a few names,
                // copied one by one (a call of `memcpy` cost more).
                let keep = b.stack_low.min(b.failed_in.len());
                b.failed_in.truncate(keep);
                b.failed_in.extend(b.stack[keep..].iter().copied());
                b.stack_low = b.stack.len();
            }
        }
        if within.is_some() {
            b.pop();
        }
    }

    /// The current length of the derivation (a point to [`Tracker::rollback`] to).
    #[inline(always)]
    pub fn mark(&self) -> usize {
        self.derivation().map_or(0, |d| d.nodes.borrow().len())
    }

    /// Drop the nodes of a branch that was abandoned after `mark` (in [`Mode::Tree`]).
    #[inline(always)]
    pub fn rollback(&self, mark: usize) {
        if let Some(d) = self.derivation() {
            d.nodes.borrow_mut().truncate(mark);
            d.changed_from(mark);
        }
    }

    /// Add a tree node for a part that a production matched without calling the function of
    /// the sub-production (a label inside `hostname`, say). Only in [`Mode::Tree`].
    pub fn leaf(&self, rule: &'static str, start: usize, end: usize) {
        let State::Stacked(b, Keep::Tree(d)) = &self.state else {
            return;
        };
        let depth = b.borrow().stack.len();
        let mut nodes = d.nodes.borrow_mut();
        d.changed_from(nodes.len());
        nodes.push(Node {
            rule,
            start,
            end,
            depth,
        });
    }
}

/// A tracker that kept the production stack leaves its buffers to the next one ([`Spare`]).
impl Drop for Tracker {
    fn drop(&mut self) {
        if let State::Stacked(b, _) = &mut self.state {
            let b = std::mem::take(b.get_mut());
            Spare {
                stack: b.stack,
                failed_in: b.failed_in,
                expected: b.expected,
            }
            .give();
        }
    }
}

/// Sort `v` as [`Expected`]'s `Ord` sorts it, and drop repeats: the order of every list of
/// expected items handed out, by [`compare`].
fn sort_dedup(v: &mut Vec<Expected>) {
    if v.len() > 1 {
        // Unstable is stable here: items that compare equal are equal, and merged below.
        v.sort_unstable_by(compare);
        v.dedup_by(|a, b| compare(a, b) == std::cmp::Ordering::Equal);
    }
}

/// [`Expected`]'s `Ord`: by kind (names, then literals, then the end of input), then by text,
/// byte by byte. Inlined, and decided by the first bytes when they differ (most often): a call
/// of `memcmp` per comparison cost more than the bytes it compared.
#[inline(always)]
fn compare(a: &Expected, b: &Expected) -> std::cmp::Ordering {
    let part = |e: &Expected| match *e {
        Expected::Rule(s) => (0u8, s.as_bytes()),
        Expected::Literal(s) => (1, s.as_bytes()),
        Expected::EndOfInput => (2, &[][..]),
    };
    let ((ka, a), (kb, b)) = (part(a), part(b));
    ka.cmp(&kb).then_with(|| {
        if let (Some(x), Some(y)) = (a.first(), b.first())
            && x != y
        {
            return x.cmp(y);
        }
        for (x, y) in a.iter().zip(b) {
            if x != y {
                return x.cmp(y);
            }
        }
        a.len().cmp(&b.len())
    })
}

/// Whether two production names are the same: most often the same literal, so the pointers
/// are compared before the text.
#[inline(always)]
fn same_name(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// Run `f` as production `name`: in the diagnosing modes, keep the production stack and the
/// derivation tree (dropping the nodes of a branch that failed).
///
/// Generic over the result's output and error (`Result<(Span, X), E>`), so that a parser run in
/// any of nom's output modes ([`primitives::production`]) goes through it too.
#[inline(always)]
pub fn production<'a, X, E>(
    i: Span<'a>,
    name: &'static str,
    f: impl FnOnce(Span<'a>) -> Result<(Span<'a>, X), E>,
) -> Result<(Span<'a>, X), E> {
    match i.extra.tracker() {
        // The modes that keep the production stack. (`Farthest` keeps none, and runs the
        // production as the fast pass does. A flag of its own: `mode >= Diagnose` here made
        // the check's fast pass of `URI-reference` slower, by how its code was laid out.)
        Some(t) if t.stacked => production_slow(t, i, name, f),
        _ => f(i),
    }
}

#[inline(never)]
fn production_slow<'a, X, E>(
    t: &Tracker,
    i: Span<'a>,
    name: &'static str,
    f: impl FnOnce(Span<'a>) -> Result<(Span<'a>, X), E>,
) -> Result<(Span<'a>, X), E> {
    // Without a stack to keep (`production` sends no such tracker here).
    let State::Stacked(b, keep) = &t.state else {
        return f(i);
    };
    let Keep::Tree(d) = keep else {
        // No tree: the production is on the stack while `f` runs, and `f`'s result goes
        // straight to the caller (a result held while the stack is popped is copied, and
        // some are large).
        let _open = Open::push(b, name);
        return f(i);
    };
    let idx = {
        let mut nodes = d.nodes.borrow_mut();
        d.changed_from(nodes.len());
        nodes.push(Node {
            rule: name,
            start: i.location_offset(),
            end: OPEN,
            depth: b.borrow().stack.len(),
        });
        d.open.borrow_mut().push(nodes.len() - 1);
        nodes.len() - 1
    };
    b.borrow_mut().stack.push(name);
    let r = f(i);
    b.borrow_mut().pop();
    d.open.borrow_mut().pop();
    d.changed_from(idx);
    let mut nodes = d.nodes.borrow_mut();
    match &r {
        Ok((rest, _)) => {
            if let Some(n) = nodes.get_mut(idx) {
                n.end = rest.location_offset();
            }
        }
        Err(_) => nodes.truncate(idx),
    }
    drop(nodes);
    r
}

/// A production on the stack, popped when this is dropped.
struct Open<'t>(&'t RefCell<Books>);

impl<'t> Open<'t> {
    #[inline(always)]
    fn push(b: &'t RefCell<Books>, name: &'static str) -> Open<'t> {
        b.borrow_mut().stack.push(name);
        Open(b)
    }
}

impl Drop for Open<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.0.borrow_mut().pop();
    }
}

// ---------------------------------------------------------------------------------------------
// Primitives. Each records what it expected where it stopped, so that the farthest failure is
// known without nom's error values.
// ---------------------------------------------------------------------------------------------

/// A recoverable failure (nom's `Err::Error`).
#[inline(always)]
pub fn fail<'a, O>() -> PResult<'a, O> {
    Err(Err::Error(Fail))
}

/// Split off the first `n` bytes (a char boundary): `(rest, taken)`.
///
/// This is `nom::Input::take_split` without its cost: `nom_locate` counts the newlines of
/// the consumed part with a fresh `memchr` iterator on every split, which dominated the
/// profile of short URIs. The parts consumed here are short and almost never hold a newline,
/// so a plain count is cheaper.
#[inline(always)]
pub fn take<'a>(i: Span<'a>, n: usize) -> (Span<'a>, Span<'a>) {
    let newlines = i.fragment().as_bytes()[..n]
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u32;
    split(i, n, newlines)
}

/// [`take`] for a part of a class that holds no newline (`t` after inlining is a constant, so
/// the test costs nothing).
#[inline(always)]
fn take_class<'a>(i: Span<'a>, n: usize, t: &Table) -> (Span<'a>, Span<'a>) {
    if t.contains(b'\n') {
        take(i, n)
    } else {
        split(i, n, 0)
    }
}

/// [`take`] for a part known to hold no newline (a hostname, say).
#[inline(always)]
pub fn take_in_line<'a>(i: Span<'a>, n: usize) -> (Span<'a>, Span<'a>) {
    debug_assert!(!i.fragment().as_bytes()[..n].contains(&b'\n'));
    split(i, n, 0)
}

/// Split `i` after `n` bytes that hold `newlines` newlines.
#[inline(always)]
fn split<'a>(i: Span<'a>, n: usize, newlines: u32) -> (Span<'a>, Span<'a>) {
    let frag: &'a str = i.fragment();
    let (head, tail) = frag.split_at(n);
    let offset = i.location_offset();
    let line = i.location_line();
    // SAFETY: `head` starts where `i` starts and `tail` starts `n` bytes later in the same
    // buffer, so the offsets and lines given are exactly those of their first bytes, which is
    // what `new_from_raw_offset` requires (its column functions read the buffer before the
    // fragment, back to offset 0).
    unsafe {
        (
            Span::new_from_raw_offset(offset + n, line + newlines, tail, i.extra),
            Span::new_from_raw_offset(offset, line, head, i.extra),
        )
    }
}

/// `[ x ]`: the output of `f`, or `None` (consuming nothing) when it fails recoverably.
#[inline(always)]
pub fn maybe<'a, O>(
    i: Span<'a>,
    f: impl FnOnce(Span<'a>) -> PResult<'a, O>,
) -> PResult<'a, Option<O>> {
    let mark = i.extra.mark();
    match f(i) {
        Ok((rest, o)) => Ok((rest, Some(o))),
        Err(Err::Error(_)) => {
            // Sub-productions that matched before the branch failed are not in the derivation.
            i.extra.rollback(mark);
            Ok((i, None))
        }
        Err(e) => Err(e),
    }
}

/// `(rest, consumed)`: what a parser consumed from `start` to reach `rest` (nom's `recognize`).
#[inline(always)]
pub fn recognized<'a>(start: Span<'a>, rest: Span<'a>) -> (Span<'a>, Span<'a>) {
    let n = start.fragment().len() - rest.fragment().len();
    let frag: &'a str = start.fragment();
    // SAFETY: the consumed part starts where `start` does: same offset and line.
    let head = unsafe {
        Span::new_from_raw_offset(
            start.location_offset(),
            start.location_line(),
            &frag[..n],
            start.extra,
        )
    };
    (rest, head)
}

/// Record at the start of `i` that `what` was expected there.
#[inline(always)]
pub fn expect_here(i: &Span<'_>, what: Expected) {
    i.extra.record(i.location_offset(), what);
}

/// The literal `lit`, byte for byte (literals are case-sensitive as printed). On a mismatch the
/// failure is recorded at the first byte that differs, so `"//"` against `/x` fails at the `x`.
#[inline(always)]
pub fn lit<'a>(i: Span<'a>, lit: &'static str) -> PResult<'a, Span<'a>> {
    let have = i.fragment().as_bytes();
    let want = lit.as_bytes();
    if have.len() >= want.len() && have.iter().zip(want).all(|(a, b)| a == b) {
        return Ok(if want.contains(&b'\n') {
            take(i, want.len())
        } else {
            split(i, want.len(), 0)
        });
    }
    if i.extra.mode() != Mode::Fast {
        lit_failed(i, lit);
    }
    fail()
}

/// Record where `lit` stopped matching: at the first byte that differs.
#[cold]
#[inline(never)]
fn lit_failed(i: Span<'_>, lit: &'static str) {
    let have = i.fragment().as_bytes();
    let want = lit.as_bytes();
    // `same` is a char boundary: the bytes before it equal ASCII bytes of `lit`.
    let same = have.iter().zip(want).take_while(|(a, b)| a == b).count();
    i.extra
        .record(i.location_offset() + same, Expected::Literal(&lit[same..]));
}

/// One character of the class `t`, named `name` in errors.
#[inline(always)]
pub fn one<'a>(i: Span<'a>, t: &Table, name: &'static str) -> PResult<'a, Span<'a>> {
    match i.fragment().as_bytes().first() {
        Some(&b) if t.contains(b) => Ok(take_class(i, 1, t)),
        _ => {
            expect_here(&i, Expected::Rule(name));
            fail()
        }
    }
}

/// Zero or more characters of the class `t` (`*t`). Never fails; records `name` where it stops.
#[inline(always)]
pub fn many<'a>(i: Span<'a>, t: &Table, name: &'static str) -> PResult<'a, Span<'a>> {
    let b = i.fragment().as_bytes();
    let n = t.run_end(b, 0);
    i.extra
        .record(i.location_offset() + n, Expected::Rule(name));
    Ok(take_class(i, n, t))
}

/// One or more characters of the class `t` (`1*t`).
#[inline(always)]
pub fn many1<'a>(i: Span<'a>, t: &Table, name: &'static str) -> PResult<'a, Span<'a>> {
    let (rest, got) = many(i, t, name)?;
    if got.fragment().is_empty() {
        fail()
    } else {
        Ok((rest, got))
    }
}

const HEX: Table = Table::range(b'0', b'9')
    .or(Table::range(b'A', b'F'))
    .or(Table::range(b'a', b'f'));

/// Where `*( t | "%" hex hex )` that starts at byte `n` of `b` stops: `Ok(end)`, or `Err(bad)`
/// for a `%` without two hex digits after it, `bad` being the first byte after the `%` that is
/// not one. The scan of [`many_esc`] and of the byte-level fast passes.
#[inline(always)]
pub fn run_with_escapes(b: &[u8], mut n: usize, t: &Table) -> Result<usize, usize> {
    loop {
        // The common case first: a run of class members (`Table::run_end`).
        n = t.run_end(b, n);
        if b.get(n) != Some(&b'%') {
            return Ok(n);
        }
        n = escape_end(b, n)?;
    }
}

/// Where `escape = "%" hex hex` that starts at byte `n` of `b` (a `%`) ends: `Ok(n + 3)`, or
/// `Err(bad)` at the first byte after the `%` that is not a hex digit.
#[inline(always)]
pub fn escape_end(b: &[u8], n: usize) -> Result<usize, usize> {
    debug_assert_eq!(b.get(n), Some(&b'%'));
    for k in n + 1..n + 3 {
        if !b.get(k).is_some_and(|&h| HEX.contains(h)) {
            return Err(k);
        }
    }
    Ok(n + 3)
}

/// Zero or more of `( t | escape )`, where an escape is `"%" hex hex` and `esc` names the
/// grammar's escape production (`escaped` in RFC 2396, `escape` in RFC 1738 and RFC 1630):
/// the common shape `*( unreserved | escaped | ";" ... )`. Records `name` where it stops.
///
/// A `%` that is not followed by two hex digits is a hard failure (nom's `Err::Failure`, the
/// effect of `cut`): in the grammars that use this primitive `%` occurs only as the start of
/// an escape, so no other branch could accept it. The failure is recorded at the first byte
/// after the `%` that is not a hex digit, expecting `hex`.
#[inline(always)]
pub fn many_esc<'a>(
    i: Span<'a>,
    t: &Table,
    name: &'static str,
    esc: &'static str,
) -> PResult<'a, Span<'a>> {
    let n = match run_with_escapes(i.fragment().as_bytes(), 0, t) {
        Ok(n) => n,
        Err(bad) => {
            i.extra
                .record_within(esc, i.location_offset() + bad, Expected::Rule("hex"));
            return Err(Err::Failure(Fail));
        }
    };
    i.extra
        .record(i.location_offset() + n, Expected::Rule(name));
    Ok(take_class(i, n, t)) // an escape holds no newline
}

/// `item *( sep item )`, where the strings of `item` are exactly the runs of `( t | escape )`
/// (`t` without `sep`, a character that is no escape): the shape of RFC 2396's
/// `path_segments` and RFC 1738's `hpath`, `fpath` and `ppath`. `name` and `esc` are
/// [`many_esc`]'s.
///
/// The language is the runs of `( t | sep | escape )`, so the fast pass scans that one class.
/// The tree pass follows the production structure: `item`, then `sep item` as long as that
/// matches. The diagnosing pass needs only the records at the farthest failure, and every
/// record of the items before the last `sep` lies before where the scan stops (the last item
/// records where it stops, or a bad escape in it), so none of them can be at the farthest
/// failure: it skips those items, and follows the structure from the last `sep` on. A long
/// path then costs the diagnosing pass one scan, not a production per segment.
#[inline(always)]
pub fn separated<'a>(
    i: Span<'a>,
    t: &Table,
    sep: &'static str,
    name: &'static str,
    esc: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
) -> PResult<'a, Span<'a>> {
    let s = sep.as_bytes()[0];
    debug_assert!(sep.len() == 1 && !t.contains(s) && s != b'%');
    let start = match i.extra.mode() {
        Mode::Fast => return many_esc(i, &t.or(Table::chars(sep)), name, esc),
        Mode::Tree => i,
        Mode::Diagnose | Mode::Farthest => {
            let b = i.fragment().as_bytes();
            // The scan of `( t | sep | escape )`, without building that class (which cost
            // more than the scan on the short paths that most diagnoses read).
            let mut stop = 0;
            let stop = loop {
                match run_with_escapes(b, stop, t) {
                    Ok(n) if b.get(n) == Some(&s) => stop = n + 1,
                    Ok(n) | Err(n) => break n,
                }
            };
            match memrchr(s, &b[..stop]) {
                // The items before the last `sep`, and the `sep`s, hold a newline only where
                // `t` or `sep` is one.
                Some(k) if t.contains(b'\n') || s == b'\n' => take(i, k + 1).0,
                Some(k) => split(i, k + 1, 0).0,
                None => i,
            }
        }
    };
    let rest = items(start, sep, item)?;
    Ok(recognized(i, rest))
}

/// `item *( sep item ) [ sep ]`, where the strings of `item` are exactly the non-empty runs of
/// `( t | escape )` (`t` without `sep`, a character that is no escape): the shape of RFC
/// 1630's paths, `segment`s (runs of `xpalpha`s) joined by single `/`s, which may end with one.
/// It fails where the first `item` does, and fails hard at a `%` without two hex digits, as
/// the runs do ([`many_esc`]).
///
/// As [`separated`], the fast pass scans runs and `sep`s in one loop, and the tree pass follows
/// the structure. The diagnosing pass follows it from the start of the last item that the scan
/// read (the one it stopped in, or the one before a final `sep`): every record of the items
/// before lies before that start, so none of them can be at the farthest failure, and from an
/// item's start the structure runs as it does there in the whole parse (the item, then
/// `sep item` as long as that matches, then perhaps a `sep`).
#[inline(always)]
pub fn joined<'a>(
    i: Span<'a>,
    t: &Table,
    sep: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
) -> PResult<'a, Span<'a>> {
    debug_assert!(sep.len() == 1 && !t.contains(sep.as_bytes()[0]) && !t.contains(b'%'));
    debug_assert!(sep != "\n");
    let s = sep.as_bytes()[0];
    let mode = i.extra.mode();
    let from = match mode {
        Mode::Tree => 0,
        // No item at the start (often the case: a path that is `void`).
        _ if !peek_byte(&i).is_some_and(|c| t.contains(c) || c == b'%') => match mode {
            Mode::Fast => return fail(),
            _ => 0,
        },
        Mode::Fast | Mode::Farthest | Mode::Diagnose => {
            let b = i.fragment().as_bytes();
            // `n`: where the scan is; `last`: the start of the last item it read.
            let (mut n, mut last) = (0, 0);
            let bad = loop {
                match run_with_escapes(b, n, t) {
                    Err(_) => {
                        last = n;
                        break true;
                    }
                    // An empty item: none at the start, or a final `sep` before.
                    Ok(m) if m == n => break false,
                    Ok(m) => (last, n) = (n, m),
                }
                if b.get(n) != Some(&s) {
                    break false;
                }
                n += 1;
            };
            if mode == Mode::Fast {
                return match (bad, n) {
                    (true, _) => Err(Err::Failure(Fail)),
                    (false, 0) => fail(),
                    (false, n) => Ok(take_class(i, n, t)),
                };
            }
            last
        }
    };
    // Items and `sep`s hold a newline only where `t` does (`sep` is none).
    let start = take_class(i, from, t).0;
    let rest = items(start, sep, item)?;
    let (rest, _) = maybe(rest, |j| lit(j, sep))?;
    Ok(recognized(i, rest))
}

/// `item *( sep item )` from `start`, following the structure: where it ends.
#[inline(always)]
fn items<'a>(
    start: Span<'a>,
    sep: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
) -> Result<Span<'a>, Err<Fail>> {
    let (mut rest, _) = item(start)?;
    // `sep item` always consumes its `sep`, so the loop ends.
    while let (r, Some(_)) = maybe(rest, |j| {
        let (j, _) = lit(j, sep)?;
        item(j)
    })? {
        rest = r;
    }
    Ok(rest)
}

/// The last `c` in `b`.
#[inline(always)]
fn memrchr(c: u8, b: &[u8]) -> Option<usize> {
    b.iter().rposition(|&x| x == c)
}

/// One or more of `( t | escape )` (`1*( ... )`), as [`many_esc`].
#[inline(always)]
pub fn many1_esc<'a>(
    i: Span<'a>,
    t: &Table,
    name: &'static str,
    esc: &'static str,
) -> PResult<'a, Span<'a>> {
    let (rest, got) = many_esc(i, t, name, esc)?;
    if got.fragment().is_empty() {
        fail()
    } else {
        Ok((rest, got))
    }
}

/// One character of `t` or one escape (`"%" hex hex`), as production `esc` (`escaped` in
/// RFC 2396, `escape` in RFC 1738 and RFC 1630): the shape of `uric`, `pchar`, `uchar`,
/// `xchar`, `xalpha` ...
#[inline]
pub fn one_or_escape<'a>(
    i: Span<'a>,
    t: &Table,
    name: &'static str,
    esc: &'static str,
) -> PResult<'a, Span<'a>> {
    match soften(one(i, t, name)) {
        Ok(r) => Ok(r),
        Err(_) => production(i, esc, escape),
    }
}

/// `"%" hex hex`, for the escape productions themselves. After the `%` it commits (`cut`).
#[inline]
pub fn escape<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    let b = i.fragment().as_bytes();
    if b.first() != Some(&b'%') {
        expect_here(&i, Expected::Literal("%"));
        return fail();
    }
    if let Err(k) = escape_end(b, 0) {
        i.extra
            .record(i.location_offset() + k, Expected::Rule("hex"));
        return Err(Err::Failure(Fail));
    }
    Ok(take(i, 3))
}

/// The first byte of `i`, if any: a look-ahead that records nothing.
#[inline(always)]
pub fn peek_byte(i: &Span<'_>) -> Option<u8> {
    i.fragment().as_bytes().first().copied()
}

/// The literals that the alternatives of a choice start with (in the order tried; `""` for an
/// alternative that starts with no fixed text), and for each first byte of an input, the set
/// of alternatives to try on it, worked out once, at compile time.
///
/// An alternative whose literal does not start with the input's first byte fails at that byte.
/// When some literal does start with it, that alternative gets past the byte, so the failure
/// there is not the farthest: no diagnosis needs it, and the alternative need not run (it can
/// match nothing, and leaves nothing in a derivation). When no literal starts with the byte (or
/// there is none), every alternative runs, so that each records what it expected there. An
/// alternative with no literal always runs.
#[derive(Debug)]
pub struct Starts {
    literals: &'static [&'static str],
    /// For each byte, the alternatives to try on an input that starts with it (bit `k` for
    /// the `k`th).
    by_byte: [u16; 256],
}

impl Starts {
    /// No literals: every alternative runs.
    pub const NONE: Starts = Starts::new(&[]);

    /// The sets of alternatives to try, for alternatives that start with `literals` (at most
    /// 16).
    pub const fn new(literals: &'static [&'static str]) -> Starts {
        assert!(literals.len() <= 16);
        let mut by_byte = [u16::MAX; 256];
        let mut b = 0;
        while b < 256 {
            // The alternatives whose literal starts with `b`, and those with no literal.
            let (mut starting, mut open) = (0u16, 0u16);
            let mut k = 0;
            while k < literals.len() {
                match literals[k].as_bytes() {
                    [] => open |= 1 << k,
                    [first, ..] if *first as usize == b => starting |= 1 << k,
                    _ => {}
                }
                k += 1;
            }
            if starting != 0 {
                by_byte[b] = starting | open;
            }
            b += 1;
        }
        Starts { literals, by_byte }
    }

    /// The literals, in the order of the alternatives.
    pub fn literals(&self) -> &'static [&'static str] {
        self.literals
    }

    /// The alternatives to try on `i`, below `len`, as a set of bits (bit `k` for the `k`th):
    /// take them lowest first.
    #[inline(always)]
    pub fn tries(&self, i: &Span<'_>, len: usize) -> u16 {
        let all = ((1u32 << len) - 1) as u16;
        match peek_byte(i) {
            Some(b) => self.by_byte[usize::from(b)] & all,
            None => all,
        }
    }
}

/// Turn `Err::Failure` into `Err::Error`, for a caller that must try an alternative even after
/// a committed branch failed (the longest-match choices).
#[inline]
pub fn soften<'a, O>(r: PResult<'a, O>) -> PResult<'a, O> {
    match r {
        Err(Err::Failure(e)) => Err(Err::Error(e)),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_span_runs_a_production() {
        let (rest, _) = crate::grammar::rfc2396::scheme(fast_span("http:")).unwrap();
        assert_eq!(*rest.fragment(), ":");
    }

    /// The inlined comparison is `Ord`'s, and the lists handed out are sorted and without
    /// repeats as `sort` and `dedup` make them.
    #[test]
    fn expected_items_compare_as_ord_does() {
        let items = [
            Expected::Rule("hex"),
            Expected::Rule("hexa"),
            Expected::Rule("he"),
            Expected::Rule(""),
            Expected::Rule("alpha"),
            Expected::Literal("%"),
            Expected::Literal("//"),
            Expected::Literal("/"),
            Expected::Literal("é"),
            Expected::Literal("hex"),
            Expected::EndOfInput,
        ];
        for a in &items {
            for b in &items {
                assert_eq!(compare(a, b), a.cmp(b), "{a:?} {b:?}");
            }
        }
        let mut v = items.repeat(3);
        v.reverse();
        let mut want = v.clone();
        want.sort();
        want.dedup();
        sort_dedup(&mut v);
        assert_eq!(v, want);
    }

    /// An item recorded twice, and the same text from two places (two addresses), are one item
    /// in the list handed out.
    #[test]
    fn the_same_text_from_two_places_is_one_item() {
        let other: &'static str = String::from("hex").leak();
        let t = Tracker::new(Mode::Diagnose);
        for what in [
            Expected::Rule("hex"),
            Expected::Rule("hex"),
            Expected::Rule(other),
            Expected::EndOfInput,
            Expected::EndOfInput,
        ] {
            t.record(3, what);
        }
        assert_eq!(t.expected(), [Expected::Rule("hex"), Expected::EndOfInput]);
        t.with_expected_and_failed_in(|expected, _| {
            assert_eq!(expected, [Expected::Rule("hex"), Expected::EndOfInput]);
        });
    }

    /// Many failures at one place with the same few items keep a short list: it is merged while
    /// recording once it is long, and reads as the items, once each.
    #[test]
    fn a_list_that_repeats_at_length_is_merged_while_recording() {
        let t = Tracker::new(Mode::Diagnose);
        let items = [
            Expected::Literal("/"),
            Expected::Rule("hex"),
            Expected::EndOfInput,
        ];
        for k in 0..1000 {
            t.record(5, items[k % 3]);
        }
        let State::Stacked(b, _) = &t.state else {
            panic!("not a diagnosing tracker");
        };
        let n = b.borrow().expected.len();
        assert!((3..=MERGE_AT).contains(&n), "{n} items kept");
        assert_eq!(
            t.expected(),
            [
                Expected::Rule("hex"),
                Expected::Literal("/"),
                Expected::EndOfInput
            ]
        );
    }

    /// The buffers of a tracker's production stack, its copy, and its expected items.
    fn buffers(t: &Tracker) -> [*const u8; 3] {
        let State::Stacked(b, Keep::Expected) = &t.state else {
            panic!("not a diagnosing tracker");
        };
        let b = b.borrow();
        [
            b.stack.as_ptr().cast(),
            b.failed_in.as_ptr().cast(),
            b.expected.as_ptr().cast(),
        ]
    }

    /// A diagnosing tracker takes the buffers that the last one dropped on its thread left,
    /// emptied, unless they grew past [`SPARE_ROOM`].
    #[test]
    fn trackers_reuse_the_buffers_of_the_last_one() {
        let t = Tracker::new(Mode::Diagnose);
        let r = crate::Grammar::Rfc2396.rule("URI-reference").unwrap();
        let _ = (r.parse)(t.span("http://a/b%zz"));
        assert!(t.farthest().is_some() && !t.failed_in().is_empty());
        let first = buffers(&t);
        drop(t);
        let t = Tracker::new(Mode::Diagnose);
        assert_eq!(buffers(&t), first);
        assert_eq!(
            (t.farthest(), t.failed_in(), t.expected()),
            (None, vec![], vec![])
        );
        // A locating tracker takes the stacks, and leaves the expected items' buffer.
        drop(t);
        let l = Tracker::locating();
        drop(l);
        assert_eq!(buffers(&Tracker::new(Mode::Diagnose)), first);
        // Grown past the limit, a buffer is freed, not kept.
        let t = Tracker::new(Mode::Diagnose);
        if let State::Stacked(b, _) = &t.state {
            b.borrow_mut().stack.reserve(SPARE_ROOM + 1);
        }
        let grown = buffers(&t);
        drop(t);
        let t = Tracker::new(Mode::Diagnose);
        assert_ne!(buffers(&t)[0], grown[0]);
        assert_eq!(buffers(&t)[1..], grown[1..]);
    }

    #[test]
    fn runs_with_escapes() {
        const LOWER: Table = Table::range(b'a', b'z');
        assert_eq!(run_with_escapes(b"ab%41c/", 0, &LOWER), Ok(6));
        assert_eq!(run_with_escapes(b"ab%4z", 0, &LOWER), Err(4));
    }
}
