//! Checking many texts at once: `check_many` over a list or any iterable, a batch at a time.
//! Each batch is read from Python with the interpreter attached, then checked with it detached
//! on every core (one `Locator` per thread), then its results are appended to the columns.
//! Between batches a pending signal (Ctrl-C) stops the check, so a batch is kept small enough
//! to take well under a second.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString};
use urigram::{Brief, Grammar, Rule};

use crate::{grammar_of, rule_of, str_of};

/// The text a batch holds at most (about; one item may exceed it).
const BATCH_BYTES: usize = 16 << 20;

/// One input of a batch: text, octets, or a missing value (`None`).
pub(crate) enum Item<'a> {
    Missing,
    Str(Cow<'a, str>),
    Bytes(Cow<'a, [u8]>),
}

/// The outcome for one input.
#[derive(Clone)]
pub(crate) enum Outcome {
    Missing,
    Valid,
    /// The brief and the offset in characters (in bytes for octets).
    Invalid(Brief, usize),
}

/// Check `items` against the rule on up to `threads` threads, with the interpreter detached.
pub(crate) fn check_batch(
    py: Python<'_>,
    g: Grammar,
    rule: &'static Rule,
    items: &[Item<'_>],
    threads: usize,
) -> Vec<Outcome> {
    py.detach(|| check_batch_detached(g, rule, items, threads))
}

/// Check `items` against the rule on up to `threads` threads (one `Locator` each, on a
/// contiguous share of the items).
pub(crate) fn check_batch_detached(
    g: Grammar,
    rule: &'static Rule,
    items: &[Item<'_>],
    threads: usize,
) -> Vec<Outcome> {
    let mut out = vec![Outcome::Missing; items.len()];
    // A thread for every 1,024 items at most: below that, starting one costs more than it saves.
    let threads = threads.clamp(1, items.len().div_ceil(1024).max(1));
    let chunk = items.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for (ins, outs) in items.chunks(chunk).zip(out.chunks_mut(chunk)) {
            s.spawn(move || {
                let mut l = g.locator(rule).expect("a rule of the grammar");
                for (i, o) in ins.iter().zip(outs.iter_mut()) {
                    *o = match i {
                        Item::Missing => Outcome::Missing,
                        Item::Str(t) => match l.locate(t.as_ref()) {
                            Ok(()) => Outcome::Valid,
                            Err(b) => {
                                let at = t
                                    .get(..b.offset())
                                    .map_or(b.offset(), |p| p.chars().count());
                                Outcome::Invalid(b, at)
                            }
                        },
                        Item::Bytes(t) => match l.locate(t.as_ref()) {
                            Ok(()) => Outcome::Valid,
                            Err(b) => Outcome::Invalid(b, b.offset()),
                        },
                    };
                }
            });
        }
    });
    out
}

/// The item of one Python value.
fn item_of<'a>(v: &'a Bound<'_, PyAny>) -> PyResult<Item<'a>> {
    if v.is_none() {
        return Ok(Item::Missing);
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Item::Str(str_of(s)?));
    }
    if let Ok(b) = v.cast::<PyBytes>() {
        return Ok(Item::Bytes(Cow::Borrowed(b.as_bytes())));
    }
    if let Ok(b) = v.cast::<PyByteArray>() {
        return Ok(Item::Bytes(Cow::Owned(b.to_vec())));
    }
    Err(PyTypeError::new_err(format!(
        "check_many: expected str, bytes or None, not {}",
        v.get_type().name()?
    )))
}

/// The columns the results go to.
pub(crate) struct Columns<'py> {
    pub(crate) valid: Bound<'py, PyList>,
    pub(crate) offset: Bound<'py, PyList>,
    pub(crate) rule: Bound<'py, PyList>,
    pub(crate) code: Bound<'py, PyList>,
}

impl<'py> Columns<'py> {
    pub(crate) fn new(py: Python<'py>) -> Columns<'py> {
        Columns {
            valid: PyList::empty(py),
            offset: PyList::empty(py),
            rule: PyList::empty(py),
            code: PyList::empty(py),
        }
    }

    pub(crate) fn push(&self, o: &Outcome) -> PyResult<()> {
        let py = self.valid.py();
        match o {
            Outcome::Missing => {
                self.valid.append(py.None())?;
                self.offset.append(py.None())?;
                self.rule.append(py.None())?;
                self.code.append(py.None())?;
            }
            Outcome::Valid => {
                self.valid.append(true)?;
                self.offset.append(py.None())?;
                self.rule.append(py.None())?;
                self.code.append(py.None())?;
            }
            Outcome::Invalid(b, at) => {
                self.valid.append(false)?;
                self.offset.append(*at)?;
                self.rule.append(b.rule())?;
                self.code.append(b.code())?;
            }
        }
        Ok(())
    }

    pub(crate) fn into_dict(self) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(self.valid.py());
        d.set_item("valid", self.valid)?;
        d.set_item("offset", self.offset)?;
        d.set_item("rule", self.rule)?;
        d.set_item("code", self.code)?;
        Ok(d)
    }
}

/// The number of threads to use: `threads`, or every core.
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// Check every item of an iterable (`str`, `bytes` or `None` each): a dict of columns
/// `valid`, `offset`, `rule` and `code`, one entry per item, in order.
#[pyfunction]
#[pyo3(signature = (items, grammar = "rfc3986", rule = None, *, threads = None, batch_size = 65536))]
fn check_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    grammar: &str,
    rule: Option<&str>,
    threads: Option<usize>,
    batch_size: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let g = grammar_of(grammar)?;
    let r = rule_of(g, rule)?;
    let threads = thread_count(threads);
    let batch_size = batch_size.max(1);
    let cols = Columns::new(py);
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
        let batch = held.iter().map(item_of).collect::<PyResult<Vec<_>>>()?;
        let outcomes = check_batch(py, g, r, &batch, threads);
        // Ctrl-C: `KeyboardInterrupt` between batches.
        py.check_signals()?;
        for o in &outcomes {
            cols.push(o)?;
        }
    }
    cols.into_dict()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    Ok(())
}
