//! What a check takes: a rule by name or looked up once ([`RuleRef`]), and the input as text
//! or bytes ([`CheckInput`]). Sealed traits, below the checks (`grammar/mod.rs`) and the
//! locator (`grammar/locate.rs`) that both read them.

use super::names::{Grammar, LookupError, Rule};

pub(super) mod sealed {
    /// [`super::RuleRef`]'s lookup.
    pub trait RuleRef<'r> {
        fn resolve(self, g: super::Grammar) -> Result<&'r super::Rule, super::LookupError>;
        /// Whether this names `start`, `g`'s start rule, without a lookup.
        fn is_start(&self, g: super::Grammar, start: &'static super::Rule) -> bool;
    }

    /// [`super::CheckInput`]'s reading: the text, or bytes that are not UTF-8.
    pub trait CheckInput {
        fn text(&self) -> Result<&str, &[u8]>;
    }
}

/// A production to check against ([`Grammar::check`], [`Grammar::locate`] ...): its spec name
/// (`&str`, `&String`), looked up in the grammar at each call, or a [`Rule`] looked up once
/// with [`Grammar::rule`], for a program that checks many inputs against one rule. A `Rule`
/// of another grammar is checked as that grammar's production, with this grammar's citations
/// and help.
///
/// ```
/// use urigram::Grammar;
/// let g = Grammar::Rfc2396;
/// let by_name = String::from("IPv4address");
/// let rule = g.rule("IPv4address").unwrap();
/// // A `&str`, a `&String` and a `&Rule` name the same production.
/// assert!(g.check("IPv4address", "10.0.0.1").is_ok());
/// assert!(g.check(&by_name, "10.0.0.1").is_ok());
/// assert!(g.check(rule, "10.0.0.1").is_ok());
/// ```
pub trait RuleRef<'r>: sealed::RuleRef<'r> {}

impl<'r> sealed::RuleRef<'r> for &'r Rule {
    #[inline]
    fn resolve(self, _: Grammar) -> Result<&'r Rule, LookupError> {
        Ok(self)
    }
    #[inline(always)]
    fn is_start(&self, _: Grammar, start: &'static Rule) -> bool {
        // The registry's own entry: a rule of another grammar is checked as that grammar's.
        std::ptr::eq(*self, start)
    }
}
impl<'r> RuleRef<'r> for &'r Rule {}

impl<'r> sealed::RuleRef<'r> for &str {
    #[inline]
    fn resolve(self, g: Grammar) -> Result<&'r Rule, LookupError> {
        g.rule(self)
    }
    #[inline(always)]
    fn is_start(&self, g: Grammar, _: &'static Rule) -> bool {
        // `start_rule` of a constant grammar is a literal: the comparison is two word loads,
        // or none when the name is a literal too.
        **self == *g.start_rule()
    }
}
impl<'r> RuleRef<'r> for &str {}

impl<'r> sealed::RuleRef<'r> for &String {
    #[inline]
    fn resolve(self, g: Grammar) -> Result<&'r Rule, LookupError> {
        g.rule(self)
    }
    #[inline(always)]
    fn is_start(&self, g: Grammar, _: &'static Rule) -> bool {
        // `start_rule` of a constant grammar is a literal: the comparison is two word loads,
        // or none when the name is a literal too.
        self.as_str() == g.start_rule()
    }
}
impl<'r> RuleRef<'r> for &String {}

impl<'r, T: RuleRef<'r> + Copy> sealed::RuleRef<'r> for &T {
    #[inline]
    fn resolve(self, g: Grammar) -> Result<&'r Rule, LookupError> {
        (*self).resolve(g)
    }
    #[inline(always)]
    fn is_start(&self, g: Grammar, start: &'static Rule) -> bool {
        (**self).is_start(g, start)
    }
}
impl<'r, T: RuleRef<'r> + Copy> RuleRef<'r> for &T {}

/// What [`Grammar::check`] and [`Grammar::locate`] read: text (`str`, `String`, `Cow<str>`) or raw bytes
/// (`[u8]`, `Vec<u8>`, `[u8; N]`), whose bytes that are not UTF-8 are rejected at the first
/// one.
///
/// ```
/// use urigram::Grammar;
/// let g = Grammar::Rfc2396;
/// assert!(g.check("URI-reference", "http://a/b").is_ok());
/// assert!(g.check("URI-reference", &String::from("http://a/b")).is_ok());
/// assert!(g.check("URI-reference", b"http://a/b").is_ok());
/// assert!(g.check("URI-reference", &b"http://a/b".to_vec()).is_ok());
/// // The first byte that is not UTF-8 is where bytes stop being valid.
/// assert_eq!(g.check("URI-reference", b"http://a/\xC3(").unwrap_err().offset(), 9);
/// ```
pub trait CheckInput: sealed::CheckInput {}

impl sealed::CheckInput for str {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        Ok(self)
    }
}
impl CheckInput for str {}

impl sealed::CheckInput for String {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        Ok(self)
    }
}
impl CheckInput for String {}

impl sealed::CheckInput for std::borrow::Cow<'_, str> {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        Ok(self)
    }
}
impl CheckInput for std::borrow::Cow<'_, str> {}

impl sealed::CheckInput for [u8] {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        std::str::from_utf8(self).map_err(|_| self)
    }
}
impl CheckInput for [u8] {}

impl sealed::CheckInput for Vec<u8> {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        self.as_slice().text()
    }
}
impl CheckInput for Vec<u8> {}

impl<const N: usize> sealed::CheckInput for [u8; N] {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        self.as_slice().text()
    }
}
impl<const N: usize> CheckInput for [u8; N] {}

impl<T: CheckInput + ?Sized> sealed::CheckInput for &T {
    #[inline]
    fn text(&self) -> Result<&str, &[u8]> {
        (**self).text()
    }
}
impl<T: CheckInput + ?Sized> CheckInput for &T {}
