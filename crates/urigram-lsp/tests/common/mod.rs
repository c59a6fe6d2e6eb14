//! The language server's test helpers: a client of [`urigram_lsp::serve`] on a thread of the
//! test, and the helpers every crate's tests share.
#![allow(dead_code)] // Each test file uses some of them.

use std::io::BufReader;

pub use urigram_testkit::lsp_client::Client;

/// The repository's top level: `tests/data/`.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Run `f` with insta writing to this crate's `snapshots/`.
pub fn with_snapshots(f: impl FnOnce()) {
    urigram_testkit::with_snapshots(env!("CARGO_MANIFEST_DIR"), f);
}

/// Start a server session: [`urigram_lsp::serve`] on a thread, over pipes.
pub fn start() -> Client {
    Client::in_process(|input, mut output| {
        urigram_lsp::serve(&mut BufReader::new(input), &mut output)
    })
}
