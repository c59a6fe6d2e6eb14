//! Random members of a rule and random mutations of a string, from a `u64` seed.
//!
//! Members are derived from the compiled grammar (see the `interp` module), so they are
//! members by construction; a test checks every rule of every grammar anyway. Each nonterminal
//! knows its smallest derivation (in symbols, counting one per production used and one per
//! character). Generation keeps the size committed so far, the smallest completion of what
//! remains included, within the budget. At each nonterminal it picks uniformly among the
//! productions that fit, half the time only among those that grow the output (so repetitions
//! and options are taken more often than not); once only the smallest fit, it takes a smallest
//! one. A smallest production's symbols are each strictly smaller than its left-hand side, so
//! generation always ends, and the output is never longer than `max(budget, smallest
//! derivation of the rule)`. It is an explicit-stack loop; nothing recurses. A terminal over
//! ASCII draws one of its members uniformly; one with ranges above ASCII (RFC 3987's
//! `ucschar`, `iprivate`) draws their first and last characters often (`wide_member`).

use super::BnfError;
use super::charset::Term;
use super::interp::{Cfg, Prod, Sym};
use super::reader::Grammar;

/// The characters a mutation inserts or substitutes: URI delimiters and the characters the
/// specs exclude, space, tab, and characters outside ASCII of two, three and four bytes.
pub(crate) const MUTATION_CHARS: &[char] = &[
    '%', ':', '/', '?', '#', '@', ';', '=', '&', '+', '$', ',', '.', '-', '_', '!', '~', '*', '\'',
    '(', ')', '[', ']', '{', '}', '|', '\\', '^', '`', '<', '>', '"', ' ', '\t', 'é', '€', '😀',
];

/// Draws members of one rule and mutations of strings from one seeded random stream; see
/// [`Grammar::generator`].
///
/// ```
/// let g = urigram::bnf::load("rfc2396")?;
/// let mut members = g.generator("IPv4address", 1)?;
/// for _ in 0..20 {
///     let s = members.member(50);
///     // Every member is one: by the oracle and by the combinators.
///     assert_eq!(g.check("IPv4address", &s)?, Ok(()));
///     assert!(urigram::Grammar::Rfc2396.check("IPv4address", &s).is_ok());
/// }
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
pub struct Generator<'g> {
    cfg: &'g Cfg,
    start: u32,
    rng: fastrand::Rng,
    stack: Vec<Sym>,
    pool: Vec<&'g Prod>,
}

impl std::fmt::Debug for Generator<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

impl Generator<'_> {
    /// A random member of the rule, of size at most `budget` (or the rule's smallest
    /// derivation if that is larger). The size counts characters and productions used, so a
    /// budget of a few hundred gives strings of up to a few hundred characters.
    pub fn member(&mut self, budget: usize) -> String {
        let budget = u64::try_from(budget).unwrap_or(u64::MAX);
        let cfg = self.cfg;
        let mut out = String::new();
        let mut committed = cfg.min_size.get(self.start as usize).copied().unwrap_or(0);
        self.stack.clear();
        self.stack.push(Sym::N(self.start));
        while let Some(sym) = self.stack.pop() {
            match sym {
                Sym::T(set) if set.wide == 0 => {
                    if let Some(b) = set.ascii.nth(self.rng.usize(..set.ascii.len().max(1))) {
                        out.push(char::from(b));
                    }
                }
                Sym::T(set) => out.push(self.wide_member(set)),
                Sym::N(a) => {
                    let prods = cfg.prods_of(a);
                    let least = cfg.min_size.get(a as usize).copied().unwrap_or(0);
                    let extra = |p: &Prod| p.min_size.saturating_sub(least);
                    let fits = |p: &Prod| committed.saturating_add(extra(p)) <= budget;
                    // Half the time, only productions that grow the output (when any fits):
                    // a repetition goes on, and an option is taken, with probability 3/4.
                    let grow = self.rng.bool();
                    let pools: [&dyn Fn(&Prod) -> bool; 3] =
                        [&|p| grow && fits(p) && extra(p) > 0, &|p| fits(p), &|p| {
                            extra(p) == 0
                        }];
                    for pool in pools {
                        self.pool.clear();
                        self.pool.extend(prods.iter().filter(|p| pool(p)));
                        if !self.pool.is_empty() {
                            break;
                        }
                    }
                    if let Some(p) = self.pool.get(self.rng.usize(..self.pool.len().max(1))) {
                        committed = committed.saturating_add(extra(p));
                        self.stack.extend(p.rhs.iter().rev().copied());
                    }
                }
            }
        }
        out
    }

    /// A member of a terminal with characters above ASCII (an ABNF range such as RFC 3987's
    /// `ucschar`): half the time one of its ASCII members (when it has any), else a character
    /// of one of its ranges, picked uniformly among the ranges, and a quarter of those times the
    /// range's first or last character, so that the edges of every range come up often.
    fn wide_member(&mut self, set: Term) -> char {
        let ascii = set.ascii;
        if !ascii.is_empty() && self.rng.bool() {
            return ascii
                .nth(self.rng.usize(..ascii.len()))
                .map_or('a', char::from);
        }
        let ranges = self.cfg.wide.ranges(set.wide);
        let Some(&(lo, hi)) = ranges.get(self.rng.usize(..ranges.len().max(1))) else {
            return ascii.nth(0).map_or('a', char::from);
        };
        let code = match self.rng.u8(..8) {
            0 => lo,
            1 => hi,
            _ => self.rng.u32(lo..=hi),
        };
        // Ranges hold no surrogates, so every code point in one is a character.
        char::from_u32(code).unwrap_or('a')
    }

    /// A random one-character mutation of `input`; see [`mutate`].
    pub fn mutation(&mut self, input: &str) -> String {
        mutate_with(&mut self.rng, input)
    }
}

/// A random one-character mutation of `input`, from `seed`: insert a character at a character
/// boundary, delete a character, or replace one with another. The characters inserted or
/// substituted are URI delimiters and the characters the specs exclude, space, tab, and
/// characters outside ASCII of two, three and four bytes. The empty string is always grown by
/// an insertion.
///
/// ```
/// // A seeded mutation: the same seed, the same characters inserted, replaced or removed.
/// let m = urigram::bnf::mutate("http://a/b", 7);
/// assert_ne!(m, "http://a/b");
/// let m = urigram::bnf::mutate("http://a/", 7);
/// let diff = m.chars().count() as isize - 9;
/// assert!((-1..=1).contains(&diff));
/// assert_eq!(m, urigram::bnf::mutate("http://a/", 7));
/// ```
pub fn mutate(input: &str, seed: u64) -> String {
    mutate_with(&mut fastrand::Rng::with_seed(seed), input)
}

fn mutate_with(rng: &mut fastrand::Rng, input: &str) -> String {
    let bounds: Vec<usize> = input
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(input.len()))
        .collect();
    let chars = bounds.len() - 1;
    let c = MUTATION_CHARS[rng.usize(..MUTATION_CHARS.len())];
    let op = if chars == 0 { 0 } else { rng.u8(..3) };
    let mut out = String::with_capacity(input.len() + 4);
    match op {
        0 => {
            let at = bounds[rng.usize(..=chars)];
            out.push_str(&input[..at]);
            out.push(c);
            out.push_str(&input[at..]);
        }
        1 => {
            let k = rng.usize(..chars);
            out.push_str(&input[..bounds[k]]);
            out.push_str(&input[bounds[k + 1]..]);
        }
        _ => {
            let k = rng.usize(..chars);
            out.push_str(&input[..bounds[k]]);
            out.push(c);
            out.push_str(&input[bounds[k + 1]..]);
        }
    }
    out
}

impl Grammar {
    /// A generator of members of `rule` (own or imported), seeded; an error for an unknown
    /// rule.
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc2396")?;
    /// let mut members = g.generator("URI-reference", 42)?;
    /// for _ in 0..10 {
    ///     let uri = members.member(60);
    ///     assert_eq!(g.check("URI-reference", &uri)?, Ok(()));
    ///     let _near_miss = members.mutation(&uri);
    /// }
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn generator(&self, rule: &str, seed: u64) -> Result<Generator<'_>, BnfError> {
        let start = self
            .nonterminal(rule)
            .ok_or_else(|| self.unknown_rule(rule))?;
        Ok(Generator {
            cfg: &self.cfg,
            start,
            rng: fastrand::Rng::with_seed(seed),
            stack: Vec::new(),
            pool: Vec::new(),
        })
    }

    /// One random member of `rule` from `seed`, of size at most `budget` (see
    /// [`Generator::member`]).
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc1738")?;
    /// let url = g.generate("ftpurl", 3, 80)?;
    /// assert!(url.starts_with("ftp://"));
    /// assert_eq!(url, g.generate("ftpurl", 3, 80)?);
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn generate(&self, rule: &str, seed: u64, budget: usize) -> Result<String, BnfError> {
        Ok(self.generator(rule, seed)?.member(budget))
    }
}
