//! The server: the documents open, the settings, and the answer to each request and
//! notification (diagnostics, quick fixes, hovers, document links).

use std::collections::HashMap;
use std::fmt::Write as _;

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
    MarkupKind, MessageType, NumberOrString, PublishDiagnosticsParams, ServerCapabilities,
    ServerInfo, ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit, Uri,
    WorkspaceEdit,
};
use serde_json::{Value, json};
use urigram::extract::{Delimiter, Found, Syntax, check_found};
use urigram::fix::{self, Fix};

use urigram::rfc2396::{Authority, UriReference};
use urigram::rfc2396::{HostKind, PathKind};
use urigram::rfc3986;
use urigram::{Citation, Error, Grammar};

use crate::doc::{self, Doc, MAX_DIAGNOSTICS};
use crate::positions::{Cursor, Encoding, offset};
use crate::transport::{Note, Out};

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
pub(crate) fn link_target(text: &str, base: &str) -> Option<Uri> {
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
pub(crate) fn shown(text: &str) -> String {
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

pub(crate) struct Server {
    initialized: bool,
    pub(crate) shutdown: bool,
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

pub(crate) fn error(id: RequestId, code: ErrorCode, message: String) -> Out {
    Response::new_err(id, code as i32, message).into()
}

/// The result of a request with params of type `P`, or `InvalidParams`.
pub(crate) fn answer<P: serde::de::DeserializeOwned, R: serde::Serialize>(
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

pub(crate) fn show(typ: MessageType, message: String) -> Out {
    Notification::new(
        ShowMessage::METHOD.into(),
        ShowMessageParams { typ, message },
    )
    .into()
}

impl Server {
    pub(crate) fn new() -> Server {
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

    pub(crate) fn handle(&mut self, msg: Message) -> Vec<Out> {
        match msg {
            Message::Request(r) => vec![self.request(r)],
            Message::Notification(n) => self.notify(n),
            // We send no requests; a response is not for us.
            Message::Response(_) => Vec::new(),
        }
    }

    pub(crate) fn request(&mut self, r: Request) -> Out {
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
    pub(crate) fn grammar_setting(
        &self,
        v: Option<&Value>,
        what: &str,
    ) -> Result<Option<Grammar>, String> {
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
    pub(crate) fn initialize(&mut self, params: &Value) -> Result<InitializeResult, String> {
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

    pub(crate) fn mark(&mut self, key: &str) {
        if !self.dirty.iter().any(|k| k == key) {
            self.dirty.push(key.to_string());
        }
    }

    pub(crate) fn notify(&mut self, n: Notification) -> Vec<Out> {
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
    pub(crate) fn configure(&mut self, settings: &Value) -> Vec<Out> {
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
    pub(crate) fn refresh(&mut self) {
        for d in self.docs.values_mut() {
            d.refresh(self.grammar);
        }
    }

    /// The diagnostics of every document changed since they were last published.
    pub(crate) fn publish_dirty(&mut self) -> Vec<Out> {
        self.refresh();
        let keys = std::mem::take(&mut self.dirty);
        keys.iter().filter_map(|k| self.publish(k)).collect()
    }

    /// The diagnostic of the URI `f`, found at `base` of `doc`.
    pub(crate) fn diagnostic(
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
                    self.grammar.noun(),
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
    pub(crate) fn publish(&self, key: &str) -> Option<Out> {
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
                    self.grammar.noun(),
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

    pub(crate) fn hover(&self, p: &HoverParams) -> Option<Hover> {
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
    pub(crate) fn edits(
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
    pub(crate) fn code_actions(&self, p: &CodeActionParams) -> Vec<CodeActionOrCommand> {
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
                    self.grammar.noun(),
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
                    let title = format!("{title} (one edit: the {} replaced)", self.grammar.noun());
                    actions.push(action(title, vec![TextEdit::new(range, uri)], false));
                } else {
                    let reason = format!(
                        "its {} fixes are more than the {MAX_EDITS} edits a quick fix holds, and \
                         the text does not write the {} as one piece (it is broken across lines \
                         or holds character references), so it cannot be replaced whole: run \
                         `urigram fix` on the file",
                        fixes,
                        self.grammar.noun()
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
    pub(crate) fn links(&self, p: &DocumentLinkParams) -> Vec<DocumentLink> {
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
    pub(crate) fn span(&self, s: &str) -> String {
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
    pub(crate) fn components_2396(
        &self,
        out: &mut String,
        parsed: Result<UriReference<'_>, Error>,
    ) {
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
    pub(crate) fn components_3986(&self, out: &mut String, text: &str) {
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
    pub(crate) fn describe(&self, f: &Found<'_>) -> String {
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
            bold(self.grammar.noun()),
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
pub(crate) fn by_headers(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name == "METADATA" || name == "PKG-INFO"
}

/// The diagnostic code of an error: the library's own (`Error::code`), as every command shows
/// it.
pub(crate) fn code(e: &Error) -> String {
    e.code()
}

/// The message of a diagnostic: the error's message and, as rustc's `help:` line, its help,
/// where a grammar the library names as its value (`` `Grammar::Rfc2732` ``) is named as the
/// value of the grammar setting.
pub(crate) fn message(e: &Error) -> String {
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
pub(crate) fn href(c: &Citation) -> Option<Uri> {
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
pub(crate) fn delimiter_label(d: Delimiter) -> String {
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
pub(crate) fn data(e: &Error, f: &Found<'_>) -> Value {
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
