//! The fast pass of `URI-reference` (over byte positions) against the structured pass (one
//! function per production): the same verdict, extent and typed value, and
//! `UriReference::parse` gives that value exactly when the structured pass takes the input
//! whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::UriReference;
use urigram::grammar::rfc2396::{authority, uri_reference};
use urigram::input::{Mode, Tracker};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (fast, slow) = (Tracker::new(Mode::Fast), Tracker::new(Mode::Diagnose));
    let a = uri_reference(fast.span(s)).map(|(r, u)| (r.location_offset(), u));
    let b = uri_reference(slow.span(s)).map(|(r, u)| (r.location_offset(), u));
    assert_eq!(a.is_ok(), b.is_ok(), "{s:?}");
    let whole = b.as_ref().ok().filter(|(end, _)| *end == s.len()).map(|(_, u)| *u);
    if let (Ok(a), Ok(b)) = (a, b) {
        assert_eq!(a, b, "{s:?}");
    }
    assert_eq!(UriReference::parse(s).ok(), whole, "{s:?}");
    let a = authority(fast.span(s)).map(|(r, x)| (r.location_offset(), x));
    let b = authority(slow.span(s)).map(|(r, x)| (r.location_offset(), x));
    assert_eq!(a.is_ok(), b.is_ok(), "{s:?}");
    if let (Ok(a), Ok(b)) = (a, b) {
        assert_eq!(a, b, "{s:?}");
    }
});
