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
    /// Generated members per rule; as many mutations of them are checked too.
    #[arg(long, default_value_t = 200)]
    samples: usize,
    /// Seed of the generator (the same seed gives the same inputs).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Size budget of a generated member.
    #[arg(long, default_value_t = 40)]
    budget: usize,
    /// Output format (`jsonl` prints one object per rule).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

/// A verdict: valid, or the error offset.
type Verdict = Result<(), usize>;

struct Row {
    rule: &'static str,
    samples: usize,
    disagreements: Vec<(String, Verdict, Verdict)>,
}

const EXAMPLES: usize = 3;

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
        let mut gen_ = spec.generator(rule, seed).map_err(|e| e.to_string())?;
        let mut row = Row {
            rule,
            samples: 0,
            disagreements: Vec::new(),
        };
        let members: Vec<String> = (0..args.samples)
            .map(|_| gen_.member(args.budget))
            .collect();
        let mutations: Vec<String> = members.iter().map(|m| gen_.mutation(m)).collect();
        for input in members.iter().chain(&mutations) {
            row.samples += 1;
            let comb = g.check(rule, input).map_err(|e| e.offset);
            let oracle = rec.check(input);
            if comb != oracle {
                row.disagreements.push((input.clone(), comb, oracle));
            }
        }
        rows.push(row);
    }
    let total: usize = rows.iter().map(|r| r.samples).sum();
    let bad: usize = rows.iter().map(|r| r.disagreements.len()).sum();
    let out = match args.format {
        Format::Human => human(g, &args, &rows, total, bad),
        Format::Json => {
            let doc = json!({
                "grammar": g.name(),
                "seed": args.seed,
                "samples_per_rule": args.samples * 2,
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
        "agree": r.samples - r.disagreements.len(),
        "disagree": r.disagreements.len(),
        "examples": r.disagreements.iter().take(EXAMPLES).map(|(i, c, o)| json!({
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
        let d = r.disagreements.len();
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
    for r in rows.iter().filter(|r| !r.disagreements.is_empty()) {
        s.push_str(&format!("\n{}: disagreements (first {EXAMPLES})\n", r.rule));
        for (i, c, o) in r.disagreements.iter().take(EXAMPLES) {
            s.push_str(&format!(
                "  {i:?}: combinators {}, spec text {}\n",
                show(c),
                show(o)
            ));
        }
    }
    s
}
