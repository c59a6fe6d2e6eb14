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
