//! Parse the corpus with one parser, many times over, for a profiler:
//!
//! ```text
//! cargo build --release --example profile
//! valgrind --tool=callgrind target/release/examples/profile urigram 20
//! perf record -g target/release/examples/profile urigram 2000
//! ```
//!
//! Arguments: a parser's name as in the table (default `urigram`) and the number of passes
//! (default 1000). Prints the tally, so the work cannot be optimized away. The name
//! `urigram-diagnose` runs urigram's check over the lines it rejects only (the diagnosing
//! pass: [`urigram_bench::invalid_lines`]). With `CORPUS=iris` in the environment it reads
//! the IRI corpus, and the IRI parsers' names too ([`urigram_bench::chosen`]).

use urigram_bench as p;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "urigram".into());
    let passes: usize = args
        .next()
        .map_or(1000, |n| n.parse().expect("a number of passes"));
    if name == "urigram-diagnose" {
        let lines = p::invalid_lines();
        let mut t = p::Tally::default();
        for _ in 0..passes {
            t = p::tally(&lines, p::urigram_diagnose);
        }
        println!("{name}: {passes} passes over {} lines, {t:?}", lines.len());
        return;
    }
    let (lines, parsers) = p::chosen();
    let Some(&(_, parse)) = parsers.iter().find(|&&(n, _)| n == name) else {
        let names: Vec<&str> = parsers.iter().map(|&(n, _)| n).collect();
        panic!("unknown parser {name:?}; one of {names:?}");
    };
    let mut t = p::Tally::default();
    for _ in 0..passes {
        t = p::tally(&lines, parse);
    }
    println!("{name}: {passes} passes over {} lines, {t:?}", lines.len());
}
