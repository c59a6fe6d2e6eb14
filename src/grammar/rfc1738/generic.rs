//! The generic URL, the union `url`, schemes, and the common Internet scheme syntax:
//! rfc1738.txt:934-977 (sections 2.1, 3.1 and 5).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, opt, recognize};
use nom::sequence::{preceded, separated_pair, terminated};

use super::chars::{ALPHA, DIGIT, LOWALPHA, UCHAR, XCHAR, digits};
use super::file::fileurl;
use super::ftp::ftpurl;
use super::gopher::gopherurl;
use super::http::httpurl;
use super::mailto::mailtourl;
use super::news::newsurl;
use super::nntp::nntpurl;
use super::prospero::prosperourl;
use super::telnet::telneturl;
use super::wais::waisurl;
use super::xchars_stop;
use crate::grammar::common::longest;
use crate::grammar::labels::{self, Labels};
use crate::input::primitives::{branch, lit, many_esc, many1, one, production};
use crate::input::{PResult, Span, Starts};
use crate::part::Part;
use crate::rfc1738::{GenericUrl, Host, HostKind, HostPort, IpSchemePart, Login, SchemePart, Url};
use crate::table::Table;

// =============================================================================================
// ; The generic form of a URL is: (rfc1738.txt:934-936)
// =============================================================================================

/// ```text
/// genericurl     = scheme ":" schemepart
/// ```
/// rfc1738.txt:936, section 5.
///
/// `scheme` holds no `:`, so its greedy run ends where the `:` must be.
pub fn genericurl<'a>(i: Span<'a>) -> PResult<'a, GenericUrl<'a>> {
    production(
        "genericurl",
        map(
            consumed(separated_pair(scheme, lit(":"), schemepart)),
            |(text, (s, sp))| GenericUrl {
                text: text.into(),
                scheme: s.into(),
                schemepart: sp,
            },
        ),
    )
    .parse(i)
}

// =============================================================================================
// ; Specific predefined schemes are defined here; new schemes
// ; may be registered with IANA (rfc1738.txt:938-944)
// =============================================================================================

/// ```text
/// url            = httpurl | ftpurl | newsurl |
///                  nntpurl | telneturl | gopherurl |
///                  waisurl | mailtourl | fileurl |
///                  prosperourl | otherurl
/// ```
/// rfc1738.txt:941, section 5.
///
/// Rewrite: the longest match wins (the [`longest`](crate::grammar::common::longest) combinator, not nom's
/// ordered `alt`), the first in the printed order on ties. Every specific
/// alternative is a `genericurl` too (its literal is a `scheme` and `:`, and all it holds after
/// that is `xchar`s: `uchar`s, reserved characters and the escape `%09`), so the language is
/// `otherurl`'s, and `otherurl` always matches the longest prefix (the whole run of `xchar`s).
/// Ordered choice would stop at `httpurl` for `http://h/a?b?c` (no `?` in a `search`) and
/// leave `?c`; the longest match takes `otherurl` there. A specific alternative is the
/// derivation exactly when it matches that whole run (a tie), so a typed parse gets
/// [`Url::Http`] for `http://h/` and [`Url::Generic`] for `http:foo`. Nothing follows `url`
/// anywhere, so the longest match is the only one that can be used. No alternative goes past
/// the end of the `xchar` run, so on the fast path a specific match that reaches it is
/// taken without running `otherurl`. Of the specific alternatives, each starting with its
/// literal (`URL_STARTS`), only those whose literal starts with the input's first byte run
/// (`by_first_byte`).
pub fn url<'a>(i: Span<'a>) -> PResult<'a, Url<'a>> {
    production(
        "url",
        longest((
            map(httpurl, Url::Http),
            map(ftpurl, Url::Ftp),
            map(newsurl, Url::News),
            map(nntpurl, Url::Nntp),
            map(telneturl, Url::Telnet),
            map(gopherurl, Url::Gopher),
            map(waisurl, Url::Wais),
            map(mailtourl, Url::Mailto),
            map(fileurl, Url::File),
            map(prosperourl, Url::Prospero),
            map(otherurl, Url::Generic),
        ))
        .by_first_byte(&URL_STARTS)
        .settled_at(xchars_stop),
    )
    .parse(i)
}

/// The literal that each alternative of [`url()`] starts with, in order (`otherurl` has none).
static URL_STARTS: Starts = Starts::new(&[
    "http://",
    "ftp://",
    "news:",
    "nntp://",
    "telnet://",
    "gopher://",
    "wais://",
    "mailto:",
    "file://",
    "prospero://",
    "",
]);

// =============================================================================================
// ; new schemes follow the general syntax (rfc1738.txt:946-947)
// =============================================================================================

/// ```text
/// otherurl       = genericurl
/// ```
/// rfc1738.txt:947, section 5.
pub fn otherurl<'a>(i: Span<'a>) -> PResult<'a, GenericUrl<'a>> {
    production("otherurl", genericurl).parse(i)
}

// =============================================================================================
// ; the scheme is in lower case; interpreters should use case-ignore (rfc1738.txt:949-959)
// =============================================================================================

/// `scheme`'s characters.
pub const SCHEME: Table = LOWALPHA.or(DIGIT).or(Table::chars("+-."));

/// ```text
/// scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]
/// ```
/// rfc1738.txt:950, section 2.1.
///
/// As printed: lower case only (upper case is an opt-in reading of the typed API, see
/// [`crate::rfc1738::ParseOptions`]), and a scheme may start with a digit or `+`.
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("scheme", many1(&SCHEME, "scheme")).parse(i)
}

/// ```text
/// schemepart     = *xchar | ip-schemepart
/// ```
/// rfc1738.txt:959, section 5. Matches the empty string.
///
/// Rewrite: the longest match wins ([`longest`](crate::grammar::common::longest)), `ip-schemepart` on ties. Every `ip-schemepart` is a
/// string of `xchar`s (`//`, user and password characters, host names, `:`, digits, `/` and a
/// `*xchar` url-path), so the language is `*xchar`, whose greedy run is always the longest
/// match; nothing follows `schemepart` (it ends `genericurl`), so that run is the only match
/// that can be used. Taking `ip-schemepart` when it covers the same run gives the more
/// informative of the two derivations of such a string.
pub fn schemepart<'a>(i: Span<'a>) -> PResult<'a, SchemePart<'a>> {
    production(
        "schemepart",
        longest((
            map(ip_schemepart, SchemePart::Ip),
            map(many_esc(&XCHAR, "xchar", "escape"), |p| {
                SchemePart::Opaque(p.into())
            }),
        ))
        .settled_at(xchars_stop),
    )
    .parse(i)
}

// =============================================================================================
// ; URL schemeparts for ip based protocols: (rfc1738.txt:962-977)
// =============================================================================================

/// ```text
/// ip-schemepart  = "//" login [ "/" urlpath ]
/// ```
/// rfc1738.txt:964, section 3.1.
///
/// `login` ends with its `hostport`, which holds no `/`.
pub fn ip_schemepart<'a>(i: Span<'a>) -> PResult<'a, IpSchemePart<'a>> {
    production(
        "ip-schemepart",
        map(
            consumed(preceded(
                lit("//"),
                (login, opt(preceded(lit("/"), urlpath))),
            )),
            |(text, (l, p))| IpSchemePart {
                text: text.into(),
                login: l,
                urlpath: p.map(Part::from),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// login          = [ user [ ":" password ] "@" ] hostport
/// ```
/// rfc1738.txt:966, section 3.1.
///
/// `user` and `password` hold no `:` or `@`, so the bracket can only end at the first `@`,
/// `user` only at the first `:`, and their greedy runs are the only ones that can go on. When
/// the bracket matches, `hostport` alone (which holds no `@`) would stop before that `@`,
/// which nothing after a `login` can take (it is followed by `/` or the end), so trying the
/// bracket first is exact.
pub fn login<'a>(i: Span<'a>) -> PResult<'a, Login<'a>> {
    production(
        "login",
        map(
            consumed((
                opt(branch(terminated(
                    (user, opt(preceded(lit(":"), password))),
                    lit("@"),
                ))),
                hostport,
            )),
            |(text, (up, hp))| Login {
                text: text.into(),
                user: up.map(|(u, _)| u.into()),
                password: up.and_then(|(_, p)| p).map(Part::from),
                hostport: hp,
            },
        ),
    )
    .parse(i)
}

/// ```text
/// hostport       = host [ ":" port ]
/// ```
/// rfc1738.txt:967, section 3.1.
///
/// `host` holds no `:`; `port` is a greedy run of digits, and what follows a `hostport`
/// (`/`, `@`-free text, or the end) is never a digit.
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
/// host           = hostname | hostnumber
/// ```
/// rfc1738.txt:968, section 3.1.
///
/// Ordered choice is exact: a `hostname` match holds a letter (its `toplabel` starts with
/// one) and a `hostnumber` match holds none, so when both match a prefix of the same input,
/// the `hostnumber` one ends before that letter and the `hostname` one is the longer. What
/// follows a `host` (`:`, `/` or the end) is never a letter, digit, `-` or `.`, so a host must
/// extend over the whole run of those, and only the longer match can.
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
/// hostname       = *[ domainlabel "." ] toplabel
/// ```
/// rfc1738.txt:969, section 3.1.
///
/// Rewrite: read literally, `*[ domainlabel "." ]` would take the last label too and leave
/// nothing for `toplabel`. The language is: labels of `alphadigit`s and `-`s that start and
/// end with an `alphadigit`, joined by `.`, the last starting with an `alpha`; unlike RFC
/// 2396's there is no trailing `.`. One left-to-right scan over the labels keeps the longest
/// prefix of that form (what can follow a hostname, `:`, `/` or the end, is never a label
/// character or `.`): `src/grammar/labels.rs`, shared with RFC 2396.
pub fn hostname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("hostname", |i| labels::hostname(i, LABELS)).parse(i)
}

/// How RFC 1738 prints the labels of a hostname.
const LABELS: Labels = Labels {
    letter_digit: "alphadigit",
    trailing_dot: false,
};

/// `alphadigit`.
pub const ALPHADIGIT: Table = ALPHA.or(DIGIT);

/// ```text
/// domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
/// ```
/// rfc1738.txt:970, section 3.1.
///
/// Rewrite: the greedy `*[ alphadigit | "-" ]` would eat the closing `alphadigit`; the scan
/// keeps the longest prefix ending in an `alphadigit` instead (same language).
pub fn domainlabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("domainlabel", |i| labels::label_rule(i, LABELS, false)).parse(i)
}

/// ```text
/// toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
/// ```
/// rfc1738.txt:971, section 3.1. Rewritten as [`domainlabel`] is.
pub fn toplabel<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("toplabel", |i| labels::label_rule(i, LABELS, true)).parse(i)
}

/// ```text
/// alphadigit     = alpha | digit
/// ```
/// rfc1738.txt:972, section 3.1.
pub fn alphadigit<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("alphadigit", one(&ALPHADIGIT, "alphadigit")).parse(i)
}

/// ```text
/// hostnumber     = digits "." digits "." digits "." digits
/// ```
/// rfc1738.txt:973, section 3.1.
///
/// `digits` is a greedy run that `.` ends.
pub fn hostnumber<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "hostnumber",
        recognize((digits, lit("."), digits, lit("."), digits, lit("."), digits)),
    )
    .parse(i)
}

/// ```text
/// port           = digits
/// ```
/// rfc1738.txt:974, section 3.1.
pub fn port<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("port", digits).parse(i)
}

/// `user` and `password`, without their `escape`.
pub const USER: Table = UCHAR.or(Table::chars(";?&="));

/// ```text
/// user           = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
/// rfc1738.txt:975, section 3.1. Matches the empty string.
pub fn user<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("user", many_esc(&USER, "user", "escape")).parse(i)
}

/// ```text
/// password       = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
/// rfc1738.txt:976, section 3.1. Matches the empty string.
pub fn password<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("password", many_esc(&USER, "password", "escape")).parse(i)
}

/// ```text
/// urlpath        = *xchar    ; depends on protocol see section 3.1
/// ```
/// rfc1738.txt:977, section 3.1. Matches the empty string.
pub fn urlpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("urlpath", many_esc(&XCHAR, "xchar", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;
    use crate::rfc1738::Url;

    /// `URL_STARTS[k]` starts the `k`th alternative of `url`: a member of each, which starts
    /// with its literal, is read whole as that alternative in every mode (were a literal at the
    /// wrong place, `by_first_byte` would skip the alternative and `otherurl` take the member).
    #[test]
    fn each_literal_starts_its_alternative() {
        let members = [
            "http://h/p",
            "ftp://h/p",
            "news:a",
            "nntp://h/g/1",
            "telnet://h",
            "gopher://h",
            "wais://h/d",
            "mailto:a@h",
            "file://h/p",
            "prospero://h/p",
            "x:y",
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
                    Url::Telnet(_) => 4,
                    Url::Gopher(_) => 5,
                    Url::Wais(_) => 6,
                    Url::Mailto(_) => 7,
                    Url::File(_) => 8,
                    Url::Prospero(_) => 9,
                    Url::Generic(_) => 10,
                })
            },
        );
    }

    fn table(rows: &[(&str, &[&str], &[&str])]) {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in rows {
            for s in *ok {
                assert!(g.check(rule, s).is_ok(), "{rule} should accept {s:?}");
            }
            for s in *err {
                assert!(g.check(rule, s).is_err(), "{rule} should reject {s:?}");
            }
        }
    }

    #[test]
    fn generic() {
        table(&[
            (
                "genericurl",
                &["x:", "http:foo", "x-1.2+y://a/b", "1:", "news:*"],
                &["X:", ":", "x", "x:#", "x:%", "x:%4"],
            ),
            // Section 2.1: the scheme is printed in lower case only.
            ("scheme", &["http", "x-1", "+", "0"], &["HTTP", "", "a:"]),
            (
                "schemepart",
                &["", "//a", "foo", "%41;/?:@&="],
                &["#", "%g0", " "],
            ),
            ("otherurl", &["afs:/x"], &["afs"]),
        ]);
    }

    #[test]
    fn url_is_the_union() {
        table(&[(
            "url",
            &[
                "http://h/",
                // No httpurl (it has no `//`), but an otherurl.
                "http:foo",
                "http://h/a?b?c",
                "ftp://h/a;type=x",
                "prospero:",
            ],
            &["HTTP://h/", "http://h/#frag", "", "http://h/ a", "mailto"],
        )]);
    }

    #[test]
    fn common_internet_scheme_syntax() {
        table(&[
            (
                "ip-schemepart",
                &["//h", "//h/", "//u:p@h:1/x", "//@h", "//:@h", "//1.2.3.4"],
                &["/h", "//", "//h:", "//u@", "//h@h2@h3"],
            ),
            (
                "login",
                &["h", "u@h", "u:p@h", ":@h", "@h", "u;?&=%20:p@h.dom:80"],
                &["", "u:p", "u@h@h", "h:", "u/p@h"],
            ),
            (
                "hostport",
                &["h", "h:1", "1.2.3.4:80"],
                &["h:", ":80", "h:a"],
            ),
            (
                "host",
                &["a.b", "1.2.3.4", "a1", "1.2.3.a"],
                &["1.2.3", "a.", "-a"],
            ),
            // No trailing dot, unlike RFC 2396.
            (
                "hostname",
                &["a", "a.b", "a-b.c-d", "1.a", "a.b1", "localhost"],
                &["a.", "1", "a.1", "-a", "a-", "a..b", ""],
            ),
            (
                "domainlabel",
                &["a", "1", "a-1", "1--1"],
                &["-", "a-", "", "a.b"],
            ),
            ("toplabel", &["a", "a-1", "ab"], &["1", "1a", "a-", ""]),
            ("alphadigit", &["a", "Z", "0"], &["-", "."]),
            (
                "hostnumber",
                &["1.2.3.4", "0123.0.0.999999"],
                &["1.2.3", "1.2.3.4.5", "1..3.4"],
            ),
            ("port", &["0", "65536"], &["", "8a", "-1"]),
            ("user", &["", "a;?&=%41", "*"], &[":", "@", "/", "%"]),
            ("password", &["", "p%40ss"], &["p@ss", "p:ss"]),
            ("urlpath", &["", "a/b;c?d:e@f&g=h"], &["#", "a b"]),
        ]);
    }

    /// Error offsets are the longest valid prefix.
    #[test]
    fn error_offsets() {
        let g = Grammar::Rfc1738;
        for (rule, input, offset) in [
            ("hostname", "a.", 2),
            ("hostname", "a-", 2),
            ("hostname", "1.2", 3),
            ("hostname", "a..b", 2),
            ("login", "a:b", 3),
            ("login", "u@h@", 3),
            ("url", "http://h/ x", 9),
            ("url", "http://h/%4x", 11),
            ("url", "HTTP://h/", 0),
            ("url", "http", 4),
            ("ip-schemepart", "//h:", 4),
        ] {
            let e = g.check(rule, input).unwrap_err();
            assert_eq!(e.offset(), offset, "{rule} {input:?}: {e}");
        }
    }

    /// A 1 MB host and a 1 MB path: one pass each, no stack growth (the default test thread
    /// stack is 2 MB), accepted and rejected, in every mode.
    #[test]
    fn long_inputs() {
        let g = Grammar::Rfc1738;
        let host = "a.".repeat(500_000) + "a";
        let path = "/a".repeat(500_000);
        let inputs = [
            ("hostname", host.clone()),
            ("url", format!("http://{host}/")),
            ("url", format!("ftp://{host}{path}")),
            ("url", format!("http://h{path}")),
            ("url", format!("file://{path}")),
            ("url", format!("prospero://h{path}")),
            ("url", format!("news:{}@{host}", "a".repeat(1000))),
            ("url", format!("gopher://h/1{path}")),
            ("fpath", path[1..].to_string()),
        ];
        for (rule, ok) in &inputs {
            assert!(g.check(rule, ok).is_ok(), "{rule}");
            let r = g.rule(rule).unwrap();
            assert!(g.derive(r, ok).is_ok(), "{rule}");
            let bad = format!("{ok} ");
            assert_eq!(
                g.check(rule, &bad).unwrap_err().offset(),
                ok.len(),
                "{rule}"
            );
        }
    }
}
