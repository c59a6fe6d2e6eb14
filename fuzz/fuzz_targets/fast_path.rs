//! The fast pass of `URI-reference` and `authority` (over byte positions), in RFC 2396 and in
//! RFC 3986, against the structured pass (one function per production): the same verdict,
//! extent and typed value, and each `UriReference::parse` gives that value exactly when the
//! structured pass takes the input whole. And the shortcuts of the other grammars: RFC 1738's `url` check against its
//! productions, and for every grammar's start rule the diagnosing pass's error against the
//! tree pass's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::fuzzing::{checks_agree, passes_agree};

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Err(e) = passes_agree(s).and_then(|()| checks_agree(s)) {
            panic!("{e}");
        }
    }
});
