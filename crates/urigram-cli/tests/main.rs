//! The command line's integration tests, one module per file of `tests/`, in one test binary:
//! each binary links the library, the command line and their dependencies, so one of them
//! instead of one per file keeps the README's `cargo test` short (`autotests = false` in
//! `Cargo.toml`). Run one file's tests with its module name as the filter: `cargo test -p
//! urigram-cli --test integration neovim::`.

mod common;

mod cli;
mod compare;
mod corpus;
mod deep_markup;
mod extract;
mod extract_uris;
mod fix;
mod fix_safety;
mod hostile;
mod iri_help;
mod iri_semantics;
mod iri_words;
mod iris;
mod json_schema;
mod line_endings;
mod lsp_jsonrpc;
mod memory;
mod messages;
mod names;
mod neovim;
mod one_diagnostic;
mod options;
mod resolve_compare;
mod templates;

/// Every file of `tests/` is a module above: Cargo compiles no other (`autotests = false`).
#[test]
fn every_file_of_tests_is_a_module() {
    urigram_testkit::assert_test_files_are_modules(env!("CARGO_MANIFEST_DIR"));
}
