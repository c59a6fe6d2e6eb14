//! The pieces the schemes share: hosts, ports, logins (section 3.1), the generic URL
//! (sections 2.1 and 5), and the path-segment iterator.

use crate::part::Part;
use crate::shared::HostKind;

/// `host = hostname | hostnumber` (rfc1738.txt:968, section 3.1).
///
/// ```
/// use urigram::rfc1738::{HostKind, Url};
/// let h = Url::parse("http://info.cern.ch/").unwrap().hostport().unwrap().host();
/// assert_eq!((h.as_str(), h.kind()), ("info.cern.ch", HostKind::Hostname));
/// assert_eq!(h.as_part().range(), 7..19);
/// // A file URL's host is a `FileHost` (it may be empty), and it has no port.
/// let u = Url::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap(); // :817
/// assert_eq!(u.hostport(), None);
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

    /// Domain name or IP address.
    pub fn kind(&self) -> HostKind {
        self.kind
    }
}

/// `hostport = host [ ":" port ]` (rfc1738.txt:967, section 3.1).
///
/// ```
/// use urigram::rfc1738::Url;
/// let hp = Url::parse("wais://wais.example.com:210/db").unwrap().hostport().unwrap();
/// assert_eq!((hp.as_str(), hp.host().as_str()), ("wais.example.com:210", "wais.example.com"));
/// assert_eq!((hp.port_str().unwrap().as_str(), hp.port()), ("210", Some(210)));
/// assert_eq!(hp.as_part().range(), 7..27);
/// // `port = digits`: any number of them, so not always a port number.
/// let hp = Url::parse("http://h:99999/").unwrap().hostport().unwrap();
/// assert_eq!((hp.port_str().unwrap().as_str(), hp.port()), ("99999", None));
/// // nor none of them: `http://h:/` is no `httpurl`, only a generic URL.
/// assert!(matches!(Url::parse("http://h:/"), Ok(Url::Generic(_))));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostPort<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<Part<'a>>,
}

impl<'a> HostPort<'a> {
    /// The whole `host[:port]`.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The host.
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port digits after the `:` as written (`port = digits`: never empty), with their
    /// place in the input: the text beside [`HostPort::port`].
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.port
    }

    /// The port as a number, when present and at most 65535: the `url` crate's `port` (a
    /// written default port is kept; [`Url::port_or_known_default`](crate::rfc1738::Url::port_or_known_default)
    /// falls back on the scheme's).
    ///
    /// ```
    /// let u = urigram::rfc1738::Url::parse("http://a:8080/").unwrap();
    /// let hp = u.hostport().unwrap();
    /// assert_eq!((hp.port(), hp.port_str().unwrap().as_str()), (Some(8080), "8080"));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port.and_then(|p| p.as_str().parse().ok())
    }
}

/// `login = [ user [ ":" password ] "@" ] hostport` (rfc1738.txt:966, section 3.1).
///
/// An empty user name or password differs from an absent one (section 3.1):
///
/// ```
/// use urigram::rfc1738::Url;
/// let login = |s| Url::parse(s).unwrap().login().unwrap();
/// let l = login("ftp://@host.com/");
/// assert_eq!((l.user().map(|u| u.as_str()), l.password()), (Some(""), None));
/// let l = login("ftp://host.com/");
/// assert_eq!((l.user(), l.password()), (None, None));
/// let l = login("ftp://foo:@host.com/");
/// assert_eq!(l.user().unwrap(), "foo");
/// assert_eq!(l.password().unwrap(), "");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Login<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) user: Option<Part<'a>>,
    pub(crate) password: Option<Part<'a>>,
    pub(crate) hostport: HostPort<'a>,
}

impl<'a> Login<'a> {
    /// The whole login.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The user name, without `:` or `@`; `Some("")` for `//@host`.
    pub fn user(&self) -> Option<Part<'a>> {
        self.user
    }

    /// The password, without its `:`; `Some("")` for `//user:@host`.
    pub fn password(&self) -> Option<Part<'a>> {
        self.password
    }

    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The host ([`HostPort::host`]).
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let l = Url::parse("telnet://me@h.example:2323").unwrap().login().unwrap();
    /// assert_eq!((l.host().as_str(), l.port(), l.port_str().unwrap().as_str()), ("h.example", Some(2323), "2323"));
    /// ```
    pub fn host(&self) -> Host<'a> {
        self.hostport.host
    }

    /// The port as a number ([`HostPort::port`]).
    pub fn port(&self) -> Option<u16> {
        self.hostport.port()
    }

    /// The port digits as written ([`HostPort::port_str`]).
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.hostport.port
    }
}

/// `ip-schemepart = "//" login [ "/" urlpath ]` (rfc1738.txt:964, section 3.1): the common
/// Internet scheme syntax, met in a [`GenericUrl`] (a scheme section 3 does not define).
///
/// ```
/// use urigram::rfc1738::{SchemePart, Url};
/// let Url::Generic(g) = Url::parse("rlogin://root@host.dom:513/x/y").unwrap() else { panic!() };
/// let SchemePart::Ip(ip) = g.schemepart() else { panic!() };
/// assert_eq!(ip.as_str(), "//root@host.dom:513/x/y");
/// assert_eq!(ip.login().user().unwrap(), "root");
/// assert_eq!(ip.login().hostport().port(), Some(513));
/// assert_eq!(ip.urlpath().unwrap(), "x/y"); // without the `/` before it (section 3.1)
/// assert_eq!(ip.as_part().range(), 7..30);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IpSchemePart<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) login: Login<'a>,
    pub(crate) urlpath: Option<Part<'a>>,
}

impl<'a> IpSchemePart<'a> {
    /// The whole scheme-specific part, `//` included.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// User, password, host and port.
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// The url-path, without the `/` before it (section 3.1: that `/` is not part of it).
    pub fn urlpath(&self) -> Option<Part<'a>> {
        self.urlpath
    }
}

/// `schemepart = *xchar | ip-schemepart` (rfc1738.txt:959, section 5).
///
/// Every `ip-schemepart` is also a string of `xchar`s; a scheme-specific part is read as an
/// `ip-schemepart` whenever it is one.
///
/// ```
/// use urigram::rfc1738::{SchemePart, Url};
/// let part = |s| match Url::parse(s).unwrap() {
///     Url::Generic(g) => g.schemepart(),
///     _ => panic!("{s} follows its scheme's syntax"),
/// };
/// assert!(matches!(part("https://host.dom/a"), SchemePart::Ip(_)));
/// assert!(matches!(part("urn:ietf:rfc:1738"), SchemePart::Opaque(p) if p == "ietf:rfc:1738"));
/// // `//` alone is no `login`: opaque, and so is the empty scheme-specific part.
/// assert!(matches!(part("x-y://"), SchemePart::Opaque(p) if p == "//"));
/// assert_eq!(part("x-y:").as_str(), "");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemePart<'a> {
    /// `*xchar` (possibly empty) that is no `ip-schemepart`.
    Opaque(Part<'a>),
    /// The common Internet scheme syntax of section 3.1.
    Ip(IpSchemePart<'a>),
}

impl<'a> SchemePart<'a> {
    /// The whole scheme-specific part.
    pub fn as_part(&self) -> Part<'a> {
        match self {
            SchemePart::Opaque(p) => *p,
            SchemePart::Ip(ip) => ip.text,
        }
    }
}

/// `genericurl = scheme ":" schemepart` (rfc1738.txt:936, section 5): a URL of a scheme
/// section 3 does not define, or one that does not follow its scheme's syntax.
///
/// ```
/// use urigram::rfc1738::Url;
/// // `httpurl` has no user: this is an `http` URL only as a generic one.
/// let Url::Generic(g) = Url::parse("http://me@h/").unwrap() else { panic!() };
/// assert_eq!((g.scheme().as_str(), g.schemepart().as_str()), ("http", "//me@h/"));
/// assert_eq!((g.as_str(), g.as_part().range()), ("http://me@h/", 0..12));
/// let Url::Generic(g) = Url::parse("x-local:abc").unwrap() else { panic!() };
/// assert_eq!(g.to_string(), "x-local:abc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GenericUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) schemepart: SchemePart<'a>,
}

impl<'a> GenericUrl<'a> {
    /// The whole URL.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The whole URL as written.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// The scheme, without its `:`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }

    /// What follows the `:`.
    pub fn schemepart(&self) -> SchemePart<'a> {
        self.schemepart
    }
}

impl std::fmt::Display for GenericUrl<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text.as_str())
    }
}

crate::part::written_as_read!(display: Host);
crate::part::written_as_read!(HostPort, Login, IpSchemePart, SchemePart);
