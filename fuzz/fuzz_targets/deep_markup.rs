//! `extract_with` on deeply nested Markdown and HTML built from the bytes, with both
//! syntaxes: no panic, no stack overflow, and the invariants of the `extract` target (every
//! found URI's ranges, pieces and error range inside the text and on character boundaries,
//! in order; its pieces that are written as they stand are its text's bytes at their place;
//! its verdict that of `Grammar::check` of its text against the grammar's start rule, its
//! error placed where that check's error maps).
//!
//! The first byte picks the grammar and whether code is read. The rest is a list of steps of
//! two bytes: a construct (a block quote marker, a list item, a bracket, an emphasis run, an
//! element, an attribute, a comment, a script, a URI ...) and how many times to repeat it,
//! from 0 to 100,000 (2,000 for a construct that holds a URI); construct 255 copies the next
//! bytes as they are, up to a NUL. The text is cut at 1 MiB.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;
use urigram::extract::{Options, Syntax, extract_with_options};

/// The constructs, by the step's first byte (modulo their number).
const PARTS: &[&str] = &[
    "> ",
    "- ",
    "1. ",
    "* ",
    "  ",
    "\n",
    "\n\n",
    "[",
    "]",
    "](http://a/%zz)",
    "![",
    "(",
    ")",
    "*",
    "_",
    "**",
    "`",
    "```\n",
    "    ",
    "<div>",
    "</div>",
    "<span>",
    "</span>",
    "<ul><li>",
    "</li></ul>",
    "<blockquote>",
    "<a",
    " x=\"y\"",
    " href=\"http://a/b%zz\"",
    " src='http://c/'",
    " z=w",
    ">",
    "/>",
    "<!--",
    "-->",
    "<script>",
    "</script>",
    "<style>",
    "<title>",
    "</title>",
    "&amp;",
    "&",
    "\"",
    "'",
    "=",
    "http://b/",
    " see http://d/%zz ",
    "<http://e/>",
    "<URL:http://f/\n>",
    "[r]: http://g/\n",
    "[r]",
    "|a|\n|-|\n",
    "|",
    "\\",
    "<![CDATA[",
    "]]>",
    "<!DOCTYPE html>",
    "é",
    "\r\n",
    "\t",
];

const MAX_REPEAT: usize = 100_000;
/// The most repeats of a construct that holds a URI: each is a URI to check, twice, and the
/// target is about depth, not numbers of URIs.
const MAX_URIS: usize = 2_000;
const MAX_TEXT: usize = 1 << 20;

/// Repeat count of byte `c`: its low six bits times 1, 16, 256 or 1,600 (by its top two).
fn repeat(c: u8) -> usize {
    let n = usize::from(c & 63);
    let unit = [1, 16, 256, 1600][usize::from(c >> 6)];
    (n * unit).min(MAX_REPEAT)
}

fn build(data: &[u8]) -> String {
    let mut text = String::new();
    let mut k = 0;
    while k < data.len() && text.len() < MAX_TEXT {
        let op = data[k];
        k += 1;
        if op == 255 {
            let end = data[k..]
                .iter()
                .position(|&b| b == 0)
                .map_or(data.len(), |n| k + n);
            text.push_str(&String::from_utf8_lossy(&data[k..end]));
            k = end + 1;
            continue;
        }
        let part = PARTS[usize::from(op) % PARTS.len()];
        let mut n = data.get(k).map_or(1, |&c| repeat(c));
        if part.contains(':') {
            n = n.min(MAX_URIS);
        }
        k += 1;
        let room = (MAX_TEXT - text.len()) / part.len();
        text.push_str(&part.repeat(n.min(room)));
    }
    text
}

fn check(text: &str, g: Grammar, syntax: Syntax, options: Options) {
    let inside = |r: &std::ops::Range<usize>| {
        r.start <= r.end
            && r.end <= text.len()
            && text.is_char_boundary(r.start)
            && text.is_char_boundary(r.end)
    };
    let mut last_end = 0;
    for f in extract_with_options(text, g, syntax, options) {
        let at = format!("{} {} {:?}", g.name(), syntax.name(), f.text);
        assert!(inside(&f.range), "range {:?}: {at}", f.range);
        assert!(inside(&f.outer), "outer {:?}: {at}", f.outer);
        assert!(
            f.outer.start <= f.range.start && f.range.end <= f.outer.end,
            "{at}"
        );
        assert!(last_end <= f.outer.start, "overlapping: {at}");
        last_end = f.outer.end;
        // The pieces, in order, cover the URI's text; each written as it stands is the text's
        // bytes there, and each decoded escape stands for at least one byte.
        let mut covered = 0;
        for (i, p) in f.pieces.iter().enumerate() {
            assert!(inside(&p.range), "piece {:?}: {at}", p.range);
            assert!(
                f.range.start <= p.range.start && p.range.end <= f.range.end,
                "{at}"
            );
            assert_eq!(p.at, covered, "{at}");
            let next = f.pieces.get(i + 1).map_or(f.text.len(), |q| q.at);
            if p.decoded {
                assert!(next > p.at, "{at}");
                covered = next;
            } else {
                let end = p.at + p.range.len();
                assert!(end <= next, "{at}");
                assert_eq!(f.text.get(p.at..end), text.get(p.range.clone()), "{at}");
                covered = end;
            }
        }
        assert_eq!(covered, f.text.len(), "{at}");
        let check = g.check(g.start_rule(), &f.text);
        assert_eq!(check.is_ok(), f.result.is_ok(), "{at}");
        if let Err(e) = &f.result {
            assert!(
                inside(&(e.offset()..e.end())),
                "error {}..{}: {at}",
                e.offset(),
                e.end()
            );
            let c = check.unwrap_err();
            assert_eq!(e.offset(), f.source_offset(c.offset()), "{at}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let g = Grammar::ALL[usize::from(first) % Grammar::ALL.len()];
    let options = Options::default().include_code(first & 0x80 != 0);
    let text = build(rest);
    for syntax in [Syntax::Markdown, Syntax::Html] {
        check(&text, g, syntax, options);
    }
});
