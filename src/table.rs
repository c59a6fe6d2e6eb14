//! Character-class tables shared by every grammar.
//!
//! A [`Table`] is a 128-bit set of US-ASCII characters, built at compile time with `const fn`
//! union and subtraction so that each table reads like the production it implements
//! (`const HEX: Table = DIGIT.or(Table::chars("ABCDEFabcdef"))`). Nothing outside US-ASCII is
//! in any table. The tests at the bottom show the algebra.

/// A set of US-ASCII characters (bytes 0 to 127).
///
/// Stored as one flag per byte value, all 256 of them, so that a membership test is a single
/// load with no bounds check; the primitives that scan runs are always inlined, which makes
/// each table a constant array in read-only memory.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table([bool; 256]);

impl Table {
    /// The empty set.
    #[cfg(test)]
    pub const EMPTY: Table = Table([false; 256]);

    /// The set of the bytes of `s` (each must be US-ASCII; a byte of 128 or more fails to
    /// compile when used in a `const`).
    pub const fn chars(s: &str) -> Table {
        let b = s.as_bytes();
        let mut t = [false; 256];
        let mut i = 0;
        while i < b.len() {
            assert!(b[i] < 128, "tables hold US-ASCII only");
            t[b[i] as usize] = true;
            i += 1;
        }
        Table(t)
    }

    /// The set of the bytes from `lo` to `hi`, both included.
    pub const fn range(lo: u8, hi: u8) -> Table {
        assert!(lo <= hi && hi < 128, "tables hold US-ASCII only");
        let mut t = [false; 256];
        let mut c = lo as usize;
        while c <= hi as usize {
            t[c] = true;
            c += 1;
        }
        Table(t)
    }

    /// Union: the production's `|`.
    pub const fn or(self, other: Table) -> Table {
        let mut t = self.0;
        let mut c = 0;
        while c < 256 {
            t[c] = t[c] || other.0[c];
            c += 1;
        }
        Table(t)
    }

    /// Subtraction: the characters of `self` that are not in `other`.
    pub const fn minus(self, other: Table) -> Table {
        let mut t = self.0;
        let mut c = 0;
        while c < 256 {
            t[c] = t[c] && !other.0[c];
            c += 1;
        }
        Table(t)
    }

    /// Whether byte `b` is in the set. Bytes of 128 and more never are.
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }

    /// Where the run of members that starts at `from` in `b` ends: the first position at or
    /// after `from` whose byte is not a member, or `b.len()`. Eight bytes at a time where it
    /// can (eight lookups and one branch), then byte by byte.
    #[inline(always)]
    pub fn run_end(&self, b: &[u8], from: usize) -> usize {
        let mut n = from;
        while let Some(chunk) = b.get(n..n + 8) {
            if !chunk.iter().fold(true, |all, &c| all & self.contains(c)) {
                break;
            }
            n += 8;
        }
        while n < b.len() && self.contains(b[n]) {
            n += 1;
        }
        n
    }

    /// The members in ascending order, as a string (for documentation and tests).
    pub fn members(&self) -> String {
        (0u8..128)
            .filter(|&b| self.contains(b))
            .map(char::from)
            .collect()
    }

    /// How many characters the set holds.
    #[cfg(test)]
    pub const fn len(&self) -> u32 {
        let mut n = 0;
        let mut c = 0;
        while c < 256 {
            if self.0[c] {
                n += 1;
            }
            c += 1;
        }
        n
    }

    /// Whether the set is empty.
    #[cfg(test)]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({:?})", self.members())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algebra() {
        let a = Table::chars("abc");
        let b = Table::range(b'b', b'd');
        assert_eq!(a.or(b).members(), "abcd");
        assert_eq!(a.minus(b).members(), "a");
        assert_eq!(Table::range(0, 127).len(), 128);
        assert!(Table::EMPTY.is_empty());
        for b in 128..=255u8 {
            assert!(!Table::range(0, 127).contains(b));
        }
        const DIGIT: Table = Table::range(b'0', b'9');
        const HEX: Table = DIGIT.or(Table::chars("ABCDEFabcdef"));
        assert!(HEX.contains(b'c') && !HEX.contains(b'g') && !HEX.contains(0xC3));
    }

    #[test]
    fn run_end_stops_at_the_first_non_member() {
        const LOWER: Table = Table::range(b'a', b'z');
        assert_eq!(LOWER.run_end(b"abcdefghijk/l", 0), 11);
        assert_eq!(LOWER.run_end(b"ab/", 2), 2);
    }
}
