//! The grammars by name: [`Grammar`] (each spec's BNF, with its start rule, file and title),
//! a production's registry entry ([`Rule`]), a place in a spec text ([`Citation`]) and a name
//! that is not there ([`LookupError`]). The bottom of the grammar: the diagnostic
//! ([`crate::Error`]) and the productions name a grammar or a rule through it; the methods
//! that need the productions themselves are `impl Grammar` blocks higher up
//! (`grammar/registry.rs`: `rules`, `rule`, `citation`; `grammar/mod.rs`: `check`, `locate` ...).

use std::fmt;
use std::str::FromStr;

use crate::input::{PResult, Span};

/// One production in a grammar's registry.
///
/// ```
/// use urigram::Grammar;
/// let r = Grammar::Rfc2396.rule("port").unwrap();
/// assert_eq!((r.name, r.line, r.section, r.nullable), ("port", 1499, "3.2.2", true));
/// // Looked up once, a rule checks many inputs without a lookup by name.
/// assert!(Grammar::Rfc2396.check(r, "8080").is_ok());
/// assert!(Grammar::Rfc2396.check(r, "").is_ok());
/// ```
#[derive(Clone, Copy)]
pub struct Rule {
    /// The name as the spec prints it (`URI-reference`, `gopher+_string`).
    pub name: &'static str,
    /// The line of the production in the spec file.
    pub line: u32,
    /// The section that defines it.
    pub section: &'static str,
    /// Whether the production matches the empty string.
    pub nullable: bool,
    /// The combinator, with its typed output dropped.
    pub(crate) parse: for<'a> fn(Span<'a>) -> PResult<'a, ()>,
    /// A whole-input check that gives the combinator's verdict on a whole input faster (a fast
    /// pass), where the rule has one: tried first by [`Grammar::check`] and the locators,
    /// which run `parse` when it rejects (for the diagnosis, or a verdict it cannot give).
    pub(crate) whole: Option<fn(&str) -> bool>,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("name", &self.name)
            .field("line", &self.line)
            .field("section", &self.section)
            .finish()
    }
}

/// A registry entry: `rule!("URI-reference", uri_reference, 1465, "4.1", nullable)`.
macro_rules! rule {
    // `whole f => ...`: the rule with its whole-input fast check `f` ([`Rule::whole`]).
    (whole $w:path => $name:literal, $f:path, $line:literal, $section:literal $(, $nullable:ident)?) => {
        $crate::grammar::Rule {
            whole: Some($w),
            ..rule!($name, $f, $line, $section $(, $nullable)?)
        }
    };
    ($name:literal, $f:path, $line:literal, $section:literal $(, $nullable:ident)?) => {
        $crate::grammar::Rule {
            whole: None,
            name: $name,
            line: $line,
            section: $section,
            nullable: rule!(@nullable $($nullable)?),
            parse: {
                fn erased<'a>(
                    i: $crate::input::Span<'a>,
                ) -> $crate::input::PResult<'a, ()> {
                    $f(i).map(|(rest, _)| (rest, ()))
                }
                erased
            },
        }
    };
    (@nullable nullable) => { true };
    (@nullable) => { false };
}
pub(crate) use rule;

/// The grammars: each spec's BNF, with its start rule. The entry point of the library:
/// name a grammar (or parse its name), then check, locate or derive an input against any of
/// its productions by the name the spec prints.
///
/// ```
/// use urigram::Grammar;
/// let g: Grammar = "rfc1738".parse().unwrap();
/// assert_eq!(g, Grammar::Rfc1738);
/// assert_eq!((g.name(), g.file(), g.start_rule()), ("rfc1738", "rfc1738.txt", "url"));
///
/// // The start rule, or any production by its spec name.
/// assert!(g.check(g.start_rule(), "ftp://ftp.example.com/pub/a.txt;type=i").is_ok());
/// assert!(g.check("port", "80x").is_err());
///
/// // The productions, in spec order, each cited in its spec.
/// assert_eq!(g.rule_names().next(), Some("genericurl"));
/// assert_eq!(g.rules().len(), g.rule_names().count());
/// assert_eq!(Grammar::Rfc2396.citation("hostname").to_string(), "rfc2396.txt:1495 (section 3.2.2)");
///
/// // RFC 1630's URLs use RFC 822's addr-spec, cited in RFC 822.
/// assert_eq!(Grammar::Rfc1630Url.imports(), [Grammar::Rfc822]);
/// assert_eq!(Grammar::Rfc1630Url.citation("addr-spec").file, "rfc822.txt");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Grammar {
    /// RFC 2396 Appendix A and section 2.4.3 (start rule `URI-reference`).
    Rfc2396,
    /// RFC 1630, "BNF of Generic URI Syntax" (start rule `fragmentaddress`).
    Rfc1630,
    /// RFC 1630, "BNF for specific URL schemes" (start rule `url`).
    Rfc1630Url,
    /// RFC 822 `addr-spec` (section 6.1) and the lexical rules of section 3.3 it uses (start
    /// rule `addr-spec`).
    Rfc822,
    /// RFC 1738 section 5 (start rule `url`).
    Rfc1738,
    /// RFC 2396 as RFC 2732 section 3 amends it, for IPv6 literals in brackets (start rule
    /// `URI-reference`).
    Rfc2732,
    /// RFC 3986 Appendix A, the generic syntax that replaced RFC 2396 (start rule
    /// `URI-reference`).
    Rfc3986,
    /// RFC 3987 section 2.2, IRIs: RFC 3986 with the characters of `ucschar` (and `iprivate`
    /// in queries) (start rule `IRI-reference`). The input is UTF-8 text; offsets are bytes.
    /// Checks of `IRI-reference`, `IRI`, `absolute-IRI` and `irelative-ref` run a fast pass
    /// first. The values, mappings, resolution and comparison are in [`crate::rfc3987`].
    ///
    /// ```
    /// use urigram::Grammar;
    /// let g = Grammar::Rfc3987;
    /// assert!(g.check("IRI", "http://r\u{E9}sum\u{E9}.example.org").is_ok());
    /// // A private-use character only in a query.
    /// assert!(g.check("IRI-reference", "/p?\u{E000}").is_ok());
    /// let e = g.check("IRI-reference", "/\u{E000}").unwrap_err();
    /// assert_eq!(e.offset(), 1);
    /// ```
    Rfc3987,
    /// RFC 6570 section 2, URI Templates (Level 4 syntax), with the rules section 1.5 imports
    /// (start rule `URI-Template`). The input is UTF-8 text; offsets are bytes. What a template
    /// expands to is in [`crate::rfc6570`].
    ///
    /// ```
    /// use urigram::Grammar;
    /// let g = Grammar::Rfc6570;
    /// assert!(g.check("URI-Template", "http://example.com/{user}{?q,lang}").is_ok());
    /// let e = g.check("URI-Template", "/{a..b}").unwrap_err();
    /// assert_eq!(e.offset(), 4);
    /// ```
    Rfc6570,
}

impl Grammar {
    /// Every grammar, in the order of their names' listing.
    pub const ALL: &'static [Grammar] = &[
        Grammar::Rfc2396,
        Grammar::Rfc2732,
        Grammar::Rfc1738,
        Grammar::Rfc1630,
        Grammar::Rfc1630Url,
        Grammar::Rfc822,
        Grammar::Rfc3986,
        Grammar::Rfc3987,
        Grammar::Rfc6570,
    ];

    /// The grammars of URIs: every grammar but RFC 822's `addr-spec`, which the URI grammars
    /// use for `mid:` and `cid:` addresses and which accepts no URI, and RFC 3987's IRIs, which
    /// are not URIs (the matrix shows them in a column of their own, after these). What a
    /// conformance matrix covers.
    ///
    /// ```
    /// use urigram::Grammar;
    /// assert_eq!(Grammar::URI.len(), 6);
    /// assert!(!Grammar::URI.contains(&Grammar::Rfc822));
    /// assert!(!Grammar::URI.contains(&Grammar::Rfc3987));
    /// ```
    pub const URI: &'static [Grammar] = &[
        Grammar::Rfc2396,
        Grammar::Rfc2732,
        Grammar::Rfc1738,
        Grammar::Rfc1630,
        Grammar::Rfc1630Url,
        Grammar::Rfc3986,
    ];

    /// What the grammar is, in a few words: `RFC 2396 generic URI syntax (Appendix A)`.
    ///
    /// ```
    /// assert_eq!(urigram::Grammar::Rfc1738.title(), "RFC 1738 URLs, per scheme (section 5)");
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            Grammar::Rfc2396 => "RFC 2396 generic URI syntax (Appendix A)",
            Grammar::Rfc1738 => "RFC 1738 URLs, per scheme (section 5)",
            Grammar::Rfc1630 => "RFC 1630 \"BNF of Generic URI Syntax\"",
            Grammar::Rfc1630Url => "RFC 1630 \"BNF for specific URL schemes\"",
            Grammar::Rfc822 => "RFC 822 addr-spec, the addresses of mid: and cid:",
            Grammar::Rfc2732 => "RFC 2396 with RFC 2732's IPv6 literals (section 3)",
            Grammar::Rfc3986 => "RFC 3986 generic URI syntax (Appendix A)",
            Grammar::Rfc3987 => "RFC 3987 IRIs (section 2.2)",
            Grammar::Rfc6570 => "RFC 6570 URI Templates (section 2)",
        }
    }

    /// What the grammar's texts are called where a message names one: `IRI` under RFC 3987,
    /// `URI Template` under RFC 6570, `URI` under the others (RFC 822's `addr-spec` included:
    /// the command line and the editor check it as the address part of a URI).
    ///
    /// ```
    /// use urigram::Grammar;
    /// assert_eq!(Grammar::Rfc3987.noun(), "IRI");
    /// assert_eq!(Grammar::Rfc6570.noun(), "URI Template");
    /// assert_eq!(Grammar::Rfc3986.noun(), "URI");
    /// ```
    pub const fn noun(self) -> &'static str {
        match self {
            Grammar::Rfc3987 => "IRI",
            Grammar::Rfc6570 => "URI Template",
            Grammar::Rfc2396
            | Grammar::Rfc1630
            | Grammar::Rfc1630Url
            | Grammar::Rfc822
            | Grammar::Rfc1738
            | Grammar::Rfc2732
            | Grammar::Rfc3986 => "URI",
        }
    }

    /// The grammar's name: `rfc2396`.
    pub const fn name(self) -> &'static str {
        match self {
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc1630 => "rfc1630",
            Grammar::Rfc1630Url => "rfc1630-url",
            Grammar::Rfc822 => "rfc822",
            Grammar::Rfc1738 => "rfc1738",
            Grammar::Rfc2732 => "rfc2732",
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc3987 => "rfc3987",
            Grammar::Rfc6570 => "rfc6570",
        }
    }

    /// The spec file the citations point into (RFC 2732's: its own section 3; a production
    /// it takes from RFC 2396 or RFC 2373 is cited in that file, see [`Grammar::citation`]).
    pub const fn file(self) -> &'static str {
        match self {
            Grammar::Rfc2396 => "rfc2396.txt",
            Grammar::Rfc1630 | Grammar::Rfc1630Url => "rfc1630.txt",
            Grammar::Rfc822 => "rfc822.txt",
            Grammar::Rfc1738 => "rfc1738.txt",
            Grammar::Rfc2732 => "rfc2732.txt",
            Grammar::Rfc3986 => "rfc3986.txt",
            Grammar::Rfc3987 => "rfc3987.txt",
            Grammar::Rfc6570 => "rfc6570.txt",
        }
    }

    /// The rule a check uses when none is named.
    pub const fn start_rule(self) -> &'static str {
        match self {
            Grammar::Rfc2396 => "URI-reference",
            Grammar::Rfc1630 => "fragmentaddress",
            Grammar::Rfc1630Url => "url",
            Grammar::Rfc822 => "addr-spec",
            Grammar::Rfc1738 => "url",
            Grammar::Rfc2732 => "URI-reference",
            Grammar::Rfc3986 => "URI-reference",
            Grammar::Rfc3987 => "IRI-reference",
            Grammar::Rfc6570 => "URI-Template",
        }
    }

    /// The grammars whose productions this one calls without defining them: `rfc1630-url`
    /// uses RFC 822's `addr-spec` for `midaddress` and `cidaddress`.
    pub const fn imports(self) -> &'static [Grammar] {
        match self {
            Grammar::Rfc1630Url => &[Grammar::Rfc822],
            _ => &[],
        }
    }
}

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A grammar by its name ([`Grammar::name`]), in any case.
///
/// ```
/// use urigram::Grammar;
/// assert_eq!("rfc2396".parse::<Grammar>().unwrap(), Grammar::Rfc2396);
/// assert_eq!("RFC1630-URL".parse::<Grammar>().unwrap(), Grammar::Rfc1630Url);
/// assert_eq!("RFC3986".parse::<Grammar>().unwrap(), Grammar::Rfc3986);
/// assert_eq!("RFC3987".parse::<Grammar>().unwrap(), Grammar::Rfc3987);
/// assert_eq!("rfc6570".parse::<Grammar>().unwrap(), Grammar::Rfc6570);
/// assert!("rfc3988".parse::<Grammar>().is_err());
/// ```
impl FromStr for Grammar {
    type Err = LookupError;
    fn from_str(s: &str) -> Result<Grammar, LookupError> {
        Grammar::ALL
            .iter()
            .copied()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| LookupError::Grammar(s.to_string()))
    }
}

/// A place in a spec text: file, line and section, printed as `rfc2396.txt:1526 (section 2.4.1)`.
///
/// ```
/// use urigram::Grammar;
/// let c = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err().citation();
/// assert_eq!((c.file, c.line, c.section), ("rfc2396.txt", 1526, "2.4.1"));
/// assert_eq!(c, Grammar::Rfc2396.citation("escaped"));
/// assert_eq!(c.to_string(), "rfc2396.txt:1526 (section 2.4.1)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Citation {
    /// The RFC Editor plain-text file, `rfc2396.txt`.
    pub file: &'static str,
    /// The line of the production in that file.
    pub line: u32,
    /// The section of the spec that defines the production (`2.4.1`, `Appendix A` ...).
    pub section: &'static str,
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{} (section {})", self.file, self.line, self.section)
    }
}

/// A rule name that a grammar does not have, or a grammar name that does not exist.
///
/// ```
/// use urigram::{Grammar, LookupError};
/// let e = "rfc2369".parse::<Grammar>().unwrap_err();
/// assert_eq!(e, LookupError::Grammar("rfc2369".into()));
/// let e = Grammar::Rfc1738.rule("ftp-url").unwrap_err();
/// assert!(matches!(e, LookupError::Rule { closest: Some("ftpurl"), .. }));
/// assert_eq!(e.to_string(), "grammar rfc1738 has no rule \"ftp-url\"; did you mean \"ftpurl\"?");
/// // A name far from every rule's gets no suggestion.
/// assert!(matches!(Grammar::Rfc1738.rule("xyzzy"), Err(LookupError::Rule { closest: None, .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LookupError {
    /// No such grammar.
    #[error("unknown grammar {0:?}")]
    Grammar(String),
    /// The grammar has no such rule.
    #[error("grammar {grammar} has no rule {rule:?}{}", DidYouMean(*closest))]
    Rule {
        /// The grammar.
        grammar: crate::Grammar,
        /// The rule asked for.
        rule: String,
        /// The grammar's rule whose name is closest to the one asked for (ignoring case),
        /// when one is close: a typo or two away.
        closest: Option<&'static str>,
    },
}

/// `; did you mean "name"?`, or nothing.
struct DidYouMean(Option<&'static str>);

impl fmt::Display for DidYouMean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(r) => write!(f, "; did you mean {r:?}?"),
            None => Ok(()),
        }
    }
}
