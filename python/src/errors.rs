//! An error of the library as Python sees it: the dict `InvalidURI` and `diagnose` carry, in
//! the package's terms, with offsets in characters.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use urigram::{Error, Grammar};

use crate::chars::CharCounter;

/// The dict of an error in `text`: its JSON object, the rendered report, and its offsets in
/// characters, counted by `chars` (a counter of `text`; in bytes without one, for a text
/// given as bytes).
pub(crate) fn error_dict<'py>(
    py: Python<'py>,
    e: &Error,
    text: &str,
    chars: Option<&mut CharCounter<'_>>,
) -> PyResult<Bound<'py, PyDict>> {
    let json = serde_json::to_string(e).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = py
        .import("json")?
        .call_method1("loads", (json,))?
        .cast_into::<PyDict>()?;
    if let Some(h) = e.help() {
        d.set_item("help", python_terms(h))?;
    }
    d.set_item("report", python_terms(&urigram::render::render(e, text)))?;
    let (offset, end) = match chars {
        Some(c) => (c.at(e.offset()), c.at(e.end())),
        None => (e.offset(), e.end()),
    };
    d.set_item("char_offset", offset)?;
    d.set_item("char_end", end)?;
    Ok(d)
}

/// The library's help in the package's terms: a grammar named as the library's value
/// (`` `Grammar::Rfc2732` ``) is named as the argument that chooses it (`` `grammar="rfc2732"` ``),
/// and the crate's record of deviations by its path in the repository.
fn python_terms(text: &str) -> String {
    let mut s = text.replace(
        "urigram's grammar/DEVIATIONS.md",
        "grammar/DEVIATIONS.md in urigram's repository",
    );
    if s.contains("`Grammar::") {
        for g in Grammar::ALL {
            s = s.replace(&format!("`Grammar::{g:?}`"), &format!("`grammar=\"{g}\"`"));
        }
    }
    s
}
