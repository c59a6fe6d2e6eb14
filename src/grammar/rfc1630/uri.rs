//! The generic BNF: section "BNF of Generic URI Syntax", rfc1630.txt:1220-1273, one function
//! per production in spec order (grammar `rfc1630`, start rule `fragmentaddress`).
//!
//! One correction: `xpalphas` is printed `xpalpha [ xpalpha ]` (rfc1630.txt:1246), read as
//! `xpalpha [ xpalphas ]` (see [`xpalphas`] and `grammar/DEVIATIONS.md`).

use nom::Parser;
use nom::combinator::{consumed, map, opt, recognize, success};
use nom::multi::many0_count;
use nom::sequence::preceded;

use super::chars::{
    ALPHA, DIGIT, EXTRA, HEX, NATIONAL, PUNCTUATION, RESERVED, SAFE, XALPHA, XPALPHA,
};
use crate::grammar::{Rule, rule};
use crate::input::primitives::{joined, lit, many_esc, many1_esc, one, one_or_escape, production};
use crate::input::{PResult, Span, escape as escape_prim};
use crate::part::Part;
use crate::rfc1630::Uri;

/// The productions of the generic BNF, in spec order.
pub static RULES: &[Rule] = &[
    rule!(
        "fragmentaddress",
        fragmentaddress,
        1220,
        "BNF of Generic URI Syntax"
    ),
    rule!("uri", uri, 1222, "BNF of Generic URI Syntax"),
    rule!("scheme", scheme, 1224, "BNF of Generic URI Syntax"),
    rule!("path", path, 1226, "BNF of Generic URI Syntax", nullable),
    rule!("search", search, 1228, "BNF of Generic URI Syntax"),
    rule!("fragmentid", fragmentid, 1230, "BNF of Generic URI Syntax"),
    rule!("xalpha", xalpha, 1240, "BNF of Generic URI Syntax"),
    rule!("xalphas", xalphas, 1242, "BNF of Generic URI Syntax"),
    rule!("xpalpha", xpalpha, 1244, "BNF of Generic URI Syntax"),
    rule!("xpalphas", xpalphas, 1246, "BNF of Generic URI Syntax"),
    rule!("ialpha", ialpha, 1248, "BNF of Generic URI Syntax"),
    rule!("alpha", alpha, 1250, "BNF of Generic URI Syntax"),
    rule!("digit", digit, 1256, "BNF of Generic URI Syntax"),
    rule!("safe", safe, 1258, "BNF of Generic URI Syntax"),
    rule!("extra", extra, 1260, "BNF of Generic URI Syntax"),
    rule!("reserved", reserved, 1262, "BNF of Generic URI Syntax"),
    rule!("escape", escape, 1264, "BNF of Generic URI Syntax"),
    rule!("hex", hex, 1266, "BNF of Generic URI Syntax"),
    rule!("national", national, 1269, "BNF of Generic URI Syntax"),
    rule!(
        "punctuation",
        punctuation,
        1271,
        "BNF of Generic URI Syntax"
    ),
    rule!("void", void, 1273, "BNF of Generic URI Syntax", nullable),
];

// =============================================================================================
// URIs, paths, searches and fragment ids (rfc1630.txt:1220-1230)
// =============================================================================================

/// ```text
/// fragmentaddress        uri [ # fragmentid ]
/// ```
/// rfc1630.txt:1220, section "BNF of Generic URI Syntax".
///
/// Nothing in a `uri` is a `#`, so `uri` ends where `[ # fragmentid ]` can start.
pub fn fragmentaddress<'a>(i: Span<'a>) -> PResult<'a, Uri<'a>> {
    production(
        "fragmentaddress",
        map(
            consumed((uri, opt(preceded(lit("#"), fragmentid)))),
            |(text, ((scheme, path, search), fragment))| Uri {
                text: text.into(),
                scheme: scheme.into(),
                path: path.into(),
                search: search.map(Part::from),
                fragment: fragment.map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// uri                    scheme :  path [ ? search ]
/// ```
/// rfc1630.txt:1222, section "BNF of Generic URI Syntax". Gives the scheme, the path and the
/// search.
///
/// `scheme` holds no `:` and `path` no `?`, so each part ends where the next can start.
#[allow(clippy::type_complexity)]
pub fn uri<'a>(i: Span<'a>) -> PResult<'a, (Span<'a>, Span<'a>, Option<Span<'a>>)> {
    production(
        "uri",
        (
            scheme,
            preceded(lit(":"), path),
            opt(preceded(lit("?"), search)),
        ),
    )
    .parse(i)
}

/// ```text
/// scheme                 ialpha
/// ```
/// rfc1630.txt:1224, section "BNF of Generic URI Syntax".
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("scheme", ialpha).parse(i)
}

/// ```text
/// path                   void |  xpalphas  [  / path ]
/// ```
/// rfc1630.txt:1226, section "BNF of Generic URI Syntax". Matches the empty string.
///
/// Rewrite: the right recursion runs as a loop (no stack growth with the input). The language
/// is `void`, or runs of `xpalpha` joined by single `/`s, with an optional final `/` (before
/// a `void` path): `[ xpalphas *( / xpalphas ) [ / ] ]`. A path never starts with `/`, nor
/// holds `//`. The `xpalphas` runs are greedy, which is exact: what follows one is a `/`, or
/// what may follow a path (`?`, `#`, the end), none of them an `xpalpha`. [`joined`] runs
/// `xpalphas *( / xpalphas ) [ / ]`, scanning the runs where only the verdict is needed.
pub fn path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path", recognize(opt(joined(&XPALPHA, "/", xpalphas)))).parse(i)
}

/// ```text
/// search                 xalphas [ + search ]
/// ```
/// rfc1630.txt:1228, section "BNF of Generic URI Syntax".
///
/// Rewrite: the right recursion runs as a loop: runs of `xalpha` joined by single `+`s (`+`
/// is no `xalpha` in this BNF, so the runs are greedy exactly). A `+` that no `xalphas`
/// follows is not part of the search.
pub fn search<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "search",
        recognize((xalphas, many0_count(preceded(lit("+"), xalphas)))),
    )
    .parse(i)
}

/// ```text
/// fragmentid             xalphas
/// ```
/// rfc1630.txt:1230, section "BNF of Generic URI Syntax".
pub fn fragmentid<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fragmentid", xalphas).parse(i)
}

// =============================================================================================
// Characters (rfc1630.txt:1240-1273)
// =============================================================================================

/// ```text
/// xalpha                 alpha | digit | safe | extra | escape
/// ```
/// rfc1630.txt:1240, section "BNF of Generic URI Syntax".
///
/// `%` only begins an `escape` in this BNF: after it, the escape commits.
pub fn xalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xalpha", one_or_escape(&XALPHA, "xalpha", "escape")).parse(i)
}

/// ```text
/// xalphas                xalpha [ xalphas ]
/// ```
/// rfc1630.txt:1242, section "BNF of Generic URI Syntax".
///
/// The right recursion is one run of `xalpha`s (a loop).
pub fn xalphas<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xalphas", many1_esc(&XALPHA, "xalpha", "escape")).parse(i)
}

/// ```text
/// xpalpha                xalpha | +
/// ```
/// rfc1630.txt:1244, section "BNF of Generic URI Syntax".
pub fn xpalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xpalpha", one_or_escape(&XPALPHA, "xpalpha", "escape")).parse(i)
}

/// ```text
/// xpalphas               xpalpha [ xpalpha ]
/// ```
/// rfc1630.txt:1246, section "BNF of Generic URI Syntax".
///
/// Correction: read as `xpalpha [ xpalphas ]`, as the URL BNF prints it (rfc1630.txt:1426)
/// and as every other plural rule is built; as printed a path part would hold at most two
/// characters (`grammar/DEVIATIONS.md`). The right recursion is one run (a loop).
pub fn xpalphas<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xpalphas", many1_esc(&XPALPHA, "xpalpha", "escape")).parse(i)
}

/// ```text
/// ialpha                 alpha [ xalphas ]
/// ```
/// rfc1630.txt:1248, section "BNF of Generic URI Syntax".
pub fn ialpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ialpha",
        recognize((one(&ALPHA, "alpha"), many_esc(&XALPHA, "xalpha", "escape"))),
    )
    .parse(i)
}

/// ```text
/// alpha                  a | b | c | d | e | f | g | h | i | j | k |
///                        l | m | n | o  | p | q | r | s | t | u | v |
///                        w | x | y | z | A | B | C  | D | E | F | G |
///                        H | I | J | K | L | M | N | O | P |  Q | R |
///                        S | T | U | V | W | X | Y | Z
/// ```
/// rfc1630.txt:1250, section "BNF of Generic URI Syntax".
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alpha", one(&ALPHA, "alpha")).parse(i)
}

/// ```text
/// digit                  0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
/// ```
/// rfc1630.txt:1256, section "BNF of Generic URI Syntax".
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digit", one(&DIGIT, "digit")).parse(i)
}

/// ```text
/// safe                   $ | - | _ | @ | . | &
/// ```
/// rfc1630.txt:1258, section "BNF of Generic URI Syntax".
pub fn safe<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("safe", one(&SAFE, "safe")).parse(i)
}

/// ```text
/// extra                  ! | * | " |  ' | ( | ) | ,
/// ```
/// rfc1630.txt:1260, section "BNF of Generic URI Syntax".
pub fn extra<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("extra", one(&EXTRA, "extra")).parse(i)
}

/// ```text
/// reserved               = | ; | / | # | ? | : | space
/// ```
/// rfc1630.txt:1262, section "BNF of Generic URI Syntax". `space` is the space character.
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reserved", one(&RESERVED, "reserved")).parse(i)
}

/// ```text
/// escape                 % hex hex
/// ```
/// rfc1630.txt:1264, section "BNF of Generic URI Syntax".
///
/// Commits after the `%` (nom's `cut`): `%` occurs nowhere else in this BNF.
pub fn escape<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("escape", escape_prim).parse(i)
}

/// ```text
/// hex                    digit | a | b | c | d | e | f | A | B | C |
///                        D | E | F
/// ```
/// rfc1630.txt:1266, section "BNF of Generic URI Syntax".
pub fn hex<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hex", one(&HEX, "hex")).parse(i)
}

/// ```text
/// national               { | } | vline | [ | ] | \ | ^ | ~
/// ```
/// rfc1630.txt:1269, section "BNF of Generic URI Syntax". `vline` is `|`; no other
/// production uses `national`.
pub fn national<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("national", one(&NATIONAL, "national")).parse(i)
}

/// ```text
/// punctuation            < | >
/// ```
/// rfc1630.txt:1271, section "BNF of Generic URI Syntax". No other production uses it.
pub fn punctuation<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("punctuation", one(&PUNCTUATION, "punctuation")).parse(i)
}

/// ```text
/// void
/// ```
/// rfc1630.txt:1273, section "BNF of Generic URI Syntax". Matches the empty string only.
pub fn void<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("void", recognize(success(()))).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    fn check(rule: &str, input: &str) -> Result<(), usize> {
        Grammar::Rfc1630.check(rule, input).map_err(|e| e.offset())
    }

    #[test]
    fn accepts() {
        for (rule, input) in [
            ("fragmentaddress", "a:"),
            ("fragmentaddress", "g:h"),
            ("fragmentaddress", "news:comp.infosystems.www"),
            ("fragmentaddress", "a:b/c/?d+e#f"),
            ("fragmentaddress", "wais:db/Phonebook?timbl+cern#top"),
            ("fragmentaddress", "x:a+b/c%2F"),
            ("uri", "mailto:timbl@info.cern.ch"),
            ("scheme", "x-a.b@c"),
            ("path", ""),
            ("path", "a/b/"),
            ("path", "+/+"),
            ("search", "a+b+c"),
            ("fragmentid", "andy"),
            ("xpalphas", "abcd+e"),
            ("reserved", " "),
            ("national", "|"),
            ("void", ""),
        ] {
            assert_eq!(check(rule, input), Ok(()), "{rule} {input:?}");
        }
    }

    #[test]
    fn rejects_with_offsets() {
        for (rule, input, at) in [
            // The generic path starts with an xpalphas: no "//" authority, no leading "/".
            ("fragmentaddress", "http://info.cern.ch/", 5),
            (
                "fragmentaddress",
                "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
                4,
            ),
            ("fragmentaddress", "a:b c", 3),
            ("fragmentaddress", "1a:b", 0),
            ("fragmentaddress", "a:b#c#d", 5),
            ("fragmentaddress", "a:b?c+", 6),
            ("fragmentaddress", "a:b?c++d", 6),
            ("fragmentaddress", "a:b#", 4),
            ("fragmentaddress", "a:%4", 4),
            ("fragmentaddress", "a:b%4g", 5),
            ("fragmentaddress", "a:b?c#d+", 7),
            ("fragmentaddress", "a", 1),
            ("path", "a//b", 2),
            ("path", "/a", 0),
            ("search", "+a", 0),
            ("fragmentid", "", 0),
            ("xalpha", "+", 0),
            ("void", "a", 0),
        ] {
            assert_eq!(check(rule, input), Err(at), "{rule} {input:?}");
        }
    }

    /// Right recursion runs as loops: a 1 MB path and search on a small stack.
    #[test]
    fn long_inputs_small_stack() {
        let run = || {
            let p = format!("a:{}", "a/".repeat(500_000));
            assert_eq!(check("fragmentaddress", &p), Ok(()));
            let s = format!("a:?{}b", "a+".repeat(500_000));
            assert_eq!(check("fragmentaddress", &s), Ok(()));
            let bad = format!("{p}/");
            assert_eq!(check("fragmentaddress", &bad), Err(p.len()));
        };
        let h = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(run);
        assert!(h.is_ok_and(|h| h.join().is_ok()));
    }
}
