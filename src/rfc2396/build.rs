//! Making and changing references component by component, never producing an invalid one.
//!
//! - [`Builder`] takes each component as data and escapes it as its production requires
//!   (section 2.4, with [`encode`] per [`Component`]), under the setters' words for data
//!   (`query_data`, `userinfo_data`, `fragment_data`, `opaque_part_data`, `query_pairs`,
//!   `path_segments`); the scheme and the host, which RFC 2396 cannot escape, are checked
//!   against their productions.
//! - The setters of [`UriReferenceBuf`] come in two kinds, and the name says which:
//!   - `set_scheme`, `set_authority`, `set_userinfo`, `set_host`, `set_port`, `set_path`,
//!     `set_query`, `set_fragment` take a component as written, escapes included
//!     (`"a%20b"`), and check it against its production: `set_query(Some("a b"))` is an
//!     error, never a guess;
//!   - the ones ending in `_data` (`set_userinfo_data`, `set_query_data`,
//!     `set_fragment_data`), and `set_path_segments`, `set_query_pairs` and `append_pair`,
//!     take data (`"a b"`) and escape it as the builder does.
//!
//! Either way the result is checked by the grammar as a whole, and must read back as the same
//! components: a path `//x` without an authority, or a query on an opaque URI (`mailto:a?b`
//! has no query: the `?b` belongs to the `opaque_part`), is an error, never a different URI.
//! On an error a setter leaves the value as it was.
//!
//! An IPv6 host in brackets (RFC 2732, `[::1]`) is accepted wherever a host is: the builder
//! and the setters check a host against RFC 2396's `host`, else against RFC 2732's.
//!
//! ```
//! let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b".parse().unwrap();
//! u.set_query(Some("x=1")).unwrap(); // as written
//! u.append_pair("q", "a b&c").unwrap(); // data
//! assert_eq!(u, "http://a/b?x=1&q=a+b%26c");
//! u.set_fragment_data("sec 1").unwrap(); // data
//! assert_eq!(u, "http://a/b?x=1&q=a+b%26c#sec%201");
//! assert!(u.set_fragment(Some("sec 1")).is_err()); // not a fragment as written
//! ```

use crate::error::Error;
use crate::grammar::Grammar;
use crate::rfc2396::escape::{Component, encode};
use crate::rfc2396::form::form_encode;
use crate::rfc2396::{Authority, PathKind, UriReference, UriReferenceBuf};

/// Why a reference could not be built or changed.
///
/// ```
/// use urigram::rfc2396::UriReferenceBuf;
/// use urigram::rfc2396::BuildError;
/// let mut u: UriReferenceBuf = "http://a/b".parse().unwrap();
/// let e = u.set_query(Some("a b")).unwrap_err(); // as written: a space is no `uric`
/// let BuildError::Component { production, error, .. } = e else { panic!() };
/// assert_eq!((production, error.offset()), ("query", 1));
/// let mut m: UriReferenceBuf = "mailto:mduerst@ifi.unizh.ch".parse().unwrap(); // rfc2396.txt:204
/// assert!(matches!(m.set_query(Some("subject=x")), Err(BuildError::Opaque { .. })));
/// let mut r: UriReferenceBuf = "/a/b".parse().unwrap();
/// assert!(matches!(r.set_port(Some(80)), Err(BuildError::NoHost { .. })));
/// // Without an authority, a path "//x" would read as one.
/// let e = r.set_path("//x").unwrap_err();
/// assert!(matches!(e, BuildError::Combination { ref text, .. } if text == "//x"));
/// assert_eq!((u.as_str(), r.as_str()), ("http://a/b", "/a/b")); // each error changed nothing
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A component is not a string of its production; the error's offsets count in `text`.
    #[error("{production} {text:?}: {error}")]
    Component {
        /// The production (`scheme`, `host`, `query` ...).
        production: &'static str,
        /// The component as given.
        text: String,
        /// The grammar's error.
        #[source]
        error: Error,
    },
    /// The components, each valid, do not make a `URI-reference` that reads back as them.
    #[error("the components make {text:?}, which does not read back as them{}", error.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
    Combination {
        /// The text they make.
        text: String,
        /// The grammar's error, when the text is not a `URI-reference` at all.
        #[source]
        error: Option<Error>,
    },
    /// An authority or a query was given to an opaque URI (`mailto:a@b`, `news:x`): its
    /// scheme-specific part is an `opaque_part` (section 3), which has neither, and giving it
    /// one would change what the rest of it is.
    #[error("{text:?} is an opaque URI (section 3): it has no authority or query to set")]
    Opaque {
        /// The reference.
        text: String,
    },
    /// A port (or, for the builder, a userinfo) was given to a reference without a
    /// server-based authority with a host.
    #[error("{text:?} has no host to give a port or userinfo to")]
    NoHost {
        /// The reference.
        text: String,
    },
}

/// The five components of a reference, as written (section 4.3).
#[derive(Debug, Clone, Default)]
struct Texts {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Texts {
    fn of(u: &UriReference<'_>) -> Texts {
        let s = |p: crate::Part<'_>| p.as_str().to_string();
        Texts {
            scheme: u.scheme().map(s),
            authority: u.authority().map(|a| a.as_str().to_string()),
            path: u.path().as_str().to_string(),
            query: u.query().map(s),
            fragment: u.fragment().map(s),
        }
    }

    /// Recombine (section 5.2 step 7).
    fn render(&self) -> String {
        let mut text = String::new();
        if let Some(s) = &self.scheme {
            text.push_str(s);
            text.push(':');
        }
        if let Some(a) = &self.authority {
            text.push_str("//");
            text.push_str(a);
        }
        text.push_str(&self.path);
        if let Some(q) = &self.query {
            text.push('?');
            text.push_str(q);
        }
        if let Some(f) = &self.fragment {
            text.push('#');
            text.push_str(f);
        }
        text
    }

    /// Recombine, parse, and check that the components read back.
    fn build(&self) -> Result<UriReferenceBuf, BuildError> {
        let text = self.render();
        fn s(p: Option<crate::Part<'_>>) -> Option<&str> {
            p.map(|p| p.as_str())
        }
        let parsed = UriReference::parse_either(&text).map(|u| {
            let same = s(u.scheme()) == self.scheme.as_deref()
                && u.authority().map(|a| a.as_str()) == self.authority.as_deref()
                && u.path().as_str() == self.path
                && s(u.query()) == self.query.as_deref()
                && s(u.fragment()) == self.fragment.as_deref();
            same.then(|| u.to_buf())
        });
        match parsed {
            Ok(Some(u)) => Ok(u),
            Ok(None) => Err(BuildError::Combination { text, error: None }),
            Err(e) => Err(BuildError::Combination {
                text,
                error: Some(e),
            }),
        }
    }
}

/// Check `text` against the RFC 2396 production `production`.
fn check(production: &'static str, text: &str) -> Result<(), BuildError> {
    Grammar::Rfc2396
        .check(production, text)
        .map_err(|error| BuildError::Component {
            production,
            text: text.to_string(),
            error,
        })
}

/// Check a host: RFC 2396's `host`, else (for an IPv6 literal in brackets) RFC 2732's.
fn check_host(production: &'static str, text: &str) -> Result<(), BuildError> {
    match check(production, text) {
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

/// Check an optional component.
fn check_opt(production: &'static str, text: Option<&str>) -> Result<(), BuildError> {
    text.map_or(Ok(()), |t| check(production, t))
}

/// Builds a `URI-reference` from its components given as data: each one escaped as its
/// production requires (section 2.4, [`encode`]), the scheme and host checked against their
/// productions, and the whole checked by the grammar in [`Builder::build`]. Made by
/// [`UriReferenceBuf::builder`].
///
/// Its words mean what the setters' words mean: a method ending in `_data` (`userinfo_data`,
/// `opaque_part_data`, `query_data`, `fragment_data`) takes data and escapes it, as
/// `set_query_data` does; `query_pairs` takes `name=value` pairs, as `set_query_pairs` does;
/// `path_segments` takes segment data, as `set_path_segments` does; `scheme` and `host`, which
/// RFC 2396 cannot escape, take the text as written and check it, as `set_scheme` and
/// `set_host` do. No builder method takes escaped text under a word that a setter uses for
/// data, or the other way round.
///
/// ```
/// use urigram::rfc2396::UriReferenceBuf;
/// let built = UriReferenceBuf::builder().path_segments(["a"]).query_data("x=1&y").build().unwrap();
/// let mut set: UriReferenceBuf = "a".parse().unwrap();
/// set.set_query_data("x=1&y").unwrap();
/// assert_eq!((built.as_str(), set.as_str()), ("/a?x%3D1%26y", "a?x%3D1%26y"));
/// ```
///
/// ```
/// use urigram::rfc2396::UriReferenceBuf;
/// let u = UriReferenceBuf::builder()
///     .scheme("http")
///     .userinfo_data("me")
///     .host("example.com")
///     .port(8080)
///     .path_segments(["a b", "c/d", "é"])
///     .query_pairs([("q", "rfc 2396"), ("x", "a&b")])
///     .fragment_data("top")
///     .build()
///     .unwrap();
/// assert_eq!(u, "http://me@example.com:8080/a%20b/c%2Fd/%C3%A9?q=rfc+2396&x=a%26b#top");
///
/// // A relative reference: its first segment cannot hold ":" (it would read as a scheme).
/// let r = UriReferenceBuf::builder().rel_path_segments(["this:that", "x"]).build().unwrap();
/// assert_eq!(r, "this%3Athat/x");
///
/// // Errors: a scheme or host that is not one, components that read as other ones.
/// assert!(UriReferenceBuf::builder().scheme("1http").build().is_err());
/// assert!(UriReferenceBuf::builder().scheme("http").host("exa mple").build().is_err());
/// assert!(UriReferenceBuf::builder().path_segments(["", "x"]).build().is_err()); // "//x"
/// ```
///
/// It makes every `URI-reference` (the builder's components are those of section 4.3): the
/// empty reference (no component set), a fragment alone, an IPv6 host (RFC 2732). A query
/// alone (`?a`) is no `URI-reference` of RFC 2396 as printed (`rel_path` needs a segment;
/// erratum 452 records it), so a builder given only a query gives an error; `./?a` (a
/// path `.`) is the reference that means the same.
///
/// ```
/// use urigram::rfc2396::UriReferenceBuf;
/// let b = UriReferenceBuf::builder;
/// assert_eq!(b().build().unwrap(), "");
/// assert_eq!(b().fragment_data("top").build().unwrap(), "#top");
/// assert_eq!(b().scheme("http").host("[::1]").port(80).build().unwrap(), "http://[::1]:80");
/// assert_eq!(b().host("a").build().unwrap(), "//a");
/// assert!(b().query_data("a").build().is_err()); // "?a"
/// assert_eq!(b().rel_path_segments(["."]).query_data("a").build().unwrap(), ".?a");
/// ```
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct Builder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: String,
    /// The first segment of a path given by [`Builder::rel_path_segments`].
    rel_segment: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

impl UriReferenceBuf {
    /// A [`Builder`] with no component set (it builds the empty reference).
    ///
    /// ```
    /// assert_eq!(urigram::rfc2396::UriReferenceBuf::builder().build().unwrap(), "");
    /// ```
    pub fn builder() -> Builder {
        Builder::default()
    }
}

impl Builder {
    /// The scheme, checked against `scheme = alpha *( alpha | digit | "+" | "-" | "." )`
    /// (it cannot be escaped).
    pub fn scheme(mut self, scheme: &str) -> Builder {
        self.scheme = Some(scheme.to_string());
        self
    }

    /// The userinfo, escaped as a [`Component::Userinfo`] (`:` and `@` too). Needs a host.
    pub fn userinfo_data(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.userinfo = Some(encode(data, Component::Userinfo));
        self
    }

    /// The host, checked against `host = hostname | IPv4address` (it cannot be escaped), or
    /// an IPv6 literal in brackets, RFC 2732's `IPv6reference`.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReferenceBuf::builder().scheme("ftp").host("[fe80::1]").build().unwrap();
    /// assert_eq!(u, "ftp://[fe80::1]");
    /// ```
    pub fn host(mut self, host: &str) -> Builder {
        self.host = Some(host.to_string());
        self
    }

    /// The port. Needs a host.
    pub fn port(mut self, port: u16) -> Builder {
        self.port = Some(port);
        self
    }

    /// An absolute path, `"/" path_segments`: each segment escaped as a
    /// [`Component::Segment`] (`/`, `;`, `=` and `?` too). An empty list gives the empty
    /// path; one empty segment gives `/`.
    #[doc(alias = "path")]
    pub fn path_segments<I>(mut self, segments: I) -> Builder
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        self.path.clear();
        self.rel_segment = None;
        for s in segments {
            self.path.push('/');
            self.path.push_str(&encode(s, Component::Segment));
        }
        self
    }

    /// A relative path, `rel_segment [ abs_path ]` (section 5): the first segment escaped as
    /// a [`Component::RelSegment`] (`:` too), the others as [`Component::Segment`]s. The
    /// first segment must not be empty (`rel_segment` has `1*`; an empty one would make an
    /// absolute path). An empty list gives the empty path.
    pub fn rel_path_segments<I>(mut self, segments: I) -> Builder
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        self.path.clear();
        self.rel_segment = None;
        for (k, s) in segments.into_iter().enumerate() {
            if k == 0 {
                let first = encode(s, Component::RelSegment);
                self.path.push_str(&first);
                self.rel_segment = Some(first);
            } else {
                self.path.push('/');
                self.path.push_str(&encode(s, Component::Segment));
            }
        }
        self
    }

    /// An opaque part (section 3: `mailto:`, `news:`), escaped as a
    /// [`Component::OpaquePart`] (every `reserved` character too). Needs a scheme and no
    /// authority.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReferenceBuf::builder().scheme("news").opaque_part_data("comp.infosystems.www").build().unwrap();
    /// assert_eq!(u, "news:comp.infosystems.www");
    /// ```
    pub fn opaque_part_data(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.path = encode(data, Component::OpaquePart);
        self.rel_segment = None;
        self
    }

    /// The query, escaped as a [`Component::Query`]: every character but `unreserved`, so
    /// `&` and `=` are data here. For `name=value` pairs, see [`Builder::query_pairs`].
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReferenceBuf::builder().path_segments(["a"]).query_data("x=1&y").build().unwrap();
    /// assert_eq!(u, "/a?x%3D1%26y");
    /// ```
    pub fn query_data(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.query = Some(encode(data, Component::Query));
        self
    }

    /// The query as `name=value` pairs by the HTML forms convention
    /// ([`form_encode`](crate::rfc2396::form_encode)): the `url` crate's name for the pairs,
    /// and the word of [`UriReferenceBuf::set_query_pairs`].
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReferenceBuf::builder().path_segments(["s"]).query_pairs([("q", "a b")]).build().unwrap();
    /// assert_eq!(u, "/s?q=a+b");
    /// ```
    pub fn query_pairs<I, K, V>(mut self, pairs: I) -> Builder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.query = Some(form_encode(pairs));
        self
    }

    /// The fragment, escaped as a [`Component::Fragment`].
    pub fn fragment_data(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.fragment = Some(encode(data, Component::Fragment));
        self
    }

    /// The reference, checked by the grammar: it must read back as the components given.
    pub fn build(self) -> Result<UriReferenceBuf, BuildError> {
        check_opt("scheme", self.scheme.as_deref())?;
        if let Some(h) = self.host.as_deref() {
            check_host("host", h)?;
        }
        check_opt("rel_segment", self.rel_segment.as_deref())?;
        let authority = match self.host {
            Some(host) => {
                let mut a = String::new();
                if let Some(u) = &self.userinfo {
                    a.push_str(u);
                    a.push('@');
                }
                a.push_str(&host);
                if let Some(p) = self.port {
                    a.push(':');
                    a.push_str(&p.to_string());
                }
                Some(a)
            }
            None => None,
        };
        let t = Texts {
            scheme: self.scheme,
            authority,
            path: self.path,
            query: self.query,
            fragment: self.fragment,
        };
        if t.authority.is_none() && (self.userinfo.is_some() || self.port.is_some()) {
            return Err(BuildError::NoHost { text: t.render() });
        }
        t.build()
    }
}

/// Setters. The ones named after a component alone (`set_query`) take it as written
/// (escapes included, see [`encode`] to make them); the ones ending in `_data`, and
/// `set_path_segments`, `set_query_pairs` and `append_pair`, take data and escape it as the
/// [`Builder`] does. Each checks the component against its production and the whole against
/// the grammar, and leaves the value unchanged on an error: nothing is dropped silently.
impl UriReferenceBuf {
    fn replace(&mut self, change: impl FnOnce(&mut Texts)) -> Result<(), BuildError> {
        let mut t = Texts::of(&self.get());
        change(&mut t);
        *self = t.build()?;
        Ok(())
    }

    /// Whether this is an opaque URI (an absolute URI whose part after the scheme is an
    /// `opaque_part`).
    fn is_opaque(&self) -> bool {
        self.get().path().kind() == PathKind::Opaque
    }

    fn opaque(&self) -> BuildError {
        BuildError::Opaque {
            text: self.as_str().to_string(),
        }
    }

    /// Give the reference the authority `authority`: a relative path (`g/h`) becomes an
    /// absolute one (`/g/h`), since an authority is followed by an `abs_path` only.
    fn put_authority(&mut self, authority: Option<String>) -> Result<(), BuildError> {
        if authority.is_some() && self.is_opaque() {
            return Err(self.opaque());
        }
        let relative = self.get().path().kind() == PathKind::Relative;
        self.replace(|t| {
            if authority.is_some() && relative {
                t.path.insert(0, '/');
            }
            t.authority = authority;
        })
    }

    /// Set or remove the scheme (`scheme`, section 3.1).
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "//a/b".parse().unwrap();
    /// u.set_scheme(Some("ftp")).unwrap();
    /// assert_eq!(u, "ftp://a/b");
    /// assert!(u.set_scheme(Some("f p")).is_err());
    /// let mut r: urigram::rfc2396::UriReferenceBuf = "a:b:c".parse().unwrap();
    /// assert!(r.set_scheme(None).is_err()); // `b:c` would read as a scheme
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        check_opt("scheme", scheme)?;
        self.replace(|t| t.scheme = scheme.map(str::to_string))
    }

    /// Set or remove the authority (`authority = server | reg_name`, section 3.2, or with an
    /// IPv6 host, RFC 2732's). A reference with a relative path gets an absolute one
    /// (`g/h` becomes `//a/g/h`): `net_path = "//" authority [ abs_path ]`. An opaque URI
    /// (`mailto:a@b`) has no authority to set ([`BuildError::Opaque`]).
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b".parse().unwrap();
    /// u.set_authority(Some("me@b.example:81")).unwrap();
    /// assert_eq!(u, "http://me@b.example:81/b");
    /// u.set_authority(None).unwrap();
    /// assert_eq!(u, "http:/b");
    /// let mut r: urigram::rfc2396::UriReferenceBuf = "g/h".parse().unwrap();
    /// r.set_authority(Some("[::1]:80")).unwrap();
    /// assert_eq!(r, "//[::1]:80/g/h");
    /// ```
    pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        if let Some(a) = authority {
            check_host("authority", a)?;
        }
        self.put_authority(authority.map(str::to_string))
    }

    /// Set the host (`host = hostname | IPv4address`, or an IPv6 literal in brackets, RFC
    /// 2732), keeping the userinfo and port of a server-based authority; a `reg_name` is
    /// replaced whole, and a reference without an authority gets one, its relative path made
    /// absolute (`g/h` becomes `//x/g/h`, as [`UriReferenceBuf::set_authority`] does). An
    /// opaque URI has no host to set ([`BuildError::Opaque`]).
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://me@a:8080/x".parse().unwrap();
    /// u.set_host("b.example").unwrap();
    /// assert_eq!(u, "http://me@b.example:8080/x");
    /// assert!(u.set_host("b_example").is_err());
    /// u.set_host("[::1]").unwrap();
    /// assert_eq!(u, "http://me@[::1]:8080/x");
    ///
    /// let mut r: urigram::rfc2396::UriReferenceBuf = "g/h".parse().unwrap();
    /// r.set_host("x").unwrap();
    /// assert_eq!(r, "//x/g/h");
    /// let mut m: urigram::rfc2396::UriReferenceBuf = "mailto:a@b".parse().unwrap();
    /// assert!(matches!(m.set_host("x"), Err(urigram::rfc2396::BuildError::Opaque { .. })));
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        check_host("host", host)?;
        let authority = match self.get().authority() {
            Some(Authority::Server(s)) => {
                let mut a = String::new();
                if let Some(u) = s.userinfo() {
                    a.push_str(u.as_str());
                    a.push('@');
                }
                a.push_str(host);
                if let Some(p) = s.port_str() {
                    a.push(':');
                    a.push_str(p.as_str());
                }
                a
            }
            _ => host.to_string(),
        };
        self.put_authority(Some(authority))
    }

    /// Set or remove the port of a server-based authority with a host.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/x".parse().unwrap();
    /// u.set_port(Some(8080)).unwrap();
    /// assert_eq!(u, "http://a:8080/x");
    /// u.set_port(None).unwrap();
    /// assert_eq!(u, "http://a/x");
    /// let mut m: urigram::rfc2396::UriReferenceBuf = "mailto:a@b".parse().unwrap();
    /// assert!(m.set_port(Some(25)).is_err());
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        let view = self.get();
        let Some(Authority::Server(s)) = view.authority() else {
            return Err(BuildError::NoHost {
                text: self.as_str().to_string(),
            });
        };
        let Some(host) = s.host() else {
            return Err(BuildError::NoHost {
                text: self.as_str().to_string(),
            });
        };
        // The server's text up to the end of the host: userinfo and host.
        let mut a = s.as_part().as_str()[..host.as_part().end() - s.as_part().start()].to_string();
        if let Some(p) = port {
            a.push(':');
            a.push_str(&p.to_string());
        }
        self.replace(|t| t.authority = Some(a))
    }

    /// Set or remove the userinfo of a server-based authority with a host, as written
    /// (`userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )`,
    /// section 3.2.2), keeping the host and port. The `url` crate has `set_username` and
    /// `set_password`; RFC 2396 gives the userinfo no structure (a `user:password` form is
    /// the scheme's, and "not recommended", section 3.2.2).
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "ftp://a:21/x".parse().unwrap();
    /// u.set_userinfo(Some("me;type=a")).unwrap();
    /// assert_eq!(u, "ftp://me;type=a@a:21/x");
    /// assert!(u.set_userinfo(Some("a@b")).is_err()); // an `@` is escaped: %40
    /// u.set_userinfo(None).unwrap();
    /// assert_eq!(u, "ftp://a:21/x");
    /// let mut m: urigram::rfc2396::UriReferenceBuf = "mailto:a@b".parse().unwrap();
    /// assert!(m.set_userinfo(Some("me")).is_err()); // no host
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        check_opt("userinfo", userinfo)?;
        let view = self.get();
        let server = view.authority().and_then(|a| a.server());
        let Some((server, host)) = server.and_then(|s| Some((s, s.host()?))) else {
            return Err(BuildError::NoHost {
                text: self.as_str().to_string(),
            });
        };
        // The server's text from the start of the host: host and port.
        let from = host.as_part().start() - server.as_part().start();
        let mut a = String::new();
        if let Some(u) = userinfo {
            a.push_str(u);
            a.push('@');
        }
        a.push_str(&server.as_str()[from..]);
        self.replace(|t| t.authority = Some(a))
    }

    /// Set the userinfo to `data`, escaped as a [`Component::Userinfo`] (`:` and `@` too), as
    /// [`Builder::userinfo_data`] does. Remove it with `set_userinfo(None)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/".parse().unwrap();
    /// u.set_userinfo_data("j@ne doe").unwrap();
    /// assert_eq!(u, "http://j%40ne%20doe@a/");
    /// ```
    pub fn set_userinfo_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), BuildError> {
        self.set_userinfo(Some(&encode(data, Component::Userinfo)))
    }

    /// Set the path, as written: an `abs_path` (`/a/b`), a `rel_path` for a relative
    /// reference, an `opaque_part` for an absolute URI without an authority, or empty.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b?q".parse().unwrap();
    /// u.set_path("/c/d;p").unwrap();
    /// assert_eq!(u, "http://a/c/d;p?q");
    /// assert!(u.set_path("c").is_err()); // after an authority, a path starts with "/"
    /// assert!(u.set_path("/c d").is_err());
    /// let mut r: urigram::rfc2396::UriReferenceBuf = "x".parse().unwrap();
    /// assert!(r.set_path("a:b").is_err()); // would read as a scheme
    /// r.set_path("./a:b").unwrap();
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        let view = self.get();
        let production = if path.is_empty() {
            None
        } else if path.starts_with('/') {
            Some("abs_path")
        } else if view.is_absolute() && view.authority().is_none() {
            Some("opaque_part")
        } else {
            Some("rel_path")
        };
        if let Some(p) = production {
            check(p, path)?;
        }
        self.replace(|t| t.path = path.to_string())
    }

    /// Set or remove the query, as written (`query = *uric`, section 3.4). An opaque URI has
    /// no query (`mailto:a?b` is all `opaque_part`), so it cannot get one.
    ///
    /// ```
    /// use urigram::rfc2396::{Component, encode, form_encode};
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b#f".parse().unwrap();
    /// u.set_query(Some("x=1&y=2")).unwrap();
    /// assert_eq!(u, "http://a/b?x=1&y=2#f");
    /// u.set_query(Some(&encode("a b", Component::Query))).unwrap();
    /// assert_eq!(u, "http://a/b?a%20b#f");
    /// u.set_query(Some(&form_encode([("q", "a b")]))).unwrap();
    /// assert_eq!(u, "http://a/b?q=a+b#f");
    /// assert!(u.set_query(Some("a b")).is_err());
    /// assert!(u.set_query(Some("a#b")).is_err());
    /// let mut m: urigram::rfc2396::UriReferenceBuf = "mailto:a@b".parse().unwrap();
    /// assert!(m.set_query(Some("subject=x")).is_err());
    /// u.set_query(None).unwrap();
    /// assert_eq!(u, "http://a/b#f");
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        check_opt("query", query)?;
        if query.is_some() && self.is_opaque() {
            return Err(self.opaque());
        }
        self.replace(|t| t.query = query.map(str::to_string))
    }

    /// Set the query to `data`, escaped as a [`Component::Query`] (every character but
    /// `unreserved`, so `&` and `=` are data too), as [`Builder::query_data`] does. Remove a query
    /// with `set_query(None)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b#f".parse().unwrap();
    /// u.set_query_data("two words & more").unwrap();
    /// assert_eq!(u, "http://a/b?two%20words%20%26%20more#f");
    /// assert_eq!(u.query().unwrap().decode_utf8().unwrap(), "two words & more");
    /// ```
    pub fn set_query_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), BuildError> {
        self.set_query(Some(&encode(data, Component::Query)))
    }

    /// Set the query to `name=value` pairs by the HTML forms convention
    /// ([`form_encode`](crate::rfc2396::form_encode)), as [`Builder::query_pairs`] does. The
    /// `url` crate writes `query_pairs_mut().clear().extend_pairs(..)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b?old".parse().unwrap();
    /// u.set_query_pairs([("q", "rfc 2396"), ("lang", "en")]).unwrap();
    /// assert_eq!(u, "http://a/b?q=rfc+2396&lang=en");
    /// ```
    pub fn set_query_pairs<I, K, V>(&mut self, pairs: I) -> Result<(), BuildError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.set_query(Some(&form_encode(pairs)))
    }

    /// Append one `name=value` pair to the query by the HTML forms convention, after a `&`
    /// when the query is not empty; a reference without a query gets one. The `url` crate
    /// writes `query_pairs_mut().append_pair(name, value)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b#f".parse().unwrap();
    /// u.append_pair("q", "a b").unwrap();
    /// u.append_pair("x", "1&2=3").unwrap();
    /// assert_eq!(u, "http://a/b?q=a+b&x=1%262%3D3#f");
    /// let back: Vec<_> = u.query_pairs().collect();
    /// assert_eq!(back[1], ("x".into(), "1&2=3".into()));
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> Result<(), BuildError> {
        let mut q = self
            .query()
            .map(|q| q.as_str().to_string())
            .unwrap_or_default();
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(&form_encode([(name, value)]));
        self.set_query(Some(&q))
    }

    /// Set or remove the fragment, as written (`fragment = *uric`, section 4.1).
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b#f".parse().unwrap();
    /// u.set_fragment(Some("sec%201")).unwrap();
    /// assert_eq!(u, "http://a/b#sec%201");
    /// assert!(u.set_fragment(Some("a#b")).is_err());
    /// u.set_fragment(None).unwrap();
    /// assert_eq!(u, "http://a/b");
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        check_opt("fragment", fragment)?;
        self.replace(|t| t.fragment = fragment.map(str::to_string))
    }

    /// Set the fragment to `data`, escaped as a [`Component::Fragment`], as
    /// [`Builder::fragment_data`] does. Remove it with `set_fragment(None)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/b".parse().unwrap();
    /// u.set_fragment_data("sec 1#2").unwrap();
    /// assert_eq!(u, "http://a/b#sec%201%232");
    /// ```
    pub fn set_fragment_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), BuildError> {
        self.set_fragment(Some(&encode(data, Component::Fragment)))
    }

    /// Set the path to an absolute path of `segments`, each escaped as a
    /// [`Component::Segment`] (`/`, `;`, `=` and `?` too), as [`Builder::path_segments`]
    /// does: an empty list gives the empty path. The `url` crate writes
    /// `path_segments_mut()?.clear().extend(segments)`.
    ///
    /// ```
    /// let mut u: urigram::rfc2396::UriReferenceBuf = "http://a/old?q".parse().unwrap();
    /// u.set_path_segments(["a b", "c/d"]).unwrap();
    /// assert_eq!(u, "http://a/a%20b/c%2Fd?q");
    /// let mut r: urigram::rfc2396::UriReferenceBuf = "x".parse().unwrap();
    /// assert!(r.set_path_segments(["", "y"]).is_err()); // "//y" would read as an authority
    /// ```
    pub fn set_path_segments<I>(&mut self, segments: I) -> Result<(), BuildError>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut path = String::new();
        for s in segments {
            path.push('/');
            path.push_str(&encode(s, Component::Segment));
        }
        self.set_path(&path)
    }
}
