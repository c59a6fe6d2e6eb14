//! The recognizer the engine uses: the compiled grammar run as a pushdown automaton whose
//! stacks are interned, deduplicated per position, with tail calls that push nothing.
//!
//! A configuration is a dotted rule and a context: the stack of return points of the
//! nonterminals it is inside. Calling a nonterminal that is the last symbol of its production
//! pushes nothing (when it completes, so does the caller), so right recursion (`path`,
//! `xalphas`, `search`, every `*x` once it is written `R -> x R | ε` below) runs in one frame.
//! A context is an index into a table of (return point, parent context) pairs, shared by every
//! configuration that has it, and each position's set of configurations is deduplicated. No
//! earlier position is kept: completing a nonterminal pops its context, it does not look back
//! at where it started, so ambiguity (RFC 1630's `search`, `hostname`, `group`, `attributes`,
//! `login`, where `safe` holds `+` and `.`) only merges configurations instead of multiplying
//! Earley items by their origins.
//!
//! The closed sets of configurations are also memoized as the states of a deterministic
//! automaton built while reading (keyed by the configurations a character led to, at most a few
//! hundred per check), so a long run of one fragment costs a table lookup per character.
//!
//! Bounds. When no nonterminal reachable from the rule can call itself other than as the last
//! symbol of a production (no self-embedding: true of every rule of the RFC grammars, tested),
//! the contexts form a finite set fixed by the grammar, so is the set of configurations of a
//! position, and a check takes time linear in the input and memory independent of it. For a
//! rule that can embed itself (possible in [`Grammar::parse`](super::Grammar::parse)'s
//! grammars), contexts would grow with the input and could multiply, so such a rule is checked
//! by the Earley recognizer in `interp` instead; so is a check that needs more than
//! [`MAX_FRAMES`] contexts (finitely many can still be exponentially many in the grammar's
//! size, when ambiguity nests deep).
//!
//! Exactness. Every symbol of the compiled grammar derives some string, so every configuration
//! reached after the characters of `input[..j]` proves `input[..j]` a prefix of a member, and the set is empty only
//! when no continuation can make a member: the verdict and the error offset are those of the
//! language, the same as Earley's chart gives (`tests.rs` compares the two on every rule).

use std::collections::{HashMap, HashSet};

use super::charset::{Term, Wide};
use super::interp::{Cfg, IntBuild, Item, Sym};

/// What follows the dot of a dotted rule of the machine.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// One character of the set.
    T(Term),
    /// A nonterminal; `tail` when it is the last symbol of its production.
    Call { nt: u32, tail: bool },
    /// The production is complete: pop the context.
    Return,
}

/// The compiled grammar as a pushdown automaton.
#[derive(Debug, Clone, Default)]
pub(crate) struct Machine {
    steps: Vec<Step>,
    /// The first dotted rule of every production, grouped by nonterminal:
    /// `starts[first[a]..first[a + 1]]`.
    starts: Vec<u32>,
    first: Vec<u32>,
    /// Whether the contexts reachable from a nonterminal form a finite set.
    bounded: Vec<bool>,
    /// The sets above ASCII that the terminals name (the grammar's).
    wide: Wide,
}

impl Machine {
    /// The machine of `cfg`: its productions with direct left recursion removed
    /// (`A -> A x | b` becomes `A -> b A'`, `A' -> x A' | ε`, the same language).
    pub(crate) fn new(cfg: &Cfg) -> Machine {
        let n = cfg.min_size.len();
        let mut prods: Vec<Vec<Vec<Sym>>> = vec![Vec::new(); n];
        for (a, alts) in prods.iter_mut().enumerate() {
            *alts = cfg
                .prods_of(a as u32)
                .iter()
                .map(|p| p.rhs.clone())
                .collect();
        }
        for a in 0..n {
            let me = Sym::N(a as u32);
            if !prods[a].iter().any(|rhs| rhs.first() == Some(&me)) {
                continue;
            }
            let tail = Sym::N(prods.len() as u32);
            let (rec, base): (Vec<_>, Vec<_>) = std::mem::take(&mut prods[a])
                .into_iter()
                .partition(|rhs| rhs.first() == Some(&me));
            prods[a] = base
                .into_iter()
                .map(|mut rhs| {
                    rhs.push(tail);
                    rhs
                })
                .collect();
            let mut more: Vec<Vec<Sym>> = rec
                .into_iter()
                .map(|mut rhs| {
                    rhs[0] = tail;
                    rhs.rotate_left(1);
                    rhs
                })
                .collect();
            more.push(Vec::new());
            prods.push(more);
        }

        let mut m = Machine::default();
        for alts in &prods {
            m.first.push(m.starts.len() as u32);
            for rhs in alts {
                m.starts.push(m.steps.len() as u32);
                for (k, s) in rhs.iter().enumerate() {
                    m.steps.push(match *s {
                        Sym::T(set) => Step::T(set),
                        Sym::N(nt) => Step::Call {
                            nt,
                            tail: k + 1 == rhs.len(),
                        },
                    });
                }
                m.steps.push(Step::Return);
            }
        }
        m.first.push(m.starts.len() as u32);
        m.bounded = bounded(&prods);
        m.wide = cfg.wide.clone();
        m
    }

    fn prods_of(&self, nt: u32) -> &[u32] {
        let a = nt as usize;
        match (self.first.get(a), self.first.get(a + 1)) {
            (Some(&lo), Some(&hi)) => &self.starts[lo as usize..hi as usize],
            _ => &[],
        }
    }

    /// Whether [`Machine::recognize`] is exact and linear from `start`.
    pub(crate) fn is_bounded(&self, start: u32) -> bool {
        self.bounded.get(start as usize).copied().unwrap_or(false)
    }

    /// Membership of `input` in `start`'s language: `Err` is the length of the longest prefix
    /// that is a prefix of some member. `None` when the machine does not take the rule: it is
    /// not [`Machine::is_bounded`], or its contexts, though finitely many, number more than
    /// [`MAX_FRAMES`] (a grammar whose ambiguity nests deep).
    pub(crate) fn recognize(&self, start: u32, input: &str) -> Option<Result<(), usize>> {
        self.recognize_with(start, input, MAX_STATES)
    }

    /// [`Machine::recognize`] keeping at most `max_states` closed sets (tests use 2, to go
    /// through the emptying of the cache).
    pub(crate) fn recognize_with(
        &self,
        start: u32,
        input: &str,
        max_states: usize,
    ) -> Option<Result<(), usize>> {
        if !self.is_bounded(start) {
            return None;
        }
        let mut run = Run {
            m: self,
            frames: vec![(u32::MAX, u32::MAX)],
            frame_ids: HashMap::default(),
            cur: Vec::new(),
            seen: HashSet::default(),
            scan: Vec::new(),
            accepted: false,
            overflow: false,
        };
        let mut dfa = Dfa {
            max_states,
            ..Dfa::default()
        };
        let kernel = self
            .prods_of(start)
            .iter()
            .map(|&d| Config::new(d, ROOT))
            .collect();
        let mut state = dfa.state(&mut run, kernel)?.0;
        for (j, c) in input.char_indices() {
            let key = (u64::from(state) << 21) | u64::from(c as u32);
            if let Some(&next) = dfa.next.get(&key) {
                state = next;
                continue;
            }
            let mut kernel: Vec<Config> = dfa.states[state as usize]
                .scan
                .iter()
                .filter(|k| matches!(self.steps[k.dotted() as usize], Step::T(set) if self.wide.contains(set, c)))
                .map(|c| c.advanced())
                .collect();
            if kernel.is_empty() {
                return Some(Err(j));
            }
            kernel.sort_unstable();
            let (next, cleared) = dfa.state(&mut run, kernel)?;
            if !cleared {
                dfa.next.insert(key, next);
            }
            state = next;
        }
        Some(if dfa.states[state as usize].accepted {
            Ok(())
        } else {
            Err(input.len())
        })
    }
}

/// At most this many closed sets are kept in one check (a few hundred bytes each).
const MAX_STATES: usize = 512;

/// The closed sets of one check, as the states of a deterministic automaton built as the input
/// needs them. A state is keyed by its kernel, the configurations reached by reading a
/// character (sorted), and keeps what its closure gives: the configurations waiting on a character and
/// whether the rule completes there. The closure is a function of the kernel alone, so the
/// states and the memoized transitions only save work; a long input that goes through the
/// same sets again (a repeated fragment) costs one lookup per character. Past `max_states` the
/// cache starts over, so its memory is bounded too.
#[derive(Default)]
struct Dfa {
    max_states: usize,
    states: Vec<State>,
    ids: HashMap<Vec<Config>, u32, IntBuild>,
    /// (state << 21 | character) to the next state.
    next: HashMap<u64, u32, IntBuild>,
}

struct State {
    scan: Vec<Config>,
    accepted: bool,
}

impl Dfa {
    /// The state of `kernel` (sorted, distinct), closed by `run` if it is new; and whether
    /// the cache was emptied to make room (then earlier state numbers are void). `None` if
    /// closing it took more than [`MAX_FRAMES`] contexts.
    fn state(&mut self, run: &mut Run<'_>, kernel: Vec<Config>) -> Option<(u32, bool)> {
        if let Some(&id) = self.ids.get(&kernel) {
            return Some((id, false));
        }
        let cleared = self.states.len() >= self.max_states;
        if cleared {
            self.states.clear();
            self.ids.clear();
            self.next.clear();
        }
        run.cur.clear();
        run.seen.clear();
        for &c in &kernel {
            run.add(c);
        }
        run.close();
        if run.overflow {
            return None;
        }
        let id = self.states.len() as u32;
        self.states.push(State {
            scan: run.scan.clone(),
            accepted: run.accepted,
        });
        self.ids.insert(kernel, id);
        Some((id, cleared))
    }
}

/// The empty context.
const ROOT: u32 = 0;

/// At most this many contexts in one check. The RFC grammars use at most 52; a grammar needs
/// many levels of nested ambiguity to go past it, and then the Earley recognizer, whose
/// items do not multiply that way, takes the check.
pub(crate) const MAX_FRAMES: usize = 4096;

/// A configuration: a dotted rule and a context, packed as an Earley item is (the context in
/// place of the origin).
type Config = Item;

struct Run<'m> {
    m: &'m Machine,
    /// Contexts: (return point, parent); index 0 is the empty context.
    frames: Vec<(u32, u32)>,
    frame_ids: HashMap<(u32, u32), u32, IntBuild>,
    /// The current position's configurations, in order of addition (the work list).
    cur: Vec<Config>,
    seen: HashSet<Config, IntBuild>,
    /// The configurations of the current position waiting on a character.
    scan: Vec<Config>,
    /// Whether the rule completed at the current position.
    accepted: bool,
    /// Whether a context was refused ([`MAX_FRAMES`]): the closure is incomplete.
    overflow: bool,
}

impl Run<'_> {
    fn add(&mut self, c: Config) {
        if self.seen.insert(c) {
            self.cur.push(c);
        }
    }

    fn push(&mut self, ret: u32, parent: u32) -> Option<u32> {
        if let Some(&id) = self.frame_ids.get(&(ret, parent)) {
            return Some(id);
        }
        if self.frames.len() >= MAX_FRAMES {
            return None;
        }
        let id = self.frames.len() as u32;
        self.frame_ids.insert((ret, parent), id);
        self.frames.push((ret, parent));
        Some(id)
    }

    /// Adds every configuration reachable from the current ones without reading a character.
    fn close(&mut self) {
        self.scan.clear();
        self.accepted = false;
        let mut k = 0;
        while let Some(&c) = self.cur.get(k) {
            k += 1;
            let ctx = c.origin();
            match self.m.steps[c.dotted() as usize] {
                Step::T(_) => self.scan.push(c),
                Step::Call { nt, tail } => {
                    let callee = if tail {
                        ctx
                    } else if let Some(id) = self.push(c.advanced().dotted(), ctx) {
                        id
                    } else {
                        self.overflow = true;
                        return;
                    };
                    for &d in self.m.prods_of(nt) {
                        self.add(Config::new(d, callee));
                    }
                }
                Step::Return if ctx == ROOT => self.accepted = true,
                Step::Return => {
                    let (ret, parent) = self.frames[ctx as usize];
                    self.add(Config::new(ret, parent));
                }
            }
        }
    }
}

/// For every nonterminal, whether the contexts reachable from it are finitely many: no
/// nonterminal it reaches calls, other than in tail position, one that reaches it back.
fn bounded(prods: &[Vec<Vec<Sym>>]) -> Vec<bool> {
    let n = prods.len();
    let calls = |a: usize| {
        prods[a].iter().flat_map(|rhs| {
            rhs.iter().enumerate().filter_map(move |(k, s)| match *s {
                Sym::N(b) => Some((b as usize, k + 1 < rhs.len())),
                Sym::T(_) => None,
            })
        })
    };
    let scc = components(n, |a| calls(a).map(|(b, _)| b).collect());
    // A non-tail call inside a component grows the stack without bound.
    let mut bad: Vec<bool> = (0..n)
        .map(|a| calls(a).any(|(b, non_tail)| non_tail && scc[a] == scc[b]))
        .collect();
    // Spread to every nonterminal that reaches a bad one (over the reversed calls).
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for a in 0..n {
        for (b, _) in calls(a) {
            callers[b].push(a);
        }
    }
    let mut work: Vec<usize> = (0..n).filter(|&a| bad[a]).collect();
    while let Some(b) = work.pop() {
        for &a in &callers[b] {
            if !bad[a] {
                bad[a] = true;
                work.push(a);
            }
        }
    }
    bad.into_iter().map(|b| !b).collect()
}

/// Strongly connected components (Tarjan's algorithm with an explicit stack): a component
/// number per node.
fn components(n: usize, edges: impl Fn(usize) -> Vec<usize>) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let adj: Vec<Vec<usize>> = (0..n).map(edges).collect();
    let (mut index, mut low, mut comp) = (vec![NONE; n], vec![0; n], vec![NONE; n]);
    let (mut on_stack, mut stack) = (vec![false; n], Vec::new());
    let (mut next, mut comps) = (0, 0);
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // (node, next edge to look at)
        let mut dfs = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut e)) = dfs.last_mut() {
            if *e == 0 && index[v] == NONE {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = adj[v].get(*e) {
                *e += 1;
                if index[w] == NONE {
                    dfs.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            dfs.pop();
            if let Some(&(u, _)) = dfs.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    comp
}
