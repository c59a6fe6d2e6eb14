//! `urigram._urigram`: the native half of the Python package. The Python package `urigram`
//! (python/urigram/) wraps it: its exceptions, its docstrings and its integrations are Python;
//! what runs per input is here.
//!
//! Texts: a `str` is read as its UTF-8 text (a lone surrogate, which no UTF-8 text holds, is
//! read as U+FFFD, one character for one, so character offsets stay those of the `str`; no
//! grammar takes U+FFFD, so the verdict is the same as for any other character no grammar
//! takes); `bytes`, `bytearray` and `memoryview` are read as octets, as the library's byte
//! checks read them (a byte that begins no UTF-8 character is rejected where it stands).

use std::borrow::Cow;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use urigram::{Error, Grammar};

use args::{
    Text, grammar_of, rule_of, str_of, surrogate_reason, text_of, wide_of, with_surrogates,
};
use chars::CharCounter;
use errors::error_dict;

mod args;
mod arrow;
mod bulk;
mod chars;
#[macro_use]
mod classic;
mod errors;
mod reference;
mod rfc1630;
mod rfc1738;
mod rfc3987;

/// Whether ``text`` is one string of the production's language.
///
/// ``grammar`` is a grammar's name (``urigram.grammars()``) and ``rule`` one of its
/// productions by its spec name (``urigram.rules(grammar)``); by default the grammar's start
/// rule (RFC 3986's ``URI-reference``). ``bytes`` are read as octets.
///
/// >>> import urigram
/// >>> urigram.is_valid("http://[::1]:80/")
/// True
/// >>> urigram.is_valid("http://a/b c")
/// False
/// >>> urigram.is_valid("mailto:a@b", rule="URI")
/// True
/// >>> urigram.is_valid("a.example", "rfc2396", "hostname")
/// True
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986", rule = None))]
fn is_valid(text: &Bound<'_, PyAny>, grammar: &str, rule: Option<&str>) -> PyResult<bool> {
    let g = grammar_of(grammar)?;
    let r = rule_of(g, rule)?;
    Ok(text_of(text)?.check(g, r).is_ok())
}

/// The diagnostic of `text` against the rule, or `None` when it conforms: a dict of the
/// error's JSON object (schema/urigram.schema.json's `grammar_error`), with `report` (the
/// rendered report), `char_offset` and `char_end` (offsets in characters of the `str`).
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986", rule = None))]
fn diagnose<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    grammar: &str,
    rule: Option<&str>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let g = grammar_of(grammar)?;
    let r = rule_of(g, rule)?;
    let t = text_of(text)?;
    let Err(e) = t.check(g, r) else {
        return Ok(None);
    };
    let shown: Cow<'_, str> = match &t {
        Text::Str(s) => Cow::Borrowed(s.as_ref()),
        Text::Bytes(b) => String::from_utf8_lossy(b),
    };
    let mut chars = CharCounter::new(&shown);
    let chars = matches!(t, Text::Str(_)).then_some(&mut chars);
    error_dict(py, &e, &shown, chars).map(Some)
}

/// The URI reference an IRI reference maps to (RFC 3987 section 3.1): each character outside
/// US-ASCII as the ``%HH`` of its UTF-8 octets. ``ValueError`` when ``iri`` is no
/// ``IRI-reference`` (the ``urigram`` wrapper raises ``InvalidURI``).
///
/// >>> import urigram
/// >>> urigram.iri_to_uri("http://résumé.example.org/?q=ü")
/// 'http://r%C3%A9sum%C3%A9.example.org/?q=%C3%BC'
#[pyfunction]
fn iri_to_uri(py: Python<'_>, iri: &Bound<'_, PyString>) -> PyResult<String> {
    let t = str_of(iri)?;
    urigram::rfc3987::to_uri(&t)
        .map(|u| u.into_string())
        .map_err(|e| reference::invalid_str(py, &e, &t, iri.as_any()))
}

/// An IRI reference for a URI reference (RFC 3987 section 3.2): the escapes of UTF-8 that
/// may be decoded, decoded; those of reserved characters, broken UTF-8, characters an IRI may
/// not hold there and bidi formatting characters kept.
///
/// >>> import urigram
/// >>> urigram.uri_to_iri("http://www.example.org/D%C3%BCrst")
/// 'http://www.example.org/Dürst'
/// >>> urigram.uri_to_iri("http://www.example.org/D%FCrst")
/// 'http://www.example.org/D%FCrst'
#[pyfunction]
fn uri_to_iri(py: Python<'_>, uri: &Bound<'_, PyString>) -> PyResult<String> {
    let t = str_of(uri)?;
    urigram::rfc3987::to_iri(&t)
        .map(|i| i.into_string())
        .map_err(|e| reference::invalid_str(py, &e, &t, uri.as_any()))
}

/// The grammars' names.
#[pyfunction]
fn grammars() -> Vec<&'static str> {
    Grammar::ALL.iter().map(|g| g.name()).collect()
}

/// The productions of a grammar, by their spec names, in the spec's order.
#[pyfunction]
fn rules(grammar: &str) -> PyResult<Vec<&'static str>> {
    Ok(grammar_of(grammar)?
        .rules()
        .iter()
        .map(|r| r.name)
        .collect())
}

/// A grammar's title, start rule and spec file.
#[pyfunction]
fn grammar_info(grammar: &str) -> PyResult<(&'static str, &'static str, &'static str)> {
    let g = grammar_of(grammar)?;
    Ok((g.title(), g.start_rule(), g.file()))
}

/// Found URIs of a text, each as a dict. A lone surrogate in a found URI stays in its `uri`,
/// as the caller wrote it.
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986", syntax = "plain", include_code = false))]
fn extract<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
    syntax: &str,
    include_code: bool,
) -> PyResult<Bound<'py, PyList>> {
    let g = grammar_of(grammar)?;
    let syntax = syntax_of(syntax)?;
    let w = wide_of(text)?;
    let t = &w.text;
    let options = urigram::extract::Options::default().include_code(include_code);
    let found = urigram::extract::extract_with_options(t, g, syntax, options);
    let out = PyList::empty(py);
    let mut chars = CharCounter::new(t);
    for f in found {
        let d = PyDict::new(py);
        let uri = w.restored(py, &f.text, |i| w.surrogate_at(f.source_offset(i)))?;
        d.set_item("uri", uri)?;
        d.set_item("start", chars.at(f.range.start))?;
        d.set_item("end", chars.at(f.range.end))?;
        d.set_item("byte_start", f.range.start)?;
        d.set_item("byte_end", f.range.end)?;
        d.set_item("line", f.start.line)?;
        d.set_item("column", f.start.column)?;
        d.set_item("delimiter", format!("{:?}", f.delimiter).to_lowercase())?;
        match f.error(t) {
            None => d.set_item("error", py.None())?,
            Some(e) => d.set_item("error", error_dict(py, &e, t, Some(&mut chars))?)?,
        }
        out.append(d)?;
    }
    Ok(out)
}

/// The text with every URI that can be fixed fixed: `(text, fixed, unfixed)`, where `unfixed`
/// lists a dict per URI left as it was (`uri`, `reason`, `error`). A URI that holds a lone
/// surrogate is left as it was (no escape keeps its meaning), and every lone surrogate stays
/// in the text as the caller wrote it.
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986", syntax = "plain"))]
fn fix_text<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
    syntax: &str,
) -> PyResult<(Bound<'py, PyString>, usize, Bound<'py, PyList>)> {
    let g = grammar_of(grammar)?;
    let syntax = syntax_of(syntax)?;
    let w = wide_of(text)?;
    let t = &w.text;
    let r = urigram::fix::fix_text_with(t, g, syntax);
    let mut chars = CharCounter::new(t);
    let unfixed = PyList::empty(py);
    let mut push = |e: &Error, reason: &str, uri: Bound<'py, PyString>| -> PyResult<()> {
        let d = PyDict::new(py);
        d.set_item("uri", uri)?;
        d.set_item("reason", reason)?;
        d.set_item("error", error_dict(py, e, t, Some(&mut chars))?)?;
        unfixed.append(d)
    };
    if w.surrogates.is_empty() {
        for u in &r.unfixed {
            push(&u.error, &u.reason, PyString::new(py, &u.uri))?;
        }
        return Ok((PyString::new(py, &r.text), r.fixed, unfixed));
    }
    // The text holds lone surrogates. The URIs that hold none are fixed as the library fixes
    // them (its fixes, edit for edit); those that hold one keep every byte and are reported
    // with the reason; the rest of the text is copied with its surrogates.
    let bytes = with_surrogates(t, |i| w.surrogate_at(i));
    let mut out = Vec::with_capacity(bytes.len());
    let (mut last, mut fixed) = (0, 0);
    // The URIs kept for their surrogate, in text order: the range of each, and its report.
    let mut kept = Vec::new();
    let mut surrogate_chars = CharCounter::new(t);
    let options = urigram::extract::Options::default();
    for f in urigram::extract::extract_iter(t, g, syntax, options) {
        if f.is_valid() {
            continue;
        }
        if let Some((at, u)) = w.surrogate_in(f.range.clone()) {
            if let Some(error) = f.error(t) {
                let uri = w.restored(py, &f.text, |i| w.surrogate_at(f.source_offset(i)))?;
                let reason = surrogate_reason(surrogate_chars.at(at), u);
                kept.push((f.range.clone(), error, reason, uri));
            }
            continue;
        }
        // As the library checks a found URI: under RFC 1738, without its fragment.
        let checked = match g {
            Grammar::Rfc1738 => f.text.split_once('#').map_or(&*f.text, |(url, _)| url),
            _ => &f.text,
        };
        if let urigram::fix::FixResult::Fixed { fixes, .. } = urigram::fix::fix(checked, g)
            && let Ok(edits) = urigram::fix::text_edits(t, &f, &fixes)
        {
            for (r, s) in edits {
                out.extend_from_slice(&bytes[last..r.start]);
                out.extend_from_slice(s.as_bytes());
                last = r.end;
            }
            fixed += 1;
        }
    }
    out.extend_from_slice(&bytes[last..]);
    // The library's reports but those of the kept URIs (it escaped their surrogates, or
    // gave another reason), and the kept ones, in text order.
    let in_kept = |at: usize| {
        let i = kept.partition_point(|k| k.0.end <= at);
        kept.get(i).is_some_and(|k| k.0.contains(&at))
    };
    let mut reports: Vec<(usize, &Error, &str, Bound<'py, PyString>)> = r
        .unfixed
        .iter()
        .filter(|u| !in_kept(u.error.offset()))
        .map(|u| {
            (
                u.error.offset(),
                &u.error,
                u.reason.as_str(),
                PyString::new(py, &u.uri),
            )
        })
        .collect();
    reports.extend(
        kept.iter()
            .map(|k| (k.1.offset(), &k.1, k.2.as_str(), k.3.clone())),
    );
    reports.sort_by_key(|r| r.0);
    for (_, e, reason, uri) in reports {
        push(e, reason, uri)?;
    }
    let text = PyBytes::new(py, &out)
        .call_method1("decode", ("utf-8", "surrogatepass"))?
        .cast_into::<PyString>()?;
    Ok((text, fixed, unfixed))
}

/// One URI fixed: `("valid", text, [])`, `("fixed", uri, fixes)` with a `(start, end,
/// replacement, title)` per fix (offsets in characters), or `("unfixable", reason, error)`.
/// A URI that holds a lone surrogate is unfixable: no escape keeps what it stands for.
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986"))]
fn fix<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let g = grammar_of(grammar)?;
    let w = wide_of(text)?;
    let t = &w.text;
    let unfixable = |error: &Error, reason: String| -> PyResult<_> {
        let d = error_dict(py, error, t, Some(&mut CharCounter::new(t)))?;
        Ok(("unfixable", reason, d.into_any()))
    };
    let out = match urigram::fix::fix(t, g) {
        urigram::fix::FixResult::Valid => ("valid", t.to_string(), PyList::empty(py).into_any()),
        urigram::fix::FixResult::Fixed { .. } if !w.surrogates.is_empty() => {
            let (at, u) = w.surrogates[0];
            let reason = surrogate_reason(CharCounter::new(t).at(at), u);
            match g.check(g.start_rule(), t.as_ref()) {
                Err(error) => unfixable(&error, reason)?,
                Ok(()) => return Err(PyValueError::new_err(reason)),
            }
        }
        urigram::fix::FixResult::Fixed { uri, fixes } => {
            let mut chars = CharCounter::new(t);
            let list = PyList::empty(py);
            for f in fixes {
                list.append((
                    chars.at(f.range.start),
                    chars.at(f.range.end),
                    f.replacement,
                    f.title,
                ))?;
            }
            ("fixed", uri, list.into_any())
        }
        urigram::fix::FixResult::Unfixable { error, reason } => unfixable(&error, reason)?,
        _ => {
            return Err(PyValueError::new_err(
                "an outcome this version does not know",
            ));
        }
    };
    out.into_pyobject(py).map(Bound::into_any)
}

/// A syntax by name: `plain`, `markdown`, `html` or `rst`.
fn syntax_of(name: &str) -> PyResult<urigram::extract::Syntax> {
    use urigram::extract::Syntax;
    match name.to_ascii_lowercase().as_str() {
        "plain" | "text" => Ok(Syntax::Plain),
        "markdown" | "md" => Ok(Syntax::Markdown),
        "html" => Ok(Syntax::Html),
        "rst" | "restructuredtext" => Ok(Syntax::Rst),
        _ => Err(PyValueError::new_err(format!(
            "unknown syntax {name:?}: the syntaxes are plain, markdown, html and rst"
        ))),
    }
}

/// Parse `text` by `grammar` into its typed value: a `Reference`, or for RFC 1738 and RFC
/// 1630 their own classes (`rfc1738.rs`, `rfc1630.rs`); `InvalidURI` when it is none.
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986"))]
fn parse<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
) -> PyResult<Bound<'py, PyAny>> {
    use rfc1630::{Uri1630, Url1630};
    use rfc1738::Url1738;
    match grammar_of(grammar)? {
        Grammar::Rfc1738 => Ok(Bound::new(py, Url1738::parse(py, text)?)?.into_any()),
        Grammar::Rfc1630 => Ok(Bound::new(py, Uri1630::parse(py, text)?)?.into_any()),
        Grammar::Rfc1630Url => Ok(Bound::new(py, Url1630::parse(py, text)?)?.into_any()),
        _ => Ok(Bound::new(py, reference::parse_reference(py, text, grammar)?)?.into_any()),
    }
}

/// The native module.
#[pymodule]
fn _urigram(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(diagnose, m)?)?;
    m.add_function(wrap_pyfunction!(grammars, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(grammar_info, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(fix_text, m)?)?;
    m.add_function(wrap_pyfunction!(iri_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(uri_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    bulk::register(m)?;
    arrow::register(m)?;
    reference::register(m)?;
    rfc1738::register(m)?;
    rfc1630::register(m)?;
    rfc3987::register(m)?;
    Ok(())
}
