//! IRIs, IRI references, absolute IRIs, relative references and schemes: rfc3987.txt:375-400
//! and 457 (section 2.2), RFC 3986's `URI` ... `relative-part` with the `i` productions.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;

use super::authority::iauthority;
use super::path::{
    ifragment, ipath_abempty, ipath_absolute, ipath_empty, ipath_noscheme, ipath_rootless, iquery,
};
use crate::grammar::rfc3986;
use crate::input::primitives::{lit, production};
use crate::input::{Mode, PResult, Span};

// =============================================================================================
// IRI (rfc3987.txt:375-381)
// =============================================================================================

/// ```text
/// IRI            = scheme ":" ihier-part [ "?" iquery ]
///                       [ "#" ifragment ]
/// ```
/// rfc3987.txt:375, section 2.2.
///
/// As RFC 3986's `URI`: `ihier-part` stops before `?`, `#` and the end, and `iquery` before
/// `#` and the end, so each part's longest match is the one the rest needs.
pub fn iri<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "IRI",
        recognize((
            scheme,
            lit(":"),
            ihier_part,
            opt(preceded(lit("?"), iquery)),
            opt(preceded(lit("#"), ifragment)),
        )),
    )
    .parse(i)
}

/// `"//" iauthority ipath-abempty`, the first alternative of `ihier-part` and
/// `irelative-part`.
fn net_path<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    recognize((lit("//"), iauthority, ipath_abempty)).parse(i)
}

/// ```text
/// ihier-part     = "//" iauthority ipath-abempty
///                / ipath-absolute
///                / ipath-rootless
///                / ipath-empty
/// ```
/// rfc3987.txt:378, section 2.2. Matches the empty string (`ipath-empty`).
///
/// Ordered choice is exact, as in RFC 3986's `hier-part`: the alternatives start with `//`,
/// `/` and an `ipchar` (no `/`), or are empty.
pub fn ihier_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "ihier-part",
        alt((net_path, ipath_absolute, ipath_rootless, ipath_empty)),
    )
    .parse(i)
}

// =============================================================================================
// IRI references, absolute IRIs, relative references (rfc3987.txt:383-400)
// =============================================================================================

/// ```text
/// IRI-reference  = IRI / irelative-ref
/// ```
/// rfc3987.txt:383, section 2.2. Matches the empty string (an `irelative-ref`).
///
/// Ordered choice is exact, as in RFC 3986's `URI-reference`: `IRI` succeeds whenever the
/// input starts with `scheme ":"`, and then `irelative-ref` can only match a shorter prefix
/// (its first segment, `isegment-nz-nc`, stops at that `:`).
///
/// The fast pass reads the same extent over byte positions (`fast.rs`); the diagnosing and
/// tree passes follow the structure.
pub fn iri_reference<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    // The fast pass records nothing, so it needs no `production`.
    if i.extra.mode() == Mode::Fast {
        return super::fast::iri_reference(i);
    }
    production("IRI-reference", alt((iri, irelative_ref))).parse(i)
}

/// ```text
/// absolute-IRI   = scheme ":" ihier-part [ "?" iquery ]
/// ```
/// rfc3987.txt:385, section 2.2.
pub fn absolute_iri<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "absolute-IRI",
        recognize((
            scheme,
            lit(":"),
            ihier_part,
            opt(preceded(lit("?"), iquery)),
        )),
    )
    .parse(i)
}

/// ```text
/// irelative-ref  = irelative-part [ "?" iquery ] [ "#" ifragment ]
/// ```
/// rfc3987.txt:387, section 2.2. Matches the empty string.
pub fn irelative_ref<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "irelative-ref",
        recognize((
            irelative_part,
            opt(preceded(lit("?"), iquery)),
            opt(preceded(lit("#"), ifragment)),
        )),
    )
    .parse(i)
}

/// ```text
/// irelative-part = "//" iauthority ipath-abempty
///                     / ipath-absolute
///                / ipath-noscheme
///                / ipath-empty
/// ```
/// rfc3987.txt:389, section 2.2 (the rule crosses a page break, rfc3987.txt:390-399). Matches
/// the empty string (`ipath-empty`).
///
/// Ordered choice is exact, as in [`ihier_part`]: `ipath-noscheme` starts with a character of
/// `isegment-nz-nc`, which is no `/`.
pub fn irelative_part<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    production(
        "irelative-part",
        alt((net_path, ipath_absolute, ipath_noscheme, ipath_empty)),
    )
    .parse(i)
}

// =============================================================================================
// The rules RFC 3987 keeps: scheme (rfc3987.txt:457)
// =============================================================================================

/// ```text
/// scheme         = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// ```
/// rfc3987.txt:457, section 2.2. RFC 3986's own ([`rfc3986::scheme`]).
pub fn scheme<'a>(i: Span<'a>) -> PResult<'a, Span<'a>> {
    rfc3986::scheme(i)
}
