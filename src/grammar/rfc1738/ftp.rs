//! FTP: rfc1738.txt:981-986 (section 3.2).

use super::chars::UCHAR;
use super::generic::login;
use nom::Parser;
use nom::combinator::{consumed, map, opt};
use nom::sequence::preceded;

use crate::input::primitives::{lit, many_esc, one, production, separated};
use crate::input::{PResult, Span, take};
use crate::rfc1738::FtpUrl;
use crate::table::Table;

// =============================================================================================
// ; FTP (see also RFC959) (rfc1738.txt:981-986)
// =============================================================================================

/// ```text
/// ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
/// ```
/// rfc1738.txt:983, section 3.2.
///
/// `login` holds no `/`; `fpath` holds no `;` (an `fsegment` has none), so its greedy run
/// ends where `;type=` must start.
pub fn ftpurl<'a>(i: Span<'a>) -> PResult<'a, FtpUrl<'a>> {
    production(
        "ftpurl",
        map(
            consumed((
                lit("ftp://"),
                login,
                opt(preceded(
                    lit("/"),
                    (fpath, opt(preceded(lit(";type="), ftptype))),
                )),
            )),
            |(text, (_, l, p))| FtpUrl {
                text: text.into(),
                scheme: take(text, 3).1.into(),
                login: l,
                path: p.map(|(path, _)| path.into()),
                typecode: p.and_then(|(_, t)| t).map(Into::into),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// fpath          = fsegment *[ "/" fsegment ]
/// ```
/// rfc1738.txt:984, section 3.2. Matches the empty string (one empty segment).
///
/// A loop, not recursion: a path of a million segments takes no stack. `fsegment` derives exactly
/// the runs of its characters and escapes, which hold no `/`: see [`separated`] for the passes.
pub fn fpath<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "fpath",
        separated(&FSEGMENT, "/", "fpath", "escape", fsegment),
    )
    .parse(i)
}

/// `fsegment`, without its `escape`.
pub const FSEGMENT: Table = UCHAR.or(Table::chars("?:@&="));

/// ```text
/// fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
/// rfc1738.txt:985, section 3.2. Matches the empty string.
pub fn fsegment<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("fsegment", many_esc(&FSEGMENT, "fsegment", "escape")).parse(i)
}

/// `ftptype`.
pub const FTPTYPE: Table = Table::chars("AIDaid");

/// ```text
/// ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
/// rfc1738.txt:986, section 3.2.
pub fn ftptype<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("ftptype", one(&FTPTYPE, "ftptype")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for (rule, ok, err) in [
            (
                "ftpurl",
                // Section 3.1 and 3.2.2's examples.
                &[
                    "ftp://@host.com/",
                    "ftp://host.com/",
                    "ftp://foo:@host.com/",
                    "ftp://myname@host.dom/%2Fetc/motd",
                    "ftp://myname@host.dom/etc/motd",
                    "ftp://myname@host.dom//etc/motd",
                    "ftp://info.cern.ch/pub/www/doc;type=d",
                    "ftp://h",
                    "ftp://h/;type=I",
                ][..],
                &[
                    "ftp://h/a;type=x",
                    "ftp://h/a;b",
                    "ftp://h/a;type=a/b",
                    "ftp://h/a;type=aa",
                    "FTP://h/",
                    "ftp:/h",
                    "ftp://h/a b",
                ][..],
            ),
            ("fpath", &["", "a/b", "/", "%2F/?:@&="], &[";", "a;type=a"]),
            ("fsegment", &["", "a?:@&=%20"], &["a/b", ";"]),
            ("ftptype", &["A", "i", "d"], &["x", "", "aa", "b"]),
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
        for (input, offset) in [
            ("ftp://h/a;type=x", 15),
            ("ftp://h/a;b", 10),
            ("ftp://h/a;type=aa", 16),
        ] {
            let e = g.check("ftpurl", input).unwrap_err();
            assert_eq!(e.offset(), offset, "{input:?}: {e}");
        }
    }
}
