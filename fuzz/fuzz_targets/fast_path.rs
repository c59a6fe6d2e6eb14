//! The fast pass of `URI-reference` and `authority` (over byte positions), in RFC 2396 and in
//! RFC 3986, against the structured pass (one function per production): the same verdict,
//! extent and typed value, and each `UriReference::parse` gives that value exactly when the
//! structured pass takes the input whole. And the shortcuts of the other grammars: RFC 1738's `url` check against its
//! productions, and for every grammar's start rule the diagnosing pass's error against the
//! tree pass's. And RFC 3987's fast pass (`IRI-reference`, and the whole checks of `IRI`,
//! `absolute-IRI` and `irelative-ref`): `Grammar::check`, which runs it first, gives the
//! error (or none) of the tree pass, which follows every production.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;
use urigram::fuzzing::{checks_agree, passes_agree};

/// The RFC 3987 rules whose check runs a fast pass first.
const IRI_RULES: [&str; 4] = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref"];

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Err(e) = passes_agree(s).and_then(|()| checks_agree(s)) {
            panic!("{e}");
        }
        let g = Grammar::Rfc3987;
        for rule in IRI_RULES {
            let checked = g.check(rule, s).err();
            let traced = g.derive(rule, s).err().map(|b| b.error().clone());
            assert_eq!(checked, traced, "rfc3987 {rule} on {s:?}");
        }
    }
});
