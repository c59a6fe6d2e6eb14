//! RFC 822, "Standard for the Format of ARPA Internet Text Messages": `addr-spec` (section 6.1,
//! rfc822.txt:1705-1714) and the lexical rules of section 3.3 it uses (rfc822.txt:710-775),
//! one function each, in the order of `grammar/rfc822.bnf` (grammar `rfc822`, start rule
//! `addr-spec`).
//!
//! RFC 1630 names `addr-spec` (`midaddress`) and `content-identifier` (`cidaddress`) without
//! defining them; both are this `addr-spec` (`grammar/DEVIATIONS.md`).
//!
//! | file | productions |
//! | --- | --- |
//! | `addr.rs` | `addr-spec` ... `domain-ref` (rfc822.txt:1705-1714, section 6.1) |
//! | `lexical.rs` | `CHAR` ... `word` (rfc822.txt:710-775, section 3.3) |
//!
//! Two readings, both recorded in `grammar/DEVIATIONS.md`:
//!
//! - **No implicit white space.** Section 3.1.4 lets `linear-white-space` and comments stand
//!   between any two lexical tokens of a structured field. Here the productions are read as
//!   printed, with nothing between tokens: a URL holds no spaces (`mid:a @b` is no URL), and
//!   the RFC itself asks for none around `@` and `.` outside mail headers
//!   (rfc822.txt:1871-1877).
//! - **`<">` is a token**, the quote-mark character, not a production: the line that defines
//!   it (rfc822.txt:721) has no function of its own; `quoted-string` and `specials` use the
//!   character.
//!
//! There are no escapes in RFC 822: `%` is an ordinary `atom` character (`mid:a%b@c` is a
//! member), so no function here uses the escape-aware runs of [`crate::input`].

mod addr;
mod lexical;

pub use addr::*;
pub use lexical::*;

use crate::grammar::{Rule, rule};

/// The productions of the `rfc822` grammar: section 6.1, then section 3.3.
pub static RULES: &[Rule] = &[
    rule!("addr-spec", addr_spec, 1705, "6.1"),
    rule!("local-part", local_part, 1707, "6.1"),
    rule!("domain", domain, 1710, "6.1"),
    rule!("sub-domain", sub_domain, 1712, "6.1"),
    rule!("domain-ref", domain_ref, 1714, "6.1"),
    rule!("CHAR", char, 710, "3.3"),
    rule!("ALPHA", alpha, 711, "3.3"),
    rule!("DIGIT", digit, 714, "3.3"),
    rule!("CTL", ctl, 715, "3.3"),
    rule!("CR", cr, 717, "3.3"),
    rule!("LF", lf, 718, "3.3"),
    rule!("SPACE", space, 719, "3.3"),
    rule!("HTAB", htab, 720, "3.3"),
    rule!("CRLF", crlf, 722, "3.3"),
    rule!("LWSP-char", lwsp_char, 724, "3.3"),
    rule!("linear-white-space", linear_white_space, 726, "3.3"),
    rule!("specials", specials, 729, "3.3"),
    rule!("atom", atom, 740, "3.3"),
    rule!("quoted-string", quoted_string, 742, "3.3"),
    rule!("qtext", qtext, 745, "3.3"),
    rule!("domain-literal", domain_literal, 749, "3.3"),
    rule!("dtext", dtext, 761, "3.3"),
    rule!("quoted-pair", quoted_pair, 771, "3.3"),
    rule!("word", word, 775, "3.3"),
];
