//! Normalization and equivalence (RFC 2396 section 6, rfc2396.txt:1239-1252).
//!
//! Section 6 names the rules of the common syntax: "the scheme and hostname are case
//! insensitive and a URL with an explicit ":port", where the port is the default for the
//! scheme, is equivalent to one where the port is elided". Section 2.3 adds that unreserved
//! characters "can be escaped without changing the semantics" (rfc2396.txt:472), and section
//! 2.4.2 gives `%7e` for `~` as an example. [`normalize`] applies exactly these:
//!
//! - the scheme in lower case;
//! - a `hostname` in lower case (a `reg_name` is not a hostname and keeps its case);
//! - the port elided when it is the scheme's default ([`default_port`], from RFC 1738),
//!   compared as a decimal number; an empty port (`port = *digit`) elided too, since it
//!   supplies no number and "if the port is omitted, the default port number is assumed"
//!   (rfc2396.txt:757); other ports without leading zeros;
//! - every escape of an `unreserved` character decoded, every other escape written with
//!   upper-case hex digits.
//!
//! Nothing else: the spec leaves the rest to each scheme. In particular `.` and `..` in an
//! absolute path are kept (section 5.2 removes them only from merged relative paths; Appendix
//! C.2 keeps `http://a/./g`), an empty path is not `/`, and userinfo, paths, queries and
//! fragments keep their case.

use crate::rfc2396::escape::normalize_escapes;
use crate::rfc2396::{Authority, UriReference, UriReferenceBuf};

/// The default port of a scheme of RFC 1738 (ignoring case): ftp 21, http 80, gopher 70,
/// nntp 119, telnet 23, wais 210, prospero 1525 (rfc1738.txt:328, 468, 511, 715, 745, 769,
/// 838). `None` for every other scheme.
///
/// ```
/// assert_eq!(urigram::rfc2396::default_port("HTTP"), Some(80));
/// assert_eq!(urigram::rfc2396::default_port("prospero"), Some(1525));
/// assert_eq!(urigram::rfc2396::default_port("https"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    const PORTS: &[(&str, u16)] = &[
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
    ];
    PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// The normal form of a reference by section 6 (see the [module](self) doc for the rules).
/// Two references are [`equivalent`] when their normal forms are equal.
///
/// ```
/// use urigram::rfc2396::{UriReference, normalize};
/// let n = |s| normalize(&UriReference::parse(s).unwrap()).into_string();
/// assert_eq!(n("HTTP://www.XEROX.com:80/%7euser/a%2fb?%41#%3b"), "http://www.xerox.com/~user/a%2Fb?A#%3B");
/// assert_eq!(n("ftp://User@Host.Example:021/"), "ftp://User@host.example/");
/// assert_eq!(n("http://a:/"), "http://a/");
/// assert_eq!(n("http://a:8080"), "http://a:8080");
/// assert_eq!(n("foo://Reg_Name/"), "foo://Reg_Name/");
/// assert_eq!(n("../%7Ex"), "../~x");
/// ```
pub fn normalize(uri: &UriReference<'_>) -> UriReferenceBuf {
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
    s.push_str(&normalize_escapes(uri.path().as_str()));
    if let Some(q) = uri.query() {
        s.push('?');
        s.push_str(&normalize_escapes(q.as_str()));
    }
    if let Some(f) = uri.fragment() {
        s.push('#');
        s.push_str(&normalize_escapes(f.as_str()));
    }

    // Parse again: a decoded escape can turn a reg_name into a server (`%61` is `a`).
    let Ok(v) = UriReference::parse(&s) else {
        return uri.to_owned();
    };
    let Some(Authority::Server(server)) = v.authority() else {
        return v.to_owned();
    };
    let Some(host) = server.host() else {
        return v.to_owned();
    };
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..host.as_part().start()]);
    out.push_str(&host.as_str().to_ascii_lowercase());
    if let Some(port) = server.port() {
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
    UriReferenceBuf::try_from(out).unwrap_or_else(|_| v.to_owned())
}

/// Whether two references are equivalent by section 6: whether their [`normalize`]d forms
/// are equal.
///
/// ```
/// use urigram::rfc2396::{UriReference, equivalent};
/// let eq = |a, b| equivalent(&UriReference::parse(a).unwrap(), &UriReference::parse(b).unwrap());
/// assert!(eq("http://www.XEROX.com", "http://www.xerox.com")); // rfc2396.txt:1244
/// assert!(eq("http://a:80/~x", "HTTP://A/%7E%78"));
/// assert!(eq("http://a/%c3%a9", "http://a/%C3%A9"));
/// assert!(!eq("http://a/%2F", "http://a//"));
/// assert!(!eq("http://a:8080/", "http://a/"));
/// assert!(!eq("http://a/B", "http://a/b"));
/// ```
pub fn equivalent(a: &UriReference<'_>, b: &UriReference<'_>) -> bool {
    normalize(a) == normalize(b)
}
