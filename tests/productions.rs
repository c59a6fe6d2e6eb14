//! Every production of every grammar: its cases from `tests/cases/` hold (verdicts), and each
//! production's accepted inputs (with their derivation trees) and rejected inputs (with their
//! rendered errors) are an insta snapshot in `snapshots/`. A production without an accepted
//! and a rejected case fails the test.
//!
//! One test per grammar, and within a grammar every production is compared before the test
//! fails, so that one mismatch hides no other. RFC 2732 keeps a snapshot of its own only for
//! the productions whose snapshot differs from RFC 2396's (its own rules, and those that reach
//! them or whose cases differ); each other production is compared with RFC 2396's snapshot.

use crate::common;

use std::collections::BTreeMap;
use std::fmt::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use urigram::{Grammar, render};

/// One test function per grammar, and a test that the list is every grammar.
macro_rules! per_grammar {
    ($($test:ident: $g:expr,)*) => {
        $(
            #[test]
            fn $test() {
                every_production_has_cases_and_a_snapshot($g);
            }
        )*

        #[test]
        fn every_grammar_has_a_snapshot_test() {
            let listed = [$($g.name()),*];
            let all: Vec<&str> = Grammar::ALL.iter().map(|g| g.name()).collect();
            assert_eq!(listed.as_slice(), all.as_slice());
        }
    };
}

per_grammar! {
    rfc2396: Grammar::Rfc2396,
    rfc2732: Grammar::Rfc2732,
    rfc1738: Grammar::Rfc1738,
    rfc1630: Grammar::Rfc1630,
    rfc1630_url: Grammar::Rfc1630Url,
    rfc822: Grammar::Rfc822,
    rfc3986: Grammar::Rfc3986,
    rfc3987: Grammar::Rfc3987,
    rfc6570: Grammar::Rfc6570,
}

/// The snapshot text of `rule` in `g`, as the grammar `label` would print it (the header and
/// the diagnostics' codes name `label`); wrong verdicts go to `failures`.
fn snapshot_text(
    g: Grammar,
    rule: &urigram::Rule,
    label: &str,
    failures: &mut Vec<String>,
) -> String {
    let cases = common::cases(g);
    let cs: Vec<&common::Case> = cases.iter().filter(|c| c.rule == rule.name).collect();
    let mut snap = String::new();
    let _ = writeln!(snap, "{label} {}: {}\n", rule.name, g.citation(rule.name));
    let code = format!("error[{}::", g.name());
    let relabelled = format!("error[{label}::");
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
                let rendered = render::render(&e, &c.input);
                snap.push_str(&rendered.replace(&code, &relabelled));
                snap.push('\n');
            }
        }
        snap.push('\n');
    }
    snap
}

/// The stored snapshot `name` (its content, without insta's header), if there is one.
fn stored(name: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{name}.snap"));
    let text = std::fs::read_to_string(path).ok()?;
    // `---` header `---` content.
    let body = text.splitn(3, "---\n").nth(2)?;
    Some(body.trim_end().to_owned())
}

fn every_production_has_cases_and_a_snapshot(g: Grammar) {
    let cases = common::cases(g);
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &cases {
        assert!(
            g.rule(&c.rule).is_ok(),
            "tests/cases/{}.txt:{}: no production {:?}",
            g.name(),
            c.line,
            c.rule
        );
        let n = by_rule.entry(c.rule.as_str()).or_default();
        *n |= if c.ok { 1 } else { 2 };
    }
    let mut failures = Vec::new();
    let mut mismatches = Vec::new();
    for rule in g.rules() {
        assert_eq!(
            by_rule.get(rule.name),
            Some(&3),
            "{} {}: needs at least one ok and one err case in tests/cases/{}.txt",
            g.name(),
            rule.name,
            g.name()
        );
        let own = format!("{}__{}", g.name(), rule.name);
        if g == Grammar::Rfc2732 {
            // Compared with RFC 2396's snapshot as RFC 2396 would print it: equal, it needs
            // none of its own (and must have none, so that no copy goes stale).
            let base = Grammar::Rfc2396.name();
            let as_base = snapshot_text(g, rule, base, &mut failures);
            if stored(&format!("{base}__{}", rule.name)).as_deref() == Some(as_base.trim_end()) {
                if stored(&own).is_some() {
                    mismatches.push(format!("{own}: equals RFC 2396's snapshot; delete it"));
                }
                continue;
            }
        }
        let snap = snapshot_text(g, rule, g.name(), &mut failures);
        let compared = catch_unwind(AssertUnwindSafe(|| {
            common::with_snapshots(|| insta::assert_snapshot!(own.clone(), snap));
        }));
        if compared.is_err() {
            mismatches.push(own);
        }
    }
    assert!(
        failures.is_empty() && mismatches.is_empty(),
        "wrong verdicts:\n{}\nsnapshots that do not match:\n{}",
        failures.join("\n"),
        mismatches.join("\n")
    );
}
