//! The command line's test helpers: the built `urigram` binary, run from the repository's top
//! level (where the example and test data are), and the helpers every crate's tests share.
#![allow(dead_code)] // Each test file uses some of them.

use std::path::Path;

/// The built `urigram` binary.
pub const URIGRAM: &str = env!("CARGO_BIN_EXE_urigram");

/// The repository's top level: the example data, `tests/data/`, the README.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Run `f` with insta writing to this crate's `snapshots/`.
pub fn with_snapshots(f: impl FnOnce()) {
    urigram_testkit::with_snapshots(env!("CARGO_MANIFEST_DIR"), f);
}

/// Running `urigram`.
pub mod run {
    use super::*;

    /// Run `urigram ARGS` with `stdin` at the top level, colour off: (exit code, stdout,
    /// stderr).
    pub fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
        urigram_in(None, args, stdin)
    }

    /// [`urigram`] in directory `dir` (the top level when `None`).
    pub fn urigram_in(dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
        let dir = dir.unwrap_or(Path::new(ROOT));
        urigram_testkit::run::run_in(URIGRAM, Some(dir), args, stdin)
    }
}

/// A client of `urigram lsp`.
pub mod lsp_client {
    pub use urigram_testkit::lsp_client::*;

    /// Start `urigram lsp`.
    pub fn start() -> Client {
        let mut cmd = std::process::Command::new(super::URIGRAM);
        cmd.arg("lsp");
        Client::spawn(cmd)
    }
}
