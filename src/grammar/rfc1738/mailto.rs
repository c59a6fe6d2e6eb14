//! MAILTO: rfc1738.txt:1015-1018 (section 3.5).

use super::chars::XCHAR;
use nom::Parser;
use nom::combinator::{consumed, map};
use nom::sequence::preceded;

use crate::input::primitives::{lit, many1_esc, production};
use crate::input::{PResult, Span, take};
use crate::rfc1738::MailtoUrl;

// =============================================================================================
// ; MAILTO (see also RFC822) (rfc1738.txt:1015-1018)
// =============================================================================================

/// ```text
/// mailtourl      = "mailto:" encoded822addr
/// ```
/// rfc1738.txt:1017, section 3.5.
pub fn mailtourl<'a>(i: Span<'a>) -> PResult<'a, MailtoUrl<'a>> {
    production(
        "mailtourl",
        map(
            consumed(preceded(lit("mailto:"), encoded822addr)),
            |(text, a)| MailtoUrl {
                text: text.into(),
                scheme: take(text, 6).1.into(),
                address: a.into(),
            },
        ),
    )
    .parse(i)
}

/// ```text
/// encoded822addr = 1*xchar               ; further defined in RFC822
/// ```
/// rfc1738.txt:1018, section 3.5.
///
/// As printed: any non-empty run of `xchar`s. Whether it encodes an RFC 822 `addr-spec` is
/// a further check this production does not make.
pub fn encoded822addr<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("encoded822addr", many1_esc(&XCHAR, "xchar", "escape")).parse(i)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn accept_and_reject() {
        let g = Grammar::Rfc1738;
        for s in [
            "mailto:user@example.com",
            "mailto:a",
            "mailto:%25@x",
            "mailto:::",
        ] {
            assert!(g.check("mailtourl", s).is_ok(), "{s:?}");
        }
        for s in [
            "mailto:",
            "mailto:a b",
            "mailto:<a@b>",
            "MAILTO:a",
            "mailto:100%",
        ] {
            assert!(g.check("mailtourl", s).is_err(), "{s:?}");
        }
        assert!(g.check("encoded822addr", "a@b").is_ok());
        assert!(g.check("encoded822addr", "").is_err());
    }
}
