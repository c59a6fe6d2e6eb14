//! Normalization and equivalence (RFC 2396 section 6, rfc2396.txt:1239-1252).
//!
//! Section 6 names the rules of the common syntax: "the scheme and hostname are case
//! insensitive and a URL with an explicit ":port", where the port is the default for the
//! scheme, is equivalent to one where the port is elided". Section 2.3 adds that unreserved
//! characters "can be escaped without changing the semantics" (rfc2396.txt:472), and section
//! 2.4.2 gives `%7e` for `~` as an example. [`UriReference::normalize`] applies exactly these:
//!
//! - the scheme in lower case;
//! - a `hostname` in lower case (a `reg_name` is not a hostname and keeps its case);
//! - the port elided when it is the scheme's default ([`default_port`]: the table of registered schemes),
//!   compared as a decimal number; an empty port (`port = *digit`) elided too, since it
//!   supplies no number and "if the port is omitted, the default port number is assumed"
//!   (rfc2396.txt:757); other ports without leading zeros;
//! - every escape of an `unreserved` character decoded, every other escape written with
//!   upper-case hex digits, except in a path segment that would decode to `.` or `..` (below).
//!
//! Nothing else: the spec leaves the rest to each scheme. In particular `.` and `..` in an
//! absolute path are kept (section 5.2 removes them only from merged relative paths; Appendix
//! C.2 keeps `http://a/./g`), an empty path is not `/`, and userinfo, paths, queries and
//! fragments keep their case.
//!
//! # Escaped dot segments
//!
//! The complete path segments `.` and `..` have a meaning of their own: section 5.2 removes
//! them by their text (steps 6c to 6f, rfc2396.txt:1152-1166), and "certain path components
//! ("." and "..") have a special meaning when, and only when, interpreting a relative path"
//! (rfc2396.txt:818-820). There the `.` is reserved in the sense of section 2.2: "a character
//! is reserved if the semantics of the URI changes if the character is replaced with its
//! escaped US-ASCII encoding" (rfc2396.txt:455-459): `%2E%2E/g` resolves against
//! `http://a/b/c/d` to `http://a/b/c/%2E%2E/g`, `../g` to `http://a/b/g`. Decoding the escapes
//! would make the two equivalent though they resolve to different URIs (in a base path too:
//! step 6a copies it, dot segments and all). So a segment (between `/`, `?` or the path's ends)
//! made only of `.` and `%2E` with at most two of them, and not literally `.` or `..`, is
//! written with every dot escaped: `%2E`, `%2E%2E`. Such a segment is data, not a dot
//! segment, and section 2.3's rule still holds for its characters (`.%2e` is `%2E%2E`): what
//! section 5.2 does with it does not depend on which of its dots are escaped.

use crate::rfc2396::escape::normalize_escapes;
use crate::rfc2396::{Authority, UriReference, UriReferenceBuf};
use crate::values::default_port;

/// [`UriReference::normalize`].
pub(crate) fn normalize(uri: &UriReference<'_>) -> UriReferenceBuf {
    // Escapes and the scheme's case, component by component.
    let mut s = String::with_capacity(uri.as_str().len());
    if let Some(scheme) = uri.scheme() {
        s.push_str(&scheme.as_str().to_ascii_lowercase());
        s.push(':');
    }
    if let Some(a) = uri.authority() {
        s.push_str("//");
        s.push_str(&normalize_escapes(a.as_str()));
    }
    normalize_path(uri.path().as_str(), &mut s);
    if let Some(q) = uri.query() {
        s.push('?');
        s.push_str(&normalize_escapes(q.as_str()));
    }
    if let Some(f) = uri.fragment() {
        s.push('#');
        s.push_str(&normalize_escapes(f.as_str()));
    }

    // Parse again: a decoded escape can turn a reg_name into a server (`%61` is `a`). An IPv6
    // literal (RFC 2732) reads only under RFC 2732.
    let Ok(v) = UriReference::parse_either(&s) else {
        return uri.to_buf();
    };
    let Some(Authority::Server(server)) = v.authority() else {
        return v.to_buf();
    };
    let Some(host) = server.host() else {
        return v.to_buf();
    };
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..host.as_part().start()]);
    out.push_str(&host.as_str().to_ascii_lowercase());
    if let Some(port) = server.port_str() {
        let digits = port.as_str().trim_start_matches('0');
        let digits = if digits.is_empty() && !port.is_empty() {
            "0"
        } else {
            digits
        };
        let default = v.scheme().and_then(|sch| default_port(sch.as_str()));
        let is_default = default.is_some_and(|d| digits.parse::<u16>() == Ok(d));
        if !digits.is_empty() && !is_default {
            out.push(':');
            out.push_str(digits);
        }
    }
    out.push_str(&s[server.as_part().end()..]);
    UriReferenceBuf::try_from(out).unwrap_or_else(|_| v.to_buf())
}

/// The path's escapes normalized, segment by segment; a segment that would decode to `.` or
/// `..` keeps every dot escaped (see the [module](self) doc). An `opaque_part` is split at `?`
/// too, where the backwards-compatible reading of step 3 splits off a query.
fn normalize_path(path: &str, out: &mut String) {
    let mut rest = path;
    loop {
        let end = rest.find(['/', '?']).unwrap_or(rest.len());
        let segment = &rest[..end];
        let dots = escaped_dots(segment);
        if dots > 0 {
            out.push_str(&"%2E".repeat(dots));
        } else {
            out.push_str(&normalize_escapes(segment));
        }
        match rest[end..].chars().next() {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => break,
        }
    }
}

/// The number of dots of a segment that is one or two of `.` and `%2E` (either case of the
/// hex digit) with at least one escaped: a segment that would decode to `.` or `..` without
/// being that dot segment. 0 for every other segment.
fn escaped_dots(segment: &str) -> usize {
    let mut rest = segment.as_bytes();
    let (mut dots, mut escaped) = (0, false);
    while !rest.is_empty() {
        match rest {
            [b'.', tail @ ..] => rest = tail,
            [b'%', b'2', b'e' | b'E', tail @ ..] => {
                escaped = true;
                rest = tail;
            }
            _ => return 0,
        }
        dots += 1;
    }
    if escaped && dots <= 2 { dots } else { 0 }
}

/// [`UriReference::equivalent`].
pub(crate) fn equivalent(a: &UriReference<'_>, b: &UriReference<'_>) -> bool {
    normalize(a) == normalize(b)
}

impl UriReference<'_> {
    /// The normal form of a reference by section 6 (rfc2396.txt:1239-1252), which names the rules
    /// of the common syntax, and section 2.3 (unreserved characters "can be escaped without
    /// changing the semantics", rfc2396.txt:472). Exactly these are applied:
    ///
    /// - the scheme in lower case;
    /// - a `hostname` in lower case (a `reg_name` is not a hostname and keeps its case);
    /// - the port elided when it is the scheme's default ([`default_port`]: the table of registered schemes),
    ///   compared as a decimal number, and an empty port elided; other ports without leading
    ///   zeros;
    /// - every escape of an `unreserved` character decoded, every other escape written with
    ///   upper-case hex digits, except that a path segment that would decode to `.` or `..` is
    ///   written with every dot escaped (`%2E%2E/g` resolves to another URI than `../g`).
    ///
    /// Nothing else: `.` and `..` in an absolute path are kept, an empty path is not `/` (so
    /// `http://a` and `http://a/` are not [`equivalent`](UriReference::equivalent)), and userinfo,
    /// paths, queries and fragments keep their case. Two references are equivalent when their
    /// normal forms are equal. A method, as on RFC 3986's references (and `fluent-uri`'s
    /// `Uri::normalize`).
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let n = |s| UriReference::parse(s).unwrap().normalize().into_string();
    /// assert_eq!(n("HTTP://www.XEROX.com:80/%7euser/a%2fb?%41#%3b"), "http://www.xerox.com/~user/a%2Fb?A#%3B");
    /// assert_eq!(n("ftp://User@Host.Example:021/"), "ftp://User@host.example/");
    /// assert_eq!(n("http://a:/"), "http://a/");
    /// assert_eq!(n("http://a:8080"), "http://a:8080");
    /// assert_eq!(n("foo://Reg_Name/"), "foo://Reg_Name/");
    /// assert_eq!(n("../%7Ex"), "../~x");
    /// // A segment that would decode to `.` or `..` is no dot segment: its dots stay escaped.
    /// assert_eq!(n("%2e%2E/g"), "%2E%2E/g");
    /// assert_eq!(n("http://a/b/.%2e/%2E"), "http://a/b/%2E%2E/%2E");
    /// assert_eq!(n("%2E%2E%2E/g"), ".../g");
    /// ```
    pub fn normalize(&self) -> UriReferenceBuf {
        normalize(self)
    }

    /// Whether two references are equivalent by section 6: whether their
    /// [`normalize`](UriReference::normalize)d forms are equal.
    ///
    /// Equivalent references resolve to equivalent results against any base (section 5.2), and
    /// equivalent bases give equivalent results for any reference. That is why an escaped dot
    /// segment is not its dot segment (`%2E%2E/g` resolves against `http://a/b/c/d` to
    /// `http://a/b/c/%2E%2E/g`, `../g` to `http://a/b/g`; see [`UriReference::normalize`]).
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let eq = |a, b| UriReference::parse(a).unwrap().equivalent(&UriReference::parse(b).unwrap());
    /// assert!(eq("http://www.XEROX.com", "http://www.xerox.com")); // rfc2396.txt:1244
    /// assert!(eq("http://a:80/~x", "HTTP://A/%7E%78"));
    /// assert!(eq("http://a/%c3%a9", "http://a/%C3%A9"));
    /// assert!(!eq("http://a/%2F", "http://a//"));
    /// assert!(!eq("http://a:8080/", "http://a/"));
    /// assert!(!eq("http://a/B", "http://a/b"));
    /// assert!(!eq("%2E%2E/g", "../g"));
    /// assert!(eq("%2E%2e/g", ".%2E/g"));
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = UriReference<'b>> + ?Sized,
    {
        equivalent(self, &other.as_view())
    }
}

impl UriReferenceBuf {
    /// [`UriReference::normalize`].
    ///
    /// ```
    /// let u: urigram::rfc2396::UriReferenceBuf = "HTTP://a:80/%7e".parse().unwrap();
    /// assert_eq!(u.normalize(), "http://a/~");
    /// ```
    pub fn normalize(&self) -> UriReferenceBuf {
        normalize(&self.get())
    }

    /// [`UriReference::equivalent`].
    ///
    /// ```
    /// let u: urigram::rfc2396::UriReferenceBuf = "HTTP://a:80/%7e".parse().unwrap();
    /// assert!(u.equivalent(&urigram::rfc2396::UriReference::parse("http://a/~").unwrap()));
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = UriReference<'b>> + ?Sized,
    {
        equivalent(&self.get(), &other.as_view())
    }
}
