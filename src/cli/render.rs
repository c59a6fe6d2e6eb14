//! Diagnostics for people, in the style of rustc (`annotate-snippets`): the message with its
//! code, the source line with the offending character underlined and labelled with what was
//! expected, then help, the production stack and the spec citation. Colour only on a terminal,
//! and never when `NO_COLOR` is set.

use std::io::IsTerminal;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use clap::ValueEnum;
use urigram::Error;

/// When to colour human output.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Color {
    /// On a terminal, unless `NO_COLOR` is set to a non-empty value.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Whether to colour output written to standard output.
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// `line` with control characters shown as their Unicode pictures (U+2400 block), and `span`
/// (bytes of `line`) moved to the same characters in the result.
fn visible(line: &str, span: std::ops::Range<usize>) -> (String, std::ops::Range<usize>) {
    let mut out = String::with_capacity(line.len());
    let (mut start, mut end) = (None, None);
    for (k, c) in line.char_indices() {
        if k == span.start {
            start = Some(out.len());
        }
        if k == span.end {
            end = Some(out.len());
        }
        match c {
            '\u{0}'..='\u{1F}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\u{7F}' => out.push('\u{2421}'),
            c => out.push(c),
        }
    }
    let start = start.unwrap_or(out.len());
    let end = end.unwrap_or(out.len()).max(start);
    (out, start..end)
}

/// Render `e`, an error in `input` (the checked text; `e.line` counts its lines), as a
/// diagnostic. `origin` names where the input came from and `first_line` is the number its
/// first line has there (1 for an argument; the line number for a line of a file).
pub fn diagnostic(e: &Error, input: &str, origin: &str, first_line: usize, color: bool) -> String {
    let line_start = input
        .match_indices('\n')
        .nth(e.line.saturating_sub(2))
        .filter(|_| e.line > 1)
        .map_or(0, |(k, _)| k + 1);
    let line_end = input[line_start..]
        .find('\n')
        .map_or(input.len(), |k| line_start + k);
    let line = input[line_start..line_end].trim_end_matches('\r');
    let span = (e.offset - line_start).min(line.len())..(e.end - line_start).min(line.len());
    let (shown, span) = visible(line, span);
    let label = if e.expected.is_empty() {
        "not valid here".to_string()
    } else {
        format!("expected {}", urigram::render::one_of(&e.expected))
    };
    let code = e.code();
    let stack = format!("in {}", e.stack.join(" > "));
    let see = format!("see {}", e.citation);
    let mut report = Level::ERROR
        .primary_title(e.message.as_str())
        .id(code.as_str())
        .element(
            Snippet::source(shown.as_str())
                .line_start(first_line + e.line - 1)
                .path(origin)
                .annotation(AnnotationKind::Primary.span(span).label(label.as_str())),
        );
    if let Some(h) = &e.help {
        report = report.element(Level::HELP.message(h.as_str()));
    }
    report = report
        .element(Level::NOTE.message(stack.as_str()))
        .element(Level::NOTE.message(see.as_str()));
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(&[report]).to_string()
}
