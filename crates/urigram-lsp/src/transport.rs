//! The transport: LSP's framed JSON-RPC messages read from a stream (`Content-Length` headers,
//! bodies bounded by [`MAX_MESSAGE`] and read ahead within [`READ_AHEAD`]) and written back.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Condvar, Mutex};

use lsp_server::{ErrorCode, Message, Notification, Response};
use serde_json::{Value, json};

/// Read and parse the messages of `r` into `tx`, until the input ends, the framing breaks or
/// no one receives.
pub(crate) fn read_messages(r: &mut impl BufRead, tx: &crossbeam_channel::Sender<Incoming>) {
    let budget = Arc::new(Budget::default());
    loop {
        let m = match read_frame(r, &budget) {
            Ok(Some((Frame::Body(body), permit))) => Incoming::Message(parse(&body), permit),
            Ok(Some((Frame::TooLarge(len), permit))) => {
                eprintln!("urigram lsp: {}", too_large(len));
                Incoming::Message(Err(too_large_error(len)), permit)
            }
            Ok(None) => Incoming::End,
            Err(e) => Incoming::Broken(e),
        };
        let last = !matches!(m, Incoming::Message(..));
        if tx.send(m).is_err() || last {
            return;
        }
    }
}

/// What the reading thread passes on.
pub(crate) enum Incoming {
    /// A message, or the error response for a body that is none; its permit holds the
    /// body's bytes in the read-ahead budget until the message is handled.
    Message(Result<Message, Value>, Permit),
    /// The input ended.
    End,
    /// The framing is broken: no way to find the next message.
    Broken(String),
}

/// What goes out: a message, or an error response without an id.
pub(crate) enum Out {
    Msg(Message),
    Raw(Value),
    /// A message's body, written already.
    Text(String),
}

/// A notification, written straight from its parameters (publishing 1,000 diagnostics through
/// a `Value` built them all again as maps first).
pub(crate) struct Note<'a, P>(pub(crate) &'a str, pub(crate) &'a P);

impl<P: serde::Serialize> serde::Serialize for Note<'_, P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("jsonrpc", "2.0")?;
        m.serialize_entry("method", self.0)?;
        m.serialize_entry("params", self.1)?;
        m.end()
    }
}

impl Out {
    pub(crate) fn write(&self, w: &mut impl Write) -> io::Result<()> {
        match self {
            Out::Msg(m) => m.write(w),
            Out::Raw(v) => Out::Text(v.to_string()).write(w),
            Out::Text(text) => {
                write!(w, "Content-Length: {}\r\n\r\n{text}", text.len())?;
                w.flush()
            }
        }
    }
}

impl From<Response> for Out {
    fn from(r: Response) -> Out {
        Out::Msg(r.into())
    }
}

impl From<Notification> for Out {
    fn from(n: Notification) -> Out {
        Out::Msg(n.into())
    }
}

/// Header lines longer than this are not headers.
pub(crate) const MAX_HEADER: u64 = 8 * 1024;

/// The largest message body read: 64 MiB. A longer one is read past without being kept, and
/// answered with an `InvalidRequest` error (id null, since its id is unknown).
pub const MAX_MESSAGE: u64 = 64 << 20;

/// The most bytes of bodies read ahead of the server and not yet handled, beyond one body:
/// the reading thread waits past it.
pub const READ_AHEAD: u64 = 64 << 20;

/// The bytes of bodies read and not yet handled, up to [`READ_AHEAD`].
#[derive(Default)]
pub(crate) struct Budget {
    pub(crate) held: Mutex<u64>,
    freed: Condvar,
}

impl Budget {
    /// Hold `bytes`, waiting until they fit (a body alone always fits).
    pub(crate) fn take(self: &Arc<Self>, bytes: u64) -> Permit {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && held.saturating_add(bytes) > READ_AHEAD {
            held = self.freed.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += bytes;
        Permit {
            budget: Some(Arc::clone(self)),
            bytes,
        }
    }
}

/// Bytes held in a [`Budget`], given back when dropped.
pub(crate) struct Permit {
    budget: Option<Arc<Budget>>,
    bytes: u64,
}

impl Permit {
    /// A permit that holds nothing: for a body not kept, or a caller that reads messages
    /// itself.
    pub(crate) fn none() -> Permit {
        Permit {
            budget: None,
            bytes: 0,
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(b) = &self.budget {
            let mut held = b.held.lock().unwrap_or_else(|e| e.into_inner());
            *held = held.saturating_sub(self.bytes);
            b.freed.notify_one();
        }
    }
}

/// What one frame holds.
pub(crate) enum Frame {
    /// A message body.
    Body(Vec<u8>),
    /// A body longer than [`MAX_MESSAGE`], read past and not kept: its length.
    TooLarge(u64),
}

/// Why a body of `len` bytes was not read.
pub(crate) fn too_large(len: u64) -> String {
    format!(
        "a message of {len} bytes (Content-Length), larger than the limit of {} MiB: not read",
        MAX_MESSAGE >> 20
    )
}

/// The answer to a body of `len` bytes that was not read.
pub(crate) fn too_large_error(len: u64) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": ErrorCode::InvalidRequest as i32, "message": too_large(len)},
    })
}

/// One frame, with the permit for its body's bytes from `budget` (taken before the body is
/// read): `None` at the end of the input; an error when the framing is broken.
pub(crate) fn read_frame(
    r: &mut impl BufRead,
    budget: &Arc<Budget>,
) -> Result<Option<(Frame, Permit)>, String> {
    let mut len: Option<u64> = None;
    let mut seen = false;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(MAX_HEADER)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("reading: {e}"))?;
        if n == 0 {
            return if seen {
                Err("the input ended inside a header".into())
            } else {
                Ok(None)
            };
        }
        if !line.ends_with(b"\n") {
            return Err("a header line without an end".into());
        }
        let l = String::from_utf8_lossy(&line);
        let l = l.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            match len {
                Some(_) => break,
                None if !seen => continue,
                None => return Err("a message without Content-Length".into()),
            }
        }
        seen = true;
        let (name, value) = l
            .split_once(':')
            .ok_or_else(|| format!("a malformed header: {l:?}"))?;
        if name.trim().eq_ignore_ascii_case("content-length") {
            let v = value.trim().parse::<u64>();
            len = Some(v.map_err(|_| format!("a malformed Content-Length: {l:?}"))?);
        }
    }
    let len = len.unwrap_or(0);
    if len > MAX_MESSAGE {
        // Read past it, holding nothing but the reader's own buffer.
        let skipped = io::copy(&mut r.by_ref().take(len), &mut io::sink())
            .map_err(|e| format!("reading: {e}"))?;
        if skipped < len {
            return Err("the input ended inside a message".into());
        }
        return Ok(Some((Frame::TooLarge(len), Permit::none())));
    }
    let permit = budget.take(len);
    let mut body = Vec::new();
    r.by_ref()
        .take(len)
        .read_to_end(&mut body)
        .map_err(|e| format!("reading: {e}"))?;
    if (body.len() as u64) < len {
        return Err("the input ended inside a message".into());
    }
    Ok(Some((Frame::Body(body), permit)))
}

/// The message in `body`, or the error response to send for it. JSON-RPC 2.0 to the letter, so
/// that every request is answered: `"jsonrpc"` must be `"2.0"`, `"method"` a string, and a
/// request's `"id"` an integer of LSP's range (-2^31 to 2^31 - 1) or a string. Otherwise the
/// answer is `InvalidRequest`, with the message's id when it is a number or a string (so that
/// the client can match it) and null when it is none (JSON-RPC 2.0 section 5). A batch (a JSON
/// array) is no LSP message either. (Params that are no object or array are left to the
/// method: `InvalidParams`.)
pub(crate) fn parse(body: &[u8]) -> Result<Message, Value> {
    let v: Value = serde_json::from_slice(body).map_err(|e| {
        json!({
            "jsonrpc": "2.0",
            "id": null,
            "error": {"code": ErrorCode::ParseError as i32, "message": format!("not JSON: {e}")},
        })
    })?;
    let invalid = |id: &Value, why: String| {
        json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": ErrorCode::InvalidRequest as i32, "message": why},
        })
    };
    let Some(m) = v.as_object() else {
        return Err(invalid(
            &Value::Null,
            "not a JSON-RPC message: not an object".into(),
        ));
    };
    let id = match m.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    if m.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        let why = match m.get("jsonrpc") {
            None => "no \"jsonrpc\": \"2.0\"".to_string(),
            Some(v) => format!("\"jsonrpc\" is {v}, not \"2.0\""),
        };
        return Err(invalid(&id, format!("not a JSON-RPC 2.0 message: {why}")));
    }
    if let Some(method) = m.get("method") {
        if !method.is_string() {
            return Err(invalid(
                &id,
                format!("\"method\" must be a string, not {method}"),
            ));
        }
        match m.get("id") {
            None | Some(Value::String(_)) => {}
            Some(Value::Number(n)) if n.as_i64().is_some_and(|k| i32::try_from(k).is_ok()) => {}
            Some(other) => {
                let why = format!(
                    "a request id must be an integer from -2147483648 to 2147483647 or a \
                     string, not {other}"
                );
                return Err(invalid(&id, why));
            }
        }
    }
    serde_json::from_value::<Message>(v)
        .map_err(|e| invalid(&id, format!("not a JSON-RPC message: {e}")))
}
