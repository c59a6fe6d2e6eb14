//! Arbitrary bytes against every rule of every grammar, the typed parse and the lenient split:
//! a result, never a panic, and an error offset inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;

fuzz_target!(|data: &[u8]| {
    for &g in Grammar::ALL {
        for r in g.rules() {
            if let Err(e) = g.check(r, data) {
                assert!(e.offset() <= data.len());
                assert!(e.end() >= e.offset());
            }
        }
    }
    if let Ok(s) = std::str::from_utf8(data) {
        if let Ok(u) = urigram::rfc2396::UriReference::parse(s) {
            assert_eq!(u.to_string(), s);
        }
        let parts = urigram::rfc2396::split(s);
        assert!(parts.path.end() <= s.len());
    }
});
