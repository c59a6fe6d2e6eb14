//! Reading `grammar/*.bnf`: line grouping, the notations, prose values, corrections and
//! imports.
//!
//! A grammar file holds comment lines (`#`), `@grammar NAME` lines that start a named grammar,
//! and numbered lines `LINENO<TAB>text`, the text verbatim from the RFC. Lines without a
//! number (only in texts given to [`Grammar::parse`]) are numbered by their position.
//!
//! Notations, as the RFCs describe them:
//!
//! - RFC 822 (rfc822.txt section 2) and RFC 2396 (rfc2396.txt section 1.6): `name = body`,
//!   alternatives `/` (RFC 822) or `|` (RFC 2396), `( )` groups, `[ ]` optional parts,
//!   `<l>*<m>element` repetition, `<n>element` exact repetition, `"..."` literals, `<">` the
//!   double-quote character, `<prose>` values, `;` comments to the end of the line. A line
//!   that does not start with `name =` continues the rule above it.
//! - RFC 1738 (rfc1738.txt section 5): as RFC 2396, except that `<n>*[ x ]` is a repetition
//!   of `x` (n or more), not a repetition of an optional `x`, and whole-line `;` comments stand
//!   between rules.
//! - RFC 1630 ("BNF of Generic URI Syntax", rfc1630.txt:1210): `name body` with the name at
//!   the grammar's left margin and continuation lines indented further; `|` alternatives and
//!   `[ ]` optional parts; a word of more than one character is a rule (`space` and `vline`
//!   stand for the space and `|` characters); a single character stands for itself. A `[` or
//!   `]` that is a whole alternative on its own (`national`: `... | [ | ] | ...`) is the
//!   bracket character itself.
//!
//! - ABNF (RFC 2234, used by RFC 3986 Appendix A, rfc3986.txt:588-595): RFC 822's layout and
//!   `/` alternatives, with `%x41` values, `%x41-5A` ranges and `%x41.42` concatenations (and
//!   `%d`, `%b`), `n*m`, `n( )` and `nRULE` repetition, and case-insensitive quoted strings.
//!   A prose value that is a rule name (`0<pchar>`, rfc3986.txt:2769) stands for that rule.
//!   The core rules RFC 3986 uses are imported from RFC 2234 section 6.1 ([`IMPORTS`]).
//!
//! RFC 822 defines its quote-mark token like a rule, `<">  =  <ASCII quote mark>`
//! (rfc822.txt:721). The reader checks that definition and does not make it a rule: `<">` is a
//! token of the notation (it is one in RFC 1738 and RFC 2396 too), so nothing lists it.
//!
//! Literals are exact bytes in every notation but ABNF, including RFC 822's quoted strings
//! (rfc822.txt section 2.1 calls them case-insensitive; no literal reached by `addr-spec`
//! contains a letter, so this changes nothing here). ABNF's quoted strings are read as one
//! two-letter set per letter (RFC 2234 section 2.3: `"v"` matches `v` and `V`).

use std::collections::HashMap;

use super::BnfError;
use super::charset::CharSet;
use super::interp::{self, Cfg};

/// One of the BNF notations of the grammar texts: how [`Grammar::parse`] reads a text.
///
/// ```
/// use urigram::bnf::{Grammar, Notation};
/// assert_eq!(urigram::bnf::load("rfc1738")?.notation(), Notation::Rfc1738);
/// // The same rule in two notations: `|` or `/` between alternatives.
/// let bits = Grammar::parse("a", Notation::Rfc2396, "bit = \"0\" | \"1\"")?;
/// let abnf = Grammar::parse("b", Notation::Abnf, "bit = %x30 / \"1\"")?;
/// assert_eq!(bits.check("bit", "1")?, abnf.check("bit", "1")?);
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// RFC 822 section 2: `name = body`, alternatives separated by `/`.
    Rfc822,
    /// RFC 2396 section 1.6: RFC 822's notation with `|` for alternatives.
    Rfc2396,
    /// RFC 1738 section 5: as RFC 2396, but `<n>*[ x ]` repeats `x` n or more times.
    Rfc1738,
    /// RFC 1630: `name body`, single characters stand for themselves, words are rules.
    Rfc1630,
    /// ABNF (RFC 2234, RFC 3986 section 1.3): `/` alternatives, `%x41` values and `%x41-5A`
    /// ranges, `n*m` and `n( )` repetition, case-insensitive quoted strings.
    Abnf,
}

/// The right-hand side of a production, as read ([`Rule::expr`]).
///
/// ```
/// use urigram::bnf::Expr;
/// let g = urigram::bnf::load("rfc2396")?;
/// // port = *digit
/// let port = g.rule("port").unwrap().expr();
/// assert_eq!(*port, Expr::Repeat { min: 0, max: None, expr: Box::new(Expr::Rule("digit".into())) });
/// // scheme = alpha *( alpha | digit | "+" | "-" | "." ): a sequence.
/// assert!(matches!(g.rule("scheme").unwrap().expr(), Expr::Seq(_)));
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expr {
    /// Nothing: an empty body (RFC 1630's `void`) or an empty alternative.
    Empty,
    /// A literal: these exact characters, as UTF-8 bytes (case-sensitive).
    Literal(Vec<u8>),
    /// One character of a set, from a prose value such as `<any ASCII character>` or an ABNF
    /// range within ASCII (`%x41-5A`).
    Chars(CharSet),
    /// One character whose code point is in `lo..=hi`: an ABNF value or range above ASCII,
    /// read as code points (RFC 3987's `ucschar = %xA0-D7FF / ...`, rfc3987.txt:435; "Terminals
    /// in the ABNF are characters, not bytes", rfc3987.txt:359-361).
    ///
    /// ```
    /// use urigram::bnf::Expr;
    /// let g = urigram::bnf::load("rfc3987")?;
    /// let Expr::Alt(ranges) = g.rule("iprivate").unwrap().expr() else { panic!() };
    /// assert_eq!(ranges[0], Expr::Range('\u{E000}', '\u{F8FF}'));
    /// assert!(g.matches("iprivate", "\u{F8FF}")?);
    /// assert_eq!(g.check("iprivate", "\u{F900}")?, Err(0));
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    Range(char, char),
    /// A reference to the named rule.
    Rule(String),
    /// The parts in order.
    Seq(Vec<Expr>),
    /// Any one of the alternatives.
    Alt(Vec<Expr>),
    /// `[ x ]`: the part or nothing.
    Opt(Box<Expr>),
    /// `<min>*<max>x`: at least `min` and at most `max` (unbounded if `None`) times.
    Repeat {
        /// The least number of repetitions.
        min: u32,
        /// The greatest number of repetitions, if bounded.
        max: Option<u32>,
        /// What is repeated.
        expr: Box<Expr>,
    },
}

/// One production of a grammar, with its place and verbatim text in the spec.
///
/// ```
/// let g = urigram::bnf::load("rfc2396")?;
/// let port = g.rule("port").unwrap();
/// assert_eq!((port.name(), port.first_line(), port.last_line()), ("port", 1499, 1499));
/// assert_eq!(port.source().trim(), "port          = *digit"); // as printed, indent and all
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Rule {
    name: String,
    lines: Vec<(u32, String)>,
    expr: Expr,
    refs: Vec<(String, u32)>,
}

impl Rule {
    /// The rule's name as the spec spells it (`URI-reference`, `gopher+_string`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The spec line number of the production's first line.
    pub fn first_line(&self) -> u32 {
        self.lines.first().map_or(0, |l| l.0)
    }

    /// The spec line number of the production's last line (comment-only continuation lines
    /// included).
    pub fn last_line(&self) -> u32 {
        self.lines.last().map_or(0, |l| l.0)
    }

    /// The production exactly as printed: its lines from the grammar file (the text after
    /// the tab, as printed, before any [`Correction`]), joined with `'\n'`.
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc2396")?;
    /// assert_eq!(
    ///     g.rule("mark").unwrap().source(),
    ///     "      mark          = \"-\" | \"_\" | \".\" | \"!\" | \"~\" | \"*\" | \"'\" |\n\
    ///      \x20                     \"(\" | \")\""
    /// );
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn source(&self) -> String {
        let mut out = String::new();
        for (i, (_, text)) in self.lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(text);
        }
        out
    }

    /// The production's lines with their spec line numbers, as printed.
    pub fn source_lines(&self) -> impl ExactSizeIterator<Item = (u32, &str)> + '_ {
        self.lines.iter().map(|(n, t)| (*n, t.as_str()))
    }

    /// The right-hand side as read (after corrections).
    pub fn expr(&self) -> &Expr {
        &self.expr
    }
}

/// A correction of an evident defect in the printed grammar, applied by [`load`].
///
/// ```
/// let g = urigram::bnf::load("rfc1738")?;
/// let c = &g.corrections()[0];
/// assert_eq!((c.line, c.printed, c.corrected), (1001, "[ / [", "[ \"/\" ["));
/// // With the slash a literal, the gopher URL of section 3.4 is a member.
/// assert_eq!(g.check("gopherurl", "gopher://h:70/1sel")?, Ok(()));
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
///
/// The grammar files stay verbatim; the reader replaces `printed` by `corrected` in the one
/// line named, and fails if that line no longer contains `printed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Correction {
    /// The grammar (`rfc1738` ...).
    pub grammar: &'static str,
    /// The spec line number.
    pub line: u32,
    /// The text as printed.
    pub printed: &'static str,
    /// The text the reader uses instead.
    pub corrected: &'static str,
    /// Why.
    pub reason: &'static str,
}

/// Every correction [`load`] applies; a grammar lists its own with [`Grammar::corrections`].
pub(crate) const CORRECTIONS: &[Correction] = &[
    Correction {
        grammar: "rfc1738",
        line: 1001,
        printed: "[ / [",
        corrected: "[ \"/\" [",
        reason: "RFC 1738 erratum 5118 (verified): the slash of gopherurl is a literal \
                 (gopher://<host>:<port>/<gopher-path>, section 3.4); a bare / means nothing \
                 in the notation of section 5",
    },
    Correction {
        grammar: "rfc1630",
        line: 1246,
        printed: "xpalpha [ xpalpha ]",
        corrected: "xpalpha [ xpalphas ]",
        reason: "evident typo: every other plural rule is `x [ xs ]` (xalphas, line 1242), \
                 and the URL BNF prints the same rule as `xpalpha [ xpalphas ]` (line 1426); \
                 as printed, a path segment would hold at most two characters",
    },
    Correction {
        grammar: "rfc2732",
        line: 122,
        printed: "IPv6reference",
        corrected: "ipv6reference",
        reason: "RFC 2732 spells the rule `ipv6reference` where it defines it (line 123) and \
                 `IPv6reference` where host uses it (line 122): one rule (ABNF, the notation \
                 of the RFC 2373 productions RFC 2732 cites, has case-insensitive rule names, \
                 RFC 2234 section 2.1); the reader is case-sensitive and reads the use with \
                 the definition's spelling",
    },
];

/// A rule name a grammar uses but does not define, taken from another grammar by [`load`].
///
/// ```
/// let g = urigram::bnf::load("rfc3986")?;
/// let alpha = g.imports().iter().find(|i| i.name == "ALPHA").unwrap();
/// assert_eq!((alpha.from, alpha.rule), ("rfc2234", "ALPHA"));
/// assert_eq!(g.check("scheme", "svn+ssh")?, Ok(()));
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Import {
    /// The grammar that uses the name.
    pub grammar: &'static str,
    /// The name as used there.
    pub name: &'static str,
    /// The grammar that defines it.
    pub from: &'static str,
    /// The rule of `from` it stands for.
    pub rule: &'static str,
    /// Why.
    pub reason: &'static str,
}

/// Every import [`load`] resolves; a grammar lists its own with [`Grammar::imports`].
pub(crate) const IMPORTS: &[Import] = &[
    Import {
        grammar: "rfc3986",
        name: "ALPHA",
        from: "rfc2234",
        rule: "ALPHA",
        reason: "an ABNF core rule (rfc3986.txt:590-594: \"the following core ABNF syntax \
                 rules defined by that specification: ALPHA (letters)\"), RFC 2234 section \
                 6.1: %x41-5A / %x61-7A",
    },
    Import {
        grammar: "rfc3986",
        name: "DIGIT",
        from: "rfc2234",
        rule: "DIGIT",
        reason: "an ABNF core rule (rfc3986.txt:590-594: \"DIGIT (decimal digits)\"), RFC \
                 2234 section 6.1: %x30-39",
    },
    Import {
        grammar: "rfc3986",
        name: "HEXDIG",
        from: "rfc2234",
        rule: "HEXDIG",
        reason: "an ABNF core rule (rfc3986.txt:590-594: \"HEXDIG (hexadecimal digits)\"), \
                 RFC 2234 section 6.1: DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\", \
                 case-insensitive strings, so a to f too",
    },
    Import {
        grammar: "rfc3987",
        name: "ALPHA",
        from: "rfc2234",
        rule: "ALPHA",
        reason: "an ABNF core rule (\"The syntax of this ABNF is described in [RFC2234]\", \
                 rfc3987.txt:357-358), RFC 2234 section 6.1: %x41-5A / %x61-7A",
    },
    Import {
        grammar: "rfc3987",
        name: "DIGIT",
        from: "rfc2234",
        rule: "DIGIT",
        reason: "an ABNF core rule (rfc3987.txt:357-358), RFC 2234 section 6.1: %x30-39",
    },
    Import {
        grammar: "rfc3987",
        name: "HEXDIG",
        from: "rfc2234",
        rule: "HEXDIG",
        reason: "an ABNF core rule (rfc3987.txt:357-358), RFC 2234 section 6.1: DIGIT / \"A\" \
                 ... \"F\", case-insensitive strings, so a to f too",
    },
    Import {
        grammar: "rfc1630-url",
        name: "addr-spec",
        from: "rfc822",
        rule: "addr-spec",
        reason: "midaddress (rfc1630.txt:1324) names RFC 822's addr-spec, which RFC 1630 \
                 does not define (\"the same as addr-spec format\", rfc1630.txt:1073)",
    },
    Import {
        grammar: "rfc1630-url",
        name: "content-identifier",
        from: "rfc822",
        rule: "addr-spec",
        reason: "cidaddress (rfc1630.txt:1326) names content-identifier, which RFC 1630 does \
                 not define; cid: \"is similar to mid:\" (rfc1630.txt:1083), and a MIME \
                 content id has the form of an addr-spec",
    },
    Import {
        grammar: "rfc2732",
        name: "HEXDIG",
        from: "rfc2396",
        rule: "hex",
        reason: "hex4 (rfc2373-appendix-b.txt:13) uses ABNF's core rule HEXDIG, DIGIT / \"A\" \
                 ... \"F\" with ABNF's case-insensitive strings (RFC 2234 section 6.1): \
                 RFC 2396's hex, which lists \"a\" to \"f\" too",
    },
    Import {
        grammar: "rfc2732",
        name: "DIGIT",
        from: "rfc2396",
        rule: "digit",
        reason: "IPv4address (rfc2373-appendix-b.txt:7) uses ABNF's core rule DIGIT, %x30-39 \
                 (RFC 2234 section 6.1): RFC 2396's digit",
    },
];

struct Builtin {
    name: &'static str,
    text: &'static str,
    notation: Notation,
    start: &'static str,
    /// The grammar this one amends: its rules are the other's, each replaced by this text's
    /// rule of the same name, then this text's other rules.
    amends: Option<&'static str>,
}

const RFC2396_BNF: &str = include_str!("../../grammar/rfc2396.bnf");
const RFC1738_BNF: &str = include_str!("../../grammar/rfc1738.bnf");
const RFC1630_BNF: &str = include_str!("../../grammar/rfc1630.bnf");
const RFC822_BNF: &str = include_str!("../../grammar/rfc822.bnf");
const RFC2732_BNF: &str = include_str!("../../grammar/rfc2732.bnf");
const RFC3986_BNF: &str = include_str!("../../grammar/rfc3986.bnf");
const RFC3987_BNF: &str = include_str!("../../grammar/rfc3987.bnf");
const RFC6570_BNF: &str = include_str!("../../grammar/rfc6570.bnf");

/// The three core rules of ABNF that RFC 3986's Appendix A uses (ALPHA, DIGIT, HEXDIG; the
/// RFC names them in section 1.3, rfc3986.txt:590-594), as RFC 2234 section 6.1 defines them.
/// RFC 2234's text is not among the specs in the repository, so these lines are not line-cited;
/// `HEXDIG`'s quoted strings are case-insensitive, so it holds `a` to `f` too.
const RFC2234_CORE: &str = "\
ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
DIGIT          =  %x30-39             ; 0-9
HEXDIG         =  DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"
";

const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "rfc2396",
        text: RFC2396_BNF,
        notation: Notation::Rfc2396,
        start: "URI-reference",
        amends: None,
    },
    Builtin {
        name: "rfc1738",
        text: RFC1738_BNF,
        notation: Notation::Rfc1738,
        start: "url",
        amends: None,
    },
    Builtin {
        name: "rfc1630",
        text: RFC1630_BNF,
        notation: Notation::Rfc1630,
        start: "fragmentaddress",
        amends: None,
    },
    Builtin {
        name: "rfc1630-url",
        text: RFC1630_BNF,
        notation: Notation::Rfc1630,
        start: "url",
        amends: None,
    },
    Builtin {
        name: "rfc822",
        text: RFC822_BNF,
        notation: Notation::Rfc822,
        start: "addr-spec",
        amends: None,
    },
    Builtin {
        name: "rfc2732",
        text: RFC2732_BNF,
        notation: Notation::Rfc2396,
        start: "URI-reference",
        amends: Some("rfc2396"),
    },
    Builtin {
        name: "rfc3986",
        text: RFC3986_BNF,
        notation: Notation::Abnf,
        start: "URI-reference",
        amends: None,
    },
    Builtin {
        name: "rfc3987",
        text: RFC3987_BNF,
        notation: Notation::Abnf,
        start: "IRI-reference",
        amends: None,
    },
    Builtin {
        name: "rfc6570",
        text: RFC6570_BNF,
        notation: Notation::Abnf,
        start: "URI-Template",
        amends: None,
    },
    Builtin {
        name: "rfc2234",
        text: RFC2234_CORE,
        notation: Notation::Abnf,
        start: "ALPHA",
        amends: None,
    },
];

const NAMES: &[&str] = &[
    "rfc2396",
    "rfc1738",
    "rfc1630",
    "rfc1630-url",
    "rfc822",
    "rfc2732",
    "rfc3986",
    "rfc3987",
    "rfc6570",
];

/// The names of the built-in grammars, for [`load`].
///
/// ```
/// assert_eq!(
///     urigram::bnf::names(),
///     [
///         "rfc2396", "rfc1738", "rfc1630", "rfc1630-url", "rfc822", "rfc2732", "rfc3986",
///         "rfc3987", "rfc6570"
///     ]
/// );
/// // The core rules RFC 3986 imports load too, but are no grammar of their own:
/// assert!(urigram::bnf::load("rfc2234")?.matches("HEXDIG", "f")?);
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
pub fn names() -> &'static [&'static str] {
    NAMES
}

/// Reads, corrects, links and compiles a built-in grammar.
///
/// The texts are compiled into the library; nothing is read from disk. The grammar's
/// corrections and imports are applied ([`Grammar::corrections`], [`Grammar::imports`]).
///
/// ```
/// let g = urigram::bnf::load("rfc1738")?;
/// assert_eq!(g.start_rule(), "url");
/// assert!(g.matches("url", "ftp://x/y;type=d")?);
/// assert!(urigram::bnf::load("rfc9999").is_err());
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
pub fn load(name: &str) -> Result<Grammar, BnfError> {
    let Some(builtin) = BUILTINS.iter().find(|b| b.name == name) else {
        return Err(BnfError::new(
            name,
            None,
            format!(
                "no built-in grammar of that name (known: {})",
                NAMES.join(", ")
            ),
        ));
    };
    let mut corrections = Vec::new();
    let mut lines = corrected_lines(builtin, &mut corrections)?;
    if let Some(base) = builtin.amends {
        let Some(b) = BUILTINS.iter().find(|b| b.name == base) else {
            return Err(BnfError::new(
                name,
                None,
                format!("amends unknown `{base}`"),
            ));
        };
        let base_lines = corrected_lines(b, &mut corrections)?;
        lines = amended(name, builtin.notation, lines, b, base_lines)?;
    }
    let imports: Vec<Import> = IMPORTS
        .iter()
        .filter(|i| i.grammar == name)
        .copied()
        .collect();
    let mut foreign: Vec<Grammar> = Vec::new();
    for i in &imports {
        if !foreign.iter().any(|g| g.name == i.from) {
            if i.from == name {
                return Err(BnfError::new(
                    name,
                    None,
                    "a grammar cannot import from itself",
                ));
            }
            foreign.push(load(i.from)?);
        }
    }
    build(
        name,
        builtin.notation,
        &lines,
        builtin.start,
        imports,
        corrections,
        foreign,
    )
}

/// A built-in grammar's lines, with its [`CORRECTIONS`] applied (and added to `applied`).
fn corrected_lines(b: &Builtin, applied: &mut Vec<Correction>) -> Result<Vec<Line>, BnfError> {
    let name = b.name;
    let sections = split_sections(b.text, name)?;
    let Some((_, lines)) = sections.into_iter().find(|(n, _)| n == name) else {
        return Err(BnfError::new(
            name,
            None,
            "grammar file has no section of that name",
        ));
    };
    let mut lines = lines;
    for c in CORRECTIONS.iter().filter(|c| c.grammar == name) {
        let Some(line) = lines.iter_mut().find(|l| l.number == c.line) else {
            return Err(BnfError::new(
                name,
                Some(c.line),
                "correction names a missing line",
            ));
        };
        if !line.text.contains(c.printed) {
            return Err(BnfError::new(
                name,
                Some(c.line),
                format!("correction expects `{}` on this line", c.printed),
            ));
        }
        line.read = line.text.replacen(c.printed, c.corrected, 1);
        applied.push(*c);
    }
    Ok(lines)
}

/// The lines of `base`'s rules, each replaced by the rule of the same name in `own`, then
/// `own`'s other rules: a grammar that amends another.
fn amended(
    name: &str,
    notation: Notation,
    own: Vec<Line>,
    base: &Builtin,
    base_lines: Vec<Line>,
) -> Result<Vec<Line>, BnfError> {
    let own = group_rules(name, notation, &own)?;
    let mut used = vec![false; own.len()];
    let mut out = Vec::new();
    for r in group_rules(base.name, base.notation, &base_lines)? {
        match own.iter().position(|o| o.name == r.name) {
            Some(k) => {
                used[k] = true;
                out.extend(own[k].lines.iter().cloned());
            }
            None => out.extend(r.lines),
        }
    }
    for (o, used) in own.iter().zip(used) {
        if !used {
            out.extend(o.lines.iter().cloned());
        }
    }
    Ok(out)
}

/// A grammar: its rules in spec order, compiled for [`Grammar::check`] and
/// [`Grammar::generate`].
///
/// ```
/// let g = urigram::bnf::load("rfc2396")?;
/// assert_eq!((g.name(), g.start_rule()), ("rfc2396", "URI-reference"));
/// assert_eq!(g.rule_names().next(), Some("URI-reference"));
/// // Membership, and the first byte no continuation makes valid.
/// assert_eq!(g.check("hostname", "a.example.")?, Ok(()));
/// assert_eq!(g.check("hostname", "a.-example")?, Err(2));
/// assert!(g.matches("port", "")?);
/// // The urigram combinators give the same verdict and offset.
/// let e = urigram::Grammar::Rfc2396.check("hostname", "a.-example").unwrap_err();
/// assert_eq!(e.offset(), 2);
/// # Ok::<(), urigram::bnf::BnfError>(())
/// ```
pub struct Grammar {
    name: String,
    notation: Notation,
    rules: Vec<Rule>,
    by_name: HashMap<String, usize>,
    start: String,
    imports: Vec<Import>,
    corrections: Vec<Correction>,
    /// Rules of imported grammars, after the grammar's own in the compiled form.
    foreign: Vec<Grammar>,
    pub(crate) cfg: Cfg,
}

impl std::fmt::Debug for Grammar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Grammar")
            .field("name", &self.name)
            .field("notation", &self.notation)
            .field("rules", &self.rules.len())
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

impl Grammar {
    /// Reads one grammar from text in the grammar-file format (numbered or plain lines, `#`
    /// comments), with no corrections and no imports; the start rule is the first rule.
    ///
    /// ```
    /// use urigram::bnf::{Grammar, Notation};
    /// let g = Grammar::parse("demo", Notation::Rfc2396, "pair = digit \",\" digit\ndigit = \"0\" | \"1\"")?;
    /// assert_eq!(g.check("pair", "0,1")?, Ok(()));
    /// assert_eq!(g.check("pair", "0;1")?, Err(1));
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn parse(name: &str, notation: Notation, text: &str) -> Result<Grammar, BnfError> {
        let sections = split_sections(text, name)?;
        if sections.len() != 1 {
            return Err(BnfError::new(name, None, "expected exactly one grammar"));
        }
        let lines = &sections[0].1;
        let start = first_rule_name(name, notation, lines)?;
        build(
            name,
            notation,
            lines,
            &start,
            Vec::new(),
            Vec::new(),
            Vec::new(),
        )
    }

    /// The grammar's name (`rfc2396`, `rfc1630-url` ...).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The notation it is written in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The rules in spec order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The rule names in spec order (imported names are not listed; see
    /// [`Grammar::imports`]).
    pub fn rule_names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.rules.iter().map(|r| r.name.as_str())
    }

    /// The rule of that name, if the grammar defines one.
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.by_name.get(name).map(|&i| &self.rules[i])
    }

    /// The rule a whole URI is checked against: `URI-reference` (rfc2396), `url` (rfc1738,
    /// rfc1630-url), `fragmentaddress` (rfc1630), `addr-spec` (rfc822).
    pub fn start_rule(&self) -> &str {
        &self.start
    }

    /// The names this grammar takes from other grammars.
    ///
    /// ```
    /// // RFC 1630's URLs take RFC 822's addr-spec.
    /// let g = urigram::bnf::load("rfc1630-url")?;
    /// assert!(g.imports().iter().any(|i| i.from == "rfc822"));
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn imports(&self) -> &[Import] {
        &self.imports
    }

    /// The corrections applied while reading it.
    ///
    /// ```
    /// let g = urigram::bnf::load("rfc1630")?;
    /// assert!(g.corrections().iter().any(|c| c.line == 1246));
    /// # Ok::<(), urigram::bnf::BnfError>(())
    /// ```
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    /// The compiled nonterminal of a rule name: an own rule, or an imported name.
    pub(crate) fn nonterminal(&self, name: &str) -> Option<u32> {
        if let Some(&i) = self.by_name.get(name) {
            return u32::try_from(i).ok();
        }
        let import = self.imports.iter().find(|i| i.name == name)?;
        let mut offset = self.rules.len();
        for g in &self.foreign {
            if g.name == import.from {
                let i = *g.by_name.get(import.rule)?;
                return u32::try_from(offset + i).ok();
            }
            offset += g.rules.len();
        }
        None
    }

    pub(crate) fn unknown_rule(&self, name: &str) -> BnfError {
        BnfError::new(&self.name, None, format!("no rule named `{name}`"))
    }
}

/// One numbered line of a grammar file.
#[derive(Debug, Clone)]
struct Line {
    number: u32,
    /// Verbatim.
    text: String,
    /// What the reader reads: `text` after corrections.
    read: String,
}

type Sections = Vec<(String, Vec<Line>)>;

fn split_sections(text: &str, default: &str) -> Result<Sections, BnfError> {
    let mut sections: Sections = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let physical = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if raw.starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        if let Some(rest) = raw.strip_prefix("@grammar") {
            let name = rest.trim();
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(BnfError::new(default, Some(physical), "bad @grammar line"));
            }
            sections.push((name.to_owned(), Vec::new()));
            continue;
        }
        let (number, text) = match raw.split_once('\t') {
            Some((n, t)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                let n = n.parse::<u32>().map_err(|_| {
                    BnfError::new(default, Some(physical), "line number out of range")
                })?;
                (n, t)
            }
            _ => (physical, raw),
        };
        if is_page_break(text) || text.trim().is_empty() {
            continue;
        }
        if sections.is_empty() {
            sections.push((default.to_owned(), Vec::new()));
        }
        if let Some(last) = sections.last_mut() {
            last.1.push(Line {
                number,
                text: text.to_owned(),
                read: text.to_owned(),
            });
        }
    }
    Ok(sections)
}

/// Page furniture of the RFC texts: form feeds, `[Page N]` footers, `RFC NNNN` headers (and
/// RFC 822's `- N -` footers and running title).
fn is_page_break(text: &str) -> bool {
    let t = text.trim();
    if text.contains('\x0c') {
        return true;
    }
    if t.ends_with(']') && t.contains("[Page ") {
        return true;
    }
    if let Some(rest) = t.strip_prefix("RFC ")
        && rest.starts_with(|c: char| c.is_ascii_digit())
    {
        return true;
    }
    t.contains("RFC #822") || t == "Standard for ARPA Internet Text Messages"
}

/// A rule's lines before parsing: the name, its body text per line.
struct RawRule {
    name: String,
    indent: usize,
    lines: Vec<Line>,
    /// Per line: (line number, the part of the read text that is body).
    body: Vec<(u32, String)>,
}

fn indent_of(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'+')
}

/// `name =` at the start of a line (RFC 822 family): the name and the rest after `=`.
fn rule_head(text: &str) -> Option<(&str, &str)> {
    let t = text.trim_start_matches([' ', '\t']);
    let name_len = if t.starts_with("<\">") {
        3
    } else if t.starts_with(|c: char| c.is_ascii_alphabetic()) {
        t.bytes().take_while(|&b| is_name_byte(b)).count()
    } else {
        return None;
    };
    let (name, rest) = t.split_at(name_len);
    let rest = rest.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('=')?;
    Some((name, rest))
}

fn group_rules(
    grammar: &str,
    notation: Notation,
    lines: &[Line],
) -> Result<Vec<RawRule>, BnfError> {
    let mut rules: Vec<RawRule> = Vec::new();
    let mut open = false;
    let margin = lines.first().map_or(0, |l| indent_of(&l.read));
    for line in lines {
        let indent = indent_of(&line.read);
        let trimmed = line.read.trim_start_matches([' ', '\t']);
        if notation == Notation::Rfc1630 {
            if indent < margin {
                return Err(BnfError::new(
                    grammar,
                    Some(line.number),
                    "line starts left of the grammar's margin",
                ));
            }
            if indent == margin {
                let name_len = trimmed.len()
                    - trimmed
                        .trim_start_matches(|c: char| !c.is_whitespace())
                        .len();
                let (name, body) = trimmed.split_at(name_len);
                if !name.bytes().all(is_name_byte) || name.len() < 2 {
                    return Err(BnfError::new(
                        grammar,
                        Some(line.number),
                        format!("`{name}` is not a rule name"),
                    ));
                }
                rules.push(RawRule {
                    name: name.to_owned(),
                    indent,
                    lines: vec![line.clone()],
                    body: vec![(line.number, body.to_owned())],
                });
                open = true;
                continue;
            }
        } else {
            if trimmed.starts_with(';') {
                // A comment line: part of the rule above when indented under it (RFC 822's
                // comment columns), else a comment between rules.
                match rules.last_mut() {
                    Some(rule) if open && indent > rule.indent => rule.lines.push(line.clone()),
                    _ => open = false,
                }
                continue;
            }
            if let Some((name, body)) = rule_head(&line.read) {
                rules.push(RawRule {
                    name: name.to_owned(),
                    indent,
                    lines: vec![line.clone()],
                    body: vec![(line.number, body.to_owned())],
                });
                open = true;
                continue;
            }
        }
        match rules.last_mut() {
            Some(rule) if open && indent > rule.indent => {
                rule.lines.push(line.clone());
                rule.body.push((line.number, line.read.clone()));
            }
            _ => {
                return Err(BnfError::new(
                    grammar,
                    Some(line.number),
                    "line neither starts a rule nor continues one (continuation lines are \
                     indented further than the rule's name)",
                ));
            }
        }
    }
    Ok(rules)
}

fn first_rule_name(grammar: &str, notation: Notation, lines: &[Line]) -> Result<String, BnfError> {
    let rules = group_rules(grammar, notation, lines)?;
    rules
        .into_iter()
        .find(|r| r.name != "<\">")
        .map(|r| r.name)
        .ok_or_else(|| BnfError::new(grammar, None, "grammar has no rules"))
}

// ---------------------------------------------------------------------------------------------
// Prose values

/// RFC 822's `specials` (rfc822.txt:729-731).
const SPECIALS: CharSet = CharSet::of(b"()<>@,;:\\\".[]");
const CTLS: CharSet = CharSet::range(0, 31).union(CharSet::single(127));

/// The prose values of the grammar texts, keyed by their text with white space collapsed.
const PROSE: &[(&str, CharSet)] = &[
    // rfc2396.txt:541, 549
    ("US-ASCII coded characters 00-1F and 7F hexadecimal", CTLS),
    (
        "US-ASCII coded character 20 hexadecimal",
        CharSet::single(b' '),
    ),
    // rfc822.txt:710-721
    ("any ASCII character", CharSet::ASCII),
    (
        "any ASCII alphabetic character",
        CharSet::range(b'A', b'Z').union(CharSet::range(b'a', b'z')),
    ),
    ("any ASCII decimal digit", CharSet::range(b'0', b'9')),
    ("any ASCII control character and DEL", CTLS),
    ("ASCII CR, carriage return", CharSet::single(b'\r')),
    ("ASCII LF, linefeed", CharSet::single(b'\n')),
    ("ASCII SP, space", CharSet::single(b' ')),
    ("ASCII HT, horizontal-tab", CharSet::single(b'\t')),
    ("ASCII quote mark", CharSet::single(b'"')),
    // rfc822.txt:740 (atom)
    (
        "any CHAR except specials, SPACE and CTLs",
        CharSet::ASCII
            .minus(SPECIALS)
            .minus(CharSet::single(b' '))
            .minus(CTLS),
    ),
    // rfc822.txt:745-747 (qtext) and 761-763 (dtext). "Including linear-white-space" adds
    // nothing to the set: SPACE, HTAB and LF are already CHARs here, and the CR of a folding
    // CRLF is excluded, so a folded line cannot occur inside qtext or dtext as single
    // characters. Each is read as one character of the set.
    (
        "any CHAR excepting <\">, \"\\\" & CR, and including linear-white-space",
        CharSet::ASCII.minus(CharSet::of(b"\"\\\r")),
    ),
    (
        "any CHAR excluding \"[\", \"]\", \"\\\" & CR, & including linear-white-space",
        CharSet::ASCII.minus(CharSet::of(b"[]\\\r")),
    ),
];

fn prose_set(text: &str) -> Option<CharSet> {
    let key = text.split_whitespace().collect::<Vec<_>>().join(" ");
    PROSE.iter().find(|(k, _)| *k == key).map(|(_, s)| *s)
}

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Lit(Vec<u8>),
    /// An ABNF quoted string: case-insensitive (RFC 2234 section 2.3).
    NoCase(Vec<u8>),
    Set(CharSet),
    /// An ABNF value or range above ASCII: code points.
    Range(char, char),
    Open,
    Close,
    OptOpen,
    OptClose,
    Bar,
    Rep(u32, Option<u32>),
}

struct Lexer<'a> {
    grammar: &'a str,
    notation: Notation,
    toks: Vec<(Tok, u32)>,
    /// An open prose value: its text so far and its first line.
    prose: Option<(String, u32)>,
}

impl Lexer<'_> {
    fn err(&self, line: u32, msg: impl Into<String>) -> BnfError {
        BnfError::new(self.grammar, Some(line), msg)
    }

    /// RFC 822 family.
    fn line(&mut self, text: &str, line: u32) -> Result<(), BnfError> {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if let Some((prose, start)) = &mut self.prose {
                if b[i..].starts_with(b"<\">") {
                    prose.push_str("<\">");
                    i += 3;
                    continue;
                }
                match b[i] {
                    b'"' => {
                        let Some(len) = text[i + 1..].find('"') else {
                            return Err(self.err(line, "unterminated literal in prose value"));
                        };
                        prose.push_str(&text[i..i + len + 2]);
                        i += len + 2;
                    }
                    b';' => break,
                    b'>' => {
                        let tok = if let Some(set) = prose_set(prose) {
                            Tok::Set(set)
                        } else if self.notation == Notation::Abnf
                            && prose.starts_with(|c: char| c.is_ascii_alphabetic())
                            && prose.bytes().all(is_name_byte)
                        {
                            // RFC 3986's `path-empty = 0<pchar>` (rfc3986.txt:2769): a prose
                            // value that is a rule name stands for that rule. Any reading
                            // gives the same language under `0`, which repeats nothing.
                            Tok::Name(prose.clone())
                        } else {
                            let msg = format!("unknown prose value <{}>", prose.trim());
                            return Err(BnfError::new(self.grammar, Some(*start), msg));
                        };
                        self.toks.push((tok, *start));
                        self.prose = None;
                        i += 1;
                    }
                    _ => {
                        let Some(c) = text[i..].chars().next() else {
                            break;
                        };
                        prose.push(c);
                        i += c.len_utf8();
                    }
                }
                continue;
            }
            match b[i] {
                b' ' | b'\t' => i += 1,
                b';' => break,
                b'"' => {
                    let Some(len) = text[i + 1..].find('"') else {
                        return Err(self.err(line, "unterminated literal"));
                    };
                    let lit = b[i + 1..i + 1 + len].to_vec();
                    if !lit.is_ascii() {
                        return Err(self.err(line, "literal outside ASCII"));
                    }
                    let tok = if self.notation == Notation::Abnf {
                        Tok::NoCase(lit)
                    } else {
                        Tok::Lit(lit)
                    };
                    self.toks.push((tok, line));
                    i += len + 2;
                }
                b'<' => {
                    if b[i..].starts_with(b"<\">") {
                        self.toks.push((Tok::Lit(b"\"".to_vec()), line));
                        i += 3;
                    } else {
                        self.prose = Some((String::new(), line));
                        i += 1;
                    }
                }
                b'(' => self.push(Tok::Open, line, &mut i),
                b')' => self.push(Tok::Close, line, &mut i),
                b'[' => self.push(Tok::OptOpen, line, &mut i),
                b']' => self.push(Tok::OptClose, line, &mut i),
                b'|' if !self.slash_alternatives() => self.push(Tok::Bar, line, &mut i),
                b'/' if self.slash_alternatives() => self.push(Tok::Bar, line, &mut i),
                b'%' if self.notation == Notation::Abnf => {
                    let (tok, len) = num_val(&text[i + 1..])
                        .ok_or_else(|| self.err(line, "malformed `%` value"))?;
                    self.toks.push((tok, line));
                    i += 1 + len;
                }
                b'0'..=b'9' | b'*' => {
                    let digits = |i: &mut usize| -> Result<Option<u32>, BnfError> {
                        let start = *i;
                        while *i < b.len() && b[*i].is_ascii_digit() {
                            *i += 1;
                        }
                        if start == *i {
                            return Ok(None);
                        }
                        text[start..*i]
                            .parse::<u32>()
                            .map(Some)
                            .map_err(|_| self.err(line, "repetition count out of range"))
                    };
                    let min = digits(&mut i)?;
                    let tok = if i < b.len() && b[i] == b'*' {
                        i += 1;
                        let max = digits(&mut i)?;
                        Tok::Rep(min.unwrap_or(0), max)
                    } else {
                        let n = min.unwrap_or(0);
                        Tok::Rep(n, Some(n))
                    };
                    self.toks.push((tok, line));
                }
                c if c.is_ascii_alphabetic() => {
                    let start = i;
                    while i < b.len() && is_name_byte(b[i]) {
                        i += 1;
                    }
                    self.toks.push((Tok::Name(text[start..i].to_owned()), line));
                }
                _ => {
                    let c = text[i..].chars().next().unwrap_or('?');
                    let msg = if c == '/' || c == '|' {
                        format!("bare `{c}` is not an operator in this notation")
                    } else {
                        format!("unexpected character `{}`", c.escape_default())
                    };
                    return Err(self.err(line, msg));
                }
            }
        }
        if let Some((prose, _)) = &mut self.prose {
            prose.push(' ');
        }
        Ok(())
    }

    /// RFC 822 and ABNF separate alternatives with `/`, the others with `|`.
    fn slash_alternatives(&self) -> bool {
        matches!(self.notation, Notation::Rfc822 | Notation::Abnf)
    }

    fn push(&mut self, tok: Tok, line: u32, i: &mut usize) {
        self.toks.push((tok, line));
        *i += 1;
    }

    /// RFC 1630.
    fn line_1630(&mut self, text: &str, line: u32) -> Result<(), BnfError> {
        for chunk in text.split_whitespace() {
            let mut word = String::new();
            for c in chunk.chars() {
                let tok = match c {
                    '[' => Tok::OptOpen,
                    ']' => Tok::OptClose,
                    '|' => Tok::Bar,
                    _ => {
                        word.push(c);
                        continue;
                    }
                };
                self.word_1630(&mut word, line)?;
                self.toks.push((tok, line));
            }
            self.word_1630(&mut word, line)?;
        }
        Ok(())
    }

    fn word_1630(&mut self, word: &mut String, line: u32) -> Result<(), BnfError> {
        let tok = match word.as_str() {
            "" => return Ok(()),
            "space" => Tok::Lit(b" ".to_vec()),
            "vline" => Tok::Lit(b"|".to_vec()),
            w if w.len() == 1 && w.as_bytes()[0].is_ascii_graphic() => {
                Tok::Lit(w.as_bytes().to_vec())
            }
            w if w.bytes().all(is_name_byte) && w.len() > 1 => Tok::Name(w.to_owned()),
            w => {
                return Err(self.err(
                    line,
                    format!("`{w}` is neither a single character nor a rule name"),
                ));
            }
        };
        word.clear();
        self.toks.push((tok, line));
        Ok(())
    }
}

/// An ABNF `num-val` after its `%` (RFC 2234 section 2.3 and 3.4): `x41`, `x41-5A`,
/// `x41.42`, and the same with `d` (decimal) and `b` (binary). The token and the length read.
///
/// Values are characters (RFC 3987 section 2.2: "Terminals in the ABNF are characters, not
/// bytes", rfc3987.txt:359-361): a range within ASCII is a [`CharSet`] as before, a value or
/// range above ASCII is a range of code points ([`Expr::Range`]), and a concatenation holds the
/// characters' UTF-8 bytes. A value that is no character (a surrogate, or above 10FFFF) is
/// malformed.
fn num_val(text: &str) -> Option<(Tok, usize)> {
    let b = text.as_bytes();
    let radix = match b.first()? {
        b'x' | b'X' => 16,
        b'd' | b'D' => 10,
        b'b' | b'B' => 2,
        _ => return None,
    };
    let mut i = 1;
    let number = |i: &mut usize| -> Option<char> {
        let start = *i;
        while *i < b.len() && (b[*i] as char).is_digit(radix) {
            *i += 1;
        }
        char::from_u32(u32::from_str_radix(text.get(start..*i)?, radix).ok()?)
    };
    let first = number(&mut i)?;
    match b.get(i) {
        Some(b'-') => {
            i += 1;
            let last = number(&mut i)?;
            if first > last {
                None
            } else if last.is_ascii() {
                Some((Tok::Set(CharSet::range(first as u8, last as u8)), i))
            } else {
                Some((Tok::Range(first, last), i))
            }
        }
        Some(b'.') => {
            let mut text = String::from(first);
            while b.get(i) == Some(&b'.') {
                i += 1;
                text.push(number(&mut i)?);
            }
            Some((Tok::Lit(text.into_bytes()), i))
        }
        _ if first.is_ascii() => Some((Tok::Lit(vec![first as u8]), i)),
        _ => Some((Tok::Range(first, first), i)),
    }
}

/// A case-insensitive string: each letter either case (RFC 2234 section 2.3: `"abc"` matches
/// `abc`, `Abc`, `aBc` ...), every other character itself.
fn no_case(lit: &[u8]) -> Expr {
    let mut parts: Vec<Expr> = Vec::new();
    for &c in lit {
        if c.is_ascii_alphabetic() {
            let pair = [c.to_ascii_lowercase(), c.to_ascii_uppercase()];
            parts.push(Expr::Chars(CharSet::of(&pair)));
        } else if let Some(Expr::Literal(run)) = parts.last_mut() {
            run.push(c);
        } else {
            parts.push(Expr::Literal(vec![c]));
        }
    }
    match parts.len() {
        1 => parts.swap_remove(0),
        _ => Expr::Seq(parts),
    }
}

// ---------------------------------------------------------------------------------------------
// Parser

struct Parser<'a> {
    grammar: &'a str,
    notation: Notation,
    toks: &'a [(Tok, u32)],
    pos: usize,
    last_line: u32,
    refs: Vec<(String, u32)>,
    /// Open groups, options and repetitions: bounded, so no text can exhaust the stack.
    depth: usize,
}

/// The deepest nesting of `( )` and `[ ]` the reader accepts (the RFCs use at most 5).
const MAX_DEPTH: usize = 64;

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }

    fn line(&self) -> u32 {
        self.toks.get(self.pos).map_or(self.last_line, |t| t.1)
    }

    fn err(&self, msg: impl Into<String>) -> BnfError {
        BnfError::new(self.grammar, Some(self.line()), msg)
    }

    fn alt(&mut self) -> Result<Expr, BnfError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err("brackets nested too deep"));
        }
        let alt = self.alt_inner();
        self.depth -= 1;
        alt
    }

    fn alt_inner(&mut self) -> Result<Expr, BnfError> {
        let mut alts = vec![self.seq()?];
        while self.peek() == Some(&Tok::Bar) {
            self.pos += 1;
            alts.push(self.seq()?);
        }
        Ok(if alts.len() == 1 {
            alts.swap_remove(0)
        } else {
            Expr::Alt(alts)
        })
    }

    fn seq(&mut self) -> Result<Expr, BnfError> {
        let mut items = Vec::new();
        while !matches!(
            self.peek(),
            None | Some(Tok::Bar | Tok::Close | Tok::OptClose)
        ) {
            items.push(self.item()?);
        }
        Ok(match items.len() {
            0 => Expr::Empty,
            1 => items.swap_remove(0),
            _ => Expr::Seq(items),
        })
    }

    fn item(&mut self) -> Result<Expr, BnfError> {
        let Some(&Tok::Rep(min, max)) = self.peek() else {
            return self.element();
        };
        self.pos += 1;
        if max.is_some_and(|m| m < min) {
            return Err(self.err("repetition maximum below its minimum"));
        }
        let expr = if self.notation == Notation::Rfc1738 && self.peek() == Some(&Tok::OptOpen) {
            // RFC 1738: `<n>*[ x ]` is n or more of x.
            self.pos += 1;
            let e = self.alt()?;
            self.expect(&Tok::OptClose, "`]`")?;
            e
        } else {
            self.element()?
        };
        Ok(Expr::Repeat {
            min,
            max,
            expr: Box::new(expr),
        })
    }

    fn expect(&mut self, tok: &Tok, what: &str) -> Result<(), BnfError> {
        if self.peek() == Some(tok) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected {what}")))
        }
    }

    fn element(&mut self) -> Result<Expr, BnfError> {
        let line = self.line();
        let Some(tok) = self.peek().cloned() else {
            return Err(self.err("expected an element at the end of the rule"));
        };
        self.pos += 1;
        Ok(match tok {
            Tok::Name(n) => {
                self.refs.push((n.clone(), line));
                Expr::Rule(n)
            }
            Tok::Lit(l) | Tok::NoCase(l) if l.is_empty() => Expr::Empty,
            Tok::Lit(l) => Expr::Literal(l),
            Tok::NoCase(l) => no_case(&l),
            Tok::Set(s) => Expr::Chars(s),
            Tok::Range(lo, hi) => Expr::Range(lo, hi),
            Tok::Open => {
                let e = self.alt()?;
                self.expect(&Tok::Close, "`)`")?;
                e
            }
            Tok::OptOpen => {
                let e = self.alt()?;
                self.expect(&Tok::OptClose, "`]`")?;
                Expr::Opt(Box::new(e))
            }
            Tok::Rep(..) => {
                return Err(BnfError::new(
                    self.grammar,
                    Some(line),
                    "repetition of a repetition",
                ));
            }
            Tok::Close | Tok::OptClose | Tok::Bar => {
                return Err(BnfError::new(
                    self.grammar,
                    Some(line),
                    "expected an element",
                ));
            }
        })
    }
}

fn parse_rule(
    grammar: &str,
    notation: Notation,
    raw: &RawRule,
) -> Result<(Expr, Vec<(String, u32)>), BnfError> {
    let mut lexer = Lexer {
        grammar,
        notation,
        toks: Vec::new(),
        prose: None,
    };
    for (number, text) in &raw.body {
        if notation == Notation::Rfc1630 {
            lexer.line_1630(text, *number)?;
        } else {
            lexer.line(text, *number)?;
        }
    }
    if let Some((_, start)) = lexer.prose {
        return Err(BnfError::new(
            grammar,
            Some(start),
            "unterminated prose value",
        ));
    }
    let mut toks = lexer.toks;
    if notation == Notation::Rfc1630 {
        // A bracket that is a whole alternative is the character itself (`national`).
        let bar = |t: Option<&(Tok, u32)>| t.is_none_or(|t| t.0 == Tok::Bar);
        for i in 0..toks.len() {
            let literal = match toks[i].0 {
                Tok::OptOpen => b'[',
                Tok::OptClose => b']',
                _ => continue,
            };
            if bar(i.checked_sub(1).and_then(|p| toks.get(p))) && bar(toks.get(i + 1)) {
                toks[i].0 = Tok::Lit(vec![literal]);
            }
        }
    }
    let mut parser = Parser {
        grammar,
        notation,
        toks: &toks,
        pos: 0,
        last_line: raw.lines.last().map_or(0, |l| l.number),
        refs: Vec::new(),
        depth: 0,
    };
    let expr = parser.alt()?;
    if parser.pos < toks.len() {
        return Err(parser.err("unbalanced `)` or `]`"));
    }
    Ok((expr, parser.refs))
}

fn build(
    name: &str,
    notation: Notation,
    lines: &[Line],
    start: &str,
    imports: Vec<Import>,
    corrections: Vec<Correction>,
    foreign: Vec<Grammar>,
) -> Result<Grammar, BnfError> {
    let raw = group_rules(name, notation, lines)?;
    let mut rules: Vec<Rule> = Vec::new();
    let mut by_name = HashMap::new();
    for r in &raw {
        let (expr, refs) = parse_rule(name, notation, r)?;
        if r.name == "<\">" {
            // RFC 822 defines its quote-mark token like a rule (rfc822.txt:721). It is the
            // token `<">` everywhere, not a rule anything names: check and drop it.
            if expr != Expr::Chars(CharSet::single(b'"')) {
                return Err(BnfError::new(
                    name,
                    Some(r.lines[0].number),
                    "`<\">` must be the quote mark",
                ));
            }
            continue;
        }
        if by_name.insert(r.name.clone(), rules.len()).is_some() {
            return Err(BnfError::new(
                name,
                Some(r.lines[0].number),
                format!("rule `{}` defined twice", r.name),
            ));
        }
        rules.push(Rule {
            name: r.name.clone(),
            lines: r.lines.iter().map(|l| (l.number, l.text.clone())).collect(),
            expr,
            refs,
        });
    }
    if !by_name.contains_key(start) {
        return Err(BnfError::new(
            name,
            None,
            format!("no start rule `{start}`"),
        ));
    }
    for rule in &rules {
        for (r, line) in &rule.refs {
            if !by_name.contains_key(r) && !imports.iter().any(|i| i.name == r) {
                return Err(BnfError::new(
                    name,
                    Some(*line),
                    format!("`{}` refers to `{r}`, which is not defined", rule.name),
                ));
            }
        }
    }
    let mut grammar = Grammar {
        name: name.to_owned(),
        notation,
        rules,
        by_name,
        start: start.to_owned(),
        imports,
        corrections,
        foreign,
        cfg: Cfg::default(),
    };
    grammar.cfg = compile(&grammar)?;
    Ok(grammar)
}

/// Compiles the grammar and its imports into one context-free grammar whose nonterminal `i` is
/// the grammar's rule `i`, followed by the rules of each imported grammar.
fn compile(g: &Grammar) -> Result<Cfg, BnfError> {
    let mut all: Vec<(&Rule, usize)> = g.rules.iter().map(|r| (r, 0)).collect();
    let mut offsets = vec![0usize];
    for (k, f) in g.foreign.iter().enumerate() {
        offsets.push(all.len());
        all.extend(f.rules.iter().map(|r| (r, k + 1)));
    }
    let resolve = |group: usize, name: &str| -> Option<u32> {
        let index = if group == 0 {
            g.nonterminal(name)? as usize
        } else {
            let f = g.foreign.get(group - 1)?;
            offsets[group] + *f.by_name.get(name)?
        };
        u32::try_from(index).ok()
    };
    let exprs: Vec<(&Expr, usize)> = all.iter().map(|(r, k)| (&r.expr, *k)).collect();
    match interp::compile(&exprs, resolve) {
        Ok(cfg) => Ok(cfg),
        Err(interp::CompileError::Unresolved(i, name)) => {
            let rule = all.get(i).map(|r| r.0);
            Err(BnfError::new(
                &g.name,
                rule.map(Rule::first_line),
                format!("unresolved reference to `{name}`"),
            ))
        }
        Err(interp::CompileError::Unproductive(i)) => {
            let rule = all.get(i).map(|r| r.0);
            Err(BnfError::new(
                &g.name,
                rule.map(Rule::first_line),
                format!(
                    "rule `{}` derives no finite string",
                    rule.map_or("?", |r| r.name.as_str())
                ),
            ))
        }
        Err(interp::CompileError::TooLarge) => Err(BnfError::new(
            &g.name,
            None,
            "grammar too large to compile (repetition counts?)",
        )),
    }
}
