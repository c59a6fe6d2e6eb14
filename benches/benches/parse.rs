//! Time every parser over the whole corpus, in one run.
//!
//! One criterion iteration parses every line of the corpus once. Before timing, each parser's
//! tally (accepted lines, scheme bytes) is computed by the same monomorphic loop that is timed;
//! when `URIGRAM_BENCH_COUNTS` names a file, the tallies are written there as TSV for `run.sh`.

use std::fmt::Write as _;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use urigram_bench as p;

fn bench(
    group: &mut BenchmarkGroup<'_, WallTime>,
    lines: &[&str],
    counts: &mut String,
    name: &str,
    parse: impl Fn(&str) -> Option<usize> + Copy,
) {
    let t = p::tally(lines, parse);
    writeln!(counts, "{name}\t{}\t{}", t.accepted, t.scheme_bytes).unwrap();
    group.bench_function(name, |b| b.iter(|| p::tally(lines, parse)));
}

fn main() {
    let lines = p::lines();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    let mut counts = String::from("parser\taccepted\tscheme_bytes\n");
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(lines.len() as u64));
    let (l, n) = (&lines[..], &mut counts);
    bench(&mut g, l, n, "urigram", p::urigram);
    bench(&mut g, l, n, "urigram-check", p::urigram_check);
    bench(&mut g, l, n, "fluent-uri", p::fluent_uri);
    bench(&mut g, l, n, "oxiri", p::oxiri);
    bench(&mut g, l, n, "iri-string", p::iri_string);
    bench(&mut g, l, n, "uriparse", p::uriparse);
    bench(&mut g, l, n, "http", p::http);
    bench(&mut g, l, n, "url", p::url);
    bench(&mut g, l, n, "rfc2396", p::rfc2396);
    g.finish();
    c.final_summary();

    let names: Vec<&str> = counts
        .lines()
        .skip(1)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let listed: Vec<&str> = p::PARSERS.iter().map(|&(name, _)| name).collect();
    assert_eq!(
        names, listed,
        "the benchmark and PARSERS list the same parsers"
    );
    match std::env::var_os("URIGRAM_BENCH_COUNTS") {
        Some(path) => std::fs::write(path, &counts).expect("write the tallies"),
        None => eprint!("{counts}"),
    }
}
