//! The `urigram` command line: outputs (as snapshots), exit codes, input handling.

use crate::common;
use common::run;

use run::urigram;

fn snap(name: &str, args: &[&str], stdin: &[u8]) -> i32 {
    let (code, out, err) = urigram(args, stdin);
    let text = format!(
        "$ urigram {}\nexit: {code}\n--- stdout\n{out}--- stderr\n{err}",
        args.join(" ")
    );
    common::with_snapshots(|| insta::assert_snapshot!(name, text));
    code
}

#[test]
fn rules_lists_every_production_in_spec_order() {
    let (code, out, _) = urigram(&["rules", "--grammar", "rfc2396"], b"");
    assert_eq!(code, 0);
    let names: Vec<&str> = out.lines().collect();
    let want: Vec<&str> = urigram::Grammar::Rfc2396.rule_names().collect();
    assert_eq!(names, want);
    assert_eq!(names.len(), 44);
    assert_eq!(names[0], "URI-reference");
    assert_eq!(names[43], "unwise");
}

#[test]
fn check_human() {
    let code = snap(
        "cli__check_human",
        &[
            "check",
            "http://a/b",
            "http://exa mple/",
            "http://a/\u{e9}\u{1F600}x y",
        ],
        b"",
    );
    assert_eq!(code, 1);
}

#[test]
fn check_all_valid_exits_zero() {
    let (code, out, _) = urigram(&["check", "http://a/b", "", "#f"], b"");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn check_jsonl_from_stdin() {
    // A non-UTF-8 line, CRLF, an empty line, a control character, no final newline.
    let input = b"http://a/\xff\nhttp://ok/\r\n\nhttp://a/\x01\n?y";
    let code = snap(
        "cli__check_jsonl_stdin",
        &["check", "--format", "jsonl", "--file", "-"],
        input,
    );
    assert_eq!(code, 1);
    let (_, out, _) = urigram(&["check", "--format", "jsonl", "--file", "-"], input);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(rows.len(), 5);
    let valid: Vec<bool> = rows.iter().map(|r| r["valid"].as_bool().unwrap()).collect();
    assert_eq!(valid, [false, true, true, false, false]);
    assert_eq!(rows[0]["error"]["offset"], 9);
    assert_eq!(rows[3]["error"]["offset"], 9);
    assert_eq!(rows[4]["error"]["offset"], 0);
    // Keys in the documented order.
    assert!(out.lines().all(|l| l.starts_with("{\"input\":")));
}

#[test]
fn check_json_document() {
    let code = snap(
        "cli__check_json",
        &[
            "check", "--format", "json", "--rule", "hostname", "a.b.", "a-.b",
        ],
        b"",
    );
    assert_eq!(code, 1);
}

#[test]
fn check_file_and_rule() {
    let dir = std::env::temp_dir().join(format!("urigram-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("hosts.txt");
    std::fs::write(&f, "127.0.0.1\n1.2.3\n").unwrap();
    let (code, out, _) = urigram(
        &[
            "check",
            "--rule",
            "IPv4address",
            "--file",
            f.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(out.contains("ok: 127.0.0.1"));
    assert!(out.contains("hosts.txt:2:6"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_and_io_errors_exit_two() {
    assert_eq!(urigram(&["check", "--grammar", "nope", "x"], b"").0, 2);
    assert_eq!(urigram(&["check", "--rule", "nope", "x"], b"").0, 2);
    // No arguments and no file: the lines of standard input (here none).
    let (code, _, err) = urigram(&["check"], b"");
    assert_eq!(
        (code, err.as_str()),
        (
            0,
            "checked 0 inputs against rfc2396 URI-reference: 0 valid, 0 invalid\n"
        )
    );
    assert_eq!(urigram(&["check", "--file", "/nonexistent/file"], b"").0, 2);
    assert_eq!(urigram(&["frobnicate"], b"").0, 2);
    snap("cli__unknown_rule", &["check", "--rule", "nope", "x"], b"");
}

#[test]
fn conform_agrees_and_reports_per_rule() {
    let code = snap(
        "cli__conform_hostname",
        &[
            "conform",
            "--rule",
            "hostname",
            "--samples",
            "50",
            "--seed",
            "7",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let (code, out, _) = urigram(&["conform", "--format", "json", "--samples", "20"], b"");
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    let rules = doc["rules"].as_array().unwrap();
    assert_eq!(rules.len(), urigram::Grammar::Rfc2396.rules().len());
    assert!(
        rules
            .iter()
            .all(|r| r["samples"] == 40 && r["disagree"] == 0)
    );
    assert_eq!(doc["disagree"], 0);
}

#[test]
fn resolve_appendix_c_on_the_command_line() {
    let code = snap(
        "cli__resolve",
        &[
            "resolve",
            "http://a/b/c/d;p?q",
            "g:h",
            "g",
            "./g",
            "g/",
            "/g",
            "//g",
            "?y",
            "g?y",
            "#s",
            "g#s",
            "g?y#s",
            ";x",
            "g;x",
            "g;x?y#s",
            ".",
            "./",
            "..",
            "../",
            "../g",
            "../..",
            "../../",
            "../../g",
            "",
            "../../../g",
            "../../../../g",
            "/./g",
            "/../g",
            "g.",
            ".g",
            "g..",
            "..g",
            "./../g",
            "./g/.",
            "g/./h",
            "g/../h",
            "g;x=1/./y",
            "g;x=1/../y",
            "g?y/./x",
            "g?y/../x",
            "g#s/./x",
            "g#s/../x",
            "http:g",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let code = snap(
        "cli__resolve_options_jsonl",
        &[
            "resolve",
            "--leading-dot-dot",
            "strip",
            "--backwards-compatible-scheme",
            "--format",
            "jsonl",
            "http://a/b/c/d;p?q",
            "../../../g",
            "http:g",
            "g h",
        ],
        b"",
    );
    assert_eq!(code, 2);
}

#[test]
fn normalize_and_equivalent() {
    let code = snap(
        "cli__normalize",
        &[
            "normalize",
            "HTTP://www.XEROX.com:80/%7Ea%2f",
            "ftp://h:21/",
            "mailto:A@B",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let (code, out, _) = urigram(&["equivalent", "http://a:80/%7e", "HTTP://A/~"], b"");
    assert_eq!(code, 0, "{out}");
    let (code, _, _) = urigram(&["equivalent", "http://a/b", "http://a/c"], b"");
    assert_eq!(code, 1);
    snap(
        "cli__equivalent_json",
        &[
            "equivalent",
            "--format",
            "json",
            "http://a:80/%7e",
            "HTTP://A/~",
        ],
        b"",
    );
}

#[test]
fn explain_valid_invalid_and_json() {
    assert_eq!(
        snap(
            "cli__explain_valid",
            &["explain", "http://a@b:8/x;p?q#f"],
            b""
        ),
        0
    );
    assert_eq!(
        snap(
            "cli__explain_invalid",
            &["explain", "http://exa mple/"],
            b""
        ),
        1
    );
    assert_eq!(
        snap(
            "cli__explain_json",
            &[
                "explain",
                "--format",
                "json",
                "--rule",
                "hostport",
                "h.example:8x"
            ],
            b""
        ),
        1
    );
    let (code, out, _) = urigram(&["explain", "--format", "jsonl", "ftp://a/b"], b"");
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["tree"][0]["rule"], "URI-reference");
    assert_eq!(doc["tree"][0]["children"][0]["rule"], "absoluteURI");
}

#[test]
fn conformance_matrix() {
    let code = snap(
        "cli__matrix_human",
        &[
            "check",
            "--all-grammars",
            "http://info.cern.ch/x?q#f",
            "news:comp.text",
        ],
        b"",
    );
    // Each input is valid under some URI grammar.
    assert_eq!(code, 0);
    let (code, out, _) = urigram(
        &["check", "--all-grammars", "--format", "jsonl", "news:a"],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let grammars = |row: &serde_json::Value| -> Vec<String> {
        row["verdicts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["grammar"].as_str().unwrap().to_string())
            .collect()
    };
    // The URI grammars, then RFC 3987's IRIs.
    let mut uri: Vec<&str> = urigram::Grammar::URI.iter().map(|g| g.name()).collect();
    uri.push("rfc3987");
    assert_eq!(grammars(&row), uri, "RFC 822 only where asked");
    let valid = |g: &str| {
        row["verdicts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["grammar"] == g)
            .and_then(|v| v["valid"].as_bool())
    };
    assert_eq!(valid("rfc2396"), Some(true));
    assert_eq!(valid("rfc1738"), Some(true));
    // With RFC 822's addr-spec, which takes no URI.
    let (code, out, _) = urigram(
        &[
            "check",
            "--all-grammars",
            "--with-rfc822",
            "--format",
            "jsonl",
            "news:a",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    // Every grammar but RFC 6570's, whose templates are no URIs.
    let all: Vec<&str> = urigram::Grammar::ALL
        .iter()
        .filter(|&&g| g != urigram::Grammar::Rfc6570)
        .map(|g| g.name())
        .collect();
    assert_eq!(grammars(&row), all);
    // An input that no grammar takes: exit 1.
    let (code, _, _) = urigram(&["check", "--all-grammars", "a b"], b"");
    assert_eq!(code, 1);
    assert!(urigram(&["check", "--all-grammars", "--rule", "x", "a"], b"").0 == 2);
}

/// `--engine bnf` gives the spec text's verdicts: the same as the combinators' on every line
/// of the example data, offsets included.
#[test]
fn engine_bnf_agrees_with_the_combinators() {
    let file = &format!("{}/examples/urls.txt", common::ROOT);
    let run = |engine: &str| {
        let (_, out, _) = urigram(
            &[
                "check", "--engine", engine, "--format", "jsonl", "--file", file,
            ],
            b"",
        );
        out.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (v["valid"].as_bool().unwrap(), v["error"]["offset"].as_u64())
            })
            .collect::<Vec<_>>()
    };
    let (comb, spec) = (run("combinators"), run("bnf"));
    assert_eq!(comb.len(), 199);
    assert_eq!(comb, spec);
    assert!(comb.iter().any(|(ok, _)| !ok));
    let code = snap(
        "cli__engine_bnf",
        &["check", "--engine", "bnf", "http://a/b%zz"],
        b"",
    );
    assert_eq!(code, 1);
}

/// What a new user tried first, each answered clearly.
#[test]
fn first_use_papercuts() {
    // Lines on standard input need no option.
    let (code, out, err) = urigram(&["check"], b"http://a/\nhttp://b c\n");
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("ok: http://a/\nerror[rfc2396::URI-reference::space]"));
    assert!(out.contains(" --> <stdin>:2:9\n"), "{out}");
    assert_eq!(
        err,
        "checked 2 inputs against rfc2396 URI-reference: 1 valid, 1 invalid\n"
    );
    // A file and arguments: both are checked, the arguments first.
    let file = &format!("{}/examples/urls.txt", common::ROOT);
    let (_, out, err) = urigram(&["check", "--file", file, "http://x"], b"");
    assert!(out.starts_with("ok: http://x\n"));
    assert!(err.contains("checked 200 inputs"), "{err}");
    // The grammars are listed in --help and in the error for an unknown one.
    let (_, out, _) = urigram(&["check", "--help"], b"");
    for g in urigram::Grammar::ALL {
        assert!(out.contains(&format!("- {}:", g.name())), "{out}");
    }
    let (code, _, err) = urigram(&["check", "-g", "rfc9", "x"], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("possible values: rfc2396, rfc2732, rfc1738"),
        "{err}"
    );
    // An unknown rule: the close one, and where the list is.
    let (code, _, err) = urigram(&["check", "--rule", "hostnme", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("did you mean \"hostname\"?"), "{err}");
    assert!(err.contains("`urigram rules --grammar rfc2396`"), "{err}");
    // `equivalent` names its arguments as every command does.
    let (code, _, err) = urigram(&["equivalent", "http://a", "http://a b"], b"");
    assert_eq!(code, 2);
    assert!(err.contains(" --> <argument 2>:1:9"), "{err}");
    assert!(!err.contains("B "), "{err}");
    // merge-summaries on a file of URIs says what it wants.
    let (code, _, err) = urigram(&["merge-summaries", file], b"");
    assert_eq!(code, 2);
    assert!(err.contains("not a summary"), "{err}");
    assert!(
        err.contains("urigram check --summary --format json"),
        "{err}"
    );
    // RFC 1630's generic BNF reads no `scheme://host/`: the help points to what does.
    let (_, out, _) = urigram(&["check", "-g", "rfc1630", "http://info.cern.ch/"], b"");
    assert!(out.contains("= help: RFC 1630's generic BNF"), "{out}");
    assert!(out.contains("--grammar rfc1630-url"), "{out}");
    let (code, _, _) = urigram(&["check", "-g", "rfc1630-url", "http://info.cern.ch/"], b"");
    assert_eq!(code, 0);
    // A URL that only `otherurl` takes: valid, with where its scheme's production stops.
    let (code, out, _) = urigram(&["check", "-g", "rfc1738", "ftp://h/p;type=x"], b"");
    assert_eq!(code, 0);
    assert!(
        out.contains("valid as otherurl (any scheme), but not as the scheme's own ftpurl"),
        "{out}"
    );
    assert!(out.contains("'x' at byte 15 in ftptype"), "{out}");
    // The upper-case scheme help names an option that exists.
    let (_, out, _) = urigram(&["check", "-g", "rfc1738", "HTTP://a/"], b"");
    assert!(out.contains("write the scheme in lower case"), "{out}");
    assert!(
        out.contains("rfc1738::ParseOptions::case_insensitive_scheme"),
        "{out}"
    );
}

/// The Spark recipes of docs/corpus.md are tests/spark/job.py and tests/spark/job_python.py
/// (between their guide markers), which tests/spark/run.sh runs on a local Spark; the guide and
/// the files cannot drift apart.
#[test]
fn guide_spark_recipe_is_the_tested_job() {
    let root = std::path::Path::new(common::ROOT);
    let readme = std::fs::read_to_string(root.join("docs/corpus.md")).unwrap();
    let between = |text: &str, begin: &str, end: &str| -> String {
        let start = text.find(begin).unwrap_or_else(|| panic!("no {begin:?}")) + begin.len();
        let len = text[start..]
            .find(end)
            .unwrap_or_else(|| panic!("no {end:?} after {begin:?}"));
        text[start..start + len].to_string()
    };
    for (file, has) in [
        ("tests/spark/job.py", "lines.pipe("),
        ("tests/spark/job_python.py", "mapInArrow("),
    ] {
        let job = std::fs::read_to_string(root.join(file)).unwrap();
        let marker = format!("<!-- The block below is {file} between its guide markers");
        let after_marker = &readme[readme.find(&marker).expect("the marker") + marker.len()..];
        let quoted = between(after_marker, "```python\n", "```\n");
        let recipe = between(&job, "# docs/corpus.md: begin\n", "# docs/corpus.md: end\n");
        assert!(recipe.contains(has), "{recipe}");
        if let Some((n, (q, r))) = quoted
            .lines()
            .chain(["<end>"])
            .zip(recipe.lines().chain(["<end>"]))
            .enumerate()
            .find(|(_, (q, r))| q != r)
        {
            panic!(
                "docs/corpus.md's Spark block differs from {file} at its line {}: the guide \
                 has {q:?}, the file {r:?}; copy the file's lines between its guide markers \
                 into the block",
                n + 1
            );
        }
        assert_eq!(quoted, recipe);
    }
}

/// `--grammar` reads a grammar's name in any case, as `"RFC2396".parse::<Grammar>()` does,
/// and an unknown name still gets clap's error with the list of names.
#[test]
fn grammar_names_in_any_case() {
    for name in ["RFC2732", "Rfc2732", "rfc2732"] {
        let (code, out, err) = urigram(&["check", "-g", name, "http://[::1]/"], b"");
        assert_eq!(
            (code, out.as_str()),
            (0, "ok: http://[::1]/\n"),
            "{name}: {err}"
        );
    }
    let (code, out, _) = urigram(&["rules", "--grammar", "RFC1630-URL"], b"");
    assert_eq!(code, 0);
    assert!(out.lines().any(|r| r == "httpaddress"), "{out}");
    let (code, out, _) = urigram(&["check", "-g", "RFC3987", "http://\u{E9}.example/"], b"");
    assert_eq!((code, out.as_str()), (0, "ok: http://\u{E9}.example/\n"));
    let (code, _, err) = urigram(&["check", "--grammar", "RFC3988", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'RFC3988'"), "{err}");
    assert!(err.contains("rfc2396, rfc2732"), "{err}");
}

/// RFC 2732 on every command: `check` (the RFC's first example URL), `rules`, `explain`,
/// the matrix, and the semantic commands with `--grammar rfc2732`.
#[test]
fn rfc2732_on_every_command() {
    let url = "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html";
    let (code, out, err) = urigram(&["check", "--grammar", "rfc2732", url], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("ok: {url}\n"));
    // Under RFC 2396 alone it is rejected at the `[`, with the way to RFC 2732.
    let (code, out, _) = urigram(&["check", url], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("error[rfc2396::URI-reference::excluded]"),
        "{out}"
    );
    assert!(out.contains("--grammar rfc2732"), "{out}");

    let (code, out, _) = urigram(&["rules", "--grammar", "rfc2732"], b"");
    assert_eq!(code, 0);
    for rule in [
        "ipv6reference",
        "IPv6address",
        "hexpart",
        "hexseq",
        "hex4",
        "URI-reference",
    ] {
        assert!(out.lines().any(|l| l.contains(rule)), "{rule}: {out}");
    }
    // Each production is cited in the spec that defines it.
    let (_, out, _) = urigram(&["explain", "-g", "rfc2732", "-r", "hex4", "g"], b"");
    assert!(out.contains("rfc2373-appendix-b.txt:13"), "{out}");
    let (_, out, _) = urigram(&["explain", "-g", "rfc2732", "-r", "host", "[::1"], b"");
    assert!(out.contains("rfc2732.txt:123"), "{out}");

    let (code, out, _) = urigram(&["explain", "-g", "rfc2732", "http://[::1]/"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("ipv6reference \"[::1]\""), "{out}");

    let (code, out, _) = urigram(&["check", "--all-grammars", "http://[::1]/"], b"");
    assert_eq!(code, 0, "valid under rfc2732");
    assert!(out.contains("rfc2732      URI-reference    valid"), "{out}");

    let (code, out, _) = urigram(
        &["resolve", "-g", "rfc2732", "http://[::1]:8080/a/b", "../c"],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "http://[::1]:8080/c\n"));
    let (code, out, _) = urigram(
        &["normalize", "--grammar", "rfc2732", "HTTP://[AB::CD]:80/"],
        b"",
    );
    assert_eq!((code, out.as_str()), (0, "http://[ab::cd]/\n"));
    let (code, _, _) = urigram(
        &[
            "equivalent",
            "-g",
            "rfc2732",
            "http://[ab::cd]/",
            "HTTP://[AB::CD]/",
        ],
        b"",
    );
    assert_eq!(code, 0);
}

/// RFC 3986 on the grammar commands: `check` (`?y` and `mailto:` are references only under
/// RFC 3986), `rules`, `explain` with its citations, and the matrix, where it is a column.
#[test]
fn rfc3986_on_the_grammar_commands() {
    let (code, out, err) = urigram(&["check", "--grammar", "rfc3986", "?y", "mailto:"], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "ok: ?y\nok: mailto:\n");
    let (code, out, _) = urigram(&["check", "-g", "rfc3986", "http://a/?[x]"], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("error[rfc3986::URI-reference::reserved]"),
        "{out}"
    );
    assert!(out.contains("rfc3986.txt:2704"), "{out}");
    assert!(out.contains("%5B"), "{out}");

    let (code, out, _) = urigram(&["rules", "--grammar", "rfc3986"], b"");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 36, "{out}");
    for rule in [
        "URI",
        "IPv6address",
        "dec-octet",
        "path-empty",
        "sub-delims",
    ] {
        assert!(out.lines().any(|l| l.contains(rule)), "{rule}: {out}");
    }
    let (code, _, err) = urigram(&["check", "-g", "rfc3986", "-r", "hex4", "x"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("`urigram rules --grammar rfc3986`"), "{err}");

    let (_, out, _) = urigram(&["explain", "-g", "rfc3986", "-r", "dec-octet", "256"], b"");
    assert!(out.contains("rfc3986.txt:2751"), "{out}");
    let (code, out, _) = urigram(&["explain", "-g", "rfc3986", "http://999.1.1.1/"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("reg-name \"999.1.1.1\""), "{out}");
    let (code, out, _) = urigram(&["explain", "-g", "rfc3986", "http://[v1.x]/"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("IPvFuture \"v1.x\""), "{out}");

    let (code, out, _) = urigram(&["check", "--all-grammars", "mailto:"], b"");
    assert_eq!(code, 0, "valid under rfc3986");
    assert!(out.contains("rfc3986      URI-reference    valid"), "{out}");
    // The BNF interpreter agrees.
    let (code, _, _) = urigram(&["check", "-g", "rfc3986", "--engine", "bnf", "?y"], b"");
    assert_eq!(code, 0);
}

// ---- merge-summaries over many documents ---------------------------------------------------

/// The summary document of `urigram check --summary ARGS` on the lines of `input`, on one line.
fn summary_of(args: &[&str], input: &str) -> String {
    let args = [
        &["check", "--summary", "--format", "jsonl"][..],
        args,
        &["--file", "-"],
    ]
    .concat();
    let (code, out, err) = urigram(&args, input.as_bytes());
    assert!(code <= 1, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    out.trim_end().to_string()
}

/// `section` as the merge of `n` copies of it reads, worked out from the document alone: every
/// count `n` times as large, and each group's examples the first three of its own examples
/// repeated `n` times (the groups keep their order: it is by count, then by key).
fn times(section: &serde_json::Value, n: u64) -> serde_json::Value {
    let mut s = section.clone();
    for field in ["lines", "bytes", "valid", "invalid"] {
        s[field] = (s[field].as_u64().unwrap() * n).into();
    }
    for by in ["by_production", "by_code", "by_found"] {
        for g in s[by].as_array_mut().unwrap() {
            g["count"] = (g["count"].as_u64().unwrap() * n).into();
            let own = g["examples"].as_array().unwrap().clone();
            let examples: Vec<serde_json::Value> = own
                .iter()
                .cycle()
                .take(own.len() * n as usize)
                .take(3)
                .cloned()
                .collect();
            g["examples"] = examples.into();
        }
    }
    s
}

/// A summary document of `sections`.
fn document(sections: Vec<serde_json::Value>) -> serde_json::Value {
    serde_json::json!({"urigram": "summary", "version": 1, "sections": sections})
}

#[test]
fn merging_many_documents_adds_them_up() {
    // Three kinds of shard (two grammars, two rules of one), with groups of one line and of
    // several, and examples of some groups only in later lines.
    let lines = "http://a/%zz\nx y\nhttp://ok/\nhttp://a/%z1\n%\nhttp://b/%zz\nhttp://c/%zz\n";
    let shards = [
        summary_of(&["--grammar", "rfc2396"], lines),
        summary_of(&["--grammar", "rfc1738"], lines),
        summary_of(&["--grammar", "rfc2396", "--rule", "absoluteURI"], lines),
    ];
    let sections: Vec<serde_json::Value> = shards
        .iter()
        .map(|s| serde_json::from_str::<serde_json::Value>(s).unwrap()["sections"][0].clone())
        .collect();
    const N: u64 = 3000;
    let mut input = String::new();
    for _ in 0..N {
        for s in &shards {
            input.push_str(s);
            input.push('\n');
        }
    }
    let expected = document(sections.iter().map(|s| times(s, N)).collect());
    let (code, out, err) = urigram(
        &["merge-summaries", "--format", "json", "-"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    // Byte for byte: the same keys in the same order, the same numbers.
    assert_eq!(out, format!("{expected}\n"));
    // For people, the merge reads as the expected document does.
    let (_, human, _) = urigram(&["merge-summaries", "-"], input.as_bytes());
    let (_, want, _) = urigram(&["merge-summaries", "-"], expected.to_string().as_bytes());
    assert_eq!(human, want);
    assert!(human.contains("  lines    21,000  ("), "{human}");
}

#[test]
fn merging_many_distinct_sections_keeps_them_in_order() {
    // 4,000 sections of their own (grammar, rule), each given twice, the second time in the
    // opposite order: each is found again and added up, and the order stays the first one.
    let shard = summary_of(&["--grammar", "rfc2396"], "http://a/%zz\nx y\nhttp://ok/\n");
    let section = serde_json::from_str::<serde_json::Value>(&shard).unwrap()["sections"][0].clone();
    const K: usize = 4000;
    let named = |k: usize| {
        let mut s = section.clone();
        s["rule"] = format!("rule-{k}").into();
        s
    };
    let mut input = String::new();
    for k in (0..K).chain((0..K).rev()) {
        input.push_str(&document(vec![named(k)]).to_string());
        input.push('\n');
    }
    let expected = document((0..K).map(|k| times(&named(k), 2)).collect());
    let (code, out, err) = urigram(
        &["merge-summaries", "--format", "json", "-"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, format!("{expected}\n"));
}

/// `check -g rfc3986 --compare rfc3987`: an IRI that is no URI is valid under RFC 3987 only,
/// with RFC 3986's diagnostic; a URI is valid under both.
#[test]
fn iris_that_are_not_uris() {
    let iri = "http://r\u{e9}sum\u{e9}.example.org";
    let args = [
        "check",
        "-g",
        "rfc3986",
        "--compare",
        "rfc3987",
        iri,
        "http://a/b",
    ];
    let (code, out, err) = urigram(&args, b"");
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("rfc3987  IRI-reference  valid"), "{out}");
    assert!(out.contains("rfc3986::URI-reference::non-ascii"), "{out}");
    assert!(!out.contains("http://a/b"), "{out}");
    assert!(
        err.contains("1 valid under both, 0 valid under rfc3986 only, 1 valid under rfc3987 only"),
        "{err}"
    );
}
