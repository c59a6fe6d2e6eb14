//! RFC 3987, "Internationalized Resource Identifiers (IRIs)": the 39 productions of section
//! 2.2 ("ABNF for IRI References and IRIs", rfc3987.txt:375-492), one function each, in spec
//! order.
//!
//! | file | productions |
//! | --- | --- |
//! | `uri.rs` | `IRI` ... `irelative-part` (rfc3987.txt:375-400), `scheme` (457) |
//! | `authority.rs` | `iauthority` ... `ireg-name` (rfc3987.txt:402-406), `port` ... `dec-octet` (459-484) |
//! | `path.rs` | `ipath` ... `ifragment` (rfc3987.txt:408-431) |
//! | `chars.rs` | `iunreserved`, `ucschar`, `iprivate` (rfc3987.txt:433-442), `pct-encoded` ... `sub-delims` (486-492) |
//!
//! RFC 3987 is RFC 3986 with non-ASCII characters: the rules that differ (an `i` prefix, or
//! `IRI` for `URI`) have the shape of their RFC 3986 counterparts, over classes that add
//! `ucschar` (and `iprivate` in `iquery`) to RFC 3986's, and the rules it keeps are RFC
//! 3986's own functions ([`crate::grammar::rfc3986`]), each behind a one-line function here
//! that quotes section 2.2's copy. The input is the UTF-8 text; the ranges of `ucschar` and
//! `iprivate` are tested on the decoded character ("Terminals in the ABNF are characters, not
//! bytes", rfc3987.txt:359-361), offsets are bytes at character boundaries, and an error names
//! the production (`ucschar`, `iprivate`), never a range. The differential tests against the
//! BNF interpreter, which reads the ranges as code points too, are the proof.
//!
//! The productions return the text they matched. `fast.rs` is the hand-written fast pass of
//! `IRI-reference` (the check of `IRI-reference`, `IRI`, `absolute-IRI` and `irelative-ref`,
//! and `IRI-reference`'s fast mode), held to these functions by tests. No erratum changes the
//! grammar (`grammar/DEVIATIONS.md`).

mod authority;
pub(crate) mod chars;
pub(crate) mod fast;
mod path;
mod uri;

pub use authority::*;
pub use chars::{
    gen_delims, iprivate, is_iprivate, is_ucschar, iunreserved, pct_encoded, reserved, sub_delims,
    ucschar, unreserved,
};
pub use path::*;
pub use uri::*;

use crate::grammar::{Rule, rule};

/// The productions of RFC 3987, in the order of section 2.2.
pub static RULES: &[Rule] = &[
    rule!(whole fast::is_iri => "IRI", iri, 375, "2.2"),
    rule!("ihier-part", ihier_part, 378, "2.2", nullable),
    rule!(whole fast::is_iri_reference => "IRI-reference", iri_reference, 383, "2.2", nullable),
    rule!(whole fast::is_absolute_iri => "absolute-IRI", absolute_iri, 385, "2.2"),
    rule!(whole fast::is_irelative_ref => "irelative-ref", irelative_ref, 387, "2.2", nullable),
    rule!("irelative-part", irelative_part, 389, "2.2", nullable),
    rule!("iauthority", iauthority, 402, "2.2", nullable),
    rule!("iuserinfo", iuserinfo, 403, "2.2", nullable),
    rule!("ihost", ihost, 404, "2.2", nullable),
    rule!("ireg-name", ireg_name, 406, "2.2", nullable),
    rule!("ipath", ipath, 408, "2.2", nullable),
    rule!("ipath-abempty", ipath_abempty, 414, "2.2", nullable),
    rule!("ipath-absolute", ipath_absolute, 415, "2.2"),
    rule!("ipath-noscheme", ipath_noscheme, 416, "2.2"),
    rule!("ipath-rootless", ipath_rootless, 417, "2.2"),
    rule!("ipath-empty", ipath_empty, 418, "2.2", nullable),
    rule!("isegment", isegment, 420, "2.2", nullable),
    rule!("isegment-nz", isegment_nz, 421, "2.2"),
    rule!("isegment-nz-nc", isegment_nz_nc, 422, "2.2"),
    rule!("ipchar", ipchar, 426, "2.2"),
    rule!("iquery", iquery, 429, "2.2", nullable),
    rule!("ifragment", ifragment, 431, "2.2", nullable),
    rule!("iunreserved", iunreserved, 433, "2.2"),
    rule!("ucschar", ucschar, 435, "2.2"),
    rule!("iprivate", iprivate, 442, "2.2"),
    rule!("scheme", scheme, 457, "2.2"),
    rule!("port", port, 459, "2.2", nullable),
    rule!("IP-literal", ip_literal, 461, "2.2"),
    rule!("IPvFuture", ipvfuture, 463, "2.2"),
    rule!("IPv6address", ipv6address, 465, "2.2"),
    rule!("h16", h16, 475, "2.2"),
    rule!("ls32", ls32, 476, "2.2"),
    rule!("IPv4address", ipv4address, 478, "2.2"),
    rule!("dec-octet", dec_octet, 480, "2.2"),
    rule!("pct-encoded", pct_encoded, 486, "2.2"),
    rule!("unreserved", unreserved, 488, "2.2"),
    rule!("reserved", reserved, 489, "2.2"),
    rule!("gen-delims", gen_delims, 490, "2.2"),
    rule!("sub-delims", sub_delims, 491, "2.2"),
];
