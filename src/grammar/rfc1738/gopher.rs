//! GOPHER: rfc1738.txt:999-1005 (section 3.4).

use super::chars::{XCHAR, xchar};
use super::generic::hostport;
use super::http::{SEARCH, search};
use nom::Parser;
use nom::bytes::complete::take as take_n;
use nom::combinator::{consumed, map, map_parser, opt};
use nom::sequence::preceded;

use crate::input::primitives::{lit, many_esc, production};
use crate::input::{PResult, Span, take};
use crate::part::Part;
use crate::rfc1738::GopherUrl;

// =============================================================================================
// ; GOPHER (see also RFC1436) (rfc1738.txt:999-1005)
// =============================================================================================

/// ```text
/// gopherurl      = "gopher://" hostport [ / [ gtype [ selector
///                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
/// rfc1738.txt:1001, section 3.4. The bare `/` is read as the literal `"/"` (erratum 5118,
/// see `grammar/DEVIATIONS.md`).
///
/// Rewrite. `gtype` is one `xchar`, `selector` and `gopher+_string` are `*xchar`, a `search`
/// is a string of `xchar`s and `"%09"` is an `escape`, hence an `xchar` too: so after the `/`
/// the language is exactly `*xchar` (empty, or a `gtype` and then any `xchar`s), and the
/// path extends over the whole run of `xchar`s (nothing follows a `gopherurl`). The split of
/// that run is ambiguous (`%09` may sit inside a selector, a search or a gopher+ string), so
/// the parser takes the run and then picks one derivation: the `gtype` is its first `xchar`;
/// the selector ends at the first `%09` after which a `search` reaches the next `%09` or the
/// end (the first reading section 3.4.2 allows); the search ends at that next `%09`; the rest
/// is the gopher+ string. With no such `%09` the selector is all the rest. The productions
/// then run over exactly those pieces, so the derivation tree is a real one. Two scans, both
/// linear.
pub fn gopherurl<'a>(i: Span<'a>) -> PResult<'a, GopherUrl<'a>> {
    production(
        "gopherurl",
        map(
            consumed((
                lit("gopher://"),
                hostport,
                opt(preceded(lit("/"), gopher_path)),
            )),
            |(text, (_, hp, p))| {
                let p = p.unwrap_or_default();
                GopherUrl {
                    text: text.into(),
                    scheme: take(text, 6).1.into(),
                    hostport: hp,
                    path: p.path,
                    gtype: p.gtype,
                    selector: p.selector,
                    search: p.search,
                    gopher_plus: p.gopher_plus,
                }
            },
        ),
    )
    .parse(i)
}

/// The pieces of a gopher-path.
#[derive(Default)]
struct GopherPath<'a> {
    path: Option<Part<'a>>,
    gtype: Option<Part<'a>>,
    selector: Option<Part<'a>>,
    search: Option<Part<'a>>,
    gopher_plus: Option<Part<'a>>,
}

/// `[ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ]`, as [`gopherurl`] says.
fn gopher_path<'a>(i: Span<'a>) -> PResult<'a, GopherPath<'a>> {
    // The whole run: it records where it stops, the end of the longest valid prefix.
    let (end, run) = many_esc(&XCHAR, "xchar", "escape").parse(i)?;
    if run.fragment().is_empty() {
        let p = GopherPath {
            path: Some(run.into()),
            ..GopherPath::default()
        };
        return Ok((end, p));
    }
    // After the `gtype`: the selector, and the search and gopher+ string where `split` finds
    // them; each runs over exactly its piece of the run (nom's `take` counts characters: the
    // run is ASCII, so they are bytes).
    let pieces = |j: Span<'a>| {
        let body = &run.fragment().as_bytes()[j.location_offset() - run.location_offset()..];
        match split(body) {
            None => map(selector, |sel| (sel, None, None)).parse(j),
            // The search runs to the end of the xchar run: it holds no `%09` and only search
            // characters, and the run's end is no search character.
            Some(Split {
                selector: n,
                search: None,
            }) => map(
                (
                    map_parser(take_n(n), selector),
                    preceded(lit("%09"), search),
                ),
                |(sel, q)| (sel, Some(q), None),
            )
            .parse(j),
            Some(Split {
                selector: n,
                search: Some(m),
            }) => map(
                (
                    map_parser(take_n(n), selector),
                    preceded(lit("%09"), map_parser(take_n(m), search)),
                    preceded(lit("%09"), gopher_plus_string),
                ),
                |(sel, q, g)| (sel, Some(q), Some(g)),
            )
            .parse(j),
        }
    };
    map((gtype, pieces), |(t, (sel, q, g))| GopherPath {
        path: Some(run.into()),
        gtype: Some(t.into()),
        selector: Some(sel.into()),
        search: q.map(Part::from),
        gopher_plus: g.map(Part::from),
    })
    .parse(i)
}

/// Where the selector and the search end in `body`, the gopher-path after its `gtype`.
struct Split {
    /// The selector's length: the offset of the `%09` that ends it.
    selector: usize,
    /// The search's length, when a `%09` and a gopher+ string follow it.
    search: Option<usize>,
}

/// The first `%09` in `body` after which a `search` runs up to the next `%09` or the end
/// (see [`gopherurl`]). `body` is a run of `xchar`s with valid escapes, so every `%` in it
/// starts an escape and every `"%09"` in it is one. Each stretch between two `%09`s is
/// scanned once: linear time. A look-ahead: it records nothing.
fn split(body: &[u8]) -> Option<Split> {
    let tab = |from: usize| {
        body.get(from..)
            .and_then(|b| b.windows(3).position(|w| w == b"%09"))
            .map(|k| from + k)
    };
    let mut at = tab(0);
    while let Some(a) = at {
        let start = a + 3;
        let next = tab(start);
        let stop = next.unwrap_or(body.len());
        if body[start..stop]
            .iter()
            .all(|&c| SEARCH.contains(c) || c == b'%')
        {
            return Some(Split {
                selector: a,
                search: next.map(|n| n - start),
            });
        }
        at = next;
    }
    None
}

/// ```text
/// gtype          = xchar
/// ```
/// rfc1738.txt:1003, section 3.4.
pub fn gtype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("gtype", xchar).parse(i)
}

/// ```text
/// selector       = *xchar
/// ```
/// rfc1738.txt:1004, section 3.4. Matches the empty string.
pub fn selector<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("selector", many_esc(&XCHAR, "xchar", "escape")).parse(i)
}

/// ```text
/// gopher+_string = *xchar
/// ```
/// rfc1738.txt:1005, section 3.4. Matches the empty string.
pub fn gopher_plus_string<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("gopher+_string", many_esc(&XCHAR, "xchar", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use super::split;
    use crate::grammar::Grammar;
    use crate::rfc1738::Url;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "gopherurl",
                &[
                    "gopher://h",
                    "gopher://h/",
                    "gopher://h:70/1",
                    "gopher://h/11/pub",
                    "gopher://h/7sel%09search",
                    "gopher://h/7sel%09%09+",
                    "gopher://h/1sel%09a/b",
                    "gopher://h/%09",
                    "gopher://h/1a?b/c%09d?e%09f",
                    "gopher://h/1+%091%0D%0A+-1%0D%0Av%0D%0A.%0D%0A",
                ][..],
                &[
                    "gopher://h/1 x",
                    "gopher://h/1%0",
                    "gopher:/h",
                    "gopher://h1/1#x",
                    "gopher://h//~",
                ][..],
            ),
            ("gtype", &["1", "%09", "/"], &["", "12", "~"]),
            ("selector", &["", "a/b?c%09"], &["#", " "]),
            ("gopher+_string", &["", "+", "!+ABSTRACT%20+SMELL"], &["<"]),
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
    fn the_split() {
        let pieces = |s| {
            let Url::Gopher(u) = Url::parse(s).unwrap() else {
                panic!("{s}")
            };
            let p = |x: Option<crate::Part<'_>>| x.map(|p| p.as_str().to_string());
            (
                p(u.gtype()),
                p(u.selector()),
                p(u.search()),
                p(u.gopher_plus()),
            )
        };
        let some = |s: &str| Some(s.to_string());
        assert_eq!(pieces("gopher://h"), (None, None, None, None));
        assert_eq!(pieces("gopher://h/"), (None, None, None, None));
        assert_eq!(pieces("gopher://h/1"), (some("1"), some(""), None, None));
        assert_eq!(
            pieces("gopher://h/7a%09b%09c%09d"),
            (some("7"), some("a"), some("b"), some("c%09d"))
        );
        // A `/` cannot be in a search: the first `%09` is part of the selector.
        assert_eq!(
            pieces("gopher://h/1a%09b/c%09d"),
            (some("1"), some("a%09b/c"), some("d"), None)
        );
        assert_eq!(
            pieces("gopher://h/1a%09b/c"),
            (some("1"), some("a%09b/c"), None, None)
        );
        // The gtype may itself be an encoded tab.
        assert_eq!(
            pieces("gopher://h/%09x"),
            (some("%09"), some("x"), None, None)
        );
        assert!(split(b"").is_none());
    }

    /// A gopher+ string after a million encoded tabs: linear, no stack growth.
    #[test]
    fn long_paths() {
        let s = format!("gopher://h/1{}", "%09a/".repeat(200_000));
        assert!(Grammar::Rfc1738.check("gopherurl", &s).is_ok());
        assert!(Grammar::Rfc1738.check("url", &s).is_ok());
    }
}
