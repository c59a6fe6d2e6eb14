//! Fixes that make a URI conform without changing what it stands for: the repairs the help
//! lines already name, applied. Each one writes a character the way the spec says it must be
//! written, so that the fixed URI decodes (RFC 2396 section 2.4.1) to the same octets as the
//! text it replaces:
//!
//! - a space, a control character, a character outside US-ASCII or one of the excluded
//!   characters `<>"{}|\^[]` and backquote becomes its escapes, one `%XX` per octet of its
//!   UTF-8 form (`é` -> `%C3%A9`, a space -> `%20`; RFC 2396 sections 2.1 and 2.4.3);
//! - a `%` that begins no escape (no two hex digits after it) stands for itself, so it becomes
//!   `%25` (section 2.4.2);
//! - a second `#` becomes `%23`: only the first starts the fragment (section 4.1);
//! - under RFC 1738, an upper-case scheme becomes lower case (section 2.1: "programs
//!   interpreting URLs should treat upper case letters as equivalent to lower case in scheme
//!   names").
//!
//! Nothing else is touched: a fix that would change the URI's meaning (an IPv6 literal under
//! RFC 2396, a letter in a port, a missing scheme) is never made, and [`fix`] says why.
//!
//! ```
//! use urigram::Grammar;
//! use urigram::fix::{FixResult, fix};
//!
//! let FixResult::Fixed { uri, fixes } = fix("http://a/b c/é%zz", Grammar::Rfc2396) else {
//!     panic!()
//! };
//! assert_eq!(uri, "http://a/b%20c/%C3%A9%25zz");
//! assert_eq!(fixes.len(), 3);
//! assert_eq!((fixes[1].range.clone(), fixes[1].replacement.as_str()), (13..15, "%C3%A9"));
//!
//! assert!(matches!(fix("http://a/", Grammar::Rfc2396), FixResult::Valid));
//! let FixResult::Unfixable { error, reason } = fix("http://[::1]/ x", Grammar::Rfc2396) else {
//!     panic!()
//! };
//! assert_eq!(error.offset, 7);
//! assert!(reason.contains("RFC 2732"), "{reason}");
//! ```

use std::ops::Range;

use crate::error::{Error, Position};
use crate::grammar::Grammar;
use crate::input::Expected;

/// One repair: replace `range` of the URI with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fix {
    /// The bytes of the URI to replace.
    pub range: Range<usize>,
    /// What to write there.
    pub replacement: String,
    /// What it does, for a menu: `escape ' ' as %20`.
    pub title: String,
}

/// The outcome of [`fix`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FixResult {
    /// The URI conforms already.
    Valid,
    /// The fixed URI, which conforms, and the fixes made, in order, each `range` counted in
    /// the input (they do not overlap).
    Fixed {
        /// The URI with every fix made.
        uri: String,
        /// The fixes, left to right, with ranges in the input.
        fixes: Vec<Fix>,
    },
    /// No fix that keeps the meaning makes the URI conform.
    Unfixable {
        /// The first error that no fix removes, placed in the input (its message still names
        /// the byte in the URI as far as it was fixed).
        error: Error,
        /// Why there is no fix.
        reason: String,
    },
}

/// The escapes of `c`: `%XX` for each octet of its UTF-8 form, upper-case hex.
pub fn escape_char(c: char) -> String {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// Whether `%` at byte `p` of `input` begins an escape (two hex digits follow).
fn is_escape(input: &str, p: usize) -> bool {
    let b = input.as_bytes();
    b.get(p + 1).is_some_and(u8::is_ascii_hexdigit)
        && b.get(p + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// The fix for `error`, an error of a check of `input` (its offsets counted in `input`), or why
/// there is none that keeps what the URI stands for.
///
/// ```
/// use urigram::Grammar;
/// use urigram::fix::fix_error;
///
/// let input = "HTTP://a/";
/// let e = Grammar::Rfc1738.check("url", input).unwrap_err();
/// let f = fix_error(&e, input).unwrap();
/// assert_eq!((f.range, f.replacement.as_str()), (0..4, "http"));
///
/// // "1http" is no scheme, and a relative path's first segment holds no ":".
/// let e = Grammar::Rfc2396.check("URI-reference", "1http://a").unwrap_err();
/// assert!(fix_error(&e, "1http://a").is_err());
/// ```
pub fn fix_error(error: &Error, input: &str) -> Result<Fix, String> {
    let no = |why: &str| Err(format!("{why}; no fix keeps what the URI stands for"));
    if error.grammar == "rfc822" {
        return no("a mail address, not a URI");
    }
    let at = error.offset.min(input.len());
    if !input.is_char_boundary(at) {
        return no("the error is inside a character");
    }
    let before = &input[..at];
    // A "%" that begins no escape: the error is at the first byte after it that is no hex
    // digit (or at the end).
    if error.expected.contains(&Expected::Rule("hex")) {
        let p = match before.rfind('%') {
            Some(p) if p + 3 > at => p,
            _ => return no("two hex digits were expected here, but after no `%`"),
        };
        return Ok(Fix {
            range: p..p + 1,
            replacement: "%25".into(),
            title: "escape the `%` that begins no escape as %25".into(),
        });
    }
    let Some(c) = error.found else {
        return no("the URI ends too early");
    };
    if error.grammar == "rfc1738"
        && c.is_ascii_uppercase()
        && before
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b))
    {
        let scheme_end = at
            + input[at..]
                .bytes()
                .take_while(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
                .count();
        if input.as_bytes().get(scheme_end) == Some(&b':') {
            return Ok(Fix {
                range: 0..scheme_end,
                replacement: input[..scheme_end].to_ascii_lowercase(),
                title: "write the scheme in lower case (RFC 1738 section 2.1)".into(),
            });
        }
    }
    if error.grammar == "rfc2396" && c == '[' && (before.ends_with("//") || before.ends_with('@')) {
        return no(
            "an IPv6 literal: RFC 2396 has no way to write one (RFC 2732 adds it); escaping the \
             brackets would make it a registry name",
        );
    }
    let escape = match c {
        '#' if before.contains('#') => true,
        '%' => !is_escape(input, at),
        ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '[' | ']' | '`' => true,
        c => c.is_control() || !c.is_ascii(),
    };
    if !escape {
        return no(&format!("{c:?} is a character URIs may hold, but not here"));
    }
    let replacement = escape_char(c);
    let shown = if c.is_control() || c == ' ' {
        format!("{c:?}")
    } else {
        format!("`{c}`")
    };
    Ok(Fix {
        range: at..at + c.len_utf8(),
        title: format!("escape {shown} as {replacement}"),
        replacement,
    })
}

/// Check `input` against `grammar`'s start rule and fix it: each error in turn gets
/// [`fix_error`]'s fix, until the URI conforms or an error has none (or its fix does not move
/// the check past it: then the URI is left as it was). All or nothing: a URI is either fixed
/// whole or reported.
pub fn fix(input: &str, grammar: Grammar) -> FixResult {
    let rule = grammar.start_rule();
    let mut error = match grammar.check(rule, input) {
        Ok(()) => return FixResult::Valid,
        Err(e) => e,
    };
    let mut uri = input.to_string();
    let mut fixes: Vec<Fix> = Vec::new();
    // How much longer the URI is than the input before each offset that is at or after every
    // fix made: the fixes are made left to right.
    let mut delta: isize = 0;
    loop {
        let unfixable = |reason: String, delta: isize, error: Error| {
            let to_input = |o: usize| (o as isize - delta).clamp(0, input.len() as isize) as usize;
            let (offset, end) = (to_input(error.offset), to_input(error.end));
            let pos = Position::of(input, offset);
            FixResult::Unfixable {
                error: error.relocated(offset, end, pos),
                reason,
            }
        };
        let f = match fix_error(&error, &uri) {
            Ok(f) => f,
            Err(reason) => return unfixable(reason, delta, error),
        };
        let mut next = uri.clone();
        next.replace_range(f.range.clone(), &f.replacement);
        let done = f.range.start + f.replacement.len();
        match grammar.check(rule, &next) {
            Ok(()) => {}
            // The fix must take the check past what it wrote; otherwise it did not help.
            Err(e) if e.offset >= done => error = e,
            Err(_) => {
                let reason = format!(
                    "the fix ({}) does not make it conform here; no fix keeps what the URI \
                     stands for",
                    f.title
                );
                return unfixable(reason, delta, error);
            }
        }
        let shift = f.replacement.len() as isize - f.range.len() as isize;
        let start = (f.range.start as isize - delta) as usize;
        let end = (f.range.end as isize - delta) as usize;
        fixes.push(Fix {
            range: start..end,
            ..f
        });
        delta += shift;
        uri = next;
        if grammar.check(rule, &uri).is_ok() {
            return FixResult::Fixed { uri, fixes };
        }
    }
}

/// Apply `fixes` (ranges in `input`, left to right, not overlapping) to `input`.
///
/// ```
/// use urigram::{Grammar, fix::{FixResult, apply, fix}};
/// let FixResult::Fixed { uri, fixes } = fix("http://a/{x}", Grammar::Rfc2396) else { panic!() };
/// assert_eq!(apply("http://a/{x}", &fixes), uri);
/// ```
pub fn apply(input: &str, fixes: &[Fix]) -> String {
    let mut out = String::with_capacity(input.len() + 8 * fixes.len());
    let mut last = 0;
    for f in fixes {
        out.push_str(&input[last..f.range.start]);
        out.push_str(&f.replacement);
        last = f.range.end;
    }
    out.push_str(&input[last..]);
    out
}

/// A URI of a text that no fix makes conform: its error, placed in the text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unfixed {
    /// The error, its offsets and position counted in the text (its message names the byte
    /// in the URI).
    pub error: Error,
    /// Why there is no fix.
    pub reason: String,
    /// The URI, as [`extract`](crate::extract::extract) read it.
    pub uri: String,
}

/// The outcome of [`fix_text`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TextFix {
    /// The text with every URI that could be fixed fixed; the rest byte for byte.
    pub text: String,
    /// How many URIs were fixed.
    pub fixed: usize,
    /// The URIs that do not conform and were left as they are, in order.
    pub unfixed: Vec<Unfixed>,
}

/// Fix the URIs that [`extract`](crate::extract::extract) finds in `text`, each with [`fix`]
/// (all or nothing), and leave everything else as it is. A URI broken across lines is fixed
/// in its pieces; the line breaks stay. A second run changes nothing.
///
/// ```
/// use urigram::{Grammar, fix::fix_text};
/// let t = fix_text("see http://a/é, <URL:http://b/%\n  zz> and http://[::1]/.", Grammar::Rfc2396);
/// assert_eq!(t.text, "see http://a/%C3%A9, <URL:http://b/%25\n  zz> and http://[::1]/.");
/// assert_eq!(t.fixed, 2);
/// assert_eq!(t.unfixed[0].uri, "http://[::1]/");
/// let e = &t.unfixed[0].error;
/// assert_eq!((e.offset, e.line, e.column), (50, 2, 18)); // the "["
/// assert_eq!(fix_text(&t.text, Grammar::Rfc2396).text, t.text);
/// ```
pub fn fix_text(text: &str, grammar: Grammar) -> TextFix {
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut unfixed = Vec::new();
    let mut fixed = 0;
    let mut cursor = crate::error::Cursor::new(text);
    for f in crate::extract::extract(text, grammar) {
        if f.is_valid() {
            continue;
        }
        let (error, reason) = match fix(&f.text, grammar) {
            FixResult::Fixed { fixes, .. } => {
                let mapped: Option<Vec<(Range<usize>, String)>> = fixes
                    .iter()
                    .map(|x| {
                        let start = f.source_offset(x.range.start);
                        let end = start + x.range.len();
                        (text.get(start..end) == f.text.get(x.range.clone()))
                            .then(|| (start..end, x.replacement.clone()))
                    })
                    .collect();
                match mapped {
                    Some(m) => {
                        edits.extend(m);
                        fixed += 1;
                        continue;
                    }
                    None => match f.result.clone() {
                        Err(e) => (e, "a fix would reach across a line break".to_string()),
                        Ok(()) => continue,
                    },
                }
            }
            FixResult::Valid => continue,
            FixResult::Unfixable { error, reason } => {
                let offset = f.source_offset(error.offset);
                let end = (offset + (error.end - error.offset)).min(text.len());
                let pos = cursor.at(offset);
                (error.relocated(offset, end, pos), reason)
            }
        };
        unfixed.push(Unfixed {
            error,
            reason,
            uri: f.text.into_owned(),
        });
    }
    let mut out = String::with_capacity(text.len() + 8 * edits.len());
    let mut last = 0;
    for (r, s) in &edits {
        out.push_str(&text[last..r.start]);
        out.push_str(s);
        last = r.end;
    }
    out.push_str(&text[last..]);
    TextFix {
        text: out,
        fixed,
        unfixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(s: &str, g: Grammar) -> String {
        match fix(s, g) {
            FixResult::Fixed { uri, fixes } => {
                assert_eq!(apply(s, &fixes), uri);
                uri
            }
            other => panic!("{s:?}: {other:?}"),
        }
    }

    #[test]
    fn the_fixes() {
        let g = Grammar::Rfc2396;
        assert_eq!(fixed("http://a/b c", g), "http://a/b%20c");
        assert_eq!(fixed("http://a/é", g), "http://a/%C3%A9");
        assert_eq!(fixed("http://a/😀", g), "http://a/%F0%9F%98%80");
        assert_eq!(fixed("http://a/%zz", g), "http://a/%25zz");
        assert_eq!(fixed("http://a/%4", g), "http://a/%254");
        assert_eq!(fixed("http://a/%", g), "http://a/%25");
        assert_eq!(fixed("http://a/%%41", g), "http://a/%25%41");
        assert_eq!(fixed("http://a/b#c#d#e", g), "http://a/b#c%23d%23e");
        assert_eq!(fixed("http://a/{x}|\t^", g), "http://a/%7Bx%7D%7C%09%5E");
        assert_eq!(fixed("HTTP://A/", Grammar::Rfc1738), "http://A/");
        assert_eq!(fixed("Ftp://a/é", Grammar::Rfc1738), "ftp://a/%C3%A9");
    }

    #[test]
    fn no_fix_that_changes_the_meaning() {
        let g = Grammar::Rfc2396;
        for s in ["http://[::1]/", "1http://a", "http:", "%zz:a"] {
            match fix(s, g) {
                FixResult::Unfixable { error, reason } => {
                    assert!(reason.contains("no fix keeps") || reason.contains("RFC 2732"));
                    assert!(error.offset <= s.len());
                }
                other => panic!("{s:?}: {other:?}"),
            }
        }
        // The error of an unfixable URI is placed in the input, after fixes before it.
        let FixResult::Unfixable { error, .. } = fix("x y:z", g) else {
            panic!()
        };
        assert_eq!((error.offset, error.column), (3, 4), "{error:?}");
    }

    #[test]
    fn idempotent_and_valid() {
        for &g in Grammar::URI {
            for s in [
                "http://a/b c/é%zz#x#y",
                "ftp://h/{}|",
                "mailto:a b@c",
                "news:x%",
            ] {
                if let FixResult::Fixed { uri, .. } = fix(s, g) {
                    assert!(g.check(g.start_rule(), &uri).is_ok());
                    assert_eq!(fix(&uri, g), FixResult::Valid);
                }
            }
        }
    }
}
