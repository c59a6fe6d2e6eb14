//! The primitives of the grammars as parser values: each implements [`nom::Parser`] over
//! [`Span`], so that nom's own combinators (`alt`, `opt`, `preceded`, `recognize`, `map`,
//! tuples ...) compose them, and each records what it expected into the [`Tracker`] exactly as
//! the function of the same name in [`crate::input`] does (each is that function, run as a
//! parser).
//!
//! A production is a plain `fn` whose body is one combinator expression, wrapped in
//! [`production`], and refers to the others by name:
//!
//! ```text
//! local-part  =  word *("." word)
//! ```
//!
//! ```ignore
//! pub fn local_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
//!     production("local-part", recognize((word, many0((lit("."), word))))).parse(i)
//! }
//! ```
//!
//! Two things nom's combinators do not do, and the primitives here that do them:
//!
//! - `opt` and `alt` drop a branch that failed, but not the derivation-tree nodes of the
//!   productions that matched in it before it failed: [`branch`] does.
//! - `peek` of a recording primitive records what it expected: [`next_byte`] looks without
//!   recording.
//!
//! nom's `many0` and `many1` build a `Vec` of their items when their output is used: use them
//! under `recognize` (which asks for no output), or use the runs of a class ([`many`],
//! [`many_esc`] ...), which scan a table.
//!
//! [`Tracker`]: crate::input::Tracker

use nom::{Err, Mode as _, OutputMode, Parser};

use super::{Fail, PResult, Span, Starts};
use crate::table::Table;

/// nom's result of a parser run in output mode `OM`.
pub(crate) type Out<'a, OM, O> = nom::PResult<OM, Span<'a>, O, Fail>;

/// A result of the crate's primitives, in output mode `OM`. The output is made only when
/// `OM` asks for it.
#[inline(always)]
pub(crate) fn lift<'a, OM: OutputMode, O>(r: PResult<'a, O>) -> Out<'a, OM, O> {
    match r {
        Ok((rest, o)) => Ok((rest, OM::Output::bind(|| o))),
        Err(Err::Error(e)) => Err(Err::Error(OM::Error::bind(|| e))),
        Err(Err::Failure(e)) => Err(Err::Failure(e)),
        Err(Err::Incomplete(n)) => Err(Err::Incomplete(n)),
    }
}

/// A parser value over [`Span`] that runs a primitive of [`crate::input`].
macro_rules! primitive {
    ($(#[$doc:meta])* $name:ident { $($field:ident: $ty:ty),* } |$s:ident, $i:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name { $($field: $ty),* }

        impl<'a> Parser<Span<'a>> for $name {
            type Output = Span<'a>;
            type Error = Fail;

            #[inline(always)]
            fn process<OM: OutputMode>(&mut self, $i: Span<'a>) -> Out<'a, OM, Span<'a>> {
                let $s = &*self;
                lift::<OM, Span<'a>>($body)
            }
        }
    };
}

primitive! {
    /// See [`lit`].
    Lit { text: &'static str } |s, i| super::lit(i, s.text)
}

/// The literal `text`, byte for byte; a mismatch is recorded at the first byte that differs
/// ([`crate::input::lit`]).
#[inline(always)]
pub const fn lit(text: &'static str) -> Lit {
    Lit { text }
}

primitive! {
    /// See [`one`].
    One { t: &'static Table, name: &'static str } |s, i| super::one(i, s.t, s.name)
}

/// One character of the class `t`, named `name` in errors ([`crate::input::one`]).
#[inline(always)]
pub const fn one(t: &'static Table, name: &'static str) -> One {
    One { t, name }
}

primitive! {
    /// See [`many`].
    Many { t: &'static Table, name: &'static str } |s, i| super::many(i, s.t, s.name)
}

/// `*t`: zero or more characters of the class `t`; never fails, and records `name` where it
/// stops ([`crate::input::many`]).
#[inline(always)]
pub const fn many(t: &'static Table, name: &'static str) -> Many {
    Many { t, name }
}

primitive! {
    /// See [`many1`].
    Many1 { t: &'static Table, name: &'static str } |s, i| super::many1(i, s.t, s.name)
}

/// `1*t` ([`crate::input::many1`]).
#[inline(always)]
pub const fn many1(t: &'static Table, name: &'static str) -> Many1 {
    Many1 { t, name }
}

primitive! {
    /// See [`many_esc`].
    ManyEsc { t: &'static Table, name: &'static str, esc: &'static str }
    |s, i| super::many_esc(i, s.t, s.name, s.esc)
}

/// `*( t | escape )`, the escape being production `esc`; a `%` without two hex digits is a
/// hard failure ([`crate::input::many_esc`]).
#[inline(always)]
pub const fn many_esc(t: &'static Table, name: &'static str, esc: &'static str) -> ManyEsc {
    ManyEsc { t, name, esc }
}

primitive! {
    /// See [`many1_esc`].
    Many1Esc { t: &'static Table, name: &'static str, esc: &'static str }
    |s, i| super::many1_esc(i, s.t, s.name, s.esc)
}

/// `1*( t | escape )` ([`crate::input::many1_esc`]).
#[inline(always)]
pub const fn many1_esc(t: &'static Table, name: &'static str, esc: &'static str) -> Many1Esc {
    Many1Esc { t, name, esc }
}

primitive! {
    /// See [`one_or_escape`].
    OneOrEscape { t: &'static Table, name: &'static str, esc: &'static str }
    |s, i| super::one_or_escape(i, s.t, s.name, s.esc)
}

/// One character of `t` or one escape, as production `esc` ([`crate::input::one_or_escape`]).
#[inline(always)]
pub const fn one_or_escape(
    t: &'static Table,
    name: &'static str,
    esc: &'static str,
) -> OneOrEscape {
    OneOrEscape { t, name, esc }
}

/// See [`production`].
#[derive(Clone, Copy)]
pub struct Production<P> {
    name: &'static str,
    parser: P,
}

impl<'a, P: Parser<Span<'a>, Error = Fail>> Parser<Span<'a>> for Production<P> {
    type Output = P::Output;
    type Error = Fail;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, P::Output> {
        let parser = &mut self.parser;
        super::production(i, self.name, |i| parser.process::<OM>(i))
    }
}

/// `parser` as production `name`: in the diagnosing modes, the production stack and the
/// derivation tree keep it ([`crate::input::production`]).
#[inline(always)]
pub fn production<'a, P: Parser<Span<'a>, Error = Fail>>(
    name: &'static str,
    parser: P,
) -> Production<P> {
    Production { name, parser }
}

/// See [`branch`].
#[derive(Clone, Copy)]
pub struct Branch<P>(P);

impl<'a, P: Parser<Span<'a>, Error = Fail>> Parser<Span<'a>> for Branch<P> {
    type Output = P::Output;
    type Error = Fail;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, P::Output> {
        let mark = i.extra.mark();
        let r = self.0.process::<OM>(i);
        if let Err(Err::Error(_)) = r {
            // Sub-productions that matched before the branch failed are not in the derivation.
            i.extra.rollback(mark);
        }
        r
    }
}

/// `parser` as one branch of an `opt`, `alt` or repetition: when it fails recoverably, the
/// derivation-tree nodes of the productions that matched in it are dropped (nom's `opt` and
/// `alt` drop the branch, not what it recorded).
#[inline(always)]
pub fn branch<'a, P: Parser<Span<'a>, Error = Fail>>(parser: P) -> Branch<P> {
    Branch(parser)
}

/// See [`next_byte`].
#[derive(Clone, Copy)]
pub struct NextByte;

impl<'a> Parser<Span<'a>> for NextByte {
    type Output = Option<u8>;
    type Error = Fail;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, Option<u8>> {
        let b = super::peek_byte(&i);
        Ok((i, OM::Output::bind(|| b)))
    }
}

/// A silent look-ahead: the next byte (`None` at the end of the input), consuming nothing and
/// recording nothing (nom's `peek` of a recording primitive would record what it expected).
/// Never fails; `verify` or `map_opt` over it decide.
#[inline(always)]
pub const fn next_byte() -> NextByte {
    NextByte
}

/// See [`separated`].
#[derive(Clone, Copy)]
pub struct Separated<'a> {
    t: &'static Table,
    sep: &'static str,
    name: &'static str,
    esc: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
}

impl<'a> Parser<Span<'a>> for Separated<'a> {
    type Output = Span<'a>;
    type Error = Fail;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, Span<'a>> {
        let s = &*self;
        lift::<OM, Span<'a>>(super::separated(i, s.t, s.sep, s.name, s.esc, s.item))
    }
}

/// `item *( sep item )`, where the strings of `item` are the runs of `( t | escape )`: scanned
/// as one class where only the verdict is needed ([`crate::input::separated`]).
#[inline(always)]
pub const fn separated<'a>(
    t: &'static Table,
    sep: &'static str,
    name: &'static str,
    esc: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
) -> Separated<'a> {
    Separated {
        t,
        sep,
        name,
        esc,
        item,
    }
}

/// See [`joined`].
#[derive(Clone, Copy)]
pub struct Joined<'a> {
    t: &'static Table,
    sep: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
}

impl<'a> Parser<Span<'a>> for Joined<'a> {
    type Output = Span<'a>;
    type Error = Fail;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, Span<'a>> {
        let s = &*self;
        lift::<OM, Span<'a>>(super::joined(i, s.t, s.sep, s.item))
    }
}

/// `item *( sep item ) [ sep ]`, where the strings of `item` are the non-empty runs of
/// `( t | escape )`: scanned as runs where only the verdict is needed ([`crate::input::joined`]).
#[inline(always)]
pub const fn joined<'a>(
    t: &'static Table,
    sep: &'static str,
    item: fn(Span<'a>) -> PResult<'a, Span<'a>>,
) -> Joined<'a> {
    Joined { t, sep, item }
}

/// The alternatives of a choice that is not nom's ordered `alt`: a tuple of parsers over
/// [`Span`] with one output, run one at a time by index ([`alt_by_first_byte`], and the
/// longest-match choices of the grammars).
pub trait Alternatives<'a> {
    /// What every alternative gives.
    type Output;
    /// How many alternatives there are.
    const LEN: usize;
    /// Run alternative `k` (below [`Alternatives::LEN`]; any other `k` fails) on `i`.
    fn run(&mut self, k: usize, i: Span<'a>) -> PResult<'a, Self::Output>;
}

macro_rules! alternatives {
    ($($p:ident $k:tt),+) => {
        impl<'a, O, $($p: Parser<Span<'a>, Output = O, Error = Fail>),+> Alternatives<'a>
            for ($($p,)+)
        {
            type Output = O;
            const LEN: usize = [$($k),+].len();

            #[inline(always)]
            fn run(&mut self, k: usize, i: Span<'a>) -> PResult<'a, O> {
                match k {
                    $($k => self.$k.parse(i),)+
                    _ => super::fail(),
                }
            }
        }
    };
}

alternatives!(A 0, B 1);
alternatives!(A 0, B 1, C 2);
alternatives!(A 0, B 1, C 2, D 3);
alternatives!(A 0, B 1, C 2, D 3, E 4);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
alternatives!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);

/// See [`alt_by_first_byte`].
#[derive(Clone, Copy)]
pub struct AltByFirstByte<T> {
    starts: &'static Starts,
    alts: T,
}

impl<'a, T: Alternatives<'a>> Parser<Span<'a>> for AltByFirstByte<T> {
    type Output = T::Output;
    type Error = Fail;

    #[inline]
    fn process<OM: OutputMode>(&mut self, i: Span<'a>) -> Out<'a, OM, T::Output> {
        let mut tries = self.starts.tries(&i, T::LEN);
        while tries != 0 {
            let k = tries.trailing_zeros() as usize;
            tries &= tries - 1;
            match self.alts.run(k, i) {
                Err(Err::Error(_)) => {}
                r => return lift::<OM, T::Output>(r),
            }
        }
        lift::<OM, T::Output>(super::fail())
    }
}

/// nom's ordered `alt` over alternatives that each start with a literal (`starts`, one per
/// alternative, in order; `""` for one that starts with no fixed text): only the alternatives
/// whose literal starts with the input's first byte run ([`Starts`] says why the others need
/// not: they fail at that byte, where no diagnosis needs them).
#[inline(always)]
pub fn alt_by_first_byte<'a, T: Alternatives<'a>>(
    starts: &'static Starts,
    alts: T,
) -> AltByFirstByte<T> {
    debug_assert_eq!(starts.literals().len(), T::LEN);
    AltByFirstByte { starts, alts }
}

#[cfg(test)]
mod tests {
    use nom::branch::alt;
    use nom::combinator::{opt, recognize, verify};
    use nom::multi::many0;

    use super::*;
    use crate::input::{Expected, Mode, Tracker, fast_span};

    const LOWER: Table = Table::range(b'a', b'z');

    fn word(i: Span<'_>) -> PResult<'_, Span<'_>> {
        production("word", many1(&LOWER, "lower")).parse(i)
    }

    #[test]
    fn combinators_over_primitives() {
        let mut p = recognize((word, many0((lit("."), word))));
        let (rest, got) = p.parse(fast_span("ab.cd.;")).unwrap();
        assert_eq!((*got.fragment(), *rest.fragment()), ("ab.cd", ".;"));
    }

    #[test]
    fn primitives_record_where_they_stop() {
        let t = Tracker::new(Mode::Diagnose);
        let r = alt((lit("ftp:"), lit("file:"))).parse(t.span("fix"));
        assert!(r.is_err());
        assert_eq!(t.farthest(), Some(2));
        assert_eq!(t.expected(), vec![Expected::Literal("le:")]);
    }

    #[test]
    fn branch_drops_the_nodes_of_a_failed_branch() {
        let t = Tracker::new(Mode::Tree);
        let (rest, _) = production("top", (word, opt(branch((lit("."), word, lit("!"))))))
            .parse(t.span("ab.cd?"))
            .unwrap();
        assert_eq!(*rest.fragment(), ".cd?");
        let rules: Vec<_> = t.nodes().iter().map(|n| n.rule).collect();
        assert_eq!(rules, ["top", "word"]);
    }

    #[test]
    fn alt_by_first_byte_runs_the_alternatives_of_the_first_byte() {
        static STARTS: Starts = Starts::new(&["ab", "ac", "x"]);
        let mut p = alt_by_first_byte(&STARTS, (lit("ab"), lit("ac"), lit("x")));
        assert_eq!(*p.parse(fast_span("ac!")).unwrap().1.fragment(), "ac");
        // `x` does not run on `a...`: nothing is recorded at byte 0.
        let t = Tracker::new(Mode::Diagnose);
        assert!(p.parse(t.span("ad")).is_err());
        assert_eq!(t.farthest(), Some(1));
        assert_eq!(
            t.expected(),
            [Expected::Literal("b"), Expected::Literal("c")]
        );
        // No literal starts with `q`: every alternative runs and records.
        let t = Tracker::new(Mode::Diagnose);
        assert!(p.parse(t.span("q")).is_err());
        assert_eq!(t.farthest(), Some(0));
        assert_eq!(t.expected().len(), 3);
    }

    fn item(i: Span<'_>) -> PResult<'_, Span<'_>> {
        production("item", many1_esc(&LOWER, "lower", "escape")).parse(i)
    }

    /// `joined` matches `item *( "/" item ) [ "/" ]` alike in every mode, and a diagnosing
    /// tracker finds the same farthest failure as the structure does.
    #[test]
    fn joined_runs_items_and_separators() {
        static LOWER_REF: Table = LOWER;
        fn structure(i: Span<'_>) -> PResult<'_, Span<'_>> {
            recognize((item, many0((lit("/"), item)), opt(lit("/")))).parse(i)
        }
        for (s, matched) in [
            ("a", Some("a")),
            ("ab/cd/e", Some("ab/cd/e")),
            ("a/b/", Some("a/b/")),
            ("a//b", Some("a/")),
            ("a/%41b?", Some("a/%41b")),
            ("/a", None),
            ("", None),
            ("a/b%4z", None),
            ("a%zz", None),
        ] {
            for mode in [Mode::Fast, Mode::Farthest, Mode::Diagnose, Mode::Tree] {
                let (t, u) = (Tracker::new(mode), Tracker::new(mode));
                let got = joined(&LOWER_REF, "/", item).parse(t.span(s));
                let want = structure(u.span(s));
                assert_eq!(got.is_ok(), want.is_ok(), "{s:?} {mode:?}");
                let got = got.ok().map(|(_, m)| *m.fragment());
                assert_eq!(got, matched, "{s:?} {mode:?}");
                assert_eq!(got, want.ok().map(|(_, m)| *m.fragment()), "{s:?} {mode:?}");
                assert_eq!(t.farthest(), u.farthest(), "{s:?} {mode:?}");
                assert_eq!(t.failed_in(), u.failed_in(), "{s:?} {mode:?}");
                assert_eq!(t.nodes(), u.nodes(), "{s:?} {mode:?}");
            }
        }
    }

    #[test]
    fn next_byte_records_nothing() {
        let t = Tracker::new(Mode::Diagnose);
        let r = verify(next_byte(), |&b| b == Some(b'/')).parse(t.span("x"));
        assert!(r.is_err());
        assert_eq!(t.farthest(), None);
    }
}
