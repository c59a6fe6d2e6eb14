//! Typed RFC 2396 URI references: zero-copy values whose every component is a [`Part`] of the
//! input with its byte range.

use std::fmt;

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc2396;
use crate::part::Part;

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
/// assert_eq!(s.port().unwrap(), "8080");
/// assert_eq!(u.path().kind(), PathKind::Absolute);
/// let segs: Vec<_> = u.path().segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["a", "b;p"]);
/// assert_eq!(u.query().unwrap(), "q");
/// assert_eq!(u.fragment().unwrap().range(), 37..38);
/// assert_eq!(u.to_string(), "http://user@example.com:8080/a/b;p?q#f");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriReference<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Option<Part<'a>>,
    pub(crate) hier: Hier<'a>,
    pub(crate) fragment: Option<Part<'a>>,
}

/// What follows the scheme of an absolute URI, or a whole relative reference without its
/// fragment: the authority of a `net_path`, the path, and the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hier<'a> {
    /// The authority of a `net_path`.
    pub authority: Option<Authority<'a>>,
    /// The path (`abs_path`, `rel_path`, `opaque_part`, or empty).
    pub path: Path<'a>,
    /// The query, without its `?`.
    pub query: Option<Part<'a>>,
}

/// What kind of reference a [`UriReference`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReferenceKind {
    /// `absoluteURI`: it has a scheme.
    Absolute,
    /// `relativeURI`: a `net_path`, `abs_path` or `rel_path`.
    Relative,
    /// Neither: the empty string or a fragment alone (a same-document reference, section 4.2).
    SameDocument,
}

impl<'a> UriReference<'a> {
    /// Parse `s` as a `URI-reference`.
    pub fn parse(s: &'a str) -> Result<UriReference<'a>, Error> {
        // The fast pass of `uri_reference` on its own (`src/grammar/passes/fast_path.rs`).
        if let Some(u) = rfc2396::fast::whole_uri_reference(s) {
            return Ok(u);
        }
        Err(Grammar::Rfc2396.diagnose_named("URI-reference", s))
    }

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

impl<'a> TryFrom<&'a str> for UriReference<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        UriReference::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated `URI-reference`. [`UriReferenceBuf::get`] gives the typed view.
    ///
    /// ```
    /// use urigram::UriReferenceBuf;
    /// let u: UriReferenceBuf = "ftp://ftp.is.co.za/rfc/rfc1808.txt".parse().unwrap();
    /// assert_eq!(u.get().scheme().unwrap(), "ftp");
    /// assert_eq!(u.to_string(), "ftp://ftp.is.co.za/rfc/rfc1808.txt");
    /// assert!("http://a/b c".parse::<UriReferenceBuf>().is_err());
    /// ```
    UriReferenceBuf,
    UriReference,
    "a `URI-reference`"
);

/// The authority of a `net_path` (section 3.2): a server, or a registry-based name when the
/// text is not a valid server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
}

/// A server-based authority: `[ [ userinfo "@" ] hostport ]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    /// The port digits after the `:` (possibly empty: `port = *digit`).
    pub fn port(&self) -> Option<Part<'a>> {
        self.port
    }

    /// The port as a number, when present, non-empty and at most 65535.
    pub fn port_number(&self) -> Option<u16> {
        self.port.and_then(|p| p.as_str().parse().ok())
    }
}

/// `host = hostname | IPv4address` (section 3.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Host<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: HostKind,
}

/// Which alternative of `host` matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `hostname`.
    Hostname,
    /// `IPv4address`.
    Ipv4Address,
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

    /// Hostname or IPv4 address.
    pub fn kind(&self) -> HostKind {
        self.kind
    }
}

/// What kind of path a reference has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
        Segments { rest }
    }
}

/// Iterator over the segments of a [`Path`].
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    rest: Option<Part<'a>>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;
    fn next(&mut self) -> Option<Segment<'a>> {
        let rest = self.rest?;
        let s = rest.as_str();
        match s.find('/') {
            Some(k) => {
                self.rest = Some(rest.slice(k + 1..s.len()));
                Some(Segment(rest.slice(0..k)))
            }
            None => {
                self.rest = None;
                Some(Segment(rest))
            }
        }
    }
}

/// `segment = *pchar *( ";" param )` (section 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment<'a>(Part<'a>);

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
