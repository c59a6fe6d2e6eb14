//! One type per scheme of section 3, in the order of `url` (rfc1738.txt:941).

use std::fmt;

use super::parts::{Host, HostPort, Login};
use crate::part::Part;
use crate::shared::Segments;

/// `as_part`, `as_str` and `Display` (the URL exactly as written) for each scheme's type.
macro_rules! whole_url {
    ($($ty:ident),*) => {$(
        impl<'a> $ty<'a> {
            /// The whole URL as a [`Part`].
            pub fn as_part(&self) -> Part<'a> {
                self.text
            }
            /// The whole URL as written.
            pub fn as_str(&self) -> &'a str {
                self.text.as_str()
            }
        }

        impl fmt::Display for $ty<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.text.as_str())
            }
        }
    )*};
}

whole_url!(
    HttpUrl,
    FtpUrl,
    FileUrl,
    GopherUrl,
    MailtoUrl,
    NewsUrl,
    NntpUrl,
    TelnetUrl,
    WaisUrl,
    ProsperoUrl
);

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` (section 3.3).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Http(u) = Url::parse("http://www.example.com:8080/a/b?x;y").unwrap() else { panic!() };
/// assert_eq!(u.hostport().port(), Some(8080));
/// assert_eq!(u.path().unwrap(), "a/b");
/// let segs: Vec<_> = u.path_segments().map(|s| s.as_str()).collect();
/// assert_eq!(segs, ["a", "b"]);
/// assert_eq!(u.search().unwrap(), "x;y");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HttpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Option<Part<'a>>,
    pub(crate) search: Option<Part<'a>>,
}

impl<'a> HttpUrl<'a> {
    /// The scheme, `http`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// Host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }
    /// The `hpath`, without the `/` before it; `None` when the URL has no `/` after the host.
    pub fn path(&self) -> Option<Part<'a>> {
        self.path
    }
    /// The `hsegment`s of the path (none when there is no path).
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(self.path)
    }
    /// The `search`, without its `?`.
    pub fn search(&self) -> Option<Part<'a>> {
        self.search
    }
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (section 3.2).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Ftp(u) = Url::parse("ftp://ftp.example.com/pub/file.txt;type=a").unwrap() else {
///     panic!()
/// };
/// assert_eq!(u.path().unwrap(), "pub/file.txt");
/// assert_eq!(u.type_code(), Some('a'));
/// assert!(u.login().user().is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) login: Login<'a>,
    pub(crate) path: Option<Part<'a>>,
    pub(crate) typecode: Option<Part<'a>>,
}

impl<'a> FtpUrl<'a> {
    /// The scheme, `ftp`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// User, password, host and port.
    pub fn login(&self) -> Login<'a> {
        self.login
    }
    /// The `fpath` (the url-path without `;type=`), without the `/` before it.
    pub fn path(&self) -> Option<Part<'a>> {
        self.path
    }
    /// The `fsegment`s: `<cwd1>` ... `<cwdN>` and then `<name>` (section 3.2.2).
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(self.path)
    }
    /// The `ftptype` as written, without `;type=`, with its place in the input: the text
    /// beside [`FtpUrl::type_code`].
    pub fn type_code_str(&self) -> Option<Part<'a>> {
        self.typecode
    }
    /// The type code as written (`A`, `I`, `D`, `a`, `i` or `d`): section 3.2.2's word
    /// ("typecode"), in Rust's case.
    pub fn type_code(&self) -> Option<char> {
        self.typecode.and_then(|t| t.as_str().chars().next())
    }
    /// The user name ([`Login::user`]), without a chain through [`FtpUrl::login`].
    ///
    /// ```
    /// use urigram::rfc1738::Url;
    /// let Url::Ftp(f) = Url::parse("ftp://me:pw@ftp.example:2121/a;type=i").unwrap() else { panic!() };
    /// assert_eq!((f.user().unwrap().as_str(), f.password().unwrap().as_str()), ("me", "pw"));
    /// assert_eq!((f.host().as_str(), f.port(), f.port_str().unwrap().as_str()), ("ftp.example", Some(2121), "2121"));
    /// assert_eq!(f.type_code(), Some('i'));
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
        self.login.host()
    }
    /// The port as written, as a number ([`Login::port`]; the default, 21, is
    /// [`Url::port_or_known_default`](crate::rfc1738::Url::port_or_known_default)).
    pub fn port(&self) -> Option<u16> {
        self.login.port()
    }
    /// The port digits as written ([`Login::port_str`]).
    pub fn port_str(&self) -> Option<Part<'a>> {
        self.login.port_str()
    }
}

/// The host of a `fileurl`: `[ host | "localhost" ]` (section 3.10).
///
/// ```
/// use urigram::rfc1738::{FileHost, Url};
/// let host = |s| match Url::parse(s).unwrap() {
///     Url::File(f) => f.host(),
///     _ => panic!(),
/// };
/// let h = host("file://vms.host.edu/disk$user/my/notes/note12345.txt"); // rfc1738.txt:817
/// assert!(matches!(h, FileHost::Host(x) if x.as_str() == "vms.host.edu"));
/// assert!(!h.is_local());
/// // rfc1738.txt:819-820: "localhost" or the empty string: the machine reading the URL.
/// let h = host("file://localhost/etc/motd");
/// assert!(matches!(h, FileHost::Localhost(_)) && h.is_local());
/// let h = host("file:///etc/motd");
/// assert!(matches!(h, FileHost::Empty(_)) && h.is_local());
/// assert_eq!((h.as_str(), h.as_part().range()), ("", 7..7));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileHost<'a> {
    /// No host: `file:///path`, "the machine from which the URL is being interpreted".
    Empty(Part<'a>),
    /// Exactly `localhost`, which means the same. (`localhost` is also a `hostname`; the
    /// grammar derives it through `host`, this view names the special case.)
    Localhost(Part<'a>),
    /// Any other host.
    Host(Host<'a>),
}

impl<'a> FileHost<'a> {
    /// The host text (empty for [`FileHost::Empty`]).
    pub fn as_part(&self) -> Part<'a> {
        match self {
            FileHost::Empty(p) | FileHost::Localhost(p) => *p,
            FileHost::Host(h) => h.text,
        }
    }
    /// Whether the host means the local machine (empty or `localhost`).
    pub fn is_local(&self) -> bool {
        !matches!(self, FileHost::Host(_))
    }
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath` (section 3.10).
///
/// ```
/// use urigram::rfc1738::{FileHost, Url};
/// let Url::File(u) = Url::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap()
/// else { panic!() };
/// assert_eq!(u.host().as_part(), "vms.host.edu");
/// assert_eq!(u.path_segments().count(), 4);
/// let Url::File(u) = Url::parse("file:///etc/motd").unwrap() else { panic!() };
/// assert!(matches!(u.host(), FileHost::Empty(_)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) host: FileHost<'a>,
    pub(crate) path: Part<'a>,
}

impl<'a> FileUrl<'a> {
    /// The scheme, `file`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// The host.
    pub fn host(&self) -> FileHost<'a> {
        self.host
    }
    /// The `fpath`, without the `/` before it.
    pub fn path(&self) -> Part<'a> {
        self.path
    }
    /// The `fsegment`s: `<directory>/.../<name>`.
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(Some(self.path))
    }
}

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09"
/// gopher+_string ] ] ] ] ]` (section 3.4, with erratum 5118's quoted `/`).
///
/// `%09` is itself an `xchar`, so a selector may hold it and the split is ambiguous; the
/// parser gives the reading in which the selector ends at the first `%09` that a valid
/// `search` follows (up to the next `%09` or the end), and the search at the next `%09`.
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Gopher(u) = Url::parse("gopher://h/7find%09rfc%09+").unwrap() else { panic!() };
/// assert_eq!(u.gtype().unwrap(), "7");
/// assert_eq!(u.selector().unwrap(), "find");
/// assert_eq!(u.search().unwrap(), "rfc");
/// assert_eq!(u.gopher_plus().unwrap(), "+");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GopherUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Option<Part<'a>>,
    pub(crate) gtype: Option<Part<'a>>,
    pub(crate) selector: Option<Part<'a>>,
    pub(crate) search: Option<Part<'a>>,
    pub(crate) gopher_plus: Option<Part<'a>>,
}

impl<'a> GopherUrl<'a> {
    /// The scheme, `gopher`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// Host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }
    /// The whole `<gopher-path>` after the `/` (`None` without the `/`).
    pub fn path(&self) -> Option<Part<'a>> {
        self.path
    }
    /// The `gtype`: one `xchar` (an escape counts as one).
    pub fn gtype(&self) -> Option<Part<'a>> {
        self.gtype
    }
    /// The `selector` (present, possibly empty, whenever `gtype` is).
    pub fn selector(&self) -> Option<Part<'a>> {
        self.selector
    }
    /// The `search`, after the first `%09`.
    pub fn search(&self) -> Option<Part<'a>> {
        self.search
    }
    /// The `gopher+_string`, after the second `%09`.
    pub fn gopher_plus(&self) -> Option<Part<'a>> {
        self.gopher_plus
    }
}

/// `mailtourl = "mailto:" encoded822addr` (section 3.5).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Mailto(u) = Url::parse("mailto:user@example.com").unwrap() else { panic!() };
/// assert_eq!(u.address(), "user@example.com");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MailtoUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) address: Part<'a>,
}

impl<'a> MailtoUrl<'a> {
    /// The scheme, `mailto`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// The `encoded822addr` (still encoded; it has no reserved characters, section 3.5).
    pub fn address(&self) -> Part<'a> {
        self.address
    }
}

/// `grouppart = "*" | group | article` (section 3.6): "A message identifier may be
/// distinguished from a news group name by the presence of the commercial at "@""
/// (rfc1738.txt:693-694).
///
/// ```
/// use urigram::rfc1738::{GroupPart, Url};
/// let part = |s| match Url::parse(s).unwrap() {
///     Url::News(n) => n.grouppart(),
///     _ => panic!(),
/// };
/// assert!(matches!(part("news:*"), GroupPart::All(_))); // rfc1738.txt:697
/// assert!(matches!(part("news:comp.infosystems.www.misc"), GroupPart::Group(_))); // :690
/// let GroupPart::Article(a) = part("news:12@h.com") else { panic!() };
/// assert_eq!(a.to_string(), "12@h.com");
/// assert_eq!(part("news:12@h.com").as_part().range(), 5..13);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupPart<'a> {
    /// `*`: all available news groups.
    All(Part<'a>),
    /// A newsgroup name.
    Group(Part<'a>),
    /// A message identifier, `<unique>@<full_domain_name>`.
    Article(Article<'a>),
}

impl<'a> GroupPart<'a> {
    /// The whole group part.
    pub fn as_part(&self) -> Part<'a> {
        match self {
            GroupPart::All(p) | GroupPart::Group(p) => *p,
            GroupPart::Article(a) => a.text,
        }
    }
}

/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host` (section 3.6).
///
/// ```
/// use urigram::rfc1738::{GroupPart, Url};
/// let Url::News(n) = Url::parse("news:199406.a/b=1@info.cern.ch").unwrap() else { panic!() };
/// let GroupPart::Article(a) = n.grouppart() else { panic!() };
/// assert_eq!((a.unique().as_str(), a.host().as_str()), ("199406.a/b=1", "info.cern.ch"));
/// assert_eq!((a.as_str(), a.as_part().range()), ("199406.a/b=1@info.cern.ch", 5..30));
/// // The host after the `@` is a `host`: `news:x@y_z` is no news URL, only a generic one.
/// assert!(matches!(Url::parse("news:x@y_z"), Ok(Url::Generic(_))));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Article<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) unique: Part<'a>,
    pub(crate) host: Host<'a>,
}

impl<'a> Article<'a> {
    /// The whole message identifier.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }
    /// The part before the `@`.
    pub fn unique(&self) -> Part<'a> {
        self.unique
    }
    /// The domain after the `@`.
    pub fn host(&self) -> Host<'a> {
        self.host
    }
}

/// `newsurl = "news:" grouppart` (section 3.6).
///
/// ```
/// use urigram::rfc1738::{GroupPart, Url};
/// let Url::News(u) = Url::parse("news:comp.infosystems.www.misc").unwrap() else { panic!() };
/// assert!(matches!(u.grouppart(), GroupPart::Group(_)));
/// let Url::News(u) = Url::parse("news:1234@example.com").unwrap() else { panic!() };
/// let GroupPart::Article(a) = u.grouppart() else { panic!() };
/// assert_eq!(a.unique(), "1234");
/// let Url::News(u) = Url::parse("news:*").unwrap() else { panic!() };
/// assert!(matches!(u.grouppart(), GroupPart::All(_)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NewsUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) grouppart: GroupPart<'a>,
}

impl<'a> NewsUrl<'a> {
    /// The scheme, `news`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// The group, the article, or `*`.
    pub fn grouppart(&self) -> GroupPart<'a> {
        self.grouppart
    }
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (section 3.7).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Nntp(u) = Url::parse("nntp://news.example.com/comp.lang.c/1234").unwrap() else {
///     panic!()
/// };
/// assert_eq!(u.group(), "comp.lang.c");
/// assert_eq!(u.article_number(), Some(1234));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NntpUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) group: Part<'a>,
    pub(crate) article: Option<Part<'a>>,
}

impl<'a> NntpUrl<'a> {
    /// The scheme, `nntp`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// Host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }
    /// The newsgroup name.
    pub fn group(&self) -> Part<'a> {
        self.group
    }
    /// The article number's digits.
    pub fn article(&self) -> Option<Part<'a>> {
        self.article
    }
    /// The article number, when present and it fits a `u64`.
    pub fn article_number(&self) -> Option<u64> {
        self.article.and_then(|a| a.as_str().parse().ok())
    }
}

/// `telneturl = "telnet://" login [ "/" ]` (section 3.8).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Telnet(u) = Url::parse("telnet://guest:guest@host:2323/").unwrap() else { panic!() };
/// assert_eq!(u.login().user().unwrap(), "guest");
/// assert_eq!(u.login().hostport().port(), Some(2323));
/// assert!(u.has_slash());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TelnetUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) login: Login<'a>,
    pub(crate) slash: bool,
}

impl<'a> TelnetUrl<'a> {
    /// The scheme, `telnet`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// User and password (advisory only, section 3.8), host and port.
    pub fn login(&self) -> Login<'a> {
        self.login
    }
    /// Whether the optional final `/` is there.
    pub fn has_slash(&self) -> bool {
        self.slash
    }
}

/// Which of the three WAIS forms a URL takes (section 3.9, rfc1738.txt:764-766).
///
/// ```
/// use urigram::rfc1738::{Url, WaisKind};
/// let kind = |s| match Url::parse(s).unwrap() {
///     Url::Wais(w) => w.kind(),
///     _ => panic!(),
/// };
/// assert_eq!(kind("wais://h/db"), WaisKind::Database);
/// let WaisKind::Index { search } = kind("wais://h/db?cats+dogs") else { panic!() };
/// assert_eq!(search, "cats+dogs");
/// let WaisKind::Document { wtype, wpath } = kind("wais://h/db/TEXT/0%2C12") else { panic!() };
/// assert_eq!((wtype.as_str(), wpath.as_str()), ("TEXT", "0%2C12"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaisKind<'a> {
    /// `waisdatabase`: a database available for searching.
    Database,
    /// `waisindex`: a particular search.
    Index {
        /// The `search`, without its `?`.
        search: Part<'a>,
    },
    /// `waisdoc`: a document within a database.
    Document {
        /// The WAIS type of the object.
        wtype: Part<'a>,
        /// The WAIS document-id, encoded (opaque to clients).
        wpath: Part<'a>,
    },
}

/// `waisurl = waisdatabase | waisindex | waisdoc` (section 3.9).
///
/// ```
/// use urigram::rfc1738::{Url, WaisKind};
/// let Url::Wais(u) = Url::parse("wais://wais.example.com:210/db?cats").unwrap() else { panic!() };
/// assert_eq!(u.database(), "db");
/// assert!(matches!(u.kind(), WaisKind::Index { search } if search == "cats"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaisUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) database: Part<'a>,
    pub(crate) kind: WaisKind<'a>,
}

impl<'a> WaisUrl<'a> {
    /// The scheme, `wais`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// Host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }
    /// The database name.
    pub fn database(&self) -> Part<'a> {
        self.database
    }
    /// Database, search or document.
    pub fn kind(&self) -> WaisKind<'a> {
        self.kind
    }
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` (section 3.11).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Prospero(u) = Url::parse("prospero://host.dom//pros/name;OBJECT-VERSION=2").unwrap()
/// else { panic!() };
/// assert_eq!(u.path(), "/pros/name");
/// let f = u.fields().next().unwrap();
/// assert_eq!((f.name().as_str(), f.value().as_str()), ("OBJECT-VERSION", "2"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProsperoUrl<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) scheme: Part<'a>,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Part<'a>,
    pub(crate) fields: Part<'a>,
}

impl<'a> ProsperoUrl<'a> {
    /// The scheme, `prospero`.
    pub fn scheme(&self) -> Part<'a> {
        self.scheme
    }
    /// Host and port.
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }
    /// The `ppath` (the `<hsoname>`), without the `/` before it.
    pub fn path(&self) -> Part<'a> {
        self.path
    }
    /// The `psegment`s. The `/`s carry no guaranteed meaning (section 3.11).
    pub fn path_segments(&self) -> Segments<'a> {
        Segments::of(Some(self.path))
    }
    /// All the field specifications together, each with its `;` (empty when there are none).
    pub fn fields_part(&self) -> Part<'a> {
        self.fields
    }
    /// The field specifications, in order.
    pub fn fields(&self) -> impl Iterator<Item = Fieldspec<'a>> + 'a {
        let all = self.fields;
        let s = all.as_str();
        let mut cuts = s.match_indices(';').map(|(k, _)| k).peekable();
        std::iter::from_fn(move || {
            let k = cuts.next()?;
            let end = cuts.peek().copied().unwrap_or(s.len());
            let text = all.slice(k..end);
            let eq = text.as_str().find('=').unwrap_or(text.as_str().len());
            Some(Fieldspec {
                text,
                name: text.slice(1..eq),
                value: text.slice((eq + 1).min(text.as_str().len())..text.as_str().len()),
            })
        })
    }
}

/// `fieldspec = ";" fieldname "=" fieldvalue` (section 3.11).
///
/// ```
/// use urigram::rfc1738::Url;
/// let Url::Prospero(p) = Url::parse("prospero://host.dom//pros/name;a=1;b=%3B").unwrap() else {
///     panic!()
/// };
/// assert_eq!(p.fields_part(), ";a=1;b=%3B");
/// let f: Vec<_> = p.fields().map(|f| (f.name().as_str(), f.value().as_str())).collect();
/// assert_eq!(f, [("a", "1"), ("b", "%3B")]); // a `;` in a value is escaped
/// let first = p.fields().next().unwrap();
/// assert_eq!((first.as_str(), first.as_part().range()), (";a=1", 30..34));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fieldspec<'a> {
    pub(crate) text: Part<'a>,
    pub(crate) name: Part<'a>,
    pub(crate) value: Part<'a>,
}

impl<'a> Fieldspec<'a> {
    /// The whole field specification, with its `;`.
    pub fn as_part(&self) -> Part<'a> {
        self.text
    }
    /// The field name.
    pub fn name(&self) -> Part<'a> {
        self.name
    }
    /// The field value.
    pub fn value(&self) -> Part<'a> {
        self.value
    }
}

crate::part::written_as_read!(GroupPart, Article, FileHost, Fieldspec);
