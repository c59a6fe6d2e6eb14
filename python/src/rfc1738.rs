//! `urigram.rfc1738`: the class `Url` (RFC 1738: one kind per scheme of section 3, or generic)
//! and the functions `default_port`, `decode` and `find_urls`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyType};
use urigram::rfc1738;

use crate::args::str_of;
use crate::chars::CharCounter;
use crate::classic::{Classic, dict_of, hash_of, other_of, read, submodule, text};
use crate::errors::error_dict;
use crate::reference::{host_kind_name, invalid_str};

classic_value!(
    /// A ``url`` of RFC 1738 (rfc1738.txt:941): one of the schemes of section 3 when it follows
    /// that scheme's syntax (``kind`` is ``"http"``, ``"ftp"``, ``"news"``, ``"nntp"``,
    /// ``"telnet"``, ``"gopher"``, ``"wais"``, ``"mailto"``, ``"file"`` or ``"prospero"``), else a
    /// generic URL (``kind`` is ``"generic"``). ``urigram.parse(text, "rfc1738")`` makes one;
    /// ``InvalidURI`` when the text is no ``url``. Components are as written (still escaped); a
    /// component the URL's kind does not have is ``None``.
    ///
    /// ``case_insensitive_scheme=True`` reads upper-case letters in the scheme as lower case
    /// (section 2.1, rfc1738.txt:94-96: "allow "HTTP" as well as "http""); the value then holds
    /// the scheme in lower case.
    ///
    /// >>> from urigram import rfc1738
    /// >>> u = rfc1738.Url("ftp://myname@host.dom/%2Fetc/motd")
    /// >>> (u.kind, u.user, u.host, u.port, u.port_or_known_default, u.path)
    /// ('ftp', 'myname', 'host.dom', None, 21, '%2Fetc/motd')
    /// >>> [c[0] + " " + c[1].decode() for c in u.path_commands()]
    /// ['CWD /etc', 'RETR motd']
    /// >>> rfc1738.Url("http:foo").kind
    /// 'generic'
    /// >>> str(rfc1738.Url("HTTP://h/", case_insensitive_scheme=True))
    /// 'http://h/'
    Url1738(rfc1738::UrlBuf),
    "urigram.rfc1738",
    "Url",
    "rfc1738.Url",
    "rfc1738"
);

impl Url1738 {
    fn url(&self) -> rfc1738::Url<'_> {
        self.buf.get()
    }

    /// The FTP URL, or a `ValueError` naming what `what` needs.
    fn ftp(&self, what: &str) -> PyResult<rfc1738::FtpUrl<'_>> {
        match self.url() {
            rfc1738::Url::Ftp(f) => Ok(f),
            _ => Err(self.not_for(what, "an ftp URL")),
        }
    }

    fn not_for(&self, what: &str, needs: &str) -> PyErr {
        PyValueError::new_err(format!(
            "{what} needs {needs}; {:?} is a URL of kind {:?}",
            self.text(),
            self.kind()
        ))
    }
}

/// An FTP command as a `(verb, argument)` pair: the argument's octets, `None` for the
/// password to ask the user for.
fn ftp_command(c: &rfc1738::FtpCommand) -> (String, Option<Vec<u8>>) {
    match c.to_bytes() {
        None => ("PASS".to_string(), None),
        Some(line) => {
            let sp = line.iter().position(|&b| b == b' ').unwrap_or(line.len());
            let verb = String::from_utf8_lossy(&line[..sp]).into_owned();
            (verb, Some(line.get(sp + 1..).unwrap_or_default().to_vec()))
        }
    }
}

/// FTP commands as a list of `(verb, argument)` pairs, or the decoding error.
fn ftp_commands(
    py: Python<'_>,
    r: Result<Vec<rfc1738::FtpCommand>, rfc1738::DecodeError>,
) -> PyResult<Bound<'_, PyList>> {
    let cmds = r.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyList::empty(py);
    for c in &cmds {
        let (verb, arg) = ftp_command(c);
        out.append((verb, arg.map(|a| PyBytes::new(py, &a))))?;
    }
    Ok(out)
}

classic_class!(
    Url1738,
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
        "gtype",
        "selector",
        "gopher_plus",
        "address",
        "group",
        "article",
        "database",
        "wais_kind",
        "wtype",
        "wpath",
        "fields",
        "is_local"
    ],
    {
        #[new]
        #[pyo3(signature = (text, *, case_insensitive_scheme = false))]
        fn new(
            py: Python<'_>,
            text: &Bound<'_, PyString>,
            case_insensitive_scheme: bool,
        ) -> PyResult<Url1738> {
            if !case_insensitive_scheme {
                return read(py, text);
            }
            let t = str_of(text)?;
            let options = rfc1738::ParseOptions::default().case_insensitive_scheme(true);
            rfc1738::Url::parse_with(&t, options)
                .map(|u| Url1738 { buf: u.to_buf() })
                .map_err(|e| invalid_str(py, &e, &t, text.as_any()))
        }

        /// What the URL is: the scheme of section 3 whose syntax it follows, or ``generic``.
        #[getter]
        fn kind(&self) -> &'static str {
            use rfc1738::Url as U;
            match self.url() {
                U::Http(_) => "http",
                U::Ftp(_) => "ftp",
                U::News(_) => "news",
                U::Nntp(_) => "nntp",
                U::Telnet(_) => "telnet",
                U::Gopher(_) => "gopher",
                U::Wais(_) => "wais",
                U::Mailto(_) => "mailto",
                U::File(_) => "file",
                U::Prospero(_) => "prospero",
                U::Generic(_) => "generic",
            }
        }
        /// The scheme as written, without its ``:``.
        #[getter]
        fn scheme(&self) -> &str {
            self.url().scheme().as_str()
        }
        /// The ``schemepart``: everything after the scheme's ``:``.
        #[getter]
        fn schemepart(&self) -> &str {
            let t = self.text();
            t.get(self.scheme().len() + 1..).unwrap_or_default()
        }
        /// The user name (``ftp``, ``telnet``, and a generic URL of section 3.1's syntax).
        #[getter]
        fn user(&self) -> Option<&str> {
            text(self.url().user())
        }
        /// The password.
        #[getter]
        fn password(&self) -> Option<&str> {
            text(self.url().password())
        }
        /// The host as written; for a ``file`` URL the host before its path (``""`` for none).
        #[getter]
        fn host(&self) -> Option<&str> {
            match self.url() {
                rfc1738::Url::File(f) => Some(f.host().as_part().as_str()),
                u => u.host_str(),
            }
        }
        /// ``hostname`` or ``ipv4`` (``hostnumber``); ``None`` without a host.
        #[getter]
        fn host_kind(&self) -> Option<&'static str> {
            match self.url() {
                rfc1738::Url::File(f) => match f.host() {
                    rfc1738::FileHost::Host(h) => Some(host_kind_name(h.kind())),
                    rfc1738::FileHost::Empty(_) => None,
                    _ => Some("hostname"),
                },
                u => u.host().map(|h| host_kind_name(h.kind())),
            }
        }
        /// Whether a ``file`` URL's host is the local machine (empty or ``localhost``).
        #[getter]
        fn is_local(&self) -> Option<bool> {
            only!(self.url(), rfc1738::Url::File(f) => Some(f.host().is_local()))
        }
        /// The port as written, as a number (``None`` when absent or above 65535).
        #[getter]
        fn port(&self) -> Option<u16> {
            self.url().port()
        }
        /// The port's digits as written.
        #[getter]
        fn port_str(&self) -> Option<&str> {
            text(self.url().hostport().and_then(|h| h.port_str()))
        }
        /// The default port of the URL's scheme of section 3 (a generic URL has none).
        #[getter]
        fn default_port(&self) -> Option<u16> {
            self.url().default_port()
        }
        /// The port to connect to: the one written, or the scheme's default.
        #[getter]
        fn port_or_known_default(&self) -> Option<u16> {
            self.url().port_or_known_default()
        }
        /// The path after the host's ``/`` (``hpath``, ``fpath``, the gopher path, ``ppath``, a
        /// generic URL's ``url-path``); ``None`` for the kinds without one.
        #[getter]
        fn path(&self) -> Option<&str> {
            use rfc1738::Url as U;
            match self.url() {
                U::Http(h) => text(h.path()),
                U::Ftp(f) => text(f.path()),
                U::File(f) => Some(f.path().as_str()),
                U::Gopher(g) => text(g.path()),
                U::Prospero(p) => Some(p.path().as_str()),
                U::Generic(g) => match g.schemepart() {
                    rfc1738::SchemePart::Ip(ip) => text(ip.urlpath()),
                    _ => None,
                },
                _ => None,
            }
        }
        /// The path's segments as written (``http``, ``ftp``, ``file``, ``prospero``).
        #[getter]
        fn path_segments(&self) -> Vec<&str> {
            use rfc1738::Url as U;
            let segments = match self.url() {
                U::Http(h) => h.path_segments(),
                U::Ftp(f) => f.path_segments(),
                U::File(f) => f.path_segments(),
                U::Prospero(p) => p.path_segments(),
                _ => return Vec::new(),
            };
            segments.map(|s| s.as_str()).collect()
        }
        /// The ``search`` (``http`` after ``?``, ``gopher`` after ``%09``, a WAIS index).
        #[getter]
        fn search(&self) -> Option<&str> {
            use rfc1738::Url as U;
            match self.url() {
                U::Http(h) => text(h.search()),
                U::Gopher(g) => text(g.search()),
                U::Wais(w) => match w.kind() {
                    rfc1738::WaisKind::Index { search } => Some(search.as_str()),
                    _ => None,
                },
                _ => None,
            }
        }
        /// An ``ftp`` URL's typecode as written (``a``, ``i``, ``d`` ...).
        #[getter]
        fn type_code(&self) -> Option<char> {
            self.ftp("").ok()?.type_code()
        }
        /// A ``gopher`` URL's ``gtype``.
        #[getter]
        fn gtype(&self) -> Option<&str> {
            only!(self.url(), rfc1738::Url::Gopher(g) => text(g.gtype()))
        }
        /// A ``gopher`` URL's ``selector``.
        #[getter]
        fn selector(&self) -> Option<&str> {
            only!(self.url(), rfc1738::Url::Gopher(g) => text(g.selector()))
        }
        /// A ``gopher`` URL's ``gopher+_string``.
        #[getter]
        fn gopher_plus(&self) -> Option<&str> {
            only!(self.url(), rfc1738::Url::Gopher(g) => text(g.gopher_plus()))
        }
        /// A ``mailto`` URL's ``encoded822addr``.
        #[getter]
        fn address(&self) -> Option<&str> {
            only!(self.url(), rfc1738::Url::Mailto(m) => Some(m.address().as_str()))
        }
        /// The news group (``news``, ``*`` for all groups; ``nntp``).
        #[getter]
        fn group(&self) -> Option<&str> {
            use rfc1738::{GroupPart as G, Url as U};
            only!(self.url(),
                U::News(n) => only!(n.grouppart(), g @ (G::All(_) | G::Group(_)) => Some(g.as_part().as_str())),
                U::Nntp(n) => Some(n.group().as_str()))
        }
        /// The article: a ``news`` URL's message id, an ``nntp`` URL's number as written.
        #[getter]
        fn article(&self) -> Option<&str> {
            use rfc1738::{GroupPart as G, Url as U};
            only!(self.url(),
                U::News(n) => only!(n.grouppart(), G::Article(a) => Some(a.as_part().as_str())),
                U::Nntp(n) => text(n.article()))
        }
        /// A ``wais`` URL's database.
        #[getter]
        fn database(&self) -> Option<&str> {
            only!(self.url(), rfc1738::Url::Wais(w) => Some(w.database().as_str()))
        }
        /// Which WAIS form: ``database``, ``index`` or ``document``.
        #[getter]
        fn wais_kind(&self) -> Option<&'static str> {
            match self.url() {
                rfc1738::Url::Wais(w) => Some(match w.kind() {
                    rfc1738::WaisKind::Database => "database",
                    rfc1738::WaisKind::Index { .. } => "index",
                    _ => "document",
                }),
                _ => None,
            }
        }
        /// A WAIS document's type.
        #[getter]
        fn wtype(&self) -> Option<&str> {
            match self.url() {
                rfc1738::Url::Wais(w) => match w.kind() {
                    rfc1738::WaisKind::Document { wtype, .. } => Some(wtype.as_str()),
                    _ => None,
                },
                _ => None,
            }
        }
        /// A WAIS document's ``wpath`` (its document id, encoded).
        #[getter]
        fn wpath(&self) -> Option<&str> {
            match self.url() {
                rfc1738::Url::Wais(w) => match w.kind() {
                    rfc1738::WaisKind::Document { wpath, .. } => Some(wpath.as_str()),
                    _ => None,
                },
                _ => None,
            }
        }
        /// A ``prospero`` URL's ``fieldspec``s as ``(name, value)`` pairs.
        #[getter]
        fn fields(&self) -> Option<Vec<(&str, &str)>> {
            match self.url() {
                rfc1738::Url::Prospero(p) => Some(
                    p.fields()
                        .map(|f| (f.name().as_str(), f.value().as_str()))
                        .collect(),
                ),
                _ => None,
            }
        }

        /// An ``ftp`` URL's path as the FTP commands of section 3.2.2: a ``("CWD", dir)`` per
        /// directory, then ``("RETR", name)``, ``("NLST", name)`` for typecode ``d``, with
        /// ``("TYPE", code)`` first for another typecode. Arguments are the decoded octets.
        /// ``ValueError`` for another kind of URL, or when an argument would hold a CR or LF.
        ///
        /// >>> from urigram import rfc1738
        /// >>> rfc1738.Url("ftp://h/pub/x.gz;type=i").path_commands()
        /// [('CWD', b'pub'), ('TYPE', b'i'), ('RETR', b'x.gz')]
        fn path_commands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            ftp_commands(py, self.ftp("path_commands")?.path_commands())
        }

        /// An ``ftp`` URL's login of section 3.2.1: ``USER`` and ``PASS`` (``anonymous`` and
        /// ``email``, or ``"anonymous@"``, when the URL names no user; ``("PASS", None)`` when
        /// it names a user without a password: ask the user for one).
        ///
        /// >>> from urigram import rfc1738
        /// >>> rfc1738.Url("ftp://h/").login_commands("me@example.com")
        /// [('USER', b'anonymous'), ('PASS', b'me@example.com')]
        /// >>> rfc1738.Url("ftp://me@h/").login_commands()
        /// [('USER', b'me'), ('PASS', None)]
        #[pyo3(signature = (email = None))]
        fn login_commands<'py>(
            &self,
            py: Python<'py>,
            email: Option<&str>,
        ) -> PyResult<Bound<'py, PyList>> {
            ftp_commands(py, self.ftp("login_commands")?.login_commands(email))
        }

        /// ``login_commands`` and then ``path_commands``.
        ///
        /// >>> from urigram import rfc1738
        /// >>> len(rfc1738.Url("ftp://h/a/b").commands())
        /// 4
        #[pyo3(signature = (email = None))]
        fn commands<'py>(
            &self,
            py: Python<'py>,
            email: Option<&str>,
        ) -> PyResult<Bound<'py, PyList>> {
            ftp_commands(py, self.ftp("commands")?.commands(email))
        }

        /// A ``gopher`` URL's request (sections 3.4.1 to 3.4.3): a dict of ``item_type`` (one
        /// octet; ``b"1"`` for an empty path), the decoded ``selector``, ``search`` and
        /// ``gopher_plus`` (``None`` when absent), and ``bytes``, what the client sends (without
        /// the line end). ``ValueError`` for another kind of URL, or when the selector would hold
        /// a tab, CR or LF.
        ///
        /// >>> from urigram import rfc1738
        /// >>> r = rfc1738.Url("gopher://h/7find%20me%09cats").request()
        /// >>> (r["item_type"], r["selector"], r["search"], r["bytes"])
        /// (b'7', b'find me', b'cats', b'find me\tcats')
        fn request<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let rfc1738::Url::Gopher(g) = self.url() else {
                return Err(self.not_for("request", "a gopher URL"));
            };
            let r = g
                .request()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let d = PyDict::new(py);
            d.set_item("item_type", PyBytes::new(py, &[r.item_type]))?;
            d.set_item("selector", PyBytes::new(py, &r.selector))?;
            let opt = |v: &Option<Vec<u8>>| v.as_ref().map(|v| PyBytes::new(py, v));
            d.set_item("search", opt(&r.search))?;
            d.set_item("gopher_plus", opt(&r.gopher_plus))?;
            d.set_item("bytes", PyBytes::new(py, &r.to_bytes()))?;
            Ok(d)
        }
    }
);

/// The default port of a scheme of RFC 1738's section 3 (``ftp`` 21, ``http`` 80, ``gopher``
/// 70, ``nntp`` 119, ``telnet`` 23, ``wais`` 210, ``prospero`` 1525), else ``None``. Lower
/// case only.
///
/// >>> from urigram import rfc1738
/// >>> rfc1738.default_port("prospero"), rfc1738.default_port("news")
/// (1525, None)
#[pyfunction]
fn default_port(scheme: &str) -> Option<u16> {
    rfc1738::default_port(scheme)
}

/// A component decoded (section 2.2): each ``%`` and two hex digits the octet they name.
/// Octets, not text: nothing says they are UTF-8. ``ValueError`` for a ``%`` not followed by
/// two hex digits; ``UnicodeEncodeError`` for a lone surrogate (it has no octets).
///
/// >>> from urigram import rfc1738
/// >>> rfc1738.decode("%2Fetc%2fmotd"), rfc1738.decode("caf%E9")
/// (b'/etc/motd', b'caf\xe9')
#[pyfunction]
fn decode<'py>(py: Python<'py>, text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyBytes>> {
    // Strict: the octets of a lone surrogate would be made up (`UnicodeEncodeError`).
    rfc1738::decode(text.to_str()?)
        .map(|b| PyBytes::new(py, &b))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The RFC 1738 URLs of a text, read as the appendix "Recommendations for URLs in Context"
/// asks (rfc1738.txt:1183-1225): in ``<URL:...>`` or ``<...>`` or by a scheme starting a
/// word, whitespace inside the brackets ignored, the fragment identifier split off, and the
/// hyphens that line breaks follow kept in ``url`` (each "may or may not actually be part of
/// the URL"). A dict per URL: ``url``; ``start``/``end`` (characters; ``byte_start``/
/// ``byte_end``) of the URL in the text; ``outer_start``/``outer_end``, wrapper included;
/// ``delimiter``; ``fragment`` (or ``None``); ``break_hyphens`` (their offsets in the text,
/// in characters); ``error`` (``None`` or the diagnostic, placed in the text);
/// ``without_break_hyphens``: ``None``, or the URL without those hyphens and its ``error``.
/// ``UnicodeEncodeError`` for a text that holds a lone surrogate.
///
/// >>> from urigram import rfc1738
/// >>> found = rfc1738.find_urls("Get <URL:ftp://h.dom/pub/file-\n  name.txt#top> now")
/// >>> f = found[0]
/// >>> (f["url"], f["fragment"], f["break_hyphens"], f["error"] is None)
/// ('ftp://h.dom/pub/file-name.txt', 'top', [29], True)
/// >>> f["without_break_hyphens"]["url"]
/// 'ftp://h.dom/pub/filename.txt'
#[pyfunction]
fn find_urls<'py>(py: Python<'py>, text: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyList>> {
    // Strict: the URLs are handed back as text, and a lone surrogate is no character
    // (`UnicodeEncodeError` names it).
    let t = text.to_str()?;
    let out = PyList::empty(py);
    let mut chars = CharCounter::new(t);
    // The errors' offsets, counted apart from the URLs' (both move along the text).
    let errors = std::cell::RefCell::new(CharCounter::new(t));
    let verdict = |v: &Result<(), urigram::Error>| -> PyResult<Option<Bound<'py, PyDict>>> {
        match v {
            Ok(()) => Ok(None),
            Err(e) => error_dict(py, e, t, Some(&mut errors.borrow_mut())).map(Some),
        }
    };
    for u in rfc1738::find_urls(t) {
        let d = PyDict::new(py);
        d.set_item("url", &u.url)?;
        d.set_item("outer_start", chars.at(u.outer.start))?;
        d.set_item("start", chars.at(u.range.start))?;
        let hyphens: Vec<usize> = u.break_hyphens.iter().map(|&h| chars.at(h)).collect();
        d.set_item("end", chars.at(u.range.end))?;
        d.set_item("outer_end", chars.at(u.outer.end))?;
        d.set_item("byte_start", u.range.start)?;
        d.set_item("byte_end", u.range.end)?;
        d.set_item("delimiter", format!("{:?}", u.delimiter).to_lowercase())?;
        d.set_item("fragment", u.fragment.as_ref().map(|f| f.text.as_str()))?;
        d.set_item("break_hyphens", hyphens)?;
        d.set_item("error", verdict(&u.verdict)?)?;
        match &u.without_break_hyphens {
            None => d.set_item("without_break_hyphens", py.None())?,
            Some((url, v)) => {
                let w = PyDict::new(py);
                w.set_item("url", url)?;
                w.set_item("error", verdict(v)?)?;
                d.set_item("without_break_hyphens", w)?;
            }
        }
        out.append(d)?;
    }
    Ok(out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let s = submodule(m, "urigram.rfc1738", "_rfc1738")?;
    s.add_class::<Url1738>()?;
    s.add_function(wrap_pyfunction!(default_port, &s)?)?;
    s.add_function(wrap_pyfunction!(decode, &s)?)?;
    s.add_function(wrap_pyfunction!(find_urls, &s)?)?;
    Ok(())
}
