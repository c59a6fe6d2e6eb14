//! The passes of a check agree: the fast pass (which records nothing, and for `URI-reference`
//! and `authority` scans byte positions), the diagnosing pass and the derivation tree give the
//! same verdicts, extents and typed values. These tests reach the passes directly, which the
//! public API does not, so they live inside the crate.

mod checks;
// The case files of `tests/cases/`, as the integration tests read them.
use urigram_testkit as common;
mod fast_path;
mod locate;
mod rfc1630;
mod rfc1738;
