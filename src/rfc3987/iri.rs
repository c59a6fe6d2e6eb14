//! Typed IRI references: RFC 3986's values ([`rfc3986::Authority`], [`rfc3986::Host`],
//! [`rfc3986::Path`], [`Part`]) over the text of an `IRI-reference`, its owned form
//! [`IriReferenceBuf`], and [`AbsoluteIriBuf`], what resolution gives.
//!
//! An IRI reference has the five components of a URI reference, delimited by the same ASCII
//! characters (section 2.2 adds only characters outside US-ASCII, and only inside components):
//! the text is checked with [`Grammar::Rfc3987`], split as RFC 3986's Appendix B reads any text
//! ([`Components::split`]), and each component's kind read as section 2.2's rules fix it.

use std::fmt;

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc3986::fast::whole_uri_reference;
use crate::grammar::rfc3987::fast::{host_kind, whole_iri_reference};
use crate::part::Part;
use crate::rfc3986::{
    self, Authority, Components, Host, Path, PathKind, ReferenceKind, ResolveError, Resolved,
    UriReference,
};
use crate::shared::Segments;

/// An `IRI-reference` (RFC 3987 section 2.2, rfc3987.txt:383): an `IRI` (with a scheme) or an
/// `irelative-ref`, read into RFC 3986's values: every component and every accessor is RFC
/// 3986's, over text that may hold characters outside US-ASCII.
///
/// ```
/// use urigram::rfc3986::{HostKind, PathKind};
/// use urigram::rfc3987::IriReference;
/// let i = IriReference::parse("http://r\u{e9}sum\u{e9}.example.org:8080/caf\u{e9}?q=\u{e9}#f").unwrap();
/// assert_eq!(i.scheme().unwrap(), "http");
/// let h = i.host().unwrap();
/// assert_eq!((h.as_str(), h.kind()), ("r\u{e9}sum\u{e9}.example.org", HostKind::RegName));
/// assert_eq!(i.port(), Some(8080));
/// assert_eq!((i.path().as_str(), i.path().kind()), ("/caf\u{e9}", PathKind::AbEmpty));
/// assert_eq!(i.query().unwrap().range(), 39..43); // byte offsets
/// assert_eq!(i.to_string(), "http://r\u{e9}sum\u{e9}.example.org:8080/caf\u{e9}?q=\u{e9}#f");
/// // Not an IRI reference: the grammar's error, in bytes at a character boundary.
/// let e = IriReference::parse("http://\u{e9}/a b").unwrap_err();
/// assert_eq!((e.offset(), e.found()), (11, Some(' ')));
/// ```
///
/// Two references are equal when their texts and offsets are (simple string comparison,
/// section 5.3.1); [`IriReference::equivalent`] climbs the rest of section 5.3's ladder.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IriReference<'a>(UriReference<'a>);

mod kept {
    use super::IriReference;
    use crate::detach::detach_view;
    use crate::rfc3986::UriReference;
    detach_view!(struct IriReference<'a>(UriReference<'a>));
}

impl<'a> IriReference<'a> {
    /// Parse `s` as an RFC 3987 `IRI-reference` ([`Grammar::Rfc3987`]). The value borrows `s`;
    /// [`IriReference::to_buf`] makes an owned one. The error names the first byte no
    /// continuation makes valid, the production and what was expected there.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// assert!(IriReference::parse("").is_ok());
    /// assert!(IriReference::parse("../\u{10300}?\u{e000}").is_ok()); // `iprivate` in a query
    /// let e = IriReference::parse("x:/\u{e000}").unwrap_err(); // and nowhere else
    /// assert_eq!(e.offset(), 3);
    /// ```
    pub fn parse(s: &'a str) -> Result<IriReference<'a>, Error> {
        // The fast passes find the parts as they check them; a text they reject gets RFC
        // 3987's diagnosis from the grammar. Section 2.2 adds only characters outside
        // US-ASCII, so a text of US-ASCII is an `IRI-reference` exactly when it is a
        // `URI-reference`, with the same parts: RFC 3986's fast pass, the faster of the two on
        // such texts, reads it.
        let fast = if s.is_ascii() {
            whole_uri_reference(s)
        } else {
            whole_iri_reference(s)
        };
        if let Some(u) = fast {
            return Ok(IriReference(u));
        }
        Grammar::Rfc3987.check("IRI-reference", s)?;
        Ok(IriReference(read(s)))
    }

    /// The whole reference as written.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("\u{e9}#f").unwrap();
    /// assert_eq!(i.as_str(), "\u{e9}#f");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }

    /// The whole reference as a [`Part`].
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("\u{e9}#f").unwrap();
    /// assert_eq!(i.as_part().range(), 0..4);
    /// ```
    pub fn as_part(&self) -> Part<'a> {
        self.0.as_part()
    }

    /// Absolute, relative or same-document ([`rfc3986::UriReference::kind`]).
    ///
    /// ```
    /// use urigram::rfc3986::ReferenceKind;
    /// let kind = |s| urigram::rfc3987::IriReference::parse(s).unwrap().kind();
    /// assert_eq!((kind("x:\u{e9}"), kind("\u{e9}"), kind("#\u{e9}")),
    ///     (ReferenceKind::Absolute, ReferenceKind::Relative, ReferenceKind::SameDocument));
    /// ```
    pub fn kind(&self) -> ReferenceKind {
        self.0.kind()
    }

    /// Whether it is an `IRI`: it has a scheme.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("urn:\u{e9}").unwrap();
    /// assert!(i.is_absolute());
    /// ```
    pub fn is_absolute(&self) -> bool {
        self.0.is_absolute()
    }

    /// Whether it is an `absolute-IRI` (section 2.2, rfc3987.txt:385): a scheme and no
    /// fragment, what a base IRI must be. [`rfc3986::UriReference::is_absolute_uri`] on IRIs.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// assert!(IriReference::parse("http://\u{e9}/b?q").unwrap().is_absolute_iri());
    /// assert!(!IriReference::parse("http://\u{e9}/b#f").unwrap().is_absolute_iri());
    /// assert!(!IriReference::parse("/\u{e9}").unwrap().is_absolute_iri());
    /// ```
    pub fn is_absolute_iri(&self) -> bool {
        self.0.is_absolute_uri()
    }

    /// The scheme, without its `:`.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("urn:\u{e9}").unwrap();
    /// assert_eq!(i.scheme().unwrap(), "urn");
    /// ```
    pub fn scheme(&self) -> Option<Part<'a>> {
        self.0.scheme()
    }

    /// The authority, after `//` (`iauthority`, read as RFC 3986's [`Authority`]).
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("//J\u{fc}rgen@h\u{e9}:80").unwrap();
    /// let a = i.authority().unwrap();
    /// assert_eq!((a.userinfo().unwrap().as_str(), a.host().as_str(), a.port()), ("J\u{fc}rgen", "h\u{e9}", Some(80)));
    /// ```
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.0.authority()
    }

    /// The host (`ihost`), when there is an authority.
    ///
    /// ```
    /// use urigram::rfc3986::HostKind;
    /// let i = urigram::rfc3987::IriReference::parse("http://[::1]/\u{e9}").unwrap();
    /// assert_eq!(i.host().unwrap().kind(), HostKind::Ipv6);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.0.host()
    }

    /// The host's text, as written.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("http://\u{4f8b}\u{3048}.test/").unwrap();
    /// assert_eq!(i.host_str(), Some("\u{4f8b}\u{3048}.test"));
    /// ```
    pub fn host_str(&self) -> Option<&'a str> {
        self.0.host_str()
    }

    /// The port as written, as a number ([`rfc3986::UriReference::port`]).
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("http://\u{e9}:8080/").unwrap();
    /// assert_eq!(i.port(), Some(8080));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.0.port()
    }

    /// The port, or else the scheme's default
    /// ([`rfc3986::UriReference::port_or_known_default`]).
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("http://\u{e9}/").unwrap();
    /// assert_eq!(i.port_or_known_default(), Some(80));
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.0.port_or_known_default()
    }

    /// The port as a value that tells digits above 65535 from no port
    /// ([`rfc3986::UriReference::port_value`]).
    ///
    /// ```
    /// use urigram::rfc3987::{IriReference, Port};
    /// let i = IriReference::parse("http://\u{e9}:99999/").unwrap();
    /// assert_eq!(i.port_value(), Some(Port::Overflow));
    /// ```
    pub fn port_value(&self) -> Option<crate::values::Port> {
        self.0.port_value()
    }

    /// The path (`ipath-*`, with which of the five rules it is).
    ///
    /// ```
    /// use urigram::rfc3986::PathKind;
    /// let i = urigram::rfc3987::IriReference::parse("\u{e9}/b").unwrap();
    /// assert_eq!((i.path().as_str(), i.path().kind()), ("\u{e9}/b", PathKind::NoScheme));
    /// ```
    pub fn path(&self) -> Path<'a> {
        self.0.path()
    }

    /// The segments of the path, `/` removed ([`Path::segments`]).
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("http://a/\u{e9}/c%20d").unwrap();
    /// let s: Vec<_> = i.path_segments().map(|s| s.decode_utf8().unwrap()).collect();
    /// assert_eq!(s, ["\u{e9}", "c d"]);
    /// ```
    pub fn path_segments(&self) -> Segments<'a> {
        self.0.path_segments()
    }

    /// The query, without its `?`.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("?\u{e000}").unwrap();
    /// assert_eq!(i.query().unwrap(), "\u{e000}");
    /// ```
    pub fn query(&self) -> Option<Part<'a>> {
        self.0.query()
    }

    /// The query's `name=value` pairs by the HTML forms convention
    /// ([`rfc3986::UriReference::query_pairs`]).
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("?q=\u{e9}+b").unwrap();
    /// assert_eq!(i.query_pairs().next(), Some(("q".into(), "\u{e9} b".into())));
    /// ```
    pub fn query_pairs(&self) -> crate::rfc2396::FormPairs<'a> {
        self.0.query_pairs()
    }

    /// The fragment, without its `#`.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("#\u{e9}").unwrap();
    /// assert_eq!(i.fragment().unwrap(), "\u{e9}");
    /// ```
    pub fn fragment(&self) -> Option<Part<'a>> {
        self.0.fragment()
    }

    /// The five components of RFC 3986 section 5.2.1, as plain strings ([`Components`]): what
    /// [`resolve`](fn@rfc3986::resolve), [`normalize`](fn@super::normalize) and
    /// [`equivalent`](fn@super::equivalent) take.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("../\u{e9}?y#s").unwrap();
    /// let c = i.components();
    /// assert_eq!((c.scheme, c.authority, c.path), (None, None, "../\u{e9}"));
    /// assert_eq!((c.query, c.fragment), (Some("y"), Some("s")));
    /// ```
    pub fn components(&self) -> Components<'a> {
        self.0.components()
    }

    /// The URI reference this IRI reference maps to (section 3.1, [`to_uri`](fn@super::to_uri)):
    /// every character outside US-ASCII as the `%HH` of its UTF-8 octets.
    ///
    /// ```
    /// let i = urigram::rfc3987::IriReference::parse("http://r\u{e9}sum\u{e9}.example.org").unwrap();
    /// assert_eq!(i.to_uri(), "http://r%C3%A9sum%C3%A9.example.org"); // rfc3987.txt:626-636
    /// ```
    pub fn to_uri(&self) -> rfc3986::UriReferenceBuf {
        match rfc3986::UriReferenceBuf::try_from(super::map::escape_non_ascii(self.as_str())) {
            Ok(u) => u,
            Err(e) => unreachable!("an IRI reference maps to a URI reference: {e}"),
        }
    }
}

/// The IRI reference read from a text that [`Grammar::Rfc3987`] accepted as an
/// `IRI-reference`: Appendix B's split, then each component's kind by section 2.2's rules.
fn read(s: &str) -> UriReference<'_> {
    let c = Components::split(s);
    fn part<'a>(s: &str, p: &'a str) -> Part<'a> {
        Part::new(p, p.as_ptr() as usize - s.as_ptr() as usize)
    }
    let part = |p| part(s, p);
    let authority = c.authority.map(|a| {
        let a = part(a);
        // `iuserinfo` holds no `@`, and `ihost` and `port` hold none: the first one ends it.
        let (userinfo, rest) = match a.as_str().find('@') {
            Some(i) => (Some(a.slice(0..i)), a.slice(i + 1..a.as_str().len())),
            None => (None, a),
        };
        // An `IP-literal` ends at `]`; no other `ihost` holds a `:`.
        let r = rest.as_str();
        let host_end = if r.starts_with('[') {
            r.find(']').map_or(r.len(), |i| i + 1)
        } else {
            r.find(':').unwrap_or(r.len())
        };
        let host = rest.slice(0..host_end);
        let port = (host_end < r.len()).then(|| rest.slice(host_end + 1..r.len()));
        let h = host.as_str();
        let kind = host_kind(h);
        Authority {
            text: a,
            userinfo,
            host: Host { text: host, kind },
            port,
        }
    });
    let path_kind = if authority.is_some() {
        PathKind::AbEmpty
    } else if c.path.is_empty() {
        PathKind::Empty
    } else if c.path.starts_with('/') {
        PathKind::Absolute
    } else if c.scheme.is_some() {
        PathKind::Rootless
    } else {
        PathKind::NoScheme
    };
    UriReference {
        text: Part::new(s, 0),
        scheme: c.scheme.map(part),
        authority,
        path: Path {
            text: part(c.path),
            kind: path_kind,
        },
        query: c.query.map(part),
        fragment: c.fragment.map(part),
    }
}

/// Every URI reference is an IRI reference (section 2.2 only adds characters): the same
/// components, read the same way.
///
/// ```
/// use urigram::rfc3987::IriReference;
/// let u = urigram::rfc3986::UriReference::parse("http://a/b?q").unwrap();
/// let i = IriReference::from(u);
/// assert_eq!(i, IriReference::parse("http://a/b?q").unwrap());
/// ```
impl<'a> From<UriReference<'a>> for IriReference<'a> {
    fn from(u: UriReference<'a>) -> IriReference<'a> {
        IriReference(u)
    }
}

impl<'a> TryFrom<&'a str> for IriReference<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<IriReference<'a>, Error> {
        IriReference::parse(s)
    }
}

impl fmt::Display for IriReference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for IriReference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("IriReference").field(&self.0).finish()
    }
}

/// Compares the text as written (simple string comparison, section 5.3.1).
impl PartialEq<str> for IriReference<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// See [`PartialEq<str>`](#impl-PartialEq<str>-for-IriReference<'_>).
impl PartialEq<&str> for IriReference<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl AsRef<str> for IriReference<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

crate::owned::owned!(
    /// An owned, validated RFC 3987 `IRI-reference`. [`IriReferenceBuf::get`] gives the typed
    /// view; with the `serde` feature it (de)serializes as its text, checked on the way in.
    ///
    /// ```
    /// use urigram::rfc3987::IriReferenceBuf;
    /// let i: IriReferenceBuf = "http://\u{4f8b}.test/\u{e9}?q".parse().unwrap();
    /// assert_eq!(i.get().host().unwrap().as_str(), "\u{4f8b}.test");
    /// assert_eq!(i.to_string(), "http://\u{4f8b}.test/\u{e9}?q");
    /// assert!("http://a/b c".parse::<IriReferenceBuf>().is_err());
    /// let i = IriReferenceBuf::try_from(String::from("?\u{e000}")).unwrap();
    /// assert_eq!(i.into_string(), "?\u{e000}");
    /// ```
    IriReferenceBuf,
    IriReference,
    "an RFC 3987 `IRI-reference`",
    "rfc3987",
    "\"http://a/\u{e9}?q\""
);

crate::rfc2396::parse::text_like!(IriReferenceBuf);

crate::values::accessors::accessors!(
    IriReferenceBuf,
    IriReference,
    rfc3987,
    "urigram::rfc3987::IriReferenceBuf"
);

impl IriReferenceBuf {
    /// The IRI reference for a URI reference by section 3.2 ([`to_iri`](fn@super::to_iri)):
    /// each escape decoded where an IRI may write its character plainly.
    ///
    /// ```
    /// use urigram::rfc3987::IriReferenceBuf;
    /// let u = urigram::rfc3986::UriReference::parse("http://www.example.org/D%C3%BCrst").unwrap();
    /// assert_eq!(IriReferenceBuf::from_uri(&u), "http://www.example.org/D\u{fc}rst"); // rfc3987.txt:825-833
    /// ```
    pub fn from_uri<'b, T>(uri: &'b T) -> IriReferenceBuf
    where
        T: crate::values::AsView<'b, View = UriReference<'b>> + ?Sized,
    {
        let uri = uri.as_view();
        let text = super::map::decode(uri.as_str(), uri.query().map(|q| q.range()));
        match IriReferenceBuf::try_from(text) {
            Ok(i) => i,
            Err(e) => unreachable!("section 3.2 maps a URI reference to an IRI reference: {e}"),
        }
    }

    /// The five components ([`IriReference::components`]).
    ///
    /// ```
    /// let i: urigram::rfc3987::IriReferenceBuf = "//h\u{e9}/p".parse().unwrap();
    /// assert_eq!(i.components().authority, Some("h\u{e9}"));
    /// ```
    pub fn components(&self) -> Components<'_> {
        self.get().components()
    }

    /// [`IriReference::to_uri`].
    ///
    /// ```
    /// let i: urigram::rfc3987::IriReferenceBuf = "/\u{e9}".parse().unwrap();
    /// assert_eq!(i.to_uri(), "/%C3%A9");
    /// ```
    pub fn to_uri(&self) -> rfc3986::UriReferenceBuf {
        self.get().to_uri()
    }

    /// [`IriReference::normalize`].
    ///
    /// ```
    /// let i: urigram::rfc3987::IriReferenceBuf = "HTTP://a/%C3%A9".parse().unwrap();
    /// assert_eq!(i.normalize(), "http://a/\u{e9}");
    /// ```
    pub fn normalize(&self) -> IriReferenceBuf {
        self.get().normalize()
    }

    /// [`IriReference::equivalent`].
    ///
    /// ```
    /// use urigram::rfc3987::{IriReference, IriReferenceBuf};
    /// let i: IriReferenceBuf = "http://a/%C3%A9".parse().unwrap();
    /// assert!(i.equivalent(&IriReference::parse("http://a:80/\u{e9}").unwrap()));
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = IriReference<'b>> + ?Sized,
    {
        self.get().equivalent(other)
    }

    /// [`IriReference::resolve`] with this base.
    ///
    /// ```
    /// use urigram::rfc3987::{IriReference, IriReferenceBuf};
    /// let base: IriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// assert_eq!(base.resolve(&IriReference::parse("\u{e9}?y").unwrap()).unwrap(), "http://a/b/c/\u{e9}?y");
    /// ```
    pub fn resolve(&self, reference: &IriReference<'_>) -> Result<Resolved, ResolveError> {
        self.get().resolve(reference)
    }

    /// [`IriReference::join`] with this base.
    ///
    /// ```
    /// let base: urigram::rfc3987::IriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// assert_eq!(base.join("../\u{e9}").unwrap(), "http://a/b/\u{e9}");
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteIriBuf, ResolveError> {
        self.get().join(reference)
    }
}

/// Every URI reference is an IRI reference, with the same text.
///
/// ```
/// use urigram::rfc3987::IriReferenceBuf;
/// let u: urigram::rfc3986::UriReferenceBuf = "http://a/%C3%A9".parse().unwrap();
/// assert_eq!(IriReferenceBuf::from(u), "http://a/%C3%A9"); // not decoded: see `from_uri`
/// ```
impl From<rfc3986::UriReferenceBuf> for IriReferenceBuf {
    fn from(u: rfc3986::UriReferenceBuf) -> IriReferenceBuf {
        let view = IriReference::from(u.get());
        IriReferenceBuf::with_text(u.as_str().to_string(), &view)
    }
}

impl<'a> IriReference<'a> {
    /// Resolve `reference` against this base by RFC 3986 section 5.2, as section 6.5 says
    /// (rfc3987.txt:1753-1757: "the algorithms of \[RFC3986\] can be applied directly"):
    /// [`rfc3986::resolve`] on the components, with the strict parser.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// let base = IriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = |s| base.resolve(&IriReference::parse(s).unwrap()).unwrap().into_string();
    /// assert_eq!(r("../\u{e9}"), "http://a/b/\u{e9}");
    /// assert_eq!(r("//\u{4f8b}.test"), "http://\u{4f8b}.test");
    /// assert!(IriReference::parse("\u{e9}").unwrap().resolve(&base).is_err()); // no scheme
    /// ```
    pub fn resolve(&self, reference: &IriReference<'_>) -> Result<Resolved, ResolveError> {
        rfc3986::resolve(&self.components(), &reference.components())
    }

    /// Resolve the text `reference` against this base ([`IriReference::resolve`]), after
    /// checking it against RFC 3987's `IRI-reference`: an owned, validated absolute IRI.
    ///
    /// ```
    /// let base = urigram::rfc3987::IriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let t = base.join("\u{e9};x?y#s").unwrap();
    /// assert_eq!(t, "http://a/b/c/\u{e9};x?y#s");
    /// assert_eq!(t.get().query().unwrap(), "y");
    /// assert!(base.join("a b").is_err());
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteIriBuf, ResolveError> {
        let r = IriReference::parse(reference).map_err(ResolveError::InvalidReference)?;
        AbsoluteIriBuf::from_resolved(self.resolve(&r)?)
    }
}

/// An owned RFC 3987 absolute IRI, with or without a fragment: an [`IriReferenceBuf`] that has
/// a scheme. What [`IriReference::join`] gives, as RFC 3986's `join` gives
/// [`rfc3986::AbsoluteUriBuf`].
///
/// ```
/// use urigram::rfc3987::AbsoluteIriBuf;
/// let i: AbsoluteIriBuf = "http://a/\u{e9}?y#s".parse().unwrap();
/// assert_eq!(i.get().query().unwrap(), "y");
/// assert!("\u{e9}?y".parse::<AbsoluteIriBuf>().is_err()); // no scheme
/// assert_eq!(i.as_reference().as_str(), i.as_str());
/// assert_eq!(i.into_string(), "http://a/\u{e9}?y#s");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsoluteIriBuf(IriReferenceBuf);

crate::values::absolute::absolute!(
    AbsoluteIriBuf,
    IriReferenceBuf,
    IriReference,
    rfc3987,
    "IRI",
    Rfc3987,
    "urigram::rfc3987::AbsoluteIriBuf"
);

/// An IRI reference for a URI reference (section 3.2, rfc3987.txt:769-797): each escape
/// decoded, except
///
/// - those of `%`, of a `reserved` character and of a US-ASCII character that URIs do not
///   allow (step 2: only `unreserved` characters and octets above US-ASCII are decoded);
/// - octets that are not part of a strictly legal UTF-8 sequence (step 3), as the RFC's
///   `D%FCrst` (rfc3987.txt:849-859);
/// - octets whose character is not appropriate in an IRI there (step 4): one outside `ucschar`,
///   an `iprivate` one outside the query (section 2.2), or a bidirectional formatting character
///   (LRM, RLM, LRE, RLE, LRO, RLO, PDF: section 4.1, rfc3987.txt:972-976; and the isolates
///   LRI, RLI, FSI, PDI that Unicode added later, for the same reason), as the RFC's
///   `%e2%80%ae` (rfc3987.txt:861-878).
///
/// Escapes kept in step 2 keep their case; octets re-escaped in steps 3 and 4 are written in
/// upper case, as the RFC's examples show. Section 6.1's further choices (look-alike
/// characters) are not made. [`to_uri`](super::to_uri) of the result is the URI again, but for
/// the case of its escapes and the escaped `unreserved` characters that are now written
/// plainly (rfc3987.txt:741-747).
///
/// `uri` must be a `URI-reference` of RFC 3986; the error says where it is not.
///
/// ```
/// use urigram::rfc3987::to_iri;
/// assert_eq!(
///     to_iri("http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
///     "http://xn--99zt52a.example.org/%E2%80%AE"
/// );
/// // `%2F` is reserved and stays; `%7e` is unreserved and is decoded.
/// assert_eq!(to_iri("http://a/%2F%7e%41").unwrap(), "http://a/%2F~A");
/// // A private-use character only in a query.
/// assert_eq!(to_iri("http://a/%EE%80%80?%EE%80%80").unwrap(), "http://a/%EE%80%80?\u{e000}");
/// ```
pub fn to_iri(uri: &str) -> Result<IriReferenceBuf, Error> {
    let u = rfc3986::UriReference::parse(uri)?;
    Ok(IriReferenceBuf::from_uri(&u))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::HostKind;

    /// The fast pass's values ([`whole_iri_reference`]) are the split's ([`read`]) on every
    /// IRI reference of the case files, the corpus mapped to IRIs, the example URLs, and
    /// texts with the edge characters of `ucschar` and `iprivate` in each part; and it rejects
    /// exactly what the grammar rejects.
    #[test]
    fn the_fast_pass_reads_what_the_split_reads() {
        let mut texts: Vec<String> = urigram_testkit::cases("rfc3987")
            .into_iter()
            .chain(urigram_testkit::cases("rfc3986"))
            .map(|c| c.input)
            .collect();
        let corpus = include_str!("../../benches/corpus/real-urls-10k.txt");
        texts.extend(
            corpus
                .lines()
                .filter_map(|l| super::super::to_iri(l).ok().map(String::from)),
        );
        texts.extend(
            include_str!("../../examples/urls.txt")
                .lines()
                .map(str::to_string),
        );
        for &c in urigram_testkit::IRI_EDGES {
            for t in [
                "{c}",
                "s{c}:x",
                "//{c}@{c}:8/{c}?{c}#{c}",
                "//[::1]{c}/",
                "//h:{c}/",
                "/{c}/..",
                "a{c}:b",
                "x:{c}",
                "?{c}",
                "#{c}",
                "//1.2.3.4{c}/",
                "//u{c}:p@h/",
            ] {
                texts.push(t.replace("{c}", &c.to_string()));
            }
        }
        let mut n = 0;
        for t in &texts {
            let checked = Grammar::Rfc3987.check("IRI-reference", t).is_ok();
            let fast = whole_iri_reference(t);
            assert_eq!(fast.is_some(), checked, "{t:?}");
            if let Some(u) = fast {
                assert_eq!(format!("{u:?}"), format!("{:?}", read(t)), "{t:?}");
                n += 1;
            }
        }
        assert!(n > 10_000, "{n}");
    }

    /// On every line of the example URLs that RFC 3986 accepts, the IRI reading of the text is
    /// RFC 3986's typed parse, field by field: the split and the kinds agree with the grammar.
    #[test]
    fn uris_read_as_rfc3986_reads_them() {
        let text = include_str!("../../examples/urls.txt");
        let mut read = 0;
        for l in text.lines() {
            if let Ok(u) = UriReference::parse(l) {
                assert_eq!(
                    IriReference::parse(l).unwrap(),
                    IriReference::from(u),
                    "{l:?}"
                );
                read += 1;
            }
        }
        assert!(read > 100);
        for s in [
            "",
            "//",
            "http://1.2.3.4:/",
            "http://1.2.3.4.5/",
            "http://[v7.x]:8/a",
            "http://[::1]/",
            "//u:p@h:1?#",
            "mailto:",
            "/a",
            "a:b",
            "./a:b",
            "?y",
        ] {
            let u = UriReference::parse(s).unwrap();
            assert_eq!(
                IriReference::parse(s).unwrap(),
                IriReference::from(u),
                "{s:?}"
            );
        }
    }

    /// Components with characters outside US-ASCII: kinds and byte ranges.
    #[test]
    fn non_ascii_components() {
        let i = IriReference::parse("foo://\u{fc}@\u{4f8b}:1/\u{e9}?\u{e000}#\u{10300}").unwrap();
        let a = i.authority().unwrap();
        assert_eq!(a.userinfo().unwrap().range(), 6..8);
        assert_eq!(
            (a.host().as_str(), a.host().kind()),
            ("\u{4f8b}", HostKind::RegName)
        );
        assert_eq!(a.host().as_part().range(), 9..12);
        assert_eq!(a.port_str().unwrap().range(), 13..14);
        assert_eq!(i.path().as_part().range(), 14..17);
        assert_eq!(i.query().unwrap().range(), 18..21);
        assert_eq!(i.fragment().unwrap().range(), 22..26);
        // A scheme is US-ASCII: `é:x` is a relative reference whose first segment has a `:`.
        let e = IriReference::parse("\u{e9}:x").unwrap_err();
        assert_eq!(e.offset(), 2);
        let i = IriReference::parse("x:\u{e9}").unwrap();
        assert_eq!(i.path().kind(), PathKind::Rootless);
        let i = IriReference::parse("//1.2.3.4\u{e9}").unwrap();
        assert_eq!(i.host().unwrap().kind(), HostKind::RegName);
    }

    /// The owned form keeps the view: `get` is the parse of its text; `Display`, `FromStr`,
    /// equality and hashing by the text.
    #[test]
    fn owned_round_trips() {
        use std::collections::HashSet;
        for s in [
            "http://\u{e9}/\u{e9}?\u{e000}#\u{e9}",
            "",
            "\u{e9}",
            "//[::1]:8",
        ] {
            let owned: IriReferenceBuf = s.parse().unwrap();
            assert_eq!(owned.get(), IriReference::parse(s).unwrap());
            assert_eq!(owned.to_string(), s);
            assert_eq!(owned.as_ref() as &str, s);
            let again = IriReferenceBuf::try_from(owned.to_string()).unwrap();
            assert_eq!(again, owned);
            let set: HashSet<_> = [owned.clone(), again].into_iter().collect();
            assert_eq!(set.len(), 1);
            assert_eq!(IriReference::parse(s).unwrap().to_buf(), owned);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_validated_text() {
        let i: IriReferenceBuf = "http://\u{e9}/a?b#c".parse().unwrap();
        let json = serde_json::to_string(&i).unwrap();
        assert_eq!(json, "\"http://\u{e9}/a?b#c\"");
        assert_eq!(serde_json::from_str::<IriReferenceBuf>(&json).unwrap(), i);
        assert!(serde_json::from_str::<IriReferenceBuf>("\"a b\"").is_err());
    }
}
