//! Where each byte of a decoded string stands in the text it was decoded from.
//!
//! The markup parsers give a value decoded (character references, backslash escapes, `\r\n`
//! read as `\n`) and the range of its source. Aligning the two gives a map from the decoded
//! string back to the source: runs written as they stand, and single escapes. The parser's
//! value is the truth; the alignment only finds where its bytes came from, and when no
//! alignment explains the value, the map is one escape for the whole source, so that every
//! position falls on its first byte.

use std::ops::Range;

use super::Seg;

/// A run of the decoded string and its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Run {
    /// Bytes of the decoded string.
    pub dec: Range<usize>,
    /// Bytes of the source (absolute offsets).
    pub src: Range<usize>,
    /// Whether the run is written as it stands (else it is one escape).
    pub verbatim: bool,
}

/// The map of `decoded`, decoded from `raw` (which starts at `base` in the text). `markdown`
/// admits backslash escapes.
pub(super) fn align(raw: &str, base: usize, decoded: &str, markdown: bool) -> Vec<Run> {
    match try_align(raw, decoded, markdown) {
        Some(mut runs) => {
            for r in &mut runs {
                r.src = r.src.start + base..r.src.end + base;
            }
            runs
        }
        None if raw == decoded => vec![Run {
            dec: 0..decoded.len(),
            src: base..base + raw.len(),
            verbatim: true,
        }],
        None => vec![Run {
            dec: 0..decoded.len(),
            src: base..base + raw.len(),
            verbatim: false,
        }],
    }
}

/// Whether byte `b` may start an escape.
fn special(b: u8, markdown: bool) -> bool {
    b == b'&' || b == b'\r' || (markdown && b == b'\\')
}

/// Whether `raw[i..]`, up to the next byte that may start an escape, is the start of
/// `dec[j..]` (and the whole of it, when that reaches the end of `raw`).
fn fits(raw: &str, i: usize, dec: &str, j: usize, markdown: bool) -> bool {
    let r = raw.as_bytes();
    let n = r[i..]
        .iter()
        .position(|&b| special(b, markdown))
        .map_or(r.len(), |k| i + k);
    let Some(d) = dec.get(j..) else { return false };
    if n == r.len() {
        d == &raw[i..]
    } else {
        d.as_bytes().starts_with(&r[i..n])
    }
}

fn try_align(raw: &str, dec: &str, markdown: bool) -> Option<Vec<Run>> {
    let r = raw.as_bytes();
    let mut runs: Vec<Run> = Vec::new();
    let push = |runs: &mut Vec<Run>, dec: Range<usize>, src: Range<usize>, verbatim: bool| {
        if let Some(last) = runs.last_mut()
            && verbatim
            && last.verbatim
            && last.src.end == src.start
            && last.dec.end == dec.start
        {
            last.src.end = src.end;
            last.dec.end = dec.end;
            return;
        }
        runs.push(Run { dec, src, verbatim });
    };
    let (mut i, mut j) = (0, 0);
    while i < r.len() {
        let c = r[i];
        if c == b'\r' {
            let n = if r.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
            if dec.as_bytes().get(j) == Some(&b'\n') && !(n == 1 && dec.as_bytes()[j] == b'\r') {
                push(&mut runs, j..j + 1, i..i + n, false);
                (i, j) = (i + n, j + 1);
                continue;
            }
        } else if markdown && c == b'\\' {
            if let Some(&p) = r.get(i + 1)
                && p.is_ascii_punctuation()
                && dec.as_bytes().get(j) == Some(&p)
            {
                push(&mut runs, j..j + 1, i..i + 2, false);
                (i, j) = (i + 2, j + 1);
                continue;
            }
        } else if c == b'&'
            && let Some((ri, dj)) = reference(raw, i, dec, j, markdown)
        {
            push(&mut runs, j..dj, i..ri, false);
            (i, j) = (ri, dj);
            continue;
        }
        // As it stands: one character.
        let ch = raw[i..].chars().next()?;
        let n = ch.len_utf8();
        if dec.get(j..j + n)? != &raw[i..i + n] {
            return None;
        }
        push(&mut runs, j..j + n, i..i + n, true);
        (i, j) = (i + n, j + n);
    }
    (j == dec.len()).then_some(runs)
}

/// A character reference at `raw[i]` (an `&`) that decodes to the start of `dec[j..]`: the
/// end of the reference in `raw` and of its value in `dec`.
fn reference(raw: &str, i: usize, dec: &str, j: usize, markdown: bool) -> Option<(usize, usize)> {
    let r = raw.as_bytes();
    let mut k = i + 1;
    let numeric = r.get(k) == Some(&b'#');
    if numeric {
        k += 1;
        if matches!(r.get(k), Some(b'x' | b'X')) {
            k += 1;
            k += r[k..].iter().take_while(|b| b.is_ascii_hexdigit()).count();
        } else {
            k += r[k..].iter().take_while(|b| b.is_ascii_digit()).count();
        }
    } else {
        k += r[k..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
    }
    if k == i + 1 {
        return None;
    }
    let with_semi = k + usize::from(r.get(k) == Some(&b';'));
    // The reference's value: one or two characters of `dec`.
    let d = dec.get(j..).filter(|d| !d.is_empty())?;
    let mut ends = d
        .char_indices()
        .skip(1)
        .map(|(n, _)| j + n)
        .take(2)
        .collect::<Vec<_>>();
    ends.push(dec.len());
    ends.dedup();
    // Only a named reference ended by ";" stands for two characters.
    let two = !numeric && with_semi > k;
    let ends = &ends[..ends.len().min(if two { 2 } else { 1 })];
    for &dj in ends {
        if fits(raw, with_semi, dec, dj, markdown) && dec.get(j..dj) != raw.get(i..with_semi) {
            return Some((with_semi, dj));
        }
    }
    // A legacy named reference without ";": its longest prefix that explains the rest.
    if !numeric {
        for end in (i + 2..=k).rev() {
            for &dj in ends {
                if fits(raw, end, dec, dj, markdown) && dec.get(j..dj) != raw.get(i..end) {
                    return Some((end, dj));
                }
            }
        }
    }
    None
}

/// The source pieces of bytes `range` of a decoded string whose map is `runs`.
pub(super) fn segs(runs: &[Run], decoded: &str, range: Range<usize>) -> Vec<Seg> {
    let k = runs.partition_point(|r| r.dec.end <= range.start);
    // One piece per run that the range meets (verbatim runs are never adjacent): allocated
    // once, with no spare room, since a candidate keeps its pieces until it is checked.
    let n = runs[k..].partition_point(|r| r.dec.start < range.end);
    let mut out: Vec<Seg> = Vec::with_capacity(n);
    for r in &runs[k..] {
        if r.dec.start >= range.end {
            break;
        }
        let a = range.start.max(r.dec.start);
        let b = range.end.min(r.dec.end);
        if a >= b {
            continue;
        }
        if r.verbatim {
            let src = r.src.start + (a - r.dec.start)..r.src.start + (b - r.dec.start);
            match out.last_mut() {
                Some(l) if l.decoded.is_none() && l.range.end == src.start => l.range.end = src.end,
                _ => out.push(Seg::plain(src)),
            }
        } else {
            out.push(Seg {
                range: r.src.clone(),
                decoded: Some(decoded[a..b].into()),
            });
        }
    }
    out
}

/// The source offset of byte `at` of the decoded string (the start of an escape for any of
/// its bytes; the end of the source for the end of the string).
pub(super) fn source_of(runs: &[Run], at: usize) -> usize {
    let k = runs.partition_point(|r| r.dec.end <= at);
    match runs.get(k) {
        Some(r) if r.verbatim => r.src.start + (at - r.dec.start),
        Some(r) => r.src.start,
        None => runs.last().map_or(0, |r| r.src.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &str, dec: &str, md: bool) -> Vec<(Range<usize>, Range<usize>, bool)> {
        let runs = align(raw, 0, dec, md);
        // The runs cover both strings, in order.
        let mut d = 0;
        let mut s = 0;
        for r in &runs {
            assert_eq!((r.dec.start, r.src.start), (d, s), "{raw:?}");
            if r.verbatim {
                assert_eq!(&dec[r.dec.clone()], &raw[r.src.clone()]);
            }
            d = r.dec.end;
            s = r.src.end;
        }
        assert_eq!((d, s), (dec.len(), raw.len()));
        runs.into_iter()
            .map(|r| (r.dec, r.src, r.verbatim))
            .collect()
    }

    #[test]
    fn references_escapes_and_line_breaks() {
        assert_eq!(
            check("a&amp;b", "a&b", false),
            [(0..1, 0..1, true), (1..2, 1..6, false), (2..3, 6..7, true)]
        );
        assert_eq!(
            check("&eacute;&#x41;&#66", "éAB", false),
            [
                (0..2, 0..8, false),
                (2..3, 8..14, false),
                (3..4, 14..18, false)
            ]
        );
        // A "&" that starts no reference, and "&amp;amp;".
        assert_eq!(check("a&b=c", "a&b=c", false), [(0..5, 0..5, true)]);
        assert_eq!(
            check("&amp;amp;", "&amp;", false),
            [(0..1, 0..5, false), (1..5, 5..9, true)]
        );
        // Legacy "&copy" without ";".
        assert_eq!(
            check("&copyx", "©x", false),
            [(0..2, 0..5, false), (2..3, 5..6, true)]
        );
        assert_eq!(
            check("a\r\nb", "a\nb", false),
            [(0..1, 0..1, true), (1..2, 1..3, false), (2..3, 3..4, true)]
        );
        assert_eq!(
            check(r"a\(b\\", r"a(b\", true),
            [
                (0..1, 0..1, true),
                (1..2, 1..3, false),
                (2..3, 3..4, true),
                (3..4, 4..6, false)
            ]
        );
        // Nothing explains it: one escape for the whole.
        assert_eq!(check("abc", "xyz", false), [(0..3, 0..3, false)]);
    }

    #[test]
    fn pieces_of_a_range() {
        let raw = "x=1&amp;y=2";
        let dec = "x=1&y=2";
        let runs = align(raw, 10, dec, false);
        let s = segs(&runs, dec, 0..dec.len());
        assert_eq!(s.len(), 3);
        assert_eq!(s[1].range, 13..18);
        assert_eq!(s[1].decoded.as_deref(), Some("&"));
        assert_eq!(source_of(&runs, 5), 19);
        assert_eq!(source_of(&runs, 3), 13);
        assert_eq!(source_of(&runs, 7), 21);
    }
}
