//! Diagnostics for people: the library's one renderer ([`urigram::render::Report`], rustc's
//! style), the labels of sources that have no path, and when to colour. Colour only on a
//! terminal, and never when `NO_COLOR` is set.

use std::borrow::Cow;
use std::io::IsTerminal;

use clap::ValueEnum;
use urigram::render::Report;
use urigram::{Error, Grammar};

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
    report(
        Report::new(e, text)
            .origin(origin)
            .first_line(first_line)
            .color(color),
    )
}

/// A report as the command line prints it: the library's, with its help line in the command
/// line's terms ([`cli_terms`]; the other lines, which show the input, are left as they are).
pub fn report(r: Report<'_>) -> String {
    let text = r.to_string();
    if !text.contains("`Grammar::") && !text.contains("urigram's ") {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match without_colour(line).trim_start().starts_with("= help: ") {
            true => out.push_str(&cli_terms(line)),
            false => out.push_str(line),
        }
    }
    out
}

/// `line` without its colour sequences (`ESC [ ... m`).
fn without_colour(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(k) = rest.find('\x1b') {
        out.push_str(&rest[..k]);
        rest = &rest[k..];
        rest = rest.find('m').map_or("", |m| &rest[m + 1..]);
    }
    out.push_str(rest);
    out
}

/// The library's help in the command line's terms: a grammar named as the library's value
/// (`` `Grammar::Rfc2732` ``) is named as the option that chooses it (`` `--grammar rfc2732` ``),
/// and the crate's record of deviations by its path in the repository.
pub fn cli_terms(text: &str) -> Cow<'_, str> {
    if !text.contains("`Grammar::") && !text.contains("urigram's ") {
        return Cow::Borrowed(text);
    }
    let mut s = text.replace("urigram's grammar/DEVIATIONS.md", "grammar/DEVIATIONS.md");
    for g in Grammar::ALL {
        s = s.replace(&format!("`Grammar::{g:?}`"), &format!("`--grammar {g}`"));
    }
    Cow::Owned(s)
}

#[cfg(test)]
mod tests {
    use super::cli_terms;
    use urigram::Grammar;

    /// Every grammar's value in a help is named as the option, and the record by its path.
    #[test]
    fn help_in_the_command_lines_terms() {
        let e = Grammar::Rfc1630
            .check("fragmentaddress", "http://a/b")
            .unwrap_err();
        let help = e.help().unwrap();
        assert_eq!(
            cli_terms(help),
            "RFC 1630's generic BNF, as printed, has no path that starts with `/`, so it reads \
             no `scheme://host/...` URI (grammar/DEVIATIONS.md); check such URLs with \
             `--grammar rfc1630-url` (RFC 1630's BNF for specific URL schemes) or \
             `--grammar rfc2396`"
        );
        for &g in Grammar::ALL {
            assert_eq!(
                cli_terms(&format!("see `Grammar::{g:?}`")),
                format!("see `--grammar {}`", g.name())
            );
        }
        assert!(matches!(
            cli_terms("nothing"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    /// Only the help line of a report is rewritten, in colour too; the input is shown as it is.
    #[test]
    fn a_report_rewrites_its_help_alone() {
        let input = "http://[::1]/`Grammar::Rfc2396`";
        let e = Grammar::Rfc2396.check("URI-reference", input).unwrap_err();
        for color in [false, true] {
            let r = super::report(urigram::render::Report::new(&e, input).color(color));
            assert!(r.contains("check with `--grammar rfc2732`"), "{r}");
            assert!(!r.contains("`Grammar::Rfc2732`"), "{r}");
            assert!(r.contains("http://[::1]/`Grammar::Rfc2396`"), "{r}");
        }
    }
}
