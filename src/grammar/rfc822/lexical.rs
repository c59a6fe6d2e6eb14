//! Lexical tokens: section 3.3, rfc822.txt:710-775, the rules `addr-spec` reaches (and the
//! white-space rules), in spec order.
//!
//! The prose values are read as character sets: `CHAR` is US-ASCII (0-127); `qtext` and
//! `dtext` are one character of their set ("including linear-white-space" adds no character:
//! SPACE, HTAB and LF are already `CHAR`s, and the CR of a folding CRLF is excluded).

use nom::Err;

use crate::input::{PResult, Span, lit, many, many1, maybe, one, production, recognized};
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
    production(i, "CHAR", |i| one(i, CHAR, "CHAR"))
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
    production(i, "ALPHA", |i| one(i, ALPHA, "ALPHA"))
}

/// `DIGIT`.
pub const DIGIT: Table = Table::range(b'0', b'9');

/// ```text
/// DIGIT       =  <any ASCII decimal digit>    ; ( 60- 71, 48.- 57.)
/// ```
/// rfc822.txt:714, section 3.3.
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "DIGIT", |i| one(i, DIGIT, "DIGIT"))
}

/// `CTL`.
pub const CTL: Table = Table::range(0, 31).or(Table::chars("\x7F"));

/// ```text
/// CTL         =  <any ASCII control           ; (  0- 37,  0.- 31.)
///                 character and DEL>          ; (    177,     127.)
/// ```
/// rfc822.txt:715, section 3.3.
pub fn ctl<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "CTL", |i| one(i, CTL, "CTL"))
}

/// ```text
/// CR          =  <ASCII CR, carriage return>  ; (     15,      13.)
/// ```
/// rfc822.txt:717, section 3.3.
pub fn cr<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "CR", |i| lit(i, "\r"))
}

/// ```text
/// LF          =  <ASCII LF, linefeed>         ; (     12,      10.)
/// ```
/// rfc822.txt:718, section 3.3.
pub fn lf<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "LF", |i| lit(i, "\n"))
}

/// ```text
/// SPACE       =  <ASCII SP, space>            ; (     40,      32.)
/// ```
/// rfc822.txt:719, section 3.3.
pub fn space<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "SPACE", |i| lit(i, " "))
}

/// ```text
/// HTAB        =  <ASCII HT, horizontal-tab>   ; (     11,       9.)
/// ```
/// rfc822.txt:720, section 3.3.
pub fn htab<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "HTAB", |i| lit(i, "\t"))
}

/// ```text
/// CRLF        =  CR LF
/// ```
/// rfc822.txt:722, section 3.3.
pub fn crlf<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "CRLF", |i| lit(i, "\r\n"))
}

/// `LWSP-char`.
pub const LWSP_CHAR: Table = Table::chars(" \t");

/// ```text
/// LWSP-char   =  SPACE / HTAB                 ; semantics = SPACE
/// ```
/// rfc822.txt:724, section 3.3.
pub fn lwsp_char<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "LWSP-char", |i| one(i, LWSP_CHAR, "LWSP-char"))
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
    production(i, "linear-white-space", |i| {
        fn unit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
            let (i, _) = maybe(i, crlf)?;
            lwsp_char(i)
        }
        let (mut rest, _) = unit(i)?;
        // Every unit consumes at least one character, so the loop ends.
        while let (r, Some(_)) = maybe(rest, unit)? {
            rest = r;
        }
        Ok(recognized(i, rest))
    })
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
    production(i, "specials", |i| one(i, SPECIALS, "specials"))
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
    production(i, "atom", |i| many1(i, ATOM, "atom"))
}

/// `x *(t / quoted-pair) close` after the opening character: the shared body of
/// `quoted-string` and `domain-literal`. The two alternatives start with different characters
/// (`t` holds no `\`), so each step is determined.
fn delimited<'a>(
    i: Span<'a>,
    open: &'static str,
    t: Table,
    name: &'static str,
    close: &'static str,
) -> PResult<'a, Span<'a>> {
    let (mut rest, _) = lit(i, open)?;
    loop {
        (rest, _) = many(rest, t, name)?;
        match quoted_pair(rest) {
            Ok((r, _)) => rest = r,
            Err(Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    let (rest, _) = lit(rest, close)?;
    Ok(recognized(i, rest))
}

/// ```text
/// quoted-string = <"> *(qtext/quoted-pair) <">; Regular qtext or
///                                             ;   quoted chars.
/// ```
/// rfc822.txt:742, section 3.3.
pub fn quoted_string<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "quoted-string", |i| {
        delimited(i, "\"", QTEXT, "qtext", "\"")
    })
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
    production(i, "qtext", |i| one(i, QTEXT, "qtext"))
}

/// ```text
/// domain-literal =  "[" *(dtext / quoted-pair) "]"
/// ```
/// rfc822.txt:749, section 3.3.
pub fn domain_literal<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "domain-literal", |i| {
        delimited(i, "[", DTEXT, "dtext", "]")
    })
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
    production(i, "dtext", |i| one(i, DTEXT, "dtext"))
}

/// ```text
/// quoted-pair =  "\" CHAR                     ; may quote any char
/// ```
/// rfc822.txt:771, section 3.3.
pub fn quoted_pair<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "quoted-pair", |i| {
        let (rest, _) = lit(i, "\\")?;
        let (rest, _) = one(rest, CHAR, "CHAR")?;
        Ok(recognized(i, rest))
    })
}

/// ```text
/// word        =  atom / quoted-string
/// ```
/// rfc822.txt:775, section 3.3.
///
/// A `quoted-string` starts with `"`, which is no `atom` character: ordered choice is exact.
pub fn word<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "word", |i| match atom(i) {
        Err(Err::Error(_)) => quoted_string(i),
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    fn check(rule: &str, input: &str) -> Result<(), usize> {
        Grammar::Rfc822.check(rule, input).map_err(|e| e.offset)
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
