//! Expressions: sections 2.2 to 2.4 (rfc6570.txt:721-884), the parts between `{` and `}`.
//!
//! Every choice here is decided by one character, and no rule takes a character that the
//! rule after it could need: an `operator` is none of `varchar`'s characters, a `varname`
//! holds no `,`, `:`, `*` or `}`, and a `.` in a `varname` is taken only with the `varchar`
//! after it. So `opt`, `alt` and repetition, which commit, derive the printed languages.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize};
use nom::multi::{many_m_n, many0_count};
use nom::sequence::preceded;

use crate::grammar::rfc3986::{ALPHA, DIGIT};
use crate::input::primitives::{lit, one, one_or_escape, production};
use crate::input::{PResult, Span};
use crate::table::Table;

// =============================================================================================
// Expressions and operators: section 2.2 (rfc6570.txt:721-725)
// =============================================================================================

/// ```text
/// expression    =  "{" [ operator ] variable-list "}"
/// ```
/// rfc6570.txt:721, section 2.2.
pub fn expression<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "expression",
        recognize((lit("{"), opt(operator), variable_list, lit("}"))),
    )
    .parse(i)
}

/// `op-level2`.
pub const OP_LEVEL2: Table = Table::chars("+#");
/// `op-level3`.
pub const OP_LEVEL3: Table = Table::chars("./;?&");
/// `op-reserve`.
pub const OP_RESERVE: Table = Table::chars("=,!@|");

/// ```text
/// operator      =  op-level2 / op-level3 / op-reserve
/// ```
/// rfc6570.txt:722, section 2.2. The three classes are disjoint.
pub fn operator<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("operator", alt((op_level2, op_level3, op_reserve))).parse(i)
}

/// ```text
/// op-level2     =  "+" / "#"
/// ```
/// rfc6570.txt:723, section 2.2.
pub fn op_level2<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("op-level2", one(&OP_LEVEL2, "op-level2")).parse(i)
}

/// ```text
/// op-level3     =  "." / "/" / ";" / "?" / "&"
/// ```
/// rfc6570.txt:724, section 2.2.
pub fn op_level3<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("op-level3", one(&OP_LEVEL3, "op-level3")).parse(i)
}

/// ```text
/// op-reserve    =  "=" / "," / "!" / "@" / "|"
/// ```
/// rfc6570.txt:725, section 2.2. Reserved for future extensions (rfc6570.txt:755-756): in the
/// grammar, but an expansion error ([`crate::rfc6570`]).
pub fn op_reserve<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("op-reserve", one(&OP_RESERVE, "op-reserve")).parse(i)
}

// =============================================================================================
// Variables: section 2.3 (rfc6570.txt:776-779)
// =============================================================================================

/// ```text
/// variable-list =  varspec *( "," varspec )
/// ```
/// rfc6570.txt:776, section 2.3. A `,` not followed by a `varspec` is left to the caller: no
/// `varspec` holds a `,`, so the language is the same.
pub fn variable_list<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "variable-list",
        recognize((varspec, many0_count(preceded(lit(","), varspec)))),
    )
    .parse(i)
}

/// ```text
/// varspec       =  varname [ modifier-level4 ]
/// ```
/// rfc6570.txt:777, section 2.3.
pub fn varspec<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("varspec", recognize((varname, opt(modifier_level4)))).parse(i)
}

/// ```text
/// varname       =  varchar *( ["."] varchar )
/// ```
/// rfc6570.txt:778, section 2.3. A `.` is taken with the `varchar` after it, or not at all:
/// the names are runs of `varchar` joined by single dots, with none at either end.
pub fn varname<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "varname",
        recognize((varchar, many0_count((opt(lit(".")), varchar)))),
    )
    .parse(i)
}

/// `varchar`'s single characters: `ALPHA / DIGIT / "_"`.
pub const VARCHAR: Table = ALPHA.or(DIGIT).or(Table::chars("_"));

/// ```text
/// varchar       =  ALPHA / DIGIT / "_" / pct-encoded
/// ```
/// rfc6570.txt:779, section 2.3.
pub fn varchar<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("varchar", one_or_escape(&VARCHAR, "varchar", "pct-encoded")).parse(i)
}

// =============================================================================================
// Value modifiers: section 2.4 (rfc6570.txt:827-884)
// =============================================================================================

/// ```text
/// modifier-level4 =  prefix / explode
/// ```
/// rfc6570.txt:827, section 2.4.
pub fn modifier_level4<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("modifier-level4", alt((prefix, explode))).parse(i)
}

/// ```text
/// prefix        =  ":" max-length
/// ```
/// rfc6570.txt:847, section 2.4.1.
pub fn prefix<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("prefix", recognize((lit(":"), max_length))).parse(i)
}

/// `%x31-39`.
const NONZERO: Table = Table::range(b'1', b'9');

/// ```text
/// max-length    =  %x31-39 0*3DIGIT   ; positive integer < 10000
/// ```
/// rfc6570.txt:848, section 2.4.1. At most four digits: a fifth is left to the caller, where
/// no rule takes it.
pub fn max_length<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "max-length",
        recognize((
            one(&NONZERO, "%x31-39"),
            many_m_n(0, 3, one(&DIGIT, "DIGIT")),
        )),
    )
    .parse(i)
}

/// ```text
/// explode       =  "*"
/// ```
/// rfc6570.txt:884, section 2.4.2.
pub fn explode<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production("explode", lit("*")).parse(i)
}
