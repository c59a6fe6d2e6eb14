//! Byte offsets in a text turned into the character offsets Python's `str` indexes by.

/// Byte offsets to character offsets, each counted from the last one asked for, forward or
/// back: a run of offsets that moves along the text (a list of findings in text order, each
/// with its start and end) costs the bytes it crosses, not a count from the text's start.
/// The character of byte `at` is the number of characters that start before it (past the end,
/// one per byte beyond).
pub(crate) struct CharCounter<'a> {
    text: &'a [u8],
    byte: usize,
    chars: usize,
}

impl<'a> CharCounter<'a> {
    pub(crate) fn new(text: &'a str) -> CharCounter<'a> {
        CharCounter {
            text: text.as_bytes(),
            byte: 0,
            chars: 0,
        }
    }

    pub(crate) fn at(&mut self, byte: usize) -> usize {
        // A byte starts a character unless it continues one (10xxxxxx).
        let starts = |b: &[u8]| b.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let to = byte.min(self.text.len());
        if to >= self.byte {
            self.chars += starts(&self.text[self.byte..to]);
        } else {
            self.chars -= starts(&self.text[to..self.byte]);
        }
        self.byte = to;
        self.chars + (byte - to)
    }
}
