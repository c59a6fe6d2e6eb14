//! Time every parser over the whole corpus, in one run.
//!
//! The clock is the CPU time of the benchmarking thread (`CLOCK_THREAD_CPUTIME_ID`), not wall
//! time: the machines this runs on share their cores with other builds, and time spent
//! descheduled would otherwise land in whichever parser happened to be running. Cache and
//! memory-bandwidth contention still shows, so quote ratios from one run rather than absolute
//! times across runs.
//!
//! One criterion iteration parses every line of the corpus once. Before timing, each parser's
//! tally (accepted lines, scheme bytes) is computed by the same monomorphic loop that is timed;
//! when `URIGRAM_BENCH_COUNTS` names a file, the tallies are written there as TSV for `run.sh`.

use std::fmt::Write as _;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkGroup, Criterion, Throughput};
use urigram_bench as p;

/// CPU time consumed by the calling thread. Values are durations, so criterion's own
/// wall-time formatter (nanoseconds and up) prints them.
struct ThreadCpuTime(WallTime);

impl Measurement for ThreadCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        p::thread_cpu_now()
    }
    fn end(&self, start: Duration) -> Duration {
        p::thread_cpu_now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, d: &Duration) -> f64 {
        d.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

fn bench(
    group: &mut BenchmarkGroup<'_, ThreadCpuTime>,
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
    // Parsers of one grammar give each line the same verdict (the IRI parsers on the IRI
    // corpus); a change that breaks that fails the run before anything is timed.
    let mut differ = p::disagreements(p::AGREE, &lines);
    differ.extend(p::disagreements(p::IRI_AGREE, &p::iri_lines()));
    if !differ.is_empty() {
        for (s, yes, no) in &differ {
            eprintln!("{yes} accepts and {no} rejects {s:?}");
        }
        eprintln!(
            "{} disagreements between parsers that read one grammar",
            differ.len()
        );
        std::process::exit(1);
    }
    let mut c = Criterion::default()
        .with_measurement(ThreadCpuTime(WallTime))
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    let mut counts = String::from("parser\taccepted\tscheme_bytes\n");
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(lines.len() as u64));
    // Every parser of the list, in its order: the table and the benchmark cannot disagree.
    for &(name, parse) in p::PARSERS {
        bench(&mut g, &lines, &mut counts, name, parse);
    }
    g.finish();
    c.final_summary();

    match std::env::var_os("URIGRAM_BENCH_COUNTS") {
        Some(path) => std::fs::write(path, &counts).expect("write the tallies"),
        None => eprint!("{counts}"),
    }
}
