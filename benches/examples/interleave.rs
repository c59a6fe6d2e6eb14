//! Time ratios from interleaved runs: urigram's parsers against ada's `can_parse`, ada's
//! `parse` and fluent-uri, on the same machine, in one run.
//!
//! ```text
//! cargo build --release --example interleave
//! target/release/examples/interleave [ROUNDS] [PASSES]
//! ```
//!
//! Each round times every parser of [`OURS`] and [`PEERS`] once, one after the other (the
//! order reversed every other round, so that a drift in the machine's speed weighs on each the
//! same), each over `PASSES` passes of the corpus (default 20), by the CPU time of the thread
//! (`CLOCK_THREAD_CPUTIME_ID`: time spent descheduled counts for no parser). A round gives one
//! ratio for each pair of ours and a peer; the table holds the median over `ROUNDS` rounds
//! (default 31) and the range of the middle half of them. Before the first round every parser
//! runs once over the corpus, so that one-time set-up (ada decompresses its IDNA tables on its
//! first call) is in no round. Ratios below 1 mean ours takes less time.
//!
//! With `CORPUS=iris` in the environment the rows are urigram's IRI checks ([`IRI_OURS`]) and
//! the columns the IRI peers ([`IRI_PEERS`]), over the IRI corpus.
//!
//! Verdicts are not timed here: `run.sh` (and the crate's tests) hold parsers of one grammar
//! to the same verdicts.

use urigram_bench as p;

/// urigram's parsers, a row each.
const OURS: &[&str] = &[
    "urigram-check",
    "urigram-check-3986",
    "urigram-check-3987",
    "urigram",
    "urigram-3986",
];

/// The peers, a column each.
const PEERS: &[&str] = &["ada-url", "ada-url-parse", "fluent-uri"];

/// urigram's IRI parsers, a row each, with `CORPUS=iris`: the check of `IRI-reference` and of
/// `IRI`. (The typed IRI parse, when it comes, is one more name here.)
const IRI_OURS: &[&str] = &[
    "urigram-3987",
    "urigram-check-3987",
    "urigram-check-3987-iri",
];

/// The IRI peers, a column each, with `CORPUS=iris`.
const IRI_PEERS: &[&str] = &[
    "oxiri",
    "iri-string-iri",
    "iri-string-iri-absolute",
    "fluent-uri-iri",
];

/// The median of `v` and its quartiles (`v` is sorted in place).
fn quartiles(v: &mut [f64]) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.25), at(0.5), at(0.75))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args
        .next()
        .map_or(31, |n| n.parse().expect("a number of rounds"));
    let passes: usize = args
        .next()
        .map_or(20, |n| n.parse().expect("a number of passes"));
    assert!(
        rounds > 0 && passes > 0,
        "rounds and passes must be positive"
    );
    let (lines, all) = p::chosen();
    let (ours, peers) = if p::iris_chosen() {
        (IRI_OURS, IRI_PEERS)
    } else {
        (OURS, PEERS)
    };
    let names: Vec<&str> = ours.iter().chain(peers).copied().collect();
    let parsers: Vec<p::ParseFn> = names
        .iter()
        .map(|&name| {
            all.iter()
                .find(|&&(n, _)| n == name)
                .unwrap_or_else(|| panic!("no parser {name}"))
                .1
        })
        .collect();
    for &parse in &parsers {
        p::tally(&lines, parse);
    }
    // times[k][r]: parser k's CPU time in round r.
    let mut times = vec![Vec::with_capacity(rounds); names.len()];
    for r in 0..rounds {
        let order: Vec<usize> = if r % 2 == 0 {
            (0..names.len()).collect()
        } else {
            (0..names.len()).rev().collect()
        };
        for k in order {
            let parse = parsers[k];
            let start = p::thread_cpu_now();
            for _ in 0..passes {
                p::tally(&lines, parse);
            }
            times[k].push(p::thread_cpu_now().saturating_sub(start).as_secs_f64());
        }
    }
    let per_uri = 1e9 / (passes * lines.len()) as f64;
    println!(
        "{rounds} rounds of {passes} passes over {} lines each, interleaved",
        lines.len()
    );
    println!();
    let mut head = String::from("| parser | ns per URI (median) |");
    let mut rule = String::from("| --- | ---: |");
    for peer in peers {
        head.push_str(&format!(" x {peer} (middle half) |"));
        rule.push_str(" ---: |");
    }
    println!("{head}\n{rule}");
    for (k, name) in names.iter().enumerate() {
        let (_, t, _) = quartiles(&mut times[k].clone());
        let mut row = format!("| {name} | {:.1} |", t * per_uri);
        if k < ours.len() {
            for j in ours.len()..names.len() {
                let mut ratios: Vec<f64> = (0..rounds).map(|r| times[k][r] / times[j][r]).collect();
                let (lo, m, hi) = quartiles(&mut ratios);
                row.push_str(&format!(" {m:.2} ({lo:.2} to {hi:.2}) |"));
            }
        } else {
            row.push_str(&" |".repeat(peers.len()));
        }
        println!("{row}");
    }
}
