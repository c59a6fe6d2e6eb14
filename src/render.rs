//! The one plain-text form of a diagnostic, in the style of rustc, shared by every command of
//! the tool and open to library users: the code and the message, the place as
//! `source:line:column`, the source line with a caret under the offending character labelled
//! with what was expected there (and a `-` under a likely mistake before it, when the help
//! names one), then help, the productions that were open, and the spec citation.
//!
//! ```
//! use urigram::Grammar;
//! use urigram::render::Report;
//!
//! let input = "http://exa mple/";
//! let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
//! let text = Report::new(&e, input).origin("<argument 1>").to_string();
//! assert_eq!(text, r##"error[rfc2396::URI-reference::space]: not a valid URI-reference: a space at byte 10
//!  --> <argument 1>:1:11
//!   |
//! 1 | http://exa mple/
//!   |           ^ expected alphanum, userinfo, "#", "-", ".", "/", ":", "?", "@" or end of input
//!   |
//!   = help: a space cannot appear in a URI; write it as %20 (RFC 2396 section 2.4.3)
//!   = note: in URI-reference
//!   = note: see rfc2396.txt:1465 (section 4)
//! "##);
//! ```
//!
//! Lines longer than 100 characters are shown as a window around the offending
//! character, so a diagnostic's size never depends on the length of the line. Control
//! characters, C1 controls and the Unicode bidirectional controls are shown visibly
//! ([`visible`]), so what the terminal shows is what the input holds.

use std::borrow::Cow;
use std::fmt::{self, Write};

use crate::error::{Error, one_of};

/// The widest source line a diagnostic shows whole, in characters; a longer one is shown as a
/// window of this many characters around the offending one, with `…` where it is cut.
pub(crate) const WINDOW: usize = 100;

/// How a character is shown: itself, or a visible stand-in for a control character (its
/// Unicode "control picture", U+2400 block, one character wide) or for an invisible one that
/// changes how text around it is shown (`<U+202E>`).
fn push_visible(out: &mut String, c: char) {
    match c {
        '\u{0}'..='\u{1F}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
        '\u{7F}' => out.push('\u{2421}'),
        c if hidden(c) => {
            let _ = write!(out, "<U+{:04X}>", c as u32);
        }
        c => out.push(c),
    }
}

/// The text as a terminal should show it: C0 controls and DEL as their control pictures, C1
/// controls, the bidirectional controls and marks, the line and paragraph separators, the
/// byte-order mark and the characters that show nothing (a zero width space, a soft hyphen
/// ...) as `<U+XXXX>`. [`Report`] shows the text of a line this way; a program
/// that prints an input, a file name or any other untrusted text beside a report uses it so
/// that both read the same and no escape sequence reaches the terminal (the command line
/// prints every name through it).
///
/// ```
/// assert_eq!(urigram::render::visible("a\tb\u{202E}c"), "a\u{2409}b<U+202E>c");
/// assert_eq!(urigram::render::visible("http://a/p\u{200B}q"), "http://a/p<U+200B>q");
/// ```
pub fn visible(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(|c: char| c.is_control() || hidden(c)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        push_visible(&mut out, c);
    }
    Cow::Owned(out)
}

/// The characters shown as `<U+XXXX>`: C1 controls, the invisible ones that change how the
/// text around them is shown (bidirectional controls and marks, line and paragraph
/// separators, the byte-order mark), and those that show nothing at all, so that a URI that
/// holds one does not read as one without it (the soft hyphen, the combining grapheme joiner,
/// the Hangul fillers, the Khmer inherent vowels, the Mongolian vowel separator, the zero
/// width space, non-joiner and joiner, the word joiner and the invisible operators).
fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{80}'..='\u{9F}'
            | '\u{AD}'
            | '\u{34F}'
            | '\u{61C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// A diagnostic ready to print: an [`Error`] with the text it was found in and where that text
/// came from. `Display` gives the rustc-style form shown in the [module docs](self).
///
/// ```
/// use urigram::{Grammar, render::Report};
/// let text = "ok: http://a/\nbad: http://a/%zz";
/// let e = Grammar::Rfc2396.check("URI-reference", "http://a/%zz").unwrap_err();
/// let e = e.offset_by(19, text); // the error's place in the whole text
/// let shown = Report::new(&e, text).origin("links.txt").to_string();
/// assert!(shown.starts_with("error[rfc2396::escaped::letter]: "));
/// assert!(shown.contains(" --> links.txt:2:16\n"));
/// assert!(shown.contains("2 | bad: http://a/%zz\n"));
/// ```
#[derive(Debug, Clone)]
pub struct Report<'a> {
    error: &'a Error,
    text: &'a str,
    origin: Cow<'a, str>,
    first_line: usize,
    color: bool,
    notes: Vec<String>,
}

impl<'a> Report<'a> {
    /// The report of `error`, found in `text` (the text that was checked: the error's offset
    /// and line count in it). The origin is `<input>` until [`Report::origin`] names it.
    ///
    /// An error found in a token of a larger text (a word of a line, as
    /// [`parsers::complete`](crate::parsers::complete) reads one) counts its offset in the
    /// token: move it into the text first with [`Error::offset_by`], so that the caret lands
    /// under the right character. Any error renders against any text without a panic: an
    /// offset past the end or inside a character is taken to the nearest character before it.
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let line = "see http://a/%zz here";
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a/%zz").unwrap_err();
    /// let shown = Report::new(&e.offset_by(4, line), line).to_string();
    /// assert!(shown.contains("1 | see http://a/%zz here\n  |               ^ expected hex"));
    /// ```
    pub fn new(error: &'a Error, text: &'a str) -> Report<'a> {
        Report {
            error,
            text,
            origin: Cow::Borrowed("<input>"),
            first_line: 1,
            color: false,
            notes: Vec::new(),
        }
    }

    /// Where the text came from: a path, or a bracketed name for what has none
    /// (`<argument 1>`, `<stdin>`). The place prints as `origin:line:column`.
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let e = Grammar::Rfc2396.check("URI-reference", "a b").unwrap_err();
    /// assert_eq!(Report::new(&e, "a b").origin("links.txt").place(), "links.txt:1:2");
    /// ```
    pub fn origin(mut self, origin: impl Into<Cow<'a, str>>) -> Report<'a> {
        self.origin = origin.into();
        self
    }

    /// The number that the text's first line has in its source (a line of a file checked on
    /// its own: its line number there). Default 1.
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let e = Grammar::Rfc2396.check("URI-reference", "a b").unwrap_err();
    /// let r = Report::new(&e, "a b").origin("links.txt").first_line(42);
    /// assert_eq!(r.place(), "links.txt:42:2");
    /// assert!(r.to_string().contains("42 | a b\n"));
    /// ```
    pub fn first_line(mut self, n: usize) -> Report<'a> {
        self.first_line = n.max(1);
        self
    }

    /// Whether to colour the report with ANSI escapes (for a terminal).
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let e = Grammar::Rfc2396.check("URI-reference", "a b").unwrap_err();
    /// assert!(Report::new(&e, "a b").color(true).to_string().starts_with("\x1b[1;31merror["));
    /// assert!(!Report::new(&e, "a b").to_string().contains('\x1b'));
    /// ```
    pub fn color(mut self, on: bool) -> Report<'a> {
        self.color = on;
        self
    }

    /// One more `= note:` line, after the production stack and before the citation.
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let e = Grammar::Rfc2396.check("URI-reference", "a b").unwrap_err();
    /// let shown = Report::new(&e, "a b").note("found in the sitemap").to_string();
    /// assert!(shown.contains("  = note: found in the sitemap\n"));
    /// ```
    pub fn note(mut self, note: impl Into<String>) -> Report<'a> {
        self.notes.push(note.into());
        self
    }

    /// The number of the error's line in its source: [`Report::first_line`] counts the
    /// first (saturating at `usize::MAX`, so no number makes it overflow).
    fn line_number(&self) -> usize {
        self.first_line
            .saturating_add(self.error.line().saturating_sub(1))
    }

    /// The place as the report prints it: `origin:line:column`.
    ///
    /// ```
    /// use urigram::{Grammar, render::Report};
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a b").unwrap_err();
    /// assert_eq!(Report::new(&e, "http://a b").place(), "<input>:1:9");
    /// ```
    pub fn place(&self) -> String {
        let e = self.error;
        format!(
            "{}:{}:{}",
            visible(&self.origin),
            self.line_number(),
            e.column()
        )
    }
}

/// The part of the line of `text` that holds byte `offset` that [`shown`] needs: at most
/// `WINDOW + 2` characters before `offset` and `WINDOW + 1` from it, less the line break
/// (lines end at `\n`, `\r\n` or a lone `\r`, as [`Position`](crate::Position) counts them).
/// Its start and text.
///
/// [`shown`] windows it exactly as it would the whole line: the window is at most `WINDOW`
/// characters on either side of `offset`, and one more character on each side tells whether
/// the line goes on past the window (so whether it is cut there, `…`); one more before, since
/// `offset` may stand on the line break, after a `\r` that is not part of the line. Reading no
/// more than that keeps a report's work bounded, whatever the length of the line: a text of
/// one long line with many errors is rendered in time linear in the number of errors.
fn excerpt_at(text: &str, offset: usize) -> (usize, &str) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let bytes = text.as_bytes();
    // A `\n`, or a `\r` that no `\n` follows.
    let ends_line = |k: usize| match bytes[k] {
        b'\n' => true,
        b'\r' => bytes.get(k + 1) != Some(&b'\n'),
        _ => false,
    };
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(k, _)| !ends_line(k))
        .take(WINDOW + 2)
        .last()
        .map_or(offset, |(k, _)| k);
    let (mut end, mut count, mut line_end) = (offset, 0, true);
    for (k, c) in text[offset..].char_indices() {
        if ends_line(offset + k) {
            break;
        }
        if count == WINDOW + 1 {
            line_end = false;
            break;
        }
        count += 1;
        end += c.len_utf8();
    }
    let line = &text[start..end];
    match line.strip_suffix('\r') {
        Some(l) if line_end => (start, l),
        _ => (start, line),
    }
}

/// The shown form of `line` (a window of at most [`WINDOW`] characters around the byte range
/// `span`), and the character columns of `span` in it.
fn shown(line: &str, span: std::ops::Range<usize>) -> (String, usize, usize) {
    let total = line.chars().count();
    let col = line[..span.start.min(line.len())].chars().count();
    let (from, to) = if total <= WINDOW {
        (0, total)
    } else {
        let from = col.saturating_sub(WINDOW / 2).min(total - WINDOW);
        (from, from + WINDOW)
    };
    let mut out = String::new();
    let (mut start, mut end) = (None, None);
    if from > 0 {
        out.push('…');
    }
    let mut width = usize::from(from > 0);
    for (b, c) in line.char_indices().skip(from).take(to - from) {
        if b == span.start {
            start = Some(width);
        }
        if b == span.end {
            end = Some(width);
        }
        let before = out.len();
        push_visible(&mut out, c);
        width += out[before..].chars().count();
    }
    let start = start.unwrap_or(width);
    let end = end.unwrap_or(width).max(start + 1);
    if to < total {
        out.push('…');
    }
    (out, start, end)
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.error;
        let paint = |code: &'static str| if self.color { code } else { "" };
        let (red, blue, bold, cyan, reset) = (
            paint("\x1b[1;31m"),
            paint("\x1b[1;34m"),
            paint("\x1b[1m"),
            paint("\x1b[1;36m"),
            paint("\x1b[0m"),
        );
        // The error may have been found in another text (a token of this one): its offsets
        // are kept inside this text and on character boundaries, so no text makes it panic.
        let floor = |i: usize| {
            let mut i = i.min(self.text.len());
            while !self.text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let offset = floor(e.offset());
        let (line_start, line) = excerpt_at(self.text, offset);
        let span = offset - line_start..floor(e.end()).max(offset) - line_start;
        let (text, start, end) = shown(line, span);
        let number = self.line_number().to_string();
        let pad = " ".repeat(number.len());
        let label = if e.expected().is_empty() {
            "not valid here".to_string()
        } else {
            format!("expected {}", one_of(e.expected()))
        };
        writeln!(
            f,
            "{red}error[{}]{reset}{bold}: {}{reset}",
            e.code(),
            visible(e.headline())
        )?;
        writeln!(f, "{pad}{blue}-->{reset} {}", self.place())?;
        writeln!(f, "{pad} {blue}|{reset}")?;
        writeln!(f, "{blue}{number} |{reset} {text}")?;
        writeln!(
            f,
            "{pad} {blue}|{reset} {}{red}{} {label}{reset}",
            " ".repeat(start),
            "^".repeat(end - start)
        )?;
        // A likely mistake before the error, on its line and in its window: a `-` under it.
        if let Some(k) = e
            .likely()
            .map(floor)
            .filter(|&k| k >= line_start && k < offset)
        {
            let c = self.text[k..].chars().next().map_or(1, char::len_utf8);
            let (_, at, _) = shown(line, k - line_start..k - line_start + c);
            if at < start {
                writeln!(
                    f,
                    "{pad} {blue}|{reset} {}{cyan}- likely mistake{reset}",
                    " ".repeat(at)
                )?;
            }
        }
        writeln!(f, "{pad} {blue}|{reset}")?;
        if let Some(h) = &e.help() {
            writeln!(f, "{pad} {blue}={reset} {cyan}help{reset}: {}", visible(h))?;
        }
        if !e.stack().is_empty() {
            writeln!(
                f,
                "{pad} {blue}={reset} {bold}note{reset}: in {}",
                e.stack().join(" > ")
            )?;
        }
        for n in &self.notes {
            writeln!(f, "{pad} {blue}={reset} {bold}note{reset}: {}", visible(n))?;
        }
        writeln!(
            f,
            "{pad} {blue}={reset} {bold}note{reset}: see {}",
            e.citation()
        )
    }
}

/// Render `e` for `input` (the text that was checked) as a rustc-style diagnostic: the same
/// as `Report::new(e, input).to_string()`.
///
/// ```
/// use urigram::Grammar;
/// let input = "http://a/b%zz";
/// let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
/// let text = urigram::render::render(&e, input);
/// assert!(text.starts_with("error[rfc2396::escaped::letter]: not a valid URI-reference: 'z' at byte 11 in escaped\n"));
/// assert!(text.contains("1 | http://a/b%zz\n  |            ^ expected hex\n"));
/// ```
pub fn render(e: &Error, input: &str) -> String {
    Report::new(e, input).to_string()
}

/// A derivation tree as indented text, one production a line: `rule "text" @start..end`.
///
/// ```
/// use urigram::Grammar;
/// let g = Grammar::Rfc2396;
/// let nodes = g.derive(g.rule("IPv4address").unwrap(), "10.0.0.1").unwrap();
/// assert_eq!(urigram::render::tree("10.0.0.1", &nodes), "IPv4address \"10.0.0.1\" @0..8\n");
/// ```
pub fn tree(input: &str, nodes: &[crate::input::Node]) -> String {
    let mut out = String::new();
    let base = nodes.first().map_or(0, |n| n.depth);
    for n in nodes {
        let text = input.get(n.start..n.end).unwrap_or("");
        let _ = writeln!(
            out,
            "{}{} {:?} @{}..{}",
            "  ".repeat(n.depth.saturating_sub(base)),
            n.rule,
            text,
            n.start,
            n.end
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grammar;

    /// A likely mistake before the error (a letter in a port) is marked under the line.
    #[test]
    fn a_likely_mistake_is_marked() {
        let input = "http://exa_mple.com:8o/";
        let e = Grammar::Rfc3986.check("URI-reference", input).unwrap_err();
        let shown = render(&e, input);
        assert!(
            shown.contains(concat!(
                "1 | http://exa_mple.com:8o/\n",
                "  |                       ^ expected userinfo or \"@\"\n",
                "  |                      - likely mistake\n",
            )),
            "{shown}"
        );
        // Moved into a longer text, the mark moves with the error.
        let line = "see http://exa_mple.com:8o/ here";
        let shown = render(&e.clone().offset_by(4, line), line);
        assert!(
            shown.contains("  |                          - likely mistake\n"),
            "{shown}"
        );
        // No mistake to mark: no such line.
        let e = Grammar::Rfc3986
            .check("URI-reference", "http://a/ b")
            .unwrap_err();
        assert!(!render(&e, "http://a/ b").contains("likely mistake"));
    }

    #[test]
    fn an_error_shown_in_any_text_does_not_panic() {
        // Errors whose offsets fall inside characters, past the end, or across line breaks
        // of the text they are shown in (found in a token, shown in another text).
        let texts = [
            "",
            "é",
            "ééééééé",
            "aé\r\né",
            "日本語日本語日本語日本語",
            "\r\n\r\n",
            "😀a\nb",
        ];
        for input in ["http://a/%zzzzzzz b", "x y:z", "é", "http://[::1]/ x"] {
            let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
            for t in texts {
                let shown = Report::new(&e, t).to_string();
                assert!(shown.contains("-->"), "{t:?}: {shown}");
            }
        }
        let e = Grammar::Rfc2396
            .check("URI-reference", "http://a/%zzzzzzz")
            .unwrap_err();
        assert_eq!(e.offset(), 10);
        // Byte 10 is inside the sixth `é`: the caret goes under the character it is in.
        let shown = Report::new(&e, "ééééééé").to_string();
        assert!(shown.contains("1 | ééééééé\n  |      ^"), "{shown}");
    }

    #[test]
    fn any_first_line_number_renders() {
        let input = "a\nhttp://a b/";
        let e = Grammar::Rfc2396
            .check("URI-reference", "http://a b/")
            .unwrap_err()
            .offset_by(2, input);
        let shown = Report::new(&e, input).first_line(usize::MAX).to_string();
        assert!(shown.contains(&format!(":{}:9\n", usize::MAX)), "{shown}");
    }

    #[test]
    fn long_lines_are_windowed_and_the_caret_follows() {
        let input = format!("http://a/{}%zz{}", "b".repeat(5000), "c".repeat(5000));
        let e = Grammar::Rfc2396.check("URI-reference", &input).unwrap_err();
        let text = render(&e, &input);
        assert!(text.len() < 1200, "{}", text.len());
        let lines: Vec<&str> = text.lines().collect();
        let code_line = lines[3];
        let caret_line = lines[4];
        let caret = caret_line.chars().position(|c| c == '^').unwrap();
        assert_eq!(
            code_line.chars().nth(caret),
            Some('z'),
            "{code_line}\n{caret_line}"
        );
        assert!(code_line.contains('…'));
    }

    /// The line of `text` that holds byte `offset`, without its line break: its start and
    /// text (what a report once read whole).
    fn line_at(text: &str, offset: usize) -> (usize, &str) {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        // Lines end at `\n`, `\r\n` or a lone `\r`.
        let b = text.as_bytes();
        let ends = |k: usize| b[k] == b'\n' || (b[k] == b'\r' && b.get(k + 1) != Some(&b'\n'));
        let start = (0..offset).rev().find(|&k| ends(k)).map_or(0, |k| k + 1);
        let end = (offset..text.len())
            .find(|&k| ends(k))
            .unwrap_or(text.len());
        let line = &text[start..end];
        (start, line.strip_suffix('\r').unwrap_or(line))
    }

    /// The excerpt of a line is shown as the whole line is, for every span in texts whose
    /// lines are around `WINDOW` characters long, with line breaks `\n`, `\r\n` and a lone
    /// `\r`, and characters of one to four bytes; and it is never longer than `2 * WINDOW + 3`
    /// characters.
    #[test]
    fn the_excerpt_shows_what_the_line_shows() {
        let mut texts = Vec::new();
        for n in [0, 1, WINDOW - 1, WINDOW, WINDOW + 1, WINDOW + 2, 3 * WINDOW] {
            for m in [0, WINDOW / 2, WINDOW / 2 + 1, WINDOW + 1] {
                for brk in ["\n", "\r\n", "\r", "\r\r\n"] {
                    texts.push(format!("ab\n{}{brk}{}\r", "x".repeat(n), "é😀".repeat(m)));
                    texts.push(format!("{}\u{0}{}{brk}y", "😀".repeat(m), "a".repeat(n)));
                }
            }
        }
        for text in &texts {
            let bounds: Vec<usize> = (0..=text.len())
                .filter(|&k| text.is_char_boundary(k))
                .collect();
            for &a in &bounds {
                for b in [a, a + 1, a + 200] {
                    let (whole_start, whole) = line_at(text, a);
                    let (part_start, part) = excerpt_at(text, a);
                    assert!(part.chars().count() <= 2 * WINDOW + 3);
                    let want = shown(whole, a - whole_start..b - whole_start);
                    let got = shown(part, a - part_start..b - part_start);
                    assert_eq!(got, want, "{text:?} at {a}..{b}");
                }
            }
        }
    }

    #[test]
    fn invisible_characters_are_shown_and_the_caret_stays_under_its_character() {
        let input = "http://a/\u{202E}b c";
        let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
        let text = render(&e, input);
        assert!(text.contains("1 | http://a/<U+202E>b c\n"), "{text}");
        assert!(!text.contains('\u{202E}'));
    }

    #[test]
    fn lines_of_a_larger_text() {
        let input = "http://ok/\nhttp://a b/\n";
        let e = Grammar::Rfc2396
            .check("URI-reference", "http://a b/")
            .unwrap_err();
        let e = e.shifted(input, 11);
        let text = Report::new(&e, input).origin("f.txt").to_string();
        assert!(text.contains(" --> f.txt:2:9\n"), "{text}");
        assert!(
            text.contains("2 | http://a b/\n  |         ^ expected"),
            "{text}"
        );
    }
}
