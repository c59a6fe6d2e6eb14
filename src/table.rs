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
pub struct Table {
    flags: [bool; 256],
}

/// A [`Table`] with the same set kept a second way, by nibbles, for the vector scans of
/// [`Wide::run_end`]: bit `hi` of `nibbles[lo]` is set when the byte `hi * 16 + lo` is a
/// member (`hi` is below 8, since every member is US-ASCII). A type of its own, made with
/// [`Table::wide`] where a fast pass declares its constants, so that the tables of the
/// structured passes keep their size (when their parsers held them by value, 272 bytes
/// instead of 256 cost the diagnosis 7% more instructions, in copies; they hold references
/// now).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide {
    table: Table,
    nibbles: [u8; 16],
}

impl Wide {
    /// [`Table::run_end`], sixteen or thirty-two bytes per step where the CPU can
    /// ([`scan`]): what the fast passes use.
    #[inline(always)]
    pub fn run_end(&self, b: &[u8], from: usize) -> usize {
        scan::run_end(self, b, from)
    }

    /// Whether byte `b` is in the set.
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        self.table.contains(b)
    }
}

impl std::fmt::Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.table.fmt(f)
    }
}

impl Table {
    /// The empty set.
    #[cfg(test)]
    pub const EMPTY: Table = Table::of([false; 256]);

    /// The set of the flags `t`.
    const fn of(t: [bool; 256]) -> Table {
        Table { flags: t }
    }

    /// The set with its nibble form, for the vector scans ([`Wide`]).
    pub const fn wide(self) -> Wide {
        let mut nibbles = [0u8; 16];
        let mut c = 0;
        while c < 128 {
            if self.flags[c] {
                nibbles[c & 15] |= 1 << (c >> 4);
            }
            c += 1;
        }
        Wide {
            table: self,
            nibbles,
        }
    }

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
        Table::of(t)
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
        Table::of(t)
    }

    /// Union: the production's `|`.
    pub const fn or(self, other: Table) -> Table {
        let mut t = self.flags;
        let mut c = 0;
        while c < 256 {
            t[c] = t[c] || other.flags[c];
            c += 1;
        }
        Table::of(t)
    }

    /// Subtraction: the characters of `self` that are not in `other`.
    pub const fn minus(self, other: Table) -> Table {
        let mut t = self.flags;
        let mut c = 0;
        while c < 256 {
            t[c] = t[c] && !other.flags[c];
            c += 1;
        }
        Table::of(t)
    }

    /// Whether byte `b` is in the set. Bytes of 128 and more never are.
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        self.flags[b as usize]
    }

    /// Where the run of members that starts at `from` in `b` ends: the first position at or
    /// after `from` whose byte is not a member, or `b.len()` (`from` itself when it is past the
    /// end). Eight bytes per branch, inlined: what the structured passes use, whose runs are
    /// short and many; the fast passes use [`Wide::run_end`].
    #[inline(always)]
    pub fn run_end(&self, b: &[u8], from: usize) -> usize {
        scan::swar(self, b, from)
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
            if self.flags[c] {
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

/// The scans of runs of a table's members ([`Wide::run_end`]), one per kind of CPU, each
/// giving the scalar scan's answer for every input ([`scan::scalar`], the reference):
///
/// - `avx2` and `ssse3` test 32 or 16 bytes per step with two byte shuffles (the low nibble of
///   each byte picks its column of [`Table`]'s nibble form, the high nibble its bit), and the
///   last step reads the last 32 or 16 bytes of the input again rather than past its end;
/// - `swar` folds eight bytes' flags into one per branch (no arithmetic on a `u64` word can test
///   an arbitrary set: each byte is still looked up), then goes byte by byte where the run
///   ends.
///
/// Which one runs is found once per process (`is_x86_feature_detected!`, then a relaxed atomic
/// load per call); `URIGRAM_SCAN=swar` or `ssse3` in the environment at that moment caps it,
/// so the test suite and the benchmarks can run every path on one machine. The tests below
/// hold every path to the scalar one on every byte value at every position of inputs of 0 to
/// 80 bytes; the `scans` fuzz target does the same on arbitrary input and tables.
pub(crate) mod scan {
    use std::sync::atomic::{AtomicU8, Ordering};

    use super::{Table, Wide};

    /// Not yet found.
    const UNKNOWN: u8 = 0;
    /// Eight bytes per branch, on any CPU.
    pub(crate) const SWAR: u8 = 1;
    /// Sixteen bytes per step.
    pub(crate) const SSSE3: u8 = 2;
    /// Thirty-two bytes per step.
    pub(crate) const AVX2: u8 = 3;

    static LEVEL: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// The scan this CPU runs: [`SWAR`], [`SSSE3`] or [`AVX2`].
    #[inline(always)]
    pub(crate) fn level() -> u8 {
        let l = LEVEL.load(Ordering::Relaxed);
        if l != UNKNOWN { l } else { detect() }
    }

    /// What the CPU has, capped by `URIGRAM_SCAN`; stored for the next calls.
    #[cold]
    #[inline(never)]
    fn detect() -> u8 {
        #[cfg(target_arch = "x86_64")]
        let found = if !std::arch::is_x86_feature_detected!("ssse3") {
            SWAR
        } else if std::arch::is_x86_feature_detected!("avx2") {
            AVX2
        } else {
            SSSE3
        };
        #[cfg(not(target_arch = "x86_64"))]
        let found = SWAR;
        let cap = match std::env::var("URIGRAM_SCAN").as_deref() {
            Ok("swar") => SWAR,
            Ok("ssse3") => SSSE3,
            _ => AVX2,
        };
        let l = found.min(cap);
        LEVEL.store(l, Ordering::Relaxed);
        l
    }

    /// [`Wide::run_end`]: the widest scan the CPU has that fits the input.
    #[inline(always)]
    pub(crate) fn run_end(t: &Wide, b: &[u8], from: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if b.len() >= 16 && from < b.len() {
            let l = level();
            if l == AVX2 && b.len() >= 32 {
                // SAFETY: `level` found AVX2 and SSSE3 on this CPU; `b` holds 32 bytes or more
                // and `from` is inside it, which is what `avx2` requires.
                return unsafe { x86::avx2(t, b, from) };
            }
            if l >= SSSE3 {
                // SAFETY: `level` found SSSE3 on this CPU; `b` holds 16 bytes or more and
                // `from` is inside it, which is what `ssse3` requires.
                return unsafe { x86::ssse3(t, b, from) };
            }
        }
        swar(&t.table, b, from)
    }

    /// One byte at a time: the reference.
    #[cfg(any(test, fuzzing))]
    pub(crate) fn scalar(t: &Table, b: &[u8], from: usize) -> usize {
        let mut n = from;
        while n < b.len() && t.contains(b[n]) {
            n += 1;
        }
        n
    }

    /// Eight bytes per branch: their flags folded into one, then byte by byte in the word
    /// where the run ends and in the last few bytes. (Folding the flags into a mask and taking
    /// its first zero instead, with no second look at the last word, executed 100 more
    /// instructions per URI of the benchmark corpus.)
    #[inline(always)]
    pub(crate) fn swar(t: &Table, b: &[u8], from: usize) -> usize {
        let mut n = from;
        while let Some(w) = b.get(n..n + 8) {
            if !w.iter().fold(true, |all, &c| all & t.contains(c)) {
                break;
            }
            n += 8;
        }
        while n < b.len() && t.contains(b[n]) {
            n += 1;
        }
        n
    }

    /// The vector scans. Both take `b` of at least their width in bytes and `from` inside it.
    #[cfg(target_arch = "x86_64")]
    pub(crate) mod x86 {
        use std::arch::x86_64::*;

        use super::Wide;

        /// The bit of each high nibble: bytes of 128 and more (high nibble 8 to 15) get none,
        /// so they are never members.
        const HIGH_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

        /// Bit `k` set when byte `k` of `v` is not a member of the table whose nibble form is
        /// `low` (see [`Table`]).
        #[inline]
        #[target_feature(enable = "ssse3")]
        fn misses16(v: __m128i, low: __m128i, high: __m128i) -> u32 {
            let nibble = _mm_set1_epi8(0x0F);
            let lo = _mm_and_si128(v, nibble);
            let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), nibble);
            let hit = _mm_and_si128(_mm_shuffle_epi8(low, lo), _mm_shuffle_epi8(high, hi));
            _mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32
        }

        /// [`misses16`], thirty-two bytes.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn misses32(v: __m256i, low: __m256i, high: __m256i) -> u32 {
            let nibble = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(v, nibble);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
            let hit = _mm256_and_si256(_mm256_shuffle_epi8(low, lo), _mm256_shuffle_epi8(high, hi));
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())) as u32
        }

        /// Sixteen bytes per step.
        ///
        /// # Safety
        ///
        /// The CPU has SSSE3; `b.len() >= 16` and `from < b.len()`.
        #[target_feature(enable = "ssse3")]
        pub(crate) unsafe fn ssse3(t: &Wide, b: &[u8], from: usize) -> usize {
            debug_assert!(b.len() >= 16 && from < b.len());
            let (len, p) = (b.len(), b.as_ptr());
            // SAFETY: both arrays are 16 bytes long; the loads are unaligned ones.
            let (low, high) = unsafe {
                (
                    _mm_loadu_si128(t.nibbles.as_ptr().cast()),
                    _mm_loadu_si128(HIGH_BITS.as_ptr().cast()),
                )
            };
            let mut n = from;
            while n + 16 <= len {
                // SAFETY: the 16 bytes from `n` are in `b` (`n + 16 <= len`).
                let v = unsafe { _mm_loadu_si128(p.add(n).cast()) };
                let m = misses16(v, low, high);
                if m != 0 {
                    return n + m.trailing_zeros() as usize;
                }
                n += 16;
            }
            if n == len {
                return len;
            }
            // Fewer than 16 bytes left: the last 16 bytes of `b`, of which the first
            // `n - start` were read already and are shifted out.
            let start = len - 16;
            // SAFETY: `start + 16 == len`, and `start` is not negative since `len >= 16`.
            let v = unsafe { _mm_loadu_si128(p.add(start).cast()) };
            let m = misses16(v, low, high) >> (n - start);
            if m != 0 {
                n + m.trailing_zeros() as usize
            } else {
                len
            }
        }

        /// Thirty-two bytes per step.
        ///
        /// # Safety
        ///
        /// The CPU has AVX2; `b.len() >= 32` and `from < b.len()`.
        #[target_feature(enable = "avx2")]
        pub(crate) unsafe fn avx2(t: &Wide, b: &[u8], from: usize) -> usize {
            debug_assert!(b.len() >= 32 && from < b.len());
            let (len, p) = (b.len(), b.as_ptr());
            // SAFETY: both arrays are 16 bytes long; the loads are unaligned ones.
            let (low, high) = unsafe {
                (
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(t.nibbles.as_ptr().cast())),
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(HIGH_BITS.as_ptr().cast())),
                )
            };
            let mut n = from;
            while n + 32 <= len {
                // SAFETY: the 32 bytes from `n` are in `b` (`n + 32 <= len`).
                let v = unsafe { _mm256_loadu_si256(p.add(n).cast()) };
                let m = misses32(v, low, high);
                if m != 0 {
                    return n + m.trailing_zeros() as usize;
                }
                n += 32;
            }
            if n == len {
                return len;
            }
            // As in `ssse3`: the last 32 bytes, those before `n` shifted out (`n - start` is
            // below 32).
            let start = len - 32;
            // SAFETY: `start + 32 == len`, and `start` is not negative since `len >= 32`.
            let v = unsafe { _mm256_loadu_si256(p.add(start).cast()) };
            let m = misses32(v, low, high) >> (n - start);
            if m != 0 {
                n + m.trailing_zeros() as usize
            } else {
                len
            }
        }
    }

    /// Every path this CPU can run, on `b` from `from`, as `(name, end)`: what the tests and
    /// the `scans` fuzz target compare with [`scalar`].
    #[cfg(any(test, fuzzing))]
    pub(crate) fn every_path(t: &Wide, b: &[u8], from: usize) -> [(&'static str, usize); 4] {
        let mut ends = [
            ("swar", swar(&t.table, b, from)),
            ("run_end", run_end(t, b, from)),
            ("", 0),
            ("", 0),
        ];
        #[cfg(target_arch = "x86_64")]
        if from < b.len() {
            if b.len() >= 16 && std::arch::is_x86_feature_detected!("ssse3") {
                // SAFETY: the CPU has SSSE3, `b` holds 16 bytes or more, `from` is inside it.
                ends[2] = ("ssse3", unsafe { x86::ssse3(t, b, from) });
            }
            if b.len() >= 32
                && std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("ssse3")
            {
                // SAFETY: the CPU has AVX2, `b` holds 32 bytes or more, `from` is inside it.
                ends[3] = ("avx2", unsafe { x86::avx2(t, b, from) });
            }
        }
        ends
    }

    /// Whether every path gives the scalar scan's end: `Err` names the first that does not.
    #[cfg(any(test, fuzzing))]
    pub(crate) fn paths_agree(t: &Wide, b: &[u8], from: usize) -> Result<(), String> {
        let want = scalar(&t.table, b, from);
        for (name, end) in every_path(t, b, from) {
            if !name.is_empty() && end != want {
                return Err(format!(
                    "{name} ends at {end}, the scalar scan at {want}: {t:?} on {b:?} from {from}"
                ));
            }
        }
        Ok(())
    }

    /// The `scans` fuzz target: `data` read as a table (its first 16 bytes, in the nibble
    /// form of the crate's character tables), a start position (the next byte) and an input
    /// (the rest); whether every path gives the scalar scan's end, from that position and from
    /// the start.
    #[cfg(any(test, fuzzing))]
    pub fn scans_agree(data: &[u8]) -> Result<(), String> {
        let Some((nibbles, rest)) = data.split_first_chunk::<16>() else {
            return Ok(());
        };
        let Some((&from, b)) = rest.split_first() else {
            return Ok(());
        };
        let mut flags = [false; 256];
        for (c, f) in flags.iter_mut().enumerate().take(128) {
            *f = nibbles[c & 15] & (1 << (c >> 4)) != 0;
        }
        let t = Table::of(flags).wide();
        paths_agree(&t, b, usize::from(from))?;
        paths_agree(&t, b, 0)
    }

    /// The exhaustive test of one table: inputs of 0 to 80 bytes of members (one member
    /// repeated, or none when the table is empty), each with every byte value at every
    /// position, scanned from the start, from that position and around it, and from the end;
    /// each case at its own alignment (all 32 are met), every path against the scalar one.
    #[cfg(test)]
    pub(crate) fn assert_every_path_agrees(t: &Wide) {
        let member = (0u8..128).find(|&c| t.contains(c)).unwrap_or(0);
        let mut buf = [0u8; 128];
        let mut case = 0usize;
        for len in 0..=80usize {
            for pos in 0..len.max(1) {
                for v in 0..=255u8 {
                    let at = case % 32;
                    case += 1;
                    let b = &mut buf[at..at + len];
                    b.fill(member);
                    if pos < len {
                        b[pos] = v;
                    }
                    let froms = [
                        0,
                        1,
                        pos.saturating_sub(1),
                        pos,
                        pos + 1,
                        len - len.min(17),
                        len,
                    ];
                    for from in froms {
                        if let Err(e) = paths_agree(t, b, from) {
                            panic!("{e}");
                        }
                    }
                }
            }
        }
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

    /// Every scan path gives the scalar scan's answer, for every byte value at every position
    /// of inputs of 0 to 80 bytes, on tables of every shape: empty, full, one byte, ranges
    /// across the nibble columns, and pseudo-random ones (the grammars' own tables are held the
    /// same way next to their fast passes).
    #[test]
    fn every_scan_path_agrees_with_the_scalar_one() {
        let mut tables = vec![
            Table::EMPTY,
            Table::range(0, 127),
            Table::chars("%"),
            Table::range(b'0', b'9'),
            Table::range(b'a', b'z').or(Table::chars("-.")),
            Table::range(0, 31).or(Table::chars("\x7f")),
        ];
        let mut x = 0x2396_3986_u64;
        for _ in 0..4 {
            let mut flags = [false; 256];
            for f in flags.iter_mut().take(128) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *f = x & 1 == 1;
            }
            tables.push(Table::of(flags));
        }
        for t in &tables {
            scan::assert_every_path_agrees(&t.wide());
        }
    }

    /// The nibble form holds the same set as the flags.
    #[test]
    fn the_nibble_form_is_the_set() {
        let t = Table::range(b'a', b'z').or(Table::chars("%-.~"));
        for c in 0..=255u8 {
            let by_nibbles =
                c < 128 && t.wide().nibbles[usize::from(c & 15)] & (1 << (c >> 4)) != 0;
            assert_eq!(by_nibbles, t.contains(c), "{c}");
        }
    }

    #[test]
    fn the_fuzz_entry_reads_a_table() {
        let mut data = [0u8; 16].to_vec();
        data[1] = 1 << 3; // "1", 0x31
        data.push(0);
        data.extend_from_slice(b"1111111111111111111x");
        assert_eq!(scan::scans_agree(&data), Ok(()));
    }

    #[test]
    fn run_end_stops_at_the_first_non_member() {
        const LOWER: Table = Table::range(b'a', b'z');
        assert_eq!(LOWER.run_end(b"abcdefghijk/l", 0), 11);
        assert_eq!(LOWER.run_end(b"ab/", 2), 2);
    }
}
