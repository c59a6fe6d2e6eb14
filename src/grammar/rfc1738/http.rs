//! HTTP: rfc1738.txt:992-997 (section 3.3).

use super::chars::UCHAR;
use super::generic::hostport;
use crate::input::{PResult, Span, lit, many_esc, maybe, production, recognized, separated, take};
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
    production(i, "httpurl", |i| {
        let (j, _) = lit(i, "http://")?;
        let (j, hp) = hostport(j)?;
        let (rest, p) = maybe(j, |j| {
            let (j, _) = lit(j, "/")?;
            let (j, path) = hpath(j)?;
            let (j, s) = maybe(j, |j| {
                let (j, _) = lit(j, "?")?;
                search(j)
            })?;
            Ok((j, (path, s)))
        })?;
        let (rest, text) = recognized(i, rest);
        let (path, search) = match p {
            Some((path, s)) => (Some(path.into()), s.map(Part::from)),
            None => (None, None),
        };
        Ok((
            rest,
            HttpUrl {
                text: text.into(),
                scheme: take(i, 4).1.into(),
                hostport: hp,
                path,
                search,
            },
        ))
    })
}

/// ```text
/// hpath          = hsegment *[ "/" hsegment ]
/// ```
/// rfc1738.txt:995, section 3.3. Matches the empty string (one empty segment).
///
/// A loop, not recursion: a path of a million segments takes no stack. `hsegment` derives exactly
/// the runs of its characters and escapes, which hold no `/`: see [`separated`] for the passes.
pub fn hpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "hpath", |i| {
        separated(i, HSEGMENT, "/", "hpath", "escape", hsegment)
    })
}

/// `hsegment` and `search`, without their `escape`.
pub const HSEGMENT: Table = UCHAR.or(Table::chars(";:@&="));

/// ```text
/// hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:996, section 3.3. Matches the empty string.
pub fn hsegment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "hsegment", |i| {
        many_esc(i, HSEGMENT, "hsegment", "escape")
    })
}

/// `search`, without its `escape` (the same characters as `hsegment`).
pub const SEARCH: Table = HSEGMENT;

/// ```text
/// search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:997, section 3.3. Matches the empty string. Also used by `gopherurl` and
/// `waisindex`.
pub fn search<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(i, "search", |i| many_esc(i, SEARCH, "search", "escape"))
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
