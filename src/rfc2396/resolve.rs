//! Resolving relative references to absolute form (RFC 2396 section 5.2, rfc2396.txt:1081-1237)
//! and the inverse, [`relativize`].
//!
//! [`resolve`] follows steps 1 to 7 as printed, and answers every line of Appendix C
//! (rfc2396.txt:1631-1749) as the RFC does: [`Resolved::appendix_c_notation`] writes each
//! answer as the appendix prints it, `(current document)#s` included. Where Appendix C.2 names
//! two answers, the algorithm's own is the default and the other is an option
//! ([`ResolveOptions`]):
//!
//! - `../../../g` gives `http://a/../g` (step 6g: the `..` segments are kept); with
//!   [`LeadingDotDot::Strip`] it gives `http://a/g`, and [`LeadingDotDot::Reject`] makes it an
//!   error, the third way step 6g allows.
//! - `http:g` gives `http:g` (step 3, "for validating parsers"); with
//!   [`ResolveOptions::backwards_compatible_scheme`] it gives `http://a/b/c/g`.
//!
//! # `?y` (erratum 452)
//!
//! Appendix C.1 resolves `?y`, but no `URI-reference` of Appendix A starts with `?`, so no
//! [`UriReference`] can hold it and [`resolve`] cannot be asked. [`resolve_str`] accepts every
//! `URI-reference` and, besides, exactly the form `"?" query [ "#" fragment ]`, the only form
//! outside the grammar that Appendix C uses. It resolves it by the steps as printed: its path
//! is empty and its query defined, so step 2 does not stop and step 6 merges an empty path:
//! `?y` gives `http://a/b/c/?y`, RFC 2396's answer (RFC 3986 gives `http://a/b/c/d;p?y`).
//!
//! # Where the printed algorithm is completed
//!
//! - Step 6a on a base with an authority and an empty path (`http://a`) copies nothing, and
//!   step 7 would then glue the relative path to the authority (`http://ag`). The merge uses
//!   `/` as the base path there, as RFC 3986 section 5.2.3 does.
//! - A result without an authority whose path starts with `//` (`foo:/a` and `x/..//g`)
//!   cannot be written: step 7 would make the first segment an authority. That is the error
//!   [`ResolveError::Unrepresentable`], never a different URI.
//! - Steps 6c to 6f are string replacements; they run here as one pass over a stack of
//!   segments, as the RFC allows (rfc2396.txt:1219-1222). A test checks the two against each
//!   other on generated paths.
//!
//! `grammar/DEVIATIONS.md` records all of these.
//!
//! # A reference to the current document
//!
//! Step 2 stops at an empty reference or a fragment alone: "it is a reference to the current
//! document and we are done" (rfc2396.txt:1100). The algorithm does not make it absolute, and
//! the current document's URI is not necessarily the base (section 5.1.1: a base can be
//! embedded in the document). So [`Resolved::CurrentDocument`] displays as the reference
//! itself, `#s` (or the empty string), a same-document `URI-reference` (section 4.2), never as
//! Appendix C's `(current document)#s`, which is not a URI. [`Resolved::in_document`] gives
//! the absolute URI once the document's URI is known, and the methods
//! [`UriReference::join`] and [`AbsoluteUriBuf::join`] take the base as that URI (section
//! 5.1.3, the URI the document was retrieved with), as the `url` crate's `Url::join` does.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::grammar::Grammar;
use crate::rfc2396::parse::text_like;
use crate::rfc2396::split;
use crate::rfc2396::{PathKind, UriReference, UriReferenceBuf};

/// An owned `absoluteURI`, with or without a fragment: a [`UriReferenceBuf`] that has a
/// scheme. What [`resolve`] gives.
///
/// ```
/// use urigram::rfc2396::AbsoluteUriBuf;
/// let u: AbsoluteUriBuf = "http://a/b/c/g?y#s".parse().unwrap();
/// assert_eq!(u.get().query().unwrap(), "y");
/// assert!("g?y#s".parse::<AbsoluteUriBuf>().is_err());
///
/// // From a reference, when it has a scheme; back to a reference, always.
/// use urigram::rfc2396::{UriReference, UriReferenceBuf};
/// let abs = AbsoluteUriBuf::try_from(UriReference::parse("g:h").unwrap()).unwrap();
/// let r = UriReferenceBuf::from(abs);
/// assert!(AbsoluteUriBuf::try_from(r).is_ok());
/// assert!(AbsoluteUriBuf::try_from("g".parse::<UriReferenceBuf>().unwrap()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsoluteUriBuf(UriReferenceBuf);

impl AbsoluteUriBuf {
    /// The typed view.
    ///
    /// ```
    /// let u: urigram::rfc2396::AbsoluteUriBuf = "g:h".parse().unwrap();
    /// assert_eq!(u.get().scheme().unwrap(), "g");
    /// ```
    pub fn get(&self) -> UriReference<'_> {
        self.0.get()
    }

    /// The text.
    ///
    /// ```
    /// let u: urigram::rfc2396::AbsoluteUriBuf = "http://a/b".parse().unwrap();
    /// assert_eq!(u.as_str(), "http://a/b");
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// As a `URI-reference`.
    ///
    /// ```
    /// let u: urigram::rfc2396::AbsoluteUriBuf = "http://a/b".parse().unwrap();
    /// assert!(u.as_reference().get().is_absolute());
    /// ```
    pub fn as_reference(&self) -> &UriReferenceBuf {
        &self.0
    }

    /// Into a `URI-reference`.
    ///
    /// ```
    /// let u: urigram::rfc2396::AbsoluteUriBuf = "http://a/b".parse().unwrap();
    /// assert_eq!(u.into_reference().as_str(), "http://a/b");
    /// ```
    pub fn into_reference(self) -> UriReferenceBuf {
        self.0
    }

    /// The text, owned.
    ///
    /// ```
    /// let u: urigram::rfc2396::AbsoluteUriBuf = "http://a/b".parse().unwrap();
    /// assert_eq!(u.into_string(), "http://a/b");
    /// ```
    pub fn into_string(self) -> String {
        self.0.into_string()
    }

    /// From a text that is known to be an absolute `URI-reference`.
    fn from_text(text: String) -> Result<AbsoluteUriBuf, ResolveError> {
        let r = UriReferenceBuf::try_from(text).map_err(ResolveError::InvalidReference)?;
        AbsoluteUriBuf::try_from(r)
    }
}

impl FromStr for AbsoluteUriBuf {
    type Err = ResolveError;
    fn from_str(s: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        let r: UriReferenceBuf = s.parse().map_err(ResolveError::InvalidReference)?;
        AbsoluteUriBuf::try_from(r)
    }
}

impl TryFrom<UriReferenceBuf> for AbsoluteUriBuf {
    type Error = ResolveError;
    fn try_from(r: UriReferenceBuf) -> Result<AbsoluteUriBuf, ResolveError> {
        if r.get().is_absolute() {
            Ok(AbsoluteUriBuf(r))
        } else {
            Err(ResolveError::NotAbsolute(r.into_string()))
        }
    }
}

/// An owned copy of an absolute reference; a relative one is
/// [`ResolveError::NotAbsolute`].
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::AbsoluteUriBuf;
/// let u = UriReference::parse("http://a/b").unwrap();
/// assert_eq!(AbsoluteUriBuf::try_from(u).unwrap(), "http://a/b");
/// assert!(AbsoluteUriBuf::try_from(UriReference::parse("b/c").unwrap()).is_err());
/// ```
impl TryFrom<UriReference<'_>> for AbsoluteUriBuf {
    type Error = ResolveError;
    fn try_from(r: UriReference<'_>) -> Result<AbsoluteUriBuf, ResolveError> {
        if r.is_absolute() {
            Ok(AbsoluteUriBuf(r.to_buf()))
        } else {
            Err(ResolveError::NotAbsolute(r.as_str().to_string()))
        }
    }
}

impl From<AbsoluteUriBuf> for UriReferenceBuf {
    fn from(u: AbsoluteUriBuf) -> UriReferenceBuf {
        u.0
    }
}

impl fmt::Display for AbsoluteUriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for AbsoluteUriBuf {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// As its text (the `serde` feature).
#[cfg(feature = "serde")]
impl serde::Serialize for AbsoluteUriBuf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// From a string that is an absolute `URI-reference` (the `serde` feature); anything else is
/// an error that says why.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use urigram::rfc2396::AbsoluteUriBuf;
/// let u: AbsoluteUriBuf = serde_json::from_str(r#""http://a/b""#).unwrap();
/// assert_eq!(serde_json::to_string(&u).unwrap(), r#""http://a/b""#);
/// assert!(serde_json::from_str::<AbsoluteUriBuf>(r#""b/c""#).is_err());
/// # }
/// ```
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for AbsoluteUriBuf {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The result of resolving a reference (section 5.2).
///
/// Its [`Display`](fmt::Display) is always a `URI-reference`: the absolute URI, or, for a
/// reference to the current document (step 2), the reference itself (`#s`, or the empty
/// string), which is what step 2 leaves: "we are done". Appendix C's own writing,
/// `(current document)#s`, is [`Resolved::appendix_c_notation`]; the absolute URI of a
/// reference to the current document is [`Resolved::in_document`].
///
/// ```
/// use urigram::rfc2396::{UriReference, Resolved};
/// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
/// let r = base.resolve(&UriReference::parse("#s").unwrap()).unwrap();
/// assert!(matches!(r, Resolved::CurrentDocument { .. }));
/// assert_eq!(r.to_string(), "#s");
/// assert_eq!(r.appendix_c_notation().to_string(), "(current document)#s");
/// assert_eq!(base.join("#s").unwrap(), "http://a/b/c/d;p?q#s");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resolved {
    /// The absolute form of the reference (steps 3 and 7), with the reference's fragment.
    Uri(AbsoluteUriBuf),
    /// Step 2: an empty reference, or a fragment alone, is a reference to the current document
    /// (section 4.2), which is not necessarily the base URI (section 5.1.1).
    CurrentDocument {
        /// The fragment, without its `#`.
        fragment: Option<String>,
    },
}

impl Resolved {
    /// The URI, unless it is a reference to the current document.
    ///
    /// ```
    /// let r = urigram::rfc2396::resolve_str("http://a/b/c/d;p?q", "g", Default::default()).unwrap();
    /// assert_eq!(r.uri().unwrap().as_str(), "http://a/b/c/g");
    /// ```
    pub fn uri(&self) -> Option<&AbsoluteUriBuf> {
        match self {
            Resolved::Uri(u) => Some(u),
            Resolved::CurrentDocument { .. } => None,
        }
    }

    /// The URI, unless it is a reference to the current document.
    ///
    /// ```
    /// let r = urigram::rfc2396::resolve_str("http://a/b/c/d;p?q", "#s", Default::default()).unwrap();
    /// assert_eq!(r.into_uri(), None);
    /// ```
    pub fn into_uri(self) -> Option<AbsoluteUriBuf> {
        match self {
            Resolved::Uri(u) => Some(u),
            Resolved::CurrentDocument { .. } => None,
        }
    }

    /// Whether it is a reference to the current document (step 2).
    ///
    /// ```
    /// let r = urigram::rfc2396::resolve_str("http://a/b/c/d;p?q", "", Default::default()).unwrap();
    /// assert!(r.is_current_document());
    /// ```
    pub fn is_current_document(&self) -> bool {
        matches!(self, Resolved::CurrentDocument { .. })
    }

    /// The URI, taking `document` as the current document's URI for a reference to it: the
    /// document's URI with its fragment replaced by the reference's (or removed, for an empty
    /// reference). Section 4.2 asks for this where a reference must become a request.
    ///
    /// ```
    /// let base = "http://a/b/c/d;p?q";
    /// let r = urigram::rfc2396::resolve_str(base, "#s", Default::default()).unwrap();
    /// assert_eq!(r.to_string(), "#s");
    /// let doc: urigram::rfc2396::AbsoluteUriBuf = base.parse().unwrap();
    /// assert_eq!(r.in_document(&doc).as_str(), "http://a/b/c/d;p?q#s");
    /// ```
    pub fn in_document(&self, document: &AbsoluteUriBuf) -> AbsoluteUriBuf {
        match self {
            Resolved::Uri(u) => u.clone(),
            Resolved::CurrentDocument { fragment } => {
                in_document(&document.get(), fragment.as_deref())
                    .unwrap_or_else(|| document.clone())
            }
        }
    }

    /// The result as Appendix C writes it (rfc2396.txt:1641-1749): the URI, or
    /// `(current document)` followed by the reference's fragment, if any. This is notation
    /// for people, not a URI: use [`Display`](fmt::Display) or [`Resolved::in_document`] for
    /// a reference.
    ///
    /// ```
    /// use urigram::rfc2396::resolve_str;
    /// let w = |r| resolve_str("http://a/b/c/d;p?q", r, Default::default()).unwrap().appendix_c_notation().to_string();
    /// assert_eq!(w("#s"), "(current document)#s");
    /// assert_eq!(w(""), "(current document)");
    /// assert_eq!(w("g"), "http://a/b/c/g");
    /// ```
    pub fn appendix_c_notation(&self) -> impl fmt::Display + '_ {
        struct Notation<'r>(&'r Resolved);
        impl fmt::Display for Notation<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    Resolved::Uri(u) => f.write_str(u.as_str()),
                    Resolved::CurrentDocument { fragment } => {
                        f.write_str("(current document)")?;
                        match fragment {
                            Some(frag) => write!(f, "#{frag}"),
                            None => Ok(()),
                        }
                    }
                }
            }
        }
        Notation(self)
    }
}

/// `document` with its fragment replaced by `fragment` (or removed), when `document` is
/// absolute.
fn in_document(document: &UriReference<'_>, fragment: Option<&str>) -> Option<AbsoluteUriBuf> {
    let end = document
        .fragment()
        .map_or(document.as_str().len(), |f| f.start() - 1);
    let mut text = document.as_str()[..end].to_string();
    if let Some(f) = fragment {
        text.push('#');
        text.push_str(f);
    }
    AbsoluteUriBuf::from_text(text).ok()
}

/// Always a `URI-reference`: the absolute URI, or for a reference to the current document the
/// reference itself (`#fragment`, or the empty string). See [`Resolved`].
impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resolved::Uri(u) => f.write_str(u.as_str()),
            Resolved::CurrentDocument { fragment } => match fragment {
                Some(frag) => write!(f, "#{frag}"),
                None => Ok(()),
            },
        }
    }
}

/// What step 6g does with `..` segments left at the start of the merged path, more of them
/// than the base path has levels (Appendix C.2, rfc2396.txt:1678-1694).
///
/// ```
/// use urigram::rfc2396::{LeadingDotDot, ResolveError, ResolveOptions, resolve_str};
/// let r = |how| {
///     let options = ResolveOptions::default().with_leading_dot_dot(how);
///     resolve_str("http://a/b/c/d;p?q", "../../../g", options).map(|r| r.to_string())
/// };
/// assert_eq!(r(LeadingDotDot::Keep).unwrap(), "http://a/../g"); // rfc2396.txt:1687
/// assert_eq!(r(LeadingDotDot::Strip).unwrap(), "http://a/g"); // rfc2396.txt:1694
/// let Err(ResolveError::AboveRoot { path }) = r(LeadingDotDot::Reject) else { panic!() };
/// assert_eq!(path, "/../g");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum LeadingDotDot {
    /// Keep them in the resolved path: `http://a/../g` (the algorithm's answer in C.2).
    #[default]
    Keep,
    /// Remove them: `http://a/g` ("some implementations", C.2).
    Strip,
    /// Treat the reference as an error ([`ResolveError::AboveRoot`]).
    Reject,
}

/// Choices that section 5.2 and Appendix C.2 leave to the implementation. The default is the
/// algorithm as printed.
///
/// ```
/// use urigram::rfc2396::{LeadingDotDot, ResolveOptions, resolve_str};
/// let base = "http://a/b/c/d;p?q";
/// let lenient = ResolveOptions::default()
///     .with_leading_dot_dot(LeadingDotDot::Strip)
///     .with_backwards_compatible_scheme(true);
/// assert_eq!(resolve_str(base, "../../../g", lenient).unwrap().to_string(), "http://a/g");
/// assert_eq!(resolve_str(base, "http:g", lenient).unwrap().to_string(), "http://a/b/c/g");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub struct ResolveOptions {
    /// Step 6g: what to do with `..` segments above the root.
    pub leading_dot_dot: LeadingDotDot,
    /// Step 3, "for backwards compatibility": remove the reference's scheme when it equals the
    /// base's (ignoring case) and is known to always use the `hier_part` syntax
    /// ([`HIERARCHICAL_SCHEMES`]), then resolve the rest as a relative reference. Off by
    /// default, as for "validating parsers".
    pub backwards_compatible_scheme: bool,
    /// Read the texts of [`resolve_str`] (the base and the reference) under RFC 2396 as RFC
    /// 2732 amends it
    /// ([`UriReference::parse_rfc2732`]: IPv6 literals in brackets). Off by default: RFC
    /// 2396 alone. Values parsed already resolve whichever grammar read them.
    pub rfc2732: bool,
}

impl ResolveOptions {
    /// Set [`ResolveOptions::rfc2732`].
    ///
    /// ```
    /// use urigram::rfc2396::{ResolveOptions, resolve_str};
    /// let o = ResolveOptions::default().with_rfc2732(true);
    /// let r = resolve_str("http://[::1]:8080/a/b", "../c?[x]", o).unwrap();
    /// assert_eq!(r.to_string(), "http://[::1]:8080/c?[x]");
    /// assert!(resolve_str("http://[::1]/a/b", "c", Default::default()).is_err());
    /// ```
    pub const fn with_rfc2732(mut self, v: bool) -> ResolveOptions {
        self.rfc2732 = v;
        self
    }

    /// Set [`ResolveOptions::leading_dot_dot`].
    ///
    /// ```
    /// use urigram::rfc2396::{LeadingDotDot, ResolveOptions};
    /// let o = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Reject);
    /// assert_eq!(o.leading_dot_dot, LeadingDotDot::Reject);
    /// ```
    pub const fn with_leading_dot_dot(mut self, v: LeadingDotDot) -> ResolveOptions {
        self.leading_dot_dot = v;
        self
    }

    /// Set [`ResolveOptions::backwards_compatible_scheme`].
    ///
    /// ```
    /// let o = urigram::rfc2396::ResolveOptions::default().with_backwards_compatible_scheme(true);
    /// assert!(o.backwards_compatible_scheme);
    /// ```
    pub const fn with_backwards_compatible_scheme(mut self, v: bool) -> ResolveOptions {
        self.backwards_compatible_scheme = v;
        self
    }
}

/// The schemes that always use the `hier_part` syntax, for the backwards-compatible reading of
/// step 3: RFC 1738's schemes whose URLs start with `//` (rfc1738.txt:259, 465, 495, 712, 742,
/// 764, 805, 835).
///
/// ```
/// assert!(urigram::rfc2396::HIERARCHICAL_SCHEMES.contains(&"http"));
/// assert!(!urigram::rfc2396::HIERARCHICAL_SCHEMES.contains(&"mailto"));
/// ```
pub const HIERARCHICAL_SCHEMES: &[&str] = &[
    "ftp", "http", "gopher", "nntp", "telnet", "wais", "file", "prospero",
];

/// Why a reference could not be resolved or relativized: one type for every spec's
/// resolution (RFC 2396's and RFC 3986's section 5.2, RFC 1630's partial form), also named
/// [`rfc3986::ResolveError`](crate::rfc3986::ResolveError) and
/// [`rfc1630::ResolveError`](crate::rfc1630::ResolveError). Each variant says which
/// resolutions give it.
///
/// ```
/// use urigram::rfc2396::ResolveError as E;
/// use urigram::rfc2396::{AbsoluteUriBuf, LeadingDotDot, ResolveOptions, resolve_str};
/// let r = |base, reference| resolve_str(base, reference, ResolveOptions::default());
/// assert!(matches!(r("http://a b/", "g"), Err(E::InvalidBase(e)) if e.offset() == 8));
/// assert!(matches!(r("http://a/", "g h"), Err(E::InvalidReference(e)) if e.offset() == 1));
/// assert!(matches!(r("b/c", "g"), Err(E::RelativeBase(_))));
/// assert!(matches!(r("mailto:a@b", "g"), Err(E::OpaqueBase(_))));
/// assert!(matches!("../g".parse::<AbsoluteUriBuf>(), Err(E::NotAbsolute(_))));
/// // `..` removes `a/`, and a path `//g` with no authority would read as one.
/// let Err(E::Unrepresentable { path, uri }) = r("foo:/a/b", "..//g") else { panic!() };
/// assert_eq!((path.as_str(), uri.as_str()), ("//g", "foo://g"));
/// let reject = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Reject);
/// assert!(matches!(resolve_str("http://a/b", "../g", reject), Err(E::AboveRoot { .. })));
/// ```
///
/// RFC 3986 (section 5.2):
///
/// ```
/// use urigram::rfc3986::{ResolveError as E, resolve_str};
/// let r = |base, reference| resolve_str(base, reference, Default::default());
/// assert!(matches!(r("http://a b/", "g"), Err(E::InvalidBase(e)) if e.offset() == 8));
/// assert!(matches!(r("http://a/", "g h"), Err(E::InvalidReference(e)) if e.offset() == 1));
/// assert!(matches!(r("b/c", "g"), Err(E::RelativeBase(_))));
/// let Err(E::Unrepresentable { path, uri }) = r("foo:/a/b", "..//g") else { panic!() };
/// assert_eq!((path.as_str(), uri.as_str()), ("//g", "foo://g"));
/// // One type for every spec: RFC 2396's resolution gives the same error, with the same message.
/// let old = urigram::rfc2396::resolve_str("b/c", "g", Default::default()).unwrap_err();
/// let new: urigram::rfc2396::ResolveError = r("b/c", "g").unwrap_err();
/// assert_eq!((old.to_string(), &new), (new.to_string(), &old));
/// assert_eq!(new.to_string(), "the base \"b/c\" is not an absolute URI: it has no scheme");
/// ```
///
/// RFC 1630 (partial form):
///
/// ```
/// use urigram::rfc1630::{ResolveError, resolve_partial};
/// // The context needs a colon before any slash (rfc1630.txt:530).
/// let e = resolve_partial("a/b:c", "g").unwrap_err();
/// assert_eq!(e, ResolveError::ContextNotAbsolute("a/b:c".into()));
/// // Three slashes, and the context has no run of exactly three.
/// let e = resolve_partial("magic://a/b/c//d/e/f", "///g").unwrap_err();
/// assert_eq!(e, ResolveError::NoSuchSlashes { count: 3 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is not a `URI-reference`.
    #[error("the base is not a valid URI-reference: {0}")]
    InvalidBase(#[source] Error),
    /// The reference is not a `URI-reference` (nor, for [`resolve_str`], the `?query` form of
    /// erratum 452).
    #[error("the reference is not valid: {0}")]
    InvalidReference(#[source] Error),
    /// The base has no scheme: a base URI is absolute (RFC 2396 section 5.1; RFC 3986 section
    /// 5.2.1, "only the scheme component is required to be present in a base URI").
    #[error("the base {0:?} is not an absolute URI: it has no scheme")]
    RelativeBase(String),
    /// The base's scheme-specific part is an `opaque_part`, and the reference is relative:
    /// "relative URI cannot be used within a document that has an unsuitable base URI"
    /// (section 5, rfc2396.txt:970).
    #[error(
        "the base {0:?} is opaque: relative references cannot be resolved against it (section 5)"
    )]
    OpaqueBase(String),
    /// A URI was required and this is a relative reference.
    #[error("{0:?} is not an absolute URI")]
    NotAbsolute(String),
    /// Step 6g with [`LeadingDotDot::Reject`]: the merged path still starts with `..`.
    #[error("the merged path {path:?} goes above the root (section 5.2, step 6g)")]
    AboveRoot {
        /// The merged path.
        path: String,
    },
    /// The resolved components cannot be written as a URI: with no authority, the path starts
    /// with `//`, which step 7 would turn into an authority.
    #[error(
        "the resolved path {path:?} starts with \"//\" and there is no authority: {uri:?} would read differently"
    )]
    Unrepresentable {
        /// The resolved path.
        path: String,
        /// What step 7 would write.
        uri: String,
    },
    /// RFC 1630: the context is not an absolute URI, as it has no colon before its first
    /// slash (rfc1630.txt:530).
    #[error("the context {0:?} is not an absolute URI (no colon before any slash)")]
    ContextNotAbsolute(String),
    /// RFC 1630: the partial URI starts with `count` slashes, and the context holds no run of
    /// exactly that many: the rules say nothing for this case.
    #[error(
        "the partial URI starts with {count} slash(es), and the context has no run of exactly {count}"
    )]
    NoSuchSlashes {
        /// How many slashes the partial URI starts with.
        count: usize,
    },
}

/// The potential four components and the fragment of a reference (step 1, section 4.3).
#[derive(Debug, Clone, Copy)]
struct Components<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    /// Whether `path` is an `opaque_part` (which may hold a `?`).
    opaque: bool,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> From<&UriReference<'a>> for Components<'a> {
    fn from(u: &UriReference<'a>) -> Components<'a> {
        Components {
            scheme: u.scheme().map(|p| p.as_str()),
            authority: u.authority().map(|a| a.as_str()),
            path: u.path().as_str(),
            opaque: u.path().kind() == PathKind::Opaque,
            query: u.query().map(|p| p.as_str()),
            fragment: u.fragment().map(|p| p.as_str()),
        }
    }
}

/// Resolve `reference` against `base` by section 5.2 with the default options (the algorithm
/// as printed). The base must be absolute; its query and fragment are not used. An opaque base
/// is an error unless the reference is absolute or refers to the current document, which do
/// not use the base.
///
/// ```
/// use urigram::rfc2396::{UriReference, resolve};
/// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
/// let r = |s| resolve(&base, &UriReference::parse(s).unwrap()).unwrap().to_string();
/// assert_eq!(r("../g"), "http://a/b/g");
/// assert_eq!(r("g;x?y#s"), "http://a/b/c/g;x?y#s");
/// assert_eq!(r("../../../g"), "http://a/../g");
/// assert_eq!(r("#s"), "#s"); // step 2: a reference to the current document
///
/// let relative = UriReference::parse("b/c").unwrap();
/// assert!(resolve(&relative, &UriReference::parse("g").unwrap()).is_err());
/// ```
pub fn resolve(
    base: &UriReference<'_>,
    reference: &UriReference<'_>,
) -> Result<Resolved, ResolveError> {
    resolve_with(base, reference, ResolveOptions::default())
}

/// [`resolve`] with [`ResolveOptions`].
///
/// ```
/// use urigram::rfc2396::{LeadingDotDot, ResolveOptions, UriReference, resolve_with};
/// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
/// let g = UriReference::parse("../../../g").unwrap();
/// let strip = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Strip);
/// assert_eq!(resolve_with(&base, &g, strip).unwrap().to_string(), "http://a/g");
/// let reject = ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Reject);
/// assert!(resolve_with(&base, &g, reject).is_err());
/// ```
pub fn resolve_with(
    base: &UriReference<'_>,
    reference: &UriReference<'_>,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    resolve_components(base, Components::from(reference), options)
}

/// Resolve the text `reference` against the text `base` (see [`resolve`]). The reference is a
/// `URI-reference`, or else of the form `"?" query [ "#" fragment ]` that Appendix C.1 uses
/// although Appendix A does not derive it (erratum 452); that form resolves by the steps as
/// printed, to RFC 2396's answer.
///
/// ```
/// use urigram::rfc2396::{ResolveError, resolve_str};
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve_str(base, "?y", Default::default()).unwrap().to_string(), "http://a/b/c/?y");
/// assert_eq!(resolve_str(base, "?y#s", Default::default()).unwrap().to_string(), "http://a/b/c/?y#s");
///
/// let e = resolve_str(base, "?a b", Default::default()).unwrap_err();
/// let ResolveError::InvalidReference(e) = e else { panic!() };
/// assert_eq!(e.offset(), 2);
/// assert!(resolve_str("b/c", "g", Default::default()).is_err());
/// ```
pub fn resolve_str(
    base: &str,
    reference: &str,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    let base = read(base, options).map_err(ResolveError::InvalidBase)?;
    resolve_text(&base, reference, options)
}

/// `text` read as a `URI-reference` under the grammar `options` name.
fn read(text: &str, options: ResolveOptions) -> Result<UriReference<'_>, crate::Error> {
    if options.rfc2732 {
        UriReference::parse_rfc2732(text)
    } else {
        UriReference::parse(text)
    }
}

/// [`resolve_str`] with a parsed base.
fn resolve_text(
    base: &UriReference<'_>,
    reference: &str,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    match read(reference, options) {
        Ok(r) => resolve_with(base, &r, options),
        Err(_) if reference.starts_with('?') => {
            resolve_components(base, query_form(reference)?, options)
        }
        Err(e) => Err(ResolveError::InvalidReference(e)),
    }
}

impl<'a> UriReference<'a> {
    /// Resolve `reference` against this base by section 5.2: the method form of [`resolve`],
    /// with the same answers (a [`Resolved`], which may be a reference to the current
    /// document). For an absolute URI in every case, see [`UriReference::join`].
    ///
    /// `fluent-uri`'s `resolve_against` is the other way round (called on the reference) and
    /// follows RFC 3986, whose answers differ (`../../../g` gives `http://a/g` there).
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let g = UriReference::parse("../g").unwrap();
    /// assert_eq!(base.resolve(&g).unwrap().to_string(), "http://a/b/g");
    /// let up = UriReference::parse("../../../g").unwrap();
    /// assert_eq!(base.resolve(&up).unwrap().to_string(), "http://a/../g"); // step 6g
    /// assert!(base.resolve(&UriReference::parse("#s").unwrap()).unwrap().is_current_document());
    /// ```
    pub fn resolve(&self, reference: &UriReference<'_>) -> Result<Resolved, ResolveError> {
        resolve(self, reference)
    }

    /// The absolute URI that the text `reference` stands for in a document retrieved with
    /// this URI, as the `url` crate's `Url::join`: section 5.2's result, where a reference to
    /// the current document (step 2: empty, or a fragment alone) gives this URI with the
    /// reference's fragment (section 4.2), taking this base as the document's URI (section
    /// 5.1.3). Where the document says otherwise (an embedded base, section 5.1.1), use
    /// [`UriReference::resolve`] and [`Resolved::in_document`].
    ///
    /// The reference is a `URI-reference`, or the `?query` form that Appendix C uses (see
    /// [`resolve_str`]). The answers are RFC 2396's, not the WHATWG URL Standard's: `..`
    /// above the root is kept (`http://a/../g`), `http:g` stays `http:g`, and `?y` gives
    /// `http://a/b/c/?y`.
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let base = UriReference::parse("http://a/b/c/d;p?q#f").unwrap();
    /// assert_eq!(base.join("g?y#s").unwrap(), "http://a/b/c/g?y#s");
    /// assert_eq!(base.join("#s").unwrap(), "http://a/b/c/d;p?q#s");
    /// assert_eq!(base.join("").unwrap(), "http://a/b/c/d;p?q");
    /// assert_eq!(base.join("?y").unwrap(), "http://a/b/c/?y");
    /// assert!(base.join("a b").is_err());
    /// assert!(UriReference::parse("b/c").unwrap().join("g").is_err()); // not absolute
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        match resolve_text(self, reference, ResolveOptions::default())? {
            Resolved::Uri(u) => Ok(u),
            Resolved::CurrentDocument { fragment } => in_document(self, fragment.as_deref())
                .ok_or_else(|| ResolveError::RelativeBase(self.as_str().to_string())),
        }
    }
}

impl UriReferenceBuf {
    /// [`UriReference::resolve`] with this base.
    ///
    /// ```
    /// use urigram::rfc2396::{UriReference, UriReferenceBuf};
    /// let base: UriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// let r = base.resolve(&UriReference::parse("g;x?y#s").unwrap()).unwrap();
    /// assert_eq!(r.to_string(), "http://a/b/c/g;x?y#s");
    /// ```
    pub fn resolve(&self, reference: &UriReference<'_>) -> Result<Resolved, ResolveError> {
        resolve(&self.get(), reference)
    }

    /// [`UriReference::join`] with this base.
    ///
    /// ```
    /// let base: urigram::rfc2396::UriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// assert_eq!(base.join("../g").unwrap(), "http://a/b/g");
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        self.get().join(reference)
    }
}

impl AbsoluteUriBuf {
    /// [`UriReference::resolve`] with this base.
    ///
    /// ```
    /// use urigram::rfc2396::AbsoluteUriBuf;
    /// use urigram::rfc2396::UriReference;
    /// let base: AbsoluteUriBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// let r = base.resolve(&UriReference::parse("").unwrap()).unwrap();
    /// assert!(r.is_current_document());
    /// assert_eq!(r.in_document(&base), base);
    /// ```
    pub fn resolve(&self, reference: &UriReference<'_>) -> Result<Resolved, ResolveError> {
        resolve(&self.get(), reference)
    }

    /// [`UriReference::join`] with this base. It fails only for an invalid reference, a
    /// relative reference against an opaque base (`mailto:x`), or a result that cannot be
    /// written ([`ResolveError::Unrepresentable`]).
    ///
    /// ```
    /// let base: urigram::rfc2396::AbsoluteUriBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// let u = base.join("//g/x").unwrap();
    /// assert_eq!(u, "http://g/x");
    /// assert_eq!(u.join("y#z").unwrap(), "http://g/y#z");
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        self.get().join(reference)
    }
}

/// The form `"?" query [ "#" fragment ]` (erratum 452), split by Appendix B and each part
/// checked by its production. An error points into the whole reference.
fn query_form(reference: &str) -> Result<Components<'_>, ResolveError> {
    let s = split(reference);
    let check = |rule: &'static str, p: Option<crate::Part<'_>>| match p {
        Some(p) => Grammar::Rfc2396
            .check(rule, p.as_str())
            .map_err(|e| ResolveError::InvalidReference(e.shifted(reference, p.start()))),
        None => Ok(()),
    };
    check("query", s.query)?;
    check("fragment", s.fragment)?;
    Ok(Components {
        scheme: None,
        authority: None,
        path: "",
        opaque: false,
        query: s.query.map(|p| p.as_str()),
        fragment: s.fragment.map(|p| p.as_str()),
    })
}

fn resolve_components(
    base: &UriReference<'_>,
    mut r: Components<'_>,
    options: ResolveOptions,
) -> Result<Resolved, ResolveError> {
    let Some(base_scheme) = base.scheme() else {
        return Err(ResolveError::RelativeBase(base.as_str().to_string()));
    };
    let base_scheme = base_scheme.as_str();

    // Step 2: a reference to the current document.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return Ok(Resolved::CurrentDocument {
            fragment: r.fragment.map(str::to_string),
        });
    }

    // Step 3: an absolute reference is the result, unless the backwards-compatible reading
    // drops a scheme equal to the base's.
    if let Some(scheme) = r.scheme {
        let compatible = options.backwards_compatible_scheme
            && scheme.eq_ignore_ascii_case(base_scheme)
            && HIERARCHICAL_SCHEMES
                .iter()
                .any(|h| h.eq_ignore_ascii_case(scheme));
        if !compatible {
            return finish(&r);
        }
        r.scheme = None;
        if r.opaque {
            // The rest, `uric_no_slash *uric`, is a relative path and a query (section 4.3).
            if let Some(k) = r.path.find('?') {
                r.query = Some(&r.path[k + 1..]);
                r.path = &r.path[..k];
            }
            r.opaque = false;
        }
    }
    if base.path().kind() == PathKind::Opaque {
        return Err(ResolveError::OpaqueBase(base.as_str().to_string()));
    }

    let base_authority = base.authority().map(|a| a.as_str());
    let path: String;
    let authority = if r.authority.is_some() {
        // Step 4: a network-path reference.
        path = r.path.to_string();
        r.authority
    } else if r.path.starts_with('/') {
        // Step 5: an absolute-path reference.
        path = r.path.to_string();
        base_authority
    } else {
        // Step 6: a relative-path reference.
        path = merge(base.path().as_str(), r.path, options.leading_dot_dot)?;
        base_authority
    };

    // Step 7.
    finish(&Components {
        scheme: Some(base_scheme),
        authority,
        path: &path,
        opaque: false,
        query: r.query,
        fragment: r.fragment,
    })
}

/// Step 7: recombine the components, and check that the text reads back as the same ones.
fn finish(c: &Components<'_>) -> Result<Resolved, ResolveError> {
    let text = recombine(c);
    // An authority with an IPv6 literal (a reference read under RFC 2732) reads back only
    // under RFC 2732.
    let same = UriReference::parse_either(&text).is_ok_and(|u| {
        u.is_absolute()
            && u.authority().map(|a| a.as_str()) == c.authority
            && u.path().as_str() == c.path
    });
    if !same {
        return Err(ResolveError::Unrepresentable {
            path: c.path.to_string(),
            uri: text,
        });
    }
    AbsoluteUriBuf::from_text(text).map(Resolved::Uri)
}

/// The pseudocode of step 7 (rfc2396.txt:1190-1210).
fn recombine(c: &Components<'_>) -> String {
    let mut result = String::new();
    if let Some(s) = c.scheme {
        result.push_str(s);
        result.push(':');
    }
    if let Some(a) = c.authority {
        result.push_str("//");
        result.push_str(a);
    }
    result.push_str(c.path);
    if let Some(q) = c.query {
        result.push('?');
        result.push_str(q);
    }
    if let Some(f) = c.fragment {
        result.push('#');
        result.push_str(f);
    }
    result
}

/// Step 6: merge a relative path with the base path.
fn merge(
    base_path: &str,
    reference_path: &str,
    dot_dot: LeadingDotDot,
) -> Result<String, ResolveError> {
    // a) All but the last segment of the base path; `/` for an empty base path (see the
    //    module doc: the printed step would glue the path to the authority).
    let dir = match base_path.rfind('/') {
        Some(k) => &base_path[..=k],
        None => "/",
    };
    // b)
    let mut buffer = String::with_capacity(dir.len() + reference_path.len());
    buffer.push_str(dir);
    buffer.push_str(reference_path);
    // c) to f)
    let mut segments = remove_dot_segments(&buffer);
    // g)
    if segments.first() == Some(&"..") {
        match dot_dot {
            LeadingDotDot::Keep => {}
            LeadingDotDot::Strip => {
                let n = segments.iter().take_while(|s| **s == "..").count();
                segments.drain(..n);
                if segments.is_empty() {
                    segments.push("");
                }
            }
            LeadingDotDot::Reject => {
                return Err(ResolveError::AboveRoot {
                    path: join(&segments),
                });
            }
        }
    }
    // h)
    Ok(join(&segments))
}

fn join(segments: &[&str]) -> String {
    let mut path = String::new();
    for s in segments {
        path.push('/');
        path.push_str(s);
    }
    path
}

/// Steps 6c to 6f on a buffer that starts with `/`, as one pass over a stack of segments: the
/// segments after the leading `/` that remain. The leading `/` belongs to `abs_path`, so no
/// segment stands before it.
fn remove_dot_segments(buffer: &str) -> Vec<&str> {
    let segments: Vec<&str> = buffer.get(1..).unwrap_or("").split('/').collect();
    let n = segments.len();
    let mut out: Vec<&str> = Vec::with_capacity(n);
    for (k, s) in segments.into_iter().enumerate() {
        let last = k + 1 == n;
        match s {
            // c) every "./" whose "." is a complete segment; d) a final "." (its "/" stays).
            "." if last => out.push(""),
            "." => {}
            // e) "<segment>/../" with <segment> not "..", leftmost first, until none is left:
            //    a stack pops the segment that the "../" cancels.
            ".." if !last && out.last().is_some_and(|p| *p != "..") => {
                out.pop();
            }
            _ => out.push(s),
        }
    }
    // f) a final "<segment>/.." with <segment> not "..".
    let l = out.len();
    if l >= 2 && out[l - 1] == ".." && out[l - 2] != ".." {
        out.truncate(l - 2);
        out.push("");
    }
    out
}

/// The inverse of [`resolve`]: a reference that resolves against `base` to `target`, as
/// relative as the grammar allows: a relative path when one works, else an absolute path, a
/// network path, or `target` itself. Always `resolve(base, relativize(base, target)) ==
/// target`. It never gives a reference to the current document (an empty path without a
/// query), which would resolve to no URI.
///
/// Errors: `base` is not absolute, or `target` is not absolute.
///
/// ```
/// use urigram::rfc2396::{UriReference, relativize, resolve};
/// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
/// let rel = |t| relativize(&base, &UriReference::parse(t).unwrap()).unwrap().to_string();
/// assert_eq!(rel("http://a/b/c/g"), "g");
/// assert_eq!(rel("http://a/b/g?y"), "../g?y");
/// assert_eq!(rel("http://a/b/c/"), "./");
/// assert_eq!(rel("http://a/b/c/this:that"), "./this:that");
/// assert_eq!(rel("http://a/./g"), "/./g");
/// assert_eq!(rel("http://g/x"), "//g/x");
/// assert_eq!(rel("ftp://a/b"), "ftp://a/b");
///
/// let t = UriReference::parse("http://a/b/g?y").unwrap();
/// let r = relativize(&base, &t).unwrap();
/// assert_eq!(resolve(&base, &r.get()).unwrap().to_string(), t.as_str());
/// ```
pub fn relativize(
    base: &UriReference<'_>,
    target: &UriReference<'_>,
) -> Result<UriReferenceBuf, ResolveError> {
    let Some(base_scheme) = base.scheme() else {
        return Err(ResolveError::RelativeBase(base.as_str().to_string()));
    };
    let Some(target_scheme) = target.scheme() else {
        return Err(ResolveError::NotAbsolute(target.as_str().to_string()));
    };
    let whole = target.to_buf();
    if base_scheme.as_str() != target_scheme.as_str()
        || base.path().kind() == PathKind::Opaque
        || target.path().kind() == PathKind::Opaque
    {
        return Ok(whole);
    }
    let works = |candidate: String| -> Option<UriReferenceBuf> {
        let r = UriReferenceBuf::try_from(candidate).ok()?;
        match resolve(base, &r.get()) {
            Ok(Resolved::Uri(u)) if u.as_str() == target.as_str() => Some(r),
            _ => None,
        }
    };
    let mut tail = String::new();
    if let Some(q) = target.query() {
        tail.push('?');
        tail.push_str(q.as_str());
    }
    if let Some(f) = target.fragment() {
        tail.push('#');
        tail.push_str(f.as_str());
    }
    let path = target.path().as_str();
    let authority = target.authority().map(|a| a.as_str());

    if base.authority().map(|a| a.as_str()) == authority {
        if let Some(r) = relative_path(base.path().as_str(), path).and_then(|p| works(p + &tail)) {
            return Ok(r);
        }
        if path.starts_with('/')
            && let Some(r) = works(format!("{path}{tail}"))
        {
            return Ok(r);
        }
    }
    if let Some(a) = authority
        && let Some(r) = works(format!("//{a}{path}{tail}"))
    {
        return Ok(r);
    }
    Ok(whole)
}

/// A relative path that step 6 merges with `base_path` into `target_path`, when the two share
/// their first segments; the caller checks it by resolving.
fn relative_path(base_path: &str, target_path: &str) -> Option<String> {
    let dir = match base_path.rfind('/') {
        Some(k) => &base_path[..k],
        None => "",
    };
    let target = target_path.strip_prefix('/')?;
    let dirs: Vec<&str> = dir.split('/').skip(1).collect();
    let segments: Vec<&str> = target.split('/').collect();
    let target_dirs = &segments[..segments.len() - 1];
    let common = dirs
        .iter()
        .zip(target_dirs)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = dirs.len() - common;
    let rest = segments[common..].join("/");
    let mut out = "../".repeat(ups);
    if ups == 0 {
        // The first segment of a rel_path is a non-empty rel_segment, without ":".
        let first = segments[common];
        if first.is_empty() || first.contains(':') {
            out.push_str("./");
        }
    }
    out.push_str(&rest);
    Some(out)
}

text_like!(AbsoluteUriBuf);
crate::values::accessors::accessors!(
    absolute AbsoluteUriBuf,
    UriReference,
    rfc2396,
    "urigram::rfc2396::AbsoluteUriBuf"
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps 6c to 6f as printed: string replacements on the buffer, one at a time.
    fn as_printed(buffer: &str) -> String {
        let mut b = buffer.to_string();
        // A complete segment starts after a "/" (the leading "/" is abs_path's, no segment
        // stands before it) and ends at a "/" or the end.
        let starts = |b: &str| -> Vec<usize> {
            b.match_indices('/').map(|(k, _)| k + 1).collect::<Vec<_>>()
        };
        // c)
        loop {
            let s = starts(&b);
            match s.iter().find(|&&k| b[k..].starts_with("./")) {
                Some(&k) => b.replace_range(k..k + 2, ""),
                None => break,
            }
        }
        // d)
        if b.ends_with("/.") {
            b.pop();
        }
        // e)
        loop {
            let s = starts(&b);
            let hit = s.iter().find_map(|&k| {
                let seg_end = k + b[k..].find('/')?;
                let seg = &b[k..seg_end];
                (seg != ".." && b[seg_end..].starts_with("/../")).then_some((k, seg_end + 4))
            });
            match hit {
                Some((k, end)) => b.replace_range(k..end, ""),
                None => break,
            }
        }
        // f)
        if let Some(body) = b.strip_suffix("/..") {
            let k = body.rfind('/').map(|k| k + 1);
            if let Some(k) = k
                && &body[k..] != ".."
            {
                b.truncate(k);
            }
        }
        b
    }

    #[test]
    fn stack_equals_string_replacements() {
        let pieces = ["a", "b", ".", "..", "", "...", ".a", "a."];
        let mut seed = 0x2396_u64;
        let mut draw = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..20_000 {
            let n = 1 + draw(7);
            let mut buffer = String::new();
            for _ in 0..n {
                buffer.push('/');
                buffer.push_str(pieces[draw(pieces.len())]);
            }
            assert_eq!(
                join(&remove_dot_segments(&buffer)),
                as_printed(&buffer),
                "{buffer}"
            );
        }
    }

    #[test]
    fn as_printed_examples() {
        assert_eq!(as_printed("/b/c/../../../g"), "/../g");
        assert_eq!(as_printed("/b/c/./g/."), "/b/c/g/");
        assert_eq!(as_printed("/b/c/.."), "/b/");
        assert_eq!(as_printed("/a//../b"), "/a/b");
    }
}
