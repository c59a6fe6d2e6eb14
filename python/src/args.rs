//! The caller's arguments read: texts (`str` as UTF-8, lone surrogates kept apart; `bytes`,
//! `bytearray` and `memoryview` as octets), and grammars and rules by name.

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use urigram::{Error, Grammar, Rule};

/// A text from Python: UTF-8 text, or octets.
pub(crate) enum Text<'a> {
    Str(Cow<'a, str>),
    Bytes(Cow<'a, [u8]>),
}

impl Text<'_> {
    pub(crate) fn check(&self, g: Grammar, rule: &'static Rule) -> Result<(), Error> {
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
/// U+FFFD (one character for one, three bytes for the three of its generalized UTF-8, so
/// offsets in characters and in bytes stay those of the `str`). For a check: no grammar
/// takes U+FFFD, so the verdict is the one the surrogate gets, and `InvalidURI` names the
/// caller's character. A function that hands back text uses [`wide_of`] instead.
pub(crate) fn str_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    Ok(wide_of(s)?.text)
}

/// A `str` read as [`str_of`] reads it, with where its lone surrogates stood.
pub(crate) struct Wide<'a> {
    pub(crate) text: Cow<'a, str>,
    /// The byte offset in `text` of each U+FFFD that stands for a lone surrogate, and the
    /// surrogate, in text order.
    pub(crate) surrogates: Vec<(usize, u16)>,
}

impl Wide<'_> {
    /// The lone surrogate that the U+FFFD at byte `at` of the text stands for, if any.
    pub(crate) fn surrogate_at(&self, at: usize) -> Option<u16> {
        let i = self.surrogates.binary_search_by_key(&at, |s| s.0).ok()?;
        Some(self.surrogates[i].1)
    }

    /// The first lone surrogate in the byte range `r` of the text.
    pub(crate) fn surrogate_in(&self, r: std::ops::Range<usize>) -> Option<(usize, u16)> {
        let i = self.surrogates.partition_point(|s| s.0 < r.start);
        self.surrogates.get(i).filter(|s| s.0 < r.end).copied()
    }

    /// `s` (made from the text) as a `str`, each U+FFFD for which `at` (its byte in `s`) names
    /// a lone surrogate written back as that surrogate.
    pub(crate) fn restored<'py>(
        &self,
        py: Python<'py>,
        s: &str,
        at: impl Fn(usize) -> Option<u16>,
    ) -> PyResult<Bound<'py, PyString>> {
        if self.surrogates.is_empty() || !s.contains(char::REPLACEMENT_CHARACTER) {
            return Ok(PyString::new(py, s));
        }
        let bytes = with_surrogates(s, at);
        PyBytes::new(py, &bytes)
            .call_method1("decode", ("utf-8", "surrogatepass"))?
            .cast_into::<PyString>()
            .map_err(Into::into)
    }
}

/// The bytes of `s` with each U+FFFD for which `at` (its byte) names a surrogate written as
/// that surrogate's three bytes (generalized UTF-8, as Python's `surrogatepass` reads them).
pub(crate) fn with_surrogates(s: &str, at: impl Fn(usize) -> Option<u16>) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut last = 0;
    for (i, _) in s.match_indices(char::REPLACEMENT_CHARACTER) {
        if let Some(u) = at(i) {
            out.extend_from_slice(&s.as_bytes()[last..i]);
            out.extend_from_slice(&[
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]);
            last = i + 3;
        }
    }
    out.extend_from_slice(&s.as_bytes()[last..]);
    out
}

/// The text of a `str` and its lone surrogates (see [`Wide`]).
pub(crate) fn wide_of<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Wide<'a>> {
    if let Ok(t) = s.to_str() {
        return Ok(Wide {
            text: Cow::Borrowed(t),
            surrogates: Vec::new(),
        });
    }
    // Code point by code point: UTF-32 keeps every lone surrogate one unit.
    let wide = s.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
    let wide = wide.cast::<PyBytes>()?.as_bytes();
    let mut text = String::with_capacity(wide.len() / 4);
    let mut surrogates = Vec::new();
    for c in wide.chunks_exact(4) {
        let u = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        match char::from_u32(u) {
            Some(c) => text.push(c),
            None => {
                surrogates.push((text.len(), u as u16));
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
    Ok(Wide {
        text: Cow::Owned(text),
        surrogates,
    })
}

/// Why a URI that holds a lone surrogate has no fix: its character offset `at` and the
/// surrogate.
pub(crate) fn surrogate_reason(at: usize, u: u16) -> String {
    format!(
        "a lone surrogate (U+{u:04X}) at character {at}: half of a UTF-16 pair, no character, \
         so no UTF-8 holds it and no escape keeps what the URI stands for; decode the text's \
         bytes again (a lone surrogate comes from bytes read with errors=\"surrogateescape\")"
    )
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
