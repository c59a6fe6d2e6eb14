//! Punctuation above U+007F in running text, for the end of an undelimited URI or IRI.
//!
//! RFC 3987 asks a reader of plain text not to take "a non-ASCII character ... as the
//! indication of the end of an IRI" (rfc3987.txt:1842); it also names the characters that
//! should not be in an IRI because they look like the ones that delimit URIs: "look-alikes of
//! "space", "delims", and "unwise"" (rfc3987.txt:1600). Running text uses exactly those as
//! its punctuation: `«...»`, `“...”`, `「...」`, `（...）` around a URI as ASCII text uses `"`
//! and `(`; `。` and `、` after one in a script that writes no space after them. So the rule
//! (written out in `docs/documents.md`, "IRIs in running text") goes by the character's
//! Unicode general category, as ASCII punctuation's own rule goes by its role:
//!
//! - whitespace (`White_Space`: U+00A0, U+3000 ...) ends a URI, as an ASCII space does;
//! - a bracket or quote (Ps, Pe, Pi, Pf) ends it, as `<`, `>` and `"` do, the apostrophes
//!   U+2018 and U+2019 aside, which are read as `'` is (a partner before the URI, trailing
//!   punctuation after it), since `’` is the apostrophe of English and French text;
//! - other punctuation (Po) that is full-width or ideographic (the blocks CJK Symbols and
//!   Punctuation, Vertical Forms, CJK Compatibility Forms, Small Form Variants, and Halfwidth
//!   and Fullwidth Forms: `。` `、` `，` `．` `：` `！` `？` `｡` ...) ends it, as the text goes on
//!   without a space after it; the katakana middle dot `･` (U+FF65) aside, which joins words
//!   (`ジョン・レノン`);
//! - any other punctuation (Po: `…`, `·`, `・`, `¿`, `§` ...) is taken off the end as `.` is;
//!   inside, it is the IRI's (`ジョン・レノン`, Catalan `col·legi`);
//! - every other character is the IRI's, and the grammar says whether it may be there.
//!
//! The tables are Unicode 14's categories of the code points above U+007F, made with
//! Python's `unicodedata`.

/// The characters above U+007F of the general categories Ps, Pe, Pi and Pf (opening and
/// closing brackets and quotes), Unicode 14.
const BRACKETS_AND_QUOTES: &[(char, char)] = &[
    ('\u{AB}', '\u{AB}'),
    ('\u{BB}', '\u{BB}'),
    ('\u{F3A}', '\u{F3D}'),
    ('\u{169B}', '\u{169C}'),
    ('\u{2018}', '\u{201F}'),
    ('\u{2039}', '\u{203A}'),
    ('\u{2045}', '\u{2046}'),
    ('\u{207D}', '\u{207E}'),
    ('\u{208D}', '\u{208E}'),
    ('\u{2308}', '\u{230B}'),
    ('\u{2329}', '\u{232A}'),
    ('\u{2768}', '\u{2775}'),
    ('\u{27C5}', '\u{27C6}'),
    ('\u{27E6}', '\u{27EF}'),
    ('\u{2983}', '\u{2998}'),
    ('\u{29D8}', '\u{29DB}'),
    ('\u{29FC}', '\u{29FD}'),
    ('\u{2E02}', '\u{2E05}'),
    ('\u{2E09}', '\u{2E0A}'),
    ('\u{2E0C}', '\u{2E0D}'),
    ('\u{2E1C}', '\u{2E1D}'),
    ('\u{2E20}', '\u{2E29}'),
    ('\u{2E42}', '\u{2E42}'),
    ('\u{2E55}', '\u{2E5C}'),
    ('\u{3008}', '\u{3011}'),
    ('\u{3014}', '\u{301B}'),
    ('\u{301D}', '\u{301F}'),
    ('\u{FD3E}', '\u{FD3F}'),
    ('\u{FE17}', '\u{FE18}'),
    ('\u{FE35}', '\u{FE44}'),
    ('\u{FE47}', '\u{FE48}'),
    ('\u{FE59}', '\u{FE5E}'),
    ('\u{FF08}', '\u{FF09}'),
    ('\u{FF3B}', '\u{FF3B}'),
    ('\u{FF3D}', '\u{FF3D}'),
    ('\u{FF5B}', '\u{FF5B}'),
    ('\u{FF5D}', '\u{FF5D}'),
    ('\u{FF5F}', '\u{FF60}'),
    ('\u{FF62}', '\u{FF63}'),
];

/// The characters above U+007F of the general category Po (other punctuation), Unicode 14.
const OTHER_PUNCTUATION: &[(char, char)] = &[
    ('\u{A1}', '\u{A1}'),
    ('\u{A7}', '\u{A7}'),
    ('\u{B6}', '\u{B7}'),
    ('\u{BF}', '\u{BF}'),
    ('\u{37E}', '\u{37E}'),
    ('\u{387}', '\u{387}'),
    ('\u{55A}', '\u{55F}'),
    ('\u{589}', '\u{589}'),
    ('\u{5C0}', '\u{5C0}'),
    ('\u{5C3}', '\u{5C3}'),
    ('\u{5C6}', '\u{5C6}'),
    ('\u{5F3}', '\u{5F4}'),
    ('\u{609}', '\u{60A}'),
    ('\u{60C}', '\u{60D}'),
    ('\u{61B}', '\u{61B}'),
    ('\u{61D}', '\u{61F}'),
    ('\u{66A}', '\u{66D}'),
    ('\u{6D4}', '\u{6D4}'),
    ('\u{700}', '\u{70D}'),
    ('\u{7F7}', '\u{7F9}'),
    ('\u{830}', '\u{83E}'),
    ('\u{85E}', '\u{85E}'),
    ('\u{964}', '\u{965}'),
    ('\u{970}', '\u{970}'),
    ('\u{9FD}', '\u{9FD}'),
    ('\u{A76}', '\u{A76}'),
    ('\u{AF0}', '\u{AF0}'),
    ('\u{C77}', '\u{C77}'),
    ('\u{C84}', '\u{C84}'),
    ('\u{DF4}', '\u{DF4}'),
    ('\u{E4F}', '\u{E4F}'),
    ('\u{E5A}', '\u{E5B}'),
    ('\u{F04}', '\u{F12}'),
    ('\u{F14}', '\u{F14}'),
    ('\u{F85}', '\u{F85}'),
    ('\u{FD0}', '\u{FD4}'),
    ('\u{FD9}', '\u{FDA}'),
    ('\u{104A}', '\u{104F}'),
    ('\u{10FB}', '\u{10FB}'),
    ('\u{1360}', '\u{1368}'),
    ('\u{166E}', '\u{166E}'),
    ('\u{16EB}', '\u{16ED}'),
    ('\u{1735}', '\u{1736}'),
    ('\u{17D4}', '\u{17D6}'),
    ('\u{17D8}', '\u{17DA}'),
    ('\u{1800}', '\u{1805}'),
    ('\u{1807}', '\u{180A}'),
    ('\u{1944}', '\u{1945}'),
    ('\u{1A1E}', '\u{1A1F}'),
    ('\u{1AA0}', '\u{1AA6}'),
    ('\u{1AA8}', '\u{1AAD}'),
    ('\u{1B5A}', '\u{1B60}'),
    ('\u{1B7D}', '\u{1B7E}'),
    ('\u{1BFC}', '\u{1BFF}'),
    ('\u{1C3B}', '\u{1C3F}'),
    ('\u{1C7E}', '\u{1C7F}'),
    ('\u{1CC0}', '\u{1CC7}'),
    ('\u{1CD3}', '\u{1CD3}'),
    ('\u{2016}', '\u{2017}'),
    ('\u{2020}', '\u{2027}'),
    ('\u{2030}', '\u{2038}'),
    ('\u{203B}', '\u{203E}'),
    ('\u{2041}', '\u{2043}'),
    ('\u{2047}', '\u{2051}'),
    ('\u{2053}', '\u{2053}'),
    ('\u{2055}', '\u{205E}'),
    ('\u{2CF9}', '\u{2CFC}'),
    ('\u{2CFE}', '\u{2CFF}'),
    ('\u{2D70}', '\u{2D70}'),
    ('\u{2E00}', '\u{2E01}'),
    ('\u{2E06}', '\u{2E08}'),
    ('\u{2E0B}', '\u{2E0B}'),
    ('\u{2E0E}', '\u{2E16}'),
    ('\u{2E18}', '\u{2E19}'),
    ('\u{2E1B}', '\u{2E1B}'),
    ('\u{2E1E}', '\u{2E1F}'),
    ('\u{2E2A}', '\u{2E2E}'),
    ('\u{2E30}', '\u{2E39}'),
    ('\u{2E3C}', '\u{2E3F}'),
    ('\u{2E41}', '\u{2E41}'),
    ('\u{2E43}', '\u{2E4F}'),
    ('\u{2E52}', '\u{2E54}'),
    ('\u{3001}', '\u{3003}'),
    ('\u{303D}', '\u{303D}'),
    ('\u{30FB}', '\u{30FB}'),
    ('\u{A4FE}', '\u{A4FF}'),
    ('\u{A60D}', '\u{A60F}'),
    ('\u{A673}', '\u{A673}'),
    ('\u{A67E}', '\u{A67E}'),
    ('\u{A6F2}', '\u{A6F7}'),
    ('\u{A874}', '\u{A877}'),
    ('\u{A8CE}', '\u{A8CF}'),
    ('\u{A8F8}', '\u{A8FA}'),
    ('\u{A8FC}', '\u{A8FC}'),
    ('\u{A92E}', '\u{A92F}'),
    ('\u{A95F}', '\u{A95F}'),
    ('\u{A9C1}', '\u{A9CD}'),
    ('\u{A9DE}', '\u{A9DF}'),
    ('\u{AA5C}', '\u{AA5F}'),
    ('\u{AADE}', '\u{AADF}'),
    ('\u{AAF0}', '\u{AAF1}'),
    ('\u{ABEB}', '\u{ABEB}'),
    ('\u{FE10}', '\u{FE16}'),
    ('\u{FE19}', '\u{FE19}'),
    ('\u{FE30}', '\u{FE30}'),
    ('\u{FE45}', '\u{FE46}'),
    ('\u{FE49}', '\u{FE4C}'),
    ('\u{FE50}', '\u{FE52}'),
    ('\u{FE54}', '\u{FE57}'),
    ('\u{FE5F}', '\u{FE61}'),
    ('\u{FE68}', '\u{FE68}'),
    ('\u{FE6A}', '\u{FE6B}'),
    ('\u{FF01}', '\u{FF03}'),
    ('\u{FF05}', '\u{FF07}'),
    ('\u{FF0A}', '\u{FF0A}'),
    ('\u{FF0C}', '\u{FF0C}'),
    ('\u{FF0E}', '\u{FF0F}'),
    ('\u{FF1A}', '\u{FF1B}'),
    ('\u{FF1F}', '\u{FF20}'),
    ('\u{FF3C}', '\u{FF3C}'),
    ('\u{FF61}', '\u{FF61}'),
    ('\u{FF64}', '\u{FF65}'),
    ('\u{10100}', '\u{10102}'),
    ('\u{1039F}', '\u{1039F}'),
    ('\u{103D0}', '\u{103D0}'),
    ('\u{1056F}', '\u{1056F}'),
    ('\u{10857}', '\u{10857}'),
    ('\u{1091F}', '\u{1091F}'),
    ('\u{1093F}', '\u{1093F}'),
    ('\u{10A50}', '\u{10A58}'),
    ('\u{10A7F}', '\u{10A7F}'),
    ('\u{10AF0}', '\u{10AF6}'),
    ('\u{10B39}', '\u{10B3F}'),
    ('\u{10B99}', '\u{10B9C}'),
    ('\u{10F55}', '\u{10F59}'),
    ('\u{10F86}', '\u{10F89}'),
    ('\u{11047}', '\u{1104D}'),
    ('\u{110BB}', '\u{110BC}'),
    ('\u{110BE}', '\u{110C1}'),
    ('\u{11140}', '\u{11143}'),
    ('\u{11174}', '\u{11175}'),
    ('\u{111C5}', '\u{111C8}'),
    ('\u{111CD}', '\u{111CD}'),
    ('\u{111DB}', '\u{111DB}'),
    ('\u{111DD}', '\u{111DF}'),
    ('\u{11238}', '\u{1123D}'),
    ('\u{112A9}', '\u{112A9}'),
    ('\u{1144B}', '\u{1144F}'),
    ('\u{1145A}', '\u{1145B}'),
    ('\u{1145D}', '\u{1145D}'),
    ('\u{114C6}', '\u{114C6}'),
    ('\u{115C1}', '\u{115D7}'),
    ('\u{11641}', '\u{11643}'),
    ('\u{11660}', '\u{1166C}'),
    ('\u{116B9}', '\u{116B9}'),
    ('\u{1173C}', '\u{1173E}'),
    ('\u{1183B}', '\u{1183B}'),
    ('\u{11944}', '\u{11946}'),
    ('\u{119E2}', '\u{119E2}'),
    ('\u{11A3F}', '\u{11A46}'),
    ('\u{11A9A}', '\u{11A9C}'),
    ('\u{11A9E}', '\u{11AA2}'),
    ('\u{11C41}', '\u{11C45}'),
    ('\u{11C70}', '\u{11C71}'),
    ('\u{11EF7}', '\u{11EF8}'),
    ('\u{11FFF}', '\u{11FFF}'),
    ('\u{12470}', '\u{12474}'),
    ('\u{12FF1}', '\u{12FF2}'),
    ('\u{16A6E}', '\u{16A6F}'),
    ('\u{16AF5}', '\u{16AF5}'),
    ('\u{16B37}', '\u{16B3B}'),
    ('\u{16B44}', '\u{16B44}'),
    ('\u{16E97}', '\u{16E9A}'),
    ('\u{16FE2}', '\u{16FE2}'),
    ('\u{1BC9F}', '\u{1BC9F}'),
    ('\u{1DA87}', '\u{1DA8B}'),
    ('\u{1E95E}', '\u{1E95F}'),
];

/// Whether `c` is in one of the sorted, disjoint `ranges`.
fn within(ranges: &[(char, char)], c: char) -> bool {
    ranges
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `c` is one of the full-width or ideographic forms: the blocks CJK Symbols and
/// Punctuation (U+3000-303F), Vertical Forms (U+FE10-FE1F), CJK Compatibility Forms and Small
/// Form Variants (U+FE30-FE6F), and Halfwidth and Fullwidth Forms (U+FF00-FFEF).
fn full_width(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303F}' | '\u{FE10}'..='\u{FE1F}' | '\u{FE30}'..='\u{FE6F}' | '\u{FF00}'..='\u{FFEF}')
}

/// A character above U+007F that ends an undelimited URI in running text: a bracket or quote
/// (the apostrophes `‘` `’` aside), or full-width or ideographic punctuation (the middle dot
/// `･` aside).
pub(super) fn ends_uri(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if within(BRACKETS_AND_QUOTES, c) {
        return !matches!(c, '\u{2018}' | '\u{2019}');
    }
    within(OTHER_PUNCTUATION, c) && full_width(c) && c != '\u{FF65}'
}

/// A character above U+007F that is taken off the end of an undelimited URI as `.` is: other
/// punctuation (Po), and the apostrophe `’`.
pub(super) fn trails(c: char) -> bool {
    !c.is_ascii() && (c == '\u{2019}' || within(OTHER_PUNCTUATION, c))
}

/// A letter of the scripts of Chinese, Japanese and Korean text: Han ideographs (with `々` and
/// `〆`), hiragana, katakana (full- and half-width, with `ー`) and Hangul (syllables and jamo).
/// Where such a letter follows an ASCII letter or digit of a URI written in ASCII, the text
/// has changed script: see `docs/documents.md`, "URLs glued to Chinese, Japanese and Korean
/// text". The Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) show nothing, so no reader sees
/// the text change script at one: they are not letters here.
pub(super) fn cjk(c: char) -> bool {
    !matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}')
        && matches!(c,
            '\u{1100}'..='\u{11FF}'      // Hangul Jamo
            | '\u{3005}'..='\u{3007}'    // 々 〆 〇
            | '\u{3041}'..='\u{309F}'    // Hiragana
            | '\u{30A1}'..='\u{30FA}'    // Katakana (not the middle dot U+30FB)
            | '\u{30FC}'..='\u{30FF}'    // ー ヽ ヾ ヿ
            | '\u{3131}'..='\u{318E}'    // Hangul Compatibility Jamo
            | '\u{31F0}'..='\u{31FF}'    // Katakana Phonetic Extensions
            | '\u{3400}'..='\u{4DBF}'    // CJK Unified Ideographs Extension A
            | '\u{4E00}'..='\u{9FFF}'    // CJK Unified Ideographs
            | '\u{A960}'..='\u{A97F}'    // Hangul Jamo Extended-A
            | '\u{AC00}'..='\u{D7A3}'    // Hangul Syllables
            | '\u{D7B0}'..='\u{D7FF}'    // Hangul Jamo Extended-B
            | '\u{F900}'..='\u{FAFF}'    // CJK Compatibility Ideographs
            | '\u{FF66}'..='\u{FF9F}'    // Halfwidth Katakana
            | '\u{FFA0}'..='\u{FFDC}'    // Halfwidth Hangul
            | '\u{20000}'..='\u{3134F}'  // CJK Unified Ideographs Extensions B to G
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_and_disjoint() {
        for t in [BRACKETS_AND_QUOTES, OTHER_PUNCTUATION] {
            assert!(t.iter().all(|&(lo, hi)| lo <= hi && !lo.is_ascii()));
            assert!(t.windows(2).all(|w| w[0].1 < w[1].0));
        }
    }

    #[test]
    fn brackets_quotes_and_full_width_punctuation_end() {
        for c in "«»“”„‹›「」『』（）【】〈〉《》⟨⟩。、，．：；！？｡､〃".chars()
        {
            assert!(ends_uri(c), "{c:?} ends");
        }
        // Apostrophes, middle dots, dashes, letters, and ASCII: no.
        for c in "‘’・･·—–éパ例(.\"".chars() {
            assert!(!ends_uri(c), "{c:?} does not end");
        }
    }

    #[test]
    fn cjk_letters_are_han_kana_and_hangul() {
        for c in "を参照してくださいカタカナｶﾀｶﾅー々获取更多信息에서를𠀋".chars()
        {
            assert!(cjk(c), "{c:?} is a CJK letter");
        }
        // Punctuation, the middle dots, Latin, Cyrillic, digits: no.
        for c in "。、・･「aé9ф–\u{115F}\u{1160}\u{3164}\u{FFA0}".chars() {
            assert!(!cjk(c), "{c:?} is not");
        }
    }

    #[test]
    fn other_punctuation_trails() {
        for c in "…‥·・¿¡§’".chars() {
            assert!(trails(c), "{c:?} trails");
        }
        for c in "“»（パé.-".chars() {
            assert!(!trails(c), "{c:?} does not trail");
        }
    }
}
