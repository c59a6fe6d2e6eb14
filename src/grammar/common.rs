//! What the grammars share below their own modules:
//!
//! - the fast passes of RFC 2396 and RFC 3986: the text scanned and its parts ([`Text`]), runs
//!   with escapes ([`run`]), the failure of a `%` without two hex digits ([`BadEscape`]), the
//!   result as nom's ([`finish`]) and the `scheme ":"` scan both specs' `scheme` reads
//!   ([`scheme`]);
//! - the longest-match choice of the ambiguous grammars ([`longest`]: RFC 1738's and RFC
//!   1630's URL productions).

use nom::{Err, OutputMode, Parser};

use crate::input::primitives::{Alternatives, Out, lift};
use crate::input::{Fail, Mode, PResult, Span, Starts, escape_end, fail, take_in_line};
use crate::part::Part;
use crate::table::{Table, Wide};

/// A `%` without two hex digits after it: the parse fails outright.
pub(crate) struct BadEscape;

/// The text being parsed and its offset in the whole input, to make [`Part`]s from positions.
#[derive(Clone, Copy)]
pub(crate) struct Text<'a> {
    s: &'a str,
    base: usize,
}

impl<'a> Text<'a> {
    /// The text of a span.
    #[inline(always)]
    pub(crate) fn of(i: &Span<'a>) -> Text<'a> {
        Text {
            s: i.fragment(),
            base: i.location_offset(),
        }
    }

    /// A whole text, offsets from 0.
    #[inline(always)]
    pub(crate) fn whole(s: &'a str) -> Text<'a> {
        Text { s, base: 0 }
    }

    #[inline(always)]
    pub(crate) fn bytes(self) -> &'a [u8] {
        self.s.as_bytes()
    }

    /// Where `p`, a part of this text, ends: its position in the text.
    #[inline(always)]
    pub(crate) fn end(self, p: Part<'a>) -> usize {
        p.end() - self.base
    }

    /// The part from byte `a` to byte `e`.
    #[inline(always)]
    pub(crate) fn part(self, a: usize, e: usize) -> Part<'a> {
        debug_assert!(a <= e && self.s.is_char_boundary(a) && self.s.is_char_boundary(e));
        // SAFETY: every position the scans below (and those of RFC 3986's fast pass) return
        // is 0, or a position they reached from 0 over ASCII bytes only (table members, `%`, hex digits and the literals of the
        // grammar), so it is at most the length of the text and a char boundary; and `a`
        // comes before `e` in every call.
        let text = unsafe { self.s.get_unchecked(a..e) };
        Part::new(text, self.base + a)
    }
}

/// `*( t | escaped )` from `n`: where the run stops. [`crate::input::run_with_escapes`] with
/// the vector scans ([`Wide::run_end`]).
#[inline(always)]
pub(crate) fn run(b: &[u8], mut n: usize, t: &Wide) -> Result<usize, BadEscape> {
    loop {
        n = t.run_end(b, n);
        if b.get(n) != Some(&b'%') {
            return Ok(n);
        }
        n = escape_end(b, n).map_err(|_| BadEscape)?;
    }
}

/// The result of a scan as a nom result: the rest of the input after `end` (the consumed
/// characters are URI characters, which hold no newline) and the value.
#[inline(always)]
pub(crate) fn finish<'a, O>(i: Span<'a>, r: Result<(usize, O), BadEscape>) -> PResult<'a, O> {
    match r {
        Ok((end, o)) => Ok((take_in_line(i, end).0, o)),
        Err(BadEscape) => Err(Err::Failure(Fail)),
    }
}

/// The first character of a `scheme`: `alpha` (rfc2396.txt:1482), `ALPHA` (rfc3986.txt:2715).
const SCHEME_FIRST: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));

/// The characters of a `scheme` after its first: `alpha | digit | "+" | "-" | "."`, in RFC
/// 2396 and RFC 3986 alike.
const SCHEME_REST: Wide = SCHEME_FIRST
    .or(Table::range(b'0', b'9'))
    .or(Table::chars("+-."))
    .wide();

/// `scheme ":"` at the start of `b`: the length of the scheme, when a `:` follows it. RFC
/// 2396's `scheme = alpha *( alpha | digit | "+" | "-" | "." )` (rfc2396.txt:1482) and RFC
/// 3986's `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (rfc3986.txt:2715) are one
/// language; a test holds these tables to both grammars' own.
#[inline(always)]
pub(crate) fn scheme(b: &[u8]) -> Option<usize> {
    if !b.first().is_some_and(|&c| SCHEME_FIRST.contains(c)) {
        return None;
    }
    let n = SCHEME_REST.run_end(b, 1);
    (b.get(n) == Some(&b':')).then_some(n)
}

// ---------------------------------------------------------------------------------------------
// The longest-match choice
// ---------------------------------------------------------------------------------------------

/// See [`longest`].
///
/// `IN_PLACE`: [`Longest::in_place`], a parameter of the type so that each choice is compiled
/// for its own way of keeping nodes.
#[derive(Clone, Copy)]
pub(crate) struct Longest<T, const IN_PLACE: bool = false> {
    alts: T,
    starts: &'static Starts,
    settled: Option<for<'s> fn(&Span<'s>) -> bool>,
}

/// The longest match among the alternatives `alts` (a tuple of parsers with one output), the
/// first on ties: a choice whose alternatives can match prefixes of each other's members,
/// used where nothing follows the choice, or where what follows can only continue the longest
/// match, so that the longest match is the only one a derivation can use (each caller says
/// why). nom's `alt` takes the first match instead, which loses members.
///
/// Every alternative runs on the real tracker, so each records what it expected. A hard
/// failure (a `%` without two hex digits, which no alternative can take) ends the choice at
/// once, as `cut` does, and the alternatives after it do not run. When none matches, the
/// choice fails recoverably.
///
/// In a derivation tree only the winner's nodes may stay, and nodes can only be dropped from
/// the end. By default each alternative's nodes are dropped after it runs, so each runs on a
/// tree without the others' nodes, and the winner runs again. [`Longest::in_place`] keeps
/// nodes where they are instead.
///
/// Options, each for what a caller can show of its alternatives: [`Longest::by_first_byte`]
/// skips the alternatives whose literal cannot start the input, [`Longest::settled_at`] stops
/// the fast path at a match that no other can pass.
#[inline(always)]
pub(crate) fn longest<'a, T: Alternatives<'a>>(alts: T) -> Longest<T> {
    Longest {
        alts,
        starts: &Starts::NONE,
        settled: None,
    }
}

impl<T> Longest<T> {
    /// `settled(rest)` says that no alternative can match past `rest` (the caller says why).
    /// On the fast path, where nothing is recorded, the first match that ends at such a place
    /// is taken without running the others: they could only tie, and ties go to the first.
    #[inline(always)]
    pub(crate) fn settled_at(self, settled: for<'s> fn(&Span<'s>) -> bool) -> Longest<T> {
        Longest {
            settled: Some(settled),
            ..self
        }
    }

    /// Run only the alternatives whose literal (`starts`, one per alternative, `""` for none)
    /// starts with the input's first byte: every other alternative fails recoverably, records
    /// nothing that a diagnosis needs and leaves nothing in a derivation ([`Starts`]).
    #[inline(always)]
    pub(crate) fn by_first_byte(self, starts: &'static Starts) -> Longest<T> {
        Longest { starts, ..self }
    }

    /// In a derivation tree, drop nodes only when they must go: an alternative runs after the
    /// nodes of the best match so far (before any match, after what the failed alternatives
    /// left), and its own nodes are dropped when it fails or loses to that match; a winner
    /// runs again only when nodes stand before its own (all of them are dropped then), and
    /// when none matches, every node after the choice's start is dropped. This saves running
    /// the winner again when it ran last on a clean tree or ran first and kept the lead; the
    /// partial derivation of a rejected input then holds the nodes that stood while an
    /// alternative failed farthest.
    #[inline(always)]
    pub(crate) fn in_place(self) -> Longest<T, true> {
        Longest {
            alts: self.alts,
            starts: self.starts,
            settled: self.settled,
        }
    }
}

impl<'a, T: Alternatives<'a>, const IN_PLACE: bool> Parser<Span<'a>> for Longest<T, IN_PLACE> {
    type Output = T::Output;
    type Error = Fail;

    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, T::Output> {
        lift::<OM, T::Output>(self.longest(i))
    }
}

impl<T, const IN_PLACE: bool> Longest<T, IN_PLACE> {
    fn longest<'a>(&mut self, i: Span<'a>) -> PResult<'a, T::Output>
    where
        T: Alternatives<'a>,
    {
        let literals = self.starts.literals();
        debug_assert!(literals.is_empty() || literals.len() == T::LEN);
        let mut tries = if literals.is_empty() {
            ((1u32 << T::LEN) - 1) as u16
        } else {
            self.starts.tries(&i, T::LEN)
        };
        let t = i.extra;
        let fast = t.mode() == Mode::Fast;
        let start = if IN_PLACE { t.mark() } else { 0 };
        let mut best: Option<(usize, Span<'a>, T::Output)> = None;
        // In place: whether the best match's nodes were dropped (it then runs again).
        let mut dropped = false;
        while tries != 0 {
            let k = tries.trailing_zeros() as usize;
            tries &= tries - 1;
            let mark = t.mark();
            let r = self.alts.run(k, i);
            if !IN_PLACE {
                t.rollback(mark);
            }
            match r {
                Ok((rest, o)) if fast && self.settled.is_some_and(|s| s(&rest)) => {
                    return Ok((rest, o));
                }
                Ok((rest, o))
                    if best
                        .as_ref()
                        .is_none_or(|(_, b, _)| rest.fragment().len() < b.fragment().len()) =>
                {
                    // Only when recording a tree (`mark` is 0 otherwise).
                    dropped = IN_PLACE && mark > start;
                    if dropped {
                        t.rollback(start);
                    }
                    best = Some((k, rest, o));
                }
                // A loser's nodes go; in place, before any match, a failure's stay.
                Ok(_) | Err(Err::Error(_)) => {
                    if IN_PLACE && best.is_some() {
                        t.rollback(mark);
                    }
                }
                Err(e) => return Err(e),
            }
        }
        match best {
            None => {
                if IN_PLACE {
                    t.rollback(start);
                }
                fail()
            }
            Some((k, _, _)) if dropped || (!IN_PLACE && t.mode() == Mode::Tree) => {
                self.alts.run(k, i)
            }
            Some((_, rest, o)) => Ok((rest, o)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::grammar::{rfc2396, rfc3986};
    use crate::input::Tracker;
    use crate::input::primitives::{lit, production};

    #[test]
    fn the_scheme_scan_reads_both_grammars_scheme() {
        for b in 0..=255u8 {
            assert_eq!(SCHEME_FIRST.contains(b), rfc2396::ALPHA.contains(b), "{b}");
            assert_eq!(SCHEME_FIRST.contains(b), rfc3986::ALPHA.contains(b), "{b}");
            assert_eq!(
                SCHEME_REST.contains(b),
                rfc2396::SCHEME_REST.contains(b),
                "{b}"
            );
            assert_eq!(SCHEME_REST.contains(b), rfc3986::SCHEME.contains(b), "{b}");
        }
        crate::table::scan::assert_every_path_agrees(&SCHEME_REST);
        assert_eq!(scheme(b"svn+ssh://h"), Some(7));
        assert_eq!(scheme(b"a:"), Some(1));
        assert_eq!(scheme(b"1a:"), None);
        assert_eq!(scheme(b"ab"), None);
        assert_eq!(scheme(b""), None);
    }

    thread_local! {
        /// How many times each alternative of [`tree`] ran (on this test's thread).
        static RUNS: [Cell<usize>; 2] = const { [Cell::new(0), Cell::new(0)] };
    }

    /// `a` as a production of its own, so that a tree shows which alternative matched.
    fn short(i: Span<'_>) -> PResult<'_, Span<'_>> {
        RUNS.with(|r| r[0].set(r[0].get() + 1));
        production("short", lit("a")).parse(i)
    }

    /// `ab` as a production of its own.
    fn long(i: Span<'_>) -> PResult<'_, Span<'_>> {
        RUNS.with(|r| r[1].set(r[1].get() + 1));
        production("long", lit("ab")).parse(i)
    }

    /// `longest((short, long))` (`in_place` or not) on `input` in a derivation tree: the rest,
    /// the rules of the tree, and how many times each alternative ran.
    fn tree(in_place: bool, input: &str) -> (Option<String>, Vec<&'static str>, [usize; 2]) {
        RUNS.with(|r| r.iter().for_each(|c| c.set(0)));
        let t = Tracker::new(Mode::Tree);
        let i = t.span(input);
        let r = if in_place {
            longest((short, long)).in_place().parse(i)
        } else {
            longest((short, long)).parse(i)
        };
        let rest = r.ok().map(|(rest, _)| rest.fragment().to_string());
        let rules = t.nodes().iter().map(|n| n.rule).collect();
        (rest, rules, RUNS.with(|r| [r[0].get(), r[1].get()]))
    }

    #[test]
    fn the_longest_match_wins_and_only_its_nodes_stay() {
        for in_place in [false, true] {
            let t = tree(in_place, "abc");
            assert_eq!((t.0.as_deref(), t.1), (Some("c"), vec!["long"]));
            let t = tree(in_place, "ac");
            assert_eq!((t.0.as_deref(), t.1), (Some("c"), vec!["short"]));
            let t = tree(in_place, "b");
            assert_eq!((t.0, t.1), (None, vec![]));
        }
    }

    #[test]
    fn by_default_the_winner_runs_again_in_a_tree() {
        assert_eq!(tree(false, "ac").2, [2, 1]);
        assert_eq!(tree(false, "abc").2, [1, 2]);
    }

    #[test]
    fn in_place_a_winner_runs_again_only_when_nodes_stand_before_its_own() {
        // `short` keeps the lead: its nodes stay, `long`'s go.
        assert_eq!(tree(true, "ac").2, [1, 1]);
        // `long` wins after `short` left a node: both go, `long` runs again.
        assert_eq!(tree(true, "abc").2, [1, 2]);
        // Neither matches: each ran once.
        assert_eq!(tree(true, "x").2, [1, 1]);
    }
}
