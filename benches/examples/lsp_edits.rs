//! `urigram lsp` driven over pipes, as an editor drives it: how long opening a large document
//! takes, how long a burst of one-character edits takes until the diagnostics of the last one
//! arrive, how long the same edits take one at a time (each waiting for its diagnostics), and
//! the server's peak resident memory (`VmHWM`).
//!
//! ```text
//! cargo build --release --bin urigram                      # at the root
//! cd benches && cargo run --release --example lsp_edits -- ../target/release/urigram
//! ```
//!
//! Arguments: the `urigram` binary (default `../target/release/urigram`), then `quick` to
//! run only the main scenarios (5 MB of prose, of Markdown and of HTML: 200 edits in a burst,
//! and 20 keystrokes one at a time; 5 MB of prose after an unclosed `<URL:`), or `dense` to
//! run only the documents of one line dense with URIs that do not conform, or `keystroke` to
//! run only the keystroke table: 5 MB documents of every syntax and shape (few invalid URIs,
//! a Markdown table, one line with no place to split), each opened and then edited one
//! keystroke at a time (`keystroke NAME` runs the shapes whose name holds NAME). Times are wall-clock, on a machine that may be shared: run it
//! twice.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const DOC: &str = "file:///bench/doc.txt";

/// A message from the server, with its size on the wire.
struct In {
    v: Value,
    bytes: usize,
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<In>,
    next_id: i64,
}

fn read_frames(out: impl Read, tx: std::sync::mpsc::Sender<In>) {
    let mut r = BufReader::with_capacity(1 << 20, out);
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
            let (_, v) = l.split_once(':').expect("a header");
            len = Some(v.trim().parse::<usize>().expect("a length"));
        }
        let mut body = vec![0; len.expect("Content-Length")];
        r.read_exact(&mut body).expect("a body");
        let v = serde_json::from_slice(&body).expect("JSON");
        if tx
            .send(In {
                v,
                bytes: body.len(),
            })
            .is_err()
        {
            return;
        }
    }
}

fn frame(v: &Value) -> Vec<u8> {
    let body = v.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

impl Server {
    fn start(bin: &str) -> Server {
        let mut child = Command::new(bin)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run urigram lsp");
        let (tx, rx) = channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || read_frames(out, tx));
        let stdin = child.stdin.take().unwrap();
        let mut s = Server {
            child,
            stdin,
            rx,
            next_id: 1,
        };
        s.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        s.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
        s
    }

    fn send(&mut self, v: &Value) {
        self.stdin.write_all(&frame(v)).unwrap();
        self.stdin.flush().unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> In {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|m| m["id"] == id)
    }

    fn wait(&mut self, pred: impl Fn(&Value) -> bool) -> In {
        loop {
            let m = self
                .rx
                .recv_timeout(Duration::from_secs(600))
                .expect("a message within 10 minutes");
            if pred(&m.v) {
                return m;
            }
        }
    }

    /// The publishDiagnostics of `version`.
    fn diagnostics(&mut self, version: i64) -> In {
        self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        })
    }

    /// Peak resident memory in MiB.
    fn peak_mib(&self) -> f64 {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let kb: f64 = s
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(f64::NAN);
        kb / 1024.0
    }

    /// CPU time the server has used, user and system, all its threads (the resolution of
    /// `/proc/PID/stat`, 10 ms on most systems): a figure that a busy machine does not
    /// inflate as it does wall-clock time.
    fn cpu(&self) -> Duration {
        let s =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // The fields after the command's name (in parentheses): utime and stime are the 12th
        // and 13th of them.
        let rest = s.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<&str> = rest.split_whitespace().collect();
        let field = |k: usize| f.get(k).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
        let ticks = field(11) + field(12);
        Duration::from_millis(ticks * 10)
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
        let _ = self.child.wait();
    }
}

/// A server left behind by a run that failed (a wait that timed out) is ended with it.
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small xorshift generator: no dependency, a fixed seed.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Prose with URIs: about 80 bytes a line, every fourth line with a URI that does not
/// conform, one URI in `<URL:...>` broken across lines every 16 lines.
fn prose(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 100);
    let mut i = 0usize;
    while s.len() < bytes {
        match i % 16 {
            3 | 7 | 11 => s.push_str(&format!(
                "Line {i}: see http://example.com/a%zz/{i} for the old notes.\n"
            )),
            15 => s.push_str(&format!(
                "Line {i}: wrapped <URL:ftp://ftp.example.org/pub/\n   file-{i}.txt> here.\n"
            )),
            _ => s.push_str(&format!(
                "Line {i}: the text goes on about http://www.example.org/p/{i}?q=x#top.\n"
            )),
        }
        i += 1;
    }
    s
}

/// Markdown with URIs: the prose of [`prose`] in paragraphs, with a link and a code span
/// (holding a URI that does not conform, and is code) every eighth line, and a fenced code
/// block of such URIs every 64 lines.
fn markdown(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 200);
    for (i, line) in prose(bytes).lines().enumerate() {
        if i % 64 == 63 {
            s.push_str("\n```\ncurl http://example.com/%zz/block\n```\n\n");
        } else if i % 8 == 5 {
            s.push_str(&format!(
                "See [the notes](http://example.com/notes/{i}) and `http://example.com/%zz/{i}`.\n"
            ));
        } else {
            s.push_str(line);
            s.push('\n');
        }
    }
    s
}

/// HTML with URIs: the prose of [`prose`] in paragraphs (`<` and `>` written as references),
/// with a link and a code element (holding a URI that does not conform, and is code) every
/// eighth line, and a `<pre>` block of such URIs every 64 lines.
fn html(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 200);
    s.push_str("<!DOCTYPE html>\n<html><head><title>Notes</title></head><body>\n");
    for (i, line) in prose(bytes).lines().enumerate() {
        if i % 64 == 63 {
            s.push_str("<pre><code>curl http://example.com/%zz/block\n</code></pre>\n");
        } else if i % 8 == 5 {
            s.push_str(&format!(
                "<p>See <a href=\"http://example.com/notes/{i}\">the notes</a> and \
                 <code>http://example.com/%zz/{i}</code>.</p>\n"
            ));
        } else {
            let line = line.replace('<', "&lt;").replace('>', "&gt;");
            s.push_str(&format!("<p>{line}</p>\n"));
        }
    }
    s.push_str("</body></html>\n");
    s
}

/// The 5 MB scenarios: 200 one-character edits in a burst (and a hover), then, in a new
/// server, 20 keystrokes one at a time, each waiting for its diagnostics.
fn five_mb(bin: &str, what: &str, uri: &str, language: &str, text: &str, burst: &[Value]) {
    open_burst_hover(bin, what, uri, language, text, burst);
    let mut s = Server::start(bin);
    open_as(&mut s, uri, language, text);
    let keys = &burst[..20];
    let mut slowest = Duration::ZERO;
    let t = Instant::now();
    for (k, e) in keys.iter().enumerate() {
        let one = Instant::now();
        s.send(e);
        s.diagnostics(k as i64 + 2);
        slowest = slowest.max(one.elapsed());
    }
    println!(
        "  20 keystrokes one at a time: {:.1} ms a keystroke, the slowest {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3 / 20.0,
        slowest.as_secs_f64() * 1e3
    );
    s.stop();
}

fn open(s: &mut Server, text: &str) -> (Duration, In) {
    open_as(s, DOC, "text", text)
}

fn open_as(s: &mut Server, uri: &str, language: &str, text: &str) -> (Duration, In) {
    let t = Instant::now();
    s.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}}),
    );
    let m = s.diagnostics(1);
    (t.elapsed(), m)
}

/// 1,000 edits that each insert one character at a random place of a line.
fn edits(text: &str, n: usize) -> Vec<Value> {
    edits_of(DOC, text, n)
}

/// [`edits`] of the document `uri`.
fn edits_of(uri: &str, text: &str, n: usize) -> Vec<Value> {
    edits_in(uri, text, n, |l| Some((0, l.len())))
}

/// [`edits_of`], each at a place of a line that `typed` gives (from, to), in lines it gives
/// one for.
fn edits_in(
    uri: &str,
    text: &str,
    n: usize,
    typed: impl Fn(&str) -> Option<(usize, usize)>,
) -> Vec<Value> {
    let mut lens: Vec<(usize, usize)> = text
        .split('\n')
        .map(|l| typed(l).unwrap_or((0, 0)))
        .collect();
    let mut rng = Rng(0x5EED_0000_1234_5678);
    (0..n)
        .map(|k| {
            let mut line = rng.below(lens.len());
            while lens[line].1 == 0 {
                line = rng.below(lens.len());
            }
            let (from, to) = lens[line];
            let ch = from + rng.below(to - from + 1);
            lens[line].1 += 1;
            let c = ["x", " ", "%", "é"][k % 4];
            if c == "é" {
                // Two bytes, one UTF-16 unit: the line's byte length grows by one more.
                lens[line].1 += 1;
            }
            let pos = json!({"line": line, "character": ch});
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": k + 2},
                "contentChanges": [{"range": {"start": pos, "end": pos}, "text": c}]}})
        })
        .collect()
}

fn mb(n: usize) -> f64 {
    n as f64 / (1024.0 * 1024.0)
}

fn count(m: &In) -> usize {
    m.v["params"]["diagnostics"].as_array().map_or(0, Vec::len)
}

/// Open `text` as `uri` in a new server, send `burst` at once and a hover after it, and
/// print how long each took and the peak memory.
fn open_burst_hover(bin: &str, what: &str, uri: &str, language: &str, text: &str, burst: &[Value]) {
    let mut s = Server::start(bin);
    let (t_open, m) = open_as(&mut s, uri, language, text);
    println!(
        "{what} {:.1} MiB, {} lines: didOpen to diagnostics {:.0} ms ({} diagnostics, {:.0} KiB)",
        mb(text.len()),
        text.lines().count(),
        t_open.as_secs_f64() * 1e3,
        count(&m),
        m.bytes as f64 / 1024.0
    );
    let mut wire = Vec::new();
    for e in burst {
        wire.extend(frame(e));
    }
    let t = Instant::now();
    s.stdin.write_all(&wire).unwrap();
    s.stdin.flush().unwrap();
    let hover = json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 40}});
    let h = s.request("textDocument/hover", hover);
    let t_hover = t.elapsed();
    let m = s.diagnostics(burst.len() as i64 + 1);
    println!(
        "  {} edits in one burst: hover answered after {:.0} ms, diagnostics of the last \
         edit after {:.0} ms ({} diagnostics); hover {}",
        burst.len(),
        t_hover.as_secs_f64() * 1e3,
        t.elapsed().as_secs_f64() * 1e3,
        count(&m),
        if h.v["result"].is_null() {
            "empty"
        } else {
            "found a URI"
        }
    );
    println!("  peak RSS {:.0} MiB", s.peak_mib());
    s.stop();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let bin = args
        .next()
        .unwrap_or_else(|| "../target/release/urigram".into());
    let mode = args.next().unwrap_or_default();
    let quick = mode == "quick";
    if mode == "dense" {
        dense(&bin);
        return;
    }
    if mode == "keystroke" {
        keystrokes(&bin, args.next().as_deref());
        return;
    }

    // 0. 5 MB of prose, of Markdown and of HTML: a burst of 200 edits, and keystrokes.
    const MD: &str = "file:///bench/doc.md";
    const HTML: &str = "file:///bench/doc.html";
    let five = 5 * 1024 * 1024;
    let text = prose(five);
    five_mb(&bin, "prose", DOC, "text", &text, &edits(&text, 200));
    let text = markdown(five);
    // Typed anywhere but in a fence (which would make the rest of the text code).
    let typed = |l: &str| (!l.starts_with("```")).then_some((0, l.len()));
    let burst = edits_in(MD, &text, 200, typed);
    five_mb(&bin, "markdown", MD, "markdown", &text, &burst);
    let text = html(five);
    // Typed in the text of paragraphs, between `<p>` and `</p>`.
    let typed = |l: &str| (l.starts_with("<p>Line") && l.len() > 8).then(|| (3, l.len() - 4));
    let burst = edits_in(HTML, &text, 200, typed);
    five_mb(&bin, "html", HTML, "html", &text, &burst);

    // The prose of 5 MB with an unclosed `<URL:` on its first line: 200 edits in a burst,
    // then 50 one at a time, each waiting for its diagnostics (a keystroke).
    let unclosed = format!(
        "Notes <URL:http://example.org/start\n{}",
        prose(5 * 1024 * 1024)
    );
    let burst200 = edits(&unclosed, 200);
    open_burst_hover(
        &bin,
        "prose after an unclosed <URL:",
        DOC,
        "text",
        &unclosed,
        &burst200,
    );
    let mut s = Server::start(&bin);
    open(&mut s, &unclosed);
    let keys = edits(&unclosed, 50);
    let mut slowest = Duration::ZERO;
    let t = Instant::now();
    for (k, e) in keys.iter().enumerate() {
        let one = Instant::now();
        s.send(e);
        s.diagnostics(k as i64 + 2);
        slowest = slowest.max(one.elapsed());
    }
    println!(
        "  50 keystrokes one at a time: {:.2} ms a keystroke, the slowest {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3 / 50.0,
        slowest.as_secs_f64() * 1e3
    );
    s.stop();
    if quick {
        return;
    }

    // 1. A 10 MB document of prose: open, a burst of 1,000 edits, hover after them; the
    // same for 10 MB of Markdown.
    let text = prose(10 * 1024 * 1024);
    let burst = edits(&text, 1000);
    open_burst_hover(&bin, "prose", DOC, "text", &text, &burst);
    let md = markdown(10 * 1024 * 1024);
    open_burst_hover(
        &bin,
        "markdown",
        MD,
        "markdown",
        &md,
        &edits_of(MD, &md, 1000),
    );

    // 2. The same edits one at a time, each waiting for its diagnostics.
    let mut s = Server::start(&bin);
    open(&mut s, &text);
    let t = Instant::now();
    for (k, e) in burst.iter().enumerate() {
        s.send(e);
        s.diagnostics(k as i64 + 2);
    }
    println!(
        "  1,000 edits one at a time, each waiting for its diagnostics: {:.0} ms ({:.2} ms an \
         edit); peak RSS {:.0} MiB",
        t.elapsed().as_secs_f64() * 1e3,
        t.elapsed().as_secs_f64() * 1e3 / 1000.0,
        s.peak_mib()
    );
    s.stop();

    dense(&bin);
}

/// One line of URIs that do not conform, "http://%zz " repeated: 1,000 edits in a burst.
fn dense(bin: &str) {
    for kib in [176, 352, 704, 6 * 1024 + 100] {
        let text = "http://%zz ".repeat(kib * 1024 / 11);
        let mut s = Server::start(bin);
        let (t_open, m) = open(&mut s, &text);
        let burst = edits(&text, 1000);
        let t = Instant::now();
        let mut wire = Vec::new();
        for e in &burst {
            wire.extend(frame(e));
        }
        s.stdin.write_all(&wire).unwrap();
        s.stdin.flush().unwrap();
        s.diagnostics(1001);
        println!(
            "one line of \"http://%zz \" x {}: {:.1} MiB, didOpen to diagnostics {:.0} ms ({} \
             diagnostics, {:.0} KiB); 1,000 edits in a burst {:.0} ms; peak RSS {:.0} MiB",
            text.len() / 11,
            mb(text.len()),
            t_open.as_secs_f64() * 1e3,
            count(&m),
            m.bytes as f64 / 1024.0,
            t.elapsed().as_secs_f64() * 1e3,
            s.peak_mib()
        );
        s.stop();
    }
}

/// Lines of prose, one URI a line, 1 in 100 of them a URI that does not conform, each line
/// made by `line` from its number and its URI.
fn sparse(bytes: usize, line: impl Fn(usize, &str) -> String) -> String {
    let mut s = String::with_capacity(bytes + 200);
    let mut i = 0;
    while s.len() < bytes {
        let uri = if i % 100 == 37 {
            format!("http://example.com/a%zz/{i}")
        } else {
            format!("http://www.example.org/p/{i}?q=x")
        };
        s.push_str(&line(i, &uri));
        i += 1;
    }
    s
}

/// One keystroke table row: `text` opened as `language`, then `n` one-character edits at
/// places that `typed` gives, one at a time, each waiting for its diagnostics.
fn keystroke_row(
    bin: &str,
    what: &str,
    language: &str,
    text: &str,
    n: usize,
    typed: impl Fn(&str) -> Option<(usize, usize)>,
) {
    let ext = match language {
        "markdown" => "md",
        "html" => "html",
        "restructuredtext" => "rst",
        _ => "txt",
    };
    let uri = format!("file:///bench/keys.{ext}");
    let mut s = Server::start(bin);
    let (t_open, m) = open_as(&mut s, &uri, language, text);
    let keys = edits_in(&uri, text, n, typed);
    let (mut slowest, mut total) = (Duration::ZERO, Duration::ZERO);
    let cpu = s.cpu();
    for (k, e) in keys.iter().enumerate() {
        let one = Instant::now();
        s.send(e);
        s.diagnostics(k as i64 + 2);
        let t = one.elapsed();
        total += t;
        slowest = slowest.max(t);
    }
    let cpu = s.cpu() - cpu;
    println!(
        "| {what} | {:.1} MiB, {} lines | {:.0} ms ({} diagnostics) | {:.1} ms | {:.1} ms | {:.1} ms | {:.0} MiB |",
        mb(text.len()),
        text.lines().count(),
        t_open.as_secs_f64() * 1e3,
        count(&m),
        total.as_secs_f64() * 1e3 / n as f64,
        slowest.as_secs_f64() * 1e3,
        cpu.as_secs_f64() * 1e3 / n as f64,
        s.peak_mib()
    );
    s.stop();
}

/// The keystroke table: 5 MB documents of every syntax and shape, each edited one keystroke
/// at a time (20 keystrokes; 10 for the one-line documents).
fn keystrokes(bin: &str, only: Option<&str>) {
    let five = 5 * 1024 * 1024;
    let run = |name: &str| only.is_none_or(|o| name.contains(o));
    println!(
        "| document | size | didOpen to diagnostics | a keystroke (mean) | slowest | server CPU a \
         keystroke | peak RSS |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    let anywhere = |l: &str| Some((0, l.len()));
    if run("plain 1%") {
        let text = sparse(five, |i, u| {
            format!("Line {i}: the text goes on about {u} here.\n")
        });
        keystroke_row(bin, "plain 1%", "plaintext", &text, 20, anywhere);
    }
    if run("markdown 1%") {
        let text = sparse(five, |i, u| match i % 8 {
            3 => format!("See [the notes {i}]({u}) and `code {i}`.\n"),
            7 => format!("Line {i}: <{u}>\n\n"),
            _ => format!("Line {i}: the text goes on about {u} here.\n"),
        });
        keystroke_row(bin, "markdown 1%", "markdown", &text, 20, anywhere);
    }
    if run("rst 1%") {
        let text = sparse(five, |i, u| match i % 8 {
            3 => format!("See `the notes {i} <{u}>`_ and ``code {i}``.\n"),
            7 => format!("Line {i}: {u}\n\n"),
            _ => format!("Line {i}: the text goes on about {u} here.\n"),
        });
        keystroke_row(bin, "rst 1%", "restructuredtext", &text, 20, anywhere);
    }
    if run("html 1%") {
        let mut text = sparse(five, |i, u| match i % 4 {
            3 => format!("<p>See <a href=\"{u}\">the notes {i}</a>.</p>\n"),
            _ => format!("<p>Line {i}: the text goes on about {u} here.</p>\n"),
        });
        text.insert_str(0, "<!DOCTYPE html>\n<html><body>\n");
        text.push_str("</body></html>\n");
        let typed = |l: &str| (l.starts_with("<p>Line") && l.len() > 8).then(|| (3, l.len() - 4));
        keystroke_row(bin, "html 1%", "html", &text, 20, typed);
    }
    if run("markdown table") {
        let mut text = String::from("| name | link | note |\n| --- | --- | --- |\n");
        let mut i = 0;
        while text.len() < five {
            text.push_str(&format!(
                "| row {i} | [link {i}](http://www.example.org/p/{i}) | text {i} |\n"
            ));
            i += 1;
        }
        let typed = |l: &str| (l.starts_with("| row")).then(|| (2, 6));
        keystroke_row(bin, "markdown table", "markdown", &text, 20, typed);
    }
    // One line, no place where a reading may be cut.
    let line = |unit: &str| unit.repeat(five / unit.len());
    let ones: [(&str, &str, String); 4] = [
        // One URI of 5 MB: no whitespace, so no place where no URI crosses.
        (
            "one line, plain",
            "plaintext",
            format!("http://a/%zz/{}", line("b/")),
        ),
        (
            "one line, markdown",
            "markdown",
            line("word [x](http://a/b) and "),
        ),
        (
            "one line, rst",
            "restructuredtext",
            line("word `x <http://a/b>`_ and "),
        ),
        (
            "one line, html",
            "html",
            format!("<p>{}</p>", line("word http://a/b and ")),
        ),
    ];
    for (what, language, text) in &ones {
        if run(what) {
            keystroke_row(bin, what, language, text, 10, anywhere);
        }
    }
    if run("'a [b] '") {
        let text = "a [b] ".repeat(250_000 / 6);
        keystroke_row(
            bin,
            "'a [b] ' x 41,666 (250 KB)",
            "markdown",
            &text,
            10,
            anywhere,
        );
        let text = line("a [b] ");
        keystroke_row(bin, "'a [b] ', 5 MB", "markdown", &text, 10, anywhere);
    }
}
