//! Checking many texts at once: `check_many` over a list or any iterable, a batch at a time.
//! Each batch is read from Python with the interpreter attached, then checked with it detached
//! on every core (one `Locator` per thread), then its results are appended to the columns.
//! Between batches a pending signal (Ctrl-C) stops the check, so a batch is kept small enough
//! to take well under a second.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};
use rayon::prelude::*;
use urigram::{Brief, Grammar, Rule};

use crate::args::{Text, grammar_of, rule_of, text_of};

/// The text a batch holds at most (about; one item may exceed it).
const BATCH_BYTES: usize = 16 << 20;

/// One input of a batch: a text, or a missing value (`None`, an Arrow null).
pub(crate) type Item<'a> = Option<Text<'a>>;

/// A text to check, borrowed: UTF-8 text (offsets in characters), octets (in bytes), or
/// octets that claim to be UTF-8 text (an Arrow string column's: a producer's claim, checked
/// as octets are, so a byte that is not UTF-8 is `not-utf8` where it stands; offsets in
/// characters of the UTF-8 before it).
#[derive(Clone, Copy)]
pub(crate) enum View<'a> {
    Str(&'a str),
    Bytes(&'a [u8]),
    Text(&'a [u8]),
}

impl<'a> View<'a> {
    /// The view of an item.
    pub(crate) fn of(item: &'a Item<'_>) -> Option<View<'a>> {
        match item {
            None => None,
            Some(Text::Str(t)) => Some(View::Str(t)),
            Some(Text::Bytes(t)) => Some(View::Bytes(t)),
        }
    }
}

/// What became of one row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum State {
    Missing,
    Valid,
    Invalid,
}

/// An invalid row: its number, the brief and the offset (in characters for text, in bytes for
/// octets).
pub(crate) struct Invalid {
    pub(crate) row: usize,
    pub(crate) brief: Brief,
    pub(crate) at: usize,
}

/// The outcome of a batch: one state per row (a byte each), and the invalid rows alone with
/// their diagnostic briefs. Most inputs are valid, so nothing larger is written per row.
#[derive(Default)]
pub(crate) struct Checked {
    pub(crate) states: Vec<State>,
    pub(crate) invalid: Vec<Invalid>,
}

impl Checked {
    /// Append another batch's outcome, its rows numbered after this one's.
    pub(crate) fn append(&mut self, mut other: Checked) {
        let base = self.states.len();
        self.states.append(&mut other.states);
        self.invalid.extend(other.invalid.into_iter().map(|mut i| {
            i.row += base;
            i
        }));
    }
}

/// Check `n` rows (row `i` is `row(i)`) against the rule on up to `threads` threads, with the
/// interpreter detached.
pub(crate) fn check_batch<'a, F>(
    py: Python<'_>,
    g: Grammar,
    rule: &'static Rule,
    n: usize,
    threads: usize,
    row: F,
) -> Checked
where
    F: Fn(usize) -> Option<View<'a>> + Sync,
{
    py.detach(|| check_rows(g, rule, n, threads, &row))
}

/// Check `n` rows (row `i` is `row(i)`) against the rule on up to `threads` threads of
/// rayon's pool (one `Locator` per worker, on contiguous shares of the rows), or on this
/// thread for one thread or a short batch: no thread is started per batch.
pub(crate) fn check_rows<'a, F>(
    g: Grammar,
    rule: &'static Rule,
    n: usize,
    threads: usize,
    row: F,
) -> Checked
where
    F: Fn(usize) -> Option<View<'a>> + Sync,
{
    let mut states = vec![State::Missing; n];
    // A share of 1,024 rows at least: below that, handing it to another thread costs more
    // than it saves.
    let shares = threads.clamp(1, n.div_ceil(1024).max(1));
    let locator = || g.locator(rule).expect("a rule of the grammar");
    if shares == 1 {
        let invalid = check_share(&mut locator(), 0, &mut states, &row);
        return Checked { states, invalid };
    }
    let chunk = n.div_ceil(shares);
    let parts: Vec<Vec<Invalid>> = states
        .par_chunks_mut(chunk)
        .enumerate()
        .map_init(locator, |l, (k, st)| check_share(l, k * chunk, st, &row))
        .collect();
    Checked {
        states,
        invalid: parts.into_iter().flatten().collect(),
    }
}

/// Check the rows `first..first + states.len()` with one locator: their states, and the
/// invalid ones.
fn check_share<'a>(
    l: &mut urigram::Locator,
    first: usize,
    states: &mut [State],
    row: &impl Fn(usize) -> Option<View<'a>>,
) -> Vec<Invalid> {
    let mut invalid = Vec::new();
    for (i, s) in states.iter_mut().enumerate() {
        let (verdict, text) = match row(first + i) {
            None => continue,
            Some(View::Str(t)) => (l.locate(t), Some(t.as_bytes())),
            Some(View::Bytes(t)) => (l.locate(t), None),
            Some(View::Text(t)) => (l.locate(t), Some(t)),
        };
        *s = match verdict {
            Ok(()) => State::Valid,
            Err(brief) => {
                // In characters of the text before it (UTF-8 up to the first byte that is not).
                let at = text
                    .and_then(|t| t.get(..brief.offset()))
                    .and_then(|p| std::str::from_utf8(p).ok())
                    .map_or(brief.offset(), |p| p.chars().count());
                invalid.push(Invalid {
                    row: first + i,
                    brief,
                    at,
                });
                State::Invalid
            }
        };
    }
    invalid
}

/// The item of one Python value: `None` is a missing value, anything else is read as
/// `is_valid` reads it.
fn item_of<'a>(v: &'a Bound<'_, PyAny>) -> PyResult<Item<'a>> {
    if v.is_none() {
        return Ok(None);
    }
    text_of(v).map(Some).map_err(|e| {
        let py = v.py();
        PyTypeError::new_err(format!("check_many: {}", e.value(py)))
    })
}

/// The columns of the outcomes, in order: `valid`, `offset`, `rule` and `code`. Each is made
/// at its length by the interpreter's list repetition (`True` for `valid`, `None` for the
/// others), and then only the rows that differ are set: the invalid and missing ones.
fn columns<'py>(py: Python<'py>, checked: &Checked) -> PyResult<Bound<'py, PyDict>> {
    let n = checked.states.len();
    let none = py.None().into_bound(py);
    // A list of `n` times one value, made by the interpreter's own repetition.
    let filled = |v: &Bound<'py, PyAny>| -> PyResult<Bound<'py, PyList>> {
        Ok(PyList::new(py, [v])?
            .as_sequence()
            .repeat(n)?
            .cast_into::<PyList>()?)
    };
    let valid = filled(PyBool::new(py, true).as_any())?;
    for (row, s) in checked.states.iter().enumerate() {
        match s {
            State::Valid => {}
            State::Invalid => valid.set_item(row, false)?,
            State::Missing => valid.set_item(row, &none)?,
        }
    }
    let (offset, rule, code) = (filled(&none)?, filled(&none)?, filled(&none)?);
    // The rules' names and the codes repeat: one string object for each.
    let mut names: std::collections::HashMap<String, Bound<'py, PyString>> = Default::default();
    let mut name = |s: String| {
        names
            .entry(s)
            .or_insert_with_key(|k| PyString::new(py, k))
            .clone()
    };
    for i in &checked.invalid {
        offset.set_item(i.row, PyInt::new(py, i.at))?;
        rule.set_item(i.row, name(i.brief.rule().to_string()))?;
        code.set_item(i.row, name(i.brief.code()))?;
    }
    let d = PyDict::new(py);
    d.set_item("valid", valid)?;
    d.set_item("offset", offset)?;
    d.set_item("rule", rule)?;
    d.set_item("code", code)?;
    Ok(d)
}

/// The number of shares to check at once: `threads` (at least 1: a `ValueError` at the call
/// otherwise), or every thread of rayon's pool (one per core).
pub(crate) fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    match threads {
        None => Ok(rayon::current_num_threads().max(1)),
        Some(n) => count_arg("threads", n, " (or None for one per core)"),
    }
}

/// A count the caller gives (`threads`, `batch_size`): an int of 1 or more, of any size (one
/// beyond `usize` is the largest `usize`: a count that large asks for "as many as there are"),
/// else a `ValueError` that names the argument and what it allows; a value that is no int is
/// the `TypeError` PyO3 gives.
pub(crate) fn count_arg(name: &str, value: &Bound<'_, PyAny>, allows: &str) -> PyResult<usize> {
    let positive = match value.extract::<i64>() {
        Ok(n) => n >= 1,
        // Too large for an i64 either way: its sign decides.
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => value.gt(0)?,
        Err(e) => return Err(e),
    };
    if positive {
        let n = value.extract::<u64>().unwrap_or(u64::MAX);
        return Ok(usize::try_from(n).unwrap_or(usize::MAX));
    }
    Err(PyValueError::new_err(format!(
        "{name} must be 1 or more{allows}, not {value}"
    )))
}

/// Check every item of an iterable (`str`, `bytes` or `None` each): a dict of columns
/// `valid`, `offset`, `rule` and `code`, one entry per item, in order.
#[pyfunction]
#[pyo3(signature = (items, grammar = "rfc3986", rule = None, *, threads = None, batch_size = None))]
fn check_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    grammar: &str,
    rule: Option<&str>,
    threads: Option<&Bound<'py, PyAny>>,
    batch_size: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let g = grammar_of(grammar)?;
    let r = rule_of(g, rule)?;
    let threads = thread_count(threads)?;
    let batch_size = match batch_size {
        None => 65536,
        Some(b) => count_arg("batch_size", b, " (or None for 65536)")?,
    };
    let mut all = Checked::default();
    let mut iter = items.try_iter()?;
    loop {
        // A batch ends at `batch_size` items or at about 16 MiB of text, whichever comes
        // first, so that it is checked well within a second and memory stays bounded.
        let mut held: Vec<Bound<'py, PyAny>> = Vec::with_capacity(batch_size.min(1 << 16));
        let mut bytes = 0usize;
        for v in iter.by_ref() {
            let v = v?;
            bytes += v.len().unwrap_or(0);
            held.push(v);
            if held.len() >= batch_size || bytes >= BATCH_BYTES {
                break;
            }
        }
        if held.is_empty() {
            break;
        }
        let mut batch = Vec::with_capacity(held.len());
        for v in &held {
            batch.push(item_of(v)?);
        }
        let checked = check_batch(py, g, r, batch.len(), threads, |i| View::of(&batch[i]));
        // Ctrl-C: `KeyboardInterrupt` between batches.
        py.check_signals()?;
        all.append(checked);
    }
    columns(py, &all)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    Ok(())
}
