//! `urigram explain`: the derivation of an input, every production that matched with its text
//! and byte range; for a rejected input, the diagnostic and the part of the tree built before
//! the parser stopped.

use std::ffi::OsString;

use clap::Args;
use serde_json::{Value, json};
use urigram::Grammar;
use urigram::Node;

use super::output::error_json;
use super::render::{Color, argument, diagnostic};
use super::{Format, parse_grammar, print_or_fail};

#[derive(Args)]
pub struct ExplainArgs {
    /// The grammar.
    #[arg(long, short, default_value = "rfc2396", value_parser = parse_grammar())]
    grammar: Grammar,
    /// The rule, by its spec name (default: the grammar's start rule).
    #[arg(long, short)]
    rule: Option<String>,
    /// Output format (`jsonl` prints the JSON document on one line).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// When to colour the diagnostic.
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
    /// The input to explain.
    input: OsString,
}

pub fn run(a: ExplainArgs) -> Result<u8, String> {
    let g = a.grammar;
    let rule = match &a.rule {
        Some(r) => super::find_rule(g, r)?,
        None => super::find_rule(g, g.start_rule())?,
    };
    let input = a.input.to_str().ok_or("the input is not valid UTF-8")?;
    let (nodes, err) = match g.derive(rule, input) {
        Ok(nodes) => (nodes, None),
        Err(partial) => {
            let (nodes, e) = partial.into_parts();
            (nodes, Some(e))
        }
    };
    let out = match a.format {
        Format::Human => {
            let mut s = String::new();
            match &err {
                None => s.push_str(&format!(
                    "{} {} {:?}: valid ({})\n\n",
                    g.name(),
                    rule.name,
                    input,
                    g.citation(rule.name)
                )),
                Some(e) => {
                    s.push_str(&diagnostic(e, input, &argument(1), 1, a.color.enabled()));
                    s.push_str("\nmatched before the parser stopped:\n");
                }
            }
            s.push_str(&urigram::render::tree(input, &nodes));
            s
        }
        Format::Json | Format::Jsonl => {
            let doc = json!({
                "grammar": g.name(),
                "rule": rule.name,
                "input": input,
                "valid": err.is_none(),
                "tree": tree_json(input, &nodes),
                "error": err.as_ref().map_or(Value::Null, error_json),
            });
            if a.format == Format::Json {
                format!("{doc:#}\n")
            } else {
                format!("{doc}\n")
            }
        }
    };
    print_or_fail(&out)?;
    Ok(if err.is_none() { 0 } else { 1 })
}

/// The pre-order node list as nested JSON objects.
fn tree_json(input: &str, nodes: &[Node]) -> Value {
    fn build(input: &str, nodes: &[Node], at: &mut usize) -> Value {
        let n = &nodes[*at];
        *at += 1;
        let mut children = Vec::new();
        while *at < nodes.len() && nodes[*at].depth > n.depth {
            children.push(build(input, nodes, at));
        }
        json!({
            "rule": n.rule,
            "text": input.get(n.start..n.end).unwrap_or(""),
            "start": n.start,
            "end": n.end,
            "children": children,
        })
    }
    let mut at = 0;
    let mut roots = Vec::new();
    while at < nodes.len() {
        roots.push(build(input, nodes, &mut at));
    }
    Value::Array(roots)
}
