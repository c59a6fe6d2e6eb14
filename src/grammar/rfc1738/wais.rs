//! WAIS: rfc1738.txt:1035-1043 (section 3.9).

use super::chars::UCHAR;
use super::generic::hostport;
use super::http::search;
use nom::Parser;
use nom::combinator::{consumed, map};
use nom::sequence::preceded;

use crate::grammar::common::longest;
use crate::input::primitives::{lit, many_esc, production};
use crate::input::{PResult, Span, take};
use crate::rfc1738::{HostPort, WaisKind, WaisUrl};

// =============================================================================================
// ; WAIS (see also RFC1625) (rfc1738.txt:1035-1043)
// =============================================================================================

/// ```text
/// waisurl        = waisdatabase | waisindex | waisdoc
/// ```
/// rfc1738.txt:1037, section 3.9.
///
/// Rewrite: the longest match wins ([`longest`](crate::grammar::common::longest), not nom's ordered `alt`).
/// All three start `"wais://" hostport "/" database`, so ordered choice would take
/// `waisdatabase` from `wais://h/db?x` and leave `?x`. After the
/// `database` (a greedy run of `uchar`s, which hold neither `?` nor `/`) the three differ in
/// what comes next: the end, `?` or `/`, so at most one covers the whole input, and nothing
/// follows `waisurl`: the longest match is the one that can be used.
pub fn waisurl<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production("waisurl", longest((waisdatabase, waisindex, waisdoc))).parse(i)
}

/// `"wais://" hostport "/" database`, the head the three forms share.
fn head<'a>(i: Span<'a>) -> PResult<'a, (HostPort<'a>, Span<'a>)> {
    map(
        (lit("wais://"), hostport, lit("/"), database),
        |(_, hp, _, db)| (hp, db),
    )
    .parse(i)
}

/// A `waisurl` of `kind`, from its text and the head's parts.
fn wais<'a>(text: Span<'a>, (hp, db): (HostPort<'a>, Span<'a>), kind: WaisKind<'a>) -> WaisUrl<'a> {
    WaisUrl {
        text: text.into(),
        scheme: take(text, 4).1.into(),
        hostport: hp,
        database: db.into(),
        kind,
    }
}

/// ```text
/// waisdatabase   = "wais://" hostport "/" database
/// ```
/// rfc1738.txt:1038, section 3.9.
pub fn waisdatabase<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production(
        "waisdatabase",
        map(consumed(head), |(text, h)| {
            wais(text, h, WaisKind::Database)
        }),
    )
    .parse(i)
}

/// ```text
/// waisindex      = "wais://" hostport "/" database "?" search
/// ```
/// rfc1738.txt:1039, section 3.9.
pub fn waisindex<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production(
        "waisindex",
        map(
            consumed((head, preceded(lit("?"), search))),
            |(text, (h, s))| wais(text, h, WaisKind::Index { search: s.into() }),
        ),
    )
    .parse(i)
}

/// ```text
/// waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath
/// ```
/// rfc1738.txt:1040, section 3.9.
///
/// `database` and `wtype` are runs of `uchar`s, which hold no `/`.
pub fn waisdoc<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production(
        "waisdoc",
        map(
            consumed((head, preceded(lit("/"), wtype), preceded(lit("/"), wpath))),
            |(text, (h, t, p))| {
                let kind = WaisKind::Document {
                    wtype: t.into(),
                    wpath: p.into(),
                };
                wais(text, h, kind)
            },
        ),
    )
    .parse(i)
}

/// ```text
/// database       = *uchar
/// ```
/// rfc1738.txt:1041, section 3.9. Matches the empty string.
pub fn database<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("database", many_esc(&UCHAR, "uchar", "escape")).parse(i)
}

/// ```text
/// wtype          = *uchar
/// ```
/// rfc1738.txt:1042, section 3.9. Matches the empty string.
pub fn wtype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("wtype", many_esc(&UCHAR, "uchar", "escape")).parse(i)
}

/// ```text
/// wpath          = *uchar
/// ```
/// rfc1738.txt:1043, section 3.9. Matches the empty string.
pub fn wpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("wpath", many_esc(&UCHAR, "uchar", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;
    use crate::rfc1738::{Url, WaisKind};

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "waisurl",
                &[
                    "wais://h/db",
                    "wais://h/",
                    "wais://h/db?x;y",
                    "wais://h/db/t/p",
                    "wais://h///",
                ][..],
                &[
                    "wais://h",
                    "wais://h/db?x?y",
                    "wais://h/db/t",
                    "wais://h/db/t/p/q",
                    "wais://h/db?a/b",
                ][..],
            ),
            (
                "waisdatabase",
                &["wais://h/db", "wais://h:210/"],
                &["wais://h/db?x", "wais://h/db/t/p"],
            ),
            (
                "waisindex",
                &["wais://h/db?x", "wais://h/?"],
                &["wais://h/db", "wais://h/db/t/p"],
            ),
            (
                "waisdoc",
                &["wais://h/db/t/p", "wais://h///"],
                &["wais://h/db", "wais://h/db?x"],
            ),
            ("database", &["", "db%2F"], &["a/b", "a?b"]),
            ("wtype", &["", "TEXT"], &["/"]),
            ("wpath", &["", "0%2F1"], &["a/b"]),
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
    fn three_forms() {
        let kind = |s| match Url::parse(s).unwrap() {
            Url::Wais(w) => w.kind(),
            u => panic!("{u:?}"),
        };
        assert_eq!(kind("wais://h/db"), WaisKind::Database);
        assert!(matches!(kind("wais://h/db?x"), WaisKind::Index { .. }));
        assert!(matches!(kind("wais://h/db/t/p"), WaisKind::Document { .. }));
        // Not a waisurl at all, but a url through otherurl.
        assert!(matches!(
            Url::parse("wais://h/db/t").unwrap(),
            Url::Generic(_)
        ));
        // Error offsets: `wais://h/db/t` can go on as a waisdoc.
        let e = Grammar::Rfc1738
            .check("waisurl", "wais://h/db/t")
            .unwrap_err();
        assert_eq!(e.offset(), 13);
        let e = Grammar::Rfc1738
            .check("waisurl", "wais://h/db?a/b")
            .unwrap_err();
        assert_eq!(e.offset(), 13);
    }
}
