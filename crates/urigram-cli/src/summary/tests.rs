//! The summary's tests: counting, merging, both outputs and reading documents back.

use super::json_in::NOT_A_SUMMARY;
use super::*;
use urigram::Grammar;

fn summary_of(lines: &[&str]) -> Summary {
    let mut s = Summary::default();
    let sec = s.section("rfc2396", "URI-reference");
    for (k, l) in lines.iter().enumerate() {
        sec.bytes += l.len() as u64 + 1;
        match Grammar::Rfc2396.check("URI-reference", l) {
            Ok(()) => sec.add_valid(),
            Err(e) => sec.add_invalid("t.txt", k as u64 + 1, l.as_bytes(), &e.brief()),
        }
    }
    s
}

const LINES: &[&str] = &[
    "http://a/b%zz",
    "http://ok/",
    "http://exa mple/",
    "http://a/%zz",
    "x#a#b",
    "http://a/b%z1",
    "http://a/b%1",
    "?y",
];

/// The summary of `text`'s lines by `rule` of `g`, each line counted from what `locate`
/// gives for it.
fn summary_by(
    g: Grammar,
    rule: &str,
    text: &str,
    mut locate: impl FnMut(&str) -> Result<(), Brief>,
) -> Summary {
    let mut s = Summary::default();
    let sec = s.section(g.name(), rule);
    for (k, l) in text.lines().enumerate() {
        match locate(l) {
            Ok(()) => sec.add_valid(),
            Err(b) => sec.add_invalid("t.txt", k as u64 + 1, l.as_bytes(), &b),
        }
    }
    s
}

/// A summary counted from briefs found by locating is the one counted from whole errors,
/// for every grammar's start rule, on the example corpus and on inputs that fail in many
/// ways (the case files).
#[test]
fn locating_gives_the_summary_of_whole_errors() {
    let root = urigram_testkit::root();
    let mut text = std::fs::read_to_string(root.join("examples/urls.txt")).unwrap();
    for g in Grammar::ALL {
        let path = root.join(format!("tests/cases/{}.txt", g.name()));
        let cases = std::fs::read_to_string(&path).expect("every grammar has a case file");
        // RULE<TAB>ok|err<TAB>INPUT, escapes left as they are.
        for input in cases.lines().filter_map(|l| l.splitn(3, '\t').nth(2)) {
            text.push_str(input);
            text.push('\n');
        }
    }
    assert!(text.lines().count() > 1000);
    for &g in Grammar::ALL {
        let rule = g.start_rule();
        let whole = summary_by(g, rule, &text, |l| g.check(rule, l).map_err(|e| e.brief()));
        assert!(whole.any_invalid(), "{}", g.name());
        let mut locator = g.locator(rule).unwrap();
        let by_locator = summary_by(g, rule, &text, |l| locator.locate(l));
        assert_eq!(by_locator, whole, "{}", g.name());
        assert_eq!(by_locator.to_human(), whole.to_human(), "{}", g.name());
        let by_locate = summary_by(g, rule, &text, |l| g.locate(rule, l));
        assert_eq!(by_locate, whole, "{}", g.name());
    }
}

#[test]
fn merging_parts_gives_the_whole() {
    let whole = summary_of(LINES);
    for cut in 0..=LINES.len() {
        let mut a = summary_of(&LINES[..cut]);
        a.merge(summary_of(&LINES[cut..]));
        // Line numbers restart in each part; everything else is the same.
        let strip = |s: &Summary| {
            let mut v = s.to_json();
            strip_lines(&mut v);
            v
        };
        assert_eq!(strip(&a), strip(&whole), "cut at {cut}");
    }
}

fn strip_lines(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.remove("line");
            m.values_mut().for_each(strip_lines);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_lines),
        _ => {}
    }
}

#[test]
fn json_round_trips() {
    let s = summary_of(LINES);
    let back = Summary::from_json(&s.to_json()).unwrap();
    assert_eq!(back.to_json(), s.to_json());
    assert_eq!(back.to_human(), s.to_human());
    let hex = &s.sections[0]
        .by_code
        .get("rfc2396::escaped::letter")
        .unwrap();
    assert_eq!(hex.count, 3);
    assert_eq!(hex.examples.len(), EXAMPLES);
    assert_eq!(hex.examples[0].line, 1);
}

#[test]
fn long_lines_keep_a_window() {
    let long = format!("http://a/{}%zz{}", "b".repeat(3000), "c".repeat(3000));
    let e = Grammar::Rfc2396.check("URI-reference", &long).unwrap_err();
    let x = Example::new("t", 1, long.as_bytes(), e.offset(), e.column() as u64);
    assert!(x.input.len() <= EXAMPLE_BYTES);
    assert_eq!(x.window_start as usize + EXAMPLE_BYTES / 2, e.offset());
    assert!(x.input[EXAMPLE_BYTES / 2..].starts_with('z'));
    let mut out = String::new();
    x.write_human(&mut out, 0).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let caret = lines[1].chars().count() - 1;
    assert_eq!(lines[0].chars().nth(caret), Some('z'));
}

/// The summaries of the documents of `text`, read as `merge-summaries` reads a stream
/// (records are `None`), or the first error.
fn read(text: &str) -> Result<Vec<Option<Summary>>, String> {
    let docs = serde_json::Deserializer::from_str(text).into_iter::<Document>();
    docs.map(|d| match d.map_err(|e| e.to_string())? {
        Document::Other => Ok(None),
        Document::Summary(s) => s.map(Some),
    })
    .collect()
}

/// A one-section document of `lines` valid lines, with `extra` put in the section.
fn doc(lines: u64, extra: &str) -> String {
    format!(
        r#"{{"urigram":"summary","version":1,"sections":[{{"grammar":"g","rule":"r",
        "lines":{lines},"bytes":0,"valid":{lines},"invalid":0,"by_production":[],
        "by_code":[],"by_found":[]{extra}}}]}}"#
    )
}

#[test]
fn a_document_is_judged_as_a_whole() {
    // The sections may come before the "urigram" key: in a record (no such key) they are
    // never judged; in a summary they are, after its header.
    let broken = r#""sections":[{"grammar":5}]"#;
    assert!(matches!(
        read(&format!(r#"{{{broken},"valid":true}}"#)).as_deref(),
        Ok([None])
    ));
    let e = read(&format!(r#"{{{broken},"urigram":"summary","version":1}}"#));
    assert_eq!(e, Err("a section has no string \"grammar\"".into()));
    let e = read(&format!(r#"{{{broken},"urigram":"summary","version":2}}"#));
    assert_eq!(
        e,
        Err("a summary of version 2; this urigram reads version 1".into())
    );
    let e = read(r#"{"urigram":"summary","sections":[]}"#);
    assert_eq!(
        e,
        Err("a summary without a \"version\"; this urigram reads version 1".into())
    );
    let e = read(r#"{"urigram":"summary","version":"1","sections":[]}"#);
    let e = e.unwrap_err();
    assert!(!e.contains("Some(") && !e.contains("Str("), "{e}");
    let e = read(&format!(r#"{{{broken},"urigram":null}}"#));
    assert_eq!(e, Err(NOT_A_SUMMARY.into()));
    // A key given twice counts with its last value, as in a `Value`.
    let twice = doc(3, "").replace(
        r#""sections":["#,
        r#""sections":7,"version":"1","version":1,"sections":["#,
    );
    let s = read(&twice).unwrap();
    assert_eq!(s[0].as_ref().unwrap().sections[0].lines, 3);
    // A field of the wrong kind is a missing one; unknown fields are skipped.
    let e = read(&doc(3, "").replace(r#""bytes":0"#, r#""bytes":-1"#));
    assert_eq!(e, Err("a section has no number \"bytes\"".into()));
    let e = read(&doc(3, "").replace(r#""bytes":0"#, r#""bytes":0.0"#));
    assert_eq!(e, Err("a section has no number \"bytes\"".into()));
    assert!(read(&doc(3, r#","more":[{"a":[1,{"b":null}]}]"#)).is_ok());
    // JSON's own limits are a `Value`'s: 128 levels.
    let deep = doc(
        3,
        &format!(",\"more\":{}{}", "[".repeat(130), "]".repeat(130)),
    );
    assert!(read(&deep).unwrap_err().contains("recursion limit"));
    let shallow = doc(
        3,
        &format!(",\"more\":{}{}", "[".repeat(100), "]".repeat(100)),
    );
    assert!(read(&shallow).is_ok());
}

#[test]
fn a_group_keeps_three_examples_and_checks_them_all() {
    let x = r#"{"source":"s","line":1,"column":1,"offset":0,"input":"x y"}"#;
    let with = |examples: &[&str]| {
        let g = |k: &str| {
            format!(
                r#"[{{"{k}":"k","count":9,"examples":[{}]}}]"#,
                examples.join(",")
            )
        };
        format!(
            r#"{{"urigram":"summary","version":1,"sections":[{{"grammar":"g","rule":"r",
            "lines":9,"bytes":0,"valid":0,"invalid":9,"by_production":{},"by_code":{},
            "by_found":{}}}]}}"#,
            g("production"),
            g("code"),
            g("found")
        )
    };
    let s = read(&with(&[x, x, x, x, x])).unwrap();
    let s = s[0].as_ref().unwrap();
    assert_eq!(
        s.sections[0].by_code.get("k").unwrap().examples.len(),
        EXAMPLES
    );
    assert_eq!(
        s.sections[0].by_code.get("k").unwrap().examples.capacity(),
        EXAMPLES
    );
    let e = read(&with(&[x, x, x, x, r#"{"source":"s"}"#]));
    assert_eq!(e, Err("an example has no number \"line\"".into()));
}

/// The sizes that the memory bound of `merge-summaries` (`merge.rs`) is stated with.
#[test]
fn sizes_of_the_bound() {
    use std::mem::size_of;
    let section = size_of::<Section>() + 3 * size_of::<usize>();
    let group = size_of::<(u64, String, Group)>() + size_of::<usize>();
    let example = size_of::<Example>();
    eprintln!("section {section}, group {group}, example {example} bytes");
    assert!(section <= 400, "{section}");
    assert!(group <= 100, "{group}");
    // (96 with its allocation's overhead.)
    assert!(example <= 80, "{example}");
}
