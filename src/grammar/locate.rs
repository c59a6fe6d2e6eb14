//! Locating where inputs stop being valid, for statistics over many of them: the verdict and
//! the [`Brief`] of each rejection, without the message, the expected items or the help.

use super::{Grammar, Rule};
use crate::error::Brief;
use crate::input::{Expected, Tracker, fast_span};

/// The brief of an input that `rule` rejects, by a parse with `t` (a [`Tracker::locating`]
/// tracker, fresh or reset), which records where the farthest failure is and the productions
/// open there, but not what was expected. `None` when the parse takes the whole input after
/// all (the caller ran no fast pass).
pub(super) fn run(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> Option<Brief> {
    match (rule.parse)(t.span(input)) {
        Ok((rest, ())) if rest.fragment().is_empty() => return None,
        // The rule matched a prefix: the input should have ended here.
        Ok((rest, ())) => t.record(rest.location_offset(), Expected::EndOfInput),
        Err(_) => {}
    }
    let offset = t.farthest().unwrap_or(0).min(input.len());
    let failed_in = t.innermost_failed_in().unwrap_or(rule.name);
    Some(Brief::new(g.name(), rule.name, failed_in, input, offset))
}

/// [`run`] for an input known to be rejected.
pub(super) fn rejected(g: Grammar, rule: &Rule, t: &Tracker, input: &str) -> Brief {
    run(g, rule, t, input).unwrap_or_else(|| {
        // The fast pass and the diagnosing pass agree on every verdict (the pass-agreement
        // tests), so this is not reached; were it, the input would be reported at its end.
        Brief::new(g.name(), rule.name, rule.name, input, input.len())
    })
}

/// [`Grammar::locate`] for many inputs against one rule, faster: it reuses its buffers from
/// input to input, and when most recent inputs were rejected, it skips the pass that only
/// tells valid inputs apart (the pass that locates the failure gives the verdict too). The
/// results are [`Grammar::locate`]'s, whatever the order of the inputs.
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
    tracker: Tracker,
    /// Recent rejections, counted up for each one and down for each valid input, within
    /// `0..=2 * REJECTING`.
    rejections: u8,
}

/// When `rejections` is at least this, the next input goes straight to the locating pass.
const REJECTING: u8 = 4;

impl Locator {
    /// A locator for `rule` of `grammar`.
    pub(crate) fn new(grammar: Grammar, rule: &'static Rule) -> Locator {
        Locator {
            grammar,
            rule,
            tracker: Tracker::locating(),
            rejections: 0,
        }
    }

    /// This locator, as if most recent inputs had been rejected (to test that pass alone).
    #[cfg(test)]
    pub(crate) fn rejecting(mut self) -> Locator {
        self.rejections = 2 * REJECTING;
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
        let skip_fast_pass = self.rejections >= REJECTING;
        if !skip_fast_pass
            && let Ok((rest, ())) = (self.rule.parse)(fast_span(input))
            && rest.fragment().is_empty()
        {
            self.rejections = self.rejections.saturating_sub(1);
            return Ok(());
        }
        self.tracker.reset();
        let r = match run(self.grammar, self.rule, &self.tracker, input) {
            None => Ok(()),
            Some(b) => Err(b),
        };
        self.rejections = match r {
            Ok(()) => self.rejections.saturating_sub(1),
            Err(_) => (self.rejections + 1).min(2 * REJECTING),
        };
        r
    }

    /// [`Grammar::locate_bytes`] of `input`.
    pub fn locate_bytes(&mut self, input: &[u8]) -> Result<(), Brief> {
        match std::str::from_utf8(input) {
            Ok(s) => self.locate(s),
            Err(_) => self.grammar.locate_bytes(self.rule.name, input),
        }
    }
}
