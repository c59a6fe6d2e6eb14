//! Plain-text rendering of an [`Error`]: the message, the input line with a caret under the
//! offending character, and the citation, in the style of a compiler diagnostic.
//!
//! ```
//! use urigram::Grammar;
//! let input = "http://exa mple/";
//! let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
//! let text = urigram::render::render(&e, input);
//! assert!(text.contains("1 | http://exa mple/\n  |           ^"));
//! ```

use std::fmt::Write;

use crate::error::Error;
pub use crate::error::one_of;

/// The input as a terminal should show it: control characters become their Unicode "control
/// picture" (U+2400 block), one character each, so columns stay aligned.
pub fn visible(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '\u{0}'..='\u{1F}' => char::from_u32(0x2400 + c as u32).unwrap_or('?'),
            '\u{7F}' => '\u{2421}',
            c => c,
        })
        .collect()
}

/// Render `e` for `input` (the text that was checked) as several lines of plain text.
pub fn render(e: &Error, input: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "error[{}]: {}", e.grammar, e.message);
    let line_text = input.split('\n').nth(e.line - 1).unwrap_or("");
    let line_text = line_text.strip_suffix('\r').unwrap_or(line_text);
    let num = e.line.to_string();
    let pad = " ".repeat(num.len());
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{num} | {}", visible(line_text));
    let _ = writeln!(out, "{pad} | {}^", " ".repeat(e.column - 1));
    let stack = e.stack.join(" > ");
    let _ = writeln!(out, "{pad} = in: {stack}");
    if let Some(h) = &e.help {
        let _ = writeln!(out, "{pad} = help: {h}");
    }
    let _ = write!(out, "{pad} = see: {}", e.citation);
    out
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
