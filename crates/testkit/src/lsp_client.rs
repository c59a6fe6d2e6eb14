//! A language-server client for the tests: frames JSON-RPC messages to a server (the
//! `urigram lsp` process, or `urigram_lsp::serve` on a thread) and waits for the ones asked
//! for.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, PipeReader, PipeWriter, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for a message or for the server's exit.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// Where the server runs.
enum Server {
    Process(Child),
    Thread(JoinHandle<u8>),
}

/// A client of one server session.
pub struct Client {
    server: Server,
    stdin: Option<Box<dyn Write + Send>>,
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
    /// Run the server command `cmd` (`urigram lsp`), talking over its stdin and stdout.
    pub fn spawn(mut cmd: Command) -> Client {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run the language server");
        let out = child.stdout.take().expect("stdout");
        let stdin: Box<dyn Write + Send> = Box::new(child.stdin.take().expect("stdin"));
        Client::new(Server::Process(child), stdin, out)
    }

    /// Run `serve` on a thread of this process, over two pipes: it reads the messages from
    /// the first and writes its answers to the second, and returns the exit code.
    pub fn in_process(serve: impl FnOnce(PipeReader, PipeWriter) -> u8 + Send + 'static) -> Client {
        let (input, stdin) = std::io::pipe().expect("a pipe");
        let (out, output) = std::io::pipe().expect("a pipe");
        let server = std::thread::spawn(move || serve(input, output));
        Client::new(Server::Thread(server), Box::new(stdin), out)
    }

    fn new(
        server: Server,
        stdin: Box<dyn Write + Send>,
        out: impl Read + Send + 'static,
    ) -> Client {
        let (tx, rx) = channel();
        std::thread::spawn(move || read_frames(out, tx));
        Client {
            server,
            stdin: Some(stdin),
            rx,
            stash: VecDeque::new(),
            next_id: 1,
        }
    }

    /// Send one body, framed as it is.
    pub fn raw(&mut self, body: &[u8]) {
        let w = self.stdin.as_mut().expect("stdin open");
        write!(w, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        w.write_all(body).unwrap();
        w.flush().unwrap();
    }

    /// Send one JSON message.
    pub fn send(&mut self, v: Value) {
        self.raw(v.to_string().as_bytes());
    }

    /// Send a notification.
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

    /// The process id of a server that runs as a process of its own.
    pub fn pid(&self) -> Option<u32> {
        match &self.server {
            Server::Process(child) => Some(child.id()),
            Server::Thread(_) => None,
        }
    }

    /// The params of the next `textDocument/publishDiagnostics`.
    pub fn diagnostics(&mut self) -> Value {
        self.wait(|m| m["method"] == "textDocument/publishDiagnostics")["params"].clone()
    }

    /// `initialize` with `capabilities` and `initializationOptions`, then `initialized`; the
    /// response.
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

    /// Open a plain-text document.
    pub fn open(&mut self, uri: &str, text: &str) {
        self.open_as(uri, "text", text);
    }

    /// Open a document with its `languageId`.
    pub fn open_as(&mut self, uri: &str, language_id: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1,
                   "text": text}}),
        );
    }

    /// Close the server's input and wait for the exit code.
    pub fn exit_code(mut self) -> i32 {
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match &mut self.server {
                Server::Process(child) => {
                    if let Some(s) = child.try_wait().expect("wait") {
                        return s.code().unwrap_or(-1);
                    }
                    if Instant::now() > deadline {
                        let _ = child.kill();
                        panic!("the server did not exit");
                    }
                }
                Server::Thread(thread) => {
                    if thread.is_finished() {
                        break;
                    }
                    assert!(Instant::now() <= deadline, "the server did not exit");
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let Server::Thread(thread) = self.server else {
            unreachable!("only a thread breaks the loop")
        };
        i32::from(thread.join().expect("the server panicked"))
    }
}
