//! The URL BNF: section "BNF for specific URL schemes", rfc1630.txt:1304-1467, one function
//! per production in spec order (grammar `rfc1630-url`, start rule `url`).
//!
//! This BNF's `safe` holds `+` and `@` and `.`, which makes much of it ambiguous: a
//! `hostname` (`ialpha [ . hostname ]`) is any `alpha` followed by `xalpha`s, `@` included, a
//! `search` is any run of `xalpha`s, a `path` can swallow an `ftptype`, and `%00` is both an
//! `escape` and the separator of a Prospero version. Each function accepts the union of all
//! derivations; the rewrites say how.
//!
//! `addr-spec` and `content-identifier` (`midaddress`, `cidaddress`) are not defined in RFC
//! 1630: both call RFC 822's `addr-spec` ([`crate::grammar::rfc822::addr_spec`]), which is
//! not a production of this grammar (`grammar/DEVIATIONS.md`).
//!
//! A hard failure (nom's `Err::Failure`) only ever comes from a `%` without two hex digits
//! after it. Every `%` of every string of this grammar is followed by two hex digits (it
//! begins an `escape`, or is the `%` of `% 0 0`), so such an input is rejected by every rule,
//! and the failure's offset is the end of a valid prefix: it is safe to stop at once.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, opt, recognize, success};
use nom::multi::many1_count;
use nom::sequence::preceded;

use super::chars::{
    ALPHA, ALPHANUM, ALPHANUM2, DIGIT, EXTRA, HEX, NATIONAL, PUNCTUATION, RESERVED, URL_SAFE,
    URL_XALPHA, URL_XPALPHA,
};
use crate::grammar::common::longest;
use crate::grammar::rfc822::addr_spec;
use crate::grammar::{Rule, rule};
use crate::input::primitives::{
    alt_by_first_byte, branch, joined, lit, many_esc, many1, many1_esc, one, one_or_escape,
    production,
};
use crate::input::{
    Expected, Mode, PResult, Span, Starts, escape as escape_prim, expect_here, fail, recognized,
    take,
};
use crate::part::Part;
use crate::rfc1630::{
    Article, FtpUrl, GopherUrl, GroupArt, Host, HostKind, HostPort, HttpUrl, Login, MailId,
    MailtoUrl, NewsUrl, NntpUrl, PrefixedUrl, ProsperoUrl, TelnetUrl, Url, WaisKind, WaisUrl,
    Wpath,
};
use crate::table::Table;

/// The productions of the URL BNF, in spec order.
pub static RULES: &[Rule] = &[
    rule!(
        "prefixedurl",
        prefixedurl,
        1304,
        "BNF for specific URL schemes"
    ),
    rule!("url", url, 1306, "BNF for specific URL schemes"),
    rule!("scheme", scheme, 1311, "BNF for specific URL schemes"),
    rule!(
        "httpaddress",
        httpaddress,
        1313,
        "BNF for specific URL schemes"
    ),
    rule!(
        "ftpaddress",
        ftpaddress,
        1316,
        "BNF for specific URL schemes"
    ),
    rule!(
        "afsaddress",
        afsaddress,
        1318,
        "BNF for specific URL schemes"
    ),
    rule!(
        "newsaddress",
        newsaddress,
        1320,
        "BNF for specific URL schemes"
    ),
    rule!(
        "nntpaddress",
        nntpaddress,
        1322,
        "BNF for specific URL schemes"
    ),
    rule!(
        "midaddress",
        midaddress,
        1324,
        "BNF for specific URL schemes"
    ),
    rule!(
        "cidaddress",
        cidaddress,
        1326,
        "BNF for specific URL schemes"
    ),
    rule!(
        "mailtoaddress",
        mailtoaddress,
        1328,
        "BNF for specific URL schemes"
    ),
    rule!(
        "waisaddress",
        waisaddress,
        1330,
        "BNF for specific URL schemes"
    ),
    rule!("waisindex", waisindex, 1332, "BNF for specific URL schemes"),
    rule!("waisdoc", waisdoc, 1335, "BNF for specific URL schemes"),
    rule!("wpath", wpath, 1338, "BNF for specific URL schemes"),
    rule!("groupart", groupart, 1340, "BNF for specific URL schemes"),
    rule!("group", group, 1342, "BNF for specific URL schemes"),
    rule!("article", article, 1352, "BNF for specific URL schemes"),
    rule!("database", database, 1354, "BNF for specific URL schemes"),
    rule!("wtype", wtype, 1356, "BNF for specific URL schemes"),
    rule!(
        "prosperoaddress",
        prosperoaddress,
        1358,
        "BNF for specific URL schemes"
    ),
    rule!(
        "prosperolink",
        prosperolink,
        1360,
        "BNF for specific URL schemes"
    ),
    rule!(
        "hsoname",
        hsoname,
        1363,
        "BNF for specific URL schemes",
        nullable
    ),
    rule!("version", version, 1365, "BNF for specific URL schemes"),
    rule!(
        "attributes",
        attributes,
        1367,
        "BNF for specific URL schemes"
    ),
    rule!("attribute", attribute, 1369, "BNF for specific URL schemes"),
    rule!(
        "telnetaddress",
        telnetaddress,
        1371,
        "BNF for specific URL schemes"
    ),
    rule!(
        "gopheraddress",
        gopheraddress,
        1373,
        "BNF for specific URL schemes"
    ),
    rule!("login", login, 1376, "BNF for specific URL schemes"),
    rule!("hostport", hostport, 1378, "BNF for specific URL schemes"),
    rule!("host", host, 1380, "BNF for specific URL schemes"),
    rule!("ftptype", ftptype, 1382, "BNF for specific URL schemes"),
    rule!("formcode", formcode, 1384, "BNF for specific URL schemes"),
    rule!("cellname", cellname, 1386, "BNF for specific URL schemes"),
    rule!("hostname", hostname, 1388, "BNF for specific URL schemes"),
    rule!(
        "hostnumber",
        hostnumber,
        1390,
        "BNF for specific URL schemes"
    ),
    rule!("port", port, 1392, "BNF for specific URL schemes"),
    rule!(
        "gcommand",
        gcommand,
        1394,
        "BNF for specific URL schemes",
        nullable
    ),
    rule!("path", path, 1396, "BNF for specific URL schemes", nullable),
    rule!("segment", segment, 1398, "BNF for specific URL schemes"),
    rule!("search", search, 1408, "BNF for specific URL schemes"),
    rule!("user", user, 1410, "BNF for specific URL schemes"),
    rule!("password", password, 1412, "BNF for specific URL schemes"),
    rule!(
        "fragmentid",
        fragmentid,
        1414,
        "BNF for specific URL schemes"
    ),
    rule!("gtype", gtype, 1416, "BNF for specific URL schemes"),
    rule!("alphanum2", alphanum2, 1418, "BNF for specific URL schemes"),
    rule!("xalpha", xalpha, 1420, "BNF for specific URL schemes"),
    rule!("xalphas", xalphas, 1422, "BNF for specific URL schemes"),
    rule!("xpalpha", xpalpha, 1424, "BNF for specific URL schemes"),
    rule!("xpalphas", xpalphas, 1426, "BNF for specific URL schemes"),
    rule!("ialpha", ialpha, 1428, "BNF for specific URL schemes"),
    rule!("alpha", alpha, 1430, "BNF for specific URL schemes"),
    rule!("digit", digit, 1436, "BNF for specific URL schemes"),
    rule!("safe", safe, 1438, "BNF for specific URL schemes"),
    rule!("extra", extra, 1440, "BNF for specific URL schemes"),
    rule!("reserved", reserved, 1442, "BNF for specific URL schemes"),
    rule!("escape", escape, 1444, "BNF for specific URL schemes"),
    rule!("hex", hex, 1446, "BNF for specific URL schemes"),
    rule!("national", national, 1449, "BNF for specific URL schemes"),
    rule!(
        "punctuation",
        punctuation,
        1451,
        "BNF for specific URL schemes"
    ),
    rule!("digits", digits, 1453, "BNF for specific URL schemes"),
    rule!("alphanum", alphanum, 1463, "BNF for specific URL schemes"),
    rule!("alphanums", alphanums, 1465, "BNF for specific URL schemes"),
    rule!("void", void, 1467, "BNF for specific URL schemes", nullable),
];

// ---------------------------------------------------------------------------------------------
// Helpers for the ambiguous choices
// ---------------------------------------------------------------------------------------------

/// A run of `xalpha`s (escapes included): the characters of `xalphas`, `ialpha`, `hostname`,
/// `group`, `search` ... Records `xalpha` where it stops.
fn xalpha_run<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    many_esc(&URL_XALPHA, "xalpha", "escape").parse(i)
}

/// Whether `b` is a `hostnumber`: `digits . digits . digits . digits`. Stops at the first
/// byte that is neither a digit nor a dot, so that trying every `@` of a run stays linear.
fn is_hostnumber(b: &[u8]) -> bool {
    let mut dots = 0;
    let mut run = 0;
    for &c in b {
        if DIGIT.contains(c) {
            run += 1;
        } else if c == b'.' && run > 0 && dots < 3 {
            dots += 1;
            run = 0;
        } else {
            return false;
        }
    }
    dots == 3 && run > 0
}

/// Whether `b` (a run of `xalpha`s) is a `host`: a `hostname` is an `alpha` and any
/// `xalpha`s, a `hostnumber` four digit runs joined by dots.
fn is_host(b: &[u8]) -> bool {
    b.first().is_some_and(|&c| ALPHA.contains(c)) || is_hostnumber(b)
}

// =============================================================================================
// URLs (rfc1630.txt:1304-1328)
// =============================================================================================

/// ```text
/// prefixedurl            u r l : url
/// ```
/// rfc1630.txt:1304, section "BNF for specific URL schemes".
pub fn prefixedurl<'a>(i: Span<'a>) -> PResult<'a, PrefixedUrl<'a>> {
    production(
        "prefixedurl",
        map(consumed(preceded(lit("url:"), url)), |(text, u)| {
            PrefixedUrl {
                text: text.into(),
                url: u,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// url                    httpaddress | ftpaddress | newsaddress |
///                        nntpaddress | prosperoaddress | telnetaddress
///                        | gopheraddress | waisaddress |
///                        mailtoaddress  | midaddress | cidaddress
/// ```
/// rfc1630.txt:1306, section "BNF for specific URL schemes".
///
/// Each alternative starts with its own scheme literal (`URL_STARTS`), and none of them is a
/// prefix of another: at most one alternative gets past its first characters, so ordered
/// choice is exact. Only the alternatives whose literal starts with the input's first byte are
/// tried ([`alt_by_first_byte`]): the others fail at that byte, where no diagnosis needs them.
pub fn url<'a>(i: Span<'a>) -> PResult<'a, Url<'a>> {
    production(
        "url",
        alt_by_first_byte(
            &URL_STARTS,
            (
                map(httpaddress, Url::Http),
                map(ftpaddress, Url::Ftp),
                map(newsaddress, Url::News),
                map(nntpaddress, Url::Nntp),
                map(prosperoaddress, Url::Prospero),
                map(telnetaddress, Url::Telnet),
                map(gopheraddress, Url::Gopher),
                map(waisaddress, Url::Wais),
                map(mailtoaddress, Url::Mailto),
                map(midaddress, Url::Mid),
                map(cidaddress, Url::Cid),
            ),
        ),
    )
    .parse(i)
}

/// The literal that each alternative of [`url()`] starts with, in the order they are tried.
static URL_STARTS: Starts = Starts::new(&[
    "http://",
    "ftp://",
    "news:",
    "nntp:",
    "prospero://",
    "telnet://",
    "gopher://",
    "wais://",
    "mailto:",
    "mid:",
    "cid:",
]);

/// ```text
/// scheme                 ialpha
/// ```
/// rfc1630.txt:1311, section "BNF for specific URL schemes". No other production uses it.
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("scheme", ialpha).parse(i)
}

/// ```text
/// httpaddress            h t t p :   / / hostport [  / path ] [ ?
///                        search ]
/// ```
/// rfc1630.txt:1313, section "BNF for specific URL schemes".
///
/// A `hostport` holds no `/` or `?`, and a `path` no `?`: each part ends where the next can
/// start.
pub fn httpaddress<'a>(i: Span<'a>) -> PResult<'a, HttpUrl<'a>> {
    production(
        "httpaddress",
        map(
            consumed((
                lit("http://"),
                hostport,
                opt(preceded(lit("/"), path)),
                opt(preceded(lit("?"), search)),
            )),
            |(text, (_, hp, p, q))| HttpUrl {
                text: text.into(),
                hostport: hp,
                path: p.map(Part::from),
                search: q.map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// ftpaddress             f t p : / / login / path [  ftptype ]
/// ```
/// rfc1630.txt:1316, section "BNF for specific URL schemes".
///
/// Rewrite: `[ ftptype ]` is left out, which keeps the language. An `ftptype` is a non-empty
/// run of `xpalpha`s, so `path ftptype` is always itself a `path` (the type's letters extend
/// the path's last part, or make a new one after a final `/`): the language is that of
/// `f t p : / / login / path`. A greedy `path` is exact: it ends only at a character that is
/// neither an `xpalpha` nor a `/`, or at a `/` after a `/`, where no `ftptype` can start
/// either. The typed value's [`FtpUrl::type_code`] finds the split of the other derivations.
pub fn ftpaddress<'a>(i: Span<'a>) -> PResult<'a, FtpUrl<'a>> {
    production(
        "ftpaddress",
        map(
            consumed((lit("ftp://"), login, lit("/"), path)),
            |(text, (_, l, _, p))| FtpUrl {
                text: text.into(),
                login: l,
                path: p.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// afsaddress             a f s : / / cellname / path
/// ```
/// rfc1630.txt:1318, section "BNF for specific URL schemes". "Left in as historical note, but
/// is not a url production" (rfc1630.txt:1301).
pub fn afsaddress<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "afsaddress",
        recognize((lit("afs://"), cellname, lit("/"), path)),
    )
    .parse(i)
}

/// ```text
/// newsaddress            n e w s : groupart
/// ```
/// rfc1630.txt:1320, section "BNF for specific URL schemes".
pub fn newsaddress<'a>(i: Span<'a>) -> PResult<'a, NewsUrl<'a>> {
    production(
        "newsaddress",
        map(consumed(preceded(lit("news:"), groupart)), |(text, g)| {
            NewsUrl {
                text: text.into(),
                groupart: g,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// nntpaddress            n n t p : group /  digits
/// ```
/// rfc1630.txt:1322, section "BNF for specific URL schemes".
pub fn nntpaddress<'a>(i: Span<'a>) -> PResult<'a, NntpUrl<'a>> {
    production(
        "nntpaddress",
        map(
            consumed((lit("nntp:"), group, lit("/"), digits)),
            |(text, (_, g, _, n))| NntpUrl {
                text: text.into(),
                group: g.into(),
                number: n.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// midaddress             m i d  :  addr-spec
/// ```
/// rfc1630.txt:1324, section "BNF for specific URL schemes".
///
/// `addr-spec` is RFC 822's (rfc822.txt:1705): "the RFC822 msg-id with the constant <> wrapper
/// removed, leaving an identifier whose format in fact happens to be the same as addr-spec"
/// (rfc1630.txt:1071).
pub fn midaddress<'a>(i: Span<'a>) -> PResult<'a, MailId<'a>> {
    production(
        "midaddress",
        map(consumed(preceded(lit("mid:"), addr_spec)), |(text, a)| {
            MailId {
                text: text.into(),
                addr: a,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// cidaddress             c i d : content-identifier
/// ```
/// rfc1630.txt:1326, section "BNF for specific URL schemes".
///
/// `content-identifier` is not defined in RFC 1630; `cid:` "is similar to mid:"
/// (rfc1630.txt:1083), and a MIME content id has the form of a message id: RFC 822's
/// `addr-spec`.
pub fn cidaddress<'a>(i: Span<'a>) -> PResult<'a, MailId<'a>> {
    production(
        "cidaddress",
        map(consumed(preceded(lit("cid:"), addr_spec)), |(text, a)| {
            MailId {
                text: text.into(),
                addr: a,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// mailtoaddress          m a i l t o : xalphas @ hostname
/// ```
/// rfc1630.txt:1328, section "BNF for specific URL schemes".
///
/// Rewrite: `xalphas` holds `@`, so a greedy `xalphas` would leave nothing for `@ hostname`.
/// Everything after `mailto:` is one run of `xalpha`s (`@` and a `hostname`'s characters are
/// `xalpha`s too), and the run is a member exactly when it has an `@` that is not its first
/// character and that an `alpha` follows (a `hostname` is an `alpha` and any `xalpha`s). The
/// run is scanned once and then searched for such an `@`. Every run of `xalpha`s is the start
/// of a member, so the run's end is where a rejected input stops being valid.
pub fn mailtoaddress<'a>(i: Span<'a>) -> PResult<'a, MailtoUrl<'a>> {
    production("mailtoaddress", |i: Span<'a>| {
        let start = i;
        let (i, _) = lit("mailto:").parse(i)?;
        let (rest, run) = xalpha_run(i)?;
        let b = run.fragment().as_bytes();
        // The last such `@`: a host name holds no `@` in practice.
        let Some(k) = (1..b.len())
            .rfind(|&k| b[k] == b'@' && b.get(k + 1).is_some_and(|&c| ALPHA.contains(c)))
        else {
            if !b.is_empty() {
                expect_here(&rest, Expected::Literal("@"));
            }
            return fail();
        };
        let (after, local) = take(run, k);
        let (h, _) = take(after, 1);
        let t = i.extra;
        if t.mode() == Mode::Tree {
            t.leaf("xalphas", local.location_offset(), h.location_offset() - 1);
            t.leaf("hostname", h.location_offset(), rest.location_offset());
        }
        let (rest, text) = recognized(start, rest);
        Ok((
            rest,
            MailtoUrl {
                text: text.into(),
                local: local.into(),
                hostname: h.into(),
            },
        ))
    })
    .parse(i)
}

// =============================================================================================
// WAIS (rfc1630.txt:1330-1338)
// =============================================================================================

/// ```text
/// waisaddress            waisindex | waisdoc
/// ```
/// rfc1630.txt:1330, section "BNF for specific URL schemes".
///
/// Rewrite: both alternatives start with `w a i s : / / hostport / database`, so ordered
/// choice would keep the shorter `waisindex` of a `waisdoc`. Both are tried and the longer
/// match is kept ([`longest`], in place). That keeps the language: after the shared part the two differ
/// in what comes next (`?` or `/`), and nothing follows `waisaddress` (it ends `url`), so the
/// longer match is the only one a member can use.
pub fn waisaddress<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production("waisaddress", longest((waisindex, waisdoc)).in_place()).parse(i)
}

/// ```text
/// waisindex              w a i s : / / hostport / database [ ? search
///                        ]
/// ```
/// rfc1630.txt:1332, section "BNF for specific URL schemes".
pub fn waisindex<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production(
        "waisindex",
        map(
            consumed((
                lit("wais://"),
                hostport,
                lit("/"),
                database,
                opt(preceded(lit("?"), search)),
            )),
            |(text, (_, hp, _, db, q))| WaisUrl {
                text: text.into(),
                hostport: hp,
                database: db.into(),
                kind: WaisKind::Index {
                    search: q.map(|q| crate::rfc1630::Search(q.into())),
                },
            },
        ),
    )
    .parse(i)
}

/// ```text
/// waisdoc                w a i s : / / hostport / database / wtype  /
///                        wpath
/// ```
/// rfc1630.txt:1335, section "BNF for specific URL schemes".
pub fn waisdoc<'a>(i: Span<'a>) -> PResult<'a, WaisUrl<'a>> {
    production(
        "waisdoc",
        map(
            consumed((
                lit("wais://"),
                hostport,
                lit("/"),
                database,
                lit("/"),
                wtype,
                lit("/"),
                wpath,
            )),
            |(text, (_, hp, _, db, _, t, _, w))| WaisUrl {
                text: text.into(),
                hostport: hp,
                database: db.into(),
                kind: WaisKind::Doc {
                    wtype: t.into(),
                    wpath: Wpath(w.into()),
                },
            },
        ),
    )
    .parse(i)
}

/// ```text
/// wpath                  digits = path ;  [ wpath ]
/// ```
/// rfc1630.txt:1338, section "BNF for specific URL schemes".
///
/// Rewrite: the right recursion runs as a loop of fields `digits = path ;`. Within a field
/// each greedy part is exact: `digits` ends at the `=`, and a `path` holds no `;`.
pub fn wpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "wpath",
        recognize(many1_count(branch((digits, lit("="), path, lit(";"))))),
    )
    .parse(i)
}

// =============================================================================================
// News (rfc1630.txt:1340-1352)
// =============================================================================================

/// ```text
/// groupart               * | group | article
/// ```
/// rfc1630.txt:1340, section "BNF for specific URL schemes".
///
/// Rewrite: `*` is an `xalpha` and a `group` may hold `@`, so the alternatives overlap and
/// share prefixes (`a@b.c` is a `group` and an `article`; `*@x` is an `article` that starts
/// like `*`). All three are tried and the longest match is kept ([`longest`] in place, twice); on a tie
/// the `article`, as the RFC tells message ids from groups by their `@` (rfc1630.txt:913).
/// Nothing follows `groupart` (it ends `newsaddress`), so the longest match is the only one
/// a member can use: the language is the union, as printed.
pub fn groupart<'a>(i: Span<'a>) -> PResult<'a, GroupArt<'a>> {
    production(
        "groupart",
        longest((
            longest((
                map(article, GroupArt::Article),
                map(group, |g| GroupArt::Group(g.into())),
            ))
            .in_place(),
            map(lit("*"), |s| GroupArt::All(s.into())),
        ))
        .in_place(),
    )
    .parse(i)
}

/// ```text
/// group                  ialpha [ . group ]
/// ```
/// rfc1630.txt:1342, section "BNF for specific URL schemes".
///
/// Rewrite: `.` is an `xalpha` (`safe`), so every `ialpha . group` is itself an `ialpha`, and
/// the language of `group` is that of `ialpha`. A greedy `ialpha` takes every `.` and
/// `[ . group ]` never applies after it; no recursion is needed. Greedy is exact: what follows
/// a `group` (`/`, or the end) is no `xalpha`.
pub fn group<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("group", ialpha).parse(i)
}

/// ```text
/// article                xalphas @ host
/// ```
/// rfc1630.txt:1352, section "BNF for specific URL schemes".
///
/// Rewrite: `xalphas` holds `@`, so a greedy `xalphas` would leave nothing for `@ host`.
/// Everything an `article` holds is one run of `xalpha`s, and the run is a member exactly when
/// it has an `@`, not its first character, after which the rest is a `host` (an `alpha` and
/// any `xalpha`s, or a `hostnumber`). The run is scanned once and then searched for such an
/// `@` (the last, for the typed value). Every run of `xalpha`s is the start of a member, so the
/// run's end is where a rejected input stops being valid.
pub fn article<'a>(i: Span<'a>) -> PResult<'a, Article<'a>> {
    production("article", |i: Span<'a>| {
        let (rest, run) = xalpha_run(i)?;
        let b = run.fragment().as_bytes();
        let Some(k) = (1..b.len()).rfind(|&k| b[k] == b'@' && is_host(&b[k + 1..])) else {
            if !b.is_empty() {
                expect_here(&rest, Expected::Literal("@"));
            }
            return fail();
        };
        let (after, local) = take(run, k);
        if i.extra.mode() == Mode::Tree {
            i.extra
                .leaf("xalphas", local.location_offset(), after.location_offset());
        }
        let (after, _) = lit("@").parse(after)?;
        let (_, h) = host(after)?;
        Ok((
            rest,
            Article {
                text: run.into(),
                local: local.into(),
                host: h,
            },
        ))
    })
    .parse(i)
}

/// ```text
/// database               xalphas
/// ```
/// rfc1630.txt:1354, section "BNF for specific URL schemes".
pub fn database<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("database", xalphas).parse(i)
}

/// ```text
/// wtype                  xalphas
/// ```
/// rfc1630.txt:1356, section "BNF for specific URL schemes".
pub fn wtype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("wtype", xalphas).parse(i)
}

// =============================================================================================
// Prospero (rfc1630.txt:1358-1369)
// =============================================================================================

/// ```text
/// prosperoaddress        prosperolink
/// ```
/// rfc1630.txt:1358, section "BNF for specific URL schemes".
pub fn prosperoaddress<'a>(i: Span<'a>) -> PResult<'a, ProsperoUrl<'a>> {
    production("prosperoaddress", prosperolink).parse(i)
}

/// ```text
/// prosperolink           p r o s p e r o : / / hostport / hsoname [ %
///                        0 0 version [ attributes ] ]
/// ```
/// rfc1630.txt:1360, section "BNF for specific URL schemes".
///
/// Rewrite: `[ % 0 0 version [ attributes ] ]` is left out, which keeps the language. `%00`
/// is also an `escape`, and `version` and `attributes` are `xpalpha`s, so `hsoname % 0 0
/// version [ attributes ]` is always itself an `hsoname` (a `path`, whose last part the
/// `%00...` extends, or starts after a final `/`). A greedy `hsoname` is exact for the same
/// reason as in [`ftpaddress`]; a `%` without two hex digits after it fails both readings at
/// the same byte. The typed value's [`ProsperoUrl::version`] finds the split.
pub fn prosperolink<'a>(i: Span<'a>) -> PResult<'a, ProsperoUrl<'a>> {
    production(
        "prosperolink",
        map(
            consumed((lit("prospero://"), hostport, lit("/"), hsoname)),
            |(text, (_, hp, _, p))| ProsperoUrl {
                text: text.into(),
                hostport: hp,
                path: p.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// hsoname                path
/// ```
/// rfc1630.txt:1363, section "BNF for specific URL schemes". Matches the empty string.
pub fn hsoname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hsoname", path).parse(i)
}

/// ```text
/// version                digits
/// ```
/// rfc1630.txt:1365, section "BNF for specific URL schemes".
pub fn version<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("version", digits).parse(i)
}

/// ```text
/// attributes             attribute [ attributes ]
/// ```
/// rfc1630.txt:1367, section "BNF for specific URL schemes".
///
/// Rewrite: an `attribute` is a run of `alphanum`s, so a sequence of them is one run too: the
/// language is that of `attribute`. A greedy `attribute` ends where no `alphanum` follows, so
/// `[ attributes ]` never applies after it; no recursion is needed.
pub fn attributes<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("attributes", attribute).parse(i)
}

/// ```text
/// attribute              alphanums
/// ```
/// rfc1630.txt:1369, section "BNF for specific URL schemes".
pub fn attribute<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("attribute", alphanums).parse(i)
}

// =============================================================================================
// Telnet, Gopher, logins and hosts (rfc1630.txt:1371-1394)
// =============================================================================================

/// ```text
/// telnetaddress          t e l n e t : / / login
/// ```
/// rfc1630.txt:1371, section "BNF for specific URL schemes".
pub fn telnetaddress<'a>(i: Span<'a>) -> PResult<'a, TelnetUrl<'a>> {
    production(
        "telnetaddress",
        map(consumed(preceded(lit("telnet://"), login)), |(text, l)| {
            TelnetUrl {
                text: text.into(),
                login: l,
            }
        }),
    )
    .parse(i)
}

/// ```text
/// gopheraddress          g o p h e r : / / hostport [/ gtype  [
///                        gcommand ] ]
/// ```
/// rfc1630.txt:1373, section "BNF for specific URL schemes".
///
/// `gcommand` (a `path`) matches the empty string, so `[ gcommand ]` is `gcommand`.
pub fn gopheraddress<'a>(i: Span<'a>) -> PResult<'a, GopherUrl<'a>> {
    production(
        "gopheraddress",
        map(
            consumed((
                lit("gopher://"),
                hostport,
                opt(preceded(lit("/"), (gtype, gcommand))),
            )),
            |(text, (_, hp, g))| GopherUrl {
                text: text.into(),
                hostport: hp,
                gtype: g.map(|g| g.0.into()),
                gcommand: g.map(|g| g.1.into()),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// login                  [ user [ : password ] @ ] hostport
/// ```
/// rfc1630.txt:1376, section "BNF for specific URL schemes".
///
/// Rewrite: a `hostname` may hold `@` and start like a `user`, so the optional part and a
/// bare `hostport` overlap: `a@1` is only a `hostport` (`1` is no host), `u:p@h` only has a
/// user. Both readings are tried and the longer match is kept ([`longest`] in place; on a tie, the one
/// with a user). What follows `login` (`/`, or the end) is neither in a `hostport` nor in a
/// `user`, so the longer match is the only one a member can continue from.
/// Within each, the greedy runs are exact: `user` and `password` hold neither `:` nor `@`.
pub fn login<'a>(i: Span<'a>) -> PResult<'a, Login<'a>> {
    production(
        "login",
        longest((
            map(
                consumed((user, opt(preceded(lit(":"), password)), lit("@"), hostport)),
                |(text, (u, pw, _, hp))| Login {
                    text: text.into(),
                    user: Some(u.into()),
                    password: pw.map(Part::from),
                    hostport: hp,
                },
            ),
            map(hostport, |hp| Login {
                text: hp.text,
                user: None,
                password: None,
                hostport: hp,
            }),
        ))
        .in_place(),
    )
    .parse(i)
}

/// ```text
/// hostport               host [ : port ]
/// ```
/// rfc1630.txt:1378, section "BNF for specific URL schemes".
pub fn hostport<'a>(i: Span<'a>) -> PResult<'a, HostPort<'a>> {
    production(
        "hostport",
        map(
            consumed((host, opt(preceded(lit(":"), port)))),
            |(text, (h, p))| HostPort {
                text: text.into(),
                host: h,
                port: p.map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// host                   hostname | hostnumber
/// ```
/// rfc1630.txt:1380, section "BNF for specific URL schemes".
///
/// A `hostname` starts with an `alpha`, a `hostnumber` with a `digit`: at most one
/// alternative matches, and ordered choice is exact.
pub fn host<'a>(i: Span<'a>) -> PResult<'a, Host<'a>> {
    production(
        "host",
        alt((
            map(hostname, |h| Host {
                text: h.into(),
                kind: HostKind::Hostname,
            }),
            map(hostnumber, |h| Host {
                text: h.into(),
                kind: HostKind::Ipv4,
            }),
        )),
    )
    .parse(i)
}

/// ```text
/// ftptype                A formcode | E formcode | I | L digits
/// ```
/// rfc1630.txt:1382, section "BNF for specific URL schemes".
pub fn ftptype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ftptype",
        recognize(alt((
            recognize((lit("A"), formcode)),
            recognize((lit("E"), formcode)),
            lit("I"),
            recognize((lit("L"), digits)),
        ))),
    )
    .parse(i)
}

/// `formcode`.
pub const FORMCODE: Table = Table::chars("NTC");

/// ```text
/// formcode               N | T | C
/// ```
/// rfc1630.txt:1384, section "BNF for specific URL schemes".
pub fn formcode<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("formcode", one(&FORMCODE, "formcode")).parse(i)
}

/// ```text
/// cellname               hostname
/// ```
/// rfc1630.txt:1386, section "BNF for specific URL schemes".
pub fn cellname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("cellname", hostname).parse(i)
}

/// ```text
/// hostname               ialpha [  .  hostname ]
/// ```
/// rfc1630.txt:1388, section "BNF for specific URL schemes".
///
/// Rewrite: `.` is an `xalpha` (`safe`), so every `ialpha . hostname` is itself an `ialpha`:
/// the language of `hostname` is that of `ialpha`, an `alpha` and any `xalpha`s (`@`, `+`,
/// `%41`, a final `.` ... included). A greedy `ialpha` takes every `.`, and `[ . hostname ]`
/// never applies after it; no recursion is needed. Greedy is exact: what may follow a
/// `hostname` (`:`, `/`, `?`, the end) is no `xalpha`.
pub fn hostname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hostname", ialpha).parse(i)
}

/// ```text
/// hostnumber             digits . digits . digits . digits
/// ```
/// rfc1630.txt:1390, section "BNF for specific URL schemes".
pub fn hostnumber<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hostnumber",
        recognize((digits, lit("."), digits, lit("."), digits, lit("."), digits)),
    )
    .parse(i)
}

/// ```text
/// port                   digits
/// ```
/// rfc1630.txt:1392, section "BNF for specific URL schemes".
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("port", digits).parse(i)
}

/// ```text
/// gcommand               path
/// ```
/// rfc1630.txt:1394, section "BNF for specific URL schemes". Matches the empty string.
pub fn gcommand<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("gcommand", path).parse(i)
}

// =============================================================================================
// Paths and searches (rfc1630.txt:1396-1416)
// =============================================================================================

/// ```text
/// path                   void |  segment  [  / path ]
/// ```
/// rfc1630.txt:1396, section "BNF for specific URL schemes". Matches the empty string.
///
/// Rewrite: the right recursion runs as a loop (no stack growth with the input). The language
/// is `void`, or `segment`s joined by single `/`s, with an optional final `/` (before a
/// `void` path): `[ segment *( / segment ) [ / ] ]`, no leading `/`, no `//`. Each `segment`
/// is greedy, which is exact: what follows one is a `/`, or what may follow a path (`?`, `;`,
/// the end), none an `xpalpha`. [`joined`] runs `segment *( / segment ) [ / ]`, scanning the
/// runs where only the verdict is needed (a `segment` is a non-empty run of `xpalpha`s).
pub fn path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("path", recognize(opt(joined(&URL_XPALPHA, "/", segment)))).parse(i)
}

/// ```text
/// segment                xpalphas
/// ```
/// rfc1630.txt:1398, section "BNF for specific URL schemes".
pub fn segment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("segment", xpalphas).parse(i)
}

/// ```text
/// search                 xalphas [ + search ]
/// ```
/// rfc1630.txt:1408, section "BNF for specific URL schemes".
///
/// Rewrite: in this BNF `+` is an `xalpha` (`safe`), so every `xalphas + search` is itself an
/// `xalphas`: the language is that of `xalphas`, one run of `xalpha`s. A greedy `xalphas`
/// takes every `+`, and `[ + search ]` never applies after it; no recursion is needed. (The
/// typed value still splits the words at every `+`, rfc1630.txt:363.)
pub fn search<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("search", xalphas).parse(i)
}

/// ```text
/// user                   alphanum2 [ user ]
/// ```
/// rfc1630.txt:1410, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `alphanum2`s (a loop).
pub fn user<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("user", many1(&ALPHANUM2, "alphanum2")).parse(i)
}

/// ```text
/// password               alphanum2 [ password ]
/// ```
/// rfc1630.txt:1412, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `alphanum2`s (a loop).
pub fn password<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("password", many1(&ALPHANUM2, "alphanum2")).parse(i)
}

/// ```text
/// fragmentid             xalphas
/// ```
/// rfc1630.txt:1414, section "BNF for specific URL schemes". No other production of this BNF
/// uses it: a `url` has no fragment.
pub fn fragmentid<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fragmentid", xalphas).parse(i)
}

/// ```text
/// gtype                  xalpha
/// ```
/// rfc1630.txt:1416, section "BNF for specific URL schemes".
pub fn gtype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("gtype", xalpha).parse(i)
}

// =============================================================================================
// Characters (rfc1630.txt:1418-1467)
// =============================================================================================

/// ```text
/// alphanum2              alpha | digit | - | _ | . | +
/// ```
/// rfc1630.txt:1418, section "BNF for specific URL schemes".
pub fn alphanum2<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alphanum2", one(&ALPHANUM2, "alphanum2")).parse(i)
}

/// ```text
/// xalpha                 alpha | digit | safe | extra | escape
/// ```
/// rfc1630.txt:1420, section "BNF for specific URL schemes".
///
/// After a `%` the `escape` commits: in this BNF a `%` only begins an `escape` (or the `% 0 0`
/// of a `prosperolink`, which is an escape too).
pub fn xalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xalpha", one_or_escape(&URL_XALPHA, "xalpha", "escape")).parse(i)
}

/// ```text
/// xalphas                xalpha [ xalphas ]
/// ```
/// rfc1630.txt:1422, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `xalpha`s (a loop).
pub fn xalphas<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xalphas", many1_esc(&URL_XALPHA, "xalpha", "escape")).parse(i)
}

/// ```text
/// xpalpha                xalpha | +
/// ```
/// rfc1630.txt:1424, section "BNF for specific URL schemes". The same set as `xalpha`: this
/// BNF's `safe` holds `+`.
pub fn xpalpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xpalpha", one_or_escape(&URL_XPALPHA, "xpalpha", "escape")).parse(i)
}

/// ```text
/// xpalphas               xpalpha [ xpalphas ]
/// ```
/// rfc1630.txt:1426, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `xpalpha`s (a loop).
pub fn xpalphas<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("xpalphas", many1_esc(&URL_XPALPHA, "xpalpha", "escape")).parse(i)
}

/// ```text
/// ialpha                 alpha [ xalphas ]
/// ```
/// rfc1630.txt:1428, section "BNF for specific URL schemes".
pub fn ialpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ialpha",
        recognize((
            one(&ALPHA, "alpha"),
            many_esc(&URL_XALPHA, "xalpha", "escape"),
        )),
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
/// rfc1630.txt:1430, section "BNF for specific URL schemes".
pub fn alpha<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alpha", one(&ALPHA, "alpha")).parse(i)
}

/// ```text
/// digit                  0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
/// ```
/// rfc1630.txt:1436, section "BNF for specific URL schemes".
pub fn digit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digit", one(&DIGIT, "digit")).parse(i)
}

/// ```text
/// safe                   $ | - | _ | @ | . | &  | + | -
/// ```
/// rfc1630.txt:1438, section "BNF for specific URL schemes". `-` is printed twice.
pub fn safe<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("safe", one(&URL_SAFE, "safe")).parse(i)
}

/// ```text
/// extra                  ! | * |  " |  ' | ( | )  | ,
/// ```
/// rfc1630.txt:1440, section "BNF for specific URL schemes".
pub fn extra<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("extra", one(&EXTRA, "extra")).parse(i)
}

/// ```text
/// reserved               =  |  ;  |  /  |  #  | ? |  : | space
/// ```
/// rfc1630.txt:1442, section "BNF for specific URL schemes". `space` is the space character.
pub fn reserved<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("reserved", one(&RESERVED, "reserved")).parse(i)
}

/// ```text
/// escape                 % hex hex
/// ```
/// rfc1630.txt:1444, section "BNF for specific URL schemes".
///
/// Commits after the `%` (nom's `cut`): see [`xalpha`].
pub fn escape<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("escape", escape_prim).parse(i)
}

/// ```text
/// hex                    digit | a | b | c | d | e | f | A | B | C |
///                        D | E | F
/// ```
/// rfc1630.txt:1446, section "BNF for specific URL schemes".
pub fn hex<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hex", one(&HEX, "hex")).parse(i)
}

/// ```text
/// national               { | } | vline | [ | ] | \ | ^ | ~
/// ```
/// rfc1630.txt:1449, section "BNF for specific URL schemes". `vline` is `|`; no other
/// production uses `national`.
pub fn national<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("national", one(&NATIONAL, "national")).parse(i)
}

/// ```text
/// punctuation            < | >
/// ```
/// rfc1630.txt:1451, section "BNF for specific URL schemes". No other production uses it.
pub fn punctuation<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("punctuation", one(&PUNCTUATION, "punctuation")).parse(i)
}

/// ```text
/// digits                 digit [ digits ]
/// ```
/// rfc1630.txt:1453, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `digit`s (a loop).
pub fn digits<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("digits", many1(&DIGIT, "digit")).parse(i)
}

/// ```text
/// alphanum               alpha | digit
/// ```
/// rfc1630.txt:1463, section "BNF for specific URL schemes".
pub fn alphanum<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alphanum", one(&ALPHANUM, "alphanum")).parse(i)
}

/// ```text
/// alphanums              alphanum [ alphanums ]
/// ```
/// rfc1630.txt:1465, section "BNF for specific URL schemes".
///
/// The right recursion is one run of `alphanum`s (a loop).
pub fn alphanums<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alphanums", many1(&ALPHANUM, "alphanum")).parse(i)
}

/// ```text
/// void
/// ```
/// rfc1630.txt:1467, section "BNF for specific URL schemes". Matches the empty string only.
pub fn void<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("void", recognize(success(()))).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;
    use crate::rfc1630::Url;

    /// `URL_STARTS[k]` starts the `k`th alternative of `url`: a member of each, which starts
    /// with its literal, is read whole as that alternative in every mode (were a literal at the
    /// wrong place, `alt_by_first_byte` would skip the alternative and `url` reject the member).
    #[test]
    fn each_literal_starts_its_alternative() {
        let members = [
            "http://h/p",
            "ftp://h/p",
            "news:a",
            "nntp:g/1",
            "prospero://h/p",
            "telnet://h",
            "gopher://h",
            "wais://h/d",
            "mailto:a@h",
            "mid:a@b",
            "cid:a@b",
        ];
        crate::grammar::testing::each_literal_starts_its_alternative(
            super::URL_STARTS.literals(),
            &members,
            |i| {
                let (rest, u) = super::url(i).ok()?;
                rest.fragment().is_empty().then_some(match u {
                    Url::Http(_) => 0,
                    Url::Ftp(_) => 1,
                    Url::News(_) => 2,
                    Url::Nntp(_) => 3,
                    Url::Prospero(_) => 4,
                    Url::Telnet(_) => 5,
                    Url::Gopher(_) => 6,
                    Url::Wais(_) => 7,
                    Url::Mailto(_) => 8,
                    Url::Mid(_) => 9,
                    Url::Cid(_) => 10,
                })
            },
        );
    }

    fn check(rule: &str, input: &str) -> Result<(), usize> {
        Grammar::Rfc1630Url
            .check(rule, input)
            .map_err(|e| e.offset())
    }

    #[test]
    fn accepts() {
        for (rule, input) in [
            (
                "url",
                "http://info.cern.ch/hypertext/WWW/Addressing/URL/URI_Overview.html",
            ),
            ("url", "http://www.my.work.com/"),
            ("url", "http://info.cern.ch:8000/imaginary/test"),
            ("url", "http://info.my.org/AboutUs/Index/Phonebook?dobbins"),
            ("url", "http://info.cern.ch/albert/bertram/marie%2Dclaude"),
            ("url", "http://u@h"),
            ("url", "ftp://info.cern.ch/pub/www/doc/http-spec.txt"),
            ("url", "ftp://u:p@h/a/bAN"),
            ("url", "ftp://a@1/x"),
            ("url", "ftp://1@a/x"),
            ("url", "news:12345667123@info.cern.ch"),
            ("url", "news:comp.infosystems.www"),
            ("url", "news:*"),
            ("url", "news:*@1.2.3.4"),
            ("url", "nntp:comp.text/12"),
            ("url", "prospero://h/p%00a1b"),
            ("url", "prospero://h:1525/pub/x%0012ab"),
            ("url", "telnet://info.cern.ch"),
            ("url", "telnet://u:p@h:23"),
            ("url", "gopher://gopher.micro.umn.edu/00/Information"),
            ("url", "gopher://h"),
            (
                "url",
                "wais://quake.think.com/wais-discussion-archives?lynch",
            ),
            ("url", "wais://h/db/t/1=x;2=;"),
            ("url", "mailto:timbl@info.cern.ch"),
            ("url", "mailto:a@b@1"),
            ("url", "mid:a.b@c.d"),
            ("url", "cid:\"x y\"@[1.2.3.4]"),
            ("prefixedurl", "url:news:*"),
            ("afsaddress", "afs://c/p"),
            ("login", "a@b@c"),
            ("hostname", "a@b..c."),
            ("search", "a++b+"),
            ("ftptype", "L8"),
            ("wpath", "1=a/b/;22=;"),
            ("attributes", "abc123"),
            ("void", ""),
        ] {
            assert_eq!(check(rule, input), Ok(()), "{rule} {input:?}");
        }
    }

    #[test]
    fn rejects_with_offsets() {
        for (rule, input, at) in [
            (
                "url",
                "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",
                45,
            ),
            ("url", "http://www.myu.edu/org/admin/people#andy", 35),
            ("url", "afs://c/p", 0),
            ("url", "http://h:x", 9),
            ("url", "http://1.2.3/", 12),
            ("url", "http://h?", 9),
            ("url", "http://h//", 9),
            ("url", "ftp://h/f;type=I", 9),
            ("url", "ftp://h", 7),
            ("url", "ftp://1@/x", 8),
            ("url", "news:12345667123%asdghfh@info.cern.ch", 18),
            ("url", "news:*a", 7),
            ("url", "news:1", 6),
            ("url", "news:1@1.2.3.4.", 15),
            ("url", "gopher://h/", 11),
            ("url", "gopher://h/1/x", 12),
            ("url", "wais://h/db/t/1=x", 17),
            ("url", "mailto:a@1", 10),
            ("url", "mailto:@a", 9),
            ("url", "mid:a@", 6),
            ("url", "file://h/x", 1),
            ("url", "HTTP://h", 0),
            ("prefixedurl", "url:", 4),
            ("login", "u:p", 3),
            ("hostnumber", "1.2.3", 5),
            ("ftptype", "A", 1),
            ("user", "u@", 1),
            ("void", "a", 0),
        ] {
            assert_eq!(check(rule, input), Err(at), "{rule} {input:?}");
        }
    }

    /// Right recursion runs as loops, and the ambiguous rules stay linear: 1 MB inputs on a
    /// small stack.
    #[test]
    fn long_inputs_small_stack() {
        let run = || {
            let p = format!("http://h/{}", "a/".repeat(500_000));
            assert_eq!(check("url", &p), Ok(()));
            let p = format!("ftp://u:p@h/{}I", "a/".repeat(500_000));
            assert_eq!(check("url", &p), Ok(()));
            let w = format!("wais://h/d/t/{}", "1=a/b;".repeat(200_000));
            assert_eq!(check("url", &w), Ok(()));
            let a = format!("news:{}", "a@1".repeat(300_000));
            assert_eq!(check("url", &a), Ok(()));
            let a = format!("news:1{}", "@1".repeat(500_000));
            assert_eq!(check("url", &a), Err(a.len()));
            let m = format!("mailto:{}", "@1".repeat(500_000));
            assert_eq!(check("url", &m), Err(m.len()));
        };
        let h = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(run);
        assert!(h.is_ok_and(|h| h.join().is_ok()));
    }
}
