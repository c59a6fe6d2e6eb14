//! The BNF oracle: a reader for the grammar texts in `grammar/*.bnf`, an exact recognizer for
//! every rule they define, and a generator of members and mutations.
//!
//! This module does not use the hand-written combinators at all. It reads the notations
//! as the specifications print them (RFC 822 and RFC 2396's `name = body`, RFC 1738's `*[ ]`
//! repetition, RFC 1630's letter-by-letter form, RFC 3986's ABNF), compiles every grammar to a plain
//! context-free grammar and decides membership with a pushdown automaton that keeps every
//! reachable stack at once (an Earley recognizer where stacks cannot be bounded), so it has no
//! ordered choice and no greedy repetition: it accepts exactly the strings the printed
//! productions derive. It is the reference the combinators are tested against.
//!
//! - [`load`] and [`names`]: the built-in grammars (the texts are compiled into the library).
//! - [`Grammar`]: rules in spec order with their line numbers and verbatim text
//!   ([`Rule::source`]), membership ([`Grammar::check`]) and the error offset of a rejected
//!   input, generation ([`Grammar::generate`], [`Generator`]) and mutation ([`mutate`]).
//! - [`Grammar::corrections`] and [`Grammar::imports`]: the only places where the reader
//!   departs from the printed text, each with its reason.
//!
//! ```
//! let g = urigram::bnf::load("rfc2396")?;
//! assert_eq!(g.check("URI-reference", "http://a/b/c/d;p?q")?, Ok(()));
//! // The first byte at which no continuation could make the input valid:
//! assert_eq!(g.check("URI-reference", "http://a/b%zz")?, Err(11));
//! # Ok::<(), urigram::bnf::BnfError>(())
//! ```

mod charset;
mod generate;
mod interp;
mod machine;
mod reader;
#[cfg(test)]
mod tests;

pub use charset::CharSet;
pub use generate::{Generator, mutate};
pub use interp::Recognizer;
pub use reader::{Correction, Expr, Grammar, Import, Notation, Rule, load, names};

/// An error in a grammar text (or in a request naming a rule that does not exist).
///
/// Displays as `grammar:line: message`, or `grammar: message` when no line applies.
///
/// ```
/// use urigram::bnf::{Grammar, Notation};
/// let e = urigram::bnf::load("rfc9999").unwrap_err();
/// assert_eq!((e.grammar(), e.line()), ("rfc9999", None));
/// let g = urigram::bnf::load("rfc2396").unwrap();
/// assert!(g.check("hostnme", "a").is_err()); // no such rule
/// let e = Grammar::parse("demo", Notation::Rfc2396, "a = b").unwrap_err(); // b is undefined
/// assert!(e.to_string().starts_with("demo:"), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BnfError {
    grammar: String,
    line: Option<u32>,
    message: String,
}

impl BnfError {
    pub(crate) fn new(grammar: &str, line: Option<u32>, message: impl Into<String>) -> Self {
        BnfError {
            grammar: grammar.to_owned(),
            line,
            message: message.into(),
        }
    }

    /// The grammar the error is about (`rfc2396`, `rfc1630-url` ...).
    pub fn grammar(&self) -> &str {
        &self.grammar
    }

    /// The spec line number the error points at, when there is one.
    pub fn line(&self) -> Option<u32> {
        self.line
    }

    /// What is wrong, without the location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for BnfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.grammar, line, self.message),
            None => write!(f, "{}: {}", self.grammar, self.message),
        }
    }
}

impl std::error::Error for BnfError {}
