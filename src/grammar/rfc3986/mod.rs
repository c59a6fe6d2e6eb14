//! RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax": the 36 productions of
//! Appendix A ("Collected ABNF for URI", rfc3986.txt:2695-2788), one function each, in spec
//! order.
//!
//! | file | productions |
//! | --- | --- |
//! | `uri.rs` | `URI` ... `scheme` (rfc3986.txt:2697-2715) |
//! | `authority.rs` | `authority` ... `reg-name` (rfc3986.txt:2717-2757) |
//! | `path.rs` | `path` ... `fragment` (rfc3986.txt:2759-2780) |
//! | `chars.rs` | `pct-encoded` ... `sub-delims` (rfc3986.txt:2782-2788), and the ABNF core rules ALPHA, DIGIT, HEXDIG |
//!
//! The notation is ABNF (RFC 2234): `/` separates alternatives, `n( )` and `n*m` repeat,
//! `%x30-34` is a range, quoted strings are case-insensitive (only `IPvFuture`'s `"v"` holds a
//! letter). The doc comments quote Appendix A as printed, with its comments.
//!
//! Where a literal transcription would not derive the same strings (nom's `alt` commits to
//! the first alternative that matches, and repetition never gives characters back), the
//! function says why its expression does: `host` (an `IPv4address` is a `reg-name` too),
//! `IPv6address` (the groups before `::`), `dec-octet` (longest first), `path` (overlapping
//! alternatives). Elsewhere a short note says why ordered choice is exact. The differential
//! tests against the BNF interpreter are the proof. No verified erratum changes the grammar;
//! `grammar/DEVIATIONS.md` records how the core rules and `0<pchar>` are read.
//!
//! The productions that give a reference or its parts return the typed values of
//! [`crate::rfc3986`], built with nom's `map` from what the expression matched (`URI-reference`,
//! `URI`, `absolute-URI`, `relative-ref`, `hier-part`, `relative-part`, `authority`, `host`,
//! `IP-literal`). `fast.rs` is the hand-written fast pass of `URI-reference` and `authority`
//! (the check and `rfc3986::UriReference::parse`), held to these functions by tests.

mod authority;
mod chars;
pub(crate) mod fast;
mod path;
mod uri;

pub use authority::*;
pub use chars::*;
pub use path::*;
pub use uri::*;

use crate::grammar::{Rule, rule};

/// Whether all of `s` is a `URI`, by the fast pass: a `URI-reference` that starts with
/// `scheme ":"`. Exact: `URI` is one alternative of `URI-reference` and starts so; the other,
/// `relative-ref`, never does, since it starts with `//`, `/`, `?`, `#`, its end, or a
/// `segment-nz-nc`, which holds no `:` (rfc3986.txt:2704-2710, 2767, 2773).
pub(crate) fn is_uri(s: &str) -> bool {
    crate::grammar::common::scheme(s.as_bytes()).is_some() && fast::is_uri_reference(s)
}

/// Whether all of `s` is an `absolute-URI`, by the fast pass: a `URI` with no `#`. Exact:
/// `absolute-URI` is `URI` without `[ "#" fragment ]`, and no other part of a `URI` holds a
/// `#` (rfc3986.txt:2697, 2706).
pub(crate) fn is_absolute_uri(s: &str) -> bool {
    !s.as_bytes().contains(&b'#') && is_uri(s)
}

/// The productions of RFC 3986, in the order of Appendix A.
pub static RULES: &[Rule] = &[
    rule!(whole is_uri => "URI", uri, 2697, "3"),
    rule!("hier-part", hier_part, 2699, "3", nullable),
    rule!(whole fast::is_uri_reference => "URI-reference", uri_reference, 2704, "4.1", nullable),
    rule!(whole is_absolute_uri => "absolute-URI", absolute_uri, 2706, "4.3"),
    rule!("relative-ref", relative_ref, 2708, "4.2", nullable),
    rule!("relative-part", relative_part, 2710, "4.2", nullable),
    rule!("scheme", scheme, 2715, "3.1"),
    rule!("authority", authority, 2717, "3.2", nullable),
    rule!("userinfo", userinfo, 2718, "3.2.1", nullable),
    rule!("host", host, 2719, "3.2.2", nullable),
    rule!("port", port, 2720, "3.2.3", nullable),
    rule!("IP-literal", ip_literal, 2722, "3.2.2"),
    rule!("IPvFuture", ipvfuture, 2724, "3.2.2"),
    rule!("IPv6address", ipv6address, 2726, "3.2.2"),
    rule!("h16", h16, 2736, "3.2.2"),
    rule!("ls32", ls32, 2737, "3.2.2"),
    rule!("IPv4address", ipv4address, 2738, "3.2.2"),
    rule!("dec-octet", dec_octet, 2751, "3.2.2"),
    rule!("reg-name", reg_name, 2757, "3.2.2", nullable),
    rule!("path", path, 2759, "3.3", nullable),
    rule!("path-abempty", path_abempty, 2765, "3.3", nullable),
    rule!("path-absolute", path_absolute, 2766, "3.3"),
    rule!("path-noscheme", path_noscheme, 2767, "3.3"),
    rule!("path-rootless", path_rootless, 2768, "3.3"),
    rule!("path-empty", path_empty, 2769, "3.3", nullable),
    rule!("segment", segment, 2771, "3.3", nullable),
    rule!("segment-nz", segment_nz, 2772, "3.3"),
    rule!("segment-nz-nc", segment_nz_nc, 2773, "3.3"),
    rule!("pchar", pchar, 2776, "3.3"),
    rule!("query", query, 2778, "3.4", nullable),
    rule!("fragment", fragment, 2780, "3.5", nullable),
    rule!("pct-encoded", pct_encoded, 2782, "2.1"),
    rule!("unreserved", unreserved, 2784, "2.3"),
    rule!("reserved", reserved, 2785, "2.2"),
    rule!("gen-delims", gen_delims, 2786, "2.2"),
    rule!("sub-delims", sub_delims, 2787, "2.2"),
];
