//! Typed RFC 3986 URI references: zero-copy values whose every component is a [`Part`] of the
//! input with its byte range.

use std::borrow::Cow;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::part::Part;
use crate::rfc2396::escape::EscapeError;
use crate::shared::{HostKind, Segments};

/// A `URI-reference` (RFC 3986 section 4.1, rfc3986.txt:2704): a `URI` (with a scheme) or a
/// `relative-ref`, each with its optional query and fragment.
///
/// ```
/// use std::net::Ipv6Addr;
/// use urigram::rfc3986::{HostData, PathKind, UriReference};
/// let u = UriReference::parse("foo://user@[::1]:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(u.scheme().unwrap(), "foo");
/// let a = u.authority().unwrap();
/// assert_eq!((a.userinfo().unwrap().as_str(), a.port()), ("user", Some(8042)));
/// assert_eq!(a.host().data(), HostData::Ipv6(Ipv6Addr::LOCALHOST));
/// assert_eq!((u.path().as_str(), u.path().kind()), ("/over/there", PathKind::AbEmpty));
/// assert_eq!(u.query().unwrap(), "name=ferret");
/// assert_eq!(u.fragment().unwrap().range(), 45..49);
/// assert_eq!(u.to_string(), "foo://user@[::1]:8042/over/there?name=ferret#nose");
///
/// // What RFC 2396 rejects: a query alone, an empty opaque part, a future IP literal.
/// assert!(UriReference::parse("?y").is_ok());
/// assert!(UriReference::parse("mailto:").is_ok());
/// assert!(UriReference::parse("http://[v1.x]/").is_ok());
/// let e = UriReference::parse("http://a/b c").unwrap_err();
/// assert_eq!((e.offset(), e.found()), (10, Some(' ')));
/// ```
///
/// Two references are equal when their texts and offsets are; they are ordered by text, then
/// by offset. `TryFrom<&str>` is [`UriReference::parse`]; [`UriReference::to_buf`] (or
/// `From`) makes the owned [`UriReferenceBuf`](crate::rfc3986::UriReferenceBuf).
///
/// ```
/// use urigram::rfc3986::{UriReference, UriReferenceBuf};
/// let u = UriReference::try_from("urn:oasis:names:specification:docbook:dtd:xml:4.1.2").unwrap();
/// assert!(u.is_absolute());
/// assert_eq!(UriReferenceBuf::from(u), u.to_buf());
/// assert!(UriReference::try_from("a b").is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UriReference<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Option<Part<'a>>,
    pub(crate) authority: Option<Authority<'a>>,
    pub(crate) path: Path<'a>,
    pub(crate) query: Option<Part<'a>>,
    pub(crate) fragment: Option<Part<'a>>,
}

/// What kind of reference a [`UriReference`] is ([`UriReference::kind`]).
///
/// ```
/// use urigram::rfc3986::{ReferenceKind, UriReference};
/// let kind = |s| UriReference::parse(s).unwrap().kind();
/// assert_eq!(kind("g:h"), ReferenceKind::Absolute); // rfc3986.txt:1945
/// assert_eq!(kind("//g"), ReferenceKind::Relative);
/// assert_eq!(kind("?y"), ReferenceKind::Relative);
/// assert_eq!(kind("#s"), ReferenceKind::SameDocument);
/// assert_eq!(kind(""), ReferenceKind::SameDocument);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReferenceKind {
    /// `URI`: it has a scheme (with or without a fragment; `absolute-URI` has none).
    Absolute,
    /// `relative-ref` with an authority, a path or a query.
    Relative,
    /// `relative-ref` that is empty or a fragment alone: whatever the base, it refers to the
    /// base's own document (section 4.4, rfc3986.txt:1633).
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
        } else if self.authority.is_some() || !self.path.is_empty() || self.query.is_some() {
            ReferenceKind::Relative
        } else {
            ReferenceKind::SameDocument
        }
    }

    /// Whether it is a `URI`: it has a scheme (section 4.3's `absolute-URI` has no fragment
    /// too; see [`UriReference::is_absolute_uri`]).
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }

    /// Whether it is an `absolute-URI` (section 4.3): a scheme and no fragment, what a base URI
    /// must be (section 5.1).
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// assert!(UriReference::parse("http://a/b?q").unwrap().is_absolute_uri());
    /// assert!(!UriReference::parse("http://a/b#f").unwrap().is_absolute_uri());
    /// assert!(!UriReference::parse("/b").unwrap().is_absolute_uri());
    /// ```
    pub fn is_absolute_uri(&self) -> bool {
        self.scheme.is_some() && self.fragment.is_none()
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> Option<Part<'a>> {
        self.scheme
    }

    /// The authority, after `//`.
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.authority
    }

    /// The path (always there, perhaps empty).
    pub fn path(&self) -> Path<'a> {
        self.path
    }

    /// The query, without its `?`.
    pub fn query(&self) -> Option<Part<'a>> {
        self.query
    }

    /// The fragment, without its `#`.
    pub fn fragment(&self) -> Option<Part<'a>> {
        self.fragment
    }

    /// The host, when there is an authority (every authority has one, perhaps an empty
    /// `reg-name`: `file:///etc`).
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://user@Example.COM:8080/").unwrap();
    /// assert_eq!(u.host().unwrap(), "Example.COM");
    /// assert_eq!(urigram::rfc3986::UriReference::parse("mailto:a@b").unwrap().host(), None);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.authority.map(|a| a.host)
    }

    /// The host's text, as the `url` crate's `Url::host_str` (but as written: not lower-cased;
    /// an IP literal with its brackets).
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt").unwrap();
    /// assert_eq!(u.host_str(), Some("ftp.is.co.za"));
    /// ```
    pub fn host_str(&self) -> Option<&'a str> {
        self.host().map(|h| h.as_str())
    }

    /// The port as written, as a number: `None` when there is no authority, no port, an
    /// empty port (`http://a:/`) or digits above 65535 (`port = *DIGIT` allows any number).
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let p = |s| UriReference::parse(s).unwrap().port();
    /// assert_eq!(p("http://a:8080/"), Some(8080));
    /// assert_eq!((p("http://a/"), p("http://a:/"), p("http://a:99999/")), (None, None, None));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.authority?.port()
    }

    /// The port as written, as a value that tells digits above 65535 ([`Port::Overflow`])
    /// from no port (`None`, as for an empty port): [`Authority::port_value`].
    ///
    /// [`Port::Overflow`]: crate::rfc3986::Port::Overflow
    ///
    /// ```
    /// use urigram::rfc3986::{Port, UriReference};
    /// let p = |s| UriReference::parse(s).unwrap().port_value();
    /// assert_eq!((p("http://a:80/"), p("http://a:99999/"), p("http://a/")), (Some(Port::Number(80)), Some(Port::Overflow), None));
    /// ```
    pub fn port_value(&self) -> Option<crate::values::Port> {
        self.authority?.port_value()
    }

    /// The port as a number, or else the scheme's default port
    /// ([`default_port`](crate::rfc3986::default_port), the table of registered schemes), as
    /// the `url` crate's `Url::port_or_known_default`. An empty port counts as omitted
    /// (section 3.2.3, rfc3986.txt:1161). `None` without an authority, for a port above 65535,
    /// or for a scheme with no known default.
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let p = |s| UriReference::parse(s).unwrap().port_or_known_default();
    /// assert_eq!((p("http://a:8080/"), p("http://a/"), p("http://a:/")), (Some(8080), Some(80), Some(80)));
    /// assert_eq!((p("foo://a/"), p("//a/")), (None, None));
    /// assert_eq!((p("https://a/"), p("wss://a/"), p("ftp://a/")), (Some(443), Some(443), Some(21)));
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        let a = self.authority?;
        match a.port {
            Some(p) if !p.is_empty() => p.as_str().parse().ok(),
            _ => crate::values::default_port(self.scheme?.as_str()),
        }
    }

    /// The segments of the path, `/` removed ([`Path::segments`]).
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://a/b/c%20d/").unwrap();
    /// let segs: Vec<_> = u.path_segments().map(|s| s.decode_utf8().unwrap()).collect();
    /// assert_eq!(segs, ["b", "c d", ""]);
    /// ```
    pub fn path_segments(&self) -> Segments<'a> {
        self.path.segments()
    }

    /// The query's `name=value` pairs by the HTML forms convention (`+` as a space, see
    /// [`rfc2396::form_pairs`](crate::rfc2396::form_pairs)); none without a query. RFC 3986
    /// gives a query no pairs (section 3.4): this is the reading HTML forms write.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("/s?q=a+b&n=2").unwrap();
    /// let pairs: Vec<_> = u.query_pairs().map(|(k, v)| format!("{k}={v}")).collect();
    /// assert_eq!(pairs, ["q=a b", "n=2"]);
    /// ```
    pub fn query_pairs(&self) -> crate::rfc2396::form::FormPairs<'a> {
        crate::rfc2396::form::form_pairs(self.query.map_or("", |q| q.as_str()))
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
            .field("authority", &self.authority)
            .field("path", &self.path)
            .field("query", &self.query)
            .field("fragment", &self.fragment)
            .finish()
    }
}

/// Compares the text as written, byte for byte.
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

impl AsRef<str> for UriReference<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2, rfc3986.txt:2717).
///
/// ```
/// use urigram::rfc3986::{HostKind, UriReference};
/// let a = UriReference::parse("http://a_b:80/").unwrap().authority().unwrap();
/// assert_eq!((a.host().as_str(), a.host().kind()), ("a_b", HostKind::RegName));
/// assert_eq!((a.port_str().unwrap().as_str(), a.port()), ("80", Some(80)));
/// assert_eq!(a.userinfo(), None);
/// assert_eq!(a.as_part().range(), 7..13);
/// assert_eq!(a.to_string(), "a_b:80"); // as written
/// // The empty authority: an empty `reg-name` host.
/// let a = UriReference::parse("file:///etc/hosts").unwrap().authority().unwrap();
/// assert_eq!((a.as_str(), a.host().as_str()), ("", ""));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Authority<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) userinfo: Option<Part<'a>>,
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<Part<'a>>,
}

crate::part::written_as_read!(text: Authority, Host, Path);

impl<'a> Authority<'a> {
    /// The userinfo, without its `@`.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("ftp://anonymous:x@a/").unwrap();
    /// assert_eq!(u.authority().unwrap().userinfo().unwrap(), "anonymous:x");
    /// ```
    pub fn userinfo(&self) -> Option<Part<'a>> {
        self.userinfo
    }

    /// The host (perhaps an empty `reg-name`).
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port digits after the `:` as written (perhaps empty: `port = *DIGIT`), with their
    /// place in the input: `fluent-uri`'s `Authority::port`, the text beside
    /// [`Authority::port`].
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.port
    }

    /// The port as a number, when present, not empty and at most 65535: the `url` crate's
    /// `port` (a written default port is kept).
    pub fn port(&self) -> Option<u16> {
        self.port.and_then(|p| p.as_str().parse().ok())
    }

    /// The port as a value: a number, [`Port::Overflow`](crate::rfc3986::Port::Overflow) for
    /// digits above 65535, `None` for no port or an empty one.
    pub fn port_value(&self) -> Option<crate::values::Port> {
        crate::values::Port::of(self.port?.as_str())
    }

    /// The whole authority with every percent-encoding decoded, read as UTF-8.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("ftp://J%C3%BCrgen@a/").unwrap();
    /// assert_eq!(u.authority().unwrap().decode_utf8().unwrap(), "Jürgen@a");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
    }
}

/// `host = IP-literal / IPv4address / reg-name` (section 3.2.2, rfc3986.txt:2719). Its text is
/// as written, an IP literal with its brackets; [`Host::data`] reads it.
///
/// ```
/// use std::net::Ipv4Addr;
/// use urigram::rfc3986::{HostData, HostKind, UriReference};
/// let h = UriReference::parse("http://192.0.2.16:80/").unwrap().host().unwrap();
/// assert_eq!((h.as_str(), h.kind()), ("192.0.2.16", HostKind::Ipv4));
/// assert_eq!(h.data(), HostData::Ipv4(Ipv4Addr::new(192, 0, 2, 16)));
/// assert_eq!(h.as_part().range(), 7..17);
/// assert_eq!(h.to_string(), "192.0.2.16"); // as written
/// // Not an IPv4address (a part above 255): a registered name, as section 3.2.2 reads it.
/// let h = UriReference::parse("http://999.1.1.1/").unwrap().host().unwrap();
/// assert_eq!(h.kind(), HostKind::RegName);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Host<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: HostKind,
}

/// A host read ([`Host::data`]): the address of an IP literal or an `IPv4address`, or the text
/// of a future IP literal or of a registered name.
///
/// ```
/// use urigram::rfc3986::{HostData, UriReference};
/// let data = |s| UriReference::parse(s).unwrap().host().unwrap().data();
/// let HostData::IpvFuture(f) = data("http://[v1.fe80::a+en1]/") else { panic!() };
/// assert_eq!(f, "v1.fe80::a+en1");
/// let HostData::RegName(n) = data("http://www.example.com/") else { panic!() };
/// assert_eq!(n, "www.example.com");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostData<'a> {
    /// The address of an `IPv6address` literal.
    Ipv6(Ipv6Addr),
    /// The text of an `IPvFuture` literal, without its brackets.
    IpvFuture(Part<'a>),
    /// The address of an `IPv4address`.
    Ipv4(Ipv4Addr),
    /// The text of a `reg-name`, as written (percent-encoded).
    RegName(Part<'a>),
}

impl<'a> Host<'a> {
    /// The host a production matched.
    pub(crate) fn new(text: crate::input::Span<'a>, kind: HostKind) -> Host<'a> {
        Host {
            text: text.into(),
            kind,
        }
    }

    /// Which alternative of `host` it is.
    pub fn kind(&self) -> HostKind {
        self.kind
    }

    /// The address of an `IPv6address` literal, or `None`.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://[::FFFF:129.144.52.38]/").unwrap();
    /// assert_eq!(u.host().unwrap().ipv6().unwrap().to_string(), "::ffff:129.144.52.38");
    /// ```
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.data() {
            HostData::Ipv6(a) => Some(a),
            _ => None,
        }
    }

    /// The address of an `IPv4address`, or `None`.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://127.0.0.1:8080/").unwrap();
    /// assert_eq!(u.host().unwrap().ipv4(), Some(std::net::Ipv4Addr::LOCALHOST));
    /// ```
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.data() {
            HostData::Ipv4(a) => Some(a),
            _ => None,
        }
    }

    /// The host text with every percent-encoding decoded, read as UTF-8 (a `reg-name` may
    /// hold UTF-8 octets percent-encoded, section 3.2.2).
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://caf%C3%A9.example/").unwrap();
    /// assert_eq!(u.host().unwrap().decode_utf8().unwrap(), "café.example");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
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

/// Which of the five `path-*` rules a reference's path is (section 3.3, rfc3986.txt:2765-2769).
///
/// ```
/// use urigram::rfc3986::{PathKind, UriReference};
/// let kind = |s| UriReference::parse(s).unwrap().path().kind();
/// assert_eq!(kind("http://a/b/c"), PathKind::AbEmpty);
/// assert_eq!(kind("http://a"), PathKind::AbEmpty); // after an authority, even empty
/// assert_eq!(kind("/b/c"), PathKind::Absolute);
/// assert_eq!(kind("../g"), PathKind::NoScheme);
/// assert_eq!(kind("mailto:a@b"), PathKind::Rootless);
/// assert_eq!(kind("?y"), PathKind::Empty);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathKind {
    /// `path-abempty`: after an authority; begins with `/` or is empty.
    AbEmpty,
    /// `path-absolute`: begins with `/` but not `//`.
    Absolute,
    /// `path-noscheme`: a relative reference's path that begins with a segment with no `:`.
    NoScheme,
    /// `path-rootless`: a `URI`'s path that begins with a segment.
    Rootless,
    /// `path-empty`: no authority and no path.
    Empty,
}

/// The path of a reference, with its kind.
///
/// ```
/// use urigram::rfc3986::{PathKind, UriReference};
/// let u = UriReference::parse("http://a/b/c/d;p?q").unwrap();
/// let p = u.path();
/// assert_eq!((p.as_str(), p.kind()), ("/b/c/d;p", PathKind::AbEmpty));
/// assert_eq!(p.as_part().range(), 8..16);
/// assert_eq!(p.to_string(), "/b/c/d;p"); // as written
/// let segs: Vec<_> = p.segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["b", "c", "d;p"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: PathKind,
}

impl<'a> Path<'a> {
    /// The path a production matched.
    pub(crate) fn new(text: crate::input::Span<'a>, kind: PathKind) -> Path<'a> {
        Path {
            text: text.into(),
            kind,
        }
    }

    /// Which `path-*` rule it is.
    pub fn kind(&self) -> PathKind {
        self.kind
    }

    /// Whether the path is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The segments, `/` removed: none for an empty path; for a path that begins with `/`,
    /// the pieces after that `/` (so `/` alone has one empty segment, as the `url` crate's
    /// `path_segments` gives); otherwise the pieces of the whole path.
    ///
    /// ```
    /// use urigram::rfc3986::UriReference;
    /// let segs = |s| -> Vec<String> {
    ///     UriReference::parse(s).unwrap().path().segments().map(|s| s.to_string()).collect()
    /// };
    /// assert_eq!(segs("http://a/"), [""]);
    /// assert_eq!(segs("a/b//c"), ["a", "b", "", "c"]);
    /// assert!(segs("http://a").is_empty());
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        let s = self.text.as_str();
        let rest = if s.is_empty() {
            None
        } else if s.starts_with('/') {
            Some(self.text.slice(1..s.len()))
        } else {
            Some(self.text)
        };
        Segments::of(rest)
    }

    /// The whole path with every percent-encoding decoded, read as UTF-8. A decoded `%2F` is
    /// a `/` like the separators: decode [`Path::segments`] one at a time to keep them apart.
    ///
    /// ```
    /// let u = urigram::rfc3986::UriReference::parse("http://a/caf%C3%A9").unwrap();
    /// assert_eq!(u.path().decode_utf8().unwrap(), "/café");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
    }
}

/// What an owned [`UriReferenceBuf`](crate::rfc3986::UriReferenceBuf) keeps beside its text,
/// so that its `get` reads nothing again ([`Detach`](crate::detach::Detach)).
mod kept {
    use super::{Authority, Host, Path, PathKind, UriReference};
    use crate::detach::{detach_plain, detach_view};
    use crate::part::Part;
    use crate::shared::HostKind;

    detach_plain!(PathKind);
    detach_view!(
        struct UriReference<'a> {
            text: Part<'a>,
            scheme: Option<Part<'a>>,
            authority: Option<Authority<'a>>,
            path: Path<'a>,
            query: Option<Part<'a>>,
            fragment: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct Authority<'a> {
            text: Part<'a>,
            userinfo: Option<Part<'a>>,
            host: Host<'a>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::{Components, UriReferenceBuf};

    /// `Display` gives the text back, and the components recompose it (section 5.3), on
    /// section 1.1.2's examples and the references of section 5.4.
    #[test]
    fn round_trips() {
        for s in [
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "http://www.ietf.org/rfc/rfc2396.txt",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "mailto:John.Doe@example.com",
            "news:comp.infosystems.www.servers.unix",
            "tel:+1-816-555-1212",
            "telnet://192.0.2.16:80/",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            "g:h",
            "./g",
            "//g",
            "?y",
            "#s",
            "g;x?y#s",
            "",
            "../../../g",
            "file:///",
            "http://a:/?#",
        ] {
            let u = UriReference::parse(s).unwrap();
            assert_eq!(u.to_string(), s);
            assert_eq!(u.components().to_string(), s);
            // The typed value's components are those Appendix B's split reads.
            assert_eq!(Components::split(s), u.components());
            let owned: UriReferenceBuf = s.parse().unwrap();
            assert_eq!(owned.get(), u);
            assert_eq!(owned.to_string().parse::<UriReferenceBuf>().unwrap(), owned);
        }
    }

    /// On every line of the example URLs that RFC 3986 accepts, the typed value's components
    /// are those Appendix B's split reads ([`Components::split`]), which
    /// [`Components::parse`] relies on.
    #[test]
    fn components_agree_with_the_split() {
        let text = include_str!("../../examples/urls.txt");
        let mut read = 0;
        for l in text.lines() {
            if let Ok(u) = UriReference::parse(l) {
                assert_eq!(Components::split(l), u.components(), "{l:?}");
                read += 1;
            }
        }
        assert!(read > 100);
    }

    /// Section 3's two examples (rfc3986.txt:884, 890), component by component, as its figure
    /// names them.
    #[test]
    fn section_3_components() {
        let u = UriReference::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
        let c = u.components();
        assert_eq!(
            (c.scheme, c.authority, c.path, c.query, c.fragment),
            (
                Some("foo"),
                Some("example.com:8042"),
                "/over/there",
                Some("name=ferret"),
                Some("nose")
            )
        );
        let a = u.authority().unwrap();
        assert_eq!((a.host().kind(), a.port()), (HostKind::RegName, Some(8042)));
        let u = UriReference::parse("urn:example:animal:ferret:nose").unwrap();
        assert_eq!(u.scheme().unwrap(), "urn");
        assert_eq!(u.path().as_str(), "example:animal:ferret:nose");
        assert_eq!(u.path().kind(), PathKind::Rootless);
        assert_eq!(u.authority(), None);
    }

    /// The hosts of section 3.2.2 read as addresses.
    #[test]
    fn host_addresses() {
        let data = |s: &'static str| UriReference::parse(s).unwrap().host().unwrap().data();
        assert_eq!(
            data("http://[1:2:3:4:5:6:7::]/"),
            HostData::Ipv6(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 7, 0))
        );
        assert_eq!(
            data("http://[::2:3:4:5:6:7:8]/"),
            HostData::Ipv6(Ipv6Addr::new(0, 2, 3, 4, 5, 6, 7, 8))
        );
        assert_eq!(
            data("http://[1:2:3:4:5:6:1.2.3.4]/"),
            HostData::Ipv6(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 0x102, 0x304))
        );
        assert_eq!(
            data("http://[FFFF::]/"),
            HostData::Ipv6(Ipv6Addr::new(0xffff, 0, 0, 0, 0, 0, 0, 0))
        );
        assert_eq!(
            data("http://255.0.10.9/"),
            HostData::Ipv4(Ipv4Addr::new(255, 0, 10, 9))
        );
        assert!(matches!(data("http://1.2.3.04/"), HostData::RegName(_)));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_validated_text() {
        let u: UriReferenceBuf = "http://[::1]/a?b#c".parse().unwrap();
        let json = serde_json::to_string(&u).unwrap();
        assert_eq!(json, "\"http://[::1]/a?b#c\"");
        assert_eq!(serde_json::from_str::<UriReferenceBuf>(&json).unwrap(), u);
        assert!(serde_json::from_str::<UriReferenceBuf>("\"a b\"").is_err());
    }
}
