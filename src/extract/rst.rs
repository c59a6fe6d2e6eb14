//! URIs in reStructuredText (Docutils' markup, the `README.rst` of many projects and the
//! default body of a Python package's `METADATA`): the URIs of prose, found as in plain text
//! (`` `text <http://a/>`_ `` is a delimited `<...>`, `.. _name: http://a/` and
//! `.. image:: http://a/b.png` are URIs in prose), and none in code:
//!
//! - inline literals, ``` ``...`` ```, within a paragraph;
//! - a literal block: the indented lines after a paragraph that ends with `::` (and the
//!   quoted kind: lines at the same indentation that start with the same punctuation);
//! - the content of a directive for code (`code-block`, `code`, `sourcecode`, `doctest`,
//!   `testcode`, `testoutput`, `ipython`, `parsed-literal`, `highlight`, `math`), including
//!   its option lines;
//! - a doctest block: a paragraph whose first line starts with `>>>`.
//!
//! Code is blanked out (spaces, line breaks kept) so that prose keeps its offsets, as
//! Markdown's reader does. The rules are those of the Docutils reference ("Literal Blocks",
//! "Doctest Blocks", "Inline literals"), read line by line: indentation decides where a block
//! ends.

use std::ops::Range;

use super::{Candidate, Options, chosen, scan};

/// The directives whose content is code.
const CODE_DIRECTIVES: [&str; 11] = [
    "code-block",
    "code",
    "sourcecode",
    "doctest",
    "testcode",
    "testoutput",
    "ipython",
    "parsed-literal",
    "highlight",
    "math",
    "literalinclude",
];

/// One line of the text: its range without the line break, and its indentation (in bytes:
/// tabs count as one, which only matters when a text mixes them).
struct Line {
    start: usize,
    end: usize,
    indent: usize,
    blank: bool,
}

fn lines(b: &[u8], from: usize) -> impl Iterator<Item = Line> + '_ {
    lines_known(b, from, None)
}

/// [`lines`], the end of the first line given when it is known (`first_end`).
fn lines_known(b: &[u8], from: usize, first_end: Option<usize>) -> impl Iterator<Item = Line> + '_ {
    let mut start = from;
    let mut known = first_end;
    std::iter::from_fn(move || {
        if start >= b.len() {
            return None;
        }
        let end = known.take().unwrap_or_else(|| line_end(b, start));
        let len = end - start;
        let mut next = end;
        if next < b.len() {
            next += 1 + usize::from(b[next] == b'\r' && b.get(next + 1) == Some(&b'\n'));
        }
        let indent = b[start..end]
            .iter()
            .take_while(|&&c| matches!(c, b' ' | b'\t'))
            .count();
        let line = Line {
            start,
            end,
            indent,
            blank: indent == len,
        };
        start = next;
        Some(line)
    })
}

/// The end of the line that holds `at` (its line break, or the text's end).
fn line_end(b: &[u8], at: usize) -> usize {
    let n = b[at..]
        .iter()
        .position(|&c| matches!(c, b'\n' | b'\r'))
        .unwrap_or(b.len() - at);
    #[cfg(test)]
    LOOKED.with(|l| l.set(l.get() + n));
    at + n
}

#[cfg(test)]
thread_local! {
    /// How many bytes [`line_end`] looked at, for the tests.
    static LOOKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Where a line stands in the block structure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between paragraphs (after a blank line, or at the start).
    Between,
    /// In a paragraph (prose) whose first line has this indentation.
    Prose {
        /// Whether the paragraph's last line so far ends with `::`.
        marker: bool,
        indent: usize,
    },
    /// After a paragraph that ends with `::`: the next non-blank line, indented more than
    /// `indent`, starts a literal block.
    Expect { indent: usize },
    /// In code whose lines are indented more than `indent` (a literal block, or a code
    /// directive's content: blank lines do not end it).
    Code { indent: usize },
    /// In a quoted literal block: lines at `indent` that start with `quote`.
    Quoted { indent: usize, quote: u8 },
    /// In a doctest block (it ends at a blank line).
    Doctest,
}

/// Whether the line at `l` is a directive for code: `.. name::` with `name` one of
/// [`CODE_DIRECTIVES`] (any case).
fn code_directive(b: &[u8], l: &Line) -> bool {
    let s = &b[l.start + l.indent..l.end];
    let Some(rest) = s.strip_prefix(b".. ") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let n = rest
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':' | b'.'))
        .count();
    // The name and its `::` (a name may hold single colons: `sphinx:code`).
    let Some(name) = rest[..n].strip_suffix(b"::") else {
        return false;
    };
    CODE_DIRECTIVES
        .iter()
        .any(|d| d.as_bytes().eq_ignore_ascii_case(name))
}

/// Whether the line is an explicit markup start (`.. `): a directive, a comment, a target or
/// a footnote, never a paragraph that ends with `::`.
fn explicit(b: &[u8], l: &Line) -> bool {
    let s = &b[l.start + l.indent..l.end];
    s == b".." || s.starts_with(b".. ")
}

/// Whether the line ends with `::` (a literal block follows its paragraph).
fn ends_with_marker(b: &[u8], l: &Line) -> bool {
    b[l.start..l.end].trim_ascii_end().ends_with(b"::")
}

/// The line's state after `state` and whether the line is code, for a line that is not
/// blank.
fn step(b: &[u8], state: State, l: &Line) -> (State, bool) {
    match state {
        State::Code { indent } if l.indent > indent => return (state, true),
        State::Quoted { indent, quote } if l.indent == indent && b[l.start + indent] == quote => {
            return (state, true);
        }
        State::Doctest => return (state, true),
        State::Expect { indent } if l.indent > indent => {
            return (State::Code { indent }, true);
        }
        State::Expect { indent } if l.indent == indent => {
            let c = b[l.start + l.indent];
            if c.is_ascii_punctuation() {
                return (State::Quoted { indent, quote: c }, true);
            }
        }
        State::Prose { indent, .. } if l.indent >= indent => {
            // A paragraph goes on (a line indented more is still its text in prose:
            // only a blank line before it makes a block quote).
            return (
                State::Prose {
                    marker: ends_with_marker(b, l) && !explicit(b, l),
                    indent,
                },
                false,
            );
        }
        _ => {}
    }
    // The line starts a block.
    let s = &b[l.start + l.indent..l.end];
    if code_directive(b, l) {
        return (State::Code { indent: l.indent }, false);
    }
    if s.starts_with(b">>>") && !matches!(state, State::Prose { .. }) {
        return (State::Doctest, true);
    }
    (
        State::Prose {
            marker: ends_with_marker(b, l) && !explicit(b, l),
            indent: l.indent,
        },
        false,
    )
}

/// The state after a blank line.
fn after_blank(state: State) -> State {
    match state {
        State::Prose {
            marker: true,
            indent,
        } => State::Expect { indent },
        State::Code { .. } | State::Expect { .. } => state,
        _ => State::Between,
    }
}

/// The candidates of `text` (a part of a document that starts where nothing is open).
pub(super) fn candidates(text: &str, options: Options) -> Vec<Candidate> {
    if options.include_code {
        return scan(text, 0, true).0;
    }
    let b = text.as_bytes();
    let mut prose = b.to_vec();
    let mut blank = |r: Range<usize>| {
        for c in &mut prose[r] {
            if !matches!(*c, b'\n' | b'\r') {
                *c = b' ';
            }
        }
    };
    let mut state = State::Between;
    // An inline literal open in the paragraph, from this offset: blanked when it closes; if
    // its paragraph ends first, its `` opened nothing.
    let mut literal: Option<usize> = None;
    for l in lines(b, 0) {
        if l.blank {
            literal = None;
            state = after_blank(state);
            continue;
        }
        let continues = matches!(state, State::Prose { .. });
        let code;
        (state, code) = step(b, state, &l);
        if code {
            blank(l.start..l.end);
        }
        // Inline markup does not cross a block.
        if !matches!(state, State::Prose { .. }) || !continues {
            literal = None;
        }
        if !matches!(state, State::Prose { .. }) {
            continue;
        }
        let mut k = l.start;
        while let Some(n) = find(&b[k..l.end], b"``") {
            match literal.take() {
                None => literal = Some(k + n),
                Some(from) => blank(from..k + n + 2),
            }
            k += n + 2;
        }
    }
    let links = references(&mut prose);
    // Prose ranges are whole characters (only ASCII bytes were blanked), so it is UTF-8.
    let prose = String::from_utf8(prose).unwrap_or_default();
    let mut found = scan(&prose, 0, true).0;
    if !links.is_empty() {
        found.extend(links);
        found.sort_by_key(|c| c.outer.start);
    }
    found
}

/// The relative link targets of the prose, and its roles' targets blanked out
/// (`docs/documents.md`, "reStructuredText"):
///
/// - `` `text <target>`_ `` (or `__`): the embedded target is a URI reference; one with a
///   scheme is found as `<scheme:...>` is, one without (`<page.html#frag>`) here, unless it
///   ends with `_` (a reference name, not a URI);
/// - `` :role:`text <target>` ``, `` `text <target>`:role: `` or `` `text <target>` `` (the
///   default role): a role's target is a label or a name (`<python:some-label>`, Sphinx's
///   cross-references), no URI: blanked;
/// - `.. _name: target`, `.. __: target` and `__ target` (explicit and anonymous hyperlink
///   targets): a target without a scheme, on the line, is a URI reference.
///
/// Each target holds no whitespace (a target broken across lines is left to the scan).
fn references(prose: &mut [u8]) -> Vec<Candidate> {
    let mut out = Vec::new();
    let relative = |t: &[u8]| {
        let n = t.iter().take_while(|&&c| super::is_scheme_byte(c)).count();
        let scheme = t.first().is_some_and(u8::is_ascii_alphabetic) && t.get(n) == Some(&b':');
        let word = |c: &u8| c.is_ascii_whitespace() || matches!(c, b'<' | b'>' | b'`');
        !(t.is_empty() || scheme || t.ends_with(b"_") || t.iter().any(word))
    };
    let link = |out: &mut Vec<Candidate>, r: Range<usize>, outer: Range<usize>| {
        out.push(Candidate {
            outer,
            empty_at: r.start,
            pieces: vec![super::Seg::plain(r)],
            delimiter: super::Delimiter::Link,
        });
    };
    // Each `<` up to its `>` (or the next `<` or whitespace: a target holds none, and a
    // text read in parts may be cut at whitespace, so what is decided here must not cross
    // it): an embedded target is a `<...>` that a backtick closes right after its `>`, so it
    // is told by what follows it, in the part where it stands (a part may start after the
    // text's opening backtick).
    let mut k = 0;
    while let Some(n) = prose[k..].iter().position(|&c| c == b'<') {
        let open = k + n;
        let Some(len) = prose[open + 1..]
            .iter()
            .position(|&c| matches!(c, b'<' | b'>') || c.is_ascii_whitespace())
        else {
            break;
        };
        let close = open + 1 + len;
        k = close;
        if prose[close] != b'>' || prose.get(close + 1) != Some(&b'`') {
            continue;
        }
        k = close + 1;
        if prose.get(close + 2) == Some(&b'_') {
            if relative(&prose[open + 1..close]) {
                link(&mut out, open + 1..close, open..close + 1);
            }
        } else {
            // Interpreted text with a role (`:ref:`, or the default role): its target is a
            // label or a name.
            prose[open..=close].fill(b' ');
        }
    }
    for l in lines(prose, 0) {
        let from = l.start + l.indent;
        let s = &prose[from..l.end];
        // Where the target starts in `s`.
        let at = if s.starts_with(b"__ ") {
            Some(3)
        } else if let Some(rest) = s.strip_prefix(b".. _") {
            // The name ends at the first `: ` (a name in backquotes may hold one).
            let end = if rest.starts_with(b"`") {
                rest[1..].iter().position(|&c| c == b'`').map(|n| n + 2)
            } else {
                let n = rest.windows(2).position(|w| w == b": ");
                n.or_else(|| rest.ends_with(b":").then(|| rest.len() - 1))
            };
            end.filter(|&e| rest.get(e) == Some(&b':'))
                .map(|e| 4 + e + 1)
        } else {
            None
        };
        let Some(at) = at else { continue };
        let t = &s[at..];
        let lead = t.len() - t.trim_ascii_start().len();
        let t = t.trim_ascii();
        if relative(t) {
            let start = from + at + lead;
            link(&mut out, start..start + t.len(), start..start + t.len());
        }
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Where a part of reStructuredText that starts at `start` (where nothing is open) ends: the
/// first place it may end that the text chooses (a hash of the 8 bytes there, one place in 4
/// of the first kind below, one in 256 of the second) at least `max / 32` bytes after
/// `start`, or the first past `max` bytes, or the text's end. So after an edit, a part read
/// again from an old part's start ends where an old part ended once it is past the edit. The
/// places, of two kinds:
///
/// - the start of a line at the margin after a blank line, unless the paragraph before the
///   blank line ends with `::` (a quoted literal block may start at the margin): a line at the
///   margin ends every indented block, so the text after it reads the same alone;
/// - inside a paragraph at the margin, after a space or a line break and before a letter or
///   `<`, when no inline literal and no `<` or `⟨` is open in the paragraph, and not within
///   a line of explicit markup (`.. `): the paragraph then reads as two with the same text
///   (how a long paragraph dense with URIs is read a part at a time).
///
/// Neither is taken where the hyphen rule would carry a URI over it (a `-`, U+2010 or U+00AD
/// before whitespace that holds a line break, code between them blanked).
///
/// `line` is what the last call learned of the line it ended in (a place and that line's
/// end): a part that starts inside a long line does not look for the line's end again, so
/// that reading a text of one long line a part at a time stays linear.
pub(super) fn block_end(
    text: &str,
    start: usize,
    max: usize,
    line: &mut Option<(usize, usize)>,
) -> usize {
    let b = text.as_bytes();
    let min = max / 32;
    block_end_with(text, start, line, |p, one_in| {
        p - start >= max || (p - start >= min && chosen(b, p, one_in))
    })
}

/// One in how many places after a blank line a part ends (past its minimum size).
const ONE_IN_BLANK: u32 = 4;
/// One in how many places inside a paragraph a part ends (past its minimum size).
const ONE_IN_PARAGRAPH: u32 = 256;

/// The first place where a part that starts at `start` may end (see [`block_end`]) that
/// `take` takes, given the place and how rare places of its kind are to be; the text's end
/// if there is none.
fn block_end_with(
    text: &str,
    start: usize,
    line: &mut Option<(usize, usize)>,
    take: impl Fn(usize, u32) -> bool,
) -> usize {
    let b = text.as_bytes();
    let first_end = match *line {
        Some((at, end)) if at <= start && start <= end => Some(end),
        _ => None,
    };
    let mut state = State::Between;
    let mut after_blank_line = false;
    // Open in the paragraph: an inline literal (an odd count of ``), a `<` and a `⟨` (each
    // closed by its own partner only).
    let (mut literal, mut angle, mut math) = (false, false, false);
    let mut tail = Tail::default();
    // The tail before the open literal, and whether a line break came since it opened.
    let mut before_literal = (Tail::default(), false);
    for l in lines_known(b, start, first_end) {
        *line = Some((l.start, l.end));
        let broken = l.end < b.len();
        if l.blank {
            after_blank_line = true;
            state = after_blank(state);
            if literal {
                // Never closed: its text was prose, as the tail has it.
                literal = false;
            }
            (angle, math) = (false, false);
            tail.broke |= broken;
            continue;
        }
        if l.start > start
            && after_blank_line
            && l.indent == 0
            && !matches!(state, State::Expect { .. })
            && !tail.hyphen()
            && take(l.start, ONE_IN_BLANK)
        {
            return l.start;
        }
        after_blank_line = false;
        let continues = matches!(state, State::Prose { .. });
        let code;
        (state, code) = step(b, state, &l);
        if code {
            // Blanked: nothing on it opens or closes (an open `<` stays open over it, as
            // the reading of the whole goes on over its spaces), and it is no tail.
            literal = false;
            tail.broke |= broken;
            continue;
        }
        let paragraph = matches!(state, State::Prose { .. });
        if !paragraph || !continues {
            literal = false;
        }
        let cuttable = matches!(state, State::Prose { indent: 0, .. });
        // A cut within an explicit markup line (`.. note:: text`) would leave text that is
        // no longer explicit markup: its `::` would become a literal block's marker.
        let within = !explicit(b, &l);
        let mut chars = text[l.start..l.end].char_indices().peekable();
        while let Some((n, c)) = chars.next() {
            let p = l.start + n;
            if cuttable
                && p > start
                && (n == 0 || within)
                && !literal
                && !angle
                && !math
                && (c.is_ascii_alphabetic() || c == '<')
                && matches!(b[p - 1], b' ' | b'\n' | b'\r')
                && !tail.hyphen()
                && take(p, ONE_IN_PARAGRAPH)
            {
                return p;
            }
            // What a literal holds is blanked: it opens nothing there, and to be sure, it
            // closes nothing either.
            match c {
                '`' if paragraph && chars.peek().is_some_and(|&(_, d)| d == '`') => {
                    chars.next();
                    if literal {
                        // Closed: its text is blanked, the tail is what came before it.
                        let (t, broke) = before_literal;
                        tail = t;
                        tail.broke |= broke;
                    } else {
                        before_literal = (tail, false);
                        tail.take('`');
                    }
                    literal = !literal;
                    continue;
                }
                '<' => angle = true,
                '>' if !literal => angle = false,
                '\u{27E8}' => math = true,
                '\u{27E9}' if !literal => math = false,
                _ => {}
            }
            tail.take(c);
        }
        tail.broke |= broken;
        before_literal.1 |= broken;
    }
    b.len()
}

/// The last character of prose before a place, as the reading of the whole sees it (code
/// blanked), and whether a line break came after it: the hyphen rule carries a URI over the
/// break when that character is a hyphen (`-`, U+2010, U+00AD).
#[derive(Clone, Copy, Default)]
struct Tail {
    last: Option<char>,
    broke: bool,
}

impl Tail {
    fn take(&mut self, c: char) {
        if !c.is_whitespace() {
            *self = Tail {
                last: Some(c),
                broke: false,
            };
        }
    }

    fn hyphen(&self) -> bool {
        self.broke && matches!(self.last, Some('-' | '\u{2010}' | '\u{AD}'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text of one long line read a part at a time looks for the line's end once: a search
    /// from each part's start looks at (parts x length / 2) bytes, here about 10^9 for 2 MB
    /// read in parts of 2 KiB.
    #[test]
    fn one_long_line_is_read_in_parts_looking_at_each_byte_once() {
        let t = "see http://a/b and `x <http://c/%zz>`_ ".repeat(50_000);
        LOOKED.with(|l| l.set(0));
        let (mut start, mut parts, mut line) = (0, 0, None);
        while start < t.len() {
            let end = block_end(&t, start, 64 << 10, &mut line);
            assert!(end > start);
            (start, parts) = (end, parts + 1);
        }
        assert!(parts > 10, "{parts} parts");
        let looked = LOOKED.with(|l| l.get());
        assert!(
            looked <= 2 * t.len(),
            "{looked} bytes looked at for {}",
            t.len()
        );
    }

    fn texts(t: &str) -> Vec<String> {
        candidates(t, Options::default())
            .into_iter()
            .map(|c| {
                c.pieces
                    .iter()
                    .map(|p| &t[p.range.clone()])
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn code_is_not_prose() {
        let t = "Use ``http://a/%zz`` and http://ok/ here.\n\
                 \n\
                 Example::\n\
                 \n\
                 \x20   curl http://c/%zz\n\
                 \n\
                 \x20   curl http://c2/%zz\n\
                 \n\
                 .. code-block:: python\n\
                 \x20  :linenos:\n\
                 \n\
                 \x20  re.compile(\"http://d/(a|b)\")\n\
                 \n\
                 >>> get(\"http://e/%zz\")\n\
                 '\\x1b]8;;http://e2/\\x07'\n\
                 \n\
                 after http://f/ and `a link <http://g/>`_.\n\
                 \n\
                 .. _target: http://h/\n\
                 .. image:: http://i/x.png\n\
                 .. note:: http://j/\n\
                 \n\
                 \x20  http://k/\n";
        assert_eq!(
            texts(t),
            [
                "http://ok/",
                "http://f/",
                "http://g/",
                "http://h/",
                "http://i/x.png",
                "http://j/",
                "http://k/"
            ]
        );
        // With code included, everything is read.
        let all = candidates(t, Options::default().include_code(true));
        assert_eq!(all.len(), 13);
    }

    /// A role's target is a label; an embedded or explicit link target without a scheme is a
    /// relative reference (docs/documents.md, "reStructuredText").
    #[test]
    fn role_targets_and_relative_link_targets() {
        let t = "See :ref:`the label <python:some-label>` and `x <py:y>`:doc:, then\n\
                 `text <page.html#frag>`_, `Top <#top>`__, `name <other_>`_ and\n\
                 `abs <http://a/b>`_.\n\
                 \n\
                 .. _other: other.rst\n\
                 .. _`a b`: ../a%20b.html\n\
                 .. _inner:\n\
                 .. __: anon.html\n\
                 \n\
                 __ last.rst\n\
                 \n\
                 .. _ext: https://e.example/\n";
        assert_eq!(
            texts(t),
            [
                "page.html#frag",
                "#top",
                "http://a/b",
                "other.rst",
                "../a%20b.html",
                "anon.html",
                "last.rst",
                "https://e.example/"
            ]
        );
        // In code, nothing: a literal, a literal block.
        let code = "``x <a.html>`_`` and::\n\n    `y <b.html>`_\n    __ c.rst\n";
        assert_eq!(texts(code), Vec::<String>::new());
    }

    #[test]
    fn literal_blocks_end_at_a_lesser_indentation() {
        let t = "  Para::\n\n      code http://a/%zz\n\n    still code http://b/%zz\n  back http://c/\n";
        assert_eq!(texts(t), ["http://c/"]);
        // A quoted literal block.
        let t = "Quoted::\n\n> http://a/%zz\n> more\n\nhttp://b/\n";
        assert_eq!(texts(t), ["http://b/"]);
        // No literal block after a directive's `::` that is not for code, nor after a
        // paragraph's `::` followed by a paragraph at its indentation.
        let t = "Text::\n\nhttp://a/\n";
        assert_eq!(texts(t), ["http://a/"]);
        // `::` within a line is no marker; an inline literal spans a paragraph's lines.
        let t = "a ``x\nhttp://a/%zz`` http://b/ std::vec\n\n    http://c/\n";
        assert_eq!(texts(t), ["http://b/", "http://c/"]);
        // An inline literal left open is no literal.
        let t = "a `` http://a/\n\nhttp://b/\n";
        assert_eq!(texts(t), ["http://a/", "http://b/"]);
    }

    #[test]
    fn parts_end_where_nothing_is_open() {
        fn end<'a>(t: &'a str, from: &str) -> &'a str {
            let at = t.find(from).unwrap() + 1;
            &t[block_end_with(t, 0, &mut None, |p, _| p >= at)..]
        }
        // Inside a paragraph: after a space, before a letter, no inline literal open.
        let t = "a http://a/ ``x\ny`` z\n";
        assert_eq!(end(t, "a "), "http://a/ ``x\ny`` z\n");
        assert_eq!(end(t, "http"), "z\n");
        // Not in an indented block; after `::`, not before a quoted literal block.
        assert_eq!(end("a\n\n  b c\n\n  d\n", "a"), "");
        assert_eq!(end("c::\n\n> q\n", "c"), "");
        assert_eq!(end("c::\n\nd\n", "c"), "d\n");
        // Not where the hyphen rule carries a URI over a line break.
        assert_eq!(end("e http://x-\n\nf g\n", "http"), "g\n");
        // Not while a `<` is open, over lines.
        assert_eq!(end("a <http://a/\nb> c\n", "<"), "c\n");
        // At the margin after a blank line.
        assert_eq!(end("``a\n\nb\n", "a"), "b\n");
    }

    /// Random texts of reStructuredText's pieces: read in parts of every size from one byte,
    /// each reading finds what one part finds, and nothing panics.
    // The seeded generator comes with the `bnf` feature.
    #[cfg(feature = "bnf")]
    #[test]
    fn random_texts_read_in_parts_are_read_as_whole() {
        use crate::Grammar;
        use crate::extract::{Found, FoundIter, Syntax};
        const BITS: &[&str] = &[
            "a",
            "b ",
            " ",
            "  ",
            "    ",
            "\n",
            "\n\n",
            "\r\n",
            "\t",
            "::",
            "x::",
            "\n::\n",
            ">>> ",
            "> ",
            ".. ",
            ".. code:: ",
            ".. note:: ",
            ".. code-block::\n",
            "``",
            "`",
            "<",
            ">",
            "\u{27e8}",
            "\u{27e9}",
            "-",
            "\u{2010}",
            "\u{ad}",
            "http://a/",
            "<http:",
            "%zz",
            "é",
            "<URL:",
            "_",
            "|",
        ];
        let mut rng = fastrand::Rng::with_seed(0x5EED_0000_0000_0359);
        for _ in 0..4000 {
            let n = rng.usize(..80);
            let text: String = (0..n).map(|_| BITS[rng.usize(..BITS.len())]).collect();
            let read = |block| -> Vec<Found<'_>> {
                FoundIter::new(
                    &text,
                    Grammar::Rfc2396,
                    Syntax::Rst,
                    Options::default(),
                    block,
                )
                .collect()
            };
            let whole = read(usize::MAX / 2);
            for block in [1, 2, 3, 5, 8, 13] {
                assert_eq!(read(block), whole, "block {block}: {text:?}");
            }
        }
    }
}
