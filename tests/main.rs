//! The library's integration tests, one module per file of `tests/`, in one test binary: each
//! binary links the library and its dependencies, so one of them instead of one per file
//! keeps the README's `cargo test` short (`autotests = false` in `Cargo.toml`). Run one file's
//! tests with its module name as the filter: `cargo test --test integration owned::`.
//! `tests/semantics/` is a binary of its own, as it needs the `bnf` feature.

mod common;

mod conveniences;
#[cfg(feature = "bnf")]
mod differential;
mod layers;
mod migrating_from_url;
mod no_panic_api;
mod owned;
mod productions;
mod public_api;
#[cfg(feature = "markup")]
mod real_documents;
mod rfc1630_differential;
mod rfc1630_examples;
mod rfc1738_examples;
mod rfc2396_examples;
mod rfc2732_examples;
mod rfc3986_differential;
mod rfc3986_examples;
mod rfc3987_agree;
#[cfg(feature = "bnf")]
mod rfc3987_differential;
mod rfc3987_examples;
mod rfc3987_values;
#[cfg(feature = "bnf")]
mod rfc6570_differential;
mod rfc6570_examples;
mod rfc6570_suite;
mod robustness;

/// Every file of `tests/` is a module above: Cargo compiles no other (`autotests = false`).
#[test]
fn every_file_of_tests_is_a_module() {
    urigram_testkit::assert_test_files_are_modules(env!("CARGO_MANIFEST_DIR"));
}
