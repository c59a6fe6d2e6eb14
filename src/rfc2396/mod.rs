//! RFC 2396's values and semantics: typed, zero-copy URI references ([`UriReference`]),
//! resolution of relative references (section 5.2, [`resolve`], and the methods
//! [`UriReference::resolve`] and [`UriReference::join`]), normalization and equivalence
//! (section 6, the methods [`UriReference::normalize`] and [`UriReference::equivalent`]), escaping per component (section 2.4,
//! [`encode`], [`decode`], [`decode_utf8`]), references made and changed component by
//! component ([`Builder`], the setters of [`UriReferenceBuf`]), the HTML forms convention for
//! queries ([`form_pairs`], [`form_encode`]) and Appendix B's lenient split ([`split`]).
//!
//! The productions themselves are one function each in the crate's private grammar tree; this
//! module holds what a program does with a parsed reference. The crate root re-exports RFC
//! 3986's types, the standard in force; RFC 2396's are here, complete.
//!
//! ```
//! use urigram::rfc2396::{UriReference, resolve_str};
//!
//! let u = UriReference::parse("HTTP://Example.COM:80/%7euser").unwrap();
//! assert_eq!(u.normalize().to_string(), "http://example.com/~user");
//! let r = resolve_str("http://a/b/c/d;p?q", "../g", Default::default()).unwrap();
//! assert_eq!(r.to_string(), "http://a/b/g");
//! ```

pub(crate) mod build;
pub(crate) mod escape;
pub(crate) mod form;
pub(crate) mod normalize;
pub(crate) mod parse;
pub(crate) mod resolve;
pub(crate) mod split;
pub(crate) mod uri;

pub use crate::shared::HostKind;
pub use crate::values::build::BuildError;
pub use crate::values::{AsView, KNOWN_PORTS, KnownPort, Port, default_port};
pub use build::Builder;
pub use escape::{
    Component, EscapeError, decode, decode_safe, decode_utf8, encode, encode_fragment,
    encode_path_segment, encode_query, encode_userinfo,
};
pub use form::{FormPairs, form_encode, form_pairs};
pub use parse::UriReferenceBuf;
pub use resolve::{
    AbsoluteUriBuf, HIERARCHICAL_SCHEMES, LeadingDotDot, ResolveError, ResolveOptions, Resolved,
    relativize, resolve, resolve_str, resolve_with,
};
pub use split::{Split, split};
pub use uri::{
    Authority, Hier, Host, Path, PathKind, ReferenceKind, Segment, Segments, Server, UriReference,
};
