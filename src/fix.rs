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
//! assert_eq!(error.offset(), 7);
//! assert!(reason.contains("RFC 2732"), "{reason}");
//! ```

use std::ops::Range;

use crate::error::{Error, Position};
use crate::extract::{Found, Syntax};
use crate::grammar::Grammar;
use crate::input::Expected;

/// One repair: replace `range` of the URI with `replacement` ([`fix`], [`fix_error`]).
///
/// ```
/// use urigram::{Grammar, fix::{FixResult, fix}};
/// let FixResult::Fixed { fixes, .. } = fix("http://a/b c", Grammar::Rfc2396) else { panic!() };
/// let f = &fixes[0];
/// assert_eq!((f.range.clone(), f.replacement.as_str()), (10..11, "%20"));
/// assert_eq!(f.title, "escape ' ' as %20");
/// ```
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
///
/// ```
/// use urigram::{Grammar, fix::{FixResult, fix}};
/// // Conforms already.
/// assert_eq!(fix("http://a/b", Grammar::Rfc2396), FixResult::Valid);
/// // Escaping makes it conform, and keeps what it stands for.
/// let FixResult::Fixed { uri, fixes } = fix("http://a/100%", Grammar::Rfc2396) else { panic!() };
/// assert_eq!((uri.as_str(), fixes.len()), ("http://a/100%25", 1));
/// // RFC 2396 has no IPv6 literal, and escaping the brackets would change the host.
/// let FixResult::Unfixable { error, .. } = fix("http://[::1]/", Grammar::Rfc2396) else { panic!() };
/// assert_eq!(error.offset(), 7);
/// ```
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
pub(crate) fn escape_char(c: char) -> String {
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
    let uri = error.grammar().noun();
    let no = |why: &str| Err(format!("{why}; no fix keeps what the {uri} stands for"));
    if error.grammar() == Grammar::Rfc822 {
        return no("a mail address, not a URI");
    }
    let at = error.offset().min(input.len());
    if !input.is_char_boundary(at) {
        return no("the error is inside a character");
    }
    let before = &input[..at];
    // A "%" that begins no escape: the error is at the first byte after it that is no hex
    // digit (or at the end).
    if error.expected().contains(&Expected::Rule("hex")) {
        let p = match before.rfind('%') {
            Some(p) if p + 3 > at => p,
            _ => return no("two hex digits were expected here, but after no `%`"),
        };
        return Ok(escape_fix(p, '%'));
    }
    let Some(c) = error.found() else {
        return no(&format!("the {uri} ends too early"));
    };
    if error.grammar() == Grammar::Rfc1738
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
    if error.grammar() == Grammar::Rfc2396
        && c == '['
        && (before.ends_with("//") || before.ends_with('@'))
    {
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
        return no(&format!(
            "{c:?} is a character {uri}s may hold, but not here"
        ));
    }
    Ok(escape_fix(at, c))
}

/// How many fixes of one URI may depend on where their character stands (a bracket that RFC
/// 2732 allows in a host or a query but not in a path, an upper-case scheme under RFC 1738):
/// each costs one more check of the URI, so past this many [`fix`] gives up on the URI and
/// says so, and its time stays linear in the URI's length.
///
/// ```
/// use urigram::{Grammar, fix::{FixResult, MAX_PLACED_FIXES, fix}};
/// // Under RFC 2732 a `[` in a path is escaped, one check each.
/// let few = format!("http://a/{}", "[".repeat(MAX_PLACED_FIXES));
/// assert!(matches!(fix(&few, Grammar::Rfc2732), FixResult::Fixed { .. }));
/// let many = format!("http://a/{}", "[".repeat(MAX_PLACED_FIXES + 1));
/// let FixResult::Unfixable { reason, .. } = fix(&many, Grammar::Rfc2732) else { panic!() };
/// assert!(reason.contains("fix the URI by hand"));
/// ```
pub const MAX_PLACED_FIXES: usize = 64;

/// Check `input` against `grammar`'s start rule and fix it: each error in turn gets
/// [`fix_error`]'s fix, until the URI conforms or an error has none (or its fix does not move
/// the check past it: then the URI is left as it was). All or nothing: a URI is either fixed
/// whole or reported.
///
/// Time is linear in the length of `input`, however many characters need escaping: the
/// characters that no conforming URI of the grammar holds anywhere (a space, a control
/// character, a `%` that begins no escape, a second `#` ...) are escaped in one pass and the
/// result checked once; only a fix that depends on where its character stands costs another
/// check, at most [`MAX_PLACED_FIXES`] of them. The answer is the one the error-by-error repair
/// above gives, fixes, error and reason alike (a test holds the two together).
///
/// ```
/// use urigram::{Grammar, fix::{FixResult, fix}};
/// // RFC 1738 wants the scheme in lower case; `{` is excluded everywhere.
/// let FixResult::Fixed { uri, fixes } = fix("HTTP://a/{x}", Grammar::Rfc1738) else { panic!() };
/// assert_eq!(uri, "http://a/%7Bx%7D");
/// assert_eq!(fixes.len(), 3);
/// ```
pub fn fix(input: &str, grammar: Grammar) -> FixResult {
    match repair(input, grammar) {
        Repair::Valid => FixResult::Valid,
        Repair::Fixed { uri, fixes } => FixResult::Fixed {
            uri,
            fixes: fixes.iter().map(|e| e.to_fix()).collect(),
        },
        Repair::Unfixable { error, reason } => FixResult::Unfixable { error, reason },
    }
}

/// The outcome of [`fix_counted`]: [`FixResult`] with the number of fixes instead of their
/// list.
///
/// ```
/// use urigram::{Grammar, fix::{FixCount, fix_counted}};
/// let uri = format!("http://a/{}", "%".repeat(3));
/// assert_eq!(
///     fix_counted(&uri, Grammar::Rfc2396),
///     FixCount::Fixed { uri: "http://a/%25%25%25".into(), fixes: 3 }
/// );
/// assert_eq!(fix_counted("http://a/", Grammar::Rfc2396), FixCount::Valid);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FixCount {
    /// The URI conforms already.
    Valid,
    /// The fixed URI, which conforms, and how many fixes [`fix`] lists for it.
    Fixed {
        /// The URI with every fix made: [`FixResult::Fixed`]'s `uri`.
        uri: String,
        /// How many fixes made it: the length of [`FixResult::Fixed`]'s `fixes`.
        fixes: usize,
    },
    /// No fix that keeps the meaning makes the URI conform: [`FixResult::Unfixable`].
    Unfixable {
        /// The first error that no fix removes, placed in the input.
        error: Error,
        /// Why there is no fix.
        reason: String,
    },
}

/// [`fix`], counting the fixes instead of listing them: the same URI, error and reason, in
/// memory of a few copies of the URI however many characters it escapes (a list holds a
/// [`Fix`] of some 150 bytes for each). For a caller that writes the fixed URI, or says how
/// many fixes it takes before it asks for them.
///
/// ```
/// use urigram::{Grammar, fix::{FixCount, fix_counted}};
/// let FixCount::Fixed { uri, fixes } = fix_counted("HTTP://a/{x}", Grammar::Rfc1738) else {
///     panic!()
/// };
/// assert_eq!((uri.as_str(), fixes), ("http://a/%7Bx%7D", 3));
/// ```
pub fn fix_counted(input: &str, grammar: Grammar) -> FixCount {
    match repair(input, grammar) {
        Repair::Valid => FixCount::Valid,
        Repair::Fixed { uri, fixes } => FixCount::Fixed {
            uri,
            fixes: fixes.iter().count(),
        },
        Repair::Unfixable { error, reason } => FixCount::Unfixable { error, reason },
    }
}

/// What [`fix`] makes of a URI, its fixes held as [`Fixes`].
enum Repair<'a> {
    Valid,
    Fixed { uri: String, fixes: Fixes<'a> },
    Unfixable { error: Error, reason: String },
}

/// The fixes of a URI, held compactly: the escapes of the characters of [`anywhere`] are read
/// again from the input when they are needed, and only the fixes by place (at most
/// [`MAX_PLACED_FIXES`]) are kept, so that a URI of a million characters to escape holds no
/// million records.
struct Fixes<'a> {
    input: &'a str,
    grammar: Grammar,
    /// The fixes by place, in order, each with the number of escapes of [`anywhere`] before it
    /// in the list of all the fixes.
    placed: Vec<(usize, Fix)>,
    /// How many of the fixes are made (all of them, but where the check went past a part).
    len: usize,
}

/// One fix of [`Fixes`]: the escape of a character of [`anywhere`] at its offset, or a fix by
/// place.
enum Edit<'f> {
    Escape(usize, char),
    Placed(&'f Fix),
}

impl Edit<'_> {
    /// The bytes of the URI it replaces.
    fn range(&self) -> Range<usize> {
        match self {
            Edit::Escape(p, c) => *p..p + c.len_utf8(),
            Edit::Placed(f) => f.range.clone(),
        }
    }

    /// The length of what it writes.
    fn written_len(&self) -> usize {
        match self {
            Edit::Escape(_, c) => 3 * c.len_utf8(),
            Edit::Placed(f) => f.replacement.len(),
        }
    }

    /// Write what it writes to `out`.
    fn write(&self, out: &mut String) {
        match self {
            Edit::Escape(_, c) => push_escaped(out, *c),
            Edit::Placed(f) => out.push_str(&f.replacement),
        }
    }

    /// The fix as a [`Fix`].
    fn to_fix(&self) -> Fix {
        match self {
            Edit::Escape(p, c) => escape_fix(*p, *c),
            Edit::Placed(f) => (*f).clone(),
        }
    }
}

impl Fixes<'_> {
    /// The fixes, left to right.
    fn iter(&self) -> impl Iterator<Item = Edit<'_>> + '_ {
        let mut escapes = anywhere(self.input, self.grammar);
        let mut escaped = 0;
        let mut placed = self.placed.iter().peekable();
        std::iter::from_fn(move || {
            if let Some((_, f)) = placed.next_if(|(before, _)| *before == escaped) {
                return Some(Edit::Placed(f));
            }
            let (p, c) = escapes.next()?;
            escaped += 1;
            Some(Edit::Escape(p, c))
        })
        .take(self.len)
    }

    /// The input with its first `n` fixes made.
    fn apply(&self, n: usize) -> String {
        let mut out = String::with_capacity(self.input.len());
        let mut last = 0;
        for e in self.iter().take(n) {
            let r = e.range();
            out.push_str(&self.input[last..r.start]);
            e.write(&mut out);
            last = r.end;
        }
        out.push_str(&self.input[last..]);
        out
    }
}

/// [`fix`], with the fixes as [`Fixes`].
fn repair(input: &str, grammar: Grammar) -> Repair<'_> {
    let rule = grammar.start_rule();
    if grammar.check(rule, input).is_ok() {
        return Repair::Valid;
    }
    let mut fixes = Fixes {
        input,
        grammar,
        placed: Vec::new(),
        len: usize::MAX,
    };
    loop {
        let uri = fixes.apply(usize::MAX);
        let error = match grammar.check(rule, &uri) {
            Ok(()) => return Repair::Fixed { uri, fixes },
            Err(e) => e,
        };
        drop(uri);
        // The fixes the check went past (their replacement ends at or before the error), and
        // how much longer they made the URI; the fix after them, the end of the last of them,
        // and how many of them are escapes of `anywhere`.
        let mut passed = 0;
        let mut shift: isize = 0;
        let mut next = None;
        let mut last_end = None;
        let mut escapes = 0;
        for e in fixes.iter() {
            let r = e.range();
            let end = r.start as isize + shift + e.written_len() as isize;
            if end > error.offset() as isize {
                next = Some(e.to_fix());
                break;
            }
            shift += e.written_len() as isize - r.len() as isize;
            passed += 1;
            last_end = Some(r.end);
            escapes += usize::from(matches!(e, Edit::Escape(..)));
        }
        // The URI as the fixes before the error leave it, the rest as written: what the check
        // saw when it reached this error, fixing one error at a time.
        let seen_uri = fixes.apply(passed);
        let seen = match grammar.check(rule, &seen_uri) {
            Err(e) => e,
            // (No valid URI holds a character escaped anywhere, so not reached.)
            Ok(()) => {
                fixes.len = passed;
                return Repair::Fixed {
                    uri: seen_uri,
                    fixes,
                };
            }
        };
        let unfixable = |reason: String| {
            let to_input = |o: usize| (o as isize - shift).clamp(0, input.len() as isize) as usize;
            let (offset, end) = (to_input(seen.offset()), to_input(seen.end()));
            let pos = Position::of(input, offset);
            Repair::Unfixable {
                error: seen.clone().relocated(offset, end, pos),
                reason,
            }
        };
        if let Some(f) = &next
            && f.range.start as isize + shift <= error.offset() as isize
        {
            // The error is inside what this fix wrote: it did not take the check past it.
            return unfixable(format!(
                "the fix ({}) does not make it conform here; no fix keeps what the {} stands \
                 for",
                f.title,
                grammar.noun()
            ));
        }
        let f = match fix_error(&seen, &seen_uri) {
            Ok(f) => f,
            Err(reason) => return unfixable(reason),
        };
        if fixes.placed.len() == MAX_PLACED_FIXES {
            return unfixable(format!(
                "more than {MAX_PLACED_FIXES} fixes that depend on where their character \
                 stands; fix the {} by hand",
                grammar.noun()
            ));
        }
        // A fix starts at the error or, for a `%` that begins no escape, at most two bytes
        // before it; such a `%` is escaped everywhere already, so a fix by place never
        // reaches back into what an earlier fix wrote. (Not reached; the fixes stay ordered.)
        let written = last_end.map_or(0, |e| e as isize + shift);
        if (f.range.start as isize) < written {
            return unfixable(format!(
                "the fix ({}) overlaps an earlier one; no fix keeps what the {} stands for",
                f.title,
                grammar.noun()
            ));
        }
        let range =
            (f.range.start as isize - shift) as usize..(f.range.end as isize - shift) as usize;
        // After the `passed` fixes: after the fixes by place among them.
        fixes
            .placed
            .insert(passed - escapes, (escapes, Fix { range, ..f }));
    }
}

/// The characters that no URI of `grammar` holds as they are written, wherever they stand
/// (each escaped with the fix [`fix_error`] makes of an error there), as they come: their
/// offsets in `input` and the characters. What [`fix_error`] does not escape everywhere is
/// left to it: a `[` after `//` or `@` under RFC 2396 (an IPv6 literal, never fixed), and
/// brackets under RFC 2732, which it allows in a host, a query and a fragment, and under RFC
/// 3986, which allows them in a host. Nothing is kept, so a URI with millions of them costs no
/// memory for them.
fn anywhere(input: &str, grammar: Grammar) -> impl Iterator<Item = (usize, char)> + '_ {
    // RFC 822's addr-spec, which RFC 1630's `mid:` and `cid:` addresses are, holds every
    // ASCII character somewhere: controls and spaces in quoted strings, `%`, `#`, `{` and the
    // like in atoms. Only what is not ASCII is never in it.
    let mail =
        grammar == Grammar::Rfc1630Url && (input.starts_with("mid:") || input.starts_with("cid:"));
    let rfc1630 = matches!(grammar, Grammar::Rfc1630 | Grammar::Rfc1630Url);
    // (RFC 822's addr-spec is no URI: `fix_error` fixes none of its errors.)
    let none = grammar == Grammar::Rfc822;
    let mut fragment = false;
    input.char_indices().filter(move |&(p, c)| {
        !none
            && match c {
                c if mail => !c.is_ascii(),
                '%' => !is_escape(input, p),
                // Only the first `#` starts the fragment.
                '#' => std::mem::replace(&mut fragment, true),
                '[' if grammar == Grammar::Rfc2396 && {
                    let before = &input[..p];
                    before.ends_with("//") || before.ends_with('@')
                } =>
                {
                    false
                }
                // RFC 2732, RFC 3986 and RFC 3987 allow them in a host (and RFC 2732 in a
                // query).
                '[' | ']' => !matches!(
                    grammar,
                    Grammar::Rfc2732 | Grammar::Rfc3986 | Grammar::Rfc3987
                ),
                // RFC 1630's `extra` holds `"`.
                '"' => !rfc1630,
                ' ' | '<' | '>' | '{' | '}' | '|' | '\\' | '^' | '`' => true,
                // RFC 3987 holds a `ucschar` or an `iprivate` somewhere: left to the check's
                // errors.
                c if grammar == Grammar::Rfc3987 && !c.is_ascii() => {
                    use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
                    !is_ucschar(c) && !is_iprivate(c)
                }
                c => c.is_control() || !c.is_ascii(),
            }
    })
}

/// Write the escapes of `c` ([`escape_char`]) to `out`.
fn push_escaped(out: &mut String, c: char) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        out.push('%');
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 15)]));
    }
}

/// The fix that writes `c`, at byte `at`, as its escapes.
fn escape_fix(at: usize, c: char) -> Fix {
    let replacement = escape_char(c);
    let title = match c {
        '%' => "escape the `%` that begins no escape as %25".to_string(),
        c if c.is_control() || c == ' ' => format!("escape {c:?} as {replacement}"),
        c => format!("escape `{c}` as {replacement}"),
    };
    Fix {
        range: at..at + c.len_utf8(),
        title,
        replacement,
    }
}

/// Apply `fixes` (ranges in `input`, left to right, not overlapping) to `input`.
#[cfg(test)]
fn apply(input: &str, fixes: &[Fix]) -> String {
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

/// A URI of a text that no fix makes conform: its error, placed in the text, and why
/// ([`fix_text`]).
///
/// ```
/// use urigram::{Grammar, fix::fix_text};
/// let t = fix_text("a\nsee http://[::1]/ now", Grammar::Rfc2396);
/// let u = &t.unfixed[0];
/// assert_eq!(u.uri, "http://[::1]/");
/// assert_eq!((u.error.offset(), u.error.line(), u.error.column()), (13, 2, 12)); // the '['
/// assert!(u.reason.contains("RFC 2732"));
/// assert!(!u.reason.is_empty());
/// ```
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
///
/// ```
/// use urigram::{Grammar, fix::fix_text};
/// let t = fix_text("http://a/\u{e9} and http://d/100% and http://[::1]/", Grammar::Rfc2396);
/// assert_eq!(t.text, "http://a/%C3%A9 and http://d/100%25 and http://[::1]/");
/// assert_eq!((t.fixed, t.unfixed.len()), (2, 1));
/// ```
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
/// assert_eq!((e.offset(), e.line(), e.column()), (50, 2, 18)); // the "["
/// assert_eq!(fix_text(&t.text, Grammar::Rfc2396).text, t.text);
/// ```
pub fn fix_text(text: &str, grammar: Grammar) -> TextFix {
    fix_text_with(text, grammar, Syntax::Plain)
}

/// [`fix_text`] for text written in `syntax`: the URIs that
/// [`extract_with`](crate::extract::extract_with) finds are fixed, and nothing else. Code is
/// never rewritten: a Markdown code span or code block, an HTML comment, script or style keeps
/// every byte, as does anything else `extract_with` does not read as a URI.
///
/// In plain text and HTML a second run changes nothing. In Markdown it can: an escape changes
/// how the characters beside an inline delimiter (`~`, `*`, `_`) flank it, so the fixed text
/// may be read with a URI ending elsewhere, and a second run fixes what the first did not read
/// (the `fix` fuzz target found a URI with control characters between two `~`).
///
/// ```
/// # #[cfg(feature = "markup")] {
/// use urigram::{Grammar, extract::Syntax, fix::fix_text_with};
/// let md = "Use `curl http://code/%zz` or [this](http://a/%zz).\n";
/// let t = fix_text_with(md, Grammar::Rfc2396, Syntax::Markdown);
/// assert_eq!(t.text, "Use `curl http://code/%zz` or [this](http://a/%25zz).\n");
/// assert_eq!((t.fixed, t.unfixed.len()), (1, 0));
/// # }
/// ```
pub fn fix_text_with(text: &str, grammar: Grammar, syntax: Syntax) -> TextFix {
    let mut unfixed = Vec::new();
    let mut t = fix_text_each(text, grammar, syntax, |u| unfixed.push(u));
    t.unfixed = unfixed;
    t
}

/// [`fix_text_with`], handing each URI left unfixed to `unfixed` as it comes instead of
/// keeping it ([`TextFix::unfixed`] is empty): what is held is the text, its fixed copy and
/// one block of URIs, however many of them there are. For a command that reports as it goes.
///
/// ```
/// use urigram::{Grammar, extract::Syntax, fix::fix_text_each};
/// let mut left = Vec::new();
/// let t = fix_text_each("http://a/\u{e9} http://[::1]/", Grammar::Rfc2396, Syntax::Plain, |u| {
///     left.push(u.error.offset())
/// });
/// assert_eq!((t.text.as_str(), t.fixed), ("http://a/%C3%A9 http://[::1]/", 1));
/// assert_eq!(left, [19]); // the "[", in the text as given
/// assert!(t.unfixed.is_empty());
/// ```
pub fn fix_text_each(
    text: &str,
    grammar: Grammar,
    syntax: Syntax,
    mut unfixed: impl FnMut(Unfixed),
) -> TextFix {
    // The fixed text, written up to `last` of the text as the fixes come, in text order.
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut last = 0;
    let mut fixed = 0;
    let mut cursor = crate::error::Cursor::new(text);
    let options = crate::extract::Options::default();
    for f in crate::extract::extract_iter(text, grammar, syntax, options) {
        if f.is_valid() {
            continue;
        }
        // Under RFC 1738 the fragment is no part of the URL: only the URL is fixed.
        let checked = crate::extract::checked_part(grammar, &f.text);
        let (error, reason) = match repair(checked, grammar) {
            Repair::Fixed { fixes, .. } => {
                // The edits, placed in the text: all of them checked before any is written.
                match fixes
                    .iter()
                    .try_for_each(|e| edit_place(text, &f, e.range()).map(drop))
                {
                    Ok(()) => {
                        for e in fixes.iter() {
                            let Ok(r) = edit_place(text, &f, e.range()) else {
                                continue;
                            };
                            out.push_str(&text[last..r.start]);
                            e.write(&mut out);
                            last = r.end;
                        }
                        fixed += 1;
                        continue;
                    }
                    Err(reason) => match f.error(text) {
                        Some(e) => (e, reason.to_string()),
                        None => continue,
                    },
                }
            }
            Repair::Valid => continue,
            Repair::Unfixable { error, reason } => {
                let offset = f.source_offset(error.offset());
                let end = (offset + (error.end() - error.offset())).min(text.len());
                let pos = cursor.at(offset);
                (error.relocated(offset, end, pos), reason)
            }
        };
        unfixed(Unfixed {
            error,
            reason,
            uri: f.text.into_owned(),
        });
    }
    out.push_str(&text[last..]);
    TextFix {
        text: out,
        fixed,
        unfixed: Vec::new(),
    }
}

/// The edits of `text` that make the fixes of a URI found in it, each the text range to
/// replace and what to write there, in text order; or, when one of them cannot be made in
/// place, why. Each fix must replace the very characters it escapes, in the text: not a
/// character reference that stands for them, nor a line break (in an HTML attribute a line
/// break is dropped from the URL, so `%0A` would change it), nor the space that a line break
/// inside delimiters is read as. The reason names an IRI when `found` was checked against RFC
/// 3987 (`Grammar::Rfc3987`). [`fix_text_with`] and the language server's quick fixes make
/// their edits with it.
///
/// ```
/// use urigram::{Grammar, extract::extract, fix::{FixResult, fix, text_edits}};
/// let text = "see <URL:http://a/b c> and <URL:x:a b\n  c>";
/// let found = extract(text, Grammar::Rfc2396);
/// let FixResult::Fixed { fixes, .. } = fix(&found[0].text, Grammar::Rfc2396) else { panic!() };
/// assert_eq!(text_edits(text, &found[0], &fixes), Ok(vec![(19..20, "%20".to_string())]));
/// let FixResult::Fixed { fixes, .. } = fix(&found[1].text, Grammar::Rfc2396) else { panic!() };
/// assert!(text_edits(text, &found[1], &fixes).unwrap_err().contains("wrapped"));
/// ```
pub fn text_edits(
    text: &str,
    found: &Found<'_>,
    fixes: &[Fix],
) -> Result<Vec<(Range<usize>, String)>, &'static str> {
    let mut mapped = Vec::with_capacity(fixes.len());
    for x in fixes {
        let r = edit_place(text, found, x.range.clone())?;
        mapped.push((r, x.replacement.clone()));
    }
    Ok(mapped)
}

/// The text range of the bytes `range` of the URI `found`, for an edit that replaces them
/// ([`text_edits`]), or why it cannot be made there.
fn edit_place(
    text: &str,
    found: &Found<'_>,
    range: Range<usize>,
) -> Result<Range<usize>, &'static str> {
    // The reasons name an IRI when the URI was checked against RFC 3987.
    let iri = usize::from(matches!(&found.result, Err(b) if b.grammar() == Grammar::Rfc3987));
    let start = found.source_offset(range.start);
    let end = start + range.len();
    let there = text.get(start..end).ok_or(NOT_AS_WRITTEN)?;
    if there.contains(['\n', '\r']) {
        return Err(LINE_BREAK[iri]);
    }
    if there.chars().all(char::is_whitespace) && in_line_break(text, start..end) {
        return Err(WRAPPED_AT_SPACE[iri]);
    }
    if Some(there) != found.text.get(range) {
        return Err(NOT_AS_WRITTEN);
    }
    Ok(start..end)
}

/// Why a URI of a text with fixes is left as it is, when a fix would replace a line break:
/// naming a URI, and an IRI (RFC 3987).
macro_rules! line_break {
    ($uri:literal) => {
        concat!(
            "the ",
            $uri,
            " holds a line break, and escaping it (%0A, %0D) would change the URL: HTML drops \
             line breaks from a URL in an attribute, and a line break in text ends the ",
            $uri,
            "; join the lines by hand"
        )
    };
}
const LINE_BREAK: [&str; 2] = [line_break!("URI"), line_break!("IRI")];

/// Why a URI of a text with fixes is left as it is, when a fix would escape the space that a
/// line break inside delimiters is read as (once the URI holds a space within a line, the
/// text is taken to be wrapped at one): naming a URI, and an IRI (RFC 3987).
macro_rules! wrapped_at_space {
    ($uri:literal) => {
        concat!(
            "the ",
            $uri,
            " holds spaces and is wrapped across lines, where a line break is read as a space; \
             escaping it would write %20 into the indentation; join the lines and escape the \
             spaces by hand"
        )
    };
}
const WRAPPED_AT_SPACE: [&str; 2] = [wrapped_at_space!("URI"), wrapped_at_space!("IRI")];

/// Whether the whitespace around `r` in `text` holds a line break.
fn in_line_break(text: &str, r: Range<usize>) -> bool {
    let before = text[..r.start]
        .chars()
        .rev()
        .take_while(|c| c.is_whitespace());
    let after = text[r.end..].chars().take_while(|c| c.is_whitespace());
    before.chain(after).any(|c| matches!(c, '\n' | '\r'))
}

/// Why a URI of a text with fixes is left as it is, when the text writes a character to fix
/// other than as itself (an HTML character reference, `&#32;`).
const NOT_AS_WRITTEN: &str = "the text writes a character to escape as a character reference \
     (or otherwise than as the character itself), so the fix cannot be made in place; \
     write it escaped by hand";

/// The repair as [`fix`] defines it, one error at a time: check, fix the error, check the
/// whole URI again. Quadratic in the number of errors; the oracle for [`fix`].
#[cfg(any(test, fuzzing))]
pub(crate) fn fix_by_steps(input: &str, grammar: Grammar) -> FixResult {
    let rule = grammar.start_rule();
    let mut error = match grammar.check(rule, input) {
        Ok(()) => return FixResult::Valid,
        Err(e) => e,
    };
    let mut uri = input.to_string();
    let mut fixes: Vec<Fix> = Vec::new();
    let mut delta: isize = 0;
    loop {
        let unfixable = |reason: String, delta: isize, error: Error| {
            let to_input = |o: usize| (o as isize - delta).clamp(0, input.len() as isize) as usize;
            let (offset, end) = (to_input(error.offset()), to_input(error.end()));
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
            Err(e) if e.offset() >= done => error = e,
            Err(_) => {
                let reason = format!(
                    "the fix ({}) does not make it conform here; no fix keeps what the {} \
                     stands for",
                    f.title,
                    grammar.noun()
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

    /// [`fix`] gives the answer of the repair one error at a time, on every grammar, for
    /// strings built from the pieces that matter: characters fixed anywhere, characters fixed
    /// by where they stand, the delimiters that decide where that is, and scheme prefixes.
    #[test]
    fn one_pass_agrees_with_one_error_at_a_time() {
        const PIECES: &[&str] = &[
            "http://", "HTTP://", "Ftp://", "mailto:", "news:", "cid:", "mid:", "a", "B", "1", "/",
            "//", "?", "#", "@", ":", ";", "=", "&", "+", ".", "-", "~", "'", "\"", "%", "%4",
            "%41", "%zz", " ", "\t", "\r", "\u{7f}", "é", "😀", "[", "]", "[::1]", "{", "}", "|",
            "\\", "^", "`", "<", ">", "x", "80", "$", ",", "*",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut compared = 0;
        for _ in 0..4000 {
            let len = 1 + (next() % 16) as usize;
            let s: String = (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            // A URI Template is no URI: its `{` and `}` are syntax that no escape fixes.
            for &g in Grammar::ALL.iter().filter(|&&g| g != Grammar::Rfc6570) {
                assert_eq!(fix(&s, g), fix_by_steps(&s, g), "{g:?} {s:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 4000 * (Grammar::ALL.len() - 1));
        // Many errors, and a fix by place among them.
        for s in [
            "http://a/[x] [y]?[z] #a#b",
            "HTTP://A/ b c d",
            "http://[::1]/ a",
            "http://a/%%%% ####",
        ] {
            for &g in Grammar::ALL.iter().filter(|&&g| g != Grammar::Rfc6570) {
                assert_eq!(fix(s, g), fix_by_steps(s, g), "{g:?} {s:?}");
            }
        }
    }

    #[test]
    fn many_errors_on_one_line() {
        let s = format!("http://a/{}", "a ".repeat(20_000));
        let FixResult::Fixed { uri, fixes } = fix(&s, Grammar::Rfc2396) else {
            panic!()
        };
        assert_eq!(fixes.len(), 20_000);
        assert_eq!(uri, format!("http://a/{}", "a%20".repeat(20_000)));
        // An error no fix removes, after them all: placed in the input.
        let s = format!("{}:", "a ".repeat(20_000));
        let FixResult::Unfixable { error, .. } = fix(&s, Grammar::Rfc2396) else {
            panic!()
        };
        assert_eq!(error.offset(), 40_000);
    }

    #[test]
    fn fixes_by_place_are_bounded() {
        // RFC 2732 allows brackets in a query, not in a path: each costs a check.
        let s = format!("http://a/{}", "[".repeat(MAX_PLACED_FIXES));
        assert!(matches!(fix(&s, Grammar::Rfc2732), FixResult::Fixed { .. }));
        let s = format!("http://a/{}", "[".repeat(MAX_PLACED_FIXES + 1));
        let FixResult::Unfixable { error, reason } = fix(&s, Grammar::Rfc2732) else {
            panic!()
        };
        assert!(reason.contains("more than 64"), "{reason}");
        assert_eq!(error.offset(), 9 + MAX_PLACED_FIXES);
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
                    assert!(error.offset() <= s.len());
                }
                other => panic!("{s:?}: {other:?}"),
            }
        }
        // The error of an unfixable URI is placed in the input, after fixes before it.
        let FixResult::Unfixable { error, .. } = fix("x y:z", g) else {
            panic!()
        };
        assert_eq!((error.offset(), error.column()), (3, 4), "{error:?}");
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

    /// A fix never escapes a line break of the text (`%0A` in an HTML attribute changes the
    /// URL: HTML drops line breaks there), nor rewrites a character the text writes as a
    /// character reference; such a URI is left as it is, with the reason, and the others of
    /// the text are fixed.
    /// Under RFC 1738 the fragment of a URL in text is no part of it: the URL is fixed and
    /// the fragment, whose `#` the URL's grammar has no place for, is left as written.
    #[test]
    fn rfc1738_fixes_the_url_before_its_fragment() {
        let t = fix_text("see http://a/b c#top and http://d/e#f g.", Grammar::Rfc1738);
        assert_eq!(t.text, "see http://a/b c#top and http://d/e#f g.");
        let t = fix_text("see <URL:http://a/b c#t p>.", Grammar::Rfc1738);
        assert_eq!(t.text, "see <URL:http://a/b%20c#t p>.");
        assert_eq!((t.fixed, t.unfixed.len()), (1, 0));
    }

    /// A delimited URI with spaces, wrapped across lines: the line break reads as a space,
    /// which no fix writes into the indentation; the URI is left, with the reason, and a URI
    /// whose spaces are all within a line is fixed.
    #[test]
    fn a_wrapped_uri_with_spaces_is_left_as_it_is() {
        let text = "<info:(gcc)G++ and\n   GCC> and <URL:http://a/b c>";
        let t = fix_text(text, Grammar::Rfc2396);
        assert_eq!(
            t.text,
            "<info:(gcc)G++ and\n   GCC> and <URL:http://a/b%20c>"
        );
        assert_eq!((t.fixed, t.unfixed.len()), (1, 1));
        assert_eq!(t.unfixed[0].reason, WRAPPED_AT_SPACE[0]);
        assert_eq!(t.unfixed[0].uri, "info:(gcc)G++ and GCC");
        // Without a space within its line, the break is left out and the URI is fixed.
        let t = fix_text("<URL:http://a/b\u{e9}\n   c>", Grammar::Rfc2396);
        assert_eq!(t.text, "<URL:http://a/b%C3%A9\n   c>");
    }

    /// Under RFC 3987 the reasons name an IRI, what is checked there; under RFC 3986 (and
    /// every other grammar) a URI, as before.
    #[test]
    fn under_rfc3987_the_reasons_name_an_iri() {
        let reason = |s: &str, g: Grammar| match fix(s, g) {
            FixResult::Unfixable { reason, .. } => reason,
            other => panic!("{g:?} {s:?}: {other:?}"),
        };
        for (g, uri) in [(Grammar::Rfc3987, "IRI"), (Grammar::Rfc3986, "URI")] {
            let no = format!("no fix keeps what the {uri} stands for");
            assert_eq!(
                reason("http://[::1", g),
                format!("the {uri} ends too early; {no}")
            );
            assert_eq!(
                reason("1http://a", g),
                format!("':' is a character {uri}s may hold, but not here; {no}")
            );
            // Brackets are fixed by where they stand: one check each.
            let s = format!("http://a/{}", "[".repeat(MAX_PLACED_FIXES + 1));
            assert_eq!(
                reason(&s, g),
                format!(
                    "more than {MAX_PLACED_FIXES} fixes that depend on where their character \
                     stands; fix the {uri} by hand"
                )
            );
            // In a text, a URI wrapped across lines at a space.
            let t = fix_text("<info:(gcc)G++ and\n   GCC>", g);
            assert_eq!(t.unfixed.len(), 1, "{g:?}");
            assert_eq!(
                t.unfixed[0].reason,
                format!(
                    "the {uri} holds spaces and is wrapped across lines, where a line break is \
                     read as a space; escaping it would write %20 into the indentation; join \
                     the lines and escape the spaces by hand"
                )
            );
        }
    }

    /// The reasons [`text_edits`] gives name an IRI when the URI was checked against RFC 3987.
    #[test]
    fn under_rfc3987_the_reasons_of_text_edits_name_an_iri() {
        let text = "see <URL:http://a/b\n   c d>";
        for (g, uri) in [(Grammar::Rfc3987, "IRI"), (Grammar::Rfc3986, "URI")] {
            let found = &crate::extract::extract(text, g)[0];
            assert_eq!(found.text, "http://a/bc d");
            // A fix of "bc", which the text writes across its line break.
            let across = Fix {
                range: 9..11,
                replacement: "x".into(),
                title: "x".into(),
            };
            assert_eq!(
                text_edits(text, found, &[across]),
                Err(format!(
                    "the {uri} holds a line break, and escaping it (%0A, %0D) would change the \
                     URL: HTML drops line breaks from a URL in an attribute, and a line break in \
                     text ends the {uri}; join the lines by hand"
                )
                .as_str())
            );
        }
    }

    #[cfg(feature = "markup")]
    #[test]
    fn fixes_in_text_keep_line_breaks_and_character_references() {
        let html = "<a href=\"http://a/b\nc d\">x</a>\n<a href=\"http://r/&#32;s\">y</a>\n\
                    <a href=\"http://c/\u{e9}\">z</a>\n";
        let t = fix_text_with(html, Grammar::Rfc2396, Syntax::Html);
        assert!(!t.text.contains("%0A") && !t.text.contains("%0D"), "{t:?}");
        assert_eq!(t.text.matches('\n').count(), html.matches('\n').count());
        assert!(t.text.contains("http://c/%C3%A9"), "{t:?}");
        assert!(t.text.contains("http://r/&#32;s"), "{t:?}");
        let r = t.unfixed.iter().find(|u| u.uri.contains('s')).unwrap();
        assert_eq!(r.reason, NOT_AS_WRITTEN, "{t:?}");
        for u in &t.unfixed {
            if u.uri.contains('\n') {
                assert_eq!(u.reason, LINE_BREAK[0]);
            }
        }
    }
}
