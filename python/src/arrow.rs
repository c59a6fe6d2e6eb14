//! Checking an Arrow column through the Arrow PyCapsule interface: pyarrow arrays, chunked
//! arrays, tables and record-batch readers, polars series and data frames, and anything else
//! that exports `__arrow_c_stream__` or `__arrow_c_array__`. The strings are read from the
//! Arrow buffers (no Python object per row), checked on every core with the interpreter
//! detached, and the results are an Arrow stream again, made one input chunk at a time as the
//! consumer reads it, so memory holds a chunk, not the column.

use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::ffi_stream::{ArrayStreamReader, FFI_ArrowArrayStream};
use arrow_array::{
    Array, ArrayRef, BinaryArray, BooleanArray, Int64Array, LargeBinaryArray, LargeStringArray,
    RecordBatch, RecordBatchReader, StringArray, StringViewArray, StructArray, make_array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};
use urigram::{Grammar, Rule};

use crate::bulk::{Checked, State, View, check_rows, thread_count};
use crate::{grammar_of, rule_of};

/// Rows checked between two looks at pending signals (Ctrl-C).
const SLICE: usize = 1 << 16;

/// The input: chunks of one column.
enum Input {
    Stream(ArrayStreamReader),
    One(Option<ArrayRef>),
}

impl Input {
    fn next_chunk(&mut self) -> Option<Result<ArrayRef, ArrowError>> {
        match self {
            Input::Stream(r) => r.next(),
            Input::One(a) => a.take().map(Ok),
        }
    }
}

/// The lazy result stream: each input chunk checked when the consumer asks for the next batch.
struct Checking {
    input: Input,
    column: Option<String>,
    grammar: Grammar,
    rule: &'static Rule,
    threads: usize,
    schema: SchemaRef,
}

/// The result's columns: `valid` (null for a null input), `offset` (characters; null unless
/// invalid), `rule` and `code` (null unless invalid).
fn result_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("valid", DataType::Boolean, true),
        Field::new("offset", DataType::Int64, true),
        Field::new("rule", DataType::Utf8, true),
        Field::new("code", DataType::Utf8, true),
    ]))
}

impl Checking {
    /// The string column of a chunk: the chunk, or the named (or only) field of a struct.
    fn column_of(&self, chunk: ArrayRef) -> Result<ArrayRef, ArrowError> {
        let DataType::Struct(fields) = chunk.data_type() else {
            return Ok(chunk);
        };
        let s = chunk
            .as_any()
            .downcast_ref::<StructArray>()
            .ok_or_else(|| ArrowError::InvalidArgumentError("a struct that is not one".into()))?;
        let i = match &self.column {
            Some(name) => fields
                .iter()
                .position(|f| f.name() == name)
                .ok_or_else(|| {
                    ArrowError::InvalidArgumentError(format!("no column named {name:?}"))
                })?,
            None if fields.len() == 1 => 0,
            None => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "a table of {} columns: name the column to check (column=...)",
                    fields.len()
                )));
            }
        };
        Ok(s.column(i).clone())
    }

    fn check_chunk(&self, chunk: ArrayRef) -> Result<RecordBatch, ArrowError> {
        let col = self.column_of(chunk)?;
        let n = col.len();
        let rows = Rows::of(&col)?;
        let mut checked = Checked::default();
        let mut start = 0;
        while start < n {
            let len = SLICE.min(n - start);
            let (g, r, t) = (self.grammar, self.rule, self.threads);
            // Detached, whether or not the consumer holds the interpreter.
            let slice = Python::attach(|py| {
                py.detach(|| check_rows(g, r, len, t, |i| rows.get(start + i)))
            });
            checked.append(slice);
            start += len;
            // Ctrl-C: stop within a slice's time.
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                Python::attach(|py| e.restore(py));
                return Err(ArrowError::ExternalError(
                    "the check was interrupted".into(),
                ));
            }
        }
        RecordBatch::try_new(self.schema.clone(), columns(&checked))
    }
}

/// The result columns of a chunk. Most inputs are valid, and a valid input is a `true` and
/// three nulls: the `valid` column is packed from the rows' states, 64 rows a word; the other
/// three are written from the invalid rows alone, and a chunk with none gets three all-null
/// columns.
fn columns(checked: &Checked) -> Vec<ArrayRef> {
    let states = &checked.states;
    let n = states.len();
    let values = BooleanBuffer::collect_bool(n, |i| states[i] == State::Valid);
    let nulls = states.contains(&State::Missing).then(|| {
        NullBuffer::new(BooleanBuffer::collect_bool(n, |i| {
            states[i] != State::Missing
        }))
    });
    let valid: ArrayRef = Arc::new(BooleanArray::new(values, nulls));
    if checked.invalid.is_empty() {
        return vec![
            valid,
            Arc::new(Int64Array::new_null(n)),
            Arc::new(StringArray::new_null(n)),
            Arc::new(StringArray::new_null(n)),
        ];
    }
    let mut offset = Int64Builder::with_capacity(n);
    let mut rule = StringBuilder::new();
    let mut code = StringBuilder::new();
    let mut next = 0;
    for i in &checked.invalid {
        offset.append_nulls(i.row - next);
        rule.append_nulls(i.row - next);
        code.append_nulls(i.row - next);
        offset.append_value(i.at as i64);
        rule.append_value(i.brief.rule());
        code.append_value(i.brief.code());
        next = i.row + 1;
    }
    offset.append_nulls(n - next);
    rule.append_nulls(n - next);
    code.append_nulls(n - next);
    vec![
        valid,
        Arc::new(offset.finish()),
        Arc::new(rule.finish()),
        Arc::new(code.finish()),
    ]
}

impl Iterator for Checking {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let chunk = self.input.next_chunk()?;
        Some(chunk.and_then(|c| self.check_chunk(c)))
    }
}

impl RecordBatchReader for Checking {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The rows of a string or binary column, read in place from its buffers.
enum Rows<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    Utf8View(&'a StringViewArray),
    Binary(&'a BinaryArray),
    LargeBinary(&'a LargeBinaryArray),
    Null,
}

impl<'a> Rows<'a> {
    fn of(col: &'a ArrayRef) -> Result<Rows<'a>, ArrowError> {
        let any = col.as_any();
        let cast = || ArrowError::InvalidArgumentError("an array of another type".into());
        Ok(match col.data_type() {
            DataType::Utf8 => Rows::Utf8(any.downcast_ref().ok_or_else(cast)?),
            DataType::LargeUtf8 => Rows::LargeUtf8(any.downcast_ref().ok_or_else(cast)?),
            DataType::Utf8View => Rows::Utf8View(any.downcast_ref().ok_or_else(cast)?),
            DataType::Binary => Rows::Binary(any.downcast_ref().ok_or_else(cast)?),
            DataType::LargeBinary => Rows::LargeBinary(any.downcast_ref().ok_or_else(cast)?),
            DataType::Null => Rows::Null,
            t => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "a column of {t}: strings (utf8, large_utf8, string_view) or binary are checked"
                )));
            }
        })
    }

    /// Row `i`: its text, or `None` for a null.
    fn get(&self, i: usize) -> Option<View<'a>> {
        macro_rules! row {
            ($a:expr, $view:ident) => {
                (!$a.is_null(i)).then(|| View::$view($a.value(i)))
            };
        }
        match self {
            Rows::Utf8(a) => row!(a, Str),
            Rows::LargeUtf8(a) => row!(a, Str),
            Rows::Utf8View(a) => row!(a, Str),
            Rows::Binary(a) => row!(a, Bytes),
            Rows::LargeBinary(a) => row!(a, Bytes),
            Rows::Null => None,
        }
    }
}

/// The result of `check_arrow`: an Arrow stream of record batches (`valid`, `offset`,
/// `rule`, `code`), one per input chunk, checked as it is read. Read it once, with
/// `pyarrow.table(result)`, `pyarrow.RecordBatchReader.from_stream(result)` or
/// `polars.DataFrame(result)`.
#[pyclass(module = "urigram", name = "ArrowChecks")]
struct ArrowChecks {
    // A mutex: a Python object may be shared between threads; the stream is read once.
    checking: std::sync::Mutex<Option<Checking>>,
}

impl ArrowChecks {
    fn take(&self) -> Option<Checking> {
        self.checking.lock().map_or(None, |mut c| c.take())
    }
    fn is_read(&self) -> bool {
        self.checking.lock().map_or(true, |c| c.is_none())
    }
}

#[pymethods]
impl ArrowChecks {
    /// The Arrow PyCapsule interface's stream export.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The schema is fixed; a requested one is a hint the protocol lets a producer ignore.
        let _ = requested_schema;
        let checking = self
            .take()
            .ok_or_else(|| PyValueError::new_err("the checks were read already"))?;
        let stream = FFI_ArrowArrayStream::new(Box::new(checking));
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }

    fn __repr__(&self) -> &'static str {
        if !self.is_read() {
            "<urigram.ArrowChecks: valid, offset, rule, code (not read yet)>"
        } else {
            "<urigram.ArrowChecks: read>"
        }
    }
}

/// Check the strings of an Arrow column (see the module docs).
#[pyfunction]
#[pyo3(signature = (data, grammar = "rfc3986", rule = None, *, column = None, threads = None))]
fn check_arrow(
    data: &Bound<'_, PyAny>,
    grammar: &str,
    rule: Option<&str>,
    column: Option<String>,
    threads: Option<usize>,
) -> PyResult<ArrowChecks> {
    let g = grammar_of(grammar)?;
    let r = rule_of(g, rule)?;
    let input = if data.hasattr("__arrow_c_stream__")? {
        let cap = data.call_method1("__arrow_c_stream__", (data.py().None(),))?;
        let cap = cap.cast::<PyCapsule>()?;
        let ptr = cap.pointer_checked(Some(c"arrow_array_stream"))?;
        // SAFETY: the PyCapsule interface: an "arrow_array_stream" capsule holds a valid
        // `ArrowArrayStream`; `from_raw` moves it out and marks the capsule's copy released,
        // as the interface asks of a consumer.
        let reader = unsafe { ArrayStreamReader::from_raw(ptr.as_ptr().cast()) }
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Input::Stream(reader)
    } else if data.hasattr("__arrow_c_array__")? {
        let pair = data.call_method1("__arrow_c_array__", (data.py().None(),))?;
        let pair = pair.cast::<PyTuple>()?;
        let schema_cap = pair.get_item(0)?;
        let schema_cap = schema_cap.cast::<PyCapsule>()?;
        let array_cap = pair.get_item(1)?;
        let array_cap = array_cap.cast::<PyCapsule>()?;
        let schema_ptr = schema_cap.pointer_checked(Some(c"arrow_schema"))?;
        let array_ptr = array_cap.pointer_checked(Some(c"arrow_array"))?;
        // SAFETY: the interface: the capsules hold a valid `ArrowSchema` (borrowed here; the
        // capsule keeps and releases it) and a valid `ArrowArray`, moved out here and marked
        // released in the capsule.
        let array = unsafe { FFI_ArrowArray::from_raw(array_ptr.as_ptr().cast()) };
        // SAFETY: as above; the schema capsule lives until the end of this function.
        let schema = unsafe { &*(schema_ptr.as_ptr() as *const FFI_ArrowSchema) };
        // SAFETY: the array and the schema came together from one export.
        let data =
            unsafe { from_ffi(array, schema) }.map_err(|e| PyValueError::new_err(e.to_string()))?;
        Input::One(Some(make_array(data)))
    } else {
        return Err(PyTypeError::new_err(format!(
            "check_arrow: expected an Arrow array, chunked array, table or stream \
             (__arrow_c_stream__ or __arrow_c_array__), not {}",
            data.get_type().name()?
        )));
    };
    Ok(ArrowChecks {
        checking: std::sync::Mutex::new(Some(Checking {
            input,
            column,
            grammar: g,
            rule: r,
            threads: thread_count(threads),
            schema: result_schema(),
        })),
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowChecks>()?;
    m.add_function(wrap_pyfunction!(check_arrow, m)?)?;
    Ok(())
}
