//! The grammars, one module per spec, one function per production.
//!
//! # Conventions
//!
//! - **One production, one function.** The function is named after the rule in snake_case
//!   (`URI-reference` -> [`rfc2396::uri_reference`], `IPv4address` -> `ipv4address`,
//!   `gopher+_string` -> `gopher_plus_string`). Its doc comment quotes the production verbatim,
//!   in the spec's own notation, in a ```` ```text ```` block, then cites file, line and section.
//!   A test checks the quoted text against `grammar/*.bnf`.
//! - **One signature.** Every function is `fn(Span<'a>) -> PResult<'a, O>` (see
//!   [`crate::input`]); only nom's complete-input parsers are used. Each goes through
//!   [`crate::input::production`], which keeps the production stack and the derivation tree
//!   when a check diagnoses a rejected input.
//! - **One shape.** A production's body is one nom combinator expression (`alt`, `opt`,
//!   `preceded`, `recognize`, `consumed`, `map`, tuples ...) over the primitives of
//!   `crate::input::primitives` (`lit`, `one`, runs of a class, runs with escapes, `branch`, a
//!   silent look-ahead), which are parser values that record what they expected. It refers to
//!   other productions by their function's name, so that each type stays small. RFC 1738's
//!   `ftpurl`, in the spec's notation and in the code:
//!
//!   ```text
//!   ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//!   ```
//!
//!   ```ignore
//!   production(
//!       "ftpurl",
//!       map(
//!           consumed((
//!               lit("ftp://"),
//!               login,
//!               opt(preceded(lit("/"), (fpath, opt(preceded(lit(";type="), ftptype))))),
//!           )),
//!           |(text, (_, l, p))| FtpUrl { /* the parts */ },
//!       ),
//!   )
//!   .parse(i)
//!   ```
//!
//!   Where the expression must differ from the printed text for the language to stay exact
//!   (`hostname`, the longest-match choices, `IPv6address` ...), a small named combinator does
//!   it, with the reason in a comment. RFC 2396's fast pass (`rfc2396/fast.rs`) stays
//!   hand-written for the hot path (validation and the typed parse), held to the productions
//!   by the tests.
//! - **Spec order.** Files and functions follow the spec's order, with a banner per section.
//! - **Exact languages.** A function accepts exactly its production's language. nom's `alt`
//!   commits to the first branch that succeeds and repetition never gives characters back, so
//!   where a literal transcription would accept a different language the function is rewritten,
//!   and a comment says why the rewrite derives the same strings. The differential tests
//!   against the BNF interpreter (`crate::bnf`) are the proof.
//! - **Rules that match the empty string** say so in their doc (`port`, `query`, `server` ...),
//!   and are never the inner parser of a repetition.
//! - **Characters** are [`table::Table`]s built with `const fn` union and subtraction. Runs of
//!   a class (`*uric`) are scanned with one table lookup per byte.
//! - **Errors.** Every primitive records what it expected where it stopped; the error of a
//!   rejected input reports the farthest such place, which is the longest valid prefix.
//! - **No recursion that grows with the input**: right-recursive productions run as loops.
//!
//! # The registry
//!
//! [`Grammar`] names each grammar and lists its productions by their spec names in spec order;
//! [`Grammar::check`] checks an input against any one of them, requiring the whole input to be
//! consumed.
//!
//! ```
//! use urigram::Grammar;
//! let g: Grammar = "rfc2396".parse().unwrap();
//! assert_eq!(g.start_rule(), "URI-reference");
//! assert!(g.check("hostname", "www.example.com.").is_ok());
//! assert!(g.check("hostname", "-example.com").is_err());
//! assert_eq!(g.rule_names().count(), 44);
//! ```

mod args;
mod common;
mod labels;
mod locate;
mod names;
#[cfg(all(test, feature = "bnf"))]
mod passes;
mod registry;
pub mod rfc1630;
pub mod rfc1738;
pub mod rfc2396;
pub mod rfc2732;
pub mod rfc3986;
pub mod rfc3987;
pub mod rfc6570;
pub mod rfc822;
#[cfg(test)]
mod shape;
#[cfg(test)]
mod testing;

use crate::error::{Brief, Error};
use crate::input::{Expected, Mode, Node, Tracker};
pub use args::{CheckInput, RuleRef};
pub use locate::Locator;
pub(crate) use names::rule;
pub use names::{Citation, Grammar, LookupError, Rule};

/// A whole-input check by a fast pass: whether all of the text is one string of the rule.
type WholeCheck = fn(&str) -> bool;

impl Grammar {
    /// Check `input` against a production: the whole input must be one string of its
    /// language. The one way to check, for every grammar and rule:
    ///
    /// - `rule` is the production's spec name (`"URI-reference"`), or a [`Rule`] looked up once
    ///   with [`Grammar::rule`] for a program that checks many inputs against it (see
    ///   [`RuleRef`]);
    /// - `input` is text (`str`, `String`) or raw bytes (`[u8]`, `Vec<u8>`, `[u8; N]`, see
    ///   [`CheckInput`]). Bytes that are not UTF-8 are rejected at the first bad one, unless
    ///   the grammar rejects an earlier byte (no byte of 128 or more is in any production).
    ///
    /// ```
    /// use urigram::Grammar;
    /// let g = Grammar::Rfc2396;
    /// assert!(g.check("hostname", "www.example.com.").is_ok());
    ///
    /// // A rule looked up once, for many inputs.
    /// let host = g.rule("hostname").unwrap();
    /// let bad: Vec<_> = ["a.b", "-a.b", "a..b"].into_iter().filter(|s| g.check(host, s).is_err()).collect();
    /// assert_eq!(bad, ["-a.b", "a..b"]);
    ///
    /// // Bytes.
    /// let e = g.check("URI-reference", b"http://a/\xff").unwrap_err();
    /// assert_eq!(e.offset(), 9);
    /// assert!(e.message().contains("not UTF-8"));
    /// ```
    ///
    /// # Panics
    ///
    /// Never. An unknown rule name is reported as an [`Error`] at offset 0 whose message
    /// names the closest rule the grammar has; use [`Grammar::rule`] first to tell the two
    /// apart.
    // Always inlined: with the grammar a constant and the rule a literal at the call site, the
    // choice of the fast start and the comparison of the name are made at compile time.
    #[inline(always)]
    pub fn check<'r, I: CheckInput + ?Sized>(
        self,
        rule: impl RuleRef<'r>,
        input: &I,
    ) -> Result<(), Error> {
        let text = input.text();
        // The start rule of a grammar with a fast pass, named by the caller or looked up once:
        // its whole-input check, with no lookup by name (a constant grammar and a literal name
        // compare at compile time) and no span or typed value handed back; a rejected input
        // goes straight to its diagnosis.
        if let Some((start, whole)) = self.fast_start()
            && rule.is_start(self, start)
        {
            return match text {
                Ok(s) if whole(s) => Ok(()),
                Ok(s) => Err(self.diagnose(start, s, Mode::Diagnose).1),
                Err(bytes) => Err(self.check_not_utf8(start, bytes)),
            };
        }
        let rule = match rule.resolve(self) {
            Ok(r) => r,
            Err(e) => return Err(self.unknown_rule(valid_prefix(text), e)),
        };
        match text {
            Ok(s) => self.check_text(rule, s),
            Err(bytes) => Err(self.check_not_utf8(rule, bytes)),
        }
    }

    /// The start rule and its whole-input check, for the grammars whose start rule has a
    /// fast pass: what [`Grammar::check`] runs first when it is asked for that rule. The check
    /// is the fast pass that [`Rule::parse`] runs too, so the verdict is the same.
    #[inline(always)]
    fn fast_start(self) -> Option<(&'static Rule, WholeCheck)> {
        match self {
            Grammar::Rfc2396 => Some((&rfc2396::RULES[0], |s| rfc2396::fast::is_uri_reference(s))),
            Grammar::Rfc3986 => Some((&rfc3986::RULES[2], |s| rfc3986::fast::is_uri_reference(s))),
            Grammar::Rfc3987 => Some((&rfc3987::RULES[2], |s| rfc3987::fast::is_iri_reference(s))),
            _ => None,
        }
    }

    /// [`Grammar::check`] of text, against a rule looked up.
    #[inline]
    fn check_text(self, rule: &Rule, input: &str) -> Result<(), Error> {
        if rule.whole.is_some_and(|whole| whole(input)) {
            return Ok(());
        }
        if let Ok((rest, ())) = (rule.parse)(crate::input::fast_span(input))
            && rest.fragment().is_empty()
        {
            return Ok(());
        }
        Err(self.diagnose(rule, input, Mode::Diagnose).1)
    }

    /// [`Grammar::check`] of bytes that are not UTF-8.
    #[cold]
    fn check_not_utf8(self, r: &Rule, input: &[u8]) -> Error {
        let prefix = valid_prefix(Err(input));
        let k = prefix.len();
        // The valid prefix's own error; for a valid prefix, what a diagnosis expects where it
        // ends (when it recorded anything there).
        let e = match self.check_text(r, prefix) {
            Err(e) => Some(e),
            Ok(()) => Some(self.diagnose(r, prefix, Mode::Diagnose).1).filter(|d| d.offset() == k),
        };
        // A valid prefix after which nothing was expected can only have ended.
        self.not_utf8(r.name, input, k, "", e, &[Expected::EndOfInput])
    }

    /// The error for `input`, which is not UTF-8 from byte `k` on, given what the check (by
    /// `by`) found in the valid prefix: its error when that is earlier; otherwise an error at
    /// `k`, since no byte of 128 or more is in any production, expecting what the prefix's
    /// check expected there, or `fallback` when it recorded nothing there.
    fn not_utf8(
        self,
        rule: &'static str,
        input: &[u8],
        k: usize,
        by: &str,
        prefix_error: Option<Error>,
        fallback: &[Expected],
    ) -> Error {
        let prefix = std::str::from_utf8(&input[..k]).unwrap_or_default();
        let (failed_in, stack, expected) = match prefix_error {
            Some(e) if e.offset() < k => return e,
            Some(e) if e.offset() == k => (e.rule(), e.stack().to_vec(), e.expected().to_vec()),
            _ => (rule, vec![rule], fallback.to_vec()),
        };
        let mut m = crate::error::not_utf8_message(rule, by, input[k], k);
        if !expected.is_empty() {
            m.push_str(", expected ");
            m.push_str(&crate::error::one_of(&expected));
        }
        Error::at(self, rule, failed_in, stack, prefix, k, expected)
            .with_message(m)
            .with_bad_byte(input[k])
    }

    /// Where `input` stops being valid for a production, and in which one: the [`Brief`] of
    /// the error that [`Grammar::check`] gives for the same rule and input (text or bytes),
    /// found without building it. The verdict is [`Grammar::check`]'s, and a rejection's brief
    /// is that error's [`Error::brief`]; what it leaves out (the message, what was expected,
    /// the help) is what costs the most to find. For statistics over many inputs; a
    /// [`Locator`] does the same faster for many inputs against one rule.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let b = Grammar::Rfc1738.locate("url", "http://a/b#c").unwrap_err();
    /// assert_eq!((b.offset(), b.rule()), (10, "url"));
    /// assert_eq!(b.code(), "rfc1738::url::hash");
    /// assert!(Grammar::Rfc1738.locate("url", "http://a/b").is_ok());
    /// assert_eq!(Grammar::Rfc1738.locate("uri", "x").unwrap_err().code(), "rfc1738::unknown-rule");
    /// ```
    #[inline]
    pub fn locate<'r, I: CheckInput + ?Sized>(
        self,
        rule: impl RuleRef<'r>,
        input: &I,
    ) -> Result<(), Brief> {
        let text = input.text();
        let rule = match rule.resolve(self) {
            Ok(r) => r,
            Err(e) => return Err(self.unknown_rule(valid_prefix(text), e).brief()),
        };
        match text {
            Ok(s) => self.locate_text(rule, s),
            // Rare: the whole diagnosis.
            Err(bytes) => Err(self.check_not_utf8(rule, bytes).brief()),
        }
    }

    /// [`Grammar::locate`] of text, against a rule looked up.
    fn locate_text(self, rule: &Rule, input: &str) -> Result<(), Brief> {
        if rule.whole.is_some_and(|whole| whole(input)) {
            return Ok(());
        }
        if let Ok((rest, ())) = (rule.parse)(crate::input::fast_span(input))
            && rest.fragment().is_empty()
        {
            return Ok(());
        }
        // The locating pass gives the verdict too (the passes agree on every input).
        locate::run(self, rule, &Tracker::locating(), input).0
    }

    /// A [`Locator`] for many inputs against one production (a spec name or a [`Rule`]).
    ///
    /// ```
    /// use urigram::Grammar;
    /// let mut l = Grammar::Rfc1630.locator("fragmentaddress").unwrap();
    /// let stops: Vec<_> = ["http:a/b", "http://a/b", "x:y#z"]
    ///     .into_iter()
    ///     .map(|s| l.locate(s).err().map(|b| b.offset()))
    ///     .collect();
    /// assert_eq!(stops, [None, Some(5), None]);
    /// ```
    pub fn locator(self, rule: impl RuleRef<'static>) -> Result<Locator, LookupError> {
        Ok(Locator::new(self, rule.resolve(self)?))
    }

    /// The derivation of `input` by a production (a spec name or a [`Rule`]): every
    /// production that matched, in pre-order, with its byte range and depth. For a rejected
    /// input, a [`PartialDerivation`]: the error, and the productions that had matched or were
    /// still open where the input stopped being valid. [`render::tree`](crate::render::tree)
    /// draws either for people.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let nodes = Grammar::Rfc2396.derive("IPv4address", "10.0.0.1").unwrap();
    /// assert_eq!((nodes[0].rule, nodes[0].start, nodes[0].end), ("IPv4address", 0, 8));
    /// let partial = Grammar::Rfc2396.derive("IPv4address", "10.0.x").unwrap_err();
    /// assert_eq!(partial.error().offset(), 5);
    /// assert_eq!(partial.nodes()[0].rule, "IPv4address");
    /// ```
    pub fn derive<'r>(
        self,
        rule: impl RuleRef<'r>,
        input: &str,
    ) -> Result<Vec<Node>, PartialDerivation> {
        let rule = match rule.resolve(self) {
            Ok(r) => r,
            Err(e) => {
                return Err(PartialDerivation {
                    nodes: Vec::new(),
                    error: self.unknown_rule(input, e),
                });
            }
        };
        let t = Tracker::new(Mode::Tree);
        if let Ok((rest, ())) = (rule.parse)(t.span(input))
            && rest.fragment().is_empty()
        {
            return Ok(t.nodes());
        }
        let (nodes, error) = self.diagnose(rule, input, Mode::Tree);
        Err(PartialDerivation { nodes, error })
    }

    /// The error for an input that `rule` (a name of this grammar) rejects.
    pub(crate) fn diagnose_named(self, rule: &str, input: &str) -> Error {
        match self.rule(rule) {
            Ok(r) => self.diagnose(r, input, Mode::Diagnose).1,
            Err(e) => self.unknown_rule(input, e),
        }
    }

    fn unknown_rule(self, input: &str, e: LookupError) -> Error {
        Error::at(
            self,
            self.start_rule(),
            self.start_rule(),
            Vec::new(),
            input,
            0,
            Vec::new(),
        )
        .with_message(e.to_string())
    }

    fn diagnose(self, rule: &Rule, input: &str, mode: Mode) -> (Vec<Node>, Error) {
        let t = Tracker::new(mode);
        if let Ok((rest, ())) = (rule.parse)(t.span(input)) {
            // The rule matched a prefix: the input should have ended here.
            t.record(rest.location_offset(), Expected::EndOfInput);
        }
        let e = Error::from_tracker(self, rule.name, input, &t);
        // The productions that matched or were open where the input stopped being valid.
        let partial = t
            .nodes_at_farthest()
            .into_iter()
            .filter(|n| n.start <= e.offset())
            .collect();
        (partial, e)
    }
}

/// The UTF-8 text of a check's input: all of it, or the valid prefix of bytes that are not
/// UTF-8.
fn valid_prefix<'a>(text: Result<&'a str, &'a [u8]>) -> &'a str {
    match text {
        Ok(s) => s,
        Err(b) => {
            let k = std::str::from_utf8(b).map_or_else(|u| u.valid_up_to(), |s| s.len());
            std::str::from_utf8(&b[..k]).unwrap_or_default()
        }
    }
}

/// A rejected input's derivation ([`Grammar::derive`]): the error, and the productions that
/// had matched or were still open where the input stopped being valid (those end at the
/// error's offset).
///
/// ```
/// use urigram::Grammar;
/// let partial = Grammar::Rfc2396.derive("hostport", "a.b:8x").unwrap_err();
/// assert_eq!(partial.error().offset(), 5); // the 'x'
/// let (nodes, error) = partial.into_parts();
/// assert_eq!(nodes[0].rule, "hostport");
/// // `port` matched "8"; `hostport` should have ended there.
/// assert!(nodes.iter().any(|n| (n.rule, n.start, n.end) == ("port", 4, 5)));
/// assert_eq!(error.rule(), "hostport");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartialDerivation {
    nodes: Vec<Node>,
    error: Error,
}

impl PartialDerivation {
    /// The productions matched or open at the error, in pre-order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Why the input is rejected: [`Grammar::check`]'s error.
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The nodes and the error.
    pub fn into_parts(self) -> (Vec<Node>, Error) {
        (self.nodes, self.error)
    }
}

#[cfg(feature = "bnf")]
impl Grammar {
    /// The grammar's spec text as the BNF engine reads it (loaded once, then shared): the
    /// oracle the combinators are tested against.
    ///
    /// ```
    /// let spec = urigram::Grammar::Rfc2396.spec();
    /// assert_eq!(spec.rule_names().count(), 44);
    /// ```
    pub fn spec(self) -> &'static crate::bnf::Grammar {
        use std::sync::OnceLock;
        static SPECS: OnceLock<Vec<crate::bnf::Grammar>> = OnceLock::new();
        let specs = SPECS.get_or_init(|| {
            Grammar::ALL
                .iter()
                .map(|g| match crate::bnf::load(g.name()) {
                    Ok(spec) => spec,
                    // The texts are compiled in; `tests/differential.rs` loads every one.
                    Err(e) => unreachable!("built-in grammar text does not load: {e}"),
                })
                .collect()
        });
        let k = Grammar::ALL.iter().position(|&g| g == self).unwrap_or(0);
        &specs[k]
    }

    /// [`Grammar::check`] by the BNF interpreter instead of the combinators: the verdict of
    /// the spec text itself, for the same rules and inputs (text or bytes). The error has the
    /// same offset contract as [`Grammar::check`]'s. Where the combinators reject the input at
    /// the same byte (they always should: the differential tests hold them to it), the
    /// production, expected items, help and citation are theirs, so that both engines give
    /// one diagnostic; otherwise the error names the rule checked and no expected items.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let e = Grammar::Rfc2396.check_by_spec("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(e.offset(), 11);
    /// assert_eq!(e.code(), "rfc2396::escaped::letter");
    /// assert_eq!(e, e.clone());
    /// assert!(Grammar::Rfc2396.check_by_spec("URI-reference", "g;x?y#s").is_ok());
    /// ```
    pub fn check_by_spec<'r, I: CheckInput + ?Sized>(
        self,
        rule: impl RuleRef<'r>,
        input: &I,
    ) -> Result<(), Error> {
        let text = input.text();
        let r = match rule.resolve(self) {
            Ok(r) => r,
            Err(e) => return Err(self.unknown_rule(valid_prefix(text), e)),
        };
        let bytes = match text {
            Ok(s) => return self.check_text_by_spec(r, s),
            Err(bytes) => bytes,
        };
        let prefix = valid_prefix(text);
        let e = self.check_text_by_spec(r, prefix).err();
        // The interpreter names no expected items.
        let by = " by the spec text (BNF interpreter)";
        Err(self.not_utf8(r.name, bytes, prefix.len(), by, e, &[]))
    }

    /// [`Grammar::check_by_spec`] of text.
    fn check_text_by_spec(self, r: &Rule, input: &str) -> Result<(), Error> {
        let rec = match self.spec().recognizer(r.name) {
            Ok(rec) => rec,
            Err(e) => {
                return Err(self
                    .unknown_rule(input, LookupError::rule(self, r.name))
                    .with_message(e.to_string()));
            }
        };
        let Err(offset) = rec.check(input) else {
            return Ok(());
        };
        let by = format!("not a valid {} by the spec text (BNF interpreter)", r.name);
        // Where the combinators reject at the same byte, their diagnosis names the production,
        // what was expected, the help and the citation, so that both engines give the same
        // diagnostic; the verdict and the offset are the interpreter's own.
        if let Err(c) = self.check_text(r, input)
            && c.offset() == offset
        {
            let m = c
                .message()
                .replacen(&format!("not a valid {}", r.name), &by, 1);
            return Err(c.with_message(m));
        }
        let e = Error::at(
            self,
            r.name,
            r.name,
            vec![r.name],
            input,
            offset,
            Vec::new(),
        );
        let found = match e.found() {
            Some(c) => format!("{:?}", c),
            None => "the end of the input".to_string(),
        };
        let m = format!("{by}: {found} at byte {offset}");
        Err(e.with_message(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::args::sealed::RuleRef as _;
    use crate::grammar::testing::all_strings;

    /// The check's fast start is the registry's own start rule, so that a `&Rule` looked up
    /// by its name takes it too.
    #[test]
    fn the_fast_start_is_the_start_rule() {
        let mut fast = 0;
        for &g in Grammar::ALL {
            if let Some((start, _)) = g.fast_start() {
                assert_eq!(start.name, g.start_rule(), "{g}");
                assert!(std::ptr::eq(g.rule(g.start_rule()).unwrap(), start), "{g}");
                assert!(g.start_rule().is_start(g, start), "{g}");
                assert!(start.is_start(g, start), "{g}");
                assert!(!(&g.rules()[1]).is_start(g, start), "{g}");
                assert!(!"URI".is_start(g, start), "{g}");
                assert!(!"IRI".is_start(g, start), "{g}");
                fast += 1;
            }
        }
        assert_eq!(fast, 3);
    }

    /// The start rule checked by name, by a `Rule` and through the rule's parser (what a
    /// check ran before it had a fast start) gives the same verdict and error.
    #[test]
    fn the_fast_start_agrees_with_the_rule() {
        let mut strings = all_strings(b"a:/%1?#[]@.", 3);
        strings.extend(
            [
                "http://www.example.com/a?b#c",
                "http://[::1]:80/",
                "mailto:a@b",
                "//a@b:c/d",
                "a%4",
                "http://a b/",
                "//a-b.c:8/",
                "//a-.b",
                "//a..b:x",
                "//1.2.3.4:80?q",
                "//1.2.3.256/",
                "//u@01.2.3.4",
                "//u:p@1.2.3.4.5",
                "//u@-a.b.",
                "//a.b.:",
                "http://www.example.com.:8080/a%20b",
                "http://r\u{e9}sum\u{e9}.example/\u{10300}?\u{e000}#\u{a0}",
                "//\u{e000}/",
                "a\u{fdd0}b",
                "\u{9f}",
                "?\u{10fffd}#\u{10fffd}",
            ]
            .map(String::from),
        );
        for g in [Grammar::Rfc2396, Grammar::Rfc3986, Grammar::Rfc3987] {
            let r = g.rule(g.start_rule()).unwrap();
            for s in &strings {
                let by_parser = g.check_text(r, s).map_err(|e| e.to_string());
                let by_name = g.check(g.start_rule(), s.as_str());
                assert_eq!(by_name.map_err(|e| e.to_string()), by_parser, "{g} {s:?}");
                let by_rule = g.check(r, s.as_str());
                assert_eq!(by_rule.map_err(|e| e.to_string()), by_parser, "{g} {s:?}");
            }
            for bytes in [&b"http://a/\xff"[..], b"\xc3", b"a b\xff"] {
                let by_parser = g.check_not_utf8(r, bytes).to_string();
                let by_name = g.check(g.start_rule(), bytes).unwrap_err().to_string();
                assert_eq!(by_name, by_parser, "{g} {bytes:?}");
            }
        }
    }
}
