//! NNTP: rfc1738.txt:1027-1029 (section 3.7).

use super::chars::digits;
use super::generic::hostport;
use super::news::group;
use nom::Parser;
use nom::combinator::{consumed, map, opt};
use nom::sequence::preceded;

use crate::input::primitives::{lit, production};
use crate::input::{PResult, Span, take};
use crate::part::Part;
use crate::rfc1738::NntpUrl;

// =============================================================================================
// ; NNTP (see also RFC977) (rfc1738.txt:1027-1029)
// =============================================================================================

/// ```text
/// nntpurl        = "nntp://" hostport "/" group [ "/" digits ]
/// ```
/// rfc1738.txt:1029, section 3.7.
///
/// `group` holds no `/`, so its greedy run ends where the `/` must be.
pub fn nntpurl<'a>(i: Span<'a>) -> PResult<'a, NntpUrl<'a>> {
    production(
        "nntpurl",
        map(
            consumed((
                lit("nntp://"),
                hostport,
                lit("/"),
                group,
                opt(preceded(lit("/"), digits)),
            )),
            |(text, (_, hp, _, g, a))| NntpUrl {
                text: text.into(),
                scheme: take(text, 4).1.into(),
                hostport: hp,
                group: g.into(),
                article: a.map(Part::from),
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
        for s in [
            "nntp://h/comp.lang.c",
            "nntp://h:119/a/1234",
            "nntp://1.2.3.4/a-b",
        ] {
            assert!(g.check("nntpurl", s).is_ok(), "{s:?}");
        }
        for (s, offset) in [
            ("nntp://h", 8),
            ("nntp://h/", 9),
            ("nntp://h/1", 9),
            ("nntp://h/a/", 11),
            ("nntp://h/a/1x", 12),
            ("nntp://u@h/a", 8),
        ] {
            let e = g.check("nntpurl", s).unwrap_err();
            assert_eq!(e.offset(), offset, "{s:?}: {e}");
        }
    }
}
