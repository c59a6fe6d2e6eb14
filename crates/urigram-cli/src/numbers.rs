//! Numbers as the reports print them: counts with thousands separators, shares as percentages,
//! the width of a column of counts, and the column of a byte in a line.

/// The 1-based column, in characters, of byte `offset` of `input` (its line, when it holds
/// line breaks): [`urigram::Error::column`] of an error there. The bytes before an error
/// are UTF-8.
pub(crate) fn column_of(input: &[u8], offset: usize) -> u64 {
    let before = &input[..offset.min(input.len())];
    let text = match std::str::from_utf8(before) {
        Ok(t) => t,
        Err(u) => std::str::from_utf8(&before[..u.valid_up_to()]).unwrap_or_default(),
    };
    let line = &text[text.rfind('\n').map_or(0, |p| p + 1)..];
    line.chars().count() as u64 + 1
}

/// The width of a column of `counts` (as [`thousands`] writes them) under the heading `lines`.
pub(crate) fn count_width(counts: impl Iterator<Item = u64>) -> usize {
    counts
        .map(|n| thousands(n).len())
        .max()
        .unwrap_or(0)
        .max("lines".len())
}

/// `1234567` -> `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` of `total` as a percentage with one decimal (two below 1%).
pub(crate) fn percent(n: u64, total: u64) -> String {
    if total == 0 {
        return "-".into();
    }
    let p = n as f64 * 100.0 / total as f64;
    if p > 0.0 && p < 1.0 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(1, 1000), "0.10%");
        assert_eq!(percent(0, 5), "0.0%");
    }
}
