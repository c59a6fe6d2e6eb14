//! PROSPERO: rfc1738.txt:1045-1052 (section 3.11).

use super::chars::UCHAR;
use super::generic::hostport;
use nom::Parser;
use nom::combinator::{consumed, map, recognize};
use nom::multi::many0_count;

use crate::input::primitives::{lit, many_esc, production, separated};
use crate::input::{PResult, Span, take};
use crate::rfc1738::ProsperoUrl;
use crate::table::Table;

// =============================================================================================
// ; PROSPERO (rfc1738.txt:1045-1052)
// =============================================================================================

/// ```text
/// prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]
/// ```
/// rfc1738.txt:1047, section 3.11.
///
/// `ppath` holds no `;`, so its greedy run ends where a `fieldspec` must start; each
/// `fieldspec` starts with `;`, which its `fieldvalue` does not hold. A loop, not recursion.
pub fn prosperourl<'a>(i: Span<'a>) -> PResult<'a, ProsperoUrl<'a>> {
    production(
        "prosperourl",
        map(
            consumed((
                lit("prospero://"),
                hostport,
                lit("/"),
                ppath,
                recognize(many0_count(fieldspec)),
            )),
            |(text, (_, hp, _, p, fields))| ProsperoUrl {
                text: text.into(),
                scheme: take(text, 8).1.into(),
                hostport: hp,
                path: p.into(),
                fields: fields.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// ppath          = psegment *[ "/" psegment ]
/// ```
/// rfc1738.txt:1048, section 3.11. Matches the empty string (one empty segment).
pub fn ppath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ppath",
        separated(&PSEGMENT, "/", "ppath", "escape", psegment),
    )
    .parse(i)
}

/// `psegment`, without its `escape`.
pub const PSEGMENT: Table = UCHAR.or(Table::chars("?:@&="));

/// ```text
/// psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:1049, section 3.11. Matches the empty string.
pub fn psegment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("psegment", many_esc(&PSEGMENT, "psegment", "escape")).parse(i)
}

/// ```text
/// fieldspec      = ";" fieldname "=" fieldvalue
/// ```
/// rfc1738.txt:1050, section 3.11.
///
/// `fieldname` holds no `=`, so its greedy run ends where the `=` must be.
pub fn fieldspec<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "fieldspec",
        recognize((lit(";"), fieldname, lit("="), fieldvalue)),
    )
    .parse(i)
}

/// `fieldname` and `fieldvalue`, without their `escape`.
pub const FIELD: Table = UCHAR.or(Table::chars("?:@&"));

/// ```text
/// fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
/// rfc1738.txt:1051, section 3.11. Matches the empty string.
pub fn fieldname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fieldname", many_esc(&FIELD, "fieldname", "escape")).parse(i)
}

/// ```text
/// fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
/// rfc1738.txt:1052, section 3.11. Matches the empty string.
pub fn fieldvalue<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fieldvalue", many_esc(&FIELD, "fieldvalue", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "prosperourl",
                &[
                    "prospero://host.dom//pros/name",
                    "prospero://h/",
                    "prospero://h:1525/a;OBJECT-VERSION=2",
                    "prospero://h/a;=;x=y",
                ][..],
                &[
                    "prospero://h",
                    "prospero://h/a;b",
                    "prospero://h/a;b=c=d",
                    "prospero://u@h/",
                ][..],
            ),
            ("ppath", &["", "/pros/name", "a?:@&="], &["a;b", "~"]),
            ("psegment", &["", "a?"], &["a/b", ";"]),
            (
                "fieldspec",
                &[";=", ";a=b", ";a?:@&=b?:@&"],
                &["", ";a", "a=b", ";a=b=c", ";a=b;"],
            ),
            ("fieldname", &["", "a:b"], &["a=b", "a;"]),
            ("fieldvalue", &["", "x@y"], &["a=b", "a;"]),
        ] {
            for s in ok {
                assert!(g.check(rule, s).is_ok(), "{rule} should accept {s:?}");
            }
            for s in err {
                assert!(g.check(rule, s).is_err(), "{rule} should reject {s:?}");
            }
        }
    }
}
