//! RFC 3986's values and semantics: typed, zero-copy URI references ([`UriReference`]) whose
//! components follow Appendix A's productions (the scheme; the authority with its userinfo,
//! host and port; the host as an IP literal, an `IPv4address` or a `reg-name`; the path with
//! which of the five `path-*` rules it is; the query and the fragment) and their owned form
//! ([`UriReferenceBuf`]); and the semantics on the five components of a reference
//! ([`Components`], which [`UriReference::components`] gives): resolution of relative
//! references (section 5.2, [`resolve`]), and syntax- and scheme-based normalization and
//! comparison (sections 6.2.2 and 6.2.3, [`normalize`], [`equivalent`]); references made and
//! changed component by component, each checked against its production ([`Builder`], the
//! setters of [`UriReferenceBuf`]), and data percent-encoded for a component ([`encode`] per
//! [`Component`], section 2.1).
//!
//! The productions themselves are one function each in the crate's private grammar tree
//! ([`Grammar::Rfc3986`](crate::Grammar::Rfc3986) checks any of them by name); this module
//! holds what a program does with a parsed reference. RFC 2396's values are in
//! [`crate::rfc2396`], with the same names where the two RFCs have the same notion.
//!
//! ```
//! use urigram::rfc3986::{HostKind, UriReference};
//!
//! // Valid under RFC 3986 and not under RFC 2396: a host and a port, where RFC 2396 reads a
//! // registry-based authority with neither.
//! let u = UriReference::parse("http://a_b:80/").unwrap();
//! assert_eq!((u.host_str(), u.port()), (Some("a_b"), Some(80)));
//! assert!(urigram::rfc2396::UriReference::parse("http://a_b:80/").unwrap().host().is_none());
//!
//! // The same text, an IPv4 address under RFC 2396 and a registered name under RFC 3986.
//! let h = UriReference::parse("http://999.1.1.1/").unwrap().host().unwrap();
//! assert_eq!(h.kind(), HostKind::RegName);
//!
//! // Built and changed, each component checked by RFC 3986's grammar.
//! use urigram::rfc3986::{Builder, Component, encode};
//! let mut b = Builder::new().scheme("https").host("example.com").path("/a").query("q=1").build().unwrap();
//! b.set_path(&format!("/{}", encode("a b", Component::Segment))).unwrap();
//! assert_eq!(b, "https://example.com/a%20b?q=1");
//! ```

pub(crate) mod build;
pub(crate) mod components;
pub(crate) mod normalize;
pub(crate) mod parse;
pub(crate) mod resolve;
pub(crate) mod uri;

pub use crate::rfc2396::ResolveError;
pub use crate::rfc2396::{FormPairs, form_encode, form_pairs};
pub use crate::shared::{HostKind, Segments};
pub use crate::values::build::BuildError;
pub use crate::values::escape::{Component, encode_uri as encode};
pub use crate::values::{AsView, KNOWN_PORTS, KnownPort, Port, default_port};
pub use build::{Builder, encode_fragment, encode_path_segment, encode_query, encode_userinfo};
pub use components::Components;
pub use normalize::{equivalent, normalize};
pub use parse::{AbsoluteUriBuf, UriReferenceBuf};
pub use resolve::{
    ResolveOptions, Resolved, merge, remove_dot_segments, resolve, resolve_str, resolve_with,
};
pub use uri::{Authority, Host, HostData, Path, PathKind, ReferenceKind, UriReference};
