//! Locating where inputs stop being valid, for statistics over many of them: the verdict and
//! the [`Brief`] of each rejection, without the message, the expected items or the help.

use super::{Grammar, Rule};
use crate::error::Brief;
use crate::input::{Expected, Tracker, fast_span};

/// How a locating pass ended.
enum Located {
    /// The rule took the whole input.
    Valid,
    /// Where and how the input stops being valid.
    Rejected(Brief),
}

/// The brief of an input that `rule` rejects, by a parse with `t` (a [`Tracker::locating`]
/// tracker, fresh or reset), which records where the farthest failure is and the productions
/// open there, but not what was expected. `Valid` when the parse takes the whole input after
/// all (the caller ran no fast pass). Also whether the parse matched a prefix of the input
/// with no failure recorded past its end, when [`ends_early`] would have found the same.
fn run(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> (Located, bool) {
    let mut prefix = false;
    match (rule.parse)(t.span(input)) {
        Ok((rest, ())) if rest.fragment().is_empty() => return (Located::Valid, false),
        // The rule matched a prefix: the input should have ended here.
        Ok((rest, ())) => {
            let end = rest.location_offset();
            prefix = t.farthest().is_none_or(|f| f <= end);
            t.record(end, Expected::EndOfInput);
        }
        Err(_) => {}
    }
    let offset = t.farthest().unwrap_or(0).min(input.len());
    let failed_in = t.innermost_failed_in().unwrap_or(rule.name);
    let b = Brief::new(g.name(), rule.name, failed_in, input, offset);
    (Located::Rejected(b), prefix)
}

/// For an input whose longest valid prefix `rule` itself matches: its brief, found by a parse
/// with `t` (a [`Tracker::farthest_only`] tracker, fresh or reset), which keeps no productions.
/// `None` when that is not so, and the productions are needed.
///
/// When the rule matches a prefix ending at `end`, and no failure was recorded past `end`, the
/// locating pass records the end of input expected at `end` outside every production: `end`
/// is then the farthest failure, and the productions open at every failure there are none, so
/// the error is in the rule itself (`run` gives the same). The tracker records at the same
/// places as a locating one: both run the diagnosing pass's paths.
fn ends_early(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> Option<Located> {
    match (rule.parse)(t.span(input)) {
        Ok((rest, ())) if rest.fragment().is_empty() => Some(Located::Valid),
        Ok((rest, ())) => {
            let end = rest.location_offset();
            t.farthest()
                .is_none_or(|f| f <= end)
                .then(|| Located::Rejected(Brief::new(g.name(), rule.name, rule.name, input, end)))
        }
        Err(_) => None,
    }
}

/// The brief of an input that `rule` rejects, by [`run`] with `t`.
pub(super) fn rejected(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> Brief {
    match run(g, rule, t, input).0 {
        Located::Rejected(b) => b,
        // The fast pass and the diagnosing pass agree on every verdict (the pass-agreement
        // tests), so this is not reached; were it, the input would be reported at its end.
        Located::Valid => Brief::new(g.name(), rule.name, rule.name, input, input.len()),
    }
}

/// [`Grammar::locate`] for many inputs against one rule, faster: it reuses its buffers from
/// input to input, and picks the order of its passes by how recent inputs went. While 95% or
/// more were rejected, it skips the pass that only tells valid inputs apart (the passes that
/// locate a failure give the verdict too); while most rejected ones stopped where a prefix that
/// the rule matches ends, it first runs a pass that finds just that, without keeping track of
/// the productions. The results are [`Grammar::locate`]'s, whatever the order of the inputs.
///
/// ```
/// use urigram::Grammar;
/// let mut l = Grammar::Rfc822.locator("addr-spec").unwrap();
/// let b = l.locate("http://a/").unwrap_err();
/// assert_eq!((b.offset, b.code().as_str()), (4, "rfc822::addr-spec::reserved"));
/// assert!(l.locate("user@example.com").is_ok());
/// ```
#[derive(Debug)]
pub struct Locator {
    grammar: Grammar,
    rule: &'static Rule,
    /// For the locating pass.
    tracker: Tracker,
    /// For the pass that finds only the farthest failure.
    farthest: Tracker,
    /// The share of recent inputs that were rejected, in 1/1024ths, each input weighing 1/16
    /// of it. From 95% on, the fast pass is skipped (below, the valid inputs that it reads fast
    /// make up for the rejected ones that it reads for nothing).
    rejections: u16,
    /// Recent rejections where the rule matched the longest valid prefix, counted up for each
    /// one and down for each other rejection, within `0..=2 * OFTEN`.
    early_ends: u8,
}

/// When [`Locator::early_ends`] is at least this, the farthest-failure pass runs first.
const OFTEN: u8 = 4;

/// From this share of rejections on (in 1/1024ths), [`Locator`] skips the fast pass.
const MOSTLY_REJECTED: u16 = 973;

/// `rate` (in 1/1024ths) moved 1/16 of the way to 1 (`rejected`) or to 0.
fn share(rate: u16, rejected: bool) -> u16 {
    rate - rate / 16 + if rejected { 64 } else { 0 }
}

/// `n` counted up (`true`) or down, within `0..=2 * OFTEN`.
fn count(n: u8, up: bool) -> u8 {
    if up {
        (n + 1).min(2 * OFTEN)
    } else {
        n.saturating_sub(1)
    }
}

impl Locator {
    /// A locator for `rule` of `grammar`.
    pub(crate) fn new(grammar: Grammar, rule: &'static Rule) -> Locator {
        Locator {
            grammar,
            rule,
            tracker: Tracker::locating(),
            farthest: Tracker::farthest_only(),
            rejections: 0,
            early_ends: 0,
        }
    }

    /// This locator, as if most recent inputs had been rejected (to test that order alone).
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn rejecting(mut self) -> Locator {
        self.rejections = 1024;
        self
    }

    /// This locator, as if most recent rejections had stopped where a prefix the rule
    /// matches ends (to test that order alone).
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn ending_early(mut self) -> Locator {
        self.early_ends = 2 * OFTEN;
        self
    }

    /// The grammar.
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The rule.
    pub fn rule(&self) -> &'static Rule {
        self.rule
    }

    /// [`Grammar::locate_rule`] of `input`.
    pub fn locate(&mut self, input: &str) -> Result<(), Brief> {
        if self.rejections < MOSTLY_REJECTED
            && let Ok((rest, ())) = (self.rule.parse)(fast_span(input))
            && rest.fragment().is_empty()
        {
            self.rejections = share(self.rejections, false);
            return Ok(());
        }
        let (g, rule) = (self.grammar, self.rule);
        let early = match self.early_ends >= OFTEN {
            true => {
                self.farthest.reset();
                ends_early(g, rule, &self.farthest, input)
            }
            false => None,
        };
        let located = match early {
            Some(located) => {
                if let Located::Rejected(_) = located {
                    self.early_ends = count(self.early_ends, true);
                }
                located
            }
            None => {
                self.tracker.reset();
                let (located, prefix) = run(g, rule, &self.tracker, input);
                if let Located::Rejected(_) = located {
                    self.early_ends = count(self.early_ends, prefix);
                }
                located
            }
        };
        match located {
            Located::Valid => {
                self.rejections = share(self.rejections, false);
                Ok(())
            }
            Located::Rejected(b) => {
                self.rejections = share(self.rejections, true);
                Err(b)
            }
        }
    }

    /// [`Grammar::locate_bytes`] of `input`.
    pub fn locate_bytes(&mut self, input: &[u8]) -> Result<(), Brief> {
        match std::str::from_utf8(input) {
            Ok(s) => self.locate(s),
            Err(_) => self.grammar.locate_bytes(self.rule.name, input),
        }
    }
}
