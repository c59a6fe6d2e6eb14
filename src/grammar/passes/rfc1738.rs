//! The typed values of `rfc1738` are the same whether the parse records nothing (the fast
//! pass, where `url` and `schemepart` settle early), failures (the diagnosing pass) or the
//! derivation tree, where the longest-match choices keep only the chosen branch; and every
//! tree holds only that branch.

use crate::Grammar;
use crate::grammar::rfc1738;
use crate::input::{Mode, Tracker};

fn same_in_all_passes(s: &str) {
    let [fast, slow, tree] = [Mode::Fast, Mode::Diagnose, Mode::Tree].map(Tracker::new);
    let u: Vec<_> = [&fast, &slow, &tree]
        .iter()
        .map(|t| rfc1738::url(t.span(s)).map(|(r, v)| (r.location_offset(), v)))
        .collect();
    assert_eq!(u[0], u[1], "{s:?}");
    assert_eq!(u[0], u[2], "{s:?}");
    let p: Vec<_> = [&fast, &slow, &tree]
        .iter()
        .map(|t| rfc1738::schemepart(t.span(s)).map(|(r, v)| (r.location_offset(), v)))
        .collect();
    assert_eq!(p[0], p[1], "{s:?}");
    assert_eq!(p[0], p[2], "{s:?}");
}

#[test]
fn case_inputs_and_their_prefixes() {
    for c in super::common::cases(Grammar::Rfc1738) {
        for (k, _) in c.input.char_indices() {
            same_in_all_passes(&c.input[..k]);
        }
        same_in_all_passes(&c.input);
        for scheme in [
            "http://",
            "ftp://",
            "news:",
            "gopher://h/",
            "wais://h/",
            "file://",
            "x:",
        ] {
            same_in_all_passes(&format!("{scheme}{}", c.input));
        }
    }
}

/// In a derivation tree, every node lies inside its parent, siblings come in order without
/// overlapping, and the root covers the input: no node of an abandoned branch stays behind.
#[test]
fn trees_hold_only_the_chosen_branch() {
    let g = Grammar::Rfc1738;
    for c in super::common::cases(g).iter().filter(|c| c.ok) {
        let rule = g.rule(&c.rule).unwrap();
        let s = c.input.as_str();
        let nodes = g.derive(rule, s).unwrap();
        assert_eq!((nodes[0].start, nodes[0].end), (0, s.len()), "{s:?}");
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        let mut last_end = vec![0usize; 64];
        for n in &nodes {
            while stack.last().is_some_and(|&(d, _, _)| d >= n.depth) {
                stack.pop();
            }
            if let Some(&(_, start, end)) = stack.last() {
                assert!(
                    start <= n.start && n.end <= end,
                    "{} {s:?}: {n:?} outside its parent",
                    c.rule
                );
            }
            assert!(
                n.start >= last_end[n.depth],
                "{} {s:?}: {n:?} overlaps a sibling",
                c.rule
            );
            last_end[n.depth] = n.end;
            for e in last_end.iter_mut().skip(n.depth + 1) {
                *e = n.start;
            }
            stack.push((n.depth, n.start, n.end));
        }
    }
}
