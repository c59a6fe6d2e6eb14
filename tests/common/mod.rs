//! The library's test helpers: those every crate's tests share, with this crate's snapshots.
#![allow(dead_code, unused_imports)] // Each test file uses some of them.

pub use urigram_testkit::{Case, cases, unescape};

/// Run `f` with insta writing to the top-level `snapshots/`.
pub fn with_snapshots(f: impl FnOnce()) {
    urigram_testkit::with_snapshots(env!("CARGO_MANIFEST_DIR"), f);
}
