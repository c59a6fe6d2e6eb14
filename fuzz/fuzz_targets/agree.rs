//! The combinators against the BNF interpreter (the spec text): the first byte picks a grammar
//! and a rule, the rest is the input; verdicts and error offsets must be equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    // The interpreter is cubic at worst: keep inputs short.
    let Ok(input) = std::str::from_utf8(&rest[..rest.len().min(160)]) else {
        return;
    };
    let rules: Vec<(Grammar, &str)> = Grammar::ALL
        .iter()
        .flat_map(|&g| g.rule_names().map(move |r| (g, r)))
        .collect();
    let (g, rule) = rules[pick as usize % rules.len()];
    let comb = g.check(rule, input).map_err(|e| e.offset());
    let spec = g.check_by_spec(rule, input).map_err(|e| e.offset());
    assert_eq!(comb, spec, "{} {rule} {input:?}", g.name());
});
