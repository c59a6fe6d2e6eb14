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

use std::io::{self, BufRead, Write};

use lsp_server::Message;

mod doc;
mod positions;
mod server;
mod transport;

pub use doc::MAX_DIAGNOSTICS;
use server::*;
pub use server::{MAX_ACTION_URIS, MAX_DATA_URI, MAX_EDITS, MAX_LINKS, SHOWN_CHARS};
use transport::*;
pub use transport::{MAX_MESSAGE, READ_AHEAD};

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

#[cfg(test)]
mod tests;
