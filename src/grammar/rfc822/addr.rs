//! Address specification: section 6.1, rfc822.txt:1705-1714.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, recognize};
use nom::multi::many0;

use super::lexical::{atom, domain_literal, word};
use crate::input::primitives::{lit, production};
use crate::input::{PResult, Span};
use crate::rfc1630::AddrSpec;

// =============================================================================================
// Section 6.1, SYNTAX (rfc822.txt:1705-1714)
// =============================================================================================

/// ```text
/// addr-spec   =  local-part "@" domain        ; global address
/// ```
/// rfc822.txt:1705, section 6.1.
///
/// A `local-part` holds no `@` outside its quoted strings (`@` is one of the `specials`), so
/// it ends where `"@"` can start.
pub fn addr_spec<'a>(i: Span<'a>) -> PResult<'a, AddrSpec<'a>> {
    production(
        "addr-spec",
        map(
            consumed((local_part, lit("@"), domain)),
            |(text, (l, _, d))| AddrSpec {
                text: text.into(),
                local_part: l.into(),
                domain: d.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// local-part  =  word *("." word)             ; uninterpreted
///                                             ; case-preserved
/// ```
/// rfc822.txt:1707, section 6.1.
///
/// A `"."` that no `word` follows is not taken (`.` is no `atom` character and cannot start a
/// quoted string).
pub fn local_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("local-part", recognize((word, many0((lit("."), word))))).parse(i)
}

/// ```text
/// domain      =  sub-domain *("." sub-domain)
/// ```
/// rfc822.txt:1710, section 6.1.
///
/// A `"."` that no `sub-domain` follows is not taken, as in `local-part`.
pub fn domain<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "domain",
        recognize((sub_domain, many0((lit("."), sub_domain)))),
    )
    .parse(i)
}

/// ```text
/// sub-domain  =  domain-ref / domain-literal
/// ```
/// rfc822.txt:1712, section 6.1.
///
/// A `domain-literal` starts with `[`, which is no `atom` character: at most one alternative
/// matches, and ordered choice is exact.
pub fn sub_domain<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("sub-domain", alt((domain_ref, domain_literal))).parse(i)
}

/// ```text
/// domain-ref  =  atom                         ; symbolic reference
/// ```
/// rfc822.txt:1714, section 6.1.
pub fn domain_ref<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("domain-ref", atom).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    fn check(rule: &str, input: &str) -> Result<(), usize> {
        Grammar::Rfc822.check(rule, input).map_err(|e| e.offset())
    }

    #[test]
    fn addr_specs() {
        for (rule, input) in [
            ("addr-spec", "timbl@info.cern.ch"),
            ("addr-spec", "www-talk-request@info.cern.ch"),
            ("addr-spec", "\"x y\"@[1.2.3.4]"),
            ("addr-spec", "\"a\\\"b\"@c"),
            ("addr-spec", "a@[x\\]y]"),
            ("addr-spec", "a%b/c=d?e#f@g"),
            ("addr-spec", "a.\"b\".c@d.[e]"),
        ] {
            assert_eq!(check(rule, input), Ok(()), "{rule} {input:?}");
        }
        for (rule, input, at) in [
            ("addr-spec", "a@", 2),
            ("addr-spec", "a b@c", 1),
            ("addr-spec", "a @b", 1),
            ("addr-spec", "a@[x]y]", 5),
            ("addr-spec", "a.@b", 2),
            ("addr-spec", "a@b.", 4),
            ("addr-spec", "\"a\\", 3),
            ("addr-spec", "\"a\\é\"@b", 3),
        ] {
            assert_eq!(check(rule, input), Err(at), "{rule} {input:?}");
        }
    }
}
