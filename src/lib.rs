//! urigram: parse and check URIs exactly as RFC 1630, RFC 1738 and RFC 2396 write them.

#[cfg(feature = "bnf")]
pub mod bnf;
