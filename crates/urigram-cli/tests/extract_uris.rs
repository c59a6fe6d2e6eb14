//! `extract --format uris`: the URIs alone, one a line, in text order, as read from the text,
//! with `--only valid|invalid`.

use crate::common;
use common::run::urigram;

#[test]
fn the_uris_alone() {
    let text = "See http://a/b, then <URL:http://c/d%zz> and\r(http://e/f?g) or mailto:x@y.\n";
    let (code, out, err) = urigram(&["extract", "--format", "uris", "-"], text.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "http://a/b\nhttp://c/d%zz\nhttp://e/f?g\nmailto:x@y\n");
    let (code, out, _) = urigram(
        &["extract", "--format", "uris", "--only", "valid", "-"],
        text.as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(out, "http://a/b\nhttp://e/f?g\nmailto:x@y\n");
    let (_, out, _) = urigram(
        &["extract", "--format", "uris", "--only", "invalid", "-"],
        text.as_bytes(),
    );
    assert_eq!(out, "http://c/d%zz\n");
    // Markdown: code is not prose.
    let md = "Read [the guide](https://example.org/guide) or `curl http://code/`.\n";
    let (code, out, _) = urigram(
        &["extract", "--format", "uris", "--syntax", "markdown", "-"],
        md.as_bytes(),
    );
    assert_eq!((code, out.as_str()), (0, "https://example.org/guide\n"));
    // URIs or statistics, not both.
    let (code, _, err) = urigram(
        &["extract", "--format", "uris", "--summary", "-"],
        text.as_bytes(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("--format uris"), "{err}");
}
