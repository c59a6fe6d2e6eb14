//! The scans of runs of a character class: every path this CPU has (AVX2, SSSE3, eight bytes
//! per branch, and the dispatching `Table::run_end`) against the one that reads a byte at a
//! time, on an arbitrary table (the input's first 16 bytes, in nibble form), start position
//! and input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::fuzzing::scans_agree;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = scans_agree(data) {
        panic!("{e}");
    }
});
