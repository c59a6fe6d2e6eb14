//! RFC 3987, "Internationalized Resource Identifiers (IRIs)": typed IRI references in RFC
//! 3986's values ([`IriReference`], owned [`IriReferenceBuf`] and [`AbsoluteIriBuf`]), the two
//! mappings of section 3 ([`to_uri`], section 3.1; [`to_iri`], section 3.2), resolution of
//! relative references (section 6.5: RFC 3986's algorithm, [`resolve_str`],
//! [`IriReference::resolve`]), and the comparison ladder of section 5.3 ([`normalize`],
//! [`equivalent`]; with the `nfc` feature, character normalization), references made and
//! changed component by component ([`Builder`], the setters of [`IriReferenceBuf`]), data
//! encoded for a component with the characters an IRI admits kept ([`encode`]), and, with the `bidi`
//! feature, section 4.2's bidi IRI structure as a check apart from the grammar
//! (`bidi_warnings`); with the `idna` feature, section 3.1's optional conversion of a host name
//! by IDNA's ToASCII (`IriReference::to_uri_idna`).
//!
//! An IRI reference has the five components of a URI reference, delimited by the same ASCII
//! characters: its values are RFC 3986's ([`rfc3986::Authority`](crate::rfc3986::Authority),
//! [`rfc3986::Host`](crate::rfc3986::Host), [`rfc3986::Path`](crate::rfc3986::Path),
//! [`rfc3986::Components`](crate::rfc3986::Components) ...), over text that may hold characters outside
//! US-ASCII. The grammar is [`Grammar::Rfc3987`](crate::Grammar::Rfc3987) (`IRI-reference` and
//! every other production of section 2.2).
//!
//! ```
//! use urigram::rfc3987::{IriReference, to_iri, to_uri};
//! // Section 3.1: each character outside US-ASCII as the %HH of its UTF-8 octets.
//! assert_eq!(to_uri("http://résumé.example.org").unwrap().as_str(), "http://r%C3%A9sum%C3%A9.example.org");
//! // Section 3.2: what may be decoded, decoded.
//! assert_eq!(to_iri("http://www.example.org/D%C3%BCrst").unwrap(), "http://www.example.org/Dürst");
//! assert_eq!(to_iri("http://www.example.org/D%FCrst").unwrap(), "http://www.example.org/D%FCrst");
//! // Typed values, resolution and comparison.
//! let base = IriReference::parse("http://例え.test/a/b").unwrap();
//! assert_eq!(base.host_str(), Some("例え.test"));
//! assert_eq!(base.join("../ü").unwrap(), "http://例え.test/ü");
//! assert!(base.equivalent(&IriReference::parse("HTTP://例え.test:80/a/./b").unwrap()));
//! ```

#[cfg(feature = "bidi")]
mod bidi;
mod build;
#[cfg(feature = "idna")]
mod idna;
mod iri;
mod map;
mod normalize;
mod resolve;

// RFC 3987's values are RFC 3986's, over a wider character set: the same types, named here
// as in every spec module.
pub use crate::rfc2396::{FormPairs, form_encode, form_pairs};
pub use crate::rfc3986::{
    Authority, Components, Host, HostData, HostKind, Path, PathKind, ReferenceKind, ResolveError,
    Resolved, Segments,
};
pub use crate::values::build::BuildError;
pub use crate::values::escape::{Component, encode_iri as encode};
pub use crate::values::{AsView, KNOWN_PORTS, KnownPort, Port, default_port};
#[cfg(feature = "bidi")]
pub use bidi::{BidiRule, BidiWarning, bidi_warnings};
pub use build::{Builder, encode_fragment, encode_path_segment, encode_query, encode_userinfo};
#[cfg(feature = "idna")]
pub use idna::IdnaError;
pub use iri::{AbsoluteIriBuf, IriReference, IriReferenceBuf, to_iri};
pub use map::to_uri;
pub use normalize::{equivalent, normalize};
pub use resolve::resolve_str;
