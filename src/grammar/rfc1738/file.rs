//! FILE: rfc1738.txt:988-990 (section 3.10).

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, map, recognize};

use super::ftp::fpath;
use super::generic::host;
use crate::input::primitives::{lit, next_byte, production};
use crate::input::{PResult, Span, take};
use crate::rfc1738::{FileHost, FileUrl};

// =============================================================================================
// ; FILE (rfc1738.txt:988-990)
// =============================================================================================

/// ```text
/// fileurl        = "file://" [ host | "localhost" ] "/" fpath
/// ```
/// rfc1738.txt:990, section 3.10.
///
/// `"localhost"` is itself a `hostname`, so the second alternative adds no string: `host`
/// goes first and derives it. The literal is tried only when `host` fails, where it cannot
/// match either; trying it keeps it among the expected items of an error. When the bracket
/// matched, `host` covers the whole run of host characters (see [`host`]), and the empty
/// choice cannot help, since `/` must then come where that run starts. The typed value calls
/// a host of exactly `localhost` [`FileHost::Localhost`].
pub fn fileurl<'a>(i: Span<'a>) -> PResult<'a, FileUrl<'a>> {
    production(
        "fileurl",
        map(
            consumed((
                lit("file://"),
                alt((
                    map(host, |h| {
                        if h.as_str() == "localhost" {
                            FileHost::Localhost(h.as_part())
                        } else {
                            FileHost::Host(h)
                        }
                    }),
                    map(lit("localhost"), |l| FileHost::Localhost(l.into())),
                    map(recognize(next_byte()), |at| FileHost::Empty(at.into())),
                )),
                lit("/"),
                fpath,
            )),
            |(text, (_, h, _, p))| FileUrl {
                text: text.into(),
                scheme: take(text, 4).1.into(),
                host: h,
                path: p.into(),
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
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            "file:///etc/motd",
            "file://localhost/etc/motd",
            "file://localhost.dom/",
            "file://1.2.3.4/",
            "file:///",
        ] {
            assert!(g.check("fileurl", s).is_ok(), "{s:?}");
        }
        for (s, offset) in [
            ("file://", 7),
            ("file://h", 8),
            ("file://h:80/", 8),
            ("file:/x", 6),
            ("file://h/a;b", 10),
            ("file://localhost", 16),
        ] {
            let e = g.check("fileurl", s).unwrap_err();
            assert_eq!(e.offset(), offset, "{s:?}: {e}");
        }
    }
}
