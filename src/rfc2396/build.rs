//! Making and changing references component by component, never producing an invalid one.
//!
//! - [`Builder`] takes each component as data and escapes it as its production requires
//!   (section 2.4, with [`encode`] per [`Component`]); the scheme and the host, which RFC 2396
//!   cannot escape, are checked against their productions.
//! - The setters of [`UriReferenceBuf`] (`set_scheme`, `set_authority`, `set_host`,
//!   `set_port`, `set_path`, `set_query`, `set_fragment`) take a component as written, escapes
//!   included, and check it against its production.
//!
//! Either way the result is checked by the grammar as a whole, and must read back as the same
//! components: a path `//x` without an authority, or a query on an opaque URI (`mailto:a?b`
//! has no query: the `?b` belongs to the `opaque_part`), is an error, never a different URI.
//! On an error a setter leaves the value as it was.

use crate::error::Error;
use crate::grammar::Grammar;
use crate::rfc2396::escape::{Component, encode};
use crate::rfc2396::form::form_encode;
use crate::rfc2396::{Authority, UriReference, UriReferenceBuf};

/// Why a reference could not be built or changed.
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
        error: Error,
    },
    /// The components, each valid, do not make a `URI-reference` that reads back as them.
    #[error("the components make {text:?}, which does not read back as them{}", error.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
    Combination {
        /// The text they make.
        text: String,
        /// The grammar's error, when the text is not a `URI-reference` at all.
        error: Option<Error>,
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
        let parsed = UriReference::parse(&text).map(|u| {
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

/// Check an optional component.
fn check_opt(production: &'static str, text: Option<&str>) -> Result<(), BuildError> {
    text.map_or(Ok(()), |t| check(production, t))
}

/// Builds a `URI-reference` from its components given as data: each one escaped as its
/// production requires (section 2.4, [`encode`]), the scheme and host checked against their
/// productions, and the whole checked by the grammar in [`Builder::build`]. Made by
/// [`UriReferenceBuf::builder`].
///
/// ```
/// use urigram::UriReferenceBuf;
/// let u = UriReferenceBuf::builder()
///     .scheme("http")
///     .userinfo("me")
///     .host("example.com")
///     .port(8080)
///     .path_segments(["a b", "c/d", "é"])
///     .form_pairs([("q", "rfc 2396"), ("x", "a&b")])
///     .fragment("top")
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
    /// assert_eq!(urigram::UriReferenceBuf::builder().build().unwrap(), "");
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
    pub fn userinfo(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.userinfo = Some(encode(data, Component::Userinfo));
        self
    }

    /// The host, checked against `host = hostname | IPv4address` (it cannot be escaped).
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
    /// let u = urigram::UriReferenceBuf::builder().scheme("news").opaque_part("comp.infosystems.www").build().unwrap();
    /// assert_eq!(u, "news:comp.infosystems.www");
    /// ```
    pub fn opaque_part(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.path = encode(data, Component::OpaquePart);
        self.rel_segment = None;
        self
    }

    /// The query, escaped as a [`Component::Query`]: every character but `unreserved`, so
    /// `&` and `=` are data here. For `name=value` pairs, see [`Builder::form_pairs`].
    ///
    /// ```
    /// let u = urigram::UriReferenceBuf::builder().path_segments(["a"]).query("x=1&y").build().unwrap();
    /// assert_eq!(u, "/a?x%3D1%26y");
    /// ```
    pub fn query(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.query = Some(encode(data, Component::Query));
        self
    }

    /// The query as `name=value` pairs by the HTML forms convention
    /// ([`form_encode`](crate::rfc2396::form_encode)).
    pub fn form_pairs<I, K, V>(mut self, pairs: I) -> Builder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.query = Some(form_encode(pairs));
        self
    }

    /// The fragment, escaped as a [`Component::Fragment`].
    pub fn fragment(mut self, data: impl AsRef<[u8]>) -> Builder {
        self.fragment = Some(encode(data, Component::Fragment));
        self
    }

    /// The reference, checked by the grammar: it must read back as the components given.
    pub fn build(self) -> Result<UriReferenceBuf, BuildError> {
        check_opt("scheme", self.scheme.as_deref())?;
        check_opt("host", self.host.as_deref())?;
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

/// Setters. Each takes the component as written (escapes included, see [`encode`] to make
/// them), checks it against its production and the whole against the grammar, and leaves the
/// value unchanged on an error. Unlike the `url` crate's setters, nothing is escaped or
/// dropped silently.
impl UriReferenceBuf {
    fn replace(&mut self, change: impl FnOnce(&mut Texts)) -> Result<(), BuildError> {
        let mut t = Texts::of(&self.get());
        change(&mut t);
        *self = t.build()?;
        Ok(())
    }

    /// Set or remove the scheme (`scheme`, section 3.1).
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "//a/b".parse().unwrap();
    /// u.set_scheme(Some("ftp")).unwrap();
    /// assert_eq!(u, "ftp://a/b");
    /// assert!(u.set_scheme(Some("f p")).is_err());
    /// let mut r: urigram::UriReferenceBuf = "a:b:c".parse().unwrap();
    /// assert!(r.set_scheme(None).is_err()); // `b:c` would read as a scheme
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        check_opt("scheme", scheme)?;
        self.replace(|t| t.scheme = scheme.map(str::to_string))
    }

    /// Set or remove the authority (`authority = server | reg_name`, section 3.2).
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "http://a/b".parse().unwrap();
    /// u.set_authority(Some("me@b.example:81")).unwrap();
    /// assert_eq!(u, "http://me@b.example:81/b");
    /// u.set_authority(None).unwrap();
    /// assert_eq!(u, "http:/b");
    /// ```
    pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        check_opt("authority", authority)?;
        self.replace(|t| t.authority = authority.map(str::to_string))
    }

    /// Set the host (`host = hostname | IPv4address`), keeping the userinfo and port of a
    /// server-based authority; a `reg_name` is replaced whole, and a reference without an
    /// authority gets one.
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "http://me@a:8080/x".parse().unwrap();
    /// u.set_host("b.example").unwrap();
    /// assert_eq!(u, "http://me@b.example:8080/x");
    /// assert!(u.set_host("b_example").is_err());
    /// ```
    pub fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        check("host", host)?;
        let authority = match self.get().authority() {
            Some(Authority::Server(s)) => {
                let mut a = String::new();
                if let Some(u) = s.userinfo() {
                    a.push_str(u.as_str());
                    a.push('@');
                }
                a.push_str(host);
                if let Some(p) = s.port() {
                    a.push(':');
                    a.push_str(p.as_str());
                }
                a
            }
            _ => host.to_string(),
        };
        self.replace(|t| t.authority = Some(authority))
    }

    /// Set or remove the port of a server-based authority with a host.
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "http://a/x".parse().unwrap();
    /// u.set_port(Some(8080)).unwrap();
    /// assert_eq!(u, "http://a:8080/x");
    /// u.set_port(None).unwrap();
    /// assert_eq!(u, "http://a/x");
    /// let mut m: urigram::UriReferenceBuf = "mailto:a@b".parse().unwrap();
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

    /// Set the path, as written: an `abs_path` (`/a/b`), a `rel_path` for a relative
    /// reference, an `opaque_part` for an absolute URI without an authority, or empty.
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "http://a/b?q".parse().unwrap();
    /// u.set_path("/c/d;p").unwrap();
    /// assert_eq!(u, "http://a/c/d;p?q");
    /// assert!(u.set_path("c").is_err()); // after an authority, a path starts with "/"
    /// assert!(u.set_path("/c d").is_err());
    /// let mut r: urigram::UriReferenceBuf = "x".parse().unwrap();
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
    /// let mut u: urigram::UriReferenceBuf = "http://a/b#f".parse().unwrap();
    /// u.set_query(Some("x=1&y=2")).unwrap();
    /// assert_eq!(u, "http://a/b?x=1&y=2#f");
    /// u.set_query(Some(&encode("a b", Component::Query))).unwrap();
    /// assert_eq!(u, "http://a/b?a%20b#f");
    /// u.set_query(Some(&form_encode([("q", "a b")]))).unwrap();
    /// assert_eq!(u, "http://a/b?q=a+b#f");
    /// assert!(u.set_query(Some("a b")).is_err());
    /// assert!(u.set_query(Some("a#b")).is_err());
    /// let mut m: urigram::UriReferenceBuf = "mailto:a@b".parse().unwrap();
    /// assert!(m.set_query(Some("subject=x")).is_err());
    /// u.set_query(None).unwrap();
    /// assert_eq!(u, "http://a/b#f");
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        check_opt("query", query)?;
        self.replace(|t| t.query = query.map(str::to_string))
    }

    /// Set or remove the fragment, as written (`fragment = *uric`, section 4.1).
    ///
    /// ```
    /// let mut u: urigram::UriReferenceBuf = "http://a/b#f".parse().unwrap();
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
}
