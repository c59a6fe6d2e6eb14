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
    #[cfg(target_arch = "x86_64")]
    if (16..=32).contains(&h.len()) {
        return by_masks(h);
    }
    by_bytes(h)
}

/// [`is_hostname`] of `h` (its trailing dot taken off), one byte at a time.
#[inline]
fn by_bytes(h: &[u8]) -> bool {
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

/// [`is_hostname`] of `h` (16 to 32 bytes, its trailing dot taken off; others go byte by byte)
/// from three bit masks of its bytes, found 16 at a time with SSE2 (which every x86-64 CPU has): letters and
/// digits, dots, hyphens. A label starts at the first byte and after each dot, and ends at the
/// last byte and before each dot; neither place may hold a dot or a hyphen, which also rules
/// out empty labels. The top label starts after the last dot.
#[cfg(target_arch = "x86_64")]
#[inline]
fn by_masks(h: &[u8]) -> bool {
    let len = h.len();
    if !(16..=32).contains(&len) {
        return by_bytes(h);
    }
    // The first 16 bytes and the last 16, which overlap unless `len` is 32: a byte read twice
    // gives the same bit twice.
    let a = masks16(h, 0);
    let b = masks16(h, len - 16);
    let k = len - 16;
    let ld = a.letters_digits | b.letters_digits << k;
    let dots = a.dots | b.dots << k;
    let hyphens = a.hyphens | b.hyphens << k;
    let all = u32::MAX >> (32 - len);
    if (ld | dots | hyphens) & all != all {
        return false;
    }
    labels_of_masks(h, dots & all, hyphens & all)
}

/// The three masks of the 16 bytes of `b` from `at` (`at + 16 <= b.len()`): bit `k` set where
/// byte `at + k` is a letter or digit, a `.`, or a `-`. SSE2, which every x86-64 CPU has.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn masks16(b: &[u8], at: usize) -> Masks {
    use std::arch::x86_64::*;
    assert!(at + 16 <= b.len());
    // SAFETY: SSE2 is part of every x86-64 target (`target_arch = "x86_64"` above); the
    // unaligned 16-byte load reads `b[at..at + 16]`, inside `b` (asserted above); the other
    // intrinsics read and write registers only.
    unsafe {
        let v = _mm_loadu_si128(b.as_ptr().add(at).cast());
        let byte = |c: u8| _mm_set1_epi8(c as i8);
        // `x` minus `lo` is at most `n` (unsigned) exactly when `x` is in `lo..=lo + n`.
        let within = |x: __m128i, lo: u8, n: u8| {
            let d = _mm_sub_epi8(x, byte(lo));
            _mm_cmpeq_epi8(_mm_min_epu8(d, byte(n)), d)
        };
        // A letter in either case is one in lower case once bit 5 is set.
        let letter = within(_mm_or_si128(v, byte(0x20)), b'a', 25);
        let digit = within(v, b'0', 9);
        let mask = |m: __m128i| _mm_movemask_epi8(m) as u32;
        Masks {
            letters_digits: mask(_mm_or_si128(letter, digit)),
            dots: mask(_mm_cmpeq_epi8(v, byte(b'.'))),
            hyphens: mask(_mm_cmpeq_epi8(v, byte(b'-'))),
        }
    }
}

/// The three masks of [`masks16`]: bit `k` for byte `k` of the 16.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Masks {
    letters_digits: u32,
    dots: u32,
    hyphens: u32,
}

/// Whether `h`, 1 to 32 bytes of letters, digits, `-` and `.` whose dots and hyphens are the
/// bits of `dots` and `hyphens`, is a `hostname` (its trailing dot already taken off): a label
/// starts at the first byte and after each dot, and ends at the last byte and before each
/// dot; neither place may hold a dot or a hyphen, which also rules out empty labels. The top
/// label starts after the last dot, with a letter.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn labels_of_masks(h: &[u8], dots: u32, hyphens: u32) -> bool {
    let len = h.len();
    debug_assert!((1..=32).contains(&len));
    let sep = dots | hyphens;
    let starts = dots << 1 | 1;
    let ends = dots >> 1 | 1 << (len - 1);
    if (starts | ends) & sep != 0 {
        return false;
    }
    let top = 32 - dots.leading_zeros() as usize;
    h.get(top).is_some_and(|&c| LETTER.contains(c))
}

/// The run of letters, digits, `-` and `.` that starts at `from` in `b` (the characters of
/// `hostname` and of `IPv4address`), and whether the whole run is a `hostname` (as
/// [`is_hostname`] says): `(length, is_hostname)`, both from the same masks of the same
/// loads, so the host's end and its labels are found in one pass. `None` where the masks
/// cannot be read (an input of fewer than 16 bytes, or a run of 32 bytes or more); the caller
/// then scans and tests apart.
#[inline]
pub(crate) fn host_run(b: &[u8], from: usize, g: Labels) -> Option<(usize, bool)> {
    #[cfg(target_arch = "x86_64")]
    {
        let len = b.len();
        if len < 16 || from > len {
            return None;
        }
        // The masks of the 16 bytes from `k`, bit 0 for byte `k`: near the end, the last 16
        // bytes of `b`, those before `k` shifted out (bytes past the end get no bit).
        let at = |k: usize| {
            let start = k.min(len - 16);
            let m = masks16(b, start);
            let s = k - start;
            Masks {
                letters_digits: m.letters_digits >> s,
                dots: m.dots >> s,
                hyphens: m.hyphens >> s,
            }
        };
        let first = at(from);
        let mut ld = first.letters_digits;
        let mut dots = first.dots;
        let mut hyphens = first.hyphens;
        if ld | dots | hyphens == 0xFFFF {
            // All 16 bytes are in the run, so `from + 16 <= len`: the next 16.
            let next = at(from + 16);
            ld |= next.letters_digits << 16;
            dots |= next.dots << 16;
            hyphens |= next.hyphens << 16;
        }
        let run = (!(ld | dots | hyphens)).trailing_zeros() as usize;
        if run >= 32 {
            return None;
        }
        let mut n = run;
        if g.trailing_dot && n > 0 && dots >> (n - 1) & 1 == 1 {
            n -= 1;
        }
        if n == 0 {
            return Some((run, false));
        }
        let all = u32::MAX >> (32 - n);
        Some((
            run,
            labels_of_masks(&b[from..from + n], dots & all, hyphens & all),
        ))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (b, from, g);
        None
    }
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

    /// The masks and the byte loop give the same answer on hosts of 0 to 40 bytes over
    /// letters, digits, `-`, `.` and other bytes, the labels' edges at every position
    /// (pseudo-random strings, fixed seed).
    #[test]
    fn masks_agree_with_bytes() {
        let alphabet = b"aZ1-.:\x80_";
        let mut x = 0x1738_2396_u64;
        for n in 0..200_000 {
            let len = n % 41;
            let mut h = Vec::with_capacity(len);
            for _ in 0..len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly letters and dots, so that many are hostnames.
                let k = (x % 16) as usize;
                h.push(if k < alphabet.len() {
                    alphabet[k]
                } else {
                    b"ab.b9"[k % 5]
                });
            }
            #[cfg(target_arch = "x86_64")]
            if len <= 32 {
                assert_eq!(
                    by_masks(&h),
                    by_bytes(&h),
                    "{:?}",
                    String::from_utf8_lossy(&h)
                );
            }
            let _ = &h;
        }
        #[cfg(target_arch = "x86_64")]
        for h in [
            "a", "a.b", "1.a", "a.1", "a-b.c-d", "a.-b", "a-.b", "a..b", "-a", "a-", ".a",
        ] {
            assert_eq!(by_masks(h.as_bytes()), by_bytes(h.as_bytes()), "{h}");
        }
    }

    /// `host_run` gives the end of the run of letters, digits, `-` and `.` and `is_hostname`'s
    /// verdict on that run, byte by byte, wherever it answers: inputs of 0 to 80 bytes
    /// (pseudo-random over label characters and others, fixed seed), from every position, with
    /// and without RFC 2396's trailing dot; and it answers on every run of 0 to 31 bytes in an
    /// input of 16 bytes or more.
    #[test]
    fn host_run_agrees_with_the_byte_scan() {
        let alphabet = b"aZ1-.:\x80_@";
        let mut x = 0x3986_1738_u64;
        let mut answered = 0;
        for n in 0..40_000 {
            let len = n % 81;
            let mut b = Vec::with_capacity(len);
            for _ in 0..len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly label characters, so that runs are long and many are hostnames.
                let k = (x % 24) as usize;
                b.push(if k < alphabet.len() {
                    alphabet[k]
                } else {
                    b"ab.b9c-"[k % 7]
                });
            }
            for from in 0..=len {
                let end = from
                    + b[from..]
                        .iter()
                        .take_while(|&&c| LETTER_DIGIT.contains(c) || c == b'-' || c == b'.')
                        .count();
                for trailing_dot in [true, false] {
                    let g = Labels {
                        letter_digit: "alphanum",
                        trailing_dot,
                    };
                    let run = &b[from..end];
                    let host = match run {
                        [rest @ .., b'.'] if trailing_dot => rest,
                        _ => run,
                    };
                    let want = (end - from, by_bytes(host));
                    match host_run(&b, from, g) {
                        Some(got) => {
                            assert_eq!(got, want, "{:?} from {from}", String::from_utf8_lossy(&b));
                            answered += 1;
                        }
                        None => assert!(
                            !cfg!(target_arch = "x86_64") || len < 16 || end - from >= 32,
                            "no answer on {:?} from {from}",
                            String::from_utf8_lossy(&b)
                        ),
                    }
                }
            }
        }
        assert!(
            !cfg!(target_arch = "x86_64") || answered > 1_000_000,
            "{answered}"
        );
    }

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
