//! # urigram
//!
//! Parse and check URIs exactly as RFC 1630, RFC 1738 and RFC 2396 write them. Every BNF
//! production of those specs is one [`nom`] combinator in the [`grammar`] module tree, so the
//! code follows the spec text line by line, and every rejection names the exact byte, the
//! production and what was expected there.
//!
//! ```
//! use urigram::{Grammar, UriReference};
//!
//! // Typed, zero-copy parsing of RFC 2396 URI references.
//! let u = UriReference::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related").unwrap();
//! assert_eq!(u.scheme().unwrap(), "http");
//! assert_eq!(u.fragment().unwrap(), "Related");
//!
//! // Checking any production of any grammar, with a precise error.
//! let e = Grammar::Rfc2396.check("URI-reference", "http://exa mple/").unwrap_err();
//! assert_eq!((e.offset, e.line, e.column), (10, 1, 11));
//! assert_eq!(e.found, Some(' '));
//! ```
#![warn(missing_docs)]

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(feature = "bnf")]
pub mod bnf;
#[cfg(feature = "cli")]
pub mod cli_semantics;
pub mod error;
pub mod escape;
pub mod extract;
pub mod grammar;
mod help;
pub mod input;
pub mod normalize;
mod owned;
pub mod part;
pub mod render;
pub mod resolve;
pub mod rfc1630;
pub mod rfc1738;
pub mod split;
pub mod uri;

pub use error::{Citation, Error, ErrorInfo, LookupError, Position};
pub use escape::{Component, EscapeError, decode, decode_safe, encode};
pub use extract::{Delimiter, Found, Piece};
pub use grammar::Grammar;
pub use input::Expected;
pub use normalize::{default_port, equivalent, normalize};
pub use part::Part;
pub use resolve::{
    AbsoluteUriBuf, HIERARCHICAL_SCHEMES, LeadingDotDot, ResolveError, ResolveOptions, Resolved,
    relativize, resolve, resolve_str, resolve_with,
};
pub use split::{Split, split};
pub use uri::{
    Authority, Hier, Host, HostKind, Path, PathKind, ReferenceKind, Segment, Segments, Server,
    UriReference, UriReferenceBuf,
};
