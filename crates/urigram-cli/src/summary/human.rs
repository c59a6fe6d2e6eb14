//! The summary for people: per section, the counts and shares, then the groups of invalid
//! lines by production, by code and by what was found, each with its first examples shown with
//! a caret under the error.

use std::fmt;

use unicode_width::UnicodeWidthStr;

use super::{Example, Groups, Section, Summary};
use crate::numbers::{count_width, percent, thousands};
use urigram::render::visible as printable;

/// The widest key that the notes after the keys line up with, in columns.
const KEY_COLUMN: usize = 64;

impl Summary {
    /// The summary for people.
    pub fn to_human(&self) -> String {
        let mut out = String::new();
        let _ = self.write_human(&mut out);
        out
    }

    /// Write the summary for people to `out`.
    pub fn write_human(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for (k, s) in self.sections.iter().enumerate() {
            if k > 0 {
                out.write_char('\n')?;
            }
            s.write_human(out)?;
        }
        Ok(())
    }
}

impl Section {
    fn write_human(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let share = |n: u64| percent(n, self.lines);
        let w = thousands(self.lines).len();
        writeln!(
            out,
            "Summary: grammar {}, rule {}",
            printable(&self.grammar),
            printable(&self.rule)
        )?;
        writeln!(
            out,
            "  lines    {:>w$}  ({} bytes)",
            thousands(self.lines),
            thousands(self.bytes)
        )?;
        writeln!(
            out,
            "  valid    {:>w$}  {:>6}",
            thousands(self.valid),
            share(self.valid)
        )?;
        writeln!(
            out,
            "  invalid  {:>w$}  {:>6}",
            thousands(self.invalid),
            share(self.invalid)
        )?;
        if self.invalid == 0 {
            return Ok(());
        }
        let total = self.invalid;
        self.by_production.write_human(
            out,
            "Invalid lines by the production that failed",
            "production",
            total,
            true,
        )?;
        self.by_code.write_human(
            out,
            "Invalid lines by diagnostic code (grammar::production::found)",
            "code",
            total,
            true,
        )?;
        self.by_found.write_human(
            out,
            "Invalid lines by what was found where they stop being valid",
            "found",
            total,
            false,
        )
    }
}

impl Groups {
    fn write_human(
        &self,
        out: &mut impl fmt::Write,
        title: &str,
        what: &str,
        total: u64,
        with_examples: bool,
    ) -> fmt::Result {
        let groups = self.sorted();
        let w = count_width(groups.iter().map(|(_, g)| g.count));
        // Notes line up after the keys, unless a key is longer than KEY_COLUMN.
        let kw = groups
            .iter()
            .map(|(k, _)| printable(k).width())
            .max()
            .unwrap_or(0)
            .min(KEY_COLUMN);
        writeln!(out, "\n{title}:")?;
        writeln!(out, "  {:>w$}   share  {what}", "lines")?;
        for (key, g) in groups {
            let key = printable(key);
            write!(
                out,
                "  {:>w$}  {:>6}  {key}",
                thousands(g.count),
                percent(g.count, total)
            )?;
            if let Some(note) = &g.note {
                spaces(out, kw.saturating_sub(key.width()))?;
                write!(out, "  see {}", printable(note))?;
            }
            out.write_char('\n')?;
            if with_examples {
                for e in &g.examples {
                    e.write_human(out, w + 12)?;
                }
            }
        }
        Ok(())
    }
}

impl Example {
    /// `source:line:column  text`, and a caret under the error on the next line; a long line
    /// is shown as a window around the error.
    pub(super) fn write_human(&self, out: &mut impl fmt::Write, indent: usize) -> fmt::Result {
        self.write_marked(out, indent, &[(self.offset, "")])
    }

    /// `source:line:column  text`, then a line per mark, a byte offset in the line and its
    /// label: a caret under that byte, then the label. A long line is shown as a window
    /// around the example's own error, widened to the marks shortly after it; a mark outside
    /// the window is named by its offset.
    pub(crate) fn write_marked(
        &self,
        out: &mut impl fmt::Write,
        indent: usize,
        marks: &[(u64, &str)],
    ) -> fmt::Result {
        const BEFORE: usize = 60;
        const AFTER: usize = 30;
        let char_at = |offset: u64| {
            let at = (offset.saturating_sub(self.window_start) as usize).min(self.input.len());
            let at = (0..=at)
                .rev()
                .find(|&k| self.input.is_char_boundary(k))
                .unwrap_or(0);
            self.input[..at].chars().count()
        };
        /// How far after the error a mark may be and still widen the text shown to it.
        const SPAN: usize = 60;
        let chars: Vec<char> = self.input.chars().collect();
        let at = char_at(self.offset);
        // The characters shown: BEFORE before the error, AFTER from it or from the last mark
        // that is at most SPAN after it.
        let first = at.saturating_sub(BEFORE);
        let far = marks
            .iter()
            .filter(|m| m.0 >= self.window_start)
            .map(|m| char_at(m.0))
            .filter(|&k| k >= at && k - at <= SPAN)
            .max()
            .unwrap_or(at);
        let last = chars.len().min(far + AFTER);
        let mut before = String::new();
        if first > 0 || self.window_start > 0 {
            before.push('…');
        }
        let lead = printable(&before).width();
        before.extend(&chars[first..at]);
        let mut after: String = chars[at..last].iter().collect();
        if last < chars.len() {
            after.push('…');
        }
        let place = format!("{}:{}:{}", printable(&self.source), self.line, self.column);
        spaces(out, indent)?;
        writeln!(out, "{place}  {}{}", printable(&before), printable(&after))?;
        for &(offset, label) in marks {
            let k = char_at(offset);
            let shown = offset >= self.window_start && (first..=last).contains(&k);
            if !shown {
                spaces(out, indent + place.width() + 2)?;
                writeln!(out, "({label} at byte {offset}, outside the text shown)")?;
                continue;
            }
            // Wide characters (CJK, emoji) take two columns on a terminal.
            let s: String = chars[first..k].iter().collect();
            spaces(
                out,
                indent + place.width() + 2 + lead + printable(&s).width(),
            )?;
            match label {
                "" => out.write_str("^\n")?,
                l => writeln!(out, "^ {l}")?,
            }
        }
        Ok(())
    }
}

/// Write `n` spaces. (Not `{:n$}`: a width past `u16::MAX` makes the formatter panic, and
/// a label or a key can be that long.)
fn spaces(out: &mut impl fmt::Write, n: usize) -> fmt::Result {
    const SPACES: &str = "                                                                ";
    let mut left = n;
    while left > 0 {
        let k = left.min(SPACES.len());
        out.write_str(&SPACES[..k])?;
        left -= k;
    }
    Ok(())
}
