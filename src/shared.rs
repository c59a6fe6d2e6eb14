//! What every spec's values share, in one place: the kind of a host ([`HostKind`]) and the
//! iterator over a path's segments ([`Segments`]). Each spec module re-exports them under the
//! same names, so `urigram::rfc1738::HostKind` and `urigram::rfc3986::HostKind` are one type.

use crate::part::Part;

/// Which alternative of a spec's `host` matched (`Host::kind` in every spec module): one enum
/// for every spec, so that code that looks at hosts reads the same under each grammar.
///
/// The names are `fluent-uri`'s (`Ipv4`, `Ipv6`, `IpvFuture`, `RegName`), and the classic
/// specs' own word `Hostname` where `url` says `Domain`: RFC 1630, RFC 1738 and RFC 2396 all
/// name that production `hostname`, and it is a name of dot-separated labels, which RFC
/// 3986's `reg-name` is not. Which variants a spec's values can hold:
///
/// | Spec | `Hostname` | `Ipv4` | `Ipv6` | `IpvFuture` | `RegName` |
/// |---|---|---|---|---|---|
/// | RFC 1630 | `hostname` | `hostnumber` | | | |
/// | RFC 1738 | `hostname` | `hostnumber` | | | |
/// | RFC 2396 | `hostname` | `IPv4address` | RFC 2732's `IPv6reference` | | |
/// | RFC 3986 | | `IPv4address` | `IP-literal` with `IPv6address` | `IP-literal` with `IPvFuture` | `reg-name` |
///
/// ```
/// use urigram::HostKind;
/// let kind2396 = |s| urigram::rfc2396::UriReference::parse_rfc2732(s).unwrap().host().unwrap().kind();
/// let kind3986 = |s| urigram::rfc3986::UriReference::parse(s).unwrap().host().unwrap().kind();
/// let kind1738 = |s| urigram::rfc1738::Url::parse(s).unwrap().host().unwrap().kind();
/// assert_eq!(kind2396("http://example.com/"), HostKind::Hostname);
/// assert_eq!(kind3986("http://example.com/"), HostKind::RegName); // RFC 3986 has no hostname
/// assert_eq!(kind1738("http://example.com/"), HostKind::Hostname);
/// assert_eq!(kind2396("http://10.0.0.1/"), HostKind::Ipv4);
/// assert_eq!(kind3986("http://10.0.0.1/"), HostKind::Ipv4);
/// assert_eq!(kind1738("http://10.0.0.1/"), HostKind::Ipv4);
/// assert_eq!(kind2396("http://[::1]/"), HostKind::Ipv6);
/// assert_eq!(kind3986("http://[::1]/"), HostKind::Ipv6);
/// assert_eq!(kind3986("http://[v7.a]/"), HostKind::IpvFuture);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostKind {
    /// `hostname` (RFC 1630, 1738, 2396): dot-separated labels, the last one starting with a
    /// letter.
    Hostname,
    /// An IPv4 address: `IPv4address` (RFC 2396, 3986), `hostnumber` (RFC 1630, 1738).
    Ipv4,
    /// An IPv6 address in brackets: RFC 2732's `IPv6reference`, RFC 3986's `IP-literal`
    /// holding an `IPv6address`.
    Ipv6,
    /// RFC 3986's `IP-literal` holding an `IPvFuture`.
    IpvFuture,
    /// RFC 3986's `reg-name` (perhaps empty).
    RegName,
}

/// The segments of a path, `/` removed, from either end: what `path_segments()` gives in
/// RFC 3986, RFC 1738 and RFC 1630 (RFC 2396's iterator gives a [`Segment`] with its
/// parameters, over the same splitting), as the `url` crate's `path_segments` does.
///
/// [`Segment`]: crate::rfc2396::Segment
///
/// ```
/// let u = urigram::rfc3986::UriReference::parse("http://a/b/c/d").unwrap();
/// let mut s = u.path_segments();
/// assert_eq!(s.next_back().unwrap(), "d");
/// assert_eq!(s.next().unwrap(), "b");
/// assert_eq!(s.next().unwrap(), "c");
/// assert_eq!(s.next(), None);
/// let u = urigram::rfc1738::Url::parse("ftp://h/a/b%2Fc").unwrap();
/// let urigram::rfc1738::Url::Ftp(f) = u else { panic!() };
/// let s: Vec<_> = f.path_segments().map(|s| s.as_str()).collect();
/// assert_eq!(s, ["a", "b%2Fc"]);
/// ```
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    rest: Option<Part<'a>>,
}

impl<'a> Segments<'a> {
    /// The segments of `path` (none for `None`; one empty segment for an empty path).
    pub(crate) fn of(path: Option<Part<'a>>) -> Segments<'a> {
        Segments { rest: path }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = Part<'a>;
    fn next(&mut self) -> Option<Part<'a>> {
        let rest = self.rest?;
        let s = rest.as_str();
        match s.find('/') {
            Some(k) => {
                self.rest = Some(rest.slice(k + 1..s.len()));
                Some(rest.slice(0..k))
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl<'a> DoubleEndedIterator for Segments<'a> {
    fn next_back(&mut self) -> Option<Part<'a>> {
        let rest = self.rest?;
        let s = rest.as_str();
        match s.rfind('/') {
            Some(k) => {
                self.rest = Some(rest.slice(0..k));
                Some(rest.slice(k + 1..s.len()))
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl std::iter::FusedIterator for Segments<'_> {}
