//! TELNET: rfc1738.txt:1031-1033 (section 3.8).

use super::generic::login;
use nom::Parser;
use nom::combinator::{consumed, map, opt};

use crate::input::primitives::{lit, production};
use crate::input::{PResult, Span, take};
use crate::rfc1738::TelnetUrl;

// =============================================================================================
// ; TELNET (rfc1738.txt:1031-1033)
// =============================================================================================

/// ```text
/// telneturl      = "telnet://" login [ "/" ]
/// ```
/// rfc1738.txt:1033, section 3.8.
pub fn telneturl<'a>(i: Span<'a>) -> PResult<'a, TelnetUrl<'a>> {
    production(
        "telneturl",
        map(
            consumed((lit("telnet://"), login, opt(lit("/")))),
            |(text, (_, l, slash))| TelnetUrl {
                text: text.into(),
                scheme: take(text, 6).1.into(),
                login: l,
                slash: slash.is_some(),
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
            "telnet://h",
            "telnet://h/",
            "telnet://u:p@h:23/",
            "telnet://@h",
        ] {
            assert!(g.check("telneturl", s).is_ok(), "{s:?}");
        }
        for (s, offset) in [("telnet://h/x", 11), ("telnet://", 9), ("telnet://h//", 11)] {
            let e = g.check("telneturl", s).unwrap_err();
            assert_eq!(e.offset(), offset, "{s:?}: {e}");
        }
    }
}
