//! HTTP: rfc1738.txt:992-997 (section 3.3).

use super::chars::UCHAR;
use super::generic::hostport;
use nom::Parser;
use nom::combinator::{consumed, map, opt};
use nom::sequence::preceded;

use crate::input::primitives::{lit, many_esc, production, separated};
use crate::input::{PResult, Span, take};
use crate::part::Part;
use crate::rfc1738::HttpUrl;
use crate::table::Table;

// =============================================================================================
// ; HTTP (rfc1738.txt:992-997)
// =============================================================================================

/// ```text
/// httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]
/// ```
/// rfc1738.txt:994, section 3.3.
///
/// `hostport` holds no `/`, `hpath` no `?`: each greedy run ends where the next literal must
/// be.
pub fn httpurl<'a>(i: Span<'a>) -> PResult<'a, HttpUrl<'a>> {
    production(
        "httpurl",
        map(
            consumed((
                lit("http://"),
                hostport,
                opt(preceded(lit("/"), (hpath, opt(preceded(lit("?"), search))))),
            )),
            |(text, (_, hp, p))| HttpUrl {
                text: text.into(),
                scheme: take(text, 4).1.into(),
                hostport: hp,
                path: p.map(|(path, _)| path.into()),
                search: p.and_then(|(_, s)| s).map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// hpath          = hsegment *[ "/" hsegment ]
/// ```
/// rfc1738.txt:995, section 3.3. Matches the empty string (one empty segment).
///
/// A loop, not recursion: a path of a million segments takes no stack. `hsegment` derives exactly
/// the runs of its characters and escapes, which hold no `/`: see [`separated`] for the passes.
pub fn hpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hpath",
        separated(&HSEGMENT, "/", "hpath", "escape", hsegment),
    )
    .parse(i)
}

/// `hsegment` and `search`, without their `escape`.
pub const HSEGMENT: Table = UCHAR.or(Table::chars(";:@&="));

/// ```text
/// hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:996, section 3.3. Matches the empty string.
pub fn hsegment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hsegment", many_esc(&HSEGMENT, "hsegment", "escape")).parse(i)
}

/// `search`, without its `escape` (the same characters as `hsegment`).
pub const SEARCH: Table = HSEGMENT;

/// ```text
/// search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:997, section 3.3. Matches the empty string. Also used by `gopherurl` and
/// `waisindex`.
pub fn search<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("search", many_esc(&SEARCH, "search", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "httpurl",
                &[
                    "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
                    "http://h",
                    "http://h:80",
                    "http://h/",
                    "http://h/?",
                    "http://h/a/b;c?d;e:f@g&h=i",
                    "http://1.2.3.4/",
                ][..],
                &[
                    // No user name or password is allowed (section 3.3).
                    "http://u@h/",
                    "http://h?q",
                    "http://h/a?b?c",
                    "http://h/a?b/c",
                    "http://h/#f",
                    "http://h.",
                    "http:h",
                ][..],
            ),
            ("hpath", &["", "a/b/", "a;b:c@d&e=f"], &["a?b", "~"]),
            ("hsegment", &["", "a;b"], &["a/b", "?"]),
            ("search", &["", "a;b:c@d&e=f%3F"], &["a?b", "a/b"]),
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
