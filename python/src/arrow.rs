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
    Array, ArrayRef, BooleanArray, Int64Array, RecordBatch, RecordBatchReader, StringArray,
    StructArray, make_array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};
use urigram::{Grammar, Rule};

use crate::args::{grammar_of, rule_of};
use crate::bulk::{Checked, State, View, check_rows, thread_count};

/// Rows checked between two looks at pending signals (Ctrl-C).
const SLICE: usize = 1 << 16;

/// The input: chunks of one column, the first read at the call (to check its type there).
struct Input {
    first: Option<Result<ArrayRef, ArrowError>>,
    rest: Option<ArrayStreamReader>,
}

impl Input {
    fn next_chunk(&mut self) -> Option<Result<ArrayRef, ArrowError>> {
        self.first.take().or_else(|| self.rest.as_mut()?.next())
    }
}

/// Set by `_plant_panic`: the next chunk's check panics (a test's way to show that a panic in
/// the stream's callbacks becomes an Arrow error, not an abort).
static PLANTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Make the next chunk checked by a `check_arrow` stream panic (for tests only).
#[pyfunction]
fn _plant_panic() {
    PLANTED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// The column that `column` names in a chunk of type `t`, checked at the call: a `ValueError`
/// for a column that is not there (or `column` given for one array), a `TypeError` for a type
/// that is not read.
fn check_type(t: &DataType, column: Option<&str>) -> PyResult<()> {
    let t = match (t, column) {
        (DataType::Struct(fields), Some(name)) => match fields.iter().find(|f| f.name() == name) {
            Some(f) => f.data_type(),
            None => {
                let names: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
                return Err(PyValueError::new_err(format!(
                    "check_arrow: no column named {name:?}; the columns are {names:?}"
                )));
            }
        },
        (DataType::Struct(fields), None) if fields.len() == 1 => fields[0].data_type(),
        (DataType::Struct(fields), None) => {
            return Err(PyValueError::new_err(format!(
                "check_arrow: a table of {} columns: name the column to check (column=...)",
                fields.len()
            )));
        }
        (t, Some(name)) => {
            return Err(PyValueError::new_err(format!(
                "check_arrow: column={name:?} names a column of a table, but the data is one \
                 array (of {t}): pass it without column="
            )));
        }
        (t, None) => t,
    };
    readable(t).map_err(PyTypeError::new_err)
}

/// The lazy result stream: each input chunk checked when the consumer asks for the next batch.
struct Checking {
    input: Input,
    column: Option<String>,
    grammar: Grammar,
    rule: &'static Rule,
    threads: usize,
    schema: SchemaRef,
    /// A panic was caught: the stream has ended.
    failed: bool,
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

impl Checking {
    fn next_checked(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        let chunk = self.input.next_chunk()?;
        if PLANTED.swap(false, std::sync::atomic::Ordering::SeqCst) {
            panic!("a panic planted by urigram._urigram._plant_panic");
        }
        Some(chunk.and_then(|c| self.check_chunk(c)))
    }
}

impl Iterator for Checking {
    type Item = Result<RecordBatch, ArrowError>;

    /// The next batch. It is called from the Arrow C stream's `get_next` callback, an
    /// `extern "C"` function that no panic may leave (it would abort the interpreter): a
    /// panic here (a bug) is caught and becomes the stream's error, and the stream ends.
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.next_checked()));
        caught.unwrap_or_else(|p| {
            self.failed = true;
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            Some(Err(ArrowError::ExternalError(
                format!("urigram's check panicked (a bug: please report it with the input): {why}")
                    .into(),
            )))
        })
    }
}

impl RecordBatchReader for Checking {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The offsets of a column of strings or binaries (32 or 64 bits).
enum Offsets<'a> {
    Small(&'a [i32]),
    Large(&'a [i64]),
}

impl Offsets<'_> {
    fn get(&self, i: usize) -> usize {
        // Checked in `Rows::of`: none is negative.
        match self {
            Offsets::Small(o) => o.get(i).map_or(0, |&x| x as usize),
            Offsets::Large(o) => o.get(i).map_or(0, |&x| x as usize),
        }
    }
    fn len(&self) -> usize {
        match self {
            Offsets::Small(o) => o.len(),
            Offsets::Large(o) => o.len(),
        }
    }
}

/// The rows of a string or binary column (plain, large, view, or dictionary-encoded), read in
/// place from its buffers as octets. Nothing in the buffers is trusted: the producer's
/// offsets and views are checked against the buffers once, in `of`, and a string column's
/// rows are checked for UTF-8 as they are read (`View::Text`), never taken as `&str` on the
/// producer's word.
enum Rows<'a> {
    Offsets {
        offsets: Offsets<'a>,
        data: &'a [u8],
        nulls: Option<&'a NullBuffer>,
        text: bool,
    },
    Views {
        /// The views' bytes: 16 a row (the Arrow format's layout, little-endian).
        views: &'a [u8],
        buffers: &'a [arrow_buffer::Buffer],
        nulls: Option<&'a NullBuffer>,
        text: bool,
    },
    Dictionary {
        keys: Vec<usize>,
        nulls: Option<&'a NullBuffer>,
        values: Box<Rows<'a>>,
    },
    Null,
}

/// An error of a column that breaks the Arrow format.
fn malformed(what: &str) -> ArrowError {
    ArrowError::InvalidArgumentError(format!("a malformed Arrow array from its producer: {what}"))
}

/// The types of the column that are read: an error (for a `TypeError`) for the others.
fn readable(t: &DataType) -> Result<(), String> {
    match t {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView
        | DataType::Null => Ok(()),
        DataType::Dictionary(_, v) if !matches!(**v, DataType::Dictionary(..)) => readable(v),
        t => Err(format!(
            "check_arrow: a column of {t}: strings (utf8, large_utf8, string_view), binary \
             (binary, large_binary, binary_view) or a dictionary of them are checked"
        )),
    }
}

/// The keys of a dictionary array, each checked to name one of its values (a null row's key
/// is not read).
fn dictionary_keys(d: &dyn arrow_array::AnyDictionaryArray) -> Result<Vec<usize>, ArrowError> {
    use arrow_array::cast::AsArray;
    use arrow_array::types::*;
    let n = d.values().len();
    let keys = d.keys();
    let nulls = keys.logical_nulls();
    let valid = |i: usize| nulls.as_ref().is_none_or(|b| b.is_valid(i));
    macro_rules! keys {
        ($t:ty) => {{
            let k = keys.as_primitive::<$t>().values();
            let mut out = Vec::with_capacity(k.len());
            for (i, &x) in k.iter().enumerate() {
                match usize::try_from(x) {
                    Ok(x) if x < n => out.push(x),
                    _ if !valid(i) => out.push(0),
                    _ => return Err(malformed("a dictionary key names no value")),
                }
            }
            out
        }};
    }
    Ok(match keys.data_type() {
        DataType::Int8 => keys!(Int8Type),
        DataType::Int16 => keys!(Int16Type),
        DataType::Int32 => keys!(Int32Type),
        DataType::Int64 => keys!(Int64Type),
        DataType::UInt8 => keys!(UInt8Type),
        DataType::UInt16 => keys!(UInt16Type),
        DataType::UInt32 => keys!(UInt32Type),
        DataType::UInt64 => keys!(UInt64Type),
        t => return Err(malformed(&format!("dictionary keys of {t}"))),
    })
}

impl<'a> Rows<'a> {
    fn of(col: &'a ArrayRef) -> Result<Rows<'a>, ArrowError> {
        use arrow_array::cast::AsArray;
        readable(col.data_type()).map_err(ArrowError::InvalidArgumentError)?;
        // The buffers' sizes against the type and the length (the C data interface's import
        // checks nothing).
        col.to_data().validate()?;
        let text = matches!(
            col.data_type(),
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
        );
        let nulls = col.nulls();
        let offsets = |offsets: Offsets<'a>, data: &'a [u8]| {
            // Each offset at or after the one before, and inside the data.
            let n = offsets.len();
            let ok = match &offsets {
                Offsets::Small(o) => o.first().is_none_or(|&f| f >= 0),
                Offsets::Large(o) => o.first().is_none_or(|&f| f >= 0),
            } && (1..n).all(|i| offsets.get(i - 1) <= offsets.get(i))
                && (n == 0 || offsets.get(n - 1) <= data.len());
            if !ok || n < col.len() + 1 {
                return Err(malformed("offsets outside the data"));
            }
            Ok(Rows::Offsets {
                offsets,
                data,
                nulls,
                text,
            })
        };
        let views = |views: &'a [u8], buffers: &'a [arrow_buffer::Buffer]| {
            // Each view of more than 12 bytes inside its buffer.
            let ok = views.chunks_exact(16).all(|v| {
                let (len, b, at) = view_parts(v);
                len <= 12
                    || buffers
                        .get(b)
                        .is_some_and(|b| at.saturating_add(len) <= b.len())
            });
            if !ok || views.len() / 16 < col.len() {
                return Err(malformed("views outside the data"));
            }
            Ok(Rows::Views {
                views,
                buffers,
                nulls,
                text,
            })
        };
        match col.data_type() {
            DataType::Utf8 => {
                let a = col.as_string::<i32>();
                offsets(Offsets::Small(a.value_offsets()), a.value_data())
            }
            DataType::LargeUtf8 => {
                let a = col.as_string::<i64>();
                offsets(Offsets::Large(a.value_offsets()), a.value_data())
            }
            DataType::Binary => {
                let a = col.as_binary::<i32>();
                offsets(Offsets::Small(a.value_offsets()), a.value_data())
            }
            DataType::LargeBinary => {
                let a = col.as_binary::<i64>();
                offsets(Offsets::Large(a.value_offsets()), a.value_data())
            }
            DataType::Utf8View => {
                let a = col.as_string_view();
                views(a.views().inner().as_slice(), a.data_buffers())
            }
            DataType::BinaryView => {
                let a = col.as_binary_view();
                views(a.views().inner().as_slice(), a.data_buffers())
            }
            DataType::Dictionary(..) => {
                let d = col
                    .as_any_dictionary_opt()
                    .ok_or_else(|| malformed("a dictionary that is not one"))?;
                Ok(Rows::Dictionary {
                    keys: dictionary_keys(d)?,
                    nulls: d.keys().nulls(),
                    values: Box::new(Rows::of(d.values())?),
                })
            }
            _ => Ok(Rows::Null),
        }
    }

    /// Row `i`: its text, or `None` for a null.
    fn get(&self, i: usize) -> Option<View<'a>> {
        let view = |text: bool, b: &'a [u8]| if text { View::Text(b) } else { View::Bytes(b) };
        let null = |n: &Option<&NullBuffer>| n.is_some_and(|n| n.is_null(i));
        match self {
            Rows::Offsets {
                offsets,
                data,
                nulls,
                text,
            } => {
                if null(nulls) {
                    return None;
                }
                let b = data
                    .get(offsets.get(i)..offsets.get(i + 1))
                    .unwrap_or_default();
                Some(view(*text, b))
            }
            Rows::Views {
                views,
                buffers,
                nulls,
                text,
            } => {
                if null(nulls) {
                    return None;
                }
                let v = views.get(16 * i..16 * i + 16)?;
                let (len, k, at) = view_parts(v);
                let b = if len <= 12 {
                    // Inline: the bytes after the length, in the view itself.
                    &v[4..4 + len]
                } else {
                    buffers
                        .get(k)
                        .and_then(|b| b.get(at..at + len))
                        .unwrap_or_default()
                };
                Some(view(*text, b))
            }
            Rows::Dictionary {
                keys,
                nulls,
                values,
            } => {
                if null(nulls) {
                    return None;
                }
                values.get(*keys.get(i)?)
            }
            Rows::Null => None,
        }
    }
}

/// A view's length, and (for more than 12 bytes) its buffer's index and its offset there
/// (the Arrow format's view layout: four little-endian `u32`, the third and fourth for those).
fn view_parts(v: &[u8]) -> (usize, usize, usize) {
    let word = |k: usize| {
        v.get(4 * k..4 * k + 4)
            .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize)
    };
    (word(0), word(2), word(3))
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
    threads: Option<&Bound<'_, PyAny>>,
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
        let mut reader = unsafe { ArrayStreamReader::from_raw(ptr.as_ptr().cast()) }
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Input {
            first: reader.next(),
            rest: Some(reader),
        }
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
        // The buffers' sizes, before an array is made over them.
        data.validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Input {
            first: Some(Ok(make_array(data))),
            rest: None,
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "check_arrow: expected an Arrow array, chunked array, table or stream \
             (__arrow_c_stream__ or __arrow_c_array__), not {}",
            data.get_type().name()?
        )));
    };
    let threads = thread_count(threads)?;
    match &input.first {
        Some(Ok(chunk)) => check_type(chunk.data_type(), column.as_deref())?,
        Some(Err(e)) => return Err(PyValueError::new_err(e.to_string())),
        None => {}
    }
    Ok(ArrowChecks {
        checking: std::sync::Mutex::new(Some(Checking {
            input,
            column,
            grammar: g,
            rule: r,
            threads,
            schema: result_schema(),
            failed: false,
        })),
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowChecks>()?;
    m.add_function(wrap_pyfunction!(check_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(_plant_panic, m)?)?;
    Ok(())
}
