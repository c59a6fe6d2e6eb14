//! RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax": the 40 productions of
//! Appendix A ("Collected BNF for URI", rfc2396.txt:1463-1540) and the four excluded-character
//! rules of section 2.4.3 (rfc2396.txt:541-571), one function each, in spec order.
//!
//! | file | productions |
//! | --- | --- |
//! | `uri.rs` | `URI-reference` ... `scheme` (rfc2396.txt:1465-1482) |
//! | `authority.rs` | `authority` ... `port` (rfc2396.txt:1484-1499) |
//! | `path.rs` | `path` ... `fragment` (rfc2396.txt:1501-1510) |
//! | `chars.rs` | `uric` ... `digit` (rfc2396.txt:1519-1540), `control` ... `unwise` (541-571) |
//!
//! Where the printed grammar has a defect (erratum 452: `?y` is no `URI-reference` under
//! Appendix A) the language stays as printed; `grammar/DEVIATIONS.md` records it.

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

/// Whether all of `s` is an `absoluteURI`, by the fast pass: a `URI-reference` that starts
/// with `scheme ":"` and holds no `#`. Exact: `URI-reference` is `[ absoluteURI | relativeURI ]
/// [ "#" fragment ]`; an `absoluteURI` starts so and holds no `#` (`uric` has none), while a
/// `relativeURI` never starts so, since it starts with `/` or a `rel_segment`, which holds no
/// `:` (rfc2396.txt:1465-1467, 1475-1480).
pub(crate) fn is_absolute_uri(s: &str) -> bool {
    !s.as_bytes().contains(&b'#')
        && crate::grammar::common::scheme(s.as_bytes()).is_some()
        && fast::is_uri_reference(s)
}

/// The productions of RFC 2396, in spec order: Appendix A, then section 2.4.3.
pub static RULES: &[Rule] = &[
    rule!(whole fast::is_uri_reference => "URI-reference", uri_reference, 1465, "4", nullable),
    rule!(whole is_absolute_uri => "absoluteURI", absolute_uri, 1466, "3"),
    rule!("relativeURI", relative_uri, 1467, "5"),
    rule!("hier_part", hier_part, 1469, "3"),
    rule!("opaque_part", opaque_part, 1470, "3"),
    rule!("uric_no_slash", uric_no_slash, 1472, "3"),
    rule!("net_path", net_path, 1475, "3"),
    rule!("abs_path", abs_path, 1476, "3"),
    rule!("rel_path", rel_path, 1477, "5"),
    rule!("rel_segment", rel_segment, 1479, "5"),
    rule!("scheme", scheme, 1482, "3.1"),
    rule!("authority", authority, 1484, "3.2", nullable),
    rule!("reg_name", reg_name, 1486, "3.2.1"),
    rule!("server", server, 1489, "3.2.2", nullable),
    rule!("userinfo", userinfo, 1490, "3.2.2", nullable),
    rule!("hostport", hostport, 1493, "3.2.2"),
    rule!("host", host, 1494, "3.2.2"),
    rule!("hostname", hostname, 1495, "3.2.2"),
    rule!("domainlabel", domainlabel, 1496, "3.2.2"),
    rule!("toplabel", toplabel, 1497, "3.2.2"),
    rule!("IPv4address", ipv4address, 1498, "3.2.2"),
    rule!("port", port, 1499, "3.2.2", nullable),
    rule!("path", path, 1501, "3.3", nullable),
    rule!("path_segments", path_segments, 1502, "3.3", nullable),
    rule!("segment", segment, 1503, "3.3", nullable),
    rule!("param", param, 1504, "3.3", nullable),
    rule!("pchar", pchar, 1505, "3.3"),
    rule!("query", query, 1508, "3.4", nullable),
    rule!("fragment", fragment, 1510, "4.1", nullable),
    rule!("uric", uric, 1519, "2"),
    rule!("reserved", reserved, 1520, "2.2"),
    rule!("unreserved", unreserved, 1522, "2.3"),
    rule!("mark", mark, 1523, "2.3"),
    rule!("escaped", escaped, 1526, "2.4.1"),
    rule!("hex", hex, 1527, "2.4.1"),
    rule!("alphanum", alphanum, 1530, "1.6"),
    rule!("alpha", alpha, 1531, "1.6"),
    rule!("lowalpha", lowalpha, 1533, "1.6"),
    rule!("upalpha", upalpha, 1536, "1.6"),
    rule!("digit", digit, 1539, "1.6"),
    rule!("control", control, 541, "2.4.3"),
    rule!("space", space, 549, "2.4.3"),
    rule!("delims", delims, 558, "2.4.3"),
    rule!("unwise", unwise, 571, "2.4.3"),
];
