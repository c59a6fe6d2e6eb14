//! `urigram resolve --compare`: the references whose results differ between RFC 2396 section
//! 5.2 and RFC 3986 section 5.2, with the reason on each side; and `--grammar rfc3986` on
//! `resolve`, `normalize` and `equivalent`.

use crate::common::run::urigram;
use crate::json_schema::Validator;

use serde_json::Value;

const BASE: &str = "http://a/b/c/d;p?q";

/// The differences the RFCs name (RFC 3986 Appendix D.2 and section 5.4, RFC 2396 C.2), as
/// people read them: three lines each and the count; what agrees is not shown.
#[test]
fn human_output() {
    let input = "g\n?y\n../../../g\n/./g\n//g/./h\nhttp://x/a/../b\n#s\n\n//[::1]/\ng%\n../../g\n";
    let (code, out, err) = urigram(&["resolve", "--compare", BASE], input.as_bytes());
    assert_eq!((code, err.as_str()), (1, ""));
    let want = "\
<stdin>:2: ?y
  rfc2396  http://a/b/c/?y  (not an RFC 2396 URI-reference (erratum 452, printed grammar); resolved by the steps as printed, step 6 merges its empty path)
  rfc3986  http://a/b/c/d;p?y  (section 5.2.2: an empty path keeps the base's path, with the reference's query)
<stdin>:3: ../../../g
  rfc2396  http://a/../g  (step 6g: `..` segments above the root are kept)
  rfc3986  http://a/g  (section 5.2.4: `..` segments above the root are removed)
<stdin>:4: /./g
  rfc2396  http://a/./g  (steps 3 to 5: a reference with a scheme, an authority or an absolute path is used as it is, dot segments and all)
  rfc3986  http://a/g  (section 5.2.2: remove_dot_segments on the reference's path (section 5.2.4))
<stdin>:5: //g/./h
  rfc2396  http://g/./h  (steps 3 to 5: a reference with a scheme, an authority or an absolute path is used as it is, dot segments and all)
  rfc3986  http://g/h  (section 5.2.2: remove_dot_segments on the reference's path (section 5.2.4))
<stdin>:6: http://x/a/../b
  rfc2396  http://x/a/../b  (steps 3 to 5: a reference with a scheme, an authority or an absolute path is used as it is, dot segments and all)
  rfc3986  http://x/b  (section 5.2.2: remove_dot_segments on the reference's path (section 5.2.4))
<stdin>:9: //[::1]/
  rfc2396  rejected  (the reference is not valid: not a valid URI-reference: '[' at byte 2, expected alphanum, digit, userinfo, \"#\", \"/\", \"?\", \"@\" or end of input)
  rfc3986  http://[::1]/  (resolved by section 5.2)
6 of 11 references resolve differently by RFC 2396 and RFC 3986 against http://a/b/c/d;p?q
";
    assert_eq!(out, want);
}

/// The exit code: 0 when every reference agrees, 1 when one differs, 2 when neither RFC takes
/// the base. `http://a` + `g` agrees: RFC 2396's merge is completed as RFC 3986's is.
#[test]
fn exit_codes_and_bases() {
    let (code, out, _) = urigram(&["resolve", "--compare", "http://a", "g", "./h"], b"");
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "0 of 2 references resolve differently by RFC 2396 and RFC 3986 against http://a\n"
    );
    // An opaque base: RFC 2396 refuses relative references, RFC 3986 merges.
    let (code, out, _) = urigram(&["resolve", "--compare", "mailto:a@b", "g"], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("  rfc3986  mailto:g  (section 5.2.3 merges"),
        "{out}"
    );
    assert!(
        out.contains("  rfc2396  rejected  (the base \"mailto:a@b\" is opaque"),
        "{out}"
    );
    // A base only RFC 3986 reads: every reference differs.
    let (code, out, _) = urigram(&["resolve", "--compare", "http://[v1.x]/a", "b"], b"");
    assert_eq!(code, 1);
    assert!(
        out.contains("  rfc3986  http://[v1.x]/b  (resolved by section 5.2)"),
        "{out}"
    );
    // Neither: the base's diagnostic, as `resolve` gives it.
    let (code, out, err) = urigram(&["resolve", "--compare", "b/c", "g"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("rfc3986::resolution::relative-base"), "{err}");
    let (code, _, err) = urigram(&["resolve", "--compare", "http://a b/", "g"], b"");
    assert_eq!(code, 2);
    assert!(err.contains(" --> <argument 1>:1:9"), "{err}");
    // --grammar rfc2732 on RFC 2396's side: `?[x]` is RFC 2396's (as amended) alone.
    let (code, out, _) = urigram(
        &["resolve", "--compare", "-g", "rfc2732", BASE, "g?[x]"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("  rfc2396  http://a/b/c/g?[x]  (resolved by section 5.2)"),
        "{out}"
    );
    // Non-strict on both sides with --backwards-compatible-scheme.
    let (code, _, _) = urigram(
        &[
            "resolve",
            "--compare",
            "--backwards-compatible-scheme",
            BASE,
            "http:g",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let (code, _, err) = urigram(&["resolve", "--compare", "-g", "rfc3986", BASE, "g"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--compare reads RFC 2396"), "{err}");
}

/// Lines of a file: CRLF endings, a line over --max-line-length and one that is not UTF-8
/// are skipped and counted; the rest compared, a line at a time.
#[test]
fn lines_of_a_file() {
    let dir = std::env::temp_dir().join(format!("urigram-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("refs.txt");
    let mut data = b"../../../g\r\ng\r\n".to_vec();
    data.extend_from_slice(&[b'a'; 40]);
    data.extend_from_slice(b"\n\xff\n?y");
    std::fs::write(&path, &data).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = urigram(
        &[
            "resolve",
            "--compare",
            "--max-line-length",
            "20",
            "--file",
            p,
            BASE,
        ],
        b"",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1);
    assert!(out.starts_with(&format!("{p}:1: ../../../g\n")), "{out}");
    assert!(out.contains(&format!("{p}:5: ?y\n")), "{out}");
    assert!(
        out.ends_with("2 of 3 references resolve differently by RFC 2396 and RFC 3986 against http://a/b/c/d;p?q (2 lines skipped)\n"),
        "{out}"
    );
    assert_eq!(
        err,
        format!(
            "{p}:3: skipped: a line of 40 bytes, longer than --max-line-length (20)\n\
             {p}:4: skipped: not UTF-8\n"
        )
    );
}

/// A stream of many lines: every one compared, the differing ones counted.
#[test]
fn a_long_stream() {
    let input = "g\n../../../g\n".repeat(50_000);
    let (code, out, _) = urigram(
        &["resolve", "--compare", "--format", "jsonl", BASE],
        input.as_bytes(),
    );
    assert_eq!(code, 1);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["references"], 100_000);
    assert_eq!(last["differing"], 50_000);
    assert_eq!(out.lines().count(), 50_001);
}

/// `--format json` and `jsonl` validate against the schema, and say the same.
#[test]
fn json_validates() {
    let mut v = Validator::new();
    let refs = ["?y", "../../../g", "g", "//[::1]/", "/./g", "g?[x]"];
    let mut args = vec!["resolve", "--compare", "--format", "jsonl", BASE];
    args.extend(refs);
    let (_, jsonl, _) = urigram(&args, b"");
    v.lines(
        "resolve_compare_record",
        &jsonl,
        Some("resolve_compare_summary"),
        "resolve --compare jsonl",
    );
    let mut args = vec!["resolve", "--compare", "--format", "json", BASE];
    args.extend(refs);
    let (_, json, _) = urigram(&args, b"");
    v.doc("resolve_compare_document", &json, "resolve --compare json");
    let doc: Value = serde_json::from_str(&json).unwrap();
    let records: Vec<Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        doc["differences"].as_array().unwrap(),
        &records[..records.len() - 1]
    );
    assert_eq!(
        (doc["references"].as_u64(), doc["differing"].as_u64()),
        (Some(6), Some(4))
    );
    let reasons: Vec<&str> = records[..4]
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "query-only-reference",
            "dot-dot-above-root",
            "rejected-by-rfc2396",
            "dot-segments-kept"
        ]
    );
    assert_eq!(records[2]["rfc2396"]["error"]["kind"], "invalid_reference");
    // An empty input, and a base neither RFC takes.
    let (_, out, _) = urigram(&["resolve", "--compare", "--format", "json", BASE], b"");
    v.doc(
        "resolve_compare_document",
        &out,
        "resolve --compare json, no input",
    );
    let (_, out, _) = urigram(
        &["resolve", "--compare", "--format", "jsonl", "b", "g"],
        b"",
    );
    v.lines("resolve_record", &out, None, "resolve --compare, bad base");
    // `resolve --grammar rfc3986`, with its errors.
    let (_, out, _) = urigram(
        &[
            "resolve", "-g", "rfc3986", "--format", "jsonl", "foo:/a/b", "g", "..//g", "%",
        ],
        b"",
    );
    v.lines("resolve_record", &out, None, "resolve -g rfc3986 jsonl");
    assert!(
        out.contains("rfc3986::resolution::unrepresentable"),
        "{out}"
    );
    let (_, out, _) = urigram(
        &["resolve", "-g", "rfc3986", "--format", "json", "b", "g"],
        b"",
    );
    v.doc("resolve_record", &out, "resolve -g rfc3986 json, bad base");
    let (_, out, _) = urigram(
        &[
            "normalize",
            "-g",
            "rfc3986",
            "--format",
            "jsonl",
            "HTTP://A:80",
            "%",
        ],
        b"",
    );
    v.lines("normalize_record", &out, None, "normalize -g rfc3986");
    let (_, out, _) = urigram(
        &[
            "equivalent",
            "-g",
            "rfc3986",
            "--format",
            "json",
            "http://a",
            "HTTP://A:/",
        ],
        b"",
    );
    v.doc("equivalent_record", &out, "equivalent -g rfc3986");
}

/// `--grammar rfc3986` on `resolve` (every example of RFC 3986 section 5.4, with their
/// answers), `normalize` and `equivalent`.
#[test]
fn rfc3986_commands() {
    let refs = [
        "g:h",
        "?y",
        "#s",
        "",
        "../../../g",
        "/./g",
        "g?y/../x",
        "http:g",
    ];
    let mut args = vec!["resolve", "-g", "rfc3986", BASE];
    args.extend(refs);
    let (code, out, _) = urigram(&args, b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "g:h\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\nhttp://a/g\n\
         http://a/g\nhttp://a/b/c/g?y/../x\nhttp:g\n"
    );
    let (_, out, _) = urigram(
        &[
            "resolve",
            "-g",
            "rfc3986",
            "--backwards-compatible-scheme",
            BASE,
            "http:g",
        ],
        b"",
    );
    assert_eq!(out, "http://a/b/c/g\n");
    let (code, _, err) = urigram(
        &[
            "resolve",
            "-g",
            "rfc3986",
            "--leading-dot-dot",
            "keep",
            BASE,
            "g",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--leading-dot-dot is RFC 2396's choice"),
        "{err}"
    );
    let (code, out, err) = urigram(&["resolve", "-g", "rfc3986", "foo:/a/b", "..//g"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error[rfc3986::resolution::unrepresentable]"),
        "{err}"
    );

    let (code, out, _) = urigram(
        &[
            "normalize",
            "-g",
            "rfc3986",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "http://[FE80::A]:/%3a",
        ],
        b"",
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "example://a/b/c/%7Bfoo%7D\nhttp://[fe80::a]/%3A\n")
    );
    let (code, _, err) = urigram(&["normalize", "-g", "rfc3986", "http://a/?#x#"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("rfc3986"), "{err}");
    // RFC 2396 reads `%2E` as no dot segment; RFC 3986 decodes it first.
    let (code, _, _) = urigram(&["equivalent", "http://a/b/%2E%2E/c", "http://a/c"], b"");
    assert_eq!(code, 1);
    let (code, out, _) = urigram(
        &[
            "equivalent",
            "-g",
            "rfc3986",
            "http://a/b/%2E%2E/c",
            "http://a/c",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    let (code, _, _) = urigram(
        &["equivalent", "-g", "rfc3986", "http://a/", "http://a/?"],
        b"",
    );
    assert_eq!(code, 1);
}
