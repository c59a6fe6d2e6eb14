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

use crate::grammar::Grammar;
use crate::rfc3986::{Components, UriReferenceBuf};
use crate::values::build::{Data, Server, Spec, component, path_rule, server_of};
use crate::values::escape::{Component, encode_uri, encode_uri as encode};

impl Spec for UriReferenceBuf {
    const GRAMMAR: Grammar = Grammar::Rfc3986;
    const AUTHORITY: &'static str = "authority";
    const HOST: &'static str = "host";
    const USERINFO: &'static str = "userinfo";
    const FIRST_SEGMENT: &'static str = "segment-nz-nc";
    const QUERY: &'static str = "query";
    const FRAGMENT: &'static str = "fragment";

    fn text(&self) -> &str {
        self.as_str()
    }

    fn components(&self) -> Components<'_> {
        self.get().components()
    }

    fn server(&self) -> Option<Server<'_>> {
        server_of(self.get().authority())
    }

    fn path_production(scheme: bool, authority: bool, path: &str) -> &'static str {
        let paths = [
            "path-abempty",
            "path-absolute",
            "path-rootless",
            "path-noscheme",
        ];
        path_rule(paths, scheme, authority, path)
    }

    fn encode(data: &[u8], into: Data) -> String {
        encode_uri(data, component(into))
    }
}

crate::values::escape::encoders!(rfc3986);

crate::values::build::build!(
    UriReferenceBuf,
    rfc3986,
    "urigram::rfc3986::UriReferenceBuf"
);
