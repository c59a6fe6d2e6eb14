//! Run one grammar's productions over the corpus, many times over, for callgrind
//! (`benches/grammars.sh`):
//!
//! ```text
//! cargo build --release --example grammars
//! valgrind --tool=callgrind target/release/examples/grammars check rfc1738 3
//! ```
//!
//! Arguments: a pass, a grammar's name (`rfc2396`, `rfc1738` ...; its start rule is checked)
//! and the number of passes over the corpus (default 1; 0 reads the corpus and builds the
//! inputs only, the baseline to subtract). The passes:
//!
//! - `check`: `Grammar::check` of every line (the fast pass, then a diagnosis of the lines
//!   it rejects).
//! - `invalid`: `Grammar::check` of every line with a space appended, which no grammar
//!   accepts: the fast try, then the diagnosing pass over the whole line and the error.
//! - `derive`: `Grammar::derive` of every line (the derivation tree).
//!
//! Prints a tally, so the work cannot be optimized away. With `CORPUS=iris` in the
//! environment it reads the IRI corpus ([`urigram_bench::chosen`]).

use std::hint::black_box;

use urigram::Grammar;
use urigram_bench as p;

fn main() {
    let mut args = std::env::args().skip(1);
    let pass = args.next().unwrap_or_else(|| "check".into());
    let grammar: Grammar = args
        .next()
        .unwrap_or_else(|| "rfc2396".into())
        .parse()
        .expect("a grammar's name");
    let passes: usize = args
        .next()
        .map_or(1, |n| n.parse().expect("a number of passes"));
    let (lines, _) = p::chosen();
    let invalid: Vec<String> = lines.iter().map(|l| format!("{l} ")).collect();
    let rule = grammar.rule(grammar.start_rule()).expect("the start rule");
    let mut tally = 0usize;
    for _ in 0..passes {
        match pass.as_str() {
            "check" => {
                for l in &lines {
                    tally += grammar.check(rule, black_box(l)).is_ok() as usize;
                }
            }
            "invalid" => {
                for l in &invalid {
                    tally += grammar
                        .check(rule, black_box(l))
                        .err()
                        .map_or(0, |e| e.offset());
                }
            }
            "derive" => {
                for l in &lines {
                    tally += match grammar.derive(rule, black_box(l)) {
                        Ok(nodes) => nodes.len(),
                        Err(e) => e.nodes().len(),
                    };
                }
            }
            other => panic!("unknown pass {other:?}: check, invalid or derive"),
        }
    }
    println!(
        "{pass} {grammar:?}: {passes} passes over {} lines, {tally}",
        lines.len()
    );
}
