//! A language-server client for the tests: frames JSON-RPC messages to `urigram lsp` and
//! waits for the ones asked for.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Value>,
    /// Messages read while waiting for another.
    stash: VecDeque<Value>,
    next_id: i64,
}

/// Read framed messages from the server's stdout.
fn read_frames(out: impl Read, tx: std::sync::mpsc::Sender<Value>) {
    let mut r = BufReader::new(out);
    loop {
        let mut len = None;
        loop {
            let mut line = String::new();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (k, v) = l.split_once(':').expect("a header");
            assert!(k.eq_ignore_ascii_case("content-length"), "header {l:?}");
            len = Some(v.trim().parse::<usize>().expect("a length"));
        }
        let mut body = vec![0; len.expect("Content-Length")];
        r.read_exact(&mut body).expect("a body");
        let v = serde_json::from_slice(&body).expect("a JSON body");
        if tx.send(v).is_err() {
            return;
        }
    }
}

impl Client {
    pub fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urigram"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run urigram lsp");
        let (tx, rx) = channel();
        let out = child.stdout.take().expect("stdout");
        std::thread::spawn(move || read_frames(out, tx));
        let stdin = child.stdin.take();
        Client {
            child,
            stdin,
            rx,
            stash: VecDeque::new(),
            next_id: 1,
        }
    }

    pub fn raw(&mut self, body: &[u8]) {
        let w = self.stdin.as_mut().expect("stdin open");
        write!(w, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        w.write_all(body).unwrap();
        w.flush().unwrap();
    }

    pub fn send(&mut self, v: Value) {
        self.raw(v.to_string().as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Send a request; its response.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|m| m["id"] == id && m.get("method").is_none())
    }

    /// The first message (stashed or new) for which `pred` holds.
    pub fn wait(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(k) = self.stash.iter().position(&pred) {
            return self.stash.remove(k).unwrap();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(m) if pred(&m) => return m,
                Ok(m) => self.stash.push_back(m),
                Err(RecvTimeoutError::Timeout) => panic!("no such message; got {:?}", self.stash),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server closed its output; got {:?}", self.stash)
                }
            }
        }
    }

    pub fn diagnostics(&mut self) -> Value {
        self.wait(|m| m["method"] == "textDocument/publishDiagnostics")["params"].clone()
    }

    pub fn initialize(&mut self, capabilities: Value, options: Value) -> Value {
        let r = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": capabilities,
                "initializationOptions": options,
            }),
        );
        self.notify("initialized", json!({}));
        r
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.open_as(uri, "text", text);
    }

    /// Open a document with its `languageId`.
    #[allow(dead_code)]
    pub fn open_as(&mut self, uri: &str, language_id: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1,
                   "text": text}}),
        );
    }

    /// Close stdin and wait for the exit code.
    pub fn exit_code(mut self) -> i32 {
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(s) = self.child.try_wait().expect("wait") {
                return s.code().unwrap_or(-1);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the server did not exit");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
