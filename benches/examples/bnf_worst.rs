//! The BNF engine (`urigram::bnf`) on hostile inputs: for every grammar and every rule, check
//! inputs of one size built from ambiguous fragments, and print the slowest rule of each
//! grammar with its time and peak memory, then that input's growth at 1, 2, 4 and 8 KB.
//!
//! ```text
//! benches/bnf.sh                 # or: cargo run --release --example bnf_worst -- [KB] [grammar]
//! ```
//!
//! An input is a prefix (empty, a scheme opening such as `prospero://h/a%00`, or a small
//! generated member of the rule) followed by one fragment (`a.`, `1`, `%00`, `+` ...) repeated
//! up to the size or by fragments drawn at random, or a large generated member of the rule
//! followed by junk. Memory is the peak of the bytes the check allocates (a counting
//! allocator), not the process's resident size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use urigram::bnf;

/// Counts live heap bytes and their peak since the last [`reset_peak`].
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Sets the peak to the live bytes now, and returns them.
fn reset_peak() -> usize {
    let live = LIVE.load(Relaxed);
    PEAK.store(live, Relaxed);
    live
}

/// Fragments that make the URI grammars ambiguous or keep an input viable for long.
const FRAGMENTS: &[&str] = &[
    "a.", "1", "%00", "+", "a", ".", "a+", "/", "a/", "-", "a-", "=", ";", "@", ":", "!", "1.",
    "a@", "a:", "a=1;",
];

/// Openings that lead deep into one scheme's rules before the fragments start.
const OPENINGS: &[&str] = &[
    "",
    "http://",
    "http://h/",
    "http://h/p?",
    "ftp://",
    "ftp://h/",
    "prospero://h/a%00",
    "news:",
    "nntp:",
    "wais://h/d/t/",
    "mailto:",
    "telnet://",
    "gopher://h/",
    "a:",
    "url:http://",
    "file://h/",
    "//",
];

/// One hostile input of `size` bytes (or a little less, to keep whole fragments).
fn filled(prefix: &str, fragment: &str, size: usize) -> String {
    let mut s = String::with_capacity(size + fragment.len());
    s.push_str(prefix);
    while s.len() + fragment.len() <= size {
        s.push_str(fragment);
    }
    s
}

/// `prefix` followed by fragments drawn at random (a fixed seed) up to `size` bytes: an input
/// that goes through many different sets of configurations, not one cycle of them.
fn mixed(prefix: &str, seed: u64, size: usize) -> String {
    let mut s = String::with_capacity(size + 8);
    s.push_str(prefix);
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    loop {
        // xorshift64
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let f = FRAGMENTS[(x % FRAGMENTS.len() as u64) as usize];
        if s.len() + f.len() > size {
            return s;
        }
        s.push_str(f);
    }
}

/// Builds an input of about the given size.
type Make<'g> = Box<dyn Fn(usize) -> String + 'g>;

/// The input kinds of one rule: (label, builder).
fn kinds<'g>(g: &'g bnf::Grammar, rule: &str) -> Vec<(String, Make<'g>)> {
    let mut v: Vec<(String, Make<'g>)> = Vec::new();
    let mut openings: Vec<String> = OPENINGS.iter().map(|s| s.to_string()).collect();
    for seed in 0..3 {
        if let Ok(m) = g.generate(rule, seed, 30) {
            openings.push(m);
        }
    }
    openings.sort();
    openings.dedup();
    for o in &openings {
        for f in FRAGMENTS {
            let (o, f) = (o.clone(), f.to_string());
            v.push((
                format!("{o:?} + {f:?}*"),
                Box::new(move |n| filled(&o, &f, n)),
            ));
        }
    }
    for (i, o) in openings.iter().enumerate() {
        let o = o.clone();
        v.push((
            format!("{o:?} + mixed fragments"),
            Box::new(move |n| mixed(&o, i as u64, n)),
        ));
    }
    for seed in 0..3 {
        let r = rule.to_string();
        v.push((
            format!("member(seed {seed}) + junk"),
            Box::new(move |n| {
                let m = g.generate(&r, seed, n).unwrap_or_default();
                filled(&m, "a.%0", n)
            }),
        ));
    }
    v
}

struct Run {
    secs: f64,
    peak: usize,
    verdict: Result<(), usize>,
}

/// One check, timed, with its peak allocation.
fn run(rec: &bnf::Recognizer<'_>, input: &str) -> Run {
    let base = reset_peak();
    let t = Instant::now();
    let verdict = std::hint::black_box(rec.check(std::hint::black_box(input)));
    let secs = t.elapsed().as_secs_f64();
    Run {
        secs,
        peak: PEAK.load(Relaxed).saturating_sub(base),
        verdict,
    }
}

/// The fastest of repeated checks, repeated for at least 50 ms (at most 20 times).
fn best_of(rec: &bnf::Recognizer<'_>, input: &str) -> f64 {
    let start = Instant::now();
    let mut best = f64::INFINITY;
    for _ in 0..20 {
        best = best.min(run(rec, input).secs);
        if start.elapsed() > Duration::from_millis(50) {
            break;
        }
    }
    best
}

/// What one input of a grammar gave at the full size.
struct Worst {
    rule: String,
    label: String,
    run: Run,
}

fn verdict(v: Result<(), usize>) -> String {
    match v {
        Ok(()) => "ok".to_string(),
        Err(k) => format!("err {k}"),
    }
}

/// Times at 1, 2, 4 and 8 KB (fastest of repeated runs), the growth exponents between them,
/// and the peak bytes at 1 and 8 KB, as the rest of a table row.
fn growth(rec: &bnf::Recognizer<'_>, make: &dyn Fn(usize) -> String) -> String {
    let sizes = [1, 2, 4, 8];
    let times: Vec<f64> = sizes
        .iter()
        .map(|k| {
            let t = best_of(rec, &make(k * 1024));
            // Progress, for a run that may be stopped before the row is done.
            eprintln!("{k} KB: {t:.6} s");
            t
        })
        .collect();
    let (small, big) = (make(1024), make(8 * 1024));
    let (p1, p8) = (run(rec, &small).peak, run(rec, &big).peak);
    let exp = |i: usize| (times[i + 1] / times[i]).log2();
    format!(
        "{:.6} | {:.6} | {:.6} | {:.6} | {:.2} | {:.2} | {:.2} | {p1} | {p8} | {:.2} |",
        times[0],
        times[1],
        times[2],
        times[3],
        exp(0),
        exp(1),
        exp(2),
        (p8 as f64 - p1 as f64) / (big.len() - small.len()) as f64,
    )
}

const GROWTH_HEADER: &str = "| grammar | rule | input | 1 KB s | 2 KB s | 4 KB s | 8 KB s | exponent 1-2 KB | 2-4 KB | 4-8 KB | peak bytes 1 KB | peak bytes 8 KB | bytes per added input byte |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";

/// `one GRAMMAR RULE OPENING FRAGMENT`: the growth row of one input.
fn one(args: &[String]) {
    let [grammar, rule, opening, fragment] = args else {
        panic!("one GRAMMAR RULE OPENING FRAGMENT");
    };
    let g = bnf::load(grammar).expect("built-in grammar");
    let rec = g.recognizer(rule).expect("rule");
    println!("{GROWTH_HEADER}");
    let make = |n| filled(opening, fragment, n);
    let row = growth(&rec, &make);
    println!("| {grammar} | `{rule}` | `{opening:?} + {fragment:?}*` | {row}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "one") {
        return one(&args[1..]);
    }
    let kb: usize = args
        .first()
        .map_or(10, |a| a.parse().expect("a size in KB"));
    let only = args.get(1);
    let size = kb * 1024;
    println!("Hostile inputs of {kb} KB, every rule of every grammar.\n");
    println!(
        "| grammar | rules | inputs | slowest rule | its input | verdict | seconds | peak bytes | largest peak, any input |"
    );
    println!("| --- | ---: | ---: | --- | --- | --- | ---: | ---: | ---: |");
    let mut worst_inputs = Vec::new();
    let total = Instant::now();
    for &name in bnf::names() {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let g = bnf::load(name).expect("built-in grammar");
        let mut all: Vec<Worst> = Vec::new();
        for rule in g.rule_names() {
            let rec = g.recognizer(rule).expect("rule");
            for (label, make) in kinds(&g, rule) {
                let input = make(size);
                all.push(Worst {
                    rule: rule.to_string(),
                    label,
                    run: run(&rec, &input),
                });
            }
        }
        let (inputs, largest) = (all.len(), all.iter().map(|w| w.run.peak).max().unwrap_or(0));
        // One run each is noisy on a shared machine: time the slowest few again.
        all.sort_by(|a, b| b.run.secs.total_cmp(&a.run.secs));
        all.truncate(5);
        for w in &mut all {
            let rec = g.recognizer(&w.rule).expect("rule");
            let make = kinds(&g, &w.rule)
                .into_iter()
                .find(|(l, _)| *l == w.label)
                .map(|(_, m)| m)
                .expect("same kinds");
            w.run.secs = best_of(&rec, &make(size));
        }
        let Some(w) = all
            .into_iter()
            .max_by(|a, b| a.run.secs.total_cmp(&b.run.secs))
        else {
            continue;
        };
        println!(
            "| {name} | {} | {} | `{}` | `{}` | {} | {:.6} | {} | {largest} |",
            g.rule_names().len(),
            inputs,
            w.rule,
            w.label,
            verdict(w.run.verdict),
            w.run.secs,
            w.run.peak,
        );
        worst_inputs.push((g, w.rule, w.label));
    }
    println!("\n{:.1} s in all.\n", total.elapsed().as_secs_f64());
    println!("Growth of each grammar's slowest input (fastest of repeated runs):\n");
    println!("{GROWTH_HEADER}");
    for (g, rule, label) in &worst_inputs {
        let rec = g.recognizer(rule).expect("rule");
        let make = kinds(g, rule)
            .into_iter()
            .find(|(l, _)| l == label)
            .map(|(_, m)| m)
            .expect("same kinds");
        let row = growth(&rec, &make);
        println!("| {} | `{rule}` | `{label}` | {row}", g.name());
    }
}
