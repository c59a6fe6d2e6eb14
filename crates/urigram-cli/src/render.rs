//! Diagnostics for people: the library's one renderer ([`urigram::render::Report`], rustc's
//! style), the labels of sources that have no path, and when to colour. Colour only on a
//! terminal, and never when `NO_COLOR` is set.

use std::io::IsTerminal;

use clap::ValueEnum;
use urigram::Error;
use urigram::render::Report;

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

/// The label of the k-th argument (1-based) in a diagnostic's place, `<argument 1>:1:11`.
pub fn argument(k: u64) -> String {
    format!("<argument {k}>")
}

/// The label of standard input in a diagnostic's place.
pub const STDIN: &str = "<stdin>";

/// `e`, an error in `text` (the checked text; `e.line` counts its lines), as the one
/// human-readable diagnostic of every command ([`urigram::render::Report`]). `origin` names
/// where the text came from and `first_line` is the number its first line has there (1 for an
/// argument; the line number for a line of a file).
pub fn diagnostic(e: &Error, text: &str, origin: &str, first_line: usize, color: bool) -> String {
    Report::new(e, text)
        .origin(origin)
        .first_line(first_line)
        .color(color)
        .to_string()
}
