//! `urigram.rfc1630`: the classes `Uri` (RFC 1630's generic BNF) and `Url` (its BNF for
//! specific URL schemes) and the functions `resolve_partial`, `same_uri` and `decode_escapes`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyType};
use urigram::{Part, rfc1630};

use crate::classic::{Classic, dict_of, hash_of, other_of, read, submodule, text};
use crate::reference::{host_kind_name, invalid};

/// The words of a search (split at every ``+``, still escaped).
fn words(s: Option<rfc1630::Search<'_>>) -> Option<Vec<&str>> {
    s.map(|s| s.words().map(|w| w.as_str()).collect())
}

/// A search decoded: every ``+`` a space, every escape its octet.
fn decoded<'py>(py: Python<'py>, s: Option<rfc1630::Search<'_>>) -> Option<Bound<'py, PyBytes>> {
    s.map(|s| PyBytes::new(py, &s.decode()))
}

/// `partial` in the context of `context` (RFC 1630's partial form), as text.
fn resolved(context: &str, partial: &str) -> PyResult<String> {
    rfc1630::resolve_partial(context, partial).map_err(|e| PyValueError::new_err(e.to_string()))
}

classic_value!(
    /// A ``fragmentaddress`` of RFC 1630's generic BNF (rfc1630.txt:1220): ``scheme : path
    /// [ ? search ] [ # fragmentid ]``. ``urigram.parse(text, "rfc1630")`` makes one;
    /// ``InvalidURI`` when the text is none. The generic path cannot start with ``/``, so a URL
    /// with a host is read by ``urigram.rfc1630.Url`` (``"rfc1630-url"``).
    ///
    /// >>> from urigram import rfc1630
    /// >>> u = rfc1630.Uri("wais:db/Phonebook?timbl+cern#top")
    /// >>> (u.scheme, u.path, u.path_segments, u.search, u.search_words, u.fragment)
    /// ('wais', 'db/Phonebook', ['db', 'Phonebook'], 'timbl+cern', ['timbl', 'cern'], 'top')
    /// >>> u.equivalent("wais:db/Phone%62ook?timbl+cern#top")
    /// True
    Uri1630(rfc1630::UriBuf),
    "urigram.rfc1630",
    "Uri",
    "rfc1630.Uri",
    "rfc1630"
);

/// The value of the class `T` for the text `partial` resolves to in the context of `base`, or
/// `InvalidURI` when that text is none of `T`'s grammar.
fn joined<T: Classic>(py: Python<'_>, base: &str, partial: &str) -> PyResult<T> {
    let t = resolved(base, partial)?;
    T::read(&t).map_err(|e| invalid(py, &e, &t))
}

classic_class!(Uri1630, ["scheme", "path", "search", "fragment"], [], {
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Uri1630> {
        read(py, text)
    }
    /// The scheme, without its ``:``.
    #[getter]
    fn scheme(&self) -> &str {
        self.buf.get().scheme().as_str()
    }
    /// The path (possibly empty).
    #[getter]
    fn path(&self) -> &str {
        self.buf.get().path().as_str()
    }
    /// The path's parts between slashes; a trailing slash ends it with a void one
    /// (rfc1630.txt:571).
    #[getter]
    fn path_segments(&self) -> Vec<&str> {
        self.buf.get().path_segments().map(|s| s.as_str()).collect()
    }
    /// The search, without its ``?``.
    #[getter]
    fn search(&self) -> Option<&str> {
        self.buf.get().search().map(|s| s.as_str())
    }
    /// The search's words: the pieces between ``+`` signs ("shorthand notation for a
    /// space", rfc1630.txt:363), still escaped.
    #[getter]
    fn search_words(&self) -> Option<Vec<&str>> {
        words(self.buf.get().search())
    }
    /// The fragment identifier, without its ``#``.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        text(self.buf.get().fragment())
    }

    /// The search as octets: every ``+`` a space, every escape its octet (``None`` without
    /// a search).
    ///
    /// >>> from urigram import rfc1630
    /// >>> rfc1630.Uri("x:db?caf%C3%A9+au+lait").decode_search().decode()
    /// 'café au lait'
    fn decode_search<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        decoded(py, self.buf.get().search())
    }

    /// ``partial`` resolved in the context of this URI by RFC 1630's section "Partial
    /// (relative) form" (rfc1630.txt:537-606), as text (``resolve_partial``).
    ///
    /// >>> from urigram import rfc1630
    /// >>> rfc1630.Uri("wais:db/Phonebook/x").resolve_partial("../y")
    /// 'wais:db/y'
    fn resolve_partial(&self, partial: &str) -> PyResult<String> {
        resolved(self.text(), partial)
    }

    /// ``resolve_partial`` read again as a ``Uri``: ``InvalidURI`` when the result is no
    /// ``fragmentaddress``.
    ///
    /// >>> from urigram import rfc1630
    /// >>> rfc1630.Uri("wais:db/Phonebook/x").join("y?a+b")
    /// rfc1630.Uri("wais:db/Phonebook/y?a+b")
    fn join(&self, py: Python<'_>, partial: &str) -> PyResult<Uri1630> {
        joined(py, self.text(), partial)
    }
});

classic_value!(
    /// A ``url`` of RFC 1630's BNF for specific URL schemes (rfc1630.txt:1306): ``kind`` (the
    /// same as ``scheme``) is ``http``, ``ftp``, ``news``, ``nntp``, ``prospero``, ``telnet``,
    /// ``gopher``, ``wais``, ``mailto``, ``mid`` or ``cid``. ``urigram.parse(text,
    /// "rfc1630-url")`` makes one; ``InvalidURI`` when the text is none. Components are as
    /// written; a component the URL's kind does not have is ``None``. RFC 1630 defines no default
    /// ports.
    ///
    /// >>> from urigram import rfc1630
    /// >>> u = rfc1630.Url("http://info.cern.ch:8000/imaginary/test?a+b")
    /// >>> (u.kind, u.host, u.host_kind, u.port, u.path, u.path_segments, u.search_words)
    /// ('http', 'info.cern.ch', 'hostname', 8000, 'imaginary/test', ['imaginary', 'test'], ['a', 'b'])
    /// >>> rfc1630.Url("ftp://h/pub/file/AN").type_code
    /// 'AN'
    Url1630(rfc1630::UrlBuf),
    "urigram.rfc1630",
    "Url",
    "rfc1630.Url",
    "rfc1630-url"
);

impl Url1630 {
    fn url(&self) -> rfc1630::Url<'_> {
        self.buf.get()
    }

    fn login(&self) -> Option<rfc1630::Login<'_>> {
        match self.url() {
            rfc1630::Url::Ftp(f) => Some(f.login()),
            rfc1630::Url::Telnet(t) => Some(t.login()),
            _ => None,
        }
    }

    fn hostport(&self) -> Option<rfc1630::HostPort<'_>> {
        use rfc1630::Url as U;
        match self.url() {
            U::Http(h) => Some(h.hostport()),
            U::Gopher(g) => Some(g.hostport()),
            U::Wais(w) => Some(w.hostport()),
            U::Prospero(p) => Some(p.hostport()),
            _ => self.login().map(|l| l.hostport()),
        }
    }

    fn search_of(&self) -> Option<rfc1630::Search<'_>> {
        match self.url() {
            rfc1630::Url::Http(h) => h.search(),
            rfc1630::Url::Wais(w) => match w.kind() {
                rfc1630::WaisKind::Index { search } => search,
                _ => None,
            },
            _ => None,
        }
    }

    fn wais_doc(&self) -> Option<(Part<'_>, rfc1630::Wpath<'_>)> {
        match self.url() {
            rfc1630::Url::Wais(w) => match w.kind() {
                rfc1630::WaisKind::Doc { wtype, wpath } => Some((wtype, wpath)),
                _ => None,
            },
            _ => None,
        }
    }

    fn addr_spec(&self) -> Option<rfc1630::AddrSpec<'_>> {
        match self.url() {
            rfc1630::Url::Mid(m) | rfc1630::Url::Cid(m) => Some(m.addr_spec()),
            _ => None,
        }
    }

    fn prospero(&self) -> Option<rfc1630::ProsperoUrl<'_>> {
        only!(self.url(), rfc1630::Url::Prospero(p) => Some(p))
    }
}

classic_class!(
    Url1630,
    [
        "scheme",
        "kind",
        "user",
        "password",
        "host",
        "host_kind",
        "port",
        "path",
        "search"
    ],
    [
        "type_code",
        "group",
        "article",
        "number",
        "hsoname",
        "version",
        "attributes",
        "gtype",
        "gcommand",
        "database",
        "wais_kind",
        "wtype",
        "wais_fields",
        "local",
        "hostname",
        "local_part",
        "domain"
    ],
    {
        #[new]
        fn new(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Url1630> {
            read(py, text)
        }
        /// The scheme (the BNF spells each letter by letter, so it is the kind).
        #[getter]
        fn scheme(&self) -> &'static str {
            self.url().scheme()
        }
        /// Which address form: the scheme.
        #[getter]
        fn kind(&self) -> &'static str {
            self.url().scheme()
        }
        /// The user (``ftp``, ``telnet``).
        #[getter]
        fn user(&self) -> Option<&str> {
            text(self.login()?.user())
        }
        /// The password.
        #[getter]
        fn password(&self) -> Option<&str> {
            text(self.login()?.password())
        }
        /// The host as written (the URLs with a ``hostport``).
        #[getter]
        fn host(&self) -> Option<&str> {
            self.hostport().map(|h| h.host().as_str())
        }
        /// ``hostname`` or ``ipv4`` (``hostnumber``).
        #[getter]
        fn host_kind(&self) -> Option<&'static str> {
            self.hostport().map(|h| host_kind_name(h.host().kind()))
        }
        /// The port as a number (``None`` when absent or above 65535).
        #[getter]
        fn port(&self) -> Option<u16> {
            self.hostport()?.port()
        }
        /// The port's digits as written.
        #[getter]
        fn port_str(&self) -> Option<&str> {
            text(self.hostport()?.port_str())
        }
        /// The path after the host's ``/`` (``http``, ``ftp``, ``prospero``).
        #[getter]
        fn path(&self) -> Option<&str> {
            match self.url() {
                rfc1630::Url::Http(h) => text(h.path()),
                rfc1630::Url::Ftp(f) => Some(f.path().as_str()),
                rfc1630::Url::Prospero(p) => Some(p.path().as_str()),
                _ => None,
            }
        }
        /// The path's parts between slashes (``http``, ``ftp``).
        #[getter]
        fn path_segments(&self) -> Vec<&str> {
            let segments = match self.url() {
                rfc1630::Url::Http(h) => h.path_segments(),
                rfc1630::Url::Ftp(f) => f.path_segments(),
                _ => return Vec::new(),
            };
            segments.map(|s| s.as_str()).collect()
        }
        /// The search, without its ``?`` (``http``, a WAIS index).
        #[getter]
        fn search(&self) -> Option<&str> {
            self.search_of().map(|s| s.as_str())
        }
        /// The search's words (split at every ``+``, still escaped).
        #[getter]
        fn search_words(&self) -> Option<Vec<&str>> {
            words(self.search_of())
        }
        /// An ``ftp`` URL's ``ftptype`` at the end of its path, as written (``AN``, ``I``,
        /// ``L8`` ...).
        #[getter]
        fn type_code(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Ftp(f) => f.type_code().map(|t| t.as_part().as_str()))
        }
        /// An ``ftp`` URL's path before its ``ftptype``.
        #[getter]
        fn path_before_type_code(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Ftp(f) => Some(f.path_before_type_code().as_str()))
        }
        /// The news group (``news``, ``*`` for all; ``nntp``).
        #[getter]
        fn group(&self) -> Option<&str> {
            use rfc1630::{GroupArt as G, Url as U};
            only!(self.url(),
                U::News(n) => only!(n.groupart(), g @ (G::All(_) | G::Group(_)) => Some(g.as_part().as_str())),
                U::Nntp(n) => Some(n.group().as_str()))
        }
        /// A ``news`` URL's article id (``xalphas @ host``).
        #[getter]
        fn article(&self) -> Option<&str> {
            use rfc1630::{GroupArt as G, Url as U};
            only!(self.url(), U::News(n) => only!(n.groupart(), G::Article(a) => Some(a.as_part().as_str())))
        }
        /// An ``nntp`` URL's article number.
        #[getter]
        fn number(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Nntp(n) => Some(n.number().as_str()))
        }
        /// A ``prospero`` URL's host-specific object name, before any ``%00`` version.
        #[getter]
        fn hsoname(&self) -> Option<&str> {
            Some(self.prospero()?.hsoname().as_str())
        }
        /// A ``prospero`` URL's version digits.
        #[getter]
        fn version(&self) -> Option<&str> {
            text(self.prospero()?.version())
        }
        /// A ``prospero`` URL's attributes after the version.
        #[getter]
        fn attributes(&self) -> Option<&str> {
            text(self.prospero()?.attributes())
        }
        /// A ``gopher`` URL's type.
        #[getter]
        fn gtype(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Gopher(g) => text(g.gtype()))
        }
        /// A ``gopher`` URL's command string after the type.
        #[getter]
        fn gcommand(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Gopher(g) => text(g.gcommand()))
        }
        /// A ``wais`` URL's database.
        #[getter]
        fn database(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Wais(w) => Some(w.database().as_str()))
        }
        /// ``index`` or ``doc`` (``waisindex``, ``waisdoc``).
        #[getter]
        fn wais_kind(&self) -> Option<&'static str> {
            match self.url() {
                rfc1630::Url::Wais(_) if self.wais_doc().is_some() => Some("doc"),
                rfc1630::Url::Wais(_) => Some("index"),
                _ => None,
            }
        }
        /// A WAIS document's type.
        #[getter]
        fn wtype(&self) -> Option<&str> {
            self.wais_doc().map(|(t, _)| t.as_str())
        }
        /// A WAIS document's fields as ``(number, content)`` pairs (contents still escaped).
        #[getter]
        fn wais_fields(&self) -> Option<Vec<(&str, &str)>> {
            let (_, wpath) = self.wais_doc()?;
            Some(
                wpath
                    .fields()
                    .map(|f| (f.number.as_str(), f.content.as_str()))
                    .collect(),
            )
        }
        /// A ``mailto`` URL's ``xalphas`` before the ``@``.
        #[getter]
        fn local(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Mailto(m) => Some(m.local().as_str()))
        }
        /// A ``mailto`` URL's host name after the ``@``.
        #[getter]
        fn hostname(&self) -> Option<&str> {
            only!(self.url(), rfc1630::Url::Mailto(m) => Some(m.hostname().as_str()))
        }
        /// A ``mid`` or ``cid`` URL's RFC 822 ``local-part``.
        #[getter]
        fn local_part(&self) -> Option<&str> {
            self.addr_spec().map(|a| a.local_part().as_str())
        }
        /// A ``mid`` or ``cid`` URL's RFC 822 ``domain``.
        #[getter]
        fn domain(&self) -> Option<&str> {
            self.addr_spec().map(|a| a.domain().as_str())
        }

        /// The search as octets: every ``+`` a space, every escape its octet (``None`` without
        /// a search).
        ///
        /// >>> from urigram import rfc1630
        /// >>> rfc1630.Url("http://h/p?caf%E9+noir").decode_search()
        /// b'caf\xe9 noir'
        fn decode_search<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
            decoded(py, self.search_of())
        }

        /// ``partial`` resolved in the context of this URL by RFC 1630's partial form, as text
        /// (``resolve_partial``).
        ///
        /// >>> from urigram import rfc1630
        /// >>> rfc1630.Url("http://info.cern.ch/a/b/c").resolve_partial("/x")
        /// 'http://info.cern.ch/x'
        fn resolve_partial(&self, partial: &str) -> PyResult<String> {
            resolved(self.text(), partial)
        }

        /// ``resolve_partial`` read again as a ``Url``: ``InvalidURI`` when the result is no
        /// ``url`` of the URL BNF.
        ///
        /// >>> from urigram import rfc1630
        /// >>> rfc1630.Url("http://info.cern.ch/a/b/c").join("../d")
        /// rfc1630.Url("http://info.cern.ch/a/d")
        fn join(&self, py: Python<'_>, partial: &str) -> PyResult<Url1630> {
            joined(py, self.text(), partial)
        }
    }
);

/// ``partial`` resolved in the context of the absolute URI ``context`` by RFC 1630's section
/// "Partial (relative) form" (rfc1630.txt:537-606), exactly as written: neither string is
/// checked against a grammar. ``ValueError`` when the context is not absolute, or has no run
/// of as many slashes as ``partial`` starts with.
///
/// >>> from urigram import rfc1630
/// >>> ctx = "magic://a/b/c//d/e/f"
/// >>> [rfc1630.resolve_partial(ctx, p) for p in ["g", "/g", "//g", "../g", "g:h"]]
/// ['magic://a/b/c//d/e/g', 'magic://a/g', 'magic://g', 'magic://a/b/c//d/g', 'g:h']
#[pyfunction]
fn resolve_partial(context: &str, partial: &str) -> PyResult<String> {
    resolved(context, partial)
}

/// Whether two texts are the same URI under RFC 1630's encoding rules (rfc1630.txt:430-447):
/// they may differ only in escaping characters that are not reserved. ``ValueError`` for a
/// ``%`` not followed by two hex digits. Neither text is checked against a grammar.
///
/// >>> from urigram import rfc1630
/// >>> rfc1630.same_uri("http://info.cern.ch/albert/bertram/marie-claude",
/// ...                  "http://info.cern.ch/albert/bertram/marie%2Dclaude")
/// True
/// >>> rfc1630.same_uri("http://info.cern.ch/albert/bertram/marie-claude",
/// ...                  "http://info.cern.ch/albert/bertram%2Fmarie-claude")
/// False
#[pyfunction]
fn same_uri(a: &str, b: &str) -> PyResult<bool> {
    rfc1630::same_uri(a, b).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The octets of a text with every escape (``%`` and two hex digits) decoded; a ``%`` not
/// followed by two hex digits is kept.
///
/// >>> from urigram import rfc1630
/// >>> rfc1630.decode_escapes("marie%2Dclaude")
/// b'marie-claude'
#[pyfunction]
fn decode_escapes<'py>(py: Python<'py>, text: &str) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &rfc1630::decode_escapes(text))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let s = submodule(m, "urigram.rfc1630", "_rfc1630")?;
    s.add_class::<Uri1630>()?;
    s.add_class::<Url1630>()?;
    s.add_function(wrap_pyfunction!(resolve_partial, &s)?)?;
    s.add_function(wrap_pyfunction!(same_uri, &s)?)?;
    s.add_function(wrap_pyfunction!(decode_escapes, &s)?)?;
    Ok(())
}
