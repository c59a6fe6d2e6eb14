//! RFC 3987 for Python beyond the check: `bidi_warnings` (section 4.2).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::args::str_of;
use crate::chars::CharCounter;

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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bidi_warnings, m)?)?;
    Ok(())
}
