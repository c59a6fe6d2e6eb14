//! Helpers of the exhaustive unit tests that hold the fast passes' membership tests to the
//! productions, and of the tests of choices that skip alternatives.

use crate::input::{Mode, PResult, Span, Tracker};

/// Every string of at most `max_len` characters over `alphabet` (ASCII), shortest first.
pub(crate) fn all_strings(alphabet: &[u8], max_len: u32) -> Vec<String> {
    let mut out = Vec::new();
    for len in 0..=max_len {
        for mut k in 0..alphabet.len().pow(len) {
            let mut s = String::new();
            for _ in 0..len {
                s.push(char::from(alphabet[k % alphabet.len()]));
                k /= alphabet.len();
            }
            out.push(s);
        }
    }
    out
}

/// Whether a combinator's result took the whole input.
pub(crate) fn whole<O>(r: PResult<'_, O>) -> bool {
    r.is_ok_and(|(rest, _)| rest.fragment().is_empty())
}

/// For a choice whose alternatives start with the literals `starts` (as
/// [`crate::input::Starts`] takes them): `members[k]`, a member of the `k`th
/// alternative, starts with `starts[k]`, and `alternative` reads it whole, in every mode, as the
/// `k`th (it gives the alternative a whole input was read as). Were a literal at the wrong
/// place, the alternative would be skipped, and the member rejected or read as another.
pub(crate) fn each_literal_starts_its_alternative(
    starts: &[&str],
    members: &[&str],
    alternative: for<'a> fn(Span<'a>) -> Option<usize>,
) {
    assert_eq!(members.len(), starts.len());
    for (k, m) in members.iter().enumerate() {
        assert!(m.starts_with(starts[k]), "{m:?}");
        for mode in [Mode::Fast, Mode::Diagnose, Mode::Tree] {
            let t = Tracker::new(mode);
            assert_eq!(alternative(t.span(m)), Some(k), "{m:?} {mode:?}");
        }
    }
}
