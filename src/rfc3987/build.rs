//! RFC 3987's [`Builder`] and the setters of [`IriReferenceBuf`]: the value layer's one
//! implementation (`values::build`), with RFC 3987's productions (`ihost`, `ipath-abempty`,
//! `iquery` ...) and the escape sets of [`encode`](crate::rfc3987::encode), which leave the
//! characters of `ucschar` (and, in a query, `iprivate`) as they are.
//!
//! ```
//! use urigram::rfc3987::{BuildError, Builder, IriReferenceBuf};
//! let i = Builder::new()
//!     .scheme("http")
//!     .host("例え.test")
//!     .path_segments(["résumé", "a b"])
//!     .query_pairs([("q", "ü")])
//!     .fragment_data("§ 1")
//!     .build()
//!     .unwrap();
//! assert_eq!(i, "http://例え.test/résumé/a%20b?q=%C3%BC#§%201");
//! let mut j: IriReferenceBuf = "http://a/".parse().unwrap();
//! j.set_query_data("\u{e000} é&").unwrap(); // `iprivate` is allowed in a query
//! assert_eq!(j, "http://a/?\u{e000}%20é%26");
//! j.set_path("/ü").unwrap();
//! assert_eq!(j.to_uri(), "http://a/%C3%BC?%EE%80%80%20%C3%A9%26");
//! // As written, checked against RFC 3987's productions.
//! let e = j.set_fragment(Some("\u{e000}")).unwrap_err(); // not in `ifragment`
//! assert!(matches!(e, BuildError::Component { production: "ifragment", .. }));
//! assert_eq!(j, "http://a/ü?\u{e000}%20é%26"); // unchanged
//! ```

use crate::rfc3987::IriReferenceBuf;
use crate::values::escape::{Component, encode_iri as encode};

crate::values::build::rfc3986_family!(
    IriReferenceBuf,
    Rfc3987,
    "i",
    crate::values::escape::encode_iri
);

crate::values::pct::encoders!(rfc3987);

crate::values::build::build!(
    IriReferenceBuf,
    rfc3987,
    "urigram::rfc3987::IriReferenceBuf"
);
