//! The fast pass of `URI-reference` (over byte positions) against the structured pass (one
//! function per production): the same verdict, extent and typed value, and
//! `UriReference::parse` gives that value exactly when the structured pass takes the input
//! whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::fuzzing::passes_agree;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Err(e) = passes_agree(s) {
            panic!("{e}");
        }
    }
});
