//! FILE: rfc1738.txt:988-990 (section 3.10).

use nom::Err;

use super::ftp::fpath;
use super::generic::host;
use crate::input::{PResult, Span, lit, production, recognized, take};
use crate::part::Part;
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
    production(i, "fileurl", |i| {
        let (j, _) = lit(i, "file://")?;
        let (j, h) = match host(j) {
            Ok((r, h)) if h.as_str() == "localhost" => (r, FileHost::Localhost(h.as_part())),
            Ok((r, h)) => (r, FileHost::Host(h)),
            Err(Err::Error(_)) => match lit(j, "localhost") {
                Ok((r, l)) => (r, FileHost::Localhost(l.into())),
                Err(Err::Error(_)) => (j, FileHost::Empty(Part::new("", j.location_offset()))),
                Err(e) => return Err(e),
            },
            Err(e) => return Err(e),
        };
        let (j, _) = lit(j, "/")?;
        let (rest, p) = fpath(j)?;
        let (rest, text) = recognized(i, rest);
        Ok((
            rest,
            FileUrl {
                text: text.into(),
                scheme: take(i, 4).1.into(),
                host: h,
                path: p.into(),
            },
        ))
    })
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
            assert_eq!(e.offset, offset, "{s:?}: {e}");
        }
    }
}
