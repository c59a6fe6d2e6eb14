//! Domain labels, shared by RFC 2396 (`hostname`, `domainlabel`, `toplabel`, section 3.2.2) and
//! RFC 1738 (the same three productions, section 3.1), which print the same language but for
//! two things: the name of the letter-or-digit production (`alphanum`, `alphadigit`) and RFC
//! 2396's optional trailing `.` after the top label.
//!
//! Read literally, `*( domainlabel "." ) toplabel` would take the last label too and leave
//! nothing for `toplabel`, and the greedy `*( alphanum | "-" )` of a label would eat its
//! closing `alphanum`. The language is: labels of letters, digits and `-` that start and end
//! with a letter or digit, joined by `.`, the last starting with a letter (then, in RFC 2396,
//! an optional `.`). One left-to-right scan keeps the longest prefix of that form (what may
//! follow a hostname, `:`, `/` or the end of the authority, is never a label character) and
//! records what it expected where it stopped; it runs in one pass with no recursion however
//! many labels there are.

use crate::input::{Expected, Mode, PResult, Span, fail, take_in_line};
use crate::table::Table;

/// Letters and digits: RFC 2396's `alphanum`, RFC 1738's `alphadigit`.
const LETTER_DIGIT: Table = Table::range(b'a', b'z')
    .or(Table::range(b'A', b'Z'))
    .or(Table::range(b'0', b'9'));

/// Letters: `alpha`.
const LETTER: Table = Table::range(b'a', b'z').or(Table::range(b'A', b'Z'));

/// How one grammar prints the shared language.
#[derive(Clone, Copy)]
pub(crate) struct Labels {
    /// The name of the letter-or-digit production, for errors.
    pub(crate) letter_digit: &'static str,
    /// Whether a `.` may follow the top label (RFC 2396's `[ "." ]`).
    pub(crate) trailing_dot: bool,
}

/// The scan of `hostname` (see the module doc); the caller wraps it in its production.
pub(crate) fn hostname<'a>(i: Span<'a>, g: Labels) -> PResult<'a, Span<'a>> {
    let b = i.fragment().as_bytes();
    let base = i.location_offset();
    let t = i.extra;
    let ld = Expected::Rule(g.letter_digit);
    let mut pos = 0;
    let mut accept = None;
    loop {
        // A label: a letter or digit, then letters, digits and `-`s, ending at its last letter
        // or digit.
        let start = pos;
        let Some((end, last)) = label(b, pos) else {
            t.record(base + pos, ld);
            break;
        };
        let top = LETTER.contains(b[start]);
        if top {
            accept = Some(last);
        }
        if end != last {
            // The label ran into `-`s that no letter or digit closed.
            t.record(base + end, ld);
            t.record(base + end, Expected::Literal("-"));
            break;
        }
        if b.get(end) == Some(&b'.') {
            if top && g.trailing_dot {
                accept = Some(end + 1);
            }
            pos = end + 1;
        } else {
            t.record(base + end, ld);
            t.record(base + end, Expected::Literal("-"));
            t.record(base + end, Expected::Literal("."));
            break;
        }
    }
    let Some(n) = accept else {
        return fail();
    };
    leaves(&i, n);
    // Label characters hold no newline.
    Ok(take_in_line(i, n))
}

/// Whether all of `h` is a `hostname`: the membership test of the fast passes, which only need
/// to know whether a whole host is one. The same language as [`hostname`]'s scan: labels of
/// letters, digits and `-` that start and end with a letter or digit, joined by `.`, the last
/// starting with a letter, then (where `g` allows it) one `.`.
#[inline]
pub(crate) fn is_hostname(h: &[u8], g: Labels) -> bool {
    let h = match h {
        [rest @ .., b'.'] if g.trailing_dot => rest,
        _ => h,
    };
    // One pass: a label cannot start with `-` or `.` (an empty label), nor end with `-`;
    // `top` is where the last label starts.
    let mut prev = b'.';
    let mut top = 0;
    for (k, &c) in h.iter().enumerate() {
        if !LETTER_DIGIT.contains(c) {
            match c {
                b'-' if prev != b'.' => {}
                b'.' if prev != b'.' && prev != b'-' => top = k + 1,
                _ => return false,
            }
        }
        prev = c;
    }
    prev != b'.' && prev != b'-' && h.get(top).is_some_and(|&c| LETTER.contains(c))
}

/// The label starting at `pos`: `(end, last)`, where `end` is where its run of letters, digits
/// and `-`s stops and `last` is one past its last letter or digit; `None` unless it starts with
/// a letter or digit.
fn label(b: &[u8], pos: usize) -> Option<(usize, usize)> {
    if !b.get(pos).is_some_and(|&c| LETTER_DIGIT.contains(c)) {
        return None;
    }
    let mut end = pos + 1;
    let mut last = end;
    while let Some(&c) = b.get(end) {
        if LETTER_DIGIT.contains(c) {
            end += 1;
            last = end;
        } else if c == b'-' {
            end += 1;
        } else {
            break;
        }
    }
    Some((end, last))
}

/// In a derivation tree, the labels of the hostname's first `n` bytes as `domainlabel` and
/// `toplabel` leaves.
fn leaves(i: &Span<'_>, n: usize) {
    let t = i.extra;
    if t.mode() != Mode::Tree {
        return;
    }
    let base = i.location_offset();
    let text = &i.fragment()[..n];
    let text = text.strip_suffix('.').unwrap_or(text);
    let count = text.split('.').count();
    let mut at = 0;
    for (k, l) in text.split('.').enumerate() {
        let rule = if k + 1 == count {
            "toplabel"
        } else {
            "domainlabel"
        };
        t.leaf(rule, base + at, base + at + l.len());
        at += l.len() + 1;
    }
}

/// `domainlabel` (`first` = letters and digits) or `toplabel` (`first` = letters): the longest
/// prefix that starts with a character of `first` and ends with a letter or digit (the rest of
/// the run can only be `-`s).
pub(crate) fn label_rule<'a>(
    i: Span<'a>,
    g: Labels,
    first_is_letter: bool,
) -> PResult<'a, Span<'a>> {
    let (first, first_name) = if first_is_letter {
        (LETTER, "alpha")
    } else {
        (LETTER_DIGIT, g.letter_digit)
    };
    let b = i.fragment().as_bytes();
    let base = i.location_offset();
    if !b.first().is_some_and(|&c| first.contains(c)) {
        i.extra.record(base, Expected::Rule(first_name));
        return fail();
    }
    let (end, last) = label(b, 0).unwrap_or((1, 1));
    i.extra.record(base + end, Expected::Rule(g.letter_digit));
    i.extra.record(base + end, Expected::Literal("-"));
    Ok(take_in_line(i, last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::testing::{all_strings, whole};
    use crate::input::fast_span;

    /// `is_hostname` is the membership test of `hostname`'s scan: every string of up to six
    /// characters over letters, digits, `-`, `.` and one character that is none of them, with
    /// and without RFC 2396's trailing dot.
    #[test]
    fn membership_agrees_with_the_scan() {
        let strings = all_strings(b"aZ1-.:", 6);
        assert_eq!(strings.len(), 55_987);
        for trailing_dot in [true, false] {
            let g = Labels {
                letter_digit: "alphanum",
                trailing_dot,
            };
            for s in &strings {
                let scan = whole(hostname(fast_span(s), g));
                assert_eq!(is_hostname(s.as_bytes(), g), scan, "{s:?} {trailing_dot}");
            }
        }
    }
}
