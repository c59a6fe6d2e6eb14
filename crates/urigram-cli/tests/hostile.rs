//! Hostile input to the command line: no argument, line or summary makes a command panic,
//! stall or grow without bound. Huge labels and keys, out-of-range `--jobs`, summaries whose
//! counts overflow or disagree, terminal control characters, and streams of long lines whose
//! peak memory is measured while they run.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread::JoinHandle;

use serde_json::{Value, json};

use crate::common;
use common::run;
use run::urigram;

const MB: usize = 1 << 20;

fn spawn(args: &[&str]) -> Child {
    Command::new(common::URIGRAM)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram")
}

/// A scratch directory under the target directory, removed at the end.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }

    fn file(&self, name: &str, data: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, data).unwrap();
        p.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A summary document with one section.
fn summary(section: Value) -> String {
    json!({"urigram": "summary", "version": 1, "sections": [section]}).to_string()
}

/// A consistent section: `valid` valid lines and one group of `invalid` invalid ones, keyed
/// `key`, with one example from `source` showing `input`.
fn section(valid: u64, invalid: u64, key: &str, source: &str, input: &str) -> Value {
    let examples = if invalid > 0 {
        json!([{"source": source, "line": 1, "column": 1, "offset": 0, "input": input}])
    } else {
        json!([])
    };
    let groups = |k: &str| {
        if invalid == 0 {
            json!([])
        } else {
            json!([{k: key, "see": key, "count": invalid, "examples": examples}])
        }
    };
    json!({
        "grammar": "rfc2396", "rule": "URI-reference",
        "lines": valid + invalid, "bytes": 0, "valid": valid, "invalid": invalid,
        "by_production": groups("production"), "by_code": groups("code"),
        "by_found": groups("found"),
    })
}

// ---- widths -------------------------------------------------------------------------------

#[test]
fn a_label_past_u16_max_does_not_panic() {
    let label = "L".repeat(70_000);
    let (code, out, err) = urigram(
        &["check", "--summary", "--label", &label, "--file", "-"],
        b"a b\n",
    );
    assert_eq!(code, 1, "{err}");
    assert!(out.contains(&format!("{label}:1:2  a b")), "{out}");
    // The caret is under the space.
    let caret = out.lines().find(|l| l.trim() == "^").expect("a caret line");
    let shown = out
        .lines()
        .find(|l| l.contains(&format!("{label}:1:2")))
        .unwrap();
    assert_eq!(caret.len() - 1, shown.find(" b").unwrap());
}

#[test]
fn group_keys_and_sources_past_u16_max_in_merged_summaries() {
    let key = "K".repeat(70_000);
    let source = "S".repeat(70_000);
    let s = summary(section(1, 2, &key, &source, "x y"));
    for format in ["human", "json"] {
        let (code, out, err) = urigram(&["merge-summaries", "--format", format, "-"], s.as_bytes());
        assert_eq!(code, 1, "{format}: {err}");
        assert!(out.contains(&key) && out.contains(&source), "{format}");
    }
}

// ---- --jobs -------------------------------------------------------------------------------

#[test]
fn jobs_past_the_bound_are_a_usage_error() {
    for n in ["4294967295", "100000", "257", "0"] {
        let (code, out, err) = urigram(&["check", "--jobs", n, "--file", "-"], b"http://a/\n");
        assert_eq!(code, 2, "--jobs {n}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("--jobs") && err.contains("1..=256"), "{err}");
    }
    let (code, out, _) = urigram(&["check", "--jobs", "256", "--file", "-"], b"http://a/\n");
    assert_eq!((code, out.as_str()), (0, "ok: http://a/\n"));
}

// ---- merge-summaries validates what it merges ----------------------------------------------

#[test]
fn counts_that_overflow_are_an_error_naming_file_and_field() {
    let dir = Scratch::new("hostile-overflow");
    let half = 1u64 << 63;
    let a = dir.file("a.json", summary(section(half, 0, "", "", "")).as_bytes());
    let b = dir.file("b.json", summary(section(half, 0, "", "", "")).as_bytes());
    let (code, out, err) = urigram(&["merge-summaries", &a, &b], b"");
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty());
    assert!(err.contains("b.json") && err.contains("\"lines\""), "{err}");
    assert!(err.contains("overflow"), "{err}");
    // One summary of 2^63 lines is fine, and so is u64::MAX.
    let (code, out, _) = urigram(&["merge-summaries", &a], b"");
    assert_eq!(code, 0);
    assert!(out.contains("9,223,372,036,854,775,808"), "{out}");
    // Within one file too: two documents, or two sections of one document.
    let both = format!(
        "{}\n{}",
        summary(section(half, 0, "", "", "")),
        summary(section(half, 0, "", "", ""))
    );
    let (code, _, err) = urigram(&["merge-summaries", "-"], both.as_bytes());
    assert_eq!(code, 2);
    assert!(
        err.contains("<stdin>") && err.contains("\"lines\""),
        "{err}"
    );
    let doc = json!({"urigram": "summary", "version": 1,
                     "sections": [section(half, 0, "", "", ""), section(half, 0, "", "", "")]});
    let (code, _, err) = urigram(&["merge-summaries", "-"], doc.to_string().as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("\"lines\""), "{err}");
}

#[test]
fn inconsistent_counts_are_an_error() {
    let mut cases = Vec::new();
    // valid + invalid is not lines: today's "500.0%".
    let mut s = section(1, 5, "k", "a", "x y");
    s["lines"] = json!(1);
    cases.push((s, "is not \"lines\""));
    // The groups count more, or fewer, lines than are invalid.
    let mut s = section(0, 5, "k", "a", "x y");
    s["by_code"][0]["count"] = json!(6);
    cases.push((s, "by_code"));
    let mut s = section(0, 5, "k", "a", "x y");
    s["by_found"] = json!([]);
    cases.push((s, "by_found"));
    // Groups whose sum overflows.
    let mut s = section(0, 5, "k", "a", "x y");
    let g = s["by_production"][0].clone();
    let mut g2 = g.clone();
    g2["production"] = json!("other");
    g2["count"] = json!(u64::MAX);
    s["by_production"] = json!([g, g2]);
    cases.push((s, "by_production"));
    // A key twice.
    let mut s = section(0, 5, "k", "a", "x y");
    let mut g = s["by_code"][0].clone();
    g["count"] = json!(2);
    let mut g3 = g.clone();
    g3["count"] = json!(3);
    s["by_code"] = json!([g, g3]);
    cases.push((s, "twice"));
    // More examples than lines.
    let mut s = section(0, 1, "k", "a", "x y");
    let ex = s["by_code"][0]["examples"][0].clone();
    s["by_code"][0]["examples"] = json!([ex.clone(), ex]);
    cases.push((s, "examples"));
    for (s, why) in cases {
        let (code, out, err) = urigram(&["merge-summaries", "-"], summary(s.clone()).as_bytes());
        assert_eq!(code, 2, "{s}: {out}");
        assert!(out.is_empty());
        assert!(err.contains(why), "{why}: {err}");
        assert!(err.starts_with("urigram: <stdin>: "), "{err}");
    }
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let s = format!("\u{FEFF}{}", summary(section(3, 1, "k", "a", "x y")));
    let (code, out, err) = urigram(&["merge-summaries", "-"], s.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("lines    4"), "{out}");
    // Only at the start: a BOM between documents is no JSON.
    let s = format!("{s}\u{FEFF}{s}");
    let (code, _, _) = urigram(&["merge-summaries", "-"], s.as_bytes());
    assert_eq!(code, 2);
}

/// Characters that rewrite a terminal's line: C0 (escape, carriage return, backspace), DEL,
/// C1 (CSI), the bidi overrides, isolates and marks.
const HOSTILE: &str = "\u{1b}[2J\r\u{8}\u{7f}\u{9b}31m\u{202E}\u{2066}\u{200F}\u{61C}\u{2028}";

fn assert_visible(out: &str) {
    for c in out.chars() {
        assert!(
            c == '\n'
                || !(c.is_control()
                    || matches!(c, '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{2028}'..='\u{202E}'
                        | '\u{2066}'..='\u{2069}')),
            "U+{:04X} printed as itself in {out:?}",
            c as u32
        );
    }
}

#[test]
fn control_and_bidi_characters_are_made_visible() {
    let s = summary(section(
        0,
        1,
        &format!("key{HOSTILE}"),
        &format!("src{HOSTILE}"),
        &format!("in{HOSTILE}put"),
    ));
    let mut doc: Value = serde_json::from_str(&s).unwrap();
    doc["sections"][0]["grammar"] = json!(format!("g{HOSTILE}"));
    doc["sections"][0]["rule"] = json!(format!("r{HOSTILE}"));
    let (code, out, err) = urigram(&["merge-summaries", "-"], doc.to_string().as_bytes());
    assert_eq!(code, 1, "{err}");
    assert_visible(&out);
    assert!(
        out.contains("<U+202E>") && out.contains("␛[2J␍␈␡<U+009B>31m"),
        "{out}"
    );
    // The same from check: a label, and lines with these characters.
    let label = format!("shard{HOSTILE}");
    let input = format!("http://a/{HOSTILE}\nhttp://a/\u{202E}x\n");
    let (code, out, err) = urigram(
        &["check", "--summary", "--label", &label, "--file", "-"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert_visible(&out);
    assert!(out.contains("shard␛[2J"), "{out}");
    // The caret stays under the error, after the escapes.
    let lines: Vec<&str> = out.lines().collect();
    let k = lines
        .iter()
        // (The `\r` of HOSTILE ends the first line, as `\n` does: the second URI is line 3.)
        .position(|l| l.contains(":3:10"))
        .expect("the second URI's example");
    // (Every character shown is one column wide, so columns are characters here.)
    let at = lines[k].find("<U+202E>x").unwrap();
    assert_eq!(
        lines[k + 1].chars().count() - 1,
        lines[k][..at].chars().count(),
        "{out}"
    );
}

// ---- long lines -----------------------------------------------------------------------------

#[test]
fn a_line_past_the_limit_is_invalid_and_the_stream_goes_on() {
    // Limit 16: line 2 is held and refused by the worker, line 4 (longer than one read) is
    // skipped by the reader, line 5 is exactly 16 bytes before its \r\n.
    let mut input = Vec::new();
    input.extend_from_slice(b"http://a/\n");
    input.extend_from_slice(b"http://a/01234567\n");
    input.extend_from_slice(b"x y\n");
    input.extend_from_slice(&[b'a'; 200_000]);
    input.extend_from_slice(b"\r\nhttp://a/0123456\r\n#f");
    for chunk in ["8", "1000"] {
        let args = [
            "check",
            "--max-line-length",
            "16",
            "--chunk-bytes",
            chunk,
            "--jobs",
            "2",
            "--format",
            "jsonl",
            "--file",
            "-",
        ];
        let (code, out, err) = urigram(&args, &input);
        assert_eq!(code, 1, "{err}");
        let recs: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(recs.len(), 6, "{out}");
        let valid: Vec<bool> = recs.iter().map(|r| r["valid"].as_bool().unwrap()).collect();
        assert_eq!(
            valid,
            [true, false, false, false, true, true],
            "chunk {chunk}"
        );
        for (r, line, len) in [(&recs[1], 2, 17), (&recs[3], 4, 200_000)] {
            assert_eq!(r["line"], line, "chunk {chunk}: {r}");
            assert_eq!(r["input"], Value::Null);
            assert_eq!(r["error"]["code"], "urigram::line-too-long");
            assert_eq!(r["error"]["length"], len, "chunk {chunk}: {r}");
            assert_eq!(r["error"]["limit"], 16);
        }
        assert_eq!(recs[2]["input"], "x y");
    }
    // Human records and the summary.
    let (code, out, _) = urigram(
        &[
            "check",
            "--max-line-length",
            "16",
            "--chunk-bytes",
            "8",
            "--file",
            "-",
        ],
        &input,
    );
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "error[urigram::line-too-long]: a line of 200,000 bytes, longer than the limit of 16 \
             (--max-line-length): not checked\n --> <stdin>:4\n"
        ),
        "{out}"
    );
    let (code, out, _) = urigram(
        &[
            "check",
            "--summary",
            "--format",
            "json",
            "--max-line-length",
            "16",
            "--chunk-bytes",
            "8",
            "--file",
            "-",
        ],
        &input,
    );
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let s = &v["sections"][0];
    assert_eq!(
        (&s["lines"], &s["valid"], &s["invalid"]),
        (&json!(6), &json!(3), &json!(3))
    );
    assert_eq!(s["bytes"], input.len());
    let code_group = s["by_code"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["code"] == "urigram::line-too-long")
        .expect("the too-long group");
    assert_eq!(code_group["count"], 2);
    let lines: Vec<&Value> = code_group["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["line"])
        .collect();
    assert_eq!(lines, [&json!(2), &json!(4)]);
    // The summary merges and prints.
    let (code, out, err) = urigram(&["merge-summaries", "-"], v.to_string().as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("urigram::line-too-long"), "{out}");
    // The limit is checked too.
    for bad in ["0", "1073741825", "-5"] {
        let (code, _, err) = urigram(&["check", "--max-line-length", bad, "x"], b"");
        assert_eq!(code, 2, "{bad}: {err}");
    }
}

// ---- bounded memory, measured ---------------------------------------------------------------

/// The limit every hostile stream stays under, with the default options.
const LIMIT_KB: usize = 128 * 1024;

/// Run `urigram ARGS`, feeding its stdin from `feed` on another thread (nothing on disk), and
/// read its peak memory (VmHWM) once `feed` is done, before stdin closes: (peak kB, exit
/// code, stdout).
#[cfg(target_os = "linux")]
fn peak_while_fed(
    args: &[&str],
    feed: impl FnOnce(&mut ChildStdin) + Send + 'static,
) -> (usize, i32, String) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader: JoinHandle<String> = std::thread::spawn(move || {
        let mut s = Vec::new();
        stdout.read_to_end(&mut s).unwrap();
        String::from_utf8_lossy(&s).into_owned()
    });
    let writer = std::thread::spawn(move || {
        feed(&mut stdin);
        stdin
    });
    let stdin = writer.join().expect("the feeding thread");
    let peak = peak_kb(child.id());
    drop(stdin);
    let code = child.wait().unwrap().code().unwrap_or(-1);
    (peak, code, reader.join().unwrap())
}

#[cfg(target_os = "linux")]
fn peak_kb(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

/// Write `total` bytes of `unit` (repeated), in pieces of about a megabyte.
#[cfg(target_os = "linux")]
fn write_repeated(w: &mut ChildStdin, unit: &[u8], total: usize) {
    let piece = unit.repeat(MB / unit.len().min(MB));
    let mut sent = 0;
    while sent < total {
        let n = piece.len().min(total - sent);
        w.write_all(&piece[..n]).expect("write stdin");
        sent += n;
    }
}

fn summary_section(out: &str) -> Value {
    let v: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out:?}"));
    v["sections"][0].clone()
}

#[cfg(target_os = "linux")]
#[test]
fn a_gigabyte_without_a_line_ending_runs_in_bounded_memory() {
    const TOTAL: usize = 1 << 30;
    let (peak, code, out) = peak_while_fed(
        &["check", "--summary", "--format", "json", "--file", "-"],
        |w| write_repeated(w, b"a", TOTAL),
    );
    eprintln!("line-less 1 GiB stream: peak RSS {peak} kB");
    assert_eq!(code, 1);
    let s = summary_section(&out);
    assert_eq!((&s["lines"], &s["invalid"]), (&json!(1), &json!(1)));
    assert_eq!(s["bytes"], TOTAL);
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn many_long_lines_on_eight_jobs_run_in_bounded_memory() {
    // Lines of 40 MB (skipped) between lines just under the limit (held and checked), and
    // lines of two chunks' size (held by the few large buffers).
    let (peak, code, out) = peak_while_fed(
        &[
            "check",
            "--summary",
            "--format",
            "json",
            "--jobs",
            "8",
            "--file",
            "-",
        ],
        |w| {
            let near = format!("http://a/{}\n", "b".repeat((1 << 20) - 9));
            let mid = format!("http://a/{}\n", "c".repeat(600_000));
            for k in 0..12 {
                write_repeated(w, b"x", 40 * MB);
                w.write_all(b"\n").unwrap();
                for _ in 0..8 {
                    w.write_all(near.as_bytes()).unwrap();
                    w.write_all(mid.as_bytes()).unwrap();
                }
                let _ = k;
            }
        },
    );
    eprintln!("long lines, --jobs 8: peak RSS {peak} kB");
    assert_eq!(code, 1);
    let s = summary_section(&out);
    assert_eq!((&s["lines"], &s["invalid"]), (&json!(12 * 17), &json!(12)));
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn records_of_long_invalid_lines_run_in_bounded_memory() {
    // Invalid lines near the limit whose JSON records are six times their size.
    let (peak, code, out) = peak_while_fed(
        &["check", "--format", "jsonl", "--jobs", "8", "--file", "-"],
        |w| {
            let mut line = vec![1u8; 1000 * 1000];
            line.push(b'\n');
            for _ in 0..40 {
                w.write_all(&line).unwrap();
            }
        },
    );
    eprintln!("records of long invalid lines, --jobs 8: peak RSS {peak} kB");
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 40);
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn comparisons_of_long_lines_on_eight_jobs_run_in_bounded_memory() {
    // Lines of 40 MB (skipped), lines just under the limit that only RFC 3986 accepts, and
    // long lines that both reject: the summary keeps windows of them, the records all.
    let feed = |w: &mut ChildStdin| {
        let only_second = format!("?{}\n", "y".repeat((1 << 20) - 1));
        let neither = format!("http://a/{} \n", "b".repeat(600_000));
        for _ in 0..12 {
            write_repeated(w, b"x", 40 * MB);
            w.write_all(b"\n").unwrap();
            for _ in 0..8 {
                w.write_all(only_second.as_bytes()).unwrap();
                w.write_all(neither.as_bytes()).unwrap();
            }
        }
    };
    let cmp = [
        "check",
        "--compare",
        "rfc3986",
        "--jobs",
        "8",
        "--file",
        "-",
    ];
    let (peak, code, out) = peak_while_fed(
        &[&cmp[..], &["--summary", "--format", "json"]].concat(),
        feed,
    );
    eprintln!("comparison of long lines, --jobs 8: peak RSS {peak} kB");
    assert_eq!(code, 1);
    let s: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out:?}"));
    let counts = ["lines", "only_second", "neither", "not_compared"].map(|k| s[k].clone());
    assert_eq!(counts, [json!(12 * 17), json!(96), json!(96), json!(12)]);
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
    let (peak, code, out) = peak_while_fed(&[&cmp[..], &["--format", "jsonl"]].concat(), feed);
    eprintln!("comparison records of long lines, --jobs 8: peak RSS {peak} kB");
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 12 + 96);
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_stays_bounded() {
    let mut child = Command::new(common::URIGRAM)
        .args(["check", "--summary", "--file", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run urigram");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let peak = peak_kb(child.id());
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("/dev/zero for 1.5 s: peak RSS {peak} kB");
    assert!(peak < LIMIT_KB, "peak RSS {peak} kB");
}

// ---- merge-summaries: linear time, memory bounded by what it keeps --------------------------

/// How long a merge below may take: generous (they take seconds), and far below the time of a
/// merge that is quadratic in the documents (minutes at these sizes).
#[cfg(target_os = "linux")]
const MERGE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Run `urigram ARGS`, feeding its stdin from `feed` on another thread, and follow its peak
/// memory (VmHWM) until it exits; kill it and fail if it runs longer than `limit`: (peak kB,
/// exit code, stdout).
#[cfg(target_os = "linux")]
fn peak_until_exit(
    args: &[&str],
    limit: std::time::Duration,
    feed: impl FnOnce(&mut ChildStdin) + Send + 'static,
) -> (usize, i32, String) {
    let start = std::time::Instant::now();
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader: JoinHandle<String> = std::thread::spawn(move || {
        let mut s = Vec::new();
        stdout.read_to_end(&mut s).unwrap();
        String::from_utf8_lossy(&s).into_owned()
    });
    let writer = std::thread::spawn(move || feed(&mut stdin));
    let mut peak = 0;
    let code = loop {
        // (An exited process has no VmHWM any more: the last reading stands.)
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
        if let Some(kb) = status.ok().as_deref().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        }) {
            peak = kb;
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status.code().unwrap_or(-1);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("urigram {args:?} ran for more than {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    writer.join().expect("the feeding thread");
    (peak, code, reader.join().unwrap())
}

/// The memory bound of merge-summaries in kB (`src/cli/merge.rs`, the README): twice 400
/// bytes a section and 100 a group, 96 an example, and 32 bytes more than its length for each
/// string kept (`text`), for the merged summary and the largest document together, on top of
/// what the program takes before it reads (`BASE_KB`).
#[cfg(target_os = "linux")]
fn merge_bound_kb(sections: usize, groups: usize, examples: usize, text: usize) -> usize {
    const BASE_KB: usize = 16 * 1024;
    BASE_KB + (2 * (400 * sections + 100 * groups) + 96 * examples + text) / 1024
}

/// A summary document of one section of rule `rule`: `groups` lines, each invalid in a group
/// of its own (by what was found) with one example, all in one group by production and by
/// code (three examples each).
#[cfg(target_os = "linux")]
fn many_groups(rule: &str, groups: usize) -> String {
    let example =
        json!({"source": "shard.txt", "line": 7, "column": 2, "offset": 1, "input": "x y"});
    let examples = json!([example, example, example]);
    let n = groups as u64;
    let found: Vec<Value> = (0..groups)
        .map(|k| json!({"found": format!("key {k}"), "count": 1, "examples": [example]}))
        .collect();
    json!({"urigram": "summary", "version": 1, "sections": [{
        "grammar": "rfc2396", "rule": rule, "lines": n, "bytes": 4 * n, "valid": 0, "invalid": n,
        "by_production": [{"production": "URI-reference", "see": "rfc2396.txt:1465 (section 4)",
                           "count": n, "examples": examples}],
        "by_code": [{"code": "rfc2396::URI-reference::space", "count": n, "examples": examples}],
        "by_found": found,
    }]})
    .to_string()
}

#[cfg(target_os = "linux")]
#[test]
fn a_hundred_thousand_summaries_merge_in_bounded_memory() {
    // 100,000 shards' summaries (100 MB) on stdin: each is read, added and dropped.
    const N: usize = 100_000;
    let doc = format!("{}\n", many_groups("URI-reference", 8));
    let size = doc.len();
    let (peak, code, out) = peak_until_exit(
        &["merge-summaries", "--format", "json", "-"],
        MERGE_TIME_LIMIT,
        move |w| {
            let many = doc.repeat(1000);
            for _ in 0..N / 1000 {
                w.write_all(many.as_bytes()).unwrap();
            }
        },
    );
    eprintln!("{N} summaries of {size} bytes: peak RSS {peak} kB");
    assert_eq!(code, 1);
    let s = summary_section(&out);
    assert_eq!((&s["lines"], &s["invalid"]), (&json!(8 * N), &json!(8 * N)));
    assert_eq!(
        s["by_found"][0],
        json!({"found": "key 0", "count": N, "examples": [
        {"source": "shard.txt", "line": 7, "column": 2, "offset": 1, "input": "x y"},
        {"source": "shard.txt", "line": 7, "column": 2, "offset": 1, "input": "x y"},
        {"source": "shard.txt", "line": 7, "column": 2, "offset": 1, "input": "x y"}]})
    );
    // The merged summary is a few kB: what stays is the program itself.
    assert!(peak < merge_bound_kb(1, 10, 10, 1024), "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn a_hundred_thousand_sections_merge_in_linear_time() {
    // 100,000 summaries of as many (grammar, rule) pairs: each is found by hash, not by a
    // search through those before it (which took minutes at this size).
    const N: usize = 100_000;
    let (peak, code, out) = peak_until_exit(
        &["merge-summaries", "--format", "json", "-"],
        MERGE_TIME_LIMIT,
        |w| {
            let mut batch = String::new();
            for k in 0..N {
                let s = section(3, 0, "", "", "");
                let mut s = s;
                s["rule"] = json!(format!("rule {k:06}"));
                batch.push_str(&summary(s));
                batch.push('\n');
                if batch.len() > MB {
                    w.write_all(batch.as_bytes()).unwrap();
                    batch.clear();
                }
            }
            w.write_all(batch.as_bytes()).unwrap();
        },
    );
    eprintln!("{N} sections: peak RSS {peak} kB");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let sections = v["sections"].as_array().unwrap();
    assert_eq!(sections.len(), N);
    assert_eq!(sections[N - 1]["rule"], json!(format!("rule {:06}", N - 1)));
    // Each section keeps two names (of 7 and 11 bytes).
    assert!(
        peak < merge_bound_kb(N, 0, 0, N * (39 + 43)),
        "peak RSS {peak} kB"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_summary_given_twice_merges_within_the_bound() {
    // One summary of 200,000 groups (19 MB), twice: the sum and the second document are in
    // memory at once, and nothing else of the text.
    const GROUPS: usize = 200_000;
    let doc = many_groups("URI-reference", GROUPS);
    let size = doc.len();
    let (peak, code, out) = peak_until_exit(
        &["merge-summaries", "--format", "json", "-"],
        MERGE_TIME_LIMIT,
        move |w| {
            w.write_all(doc.as_bytes()).unwrap();
            w.write_all(doc.as_bytes()).unwrap();
        },
    );
    eprintln!("a summary of {size} bytes twice: peak RSS {peak} kB");
    assert_eq!(code, 1);
    let s = summary_section(&out);
    assert_eq!(s["invalid"], json!(2 * GROUPS));
    assert_eq!(s["by_found"].as_array().unwrap().len(), GROUPS);
    assert_eq!(s["by_found"][0]["count"], json!(2));
    assert_eq!(s["by_found"][0]["examples"].as_array().unwrap().len(), 2);
    // Per group and document: a key (at most 10 bytes) and an example's source and input
    // (9 and 3 bytes).
    let text = 2 * GROUPS * (42 + 41 + 35);
    assert!(
        peak < merge_bound_kb(2, 2 * GROUPS, 2 * GROUPS, text),
        "peak RSS {peak} kB"
    );
}

/// Characters that show nothing, so that a URI holding one reads as one without it: each is
/// shown as `<U+XXXX>`, as the byte-order mark and the bidi controls are, in `check`'s `ok:`
/// line, in a diagnostic's source line, and in `extract`'s human and `uris` output.
#[test]
fn invisible_characters_are_shown() {
    for c in [
        '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{AD}', '\u{180E}', '\u{3164}',
        '\u{115F}', '\u{34F}', '\u{FEFF}',
    ] {
        let shown = format!("<U+{:04X}>", c as u32);
        let uri = format!("http://a/p{c}q");
        // RFC 3987 admits the ucschar ones: `ok:`; RFC 3986 none: a diagnostic.
        for g in ["rfc3987", "rfc3986"] {
            let (_, out, err) = urigram(&["check", "-g", g, &uri], b"");
            let all = format!("{out}{err}");
            assert!(
                all.contains(&format!("http://a/p{shown}q")),
                "{g} {shown}: {all}"
            );
            assert!(!all.contains(c), "{g} {shown} printed as itself: {all}");
        }
        let text = format!("see {uri} here\n");
        for format in ["human", "uris"] {
            let (_, out, err) = urigram(
                &["extract", "-g", "rfc3987", "--format", format, "-"],
                text.as_bytes(),
            );
            let all = format!("{out}{err}");
            assert!(all.contains(&shown), "{format} {shown}: {all}");
            assert!(
                !all.contains(c),
                "{format} {shown} printed as itself: {all}"
            );
        }
    }
}

/// One long line of each shape that once took time growing with the square of the line (issue
/// 43), read whole: Markdown text with a bracket pair every 6 bytes (a definition was looked
/// for up to the line's end from each `[`), inline links every 16 bytes, `fix --text` of
/// Markdown links, and a reStructuredText line read in parts (each part looked for the line's
/// end). No time is asserted: at these sizes the quadratic code took minutes for each (63 s
/// for 1 MB of the first, 134 s for 2 MB of links, in a release build), which a test run
/// does not survive unnoticed; the linear code takes a few seconds for all five in the test
/// profile, on a loaded machine. `benches/scaling.sh` measures the time per doubling.
#[test]
fn one_long_line_of_markup_is_read_in_linear_time() {
    let dir = Scratch::new("hostile-long-markup-lines");
    let size = 2 * MB;
    let shapes: [(&str, &str, &[&str], usize); 5] = [
        (
            "brackets.md",
            "a [b] ",
            &["extract", "--summary", "--format", "json"],
            0,
        ),
        (
            "links.md",
            "[x](http://a/b) ",
            &["extract", "--summary", "--format", "json"],
            1,
        ),
        (
            "links.md",
            "[x](a:%) ",
            &["extract", "--summary", "--format", "json"],
            1,
        ),
        (
            "one-line.rst",
            "see http://a/b and `x <http://c/%zz>`_ ",
            &["extract", "--summary", "--format", "json"],
            2,
        ),
        ("fix.md", "[x](a:%) ", &["fix", "--text"], 1),
    ];
    for (name, unit, args, uris_a_unit) in shapes {
        let n = size / unit.len();
        let path = dir.file(name, unit.repeat(n).as_bytes());
        let (code, out, err) = urigram(&[args, &[path.as_str()]].concat(), b"");
        if args[0] == "fix" {
            assert_eq!(code, 0, "{name}: {err}");
            assert_eq!(out, unit.replace('%', "%25").repeat(n), "{name}");
            assert!(err.contains(&format!("{n} URIs fixed")), "{name}: {err}");
        } else {
            assert!(code <= 1, "{name}: {err}");
            let s = summary_section(&out);
            assert_eq!(s["lines"], json!(n * uris_a_unit), "{name} {unit:?}");
        }
    }
}
