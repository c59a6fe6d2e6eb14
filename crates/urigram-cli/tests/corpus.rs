//! Corpus-scale checking from the command line: streaming in input order whatever the number
//! of threads, `--summary` (human and JSON), `--only`, `merge-summaries` over shards, and a
//! stream through stdin that runs in bounded memory.

use crate::common;
use common::run;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// Run `urigram ARGS` with `stdin`; (exit code, stdout, stderr).
fn urigram(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run::urigram_in(Some(&std::env::temp_dir()), args, stdin)
}

fn urigram_in(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run::urigram_in(Some(dir), args, stdin)
}

fn snap(name: &str, args: &[&str], stdin: &[u8]) -> i32 {
    snap_out(name, args, urigram(args, stdin))
}

/// As `snap`, run in `dir` with nothing on stdin.
fn snap_in(dir: &Path, name: &str, args: &[&str]) -> i32 {
    snap_out(name, args, urigram_in(dir, args, b""))
}

fn snap_out(name: &str, args: &[&str], (code, out, err): (i32, String, String)) -> i32 {
    let text = format!(
        "$ urigram {}\nexit: {code}\n--- stdout\n{out}--- stderr\n{err}",
        args.join(" ")
    );
    common::with_snapshots(|| insta::assert_snapshot!(name, text));
    code
}

/// A small corpus with one of each kind of trouble: bad escapes, spaces, non-ASCII, a byte
/// that is not UTF-8, a control character, two `#`, erratum 452's `?y`, an empty line and a
/// CRLF line ending.
const SAMPLE: &[u8] = b"http://www.ics.uci.edu/pub/ietf/uri/#Related\n\
http://a/b%zz\n\
http://exa mple/\r\n\
http://www.example.org/r\xc3\xa9sum\xc3\xa9.html\n\
\n\
ftp://ftp.is.co.za/rfc/rfc1808.txt\n\
http://a/b#c#d\n\
http://a/\xff\n\
mailto:mduerst@ifi.unizh.ch\n\
http://%s/v2/\n\
?y\n\
http://a/%7e/x\x01y\n\
news:comp.infosystems.www.servers.unix\n\
http://a/b%2\n\
../g;x=1/./y\n\
http://exa mple/2";

/// `lines` lines of URIs, about one in ten invalid, with every kind of line ending.
fn generated(lines: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for k in 0..lines {
        let line = match k % 10 {
            0 => format!("http://host{k}.example.com/path/{k}?q={k}#f"),
            1 => format!("ftp://user:pw@10.0.{}.{}/pub/file{k}.txt", k % 256, k % 7),
            2 => format!("http://example.org/a%g{k}"),
            3 => format!("relative/path/{k};p=1"),
            4 => format!("http://exa mple/{k}"),
            5 => format!("mailto:user{k}@example.net"),
            6 => String::new(),
            7 => format!("https://www.example.com/r\u{e9}sum\u{e9}/{k}"),
            8 => format!("//authority{k}:80/x"),
            _ => format!("http://a/b#c#{k}"),
        };
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(if k % 3 == 0 { b"\r\n" } else { b"\n" });
    }
    out.extend_from_slice(b"http://no/final/newline");
    out
}

#[test]
fn output_is_in_input_order_whatever_the_jobs() {
    let input = generated(3_000);
    for format in ["human", "jsonl", "json"] {
        let run = |jobs: &str| {
            // Small chunks, so that many are in flight and finish out of order.
            let args = [
                "check",
                "--format",
                format,
                "--jobs",
                jobs,
                "--chunk-bytes",
                "997",
                "--file",
                "-",
            ];
            urigram(&args, &input)
        };
        let one = run("1");
        assert_eq!(one.0, 1);
        // Standard error holds the closing count of the human format, and nothing else.
        let count = "checked 3001 inputs against rfc2396 URI-reference: 1801 valid, 1200 invalid\n";
        assert!(one.2.is_empty() || one.2 == count, "{}", one.2);
        for jobs in ["2", "3"] {
            assert!(
                one == run(jobs),
                "--jobs 1 and --jobs {jobs} differ ({format})"
            );
        }
        if format == "jsonl" {
            let rows: Vec<Value> = one
                .1
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(rows.len(), 3_001);
            for (k, r) in rows.iter().take(3_000).enumerate() {
                let want = k % 10 != 2 && k % 10 != 4 && k % 10 != 7 && k % 10 != 9;
                assert_eq!(r["valid"], want, "line {}: {}", k + 1, r["input"]);
            }
            assert_eq!(rows[3_000]["input"], "http://no/final/newline");
        }
    }
    // One big chunk and the default chunking agree with the small chunks.
    let args = ["check", "--format", "jsonl", "--file", "-"];
    let small = urigram(&[&args[..], &["--chunk-bytes", "64"]].concat(), &input);
    assert!(small == urigram(&args, &input));
}

#[test]
fn summary_human() {
    let code = snap(
        "corpus__summary_human",
        &["check", "--summary", "--file", "-"],
        SAMPLE,
    );
    assert_eq!(code, 1);
}

#[test]
fn summary_json() {
    let args = ["check", "--summary", "--format", "json", "--file", "-"];
    let (code, out, err) = urigram(&args, SAMPLE);
    assert_eq!((code, err.as_str()), (1, ""));
    let v: Value = serde_json::from_str(&out).expect("one JSON document");
    let pretty = serde_json::to_string_pretty(&v).unwrap();
    common::with_snapshots(|| insta::assert_snapshot!("corpus__summary_json", pretty));
    let s = &v["sections"][0];
    assert_eq!(
        (s["lines"].as_u64(), s["bytes"].as_u64()),
        (Some(16), Some(SAMPLE.len() as u64))
    );
    assert_eq!(
        s["valid"].as_u64().unwrap() + s["invalid"].as_u64().unwrap(),
        16
    );
    // Every grouping counts every invalid line once.
    for by in ["by_production", "by_code", "by_found"] {
        let n: u64 = s[by]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["count"].as_u64().unwrap())
            .sum();
        assert_eq!(n, s["invalid"].as_u64().unwrap(), "{by}");
    }
}

#[test]
fn summary_of_arguments_and_an_all_valid_input() {
    let args = ["check", "--summary", "http://a/b", "#f", ""];
    let code = snap("corpus__summary_all_valid", &args, b"");
    assert_eq!(code, 0);
}

#[test]
fn only_filters_the_records() {
    let rows = |only: &str| -> Vec<Value> {
        let args = ["check", "--only", only, "--format", "jsonl", "--file", "-"];
        let (code, out, _) = urigram(&args, SAMPLE);
        assert_eq!(code, 1, "the exit code counts every line, shown or not");
        out.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (invalid, valid) = (rows("invalid"), rows("valid"));
    assert!(invalid.iter().all(|r| r["valid"] == false));
    assert!(valid.iter().all(|r| r["valid"] == true));
    assert_eq!(invalid.len() + valid.len(), 16);
    assert_eq!(
        valid[0]["input"],
        "http://www.ics.uci.edu/pub/ietf/uri/#Related"
    );
    assert_eq!(invalid[0]["input"], "http://a/b%zz");
    assert_eq!(invalid[0]["error"]["code"], "rfc2396::escaped::letter");

    // With --summary, the records --only asks for come first, then the summary.
    let code = snap(
        "corpus__only_invalid_with_summary",
        &["check", "--summary", "--only", "invalid", "--file", "-"],
        SAMPLE,
    );
    assert_eq!(code, 1);
    let args = [
        "check",
        "--summary",
        "--only",
        "valid",
        "--format",
        "jsonl",
        "--file",
        "-",
    ];
    let (_, out, _) = urigram(&args, SAMPLE);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), valid.len() + 1);
    assert_eq!(lines.last().unwrap()["urigram"], "summary");
    let args = [
        "check",
        "--summary",
        "--only",
        "valid",
        "--format",
        "json",
        "--file",
        "-",
    ];
    let (_, out, _) = urigram(&args, SAMPLE);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["results"].as_array().unwrap().len(), valid.len());
    assert_eq!(doc["sections"][0]["lines"], 16);
}

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("urigram-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
    fn file(&self, name: &str, data: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, data).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The summary of `file`, as JSON.
fn summary_of(file: &str) -> Value {
    let (code, out, err) = urigram(
        &["check", "--summary", "--format", "json", "--file", file],
        b"",
    );
    assert!(code <= 1, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Drop where each example came from (file and line differ between shards and the whole).
fn without_places(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("source");
                m.remove("line");
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

#[test]
fn merged_shard_summaries_equal_the_summary_of_the_whole() {
    let dir = Scratch::new("shards");
    let examples = Path::new(common::ROOT).join("examples/urls.txt");
    let mut corpus = std::fs::read(examples).unwrap();
    corpus.extend_from_slice(SAMPLE);
    corpus.push(b'\n');
    corpus.extend_from_slice(&generated(500));
    let whole = dir.file("whole.txt", &corpus);

    // Split at line boundaries into uneven shards, as `split -l` would.
    let lines: Vec<&[u8]> = corpus.split_inclusive(|&b| b == b'\n').collect();
    let mut shards = Vec::new();
    let mut rest = &lines[..];
    for (k, n) in [1usize, 97, 300, 10_000].iter().enumerate() {
        let (head, tail) = rest.split_at((*n).min(rest.len()));
        rest = tail;
        let summary = summary_of(&dir.file(&format!("shard{k}.txt"), &head.concat()));
        let json = serde_json::to_vec(&summary).unwrap();
        shards.push(dir.file(&format!("shard{k}.json"), &json));
    }
    assert!(rest.is_empty());

    let shard_args: Vec<&str> = shards.iter().map(String::as_str).collect();
    let merge = |format: &str| {
        let args = [&["merge-summaries", "--format", format][..], &shard_args].concat();
        urigram(&args, b"")
    };
    let (code, out, err) = merge("json");
    assert_eq!((code, err.as_str()), (1, ""));
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        without_places(merged.clone()),
        without_places(summary_of(&whole))
    );
    // The examples come from the first shards first, with their own line numbers.
    let first = &merged["sections"][0]["by_code"][0]["examples"][0];
    assert!(first["source"].as_str().unwrap().ends_with(".txt"));

    // A merged summary merges again, and reads the same for people.
    let merged_file = dir.file("merged.json", out.as_bytes());
    let (_, twice, _) = urigram(&["merge-summaries", "--format", "json", &merged_file], b"");
    assert_eq!(serde_json::from_str::<Value>(&twice).unwrap(), merged);
    let (_, human, _) = merge("human");
    assert!(
        human.starts_with("Summary: grammar rfc2396, rule URI-reference\n"),
        "{human}"
    );

    // Not a summary: exit 2 with the file named.
    let bad = dir.file("bad.json", b"{\"lines\": 3}");
    let (code, _, err) = urigram(&["merge-summaries", &bad], b"");
    assert_eq!(code, 2);
    assert!(err.contains("bad.json: no summary"), "{err}");
}

#[test]
fn merge_summaries_for_people() {
    // Two shards: the first half of the sample's lines and the rest, each summarized from its
    // own file, then merged; examples name their shard and line.
    let half = SAMPLE.len() / 2;
    let cut = half + SAMPLE[half..].iter().position(|&b| b == b'\n').unwrap() + 1;
    let dir = Scratch::new("merge-human");
    for (k, part) in [&SAMPLE[..cut], &SAMPLE[cut..]].iter().enumerate() {
        dir.file(&format!("part{k}.txt"), part);
        let file = format!("part{k}.txt");
        let args = ["check", "--summary", "--format", "json", "--file", &file];
        let (_, out, _) = urigram_in(&dir.0, &args, b"");
        dir.file(&format!("part{k}.json"), out.as_bytes());
    }
    // The label replaces the file's name.
    let args = [
        "check",
        "--summary",
        "--format",
        "jsonl",
        "--label",
        "part2.txt",
        "--file",
        "-",
    ];
    let (_, out, _) = urigram_in(&dir.0, &args, b"http://[::1]/\n");
    dir.file("part2.json", out.as_bytes());
    let code = snap_in(
        &dir.0,
        "corpus__merge_summaries_human",
        &["merge-summaries", "part0.json", "part1.json", "part2.json"],
    );
    assert_eq!(code, 1);
}

/// Stream about 200 MB through stdin and read the child's peak memory while it runs.
#[cfg(target_os = "linux")]
#[test]
fn a_large_stream_runs_in_bounded_memory() {
    const MB: usize = 1 << 20;
    const TOTAL: usize = 200 * MB;
    let mut child = Command::new(common::URIGRAM)
        .args(["check", "--summary", "--format", "json", "--file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram");
    let block = generated(20_000); // about 760 KB, one line without a line ending at its end
    let mut block = block;
    block.push(b'\n');
    let lines_per_block = 20_001;
    let mut stdin = child.stdin.take().unwrap();
    let (mut sent, mut blocks) = (0, 0);
    while sent < TOTAL {
        stdin.write_all(&block).expect("write stdin");
        sent += block.len();
        blocks += 1;
    }
    // The child has read all but what the pipe holds, and cannot end before stdin closes.
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let peak_kb: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status");
    let v: Value = serde_json::from_slice(&out.stdout).expect("the summary");
    assert_eq!(v["sections"][0]["lines"], blocks * lines_per_block);
    assert_eq!(v["sections"][0]["bytes"], sent);
    assert!(
        peak_kb < 64 * 1024,
        "peak RSS {peak_kb} kB for a {} MB stream",
        sent / MB
    );
}
