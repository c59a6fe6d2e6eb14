//! NEWS: rfc1738.txt:1020-1025 (section 3.6).

use super::chars::{ALPHA, DIGIT, UCHAR};
use super::generic::host;
use nom::Parser;
use nom::combinator::{consumed, map, recognize};
use nom::sequence::preceded;

use crate::grammar::common::longest;
use crate::input::primitives::{lit, many, many1_esc, one, production};
use crate::input::{PResult, Span, take};
use crate::rfc1738::{Article, GroupPart, NewsUrl};
use crate::table::Table;

// =============================================================================================
// ; NEWS (see also RFC1036) (rfc1738.txt:1020-1025)
// =============================================================================================

/// ```text
/// newsurl        = "news:" grouppart
/// ```
/// rfc1738.txt:1022, section 3.6.
pub fn newsurl<'a>(i: Span<'a>) -> PResult<'a, NewsUrl<'a>> {
    production(
        "newsurl",
        map(consumed(preceded(lit("news:"), grouppart)), |(text, g)| {
            NewsUrl {
                text: text.into(),
                scheme: take(text, 4).1.into(),
                grouppart: g,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// grouppart      = "*" | group | article
/// ```
/// rfc1738.txt:1023, section 3.6.
///
/// Rewrite: the longest match wins ([`longest`](crate::grammar::common::longest)). Ordered choice would take `"*"` from `*x@h` and `group`
/// from `comp.x@h`, both of which are `article`s (`*` is an `extra`, and every `group`
/// character is a `uchar`). The three languages are disjoint (only an `article` holds `@`,
/// only a `group` starts with a letter and holds no `@`), and nothing follows `grouppart`
/// (it ends `newsurl`), so the one alternative that covers the whole input is the longest.
pub fn grouppart<'a>(i: Span<'a>) -> PResult<'a, GroupPart<'a>> {
    production(
        "grouppart",
        longest((
            map(lit("*"), |s| GroupPart::All(s.into())),
            map(group, |s| GroupPart::Group(s.into())),
            map(article, GroupPart::Article),
        )),
    )
    .parse(i)
}

/// The characters of `group` after the first.
pub const GROUP_REST: Table = ALPHA.or(DIGIT).or(Table::chars("-.+_"));

/// ```text
/// group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// ```
/// rfc1738.txt:1024, section 3.6.
pub fn group<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "group",
        recognize((one(&ALPHA, "alpha"), many(&GROUP_REST, "group"))),
    )
    .parse(i)
}

/// The characters of `article` before the `@`, without their `escape`.
pub const ARTICLE: Table = UCHAR.or(Table::chars(";/?:&="));

/// ```text
/// article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
/// ```
/// rfc1738.txt:1025, section 3.6.
///
/// The run before the `@` holds no `@`, so it ends where the `@` must be.
pub fn article<'a>(i: Span<'a>) -> PResult<'a, Article<'a>> {
    production(
        "article",
        map(
            consumed((many1_esc(&ARTICLE, "article", "escape"), lit("@"), host)),
            |(text, (unique, _, h))| Article {
                text: text.into(),
                unique: unique.into(),
                host: h,
            },
        ),
    )
    .parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "newsurl",
                &[
                    "news:*",
                    "news:comp.infosystems.www.misc",
                    "news:1234@example.com",
                    "news:*x@h",
                    "news:comp.x@h",
                    "news:a/b?c@1.2.3.4",
                ][..],
                &[
                    "news:",
                    "news:1comp",
                    "news:**",
                    "news:a@",
                    "news:a@b@c",
                    "news:<a@b>",
                ][..],
            ),
            (
                "grouppart",
                &["*", "a", "a@b", "*@b"],
                &["", "1", "*a", "a@1"],
            ),
            ("group", &["a", "a1-.+_"], &["", "1", "a/", "a@b"]),
            (
                "article",
                &["a@b", "1;/?:&=%40@h.dom"],
                &["@h", "a@", "a", "a@b@c"],
            ),
        ] {
            for s in ok {
                assert!(g.check(rule, s).is_ok(), "{rule} should accept {s:?}");
            }
            for s in err {
                assert!(g.check(rule, s).is_err(), "{rule} should reject {s:?}");
            }
        }
    }

    #[test]
    fn error_offsets() {
        let g = Grammar::Rfc1738;
        // `ab@` can go on as an article; `ab` alone was a group.
        for (input, offset) in [("ab@", 3), ("*a", 2), ("ab@1", 4), ("a b", 1)] {
            let e = g.check("grouppart", input).unwrap_err();
            assert_eq!(e.offset(), offset, "{input:?}: {e}");
        }
    }
}
