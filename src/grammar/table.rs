//! Character-class tables shared by every grammar.
//!
//! A [`Table`] is a 128-bit set of US-ASCII characters, built at compile time with `const fn`
//! union and subtraction so that each table reads like the production it implements:
//!
//! ```
//! use urigram::grammar::table::Table;
//! const DIGIT: Table = Table::range(b'0', b'9');
//! const HEX: Table = DIGIT.or(Table::chars("ABCDEFabcdef"));
//! assert!(HEX.contains(b'c'));
//! assert!(!HEX.contains(b'g'));
//! assert!(!HEX.contains(0xC3)); // nothing outside US-ASCII is in any table
//! ```

/// A set of US-ASCII characters (bytes 0 to 127).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table(u128);

impl Table {
    /// The empty set.
    pub const EMPTY: Table = Table(0);

    /// The set of the bytes of `s` (each must be US-ASCII; a byte of 128 or more fails to
    /// compile when used in a `const`).
    pub const fn chars(s: &str) -> Table {
        let b = s.as_bytes();
        let mut bits = 0u128;
        let mut i = 0;
        while i < b.len() {
            assert!(b[i] < 128, "tables hold US-ASCII only");
            bits |= 1u128 << b[i];
            i += 1;
        }
        Table(bits)
    }

    /// The set of the bytes from `lo` to `hi`, both included.
    pub const fn range(lo: u8, hi: u8) -> Table {
        assert!(lo <= hi && hi < 128, "tables hold US-ASCII only");
        let mut bits = 0u128;
        let mut c = lo;
        while c <= hi {
            bits |= 1u128 << c;
            if c == hi {
                break;
            }
            c += 1;
        }
        Table(bits)
    }

    /// Union: the production's `|`.
    pub const fn or(self, other: Table) -> Table {
        Table(self.0 | other.0)
    }

    /// Subtraction: the characters of `self` that are not in `other`.
    pub const fn minus(self, other: Table) -> Table {
        Table(self.0 & !other.0)
    }

    /// Whether byte `b` is in the set. Bytes of 128 and more never are.
    #[inline(always)]
    pub const fn contains(self, b: u8) -> bool {
        b < 128 && (self.0 >> b) & 1 == 1
    }

    /// The members in ascending order, as a string (for documentation and tests).
    pub fn members(self) -> String {
        (0u8..128)
            .filter(|&b| self.contains(b))
            .map(char::from)
            .collect()
    }

    /// How many characters the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
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
    }
}
