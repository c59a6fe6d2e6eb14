//! A set of ASCII bytes, the terminals of the compiled grammars.

/// A set of ASCII characters (bytes 0x00-0x7F), as one 128-bit mask.
///
/// A byte of 0x80 or above is never a member: input outside ASCII matches no terminal.
///
/// ```
/// use urigram::bnf::CharSet;
/// let hex = CharSet::range(b'0', b'9').union(CharSet::range(b'a', b'f'));
/// assert!(hex.contains(b'c'));
/// assert!(!hex.contains(b'g'));
/// assert!(!hex.contains(0xC3));
/// assert_eq!(hex.len(), 16);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CharSet(u128);

impl CharSet {
    /// The empty set.
    pub const EMPTY: CharSet = CharSet(0);
    /// All 128 ASCII characters.
    pub const ASCII: CharSet = CharSet(u128::MAX);

    /// The set holding the bytes `lo..=hi` (both ASCII, else only the ASCII part).
    pub const fn range(lo: u8, hi: u8) -> CharSet {
        let mut bits = 0u128;
        let mut b = lo;
        while b <= hi && b < 128 {
            bits |= 1u128 << b;
            if b == u8::MAX {
                break;
            }
            b += 1;
        }
        CharSet(bits)
    }

    /// The set of the ASCII bytes of `chars`.
    pub const fn of(chars: &[u8]) -> CharSet {
        let mut bits = 0u128;
        let mut i = 0;
        while i < chars.len() {
            if chars[i] < 128 {
                bits |= 1u128 << chars[i];
            }
            i += 1;
        }
        CharSet(bits)
    }

    /// The set holding just `byte` (empty if `byte` is not ASCII).
    pub const fn single(byte: u8) -> CharSet {
        CharSet::of(&[byte])
    }

    /// Union.
    pub const fn union(self, other: CharSet) -> CharSet {
        CharSet(self.0 | other.0)
    }

    /// Difference: the members of `self` that are not in `other`.
    pub const fn minus(self, other: CharSet) -> CharSet {
        CharSet(self.0 & !other.0)
    }

    /// Whether `byte` is a member.
    pub const fn contains(self, byte: u8) -> bool {
        byte < 128 && self.0 & (1u128 << byte) != 0
    }

    /// The number of members.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The members in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0u8..128).filter(move |&b| self.contains(b))
    }

    /// The `index`-th member in increasing order, if there is one.
    pub fn nth(self, index: usize) -> Option<u8> {
        let mut bits = self.0;
        for _ in 0..index {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        if bits == 0 {
            None
        } else {
            Some(bits.trailing_zeros() as u8)
        }
    }
}

impl std::fmt::Debug for CharSet {
    /// Shows the set as ranges of escaped characters: `['0'-'9' 'a'-'f']`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |b: u8| (b as char).escape_default().to_string();
        write!(f, "[")?;
        let mut first = true;
        let mut b = 0u8;
        while b < 128 {
            if self.contains(b) {
                let lo = b;
                while b + 1 < 128 && self.contains(b + 1) {
                    b += 1;
                }
                if !first {
                    write!(f, " ")?;
                }
                first = false;
                if lo == b {
                    write!(f, "'{}'", show(lo))?;
                } else {
                    write!(f, "'{}'-'{}'", show(lo), show(b))?;
                }
            }
            b += 1;
        }
        write!(f, "]")
    }
}

/// The surrogates, which are no characters (a Rust `char` is never one): ranges are kept
/// without them, so that every position of a range is a character.
const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);

/// Sets of code points above ASCII (sorted, disjoint, not adjacent, no surrogates), numbered
/// as they are first made; set 0 is the empty set. A compiled grammar keeps one table, and a
/// terminal ([`Term`]) names its non-ASCII part by number, so that terminals stay small,
/// `Copy`, and equal exactly when their sets are.
#[derive(Debug, Clone)]
pub(crate) struct Wide {
    sets: Vec<Vec<(u32, u32)>>,
    ids: std::collections::HashMap<Vec<(u32, u32)>, u32>,
}

impl Default for Wide {
    fn default() -> Self {
        let mut ids = std::collections::HashMap::new();
        ids.insert(Vec::new(), 0);
        Wide {
            sets: vec![Vec::new()],
            ids,
        }
    }
}

impl Wide {
    /// The number of the set holding the union of `ranges` (above ASCII, surrogates left out).
    fn intern(&mut self, mut ranges: Vec<(u32, u32)>) -> u32 {
        ranges.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            let (lo, hi) = (lo.max(0x80), hi.min(0x10_FFFF));
            let parts = [
                (lo, hi.min(SURROGATES.0 - 1)),
                (lo.max(SURROGATES.1 + 1), hi),
            ];
            for (lo, hi) in parts {
                if lo > hi {
                    continue;
                }
                match out.last_mut() {
                    Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                    _ => out.push((lo, hi)),
                }
            }
        }
        if let Some(&id) = self.ids.get(&out) {
            return id;
        }
        let id = self.sets.len() as u32;
        self.ids.insert(out.clone(), id);
        self.sets.push(out);
        id
    }

    /// The ranges of set `id`.
    pub(crate) fn ranges(&self, id: u32) -> &[(u32, u32)] {
        self.sets.get(id as usize).map_or(&[], Vec::as_slice)
    }

    /// The terminal of the code points `lo..=hi`.
    pub(crate) fn range(&mut self, lo: char, hi: char) -> Term {
        let (lo, hi) = (lo as u32, hi as u32);
        let ascii = if lo < 0x80 {
            CharSet::range(lo as u8, hi.min(0x7F) as u8)
        } else {
            CharSet::EMPTY
        };
        Term {
            ascii,
            wide: self.intern(vec![(lo, hi)]),
        }
    }

    /// The terminal of one character.
    pub(crate) fn char(&mut self, c: char) -> Term {
        self.range(c, c)
    }

    /// The union of two terminals.
    pub(crate) fn union(&mut self, a: Term, b: Term) -> Term {
        let wide = if a.wide == b.wide || b.wide == 0 {
            a.wide
        } else if a.wide == 0 {
            b.wide
        } else {
            let mut both = self.ranges(a.wide).to_vec();
            both.extend_from_slice(self.ranges(b.wide));
            self.intern(both)
        };
        Term {
            ascii: a.ascii.union(b.ascii),
            wide,
        }
    }

    /// Whether `c` is a member of `t`.
    #[inline]
    pub(crate) fn contains(&self, t: Term, c: char) -> bool {
        let c = c as u32;
        if c < 0x80 {
            return t.ascii.contains(c as u8);
        }
        t.wide != 0 && {
            let ranges = self.ranges(t.wide);
            let k = ranges.partition_point(|&(_, hi)| hi < c);
            ranges.get(k).is_some_and(|&(lo, _)| lo <= c)
        }
    }
}

/// A terminal of a compiled grammar: one character of a set, its ASCII part as a [`CharSet`]
/// and its part above ASCII as the number of a set of a [`Wide`] table (0: none). Grammars
/// over ASCII only have terminals whose `wide` is 0, read exactly as their `CharSet`s were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Term {
    pub(crate) ascii: CharSet,
    pub(crate) wide: u32,
}

impl Term {
    /// The terminal of an ASCII set.
    pub(crate) const fn ascii(ascii: CharSet) -> Term {
        Term { ascii, wide: 0 }
    }

    /// Whether no character is a member.
    pub(crate) const fn is_empty(self) -> bool {
        self.ascii.is_empty() && self.wide == 0
    }
}
