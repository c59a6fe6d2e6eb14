//! RFC 2396's [`Builder`] and the setters of [`UriReferenceBuf`]: the value layer's one
//! implementation (`values::build`), with RFC 2396's productions and escape sets
//! ([`encode`] per [`Component`]), and what only RFC 2396 has: the opaque part (section 3).
//!
//! An opaque URI has no authority and no query: `mailto:a?b` has no query (the `?b` belongs to
//! the `opaque_part`), so setting one is an error ([`BuildError::Opaque`]), never a different
//! URI. An IPv6 host in brackets (RFC 2732, `[::1]`) is accepted wherever a host is: the
//! builder and the setters check a host against RFC 2396's `host`, else against RFC 2732's.
//!
//! ```
//! use urigram::rfc2396::{BuildError, UriReferenceBuf};
//! let mut u: UriReferenceBuf = "http://a/b".parse().unwrap();
//! u.set_query(Some("x=1")).unwrap(); // as written
//! u.append_pair("q", "a b&c").unwrap(); // data
//! assert_eq!(u, "http://a/b?x=1&q=a+b%26c");
//! u.set_fragment_data("sec 1").unwrap(); // data
//! assert_eq!(u, "http://a/b?x=1&q=a+b%26c#sec%201");
//! assert!(u.set_fragment(Some("sec 1")).is_err()); // not a fragment as written
//! assert!(u.set_host("b_example").is_err()); // no `hostname` of RFC 2396
//!
//! let mut m: UriReferenceBuf = "mailto:mduerst@ifi.unizh.ch".parse().unwrap(); // rfc2396.txt:204
//! assert!(matches!(m.set_query(Some("subject=x")), Err(BuildError::Opaque { .. })));
//! assert!(matches!(m.set_host("x"), Err(BuildError::Opaque { .. })));
//! let mut r: UriReferenceBuf = "/a/b".parse().unwrap();
//! // Without an authority, a path "//x" would read as one.
//! let e = r.set_path("//x").unwrap_err();
//! assert!(matches!(e, BuildError::Combination { ref text, .. } if text == "//x"));
//! ```
//!
//! The builder makes every `URI-reference` (the components are those of section 4.3). A
//! query alone (`?a`) is no `URI-reference` of RFC 2396 as printed (`rel_path` needs a
//! segment; erratum 452 records it), so a builder given only a query gives an error; `./?a`
//! (a path `.`) is the reference that means the same.
//!
//! ```
//! use urigram::rfc2396::UriReferenceBuf;
//! let b = UriReferenceBuf::builder;
//! let u = b().scheme("http").host("example.com").path_segments(["é"]).build().unwrap();
//! assert_eq!(u, "http://example.com/%C3%A9");
//! assert_eq!(b().scheme("http").host("[::1]").port(80).build().unwrap(), "http://[::1]:80");
//! assert_eq!(b().host("a").build().unwrap(), "//a");
//! assert!(b().query_data("a").build().is_err()); // "?a"
//! assert_eq!(b().rel_path_segments(["."]).query_data("a").build().unwrap(), ".?a");
//! let built = b().path_segments(["a"]).query_data("x=1&y").build().unwrap();
//! let mut set: UriReferenceBuf = "a".parse().unwrap();
//! set.set_query_data("x=1&y").unwrap();
//! assert_eq!((built.as_str(), set.as_str()), ("/a?x%3D1%26y", "a?x%3D1%26y"));
//! ```

use crate::grammar::Grammar;
use crate::rfc2396::escape::{Component, encode};
use crate::rfc2396::{Authority, PathKind, UriReferenceBuf};
use crate::rfc3986::Components;
use crate::values::build::{BuildError, Data, Server, Spec};

impl Spec for UriReferenceBuf {
    const GRAMMAR: Grammar = Grammar::Rfc2396;
    const AUTHORITY: &'static str = "authority";
    const HOST: &'static str = "host";
    const USERINFO: &'static str = "userinfo";
    const FIRST_SEGMENT: &'static str = "rel_segment";
    const QUERY: &'static str = "query";
    const FRAGMENT: &'static str = "fragment";

    fn text(&self) -> &str {
        self.as_str()
    }

    fn components(&self) -> Components<'_> {
        let u = self.get();
        Components {
            scheme: u.scheme().map(|p| p.as_str()),
            authority: u.authority().map(|a| a.as_str()),
            path: u.path().as_str(),
            query: u.query().map(|p| p.as_str()),
            fragment: u.fragment().map(|p| p.as_str()),
        }
    }

    /// A server-based authority with a host (section 3.2.2); a `reg_name` has none.
    fn server(&self) -> Option<Server<'_>> {
        let Some(Authority::Server(s)) = self.get().authority() else {
            return None;
        };
        Some(Server {
            userinfo: s.userinfo().map(|u| u.as_str()),
            host: s.host()?.as_part().as_str(),
            port: s.port_str().map(|p| p.as_str()),
        })
    }

    /// `abs_path` after an authority or for a path that starts with `/`, `opaque_part` after
    /// a scheme alone (section 3), `rel_path` in a relative reference (section 5).
    fn path_production(scheme: bool, authority: bool, path: &str) -> &'static str {
        if authority || path.starts_with('/') {
            "abs_path"
        } else if scheme {
            "opaque_part"
        } else {
            "rel_path"
        }
    }

    fn encode(data: &[u8], into: Data) -> String {
        let c = match into {
            Data::Userinfo => Component::Userinfo,
            Data::Segment => Component::Segment,
            Data::FirstSegment => Component::RelSegment,
            Data::Query => Component::Query,
            Data::Fragment => Component::Fragment,
        };
        encode(data, c)
    }

    /// RFC 2396's production, else (for an IPv6 literal in brackets) RFC 2732's.
    fn check_host(production: &'static str, text: &str) -> Result<(), BuildError> {
        match Self::check(production, text) {
            Err(_) if text.contains('[') => {
                Grammar::Rfc2732
                    .check(production, text)
                    .map_err(|error| BuildError::Component {
                        production,
                        text: text.to_string(),
                        error,
                    })
            }
            r => r,
        }
    }

    /// An absolute URI whose part after the scheme is an `opaque_part`.
    fn is_opaque(&self) -> bool {
        self.get().path().kind() == PathKind::Opaque
    }
}

crate::values::build::build!(
    UriReferenceBuf,
    rfc2396,
    "urigram::rfc2396::UriReferenceBuf"
);

impl Builder {
    /// An opaque part (section 3: `mailto:`, `news:`), escaped as a
    /// [`Component::OpaquePart`] (every `reserved` character too). Needs a scheme and no
    /// authority.
    ///
    /// ```
    /// let u = urigram::rfc2396::Builder::new().scheme("news").opaque_part_data("comp.infosystems.www").build().unwrap();
    /// assert_eq!(u, "news:comp.infosystems.www");
    /// ```
    pub fn opaque_part_data(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.0.data_path(encode(data, Component::OpaquePart));
        self
    }
}
