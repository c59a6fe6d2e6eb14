//! Lexical tokens: section 3.3, rfc822.txt:710-775, the rules `addr-spec` reaches (and the
//! white-space rules), in spec order.
//!
//! The prose values are read as character sets: `CHAR` is US-ASCII (0-127); `qtext` and
//! `dtext` are one character of their set ("including linear-white-space" adds no character:
//! SPACE, HTAB and LF are already `CHAR`s, and the CR of a folding CRLF is excluded).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize};
use nom::multi::{many0_count, many1_count};

use crate::input::primitives::{branch, lit, many, many1, one, production};
use crate::input::{Fail, PResult, Span};
use crate::table::Table;

// =============================================================================================
// Characters (rfc822.txt:710-724)
// =============================================================================================

/// `CHAR`: US-ASCII.
pub const CHAR: Table = Table::range(0, 127);

/// ```text
/// CHAR        =  <any ASCII character>        ; (  0-177,  0.-127.)
/// ```
/// rfc822.txt:710, section 3.3.
pub fn char<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("CHAR", one(&CHAR, "CHAR")).parse(i)
}

/// `ALPHA`.
pub const ALPHA: Table = Table::range(b'A', b'Z').or(Table::range(b'a', b'z'));

/// ```text
/// ALPHA       =  <any ASCII alphabetic character>
///                                             ; (101-132, 65.- 90.)
///                                             ; (141-172, 97.-122.)
/// ```
/// rfc822.txt:711, section 3.3.
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ALPHA", one(&ALPHA, "ALPHA")).parse(i)
}

/// `DIGIT`.
pub const DIGIT: Table = Table::range(b'0', b'9');

/// ```text
/// DIGIT       =  <any ASCII decimal digit>    ; ( 60- 71, 48.- 57.)
/// ```
/// rfc822.txt:714, section 3.3.
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("DIGIT", one(&DIGIT, "DIGIT")).parse(i)
}

/// `CTL`.
pub const CTL: Table = Table::range(0, 31).or(Table::chars("\x7F"));

/// ```text
/// CTL         =  <any ASCII control           ; (  0- 37,  0.- 31.)
///                 character and DEL>          ; (    177,     127.)
/// ```
/// rfc822.txt:715, section 3.3.
pub fn ctl<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("CTL", one(&CTL, "CTL")).parse(i)
}

/// ```text
/// CR          =  <ASCII CR, carriage return>  ; (     15,      13.)
/// ```
/// rfc822.txt:717, section 3.3.
pub fn cr<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("CR", lit("\r")).parse(i)
}

/// ```text
/// LF          =  <ASCII LF, linefeed>         ; (     12,      10.)
/// ```
/// rfc822.txt:718, section 3.3.
pub fn lf<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("LF", lit("\n")).parse(i)
}

/// ```text
/// SPACE       =  <ASCII SP, space>            ; (     40,      32.)
/// ```
/// rfc822.txt:719, section 3.3.
pub fn space<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("SPACE", lit(" ")).parse(i)
}

/// ```text
/// HTAB        =  <ASCII HT, horizontal-tab>   ; (     11,       9.)
/// ```
/// rfc822.txt:720, section 3.3.
pub fn htab<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("HTAB", lit("\t")).parse(i)
}

/// ```text
/// CRLF        =  CR LF
/// ```
/// rfc822.txt:722, section 3.3.
pub fn crlf<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("CRLF", lit("\r\n")).parse(i)
}

/// `LWSP-char`.
pub const LWSP_CHAR: Table = Table::chars(" \t");

/// ```text
/// LWSP-char   =  SPACE / HTAB                 ; semantics = SPACE
/// ```
/// rfc822.txt:724, section 3.3.
pub fn lwsp_char<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("LWSP-char", one(&LWSP_CHAR, "LWSP-char")).parse(i)
}

/// ```text
/// linear-white-space =  1*([CRLF] LWSP-char)  ; semantics = SPACE
///                                             ; CRLF => folding
/// ```
/// rfc822.txt:726, section 3.3.
///
/// `[CRLF]` is exact as a greedy option: without it, a `LWSP-char` would have to stand where
/// the CR is.
pub fn linear_white_space<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "linear-white-space",
        recognize(many1_count(branch((opt(crlf), lwsp_char)))),
    )
    .parse(i)
}

/// `specials`.
pub const SPECIALS: Table = Table::chars("()<>@,;:\\\".[]");

/// ```text
/// specials    =  "(" / ")" / "<" / ">" / "@"  ; Must be in quoted-
///             /  "," / ";" / ":" / "\" / <">  ;  string, to use
///             /  "." / "[" / "]"              ;  within a word.
/// ```
/// rfc822.txt:729, section 3.3.
pub fn specials<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("specials", one(&SPECIALS, "specials")).parse(i)
}

// =============================================================================================
// Atoms, quoted strings and domain literals (rfc822.txt:740-775)
// =============================================================================================

/// The characters of an `atom`.
pub const ATOM: Table = CHAR.minus(SPECIALS).minus(Table::chars(" ")).minus(CTL);

/// ```text
/// atom        =  1*<any CHAR except specials, SPACE and CTLs>
/// ```
/// rfc822.txt:740, section 3.3.
///
/// The run is greedy: what may follow an `atom` in an `addr-spec` (`.`, `@`, the end) is no
/// atom character.
pub fn atom<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("atom", many1(&ATOM, "atom")).parse(i)
}

/// `*(t / quoted-pair)`: the body of `quoted-string` and `domain-literal`, `t` being `qtext`
/// or `dtext` (named `name`). The two alternatives start with different characters (`t`
/// holds no `\\`), so each step is determined; a run of `t` is one step.
fn repeat<'a>(
    t: &'static Table,
    name: &'static str,
) -> impl Parser<Span<'a>, Output = Span<'a>, Error = Fail> {
    recognize((many(t, name), many0_count((quoted_pair, many(t, name)))))
}

/// ```text
/// quoted-string = <"> *(qtext/quoted-pair) <">; Regular qtext or
///                                             ;   quoted chars.
/// ```
/// rfc822.txt:742, section 3.3.
pub fn quoted_string<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "quoted-string",
        recognize((lit("\""), repeat(&QTEXT, "qtext"), lit("\""))),
    )
    .parse(i)
}

/// `qtext`.
pub const QTEXT: Table = CHAR.minus(Table::chars("\"\\\r"));

/// ```text
/// qtext       =  <any CHAR excepting <">,     ; => may be folded
///                 "\" & CR, and including
///                 linear-white-space>
/// ```
/// rfc822.txt:745, section 3.3. One character (see the module doc).
pub fn qtext<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("qtext", one(&QTEXT, "qtext")).parse(i)
}

/// ```text
/// domain-literal =  "[" *(dtext / quoted-pair) "]"
/// ```
/// rfc822.txt:749, section 3.3.
pub fn domain_literal<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "domain-literal",
        recognize((lit("["), repeat(&DTEXT, "dtext"), lit("]"))),
    )
    .parse(i)
}

/// `dtext`.
pub const DTEXT: Table = CHAR.minus(Table::chars("[]\\\r"));

/// ```text
/// dtext       =  <any CHAR excluding "[",     ; => may be folded
///                 "]", "\" & CR, & including
///                 linear-white-space>
/// ```
/// rfc822.txt:761, section 3.3. One character (see the module doc).
pub fn dtext<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("dtext", one(&DTEXT, "dtext")).parse(i)
}

/// ```text
/// quoted-pair =  "\" CHAR                     ; may quote any char
/// ```
/// rfc822.txt:771, section 3.3.
pub fn quoted_pair<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("quoted-pair", recognize((lit("\\"), one(&CHAR, "CHAR")))).parse(i)
}

/// ```text
/// word        =  atom / quoted-string
/// ```
/// rfc822.txt:775, section 3.3.
///
/// A `quoted-string` starts with `"`, which is no `atom` character: ordered choice is exact.
pub fn word<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("word", alt((atom, quoted_string))).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    fn check(rule: &str, input: &str) -> Result<(), usize> {
        Grammar::Rfc822.check(rule, input).map_err(|e| e.offset())
    }

    #[test]
    fn tables_match_naive_predicates() {
        type Naive = (&'static str, Table, fn(u8) -> bool);
        let specials = |b: u8| b"()<>@,;:\\\".[]".contains(&b);
        let naive: &[Naive] = &[
            ("CHAR", CHAR, |b| b < 128),
            ("ALPHA", ALPHA, |b| b.is_ascii_alphabetic()),
            ("DIGIT", DIGIT, |b| b.is_ascii_digit()),
            ("CTL", CTL, |b| b < 32 || b == 127),
            ("LWSP-char", LWSP_CHAR, |b| b == b' ' || b == b'\t'),
            ("specials", SPECIALS, |b| b"()<>@,;:\\\".[]".contains(&b)),
            ("qtext", QTEXT, |b| b < 128 && !b"\"\\\r".contains(&b)),
            ("dtext", DTEXT, |b| b < 128 && !b"[]\\\r".contains(&b)),
        ];
        for (name, t, f) in naive {
            for b in 0..=255u8 {
                assert_eq!(t.contains(b), f(b), "{name} at byte {b:#04x}");
            }
        }
        for b in 0..=255u8 {
            let atom = b < 128 && !specials(b) && b != b' ' && !(b < 32 || b == 127);
            assert_eq!(ATOM.contains(b), atom, "atom at byte {b:#04x}");
        }
    }

    #[test]
    fn lexical_tokens() {
        for (rule, input) in [
            ("linear-white-space", "\r\n \t"),
            ("quoted-pair", "\\\u{7f}"),
            ("quoted-string", "\"\""),
            ("quoted-string", "\"a\tb\n\\\"\""),
            ("domain-literal", "[]"),
            ("atom", "%/=?#"),
        ] {
            assert_eq!(check(rule, input), Ok(()), "{rule} {input:?}");
        }
        for (rule, input, at) in [
            ("linear-white-space", "\r\n", 2),
            ("linear-white-space", "\rx", 1),
            ("atom", "é", 0),
            ("quoted-string", "\"\r\"", 1),
            ("domain-literal", "[a[", 2),
            ("quoted-pair", "\\é", 1),
        ] {
            assert_eq!(check(rule, input), Err(at), "{rule} {input:?}");
        }
    }
}
