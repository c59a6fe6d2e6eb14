//! Every numeric option of every command has a stated range: a value in it runs (exit 0 or 1),
//! a value outside it is a usage error (exit 2) that names the option, before any work is
//! done. No value aborts, panics or makes the command allocate what it was told to.
//!
//! (`merge-summaries`, `explain`, `resolve`, `normalize`, `equivalent` and `rules` have no
//! numeric option.)

use crate::common;
use common::run;
use run::urigram;

/// A command and one of its numeric options.
struct Row {
    /// The command line before the option.
    command: &'static [&'static str],
    /// The option.
    option: &'static str,
    /// The smallest and the largest value it takes.
    range: (u64, u64),
    /// The command line after the option (a tiny input).
    rest: &'static [&'static str],
    /// Its standard input.
    stdin: &'static [u8],
}

const STDIN: &[u8] = b"http://a/b\nsee http://a/%zz\n";

const TABLE: &[Row] = &[
    Row {
        command: &["check"],
        option: "--jobs",
        range: (1, 256),
        rest: &["--file", "-"],
        stdin: STDIN,
    },
    Row {
        command: &["check"],
        option: "--max-line-length",
        range: (1, 1 << 30),
        rest: &["--file", "-"],
        stdin: STDIN,
    },
    Row {
        command: &["check"],
        option: "--chunk-bytes",
        range: (1, 1 << 20),
        rest: &["--file", "-"],
        stdin: STDIN,
    },
    Row {
        command: &["check", "--all-grammars"],
        option: "--max-line-length",
        range: (1, 1 << 30),
        rest: &["--file", "-"],
        // Lines of one byte: a line past the limit is an error there.
        stdin: b"a\n#\n",
    },
    Row {
        command: &["extract"],
        option: "--jobs",
        range: (1, 256),
        rest: &["-"],
        stdin: STDIN,
    },
    Row {
        command: &["extract"],
        option: "--max-line-length",
        range: (1, 1 << 30),
        rest: &["-"],
        stdin: STDIN,
    },
    Row {
        command: &["extract"],
        option: "--chunk-bytes",
        range: (1, 1 << 20),
        rest: &["-"],
        stdin: STDIN,
    },
    Row {
        command: &["fix"],
        option: "--max-line-length",
        range: (1, 1 << 30),
        rest: &["-"],
        stdin: STDIN,
    },
    Row {
        command: &["conform", "--rule", "digit"],
        option: "--samples",
        range: (1, 100_000),
        rest: &[],
        stdin: b"",
    },
    Row {
        command: &["conform", "--rule", "URI-reference", "--samples", "3"],
        option: "--budget",
        range: (0, 10_000),
        rest: &[],
        stdin: b"",
    },
    Row {
        command: &["conform", "--rule", "hostname", "--samples", "3"],
        option: "--seed",
        range: (0, u64::MAX),
        rest: &[],
        stdin: b"",
    },
];

#[test]
fn every_numeric_option_at_its_bounds_and_past_them() {
    for row in TABLE {
        let (_, max) = row.range;
        let mut values: Vec<String> = ["0", "1"].map(String::from).to_vec();
        values.push(max.to_string());
        values.push((u128::from(max) + 1).to_string());
        values.push((1u64 << 32).to_string());
        values.push(u64::MAX.to_string());
        values.push("-1".into());
        for v in values {
            let inside = v
                .parse::<u64>()
                .is_ok_and(|n| (row.range.0..=row.range.1).contains(&n));
            let arg = format!("{}={v}", row.option);
            let args = [row.command, &[arg.as_str()][..], row.rest].concat();
            let (code, out, err) = urigram(&args, row.stdin);
            let what = format!("urigram {}: exit {code}\n{err}", args.join(" "));
            assert!((0..=2).contains(&code), "{what}");
            if inside {
                assert!(code == 0 || code == 1, "{what}");
                assert!(!out.is_empty(), "{what}");
            } else {
                assert_eq!(code, 2, "{what}");
                assert!(out.is_empty(), "{what}");
                assert!(err.contains(row.option), "{what}");
                assert!(!err.contains("panicked"), "{what}");
            }
        }
    }
}

/// The values that aborted or panicked before the ranges: a usage error now, at once.
#[test]
fn the_values_that_aborted() {
    for args in [
        &["extract", "--jobs", "4294967295", "-"][..],
        &["check", "--jobs", "4294967295", "--file", "-"],
        &["conform", "--samples", "18446744073709551615"],
        &["conform", "--samples", "4294967296"],
        &["conform", "--samples", "4294967295"],
        &["conform", "--budget", "18446744073709551615"],
        &[
            "check",
            "--chunk-bytes",
            "18446744073709551615",
            "--file",
            "-",
        ],
        &["extract", "--chunk-bytes", "18446744073709551615", "-"],
    ] {
        let (code, out, err) = urigram(args, STDIN);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty() && err.contains("invalid value"),
            "{args:?}: {err}"
        );
    }
}

/// A line past `check --all-grammars --max-line-length` is an error that names the option.
#[test]
fn the_matrix_keeps_the_line_limit() {
    let (code, out, err) = urigram(
        &[
            "check",
            "--all-grammars",
            "--max-line-length",
            "12",
            "--file",
            "-",
        ],
        b"http://a/b\nhttp://a/bcd\r\nhttp://a/bcde\n",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(out.matches("(<stdin>:").count(), 2, "{out}");
    assert!(
        err.contains("<stdin>:3: a line longer than 12 bytes (--max-line-length)"),
        "{err}"
    );
}
