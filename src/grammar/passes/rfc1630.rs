//! The typed values of `rfc1630` and `rfc1630-url` are the same whether the parse records
//! nothing (the fast pass), failures (the diagnosing pass) or the derivation tree, where the
//! longest-match choices of the URL BNF keep only the chosen branch.

use crate::Grammar;
use crate::grammar::rfc1630::{uri, url};
use crate::input::{Mode, Tracker};

fn same_in_all_passes(s: &str) {
    let [fast, slow, tree] = [Mode::Fast, Mode::Diagnose, Mode::Tree].map(Tracker::new);
    let u: Vec<_> = [&fast, &slow, &tree]
        .iter()
        .map(|t| url::url(t.span(s)).map(|(r, v)| (r.location_offset(), v)))
        .collect();
    assert_eq!(u[0], u[1], "{s:?}");
    assert_eq!(u[0], u[2], "{s:?}");
    let g: Vec<_> = [&fast, &slow, &tree]
        .iter()
        .map(|t| uri::fragmentaddress(t.span(s)).map(|(r, v)| (r.location_offset(), v)))
        .collect();
    assert_eq!(g[0], g[1], "{s:?}");
    assert_eq!(g[0], g[2], "{s:?}");
}

#[test]
fn case_inputs_and_their_prefixes() {
    for g in [Grammar::Rfc1630, Grammar::Rfc1630Url, Grammar::Rfc822] {
        for c in super::common::cases(g) {
            for (k, _) in c.input.char_indices() {
                same_in_all_passes(&c.input[..k]);
            }
            same_in_all_passes(&c.input);
            same_in_all_passes(&format!("news:{}", c.input));
            same_in_all_passes(&format!("telnet://{}", c.input));
            same_in_all_passes(&format!("mailto:{}", c.input));
        }
    }
}

/// In a derivation tree, every node lies inside its parent, and the tree of a member covers
/// the input: no node of an abandoned branch stays behind.
#[test]
fn trees_hold_only_the_chosen_branch() {
    for s in [
        "telnet://u:p@h:21",
        "telnet://a@b@c",
        "telnet://a@1",
        "news:a@b.c",
        "news:*@1.2.3.4",
        "news:*",
        "wais://h/db/t/1=x;",
        "wais://h/db?q",
    ] {
        let g = Grammar::Rfc1630Url;
        let nodes = g.derive(g.rule("url").unwrap(), s).unwrap();
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        for n in &nodes {
            while stack.last().is_some_and(|&(d, _, _)| d >= n.depth) {
                stack.pop();
            }
            if let Some(&(_, start, end)) = stack.last() {
                assert!(
                    start <= n.start && n.end <= end,
                    "{s:?}: {n:?} outside its parent"
                );
            }
            stack.push((n.depth, n.start, n.end));
        }
        // Siblings do not overlap.
        for (a, b) in nodes.iter().zip(nodes.iter().skip(1)) {
            if a.depth == b.depth {
                assert!(a.end <= b.start, "{s:?}: {a:?} and {b:?} overlap");
            }
        }
    }
}
