//! Text from outside (file names, labels, group keys, example lines, a merged summary's
//! fields) made safe to print on a terminal: characters that would move the cursor, change
//! the terminal's state or reorder what follows are shown, not obeyed.

use std::borrow::Cow;
use std::fmt::Write as _;

/// `s` with every control character and every bidirectional formatting character made
/// visible: C0 controls as their control pictures (`\t` as `␉`, as the rest of the output
/// shows them), DEL as `␡`, and the others as Rust escapes (`\u{202e}`): C1 controls
/// (U+0080 to U+009F), the bidi marks and embeddings (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069) and the line and paragraph separators (U+2028, U+2029).
/// Borrowed when there is nothing to change.
pub fn printable(s: &str) -> Cow<'_, str> {
    let Some(first) = s.find(hidden) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first]);
    for c in s[first..].chars() {
        match c {
            '\u{0}'..='\u{1F}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\u{7F}' => out.push('\u{2421}'),
            c if hidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Whether `c` is shown otherwise than as itself by [`printable`].
fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1F}'
            | '\u{7F}'..='\u{9F}'
            | '\u{61C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(printable("http://a/résumé ✓"), Cow::Borrowed(_)));
        assert!(matches!(printable(""), Cow::Borrowed(_)));
    }

    #[test]
    fn controls_and_bidi_are_shown() {
        assert_eq!(printable("a\tb\x1b[31m\x7f"), "a␉b␛[31m␡");
        assert_eq!(printable("x\u{85}y"), "x\\u{85}y");
        assert_eq!(printable("abc\u{202E}fed"), "abc\\u{202e}fed");
        for c in [
            '\u{9F}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202D}', '\u{2066}', '\u{2069}',
            '\u{2028}', '\u{2029}', '\u{61C}',
        ] {
            let s = printable(&c.to_string()).into_owned();
            assert!(s.starts_with("\\u{"), "{s}");
            assert!(s.chars().all(|c| c.is_ascii_graphic()), "{s}");
        }
        // Other non-ASCII text stays as it is.
        assert_eq!(printable("é\u{200B}\u{2070}"), "é\u{200B}\u{2070}");
    }
}
