//! Typed values of the two 1994 specs for Python: `urigram.rfc1738.Url` (RFC 1738: one kind
//! per scheme of section 3, or generic) and `urigram.rfc1630.Uri` / `urigram.rfc1630.Url` (RFC
//! 1630's generic BNF and its BNF for specific URL schemes), each an owned value of the
//! library (`UrlBuf`, `UriBuf`) whose components are read where the grammar found them; the
//! library's semantics for them (RFC 1738's ports, FTP commands, Gopher requests, decoding,
//! URLs in context and equivalence; RFC 1630's partial form, search words and comparison of
//! escaped URIs); and `bidi_warnings` (RFC 3987 section 4.2).
//!
//! The classes and functions of each spec live in a native module named as the Python module
//! that re-exports them (`urigram.rfc1738`, `urigram.rfc1630`), so that their `__module__`,
//! their `repr` and the doctests name the module a user imports.

use std::hash::{Hash, Hasher};

use pyo3::PyClass;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyType};
use urigram::{Part, rfc1630, rfc1738};

use crate::values::{host_kind_name, invalid, invalid_str};
use crate::{CharCounter, error_dict, str_of};

/// The text of a part.
fn text(p: Option<Part<'_>>) -> Option<&str> {
    p.map(|p| p.as_str())
}

/// What the three classes share: the grammar that reads them, and their equivalence.
trait Legacy: Sized {
    /// The grammar's name (`urigram.grammars()`).
    const GRAMMAR: &'static str;
    /// The class as its `repr` names it.
    const NAME: &'static str;
    /// The text read by the grammar as printed, or the error.
    fn read(text: &str) -> Result<Self, urigram::Error>;
    /// The text.
    fn text(&self) -> &str;
    /// The spec's own comparison.
    fn same(&self, other: &Self) -> bool;
}

/// `text` read by `T`'s grammar, or `InvalidURI` with the diagnostic.
fn read<T: Legacy>(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<T> {
    let t = str_of(text)?;
    T::read(&t).map_err(|e| invalid_str(py, &e, &t, text.as_any()))
}

/// `other` (a value of the class or a `str`) as a value of `T`.
fn other_of<T: Legacy + PyClass + Clone>(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<T> {
    if let Ok(v) = other.cast::<T>() {
        return Ok(v.borrow().clone());
    }
    match other.cast::<PyString>() {
        Ok(s) => read(py, s),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected str or {}, not {}",
            <T as Legacy>::NAME,
            other.get_type().name()?
        ))),
    }
}

/// A dict of the named attributes of `obj`: each of `always`, and each of `when_set` whose
/// value is not `None`.
fn dict_of<'py>(
    obj: &Bound<'py, PyAny>,
    always: &[&str],
    when_set: &[&str],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(obj.py());
    for name in always {
        d.set_item(name, obj.getattr(name)?)?;
    }
    for name in when_set {
        let v = obj.getattr(name)?;
        if !v.is_none() {
            d.set_item(name, v)?;
        }
    }
    Ok(d)
}

/// `$e` for the variants the patterns name, `None` for the others.
macro_rules! only {
    ($v:expr, $($pat:pat => $e:expr),+ $(,)?) => {
        match $v {
            $($pat => $e,)+
            _ => None,
        }
    };
}

/// A hash of the text and the grammar.
fn hash_of(text: &str, grammar: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    grammar.hash(&mut h);
    h.finish()
}

/// A class of the module `$module` named `$name` holding an owned value of the library
/// (`$buf`), read by the grammar `$grammar` as printed.
macro_rules! legacy_value {
    ($(#[$doc:meta])* $ty:ident($buf:ty), $module:tt, $name:tt, $repr:tt, $grammar:tt) => {
        $(#[$doc])*
        #[pyclass(module = $module, name = $name, frozen)]
        #[derive(Clone)]
        pub(crate) struct $ty {
            buf: $buf,
        }

        impl Legacy for $ty {
            const GRAMMAR: &'static str = $grammar;
            const NAME: &'static str = $repr;
            fn read(text: &str) -> Result<Self, urigram::Error> {
                text.parse().map(|buf| $ty { buf })
            }
            fn text(&self) -> &str {
                self.buf.as_str()
            }
            fn same(&self, other: &Self) -> bool {
                self.buf.equivalent(&other.buf.get())
            }
        }

        impl $ty {
            /// Read `text` by the class's grammar (`urigram.parse`).
            pub(crate) fn parse(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<$ty> {
                read(py, text)
            }
        }
    };
}

/// The methods every class has: `grammar`, `str()`, `repr`, `==` and `hash` on the text and
/// the grammar, pickling, `equivalent` by the spec's comparison, and `to_dict`. `$body` holds the
/// class's own methods (one `#[pymethods]` block per class).
macro_rules! legacy_class {
    ($ty:ident, [$($always:literal),*], [$($when_set:literal),*], { $($body:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($body)*

            /// The grammar that read it.
            #[getter]
            fn grammar(&self) -> &'static str {
                <$ty as Legacy>::GRAMMAR
            }

            /// Whether this and ``other`` (a value of this class or a ``str``, read by the same
            /// grammar) are the same by the spec's rule for comparing them.
            fn equivalent(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                Ok(self.same(&other_of::<$ty>(py, other)?))
            }

            /// The components as a dict: the common ones always (``None`` when absent), the
            /// scheme's own ones when it has them.
            fn to_dict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
                dict_of(slf.as_any(), &[$($always),*], &[$($when_set),*])
            }

            fn __str__(&self) -> &str {
                self.text()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", <$ty as Legacy>::NAME, self.text())
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<$ty>().is_ok_and(|o| o.borrow().text() == self.text())
            }

            fn __hash__(&self) -> u64 {
                hash_of(self.text(), <$ty as Legacy>::GRAMMAR)
            }

            /// Pickled (and copied) as the class and the text.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
                (slf.get_type(), (slf.borrow().text().to_string(),))
            }
        }
    };
}

// =============================================================================================
// RFC 1738
// =============================================================================================

legacy_value!(
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

legacy_class!(
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

// =============================================================================================
// RFC 1630
// =============================================================================================

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

legacy_value!(
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
fn joined<T: Legacy>(py: Python<'_>, base: &str, partial: &str) -> PyResult<T> {
    let t = resolved(base, partial)?;
    T::read(&t).map_err(|e| invalid(py, &e, &t))
}

legacy_class!(Uri1630, ["scheme", "path", "search", "fragment"], [], {
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

legacy_value!(
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

legacy_class!(
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

// =============================================================================================
// RFC 3987 section 4.2
// =============================================================================================

/// The components of an IRI that break RFC 3987 section 4.2's rules for bidirectional IRIs
/// (rfc3987.txt:1036-1040; "SHOULD" rules, so an IRI that breaks them is still an IRI), and
/// the bidirectional formatting characters section 4.1 forbids (LRM, RLM, LRE, RLE, LRO, RLO,
/// PDF, and the isolates LRI, RLI, FSI, PDI), in the order of the text: a dict per component
/// and rule, with ``component`` (``iuserinfo``, ``ireg-name`` (one label), ``isegment`` (a
/// segment's name or one of its extensions), ``iquery`` (a name or a value) or
/// ``ifragment``), ``section`` (``"4.2"``, or ``"4.1"`` for a formatting character), ``rule``
/// (its number in that section; in 4.2, 1: no mixing of right-to-left and left-to-right
/// characters, 2: start and end with right-to-left ones; in 4.1, 1), ``message``,
/// ``start``/``end`` (characters) and ``byte_start``/``byte_end``. An empty list for an IRI
/// the bidi algorithm shows consistently. The text is split as RFC 3986's Appendix B reads
/// any string: check it first (``urigram.validate(text, "rfc3987")``).
///
/// >>> [(w["component"], w["rule"], w["start"], w["end"]) for w in
/// ...  urigram.bidi_warnings("http://a/ab\u05d0/")]
/// [('isegment', 1, 9, 12), ('isegment', 2, 9, 12)]
/// >>> urigram.bidi_warnings("http://ab.\u05d2\u05d3\u05d4.ij/kl/mn/op.html")
/// []
#[pyfunction]
fn bidi_warnings<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyList>> {
    let t = str_of(text)?;
    let out = PyList::empty(py);
    let mut chars = CharCounter::new(&t);
    for w in urigram::rfc3987::bidi_warnings(&t) {
        let d = PyDict::new(py);
        d.set_item("component", w.component)?;
        d.set_item("section", w.rule.section())?;
        d.set_item("rule", w.rule.number())?;
        d.set_item("message", w.rule.text())?;
        d.set_item("start", chars.at(w.range.start))?;
        d.set_item("end", chars.at(w.range.end))?;
        d.set_item("byte_start", w.range.start)?;
        d.set_item("byte_end", w.range.end)?;
        out.append(d)?;
    }
    Ok(out)
}

/// A native module named as the Python module that re-exports it, kept in `m` as `attr`.
fn submodule<'py>(
    m: &Bound<'py, PyModule>,
    name: &str,
    attr: &str,
) -> PyResult<Bound<'py, PyModule>> {
    let sub = PyModule::new(m.py(), name)?;
    m.add(attr, &sub)?;
    Ok(sub)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bidi_warnings, m)?)?;
    let s = submodule(m, "urigram.rfc1738", "_rfc1738")?;
    s.add_class::<Url1738>()?;
    s.add_function(wrap_pyfunction!(default_port, &s)?)?;
    s.add_function(wrap_pyfunction!(decode, &s)?)?;
    s.add_function(wrap_pyfunction!(find_urls, &s)?)?;
    let s = submodule(m, "urigram.rfc1630", "_rfc1630")?;
    s.add_class::<Uri1630>()?;
    s.add_class::<Url1630>()?;
    s.add_function(wrap_pyfunction!(resolve_partial, &s)?)?;
    s.add_function(wrap_pyfunction!(same_uri, &s)?)?;
    s.add_function(wrap_pyfunction!(decode_escapes, &s)?)?;
    Ok(())
}
