//! `urigram lsp` spoken to over JSON-RPC, without an editor: initialization and the position
//! encoding, diagnostics, hover, malformed messages, shutdown and exit.

mod common;

use common::{Client, start};
use serde_json::{Value, json};
use urigram::Grammar;

const DOC: &str = "file:///tmp/urigram-lsp-test.txt";

/// An invalid URI after a non-BMP character, an invalid one wrapped in <URL:...>, a valid one.
const TEXT: &str = "😀 see http://a/b%zz next\n\
                    wrapped: <URL:http://ds.internic.\n   net/%G1> and http://www.ics.uci.edu/a?q#f\n";

fn range(d: &Value) -> (u64, u64, u64, u64) {
    let r = &d["range"];
    let n = |v: &Value| v.as_u64().unwrap();
    (
        n(&r["start"]["line"]),
        n(&r["start"]["character"]),
        n(&r["end"]["line"]),
        n(&r["end"]["character"]),
    )
}

#[test]
fn utf16_by_default_diagnostics_and_hover() {
    let mut c = start();
    // Before initialize: refused, and the server goes on.
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32002);

    let r = c.initialize(
        json!({"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]},
               "publishDiagnostics": {"relatedInformation": true}}}),
        Value::Null,
    );
    let caps = &r["result"]["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"], 2, "incremental sync");
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(r["result"]["serverInfo"]["name"], "urigram");

    c.open(DOC, TEXT);
    let p = c.diagnostics();
    assert_eq!(p["uri"], DOC);
    assert_eq!(p["version"], 1);
    let d = p["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 2, "{d:#?}");
    // "😀 see http://a/b%": the emoji is two UTF-16 code units, so the 'z' is at 2 + 5 + 11.
    assert_eq!(range(&d[0]), (0, 18, 0, 19));
    assert_eq!(
        d[0]["message"],
        "not a valid URI-reference: 'z' at byte 11 in escaped, expected hex\nhelp: `%` begins \
         an escape: `%` and two hex digits; a `%` that stands for itself is written %25 (RFC \
         2396 section 2.4.3)"
    );
    assert_eq!(d[0]["code"], "rfc2396::escaped::letter");
    assert_eq!(d[0]["source"], "urigram");
    assert_eq!(d[0]["severity"], 1);
    assert_eq!(
        d[0]["codeDescription"]["href"],
        "https://www.rfc-editor.org/rfc/rfc2396.html#section-2.4.1"
    );
    assert_eq!(
        d[0]["data"]["error"]["citation"]["text"],
        "rfc2396.txt:1526 (section 2.4.1)"
    );
    let rel = &d[0]["relatedInformation"][0];
    assert_eq!(rel["location"]["uri"], DOC);
    assert_eq!(range(&rel["location"]), (0, 7, 0, 20), "the whole URI");
    assert!(
        rel["message"]
            .as_str()
            .unwrap()
            .contains("rfc2396.txt:1526")
    );
    // The wrapped URI "http://ds.internic.net/%G1": the 'G' is on the next line.
    assert_eq!(range(&d[1]), (2, 8, 2, 9));
    assert_eq!(d[1]["data"]["uri"], "http://ds.internic.net/%G1");
    assert_eq!(d[1]["data"]["delimiter"], "url");

    // Hover on the valid URI: its components and the verdict of every grammar.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 2, "character": 20}}),
    );
    let v = h["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(h["result"]["contents"]["kind"], "markdown");
    assert_eq!(range(&h["result"]), (2, 16, 2, 44));
    assert!(v.contains("- scheme: `http`"), "{v}");
    for g in Grammar::URI {
        assert!(
            v.contains(&format!("- {} `{}`", g.name(), g.start_rule())),
            "{v}"
        );
    }
    assert!(
        !v.contains("rfc822"),
        "RFC 822 only for a document read under it: {v}"
    );
    common::with_snapshots(|| insta::assert_snapshot!("lsp__hover", v));
    // Hover inside the surrogate pair and on no URI: nothing.
    for ch in [1, 4] {
        let h = c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": ch}}),
        );
        assert_eq!(h["result"], Value::Null);
    }
    // Hover right after the emoji, on the invalid URI's first character.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 7}}),
    );
    let v = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        v.contains("`http://a/b%zz`") && v.contains("does not conform"),
        "{v}"
    );

    // A change fixes the first URI; closing clears the diagnostics.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": DOC, "version": 2},
               "contentChanges": [{"text": "😀 see http://a/b%20 next\n"}]}),
    );
    let p = c.diagnostics();
    assert_eq!(p["version"], 2);
    assert_eq!(p["diagnostics"], json!([]));
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": DOC}}),
    );
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));

    let r = c.request("shutdown", Value::Null);
    assert_eq!(r["result"], Value::Null);
    assert!(r.get("error").is_none());
    // After shutdown, requests are refused.
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32600);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn utf8_when_the_client_offers_it() {
    let mut c = start();
    let r = c.initialize(
        json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}}),
        json!({"grammar": "rfc2396"}),
    );
    assert_eq!(r["result"]["capabilities"]["positionEncoding"], "utf-8");
    c.open(DOC, TEXT);
    let d = c.diagnostics()["diagnostics"].clone();
    // The emoji is four bytes: the 'z' is at byte 4 + 5 + 11 of the line.
    assert_eq!(range(&d[0]), (0, 20, 0, 21));
    assert_eq!(range(&d[1]), (2, 8, 2, 9));
    // No relatedInformation unless the client says it supports it; hover in plain text.
    assert!(d[0].get("relatedInformation").is_none());
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 9}}),
    );
    assert_eq!(h["result"]["contents"]["kind"], "plaintext");
    assert_eq!(range(&h["result"]), (0, 9, 0, 22));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn malformed_messages_get_errors_and_the_server_goes_on() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    // Bad params for a known method.
    let r = c.request("textDocument/hover", json!({"textDocument": 5}));
    assert_eq!(r["error"]["code"], -32602);
    let r = c.request("textDocument/hover", json!("nonsense"));
    assert_eq!(r["error"]["code"], -32602);
    // An unknown request.
    let r = c.request("urigram/frobnicate", json!({}));
    assert_eq!(r["error"]["code"], -32601);
    // A body that is not JSON, and JSON that is no message.
    c.raw(b"{not json");
    let r = c.wait(|m| m["error"]["code"] == -32700);
    assert_eq!(r["id"], Value::Null);
    c.send(json!({"jsonrpc": "2.0", "id": 77, "method": 5}));
    let r = c.wait(|m| m["id"] == 77);
    assert_eq!(r["error"]["code"], -32600);
    // A notification with bad params: logged, no response.
    c.notify("textDocument/didOpen", json!({"textDocument": 1}));
    let log = c.wait(|m| m["method"] == "window/logMessage");
    assert_eq!(log["params"]["type"], 1);
    // A second initialize is refused.
    let r = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(r["error"]["code"], -32600);
    // Still serving. The URI ends where two hex digits were expected: an empty range there.
    c.open(DOC, "http://a/%");
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(range(&d[0]), (0, 10, 0, 10));
    assert!(
        d[0]["message"]
            .as_str()
            .unwrap()
            .contains("the end of the input")
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn every_grammar_by_initialization_options() {
    for g in Grammar::ALL {
        let mut c = start();
        c.initialize(json!({}), json!({"grammar": g.name()}));
        // Nothing outside ASCII is in any URI grammar, and no noncharacter in RFC 3987's IRIs.
        c.open(DOC, "see <URL:http://a/\u{fffe}>");
        let d = c.diagnostics()["diagnostics"].clone();
        let d = d.as_array().unwrap();
        assert!(!d.is_empty(), "{g}");
        assert!(
            d.iter()
                .all(|d| d["code"].as_str().unwrap().starts_with(&format!("{g}::"))),
            "{d:?}"
        );
        c.request("shutdown", Value::Null);
        c.notify("exit", Value::Null);
        assert_eq!(c.exit_code(), 0);
    }
}

#[test]
fn an_unknown_grammar_is_a_warning() {
    let mut c = start();
    let r = c.initialize(json!({}), json!({"grammar": "rfc9999"}));
    assert!(r.get("result").is_some());
    let m = c.wait(|m| m["method"] == "window/showMessage");
    assert_eq!(m["params"]["type"], 2);
    assert!(m["params"]["message"].as_str().unwrap().contains("rfc9999"));
    c.open(DOC, "http://a/%zz");
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d[0]["code"], "rfc2396::escaped::letter");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn exit_without_shutdown_and_end_of_input() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 1);
    let c = start();
    assert_eq!(c.exit_code(), 1);
}

/// The diagnostics of `text` from a fresh server: what an incremental session must end with.
fn fresh_diagnostics(text: &str) -> Value {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    c.open(DOC, text);
    let d = c.diagnostics()["diagnostics"].clone();
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    d
}

/// The byte offset of a UTF-16 position of `text` (lines end at `\n` here).
fn byte_of(text: &str, line: u64, character: u64) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize)
        .map(str::len)
        .sum();
    let mut units = 0;
    for (k, ch) in text[start..].char_indices() {
        if units >= character as usize || ch == '\n' {
            return start + k;
        }
        units += ch.len_utf16();
    }
    text.len()
}

fn change(c: &mut Client, version: i64, (l0, c0, l1, c1): (u64, u64, u64, u64), text: &str) {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": DOC, "version": version},
               "contentChanges": [{"range": {"start": {"line": l0, "character": c0},
                                             "end": {"line": l1, "character": c1}},
                                   "text": text}]}),
    );
}

#[test]
fn incremental_edits_end_where_a_fresh_reading_does() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    let text = "a http://x/%zz b\n<URL:http://y/\n  %G1> c\nd 😀 mailto:é@x\n\ne\n";
    c.open(DOC, text);
    assert_eq!(c.diagnostics()["diagnostics"].as_array().unwrap().len(), 3);
    // A burst: close the <URL: early, break a URI, join lines, type after the emoji.
    let edits = [
        ((1, 14, 1, 14), ">"),
        ((0, 2, 0, 3), "H"),
        ((2, 7, 3, 0), " "),
        ((2, 10, 2, 10), "http://%"),
        ((0, 16, 0, 16), " -"),
    ];
    for (k, (r, t)) in edits.iter().enumerate() {
        change(&mut c, k as i64 + 2, *r, t);
    }
    let last = edits.len() as i64 + 1;
    let p = c.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == last
    });
    let mut want = text.to_string();
    for ((l0, c0, l1, c1), t) in edits {
        let (a, b) = (byte_of(&want, l0, c0), byte_of(&want, l1, c1));
        want.replace_range(a..b, t);
    }
    assert_eq!(
        want,
        "a Http://x/%zz b -\n<URL:http://y/>\n  %G1>  d http://%😀 mailto:é@x\n\ne\n"
    );
    assert_eq!(p["params"]["diagnostics"], fresh_diagnostics(&want));
    // A hover right after the burst sees the edited text.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 1, "character": 8}}),
    );
    assert!(
        h["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("http://y/"),
        "{h}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn at_most_a_thousand_diagnostics_and_a_count_of_the_rest() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    c.open(DOC, &"http://%zz ".repeat(1500));
    let d = c.diagnostics()["diagnostics"].clone();
    let d = d.as_array().unwrap();
    assert_eq!(d.len(), 1001);
    assert_eq!(range(&d[999]), (0, 999 * 11 + 8, 0, 999 * 11 + 9));
    let more = &d[1000];
    assert_eq!(more["severity"], 3, "information");
    assert_eq!(range(more), (0, 1000 * 11, 0, 1000 * 11 + 10));
    assert!(
        more["message"]
            .as_str()
            .unwrap()
            .starts_with("500 more URIs"),
        "{more}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// A delimited URI with spaces wrapped across lines: the quick fix escapes the space within
/// the line, and no fix writes `%20` for the line break (read as a space) into the
/// indentation, as `fix --text` leaves such a URI.
#[test]
fn no_quick_fix_escapes_a_line_break_read_as_a_space() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    let text = "the KDE format: <info:(gcc)G++ and\n   GCC>\n";
    c.open(DOC, text);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert_eq!(range(&d[0]), (0, 30, 0, 31));
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:#?}");
    let edits = actions[0]["edit"]["changes"][DOC].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(
        (range(&edits[0]), edits[0]["newText"].clone()),
        ((0, 30, 0, 31), json!("%20"))
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn quick_fixes_and_document_links() {
    let mut c = start();
    let r = c.initialize(json!({}), Value::Null);
    let caps = &r["result"]["capabilities"];
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );
    assert_eq!(caps["documentLinkProvider"]["resolveProvider"], false);
    let text = "😀 <URL:http://a/é{x}> and http://ok/p?q and\nhttp://b/c#d#e.\n";
    c.open(DOC, text);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 2);
    // The actions at the first error: its fix, and every fix of the URI at once.
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 2, "{actions:#?}");
    let a = &actions[0];
    assert_eq!(a["kind"], "quickfix");
    assert_eq!(a["title"], "urigram: escape `é` as %C3%A9");
    assert_eq!(a["diagnostics"][0], d[0]);
    assert_eq!(a["isPreferred"], true);
    let edits = a["edit"]["changes"][DOC].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(
        range(&edits[0]),
        (0, 17, 0, 18),
        "after the emoji's two units"
    );
    assert_eq!(edits[0]["newText"], "%C3%A9");
    let all = &actions[1];
    assert!(
        all["title"]
            .as_str()
            .unwrap()
            .contains("http://a/%C3%A9%7Bx%7D")
    );
    assert_eq!(all["edit"]["changes"][DOC].as_array().unwrap().len(), 3);
    // Apply the single fix: the first diagnostic moves on to the '{'.
    change(&mut c, 2, range(&edits[0]), "%C3%A9");
    let d2 = c.diagnostics()["diagnostics"].clone();
    assert_eq!(range(&d2[0]), (0, 23, 0, 24));
    // The second '#': %23. An action only of another kind: none.
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d2[1]["range"],
               "context": {"diagnostics": []}}),
    );
    assert_eq!(r["result"][0]["edit"]["changes"][DOC][0]["newText"], "%23");
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d2[1]["range"],
               "context": {"diagnostics": [], "only": ["refactor"]}}),
    );
    assert_eq!(r["result"], json!([]));
    // Links: the URI that conforms.
    let r = c.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": DOC}}),
    );
    let links = r["result"].as_array().unwrap();
    assert_eq!(links.len(), 1, "{links:?}");
    assert_eq!(links[0]["target"], "http://ok/p?q");
    assert_eq!(range(&links[0]), (0, 32, 0, 45));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn configuration_changes_the_grammar() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    c.open(DOC, "see HTTP://a/b here");
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"urigram": {"grammar": "rfc1738"}}}),
    );
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d[0]["code"], "rfc1738::url::letter", "{d}");
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let e = &r["result"][0]["edit"]["changes"][DOC][0];
    assert_eq!(
        (range(e), e["newText"].as_str()),
        ((0, 4, 0, 8), Some("http"))
    );
    // The flat form, and an unknown name: a warning, the grammar stays.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"grammar": "rfc9999"}}),
    );
    let m = c.wait(|m| m["method"] == "window/showMessage");
    assert!(m["params"]["message"].as_str().unwrap().contains("rfc9999"));
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"grammar": "rfc2396"}}),
    );
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// (line, column, the error's text) of each published error diagnostic, from its
/// `data.error`, as `extract`'s JSON gives them.
fn published_errors(p: &Value, text: &str) -> Vec<(u64, u64, String)> {
    p["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == 1)
        .map(|d| {
            let e = &d["data"]["error"];
            let (s, t) = (e["offset"].as_u64().unwrap(), e["end"].as_u64().unwrap());
            (
                e["line"].as_u64().unwrap(),
                e["column"].as_u64().unwrap(),
                text[s as usize..t as usize].to_string(),
            )
        })
        .collect()
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(common::ROOT).join(path)).unwrap()
}

/// Markdown and HTML documents are read as `extract` reads them: this repository's
/// library guide (code blocks full of rejected example URIs) has no diagnostic; read as plain text it has
/// many; the saved page has exactly the page's four true errors, where `extract` puts them.
#[test]
fn markdown_and_html_documents_as_extract_reads_them() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    let readme = repo_file("docs/library.md");
    c.open_as("file:///repo/README.md", "markdown", &readme);
    let p = c.diagnostics();
    assert_eq!(p["uri"], "file:///repo/README.md");
    assert_eq!(p["diagnostics"], json!([]));
    // The same text as plain text: the examples in code are reported.
    c.open_as("file:///repo/README.txt", "plaintext", &readme);
    let p = c.diagnostics();
    assert!(published_errors(&p, &readme).len() > 5, "{p}");
    // A `.md` file that the editor calls plain text is read by its extension.
    c.open_as("file:///repo/notes.md", "plaintext", &readme);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));

    let page = repo_file("tests/data/extract-page.html");
    c.open_as("file:///repo/page.html", "html", &page);
    let p = c.diagnostics();
    let want: Vec<(u64, u64, String)> = [
        (34, 56, "&eacute;"),
        (36, 29, "."),
        (45, 38, " "),
        (46, 34, "&#x7B;"),
    ]
    .iter()
    .map(|&(l, c, s)| (l, c, s.to_string()))
    .collect();
    assert_eq!(published_errors(&p, &page), want);
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// reStructuredText (by `languageId`, by extension, and a Python package's `METADATA` by its
/// `Description-Content-Type`) is read as `extract` reads it: nothing is reported in its
/// literal blocks, doctest blocks or inline literals; its prose is.
#[test]
fn rst_and_package_metadata_as_extract_reads_them() {
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    let body = "Example::\n\n    curl http://a/%zz\n\n>>> get(\"http://b/%zz\")\n\n\
                Use ``http://c/%zz`` or http://d/%zz.\n";
    let metadata = format!("Metadata-Version: 2.1\nName: x\n\n{body}");
    // The one error: the `z` after `http://d/%`, on line 7 (10 below the headers).
    let want = |skip: u64| vec![(7 + skip, 35, "z".to_string())];
    for (uri, language, text, skip) in [
        ("file:///p/README.rst", "plaintext", body.to_string(), 0),
        ("file:///p/notes", "rst", body.to_string(), 0),
        (
            "file:///p/x-1.0.dist-info/METADATA",
            "plaintext",
            metadata.clone(),
            3,
        ),
    ] {
        c.open_as(uri, language, &text);
        let p = c.diagnostics();
        assert_eq!(p["uri"], uri);
        assert_eq!(published_errors(&p, &text), want(skip), "{uri}: {p}");
    }
    // The same body as plain text: its code is reported too.
    c.open_as("file:///p/README.txt", "plaintext", body);
    assert_eq!(published_errors(&c.diagnostics(), body).len(), 4);
    // A METADATA whose body is Markdown: its fenced code is code.
    let md = "Name: x\nDescription-Content-Type: text/markdown\n\n```\nhttp://a/%zz\n```\n";
    c.open_as("file:///q/METADATA", "plaintext", md);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    // An edit of its Description-Content-Type reads it again in the syntax named: as plain
    // text (`markdown` made `plain`), its fence is text and the URI in it is reported; as
    // Markdown again, it is not. An edit below the headers keeps the syntax.
    let change = |version: i32, line: u64, from: u64, to: u64, text: &str| {
        json!({"textDocument": {"uri": "file:///q/METADATA", "version": version},
               "contentChanges": [{"range": {"start": {"line": line, "character": from},
                                             "end": {"line": line, "character": to}},
                                   "text": text}]})
    };
    let errors = |p: &Value| p["diagnostics"].as_array().map_or(0, Vec::len);
    c.notify("textDocument/didChange", change(2, 1, 31, 39, "plain"));
    let p = c.diagnostics();
    assert_eq!((errors(&p), &p["version"]), (1, &json!(2)), "{p}");
    c.notify("textDocument/didChange", change(3, 5, 0, 0, "x"));
    assert_eq!(errors(&c.diagnostics()), 1);
    c.notify("textDocument/didChange", change(4, 1, 31, 36, "markdown"));
    assert_eq!(errors(&c.diagnostics()), 0);
    // A blank line above it: the header is body text now, and the body is reStructuredText
    // (the default): what the same text opened afresh gives.
    c.notify("textDocument/didChange", change(5, 1, 0, 0, "\n"));
    let edited = c.diagnostics()["diagnostics"].clone();
    let now = "Name: x\n\nDescription-Content-Type: text/markdown\n\n```\nhttp://a/%zz\nx```\n";
    c.open_as("file:///r/METADATA", "plaintext", now);
    assert_eq!(edited, c.diagnostics()["diagnostics"]);
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// In Markdown, edits that open and close a code span change what is a URI; a burst of edits
/// ends in the diagnostics of the text after the last one, and hover and code actions read
/// the edited text.
#[test]
fn markdown_edits_open_and_close_code() {
    const MD: &str = "file:///repo/edit.md";
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    c.open_as(MD, "markdown", "see http://a/%zz here\n");
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert_eq!(range(&d[0]), (0, 14, 0, 15));
    // Backticks around the URI: it is code now, and nothing is reported.
    let edit = |version: i32, ch: u64, text: &str| {
        json!({"textDocument": {"uri": MD, "version": version},
               "contentChanges": [{"range": {"start": {"line": 0, "character": ch},
                                             "end": {"line": 0, "character": ch}},
                                   "text": text}]})
    };
    c.notify("textDocument/didChange", edit(2, 16, "`"));
    c.notify("textDocument/didChange", edit(3, 4, "`"));
    // The diagnostics of version 2 may come first, when the second edit came after them.
    let p = c
        .wait(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 3)
        ["params"]
        .clone();
    assert_eq!(p["diagnostics"], json!([]));
    // Text before the span: a broken link destination, found with the span still code.
    c.notify("textDocument/didChange", edit(4, 0, "[x](http://b/%) "));
    let p = c
        .wait(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 4)
        ["params"]
        .clone();
    let d = p["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert_eq!(d[0]["code"], "rfc2396::escaped::end");
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": MD}, "position": {"line": 0, "character": 6}}),
    );
    let v = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(v.contains("http://b/%"), "{v}");
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": MD}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let e = &r["result"][0]["edit"]["changes"][MD][0];
    assert_eq!(e["newText"], "%25", "{r}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The grammar setting `rfc2732`: IPv6 literals conform, the one the printed grammar does not
/// derive is reported with its help, and hover reads the components as RFC 2732 amends RFC
/// 2396.
#[test]
fn rfc2732_setting() {
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "rfc2732"}));
    c.open(
        DOC,
        "see http://[::1]:8080/a and http://[::192.9.5.5]/ipng\n",
    );
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert_eq!(d[0]["code"], "rfc2732::ipv6reference::mark");
    assert!(
        d[0]["message"].as_str().unwrap().contains("::0:192.9.5.5"),
        "{d}"
    );
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 6}}),
    );
    let v = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(v.contains("RFC 2732"), "{v}");
    assert!(v.contains("(IPv6reference [::1], port 8080)"), "{v}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The grammar setting `rfc3986`: a reference with no path is a URI reference, a bracket in a
/// query is reported with RFC 3986's code; hover gives RFC 3986's own components.
#[test]
fn rfc3986_setting() {
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "rfc3986"}));
    c.open(
        DOC,
        "see mailto: and http://[v1.x]/ and http://a/?[x] and http://h/p\n",
    );
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert_eq!(d[0]["code"], "rfc3986::URI-reference::reserved");
    assert!(d[0]["message"].as_str().unwrap().contains("'['"), "{d}");
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 55}}),
    );
    let v = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(v.contains("Components (RFC 3986)"), "{v}");
    assert!(v.contains("- authority: h (reg-name h)"), "{v}");
    assert!(v.contains("- path: /p (path-abempty)"), "{v}");
    assert!(
        v.contains("rfc3986 URI-reference (this document): conforms"),
        "{v}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The grammar setting `rfc3987`: IRIs in running text are found whole and conform, the text's
/// full-width punctuation ends them, what no IRI holds is reported with RFC 3987's code; hover
/// gives the URI an IRI maps to and its components; the link goes to that URI.
#[test]
fn rfc3987_setting() {
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "rfc3987"}));
    let text = "見て http://例え.jp/パス。と «http://a/é x» と http://a/b\u{90}c\n";
    c.open(DOC, text);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    assert!(
        d[0]["code"].as_str().unwrap().starts_with("rfc3987::"),
        "{d}"
    );
    // The C1 control, in UTF-16 code units: 見て + space is 3, the IRI and the rest before it.
    let at = text.find('\u{90}').unwrap();
    let utf16 = text[..at].encode_utf16().count() as u64;
    assert_eq!(range(&d[0]), (0, utf16, 0, utf16 + 1), "{d}");
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": DOC}, "position": {"line": 0, "character": 6}}),
    );
    let v = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(v.contains("http://例え.jp/パス"), "{v}");
    assert!(!v.contains("パス。"), "{v}");
    assert!(
        v.contains("- URI: http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"),
        "{v}"
    );
    assert!(
        v.contains("- path: /%E3%83%91%E3%82%B9 (path-abempty)"),
        "{v}"
    );
    assert!(
        v.contains("rfc3987 IRI-reference (this document): conforms"),
        "{v}"
    );
    let links = c.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": DOC}}),
    );
    let targets: Vec<&str> = links["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["target"].as_str().unwrap())
        .collect();
    assert!(
        targets.contains(&"http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"),
        "{targets:?}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The grammar setting reads a grammar's name in any case, as `--grammar` does.
#[test]
fn grammar_setting_in_any_case() {
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "RFC2732"}));
    c.open(DOC, "see http://[::1]:8080/a\n");
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 0, "{d}");
    // Under RFC 2396, the help names the setting that reads it.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"urigram": {"grammar": "Rfc2396"}}}),
    );
    let d = c.diagnostics()["diagnostics"].clone();
    let m = d[0]["message"].as_str().unwrap();
    assert!(
        m.contains("check with the grammar setting `rfc2732`"),
        "{m}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn fix_all_of_a_hundred_thousand_errors() {
    // The fixes of one URI are found in one pass; more than a quick fix holds edits: the
    // action replaces the URI whole, in one edit.
    let mut c = start();
    c.initialize(json!({}), Value::Null);
    let text = format!("http://a/{}\n", "é".repeat(100_000));
    c.open(DOC, &text);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "one URI, one diagnostic");
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 2);
    let title = actions[1]["title"].as_str().unwrap();
    assert!(
        title.starts_with("urigram: fix all 100000 errors of this URI: http://a/%C3%A9%C3%A9"),
        "{}",
        &title[..80]
    );
    assert!(title.ends_with(" (one edit: the URI replaced)"), "{title}");
    let edits = actions[1]["edit"]["changes"][DOC].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(range(&edits[0]), (0, 0, 0, 100_009));
    assert_eq!(
        edits[0]["newText"],
        json!(format!("http://a/{}", "%C3%A9".repeat(100_000)))
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// Under RFC 2732 every URI that conforms gets a link, also one RFC 3986 writes otherwise
/// (a `]` in a fragment or an opaque part: escaped in the target); a relative reference's
/// target is resolved against the document's URI.
#[test]
fn links_under_rfc2732_and_relative_targets() {
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "rfc2732"}));
    let doc = "file:///home/me/notes/README.md";
    let text = "See <http://h/p#.]x>, <mailto:x@y]>, [the guide](docs/guide.md) and \
                [up](../other.md#s).\n";
    c.open_as(doc, "markdown", text);
    c.diagnostics();
    let r = c.request(
        "textDocument/documentLink",
        json!({"textDocument": {"uri": doc}}),
    );
    let targets: Vec<&str> = r["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["target"].as_str().unwrap())
        .collect();
    assert_eq!(
        targets,
        [
            "http://h/p#.%5Dx",
            "mailto:x@y%5D",
            "file:///home/me/notes/docs/guide.md",
            "file:///home/me/other.md#s",
        ],
        "{r}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// Every answer is bounded: a URI with more errors than a quick fix holds edits
/// (`MAX_EDITS`) is fixed by one edit that replaces it whole, and its messages show a bounded
/// part of it; one that the text does not write as one piece (broken across lines) gets a
/// disabled action that says why. A code action request over a whole document dense with
/// invalid URIs answers for at most `MAX_ACTION_URIS` of them.
#[test]
fn quick_fixes_of_a_uri_with_many_errors_are_one_edit() {
    let n = urigram_lsp::MAX_EDITS + 500;
    let mut c = start();
    c.initialize(json!({}), json!({"grammar": "rfc3987"}));
    let uri = format!("http://a/{}", "\u{0}b".repeat(n));
    let text = format!("see {uri} here\n");
    c.open(DOC, &text);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d.as_array().unwrap().len(), 1, "{d}");
    // The diagnostic holds no copy of the 3 KB URI: `data.uri` is left out above 8 KiB only,
    // the related information shows 200 characters of it at most.
    assert_eq!(d[0]["data"]["uri"], json!(uri));
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": DOC}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), 2, "{actions:#?}");
    let all = &actions[1];
    let title = all["title"].as_str().unwrap();
    assert!(
        title.starts_with(&format!(
            "urigram: fix all {n} errors of this IRI: http://a/%00b"
        )) && title.contains(" … ")
            && title.ends_with("(one edit: the IRI replaced)"),
        "{title}"
    );
    assert!(title.chars().count() < 400, "{title}");
    let edits = all["edit"]["changes"][DOC].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    let fixed = format!("http://a/{}", "%00b".repeat(n));
    assert_eq!(edits[0]["newText"], json!(fixed));
    assert_eq!(range(&edits[0]), (0, 4, 0, 4 + uri.len() as u64));
    // Made: the document conforms.
    change(&mut c, 2, range(&edits[0]), &fixed);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));

    // Broken across lines inside `<...>`: no replacement of the URI whole; why not.
    let half = "\u{0}b".repeat(n / 2 + 1);
    let text = format!("see <http://a/{half}\n   {half}> here\n");
    c.open("file:///t/wrapped.txt", &text);
    let d = c.diagnostics()["diagnostics"].clone();
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": "file:///t/wrapped.txt"}, "range": d[0]["range"],
               "context": {"diagnostics": [d[0]]}}),
    );
    let actions = r["result"].as_array().unwrap();
    let all = actions.last().unwrap();
    assert!(all["edit"].is_null(), "{all}");
    let why = all["disabled"]["reason"].as_str().unwrap();
    assert!(
        why.contains("more than the 1000 edits") && why.contains("urigram fix"),
        "{why}"
    );

    // A URI over 8 KiB: `data.uri` gives its length, not its text.
    let long = format!("http://a/%zz{}", "a".repeat(urigram_lsp::MAX_DATA_URI));
    c.open("file:///t/long.txt", &long);
    let d = c.diagnostics()["diagnostics"].clone();
    assert_eq!(d[0]["data"]["uri"], Value::Null);
    assert_eq!(d[0]["data"]["uri_bytes"], json!(long.len()));
    assert!(d.to_string().len() < 8192, "{d}");

    // A request over a whole document of 5,000 invalid URIs.
    let text = "http://%zz ".repeat(5000);
    c.open("file:///t/dense.txt", &text);
    c.diagnostics();
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": "file:///t/dense.txt"},
               "range": {"start": {"line": 0, "character": 0},
                         "end": {"line": 0, "character": text.len()}},
               "context": {"diagnostics": []}}),
    );
    let actions = r["result"].as_array().unwrap();
    assert_eq!(actions.len(), urigram_lsp::MAX_ACTION_URIS, "one fix each");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}
