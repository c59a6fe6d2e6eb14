//! Typed values for Python: `Reference`, a URI reference of RFC 3986, RFC 2396 or RFC 2732,
//! with its components read once when it is made, and resolution, normalization and
//! equivalence by the library's methods on the spec's own values.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use urigram::Grammar;

use crate::args::{grammar_of, str_of};
use crate::errors::error_dict;

/// The components of a reference, read once.
#[derive(Clone, Default)]
struct Components {
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    host_kind: Option<&'static str>,
    port: Option<u16>,
    port_str: Option<String>,
    path: String,
    segments: Vec<String>,
    query: Option<String>,
    fragment: Option<String>,
    kind: &'static str,
}

pub(crate) fn host_kind_name(k: urigram::rfc3986::HostKind) -> &'static str {
    use urigram::rfc3986::HostKind;
    match k {
        HostKind::Hostname => "hostname",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
        HostKind::RegName => "reg-name",
    }
}

/// The components of a view of either spec (the same method names on both).
macro_rules! components {
    ($u:expr, $kinds:path) => {{
        use $kinds as K;
        let u = $u;
        Components {
            scheme: u.scheme().map(|p| p.to_string()),
            authority: u.authority().map(|a| a.as_str().to_string()),
            userinfo: u
                .authority()
                .and_then(|a| a.userinfo())
                .map(|p| p.to_string()),
            host: u.host_str().map(str::to_string),
            host_kind: u.host().map(|h| host_kind_name(h.kind())),
            port: u.port(),
            port_str: u
                .authority()
                .and_then(|a| a.port_str())
                .map(|p| p.to_string()),
            path: u.path().as_str().to_string(),
            segments: u.path_segments().map(|s| s.as_str().to_string()).collect(),
            query: u.query().map(|p| p.to_string()),
            fragment: u.fragment().map(|p| p.to_string()),
            kind: match u.kind() {
                K::Absolute => "absolute",
                K::Relative => "relative",
                K::SameDocument => "same-document",
            },
        }
    }};
}

/// A URI reference checked by one grammar (`rfc3986`, `rfc2396` or `rfc2732`), with its
/// components. `str(r)` is the text as written.
#[pyclass(module = "urigram", name = "Reference", frozen)]
pub(crate) struct Reference {
    text: String,
    grammar: Grammar,
    c: Components,
}

/// The grammars whose references are typed values here.
fn typed(g: Grammar) -> PyResult<Grammar> {
    let class = match g {
        Grammar::Rfc3986 | Grammar::Rfc3987 | Grammar::Rfc2396 | Grammar::Rfc2732 => return Ok(g),
        Grammar::Rfc1738 => "urigram.rfc1738.Url",
        Grammar::Rfc1630 => "urigram.rfc1630.Uri",
        Grammar::Rfc1630Url => "urigram.rfc1630.Url",
        _ => {
            return Err(PyValueError::new_err(format!(
                "parse: {} has no typed value; urigram.parse reads rfc3986, rfc3987, rfc2396, \
                 rfc2732 (a Reference), rfc1738, rfc1630 and rfc1630-url",
                g.name()
            )));
        }
    };
    Err(PyValueError::new_err(format!(
        "Reference reads rfc3986, rfc3987, rfc2396 and rfc2732; a value of {} is a {class} \
         (urigram.parse(text, {:?}))",
        g.name(),
        g.name()
    )))
}

impl Reference {
    /// Read `text` by `g`, or the error.
    fn read(text: &str, g: Grammar) -> Result<Reference, urigram::Error> {
        let c = match g {
            Grammar::Rfc3986 => {
                let u = urigram::rfc3986::UriReference::parse(text)?;
                components!(u, urigram::rfc3986::ReferenceKind)
            }
            Grammar::Rfc3987 => {
                let u = urigram::rfc3987::IriReference::parse(text)?;
                components!(u, urigram::rfc3986::ReferenceKind)
            }
            Grammar::Rfc2732 => {
                let u = urigram::rfc2396::UriReference::parse_rfc2732(text)?;
                components!(u, urigram::rfc2396::ReferenceKind)
            }
            _ => {
                let u = urigram::rfc2396::UriReference::parse(text)?;
                components!(u, urigram::rfc2396::ReferenceKind)
            }
        };
        Ok(Reference {
            text: text.to_string(),
            grammar: g,
            c,
        })
    }

    /// A text the library made from a value of this grammar (a resolution, a normalization):
    /// read again, which cannot fail.
    fn made(text: String, g: Grammar) -> PyResult<Reference> {
        Reference::read(&text, g).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// `InvalidURI` of the Python package, raised with the diagnostic's dict, for an error in a
/// text the library made.
pub(crate) fn invalid(py: Python<'_>, e: &urigram::Error, text: &str) -> PyErr {
    invalid_in(py, e, text, None)
}

/// `InvalidURI` for an error in the caller's value (a `str`, read as `text`): a lone surrogate, read as
/// U+FFFD, is reported as the caller's character (`InvalidURI` takes it from the `str`).
pub(crate) fn invalid_str(
    py: Python<'_>,
    e: &urigram::Error,
    text: &str,
    original: &Bound<'_, PyAny>,
) -> PyErr {
    invalid_in(py, e, text, Some(original))
}

fn invalid_in(
    py: Python<'_>,
    e: &urigram::Error,
    text: &str,
    original: Option<&Bound<'_, PyAny>>,
) -> PyErr {
    let d = match error_dict(py, e, text, Some(&mut crate::chars::CharCounter::new(text))) {
        Ok(d) => d,
        Err(err) => return err,
    };
    match py
        .import("urigram")
        .and_then(|m| m.getattr("InvalidURI"))
        .and_then(|cls| cls.call1((d, original)))
    {
        Ok(exc) => PyErr::from_value(exc),
        Err(err) => err,
    }
}

/// Parse `text` as a URI reference of `grammar`; `InvalidURI` when it is none.
pub(crate) fn parse_reference(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    grammar: &str,
) -> PyResult<Reference> {
    let g = typed(grammar_of(grammar)?)?;
    let t = str_of(text)?;
    Reference::read(&t, g).map_err(|e| invalid_str(py, &e, &t, text.as_any()))
}

#[pymethods]
impl Reference {
    /// Parse `text` as a URI reference of `grammar` (`urigram.parse`).
    #[new]
    #[pyo3(signature = (text, grammar = "rfc3986"))]
    fn new(py: Python<'_>, text: &Bound<'_, PyString>, grammar: &str) -> PyResult<Reference> {
        parse_reference(py, text, grammar)
    }

    /// The grammar that read it.
    #[getter]
    fn grammar(&self) -> &'static str {
        self.grammar.name()
    }
    /// The scheme, without its `:`.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.c.scheme.as_deref()
    }
    /// The authority, without its `//`.
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.c.authority.as_deref()
    }
    /// The userinfo, without its `@`.
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.c.userinfo.as_deref()
    }
    /// The host as written (an IP literal with its brackets).
    #[getter]
    fn host(&self) -> Option<&str> {
        self.c.host.as_deref()
    }
    /// What the host is: `hostname`, `ipv4`, `ipv6`, `ipvfuture` or `reg-name`.
    #[getter]
    fn host_kind(&self) -> Option<&str> {
        self.c.host_kind
    }
    /// The port as a number (`None` when absent, empty, or above 65535: see `port_str`).
    #[getter]
    fn port(&self) -> Option<u16> {
        self.c.port
    }
    /// The port's text as written.
    #[getter]
    fn port_str(&self) -> Option<&str> {
        self.c.port_str.as_deref()
    }
    /// The path (possibly empty).
    #[getter]
    fn path(&self) -> &str {
        &self.c.path
    }
    /// The path's segments, as written (percent-encoded).
    #[getter]
    fn path_segments(&self) -> Vec<String> {
        self.c.segments.clone()
    }
    /// The query, without its `?`.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.c.query.as_deref()
    }
    /// The fragment, without its `#`.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.c.fragment.as_deref()
    }
    /// `absolute` (it has a scheme), `relative`, or `same-document`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.c.kind
    }
    /// Whether it has a scheme.
    #[getter]
    fn is_absolute(&self) -> bool {
        self.c.scheme.is_some()
    }

    /// The reference `reference` resolved against this one (the base): the spec's resolution
    /// (RFC 3986 section 5.2, RFC 2396 section 5.2).
    fn join(&self, py: Python<'_>, reference: &Bound<'_, PyAny>) -> PyResult<Reference> {
        // A lone surrogate is no character of any reference: `InvalidURI` names it, rather
        // than a message about the U+FFFD it is read as.
        if let Ok(s) = reference.cast::<PyString>() {
            let w = crate::args::wide_of(s)?;
            let g = self.grammar;
            if !w.surrogates.is_empty()
                && let Err(e) = g.check(g.start_rule(), w.text.as_ref())
            {
                return Err(invalid_str(py, &e, &w.text, reference));
            }
        }
        let r = text_of_ref(reference)?;
        let joined = match self.grammar {
            Grammar::Rfc3986 => {
                let base = urigram::rfc3986::UriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                base.join(&r).map(|u| u.as_str().to_string())
            }
            Grammar::Rfc3987 => {
                let base = urigram::rfc3987::IriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                base.join(&r).map(|u| u.as_str().to_string())
            }
            _ => {
                let base = urigram::rfc2396::UriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                base.join(&r).map(|u| u.as_str().to_string())
            }
        };
        match joined {
            Ok(t) => Reference::made(t, self.grammar),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }

    /// The spec's normal form (case, percent-encoding, dot segments, default port).
    fn normalize(&self) -> PyResult<Reference> {
        let t =
            match self.grammar {
                Grammar::Rfc3986 => urigram::rfc3986::UriReference::parse(&self.text)
                    .map(|u| u.normalize().to_string()),
                Grammar::Rfc3987 => urigram::rfc3987::IriReference::parse(&self.text)
                    .map(|u| u.normalize().to_string()),
                _ => urigram::rfc2396::UriReference::parse(&self.text)
                    .map(|u| u.normalize().to_string()),
            }
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Reference::made(t, self.grammar)
    }

    /// Whether this and `other` (a `Reference` or a `str`) are equivalent by the spec's
    /// comparison (their normal forms are equal).
    fn equivalent(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let o = text_of_ref(other)?;
        Ok(match self.grammar {
            Grammar::Rfc3986 => {
                let a = urigram::rfc3986::UriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                let b = urigram::rfc3986::UriReference::parse(&o)
                    .map_err(|e| invalid_str(py, &e, &o, other))?;
                a.equivalent(&b)
            }
            Grammar::Rfc3987 => {
                let a = urigram::rfc3987::IriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                let b = urigram::rfc3987::IriReference::parse(&o)
                    .map_err(|e| invalid_str(py, &e, &o, other))?;
                a.equivalent(&b)
            }
            _ => {
                let a = urigram::rfc2396::UriReference::parse(&self.text)
                    .map_err(|e| invalid(py, &e, &self.text))?;
                let b = urigram::rfc2396::UriReference::parse(&o)
                    .map_err(|e| invalid_str(py, &e, &o, other))?;
                a.equivalent(&b)
            }
        })
    }

    /// The URI this IRI reference maps to (RFC 3987 section 3.1), as an `rfc3986` reference:
    /// each character outside US-ASCII as the `%HH` of its UTF-8 octets. A URI reference
    /// (`rfc3986`) is returned as it is; RFC 2396's references are not IRIs (`ValueError`).
    ///
    /// >>> import urigram
    /// >>> urigram.parse("http://example.org/résumé", "rfc3987").to_uri()
    /// Reference("http://example.org/r%C3%A9sum%C3%A9", grammar="rfc3986")
    fn to_uri(&self) -> PyResult<Reference> {
        match self.grammar {
            Grammar::Rfc3986 | Grammar::Rfc3987 => {
                let u = urigram::rfc3987::to_uri(&self.text)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                Reference::made(u.as_str().to_string(), Grammar::Rfc3986)
            }
            g => Err(PyValueError::new_err(format!(
                "to_uri: an {} reference is not an IRI reference; parse it with rfc3986 or rfc3987",
                g.name()
            ))),
        }
    }

    /// The IRI reference for this URI reference (RFC 3987 section 3.2), as an `rfc3987`
    /// reference: each escape of UTF-8 that may be decoded, decoded.
    ///
    /// >>> import urigram
    /// >>> urigram.parse("http://www.example.org/D%C3%BCrst").to_iri()
    /// Reference("http://www.example.org/Dürst", grammar="rfc3987")
    fn to_iri(&self) -> PyResult<Reference> {
        match self.grammar {
            Grammar::Rfc3986 | Grammar::Rfc3987 => {
                let i = urigram::rfc3987::to_iri(&self.text)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?
                    .into_string();
                Reference::made(i, Grammar::Rfc3987)
            }
            g => Err(PyValueError::new_err(format!(
                "to_iri: {} references are mapped by RFC 3987 from rfc3986 ones; parse it with rfc3986",
                g.name()
            ))),
        }
    }

    /// The components as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("scheme", self.scheme())?;
        d.set_item("authority", self.authority())?;
        d.set_item("userinfo", self.userinfo())?;
        d.set_item("host", self.host())?;
        d.set_item("port", self.port())?;
        d.set_item("path", self.path())?;
        d.set_item("query", self.query())?;
        d.set_item("fragment", self.fragment())?;
        Ok(d)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    /// Pickled (and copied) as the class, the text and the grammar.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String, &'static str)) {
        let r = slf.get();
        (slf.get_type(), (r.text.clone(), r.grammar.name()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Reference({:?}, grammar={:?})",
            self.text,
            self.grammar.name()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Reference>() {
            Ok(o) => {
                let o = o.get();
                o.text == self.text && o.grammar == self.grammar
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        self.grammar.name().hash(&mut h);
        h.finish()
    }
}

/// The text of a `Reference` or a `str`.
fn text_of_ref(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(r) = v.cast::<Reference>() {
        return Ok(r.get().text.clone());
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(str_of(s)?.into_owned());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected str or Reference, not {}",
        v.get_type().name()?
    )))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Reference>()?;
    Ok(())
}
