//! Reading an RFC 3986 `URI-reference` with the grammar ([`UriReference::parse`]), the owned
//! [`UriReferenceBuf`] and [`AbsoluteUriBuf`], and the methods that resolve, normalize and compare
//! references. Above the grammar (`grammar::rfc3986`), which builds the values of `uri.rs`, and
//! above `components`, `resolve` and `normalize`, which these methods call.

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc3986::fast;
use crate::rfc3986::uri::{Host, HostData, UriReference};
use crate::rfc3986::{Components, ResolveError, Resolved, equivalent, normalize, resolve};
use crate::shared::HostKind;

impl<'a> UriReference<'a> {
    /// Parse `s` as an RFC 3986 `URI-reference` (Appendix A): a `URI`, or a `relative-ref`
    /// (which may be empty). The value borrows `s`; [`UriReference::to_buf`] or
    /// [`UriReferenceBuf`]'s `FromStr` make an owned one. The error names the first byte no
    /// continuation makes valid, the production and what was expected there.
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let u = UriReference::parse("http://a/b?q#f").unwrap();
    /// assert_eq!((u.host_str(), u.query().unwrap().as_str()), (Some("a"), "q"));
    /// assert!(UriReference::parse("").is_ok());
    /// let e = UriReference::parse("http://a/%zz").unwrap_err();
    /// assert_eq!((e.offset(), e.rule()), (10, "pct-encoded"));
    /// assert!(UriReference::parse("http://a/?[x]").is_err()); // `[` only in an IP-literal
    /// ```
    pub fn parse(s: &'a str) -> Result<UriReference<'a>, Error> {
        // The fast pass (`src/grammar/passes/fast_path.rs` holds it to the productions).
        if let Some(u) = fast::whole_uri_reference(s) {
            return Ok(u);
        }
        Err(Grammar::Rfc3986.diagnose_named("URI-reference", s))
    }
}

impl<'a> UriReference<'a> {
    /// The five components of section 5.2.1, as plain strings ([`Components`]).
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("../g?y#s").unwrap();
    /// let c = u.components();
    /// assert_eq!((c.scheme, c.authority, c.path), (None, None, "../g"));
    /// assert_eq!((c.query, c.fragment), (Some("y"), Some("s")));
    /// assert_eq!(c.to_string(), u.as_str());
    /// ```
    pub fn components(&self) -> Components<'a> {
        Components {
            scheme: self.scheme.map(|p| p.as_str()),
            authority: self.authority.map(|a| a.as_str()),
            path: self.path.as_str(),
            query: self.query.map(|p| p.as_str()),
            fragment: self.fragment.map(|p| p.as_str()),
        }
    }
}

impl<'a> UriReference<'a> {
    /// Resolve `reference` against this base by section 5.2 ([`resolve`]): the strict parser,
    /// `..` above the root removed, dot segments removed. The answers are RFC 3986's, which
    /// differ from RFC 2396's ([`crate::rfc2396::UriReference::resolve`]) on `?y`, `../../../g` and
    /// `/./g`; `urigram resolve --compare` lists such differences.
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = |s| base.resolve(&UriReference::parse(s).unwrap()).unwrap().to_string();
    /// assert_eq!(r("../g"), "http://a/b/g");
    /// assert_eq!(r("?y"), "http://a/b/c/d;p?y"); // rfc3986.txt:1966
    /// assert_eq!(r("../../../g"), "http://a/g"); // rfc3986.txt:1995
    /// // A base must have a scheme.
    /// let relative = UriReference::parse("b/c").unwrap();
    /// assert!(relative.resolve(&UriReference::parse("g").unwrap()).is_err());
    /// ```
    pub fn resolve(&self, reference: &UriReference<'_>) -> Result<Resolved, ResolveError> {
        resolve(&self.components(), &reference.components())
    }
}

impl<'a> UriReference<'a> {
    /// Resolve the text `reference` against this base ([`UriReference::resolve`]), after
    /// checking it against RFC 3986's `URI-reference`: the `url` crate's `Url::join`. The
    /// result is an owned, validated absolute URI ([`AbsoluteUriBuf`], as RFC 2396's
    /// `join` gives its own), whose typed view is one `get` away.
    ///
    /// ```
    /// let base = urigram::rfc3986::UriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let t = base.join("g;x?y#s").unwrap();
    /// assert_eq!(t, "http://a/b/c/g;x?y#s");
    /// assert_eq!(t.get().query().unwrap(), "y");
    /// assert!(base.join("a b").is_err());
    /// // A target that section 5.3 cannot write is an error, never a different URI.
    /// let foo = urigram::rfc3986::UriReference::parse("foo:/a/b").unwrap();
    /// let e = foo.join("..//g").unwrap_err();
    /// assert!(matches!(e, urigram::rfc3986::ResolveError::Unrepresentable { .. }));
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        let r = UriReference::parse(reference).map_err(ResolveError::InvalidReference)?;
        AbsoluteUriBuf::from_resolved(self.resolve(&r)?)
    }
}

impl<'a> UriReference<'a> {
    /// The normal form of section 6.2.2 and 6.2.3 ([`normalize`], whose text this holds), as
    /// an owned reference, as RFC 2396's
    /// [`UriReference::normalize`](crate::rfc2396::UriReference::normalize) gives.
    ///
    /// ```
    /// use urigram::rfc3986::{UriReference, UriReferenceBuf};
    /// let u = UriReference::parse("HTTP://Example.COM:80/%7euser/./a").unwrap();
    /// let n: UriReferenceBuf = u.normalize();
    /// assert_eq!(n, "http://example.com/~user/a");
    /// assert_eq!(n.host_str(), Some("example.com"));
    /// assert_eq!(n.normalize(), n); // the normal form is its own
    /// ```
    pub fn normalize(&self) -> UriReferenceBuf {
        // The normal form of a reference is one: decoding only unreserved characters, the
        // case of the scheme, host and escapes, a default port dropped and dot segments
        // removed (unless that would make the path an authority) keep it a `URI-reference`.
        // Should it ever not read as one, the reference is its own normal form.
        UriReferenceBuf::try_from(normalize(&self.components())).unwrap_or_else(|_| self.to_buf())
    }
}

impl<'a> UriReference<'a> {
    /// Whether `self` and `other` are equivalent by section 6.2.2 and 6.2.3: whether their
    /// normal forms ([`UriReference::normalize`]) are equal ([`equivalent`] on components). A
    /// method, as on RFC 2396's references.
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let a = UriReference::parse("http://example.com").unwrap();
    /// assert!(a.equivalent(&UriReference::parse("HTTP://example.com:80/").unwrap()));
    /// assert!(!a.equivalent(&UriReference::parse("http://example.com/?").unwrap()));
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = UriReference<'b>> + ?Sized,
    {
        equivalent(&self.components(), &other.as_view().components())
    }
}

impl<'a> TryFrom<&'a str> for UriReference<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        UriReference::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated RFC 3986 `URI-reference`. [`UriReferenceBuf::get`] gives the typed
    /// view; with the `serde` feature it (de)serializes as its text, checked on the way in.
    ///
    /// ```
    /// use urigram::rfc3986::UriReferenceBuf;
    /// let u: UriReferenceBuf = "http://[v1.fe]/a?q".parse().unwrap();
    /// assert_eq!(u.get().host().unwrap().as_str(), "[v1.fe]");
    /// assert_eq!(u.to_string(), "http://[v1.fe]/a?q");
    /// assert!("http://a/b c".parse::<UriReferenceBuf>().is_err());
    /// let u = UriReferenceBuf::try_from(String::from("?y")).unwrap();
    /// assert_eq!(u.into_string(), "?y");
    /// ```
    UriReferenceBuf,
    UriReference,
    "an RFC 3986 `URI-reference`",
    "rfc3986",
    "\"http://a/b?q\""
);

crate::rfc2396::parse::text_like!(UriReferenceBuf);

crate::values::accessors::accessors!(
    UriReferenceBuf,
    UriReference,
    rfc3986,
    "urigram::rfc3986::UriReferenceBuf"
);

/// The semantics on the owned type: each is the view's method of the same name.
impl UriReferenceBuf {
    /// [`UriReference::equivalent`].
    ///
    /// ```
    /// let u: urigram::rfc3986::UriReferenceBuf = "HTTP://a:80".parse().unwrap();
    /// assert!(u.equivalent(&urigram::rfc3986::UriReference::parse("http://a/").unwrap()));
    /// let v: urigram::rfc3986::UriReferenceBuf = "http://a/".parse().unwrap();
    /// assert!(u.equivalent(&v)); // a view or an owned value
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = UriReference<'b>> + ?Sized,
    {
        self.get().equivalent(other)
    }

    /// The five components of section 5.2.1 ([`UriReference::components`]).
    ///
    /// ```
    /// let u: urigram::rfc3986::UriReferenceBuf = "http://me@a:8080/b?x=1#f".parse().unwrap();
    /// assert_eq!(u.components().authority, Some("me@a:8080"));
    /// ```
    pub fn components(&self) -> Components<'_> {
        self.get().components()
    }

    /// [`UriReference::resolve`] with this base.
    ///
    /// ```
    /// use urigram::rfc3986::{UriReference, UriReferenceBuf};
    /// let base: UriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// let r = base.resolve(&UriReference::parse("g?y").unwrap()).unwrap();
    /// assert_eq!(r, "http://a/b/c/g?y");
    /// ```
    pub fn resolve(&self, reference: &UriReference<'_>) -> Result<Resolved, ResolveError> {
        self.get().resolve(reference)
    }

    /// [`UriReference::join`] with this base.
    ///
    /// ```
    /// let base: urigram::rfc3986::UriReferenceBuf = "http://a/b/c/d;p?q".parse().unwrap();
    /// assert_eq!(base.join("../g").unwrap(), "http://a/b/g");
    /// ```
    pub fn join(&self, reference: &str) -> Result<AbsoluteUriBuf, ResolveError> {
        self.get().join(reference)
    }

    /// [`UriReference::normalize`].
    ///
    /// ```
    /// let u: urigram::rfc3986::UriReferenceBuf = "http://A/%7e".parse().unwrap();
    /// assert_eq!(u.normalize(), "http://a/~");
    /// ```
    pub fn normalize(&self) -> UriReferenceBuf {
        self.get().normalize()
    }
}

/// An owned RFC 3986 absolute URI, with or without a fragment: a [`UriReferenceBuf`] that has
/// a scheme. What [`UriReference::join`] gives, as RFC 2396's `join` gives
/// [`rfc2396::AbsoluteUriBuf`](crate::rfc2396::AbsoluteUriBuf): the same name, one type per
/// family.
///
/// ```
/// use urigram::rfc3986::{AbsoluteUriBuf, UriReference};
/// let u: AbsoluteUriBuf = "http://a/b/c/g?y#s".parse().unwrap();
/// assert_eq!(u.get().query().unwrap(), "y");
/// assert!("g?y#s".parse::<AbsoluteUriBuf>().is_err()); // no scheme
/// assert!("http://a b/".parse::<AbsoluteUriBuf>().is_err());
/// let t = UriReference::parse("http://a/b").unwrap().join("c").unwrap();
/// assert_eq!((t.as_str(), t.as_reference().as_str()), ("http://a/c", "http://a/c"));
/// assert_eq!(t.into_string(), "http://a/c");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsoluteUriBuf(UriReferenceBuf);

crate::values::absolute::absolute!(
    AbsoluteUriBuf,
    UriReferenceBuf,
    UriReference,
    rfc3986,
    "absolute-URI",
    Rfc3986,
    "urigram::rfc3986::AbsoluteUriBuf"
);

impl<'a> Host<'a> {
    /// The host read: the address of an IP literal or an `IPv4address`, the text otherwise.
    /// Every `IPv6address` and `IPv4address` of the grammar is an address (the grammar counts
    /// the groups and bounds each `dec-octet`), so this never fails.
    pub fn data(&self) -> HostData<'a> {
        // An IP literal's text is `[`, the address, `]`.
        let inner = 1..self.text.as_str().len().saturating_sub(1).max(1);
        match self.kind {
            HostKind::Ipv6 => {
                let b = self.as_str().as_bytes().get(inner).unwrap_or_default();
                HostData::Ipv6(fast::ipv6_groups(b).unwrap_or_default().into())
            }
            HostKind::IpvFuture => HostData::IpvFuture(self.text.slice(inner)),
            HostKind::Ipv4 => {
                let b = self.as_str().as_bytes();
                HostData::Ipv4(fast::ipv4_octets(b).unwrap_or_default().into())
            }
            // RFC 3986 has no `hostname`: never read as one.
            HostKind::RegName | HostKind::Hostname => HostData::RegName(self.text),
        }
    }
}
