//! Making and changing references component by component, never producing an invalid one:
//! one implementation for the owned references of RFC 2396, RFC 3986 and RFC 3987
//! (`UriReferenceBuf`, `IriReferenceBuf`), each of which implements [`Spec`] (its grammar, the
//! names of its productions, its escape sets), and one macro (`build!`) that gives each spec
//! module the same [`Builder`](crate::rfc3986::Builder) and the same setters, with the same
//! words:
//!
//! - a word alone (`set_query`, `Builder::query`, `set_path`, `Builder::path`, `set_host` ...)
//!   takes the component as written, escapes included (`"a%20b"`), and checks it against its
//!   production: `set_query(Some("a b"))` is an error, never a guess;
//! - a word ending in `_data` (`set_query_data`, `Builder::query_data` ...), and
//!   `path_segments`, `query_pairs` and `append_pair`, take data (`"a b"`) and escape it as
//!   the spec's `encode` does for the component.
//!
//! Either way the result is checked by the grammar as a whole, and must read back as the same
//! components: a path `//x` without an authority is an error, never a different reference.
//! On an error a setter leaves the value as it was.

use crate::Error;
use crate::grammar::Grammar;
use crate::rfc2396::form::form_encode;
use crate::rfc3986::components::Components;

/// Why a reference could not be built or changed: the component and its production with the
/// grammar's diagnostic, or the whole that does not read back as its components.
///
/// ```
/// use urigram::rfc3986::{BuildError, UriReferenceBuf};
/// let mut u: UriReferenceBuf = "http://a/b".parse().unwrap();
/// let e = u.set_query(Some("a b")).unwrap_err(); // as written: a space is no `query`
/// let BuildError::Component { production, error, .. } = &e else { panic!() };
/// assert_eq!((*production, error.offset()), ("query", 1));
/// assert!(e.to_string().starts_with("query \"a b\": "), "{e}");
/// let mut r: UriReferenceBuf = "/a/b".parse().unwrap();
/// assert!(matches!(r.set_port(Some(80)), Err(BuildError::NoHost { .. })));
/// assert_eq!((u.as_str(), r.as_str()), ("http://a/b", "/a/b")); // each error changed nothing
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A component is not a string of its production; the error's offsets count in `text`.
    #[error("{production} {text:?}: {error}")]
    Component {
        /// The production (`scheme`, `host`, `query`, `ipath-absolute` ...).
        production: &'static str,
        /// The component as given.
        text: String,
        /// The grammar's error.
        #[source]
        error: Error,
    },
    /// The components, each valid, do not make a reference that reads back as them.
    #[error("the components make {text:?}, which does not read back as them{}", error.as_ref().map(|e| format!(": {e}")).unwrap_or_default())]
    Combination {
        /// The text they make.
        text: String,
        /// The grammar's error, when the text is not a reference at all.
        #[source]
        error: Option<Error>,
    },
    /// An authority or a query was given to an opaque URI of RFC 2396 (`mailto:a@b`,
    /// `news:x`): its scheme-specific part is an `opaque_part` (section 3), which has
    /// neither, and giving it one would change what the rest of it is. RFC 3986 and RFC 3987
    /// have no opaque part.
    #[error("{text:?} is an opaque URI (section 3): it has no authority or query to set")]
    Opaque {
        /// The reference.
        text: String,
    },
    /// A port (or, for the builder, a userinfo) was given to a reference without an
    /// authority with a host.
    #[error("{text:?} has no host to give a port or userinfo to")]
    NoHost {
        /// The reference.
        text: String,
    },
}

/// The five components of a reference, as written (RFC 3986 section 5.3).
#[derive(Debug, Clone, Default)]
pub(crate) struct Texts {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Texts {
    fn of(c: Components<'_>) -> Texts {
        Texts {
            scheme: c.scheme.map(str::to_string),
            authority: c.authority.map(str::to_string),
            path: c.path.to_string(),
            query: c.query.map(str::to_string),
            fragment: c.fragment.map(str::to_string),
        }
    }

    /// Whether `c` are these components.
    fn are(&self, c: Components<'_>) -> bool {
        c.scheme == self.scheme.as_deref()
            && c.authority == self.authority.as_deref()
            && c.path == self.path
            && c.query == self.query.as_deref()
            && c.fragment == self.fragment.as_deref()
    }

    /// Recombine (RFC 3986 section 5.3, RFC 2396 section 5.2 step 7).
    fn render(&self) -> String {
        Components {
            scheme: self.scheme.as_deref(),
            authority: self.authority.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
        .to_string()
    }

    /// Recombine, parse, and check that the components read back.
    fn build<T: Spec>(&self) -> Result<T, BuildError> {
        let text = self.render();
        match T::try_from(text.clone()) {
            Ok(u) if self.are(u.components()) => Ok(u),
            Ok(_) => Err(BuildError::Combination { text, error: None }),
            Err(e) => Err(BuildError::Combination {
                text,
                error: Some(e),
            }),
        }
    }
}

/// An authority's userinfo, host and port, as written.
pub(crate) struct Server<'a> {
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: &'a str,
    pub(crate) port: Option<&'a str>,
}

impl Server<'_> {
    fn render(userinfo: Option<&str>, host: &str, port: Option<&str>) -> String {
        let mut a = String::new();
        if let Some(u) = userinfo {
            a.push_str(u);
            a.push('@');
        }
        a.push_str(host);
        if let Some(p) = port {
            a.push(':');
            a.push_str(p);
        }
        a
    }
}

/// Where a builder's or a setter's data goes: each spec escapes it with its own set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Data {
    Userinfo,
    /// A path segment after a `/`.
    Segment,
    /// The first segment of a relative path, which cannot hold a `:`.
    FirstSegment,
    Query,
    Fragment,
}

/// What the builder and the setters need of a spec's owned reference.
pub(crate) trait Spec: Sized + TryFrom<String, Error = Error> {
    /// The grammar the components are checked against.
    const GRAMMAR: Grammar;
    /// The names of the productions of an authority, a host, a userinfo, the first segment of
    /// a relative path, a query and a fragment.
    const AUTHORITY: &'static str;
    const HOST: &'static str;
    const USERINFO: &'static str;
    const FIRST_SEGMENT: &'static str;
    const QUERY: &'static str;
    const FRAGMENT: &'static str;

    /// The text.
    fn text(&self) -> &str;
    /// The five components.
    fn components(&self) -> Components<'_>;
    /// The authority's userinfo, host and port, when it has a host.
    fn server(&self) -> Option<Server<'_>>;
    /// The production a non-empty path must match, in a reference with or without a scheme and
    /// an authority.
    fn path_production(scheme: bool, authority: bool, path: &str) -> &'static str;
    /// `data` escaped for the component `into`.
    fn encode(data: &[u8], into: Data) -> String;

    /// Check `text` against the production `production`.
    fn check(production: &'static str, text: &str) -> Result<(), BuildError> {
        Self::GRAMMAR
            .check(production, text)
            .map_err(|error| BuildError::Component {
                production,
                text: text.to_string(),
                error,
            })
    }

    /// Check a host or an authority.
    fn check_host(production: &'static str, text: &str) -> Result<(), BuildError> {
        Self::check(production, text)
    }

    /// Whether the reference is an opaque URI, which has no authority or query to set.
    fn is_opaque(&self) -> bool {
        false
    }
}

/// What a [`Builder`](crate::rfc3986::Builder) holds: the components given so far, escaped
/// where they were given as data.
#[derive(Debug, Clone, Default)]
pub(crate) struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    path: String,
    /// The first segment of a path given by `rel_path_segments`.
    first_segment: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    /// Which of the userinfo, the path, the query and the fragment were given as written,
    /// to be checked against their productions.
    written: [bool; 4],
}

impl Parts {
    pub(crate) fn scheme(&mut self, scheme: &str) {
        self.scheme = Some(scheme.to_string());
    }

    pub(crate) fn userinfo(&mut self, text: String, written: bool) {
        self.userinfo = Some(text);
        self.written[0] = written;
    }

    pub(crate) fn host(&mut self, host: &str) {
        self.host = Some(host.to_string());
    }

    pub(crate) fn port(&mut self, port: u16) {
        self.port = Some(port);
    }

    pub(crate) fn path(&mut self, path: &str) {
        self.path = path.to_string();
        self.first_segment = None;
        self.written[1] = true;
    }

    /// A path made of data, escaped by the caller.
    pub(crate) fn data_path(&mut self, path: String) {
        self.path = path;
        self.first_segment = None;
        self.written[1] = false;
    }

    pub(crate) fn segments<T: Spec, I>(&mut self, segments: I, relative: bool)
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        self.path.clear();
        self.first_segment = None;
        self.written[1] = false;
        for (k, s) in segments.into_iter().enumerate() {
            if k == 0 && relative {
                let first = T::encode(s.as_ref(), Data::FirstSegment);
                self.path.push_str(&first);
                self.first_segment = Some(first);
            } else {
                self.path.push('/');
                self.path.push_str(&T::encode(s.as_ref(), Data::Segment));
            }
        }
    }

    pub(crate) fn query(&mut self, text: String, written: bool) {
        self.query = Some(text);
        self.written[2] = written;
    }

    pub(crate) fn fragment(&mut self, text: String, written: bool) {
        self.fragment = Some(text);
        self.written[3] = written;
    }

    /// The reference, each component checked against its production and the whole by the
    /// grammar: it must read back as the components given.
    pub(crate) fn build<T: Spec>(self) -> Result<T, BuildError> {
        let opt = |p, t: &Option<String>, written: bool| match t {
            Some(t) if written => T::check(p, t),
            _ => Ok(()),
        };
        opt("scheme", &self.scheme, true)?;
        if let Some(h) = self.host.as_deref() {
            T::check_host(T::HOST, h)?;
        }
        opt(T::USERINFO, &self.userinfo, self.written[0])?;
        if self.written[1] && !self.path.is_empty() {
            let p = T::path_production(self.scheme.is_some(), self.host.is_some(), &self.path);
            T::check(p, &self.path)?;
        }
        opt(T::FIRST_SEGMENT, &self.first_segment, true)?;
        opt(T::QUERY, &self.query, self.written[2])?;
        opt(T::FRAGMENT, &self.fragment, self.written[3])?;
        let port = self.port.map(|p| p.to_string());
        let authority = self
            .host
            .as_deref()
            .map(|h| Server::render(self.userinfo.as_deref(), h, port.as_deref()));
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

/// The setters, on any spec's owned reference: each checks what it is given, replaces the
/// value only when the whole reads back as its components, and leaves it as it was otherwise.
pub(crate) mod set {
    use super::{BuildError, Data, Server, Spec, Texts};
    use crate::rfc2396::form::form_encode;

    fn replace<T: Spec>(u: &mut T, change: impl FnOnce(&mut Texts)) -> Result<(), BuildError> {
        let mut t = Texts::of(u.components());
        change(&mut t);
        *u = t.build()?;
        Ok(())
    }

    fn opaque<T: Spec>(u: &T) -> BuildError {
        BuildError::Opaque {
            text: u.text().to_string(),
        }
    }

    fn no_host<T: Spec>(u: &T) -> BuildError {
        BuildError::NoHost {
            text: u.text().to_string(),
        }
    }

    /// Give the reference the authority `authority`: a relative path (`g/h`) becomes an
    /// absolute one (`/g/h`), since an authority is followed by an absolute path only.
    fn put_authority<T: Spec>(u: &mut T, authority: Option<String>) -> Result<(), BuildError> {
        if authority.is_some() && u.is_opaque() {
            return Err(opaque(u));
        }
        replace(u, |t| {
            if authority.is_some() && !t.path.is_empty() && !t.path.starts_with('/') {
                t.path.insert(0, '/');
            }
            t.authority = authority;
        })
    }

    pub(crate) fn scheme<T: Spec>(u: &mut T, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(s) = scheme {
            T::check("scheme", s)?;
        }
        replace(u, |t| t.scheme = scheme.map(str::to_string))
    }

    pub(crate) fn authority<T: Spec>(u: &mut T, authority: Option<&str>) -> Result<(), BuildError> {
        if let Some(a) = authority {
            T::check_host(T::AUTHORITY, a)?;
        }
        put_authority(u, authority.map(str::to_string))
    }

    pub(crate) fn host<T: Spec>(u: &mut T, host: &str) -> Result<(), BuildError> {
        T::check_host(T::HOST, host)?;
        let authority = match u.server() {
            Some(s) => Server::render(s.userinfo, host, s.port),
            None => host.to_string(),
        };
        put_authority(u, Some(authority))
    }

    pub(crate) fn port<T: Spec>(u: &mut T, port: Option<u16>) -> Result<(), BuildError> {
        let Some(s) = u.server() else {
            return Err(no_host(u));
        };
        let port = port.map(|p| p.to_string());
        let a = Server::render(s.userinfo, s.host, port.as_deref());
        replace(u, |t| t.authority = Some(a))
    }

    pub(crate) fn userinfo<T: Spec>(u: &mut T, userinfo: Option<&str>) -> Result<(), BuildError> {
        if let Some(i) = userinfo {
            T::check(T::USERINFO, i)?;
        }
        let Some(s) = u.server() else {
            return Err(no_host(u));
        };
        let a = Server::render(userinfo, s.host, s.port);
        replace(u, |t| t.authority = Some(a))
    }

    pub(crate) fn path<T: Spec>(u: &mut T, path: &str) -> Result<(), BuildError> {
        if !path.is_empty() {
            let c = u.components();
            let p = T::path_production(c.scheme.is_some(), c.authority.is_some(), path);
            T::check(p, path)?;
        }
        replace(u, |t| t.path = path.to_string())
    }

    pub(crate) fn path_segments<T: Spec, I>(u: &mut T, segments: I) -> Result<(), BuildError>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut path = String::new();
        for s in segments {
            path.push('/');
            path.push_str(&T::encode(s.as_ref(), Data::Segment));
        }
        self::path(u, &path)
    }

    pub(crate) fn query<T: Spec>(u: &mut T, query: Option<&str>) -> Result<(), BuildError> {
        if let Some(q) = query {
            T::check(T::QUERY, q)?;
            if u.is_opaque() {
                return Err(opaque(u));
            }
        }
        replace(u, |t| t.query = query.map(str::to_string))
    }

    pub(crate) fn append_pair<T: Spec>(
        u: &mut T,
        name: &str,
        value: &str,
    ) -> Result<(), BuildError> {
        let mut q = u.components().query.unwrap_or_default().to_string();
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(&form_encode([(name, value)]));
        query(u, Some(&q))
    }

    pub(crate) fn fragment<T: Spec>(u: &mut T, fragment: Option<&str>) -> Result<(), BuildError> {
        if let Some(f) = fragment {
            T::check(T::FRAGMENT, f)?;
        }
        replace(u, |t| t.fragment = fragment.map(str::to_string))
    }
}

/// The userinfo, host and port of an RFC 3986 (or RFC 3987) authority: every one has a host.
pub(crate) fn server_of(a: Option<crate::rfc3986::uri::Authority<'_>>) -> Option<Server<'_>> {
    a.map(|a| Server {
        userinfo: a.userinfo().map(|u| u.as_str()),
        host: a.host().as_part().as_str(),
        port: a.port_str().map(|p| p.as_str()),
    })
}

/// Of RFC 3986's path productions (or RFC 3987's, `paths` in the same order: `path-abempty`,
/// `path-absolute`, `path-rootless`, `path-noscheme`), the one a non-empty path must match
/// (section 3.3, rfc3986.txt:1219-1229; section 4.2, rfc3986.txt:1445-1448).
pub(crate) fn path_rule(
    paths: [&'static str; 4],
    scheme: bool,
    authority: bool,
    path: &str,
) -> &'static str {
    if authority {
        paths[0]
    } else if path.starts_with('/') {
        paths[1]
    } else if scheme {
        paths[2]
    } else {
        paths[3]
    }
}

/// The RFC 3986 (and RFC 3987) component of the data of a builder or a setter.
pub(crate) fn component(into: Data) -> crate::values::escape::Component {
    use crate::values::escape::Component;
    match into {
        Data::Userinfo => Component::Userinfo,
        Data::Segment => Component::Segment,
        Data::FirstSegment => Component::SegmentNzNc,
        Data::Query => Component::Query,
        Data::Fragment => Component::Fragment,
    }
}

/// The query of `name=value` pairs by the HTML forms convention, for the builder.
pub(crate) fn pairs<I, K, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    form_encode(pairs)
}

/// `build!(Buf, module, "urigram::module::Buf")`: the `Builder` of a spec module and the
/// setters of its owned reference `Buf` (which implements [`Spec`]), each a call of the one
/// implementation above.
macro_rules! build {
    ($buf:ident, $module:ident, $path:literal) => {
        /// Builds a reference from its components, each given as written (checked against its
        /// production) or as data (escaped as the spec's `encode` escapes it for the
        /// component), and the whole checked by the grammar in
        #[doc = concat!("[`Builder::build`]. Made by [`Builder::new`] or [`", stringify!($buf), "::builder`].")]
        ///
        /// Its words mean what the setters' words mean: `scheme`, `userinfo`, `host`, `path`,
        /// `query` and `fragment` take the component as written, as `set_scheme` ...
        /// `set_fragment` do; a method ending in `_data` takes data and escapes it, as
        /// `set_query_data` does; `path_segments` and `query_pairs` take segment data and
        /// `name=value` pairs, as `set_path_segments` and `set_query_pairs` do.
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::Builder;")]
        /// let u = Builder::new().scheme("https").host("example.com").path("/a").query("q=1").build().unwrap();
        /// assert_eq!(u, "https://example.com/a?q=1");
        /// let u = Builder::new()
        ///     .scheme("http")
        ///     .userinfo_data("me")
        ///     .host("example.com")
        ///     .port(8080)
        ///     .path_segments(["a b", "c/d"])
        ///     .query_pairs([("q", "rfc 3986"), ("x", "a&b")])
        ///     .fragment_data("top")
        ///     .build()
        ///     .unwrap();
        /// assert_eq!(u, "http://me@example.com:8080/a%20b/c%2Fd?q=rfc+3986&x=a%26b#top");
        ///
        /// // A relative reference: its first segment cannot hold ":" (it would read as a scheme).
        /// assert_eq!(Builder::new().rel_path_segments(["this:that", "x"]).build().unwrap(), "this%3Athat/x");
        /// assert_eq!(Builder::new().build().unwrap(), ""); // the empty reference
        /// assert_eq!(Builder::new().fragment_data("top").build().unwrap(), "#top");
        ///
        /// // Errors: a component that is not one, components that read as other ones.
        #[doc = concat!("use urigram::", stringify!($module), "::BuildError;")]
        /// let e = Builder::new().scheme("http").host("exa mple").build().unwrap_err();
        /// assert!(matches!(e, BuildError::Component { .. }));
        /// assert!(Builder::new().scheme("1http").build().is_err());
        /// assert!(Builder::new().path_segments(["", "x"]).build().is_err()); // "//x"
        /// assert!(matches!(Builder::new().port(80).build(), Err(BuildError::NoHost { .. })));
        /// ```
        #[derive(Debug, Clone, Default)]
        #[must_use]
        pub struct Builder($crate::values::build::Parts);

        impl $buf {
            /// A [`Builder`] with no component set (it builds the empty reference).
            ///
            /// ```
            #[doc = concat!("assert_eq!(", $path, "::builder().build().unwrap(), \"\");")]
            /// ```
            pub fn builder() -> Builder {
                Builder::default()
            }
        }

        impl Builder {
            /// A builder with no component set (it builds the empty reference).
            pub fn new() -> Builder {
                Builder::default()
            }

            /// The scheme, checked against `scheme` (it cannot be escaped).
            pub fn scheme(mut self, scheme: &str) -> Builder {
                self.0.scheme(scheme);
                self
            }

            /// The userinfo as written, checked against its production. Needs a host.
            ///
            /// ```
            #[doc = concat!("let b = || urigram::", stringify!($module), "::Builder::new().scheme(\"ftp\").host(\"h\");")]
            /// assert_eq!(b().userinfo("me;x=1").build().unwrap(), "ftp://me;x=1@h");
            /// assert!(b().userinfo("a@b").build().is_err()); // an `@` is written %40
            /// ```
            pub fn userinfo(mut self, userinfo: &str) -> Builder {
                self.0.userinfo(userinfo.to_string(), true);
                self
            }

            /// The userinfo, escaped (`:` and `@` too). Needs a host.
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().host(\"h\").userinfo_data(\"j@ne:x\").build().unwrap();")]
            /// assert_eq!(u, "//j%40ne%3Ax@h");
            /// ```
            pub fn userinfo_data(mut self, data: impl AsRef<[u8]>) -> Builder {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Userinfo,
                );
                self.0.userinfo(text, false);
                self
            }

            /// The host, checked against the spec's `host` (an IP literal in brackets
            /// included; RFC 2396 reads one by RFC 2732).
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().scheme(\"ftp\").host(\"[fe80::1]\").build().unwrap();")]
            /// assert_eq!(u, "ftp://[fe80::1]");
            /// ```
            pub fn host(mut self, host: &str) -> Builder {
                self.0.host(host);
                self
            }

            /// The port. Needs a host.
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().host(\"h\").port(8080).build().unwrap();")]
            /// assert_eq!(u, "//h:8080");
            /// ```
            pub fn port(mut self, port: u16) -> Builder {
                self.0.port(port);
                self
            }

            /// The path as written, checked against the path production that the other
            /// components leave it (after an authority, an absolute or empty path).
            ///
            /// ```
            #[doc = concat!("let b = || urigram::", stringify!($module), "::Builder::new().scheme(\"http\").host(\"h\");")]
            /// assert_eq!(b().path("/a%20b/c").build().unwrap(), "http://h/a%20b/c");
            /// assert!(b().path("a").build().is_err()); // after an authority, "/" first
            /// assert!(b().path("/a b").build().is_err());
            /// ```
            pub fn path(mut self, path: &str) -> Builder {
                self.0.path(path);
                self
            }

            /// An absolute path of `segments`, each escaped as a path segment (`/` too). An
            /// empty list gives the empty path; one empty segment gives `/`.
            #[doc(alias = "path_segments_mut")]
            pub fn path_segments<I>(mut self, segments: I) -> Builder
            where
                I: IntoIterator,
                I::Item: AsRef<[u8]>,
            {
                self.0.segments::<$buf, I>(segments, false);
                self
            }

            /// A relative path of `segments`: the first escaped as the first segment of a
            /// relative path (`:` too, which would end a scheme there), the others as
            /// segments. The first must not be empty (an empty one would make an absolute
            /// path); an empty list gives the empty path.
            pub fn rel_path_segments<I>(mut self, segments: I) -> Builder
            where
                I: IntoIterator,
                I::Item: AsRef<[u8]>,
            {
                self.0.segments::<$buf, I>(segments, true);
                self
            }

            /// The query as written, checked against its production.
            ///
            /// ```
            #[doc = concat!("let b = || urigram::", stringify!($module), "::Builder::new().path_segments([\"s\"]);")]
            /// assert_eq!(b().query("a=1&b=%20").build().unwrap(), "/s?a=1&b=%20");
            /// assert!(b().query("a b").build().is_err());
            /// ```
            pub fn query(mut self, query: &str) -> Builder {
                self.0.query(query.to_string(), true);
                self
            }

            /// The query, escaped: `&`, `=`, `+` and `;` too, so they are data here. For
            /// `name=value` pairs, see [`Builder::query_pairs`].
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().path_segments([\"a\"]).query_data(\"x=1&y\").build().unwrap();")]
            /// assert_eq!(u, "/a?x%3D1%26y");
            /// ```
            pub fn query_data(mut self, data: impl AsRef<[u8]>) -> Builder {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Query,
                );
                self.0.query(text, false);
                self
            }

            /// The query as `name=value` pairs by the HTML forms convention
            /// ([`form_encode`](crate::rfc2396::form_encode)): the `url` crate's name for
            #[doc = concat!("the pairs, and the word of [`", stringify!($buf), "::set_query_pairs`].")]
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().path_segments([\"s\"]).query_pairs([(\"q\", \"a b\")]).build().unwrap();")]
            /// assert_eq!(u, "/s?q=a+b");
            /// ```
            pub fn query_pairs<I, K, V>(mut self, pairs: I) -> Builder
            where
                I: IntoIterator<Item = (K, V)>,
                K: AsRef<str>,
                V: AsRef<str>,
            {
                self.0.query($crate::values::build::pairs(pairs), false);
                self
            }

            /// The fragment as written, checked against its production.
            ///
            /// ```
            #[doc = concat!("let b = || urigram::", stringify!($module), "::Builder::new();")]
            /// assert_eq!(b().fragment("sec%201").build().unwrap(), "#sec%201");
            /// assert!(b().fragment("a#b").build().is_err());
            /// ```
            pub fn fragment(mut self, fragment: &str) -> Builder {
                self.0.fragment(fragment.to_string(), true);
                self
            }

            /// The fragment, escaped.
            ///
            /// ```
            #[doc = concat!("let u = urigram::", stringify!($module), "::Builder::new().fragment_data(\"a b#c\").build().unwrap();")]
            /// assert_eq!(u, "#a%20b%23c");
            /// ```
            pub fn fragment_data(mut self, data: impl AsRef<[u8]>) -> Builder {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Fragment,
                );
                self.0.fragment(text, false);
                self
            }

            /// The reference, checked by the grammar: each component against its production,
            /// and the whole, which must read back as the components given.
            pub fn build(self) -> Result<$buf, $crate::values::build::BuildError> {
                self.0.build::<$buf>()
            }
        }

        /// Setters. The ones named after a component alone (`set_query`) take it as written
        #[doc = concat!("(escapes included: [`encode`](crate::", stringify!($module), "::encode) makes them); the ones")]
        /// ending in `_data`, and `set_path_segments`, `set_query_pairs` and `append_pair`,
        /// take data and escape it as the [`Builder`] does. Each checks the component against
        /// its production and the whole against the grammar, and leaves the value unchanged
        /// on an error: nothing is dropped silently.
        impl $buf {
            /// Set or remove the scheme.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"//a/b\".parse().unwrap();")]
            /// u.set_scheme(Some("ftp")).unwrap();
            /// assert_eq!(u, "ftp://a/b");
            /// assert!(u.set_scheme(Some("f p")).is_err());
            #[doc = concat!("let mut r: ", $path, " = \"a:b:c\".parse().unwrap();")]
            /// assert!(r.set_scheme(None).is_err()); // `b:c` would read as a scheme
            /// ```
            pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::scheme(self, scheme)
            }

            /// Set or remove the authority, as written. A reference with a relative path
            /// gets an absolute one (`g/h` becomes `//a/g/h`): after an authority, a path is
            /// absolute or empty.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b\".parse().unwrap();")]
            /// u.set_authority(Some("me@b.example:81")).unwrap();
            /// assert_eq!(u, "http://me@b.example:81/b");
            /// u.set_authority(None).unwrap();
            /// assert_eq!(u, "http:/b");
            #[doc = concat!("let mut r: ", $path, " = \"g/h\".parse().unwrap();")]
            /// r.set_authority(Some("[::1]:80")).unwrap();
            /// assert_eq!(r, "//[::1]:80/g/h");
            /// ```
            pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::authority(self, authority)
            }

            /// Set the host, as written, keeping the userinfo and port; a reference without
            /// an authority gets one, its relative path made absolute (`g/h` becomes
            /// `//x/g/h`).
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://me@a:8080/x\".parse().unwrap();")]
            /// u.set_host("b.example").unwrap();
            /// assert_eq!(u, "http://me@b.example:8080/x");
            /// assert!(u.set_host("b example").is_err());
            /// u.set_host("[::1]").unwrap();
            /// assert_eq!(u, "http://me@[::1]:8080/x");
            #[doc = concat!("let mut r: ", $path, " = \"g/h\".parse().unwrap();")]
            /// r.set_host("x").unwrap();
            /// assert_eq!(r, "//x/g/h");
            /// ```
            pub fn set_host(&mut self, host: &str) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::host(self, host)
            }

            /// Set or remove the port of an authority with a host.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/x\".parse().unwrap();")]
            /// u.set_port(Some(8080)).unwrap();
            /// assert_eq!(u, "http://a:8080/x");
            /// u.set_port(None).unwrap();
            /// assert_eq!(u, "http://a/x");
            #[doc = concat!("let mut m: ", $path, " = \"mailto:a@b\".parse().unwrap();")]
            /// assert!(m.set_port(Some(25)).is_err()); // no authority
            /// ```
            pub fn set_port(&mut self, port: Option<u16>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::port(self, port)
            }

            /// Set or remove the userinfo of an authority with a host, as written, keeping
            /// the host and port. The `url` crate has `set_username` and `set_password`; the
            /// generic syntax gives the userinfo no structure (a `user:password` form is
            /// deprecated, RFC 3986 section 3.2.1).
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"ftp://a:21/x\".parse().unwrap();")]
            /// u.set_userinfo(Some("me;type=a")).unwrap();
            /// assert_eq!(u, "ftp://me;type=a@a:21/x");
            /// assert!(u.set_userinfo(Some("a@b")).is_err()); // an `@` is escaped: %40
            /// u.set_userinfo(None).unwrap();
            /// assert_eq!(u, "ftp://a:21/x");
            #[doc = concat!("let mut m: ", $path, " = \"mailto:a@b\".parse().unwrap();")]
            /// assert!(m.set_userinfo(Some("me")).is_err()); // no host
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::userinfo(self, userinfo)
            }

            /// Set the userinfo to `data`, escaped (`:` and `@` too), as
            /// [`Builder::userinfo_data`] does. Remove it with `set_userinfo(None)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/\".parse().unwrap();")]
            /// u.set_userinfo_data("j@ne doe").unwrap();
            /// assert_eq!(u, "http://j%40ne%20doe@a/");
            /// ```
            pub fn set_userinfo_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), $crate::values::build::BuildError> {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Userinfo,
                );
                self.set_userinfo(Some(&text))
            }

            /// Set the path, as written, checked against the path production the other
            /// components leave it (after an authority, an absolute or empty path; without a
            /// scheme, a first segment without `:`).
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b?q\".parse().unwrap();")]
            /// u.set_path("/c/d;p").unwrap();
            /// assert_eq!(u, "http://a/c/d;p?q");
            /// assert!(u.set_path("c").is_err()); // after an authority, a path starts with "/"
            /// assert!(u.set_path("/c d").is_err());
            #[doc = concat!("let mut r: ", $path, " = \"x\".parse().unwrap();")]
            /// assert!(r.set_path("a:b").is_err()); // would read as a scheme
            /// r.set_path("./a:b").unwrap();
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::path(self, path)
            }

            /// Set the path to an absolute path of `segments`, each escaped as a path
            /// segment (`/` too), as [`Builder::path_segments`] does: an empty list gives the
            /// empty path. The `url` crate writes `path_segments_mut()?.clear().extend(..)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/old?q\".parse().unwrap();")]
            /// u.set_path_segments(["a b", "c/d"]).unwrap();
            /// assert_eq!(u, "http://a/a%20b/c%2Fd?q");
            #[doc = concat!("let mut r: ", $path, " = \"x\".parse().unwrap();")]
            /// assert!(r.set_path_segments(["", "y"]).is_err()); // "//y" would read as an authority
            /// ```
            #[doc(alias = "path_segments_mut")]
            pub fn set_path_segments<I>(&mut self, segments: I) -> Result<(), $crate::values::build::BuildError>
            where
                I: IntoIterator,
                I::Item: AsRef<[u8]>,
            {
                $crate::values::build::set::path_segments(self, segments)
            }

            /// Set or remove the query, as written.
            ///
            /// ```
            #[doc = concat!("use urigram::", stringify!($module), "::{Component, encode, form_encode};")]
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b#f\".parse().unwrap();")]
            /// u.set_query(Some("x=1&y=2")).unwrap();
            /// assert_eq!(u, "http://a/b?x=1&y=2#f");
            /// u.set_query(Some(&encode("a b", Component::Query))).unwrap();
            /// assert_eq!(u, "http://a/b?a%20b#f");
            /// u.set_query(Some(&form_encode([("q", "a b")]))).unwrap();
            /// assert_eq!(u, "http://a/b?q=a+b#f");
            /// assert!(u.set_query(Some("a b")).is_err());
            /// assert!(u.set_query(Some("a#b")).is_err());
            /// u.set_query(None).unwrap();
            /// assert_eq!(u, "http://a/b#f");
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::query(self, query)
            }

            /// Set the query to `data`, escaped (`&`, `=`, `+` and `;` too, so they are data),
            /// as [`Builder::query_data`] does. Remove a query with `set_query(None)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b#f\".parse().unwrap();")]
            /// u.set_query_data("two words & more").unwrap();
            /// assert_eq!(u, "http://a/b?two%20words%20%26%20more#f");
            /// assert_eq!(u.query().unwrap().decode_utf8().unwrap(), "two words & more");
            /// ```
            pub fn set_query_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), $crate::values::build::BuildError> {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Query,
                );
                self.set_query(Some(&text))
            }

            /// Set the query to `name=value` pairs by the HTML forms convention
            /// ([`form_encode`](crate::rfc2396::form_encode)), as [`Builder::query_pairs`]
            /// does. The `url` crate writes `query_pairs_mut().clear().extend_pairs(..)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b?old\".parse().unwrap();")]
            /// u.set_query_pairs([("q", "rfc 3986"), ("lang", "en")]).unwrap();
            /// assert_eq!(u, "http://a/b?q=rfc+3986&lang=en");
            /// ```
            #[doc(alias = "query_pairs_mut")]
            pub fn set_query_pairs<I, K, V>(&mut self, pairs: I) -> Result<(), $crate::values::build::BuildError>
            where
                I: IntoIterator<Item = (K, V)>,
                K: AsRef<str>,
                V: AsRef<str>,
            {
                self.set_query(Some(&$crate::values::build::pairs(pairs)))
            }

            /// Append one `name=value` pair to the query by the HTML forms convention, after
            /// a `&` when the query is not empty; a reference without a query gets one. The
            /// `url` crate writes `query_pairs_mut().append_pair(name, value)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b#f\".parse().unwrap();")]
            /// u.append_pair("q", "a b").unwrap();
            /// u.append_pair("x", "1&2=3").unwrap();
            /// assert_eq!(u, "http://a/b?q=a+b&x=1%262%3D3#f");
            /// let back: Vec<_> = u.query_pairs().collect();
            /// assert_eq!(back[1], ("x".into(), "1&2=3".into()));
            /// ```
            pub fn append_pair(&mut self, name: &str, value: &str) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::append_pair(self, name, value)
            }

            /// Set or remove the fragment, as written.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b#f\".parse().unwrap();")]
            /// u.set_fragment(Some("sec%201")).unwrap();
            /// assert_eq!(u, "http://a/b#sec%201");
            /// assert!(u.set_fragment(Some("a#b")).is_err());
            /// u.set_fragment(None).unwrap();
            /// assert_eq!(u, "http://a/b");
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), $crate::values::build::BuildError> {
                $crate::values::build::set::fragment(self, fragment)
            }

            /// Set the fragment to `data`, escaped, as [`Builder::fragment_data`] does.
            /// Remove it with `set_fragment(None)`.
            ///
            /// ```
            #[doc = concat!("let mut u: ", $path, " = \"http://a/b\".parse().unwrap();")]
            /// u.set_fragment_data("sec 1#2").unwrap();
            /// assert_eq!(u, "http://a/b#sec%201%232");
            /// ```
            pub fn set_fragment_data(&mut self, data: impl AsRef<[u8]>) -> Result<(), $crate::values::build::BuildError> {
                let text = <$buf as $crate::values::build::Spec>::encode(
                    data.as_ref(),
                    $crate::values::build::Data::Fragment,
                );
                self.set_fragment(Some(&text))
            }
        }
    };
}

pub(crate) use build;

/// `rfc3986_family!(Buf, Grammar, "i", encoder)`: [`Spec`] for the owned reference of RFC 3986
/// (prefix `""`) or RFC 3987 (prefix `"i"`): RFC 3987's productions are RFC 3986's with an `i`
/// (`ihost`, `ipath-abempty` ...; rfc3987.txt:375-431), over the same components, so the two
/// differ in the grammar, the names and the encoder alone.
macro_rules! rfc3986_family {
    ($buf:ident, $grammar:ident, $i:literal, $encode:path) => {
        impl $crate::values::build::Spec for $buf {
            const GRAMMAR: $crate::Grammar = $crate::Grammar::$grammar;
            const AUTHORITY: &'static str = concat!($i, "authority");
            const HOST: &'static str = concat!($i, "host");
            const USERINFO: &'static str = concat!($i, "userinfo");
            const FIRST_SEGMENT: &'static str = concat!($i, "segment-nz-nc");
            const QUERY: &'static str = concat!($i, "query");
            const FRAGMENT: &'static str = concat!($i, "fragment");

            fn text(&self) -> &str {
                self.as_str()
            }

            fn components(&self) -> $crate::rfc3986::components::Components<'_> {
                self.get().components()
            }

            fn server(&self) -> Option<$crate::values::build::Server<'_>> {
                $crate::values::build::server_of(self.get().authority())
            }

            fn path_production(scheme: bool, authority: bool, path: &str) -> &'static str {
                let paths = [
                    concat!($i, "path-abempty"),
                    concat!($i, "path-absolute"),
                    concat!($i, "path-rootless"),
                    concat!($i, "path-noscheme"),
                ];
                $crate::values::build::path_rule(paths, scheme, authority, path)
            }

            fn encode(data: &[u8], into: $crate::values::build::Data) -> String {
                $encode(data, $crate::values::build::component(into))
            }
        }
    };
}

pub(crate) use rfc3986_family;
