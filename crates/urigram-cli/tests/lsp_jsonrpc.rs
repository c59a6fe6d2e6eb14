//! `urigram lsp` and JSON-RPC 2.0 to the letter: every request is answered, also one whose id
//! or version is invalid (then with `InvalidRequest`), so that no client waits forever.
#![cfg(feature = "lsp")]

use crate::common;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// Send `messages` framed to a fresh `urigram lsp`, close its input, and read every message
/// it wrote until it exited: (exit code, messages).
fn session(messages: &[Value]) -> (i32, Vec<Value>) {
    session_with(&[], messages)
}

/// [`session`], with `args` after `urigram lsp`.
fn session_with(args: &[&str], messages: &[Value]) -> (i32, Vec<Value>) {
    let mut child = Command::new(common::URIGRAM)
        .arg("lsp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run urigram lsp");
    let mut input = Vec::new();
    for m in messages {
        let body = m.to_string();
        write!(input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // (A server that refused its arguments has closed its input already.)
        let _ = stdin.write_all(&input);
    });
    // The server exits at the end of its input: read all it wrote, then take the frames apart.
    let mut written = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut written)
        .unwrap();
    writer.join().unwrap();
    let code = child.wait().unwrap().code().unwrap_or(-1);
    let mut r = BufReader::new(&written[..]);
    let out = std::iter::from_fn(|| next_frame(&mut r)).collect();
    (code, out)
}

/// The next message a server wrote: `None` at the end of its output.
fn next_frame(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            return None;
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let (_, v) = l.split_once(':').expect("a header");
        len = Some(v.trim().parse::<usize>().expect("a length"));
    }
    let mut body = vec![0; len.expect("Content-Length")];
    r.read_exact(&mut body).unwrap();
    Some(serde_json::from_slice(&body).expect("a JSON body"))
}

fn init() -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
}

/// Editors' clients start a server with `--stdio` (and their process id): the server runs
/// on standard input and output as without them, and ends with 0 after `shutdown` and
/// `exit`.
#[test]
fn the_options_of_editors_clients_are_accepted() {
    let shutdown = json!({"jsonrpc": "2.0", "id": 1, "method": "shutdown"});
    let exit = json!({"jsonrpc": "2.0", "method": "exit"});
    for args in [
        &["--stdio"][..],
        &["--stdio", "--clientProcessId=4242"],
        &["--clientProcessId", "4242", "--stdio"],
    ] {
        let (code, out) = session_with(args, &[init(), shutdown.clone(), exit.clone()]);
        assert_eq!(code, 0, "{args:?}: {out:?}");
        let r = responses(&out);
        assert!(
            r[0]["result"]["capabilities"].is_object(),
            "{args:?}: {out:?}"
        );
        assert_eq!((&r[1]["id"], &r[1]["result"]), (&json!(1), &Value::Null));
    }
    // Another transport is a usage error, said at once.
    let (code, out) = session_with(&["--socket=9000"], &[init()]);
    assert_eq!((code, out.len()), (2, 0));
}

/// The responses (messages without a method) in order.
fn responses(out: &[Value]) -> Vec<&Value> {
    out.iter().filter(|m| m.get("method").is_none()).collect()
}

#[test]
fn requests_with_invalid_ids_are_answered() {
    // (the id sent, the id the answer carries)
    let cases = [
        (json!(2147483648u64), json!(2147483648u64)),
        (json!(-2147483649i64), json!(-2147483649i64)),
        (json!(1.0), json!(1.0)),
        (json!(1e3), json!(1e3)),
        (
            json!(18446744073709551615u64),
            json!(18446744073709551615u64),
        ),
        (Value::Null, Value::Null),
        (json!({"a": 1}), Value::Null),
        (json!([1]), Value::Null),
        (json!(true), Value::Null),
    ];
    let mut msgs = vec![init()];
    for (id, _) in &cases {
        msgs.push(
            json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {}}),
        );
    }
    // The bounds of LSP's integer are fine ids.
    msgs.push(json!({"jsonrpc": "2.0", "id": 2147483647, "method": "urigram/none"}));
    msgs.push(json!({"jsonrpc": "2.0", "id": -2147483648i64, "method": "shutdown"}));
    msgs.push(json!({"jsonrpc": "2.0", "method": "exit"}));
    let (code, out) = session(&msgs);
    let rs = responses(&out);
    assert_eq!(rs.len(), cases.len() + 3, "{out:#?}");
    assert!(rs[0]["result"]["capabilities"].is_object());
    for (k, (sent, answered)) in cases.iter().enumerate() {
        let r = rs[k + 1];
        assert_eq!(r["jsonrpc"], "2.0");
        assert_eq!(&r["id"], answered, "id {sent}: {r}");
        assert_eq!(r["error"]["code"], -32600, "id {sent}: {r}");
        assert!(r.get("result").is_none());
    }
    let n = cases.len();
    assert_eq!(rs[n + 1]["id"], 2147483647);
    assert_eq!(rs[n + 1]["error"]["code"], -32601);
    assert_eq!(rs[n + 2]["id"], -2147483648i64);
    assert_eq!(rs[n + 2]["result"], Value::Null);
    assert_eq!(code, 0, "exit after shutdown");
}

#[test]
fn only_jsonrpc_2_0_is_accepted() {
    let msgs = [
        init(),
        // A request of another version, or of none: refused, with its id.
        json!({"jsonrpc": "1.0", "id": 7, "method": "shutdown"}),
        json!({"id": 8, "method": "shutdown"}),
        json!({"jsonrpc": 2.0, "id": "nine", "method": "shutdown"}),
        // A notification of another version: refused, with a null id.
        json!({"jsonrpc": "1.0", "method": "initialized", "params": {}}),
        // Params that are neither an object nor an array: the method's InvalidParams.
        json!({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": 5}),
        // A batch, and a message that is no object.
        json!([{"jsonrpc": "2.0", "id": 11, "method": "shutdown"}]),
        json!("shutdown"),
        // Still serving, and not shut down by any of the above.
        json!({"jsonrpc": "2.0", "id": 12, "method": "urigram/none"}),
        json!({"jsonrpc": "2.0", "id": 13, "method": "shutdown", "params": null}),
        json!({"jsonrpc": "2.0", "method": "exit"}),
    ];
    let (code, out) = session(&msgs);
    let rs = responses(&out);
    let ids: Vec<&Value> = rs.iter().map(|r| &r["id"]).collect();
    let want = [
        json!(0),
        json!(7),
        json!(8),
        json!("nine"),
        Value::Null,
        json!(10),
        Value::Null,
        Value::Null,
        json!(12),
        json!(13),
    ];
    assert_eq!(ids, want.iter().collect::<Vec<_>>(), "{out:#?}");
    for (k, r) in rs[1..8].iter().enumerate() {
        let want = if k == 4 { -32602 } else { -32600 };
        assert_eq!(r["error"]["code"], want, "{r}");
    }
    assert!(
        rs[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("\"jsonrpc\" is \"1.0\"")
    );
    assert_eq!(rs[8]["error"]["code"], -32601);
    assert_eq!(rs[9]["result"], Value::Null);
    assert_eq!(code, 0);
}

/// The frames a server writes, parsed as they come, on a channel.
fn frames(out: std::process::ChildStdout) -> std::sync::mpsc::Receiver<Value> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(out);
        while let Some(m) = next_frame(&mut r) {
            if tx.send(m).is_err() {
                return;
            }
        }
    });
    rx
}

fn framed(m: &Value) -> Vec<u8> {
    let body = m.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The server's peak resident memory so far, in kB.
#[cfg(target_os = "linux")]
fn peak_kb(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

/// A message over the size limit (64 MiB) is read past without being kept, answered with an
/// error, and the server goes on: the next request is answered, and the peak memory stays
/// far below the body's size.
#[cfg(target_os = "linux")]
#[test]
fn a_message_over_the_size_limit_is_refused_and_the_server_goes_on() {
    use std::time::Duration;
    const MB: usize = 1 << 20;
    let body = 65 * MB;
    let mut child = Command::new(common::URIGRAM)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram lsp");
    let mut stdin = child.stdin.take().unwrap();
    let rx = frames(child.stdout.take().unwrap());
    let mut stderr = child.stderr.take().unwrap();
    let log = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let writer = std::thread::spawn(move || {
        stdin.write_all(&framed(&init())).unwrap();
        // The body streamed a megabyte at a time: 65 MiB of spaces, never built whole here.
        write!(stdin, "Content-Length: {body}\r\n\r\n").unwrap();
        let piece = vec![b' '; MB];
        for _ in 0..body / MB {
            stdin.write_all(&piece).unwrap();
        }
        let shutdown = json!({"jsonrpc": "2.0", "id": 5, "method": "shutdown"});
        stdin.write_all(&framed(&shutdown)).unwrap();
        stdin
    });
    let mut got = Vec::new();
    while !got.iter().any(|m: &Value| m["id"] == 5) {
        let m = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("an answer to the request after the large message");
        got.push(m);
    }
    let peak = peak_kb(child.id());
    let mut stdin = writer.join().unwrap();
    stdin
        .write_all(&framed(&json!({"jsonrpc": "2.0", "method": "exit"})))
        .unwrap();
    drop(stdin);
    let code = child.wait().unwrap().code();
    let rs = responses(&got);
    assert_eq!(rs.len(), 3, "{got:#?}");
    assert!(rs[0]["result"]["capabilities"].is_object());
    assert_eq!(rs[1]["id"], Value::Null);
    assert_eq!(rs[1]["error"]["code"], -32600);
    let message = rs[1]["error"]["message"].as_str().unwrap();
    assert_eq!(
        message,
        "a message of 68157440 bytes (Content-Length), larger than the limit of 64 MiB: not read"
    );
    assert_eq!((&rs[2]["id"], &rs[2]["result"]), (&json!(5), &Value::Null));
    assert_eq!(code, Some(0), "exit after shutdown");
    assert!(log.join().unwrap().contains(message));
    eprintln!("peak RSS with a 65 MiB message: {peak} kB");
    assert!(
        peak < 16 * 1024,
        "peak {peak} kB for a body of {body} bytes"
    );
}

/// The input ends inside a message over the limit: the framing is broken, the server ends.
#[test]
fn the_input_ends_inside_a_message_over_the_limit() {
    let mut child = Command::new(common::URIGRAM)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram lsp");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&framed(&init())).unwrap();
    stdin
        .write_all(b"Content-Length: 18446744073709551615\r\n\r\n{\"jsonrpc\"")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the input ended inside a message"), "{err}");
}
