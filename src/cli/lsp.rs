//! `urigram lsp`: a language server over stdio. It finds the URIs of each open document as
//! `urigram extract` does, publishes a diagnostic for each one that does not conform, and shows
//! a URI's components and every grammar's verdict on hover.
//!
//! - **Sync**: full documents (`TextDocumentSyncKind::FULL`); a change with a range is applied
//!   too.
//! - **Positions**: UTF-16 code units unless the client offers `utf-8` in
//!   `general.positionEncodings`; the choice is reported in `capabilities.positionEncoding`.
//!   Lines end at `\n`, `\r\n` or `\r`, as the protocol says.
//! - **Grammar**: `initializationOptions.grammar` (`"rfc2396"` when absent; an unknown name is
//!   reported with `window/showMessage` and the default is used).
//! - **Errors**: a request with bad params gets `InvalidParams`, an unknown request
//!   `MethodNotFound`, a body that is not JSON `ParseError` (id null), a JSON value that is no
//!   JSON-RPC 2.0 message (a wrong `"jsonrpc"`, an id that is no integer or string ...)
//!   `InvalidRequest` (see [`parse`]); a notification with bad params is reported with
//!   `window/logMessage`. The server goes on in every case. Only a broken header (no way to
//!   find the next message) ends it.
//! - **Exit**: 0 for `exit` after `shutdown`, 1 otherwise (also when the input ends).
//!
//! Messages are framed and typed by `lsp-server` (`Message`, `Request`, `Response`) and
//! `lsp-types`; the loop reads the frames itself, so that a malformed body is answered instead
//! of ending the connection.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, LogMessage,
    Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{HoverRequest, Initialize, Request as _, Shutdown};
use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, Hover,
    HoverContents, HoverParams, HoverProviderCapability, InitializeResult, Location,
    LogMessageParams, MarkupContent, MarkupKind, MessageType, NumberOrString, PositionEncodingKind,
    PublishDiagnosticsParams, ServerCapabilities, ServerInfo, ShowMessageParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::{Value, json};
use urigram::extract::{Delimiter, Found, extract};
use urigram::rfc2396::{HostKind, PathKind};
use urigram::{Authority, Citation, Error, Grammar, UriReference};

/// Run the server on stdin and stdout; the exit code.
pub fn run() -> Result<u8, String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut r = stdin.lock();
    let mut w = stdout.lock();
    Ok(serve(&mut r, &mut w))
}

/// Serve one session from `r` to `w`; the exit code.
pub fn serve(r: &mut impl BufRead, w: &mut impl Write) -> u8 {
    let mut s = Server::new();
    loop {
        let body = match read_frame(r) {
            Ok(Some(b)) => b,
            Ok(None) => return 1,
            Err(e) => {
                eprintln!("urigram lsp: {e}");
                return 1;
            }
        };
        let out = match parse(&body) {
            Ok(Message::Notification(n)) if n.method == "exit" => {
                return if s.shutdown { 0 } else { 1 };
            }
            Ok(msg) => s.handle(msg),
            Err(reply) => vec![Out::Raw(reply)],
        };
        for m in out {
            if let Err(e) = m.write(w) {
                eprintln!("urigram lsp: writing: {e}");
                return 1;
            }
        }
    }
}

/// What goes out: a message, or an error response without an id.
enum Out {
    Msg(Message),
    Raw(Value),
}

impl Out {
    fn write(&self, w: &mut impl Write) -> io::Result<()> {
        match self {
            Out::Msg(m) => m.write(w),
            Out::Raw(v) => {
                let text = v.to_string();
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

/// One message body: `None` at the end of the input; an error when the framing is broken.
fn read_frame(r: &mut impl BufRead) -> Result<Option<Vec<u8>>, String> {
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
    let mut body = Vec::new();
    r.by_ref()
        .take(len)
        .read_to_end(&mut body)
        .map_err(|e| format!("reading: {e}"))?;
    if (body.len() as u64) < len {
        return Err("the input ended inside a message".into());
    }
    Ok(Some(body))
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

struct Doc {
    uri: Uri,
    text: String,
    version: Option<i32>,
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
}

fn error(id: RequestId, code: ErrorCode, message: String) -> Out {
    Response::new_err(id, code as i32, message).into()
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
        match method.as_str() {
            Shutdown::METHOD => {
                self.shutdown = true;
                Response::new_ok(id, Value::Null).into()
            }
            HoverRequest::METHOD => match serde_json::from_value::<HoverParams>(params) {
                Ok(p) => Response::new_ok(id, self.hover(&p)).into(),
                Err(e) => error(id, ErrorCode::InvalidParams, format!("{method}: {e}")),
            },
            _ => error(
                id,
                ErrorCode::MethodNotFound,
                format!("unknown method {method}"),
            ),
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
        match params.pointer("/initializationOptions/grammar") {
            None | Some(Value::Null) => {}
            Some(Value::String(g)) => match g.parse::<Grammar>() {
                Ok(g) => self.grammar = g,
                Err(e) => {
                    let known: Vec<&str> = Grammar::ALL.iter().map(|g| g.name()).collect();
                    self.warning = Some(format!(
                        "urigram: {e} (known: {}); using {}",
                        known.join(", "),
                        self.grammar
                    ));
                }
            },
            Some(v) => {
                self.warning = Some(format!(
                    "urigram: initializationOptions.grammar must be a string, not {v}; using {}",
                    self.grammar
                ));
            }
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(self.encoding.kind()),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::FULL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "urigram".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        })
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
                Some(message) => {
                    let p = ShowMessageParams {
                        typ: MessageType::WARNING,
                        message,
                    };
                    vec![Notification::new(ShowMessage::METHOD.into(), p).into()]
                }
                None => Vec::new(),
            },
            DidOpenTextDocument::METHOD => {
                match serde_json::from_value::<DidOpenTextDocumentParams>(params) {
                    Ok(p) => {
                        let d = p.text_document;
                        let key = d.uri.as_str().to_string();
                        let doc = Doc {
                            uri: d.uri,
                            text: d.text,
                            version: Some(d.version),
                        };
                        self.docs.insert(key.clone(), doc);
                        self.publish(&key)
                    }
                    Err(e) => bad(e),
                }
            }
            DidChangeTextDocument::METHOD => {
                match serde_json::from_value::<DidChangeTextDocumentParams>(params) {
                    Ok(p) => {
                        let key = p.text_document.uri.as_str().to_string();
                        let enc = self.encoding;
                        let Some(doc) = self.docs.get_mut(&key) else {
                            return Vec::new();
                        };
                        for c in p.content_changes {
                            match c.range {
                                None => doc.text = c.text,
                                Some(r) => {
                                    let a = offset(&doc.text, r.start, enc);
                                    let b = offset(&doc.text, r.end, enc).max(a);
                                    doc.text.replace_range(a..b, &c.text);
                                }
                            }
                        }
                        doc.version = Some(p.text_document.version);
                        self.publish(&key)
                    }
                    Err(e) => bad(e),
                }
            }
            DidCloseTextDocument::METHOD => {
                match serde_json::from_value::<DidCloseTextDocumentParams>(params) {
                    Ok(p) => {
                        let key = p.text_document.uri.as_str();
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
            // Anything else ($/cancelRequest, didSave, configuration ...) needs nothing.
            _ => Vec::new(),
        }
    }

    /// The diagnostics of document `key`.
    fn publish(&self, key: &str) -> Vec<Out> {
        let Some(doc) = self.docs.get(key) else {
            return Vec::new();
        };
        let lines = line_starts(&doc.text);
        let at = |o: usize| position(&doc.text, &lines, o, self.encoding);
        let mut diagnostics = Vec::new();
        for f in extract(&doc.text, self.grammar) {
            let Err(e) = &f.result else { continue };
            let range = lsp_types::Range::new(at(e.offset), at(e.end));
            let uri_range = lsp_types::Range::new(at(f.range.start), at(f.range.end));
            let related = self.related.then(|| {
                vec![DiagnosticRelatedInformation {
                    location: Location::new(doc.uri.clone(), uri_range),
                    message: format!(
                        "{} is defined at {}; the URI checked: {}",
                        e.rule,
                        e.citation,
                        urigram::render::visible(&f.text)
                    ),
                }]
            });
            diagnostics.push(Diagnostic {
                range,
                severity: Some(DiagnosticSeverity::ERROR),
                code: Some(NumberOrString::String(code(e))),
                code_description: href(&e.citation).map(|href| CodeDescription { href }),
                source: Some("urigram".into()),
                message: message(e),
                related_information: related,
                tags: None,
                data: Some(data(e, &f)),
            });
        }
        let p = PublishDiagnosticsParams::new(doc.uri.clone(), diagnostics, doc.version);
        vec![Notification::new(PublishDiagnostics::METHOD.into(), p).into()]
    }

    fn hover(&self, p: &HoverParams) -> Option<Hover> {
        let tp = &p.text_document_position_params;
        let doc = self.docs.get(tp.text_document.uri.as_str())?;
        let off = offset(&doc.text, tp.position, self.encoding);
        let found = extract(&doc.text, self.grammar);
        let f = found
            .iter()
            .find(|f| f.outer.start <= off && off < f.outer.end)?;
        let lines = line_starts(&doc.text);
        let at = |o: usize| position(&doc.text, &lines, o, self.encoding);
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: if self.markdown {
                    MarkupKind::Markdown
                } else {
                    MarkupKind::PlainText
                },
                value: self.describe(f),
            }),
            range: Some(lsp_types::Range::new(at(f.range.start), at(f.range.end))),
        })
    }

    /// A code span in Markdown, the text itself in plain text.
    fn span(&self, s: &str) -> String {
        let s = urigram::render::visible(s).into_owned();
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

    /// The hover text: the URI, its RFC 2396 components, every grammar's verdict.
    fn describe(&self, f: &Found<'_>) -> String {
        let mut out = String::new();
        let how = match f.delimiter {
            Delimiter::Angle => "in <...>",
            Delimiter::AngleUrl => "in <URL:...>",
            _ => "undelimited",
        };
        let bold = |s: &str| {
            if self.markdown {
                format!("**{s}**")
            } else {
                s.to_string()
            }
        };
        let _ = writeln!(out, "{} {} ({how})", bold("URI"), self.span(&f.text));
        if f.hyphens_dropped {
            let _ = writeln!(
                out,
                "\nRead without the hyphen at a line break (RFC 2396 Appendix E)."
            );
        }
        let _ = writeln!(out, "\n{}", bold("Components (RFC 2396)"));
        match UriReference::parse(&f.text) {
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
                                HostKind::Hostname => "hostname",
                                HostKind::Ipv4Address => "IPv4address",
                            };
                            d.push(format!("{kind} {}", self.span(h.as_str())));
                        }
                        if let Some(p) = s.port() {
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
            let verdict = match g.check(g.start_rule(), &f.text) {
                Ok(()) => "conforms".to_string(),
                Err(e) => format!(
                    "does not conform: {} [{}] (see {})",
                    e.message,
                    e.code(),
                    e.citation
                ),
            };
            let _ = writeln!(out, "- {g} {rule}{this}: {verdict}");
        }
        out.trim_end().to_string()
    }
}

/// The diagnostic code of an error: the library's own (`Error::code`), as every command shows
/// it.
pub fn code(e: &Error) -> String {
    e.code()
}

/// The message of a diagnostic: the error's message and, as rustc's `help:` line, its help.
fn message(e: &Error) -> String {
    match &e.help {
        Some(h) => format!("{}\nhelp: {h}", e.message),
        None => e.message.clone(),
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

/// Everything else a client may want, in `Diagnostic.data`.
fn data(e: &Error, f: &Found<'_>) -> Value {
    json!({
        "error": super::output::error_json(e),
        "uri": f.text,
        "delimiter": f.delimiter.name(),
    })
}

/// Byte offsets where lines start; lines end at `\n`, `\r\n` or `\r`.
fn line_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut v = vec![0];
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' => v.push(i + 1),
            b'\r' if b.get(i + 1) == Some(&b'\n') => {
                v.push(i + 2);
                i += 1;
            }
            b'\r' => v.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    v
}

/// The protocol position of byte `offset`.
fn position(text: &str, lines: &[usize], offset: usize, enc: Encoding) -> lsp_types::Position {
    let offset = offset.min(text.len());
    let line = lines.partition_point(|&s| s <= offset).saturating_sub(1);
    let start = lines.get(line).copied().unwrap_or(0).min(offset);
    let character: usize = text
        .get(start..offset)
        .unwrap_or("")
        .chars()
        .map(|c| enc.units(c))
        .sum();
    lsp_types::Position::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(character).unwrap_or(u32::MAX),
    )
}

/// The byte offset of a protocol position: past the line's end means its end; inside a
/// character means its start.
fn offset(text: &str, p: lsp_types::Position, enc: Encoding) -> usize {
    let lines = line_starts(text);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_in_both_encodings() {
        let text = "a😀b\r\nc\rdé";
        let lines = line_starts(text);
        assert_eq!(lines, [0, 8, 10]);
        let p = |o, e| {
            let p = position(text, &lines, o, e);
            (p.line, p.character)
        };
        assert_eq!(p(5, Encoding::Utf16), (0, 3));
        assert_eq!(p(5, Encoding::Utf8), (0, 5));
        assert_eq!(p(11, Encoding::Utf16), (2, 1));
        assert_eq!(p(13, Encoding::Utf8), (2, 3));
        let o = |l, c, e| offset(text, lsp_types::Position::new(l, c), e);
        assert_eq!(o(0, 3, Encoding::Utf16), 5);
        assert_eq!(o(0, 2, Encoding::Utf16), 1, "inside the surrogate pair");
        assert_eq!(o(0, 99, Encoding::Utf8), 6, "past the end of the line");
        assert_eq!(o(2, 1, Encoding::Utf16), 11);
        assert_eq!(o(9, 0, Encoding::Utf16), text.len());
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
