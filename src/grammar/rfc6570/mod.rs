//! RFC 6570, "URI Template": the 15 productions of section 2 ("Syntax", rfc6570.txt:685-884)
//! and the 6 rules of section 1.5 that they import (rfc6570.txt:594-613), one function each,
//! in the order of `grammar/rfc6570.bnf`.
//!
//! | file | productions |
//! | --- | --- |
//! | `chars.rs` | `ALPHA` ... `iprivate` (rfc6570.txt:594-613), `literals` (704) |
//! | `mod.rs` | `URI-Template` (rfc6570.txt:685) |
//! | `expression.rs` | `expression` ... `explode` (rfc6570.txt:721-884) |
//!
//! The grammar is section 2's Level 4 syntax, which every template processor is RECOMMENDED to
//! parse whole (rfc6570.txt:688-693). The input is UTF-8 text; the code points of `ucschar`
//! and `iprivate` are tested on the decoded character, and offsets are bytes at character
//! boundaries, as in [`crate::grammar::rfc3987`]. The grammar says what a template is; what
//! it expands to, and the errors that only expansion finds (an operator reserved for future
//! extensions, a prefix of a composite value), are in [`crate::rfc6570`]. The differential
//! tests against the BNF interpreter are the proof of the languages. No erratum changes the
//! grammar (`grammar/DEVIATIONS.md`).

mod chars;
mod expression;

pub use chars::*;
pub use expression::*;

use nom::Parser;
use nom::branch::alt;
use nom::combinator::recognize;
use nom::multi::many0_count;

use crate::grammar::rfc3987::chars::{Beyond, irun1};
use crate::grammar::{Rule, rule};
use crate::input::primitives::production;
use crate::input::{PResult, Span};

// =============================================================================================
// Templates: section 2 (rfc6570.txt:685)
// =============================================================================================

/// ```text
/// URI-Template  = *( literals / expression )
/// ```
/// rfc6570.txt:685, section 2. Matches the empty string. A run of `literals` is scanned at
/// once (one table lookup a byte, the code points of `ucschar` and `iprivate` on the decoded
/// character); a `{` is an `expression`, which no `literals` holds.
pub fn uri_template<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "URI-Template",
        recognize(many0_count(alt((
            irun1(LITERALS, Beyond::UcsAndPrivate, "literals"),
            expression,
        )))),
    )
    .parse(i)
}

/// The productions of RFC 6570, in the order of `grammar/rfc6570.bnf`: section 1.5's imports,
/// then section 2.
pub static RULES: &[Rule] = &[
    rule!("ALPHA", alpha, 594, "1.5"),
    rule!("DIGIT", digit, 595, "1.5"),
    rule!("HEXDIG", hexdig, 596, "1.5"),
    rule!("pct-encoded", pct_encoded, 599, "1.5"),
    rule!("ucschar", ucschar, 606, "1.5"),
    rule!("iprivate", iprivate, 613, "1.5"),
    rule!("URI-Template", uri_template, 685, "2", nullable),
    rule!("literals", literals, 704, "2.1"),
    rule!("expression", expression, 721, "2.2"),
    rule!("operator", operator, 722, "2.2"),
    rule!("op-level2", op_level2, 723, "2.2"),
    rule!("op-level3", op_level3, 724, "2.2"),
    rule!("op-reserve", op_reserve, 725, "2.2"),
    rule!("variable-list", variable_list, 776, "2.3"),
    rule!("varspec", varspec, 777, "2.3"),
    rule!("varname", varname, 778, "2.3"),
    rule!("varchar", varchar, 779, "2.3"),
    rule!("modifier-level4", modifier_level4, 827, "2.4"),
    rule!("prefix", prefix, 847, "2.4.1"),
    rule!("max-length", max_length, 848, "2.4.1"),
    rule!("explode", explode, 884, "2.4.2"),
];
