//! Every production of every grammar: its cases from `tests/cases/` hold (verdicts), and each
//! production's accepted inputs (with their derivation trees) and rejected inputs (with their
//! rendered errors) are an insta snapshot in `snapshots/`. A production without an accepted
//! and a rejected case fails the test.

use crate::common;

use std::collections::BTreeMap;
use std::fmt::Write;

use urigram::{Grammar, render};

#[test]
fn every_production_has_cases_and_a_snapshot() {
    for &g in Grammar::ALL {
        let cases = common::cases(g);
        let mut by_rule: BTreeMap<&str, Vec<&common::Case>> = BTreeMap::new();
        for c in &cases {
            assert!(
                g.rule(&c.rule).is_ok(),
                "tests/cases/{}.txt:{}: no production {:?}",
                g.name(),
                c.line,
                c.rule
            );
            by_rule.entry(c.rule.as_str()).or_default().push(c);
        }
        let mut failures = Vec::new();
        for rule in g.rules() {
            let cs = by_rule.get(rule.name).map(Vec::as_slice).unwrap_or(&[]);
            assert!(
                cs.iter().any(|c| c.ok) && cs.iter().any(|c| !c.ok),
                "{} {}: needs at least one ok and one err case in tests/cases/{}.txt",
                g.name(),
                rule.name,
                g.name()
            );
            let mut snap = String::new();
            let _ = writeln!(
                snap,
                "{} {}: {}\n",
                g.name(),
                rule.name,
                g.citation(rule.name)
            );
            for c in cs {
                match g.derive(rule, &c.input) {
                    Ok(nodes) => {
                        if !c.ok {
                            failures.push(format!("{}: {:?} accepted", rule.name, c.input));
                        }
                        let _ = writeln!(snap, "accept {:?}", c.input);
                        snap.push_str(&render::tree(&c.input, &nodes));
                    }
                    Err(b) => {
                        let (_, e) = b.into_parts();
                        if c.ok {
                            failures.push(format!("{}: {:?} rejected: {e}", rule.name, c.input));
                        }
                        // The tree-recording pass and the plain check agree.
                        assert_eq!(g.check(rule.name, &c.input).unwrap_err(), e);
                        let _ = writeln!(snap, "reject {:?}", c.input);
                        snap.push_str(&render::render(&e, &c.input));
                        snap.push('\n');
                    }
                }
                snap.push('\n');
            }
            common::with_snapshots(|| {
                insta::assert_snapshot!(format!("{}__{}", g.name(), rule.name), snap);
            });
        }
        assert!(
            failures.is_empty(),
            "wrong verdicts:\n{}",
            failures.join("\n")
        );
    }
}
