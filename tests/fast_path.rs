//! The fast pass takes shortcuts (flattened character classes for `path_segments`, a direct
//! split of the authority); the diagnosing pass follows the production structure. Both must
//! give the same verdict, the same extent and the same typed value on every input.

mod common;

use urigram::grammar::rfc2396::uri_reference;
use urigram::input::{Mode, Tracker};

fn same_in_both_passes(s: &str) {
    let fast = Tracker::new(Mode::Fast);
    let slow = Tracker::new(Mode::Diagnose);
    let tree = Tracker::new(Mode::Tree);
    let a = uri_reference(fast.span(s)).map(|(r, u)| (r.location_offset(), u));
    let b = uri_reference(slow.span(s)).map(|(r, u)| (r.location_offset(), u));
    let c = uri_reference(tree.span(s)).map(|(r, u)| (r.location_offset(), u));
    assert_eq!(a.is_ok(), b.is_ok(), "{s:?}");
    if let (Ok(a), Ok(b), Ok(c)) = (a, b, c) {
        assert_eq!(a, b, "{s:?}");
        assert_eq!(a, c, "{s:?}");
    }
}

#[test]
fn example_corpus() {
    let text = include_str!("../examples/urls.txt");
    for l in text.lines() {
        same_in_both_passes(l);
        // And every prefix, which exercises the places where parts stop.
        for (k, _) in l.char_indices() {
            same_in_both_passes(&l[..k]);
        }
    }
}

#[test]
fn authorities() {
    for a in [
        "",
        "@",
        "a@",
        "@b",
        "a@b",
        "a@b@c",
        "u:p@h:1",
        "h:",
        "h:x",
        "1.2.3.4",
        "1.2.3.4:80",
        "1.2.3",
        "a-b.c",
        "a-.b",
        "%41@h",
        "h%41",
        "u@1.2.3.4.a:9",
        ":80",
        "a:b:c",
        "a@b:c:d",
    ] {
        for tail in ["", "/", "/p?q#f", "?q", "#f"] {
            same_in_both_passes(&format!("http://{a}{tail}"));
            same_in_both_passes(&format!("//{a}{tail}"));
        }
    }
}

#[test]
fn case_inputs() {
    for &g in urigram::Grammar::ALL {
        for c in common::cases(g) {
            same_in_both_passes(&c.input);
        }
    }
}
