//! The two passes of a check on long lines: a valid line runs the fast pass only, an invalid
//! one (an error at its end) the fast pass and then the diagnosing pass, which finds the error.
//!
//! ```text
//! cargo run --release --example long_lines            # 100 MB lines, best of 3 runs
//! cargo run --release --example long_lines -- 10 5    # 10 MB lines, best of 5
//! ```
//!
//! For each shape, a valid line and the same line with an error at its end, of about the
//! given size. Prints a Markdown table: MB/s of the check of the valid line (the fast pass),
//! of the invalid line (both passes and the error), of the diagnosing pass alone (the invalid
//! line's time less the valid line's), and the ratio of the fast pass's rate to the
//! diagnosing pass's. Times are the fastest of the runs (CPU time of this thread).

use std::time::Duration;

use urigram::Grammar;

/// A shape: grammar, rule, opening, the part repeated, the end of a valid line and the end
/// of an invalid one (with the offset of its error counted from that end's start).
struct Shape {
    name: &'static str,
    grammar: Grammar,
    rule: &'static str,
    head: &'static str,
    unit: &'static str,
    ok_tail: &'static str,
    bad_tail: &'static str,
    /// Where the error is, from the start of `bad_tail`.
    bad_at: usize,
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "path, bad escape",
        grammar: Grammar::Rfc2396,
        rule: "URI-reference",
        head: "http://a/",
        unit: "b/",
        ok_tail: "%20",
        bad_tail: "%zz",
        bad_at: 1,
    },
    Shape {
        name: "query, bad escape",
        grammar: Grammar::Rfc2396,
        rule: "URI-reference",
        head: "http://a/?",
        unit: "k=v&",
        ok_tail: "%20",
        bad_tail: "%2z",
        bad_at: 2,
    },
    Shape {
        name: "path, space",
        grammar: Grammar::Rfc2396,
        rule: "URI-reference",
        head: "http://a/",
        unit: "seg/",
        ok_tail: "x",
        bad_tail: " ",
        bad_at: 0,
    },
    Shape {
        name: "http URL, space",
        grammar: Grammar::Rfc1738,
        rule: "url",
        head: "http://a/",
        unit: "seg/",
        ok_tail: "x",
        bad_tail: " ",
        bad_at: 0,
    },
    Shape {
        name: "ftp URL, bad escape",
        grammar: Grammar::Rfc1738,
        rule: "url",
        head: "ftp://u:p@h.example/",
        unit: "d/",
        ok_tail: "f;type=i",
        bad_tail: "f%zz",
        bad_at: 2,
    },
    Shape {
        name: "path, space",
        grammar: Grammar::Rfc1630,
        rule: "fragmentaddress",
        head: "http:",
        unit: "seg/",
        ok_tail: "x",
        bad_tail: "x ",
        bad_at: 1,
    },
    Shape {
        name: "http URL, space",
        grammar: Grammar::Rfc1630Url,
        rule: "url",
        head: "http://a/",
        unit: "seg/",
        ok_tail: "x",
        bad_tail: "x ",
        bad_at: 1,
    },
];

/// CPU time of this thread.
fn cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a pointer to a timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The fastest of `runs` runs of `f`, in seconds.
fn best(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = cpu();
            f();
            (cpu() - t).as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mb: usize = args.next().map_or(100, |a| a.parse().expect("megabytes"));
    let runs: usize = args.next().map_or(3, |a| a.parse().expect("runs"));
    println!("Lines of about {mb} MB, the fastest of {runs} runs (thread CPU time).\n");
    println!(
        "| grammar | rule | line | fast pass (valid) MB/s | invalid line MB/s | diagnosing pass MB/s | fast / diagnosing |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: |");
    for s in SHAPES {
        let n = (mb * 1_000_000).saturating_sub(s.head.len()) / s.unit.len();
        let body = format!("{}{}", s.head, s.unit.repeat(n));
        let ok = format!("{body}{}", s.ok_tail);
        let bad = format!("{body}{}", s.bad_tail);
        assert!(
            s.grammar.check(s.rule, &ok).is_ok(),
            "{}: valid line",
            s.name
        );
        let e = s.grammar.check(s.rule, &bad).unwrap_err();
        assert_eq!(e.offset(), body.len() + s.bad_at, "{}: {e}", s.name);
        let t_ok = best(runs, || assert!(s.grammar.check(s.rule, &ok).is_ok()));
        let t_bad = best(runs, || assert!(s.grammar.check(s.rule, &bad).is_err()));
        let mbytes = bad.len() as f64 / 1e6;
        let diag = (t_bad - t_ok).max(1e-9);
        println!(
            "| {} | `{}` | {} | {:.0} | {:.0} | {:.0} | {:.1} |",
            s.grammar,
            s.rule,
            s.name,
            mbytes / t_ok,
            mbytes / t_bad,
            mbytes / diag,
            diag / t_ok,
        );
    }
}
