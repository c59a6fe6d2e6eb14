//! `urigram conform`: the combinators against the BNF interpreter on generated members of
//! each rule and mutations of them, with a summary table per rule.

use clap::Args;
use serde_json::{Value, json};
use urigram::Grammar;

use super::{Format, parse_grammar, print_or_fail};

#[derive(Args)]
pub struct ConformArgs {
    /// The grammar.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// One rule, by its spec name (default: every rule of the grammar).
    #[arg(long, short)]
    rule: Option<String>,
    /// Generated members per rule (at most 100,000); as many mutations of them are checked
    /// too.
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..=MAX_SAMPLES))]
    samples: u32,
    /// Seed of the generator, from 0 to 2^64 - 1 (the same seed gives the same inputs).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Size budget of a generated member, in characters and productions used (at most
    /// 10,000; 0 gives the rule's smallest members).
    #[arg(long, value_name = "SIZE", default_value_t = 40,
          value_parser = clap::value_parser!(u32).range(0..=MAX_BUDGET))]
    budget: u32,
    /// Output format (`jsonl` prints one object per rule).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// A verdict: valid, or the error offset.
type Verdict = Result<(), usize>;

struct Row {
    rule: &'static str,
    samples: usize,
    disagree: usize,
    /// The first [`EXAMPLES`] disagreements: the input, the combinators', the spec's verdict.
    examples: Vec<(String, Verdict, Verdict)>,
}

const EXAMPLES: usize = 3;

/// The most generated members per rule (`--samples`): a run of all 44 rules of RFC 2396 then
/// takes minutes, not days.
const MAX_SAMPLES: i64 = 100_000;

/// The largest size budget of a member (`--budget`): members of up to about 10 KB.
const MAX_BUDGET: i64 = 10_000;

pub fn run(args: ConformArgs) -> Result<u8, String> {
    let g = args.grammar;
    let rules: Vec<&'static str> = match &args.rule {
        Some(r) => vec![super::find_rule(g, r)?.name],
        None => g.rule_names().collect(),
    };
    let spec = g.spec();
    let mut rows = Vec::new();
    for (k, rule) in rules.iter().enumerate() {
        let rec = spec.recognizer(rule).map_err(|e| e.to_string())?;
        let seed = args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k as u64;
        // The members, then a mutation of each, from one random stream; a second generator of
        // the same seed gives the members again to mutate, so that none is kept: memory is
        // one member, whatever --samples.
        let mut gen_ = spec.generator(rule, seed).map_err(|e| e.to_string())?;
        let mut again = spec.generator(rule, seed).map_err(|e| e.to_string())?;
        let mut row = Row {
            rule,
            samples: 0,
            disagree: 0,
            examples: Vec::new(),
        };
        let mut compare = |input: String| {
            row.samples += 1;
            let comb = g.check(rule, &input).map_err(|e| e.offset());
            let oracle = rec.check(&input);
            if comb != oracle {
                row.disagree += 1;
                if row.examples.len() < EXAMPLES {
                    row.examples.push((input, comb, oracle));
                }
            }
        };
        let budget = args.budget as usize;
        for _ in 0..args.samples {
            compare(gen_.member(budget));
        }
        for _ in 0..args.samples {
            let m = again.member(budget);
            compare(gen_.mutation(&m));
        }
        rows.push(row);
    }
    let total: usize = rows.iter().map(|r| r.samples).sum();
    let bad: usize = rows.iter().map(|r| r.disagree).sum();
    let out = match args.format {
        Format::Human => human(g, &args, &rows, total, bad),
        Format::Json => {
            let doc = json!({
                "grammar": g.name(),
                "seed": args.seed,
                "samples_per_rule": u64::from(args.samples) * 2,
                "rules": rows.iter().map(row_json).collect::<Vec<_>>(),
                "total": total,
                "agree": total - bad,
                "disagree": bad,
            });
            format!("{doc}\n")
        }
        Format::Jsonl => rows.iter().map(|r| format!("{}\n", row_json(r))).collect(),
    };
    print_or_fail(&out)?;
    Ok(if bad == 0 { 0 } else { 1 })
}

fn verdict_json(v: &Verdict) -> Value {
    match v {
        Ok(()) => json!({"valid": true, "offset": null}),
        Err(o) => json!({"valid": false, "offset": o}),
    }
}

fn row_json(r: &Row) -> Value {
    json!({
        "rule": r.rule,
        "samples": r.samples,
        "agree": r.samples - r.disagree,
        "disagree": r.disagree,
        "examples": r.examples.iter().map(|(i, c, o)| json!({
            "input": i,
            "combinators": verdict_json(c),
            "spec": verdict_json(o),
        })).collect::<Vec<_>>(),
    })
}

fn show(v: &Verdict) -> String {
    match v {
        Ok(()) => "valid".to_string(),
        Err(o) => format!("invalid at byte {o}"),
    }
}

fn human(g: Grammar, args: &ConformArgs, rows: &[Row], total: usize, bad: usize) -> String {
    let w = rows.iter().map(|r| r.rule.len()).max().unwrap_or(4).max(5);
    let mut s = format!(
        "grammar {}, seed {}: {} generated members and {} mutations per rule, \
         combinators against the spec text\n\n",
        g.name(),
        args.seed,
        args.samples,
        args.samples
    );
    s.push_str(&format!(
        "{:<w$}  {:>8}  {:>8}  {:>8}\n",
        "rule", "samples", "agree", "disagree"
    ));
    for r in rows {
        let d = r.disagree;
        s.push_str(&format!(
            "{:<w$}  {:>8}  {:>8}  {:>8}\n",
            r.rule,
            r.samples,
            r.samples - d,
            d
        ));
    }
    s.push_str(&format!(
        "{:<w$}  {:>8}  {:>8}  {:>8}\n",
        "total",
        total,
        total - bad,
        bad
    ));
    for r in rows.iter().filter(|r| r.disagree > 0) {
        s.push_str(&format!("\n{}: disagreements (first {EXAMPLES})\n", r.rule));
        for (i, c, o) in &r.examples {
            s.push_str(&format!(
                "  {i:?}: combinators {}, spec text {}\n",
                show(c),
                show(o)
            ));
        }
    }
    s
}
