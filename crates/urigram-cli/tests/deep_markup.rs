//! Deeply nested Markdown and HTML: 100,000 attributes in one tag, 100,000 nested elements,
//! block quotes and lists, and deep inline nesting, read by the library, by `urigram extract`
//! and by the language server. Each finishes, in linear time and without overflowing the
//! stack, and the URIs after (and inside) the deep part are found where they are.

use crate::common;
use common::run;

#[cfg(feature = "lsp")]
use common::lsp_client;

use serde_json::Value;
use urigram::Grammar;
use urigram::extract::{Delimiter, Syntax, extract_with};

/// How deep each document nests.
const N: usize = 100_000;

/// The URIs of the documents, each at most once in a document; none conforms (`%z` is no
/// escape), so each is an error with a place: in an attribute, in prose, a link destination.
const ATTR: &str = "http://a/%zz";
const PROSE: &str = "http://b/%zz";
const LINK: &str = "http://c/%zz";

/// Where the error of each of those URIs is: its first `z`.
const ERROR_AT: usize = 10;

struct Doc {
    /// The file name (its extension gives the syntax).
    name: &'static str,
    syntax: Syntax,
    text: String,
    /// The URIs in text order, and how each is delimited.
    uris: Vec<(&'static str, Delimiter)>,
}

fn doc(name: &'static str, text: String, uris: &[(&'static str, Delimiter)]) -> Doc {
    let syntax = Syntax::from_path(name);
    assert_ne!(syntax, Syntax::Plain, "{name}");
    Doc {
        name,
        syntax,
        text,
        uris: uris.to_vec(),
    }
}

const IN_ATTR: (&str, Delimiter) = (ATTR, Delimiter::Attribute);
const IN_PROSE: (&str, Delimiter) = (PROSE, Delimiter::None);
const IN_LINK: (&str, Delimiter) = (LINK, Delimiter::Link);

/// The four deep documents, in Markdown and in HTML: a tag of `N` attributes, `N` nested
/// elements, `N` nested block quotes and `N` nested lists.
fn deep_docs() -> Vec<Doc> {
    let attrs = " x=\"y\"".repeat(N);
    vec![
        doc(
            "attributes.html",
            format!("<p{attrs} href=\"{ATTR}\">see {PROSE}</p>\n"),
            &[IN_ATTR, IN_PROSE],
        ),
        // An HTML block of one line.
        doc(
            "attributes.md",
            format!("# Deep\n\n<p{attrs} href=\"{ATTR}\">\n\nsee {PROSE} and [c]({LINK})\n"),
            &[IN_ATTR, IN_PROSE, IN_LINK],
        ),
        doc(
            "elements.html",
            format!(
                "{}see {PROSE}{}\n<a href=\"{ATTR}\">x</a>\n",
                "<div>".repeat(N),
                "</div>".repeat(N)
            ),
            &[IN_PROSE, IN_ATTR],
        ),
        // An HTML block, then a paragraph of inline HTML.
        doc(
            "elements.md",
            format!(
                "{}\n\n{}see {PROSE} [c]({LINK}){}\n<a href=\"{ATTR}\">x</a>\n",
                "<div>".repeat(N),
                "<span>".repeat(N),
                "</span>".repeat(N)
            ),
            &[IN_PROSE, IN_LINK, IN_ATTR],
        ),
        doc(
            "quotes.html",
            format!(
                "{}see {PROSE} <a href=\"{ATTR}\">x</a>{}\n",
                "<blockquote>".repeat(N),
                "</blockquote>".repeat(N)
            ),
            &[IN_PROSE, IN_ATTR],
        ),
        doc(
            "quotes.md",
            format!("{}see {PROSE} [c]({LINK})\n", "> ".repeat(N)),
            &[IN_PROSE, IN_LINK],
        ),
        doc(
            "lists.html",
            format!(
                "{}see {PROSE} <a href=\"{ATTR}\">x</a>{}\n",
                "<ul><li>".repeat(N),
                "</li></ul>".repeat(N)
            ),
            &[IN_PROSE, IN_ATTR],
        ),
        doc(
            "lists.md",
            format!("{}see {PROSE} [c]({LINK})\n", "- ".repeat(N)),
            &[IN_PROSE, IN_LINK],
        ),
    ]
}

/// Deep inline nesting and raw HTML inside Markdown, and nested comments and scripts in
/// HTML.
fn inline_docs() -> Vec<Doc> {
    vec![
        // Brackets that make no link, around prose; then a link.
        doc(
            "brackets.md",
            format!(
                "{}see {PROSE}{} [c]({LINK})\n",
                "[".repeat(N),
                "]".repeat(N)
            ),
            &[IN_PROSE, IN_LINK],
        ),
        // Links cannot hold links: only the innermost is one.
        doc(
            "links.md",
            format!("{}]({LINK})\n", "[a".repeat(N)),
            &[IN_LINK],
        ),
        doc(
            "emphasis.md",
            format!("{}a{} see {PROSE}\n", "*".repeat(N), "*".repeat(N)),
            &[IN_PROSE],
        ),
        doc(
            "emphasis-words.md",
            format!("{}see {PROSE}{}\n", "*a ".repeat(N), " a*".repeat(N)),
            &[IN_PROSE],
        ),
        doc(
            "comments.md",
            format!("{}--> see {PROSE}\n", "<!-- ".repeat(N)),
            &[IN_PROSE],
        ),
        doc(
            "scripts.md",
            format!("{}</script> see {PROSE}\n", "<script>".repeat(N)),
            &[IN_PROSE],
        ),
        // Block quotes, lists and ordered lists around a tag of many attributes.
        doc(
            "mixed.md",
            format!(
                "{}<a{} href=\"{ATTR}\">\n",
                "> - 1. ".repeat(N / 3),
                " x=\"y\"".repeat(N)
            ),
            &[IN_ATTR],
        ),
        doc(
            "comments.html",
            format!("{}--> see {PROSE}\n", "<!-- ".repeat(N)),
            &[IN_PROSE],
        ),
        doc(
            "scripts.html",
            format!("{}</script> see {PROSE}\n", "<script>".repeat(N)),
            &[IN_PROSE],
        ),
    ]
}

/// A URI as it should be found: its text, delimiter, offset, line and column, and the
/// offset of its error.
#[derive(Debug, PartialEq, Eq)]
struct Want {
    uri: String,
    delimiter: String,
    offset: usize,
    line: usize,
    column: usize,
    error_at: usize,
}

/// Line and column (1-based, in characters) of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |k| k + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

fn wanted(d: &Doc) -> Vec<Want> {
    d.uris
        .iter()
        .map(|&(uri, delimiter)| {
            assert_eq!(d.text.matches(uri).count(), 1, "{}: {uri} once", d.name);
            let offset = d.text.find(uri).unwrap();
            let (line, column) = line_column(&d.text, offset);
            Want {
                uri: uri.to_string(),
                delimiter: delimiter.name().to_string(),
                offset,
                line,
                column,
                error_at: offset + ERROR_AT,
            }
        })
        .collect()
}

/// What the library finds.
fn found(d: &Doc) -> Vec<Want> {
    extract_with(&d.text, Grammar::Rfc2396, d.syntax)
        .iter()
        .map(|f| Want {
            uri: f.text.to_string(),
            delimiter: f.delimiter.name().to_string(),
            offset: f.range.start,
            line: f.start.line,
            column: f.start.column,
            error_at: f.result.as_ref().err().map_or(usize::MAX, |e| e.offset()),
        })
        .collect()
}

#[test]
fn the_library_reads_deep_documents() {
    for d in deep_docs() {
        assert_eq!(found(&d), wanted(&d), "{}", d.name);
    }
}

#[test]
fn the_library_reads_deep_inline_nesting() {
    for d in inline_docs() {
        assert_eq!(found(&d), wanted(&d), "{}", d.name);
    }
}

/// Images may hold images: each of `N` nested images has its destination, found in order.
#[test]
fn nested_images_each_have_their_destination() {
    let text = format!("{}i{}\n", "![".repeat(N), "](http://c/)".repeat(N));
    let found = extract_with(&text, Grammar::Rfc2396, Syntax::Markdown);
    assert_eq!(found.len(), N);
    for (k, f) in found.iter().enumerate() {
        assert_eq!(f.text, "http://c/");
        assert_eq!(f.delimiter, Delimiter::Link);
        assert_eq!(f.range.start, 2 * N + 1 + 12 * k + 2);
        assert!(f.is_valid());
    }
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
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `urigram extract --format jsonl` of each document, in a file named as the document: exit
/// 1 (its URIs do not conform; a signal would be -1), and each URI where the library finds
/// it.
#[test]
fn the_command_line_reads_deep_documents() {
    let dir = Scratch::new("deep_markup_cli");
    for d in deep_docs().into_iter().chain(inline_docs()) {
        std::fs::write(dir.0.join(d.name), &d.text).unwrap();
        let (code, out, err) =
            run::urigram_in(Some(&dir.0), &["extract", "--format", "jsonl", d.name], b"");
        assert_eq!(code, 1, "{}: {err}", d.name);
        assert_eq!(err, "", "{}", d.name);
        let got: Vec<Want> = out
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).expect("a JSON line");
                assert_eq!(v["path"], d.name);
                let n = |v: &Value| v.as_u64().expect("a number") as usize;
                Want {
                    uri: v["uri"].as_str().unwrap().to_string(),
                    delimiter: v["delimiter"].as_str().unwrap().to_string(),
                    offset: n(&v["offset"]),
                    line: n(&v["line"]),
                    column: n(&v["column"]),
                    error_at: n(&v["error"]["offset"]),
                }
            })
            .collect();
        assert_eq!(got, wanted(&d), "{}", d.name);
    }
    // The human report of the same: one error a URI, at its place.
    let d = &deep_docs()[1];
    std::fs::write(dir.0.join(d.name), &d.text).unwrap();
    let (code, out, _) = run::urigram_in(Some(&dir.0), &["extract", d.name], b"");
    assert_eq!(code, 1);
    for w in wanted(d) {
        let place = format!("--> {}:{}:{}", d.name, w.line, w.column + ERROR_AT);
        assert_eq!(out.matches(&place).count(), 1, "{place} in {out}");
    }
}

/// Nested images on one line, each with a destination that does not conform: every error
/// is reported, the last at its place, in time linear in their number (a report reads only
/// the part of the line it shows).
#[test]
fn the_command_line_reports_many_errors_on_one_long_line() {
    const IMAGES: usize = 20_000;
    let dir = Scratch::new("deep_markup_line");
    let text = format!(
        "{}i{}\n",
        "![".repeat(IMAGES),
        format!("]({LINK})").repeat(IMAGES)
    );
    std::fs::write(dir.0.join("images.md"), &text).unwrap();
    let (code, out, err) = run::urigram_in(Some(&dir.0), &["extract", "images.md"], b"");
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(out.matches("error[").count(), IMAGES);
    let last = text.rfind(LINK).unwrap() + ERROR_AT;
    let place = format!("--> images.md:1:{}\n", last + 1);
    let report = &out[out.rfind("error[").unwrap()..];
    assert!(report.contains(&place), "{place} in {report}");
    // The caret is under the last destination's first `z`, in a window of the line.
    let lines: Vec<&str> = report.lines().collect();
    let caret = lines[4].chars().position(|c| c == '^').unwrap();
    assert_eq!(lines[3].chars().nth(caret), Some('z'), "{report}");
    assert!(lines[3].contains('…'), "{report}");
}

/// The language server: `didOpen` of each document (named as a file, with its language)
/// publishes one diagnostic a URI, at its error; and the server still answers: hover over
/// the last URI tells of it.
#[cfg(feature = "lsp")]
#[test]
fn the_language_server_reads_deep_documents() {
    use serde_json::json;

    let mut c = lsp_client::start();
    c.initialize(json!({}), Value::Null);
    for d in deep_docs() {
        let uri = format!("file:///deep/{}", d.name);
        let language = match d.syntax {
            Syntax::Html => "html",
            _ => "markdown",
        };
        c.open_as(&uri, language, &d.text);
        let p = c.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        })["params"]
            .clone();
        let want = wanted(&d);
        let got: Vec<(u64, u64, u64)> = p["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let r = &g["range"]["start"];
                (
                    g["data"]["error"]["offset"].as_u64().unwrap(),
                    r["line"].as_u64().unwrap(),
                    r["character"].as_u64().unwrap(),
                )
            })
            .collect();
        let places: Vec<(u64, u64, u64)> = want
            .iter()
            .map(|w| {
                let (line, column) = line_column(&d.text, w.error_at);
                (w.error_at as u64, line as u64 - 1, column as u64 - 1)
            })
            .collect();
        assert_eq!(got, places, "{}", d.name);
        // Hover over the last URI's first byte.
        let last = want.last().unwrap();
        let h = c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri},
                   "position": {"line": last.line - 1, "character": last.column - 1}}),
        );
        let v = h["result"]["contents"]["value"].as_str().unwrap_or("");
        assert!(v.contains(&last.uri), "{}: {h}", d.name);
    }
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}
