//! Helpers of the exhaustive unit tests that hold the fast passes' membership tests to the
//! productions.

use crate::input::PResult;

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
