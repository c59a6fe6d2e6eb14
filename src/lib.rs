//! # urigram
//!
//! Parse and check URIs exactly as RFC 1630, RFC 1738, RFC 2396 (with RFC 2732), RFC 3986 and
//! RFC 3987 write them. Every BNF production of those specs is one [`nom`] combinator, so the code
//! follows the spec text line by line, and every rejection names the exact byte, the
//! production and what was expected there.
//!
//! ```
//! use urigram::{Grammar, UriReference};
//!
//! // Typed, zero-copy parsing of RFC 3986 URI references (the crate root's types).
//! let u = UriReference::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related").unwrap();
//! assert_eq!(u.scheme().unwrap(), "http");
//! assert_eq!(u.fragment().unwrap(), "Related");
//!
//! // Checking any production of any grammar, with a precise error.
//! let e = Grammar::Rfc2396.check("URI-reference", "http://exa mple/").unwrap_err();
//! assert_eq!((e.offset(), e.line(), e.column()), (10, 1, 11));
//! assert_eq!(e.found(), Some(' '));
//! ```
//!
//! # Which spec the crate root reads
//!
//! [`UriReference`], [`UriReferenceBuf`], [`AbsoluteUriBuf`] and [`Authority`] at the crate
//! root are RFC 3986's ([`rfc3986`]): the standard in force, and what a user of `url` or
//! `fluent-uri` (both RFC 3986 readers) reaches for. RFC 2396 stays complete under
//! [`rfc2396`] (`urigram::rfc2396::UriReference` ...), and the command line still checks
//! against RFC 2396 unless told otherwise. Each spec module uses the same names and types for
//! the same things (`scheme()`, `host_str()`, `port() -> Option<u16>`, `port_value()`,
//! `port_or_known_default()`, `path_segments()`, `join`, `equivalent` ...), on the borrowed
//! view and on the owned types alike; `docs/library.md` has them as one table, and
//! `examples/url_user.rs` sets each `url` call beside urigram's.
//!
//! ```
//! // The same calls on both readings; the grammars differ on `?y`.
//! let a = urigram::rfc2396::UriReference::parse("http://a:8080/b/c?q").unwrap();
//! let b = urigram::UriReference::parse("http://a:8080/b/c?q").unwrap();
//! assert_eq!((a.host_str(), a.port()), (b.host_str(), b.port()));
//! assert_eq!(a.join("../d").unwrap().as_str(), b.join("../d").unwrap().as_str());
//! assert!(urigram::rfc2396::UriReference::parse("?y").is_err());
//! assert!(urigram::UriReference::parse("?y").is_ok());
//! // An absolute base: its scheme is no `Option`, and a relative base does not compile.
//! let base: urigram::AbsoluteUriBuf = "https://a/b/c".parse().unwrap();
//! assert_eq!((base.scheme().as_str(), base.port_or_known_default()), ("https", Some(443)));
//! assert_eq!(base.join("../d").unwrap(), "https://a/d");
//! ```
//!
//! # Features
//!
//! The library has no default features: `urigram = "0.1"` builds on `nom`, `nom_locate` and
//! `thiserror` alone. `serde` serializes the owned types and the diagnostic, `markup` finds
//! URIs in Markdown and HTML ([`extract`]), and `bnf` reads and runs the spec texts as
//! grammars. The command-line tool is the crate `urigram-cli` (binary `urigram`), and the
//! language server the crate `urigram-lsp`; both use only this library's public API.
//!
//! # Where things are
//!
//! - [`Grammar`]: every grammar and every production by its spec name; [`Error`] is the one
//!   diagnostic every surface shows, and [`render`] draws it for people.
//! - [`rfc3986`], [`rfc3987`], [`rfc2396`], [`rfc1738`], [`rfc1630`]: each spec's typed values
//!   and semantics; the generic-syntax ones (RFC 2396, 3986, 3987) share one value layer (the
//!   ports, the accessors of the owned types, the absolute types, the `Builder` and the
//!   setters, `encode` per `Component`), so each offers the same calls.
//! - [`rfc6570`]: URI Templates, read by grammar `rfc6570` and expanded by RFC 6570 section 3.
//! - [`extract`]: the URIs in running text.
//! - [`parsers`]: the productions as `nom` parsers over `&str`, for a grammar of your own that
//!   cites them (HTTP's `Request-URI = "*" | absoluteURI | abs_path | authority`); the
//!   example `examples/http_request_line.rs` parses RFC 2616's `Request-Line` with nom's
//!   combinators on top of them, and its errors keep urigram's diagnostic.
//! - `bnf` (feature `bnf`): the spec texts themselves, read and run as grammars: the oracle.
#![warn(missing_docs)]
// On docs.rs, each item behind a feature shows the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// Unit tests name the crate by its public paths (`urigram::...`), as its users do.
#[cfg(test)]
extern crate self as urigram;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The library guide's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideDoctests;

#[cfg(feature = "bnf")]
pub mod bnf;
mod detach;
mod error;
pub mod extract;
pub mod fix;
#[cfg(any(test, fuzzing))]
#[doc(hidden)]
pub mod fuzzing;
mod grammar;
mod help;
mod input;
mod owned;
pub mod parsers;
mod part;
pub mod render;
pub mod rfc1630;
pub mod rfc1738;
pub mod rfc2396;
pub mod rfc3986;
pub mod rfc3987;
pub mod rfc6570;
#[cfg(feature = "serde")]
mod serialize;
mod shared;
mod table;
mod values;

pub use error::{Brief, Error, FoundKind, Position};
pub use grammar::{
    CheckInput, Citation, Grammar, Locator, LookupError, PartialDerivation, Rule, RuleRef,
};
pub use input::{Expected, Node};
pub use part::Part;
pub use rfc3986::{AbsoluteUriBuf, Authority, UriReference, UriReferenceBuf};
pub use shared::{HostKind, Segments};
