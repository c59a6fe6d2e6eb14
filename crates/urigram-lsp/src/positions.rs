//! Protocol positions: lines and columns in UTF-8 or UTF-16 code units ([`Encoding`]) to byte
//! offsets and back, each line walked once ([`Cursor`]).

use lsp_types::PositionEncodingKind;

use crate::doc::Doc;

/// How positions count columns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    pub(crate) fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    pub(crate) fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }
}

/// Protocol positions of increasing offsets of a document, each found from the last when it
/// is on the same line: publishing a document's diagnostics walks each line once, however
/// many diagnostics it holds.
pub(crate) struct Cursor<'d> {
    text: &'d str,
    lines: &'d [usize],
    enc: Encoding,
    /// The last offset, its line, and its column in the encoding's units and in characters.
    offset: usize,
    line: usize,
    units: usize,
    chars: usize,
}

impl<'d> Cursor<'d> {
    pub(crate) fn new(doc: &'d Doc, enc: Encoding) -> Cursor<'d> {
        Cursor::of(&doc.text, &doc.lines, enc)
    }

    pub(crate) fn of(text: &'d str, lines: &'d [usize], enc: Encoding) -> Cursor<'d> {
        Cursor {
            text,
            lines,
            enc,
            offset: 0,
            line: usize::MAX,
            units: 0,
            chars: 0,
        }
    }

    /// The protocol position of byte `offset`, and its column in characters.
    pub(crate) fn at(&mut self, offset: usize) -> (lsp_types::Position, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .lines
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        if line != self.line || offset < self.offset {
            self.line = line;
            self.offset = self.lines.get(line).copied().unwrap_or(0).min(offset);
            self.units = 0;
            self.chars = 0;
        }
        for c in self.text[self.offset..offset].chars() {
            self.units += self.enc.units(c);
            self.chars += 1;
        }
        self.offset = offset;
        let p = lsp_types::Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(self.units).unwrap_or(u32::MAX),
        );
        (p, self.chars)
    }
}

/// The byte offset of a protocol position: past the line's end means its end; inside a
/// character means its start.
pub(crate) fn offset(text: &str, lines: &[usize], p: lsp_types::Position, enc: Encoding) -> usize {
    let Some(&start) = lines.get(p.line as usize) else {
        return text.len();
    };
    let want = p.character as usize;
    // Within ASCII, a unit is a byte in both encodings.
    let end = text.len().min(start.saturating_add(want));
    let head = &text.as_bytes()[start..end];
    if end == start + want && head.is_ascii() && !head.contains(&b'\n') && !head.contains(&b'\r') {
        return end;
    }
    // Each byte that starts a character counts that character's units; the others none.
    let b = &text.as_bytes()[start..];
    let at = match enc {
        Encoding::Utf16 => walk(b, want, |c| {
            u16::from(c as i8 >= -64) + u16::from(c >= 0xF0)
        }),
        Encoding::Utf8 => walk(b, want, |c| {
            u16::from(c as i8 >= -64)
                * (1 + u16::from(c >= 0xC0) + u16::from(c >= 0xE0) + u16::from(c >= 0xF0))
        }),
    };
    start + at
}

/// The index in `b` of the line break, or of the byte that starts the character whose units
/// (`weight` of its first byte; 0 for the bytes inside a character) bring the count past
/// `want`, whichever comes first; `b.len()` if neither. A long line (a whole document may be
/// one) is walked 64 bytes at a time where no line break is and `want` is not reached.
pub(crate) fn walk(b: &[u8], want: usize, weight: impl Fn(u8) -> u16) -> usize {
    let (mut units, mut i) = (0usize, 0usize);
    while let Some(chunk) = b.get(i..i + 64) {
        let (mut w, mut breaks) = (0u16, 0u16);
        for &c in chunk {
            w += weight(c);
            breaks |= u16::from(c == b'\n') | u16::from(c == b'\r');
        }
        if breaks != 0 || units + w as usize > want {
            break;
        }
        units += w as usize;
        i += 64;
    }
    for (k, &c) in b[i..].iter().enumerate() {
        if c == b'\n' || c == b'\r' {
            return i + k;
        }
        units += usize::from(weight(c));
        if units > want {
            return i + k;
        }
    }
    b.len()
}
