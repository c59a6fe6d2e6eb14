//! What checks one input. `check` and its summaries go through [`Engine`] only, so another
//! way of checking (the BNF interpreter, several grammars at once) slots in as one more
//! implementation.

use urigram::Rule;
use urigram::{Brief, Error, Grammar, Locator};

/// What [`Engine::locator`] gives: input after input, the verdict of [`Engine::check`] and
/// the [`Error::brief`] of its error.
pub trait Locate {
    /// For `input`, whose bytes that are not UTF-8 are rejected.
    fn locate(&mut self, input: &[u8]) -> Result<(), Brief>;
    /// For input known to be UTF-8.
    fn locate_str(&mut self, input: &str) -> Result<(), Brief> {
        self.locate(input.as_bytes())
    }
}

/// Locating by the whole check.
struct ByCheck<'a>(&'a dyn Engine);

impl Locate for ByCheck<'_> {
    fn locate(&mut self, input: &[u8]) -> Result<(), Brief> {
        self.0.check(input).map_err(|e| e.brief())
    }
    fn locate_str(&mut self, input: &str) -> Result<(), Brief> {
        self.0.check_str(input).map_err(|e| e.brief())
    }
}

impl Locate for Locator {
    fn locate(&mut self, input: &[u8]) -> Result<(), Brief> {
        Locator::locate(self, input)
    }
    fn locate_str(&mut self, input: &str) -> Result<(), Brief> {
        Locator::locate(self, input)
    }
}

/// Checks one input (a line, without its line ending, or an argument) against one rule.
/// Called from several threads at once.
pub trait Engine: Sync {
    /// The grammar's name, for output and summaries (`rfc2396`).
    fn grammar(&self) -> &'static str;
    /// The rule's spec name (`URI-reference`).
    fn rule(&self) -> &'static str;
    /// `Ok` when `input` is a string of the rule's language; bytes that are not UTF-8 are
    /// rejected at the first bad byte.
    fn check(&self, input: &[u8]) -> Result<(), Error>;
    /// [`Engine::check`] for input known to be UTF-8.
    fn check_str(&self, input: &str) -> Result<(), Error> {
        self.check(input.as_bytes())
    }
    /// What finds, input after input on one thread, the verdict of [`Engine::check`] and the
    /// [`Error::brief`] of its error, for when nothing else of the error is shown (a summary):
    /// an engine may find that for less.
    fn locator(&self) -> Box<dyn Locate + '_>;
}

/// The grammar's `nom` combinators: [`Grammar::check`].
pub struct Combinators {
    grammar: Grammar,
    rule: &'static Rule,
}

impl Combinators {
    /// The combinator of `rule` (its spec name) in `grammar`, or the grammar's start rule.
    pub fn new(grammar: Grammar, rule: Option<&str>) -> Result<Combinators, String> {
        let name = rule.unwrap_or(grammar.start_rule());
        let rule = super::find_rule(grammar, name)?;
        Ok(Combinators { grammar, rule })
    }
}

impl Engine for Combinators {
    fn grammar(&self) -> &'static str {
        self.grammar.name()
    }

    fn rule(&self) -> &'static str {
        self.rule.name
    }

    fn check(&self, input: &[u8]) -> Result<(), Error> {
        // The rule is resolved once, not looked up by name for every line.
        self.grammar.check(self.rule, input)
    }

    fn check_str(&self, input: &str) -> Result<(), Error> {
        self.grammar.check(self.rule, input)
    }

    fn locator(&self) -> Box<dyn Locate + '_> {
        match self.grammar.locator(self.rule) {
            Ok(l) => Box::new(l),
            // The rule was looked up when the engine was made.
            Err(_) => Box::new(ByCheck(self)),
        }
    }
}

/// The BNF interpreter reading the spec text: [`Grammar::check_by_spec`], so that any verdict of
/// the combinators can be cross-checked against the grammar as printed.
pub struct Spec {
    grammar: Grammar,
    rule: &'static str,
}

impl Spec {
    /// The spec text's `rule` (its spec name) in `grammar`, or the grammar's start rule.
    pub fn new(grammar: Grammar, rule: Option<&str>) -> Result<Spec, String> {
        let name = rule.unwrap_or(grammar.start_rule());
        let rule = super::find_rule(grammar, name)?.name;
        // Load the spec text once, before the threads start.
        let _ = grammar.spec();
        Ok(Spec { grammar, rule })
    }
}

impl Engine for Spec {
    fn grammar(&self) -> &'static str {
        self.grammar.name()
    }

    fn rule(&self) -> &'static str {
        self.rule
    }

    fn check(&self, input: &[u8]) -> Result<(), Error> {
        self.grammar.check_by_spec(self.rule, input)
    }

    fn locator(&self) -> Box<dyn Locate + '_> {
        Box::new(ByCheck(self))
    }
}
