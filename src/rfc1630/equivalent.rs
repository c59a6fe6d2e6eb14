//! When two parsed RFC 1630 values are the same URI: `equivalent`, a method on each value and
//! its owned form, as on RFC 2396's and RFC 3986's references.
//!
//! RFC 1630 has one rule for comparing URIs, in section "Encoding reserved characters": "Before
//! two URIs can be compared, it is therefore necessary to bring them to the same encoding
//! level" (rfc1630.txt:441-442), where a character that is not reserved may be written plainly
//! or escaped (rfc1630.txt:430-440), and "the reserved characters mentioned above have a quite
//! different significance when encoded, and so may NEVER be encoded and unencoded in this way"
//! (rfc1630.txt:444-446). That rule is [`same_uri`]; `equivalent` applies it to two values that
//! a grammar accepted, so it cannot meet a `%` without two hex digits and needs no `Result`.
//!
//! Nothing else is compared loosely, as the RFC states nothing else: it says nothing of the case
//! of letters (a scheme or a host name is compared as written, unlike RFC 2396's section 6),
//! defines no default port, and removes no `.` or `..` segment outside the partial form. Its one
//! other equivalence, "A void host field is equivalent to "localhost"" (rfc1630.txt:1051), is for
//! `file` URLs, which neither of its BNFs reads.

use super::{Uri, UriBuf, Url, UrlBuf, same_uri};

/// Whether two texts that a grammar of RFC 1630 accepted are the same URI by [`same_uri`].
/// Both grammars' `escape` is `% hex hex` (rfc1630.txt:1264, 1444), so neither text holds a `%`
/// that [`same_uri`] rejects, and the `Err` arm is never taken.
fn same(a: &str, b: &str) -> bool {
    same_uri(a, b) == Ok(true)
}

impl Uri<'_> {
    /// Whether `other` is the same URI by RFC 1630's rule for comparing URIs (rfc1630.txt:430-447,
    /// [`same_uri`]): the two may differ only in how characters that are not reserved are
    /// written, plainly or as escapes (either case of the hex digits). A reserved character
    /// (`/`, `?`, `#`, `%`, `*`, `!`, `=`, `;`, `:`, `+` in the search, the dots of a `.` or
    /// `..` segment) and its escape are different. Letters are compared as written: RFC 1630
    /// states no rule for their case. A method, as on RFC 2396's and RFC 3986's references.
    ///
    /// ```
    /// use urigram::rfc1630::Uri;
    /// let eq = |a, b| Uri::parse(a).unwrap().equivalent(&Uri::parse(b).unwrap());
    /// assert!(eq("news:marie-claude", "news:marie%2Dclaude"));
    /// assert!(eq("wais:db/%41b?x", "wais:db/Ab?%78"));
    /// assert!(!eq("wais:db/Phonebook", "wais:db%2FPhonebook"));
    /// assert!(!eq("wais:db?a+b", "wais:db?a%2Bb")); // `+` stands for a space in a search
    /// assert!(!eq("NEWS:x", "news:x")); // no case rule
    /// ```
    pub fn equivalent(&self, other: &Uri<'_>) -> bool {
        same(self.as_str(), other.as_str())
    }
}

impl UriBuf {
    /// [`Uri::equivalent`].
    ///
    /// ```
    /// let u: urigram::rfc1630::UriBuf = "news:marie%2Dclaude".parse().unwrap();
    /// assert!(u.equivalent(&urigram::rfc1630::Uri::parse("news:marie-claude").unwrap()));
    /// ```
    pub fn equivalent(&self, other: &Uri<'_>) -> bool {
        same(self.as_str(), other.as_str())
    }
}

impl Url<'_> {
    /// Whether `other` is the same URL by RFC 1630's rule for comparing URIs, as
    /// [`Uri::equivalent`]: the section's own examples are URLs of this BNF (rfc1630.txt:460-483).
    ///
    /// ```
    /// use urigram::rfc1630::Url;
    /// let eq = |a, b| Url::parse(a).unwrap().equivalent(&Url::parse(b).unwrap());
    /// // Example 1: "identical, as the %2D encodes a hyphen character" (rfc1630.txt:470).
    /// assert!(eq(
    ///     "http://info.cern.ch/albert/bertram/marie-claude",
    ///     "http://info.cern.ch/albert/bertram/marie%2Dclaude",
    /// ));
    /// // Example 2: "NOT identical, as in the second case the encoded slash does not have
    /// // hierarchical significance" (rfc1630.txt:482).
    /// assert!(!eq(
    ///     "http://info.cern.ch/albert/bertram/marie-claude",
    ///     "http://info.cern.ch/albert/bertram%2Fmarie-claude",
    /// ));
    /// ```
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        same(self.as_str(), other.as_str())
    }
}

impl UrlBuf {
    /// [`Url::equivalent`].
    ///
    /// ```
    /// let u: urigram::rfc1630::UrlBuf = "http://info.cern.ch/marie%2dclaude".parse().unwrap();
    /// assert!(u.equivalent(&urigram::rfc1630::Url::parse("http://info.cern.ch/marie-claude").unwrap()));
    /// ```
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        same(self.as_str(), other.as_str())
    }
}
