//! The value of a `url` of RFC 1738: one of the schemes of section 3, or a generic URL, and its
//! components. Below the grammar (`grammar::rfc1738`), which builds it; reading a text
//! ([`Url::parse`]) is in `mod.rs`, above the grammar.

use std::fmt;

use crate::part::Part;
use crate::rfc1738::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, Host, HostPort, HttpUrl, Login, MailtoUrl, NewsUrl,
    NntpUrl, ProsperoUrl, SchemePart, TelnetUrl, WaisUrl,
};

/// A `url` (rfc1738.txt:941, section 5): one of the schemes of section 3, or a generic URL.
///
/// A URL is typed as its scheme when it follows that scheme's syntax, and as
/// [`Url::Generic`] otherwise: `url` is the union of the scheme productions and
/// `otherurl = genericurl`, which accepts every scheme's name.
///
/// ```
/// use urigram::rfc1738::Url;
/// let u = Url::parse("http://www.example.com/index.html").unwrap();
/// assert_eq!(u.scheme(), "http");
/// assert_eq!(u.port_or_known_default(), Some(80));
/// assert_eq!(u.to_string(), "http://www.example.com/index.html");
/// assert!(matches!(u, Url::Http(_)));
/// let e = Url::parse("http://www.example.com/#top").unwrap_err();
/// assert_eq!(e.offset(), 23);
/// ```
///
/// The scheme's pieces every variant may have: [`Url::login`] (section 3.1),
/// [`Url::hostport`], and the port to connect to. `TryFrom<&str>` is [`Url::parse`].
///
/// ```
/// use urigram::rfc1738::Url;
/// let u = Url::try_from("telnet://guest@melvyl.ucop.edu").unwrap();
/// assert_eq!(u.login().unwrap().user().unwrap(), "guest");
/// assert_eq!(u.hostport().unwrap().as_str(), "melvyl.ucop.edu");
/// assert_eq!((u.default_port(), u.port_or_known_default(), u.port()), (Some(23), Some(23), None));
/// let u = Url::try_from("news:comp.infosystems.www.misc").unwrap(); // rfc1738.txt:690
/// assert_eq!((u.hostport(), u.port(), u.as_part().range()), (None, None, 0..30));
/// // A generic URL has no default port, whatever its scheme says.
/// assert_eq!(Url::parse("http:foo").unwrap().default_port(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Url<'a> {
    /// `httpurl` (section 3.3).
    Http(HttpUrl<'a>),
    /// `ftpurl` (section 3.2).
    Ftp(FtpUrl<'a>),
    /// `newsurl` (section 3.6).
    News(NewsUrl<'a>),
    /// `nntpurl` (section 3.7).
    Nntp(NntpUrl<'a>),
    /// `telneturl` (section 3.8).
    Telnet(TelnetUrl<'a>),
    /// `gopherurl` (section 3.4).
    Gopher(GopherUrl<'a>),
    /// `waisurl` (section 3.9).
    Wais(WaisUrl<'a>),
    /// `mailtourl` (section 3.5).
    Mailto(MailtoUrl<'a>),
    /// `fileurl` (section 3.10).
    File(FileUrl<'a>),
    /// `prosperourl` (section 3.11).
    Prospero(ProsperoUrl<'a>),
    /// `otherurl = genericurl` (section 5): any other scheme, or a URL that does not follow
    /// its scheme's syntax.
    Generic(GenericUrl<'a>),
}

/// The default port of a scheme of section 3 (`ftp` 21, `http` 80, `gopher` 70, `nntp`
/// 119, `telnet` 23, `wais` 210, `prospero` 1525); `None` for the others. Lower case only.
///
/// ```
/// use urigram::rfc1738::default_port;
/// assert_eq!(default_port("prospero"), Some(1525)); // section 3.11
/// assert_eq!(default_port("news"), None); // no host, so no port
/// assert_eq!(default_port("HTTP"), None); // lower-case it first
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    // The rows of the one table of default ports that RFC 1738 itself writes.
    crate::rfc3986::KNOWN_PORTS
        .iter()
        .find(|k| k.scheme == scheme && k.source.starts_with("rfc1738.txt"))
        .map(|k| k.port)
}

impl<'a> Url<'a> {
    /// The whole URL as a [`Part`].
    pub fn as_part(&self) -> Part<'a> {
        match self {
            Url::Http(u) => u.text,
            Url::Ftp(u) => u.text,
            Url::News(u) => u.text,
            Url::Nntp(u) => u.text,
            Url::Telnet(u) => u.text,
            Url::Gopher(u) => u.text,
            Url::Wais(u) => u.text,
            Url::Mailto(u) => u.text,
            Url::File(u) => u.text,
            Url::Prospero(u) => u.text,
            Url::Generic(u) => u.text,
        }
    }

    /// The whole URL as written.
    pub fn as_str(&self) -> &'a str {
        self.as_part().as_str()
    }

    /// The scheme as written, without its `:`.
    pub fn scheme(&self) -> Part<'a> {
        match self {
            Url::Http(u) => u.scheme,
            Url::Ftp(u) => u.scheme,
            Url::News(u) => u.scheme,
            Url::Nntp(u) => u.scheme,
            Url::Telnet(u) => u.scheme,
            Url::Gopher(u) => u.scheme,
            Url::Wais(u) => u.scheme,
            Url::Mailto(u) => u.scheme,
            Url::File(u) => u.scheme,
            Url::Prospero(u) => u.scheme,
            Url::Generic(u) => u.scheme,
        }
    }

    /// The login (user, password, host, port) of the schemes that have one: `ftp`,
    /// `telnet`, and a generic URL in the common Internet syntax of section 3.1.
    pub fn login(&self) -> Option<Login<'a>> {
        match self {
            Url::Ftp(u) => Some(u.login),
            Url::Telnet(u) => Some(u.login),
            Url::Generic(GenericUrl {
                schemepart: SchemePart::Ip(ip),
                ..
            }) => Some(ip.login),
            _ => None,
        }
    }

    /// Host and port, for the schemes whose syntax has a `hostport`: `http`, `ftp`, `nntp`,
    /// `telnet`, `gopher`, `wais`, `prospero`, and a generic URL in the common Internet
    /// syntax. A `file` URL's host has no port (`fileurl = "file://" [ host | "localhost" ]
    /// "/" fpath`): it is [`FileUrl::host`], and this is `None`.
    pub fn hostport(&self) -> Option<HostPort<'a>> {
        match self {
            Url::Http(u) => Some(u.hostport),
            Url::Nntp(u) => Some(u.hostport),
            Url::Gopher(u) => Some(u.hostport),
            Url::Wais(u) => Some(u.hostport),
            Url::Prospero(u) => Some(u.hostport),
            _ => self.login().map(|l| l.hostport),
        }
    }

    /// The default port of the URL's scheme of section 3 (a generic URL has none, whatever
    /// its scheme's name: it does not follow that scheme's syntax).
    pub fn default_port(&self) -> Option<u16> {
        match self {
            Url::Generic(_) | Url::News(_) | Url::Mailto(_) | Url::File(_) => None,
            _ => default_port(&self.scheme().as_str().to_ascii_lowercase()),
        }
    }

    /// The port to connect to: the one given, or the scheme's default (sections 3.2 to
    /// 3.11). `None` when neither exists or the given one exceeds 65535. The `url` crate's
    /// name.
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let p = |s| Url::parse(s).unwrap().port_or_known_default();
    /// assert_eq!((p("ftp://a/"), p("gopher://a:71/"), p("mailto:a@b")), (Some(21), Some(71), None));
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        match self.hostport().and_then(|h| h.port) {
            Some(p) => p.as_str().parse().ok(),
            None => self.default_port(),
        }
    }

    /// The port as written, as a number ([`HostPort::port`]), as the `url` crate's `port`
    /// (but a written default port is kept).
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let p = |s| Url::parse(s).unwrap().port();
    /// assert_eq!((p("http://a:80/"), p("http://a/")), (Some(80), None));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.hostport()?.port()
    }

    /// The host, for the URLs with a `hostport` ([`Url::hostport`]; a `file` URL's is
    /// [`FileUrl::host`]).
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let u = Url::parse("nntp://news.example/comp.lang/42").unwrap();
    /// assert_eq!(u.host().unwrap().as_str(), "news.example");
    /// assert_eq!(u.host_str(), Some("news.example"));
    /// assert_eq!(Url::parse("mailto:a@b").unwrap().host(), None);
    /// ```
    pub fn host(&self) -> Option<Host<'a>> {
        self.hostport().map(|h| h.host)
    }

    /// The host's text, as the `url` crate's `Url::host_str` (as written).
    pub fn host_str(&self) -> Option<&'a str> {
        self.host().map(|h| h.as_str())
    }

    /// The user name, for the URLs with a `login` ([`Login::user`]).
    ///
    /// ```
    /// let u = urigram::rfc1738::Url::parse("telnet://me:pw@h/").unwrap();
    /// assert_eq!((u.user().unwrap().as_str(), u.password().unwrap().as_str()), ("me", "pw"));
    /// ```
    pub fn user(&self) -> Option<Part<'a>> {
        self.login()?.user
    }

    /// The password, for the URLs with a `login` ([`Login::password`]).
    pub fn password(&self) -> Option<Part<'a>> {
        self.login()?.password
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an owned [`UrlBuf`](crate::rfc1738::UrlBuf) keeps beside its text, so that its `get`
/// reads nothing again ([`Detach`](crate::detach::Detach)).
mod kept {
    use crate::detach::detach_view;
    use crate::part::Part;
    use crate::rfc1738::{
        Article, FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, GroupPart, Host, HostKind,
        HostPort, HttpUrl, IpSchemePart, Login, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl,
        SchemePart, TelnetUrl, Url, WaisKind, WaisUrl,
    };

    detach_view!(enum Url<'a> as UrlKept {
        Http(HttpUrl<'a>),
        Ftp(FtpUrl<'a>),
        News(NewsUrl<'a>),
        Nntp(NntpUrl<'a>),
        Telnet(TelnetUrl<'a>),
        Gopher(GopherUrl<'a>),
        Wais(WaisUrl<'a>),
        Mailto(MailtoUrl<'a>),
        File(FileUrl<'a>),
        Prospero(ProsperoUrl<'a>),
        Generic(GenericUrl<'a>),
    });
    detach_view!(
        struct Host<'a> {
            text: Part<'a>,
            kind: HostKind,
        }
    );
    detach_view!(
        struct HostPort<'a> {
            text: Part<'a>,
            host: Host<'a>,
            port: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct Login<'a> {
            text: Part<'a>,
            user: Option<Part<'a>>,
            password: Option<Part<'a>>,
            hostport: HostPort<'a>,
        }
    );
    detach_view!(
        struct IpSchemePart<'a> {
            text: Part<'a>,
            login: Login<'a>,
            urlpath: Option<Part<'a>>,
        }
    );
    detach_view!(enum SchemePart<'a> as SchemePartKept {
        Opaque(Part<'a>),
        Ip(IpSchemePart<'a>),
    });
    detach_view!(
        struct GenericUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            schemepart: SchemePart<'a>,
        }
    );
    detach_view!(
        struct HttpUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            hostport: HostPort<'a>,
            path: Option<Part<'a>>,
            search: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct FtpUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            login: Login<'a>,
            path: Option<Part<'a>>,
            typecode: Option<Part<'a>>,
        }
    );
    detach_view!(enum FileHost<'a> as FileHostKept {
        Empty(Part<'a>),
        Localhost(Part<'a>),
        Host(Host<'a>),
    });
    detach_view!(
        struct FileUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            host: FileHost<'a>,
            path: Part<'a>,
        }
    );
    detach_view!(
        struct GopherUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            hostport: HostPort<'a>,
            path: Option<Part<'a>>,
            gtype: Option<Part<'a>>,
            selector: Option<Part<'a>>,
            search: Option<Part<'a>>,
            gopher_plus: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct MailtoUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            address: Part<'a>,
        }
    );
    detach_view!(enum GroupPart<'a> as GroupPartKept {
        All(Part<'a>),
        Group(Part<'a>),
        Article(Article<'a>),
    });
    detach_view!(
        struct Article<'a> {
            text: Part<'a>,
            unique: Part<'a>,
            host: Host<'a>,
        }
    );
    detach_view!(
        struct NewsUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            grouppart: GroupPart<'a>,
        }
    );
    detach_view!(
        struct NntpUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            hostport: HostPort<'a>,
            group: Part<'a>,
            article: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct TelnetUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            login: Login<'a>,
            slash: bool,
        }
    );
    detach_view!(enum WaisKind<'a> as WaisKindKept {
        Database {},
        Index { search: Part<'a> },
        Document { wtype: Part<'a>, wpath: Part<'a> },
    });
    detach_view!(
        struct WaisUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            hostport: HostPort<'a>,
            database: Part<'a>,
            kind: WaisKind<'a>,
        }
    );
    detach_view!(
        struct ProsperoUrl<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            hostport: HostPort<'a>,
            path: Part<'a>,
            fields: Part<'a>,
        }
    );
}
