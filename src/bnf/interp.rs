//! The exact interpreter: grammars compiled to a plain context-free grammar, and an Earley
//! recognizer over it for the rules the pushdown automaton of `machine` cannot bound.
//!
//! Compilation gives every rule one nonterminal and every group, option and repetition a fresh
//! one: `[ x ]` becomes `F -> x | ε`, `*x` becomes `R -> R x | ε` (left recursion, which
//! Earley handles in linear time), `<n>*<m>x` becomes n copies of `x` and nested options.
//! Terminals are sets of characters (`Term`: an ASCII [`CharSet`](super::CharSet) and, for ABNF ranges above
//! ASCII such as RFC 3987's `ucschar`, a set of code-point ranges); a literal is a sequence of
//! one-character sets, and input is read a character at a time. Rules
//! whose language is a set of single characters (`alpha`, `uric` minus its escape ...) are
//! folded into one set wherever they are used, which keeps the charts small without changing
//! any language. Productions that mention a rule deriving no finite string are dropped (and a
//! grammar rule that derives none is a reader error), so every symbol left can be completed.
//!
//! This recognizer is Earley's algorithm with Aycock and Horspool's treatment of nullable
//! nonterminals (predicting a nullable symbol also steps over it) and Leo's memoization of
//! deterministic right-recursive completions, so RFC 1630's right-recursive `path`, `xalphas`
//! and `digits` cost linear time and space. It is iterative: no call depth grows with the
//! input.
//!
//! Error offsets: every Earley item in the chart set at position `j` proves that the first `j`
//! bytes are a prefix of some member (every symbol derives something). So the chart set after
//! byte `j` is empty exactly when no continuation of `input[..=j]` is a member, and the offset
//! of a rejected input is the `j` at which that first happens; when every set is non-empty
//! but the last one does not complete the rule, the offset is the input's length.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::BnfError;
use super::charset::{Term, Wide};
use super::machine::Machine;
use super::reader::{Expr, Grammar};

/// A symbol of a production.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Sym {
    /// One character of the set.
    T(Term),
    /// A nonterminal.
    N(u32),
}

/// What follows the dot of a dotted rule.
#[derive(Debug, Clone, Copy)]
enum Post {
    /// Nothing: the production of this nonterminal is complete.
    Done(u32),
    T(Term),
    N(u32),
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Prod {
    pub(crate) rhs: Vec<Sym>,
    /// Dotted rule of the dot at 0; dot `k` is `dotted + k`.
    dotted: u32,
    /// The smallest derivation through this production: 1 + the sizes of its symbols
    /// (a terminal is 1).
    pub(crate) min_size: u64,
}

/// A compiled grammar.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cfg {
    /// Productions grouped by left-hand side: `prods[first[a]..first[a + 1]]`.
    pub(crate) prods: Vec<Prod>,
    first: Vec<u32>,
    nullable: Vec<bool>,
    /// The smallest derivation of each nonterminal.
    pub(crate) min_size: Vec<u64>,
    post: Vec<Post>,
    /// For rule `i`, the augmented start nonterminal `S' -> i`.
    start: Vec<u32>,
    /// The same grammar as a pushdown automaton: the recognizer used where it is bounded.
    machine: Machine,
    /// The sets of characters above ASCII that terminals name.
    pub(crate) wide: Wide,
}

impl Cfg {
    pub(crate) fn prods_of(&self, nt: u32) -> &[Prod] {
        let a = nt as usize;
        match (self.first.get(a), self.first.get(a + 1)) {
            (Some(&lo), Some(&hi)) => &self.prods[lo as usize..hi as usize],
            _ => &[],
        }
    }

    fn prod_range(&self, nt: u32) -> std::ops::Range<usize> {
        let a = nt as usize;
        match (self.first.get(a), self.first.get(a + 1)) {
            (Some(&lo), Some(&hi)) => lo as usize..hi as usize,
            _ => 0..0,
        }
    }
}

pub(crate) enum CompileError {
    /// Rule index and the name it could not resolve.
    Unresolved(usize, String),
    /// Rule index of a rule that derives no finite string.
    Unproductive(usize),
    TooLarge,
}

/// Repetition counts above this are refused (they would be unrolled).
const MAX_COUNT: u32 = 1000;
const MAX_SYMBOLS: usize = 1 << 22;

struct Builder {
    /// Left-hand side and right-hand side of every production, in creation order.
    prods: Vec<(u32, Vec<Sym>)>,
    nts: u32,
    symbols: usize,
    wide: Wide,
}

impl Builder {
    fn fresh(&mut self) -> u32 {
        self.nts += 1;
        self.nts - 1
    }

    fn prod(&mut self, lhs: u32, rhs: Vec<Sym>) -> Result<(), CompileError> {
        self.symbols += rhs.len() + 1;
        if self.symbols > MAX_SYMBOLS {
            return Err(CompileError::TooLarge);
        }
        self.prods.push((lhs, rhs));
        Ok(())
    }

    /// Appends the symbols of `e` to `out`.
    fn seq(
        &mut self,
        e: &Expr,
        out: &mut Vec<Sym>,
        resolve: &mut dyn FnMut(&str) -> Result<u32, CompileError>,
    ) -> Result<(), CompileError> {
        match e {
            Expr::Empty => {}
            Expr::Literal(bytes) => {
                for c in String::from_utf8_lossy(bytes).chars() {
                    out.push(Sym::T(self.wide.char(c)));
                }
            }
            Expr::Chars(set) => out.push(Sym::T(Term::ascii(*set))),
            Expr::Range(lo, hi) => out.push(Sym::T(self.wide.range(*lo, *hi))),
            Expr::Rule(name) => out.push(Sym::N(resolve(name)?)),
            Expr::Seq(items) => {
                for item in items {
                    self.seq(item, out, resolve)?;
                }
            }
            Expr::Alt(alts) => {
                let f = self.fresh();
                for alt in alts {
                    let mut rhs = Vec::new();
                    self.seq(alt, &mut rhs, resolve)?;
                    self.prod(f, rhs)?;
                }
                out.push(Sym::N(f));
            }
            Expr::Opt(inner) => {
                let f = self.fresh();
                let mut rhs = Vec::new();
                self.seq(inner, &mut rhs, resolve)?;
                self.prod(f, rhs)?;
                self.prod(f, Vec::new())?;
                out.push(Sym::N(f));
            }
            Expr::Repeat { min, max, expr } => {
                if *min > MAX_COUNT || max.is_some_and(|m| m > MAX_COUNT) {
                    return Err(CompileError::TooLarge);
                }
                let mut body = Vec::new();
                self.seq(expr, &mut body, resolve)?;
                let x = if body.len() == 1 {
                    body[0]
                } else {
                    let g = self.fresh();
                    self.prod(g, body)?;
                    Sym::N(g)
                };
                for _ in 0..*min {
                    out.push(x);
                }
                match max {
                    None => {
                        // R -> R x | ε
                        let r = self.fresh();
                        self.prod(r, vec![Sym::N(r), x])?;
                        self.prod(r, Vec::new())?;
                        out.push(Sym::N(r));
                    }
                    Some(m) if *m > *min => {
                        // O1 -> x | ε; Ok -> x O(k-1) | ε
                        let mut inner: Option<u32> = None;
                        for _ in *min..*m {
                            let o = self.fresh();
                            let mut rhs = vec![x];
                            if let Some(i) = inner {
                                rhs.push(Sym::N(i));
                            }
                            self.prod(o, rhs)?;
                            self.prod(o, Vec::new())?;
                            inner = Some(o);
                        }
                        if let Some(i) = inner {
                            out.push(Sym::N(i));
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }
}

/// Compiles rules (each with the resolution group its names are looked up in) so that rule
/// `i` is nonterminal `i`.
pub(crate) fn compile(
    rules: &[(&Expr, usize)],
    resolve: impl Fn(usize, &str) -> Option<u32>,
) -> Result<Cfg, CompileError> {
    let n_rules = u32::try_from(rules.len()).map_err(|_| CompileError::TooLarge)?;
    let mut b = Builder {
        prods: Vec::new(),
        nts: n_rules,
        symbols: 0,
        wide: Wide::default(),
    };
    for (i, (expr, group)) in rules.iter().enumerate() {
        let mut res = |name: &str| {
            resolve(*group, name).ok_or_else(|| CompileError::Unresolved(i, name.to_owned()))
        };
        let lhs = i as u32;
        match expr {
            Expr::Alt(alts) => {
                for alt in alts {
                    let mut rhs = Vec::new();
                    b.seq(alt, &mut rhs, &mut res)?;
                    b.prod(lhs, rhs)?;
                }
            }
            e => {
                let mut rhs = Vec::new();
                b.seq(e, &mut rhs, &mut res)?;
                b.prod(lhs, rhs)?;
            }
        }
    }
    let mut start = Vec::with_capacity(rules.len());
    for i in 0..n_rules {
        let s = b.fresh();
        b.prod(s, vec![Sym::N(i)])?;
        start.push(s);
    }
    let n = b.nts as usize;
    let mut prods = b.prods;
    let mut wide = b.wide;

    // Fold nonterminals whose language is a set of single characters into that set.
    let mut class: Vec<Option<Term>> = vec![None; n];
    let mut by_lhs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, (lhs, _)) in prods.iter().enumerate() {
        by_lhs[*lhs as usize].push(k);
    }
    loop {
        let mut changed = false;
        for a in 0..n {
            if class[a].is_some() || by_lhs[a].is_empty() {
                continue;
            }
            let mut set = Term::default();
            let mut all = true;
            for &k in &by_lhs[a] {
                match prods[k].1.as_slice() {
                    [Sym::T(s)] => set = wide.union(set, *s),
                    [Sym::N(c)] if class[*c as usize].is_some() => {
                        set = wide.union(set, class[*c as usize].unwrap_or_default());
                    }
                    _ => {
                        all = false;
                        break;
                    }
                }
            }
            if all {
                class[a] = Some(set);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (_, rhs) in prods.iter_mut() {
        for s in rhs.iter_mut() {
            if let Sym::N(c) = *s
                && let Some(set) = class[c as usize]
            {
                *s = Sym::T(set);
            }
        }
    }

    // Productive nonterminals; drop productions that use an unproductive one.
    let mut productive = vec![false; n];
    loop {
        let mut changed = false;
        for (lhs, rhs) in &prods {
            if !productive[*lhs as usize]
                && rhs.iter().all(|s| match s {
                    Sym::T(set) => !set.is_empty(),
                    Sym::N(c) => productive[*c as usize],
                })
            {
                productive[*lhs as usize] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if let Some(i) = (0..rules.len()).find(|&i| !productive[i]) {
        return Err(CompileError::Unproductive(i));
    }
    prods.retain(|(_, rhs)| {
        rhs.iter().all(|s| match s {
            Sym::T(set) => !set.is_empty(),
            Sym::N(c) => productive[*c as usize],
        })
    });

    // Group by left-hand side, merging single-set productions and dropping duplicates.
    let mut grouped: Vec<Vec<Vec<Sym>>> = vec![Vec::new(); n];
    for (lhs, rhs) in prods {
        grouped[lhs as usize].push(rhs);
    }
    let mut cfg = Cfg {
        start,
        ..Cfg::default()
    };
    for alts in grouped {
        cfg.first.push(cfg.prods.len() as u32);
        let mut merged = Term::default();
        let mut seen: HashSet<Vec<Sym>> = HashSet::new();
        let mut rest = Vec::new();
        for rhs in alts {
            if let [Sym::T(s)] = rhs.as_slice() {
                merged = wide.union(merged, *s);
            } else if seen.insert(rhs.clone()) {
                rest.push(rhs);
            }
        }
        if !merged.is_empty() {
            cfg.prods.push(Prod {
                rhs: vec![Sym::T(merged)],
                ..Prod::default()
            });
        }
        cfg.prods.extend(rest.into_iter().map(|rhs| Prod {
            rhs,
            ..Prod::default()
        }));
    }
    cfg.first.push(cfg.prods.len() as u32);

    // Nullable nonterminals and smallest derivations.
    cfg.nullable = vec![false; n];
    cfg.min_size = vec![u64::MAX; n];
    loop {
        let mut changed = false;
        for a in 0..n {
            for k in cfg.prod_range(a as u32) {
                let rhs = &cfg.prods[k].rhs;
                let nullable = rhs
                    .iter()
                    .all(|s| matches!(s, Sym::N(c) if cfg.nullable[*c as usize]));
                if nullable && !cfg.nullable[a] {
                    cfg.nullable[a] = true;
                    changed = true;
                }
                let size = rhs.iter().fold(1u64, |acc, s| {
                    acc.saturating_add(match s {
                        Sym::T(_) => 1,
                        Sym::N(c) => cfg.min_size[*c as usize],
                    })
                });
                if size < cfg.min_size[a] {
                    cfg.min_size[a] = size;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    for p in cfg.prods.iter_mut() {
        p.min_size = p.rhs.iter().fold(1u64, |acc, s| {
            acc.saturating_add(match s {
                Sym::T(_) => 1,
                Sym::N(c) => cfg.min_size[*c as usize],
            })
        });
    }

    // Dotted rules.
    for a in 0..n {
        for k in cfg.prod_range(a as u32) {
            cfg.prods[k].dotted = cfg.post.len() as u32;
            for s in &cfg.prods[k].rhs {
                cfg.post.push(match *s {
                    Sym::T(set) => Post::T(set),
                    Sym::N(c) => Post::N(c),
                });
            }
            cfg.post.push(Post::Done(a as u32));
        }
    }
    if cfg.post.len() >= u32::MAX as usize {
        return Err(CompileError::TooLarge);
    }
    cfg.wide = wide;
    cfg.machine = Machine::new(&cfg);
    Ok(cfg)
}

// ---------------------------------------------------------------------------------------------
// Recognizer

/// A small multiplicative hasher for the chart's integer keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

pub(crate) type IntBuild = BuildHasherDefault<IntHasher>;

/// An Earley item: dotted rule and origin, packed. (The `machine` packs a dotted rule and a
/// context the same way.)
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Item(u64);

impl Item {
    pub(crate) fn new(dotted: u32, origin: u32) -> Item {
        Item((u64::from(dotted) << 32) | u64::from(origin))
    }
    pub(crate) fn dotted(self) -> u32 {
        (self.0 >> 32) as u32
    }
    pub(crate) fn origin(self) -> u32 {
        self.0 as u32
    }
    pub(crate) fn advanced(self) -> Item {
        Item(self.0 + (1 << 32))
    }
}

struct Earley<'c> {
    cfg: &'c Cfg,
    /// The current set: items in order of addition (the work list) and a membership set.
    cur: Vec<Item>,
    cur_seen: HashSet<Item, IntBuild>,
    next: Vec<Item>,
    next_seen: HashSet<Item, IntBuild>,
    /// Items of the current set waiting on a terminal.
    scan: Vec<Item>,
    /// Per finished set: the items waiting on a nonterminal, sorted by it, as
    /// `index[bounds[i]..bounds[i + 1]]`.
    index: Vec<(u32, Item)>,
    bounds: Vec<usize>,
    /// Per nonterminal, the last set (plus one) it was predicted in.
    predicted: Vec<u32>,
    /// Leo items: for (set, nonterminal), the topmost item of the deterministic chain.
    leo: HashMap<(u32, u32), Option<Item>, IntBuild>,
    /// Whether to use Leo items at all (off only to test them against plain Earley).
    use_leo: bool,
}

impl Earley<'_> {
    fn add(&mut self, item: Item) {
        if self.cur_seen.insert(item) {
            self.cur.push(item);
        }
    }

    /// Where the items of finished set `set` waiting on `nt` are in `index`.
    fn waiting_range(&self, set: u32, nt: u32) -> std::ops::Range<usize> {
        let (Some(&lo), Some(&hi)) = (
            self.bounds.get(set as usize),
            self.bounds.get(set as usize + 1),
        ) else {
            return 0..0;
        };
        let slice = &self.index[lo..hi];
        let a = slice.partition_point(|e| e.0 < nt);
        let b = slice.partition_point(|e| e.0 <= nt);
        lo + a..lo + b
    }

    /// The items of finished set `set` waiting on `nt`.
    fn waiting(&self, set: u32, nt: u32) -> &[(u32, Item)] {
        &self.index[self.waiting_range(set, nt)]
    }

    /// The single item of `set` waiting on `nt` if there is exactly one and `nt` is the last
    /// symbol of its production: then completing `nt` there completes that production too.
    fn penultimate(&self, set: u32, nt: u32) -> Option<Item> {
        match self.waiting(set, nt) {
            [(_, item)] => {
                let done = item.advanced();
                match self.cfg.post.get(done.dotted() as usize) {
                    Some(Post::Done(_)) => Some(done),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Leo's topmost complete item for a completion of `nt` started at finished set `set`.
    fn leo_top(&mut self, set: u32, nt: u32) -> Option<Item> {
        let mut path: Vec<((u32, u32), Item)> = Vec::new();
        let (mut s, mut a) = (set, nt);
        let mut same_set_steps = 0usize;
        let base = loop {
            if let Some(&memo) = self.leo.get(&(s, a)) {
                break memo;
            }
            let Some(done) = self.penultimate(s, a) else {
                self.leo.insert((s, a), None);
                break None;
            };
            path.push(((s, a), done));
            let Some(Post::Done(lhs)) = self.cfg.post.get(done.dotted() as usize).copied() else {
                break None;
            };
            if done.origin() == s {
                same_set_steps += 1;
                if same_set_steps > self.cfg.min_size.len() {
                    // A cycle of unit productions (impossible from the construction; stop).
                    break None;
                }
            } else {
                same_set_steps = 0;
            }
            (s, a) = (done.origin(), lhs);
        };
        let mut top = base;
        for (key, done) in path.into_iter().rev() {
            top = Some(top.unwrap_or(done));
            self.leo.insert(key, top);
        }
        top
    }

    fn complete(&mut self, nt: u32, origin: u32) {
        if self.use_leo
            && let Some(top) = self.leo_top(origin, nt)
        {
            self.add(top);
            return;
        }
        for k in self.waiting_range(origin, nt) {
            let item = self.index[k].1;
            self.add(item.advanced());
        }
    }

    /// Builds the set at position `j` from the seeds already in `cur`.
    fn close(&mut self, j: u32) {
        let cfg = self.cfg;
        let first_index = self.index.len();
        let mut k = 0;
        while k < self.cur.len() {
            let item = self.cur[k];
            k += 1;
            match cfg.post[item.dotted() as usize] {
                Post::Done(a) => {
                    // A completion that starts here is of a nullable symbol; stepping over
                    // nullable symbols at prediction already covered it.
                    if item.origin() < j {
                        self.complete(a, item.origin());
                    }
                }
                Post::T(_) => self.scan.push(item),
                Post::N(b) => {
                    self.index.push((b, item));
                    if self.predicted[b as usize] != j + 1 {
                        self.predicted[b as usize] = j + 1;
                        for p in cfg.prods_of(b) {
                            self.add(Item::new(p.dotted, j));
                        }
                    }
                    if cfg.nullable[b as usize] {
                        self.add(item.advanced());
                    }
                }
            }
        }
        self.index[first_index..].sort_unstable_by_key(|e| (e.0, e.1.0));
        self.bounds.push(self.index.len());
    }
}

fn recognize(cfg: &Cfg, start: u32, input: &str, use_leo: bool) -> Result<(), usize> {
    if u32::try_from(input.len()).is_err() {
        return Err(0);
    }
    // Chart set `j` is after the `j`-th character; offsets are reported in bytes.
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    let n = chars.len() as u32;
    let mut e = Earley {
        cfg,
        cur: Vec::new(),
        cur_seen: HashSet::default(),
        next: Vec::new(),
        next_seen: HashSet::default(),
        scan: Vec::new(),
        index: Vec::new(),
        bounds: vec![0],
        predicted: vec![0; cfg.min_size.len()],
        leo: HashMap::default(),
        use_leo,
    };
    let Some(start_prod) = cfg.prods_of(start).first() else {
        return Err(0);
    };
    let accept = Item::new(start_prod.dotted, 0).advanced();
    for p in cfg.prods_of(start) {
        e.add(Item::new(p.dotted, 0));
    }
    for j in 0..=n {
        e.close(j);
        if j == n {
            break;
        }
        let (at, c) = chars[j as usize];
        e.next.clear();
        e.next_seen.clear();
        for item in std::mem::take(&mut e.scan) {
            if let Post::T(set) = cfg.post[item.dotted() as usize]
                && cfg.wide.contains(set, c)
                && e.next_seen.insert(item.advanced())
            {
                e.next.push(item.advanced());
            }
        }
        if e.next.is_empty() {
            return Err(at);
        }
        std::mem::swap(&mut e.cur, &mut e.next);
        std::mem::swap(&mut e.cur_seen, &mut e.next_seen);
    }
    if e.cur_seen.contains(&accept) {
        Ok(())
    } else {
        Err(input.len())
    }
}

/// Decides membership in one rule's language; see [`Grammar::recognizer`].
///
/// ```
/// let g = urigram::bnf::load("rfc1738")?;
/// let r = g.recognizer("ftpurl")?; // looked up once, for many inputs
/// assert_eq!(r.rule(), "ftpurl");
/// assert_eq!(r.check("ftp://h/a;type=i"), Ok(()));
/// assert_eq!(r.check("ftp://h/a;type=x"), Err(15)); // the 'x'
/// assert!(!r.matches("http://h/"));
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Recognizer<'g> {
    grammar: &'g Grammar,
    rule: &'g str,
    start: u32,
}

impl Recognizer<'_> {
    /// The rule's name.
    pub fn rule(&self) -> &str {
        self.rule
    }

    /// `Ok(())` if `input` is in the rule's language, else `Err(offset)`: the length of the
    /// longest prefix of `input` that is a prefix of some member (the first byte at which no
    /// continuation could make the input valid). The offset is `input.len()` when the whole
    /// input could still be continued into a member.
    ///
    /// The input is read a character at a time and the offset counts bytes: it is always a
    /// character boundary of `input`. Characters outside ASCII match only the ABNF ranges
    /// above ASCII (RFC 3987's `ucschar` and `iprivate`); in every other grammar the offset
    /// is never past the first of them. For every rule
    /// of the built-in grammars, ambiguous ones included (RFC 1630's `hostname`, where
    /// `ialpha` may itself hold the dots), time is linear in the input and memory does not
    /// depend on it; a rule of a [`Grammar::parse`]d grammar that can embed itself (`a = "("
    /// a ")" | ...`), or nests ambiguity many levels deep, goes to an Earley recognizer
    /// instead, cubic at worst. Nothing recurses.
    /// An input longer than `u32::MAX` bytes is rejected at 0.
    pub fn check(&self, input: &str) -> Result<(), usize> {
        let cfg = &self.grammar.cfg;
        if u32::try_from(input.len()).is_err() {
            return Err(0);
        }
        (cfg.machine.recognize(self.start, input))
            .unwrap_or_else(|| recognize(cfg, self.start, input, true))
    }

    /// [`Recognizer::check`] by the Earley recognizer, for tests.
    #[cfg(test)]
    pub(crate) fn check_earley(&self, input: &str) -> Result<(), usize> {
        recognize(&self.grammar.cfg, self.start, input, true)
    }

    /// [`Recognizer::check`] by the automaton with a cache of two closed sets, for tests.
    #[cfg(test)]
    pub(crate) fn check_small_cache(&self, input: &str) -> Result<(), usize> {
        let cfg = &self.grammar.cfg;
        (cfg.machine.recognize_with(self.start, input, 2))
            .unwrap_or_else(|| recognize(cfg, self.start, input, true))
    }

    /// Whether [`Recognizer::check`] runs the bounded pushdown automaton (not Earley).
    #[cfg(test)]
    pub(crate) fn is_bounded(&self) -> bool {
        self.grammar.cfg.machine.is_bounded(self.start)
    }

    /// [`Recognizer::check`] without Leo's memoization: plain Earley, for tests.
    #[cfg(test)]
    pub(crate) fn check_without_leo(&self, input: &str) -> Result<(), usize> {
        recognize(&self.grammar.cfg, self.start, input, false)
    }

    /// Whether `input` is in the rule's language.
    pub fn matches(&self, input: &str) -> bool {
        self.check(input).is_ok()
    }
}

impl Grammar {
    /// A recognizer for one rule (an own rule, or a name in [`Grammar::imports`]); an error
    /// if there is no such rule.
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc2396")?;
    /// let host = g.recognizer("hostname")?;
    /// assert!(host.matches("a.b."));
    /// assert_eq!(host.check("a-.b"), Err(2));
    /// assert!(g.recognizer("nope").is_err());
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn recognizer<'g>(&'g self, rule: &str) -> Result<Recognizer<'g>, BnfError> {
        let nt = self
            .nonterminal(rule)
            .ok_or_else(|| self.unknown_rule(rule))?;
        let start = *self
            .cfg
            .start
            .get(nt as usize)
            .ok_or_else(|| self.unknown_rule(rule))?;
        let name = self
            .rule(rule)
            .map(|r| r.name())
            .or_else(|| {
                self.imports()
                    .iter()
                    .find(|i| i.name == rule)
                    .map(|i| i.name)
            })
            .ok_or_else(|| self.unknown_rule(rule))?;
        Ok(Recognizer {
            grammar: self,
            rule: name,
            start,
        })
    }

    /// Checks `input` against `rule`: the outer `Err` is an unknown rule, the inner result is
    /// [`Recognizer::check`]'s verdict (`Err(offset)` for a rejected input).
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc2396")?;
    /// assert_eq!(g.check("URI-reference", "http://exa mple/")?, Err(10));
    /// assert_eq!(g.check("URI-reference", "")?, Ok(()));
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn check(&self, rule: &str, input: &str) -> Result<Result<(), usize>, BnfError> {
        Ok(self.recognizer(rule)?.check(input))
    }

    /// Whether `input` is in `rule`'s language; an error for an unknown rule.
    pub fn matches(&self, rule: &str, input: &str) -> Result<bool, BnfError> {
        Ok(self.recognizer(rule)?.matches(input))
    }
}
