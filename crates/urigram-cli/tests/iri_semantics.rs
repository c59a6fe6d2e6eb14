//! `resolve`, `normalize` and `equivalent` with `--grammar rfc3987`: IRI references read by
//! RFC 3987 section 2.2, resolved by RFC 3986 section 5.2 (RFC 3987 section 6.5), compared
//! by section 5.3; errors under `rfc3987` codes.

use crate::common::run::urigram;

const BASE: &str = "http://\u{4f8b}.test/a/b;p?q";

#[test]
fn resolve_reads_iri_references() {
    let (code, out, err) = urigram(
        &[
            "resolve",
            "-g",
            "rfc3987",
            BASE,
            "../\u{e9}",
            "g?\u{fc}#x",
            "",
            "//\u{e9}.x",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let want = [
        "http://\u{4f8b}.test/\u{e9}",
        "http://\u{4f8b}.test/a/g?\u{fc}#x",
        BASE,
        "http://\u{e9}.x",
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    // The same texts are not URI references: RFC 3986 rejects the base.
    let (code, _, err) = urigram(&["resolve", "-g", "rfc3986", BASE, "g"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("rfc3986::URI-reference::"), "{err}");
}

#[test]
fn resolve_errors_name_rfc3987() {
    let (code, _, err) = urigram(&["resolve", "-g", "rfc3987", "/\u{e9}", "g"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("rfc3987::resolution::relative-base"), "{err}");
    let (code, out, _) = urigram(
        &[
            "resolve", "-g", "rfc3987", "--format", "jsonl", BASE, "b c", "\u{e000}",
        ],
        b"",
    );
    assert_eq!(code, 2);
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["error"]["grammar"], "rfc3987");
    assert_eq!(v[0]["error"]["offset"], 1);
    assert_eq!(v[0]["error"]["kind"], "invalid_reference");
    // `iprivate` is allowed in a query only (rfc3987.txt:412).
    assert_eq!(v[1]["error"]["offset"], 0);
    let (code, out, _) = urigram(&["resolve", "-g", "rfc3987", BASE, "?\u{e000}"], b"");
    assert_eq!(
        (code, out.trim()),
        (0, "http://\u{4f8b}.test/a/b;p?\u{e000}")
    );
}

#[test]
fn normalize_and_equivalent_follow_section_5_3() {
    let (code, out, err) = urigram(
        &[
            "normalize",
            "-g",
            "rfc3987",
            "HTTP://Example.ORG:80/a/./\u{e9}/%7e",
            "%C3%A9",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "http://example.org/a/\u{e9}/~");
    // Section 5.3.2.3 aligns escapes by section 3.1 (rfc3987.txt:1447-1450): the UTF-8
    // escapes of `é` are `é`, as the library's normal form writes it.
    assert_eq!(lines[1], "\u{e9}");
    let lib = urigram::rfc3987::IriReference::parse("%C3%A9")
        .unwrap()
        .normalize()
        .into_string();
    assert_eq!(lines[1], lib);
    let (code, out, _) = urigram(
        &[
            "equivalent",
            "-g",
            "rfc3987",
            "http://a/\u{e9}",
            "HTTP://A:80/\u{e9}",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("equivalent\n"), "{out}");
    let (code, _, _) = urigram(
        &[
            "equivalent",
            "-g",
            "rfc3987",
            "http://a/\u{e9}",
            "http://a/e",
        ],
        b"",
    );
    assert_eq!(code, 1);
    // Not an IRI: exit 2 with the diagnostic.
    let (code, _, err) = urigram(&["normalize", "-g", "rfc3987", "http://a/ b"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("rfc3987::"), "{err}");
}
