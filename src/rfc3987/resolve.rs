//! Resolving relative IRI references (section 6.5, rfc3987.txt:1751-1757): "the algorithms of
//! \[RFC3986\] can be applied directly, treating the characters additionally allowed in IRI
//! references in the same way that unreserved characters are in URI references". RFC 3986's
//! [`resolve_with`] works on the five components of any text, and never looks inside a
//! segment, a query or a fragment but for `/`, `.` and the delimiters, all US-ASCII: it runs
//! as it is on the components of IRI references.

use super::IriReference;
use crate::rfc3986::{ResolveError, ResolveOptions, Resolved, resolve_with};

/// Resolve the text `reference` against the text `base` (RFC 3986's [`resolve_with`], as
/// section 6.5 says): both are checked against RFC 3987's `IRI-reference` first, and a text
/// that is not one is [`ResolveError::InvalidBase`] or [`ResolveError::InvalidReference`] with
/// the grammar's error. The target is RFC 3986's [`Resolved`]: section 5.3's text and its
/// components, here an IRI.
///
/// ```
/// use urigram::rfc3986::{ResolveError, ResolveOptions};
/// use urigram::rfc3987::resolve_str;
/// let t = resolve_str("http://\u{4f8b}.test/a/b", "../\u{e9}?\u{e000}", ResolveOptions::default()).unwrap();
/// assert_eq!(t, "http://\u{4f8b}.test/\u{e9}?\u{e000}");
/// assert_eq!(t.components().path, "/\u{e9}");
/// let e = resolve_str("http://a/", "\u{e000}", ResolveOptions::default()).unwrap_err();
/// let ResolveError::InvalidReference(e) = e else { panic!() };
/// assert_eq!((e.offset(), e.grammar()), (0, urigram::Grammar::Rfc3987));
/// ```
pub fn resolve_str(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    let base = IriReference::parse(base).map_err(ResolveError::InvalidBase)?;
    let reference = IriReference::parse(reference).map_err(ResolveError::InvalidReference)?;
    resolve_with(&base.components(), &reference.components(), options)
}
