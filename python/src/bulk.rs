//! Checking many texts at once: `check_many` over a list or any iterable, a batch at a time.
//! Each batch is read from Python with the interpreter attached, then checked with it detached
//! on every core (one `Locator` per thread), then its results are appended to the columns.
//! Between batches a pending signal (Ctrl-C) stops the check, so a batch is kept small enough
//! to take well under a second.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};
use rayon::prelude::*;
use urigram::{Brief, Grammar, Rule};

use crate::{Text, grammar_of, rule_of, text_of};

/// The text a batch holds at most (about; one item may exceed it).
const BATCH_BYTES: usize = 16 << 20;

/// One input of a batch: a text, or a missing value (`None`, an Arrow null).
pub(crate) type Item<'a> = Option<Text<'a>>;

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

/// Check `items` against the rule on up to `threads` threads of rayon's pool (one `Locator`
/// per worker, on contiguous shares of the items), or on this thread for one thread or a short
/// batch: no thread is started per batch.
pub(crate) fn check_batch_detached(
    g: Grammar,
    rule: &'static Rule,
    items: &[Item<'_>],
    threads: usize,
) -> Vec<Outcome> {
    let mut out = vec![Outcome::Missing; items.len()];
    // A share of 1,024 items at least: below that, handing it to another thread costs more
    // than it saves.
    let shares = threads.clamp(1, items.len().div_ceil(1024).max(1));
    let locator = || g.locator(rule).expect("a rule of the grammar");
    if shares == 1 {
        check_share(&mut locator(), items, &mut out);
        return out;
    }
    let chunk = items.len().div_ceil(shares);
    items
        .par_chunks(chunk)
        .zip(out.par_chunks_mut(chunk))
        .for_each_init(locator, |l, (ins, outs)| check_share(l, ins, outs));
    out
}

/// Check a share of the items with one locator.
fn check_share(l: &mut urigram::Locator, ins: &[Item<'_>], outs: &mut [Outcome]) {
    for (i, o) in ins.iter().zip(outs.iter_mut()) {
        *o = match i {
            None => Outcome::Missing,
            Some(Text::Str(t)) => match l.locate(t.as_ref()) {
                Ok(()) => Outcome::Valid,
                Err(b) => {
                    let at = t
                        .get(..b.offset())
                        .map_or(b.offset(), |p| p.chars().count());
                    Outcome::Invalid(b, at)
                }
            },
            Some(Text::Bytes(t)) => match l.locate(t.as_ref()) {
                Ok(()) => Outcome::Valid,
                Err(b) => Outcome::Invalid(b, b.offset()),
            },
        };
    }
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

/// The columns of the outcomes, in order: `valid`, `offset`, `rule` and `code`, each made in
/// one step from its length (no list grows item by item).
fn columns<'py>(py: Python<'py>, outcomes: &[Outcome]) -> PyResult<Bound<'py, PyDict>> {
    let none = || py.None().into_bound(py);
    let valid = PyList::new(
        py,
        outcomes.iter().map(|o| match o {
            Outcome::Missing => none(),
            Outcome::Valid => PyBool::new(py, true).to_owned().into_any(),
            Outcome::Invalid(..) => PyBool::new(py, false).to_owned().into_any(),
        }),
    )?;
    let offset = PyList::new(
        py,
        outcomes.iter().map(|o| match o {
            Outcome::Invalid(_, at) => PyInt::new(py, *at).into_any(),
            _ => none(),
        }),
    )?;
    // The rules' names and the codes repeat: one string object for each.
    let mut names: std::collections::HashMap<String, Bound<'py, PyString>> = Default::default();
    let mut name = |s: String| {
        names
            .entry(s)
            .or_insert_with_key(|k| PyString::new(py, k))
            .clone()
            .into_any()
    };
    let rule = PyList::new(
        py,
        outcomes
            .iter()
            .map(|o| match o {
                Outcome::Invalid(b, _) => name(b.rule().to_string()),
                _ => none(),
            })
            .collect::<Vec<_>>(),
    )?;
    let code = PyList::new(
        py,
        outcomes
            .iter()
            .map(|o| match o {
                Outcome::Invalid(b, _) => name(b.code()),
                _ => none(),
            })
            .collect::<Vec<_>>(),
    )?;
    let d = PyDict::new(py);
    d.set_item("valid", valid)?;
    d.set_item("offset", offset)?;
    d.set_item("rule", rule)?;
    d.set_item("code", code)?;
    Ok(d)
}

/// The number of shares to check at once: `threads`, or every thread of rayon's pool (one per
/// core).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(rayon::current_num_threads).max(1)
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
    let mut all: Vec<Outcome> = Vec::new();
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
        all.extend(outcomes);
    }
    columns(py, &all)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    Ok(())
}
