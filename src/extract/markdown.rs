//! URIs in CommonMark: link destinations (inline links and images, link reference
//! definitions), autolinks, and the URIs of prose, found as in plain text; not in code spans,
//! code blocks or HTML comments. Raw HTML (blocks and inline tags) is read as HTML
//! ([`super::html`]); the text between an inline HTML code element's tags (`<code>`, `<kbd>`
//! ...) is code too, up to its end tag or the end of its paragraph, heading or table cell. The parser is pulldown-cmark, with its source ranges
//! (`into_offset_iter`); a destination's decoded value (backslash escapes, character
//! references) is the parser's, mapped back to the source by [`super::align`].
//!
//! Prose is read from the source with everything that is not prose blanked out (kept as
//! spaces, line breaks kept), so that byte offsets, and URIs broken across the lines of a
//! paragraph or a block quote, stay as written.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event, LinkType, Options as Md, Parser, Tag, TagEnd};

use super::align;
use super::{Candidate, Delimiter, Options, chosen, html, scan};

/// A link or image whose end has not been seen yet.
struct Open<'a> {
    range: Range<usize>,
    link_type: LinkType,
    dest: CowStr<'a>,
    /// The end of its text so far (its last inner event).
    text_end: usize,
}

/// The first place at or after `at` where a block of Markdown that starts at `start` may end
/// and that the content chooses (see below), or the text's end. A block may end at two kinds
/// of place:
///
/// - the start of a line at the margin (not blank, not indented) after a blank line, where
///   every block before it has ended unless a fenced code block or an HTML block is still
///   open ([`candidates`] tells);
/// - inside a paragraph, after a space or a line break (or right after the `>` of a `<`
///   scheme `:` ... `>`) and before a letter, `<` scheme `:` or an emphasis span that nothing
///   can change ([`tight_span`]), when nothing since `start` (or since the last place of the
///   first kind) can open an inline span that goes on past it: no backtick, emphasis (but
///   such spans) or strikethrough mark, backslash or pipe, no tag of an HTML code element
///   (its text is code to the paragraph's end); each `<` closed by a `>`, and each
///   `[` and `(` by a `]` and `)`, on its line, with no quote inside; or between two `[`
///   of a run of them after whitespace, when no `]` and no line break follow in the text
///   (every `[` of the run is then text). The paragraph then reads as two with the same text ([`candidates`]
///   tells whether a paragraph is what is open), which is how a long paragraph dense with
///   autolinks is read a part at a time. No inline span crosses a blank line, so what is open
///   is counted again from each place of the first kind.
///
/// Of these places, a block ends at the first that stands `max` bytes or more after `start`,
/// or at the first that stands `max / 32` or more after it and that the next few bytes of
/// the text choose (a hash of them: one in [`ONE_IN_BLANK`] places of the first kind, one in
/// [`ONE_IN_PARAGRAPH`] of the second). So where blocks end depends on the text around the
/// end, not on where the block started: two readings that start at different places (before
/// and after an edit) soon end a block at the same place, and read the same blocks from there
/// on. `max == 0` takes the first place at or after `at`.
pub(super) fn block_end(text: &str, start: usize, at: usize, max: usize) -> usize {
    block_end_with(text, start, at, max, &mut Definitions::default())
}

/// [`block_end`], with what it learned of the line's definitions kept in `defs`.
fn block_end_with(
    text: &str,
    start: usize,
    at: usize,
    max: usize,
    defs: &mut Definitions,
) -> usize {
    let b = text.as_bytes();
    let min = max / 32;
    let take =
        |p: usize, one_in: u32| p - start >= max || (p - start >= min && chosen(b, p, one_in));
    // The paragraph rule's state: something is open that stops every cut of the second kind
    // until the next place of the first kind; a `<` is open; a line that starts indented (it
    // may be code: no cut on it); brackets and parentheses open on the line (links and images
    // close on their line).
    let mut stopped = false;
    let mut open = false;
    let mut indented = false;
    let (mut brackets, mut parens) = (0usize, 0usize);
    // The open `<` is followed by a scheme and `:` (no HTML tag); where the last such `<...>`
    // closed (one past its `>`); where the emphasis span being stepped over ends.
    let (mut scheme_open, mut closed_at, mut span_end) = (false, usize::MAX, 0);
    // The line holds only spaces and tabs so far; only `[` since the last whitespace.
    let mut blank = true;
    let mut run = true;
    for p in start..b.len() {
        if p == 0 || b[p - 1] == b'\n' || (b[p - 1] == b'\r' && b[p] != b'\n') {
            let prev_blank = blank;
            blank = true;
            if p > start && prev_blank && !matches!(b[p], b' ' | b'\t' | b'\n' | b'\r') {
                // A line at the margin after a blank line.
                if p >= at && take(p, ONE_IN_BLANK) {
                    return p;
                }
                (stopped, open, brackets, parens) = (false, false, 0, 0);
            }
        }
        if !matches!(b[p], b' ' | b'\t' | b'\n' | b'\r') {
            blank = false;
        }
        let opens_only = run;
        run = match b[p] {
            b' ' | b'\t' | b'\n' | b'\r' => true,
            b'[' => run,
            _ => false,
        };
        if stopped || p < span_end {
            continue;
        }
        if p == 0 || matches!(b[p - 1], b'\n' | b'\r') {
            indented = matches!(b[p], b' ' | b'\t');
            // A link reference definition: its destination is no paragraph's text.
            if defs.may_define(b, p) {
                stopped = true;
                continue;
            }
        }
        if p >= at
            && p > start
            && !open
            && brackets == 0
            && parens == 0
            && !indented
            && (matches!(b[p - 1], b' ' | b'\n' | b'\r') || closed_at == p)
            && starts_plainly(b, p, defs)
            && take(p, ONE_IN_PARAGRAPH)
        {
            return p;
        }
        // Inside a run of `[` with no `]` and no line break after it: each is text, as it is
        // in either part.
        if p >= at
            && p > start
            && !open
            && parens == 0
            && !indented
            && opens_only
            && b[p] == b'['
            && b[p - 1] == b'['
            && defs.first_close(b, p) == b.len()
            && take(p, ONE_IN_PARAGRAPH)
        {
            return p;
        }
        match b[p] {
            b'*' | b'_' if let Some(n) = tight_span(b, p) => span_end = p + n,
            b'`' | b'*' | b'_' | b'~' | b'\\' | b'|' => stopped = true,
            b'<' if open || matches!(b.get(p + 1), Some(b'!' | b'?')) || code_tag(b, p) => {
                stopped = true;
            }
            b'<' => (open, scheme_open) = (true, starts_plainly(b, p, defs)),
            b'>' => {
                if open && scheme_open {
                    closed_at = p + 1;
                }
                open = false;
            }
            b'[' => brackets += 1,
            b']' if brackets == 0 => stopped = true,
            b']' => brackets -= 1,
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            b'"' | b'\'' if open || parens > 0 => stopped = true,
            b'\n' | b'\r' if open || brackets > 0 || parens > 0 => stopped = true,
            _ => {}
        }
    }
    b.len()
}

/// One in how many places after a blank line a block ends (past its minimum size).
const ONE_IN_BLANK: u32 = 4;
/// One in how many places inside a paragraph a block ends (past its minimum size).
const ONE_IN_PARAGRAPH: u32 = 256;

/// Whether the text at `p` may be a link reference definition: `[` but `[[` (a label holds
/// no unescaped bracket), and `]:` after the first `]` on the line. Asked at places that
/// only move forward, it remembers the first `]` or line break it found, which answers every
/// `[` before it: each byte of a line is looked at once, however many `[` the line holds
/// (`'a [b] ' * N`, `'[ ' * N` on one line).
#[derive(Default)]
struct Definitions {
    /// The last place asked about a `[`, and the first `]`, `\n` or `\r` at or after it
    /// (or the text's end).
    seen: Option<(usize, usize)>,
    /// How many bytes were looked at, for the tests.
    #[cfg(test)]
    looked: usize,
}

impl Definitions {
    fn may_define(&mut self, b: &[u8], p: usize) -> bool {
        // A label holds no unescaped bracket: `[[` starts none.
        if b[p] != b'[' || b.get(p + 1) == Some(&b'[') {
            return false;
        }
        let stop = self.first_close(b, p);
        match b.get(stop) {
            Some(b']') => b.get(stop + 1) == Some(&b':'),
            _ => true,
        }
    }

    /// The first `]`, `\n` or `\r` at or after `p`, or the text's end.
    fn first_close(&mut self, b: &[u8], p: usize) -> usize {
        let stop = match self.seen {
            // No `]` or line break from `from` to `stop`: the first at or after `p` is `stop`.
            Some((from, stop)) if from <= p && p <= stop => stop,
            _ => {
                let n = b[p..]
                    .iter()
                    .position(|&c| matches!(c, b']' | b'\n' | b'\r'))
                    .unwrap_or(b.len() - p);
                #[cfg(test)]
                {
                    self.looked += n + 1;
                }
                p + n
            }
        };
        self.seen = Some((p, stop));
        stop
    }
}

/// Whether the `<` at `p` may be a start or end tag of an HTML code element (`<code>`,
/// `</kbd>` ...): the text after a start tag is code up to the paragraph's end, so no
/// paragraph is cut after it.
fn code_tag(b: &[u8], p: usize) -> bool {
    let from = p + 1 + usize::from(b.get(p + 1) == Some(&b'/'));
    let n = b[from.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    let name = b[from..from + n].to_ascii_lowercase();
    html::CODE.contains(&name.as_slice())
}

/// The length of the emphasis span at `p`, when it is one that no text after it can change:
/// `*` or `_` after whitespace (or at the text's start), one to five ASCII letters or digits,
/// the same mark, and whitespace. Its first mark can only open and its last only close (by
/// CommonMark's flanking rules), and nothing between them can be matched, so the two make
/// an emphasis whatever comes before or after them, provided nothing before them is open.
/// The span and the byte after it are 8 bytes at most: the bytes that choose a place to end
/// a block, which an edit after them does not change.
fn tight_span(b: &[u8], p: usize) -> Option<usize> {
    let space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    if p > 0 && !space(b[p - 1]) {
        return None;
    }
    let mark = b[p];
    let n = b[p + 1..]
        .iter()
        .take(6)
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    ((1..=5).contains(&n)
        && b.get(p + 1 + n) == Some(&mark)
        && b.get(p + 2 + n).is_some_and(|&c| space(c)))
    .then_some(n + 2)
}

/// Whether a paragraph's text at `p` starts as nothing but a paragraph would: with a letter,
/// a link (`[`, and no `]:` after it on its line: no definition), `<` scheme `:` (an
/// autolink, never an HTML block's start), or an emphasis span of [`tight_span`] (no list
/// item's or thematic break's start: a letter or digit follows the mark).
fn starts_plainly(b: &[u8], p: usize, defs: &mut Definitions) -> bool {
    match b[p] {
        c if c.is_ascii_alphabetic() => true,
        b'*' | b'_' => tight_span(b, p).is_some(),
        b'[' => !defs.may_define(b, p),
        b'<' => {
            let n = b[p + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
                .count();
            n > 0 && b[p + 1].is_ascii_alphabetic() && b.get(p + 1 + n) == Some(&b':')
        }
        _ => false,
    }
}

/// The candidates of `text`, and whether every block of it has ended before the blank line
/// it ends with (when it ends with one): then the text after it is read the same alone.
pub(super) fn candidates(text: &str, options: Options) -> (Vec<Candidate>, bool) {
    // The prose of the text: each byte that is not prose is a space (line breaks stay), so
    // that prose keeps its offsets. Prose ranges are whole characters, so it stays UTF-8.
    let mut prose: Vec<u8> = text
        .bytes()
        .map(|b| if matches!(b, b'\n' | b'\r') { b } else { b' ' })
        .collect();
    let mut unmask = |r: &Range<usize>| {
        let r = r.start.min(text.len())..r.end.min(text.len());
        prose[r.clone()].copy_from_slice(&text.as_bytes()[r]);
    };
    let mut out = Vec::new();
    let mut html_ranges: Vec<Range<usize>> = Vec::new();
    let mut stack: Vec<Open<'_>> = Vec::new();
    let (mut in_code, mut in_html) = (0usize, 0usize);
    // The HTML code elements (`<code>`, `<kbd>` ...) open in the paragraph, heading or cell.
    let mut html_code = html::CodeStack::default();
    let md = Md::ENABLE_TABLES | Md::ENABLE_STRIKETHROUGH | Md::ENABLE_TASKLISTS;
    let mut events = Parser::new_ext(text, md).into_offset_iter();
    // How deep the events are in blocks and inlines, where the last outermost one ends, and
    // whether it is a paragraph.
    let (mut depth, mut top_end, mut top_paragraph) = (0usize, 0usize, false);
    for (event, range) in events.by_ref() {
        match &event {
            Event::Start(tag) => {
                if depth == 0 {
                    top_end = range.end;
                    top_paragraph = matches!(tag, Tag::Paragraph);
                }
                depth += 1;
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ if depth == 0 => (top_end, top_paragraph) = (range.end, false),
            _ => {}
        }
        let is_own_end = matches!(event, Event::End(TagEnd::Link | TagEnd::Image));
        if !is_own_end && let Some(top) = stack.last_mut() {
            top.text_end = top.text_end.max(range.end);
        }
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code += 1,
            Event::End(TagEnd::CodeBlock) => in_code = in_code.saturating_sub(1),
            Event::Start(Tag::HtmlBlock) => {
                in_html += 1;
                html_ranges.push(range);
            }
            Event::End(TagEnd::HtmlBlock) => in_html = in_html.saturating_sub(1),
            Event::Html(_) if in_html == 0 => html_ranges.push(range),
            Event::InlineHtml(tag) => {
                inline_tag(&tag, &mut html_code);
                html_ranges.push(range);
            }
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::TableCell) => {
                html_code = html::CodeStack::default();
            }
            Event::Text(_)
                if in_html == 0
                    && (options.include_code || (in_code == 0 && html_code.is_empty())) =>
            {
                unmask(&range);
            }
            Event::Code(_) if options.include_code => {
                // The code, without its backticks.
                let b = text.as_bytes();
                let (mut s, mut e) = (range.start, range.end.min(b.len()));
                while s < e && b[s] == b'`' {
                    s += 1;
                }
                while e > s && b[e - 1] == b'`' {
                    e -= 1;
                }
                unmask(&(s..e));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                if link_type == LinkType::Autolink {
                    // `<scheme:...>`, read as plain text reads it.
                    unmask(&range);
                }
                let bang = usize::from(text.as_bytes().get(range.start) == Some(&b'!'));
                stack.push(Open {
                    text_end: range.start + 1 + bang,
                    range,
                    link_type,
                    dest: dest_url,
                });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if let Some(open) = stack.pop() {
                    if let Some(top) = stack.last_mut() {
                        top.text_end = top.text_end.max(open.range.end);
                    }
                    if open.link_type == LinkType::Inline
                        && let Some(c) = inline_destination(text, &open)
                    {
                        out.push(c);
                    }
                }
            }
            _ => {}
        }
    }
    for (_, def) in events.reference_definitions().iter() {
        if let Some(c) = definition_destination(text, def.span.clone(), &def.dest) {
            out.push(c);
        }
    }
    for r in html_ranges {
        out.extend(html::candidates(text, r, options.include_code));
    }
    if let Ok(prose) = String::from_utf8(prose) {
        let (found, _) = scan(&prose, 0, true);
        drop(prose);
        out.reserve_exact(found.len());
        out.extend(found);
    }
    out.sort_by_key(|c: &Candidate| c.outer.start);
    // A URI inside the prose of an HTML block or inline tag is found once.
    out.dedup_by(|b, a| b.outer.start < a.outer.end);
    // A text cut after a blank line: no block runs into it. A text cut inside a paragraph
    // (see `block_end`): the paragraph is what is open.
    let b = text.as_bytes();
    let closed = match b.last() {
        Some(b'\n' | b'\r') if last_blank_line(b) < b.len() => top_end <= last_blank_line(b),
        _ => top_paragraph,
    };
    (out, closed)
}

/// The start of the blank line (spaces and tabs) that `b` ends with, before its line break;
/// `b.len()` when `b` ends otherwise.
fn last_blank_line(b: &[u8]) -> usize {
    let end = match b {
        [.., b'\r', b'\n'] => b.len() - 2,
        [.., b'\n' | b'\r'] => b.len() - 1,
        _ => return b.len(),
    };
    let start = b[..end]
        .iter()
        .rposition(|&c| matches!(c, b'\n' | b'\r'))
        .map_or(0, |k| k + 1);
    match b[start..end].iter().all(|&c| matches!(c, b' ' | b'\t')) {
        true => start,
        false => b.len(),
    }
}

/// An inline HTML tag: a start tag of a code element opens it (unless it is written
/// self-closing), an end tag closes it.
fn inline_tag(tag: &str, code: &mut html::CodeStack) {
    let (end, rest) = match tag.strip_prefix("</") {
        Some(rest) => (true, rest),
        None => (false, tag.strip_prefix('<').unwrap_or("")),
    };
    let n = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let name = rest[..n].to_ascii_lowercase();
    if end {
        code.close(name.as_bytes());
    } else if !tag.trim_end().ends_with("/>") {
        code.open(name.as_bytes());
    }
}

/// The destination of an inline link or image `[text](dest "title")`.
fn inline_destination(text: &str, open: &Open<'_>) -> Option<Candidate> {
    let b = text.as_bytes();
    let end = open.range.end.min(b.len());
    // The "](" after the text.
    let mut p = open.text_end.min(end);
    while p + 1 < end && !(b[p] == b']' && b[p + 1] == b'(') {
        p += 1;
    }
    if p + 1 >= end {
        return None;
    }
    destination(text, p + 2, end, &open.dest)
}

/// The destination of a link reference definition `[label]: dest "title"`.
fn definition_destination(text: &str, span: Range<usize>, dest: &str) -> Option<Candidate> {
    let b = text.as_bytes();
    let end = span.end.min(b.len());
    let mut p = span.start;
    while p + 1 < end && !(b[p] == b']' && b[p + 1] == b':' && (p == 0 || b[p - 1] != b'\\')) {
        p += 1;
    }
    if p + 1 >= end {
        return None;
    }
    destination(text, p + 2, end, dest)
}

/// The destination that starts after optional whitespace at `from` (before `end`), whose
/// decoded value is `dest`.
fn destination(text: &str, from: usize, end: usize, dest: &str) -> Option<Candidate> {
    // rustdoc's intra-doc links (`[x]: crate::Foo`): no URI.
    if super::is_rust_path(dest) {
        return None;
    }
    let b = text.as_bytes();
    let mut q = from;
    while q < end && b[q].is_ascii_whitespace() {
        q += 1;
    }
    let (raw, outer) = if b.get(q) == Some(&b'<') {
        let mut k = q + 1;
        while k < end && !matches!(b[k], b'>' | b'\n') {
            k += if b[k] == b'\\' { 2 } else { 1 };
        }
        let k = k.min(end);
        (q + 1..k, q..(k + 1).min(end))
    } else {
        let mut k = q;
        let mut depth = 0usize;
        while k < end {
            match b[k] {
                b'\\' if k + 1 < end && b[k + 1].is_ascii_punctuation() => k += 1,
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                c if c.is_ascii_whitespace() || c.is_ascii_control() => break,
                _ => {}
            }
            k += 1;
        }
        (q..k, q..k)
    };
    let source = text.get(raw.clone())?;
    let runs = align::align(source, raw.start, dest, true);
    Some(Candidate {
        pieces: align::segs(&runs, dest, 0..dest.len()),
        outer,
        delimiter: Delimiter::Link,
        empty_at: raw.start,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grammar;
    use crate::extract::{Syntax, extract_with_options};

    fn uris(t: &str, include_code: bool) -> Vec<String> {
        let options = Options::default().include_code(include_code);
        extract_with_options(t, Grammar::Rfc3986, Syntax::Markdown, options)
            .iter()
            .map(|f| f.text.to_string())
            .collect()
    }

    /// The text of HTML code elements written inline in Markdown is code, as a code span's
    /// is; their attributes are read; an element left open ends with its paragraph.
    #[test]
    fn inline_html_code_elements_are_not_prose() {
        let t = "Use <code>Vec&lt;T: Sized&gt;</code>, <kbd>http://k/%zz</kbd>, \
                 <CODE class=\"x\">http://a/%zz</CODE> and http://b/ \
                 <code><a href=\"http://e/%zz\">http://f/%zz</a></code> <code/> http://g/\n\
                 <samp>left open http://c/%zz\n\nNext paragraph: http://d/.\n";
        assert_eq!(
            uris(t, false),
            ["http://b/", "http://e/%zz", "http://g/", "http://d/"]
        );
        assert_eq!(uris(t, true).len(), 8, "{:?}", uris(t, true));
    }

    /// rustdoc's intra-doc links, in a README it includes, are paths of items, not URIs.
    #[test]
    fn intra_doc_links_are_no_uris() {
        let t = "See [`Foo`] and [bar](crate::Foo::bar()) or [x](a/b::c).\n\n\
                 [`Foo`]: hello_world::Foo\n[y]: http://a/\n";
        let found: Vec<String> = candidates(t, Options::default())
            .0
            .iter()
            .map(|c| c.pieces.iter().map(|p| &t[p.range.clone()]).collect())
            .collect();
        assert_eq!(found, ["a/b::c", "http://a/"]);
    }

    /// Whether a `[` may start a definition is answered as a scan of its line would answer
    /// it, and each byte of a line is looked at once however many `[` it holds: a scan to
    /// the line's end for each `[` looks at N^2/2 bytes, here 10^10 for `'[ ' * 100_000`.
    #[test]
    fn definitions_are_found_looking_at_each_byte_once() {
        let naive = |b: &[u8], p: usize| {
            let line = &b[p..];
            let line = &line[..line
                .iter()
                .position(|&c| matches!(c, b'\n' | b'\r'))
                .unwrap_or(line.len())];
            b[p] == b'['
                && b.get(p + 1) != Some(&b'[')
                && line
                    .iter()
                    .position(|&c| c == b']')
                    .is_none_or(|k| line.get(k + 1) == Some(&b':'))
        };
        for t in [
            "[a]: x [b] [c]:\n[d\r[e]",
            "[[]:]] [x\n]: [ [ ]",
            "a [b] [c]: d [",
            "]:[]:[]",
        ] {
            let b = t.as_bytes();
            let mut defs = Definitions::default();
            for p in 0..b.len() {
                assert_eq!(defs.may_define(b, p), naive(b, p), "{t:?} at {p}");
            }
        }
        for unit in ["[ ", "a [b] ", "[x](http://a/b) ", "[x](a:%) ", "["] {
            let t = unit.repeat(200_000 / unit.len());
            let mut defs = Definitions::default();
            let end = block_end_with(&t, 0, 1, 64 << 10, &mut defs);
            assert!(end > 0);
            let mut defs = Definitions::default();
            block_end_with(&t, 0, 1, usize::MAX, &mut defs);
            assert!(
                defs.looked <= 2 * t.len(),
                "{unit:?}: {} bytes looked at",
                defs.looked
            );
        }
    }

    /// Each candidate holds its pieces until it is checked, so those made here hold no spare
    /// room: of link destinations and of the attributes of the HTML inside Markdown.
    #[test]
    fn pieces_hold_no_spare_room() {
        let t = "[x](http://a/b) <http://c/d> see http://e/f\n\n<p><a href=\"http://g/\">http://h/</a>\n\n\
                 [y]: http://i/ \"t\"\n<a href=\"x\ny\">z</a>\n";
        let (c, _) = candidates(t, Options::default());
        assert_eq!(c.len(), 7, "{c:?}");
        let made_here =
            |c: &&Candidate| matches!(c.delimiter, Delimiter::Link | Delimiter::Attribute);
        assert_eq!(c.iter().filter(made_here).count(), 4);
        for c in c.iter().filter(made_here) {
            assert_eq!(c.pieces.capacity(), c.pieces.len(), "{c:?}");
        }
    }
}
