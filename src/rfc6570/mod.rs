//! RFC 6570, "URI Template": templates read by the grammar (section 2,
//! [`Grammar::Rfc6570`]) and expanded by section 3, levels 1 to 4.
//!
//! [`Template::parse`] checks a template by the grammar and reads its parts without copying
//! (`Template<'a>` borrows the text; [`Template::into_owned`] or [`Template::parse_owned`]
//! gives a `Template<'static>`, [`TemplateBuf`]). [`Template::expand`] expands it with
//! [`Value`]s (a string, a list, an associative array) found by name in any [`Variables`] (a
//! `HashMap`, a `BTreeMap`, a slice of pairs). [`Template::variables`] lists the names it uses.
//!
//! ```
//! use urigram::rfc6570::{Template, Value};
//! let t = Template::parse("http://example.com/search{?q,lang}")?;
//! let vars = [("q", Value::from("cat & dog")), ("lang", Value::from("en"))];
//! assert_eq!(t.expand(&vars)?, "http://example.com/search?q=cat%20%26%20dog&lang=en");
//! assert_eq!(t.variables().collect::<Vec<_>>(), ["q", "lang"]);
//!
//! // A grammar error: where the template stops being one.
//! let e = Template::parse("{a..b}").unwrap_err();
//! assert_eq!((e.offset(), e.rule()), (3, "varchar"));
//!
//! // An expansion error: a prefix of a list (section 2.4.1), at the prefix.
//! let t = Template::parse("{list:1}")?;
//! let e = t.expand(&[("list", Value::from(["a", "b"]))]).unwrap_err();
//! assert_eq!((e.offset(), e.rule()), (5, "prefix"));
//! # Ok::<(), urigram::Error>(())
//! ```
//!
//! What is an error, and where (rfc6570.txt:970-984): a template that the grammar rejects is
//! no template ([`Template::parse`] fails, at the byte where it stops being one). An expression
//! with an operator reserved for future extensions (`=`, `,`, `!`, `@`, `|`, section 2.2), and
//! a prefix modifier on a list or an associative array (section 2.4.1), are valid syntax that
//! no expansion can carry out: [`Template::expand`] fails, at the operator or the prefix.

mod expand;
mod value;

pub use value::{Value, Variables};

use std::borrow::Cow;

use crate::error::Error;
use crate::grammar::Grammar;

/// A URI Template that the grammar accepts, read into its parts. `Template<'a>` borrows the
/// text; [`TemplateBuf`] owns it.
///
/// ```
/// use urigram::rfc6570::{Template, TemplateBuf};
/// let t = Template::parse("/users/{id}{?fields*}")?;
/// assert_eq!(t.as_str(), "/users/{id}{?fields*}");
/// assert_eq!(t.expressions().count(), 2);
/// let owned: TemplateBuf = t.into_owned();
/// assert_eq!(owned.variables().collect::<Vec<_>>(), ["id", "fields"]);
/// # Ok::<(), urigram::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template<'a> {
    text: Cow<'a, str>,
    parts: Vec<Part>,
}

/// A template that owns its text.
pub type TemplateBuf = Template<'static>;

/// A part of a template: literal text, or an expression. Ranges are byte offsets into
/// [`Template::as_str`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    /// Literal text (section 2.1).
    Literal(std::ops::Range<usize>),
    /// An expression (section 2.2).
    Expression(Expression),
}

/// An expression of a template: `{`, an optional operator, the variables, `}`.
///
/// ```
/// use urigram::rfc6570::{Modifier, Operator, Template};
/// let t = Template::parse("x{?list*,path:4}")?;
/// let e = t.expressions().next().unwrap();
/// assert_eq!(e.operator(), Operator::Query);
/// assert_eq!(e.span(), 1..16);
/// let specs: Vec<_> = e.varspecs().iter().map(|v| (v.name(t.as_str()), v.modifier())).collect();
/// assert_eq!(specs, [("list", Modifier::Explode), ("path", Modifier::Prefix(4))]);
/// # Ok::<(), urigram::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expression {
    span: std::ops::Range<usize>,
    operator: Operator,
    varspecs: Vec<VarSpec>,
}

impl Expression {
    /// The bytes of the expression, `{` to `}` inclusive.
    pub fn span(&self) -> std::ops::Range<usize> {
        self.span.clone()
    }

    /// The operator (section 2.2).
    pub fn operator(&self) -> Operator {
        self.operator
    }

    /// The variable specifiers, in order (section 2.3).
    pub fn varspecs(&self) -> &[VarSpec] {
        &self.varspecs
    }
}

/// A variable specifier: a name and its modifier (section 2.3, 2.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VarSpec {
    name: std::ops::Range<usize>,
    modifier: Modifier,
    /// Where the modifier starts (its `:` or `*`), or the name's end.
    modifier_at: usize,
}

impl VarSpec {
    /// The variable's name, read from the template's text.
    pub fn name<'t>(&self, template: &'t str) -> &'t str {
        template.get(self.name.clone()).unwrap_or_default()
    }

    /// The name's bytes in the template.
    pub fn name_span(&self) -> std::ops::Range<usize> {
        self.name.clone()
    }

    /// The modifier.
    pub fn modifier(&self) -> Modifier {
        self.modifier
    }
}

/// A value modifier (section 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modifier {
    /// None.
    None,
    /// `:n`, a prefix of at most `n` characters, 1 to 9999 (section 2.4.1).
    Prefix(u16),
    /// `*`, explode (section 2.4.2).
    Explode,
}

/// An expression's operator (section 2.2), which decides its expansion (section 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Operator {
    /// No operator: simple string expansion (section 3.2.2).
    Simple,
    /// `+`: reserved expansion (section 3.2.3).
    Reserved,
    /// `#`: fragment expansion (section 3.2.4).
    Fragment,
    /// `.`: label expansion with dot prefix (section 3.2.5).
    Label,
    /// `/`: path segment expansion (section 3.2.6).
    Path,
    /// `;`: path-style parameter expansion (section 3.2.7).
    PathParameter,
    /// `?`: form-style query expansion (section 3.2.8).
    Query,
    /// `&`: form-style query continuation (section 3.2.9).
    QueryContinuation,
    /// `=`, `,`, `!`, `@` or `|`: reserved for future extensions (`op-reserve`,
    /// rfc6570.txt:755-756). In the grammar; an error at expansion.
    Reserve(char),
}

impl Operator {
    fn of(c: u8) -> Option<Operator> {
        Some(match c {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParameter,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            b'=' | b',' | b'!' | b'@' | b'|' => Operator::Reserve(char::from(c)),
            _ => return None,
        })
    }
}

impl<'a> Template<'a> {
    /// Read `text` as a `URI-Template` (rfc6570.txt:685). A text the grammar rejects is an
    /// [`Error`] at the byte where it stops being a template, as
    /// [`Grammar::check`] gives it. Borrows the text.
    pub fn parse(text: &'a str) -> Result<Template<'a>, Error> {
        Grammar::Rfc6570.check("URI-Template", text)?;
        Ok(Template {
            parts: parts(text),
            text: Cow::Borrowed(text),
        })
    }

    /// [`Template::parse`] of an owned text.
    pub fn parse_owned(text: String) -> Result<TemplateBuf, Error> {
        Grammar::Rfc6570.check("URI-Template", text.as_str())?;
        Ok(Template {
            parts: parts(&text),
            text: Cow::Owned(text),
        })
    }

    /// The template's text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The same template, owning its text.
    pub fn into_owned(self) -> TemplateBuf {
        Template {
            text: Cow::Owned(self.text.into_owned()),
            parts: self.parts,
        }
    }

    /// The expressions, in order.
    pub fn expressions(&self) -> impl Iterator<Item = &Expression> {
        self.parts.iter().filter_map(|p| match p {
            Part::Expression(e) => Some(e),
            Part::Literal(_) => None,
        })
    }

    /// The names of the variables the template uses, each once, in the order of first use.
    pub fn variables(&self) -> impl Iterator<Item = &str> {
        let text = self.as_str();
        let mut seen: Vec<&str> = Vec::new();
        for e in self.expressions() {
            for v in &e.varspecs {
                let n = v.name(text);
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.into_iter()
    }

    /// Expand the template with `vars` (section 3): literals copied or pct-encoded (section
    /// 3.1), each expression replaced by its operator's expansion of its variables' values
    /// (section 3.2). An expression the template processor cannot expand (an operator reserved
    /// for future extensions, a prefix of a composite value) is an [`Error`] at the operator or
    /// the prefix, naming the production and citing the section.
    pub fn expand(&self, vars: &(impl Variables + ?Sized)) -> Result<String, Error> {
        expand::expand(self, vars)
    }
}

/// The parts of `text`, a `URI-Template`: literal runs and expressions. The grammar has
/// accepted `text`, so every `{` opens an expression that the next `}` closes, each holds an
/// optional operator and `,`-separated varspecs, and a `:` or `*` ends a name.
fn parts(text: &str) -> Vec<Part> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut n = 0;
    while n < b.len() {
        let open = b[n..]
            .iter()
            .position(|&c| c == b'{')
            .map_or(b.len(), |k| n + k);
        if open > n {
            out.push(Part::Literal(n..open));
        }
        if open == b.len() {
            break;
        }
        let close = b[open..]
            .iter()
            .position(|&c| c == b'}')
            .map_or(b.len(), |k| open + k);
        let mut at = open + 1;
        let operator = match b.get(at).copied().and_then(Operator::of) {
            Some(op) => {
                at += 1;
                op
            }
            None => Operator::Simple,
        };
        let mut varspecs = Vec::new();
        for spec in text.get(at..close).unwrap_or_default().split(',') {
            let end = at + spec.len();
            let name_end = spec.find([':', '*']).map_or(end, |k| at + k);
            let modifier = match spec.as_bytes().get(name_end - at) {
                Some(b'*') => Modifier::Explode,
                Some(b':') => Modifier::Prefix(spec[name_end - at + 1..].parse().unwrap_or(1)),
                _ => Modifier::None,
            };
            varspecs.push(VarSpec {
                name: at..name_end,
                modifier,
                modifier_at: name_end,
            });
            at = end + 1;
        }
        out.push(Part::Expression(Expression {
            span: open..close + 1,
            operator,
            varspecs,
        }));
        n = close + 1;
    }
    out
}
