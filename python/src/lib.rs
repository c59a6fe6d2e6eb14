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

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};
use urigram::{Error, Grammar, Rule};

mod arrow;
mod bulk;
mod legacy;
mod values;

/// A text from Python: UTF-8 text, or octets.
pub(crate) enum Text<'a> {
    Str(Cow<'a, str>),
    Bytes(Cow<'a, [u8]>),
}

impl Text<'_> {
    fn check(&self, g: Grammar, rule: &'static Rule) -> Result<(), Error> {
        match self {
            Text::Str(s) => g.check(rule, s.as_ref()),
            Text::Bytes(b) => g.check(rule, b.as_ref()),
        }
    }
}

/// The text of `obj` (`str`, `bytes`, `bytearray` or another buffer), or a `TypeError` naming
/// its type.
pub(crate) fn text_of<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Text<'a>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Text::Str(str_of(s)?));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Text::Bytes(Cow::Borrowed(b.as_bytes())));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Text::Bytes(Cow::Owned(b.to_vec())));
    }
    if obj.hasattr("__buffer__").unwrap_or(false) || obj.get_type().name()? == "memoryview" {
        let bytes = obj.py().get_type::<PyBytes>().call1((obj,))?;
        let bytes = bytes.cast::<PyBytes>()?;
        return Ok(Text::Bytes(Cow::Owned(bytes.as_bytes().to_vec())));
    }
    Err(PyTypeError::new_err(format!(
        "expected str or bytes, not {}",
        obj.get_type().name()?
    )))
}

/// The UTF-8 text of a `str`: borrowed when it has one, else with each lone surrogate read as
/// U+FFFD (one character for one).
pub(crate) fn str_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match s.to_str() {
        Ok(t) => Ok(Cow::Borrowed(t)),
        Err(_) => {
            // Code point by code point: UTF-32 keeps every lone surrogate one unit.
            let wide = s.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
            let wide = wide.cast::<PyBytes>()?.as_bytes();
            Ok(Cow::Owned(
                wide.chunks_exact(4)
                    .map(|c| {
                        let u = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                        char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER)
                    })
                    .collect(),
            ))
        }
    }
}

/// A grammar by its name (any case), or a `ValueError` listing the names. The name as
/// `grammars()` writes it is found by a plain comparison first: it is what nearly every call
/// passes (or the default), and each call of `is_valid` looks it up.
pub(crate) fn grammar_of(name: &str) -> PyResult<Grammar> {
    if let Some(g) = Grammar::ALL.iter().find(|g| g.name() == name) {
        return Ok(*g);
    }
    name.parse::<Grammar>().map_err(|_| {
        let names: Vec<&str> = Grammar::ALL.iter().map(|g| g.name()).collect();
        PyValueError::new_err(format!(
            "unknown grammar {name:?}: the grammars are {}",
            names.join(", ")
        ))
    })
}

/// Each grammar's start rule, in the order of `Grammar::ALL`, looked up once.
fn start_rules() -> &'static [Option<&'static Rule>] {
    static START: std::sync::OnceLock<Vec<Option<&'static Rule>>> = std::sync::OnceLock::new();
    START.get_or_init(|| {
        Grammar::ALL
            .iter()
            .map(|g| g.rule(g.start_rule()).ok())
            .collect()
    })
}

/// A production of `g` by its spec name (the grammar's start rule for `None`), or a
/// `ValueError` naming the closest one.
pub(crate) fn rule_of(g: Grammar, name: Option<&str>) -> PyResult<&'static Rule> {
    let Some(name) = name else {
        let i = Grammar::ALL.iter().position(|x| *x == g);
        if let Some(r) = i.and_then(|i| *start_rules().get(i)?) {
            return Ok(r);
        }
        return g
            .rule(g.start_rule())
            .map_err(|e| PyValueError::new_err(e.to_string()));
    };
    g.rule(name)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

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
    error_dict(py, &e, &shown, matches!(t, Text::Str(_))).map(Some)
}

/// The dict of an error in `text`: its JSON object, the rendered report, and its offsets in
/// characters (in bytes for a text given as bytes).
pub(crate) fn error_dict<'py>(
    py: Python<'py>,
    e: &Error,
    text: &str,
    in_chars: bool,
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
    let chars = |at: usize| {
        if in_chars {
            text.get(..at).map_or(at, |s| s.chars().count())
        } else {
            at
        }
    };
    d.set_item("char_offset", chars(e.offset()))?;
    d.set_item("char_end", chars(e.end()))?;
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
        .map_err(|e| values::invalid_str(py, &e, &t, iri.as_any()))
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
    urigram::rfc3987::to_iri(&t).map_err(|e| values::invalid_str(py, &e, &t, uri.as_any()))
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

/// Found URIs of a text, each as a dict.
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
    let t = str_of(text)?;
    let options = urigram::extract::Options::default().include_code(include_code);
    let found = urigram::extract::extract_with_options(&t, g, syntax, options);
    let out = PyList::empty(py);
    let mut chars = CharCounter::new(&t);
    for f in found {
        let d = PyDict::new(py);
        d.set_item("uri", f.text.as_ref())?;
        d.set_item("start", chars.at(f.range.start))?;
        d.set_item("end", chars.at(f.range.end))?;
        d.set_item("byte_start", f.range.start)?;
        d.set_item("byte_end", f.range.end)?;
        d.set_item("line", f.start.line)?;
        d.set_item("column", f.start.column)?;
        d.set_item("delimiter", format!("{:?}", f.delimiter).to_lowercase())?;
        match f.error(&t) {
            None => d.set_item("error", py.None())?,
            Some(e) => d.set_item("error", error_dict(py, &e, &t, true)?)?,
        }
        out.append(d)?;
    }
    Ok(out)
}

/// The text with every URI that can be fixed fixed: `(text, fixed, unfixed)`, where `unfixed`
/// lists a dict per URI left as it was (`uri`, `reason`, `error`).
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986", syntax = "plain"))]
fn fix_text<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
    syntax: &str,
) -> PyResult<(String, usize, Bound<'py, PyList>)> {
    let g = grammar_of(grammar)?;
    let syntax = syntax_of(syntax)?;
    let t = str_of(text)?;
    let r = urigram::fix::fix_text_with(&t, g, syntax);
    let unfixed = PyList::empty(py);
    for u in &r.unfixed {
        let d = PyDict::new(py);
        d.set_item("uri", &u.uri)?;
        d.set_item("reason", &u.reason)?;
        d.set_item("error", error_dict(py, &u.error, &t, true)?)?;
        unfixed.append(d)?;
    }
    Ok((r.text, r.fixed, unfixed))
}

/// One URI fixed: `("valid", text, [])`, `("fixed", uri, fixes)` with a `(start, end,
/// replacement, title)` per fix (offsets in characters), or `("unfixable", reason, error)`.
#[pyfunction]
#[pyo3(signature = (text, grammar = "rfc3986"))]
fn fix<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    grammar: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let g = grammar_of(grammar)?;
    let t = str_of(text)?;
    let out = match urigram::fix::fix(&t, g) {
        urigram::fix::FixResult::Valid => ("valid", t.to_string(), PyList::empty(py).into_any()),
        urigram::fix::FixResult::Fixed { uri, fixes } => {
            let mut chars = CharCounter::new(&t);
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
        urigram::fix::FixResult::Unfixable { error, reason } => (
            "unfixable",
            reason,
            error_dict(py, &error, &t, true)?.into_any(),
        ),
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

/// Byte offsets to character offsets, for offsets that only grow (each step counts from the
/// last).
pub(crate) struct CharCounter<'a> {
    text: &'a str,
    byte: usize,
    chars: usize,
}

impl<'a> CharCounter<'a> {
    pub(crate) fn new(text: &'a str) -> CharCounter<'a> {
        CharCounter {
            text,
            byte: 0,
            chars: 0,
        }
    }

    pub(crate) fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            self.byte = 0;
            self.chars = 0;
        }
        let to = byte.min(self.text.len());
        self.chars += self
            .text
            .get(self.byte..to)
            .map_or(to - self.byte, |s| s.chars().count());
        self.byte = to;
        self.chars + (byte - to)
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
    bulk::register(m)?;
    arrow::register(m)?;
    values::register(m)?;
    legacy::register(m)?;
    Ok(())
}
