//! What the classes of the two 1994 specs share (`rfc1738.rs`: `urigram.rfc1738.Url`;
//! `rfc1630.rs`: `urigram.rfc1630.Uri` and `Url`): each is an owned value of the library
//! (`UrlBuf`, `UriBuf`) whose components are read where the grammar found them, with the same
//! `grammar`, `str()`, `repr`, `==`, `hash`, pickling, `equivalent` and `to_dict` (the macros
//! `classic_value!` and `classic_class!`).
//!
//! The classes and functions of each spec live in a native module named as the Python module
//! that re-exports them (`urigram.rfc1738`, `urigram.rfc1630`), so that their `__module__`,
//! their `repr` and the doctests name the module a user imports ([`submodule`]).

use std::hash::{Hash, Hasher};

use pyo3::PyClass;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use urigram::Part;

use crate::args::str_of;
use crate::reference::invalid_str;

/// The text of a part.
pub(crate) fn text(p: Option<Part<'_>>) -> Option<&str> {
    p.map(|p| p.as_str())
}

/// What the three classes share: the grammar that reads them, and their equivalence.
pub(crate) trait Classic: Sized {
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
pub(crate) fn read<T: Classic>(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<T> {
    let t = str_of(text)?;
    T::read(&t).map_err(|e| invalid_str(py, &e, &t, text.as_any()))
}

/// `other` (a value of the class or a `str`) as a value of `T`.
pub(crate) fn other_of<T: Classic + PyClass + Clone>(
    py: Python<'_>,
    other: &Bound<'_, PyAny>,
) -> PyResult<T> {
    if let Ok(v) = other.cast::<T>() {
        return Ok(v.borrow().clone());
    }
    match other.cast::<PyString>() {
        Ok(s) => read(py, s),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected str or {}, not {}",
            <T as Classic>::NAME,
            other.get_type().name()?
        ))),
    }
}

/// A dict of the named attributes of `obj`: each of `always`, and each of `when_set` whose
/// value is not `None`.
pub(crate) fn dict_of<'py>(
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
pub(crate) fn hash_of(text: &str, grammar: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    grammar.hash(&mut h);
    h.finish()
}

/// A class of the module `$module` named `$name` holding an owned value of the library
/// (`$buf`), read by the grammar `$grammar` as printed.
macro_rules! classic_value {
    ($(#[$doc:meta])* $ty:ident($buf:ty), $module:tt, $name:tt, $repr:tt, $grammar:tt) => {
        $(#[$doc])*
        #[pyclass(module = $module, name = $name, frozen)]
        #[derive(Clone)]
        pub(crate) struct $ty {
            buf: $buf,
        }

        impl Classic for $ty {
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
macro_rules! classic_class {
    ($ty:ident, [$($always:literal),*], [$($when_set:literal),*], { $($body:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($body)*

            /// The grammar that read it.
            #[getter]
            fn grammar(&self) -> &'static str {
                <$ty as Classic>::GRAMMAR
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
                format!("{}({:?})", <$ty as Classic>::NAME, self.text())
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<$ty>().is_ok_and(|o| o.borrow().text() == self.text())
            }

            fn __hash__(&self) -> u64 {
                hash_of(self.text(), <$ty as Classic>::GRAMMAR)
            }

            /// Pickled (and copied) as the class and the text.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
                (slf.get_type(), (slf.borrow().text().to_string(),))
            }
        }
    };
}

/// A native module named as the Python module that re-exports it, kept in `m` as `attr`.
pub(crate) fn submodule<'py>(
    m: &Bound<'py, PyModule>,
    name: &str,
    attr: &str,
) -> PyResult<Bound<'py, PyModule>> {
    let sub = PyModule::new(m.py(), name)?;
    m.add(attr, &sub)?;
    Ok(sub)
}
