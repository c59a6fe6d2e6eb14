//! The language server (`urigram lsp`) on arbitrary input, through its session function
//! `urigram_lsp::serve`, the code the binary runs.
//! The first byte picks the form of the rest:
//!
//! - 0: the raw stream, headers and all;
//! - 1: message bodies, separated by NUL bytes, each framed with its `Content-Length`;
//! - otherwise: a session of well-formed messages (initialize, then opens, changes with
//!   ranges, hovers, closes, unknown requests, shutdown) whose documents, ranges and
//!   positions come from the bytes.
//!
//! No panic, and in the framed forms every request (a body that is a JSON-RPC 2.0 request by
//! the rules of `lsp::parse`) before an `exit` is answered: a response with its id.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fn frame(body: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
    out.extend_from_slice(body);
}

/// The id of a body that `lsp::parse` takes as a request (or answers as an invalid one with
/// that id); whether the body is an `exit` notification.
fn expects(body: &[u8]) -> (Option<Value>, bool) {
    let Ok(Value::Object(m)) = serde_json::from_slice::<Value>(body) else {
        return (None, false);
    };
    if m.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return (None, false);
    }
    let Some(method) = m.get("method").and_then(Value::as_str) else {
        return (None, false);
    };
    match m.get("id") {
        None => (None, method == "exit"),
        Some(Value::String(s)) => (Some(Value::String(s.clone())), false),
        Some(Value::Number(n)) if n.as_i64().is_some_and(|k| i32::try_from(k).is_ok()) => {
            (Some(Value::Number(n.clone())), false)
        }
        Some(_) => (None, false),
    }
}

/// The ids of the responses in the server's output, which must be well-framed JSON.
fn answered(mut out: &[u8]) -> Vec<Value> {
    let mut ids = Vec::new();
    while !out.is_empty() {
        let head = b"Content-Length: ";
        assert!(out.starts_with(head), "{:?}", String::from_utf8_lossy(out));
        let rest = &out[head.len()..];
        let end = rest.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let len: usize = std::str::from_utf8(&rest[..end]).unwrap().parse().unwrap();
        let body = &rest[end + 4..end + 4 + len];
        let v: Value = serde_json::from_slice(body).unwrap();
        if v.get("method").is_none() {
            ids.push(v["id"].clone());
        }
        out = &rest[end + 4 + len..];
    }
    ids
}

/// Serve `bodies`, framed; every request before an `exit` answered.
fn session(bodies: &[Vec<u8>]) {
    let mut input = Vec::new();
    let mut want = Vec::new();
    for b in bodies {
        frame(b, &mut input);
        let (id, exit) = expects(b);
        want.extend(id);
        if exit {
            break;
        }
    }
    let mut out = Vec::new();
    urigram_lsp::serve(&mut &input[..], &mut out);
    let got = answered(&out);
    for id in want {
        assert!(got.contains(&id), "request {id} unanswered");
    }
}

/// Bytes, read a piece at a time.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn number(&mut self) -> u32 {
        match self.byte().unwrap_or(0) {
            255 => u32::MAX,
            254 => 1 << 20,
            b => u32::from(b % 64),
        }
    }
    fn text(&mut self) -> String {
        let n = usize::from(self.byte().unwrap_or(0)).min(self.0.len());
        let (t, rest) = self.0.split_at(n);
        self.0 = rest;
        String::from_utf8_lossy(t).into_owned()
    }
}

fn scripted(mut b: Bytes<'_>) {
    let mut id = 0;
    let mut request = |method: &str, params: Value| {
        id += 1;
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
    };
    let notify =
        |method: &str, params: Value| json!({"jsonrpc": "2.0", "method": method, "params": params});
    let flags = b.byte().unwrap_or(0);
    let encodings = if flags & 1 == 1 {
        json!(["utf-8"])
    } else {
        json!(["utf-16"])
    };
    let grammar =
        ["rfc2396", "rfc1738", "rfc1630", "rfc1630-url", "nonsense"][usize::from(flags >> 1) % 5];
    let mut msgs = vec![
        request(
            "initialize",
            json!({
                "capabilities": {
                    "general": {"positionEncodings": encodings},
                    "textDocument": {"hover": {"contentFormat": ["markdown"]},
                        "publishDiagnostics": {"relatedInformation": flags & 32 == 0}},
                },
                "initializationOptions": {"grammar": grammar},
            }),
        ),
        notify("initialized", json!({})),
    ];
    let uri = |k: u8| format!("file:///d{}.txt", k % 3);
    while let Some(op) = b.byte() {
        let doc = uri(b.byte().unwrap_or(0));
        let m = match op % 7 {
            0 | 1 => notify(
                "textDocument/didOpen",
                json!({"textDocument": {"uri": doc, "languageId": "text", "version": 1, "text": b.text()}}),
            ),
            2 => {
                let (l0, c0, l1, c1) = (b.number(), b.number(), b.number(), b.number());
                notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": doc, "version": 2}, "contentChanges": [
                        {"range": {"start": {"line": l0, "character": c0},
                                   "end": {"line": l1, "character": c1}}, "text": b.text()}]}),
                )
            }
            3 => notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": doc, "version": 3}, "contentChanges": [{"text": b.text()}]}),
            ),
            4 => {
                let (l, c) = (b.number(), b.number());
                request(
                    "textDocument/hover",
                    json!({"textDocument": {"uri": doc}, "position": {"line": l, "character": c}}),
                )
            }
            5 => notify(
                "textDocument/didClose",
                json!({"textDocument": {"uri": doc}}),
            ),
            _ => request(&b.text(), json!(null)),
        };
        msgs.push(m);
    }
    msgs.push(request("shutdown", json!(null)));
    msgs.push(notify("exit", json!(null)));
    let bodies: Vec<Vec<u8>> = msgs.iter().map(|m| m.to_string().into_bytes()).collect();
    session(&bodies);
}

fuzz_target!(|data: &[u8]| {
    let Some((&form, rest)) = data.split_first() else {
        return;
    };
    match form {
        0 => {
            let mut out = Vec::new();
            urigram_lsp::serve(&mut &rest[..], &mut out);
        }
        1 => {
            let bodies: Vec<Vec<u8>> = rest.split(|&b| b == 0).map(<[u8]>::to_vec).collect();
            session(&bodies);
        }
        _ => scripted(Bytes(rest)),
    }
});
