//! The urigram language server (`urigram lsp`), over stdio or any byte stream. It finds the URIs of each open document as
//! `urigram extract` does, publishes a diagnostic for each one that does not conform, shows a
//! URI's components and every grammar's verdict on hover, offers the fixes of
//! `urigram::fix` as quick fixes (`textDocument/codeAction`), and links the URIs that conform
//! (`textDocument/documentLink`; each target written as RFC 3986 writes it, a relative one
//! resolved against the document's URI: see `link_target`).
//!
//! - **Sync**: incremental (`TextDocumentSyncKind::INCREMENTAL`; a change without a range
//!   replaces the document). An edit re-reads the text from the last checkpoint before it to
//!   the first place after it where no URI can cross (see `doc`), and shifts the rest: work
//!   near the edit, not over the document.
//! - **Bursts**: a thread reads and parses the messages; every message waiting is handled
//!   before diagnostics are published, once per changed document per burst. Requests are
//!   answered in order, each on the text as edited so far.
//! - **Bounds**: at most [`MAX_DIAGNOSTICS`] diagnostics a document, and one of severity
//!   information that counts the rest; at most [`MAX_LINKS`] links. Positions are found in
//!   one walk over each line (line starts by binary search), so publishing is linear.
//!   A document is held as its text, its line starts and a few words a URI.
//! - **Message size**: a body of at most [`MAX_MESSAGE`] (64 MiB) is read. A longer one (by
//!   its `Content-Length`) is read past without being kept, answered with `InvalidRequest`
//!   (id null: its id is unknown) and logged on standard error, and the server goes on. The
//!   reading thread holds at most 64 MiB of bodies read ahead ([`READ_AHEAD`]) beyond the one
//!   being handled.
//! - **Positions**: UTF-16 code units unless the client offers `utf-8` in
//!   `general.positionEncodings`; the choice is reported in `capabilities.positionEncoding`.
//!   Lines end at `\n`, `\r\n` or `\r`, as the protocol says.
//! - **Grammar**: `initializationOptions.grammar`, any grammar's name (`"rfc2396"` when
//!   absent; `"rfc3987"` for IRIs: their diagnostics, and on hover the components of the URI
//!   each maps to; an unknown name is reported with `window/showMessage` and the default is
//!   used), changed by
//!   `workspace/didChangeConfiguration` with `{"urigram": {"grammar": ...}}` or
//!   `{"grammar": ...}`, which reads every open document again.
//! - **Errors**: a request with bad params gets `InvalidParams`, an unknown request
//!   `MethodNotFound`, a body that is not JSON `ParseError` (id null), a JSON value that is no
//!   JSON-RPC 2.0 message (a wrong `"jsonrpc"`, an id that is no integer or string ...)
//!   `InvalidRequest`; a notification with bad params is reported with
//!   `window/logMessage`; a body over the size limit, `InvalidRequest` (id null). The server
//!   goes on in every case. Only a broken header (no way to find the next message) ends it.
//! - **Exit**: 0 for `exit` after `shutdown`, 1 otherwise (also when the input ends).
//!
//! Messages are framed and typed by `lsp-server` (`Message`, `Request`, `Response`) and
//! `lsp-types`; the loop reads the frames itself, so that a malformed body is answered instead
//! of ending the connection.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Condvar, Mutex};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    LogMessage, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, DocumentLinkRequest, HoverRequest, Initialize, Request as _, Shutdown,
};
use lsp_types::{
    CodeAction, CodeActionDisabled, CodeActionKind, CodeActionOptions, CodeActionOrCommand,
    CodeActionParams, CodeActionProviderCapability, CodeDescription, Diagnostic,
    DiagnosticRelatedInformation, DiagnosticSeverity, DidChangeConfigurationParams,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentLink, DocumentLinkOptions, DocumentLinkParams, Hover, HoverContents, HoverParams,
    HoverProviderCapability, InitializeResult, Location, LogMessageParams, MarkupContent,
    MarkupKind, MessageType, NumberOrString, PositionEncodingKind, PublishDiagnosticsParams,
    ServerCapabilities, ServerInfo, ShowMessageParams, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextEdit, Uri, WorkspaceEdit,
};
use serde_json::{Value, json};
use urigram::extract::{Delimiter, Found, Syntax, check_found};
use urigram::fix::{self, Fix};

mod doc;
use doc::Doc;
use urigram::rfc2396::{Authority, UriReference};
use urigram::rfc2396::{HostKind, PathKind};
use urigram::rfc3986;
use urigram::{Citation, Error, Grammar};

/// Run the server on stdin and stdout; the exit code (0 for `exit` after `shutdown`, 1
/// otherwise). A thread reads and parses the messages, so that the server sees every message
/// that is waiting when it is ready for the next one (and publishes diagnostics once for a
/// burst of edits).
pub fn serve_stdio() -> u8 {
    // A few messages read ahead: enough to see a burst, little to hold (at most
    // READ_AHEAD bytes of bodies, beyond the one being handled).
    let (tx, rx) = crossbeam_channel::bounded(64);
    std::thread::spawn(move || read_messages(&mut io::stdin().lock(), &tx));
    let stdout = io::stdout();
    let mut w = io::BufWriter::new(stdout.lock());
    session(&rx, &mut w)
}

/// Serve one session read from the framed stream `r`, the answers to `w`: what
/// [`serve_stdio`] does with stdin and stdout. The exit code. It returns once the session has
/// ended and `r` has ended too (or sent a message after `exit`); [`serve_stdio`] leaves its
/// reader detached instead, since a client may keep stdin open after `exit`.
///
/// ```
/// let session = [
///     r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
///     r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
///     r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
///     r#"{"jsonrpc":"2.0","method":"exit"}"#,
/// ];
/// let mut input = Vec::new();
/// for body in session {
///     input.extend(format!("Content-Length: {}\r\n\r\n{body}", body.len()).bytes());
/// }
/// let mut output = Vec::new();
/// // 0: `exit` came after `shutdown`.
/// assert_eq!(urigram_lsp::serve(&mut &input[..], &mut output), 0);
/// let output = String::from_utf8(output).unwrap();
/// assert!(output.contains(r#""id":1,"result":{"capabilities""#), "{output}");
/// assert!(output.contains(r#""id":2,"result":null"#), "{output}");
/// ```
pub fn serve(r: &mut (impl BufRead + Send), w: &mut impl Write) -> u8 {
    let (tx, rx) = crossbeam_channel::bounded(64);
    std::thread::scope(|s| {
        s.spawn(move || read_messages(r, &tx));
        let code = session(&rx, w);
        // The reader stops at its next message once no one receives.
        drop(rx);
        code
    })
}

/// Read and parse the messages of `r` into `tx`, until the input ends, the framing breaks or
/// no one receives.
fn read_messages(r: &mut impl BufRead, tx: &crossbeam_channel::Sender<Incoming>) {
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
enum Incoming {
    /// A message, or the error response for a body that is none; its permit holds the
    /// body's bytes in the read-ahead budget until the message is handled.
    Message(Result<Message, Value>, Permit),
    /// The input ended.
    End,
    /// The framing is broken: no way to find the next message.
    Broken(String),
}

/// Serve one session: the messages of `rx`, the answers to `w`; the exit code. Every message
/// waiting is handled before the diagnostics of the documents it changed are published.
fn session(rx: &crossbeam_channel::Receiver<Incoming>, w: &mut impl Write) -> u8 {
    let mut s = Server::new();
    let send = |w: &mut _, out: Vec<Out>| -> bool {
        for m in out {
            if let Err(e) = m.write(w) {
                eprintln!("urigram lsp: writing: {e}");
                return false;
            }
        }
        true
    };
    loop {
        let mut next = rx.recv().ok();
        if next.is_none() {
            return 1;
        }
        while let Some(m) = next.take() {
            let out = match m {
                Incoming::End => {
                    send(w, s.publish_dirty());
                    return 1;
                }
                Incoming::Broken(e) => {
                    send(w, s.publish_dirty());
                    eprintln!("urigram lsp: {e}");
                    return 1;
                }
                Incoming::Message(Ok(Message::Notification(n)), _) if n.method == "exit" => {
                    return if s.shutdown { 0 } else { 1 };
                }
                Incoming::Message(Ok(msg), _permit) => s.handle(msg),
                Incoming::Message(Err(reply), _) => vec![Out::Raw(reply)],
            };
            if !send(w, out) {
                return 1;
            }
            next = rx.try_recv().ok();
        }
        if !send(w, s.publish_dirty()) {
            return 1;
        }
    }
}

/// What goes out: a message, or an error response without an id.
enum Out {
    Msg(Message),
    Raw(Value),
    /// A message's body, written already.
    Text(String),
}

/// A notification, written straight from its parameters (publishing 1,000 diagnostics through
/// a `Value` built them all again as maps first).
struct Note<'a, P>(&'a str, &'a P);

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
    fn write(&self, w: &mut impl Write) -> io::Result<()> {
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
const MAX_HEADER: u64 = 8 * 1024;

/// The largest message body read: 64 MiB. A longer one is read past without being kept, and
/// answered with an `InvalidRequest` error (id null, since its id is unknown).
pub const MAX_MESSAGE: u64 = 64 << 20;

/// The most bytes of bodies read ahead of the server and not yet handled, beyond one body:
/// the reading thread waits past it.
pub const READ_AHEAD: u64 = 64 << 20;

/// The bytes of bodies read and not yet handled, up to [`READ_AHEAD`].
#[derive(Default)]
struct Budget {
    held: Mutex<u64>,
    freed: Condvar,
}

impl Budget {
    /// Hold `bytes`, waiting until they fit (a body alone always fits).
    fn take(self: &Arc<Self>, bytes: u64) -> Permit {
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
struct Permit {
    budget: Option<Arc<Budget>>,
    bytes: u64,
}

impl Permit {
    /// A permit that holds nothing: for a body not kept, or a caller that reads messages
    /// itself.
    fn none() -> Permit {
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
enum Frame {
    /// A message body.
    Body(Vec<u8>),
    /// A body longer than [`MAX_MESSAGE`], read past and not kept: its length.
    TooLarge(u64),
}

/// Why a body of `len` bytes was not read.
fn too_large(len: u64) -> String {
    format!(
        "a message of {len} bytes (Content-Length), larger than the limit of {} MiB: not read",
        MAX_MESSAGE >> 20
    )
}

/// The answer to a body of `len` bytes that was not read.
fn too_large_error(len: u64) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": ErrorCode::InvalidRequest as i32, "message": too_large(len)},
    })
}

/// One frame, with the permit for its body's bytes from `budget` (taken before the body is
/// read): `None` at the end of the input; an error when the framing is broken.
fn read_frame(
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
fn parse(body: &[u8]) -> Result<Message, Value> {
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

/// How positions count columns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }
}

/// At most this many diagnostics are published for a document; one more, of severity
/// information, says how many URIs past them do not conform.
pub const MAX_DIAGNOSTICS: usize = 1000;
/// Where the link of a URI that conforms goes: the URI in RFC 3986's syntax (which the
/// protocol's URIs follow), resolved against the document's URI `base` when it is relative
/// (RFC 3986 section 5.2). A character that RFC 3986 does not allow where it stands (a `]` in
/// a fragment under RFC 2732, a `[` in a path) is escaped as `urigram::fix` escapes it, which
/// keeps what the URI stands for. `None` when there is no such URI (no escape makes it one,
/// or a relative reference and a base that is not absolute).
///
/// ```text
/// http://h/p#.]x  ->  http://h/p#.%5Dx
/// mailto:x@y]     ->  mailto:x@y%5D
/// docs/a.md       ->  file:///home/me/docs/a.md   (in file:///home/me/README.md)
/// ```
fn link_target(text: &str, base: &str) -> Option<Uri> {
    let uri = match fix::fix(text, Grammar::Rfc3986) {
        fix::FixResult::Valid => text.to_string(),
        fix::FixResult::Fixed { uri, .. } => uri,
        _ => return None,
    };
    let c = rfc3986::Components::parse(&uri).ok()?;
    let absolute = if c.scheme.is_some() {
        uri
    } else {
        rfc3986::resolve_str(base, &uri, rfc3986::ResolveOptions::default())
            .ok()?
            .into_string()
    };
    absolute.parse::<Uri>().ok()
}

/// At most this many document links are returned for a document.
pub const MAX_LINKS: usize = 10_000;

/// The most text edits one quick fix holds. A URI with more fixes than this is fixed by one
/// edit that replaces the URI whole, when the text writes it as one piece (not broken across
/// lines, no character reference in it); otherwise the action is offered disabled, with the
/// reason (`CodeAction.disabled`).
pub const MAX_EDITS: usize = 1000;

/// The most URIs whose quick fixes one code action request gets (a range that covers a whole
/// document dense with invalid URIs asks for all of them).
pub const MAX_ACTION_URIS: usize = 100;

/// The most characters of a URI that a message, a title or a hover shows: a longer one is
/// shown as its first and its last half of them, around ` … `.
pub const SHOWN_CHARS: usize = 200;

/// The longest URI a diagnostic's `data.uri` holds, in bytes; a longer one is left out
/// (`data.uri` is null, and `data.uri_bytes` gives its length).
pub const MAX_DATA_URI: usize = 8192;

/// `text` as a message shows it: visible ([`urigram::render::visible`]), and at most
/// [`SHOWN_CHARS`] characters of it, the middle of a longer one left out.
fn shown(text: &str) -> String {
    let short = if text.len() <= SHOWN_CHARS || text.chars().count() <= SHOWN_CHARS {
        std::borrow::Cow::Borrowed(text)
    } else {
        let half = SHOWN_CHARS / 2;
        let head = text.char_indices().nth(half).map_or(text.len(), |(k, _)| k);
        let tail = text
            .char_indices()
            .rev()
            .nth(half - 1)
            .map_or(0, |(k, _)| k);
        std::borrow::Cow::Owned(format!("{} … {}", &text[..head], &text[tail..]))
    };
    urigram::render::visible(&short).into_owned()
}

struct Server {
    initialized: bool,
    shutdown: bool,
    grammar: Grammar,
    encoding: Encoding,
    markdown: bool,
    related: bool,
    /// A warning to show once the client is initialized.
    warning: Option<String>,
    docs: HashMap<String, Doc>,
    /// Documents changed since their diagnostics were last published, in order.
    dirty: Vec<String>,
}

fn error(id: RequestId, code: ErrorCode, message: String) -> Out {
    Response::new_err(id, code as i32, message).into()
}

/// The result of a request with params of type `P`, or `InvalidParams`.
fn answer<P: serde::de::DeserializeOwned, R: serde::Serialize>(
    id: RequestId,
    method: &str,
    params: Value,
    f: impl FnOnce(&P) -> R,
) -> Out {
    match serde_json::from_value::<P>(params) {
        Ok(p) => Response::new_ok(id, f(&p)).into(),
        Err(e) => error(id, ErrorCode::InvalidParams, format!("{method}: {e}")),
    }
}

fn show(typ: MessageType, message: String) -> Out {
    Notification::new(
        ShowMessage::METHOD.into(),
        ShowMessageParams { typ, message },
    )
    .into()
}

impl Server {
    fn new() -> Server {
        Server {
            initialized: false,
            shutdown: false,
            grammar: Grammar::Rfc2396,
            encoding: Encoding::Utf16,
            markdown: false,
            related: false,
            warning: None,
            docs: HashMap::new(),
            dirty: Vec::new(),
        }
    }

    fn handle(&mut self, msg: Message) -> Vec<Out> {
        match msg {
            Message::Request(r) => vec![self.request(r)],
            Message::Notification(n) => self.notify(n),
            // We send no requests; a response is not for us.
            Message::Response(_) => Vec::new(),
        }
    }

    fn request(&mut self, r: Request) -> Out {
        let Request { id, method, params } = r;
        if method == Initialize::METHOD {
            if self.initialized {
                return error(id, ErrorCode::InvalidRequest, "initialized already".into());
            }
            return match self.initialize(&params) {
                Ok(result) => {
                    self.initialized = true;
                    Response::new_ok(id, result).into()
                }
                Err(m) => error(id, ErrorCode::InvalidParams, m),
            };
        }
        if !self.initialized {
            let m = format!("{method}: the server is not initialized");
            return error(id, ErrorCode::ServerNotInitialized, m);
        }
        if self.shutdown {
            let m = format!("{method}: the server is shut down");
            return error(id, ErrorCode::InvalidRequest, m);
        }
        self.refresh();
        match method.as_str() {
            Shutdown::METHOD => {
                self.shutdown = true;
                Response::new_ok(id, Value::Null).into()
            }
            HoverRequest::METHOD => answer(id, &method, params, |p| self.hover(p)),
            CodeActionRequest::METHOD => answer(id, &method, params, |p| self.code_actions(p)),
            DocumentLinkRequest::METHOD => answer(id, &method, params, |p| self.links(p)),
            _ => error(
                id,
                ErrorCode::MethodNotFound,
                format!("unknown method {method}"),
            ),
        }
    }

    /// The grammar a setting names, or the warning to show.
    fn grammar_setting(&self, v: Option<&Value>, what: &str) -> Result<Option<Grammar>, String> {
        match v {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(g)) => match g.parse::<Grammar>() {
                Ok(g) => Ok(Some(g)),
                Err(e) => {
                    let known: Vec<&str> = Grammar::ALL.iter().map(|g| g.name()).collect();
                    Err(format!(
                        "urigram: {e} (known: {}); using {}",
                        known.join(", "),
                        self.grammar
                    ))
                }
            },
            Some(v) => Err(format!(
                "urigram: {what} must be a string, not {v}; using {}",
                self.grammar
            )),
        }
    }

    /// Read the client's capabilities and options; the `InitializeResult`.
    fn initialize(&mut self, params: &Value) -> Result<InitializeResult, String> {
        if !params.is_object() {
            return Err("initialize: params must be an InitializeParams object".into());
        }
        let strings = |ptr: &str| -> Vec<String> {
            params
                .pointer(ptr)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        let offered = strings("/capabilities/general/positionEncodings");
        self.encoding = if offered.iter().any(|e| e == "utf-8") {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        self.markdown = strings("/capabilities/textDocument/hover/contentFormat")
            .iter()
            .any(|f| f == "markdown");
        self.related = params
            .pointer("/capabilities/textDocument/publishDiagnostics/relatedInformation")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        match self.grammar_setting(
            params.pointer("/initializationOptions/grammar"),
            "initializationOptions.grammar",
        ) {
            Ok(Some(g)) => self.grammar = g,
            Ok(None) => {}
            Err(w) => self.warning = Some(w),
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(self.encoding.kind()),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
                        ..CodeActionOptions::default()
                    },
                )),
                document_link_provider: Some(DocumentLinkOptions {
                    resolve_provider: Some(false),
                    work_done_progress_options: Default::default(),
                }),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "urigram".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        })
    }

    fn mark(&mut self, key: &str) {
        if !self.dirty.iter().any(|k| k == key) {
            self.dirty.push(key.to_string());
        }
    }

    fn notify(&mut self, n: Notification) -> Vec<Out> {
        if !self.initialized || self.shutdown {
            return Vec::new();
        }
        let Notification { method, params } = n;
        let bad = |e: serde_json::Error| {
            let p = LogMessageParams {
                typ: MessageType::ERROR,
                message: format!("urigram: {method}: bad params: {e}"),
            };
            vec![Notification::new(LogMessage::METHOD.into(), p).into()]
        };
        match method.as_str() {
            "initialized" => match self.warning.take() {
                Some(message) => vec![show(MessageType::WARNING, message)],
                None => Vec::new(),
            },
            DidOpenTextDocument::METHOD => {
                match serde_json::from_value::<DidOpenTextDocumentParams>(params) {
                    Ok(p) => {
                        let d = p.text_document;
                        let key = d.uri.as_str().to_string();
                        let syntax = match Syntax::from_language_id(&d.language_id) {
                            Syntax::Plain => Syntax::detect(d.uri.path().as_str(), &d.text),
                            s => s,
                        };
                        let named = Syntax::from_language_id(&d.language_id) == Syntax::Plain
                            && by_headers(d.uri.path().as_str());
                        let mut doc =
                            Doc::new(d.uri, d.text, Some(d.version), self.grammar, syntax);
                        if named {
                            doc.headers = Some(doc::headers_end(&doc.text));
                        }
                        self.docs.insert(key.clone(), doc);
                        self.mark(&key);
                        Vec::new()
                    }
                    Err(e) => bad(e),
                }
            }
            DidChangeTextDocument::METHOD => {
                match serde_json::from_value::<DidChangeTextDocumentParams>(params) {
                    Ok(p) => {
                        let key = p.text_document.uri.as_str().to_string();
                        let (enc, grammar) = (self.encoding, self.grammar);
                        let Some(doc) = self.docs.get_mut(&key) else {
                            return Vec::new();
                        };
                        // Whether an edit reached a METADATA file's headers.
                        let mut headers = false;
                        for c in p.content_changes {
                            match c.range {
                                None => {
                                    let uri = doc.uri.clone();
                                    let named = doc.headers.is_some();
                                    *doc = Doc::new(uri, c.text, None, grammar, doc.syntax);
                                    if named {
                                        doc.headers = Some(doc::headers_end(&doc.text));
                                        headers = true;
                                    }
                                }
                                Some(r) => {
                                    let a = offset(&doc.text, &doc.lines, r.start, enc);
                                    let b = match r.end == r.start {
                                        true => a,
                                        false => offset(&doc.text, &doc.lines, r.end, enc).max(a),
                                    };
                                    doc.edit(a..b, &c.text, grammar);
                                    // An edit after the headers' end leaves it where it is.
                                    if doc.headers.is_some_and(|h| a <= h) {
                                        doc.headers = Some(doc::headers_end(&doc.text));
                                        headers = true;
                                    }
                                }
                            }
                        }
                        if headers {
                            let syntax = Syntax::detect(doc.uri.path().as_str(), &doc.text);
                            if syntax != doc.syntax {
                                doc.syntax = syntax;
                                doc.reread(grammar);
                            }
                        }
                        doc.version = Some(p.text_document.version);
                        self.mark(&key);
                        Vec::new()
                    }
                    Err(e) => bad(e),
                }
            }
            DidCloseTextDocument::METHOD => {
                match serde_json::from_value::<DidCloseTextDocumentParams>(params) {
                    Ok(p) => {
                        let key = p.text_document.uri.as_str();
                        self.dirty.retain(|k| k != key);
                        match self.docs.remove(key) {
                            Some(d) => {
                                let p = PublishDiagnosticsParams::new(d.uri, Vec::new(), None);
                                vec![Notification::new(PublishDiagnostics::METHOD.into(), p).into()]
                            }
                            None => Vec::new(),
                        }
                    }
                    Err(e) => bad(e),
                }
            }
            DidChangeConfiguration::METHOD => {
                match serde_json::from_value::<DidChangeConfigurationParams>(params) {
                    Ok(p) => self.configure(&p.settings),
                    Err(e) => bad(e),
                }
            }
            // Anything else ($/cancelRequest, didSave ...) needs nothing: every request is
            // answered before the next message is read.
            _ => Vec::new(),
        }
    }

    /// `workspace/didChangeConfiguration`: `{"urigram": {"grammar": ...}}` or
    /// `{"grammar": ...}`. A new grammar reads every open document again.
    fn configure(&mut self, settings: &Value) -> Vec<Out> {
        let v = settings
            .pointer("/urigram/grammar")
            .or_else(|| settings.get("grammar"));
        match self.grammar_setting(v, "the grammar setting") {
            Ok(Some(g)) if g != self.grammar => {
                self.grammar = g;
                let mut keys: Vec<String> = self.docs.keys().cloned().collect();
                keys.sort();
                for k in keys {
                    if let Some(d) = self.docs.get_mut(&k) {
                        d.reread(g);
                    }
                    self.mark(&k);
                }
                Vec::new()
            }
            Ok(_) => Vec::new(),
            Err(w) => vec![show(MessageType::WARNING, w)],
        }
    }

    /// Find the URIs of the Markdown and HTML documents edited since they were last read.
    fn refresh(&mut self) {
        for d in self.docs.values_mut() {
            d.refresh(self.grammar);
        }
    }

    /// The diagnostics of every document changed since they were last published.
    fn publish_dirty(&mut self) -> Vec<Out> {
        self.refresh();
        let keys = std::mem::take(&mut self.dirty);
        keys.iter().filter_map(|k| self.publish(k)).collect()
    }

    /// The diagnostic of the URI `f`, found at `base` of `doc`.
    fn diagnostic(
        &self,
        doc: &Doc,
        base: usize,
        f: &Found<'_>,
        at: &mut Cursor<'_>,
    ) -> Option<Diagnostic> {
        // Offsets in `f` count from `base`: its error is placed in the text from there.
        let e = &f.error(doc.text.get(base..)?)?;
        let (us, _) = at.at(base + f.range.start);
        let (es, echars) = at.at(base + e.offset());
        let (ee, _) = at.at(base + e.end());
        let (ue, _) = at.at(base + f.range.end);
        let uri_range = lsp_types::Range::new(us, ue);
        let related = self.related.then(|| {
            vec![DiagnosticRelatedInformation {
                location: Location::new(doc.uri.clone(), uri_range),
                message: format!(
                    "{} is defined at {}; the {} checked: {}",
                    e.rule(),
                    e.citation(),
                    noun(self.grammar),
                    shown(&f.text)
                ),
            }]
        });
        let mut data = data(e, f);
        // The error as `extract` places it in the whole text.
        let utf16 = match self.encoding {
            Encoding::Utf16 => es.character as usize,
            Encoding::Utf8 => doc.text[doc.lines[es.line as usize]..base + e.offset()]
                .encode_utf16()
                .count(),
        };
        data["error"]["offset"] = json!(base + e.offset());
        data["error"]["end"] = json!(base + e.end());
        data["error"]["line"] = json!(es.line as usize + 1);
        data["error"]["column"] = json!(echars + 1);
        data["error"]["column_utf16"] = json!(utf16 + 1);
        Some(Diagnostic {
            range: lsp_types::Range::new(es, ee),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(code(e))),
            code_description: href(&e.citation()).map(|href| CodeDescription { href }),
            source: Some("urigram".into()),
            message: message(e),
            related_information: related,
            tags: None,
            data: Some(data),
        })
    }

    /// The diagnostics of document `key`: the first [`MAX_DIAGNOSTICS`], and one that counts
    /// the rest.
    fn publish(&self, key: &str) -> Option<Out> {
        let doc = self.docs.get(key)?;
        let mut at = Cursor::new(doc, self.encoding);
        let mut diagnostics = Vec::new();
        let mut invalid = doc.items.iter().enumerate().filter(|(_, i)| !i.valid);
        for (k, _) in invalid.by_ref().take(MAX_DIAGNOSTICS) {
            let Some((base, f)) = doc.found_shown(k, self.grammar) else {
                continue;
            };
            diagnostics.extend(self.diagnostic(doc, base, &f, &mut at));
        }
        if let Some((_, next)) = invalid.next() {
            let more = doc.invalid - MAX_DIAGNOSTICS;
            let range = lsp_types::Range::new(at.at(next.start).0, at.at(next.end).0);
            diagnostics.push(Diagnostic {
                range,
                severity: Some(DiagnosticSeverity::INFORMATION),
                code: Some(NumberOrString::String("urigram::more".into())),
                source: Some("urigram".into()),
                message: format!(
                    "{more} more {}{} from here on do{} not conform to {} {}; only the \
                     first {MAX_DIAGNOSTICS} are shown",
                    noun(self.grammar),
                    if more == 1 { "" } else { "s" },
                    if more == 1 { "es" } else { "" },
                    self.grammar,
                    self.grammar.start_rule()
                ),
                ..Diagnostic::default()
            });
        }
        let p = PublishDiagnosticsParams::new(doc.uri.clone(), diagnostics, doc.version);
        let body = serde_json::to_string(&Note(PublishDiagnostics::METHOD, &p)).ok()?;
        Some(Out::Text(body))
    }

    fn hover(&self, p: &HoverParams) -> Option<Hover> {
        let tp = &p.text_document_position_params;
        let doc = self.docs.get(tp.text_document.uri.as_str())?;
        let off = offset(&doc.text, &doc.lines, tp.position, self.encoding);
        let (base, f) = doc.found(doc.item_at(off)?, self.grammar)?;
        let mut at = Cursor::new(doc, self.encoding);
        let range =
            lsp_types::Range::new(at.at(base + f.range.start).0, at.at(base + f.range.end).0);
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: if self.markdown {
                    MarkupKind::Markdown
                } else {
                    MarkupKind::PlainText
                },
                value: self.describe(&f),
            }),
            range: Some(range),
        })
    }

    /// The text edits for `fixes` (ranges in the URI `f`, found at `base`), or `None` when
    /// one of them cannot be made in place ([`fix::text_edits`], as `fix --text` makes them:
    /// not across the URI's pieces, not on a line break or the space one is read as).
    fn edits(
        &self,
        doc: &Doc,
        base: usize,
        f: &Found<'_>,
        fixes: &[Fix],
        at: &mut Cursor<'_>,
    ) -> Option<Vec<TextEdit>> {
        let edits = fix::text_edits(doc.text.get(base..)?, f, fixes).ok()?;
        let out = edits
            .into_iter()
            .map(|(r, new)| {
                let range = lsp_types::Range::new(at.at(base + r.start).0, at.at(base + r.end).0);
                TextEdit::new(range, new)
            })
            .collect();
        Some(out)
    }

    /// Quick fixes for the URIs in the range that do not conform: the fix of each error (as
    /// the help line says it) and, when there are more, every fix of the URI at once.
    fn code_actions(&self, p: &CodeActionParams) -> Vec<CodeActionOrCommand> {
        let Some(doc) = self.docs.get(p.text_document.uri.as_str()) else {
            return Vec::new();
        };
        if let Some(only) = &p.context.only
            && !only.iter().any(|k| {
                let k = k.as_str();
                k.is_empty() || k == "quickfix" || "quickfix".starts_with(&format!("{k}."))
            })
        {
            return Vec::new();
        }
        let a = offset(&doc.text, &doc.lines, p.range.start, self.encoding);
        let b = offset(&doc.text, &doc.lines, p.range.end, self.encoding).max(a);
        let mut actions = Vec::new();
        let mut at = Cursor::new(doc, self.encoding);
        let invalid = doc.items_in(a..b).filter(|&k| !doc.items[k].valid);
        for k in invalid.take(MAX_ACTION_URIS) {
            let Some((base, f)) = doc.found(k, self.grammar) else {
                continue;
            };
            let Some(diag) = self.diagnostic(doc, base, &f, &mut at) else {
                continue;
            };
            // The client's copy of the diagnostic when it sent it.
            let diag = p
                .context
                .diagnostics
                .iter()
                .find(|d| d.range == diag.range && d.code == diag.code)
                .cloned()
                .unwrap_or(diag);
            let action = |title: String, edits: Vec<TextEdit>, preferred: bool| {
                // lsp-types' own shape for `changes`; a Uri's cached parts never change its
                // hash.
                #[allow(clippy::mutable_key_type)]
                let changes = HashMap::from([(doc.uri.clone(), edits)]);
                CodeActionOrCommand::CodeAction(CodeAction {
                    title,
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diag.clone()]),
                    edit: Some(WorkspaceEdit::new(changes)),
                    is_preferred: Some(preferred),
                    ..CodeAction::default()
                })
            };
            let Err(e) = check_found(self.grammar, &f.text) else {
                continue;
            };
            if let Ok(x) = fix::fix_error(&e, &f.text)
                && let Some(edits) = self.edits(doc, base, &f, std::slice::from_ref(&x), &mut at)
            {
                actions.push(action(format!("urigram: {}", x.title), edits, true));
            }
            // The fixes are counted first, and listed only when one answer can hold them.
            if let fix::FixCount::Fixed { uri, fixes } = fix::fix_counted(&f.text, self.grammar)
                && fixes > 1
            {
                let title = format!(
                    "urigram: fix all {fixes} errors of this {}: {}",
                    noun(self.grammar),
                    shown(&uri)
                );
                if fixes <= MAX_EDITS {
                    if let fix::FixResult::Fixed { fixes, .. } = fix::fix(&f.text, self.grammar)
                        && let Some(edits) = self.edits(doc, base, &f, &fixes, &mut at)
                    {
                        actions.push(action(title, edits, false));
                    }
                    continue;
                }
                // Too many edits for one answer: the URI replaced whole, or why not.
                let r = base + f.range.start..base + f.range.end;
                if doc.text.get(r.clone()) == Some(&*f.text) {
                    let range = lsp_types::Range::new(at.at(r.start).0, at.at(r.end).0);
                    let title = format!("{title} (one edit: the {} replaced)", noun(self.grammar));
                    actions.push(action(title, vec![TextEdit::new(range, uri)], false));
                } else {
                    let reason = format!(
                        "its {} fixes are more than the {MAX_EDITS} edits a quick fix holds, and \
                         the text does not write the {} as one piece (it is broken across lines \
                         or holds character references), so it cannot be replaced whole: run \
                         `urigram fix` on the file",
                        fixes,
                        noun(self.grammar)
                    );
                    actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                        title,
                        kind: Some(CodeActionKind::QUICKFIX),
                        diagnostics: Some(vec![diag.clone()]),
                        disabled: Some(CodeActionDisabled { reason }),
                        ..CodeAction::default()
                    }));
                }
            }
        }
        actions
    }

    /// A link for each URI that conforms (the first [`MAX_LINKS`]), to [`link_target`].
    fn links(&self, p: &DocumentLinkParams) -> Vec<DocumentLink> {
        let Some(doc) = self.docs.get(p.text_document.uri.as_str()) else {
            return Vec::new();
        };
        let doc_uri = doc.uri.as_str();
        let mut at = Cursor::new(doc, self.encoding);
        let mut out = Vec::new();
        for (k, _) in doc.items.iter().enumerate().filter(|(_, i)| i.valid) {
            if out.len() == MAX_LINKS {
                break;
            }
            let Some((base, f)) = doc.found(k, self.grammar) else {
                continue;
            };
            let Some(target) = link_target(&f.text, doc_uri) else {
                continue;
            };
            let range =
                lsp_types::Range::new(at.at(base + f.range.start).0, at.at(base + f.range.end).0);
            out.push(DocumentLink {
                range,
                target: Some(target),
                tooltip: None,
                data: None,
            });
        }
        out
    }

    /// A code span in Markdown, the text itself in plain text.
    fn span(&self, s: &str) -> String {
        let s = shown(s);
        if s.is_empty() {
            return "(empty)".into();
        }
        if !self.markdown {
            return s;
        }
        let (mut run, mut longest) = (0, 0);
        for c in s.chars() {
            run = if c == '`' { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        let fence = "`".repeat(longest + 1);
        let pad = if s.starts_with('`') || s.ends_with('`') {
            " "
        } else {
            ""
        };
        format!("{fence}{pad}{s}{pad}{fence}")
    }

    /// The RFC 2396 components of a hover (`parsed`: the reference, or why there is none).
    fn components_2396(&self, out: &mut String, parsed: Result<UriReference<'_>, Error>) {
        match parsed {
            Ok(u) => {
                let opt = |p: Option<urigram::Part<'_>>| match p {
                    Some(p) => self.span(p.as_str()),
                    None => "none".into(),
                };
                let _ = writeln!(out, "- scheme: {}", opt(u.scheme()));
                let auth = match u.authority() {
                    None => "none".into(),
                    Some(Authority::RegName(p)) => format!("{} (reg_name)", self.span(p.as_str())),
                    Some(Authority::Server(s)) => {
                        let mut d = Vec::new();
                        if let Some(ui) = s.userinfo() {
                            d.push(format!("userinfo {}", self.span(ui.as_str())));
                        }
                        if let Some(h) = s.host() {
                            let kind = match h.kind() {
                                HostKind::Ipv4 => "IPv4address",
                                HostKind::Ipv6 => "IPv6reference",
                                // RFC 2396 reads no other kind.
                                _ => "hostname",
                            };
                            d.push(format!("{kind} {}", self.span(h.as_str())));
                        }
                        if let Some(p) = s.port_str() {
                            d.push(format!("port {}", self.span(p.as_str())));
                        }
                        let d = if d.is_empty() {
                            "empty server".into()
                        } else {
                            d.join(", ")
                        };
                        format!("{} ({d})", self.span(s.as_part().as_str()))
                    }
                };
                let _ = writeln!(out, "- authority: {auth}");
                let kind = match u.path().kind() {
                    PathKind::Empty => "empty",
                    PathKind::Absolute => "abs_path",
                    PathKind::Relative => "rel_path",
                    PathKind::Opaque => "opaque_part",
                };
                let _ = writeln!(out, "- path: {} ({kind})", self.span(u.path().as_str()));
                let _ = writeln!(out, "- query: {}", opt(u.query()));
                let _ = writeln!(out, "- fragment: {}", opt(u.fragment()));
            }
            Err(_) => {
                let _ = writeln!(out, "- none: not an RFC 2396 URI-reference");
            }
        }
    }

    /// The RFC 3986 components of a hover: each of Appendix A's parts, the host's and the
    /// path's alternative named as the grammar names it.
    fn components_3986(&self, out: &mut String, text: &str) {
        let u = match urigram::rfc3986::UriReference::parse(text) {
            Ok(u) => u,
            Err(_) => {
                let _ = writeln!(out, "- none: not an RFC 3986 URI-reference");
                return;
            }
        };
        let opt = |p: Option<urigram::Part<'_>>| match p {
            Some(p) => self.span(p.as_str()),
            None => "none".into(),
        };
        let _ = writeln!(out, "- scheme: {}", opt(u.scheme()));
        let auth = match u.authority() {
            None => "none".into(),
            Some(a) => {
                let mut d = Vec::new();
                if let Some(ui) = a.userinfo() {
                    d.push(format!("userinfo {}", self.span(ui.as_str())));
                }
                let h = a.host();
                let kind = match h.kind() {
                    rfc3986::HostKind::Ipv6 => "IP-literal, IPv6address",
                    rfc3986::HostKind::IpvFuture => "IP-literal, IPvFuture",
                    rfc3986::HostKind::Ipv4 => "IPv4address",
                    // RFC 3986 reads no `hostname`.
                    rfc3986::HostKind::RegName | rfc3986::HostKind::Hostname => "reg-name",
                };
                d.push(format!("{kind} {}", self.span(h.as_str())));
                if let Some(p) = a.port_str() {
                    d.push(format!("port {}", self.span(p.as_str())));
                }
                format!("{} ({})", self.span(a.as_str()), d.join(", "))
            }
        };
        let _ = writeln!(out, "- authority: {auth}");
        let kind = match u.path().kind() {
            rfc3986::PathKind::AbEmpty => "path-abempty",
            rfc3986::PathKind::Absolute => "path-absolute",
            rfc3986::PathKind::NoScheme => "path-noscheme",
            rfc3986::PathKind::Rootless => "path-rootless",
            rfc3986::PathKind::Empty => "path-empty",
        };
        let _ = writeln!(out, "- path: {} ({kind})", self.span(u.path().as_str()));
        let _ = writeln!(out, "- query: {}", opt(u.query()));
        let _ = writeln!(out, "- fragment: {}", opt(u.fragment()));
    }

    /// The hover text: the URI and how it is delimited, its components (RFC 3986's under
    /// `rfc3986`, those of its section 3.1 URI under `rfc3987`, RFC 2396's otherwise), every
    /// grammar's verdict.
    fn describe(&self, f: &Found<'_>) -> String {
        let mut out = String::new();
        let how = delimiter_label(f.delimiter);
        let bold = |s: &str| {
            if self.markdown {
                format!("**{s}**")
            } else {
                s.to_string()
            }
        };
        let _ = writeln!(
            out,
            "{} {} ({how})",
            bold(noun(self.grammar)),
            self.span(&f.text)
        );
        if f.hyphens_dropped {
            let _ = writeln!(
                out,
                "\nRead without the hyphen at a line break (RFC 2396 Appendix E)."
            );
        }
        // Under RFC 3986 the components are its own; under RFC 2732 they are read as it amends
        // RFC 2396 (IPv6 literals); otherwise as RFC 2396 prints them.
        if self.grammar == Grammar::Rfc3986 {
            let _ = writeln!(out, "\n{}", bold("Components (RFC 3986)"));
            self.components_3986(&mut out, &f.text);
        } else if self.grammar == Grammar::Rfc3987 {
            // An IRI's components are those of the URI it maps to (RFC 3987 section 3.1), as
            // RFC 3986 reads them: the mapping keeps every delimiter where it is.
            let _ = writeln!(
                out,
                "\n{}",
                bold("Components (RFC 3987: of its URI, section 3.1, as RFC 3986 reads it)")
            );
            match urigram::rfc3987::to_uri(&f.text) {
                Ok(uri) => {
                    let _ = writeln!(out, "- URI: {}", self.span(uri.as_str()));
                    self.components_3986(&mut out, uri.as_str());
                }
                Err(_) => {
                    let _ = writeln!(out, "- none: not an RFC 3987 IRI-reference");
                }
            }
        } else {
            let (title, parsed) = if self.grammar == Grammar::Rfc2732 {
                (
                    "Components (RFC 2396 as RFC 2732 amends it)",
                    UriReference::parse_rfc2732(&f.text),
                )
            } else {
                ("Components (RFC 2396)", UriReference::parse(&f.text))
            };
            let _ = writeln!(out, "\n{}", bold(title));
            self.components_2396(&mut out, parsed);
        }
        let _ = writeln!(out, "\n{}", bold("Grammars"));
        // The URI grammars, and the document's own when it is another (RFC 822's).
        for &g in Grammar::ALL
            .iter()
            .filter(|&&g| Grammar::URI.contains(&g) || g == self.grammar)
        {
            let this = if g == self.grammar {
                " (this document)"
            } else {
                ""
            };
            let rule = self.span(g.start_rule());
            let verdict = match check_found(g, &f.text) {
                Ok(()) => "conforms".to_string(),
                Err(e) => format!(
                    "does not conform: {} [{}] (see {})",
                    e.message(),
                    e.code(),
                    e.citation()
                ),
            };
            let _ = writeln!(out, "- {g} {rule}{this}: {verdict}");
        }
        out.trim_end().to_string()
    }
}

/// Whether a document at `path` is read in the syntax its headers name
/// ([`Syntax::detect`]: a Python package's `METADATA` or `PKG-INFO`).
fn by_headers(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name == "METADATA" || name == "PKG-INFO"
}

/// What `grammar` checks, as the texts name it: an IRI under RFC 3987 (`Grammar::Rfc3987`), a
/// URI under the others.
fn noun(grammar: Grammar) -> &'static str {
    if grammar == Grammar::Rfc3987 {
        "IRI"
    } else {
        "URI"
    }
}

/// The diagnostic code of an error: the library's own (`Error::code`), as every command shows
/// it.
fn code(e: &Error) -> String {
    e.code()
}

/// The message of a diagnostic: the error's message and, as rustc's `help:` line, its help,
/// where a grammar the library names as its value (`` `Grammar::Rfc2732` ``) is named as the
/// value of the grammar setting.
fn message(e: &Error) -> String {
    match e.help() {
        Some(h) => {
            let mut h = h.to_string();
            for g in Grammar::ALL {
                h = h.replace(
                    &format!("`Grammar::{g:?}`"),
                    &format!("the grammar setting `{g}`"),
                );
            }
            format!("{}\nhelp: {h}", e.message())
        }
        None => e.message().to_string(),
    }
}

/// The spec section of a citation on the RFC Editor's site.
fn href(c: &Citation) -> Option<Uri> {
    let rfc = c.file.strip_suffix(".txt")?;
    let s = c.section;
    let anchor = if !s.is_empty() && s.chars().all(|ch| ch.is_ascii_digit() || ch == '.') {
        format!("#section-{}", s.trim_end_matches('.'))
    } else if let Some(x) = s
        .strip_prefix("Appendix ")
        .filter(|x| x.len() == 1 && x.chars().all(|c| c.is_ascii_uppercase()))
    {
        format!("#appendix-{x}")
    } else {
        String::new()
    };
    format!("https://www.rfc-editor.org/rfc/{rfc}.html{anchor}")
        .parse()
        .ok()
}

/// How a URI is delimited, as its hover says it: the name a diagnostic's `data.delimiter`
/// gives (`none`, `angle`, `url`, `link`, `attribute`), and what it means.
fn delimiter_label(d: Delimiter) -> String {
    let gloss = match d {
        Delimiter::None => "undelimited",
        Delimiter::Angle => "in <...>",
        Delimiter::AngleUrl => "in <URL:...>",
        Delimiter::Link => "a Markdown link destination",
        Delimiter::Attribute => "an HTML attribute value",
        // `Delimiter` is `#[non_exhaustive]`: a new one shows its name alone.
        _ => "",
    };
    let mut s = format!("delimiter: {}", d.name());
    if !gloss.is_empty() {
        s.push_str(", ");
        s.push_str(gloss);
    }
    s
}

/// Everything else a client may want, in `Diagnostic.data`: the error, the URI (when it is
/// at most [`MAX_DATA_URI`] bytes long; its length otherwise) and its delimiter.
fn data(e: &Error, f: &Found<'_>) -> Value {
    if f.text.len() > MAX_DATA_URI {
        return json!({
            "error": e,
            "uri": null,
            "uri_bytes": f.text.len(),
            "delimiter": f.delimiter.name(),
        });
    }
    json!({
        "error": e,
        "uri": f.text,
        "delimiter": f.delimiter.name(),
    })
}

/// Protocol positions of increasing offsets of a document, each found from the last when it
/// is on the same line: publishing a document's diagnostics walks each line once, however
/// many diagnostics it holds.
struct Cursor<'d> {
    text: &'d str,
    lines: &'d [usize],
    enc: Encoding,
    /// The last offset, its line, and its column in the encoding's units and in characters.
    offset: usize,
    line: usize,
    units: usize,
    chars: usize,
}

impl<'d> Cursor<'d> {
    fn new(doc: &'d Doc, enc: Encoding) -> Cursor<'d> {
        Cursor::of(&doc.text, &doc.lines, enc)
    }

    fn of(text: &'d str, lines: &'d [usize], enc: Encoding) -> Cursor<'d> {
        Cursor {
            text,
            lines,
            enc,
            offset: 0,
            line: usize::MAX,
            units: 0,
            chars: 0,
        }
    }

    /// The protocol position of byte `offset`, and its column in characters.
    fn at(&mut self, offset: usize) -> (lsp_types::Position, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .lines
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        if line != self.line || offset < self.offset {
            self.line = line;
            self.offset = self.lines.get(line).copied().unwrap_or(0).min(offset);
            self.units = 0;
            self.chars = 0;
        }
        for c in self.text[self.offset..offset].chars() {
            self.units += self.enc.units(c);
            self.chars += 1;
        }
        self.offset = offset;
        let p = lsp_types::Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(self.units).unwrap_or(u32::MAX),
        );
        (p, self.chars)
    }
}

/// The byte offset of a protocol position: past the line's end means its end; inside a
/// character means its start.
fn offset(text: &str, lines: &[usize], p: lsp_types::Position, enc: Encoding) -> usize {
    let Some(&start) = lines.get(p.line as usize) else {
        return text.len();
    };
    let want = p.character as usize;
    // Within ASCII, a unit is a byte in both encodings.
    let end = text.len().min(start.saturating_add(want));
    let head = &text.as_bytes()[start..end];
    if end == start + want && head.is_ascii() && !head.contains(&b'\n') && !head.contains(&b'\r') {
        return end;
    }
    // Each byte that starts a character counts that character's units; the others none.
    let b = &text.as_bytes()[start..];
    let at = match enc {
        Encoding::Utf16 => walk(b, want, |c| {
            u16::from(c as i8 >= -64) + u16::from(c >= 0xF0)
        }),
        Encoding::Utf8 => walk(b, want, |c| {
            u16::from(c as i8 >= -64)
                * (1 + u16::from(c >= 0xC0) + u16::from(c >= 0xE0) + u16::from(c >= 0xF0))
        }),
    };
    start + at
}

/// The index in `b` of the line break, or of the byte that starts the character whose units
/// (`weight` of its first byte; 0 for the bytes inside a character) bring the count past
/// `want`, whichever comes first; `b.len()` if neither. A long line (a whole document may be
/// one) is walked 64 bytes at a time where no line break is and `want` is not reached.
fn walk(b: &[u8], want: usize, weight: impl Fn(u8) -> u16) -> usize {
    let (mut units, mut i) = (0usize, 0usize);
    while let Some(chunk) = b.get(i..i + 64) {
        let (mut w, mut breaks) = (0u16, 0u16);
        for &c in chunk {
            w += weight(c);
            breaks |= u16::from(c == b'\n') | u16::from(c == b'\r');
        }
        if breaks != 0 || units + w as usize > want {
            break;
        }
        units += w as usize;
        i += 64;
    }
    for (k, &c) in b[i..].iter().enumerate() {
        if c == b'\n' || c == b'\r' {
            return i + k;
        }
        units += usize::from(weight(c));
        if units > want {
            return i + k;
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position's byte offset, walked by bytes and 64 bytes at a time, is the one that
    /// walking the line's characters finds, in both encodings, on lines long and short, with
    /// characters of every length and every line end.
    #[test]
    fn offsets_walk_long_lines_as_characters_do() {
        fn by_chars(text: &str, lines: &[usize], p: lsp_types::Position, enc: Encoding) -> usize {
            let Some(&start) = lines.get(p.line as usize) else {
                return text.len();
            };
            let mut units = 0usize;
            for (k, c) in text[start..].char_indices() {
                if c == '\n' || c == '\r' {
                    return start + k;
                }
                units += enc.units(c);
                if units > p.character as usize {
                    return start + k;
                }
            }
            text.len()
        }
        let bits = ["a", "http://%zz ", "é", "€", "😀", "\n", "\r\n", "\r", " "];
        let mut rng = fastrand::Rng::with_seed(0x0031_0007);
        for round in 0..200 {
            let n = rng.usize(..if round % 10 == 0 { 3000 } else { 200 });
            let text: String = (0..n)
                .map(|k| {
                    bits[if k % 50 == 0 {
                        rng.usize(..bits.len())
                    } else {
                        rng.usize(..5)
                    }]
                })
                .collect();
            let lines = doc::line_starts(&text);
            for enc in [Encoding::Utf8, Encoding::Utf16] {
                for _ in 0..50 {
                    let line = rng.u32(..lines.len() as u32 + 1);
                    let p = lsp_types::Position::new(line, rng.u32(..(text.len() as u32 + 2)));
                    let want = by_chars(&text, &lines, p, enc);
                    assert_eq!(offset(&text, &lines, p, enc), want, "{p:?} in {text:?}");
                }
            }
        }
    }

    /// The hover names a URI's delimiter as its diagnostic's `data.delimiter` does.
    #[test]
    fn hover_and_diagnostic_name_the_delimiter_alike() {
        for d in [
            Delimiter::None,
            Delimiter::Angle,
            Delimiter::AngleUrl,
            Delimiter::Link,
            Delimiter::Attribute,
        ] {
            let label = delimiter_label(d);
            let named = label.strip_prefix("delimiter: ").unwrap_or_default();
            assert_eq!(named.split(',').next(), Some(d.name()), "{label}");
        }
        assert_eq!(
            delimiter_label(Delimiter::Link),
            "delimiter: link, a Markdown link destination"
        );
    }

    #[test]
    fn read_ahead_waits_for_its_budget() {
        use std::sync::mpsc::channel;
        use std::time::Duration;
        let b = Arc::new(Budget::default());
        let first = b.take(READ_AHEAD - 10);
        let small = b.take(10);
        // Past the budget: the reader waits until a message is handled.
        let (tx, rx) = channel();
        let b2 = Arc::clone(&b);
        let t = std::thread::spawn(move || {
            let p = b2.take(1);
            tx.send(()).unwrap();
            p
        });
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
        drop(first);
        rx.recv_timeout(Duration::from_secs(10))
            .expect("room once one is handled");
        drop((t.join().unwrap(), small));
        assert_eq!(*b.held.lock().unwrap(), 0);
        // One body larger than the budget goes on alone.
        let big = b.take(READ_AHEAD * 2);
        assert_eq!(*b.held.lock().unwrap(), READ_AHEAD * 2);
        drop(big);
        assert_eq!(*b.held.lock().unwrap(), 0);
    }

    #[test]
    fn a_frame_over_the_limit_is_read_past() {
        let b = Arc::new(Budget::default());
        let mut input = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE + 1).into_bytes();
        input.resize(input.len() + MAX_MESSAGE as usize + 1, b'x');
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
        let mut r = io::BufReader::new(&input[..]);
        match read_frame(&mut r, &b) {
            Ok(Some((Frame::TooLarge(n), _))) => assert_eq!(n, MAX_MESSAGE + 1),
            _ => panic!("not refused"),
        }
        match read_frame(&mut r, &b) {
            Ok(Some((Frame::Body(body), _))) => assert_eq!(body, b"{}"),
            _ => panic!("the next frame is lost"),
        }
        assert!(matches!(read_frame(&mut r, &b), Ok(None)));
        // A body of exactly the limit is read.
        let mut input = format!("Content-Length: {MAX_MESSAGE}\r\n\r\n").into_bytes();
        input.resize(input.len() + MAX_MESSAGE as usize, b' ');
        match read_frame(&mut &input[..], &b) {
            Ok(Some((Frame::Body(body), _))) => assert_eq!(body.len() as u64, MAX_MESSAGE),
            _ => panic!("a body at the limit is refused"),
        }
    }

    #[test]
    fn positions_in_both_encodings() {
        let text = "a😀b\r\nc\rdé";
        let lines = doc::line_starts(text);
        assert_eq!(lines, [0, 8, 10]);
        let p = |o, e| {
            let p = Cursor::of(text, &lines, e).at(o).0;
            (p.line, p.character)
        };
        assert_eq!(p(5, Encoding::Utf16), (0, 3));
        assert_eq!(p(5, Encoding::Utf8), (0, 5));
        assert_eq!(p(11, Encoding::Utf16), (2, 1));
        assert_eq!(p(13, Encoding::Utf8), (2, 3));
        let o = |l, c, e| offset(text, &lines, lsp_types::Position::new(l, c), e);
        assert_eq!(o(0, 3, Encoding::Utf16), 5);
        assert_eq!(o(0, 2, Encoding::Utf16), 1, "inside the surrogate pair");
        assert_eq!(o(0, 99, Encoding::Utf8), 6, "past the end of the line");
        assert_eq!(o(2, 1, Encoding::Utf16), 11);
        assert_eq!(o(9, 0, Encoding::Utf16), text.len());
    }

    #[test]
    fn link_targets() {
        let t = |text: &str, base: &str| link_target(text, base).map(|u| u.as_str().to_string());
        let doc = "file:///home/me/README.md";
        assert_eq!(
            t("http://h/p#.]x", doc).as_deref(),
            Some("http://h/p#.%5Dx")
        );
        assert_eq!(t("mailto:x@y]", doc).as_deref(), Some("mailto:x@y%5D"));
        assert_eq!(t("http://[::1]/a", doc).as_deref(), Some("http://[::1]/a"));
        assert_eq!(
            t("docs/a.md", doc).as_deref(),
            Some("file:///home/me/docs/a.md")
        );
        assert_eq!(t("../b#s", doc).as_deref(), Some("file:///home/b#s"));
        assert_eq!(t("#s", doc).as_deref(), Some("file:///home/me/README.md#s"));
        // No absolute base: no link for a relative reference.
        assert_eq!(t("docs/a.md", "a/b"), None);
    }

    #[test]
    fn rfc_links() {
        let c = Grammar::Rfc2396.citation("escaped");
        assert_eq!(
            href(&c).unwrap().as_str(),
            "https://www.rfc-editor.org/rfc/rfc2396.html#section-2.4.1"
        );
    }
}
