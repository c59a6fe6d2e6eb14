//! Locating where inputs stop being valid, for statistics over many of them: the verdict and
//! the [`Brief`] of each rejection, without the message, the expected items or the help.

use super::args::CheckInput;
use super::names::{Grammar, Rule};
use crate::error::Brief;
use crate::input::{Expected, Tracker, fast_span};

/// Where `input` stops being valid for `rule`, by a parse with `t` (a [`Tracker::locating`]
/// tracker, fresh or reset), which records where the farthest failure is and the productions
/// open there, but not what was expected; `Ok` when the parse takes the whole input. Also
/// whether [`ends_early`] would have given the same: the input is valid, or the parse matched
/// a prefix of it with no failure recorded past its end.
pub(super) fn run(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> (Result<(), Brief>, bool) {
    let mut prefix = false;
    match (rule.parse)(t.span(input)) {
        Ok((rest, ())) if rest.fragment().is_empty() => return (Ok(()), true),
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
    let b = Brief::new(g, rule.name, failed_in, input, offset);
    (Err(b), prefix)
}

/// [`run`]'s answer for an input that is valid, or whose longest valid prefix `rule` itself
/// matches, found by a parse with `t` (a [`Tracker::farthest_only`] tracker, fresh or reset),
/// which keeps no productions. `None` for any other input, whose productions are needed.
///
/// When the rule matches a prefix ending at `end`, and no failure was recorded past `end`, the
/// locating pass records the end of input expected at `end` outside every production: `end`
/// is then the farthest failure, and the productions open at every failure there are none, so
/// the error is in the rule itself. The tracker records at the same places as a locating one:
/// both run the diagnosing pass's paths.
fn ends_early(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> Option<Result<(), Brief>> {
    match (rule.parse)(t.span(input)) {
        Ok((rest, ())) if rest.fragment().is_empty() => Some(Ok(())),
        Ok((rest, ())) => {
            let end = rest.location_offset();
            t.farthest()
                .is_none_or(|f| f <= end)
                .then(|| Err(Brief::new(g, rule.name, rule.name, input, end)))
        }
        Err(_) => None,
    }
}

/// [`Grammar::locate`] for many inputs against one rule, faster: it reuses its buffers from
/// input to input, and picks the order of its passes by how recent inputs went. While 95% or
/// more were rejected, it skips the pass that only tells valid inputs apart (the passes that
/// locate a failure give the verdict too); while most rejected ones stopped where a prefix that
/// the rule matches ends, it first runs a pass that finds just that, without keeping track of
/// the productions. The results are [`Grammar::locate`]'s, whatever the order of the inputs.
///
/// What it is for: statistics over a corpus (how many lines of a log or a crawl conform, and
/// the commonest ways the others fail, grouped by [`Brief::code`]), where each line's full
/// diagnostic would cost more than the count needs. The command line's `check --summary` is
/// built on it.
///
/// ```
/// use std::collections::BTreeMap;
/// use urigram::Grammar;
///
/// let corpus = ["http://a/b", "http://a/b c", "http://x y/", "http://a/%zz", "mailto:x@y"];
/// let mut l = Grammar::Rfc2396.locator("URI-reference").unwrap();
/// let mut failures: BTreeMap<String, usize> = BTreeMap::new();
/// for line in corpus {
///     if let Err(b) = l.locate(line) {
///         *failures.entry(b.code()).or_default() += 1;
///     }
/// }
/// assert_eq!(failures["rfc2396::URI-reference::space"], 2);
/// assert_eq!(failures["rfc2396::escaped::letter"], 1);
///
/// let mut l = Grammar::Rfc822.locator("addr-spec").unwrap();
/// let b = l.locate("http://a/").unwrap_err();
/// assert_eq!((b.offset(), b.code().as_str()), (4, "rfc822::addr-spec::reserved"));
/// assert!(l.locate("user@example.com").is_ok());
/// assert_eq!((l.grammar(), l.rule().name), (Grammar::Rfc822, "addr-spec"));
/// ```
#[derive(Debug)]
pub struct Locator {
    grammar: Grammar,
    rule: &'static Rule,
    /// For the locating pass.
    tracker: Tracker,
    /// For the pass that finds only the farthest failure.
    farthest: Tracker,
    /// The share of recent inputs that were rejected, as [`share`] keeps it. From 95% on, the
    /// fast pass is skipped (below, the valid inputs that it reads fast make up for the
    /// rejected ones that it reads for nothing).
    rejections: u16,
    /// The share of recent rejections where the rule itself matched the longest valid prefix,
    /// as [`share`] keeps it. From half on, the farthest-failure pass runs first.
    early_ends: u16,
}

/// From this share of rejections on, [`Locator`] skips the fast pass.
const MOSTLY_REJECTED: u16 = 973;

/// From this share of rejections that end early on, [`Locator`] tries [`ends_early`] first.
const MOSTLY_EARLY: u16 = 512;

/// A share of recent events, in 1/1024ths, each event weighing 1/16 of it: `rate` moved 1/16
/// of the way to 1 (`happened`) or to 0.
fn share(rate: u16, happened: bool) -> u16 {
    rate - rate / 16 + if happened { 64 } else { 0 }
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
    #[cfg(any(test, fuzzing))]
    pub(crate) fn rejecting(mut self) -> Locator {
        self.rejections = 1024;
        self
    }

    /// This locator, as if most recent rejections had stopped where a prefix the rule
    /// matches ends (to test that order alone).
    #[cfg(any(test, fuzzing))]
    pub(crate) fn ending_early(mut self) -> Locator {
        self.early_ends = 1024;
        self
    }

    /// Which passes the next input takes first: whether the fast pass is skipped, and whether
    /// the farthest-failure pass runs before the locating pass.
    #[cfg(all(test, feature = "bnf"))]
    pub(crate) fn order(&self) -> (bool, bool) {
        (
            self.rejections >= MOSTLY_REJECTED,
            self.early_ends >= MOSTLY_EARLY,
        )
    }

    /// The grammar.
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The rule.
    pub fn rule(&self) -> &'static Rule {
        self.rule
    }

    /// [`Grammar::locate`] of `input` (text or bytes, see [`CheckInput`]) against the rule.
    #[inline]
    pub fn locate<I: CheckInput + ?Sized>(&mut self, input: &I) -> Result<(), Brief> {
        match input.text() {
            Ok(s) => self.locate_text(s),
            // Rare: the whole diagnosis.
            Err(_) => self.grammar.locate(self.rule, input),
        }
    }

    fn locate_text(&mut self, input: &str) -> Result<(), Brief> {
        // The whole-input fast check, then the combinator, unless most inputs are rejected
        // lately: then the locating pass alone gives the verdict.
        if self.rejections < MOSTLY_REJECTED && self.rule.whole.is_some_and(|whole| whole(input)) {
            self.rejections = share(self.rejections, false);
            return Ok(());
        }
        if self.rejections < MOSTLY_REJECTED
            && let Ok((rest, ())) = (self.rule.parse)(fast_span(input))
            && rest.fragment().is_empty()
        {
            self.rejections = share(self.rejections, false);
            return Ok(());
        }
        let (g, rule) = (self.grammar, self.rule);
        let settled = match self.early_ends >= MOSTLY_EARLY {
            true => {
                self.farthest.reset();
                ends_early(g, rule, &self.farthest, input)
            }
            false => None,
        };
        let (r, early) = settled.map(|r| (r, true)).unwrap_or_else(|| {
            self.tracker.reset();
            run(g, rule, &self.tracker, input)
        });
        self.rejections = share(self.rejections, r.is_err());
        if r.is_err() {
            self.early_ends = share(self.early_ends, early);
        }
        r
    }
}
