//! The shortcuts of the grammars other than RFC 2396's `URI-reference`: RFC 1738's `url`
//! check (a scan in the fast pass) gives the verdict and extent of the structured fast pass,
//! and the diagnosing pass (which skips the segments of a path before its last `/`) reports
//! the error of the tree pass, which follows every production. `crate::fuzzing::checks_agree`
//! says what differs; the `fast_path` fuzz target runs it on arbitrary input.

use crate::fuzzing::checks_agree;
use crate::{Grammar, bnf};

fn agree(s: &str) {
    if let Err(e) = checks_agree(s) {
        panic!("{e}");
    }
}

#[test]
fn case_inputs_their_prefixes_and_schemes() {
    for &g in Grammar::ALL {
        for c in super::common::cases(g) {
            for (k, _) in c.input.char_indices() {
                agree(&c.input[..k]);
            }
            agree(&c.input);
            for scheme in ["http://h/", "ftp://u@h/", "x:", "news:", "prospero://h/"] {
                agree(&format!("{scheme}{}", c.input));
            }
        }
    }
}

/// Paths of many segments that stop being valid in their last segment, in every way a
/// segment can: the diagnosing pass starts at the last `/`.
#[test]
fn long_paths_with_an_error_at_the_end() {
    let heads = [
        "http://a/",
        "ftp://u:p@h/",
        "prospero://h/",
        "/",
        "a:",
        "http:",
    ];
    let units = ["b/", "seg/", "a;p/", "%41/", "/", "x;y=z/"];
    let tails = [
        "", "%", "%4", "%zz", "%4z", " ", "x ", ";", ";%", "?", "?q ", "#", "#f#", "//", "x@", "é",
        ";type=a", ";type=x", ":", "@h",
    ];
    for head in heads {
        for unit in units {
            for tail in tails {
                agree(&format!("{head}{}{tail}", unit.repeat(50)));
            }
        }
    }
}

/// Generated members of every start rule and of RFC 1738's `url`, and mutations of them.
#[test]
fn generated_inputs() {
    for (k, &g) in Grammar::ALL.iter().enumerate() {
        let spec = bnf::load(g.name()).expect("the grammar's BNF");
        let mut members = spec.generator(g.start_rule(), 0xC4EC + k as u64).unwrap();
        for _ in 0..2000 {
            let m = members.member(40);
            agree(&m);
            agree(&members.mutation(&m));
        }
    }
}
