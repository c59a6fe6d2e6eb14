//! RFC 3986's [`Builder`] and the setters of [`UriReferenceBuf`]: the value layer's one
//! implementation (`values::build`), with RFC 3986's productions and the escape sets of
//! [`Component`](crate::rfc3986::Component).
//!
//! ```
//! use urigram::rfc3986::{BuildError, Builder, UriReferenceBuf};
//! // What RFC 2396 cannot write: a host with `_`, a query alone, an empty port.
//! let u = Builder::new().scheme("http").host("a_b").path("/x").build().unwrap();
//! assert_eq!(u, "http://a_b/x");
//! assert_eq!(Builder::new().query_data("a b").build().unwrap(), "?a%20b");
//! let mut v: UriReferenceBuf = "http://a:/".parse().unwrap();
//! v.set_host("[v1.x]").unwrap(); // an `IPvFuture`
//! assert_eq!(v, "http://[v1.x]:/");
//! // The production named in the error is RFC 3986's.
//! let e = v.set_path("/a b").unwrap_err();
//! assert!(matches!(e, BuildError::Component { production: "path-abempty", .. }));
//! ```

use crate::rfc3986::UriReferenceBuf;
use crate::values::escape::{Component, encode_uri as encode};

crate::values::build::rfc3986_family!(
    UriReferenceBuf,
    Rfc3986,
    "",
    crate::values::escape::encode_uri
);

crate::values::pct::encoders!(rfc3986);

crate::values::build::build!(
    UriReferenceBuf,
    rfc3986,
    "urigram::rfc3986::UriReferenceBuf"
);
