//! URIs in HTML: the values of the attributes that hold URIs, decoded, and the URIs of the
//! text between tags, found as in plain text. Not in `<script>`, `<style>` and the other
//! raw-text elements, nor in comments. The tokenizer is html5gum's (WHATWG's tokenizer
//! states, with the spans of values and text); it decodes character references, and
//! [`super::align`] maps each decoded byte back to the source.

use std::ops::Range;

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Span, Tokenizer};

use super::align::{self, Run};
use super::{Candidate, Delimiter, Seg, scan};

/// Attributes whose whole value (less surrounding ASCII whitespace) is one URI (HTML 4.01's
/// %URI attributes and HTML's URL-valued ones).
const ONE_URI: &[&str] = &[
    "href",
    "src",
    "action",
    "cite",
    "data",
    "formaction",
    "poster",
    "background",
    "longdesc",
    "usemap",
    "codebase",
    "classid",
    "profile",
    "manifest",
    "icon",
    "itemid",
    "lowsrc",
    "dynsrc",
    "xmlns",
];

/// Attributes that hold URIs separated by ASCII whitespace.
const URI_LIST: &[&str] = &["itemtype", "ping", "archive"];

/// Elements whose content is not text to read.
const RAW: &[&[u8]] = &[
    b"script",
    b"style",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
];

/// The candidates of the HTML in `text[range]`, in text order.
pub(super) fn candidates(text: &str, range: Range<usize>) -> Vec<Candidate> {
    let part = &text[range.clone()];
    let base = range.start;
    let mut out = Vec::new();
    let mut tag: Vec<u8> = Vec::new();
    let mut attr: Vec<u8> = Vec::new();
    let mut raw_until: Option<Vec<u8>> = None;
    let mut in_start_tag = false;
    let mut emitter = CallbackEmitter::new(
        |event: CallbackEvent<'_>, span: Span<usize>| -> Option<std::convert::Infallible> {
            let src = base + span.start..base + span.end;
            match event {
                CallbackEvent::OpenStartTag { name } => {
                    tag = name.to_vec();
                    in_start_tag = true;
                }
                CallbackEvent::AttributeName { name } => attr = name.to_vec(),
                CallbackEvent::AttributeValue { value } if in_start_tag => {
                    attribute(text, &attr, value, src, &mut out);
                }
                CallbackEvent::CloseStartTag { .. } => {
                    in_start_tag = false;
                    if RAW.contains(&&tag[..]) {
                        raw_until = Some(tag.clone());
                    }
                }
                CallbackEvent::EndTag { name } => {
                    in_start_tag = false;
                    if raw_until.as_deref() == Some(name) {
                        raw_until = None;
                    }
                }
                CallbackEvent::String { value } if raw_until.is_none() => {
                    prose(text, value, src, &mut out);
                }
                _ => {}
            }
            None
        },
    );
    emitter.naively_switch_states(true);
    for t in Tokenizer::new_with_emitter(part, emitter) {
        let _ = t; // Infallible: the callback keeps what it finds.
    }
    out.sort_by_key(|c: &Candidate| c.outer.start);
    out
}

/// The URIs of attribute `name`, whose decoded value is `value` and source `src`.
fn attribute(text: &str, name: &[u8], value: &[u8], src: Range<usize>, out: &mut Vec<Candidate>) {
    let list = URI_LIST.iter().any(|a| a.as_bytes() == name);
    let srcset = name == b"srcset";
    if !list && !srcset && !ONE_URI.iter().any(|a| a.as_bytes() == name) {
        return;
    }
    let value = String::from_utf8_lossy(value);
    let Some(raw) = text.get(src.clone()) else {
        return;
    };
    let runs = align::align(raw, src.start, &value, false);
    // The quotes around the value, when there are any.
    let b = text.as_bytes();
    let quoted = src.start > 0
        && matches!(b[src.start - 1], b'"' | b'\'')
        && b.get(src.end) == Some(&b[src.start - 1]);
    let outer = if quoted {
        src.start - 1..src.end + 1
    } else {
        src.clone()
    };
    let ws = |c: char| c.is_ascii_whitespace();
    let mut push = |r: Range<usize>, outer: Range<usize>| {
        let pieces = align::segs(&runs, &value, r.clone());
        out.push(Candidate {
            outer,
            pieces,
            delimiter: Delimiter::Attribute,
            empty_at: align::source_of(&runs, r.start),
        });
    };
    if !list && !srcset {
        let start = value.len() - value.trim_start_matches(ws).len();
        let end = value.trim_end_matches(ws).len().max(start);
        push(start..end, outer);
        return;
    }
    // Tokens: for srcset, each image candidate's URL (its descriptors follow a space; a
    // comma ends the candidate, and commas at the URL's end are not part of it).
    let mut k = 0;
    let v = value.as_bytes();
    while k < v.len() {
        while k < v.len() && (v[k].is_ascii_whitespace() || (srcset && v[k] == b',')) {
            k += 1;
        }
        if k == v.len() {
            break;
        }
        let s = k;
        while k < v.len() && !v[k].is_ascii_whitespace() {
            k += 1;
        }
        let mut e = k;
        if srcset {
            while e > s && v[e - 1] == b',' {
                e -= 1;
            }
            let had_comma = e < k;
            if !had_comma {
                // Descriptors, up to the next comma.
                while k < v.len() && v[k] != b',' {
                    k += 1;
                }
            }
        }
        if e > s {
            let o = align::source_of(&runs, s)..align::source_of(&runs, e);
            push(s..e, o);
        }
    }
}

/// The URIs of a text node: its decoded text read as plain text.
fn prose(text: &str, value: &[u8], src: Range<usize>, out: &mut Vec<Candidate>) {
    let value = String::from_utf8_lossy(value);
    let Some(raw) = text.get(src.clone()) else {
        return;
    };
    let runs: Vec<Run> = align::align(raw, src.start, &value, false);
    let (cands, _) = scan(&value, 0, true);
    for c in cands {
        let pieces: Vec<Seg> = c
            .pieces
            .iter()
            .flat_map(|s| align::segs(&runs, &value, s.range.clone()))
            .collect();
        let outer = align::source_of(&runs, c.outer.start)..align::source_of(&runs, c.outer.end);
        out.push(Candidate {
            outer,
            pieces,
            delimiter: c.delimiter,
            empty_at: align::source_of(&runs, c.empty_at),
        });
    }
}
