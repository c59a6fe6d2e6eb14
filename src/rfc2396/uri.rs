//! Typed RFC 2396 URI references: zero-copy values whose every component is a [`Part`] of the
//! input with its byte range.

use std::fmt;

use crate::part::Part;
use crate::shared::HostKind;

/// A `URI-reference` (RFC 2396 section 4, rfc2396.txt:1465): an absolute URI, a relative
/// reference, or nothing, with an optional fragment.
///
/// ```
/// use urigram::rfc2396::{UriReference, Authority, PathKind};
/// let u = UriReference::parse("http://user@example.com:8080/a/b;p?q#f").unwrap();
/// assert_eq!(u.scheme().unwrap(), "http");
/// let Some(Authority::Server(s)) = u.authority() else { panic!() };
/// assert_eq!(s.userinfo().unwrap(), "user");
/// assert_eq!(s.host().unwrap().as_str(), "example.com");
/// assert_eq!(s.port_str().unwrap(), "8080");
/// assert_eq!(u.path().kind(), PathKind::Absolute);
/// let segs: Vec<_> = u.path().segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["a", "b;p"]);
/// assert_eq!(u.query().unwrap(), "q");
/// assert_eq!(u.fragment().unwrap().range(), 37..38);
/// assert_eq!(u.to_string(), "http://user@example.com:8080/a/b;p?q#f");
/// ```
///
/// Two references are equal when their texts and offsets are; they are ordered by text, then
/// by offset (so a list of references parsed from separate strings sorts by text).
///
/// ```
/// use urigram::rfc2396::UriReference;
/// let mut v = vec![UriReference::parse("b:x").unwrap(), UriReference::parse("a:y").unwrap()];
/// v.sort();
/// assert_eq!(v[0], "a:y");
/// ```
///
/// `TryFrom<&str>` is [`UriReference::parse`]; [`UriReference::to_buf`] (or `From`) makes the
/// owned [`UriReferenceBuf`](crate::rfc2396::UriReferenceBuf).
///
/// ```
/// use urigram::rfc2396::{UriReference, UriReferenceBuf};
/// // rfc2396.txt:207
/// let u = UriReference::try_from("news:comp.infosystems.www.servers.unix").unwrap();
/// assert!(u.is_absolute());
/// let owned = UriReferenceBuf::from(u);
/// assert_eq!(owned, u.to_buf());
/// assert!(UriReference::try_from("news:comp infosystems").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UriReference<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Option<Part<'a>>,
    pub(crate) hier: Hier<'a>,
    pub(crate) fragment: Option<Part<'a>>,
}

/// What follows the scheme of an absolute URI, or a whole relative reference without its
/// fragment: the authority of a `net_path`, the path, and the query.
///
/// ```
/// use urigram::rfc2396::{Hier, PathKind};
/// // rfc2396.txt:195
/// let u = urigram::rfc2396::UriReference::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt").unwrap();
/// let Hier { authority, path, query } = u.hier();
/// assert_eq!(authority.unwrap().as_str(), "ftp.is.co.za");
/// assert_eq!((path.as_str(), path.kind()), ("/rfc/rfc1808.txt", PathKind::Absolute));
/// assert_eq!(query, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hier<'a> {
    /// The authority of a `net_path`.
    pub authority: Option<Authority<'a>>,
    /// The path (`abs_path`, `rel_path`, `opaque_part`, or empty).
    pub path: Path<'a>,
    /// The query, without its `?`.
    pub query: Option<Part<'a>>,
}

/// The text of the hierarchical part: `//` and the authority, the path, `?` and the query.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://a:80/b?q#f").unwrap();
/// assert_eq!(u.hier().to_string(), "//a:80/b?q");
/// ```
impl fmt::Display for Hier<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(a) = &self.authority {
            write!(f, "//{a}")?;
        }
        f.write_str(self.path.as_str())?;
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        Ok(())
    }
}

/// What kind of reference a [`UriReference`] is ([`UriReference::kind`]).
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::ReferenceKind;
/// let kind = |s| UriReference::parse(s).unwrap().kind();
/// assert_eq!(kind("mailto:mduerst@ifi.unizh.ch"), ReferenceKind::Absolute); // rfc2396.txt:204
/// assert_eq!(kind("//g"), ReferenceKind::Relative); // rfc2396.txt:1646
/// assert_eq!(kind("../g?y"), ReferenceKind::Relative);
/// assert_eq!(kind("#s"), ReferenceKind::SameDocument);
/// assert_eq!(kind(""), ReferenceKind::SameDocument); // rfc2396.txt:1670
/// assert!(UriReference::parse("g:h").unwrap().is_absolute()); // rfc2396.txt:1641
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReferenceKind {
    /// `absoluteURI`: it has a scheme.
    Absolute,
    /// `relativeURI`: a `net_path`, `abs_path` or `rel_path`.
    Relative,
    /// Neither: the empty string or a fragment alone (a same-document reference, section 4.2).
    SameDocument,
}

impl<'a> UriReference<'a> {
    /// The whole reference as written.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// The whole reference as a [`Part`].
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// Absolute, relative or same-document.
    pub fn kind(&self) -> ReferenceKind {
        if self.scheme.is_some() {
            ReferenceKind::Absolute
        } else if self.hier.authority.is_some() || self.hier.path.kind != PathKind::Empty {
            ReferenceKind::Relative
        } else {
            ReferenceKind::SameDocument
        }
    }

    /// Whether it is an `absoluteURI` (with or without a fragment).
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> Option<Part<'a>> {
        self.scheme
    }

    /// The authority, for a `net_path`.
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.hier.authority
    }

    /// The path.
    pub fn path(&self) -> Path<'a> {
        self.hier.path
    }

    /// The query, without its `?`.
    pub fn query(&self) -> Option<Part<'a>> {
        self.hier.query
    }

    /// The fragment, without its `#`.
    pub fn fragment(&self) -> Option<Part<'a>> {
        self.fragment
    }

    /// The hierarchical part (authority, path, query) as one value.
    pub fn hier(&self) -> Hier<'a> {
        self.hier
    }

    /// The host of a server-based authority (see [`Authority::host`]).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://user@Example.COM:8080/").unwrap();
    /// assert_eq!(u.host().unwrap(), "Example.COM");
    /// assert_eq!(urigram::rfc2396::UriReference::parse("mailto:a@b").unwrap().host(), None);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.hier.authority.and_then(|a| a.host())
    }

    /// The host's text, as the `url` crate's `Url::host_str` (but as written: not lower-cased).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt").unwrap();
    /// assert_eq!(u.host_str(), Some("ftp.is.co.za"));
    /// ```
    pub fn host_str(&self) -> Option<&'a str> {
        self.host().map(|h| h.as_str())
    }

    /// The port as a number, or else the scheme's default port ([`default_port`], the
    /// table of registered schemes, [`KNOWN_PORTS`]), as the `url` crate's
    /// `Url::port_or_known_default`. An empty
    /// port (`http://a:/`, `port = *digit`) counts as omitted: "if the port is omitted, the
    /// default port number is assumed" (section 3.2.2). `None` when the reference has no
    /// server-based authority, when a written port is above 65535 (the grammar allows any
    /// digits), or when the scheme has no known default.
    ///
    /// [`default_port`]: crate::rfc2396::default_port
    /// [`KNOWN_PORTS`]: crate::rfc2396::KNOWN_PORTS
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let p = |s| UriReference::parse(s).unwrap().port_or_known_default();
    /// assert_eq!(p("http://a:8080/"), Some(8080));
    /// assert_eq!(p("http://a/"), Some(80));
    /// assert_eq!(p("http://a:/"), Some(80));
    /// assert_eq!(p("gopher://a/"), Some(70));
    /// assert_eq!(p("https://a/"), Some(443)); // RFC 2818, not RFC 1738
    /// assert_eq!(p("foo://a/"), None);
    /// assert_eq!(p("http://a:99999/"), None);
    /// assert_eq!(p("//a/"), None); // no scheme
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        let Some(Authority::Server(s)) = self.hier.authority else {
            return None;
        };
        s.host?;
        match s.port {
            Some(p) if !p.is_empty() => p.as_str().parse().ok(),
            _ => crate::values::default_port(self.scheme?.as_str()),
        }
    }

    /// The port as written, as a number: `None` when the reference has no server-based
    /// authority, no port, an empty port (`http://a:/`), or digits above 65535 (the grammar
    /// allows any number of digits: `port = *digit`). The `url` crate's `Url::port`, except
    /// that a written default port is kept (`http://a:80/` gives `Some(80)`); the digits
    /// themselves are [`Authority::port_str`], the port with the scheme's default
    /// [`UriReference::port_or_known_default`].
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let p = |s| UriReference::parse(s).unwrap().port();
    /// assert_eq!(p("http://a:8080/"), Some(8080));
    /// assert_eq!(p("http://a:80/"), Some(80));
    /// assert_eq!(p("http://a/"), None);
    /// assert_eq!(p("http://a:/"), None);
    /// assert_eq!(p("http://a:99999/"), None);
    /// assert_eq!(p("mailto:a@b"), None);
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.hier.authority.and_then(|a| a.server())?.port()
    }

    /// The port as written, as a value that tells digits above 65535 from no port:
    /// [`Server::port_value`]. `None` for no server, no port or an empty port.
    ///
    /// ```
    /// use urigram::rfc2396::{Port, UriReference};
    /// let p = |s| UriReference::parse(s).unwrap().port_value();
    /// assert_eq!((p("http://a:80/"), p("http://a:99999/"), p("http://a/")), (Some(Port::Number(80)), Some(Port::Overflow), None));
    /// ```
    pub fn port_value(&self) -> Option<crate::values::Port> {
        self.hier.authority.and_then(|a| a.server())?.port_value()
    }

    /// The segments of the path, `/` removed: [`Path::segments`]. None for an empty or an
    /// opaque path (`mailto:a@b`); the `url` crate's `Url::path_segments` gives `None` there
    /// instead of an empty iterator.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/b/c%20d/").unwrap();
    /// let segs: Vec<_> = u.path_segments().map(|s| s.decode_utf8().unwrap()).collect();
    /// assert_eq!(segs, ["b", "c d", ""]);
    /// ```
    pub fn path_segments(&self) -> Segments<'a> {
        self.hier.path.segments()
    }
}

impl fmt::Display for UriReference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for UriReference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriReference")
            .field("text", &self.text)
            .field("scheme", &self.scheme)
            .field("authority", &self.hier.authority)
            .field("path", &self.hier.path)
            .field("query", &self.hier.query)
            .field("fragment", &self.fragment)
            .finish()
    }
}

/// Compares the text as written, byte for byte. Two references can differ as text and be
/// equivalent (section 6): see [`equivalent`](UriReference::equivalent).
impl PartialEq<str> for UriReference<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// See [`PartialEq<str>`](#impl-PartialEq<str>-for-UriReference<'_>).
impl PartialEq<&str> for UriReference<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// See [`PartialEq<str>`](#impl-PartialEq<str>-for-UriReference<'_>).
impl PartialEq<String> for UriReference<'_> {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<UriReference<'_>> for str {
    fn eq(&self, other: &UriReference<'_>) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<UriReference<'_>> for &str {
    fn eq(&self, other: &UriReference<'_>) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<UriReference<'_>> for String {
    fn eq(&self, other: &UriReference<'_>) -> bool {
        self == other.as_str()
    }
}

impl AsRef<str> for UriReference<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// The authority of a `net_path` (section 3.2): a server, or a registry-based name when the
/// text is not a valid server.
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::Authority;
/// let authority = |s| UriReference::parse(s).unwrap().authority().unwrap();
/// let a = authority("telnet://melvyl.ucop.edu/"); // rfc2396.txt:210
/// assert_eq!(a.server().unwrap().host().unwrap(), "melvyl.ucop.edu");
/// // "_" is in no hostname: the authority is a `reg_name`, with no host or port.
/// let a = authority("http://my_host:80/");
/// assert!(matches!(a, Authority::RegName(name) if name == "my_host:80"));
/// assert_eq!((a.server(), a.host(), a.as_part().range()), (None, None, 7..17));
/// // The empty authority of `file:///` is the empty server.
/// assert_eq!(authority("file:///etc/motd").server().unwrap().as_str(), "");
/// assert_eq!(UriReference::parse("/etc/motd").unwrap().authority(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Authority<'a> {
    /// `server = [ [ userinfo "@" ] hostport ]` (section 3.2.2); possibly empty.
    Server(Server<'a>),
    /// `reg_name` (section 3.2.1).
    RegName(Part<'a>),
}

impl<'a> Authority<'a> {
    /// The whole authority.
    pub fn as_part(&self) -> Part<'a> {
        match self {
            Authority::Server(s) => s.text,
            Authority::RegName(p) => *p,
        }
    }

    /// The whole authority's text.
    pub fn as_str(&self) -> &'a str {
        self.as_part().as_str()
    }

    /// The server, for a server-based authority.
    pub fn server(&self) -> Option<Server<'a>> {
        match self {
            Authority::Server(s) => Some(*s),
            Authority::RegName(_) => None,
        }
    }

    /// The host of a server-based authority: `None` for a `reg_name` (which section 3.2.1
    /// does not divide into a host and a port) and for the empty server (`file:///etc`).
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let host = |s| UriReference::parse(s).unwrap().authority().unwrap().host();
    /// assert_eq!(host("http://me@a.example:80/").unwrap(), "a.example");
    /// assert_eq!(host("file:///etc/motd"), None);
    /// assert_eq!(host("foo://reg_name/"), None);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.server().and_then(|s| s.host)
    }

    /// The userinfo of a server-based authority, without its `@`.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("ftp://me:secret@a/").unwrap();
    /// assert_eq!(u.authority().unwrap().userinfo().unwrap(), "me:secret");
    /// ```
    pub fn userinfo(&self) -> Option<Part<'a>> {
        self.server().and_then(|s| s.userinfo)
    }

    /// The port of a server-based authority as a number ([`Server::port`]): `None` for no
    /// port, an empty one, or digits above 65535.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a:8080/").unwrap();
    /// assert_eq!(u.authority().unwrap().port(), Some(8080));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.server().and_then(|s| s.port())
    }

    /// The port digits of a server-based authority as written (possibly empty:
    /// `port = *digit`), with their place in the input ([`Server::port_str`]).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a:8080/").unwrap();
    /// assert_eq!(u.authority().unwrap().port_str().unwrap(), "8080");
    /// ```
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.server().and_then(|s| s.port)
    }
}

/// The authority as written.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://me@a:80/").unwrap();
/// assert_eq!(u.authority().unwrap().to_string(), "me@a:80");
/// ```
impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A server-based authority: `[ [ userinfo "@" ] hostport ]` (section 3.2.2).
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("ftp://anonymous:guest@ftp.is.co.za:21/rfc").unwrap();
/// let s = u.authority().unwrap().server().unwrap();
/// assert_eq!(s.userinfo().unwrap(), "anonymous:guest");
/// assert_eq!(s.host().unwrap(), "ftp.is.co.za");
/// assert_eq!((s.port_str().unwrap().as_str(), s.port()), ("21", Some(21)));
/// assert_eq!(s.as_part().range(), 6..37);
/// // `port = *digit`: any digits, or none, are a port; not all are a port number.
/// let server = |t| urigram::rfc2396::UriReference::parse(t).unwrap().authority().unwrap().server();
/// let port = |t| server(t).unwrap().port();
/// assert_eq!((port("http://a:/"), port("http://a:99999/")), (None, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Server<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) userinfo: Option<Part<'a>>,
    pub(crate) host: Option<Host<'a>>,
    pub(crate) port: Option<Part<'a>>,
}

impl<'a> Server<'a> {
    /// The whole server text (empty for the empty server).
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The userinfo, without its `@`.
    pub fn userinfo(&self) -> Option<Part<'a>> {
        self.userinfo
    }

    /// The host; `None` only for the empty server.
    pub fn host(&self) -> Option<Host<'a>> {
        self.host
    }

    /// The port digits after the `:` as written (possibly empty: `port = *digit`), with
    /// their place in the input. The text beside [`Server::port`]; `fluent-uri`'s
    /// `Authority::port`.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a:/").unwrap();
    /// let s = u.authority().unwrap().server().unwrap();
    /// assert_eq!((s.port_str().unwrap().as_str(), s.port()), ("", None));
    /// ```
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.port
    }

    /// The port as a number, when present, non-empty and at most 65535: the `url` crate's
    /// `port` (a written default port is kept).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a:0080/").unwrap();
    /// assert_eq!(u.authority().unwrap().server().unwrap().port(), Some(80));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port.and_then(|p| p.as_str().parse().ok())
    }

    /// The port as written, as a value that tells digits above 65535 ([`Port::Overflow`])
    /// from no port or an empty one (`None`).
    ///
    /// [`Port::Overflow`]: crate::rfc2396::Port::Overflow
    ///
    /// ```
    /// use urigram::rfc2396::Port;
    /// let u = urigram::rfc2396::UriReference::parse("http://a:99999/").unwrap();
    /// assert_eq!(u.authority().unwrap().server().unwrap().port_value(), Some(Port::Overflow));
    /// ```
    pub fn port_value(&self) -> Option<crate::values::Port> {
        crate::values::Port::of(self.port?.as_str())
    }

    /// The whole server text.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://me@a:80/").unwrap();
    /// assert_eq!(u.authority().unwrap().server().unwrap().as_str(), "me@a:80");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }
}

/// The server as written.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://me@a:80/").unwrap();
/// assert_eq!(u.authority().unwrap().server().unwrap().to_string(), "me@a:80");
/// ```
impl fmt::Display for Server<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `host = hostname | IPv4address` (section 3.2.2), or under RFC 2732 an IPv6 literal.
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::HostKind;
/// // rfc2396.txt:201
/// let h = UriReference::parse("http://www.math.uio.no/faq/").unwrap().host().unwrap();
/// assert_eq!((h.as_str(), h.kind()), ("www.math.uio.no", HostKind::Hostname));
/// assert_eq!(h.as_part().range(), 7..22);
/// assert_eq!(h, "www.math.uio.no"); // compares the text as written: no case folding
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Host<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: HostKind,
}

impl<'a> Host<'a> {
    /// The host text.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The host text.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// Hostname, IPv4 address, or (RFC 2732) IPv6 literal.
    pub fn kind(&self) -> HostKind {
        self.kind
    }

    /// The address of an `IPv6reference` host (RFC 2732, with its brackets in the text), when
    /// [`std::net::Ipv6Addr`] reads the text between the brackets. The printed grammar (RFC
    /// 2373 Appendix B) also derives texts that are no address, which give `None`: more than
    /// eight groups (`1:2:3:4:5:6:7:8:9`), or a `:::` before an IPv4 address; and an IPv4 part
    /// above 255 or with a leading zero gives `None` as in [`Host::ipv4`]. `None` for every
    /// other kind of host.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use urigram::rfc2396::UriReference;
    /// let ip = |s| UriReference::parse_rfc2732(s).unwrap().host().unwrap().ipv6();
    /// assert_eq!(ip("http://[::FFFF:129.144.52.38]/"), Some(Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0x8190, 0x3426)));
    /// assert_eq!(ip("http://[1:2:3:4:5:6:7:8:9]/"), None);
    /// assert_eq!(ip("http://127.0.0.1/"), None);
    /// ```
    pub fn ipv6(&self) -> Option<std::net::Ipv6Addr> {
        if self.kind != HostKind::Ipv6 {
            return None;
        }
        let inner = self.as_str().strip_prefix('[')?.strip_suffix(']')?;
        inner.parse().ok()
    }

    /// The address of an `IPv4address` host, when it is one that [`std::net::Ipv4Addr`] can
    /// hold. RFC 2396 writes `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`
    /// (rfc2396.txt:735, 1498), so `256.1.1.1` and `010.0.0.1` are valid hosts; this gives `None`
    /// for a part above 255 and for a part with a leading zero, which some systems read as
    /// octal (`010` as 8), so that no text gives an address it may not mean. `None` for a
    /// `hostname` too.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use urigram::rfc2396::UriReference;
    /// let ip = |s| UriReference::parse(s).unwrap().host().unwrap().ipv4();
    /// assert_eq!(ip("http://127.0.0.1:8080/"), Some(Ipv4Addr::new(127, 0, 0, 1)));
    /// assert_eq!(ip("http://256.1.1.1/"), None);
    /// assert_eq!(ip("http://010.0.0.1/"), None);
    /// assert_eq!(ip("http://example.com/"), None);
    /// ```
    pub fn ipv4(&self) -> Option<std::net::Ipv4Addr> {
        if self.kind != HostKind::Ipv4 {
            return None;
        }
        let mut octets = [0u8; 4];
        let mut parts = self.as_str().split('.');
        for o in &mut octets {
            let p = parts.next()?;
            if p.is_empty() || p.len() > 3 || (p.len() > 1 && p.starts_with('0')) {
                return None;
            }
            *o = p.parse().ok()?;
        }
        if parts.next().is_some() {
            return None;
        }
        Some(std::net::Ipv4Addr::from(octets))
    }
}

impl PartialEq<str> for Host<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Host<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of path a reference has ([`Path::kind`]).
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::PathKind;
/// let kind = |s| UriReference::parse(s).unwrap().path().kind();
/// assert_eq!(kind("http://a/b/c/d;p?q"), PathKind::Absolute); // rfc2396.txt:1635
/// assert_eq!(kind("../g"), PathKind::Relative);
/// assert_eq!(kind("mailto:mduerst@ifi.unizh.ch"), PathKind::Opaque); // rfc2396.txt:204
/// assert_eq!(kind("http://a?q"), PathKind::Empty);
/// assert_eq!(kind("#s"), PathKind::Empty);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathKind {
    /// No path (a `net_path` without `abs_path`, or a same-document reference).
    Empty,
    /// `abs_path`: `"/" path_segments`.
    Absolute,
    /// `rel_path`: `rel_segment [ abs_path ]`.
    Relative,
    /// `opaque_part`: an absolute URI whose scheme-specific part does not start with `/`.
    Opaque,
}

/// The path of a reference.
///
/// ```
/// use urigram::rfc2396::UriReference;
/// use urigram::rfc2396::PathKind;
/// let u = UriReference::parse("http://a/b/c/d;p?q").unwrap(); // rfc2396.txt:1635
/// let p = u.path();
/// assert_eq!((p.as_str(), p.kind()), ("/b/c/d;p", PathKind::Absolute));
/// assert_eq!(p.as_part().range(), 8..16);
/// let segs: Vec<_> = p.segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["b", "c", "d;p"]);
/// // An opaque path has no segments: its structure is the scheme's.
/// let m = UriReference::parse("mailto:a@b/c").unwrap();
/// assert_eq!((m.path().as_str(), m.path().segments().count()), ("a@b/c", 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: PathKind,
}

impl<'a> Path<'a> {
    /// The whole path text.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The whole path text.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// The kind of path.
    pub fn kind(&self) -> PathKind {
        self.kind
    }

    /// The segments, `/` removed (none for an empty or opaque path). An `abs_path` of `/`
    /// has one empty segment, as `path_segments = segment *( "/" segment )` says.
    pub fn segments(&self) -> Segments<'a> {
        let rest = match self.kind {
            PathKind::Absolute => Some(self.text.slice(1..self.text.as_str().len())),
            PathKind::Relative => Some(self.text),
            PathKind::Empty | PathKind::Opaque => None,
        };
        Segments(crate::shared::Segments::of(rest))
    }
}

/// The path as written.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://a/b/c%20d?q").unwrap();
/// assert_eq!(u.path().to_string(), "/b/c%20d");
/// ```
impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Iterator over the segments of a [`Path`], from either end.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://a/b/c;p/d").unwrap();
/// let mut s = u.path().segments();
/// assert_eq!(s.next_back().unwrap().as_str(), "d"); // the last segment, as `url`'s
/// assert_eq!(s.next().unwrap().as_str(), "b");      // `path_segments().next_back()`
/// assert_eq!(s.next_back().unwrap().as_str(), "c;p");
/// assert_eq!(s.next(), None);
/// let rev: Vec<_> = u.path().segments().rev().map(|s| s.as_str()).collect();
/// assert_eq!(rev, ["d", "c;p", "b"]);
/// ```
#[derive(Debug, Clone)]
pub struct Segments<'a>(crate::shared::Segments<'a>);

impl<'a> DoubleEndedIterator for Segments<'a> {
    fn next_back(&mut self) -> Option<Segment<'a>> {
        self.0.next_back().map(Segment)
    }
}

impl std::iter::FusedIterator for Segments<'_> {}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;
    fn next(&mut self) -> Option<Segment<'a>> {
        self.0.next().map(Segment)
    }
}

/// `segment = *pchar *( ";" param )` (section 3.3).
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://a/b/c/d;p;q=1?x").unwrap();
/// let d = u.path().segments().next_back().unwrap();
/// assert_eq!((d.as_str(), d.name().as_str()), ("d;p;q=1", "d"));
/// let params: Vec<_> = d.params().map(|p| p.as_str()).collect();
/// assert_eq!(params, ["p", "q=1"]);
/// assert_eq!(d.as_part().range(), 13..20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment<'a>(pub(crate) Part<'a>);

impl<'a> Segment<'a> {
    /// The whole segment with its parameters.
    pub fn as_part(&self) -> Part<'a> {
        self.0
    }

    /// The whole segment with its parameters.
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }

    /// The `*pchar` before the first `;`.
    pub fn name(&self) -> Part<'a> {
        let s = self.0.as_str();
        self.0.slice(0..s.find(';').unwrap_or(s.len()))
    }

    /// The parameters, each without its `;`.
    pub fn params(&self) -> impl Iterator<Item = Part<'a>> + 'a {
        let whole = self.0;
        let s = whole.as_str();
        let mut cuts = s.match_indices(';').map(|(k, _)| k).peekable();
        std::iter::from_fn(move || {
            let k = cuts.next()?;
            let end = cuts.peek().copied().unwrap_or(s.len());
            Some(whole.slice(k + 1..end))
        })
    }
}

/// The segment as written, parameters included.
///
/// ```
/// let u = urigram::rfc2396::UriReference::parse("http://a/b;p/c").unwrap();
/// let s: Vec<String> = u.path().segments().map(|s| s.to_string()).collect();
/// assert_eq!(s, ["b;p", "c"]);
/// ```
impl fmt::Display for Segment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an owned [`UriReferenceBuf`](crate::rfc2396::UriReferenceBuf) keeps beside its text,
/// so that its `get` reads nothing again ([`Detach`](crate::detach::Detach)).
mod kept {
    use super::{Authority, Hier, Host, Path, PathKind, Server, UriReference};
    use crate::detach::{detach_plain, detach_view};
    use crate::part::Part;
    use crate::shared::HostKind;

    detach_plain!(PathKind);
    detach_view!(
        struct UriReference<'a> {
            text: Part<'a>,
            scheme: Option<Part<'a>>,
            hier: Hier<'a>,
            fragment: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct Hier<'a> {
            authority: Option<Authority<'a>>,
            path: Path<'a>,
            query: Option<Part<'a>>,
        }
    );
    detach_view!(enum Authority<'a> as AuthorityKept { Server(Server<'a>), RegName(Part<'a>) });
    detach_view!(
        struct Server<'a> {
            text: Part<'a>,
            userinfo: Option<Part<'a>>,
            host: Option<Host<'a>>,
            port: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct Host<'a> {
            text: Part<'a>,
            kind: HostKind,
        }
    );
    detach_view!(
        struct Path<'a> {
            text: Part<'a>,
            kind: PathKind,
        }
    );
}
