//! TELNET: rfc1738.txt:1031-1033 (section 3.8).

use super::generic::login;
use crate::input::{PResult, Span, lit, maybe, production, recognized, take};
use crate::rfc1738::TelnetUrl;

// =============================================================================================
// ; TELNET (rfc1738.txt:1031-1033)
// =============================================================================================

/// ```text
/// telneturl      = "telnet://" login [ "/" ]
/// ```
/// rfc1738.txt:1033, section 3.8.
pub fn telneturl<'a>(i: Span<'a>) -> PResult<'a, TelnetUrl<'a>> {
    production(i, "telneturl", |i| {
        let (j, _) = lit(i, "telnet://")?;
        let (j, l) = login(j)?;
        let (rest, slash) = maybe(j, |j| lit(j, "/"))?;
        let (rest, text) = recognized(i, rest);
        Ok((
            rest,
            TelnetUrl {
                text: text.into(),
                scheme: take(i, 6).1.into(),
                login: l,
                slash: slash.is_some(),
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
            "telnet://h",
            "telnet://h/",
            "telnet://u:p@h:23/",
            "telnet://@h",
        ] {
            assert!(g.check("telneturl", s).is_ok(), "{s:?}");
        }
        for (s, offset) in [("telnet://h/x", 11), ("telnet://", 9), ("telnet://h//", 11)] {
            let e = g.check("telneturl", s).unwrap_err();
            assert_eq!(e.offset, offset, "{s:?}: {e}");
        }
    }
}
