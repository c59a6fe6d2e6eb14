//! Locating (`Grammar::locate`, `Locator`) gives the verdict of the check and, for a rejected
//! input, the brief of the check's error: the same offset, production and character, on every
//! rule of every grammar, whatever order a `Locator` runs its passes in.

use crate::Grammar;
use crate::input::{Mode, Tracker};

/// `s` against every rule of `g`: locating agrees with checking, by a fresh tracker and by a
/// locator in each order of its passes.
fn agrees(g: Grammar, s: &str) {
    for r in g.rules() {
        let whole = g.check(r, s).map_err(|e| e.brief());
        assert_eq!(g.locate(r, s), whole, "{} {} {s:?}", g.name(), r.name);
        let locators = [
            ("fast pass first", g.locator(r.name).unwrap()),
            ("no fast pass", g.locator(r.name).unwrap().rejecting()),
            ("farthest first", g.locator(r.name).unwrap().ending_early()),
            (
                "no fast pass, farthest first",
                g.locator(r.name).unwrap().rejecting().ending_early(),
            ),
        ];
        for (how, mut l) in locators {
            assert_eq!(l.locate(s), whole, "{} {} {s:?} ({how})", g.name(), r.name);
        }
    }
}

#[test]
fn case_inputs_and_their_prefixes() {
    for &g in Grammar::ALL {
        for c in super::common::cases(g) {
            for (k, _) in c.input.char_indices() {
                agrees(g, &c.input[..k]);
            }
            agrees(g, &c.input);
        }
    }
}

#[test]
fn example_corpus() {
    let text = include_str!("../../../examples/urls.txt");
    for &g in Grammar::ALL {
        for l in text.lines() {
            agrees(g, l);
        }
    }
}

/// One locator over many inputs, valid and invalid in runs, so that it goes in and out of
/// skipping the fast pass and of trying the farthest failure first, gives each input's own
/// answer; and it does take each order.
#[test]
fn a_locator_over_runs_of_inputs() {
    let text = include_str!("../../../examples/urls.txt");
    let mut orders = std::collections::BTreeSet::new();
    for &g in Grammar::ALL {
        let rule = g.start_rule();
        let mut l = g.locator(rule).unwrap();
        let mut check = |l: &mut crate::Locator, s: &str| {
            orders.insert(l.order());
            let whole = g.check(rule, s).map_err(|e| e.brief());
            assert_eq!(l.locate(s), whole, "{} {s:?} {:?}", g.name(), l.order());
        };
        for (k, line) in text.lines().enumerate() {
            // Runs of 60 invalid inputs (a space ends every URL) between runs of valid ones.
            if k % 20 == 0 {
                for bad in 0..60 {
                    check(&mut l, &format!("{line} {bad}"));
                }
            }
            check(&mut l, line);
        }
    }
    for order in [(false, false), (false, true), (true, false), (true, true)] {
        assert!(orders.contains(&order), "never took {order:?}: {orders:?}");
    }
}

/// A locating tracker records what a diagnosing one does, but for what was expected.
#[test]
fn a_locating_tracker_keeps_no_expected_items() {
    let g = Grammar::Rfc2396;
    let r = g.rule("URI-reference").unwrap();
    let (a, b) = (Tracker::locating(), Tracker::new(Mode::Diagnose));
    let s = "http://a/b%zz";
    let _ = (r.parse)(a.span(s));
    let _ = (r.parse)(b.span(s));
    assert_eq!(a.farthest(), b.farthest());
    assert_eq!(a.failed_in(), b.failed_in());
    assert!(a.expected().is_empty());
    assert!(!b.expected().is_empty());
}
