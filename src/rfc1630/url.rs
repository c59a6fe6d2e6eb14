//! Typed URLs of RFC 1630's "BNF for specific URL schemes" (rfc1630.txt:1304-1467).

use std::fmt;

use super::Search;
use crate::grammar::rfc1630::chars::{ALPHANUM, DIGIT};
use crate::part::Part;
use crate::shared::HostKind;
use crate::shared::Segments;

/// A `url` of RFC 1630's URL BNF (rfc1630.txt:1306): one of its eleven address forms.
///
/// ```
/// use urigram::rfc1630::{Url, GroupArt};
/// let u = Url::parse("news:12345667123@info.cern.ch").unwrap();
/// assert_eq!(u.scheme(), "news");
/// let Url::News(n) = u else { panic!() };
/// let GroupArt::Article(a) = n.groupart() else { panic!() };
/// assert_eq!(a.local(), "12345667123");
/// assert_eq!(a.host().as_str(), "info.cern.ch");
///
/// let e = Url::parse("http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins").unwrap_err();
/// assert_eq!(e.offset(), 45); // the RFC's own example: "%%3D" is no escape
///
/// let u = Url::try_from("mid:12@info.cern.ch").unwrap();
/// assert_eq!((u.scheme(), u.as_part().range()), ("mid", 0..19));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Url<'a> {
    /// `httpaddress` (rfc1630.txt:1313).
    Http(HttpUrl<'a>),
    /// `ftpaddress` (rfc1630.txt:1316).
    Ftp(FtpUrl<'a>),
    /// `newsaddress` (rfc1630.txt:1320).
    News(NewsUrl<'a>),
    /// `nntpaddress` (rfc1630.txt:1322).
    Nntp(NntpUrl<'a>),
    /// `prosperoaddress` (rfc1630.txt:1358).
    Prospero(ProsperoUrl<'a>),
    /// `telnetaddress` (rfc1630.txt:1371).
    Telnet(TelnetUrl<'a>),
    /// `gopheraddress` (rfc1630.txt:1373).
    Gopher(GopherUrl<'a>),
    /// `waisaddress` (rfc1630.txt:1330).
    Wais(WaisUrl<'a>),
    /// `mailtoaddress` (rfc1630.txt:1328).
    Mailto(MailtoUrl<'a>),
    /// `midaddress` (rfc1630.txt:1324).
    Mid(MailId<'a>),
    /// `cidaddress` (rfc1630.txt:1326).
    Cid(MailId<'a>),
}

impl<'a> Url<'a> {
    /// The whole URL as written.
    pub fn as_part(&self) -> Part<'a> {
        match self {
            Url::Http(u) => u.text,
            Url::Ftp(u) => u.text,
            Url::News(u) => u.text,
            Url::Nntp(u) => u.text,
            Url::Prospero(u) => u.text,
            Url::Telnet(u) => u.text,
            Url::Gopher(u) => u.text,
            Url::Wais(u) => u.text,
            Url::Mailto(u) => u.text,
            Url::Mid(u) | Url::Cid(u) => u.text,
        }
    }

    /// The whole URL as written.
    pub fn as_str(&self) -> &'a str {
        self.as_part().as_str()
    }

    /// The scheme, as the BNF spells it letter by letter (`http`, `ftp` ...).
    pub fn scheme(&self) -> &'static str {
        match self {
            Url::Http(_) => "http",
            Url::Ftp(_) => "ftp",
            Url::News(_) => "news",
            Url::Nntp(_) => "nntp",
            Url::Prospero(_) => "prospero",
            Url::Telnet(_) => "telnet",
            Url::Gopher(_) => "gopher",
            Url::Wais(_) => "wais",
            Url::Mailto(_) => "mailto",
            Url::Mid(_) => "mid",
            Url::Cid(_) => "cid",
        }
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `prefixedurl` (rfc1630.txt:1304): `url:` and a [`Url`], "the current IETF URI Working
/// Group preference" (rfc1630.txt:1295).
///
/// ```
/// use urigram::rfc1630::PrefixedUrl;
/// let p = PrefixedUrl::parse("url:telnet://info.cern.ch").unwrap();
/// assert_eq!(p.url().as_str(), "telnet://info.cern.ch");
/// assert_eq!(p.to_string(), "url:telnet://info.cern.ch");
/// assert_eq!(PrefixedUrl::try_from("url:news:*").unwrap().url().scheme(), "news");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrefixedUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) url: Url<'a>,
}

impl<'a> PrefixedUrl<'a> {
    /// The whole text, with its `url:`.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// The URL after `url:`.
    pub fn url(&self) -> Url<'a> {
        self.url
    }
}

impl fmt::Display for PrefixedUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

// =============================================================================================
// Hosts and logins
// =============================================================================================

/// A `host` (rfc1630.txt:1380).
///
/// ```
/// use urigram::rfc1630::{HostKind, Url};
/// // rfc1630.txt:745
/// let Url::Http(h) = Url::parse("http://info.cern.ch:8000/imaginary/test").unwrap() else {
///     panic!()
/// };
/// let host = h.hostport().host();
/// assert_eq!((host.as_str(), host.kind()), ("info.cern.ch", HostKind::Hostname));
/// assert_eq!(host.as_part().range(), 7..19);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Host<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) kind: HostKind,
}

impl<'a> Host<'a> {
    /// The host as written.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The host as written.
    pub fn as_str(&self) -> &'a str {
        self.text.as_str()
    }

    /// Host name or host number.
    pub fn kind(&self) -> HostKind {
        self.kind
    }
}

/// A `hostport = host [ : port ]` (rfc1630.txt:1378).
///
/// ```
/// use urigram::rfc1630::Url;
/// // rfc1630.txt:745
/// let Url::Http(h) = Url::parse("http://info.cern.ch:8000/imaginary/test").unwrap() else {
///     panic!()
/// };
/// let hp = h.hostport();
/// assert_eq!((hp.as_str(), hp.host().as_str()), ("info.cern.ch:8000", "info.cern.ch"));
/// assert_eq!(hp.port_str().unwrap(), "8000");
/// assert_eq!(hp.as_part().range(), 7..24);
/// let Url::Http(h) = Url::parse("http://www.my.work.com/").unwrap() else { panic!() }; // :722
/// assert_eq!(h.hostport().port(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostPort<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<Part<'a>>,
}

impl<'a> HostPort<'a> {
    /// The whole `hostport`.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The host.
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port digits as written, without the `:`, with their place in the input: the
    /// text beside [`HostPort::port`].
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.port
    }

    /// The port as a number, when present and at most 65535: the `url` crate's `port`.
    ///
    /// ```
    /// use urigram::rfc1630::Url;
    /// let Url::Http(h) = Url::parse("http://info.cern.ch:8080/a").unwrap() else { panic!() };
    /// let hp = h.hostport();
    /// assert_eq!((hp.port(), hp.port_str().unwrap().as_str()), (Some(8080), "8080"));
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port.and_then(|p| p.as_str().parse().ok())
    }
}

/// A `login = [ user [ : password ] @ ] hostport` (rfc1630.txt:1376).
///
/// The URL BNF's `hostname` may hold `@` (it is a `safe` character), so `u@h` is both a user
/// at a host and a host name alone; the value takes the user when there is one.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Ftp(f) = Url::parse("ftp://anon:me@ftp.x.org:21/pub").unwrap() else { panic!() };
/// let l = f.login();
/// assert_eq!(l.user().unwrap(), "anon");
/// assert_eq!(l.password().unwrap(), "me");
/// assert_eq!(l.hostport().host().as_str(), "ftp.x.org");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Login<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) user: Option<Part<'a>>,
    pub(crate) password: Option<Part<'a>>,
    pub(crate) hostport: HostPort<'a>,
}

impl<'a> Login<'a> {
    /// The whole `login`.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The user.
    pub fn user(&self) -> Option<Part<'a>> {
        self.user
    }

    /// The password, without its `:`.
    pub fn password(&self) -> Option<Part<'a>> {
        self.password
    }

    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The host ([`HostPort::host`]).
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

// =============================================================================================
// The address forms
// =============================================================================================

/// An `httpaddress = h t t p : / / hostport [ / path ] [ ? search ]` (rfc1630.txt:1313).
///
/// ```
/// use urigram::rfc1630::Url;
/// // rfc1630.txt:758
/// let Url::Http(h) = Url::parse("http://info.my.org/AboutUs/Index/Phonebook?dobbins").unwrap()
/// else { panic!() };
/// assert_eq!(h.hostport().as_str(), "info.my.org");
/// assert_eq!(h.path().unwrap(), "AboutUs/Index/Phonebook"); // without the `/` before it
/// let segments: Vec<_> = h.path_segments().map(|s| s.as_str()).collect();
/// assert_eq!(segments, ["AboutUs", "Index", "Phonebook"]);
/// assert_eq!(h.search().unwrap().as_str(), "dobbins");
/// let Url::Http(h) = Url::parse("http://info.cern.ch").unwrap() else { panic!() };
/// assert_eq!((h.path(), h.path_segments().count(), h.search()), (None, 0, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HttpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Option<Part<'a>>,
    pub(crate) search: Option<Part<'a>>,
}

impl<'a> HttpUrl<'a> {
    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The path after the `/` that follows the host, if there is that `/`.
    pub fn path(&self) -> Option<Part<'a>> {
        self.path
    }

    /// The path's parts between slashes (none for an empty path), as the `url` crate's
    /// `path_segments`.
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(self.path.filter(|p| !p.is_empty()))
    }

    /// The search, without its `?`. In the URL BNF `+` is also an `xalpha`; the words are
    /// still split at every `+` (rfc1630.txt:363).
    pub fn search(&self) -> Option<Search<'a>> {
        self.search.map(Search)
    }
}

/// An `ftpaddress = f t p : / / login / path [ ftptype ]` (rfc1630.txt:1316).
///
/// The grammar is ambiguous at the end: `path` can take the letters of an `ftptype`
/// (`ftp://h/fileI` is the path `fileI`, and the path `file` with type `I`), and every
/// `ftpaddress` has the derivation without an `ftptype`. [`FtpUrl::path`] is that derivation's
/// path; [`FtpUrl::type_code`] is the `ftptype` the other derivation splits off the end, if the
/// path ends in one.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Ftp(f) = Url::parse("ftp://h/pub/file/AN").unwrap() else { panic!() };
/// assert_eq!(f.path(), "pub/file/AN");
/// let t = f.type_code().unwrap();
/// assert_eq!((t.code(), t.formcode()), ('A', Some('N')));
/// assert_eq!(f.path_before_type_code(), "pub/file/");
/// let Url::Ftp(f) = Url::parse("ftp://h/data.L8").unwrap() else { panic!() };
/// assert_eq!(f.type_code().unwrap().byte_size().unwrap(), "8");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) login: Login<'a>,
    pub(crate) path: Part<'a>,
}

impl<'a> FtpUrl<'a> {
    /// The user, password, host and port.
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// The whole path after the `/` that follows the login.
    pub fn path(&self) -> Part<'a> {
        self.path
    }

    /// The path's parts between slashes (none for an empty path), as the `url` crate's
    /// `path_segments`.
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(Some(self.path).filter(|p| !p.is_empty()))
    }

    /// The user ([`Login::user`]), without a chain through [`FtpUrl::login`].
    ///
    /// ```
    /// use urigram::rfc1630::Url;
    /// let Url::Ftp(f) = Url::parse("ftp://anon:me@ftp.x.org:21/pub/fileI").unwrap() else { panic!() };
    /// assert_eq!((f.user().unwrap().as_str(), f.password().unwrap().as_str()), ("anon", "me"));
    /// assert_eq!((f.host().as_str(), f.port()), ("ftp.x.org", Some(21)));
    /// assert_eq!(f.type_code().unwrap().code(), 'I');
    /// ```
    pub fn user(&self) -> Option<Part<'a>> {
        self.login.user
    }

    /// The password ([`Login::password`]).
    pub fn password(&self) -> Option<Part<'a>> {
        self.login.password
    }

    /// The host ([`Login::host`]).
    pub fn host(&self) -> Host<'a> {
        self.login.hostport.host
    }

    /// The port as a number ([`Login::port`]).
    pub fn port(&self) -> Option<u16> {
        self.login.port()
    }

    /// The port digits as written ([`Login::port_str`]).
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.login.port_str()
    }

    /// The `ftptype` at the end of the path, if the path ends in one (`A` or `E` and a
    /// `formcode`, `I`, or `L` and digits): the spec's `ftptype`, named `type_code` as RFC
    /// 1738's [`FtpUrl::type_code`](crate::rfc1738::FtpUrl::type_code) is.
    pub fn type_code(&self) -> Option<FtpType<'a>> {
        let b = self.path.as_str().as_bytes();
        let n = b.len();
        let last = *b.last()?;
        let start = match last {
            b'N' | b'T' | b'C' if n >= 2 && matches!(b[n - 2], b'A' | b'E') => n - 2,
            b'I' => n - 1,
            d if DIGIT.contains(d) => {
                let k = b.iter().rposition(|&c| !DIGIT.contains(c))?;
                if b[k] != b'L' {
                    return None;
                }
                k
            }
            _ => return None,
        };
        // An `ftptype` never splits an escape: its letters would be the escape's hex digits.
        if (start >= 1 && b[start - 1] == b'%') || (start >= 2 && b[start - 2] == b'%') {
            return None;
        }
        Some(FtpType(self.path.slice(start..n)))
    }

    /// The path before [`FtpUrl::type_code`] (the whole path when there is none).
    pub fn path_before_type_code(&self) -> Part<'a> {
        let n = self.type_code().map_or(0, |t| t.0.as_str().len());
        self.path.slice(0..self.path.as_str().len() - n)
    }
}

/// An `ftptype = A formcode | E formcode | I | L digits` (rfc1630.txt:1382), split off the end
/// of an FTP path ([`FtpUrl::type_code`]).
///
/// ```
/// use urigram::rfc1630::Url;
/// let t = |s| match Url::parse(s).unwrap() {
///     Url::Ftp(f) => f.type_code().map(|t| {
///         (t.as_str(), t.code(), t.formcode(), t.byte_size().map(|b| b.as_str()))
///     }),
///     _ => panic!(),
/// };
/// assert_eq!(t("ftp://h/doc.txtAN"), Some(("AN", 'A', Some('N'), None)));
/// assert_eq!(t("ftp://h/ebcdic.txtET"), Some(("ET", 'E', Some('T'), None)));
/// assert_eq!(t("ftp://h/x.tarI"), Some(("I", 'I', None, None)));
/// assert_eq!(t("ftp://h/x.binL36"), Some(("L36", 'L', None, Some("36"))));
/// assert_eq!(t("ftp://h/pub/x.tar"), None);
/// assert_eq!(t("ftp://h/x%2AN"), None); // the `A` belongs to the escape `%2A`
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpType<'a>(Part<'a>);

impl<'a> FtpType<'a> {
    /// The `ftptype` as written.
    pub fn as_part(&self) -> Part<'a> {
        self.0
    }

    /// `A`, `E`, `I` or `L`.
    pub fn code(&self) -> char {
        char::from(self.0.as_str().as_bytes()[0])
    }

    /// The `formcode` (`N`, `T` or `C`) of an `A` or `E` type.
    pub fn formcode(&self) -> Option<char> {
        match self.code() {
            'A' | 'E' => self.0.as_str().chars().nth(1),
            _ => None,
        }
    }

    /// The digits of an `L` type.
    pub fn byte_size(&self) -> Option<Part<'a>> {
        (self.code() == 'L').then(|| self.0.slice(1..self.0.as_str().len()))
    }
}

/// A `newsaddress = n e w s : groupart` (rfc1630.txt:1320).
///
/// ```
/// use urigram::rfc1630::{GroupArt, Url};
/// let Url::News(n) = Url::parse("news:comp.infosystems.www").unwrap() else { panic!() };
/// assert!(matches!(n.groupart(), GroupArt::Group(g) if g == "comp.infosystems.www"));
/// assert_eq!(n.as_part().range(), 0..25);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NewsUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) groupart: GroupArt<'a>,
}

impl<'a> NewsUrl<'a> {
    /// The group, `*`, or article.
    pub fn groupart(&self) -> GroupArt<'a> {
        self.groupart
    }
}

/// A `groupart = * | group | article` (rfc1630.txt:1340).
///
/// A `group` may hold `@` (a `safe` character), so `a@b` is a group and an article; "a
/// message identifier may be distinguished from a news group name by the presence of the
/// commercial at" (rfc1630.txt:913): the value is the article when one derives.
///
/// ```
/// use urigram::rfc1630::{GroupArt, Url};
/// let groupart = |s| match Url::parse(s).unwrap() {
///     Url::News(n) => n.groupart(),
///     _ => panic!(),
/// };
/// assert!(matches!(groupart("news:*"), GroupArt::All(_)));
/// assert!(matches!(groupart("news:comp.text.sgml"), GroupArt::Group(_)));
/// assert!(matches!(groupart("news:12345667123@info.cern.ch"), GroupArt::Article(_)));
/// assert_eq!(groupart("news:12345667123@info.cern.ch").as_part().range(), 5..29);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupArt<'a> {
    /// `*`.
    All(Part<'a>),
    /// `group = ialpha [ . group ]`.
    Group(Part<'a>),
    /// `article = xalphas @ host`.
    Article(Article<'a>),
}

/// An `article = xalphas @ host` (rfc1630.txt:1352): a message id without its `<>`.
///
/// `xalphas` may hold `@` too; the value splits at the last `@` that a `host` follows.
///
/// ```
/// use urigram::rfc1630::{GroupArt, Url};
/// let Url::News(n) = Url::parse("news:a@b@info.cern.ch").unwrap() else { panic!() };
/// let GroupArt::Article(a) = n.groupart() else { panic!() };
/// assert_eq!((a.local().as_str(), a.host().as_str()), ("a@b", "info.cern.ch"));
/// assert_eq!((a.as_str(), a.as_part().range()), ("a@b@info.cern.ch", 5..21));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Article<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) local: Part<'a>,
    pub(crate) host: Host<'a>,
}

impl<'a> Article<'a> {
    /// The whole article id.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The `xalphas` before the `@`.
    pub fn local(&self) -> Part<'a> {
        self.local
    }

    /// The host after the `@`.
    pub fn host(&self) -> Host<'a> {
        self.host
    }
}

/// An `nntpaddress = n n t p : group / digits` (rfc1630.txt:1322): no host, unlike RFC
/// 1738's `nntp://`.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Nntp(n) = Url::parse("nntp:comp.text/12").unwrap() else { panic!() };
/// assert_eq!((n.group().as_str(), n.number().as_str()), ("comp.text", "12"));
/// assert!(Url::parse("nntp://news.cern.ch/comp.text/12").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NntpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) group: Part<'a>,
    pub(crate) number: Part<'a>,
}

impl<'a> NntpUrl<'a> {
    /// The news group.
    pub fn group(&self) -> Part<'a> {
        self.group
    }

    /// The article number.
    pub fn number(&self) -> Part<'a> {
        self.number
    }
}

/// A `prosperolink = p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ]
/// ]` (rfc1630.txt:1360).
///
/// `hsoname` is a `path`, and `%00` is also an `escape`, so every `prosperolink` derives with
/// the whole rest as `hsoname`; the value splits off a version where the last part of the path
/// is the RFC's "%00" (rfc1630.txt:1165), digits, and letters and digits to the end.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Prospero(p) = Url::parse("prospero://h:1525/pub/x%0012ab").unwrap() else {
///     panic!()
/// };
/// assert_eq!(p.path(), "pub/x%0012ab");
/// assert_eq!(p.hsoname(), "pub/x");
/// assert_eq!(p.version().unwrap(), "12");
/// assert_eq!(p.attributes().unwrap(), "ab");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProsperoUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Part<'a>,
}

impl<'a> ProsperoUrl<'a> {
    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// Everything after the `/` that follows the host: `hsoname` with any version.
    pub fn path(&self) -> Part<'a> {
        self.path
    }

    /// Where `%00`, the version and the attributes start: `(at %00, at attributes)`.
    fn split(&self) -> Option<(usize, usize)> {
        let s = self.path.as_str();
        let b = s.as_bytes();
        let last = s.rfind('/').map_or(0, |k| k + 1);
        let mut from = last;
        while let Some(k) = s[from..].find("%00").map(|k| k + from) {
            let v = k + 3;
            let digits = b[v..].iter().take_while(|&&c| DIGIT.contains(c)).count();
            if digits > 0 && b[v + digits..].iter().all(|&c| ALPHANUM.contains(c)) {
                return Some((k, v + digits));
            }
            from = k + 1;
        }
        None
    }

    /// The host-specific object name, before any `%00` version.
    pub fn hsoname(&self) -> Part<'a> {
        let end = self.split().map_or(self.path.as_str().len(), |(k, _)| k);
        self.path.slice(0..end)
    }

    /// The version digits after `%00`.
    pub fn version(&self) -> Option<Part<'a>> {
        self.split().map(|(k, a)| self.path.slice(k + 3..a))
    }

    /// The `attributes` after the version (letters and digits), if any.
    pub fn attributes(&self) -> Option<Part<'a>> {
        let (_, a) = self.split()?;
        let n = self.path.as_str().len();
        (a < n).then(|| self.path.slice(a..n))
    }
}

/// A `telnetaddress = t e l n e t : / / login` (rfc1630.txt:1371).
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Telnet(t) = Url::parse("telnet://guest@info.cern.ch:23").unwrap() else { panic!() };
/// assert_eq!(t.login().user().unwrap(), "guest");
/// assert_eq!(t.login().hostport().port_str().unwrap(), "23");
/// assert!(Url::parse("telnet://info.cern.ch/").is_err()); // no path, not even `/`
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TelnetUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) login: Login<'a>,
}

impl<'a> TelnetUrl<'a> {
    /// The user, password, host and port.
    pub fn login(&self) -> Login<'a> {
        self.login
    }
}

/// A `gopheraddress = g o p h e r : / / hostport [/ gtype [ gcommand ] ]`
/// (rfc1630.txt:1373).
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Gopher(g) = Url::parse("gopher://gopher.micro.umn.edu/00/Info").unwrap() else {
///     panic!()
/// };
/// assert_eq!(g.gtype().unwrap(), "0");
/// assert_eq!(g.gcommand().unwrap(), "0/Info");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GopherUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) gtype: Option<Part<'a>>,
    pub(crate) gcommand: Option<Part<'a>>,
}

impl<'a> GopherUrl<'a> {
    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The gopher type: one `xalpha` (possibly an escape).
    pub fn gtype(&self) -> Option<Part<'a>> {
        self.gtype
    }

    /// The command string after the type (possibly empty; `None` without a type).
    pub fn gcommand(&self) -> Option<Part<'a>> {
        self.gcommand
    }
}

/// A `waisaddress = waisindex | waisdoc` (rfc1630.txt:1330).
///
/// ```
/// use urigram::rfc1630::{Url, WaisKind};
/// let Url::Wais(w) = Url::parse("wais://h/db/TEXT/1=a%3Bb;2=c;").unwrap() else { panic!() };
/// assert_eq!(w.database(), "db");
/// let WaisKind::Doc { wtype, wpath } = w.kind() else { panic!() };
/// assert_eq!(wtype, "TEXT");
/// let f: Vec<_> = wpath.fields().map(|f| (f.number.as_str(), f.content.as_str())).collect();
/// assert_eq!(f, [("1", "a%3Bb"), ("2", "c")]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaisUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) database: Part<'a>,
    pub(crate) kind: WaisKind<'a>,
}

impl<'a> WaisUrl<'a> {
    /// The host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The database name.
    pub fn database(&self) -> Part<'a> {
        self.database
    }

    /// An index (with its search) or a document.
    pub fn kind(&self) -> WaisKind<'a> {
        self.kind
    }
}

/// Which alternative of `waisaddress` matched.
///
/// ```
/// use urigram::rfc1630::{Url, WaisKind};
/// let kind = |s| match Url::parse(s).unwrap() {
///     Url::Wais(w) => w.kind(),
///     _ => panic!(),
/// };
/// let url = "wais://quake.think.com/wais-discussion-archives?lynch"; // rfc1630.txt:1521
/// let WaisKind::Index { search } = kind(url) else { panic!() };
/// assert_eq!(search.unwrap().as_str(), "lynch");
/// assert!(matches!(kind("wais://quake.think.com/db"), WaisKind::Index { search: None }));
/// let WaisKind::Doc { wtype, .. } = kind("wais://h/db/TEXT/1=a;") else { panic!() };
/// assert_eq!(wtype, "TEXT");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaisKind<'a> {
    /// `waisindex = w a i s : / / hostport / database [ ? search ]`.
    Index {
        /// The search, without its `?`.
        search: Option<Search<'a>>,
    },
    /// `waisdoc = w a i s : / / hostport / database / wtype / wpath`.
    Doc {
        /// The WAIS document type.
        wtype: Part<'a>,
        /// The encoded fields of the WAIS identifier.
        wpath: Wpath<'a>,
    },
}

/// A `wpath = digits = path ; [ wpath ]` (rfc1630.txt:1338): the fields of a WAIS document
/// identifier, each "the digits before the equals sign" and its contents, "terminated by ;"
/// (rfc1630.txt:1015).
///
/// ```
/// use urigram::rfc1630::{Url, WaisKind};
/// let Url::Wais(w) = Url::parse("wais://h/db/TEXT/1=a%3Bb;22=;").unwrap() else { panic!() };
/// let WaisKind::Doc { wpath, .. } = w.kind() else { panic!() };
/// assert_eq!((wpath.as_str(), wpath.as_part().range()), ("1=a%3Bb;22=;", 17..29));
/// assert_eq!(wpath.fields().count(), 2);
/// assert!(Url::parse("wais://h/db/TEXT/1=a").is_err()); // each field ends with `;`
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wpath<'a>(pub(crate) Part<'a>);

impl<'a> Wpath<'a> {
    /// The whole `wpath`.
    pub fn as_part(&self) -> Part<'a> {
        self.0
    }

    /// The fields in order.
    pub fn fields(&self) -> impl Iterator<Item = WaisField<'a>> + 'a {
        let w = self.0;
        let s = w.as_str();
        // A field's contents are a `path`, which holds neither `=` nor `;`.
        let mut at = 0;
        std::iter::from_fn(move || {
            let eq = s[at..].find('=')? + at;
            let semi = s[eq..].find(';')? + eq;
            let f = WaisField {
                number: w.slice(at..eq),
                content: w.slice(eq + 1..semi),
            };
            at = semi + 1;
            Some(f)
        })
    }
}

/// One field of a [`Wpath`].
///
/// ```
/// use urigram::rfc1630::{Url, WaisField, WaisKind};
/// let Url::Wais(w) = Url::parse("wais://h/db/TEXT/1=a%3Bb;22=;").unwrap() else { panic!() };
/// let WaisKind::Doc { wpath, .. } = w.kind() else { panic!() };
/// let fields: Vec<WaisField> = wpath.fields().collect();
/// assert_eq!((fields[0].number.as_str(), fields[0].content.as_str()), ("1", "a%3Bb"));
/// assert_eq!((fields[1].number.as_str(), fields[1].content.as_str()), ("22", "")); // `void`
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaisField<'a> {
    /// The field number (the `digits`).
    pub number: Part<'a>,
    /// The contents (a `path`, still escaped).
    pub content: Part<'a>,
}

/// A `mailtoaddress = m a i l t o : xalphas @ hostname` (rfc1630.txt:1328).
///
/// `xalphas` and `hostname` may both hold `@`; the value splits at the last `@` followed by a
/// letter (a `hostname` starts with one).
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Mailto(m) = Url::parse("mailto:timbl@info.cern.ch").unwrap() else { panic!() };
/// assert_eq!((m.local().as_str(), m.hostname().as_str()), ("timbl", "info.cern.ch"));
/// let Url::Mailto(m) = Url::parse("mailto:a@b@c1").unwrap() else { panic!() };
/// assert_eq!((m.local().as_str(), m.hostname().as_str()), ("a@b", "c1"));
/// assert_eq!(m.as_part().range(), 0..13);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MailtoUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) local: Part<'a>,
    pub(crate) hostname: Part<'a>,
}

impl<'a> MailtoUrl<'a> {
    /// The `xalphas` before the `@`.
    pub fn local(&self) -> Part<'a> {
        self.local
    }

    /// The host name after the `@`.
    pub fn hostname(&self) -> Part<'a> {
        self.hostname
    }
}

/// A `midaddress` (`m i d : addr-spec`, rfc1630.txt:1324) or `cidaddress` (`c i d :
/// content-identifier`, rfc1630.txt:1326): an RFC 822 `addr-spec` after the scheme.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Mid(m) = Url::parse("mid:12345667123@info.cern.ch").unwrap() else { panic!() };
/// assert_eq!(m.addr_spec().local_part(), "12345667123");
/// let Url::Cid(c) = Url::parse("cid:part1.x@[1.2]").unwrap() else { panic!() };
/// assert_eq!((c.addr_spec().domain().as_str(), c.as_str()), ("[1.2]", "cid:part1.x@[1.2]"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MailId<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) addr: AddrSpec<'a>,
}

impl<'a> MailId<'a> {
    /// The message or content id.
    pub fn addr_spec(&self) -> AddrSpec<'a> {
        self.addr
    }
}

/// An RFC 822 `addr-spec = local-part "@" domain` (rfc822.txt:1705), as written: no white
/// space or comments between its tokens.
///
/// ```
/// use urigram::rfc1630::Url;
/// let Url::Mid(m) = Url::parse("mid:\"a b\".c@[10.0.0.1]").unwrap() else { panic!() };
/// assert_eq!(m.addr_spec().local_part(), "\"a b\".c");
/// assert_eq!(m.addr_spec().domain(), "[10.0.0.1]");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddrSpec<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) local_part: Part<'a>,
    pub(crate) domain: Part<'a>,
}

impl<'a> AddrSpec<'a> {
    /// The whole `addr-spec`.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }

    /// The `local-part`, quoted strings as written.
    pub fn local_part(&self) -> Part<'a> {
        self.local_part
    }

    /// The `domain`, domain literals as written.
    pub fn domain(&self) -> Part<'a> {
        self.domain
    }
}

/// What the owned [`UriBuf`](crate::rfc1630::UriBuf), [`UrlBuf`](crate::rfc1630::UrlBuf) and
/// [`PrefixedUrlBuf`](crate::rfc1630::PrefixedUrlBuf) keep beside their texts, so that their
/// `get` reads nothing again ([`Detach`](crate::detach::Detach)).
mod kept {
    use super::{
        AddrSpec, Article, FtpUrl, GopherUrl, GroupArt, Host, HostPort, HttpUrl, Login, MailId,
        MailtoUrl, NewsUrl, NntpUrl, PrefixedUrl, ProsperoUrl, TelnetUrl, Url, WaisKind, WaisUrl,
        Wpath,
    };
    use crate::detach::detach_view;
    use crate::part::Part;
    use crate::rfc1630::{Search, Uri};
    use crate::shared::HostKind;

    detach_view!(
        struct Uri<'a> {
            text: Part<'a>,
            scheme: Part<'a>,
            path: Part<'a>,
            search: Option<Part<'a>>,
            fragment: Option<Part<'a>>,
        }
    );
    detach_view!(struct Search<'a>(Part<'a>));
    detach_view!(
        struct PrefixedUrl<'a> {
            text: Part<'a>,
            url: Url<'a>,
        }
    );

    impl<'a> PrefixedUrl<'a> {
        /// The whole text with its place, where the kept offsets count from.
        pub(crate) fn as_part(&self) -> Part<'a> {
            self.text
        }
    }
    detach_view!(enum Url<'a> as UrlKept {
        Http(HttpUrl<'a>),
        Ftp(FtpUrl<'a>),
        News(NewsUrl<'a>),
        Nntp(NntpUrl<'a>),
        Prospero(ProsperoUrl<'a>),
        Telnet(TelnetUrl<'a>),
        Gopher(GopherUrl<'a>),
        Wais(WaisUrl<'a>),
        Mailto(MailtoUrl<'a>),
        Mid(MailId<'a>),
        Cid(MailId<'a>),
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
        struct HttpUrl<'a> {
            text: Part<'a>,
            hostport: HostPort<'a>,
            path: Option<Part<'a>>,
            search: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct FtpUrl<'a> {
            text: Part<'a>,
            login: Login<'a>,
            path: Part<'a>,
        }
    );
    detach_view!(
        struct NewsUrl<'a> {
            text: Part<'a>,
            groupart: GroupArt<'a>,
        }
    );
    detach_view!(enum GroupArt<'a> as GroupArtKept {
        All(Part<'a>),
        Group(Part<'a>),
        Article(Article<'a>),
    });
    detach_view!(
        struct Article<'a> {
            text: Part<'a>,
            local: Part<'a>,
            host: Host<'a>,
        }
    );
    detach_view!(
        struct NntpUrl<'a> {
            text: Part<'a>,
            group: Part<'a>,
            number: Part<'a>,
        }
    );
    detach_view!(
        struct ProsperoUrl<'a> {
            text: Part<'a>,
            hostport: HostPort<'a>,
            path: Part<'a>,
        }
    );
    detach_view!(
        struct TelnetUrl<'a> {
            text: Part<'a>,
            login: Login<'a>,
        }
    );
    detach_view!(
        struct GopherUrl<'a> {
            text: Part<'a>,
            hostport: HostPort<'a>,
            gtype: Option<Part<'a>>,
            gcommand: Option<Part<'a>>,
        }
    );
    detach_view!(
        struct WaisUrl<'a> {
            text: Part<'a>,
            hostport: HostPort<'a>,
            database: Part<'a>,
            kind: WaisKind<'a>,
        }
    );
    detach_view!(enum WaisKind<'a> as WaisKindKept {
        Index { search: Option<Search<'a>> },
        Doc { wtype: Part<'a>, wpath: Wpath<'a> },
    });
    detach_view!(struct Wpath<'a>(Part<'a>));
    detach_view!(
        struct MailtoUrl<'a> {
            text: Part<'a>,
            local: Part<'a>,
            hostname: Part<'a>,
        }
    );
    detach_view!(
        struct MailId<'a> {
            text: Part<'a>,
            addr: AddrSpec<'a>,
        }
    );
    detach_view!(
        struct AddrSpec<'a> {
            text: Part<'a>,
            local_part: Part<'a>,
            domain: Part<'a>,
        }
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grammar;

    fn parse(s: &str) -> Url<'_> {
        match Url::parse(s) {
            Ok(u) => u,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn display_reproduces_the_input() {
        for s in [
            "http://u@h:80/a/b/?q+r",
            "ftp://u:p@h/a/bAN",
            "news:*",
            "nntp:comp.text/12",
            "prospero://h/p%00a1b",
            "telnet://h",
            "gopher://h/1",
            "wais://h/db?x",
            "mailto:a@b",
            "mid:a@b",
            "cid:a@b",
        ] {
            let u = parse(s);
            assert_eq!(u.to_string(), s);
            assert_eq!(u.as_part().range(), 0..s.len());
            assert!(s.starts_with(u.scheme()));
            assert_eq!(Url::try_from(s), Ok(u));
        }
        assert!(Url::try_from("afs://c/p").is_err());
    }

    /// Every component displays as written, the same text as `as_str` and `as_part`.
    #[test]
    fn components_display_as_written() {
        fn same(shown: impl fmt::Display, text: &str, part: Part<'_>, want: &str) {
            assert_eq!(
                (shown.to_string().as_str(), text, part.as_str()),
                (want, want, want)
            );
        }
        let Url::Ftp(f) = parse("ftp://u:p@h:21/a/bAN") else {
            panic!()
        };
        same(f, f.as_str(), f.as_part(), "ftp://u:p@h:21/a/bAN");
        same(
            f.login(),
            f.login().as_str(),
            f.login().as_part(),
            "u:p@h:21",
        );
        let hp = f.login().hostport();
        same(hp, hp.as_str(), hp.as_part(), "h:21");
        same(hp.host(), hp.host().as_str(), hp.host().as_part(), "h");
        let t = f.type_code().unwrap();
        same(t, t.as_str(), t.as_part(), "AN");
        let Url::News(n) = parse("news:a.b@c.d") else {
            panic!()
        };
        same(n, n.as_str(), n.as_part(), "news:a.b@c.d");
        let g = n.groupart();
        same(g, g.as_str(), g.as_part(), "a.b@c.d");
        let GroupArt::Article(a) = g else { panic!() };
        same(a, a.as_str(), a.as_part(), "a.b@c.d");
        let Url::Wais(w) = parse("wais://h/db/t/1=x;") else {
            panic!()
        };
        let WaisKind::Doc { wpath, .. } = w.kind() else {
            panic!()
        };
        same(wpath, wpath.as_str(), wpath.as_part(), "1=x;");
        let Url::Mid(m) = parse("mid:a@b") else {
            panic!()
        };
        same(m, m.as_str(), m.as_part(), "mid:a@b");
        let a = m.addr_spec();
        same(a, a.as_str(), a.as_part(), "a@b");
        for s in [
            "http://h/p",
            "nntp:g/1",
            "prospero://h/p",
            "telnet://h",
            "gopher://h/1",
            "mailto:a@b",
        ] {
            let whole = match parse(s) {
                Url::Http(u) => (u.to_string(), u.as_str(), u.as_part()),
                Url::Nntp(u) => (u.to_string(), u.as_str(), u.as_part()),
                Url::Prospero(u) => (u.to_string(), u.as_str(), u.as_part()),
                Url::Telnet(u) => (u.to_string(), u.as_str(), u.as_part()),
                Url::Gopher(u) => (u.to_string(), u.as_str(), u.as_part()),
                Url::Mailto(u) => (u.to_string(), u.as_str(), u.as_part()),
                other => panic!("{other:?}"),
            };
            assert_eq!(
                (whole.0.as_str(), whole.1, whole.2.range()),
                (s, s, 0..s.len())
            );
        }
    }

    #[test]
    fn logins_prefer_a_user() {
        let Url::Telnet(t) = parse("telnet://a@b") else {
            panic!()
        };
        assert_eq!(t.login().user().unwrap(), "a");
        assert_eq!(t.login().hostport().host().as_str(), "b");
        // Only a host name: `1` is no host.
        let Url::Telnet(t) = parse("telnet://a@1") else {
            panic!()
        };
        assert!(t.login().user().is_none());
        assert_eq!(t.login().hostport().host().as_str(), "a@1");
        let Url::Telnet(t) = parse("telnet://u:p@1.2.3.4:23") else {
            panic!()
        };
        let l = t.login();
        assert_eq!(
            (l.user().unwrap(), l.password().unwrap()),
            (Part::new("u", 9), Part::new("p", 11))
        );
        assert_eq!(l.hostport().host().kind(), HostKind::Ipv4);
        assert_eq!(l.hostport().port_str().unwrap().range(), 21..23);
        assert_eq!(l.as_part().as_str(), "u:p@1.2.3.4:23");
    }

    #[test]
    fn ftptypes() {
        #[allow(clippy::type_complexity)]
        fn ty(s: &str) -> Option<(&str, char, Option<char>, Option<&str>)> {
            let Url::Ftp(f) = parse(s) else { panic!() };
            f.type_code().map(|t| {
                (
                    t.as_part().as_str(),
                    t.code(),
                    t.formcode(),
                    t.byte_size().map(|b| b.as_str()),
                )
            })
        }
        assert_eq!(ty("ftp://h/xAN"), Some(("AN", 'A', Some('N'), None)));
        assert_eq!(ty("ftp://h/ET"), Some(("ET", 'E', Some('T'), None)));
        assert_eq!(ty("ftp://h/a/I"), Some(("I", 'I', None, None)));
        assert_eq!(ty("ftp://h/L36"), Some(("L36", 'L', None, Some("36"))));
        assert_eq!(ty("ftp://h/x.txt"), None);
        assert_eq!(ty("ftp://h/"), None);
        assert_eq!(ty("ftp://h/12"), None);
        // Never inside an escape: `%AC` and `%0AN`'s `A` are hex digits.
        assert_eq!(ty("ftp://h/x%AC"), None);
        assert_eq!(ty("ftp://h/x%0AN"), None);
        let Url::Ftp(f) = parse("ftp://h/dir/fileAN") else {
            panic!()
        };
        assert_eq!(f.path_before_type_code(), "dir/file");
        assert_eq!(
            f.path_segments().map(|s| s.as_str()).collect::<Vec<_>>(),
            ["dir", "fileAN"]
        );
    }

    #[test]
    fn news_articles_and_groups() {
        fn ga(s: &str) -> GroupArt<'_> {
            let Url::News(n) = parse(s) else { panic!() };
            n.groupart()
        }
        assert!(matches!(ga("news:*"), GroupArt::All(p) if p == "*"));
        assert!(matches!(ga("news:comp.text"), GroupArt::Group(p) if p == "comp.text"));
        let GroupArt::Article(a) = ga("news:a@b@1.2.3.4") else {
            panic!()
        };
        assert_eq!((a.local().as_str(), a.host().as_str()), ("a@b", "1.2.3.4"));
        assert_eq!(a.host().kind(), HostKind::Ipv4);
        assert_eq!(a.as_part().range(), 5..16);
        // The last `@` that a host follows.
        let GroupArt::Article(a) = ga("news:x@y@1") else {
            panic!()
        };
        assert_eq!((a.local().as_str(), a.host().as_str()), ("x", "y@1"));
        let Url::Nntp(n) = parse("nntp:comp.text/12") else {
            panic!()
        };
        assert_eq!(
            (n.group().as_str(), n.number().as_str()),
            ("comp.text", "12")
        );
    }

    #[test]
    fn mailto_splits_at_the_last_at_before_a_letter() {
        let Url::Mailto(m) = parse("mailto:a@b@1") else {
            panic!()
        };
        assert_eq!((m.local().as_str(), m.hostname().as_str()), ("a", "b@1"));
        let Url::Mailto(m) = parse("mailto:a@b@c") else {
            panic!()
        };
        assert_eq!((m.local().as_str(), m.hostname().as_str()), ("a@b", "c"));
        assert_eq!(m.hostname().range(), 11..12);
    }

    #[test]
    fn prospero_versions() {
        fn split(s: &str) -> (&str, Option<&str>, Option<&str>) {
            let Url::Prospero(p) = parse(s) else { panic!() };
            (
                p.hsoname().as_str(),
                p.version().map(|v| v.as_str()),
                p.attributes().map(|a| a.as_str()),
            )
        }
        assert_eq!(split("prospero://h/a/b"), ("a/b", None, None));
        assert_eq!(split("prospero://h/a%0012"), ("a", Some("12"), None));
        assert_eq!(
            split("prospero://h/a%0012x9"),
            ("a", Some("12"), Some("x9"))
        );
        assert_eq!(split("prospero://h/%001"), ("", Some("1"), None));
        assert_eq!(split("prospero://h/a%00%001"), ("a%00", Some("1"), None));
        assert_eq!(split("prospero://h/a%00x"), ("a%00x", None, None));
        assert_eq!(split("prospero://h/a%001/b"), ("a%001/b", None, None));
        assert_eq!(split("prospero://h/a%0012-"), ("a%0012-", None, None));
    }

    #[test]
    fn gopher_and_wais() {
        let Url::Gopher(g) = parse("gopher://h:70") else {
            panic!()
        };
        assert_eq!(g.hostport().port_str().unwrap(), "70");
        assert!(g.gtype().is_none() && g.gcommand().is_none());
        let Url::Gopher(g) = parse("gopher://h/%09") else {
            panic!()
        };
        assert_eq!(
            (g.gtype().unwrap().as_str(), g.gcommand().unwrap().as_str()),
            ("%09", "")
        );
        let Url::Wais(w) = parse("wais://h/db/t/1=;") else {
            panic!()
        };
        let WaisKind::Doc { wpath, .. } = w.kind() else {
            panic!()
        };
        let f: Vec<_> = wpath.fields().collect();
        assert_eq!(f.len(), 1);
        assert_eq!((f[0].number.as_str(), f[0].content.as_str()), ("1", ""));
        assert_eq!(wpath.as_part().range(), 14..17);
        let Url::Wais(w) = parse("wais://h/db") else {
            panic!()
        };
        assert!(matches!(w.kind(), WaisKind::Index { search: None }));
    }

    #[test]
    fn message_and_content_ids() {
        let Url::Cid(c) = parse("cid:part1.x@[1.2]") else {
            panic!()
        };
        assert_eq!(c.addr_spec().local_part(), "part1.x");
        assert_eq!(c.addr_spec().domain().range(), 12..17);
        assert_eq!(c.addr_spec().as_part().as_str(), "part1.x@[1.2]");
        let Url::Mid(m) = parse("mid:a%25b@c") else {
            panic!()
        };
        assert_eq!(m.addr_spec().local_part(), "a%25b");
    }

    #[test]
    fn prefixed_urls_and_errors() {
        let p = PrefixedUrl::parse("url:mailto:a@b").unwrap();
        assert_eq!(p.url().scheme(), "mailto");
        assert_eq!(p.url().as_part().range(), 4..14);
        assert_eq!(PrefixedUrl::try_from("url:mailto:a@b"), Ok(p));
        let e = PrefixedUrl::parse("url:mailto:a").unwrap_err();
        assert_eq!(
            (e.offset(), e.grammar(), e.start_rule()),
            (12, Grammar::Rfc1630Url, "prefixedurl")
        );
        // An error inside RFC 822's addr-spec cites RFC 822.
        let e = Url::parse("mid:a@b..c").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (8, "sub-domain"));
        assert_eq!(e.citation().to_string(), "rfc822.txt:1712 (section 6.1)");
        let e = Url::parse("mid:a b").unwrap_err();
        assert_eq!(e.offset(), 5);
        assert_eq!(e.citation().file, "rfc822.txt");
        let e = Url::parse("http://h/a b").unwrap_err();
        assert_eq!((e.offset(), e.citation().file), (10, "rfc1630.txt"));
    }
}

crate::part::written_as_read!(display: Host);
crate::part::written_as_read!(HostPort, Login, FtpType, Article, Wpath, AddrSpec);
crate::part::written_as_read!(text: HttpUrl, FtpUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, GopherUrl, WaisUrl, MailtoUrl, MailId);

impl<'a> GroupArt<'a> {
    /// The whole `groupart` as written.
    pub fn as_part(&self) -> Part<'a> {
        match self {
            GroupArt::All(p) | GroupArt::Group(p) => *p,
            GroupArt::Article(a) => a.text,
        }
    }
}
crate::part::written_as_read!(GroupArt);
