//! `urigram check --compare`: two grammars over the same inputs, where their verdicts part and
//! why; the inputs on which RFC 2396 (with and without RFC 2732) and RFC 3986 differ.

use crate::common;
use common::run::urigram;
use serde_json::{Value, json};

/// Inputs known to part RFC 2396 (with and without RFC 2732) and RFC 3986, or to be read
/// differently by them.
pub const KNOWN: &[&str] = &[
    "?y",
    "mailto:",
    "http://a/?[x]",
    "http://[v1.x]/",
    "http://a_b:80/",
    "http://999.1.1.1/",
];

/// `check -g FIRST --compare SECOND --all --format jsonl KNOWN...`: per input, its pair and
/// each side's code (`valid` when it accepts) and offset.
fn pairs(first: &str, second: &str) -> Vec<(String, String, String)> {
    let args = [
        &[
            "check",
            "-g",
            first,
            "--compare",
            second,
            "--all",
            "--format",
            "jsonl",
        ][..],
        KNOWN,
    ]
    .concat();
    let (code, out, err) = urigram(&args, b"");
    assert_eq!(code, 1, "{err}");
    let side = |v: &Value| match &v["error"] {
        Value::Null => "valid".to_string(),
        e => format!("{}@{}", e["code"].as_str().unwrap(), e["offset"]),
    };
    out.lines()
        .zip(KNOWN)
        .map(|(l, input)| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["input"], *input);
            assert_eq!(v["first"]["grammar"], first);
            assert_eq!(v["second"]["grammar"], second);
            let pair = v["pair"].as_str().unwrap().to_string();
            (pair, side(&v["first"]), side(&v["second"]))
        })
        .collect()
}

fn t(pair: &str, a: &str, b: &str) -> (String, String, String) {
    (pair.into(), a.into(), b.into())
}

#[test]
fn rfc2396_and_rfc3986_part_on_the_inputs_known_to_part_them() {
    assert_eq!(
        pairs("rfc2396", "rfc3986"),
        [
            // A query alone is a relative-ref of RFC 3986 (4.2), no relativeURI of RFC 2396.
            t("only_second", "rfc2396::URI-reference::reserved@0", "valid"),
            // RFC 3986's path-empty after the scheme; RFC 2396's opaque_part needs a character.
            t("only_second", "rfc2396::absoluteURI::end@7", "valid"),
            // Brackets are excluded from RFC 2396, and RFC 3986 keeps them for the host.
            t(
                "neither",
                "rfc2396::URI-reference::excluded@10",
                "rfc3986::URI-reference::reserved@10"
            ),
            // IPvFuture exists in RFC 3986 only.
            t("only_second", "rfc2396::URI-reference::excluded@7", "valid"),
            t("both_valid", "valid", "valid"),
            t("both_valid", "valid", "valid"),
        ]
    );
}

#[test]
fn rfc2732_and_rfc3986_part_on_the_inputs_known_to_part_them() {
    assert_eq!(
        pairs("rfc2732", "rfc3986"),
        [
            t("only_second", "rfc2732::URI-reference::reserved@0", "valid"),
            t("only_second", "rfc2732::absoluteURI::end@7", "valid"),
            // RFC 2732 adds "[" and "]" to uric: a query may hold them.
            t("only_first", "valid", "rfc3986::URI-reference::reserved@10"),
            // RFC 2732's IPv6reference has hex pieces only.
            t("only_second", "rfc2732::hexpart::letter@8", "valid"),
            t("both_valid", "valid", "valid"),
            t("both_valid", "valid", "valid"),
        ]
    );
}

#[test]
fn records_are_the_inputs_whose_verdicts_differ_unless_all() {
    let args = [
        &["check", "--compare", "rfc3986", "--format", "jsonl"][..],
        KNOWN,
    ]
    .concat();
    let (code, out, _) = urigram(&args, b"");
    assert_eq!(code, 1);
    let inputs: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["input"].clone())
        .collect();
    assert_eq!(
        inputs,
        [json!("?y"), json!("mailto:"), json!("http://[v1.x]/")]
    );
    // Arguments are placed as every command places them.
    let first: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&first["source"], &first["line"]),
        (&json!("<argument 1>"), &json!(1))
    );
}

#[test]
fn exit_codes() {
    let cmp = |args: &[&str]| {
        let all = [
            &["check", "-g", "rfc2396", "--compare", "rfc3986"][..],
            args,
        ]
        .concat();
        urigram(&all, b"")
    };
    // The same verdict on every input, even where both reject at different places: 0.
    let (code, out, err) = cmp(&["http://a/", "http://a/%zz", "a b"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("compared 3 inputs"), "{err}");
    assert!(err.contains("2 invalid under both"), "{err}");
    // A verdict that differs: 1, on either side.
    assert_eq!(cmp(&["http://a/", "?y"]).0, 1);
    assert_eq!(cmp(&["http://a:b/"]).0, 1);
    // Usage errors: 2, with a message that says what is wrong.
    let (code, _, err) = urigram(&["check", "--compare", "rfc2396", "x"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("--compare rfc2396: the grammar of --grammar"),
        "{err}"
    );
    let (code, _, err) = cmp(&["--rule", "reg_name", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--compare rfc3986: grammar rfc3986 has no rule \"reg_name\""),
        "{err}"
    );
    let (code, _, err) = cmp(&["--rule", "IPv6address", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("grammar rfc2396 has no rule \"IPv6address\""),
        "{err}"
    );
    for bad in [
        &["--all", "--summary", "x"][..],
        &["--only", "invalid", "x"],
    ] {
        assert_eq!(cmp(bad).0, 2, "{bad:?}");
    }
    assert_eq!(urigram(&["check", "--all", "x"], b"").0, 2);
    // A rule both grammars have.
    let (code, out, err) = cmp(&["--rule", "host", "--all", "--format", "jsonl", "a_b"]);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&v["first"]["rule"], &v["pair"]),
        (&json!("host"), &json!("only_second"))
    );
}

/// The summary of `lines` (as a file on stdin) with `extra` options.
fn summary(lines: &str, extra: &[&str]) -> (i32, Value) {
    let args = [
        &[
            "check",
            "-g",
            "rfc2732",
            "--compare",
            "rfc3986",
            "--summary",
        ][..],
        &["--format", "json", "--file", "-"],
        extra,
    ]
    .concat();
    let (code, out, err) = urigram(&args, lines.as_bytes());
    (
        code,
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}")),
    )
}

#[test]
fn the_summary_counts_pairs_and_groups_by_the_codes() {
    let mut text = String::new();
    for k in 0..5 {
        text.push_str(&format!(
            "?q{k}\nhttp://a/?[{k}]\nhttp://a b/\nhttp://a/{k}\n"
        ));
    }
    text.push_str("http://[v1.x]/\nhttp://[v1.x] /\nhttp://a/%zz\n");
    let (code, s) = summary(&text, &[]);
    assert_eq!(code, 1);
    assert_eq!(s["urigram"], "compare");
    assert_eq!(
        s["first"],
        json!({"grammar": "rfc2732", "rule": "URI-reference"})
    );
    let counts: Vec<&Value> = [
        "lines",
        "both_valid",
        "only_first",
        "only_second",
        "neither",
    ]
    .iter()
    .map(|k| &s[k])
    .collect();
    assert_eq!(
        counts,
        [&json!(23), &json!(5), &json!(5), &json!(6), &json!(7)]
    );
    assert_eq!(s["bytes"], text.len());
    let groups: Vec<(String, String, u64, Value, Vec<u64>)> = s["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let lines = g["examples"].as_array().unwrap().iter();
            (
                g["first"].as_str().unwrap().to_string(),
                g["second"].as_str().unwrap().to_string(),
                g["count"].as_u64().unwrap(),
                g.get("same_offset").cloned().unwrap_or(Value::Null),
                lines.map(|x| x["line"].as_u64().unwrap()).collect(),
            )
        })
        .collect();
    let g = |a: &str, b: &str, n: u64, same: Value, lines: &[u64]| {
        (a.to_string(), b.to_string(), n, same, lines.to_vec())
    };
    assert_eq!(
        groups,
        [
            g(
                "valid",
                "rfc3986::URI-reference::reserved",
                5,
                Value::Null,
                &[2, 6, 10]
            ),
            g(
                "rfc2732::URI-reference::reserved",
                "valid",
                5,
                Value::Null,
                &[1, 5, 9]
            ),
            g(
                "rfc2732::URI-reference::space",
                "rfc3986::URI-reference::space",
                5,
                json!(true),
                &[3, 7, 11]
            ),
            // Ties: the pairs in their order (first only, second only, neither), then the codes.
            g("rfc2732::hexpart::letter", "valid", 1, Value::Null, &[21]),
            g(
                "rfc2732::escaped::letter",
                "rfc3986::pct-encoded::letter",
                1,
                json!(true),
                &[23]
            ),
            // An IPvFuture literal: RFC 2732 stops at its "v", RFC 3986 at the space after it.
            g(
                "rfc2732::hexpart::letter",
                "rfc3986::URI-reference::space",
                1,
                json!(false),
                &[22]
            ),
        ]
    );
    let both = &s["groups"][4]["examples"][0];
    assert_eq!(both["first"], json!({"offset": 10, "column": 11}));
    assert_eq!(both["second"], both["first"]);
    let apart = &s["groups"][5]["examples"][0];
    assert_eq!(apart["first"], json!({"offset": 8, "column": 9}));
    assert_eq!(apart["second"], json!({"offset": 13, "column": 14}));
    // The same summary whatever the chunks and threads (per-chunk tallies merged in order).
    for extra in [&["--jobs", "1"][..], &["--jobs", "4", "--chunk-bytes", "7"]] {
        assert_eq!(summary(&text, extra), (code, s.clone()), "{extra:?}");
    }
}

#[test]
fn merge_summaries_refuses_a_comparison() {
    let (_, s) = summary("?y\n", &[]);
    let (code, _, err) = urigram(&["merge-summaries", "-"], s.to_string().as_bytes());
    assert_eq!(code, 2);
    assert!(
        err.contains("a comparison of two grammars") && err.contains("does not add up"),
        "{err}"
    );
}

#[test]
fn human_output() {
    let snap = |name: &str, args: &[&str], stdin: &[u8]| {
        let (code, out, err) = urigram(args, stdin);
        let text = format!(
            "$ urigram {}\nexit: {code}\n--- stdout\n{out}--- stderr\n{err}",
            args.join(" ")
        );
        common::with_snapshots(|| insta::assert_snapshot!(name, text));
    };
    let mut args = vec!["check", "-g", "rfc2732", "--compare", "rfc3986"];
    args.extend(KNOWN);
    snap("compare__records", &args, b"");
    let lines = format!("{}\nhttp://a b/\n", KNOWN.join("\n"));
    let args = [
        "check",
        "-g",
        "rfc2732",
        "--compare",
        "rfc3986",
        "--summary",
    ];
    snap(
        "compare__summary",
        &[&args[..], &["--file", "-"]].concat(),
        lines.as_bytes(),
    );
}

/// The outputs that docs/rfc2396-to-rfc3986.md shows are those of a run: each console block
/// with output below its command is run again and must print it.
#[test]
fn the_guides_figures_are_a_runs() {
    let page = std::path::Path::new(common::ROOT).join("docs/rfc2396-to-rfc3986.md");
    let page = std::fs::read_to_string(page).unwrap();
    let mut shown = 0;
    for block in page.split("```console\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let (command, output) = block.split_once('\n').unwrap();
        if output.is_empty() {
            continue;
        }
        let args: Vec<&str> = command
            .strip_prefix("$ urigram ")
            .unwrap()
            .split(' ')
            .collect();
        let (_, out, err) = urigram(&args, b"");
        assert_eq!(out, output, "{command}\n{err}");
        shown += 1;
    }
    assert_eq!(shown, 2);
}
