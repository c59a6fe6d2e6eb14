//! Normalization and comparison by RFC 3986 section 6.2 (rfc3986.txt:2135-2340): the ladder
//! of section 6.2 is documented on [`equivalent`].

use super::Components;
use super::resolve::remove_dot_segments;
use crate::values::default_port;

/// The syntax-based (6.2.2) and scheme-based (6.2.3) normal form of a reference (see the
/// ladder on [`equivalent`] for each rule), recomposed by section 5.3. A `String`, as
/// [`Components`] may hold a reference of no grammar; the methods
/// [`UriReference::normalize`](crate::rfc3986::UriReference::normalize) and
/// [`UriReferenceBuf::normalize`](crate::rfc3986::UriReferenceBuf::normalize) give the same
/// text as a validated [`UriReferenceBuf`](crate::rfc3986::UriReferenceBuf).
///
/// ```
/// use urigram::rfc3986::{Components, normalize};
/// let n = |s| normalize(&Components::parse(s).unwrap());
/// // rfc3986.txt:2205-2206
/// assert_eq!(n("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), "example://a/b/c/%7Bfoo%7D");
/// // rfc3986.txt:2269-2272, "the second URI above is the normal form"
/// assert_eq!(n("http://example.com:80"), "http://example.com/");
/// // Section 6.2.3 for every scheme of the table: 443 is `https`'s default.
/// assert_eq!(n("HTTPS://a:443/"), "https://a/");
/// assert_eq!(n("http://a:443/"), "http://a:443/");
/// // `:` is reserved: `%3a` is only upper-cased.
/// assert_eq!(n("HTTP://[FEDC::AB]/%3a%7E"), "http://[fedc::ab]/%3A~");
/// ```
pub fn normalize(reference: &Components<'_>) -> String {
    let mut out = String::new();
    if let Some(s) = reference.scheme {
        out.push_str(&s.to_ascii_lowercase());
        out.push(':');
    }
    if let Some(a) = reference.authority {
        out.push_str("//");
        authority(&mut out, a, reference.scheme);
    }
    let decoded = percent_encoding(reference.path, false);
    let relative_path =
        reference.scheme.is_none() && reference.authority.is_none() && !decoded.starts_with('/');
    let mut path = if relative_path {
        decoded
    } else {
        let removed = remove_dot_segments(&decoded);
        if reference.authority.is_none() && removed.starts_with("//") {
            decoded
        } else {
            removed
        }
    };
    if reference.authority.is_some() && path.is_empty() {
        path.push('/');
    }
    out.push_str(&path);
    if let Some(q) = reference.query {
        out.push('?');
        out.push_str(&percent_encoding(q, false));
    }
    if let Some(f) = reference.fragment {
        out.push('#');
        out.push_str(&percent_encoding(f, false));
    }
    out
}

/// Whether two references are equivalent by section 6.2.2 and 6.2.3: their [`normalize`]d
/// forms are the same string. The fragment counts: leave it out
/// ([`Components::without_fragment`]) to compare what a network action selects (section 6.1).
///
/// Section 6.2 is a ladder of comparisons, each cheaper and with more false negatives than the
/// next; none gives a false positive:
///
/// 1. **Simple string comparison** (6.2.1): equal strings are equivalent URIs. `a == b`.
/// 2. **Syntax-based normalization** (6.2.2), by the generic syntax alone, for every scheme:
///    - case (6.2.2.1): the scheme and the host to lower case, the hex digits of every
///      percent-encoding triplet to upper case (`%3a` becomes `%3A`);
///    - percent-encoding (6.2.2.2): a triplet that encodes an unreserved character (section
///      2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`) is decoded (`%7E` becomes `~`); every
///      other stays encoded, since decoding a reserved character (`%2F`, `%3A`) may change
///      what the URI means;
///    - path segments (6.2.2.3): `remove_dot_segments` on the path, after the decoding, so
///      `%2E%2E` is a `..` segment there.
/// 3. **Scheme-based normalization** (6.2.3), for what the section itself says: a URI with an
///    authority and an empty path gets the path `/`; an empty port and its `:` are removed,
///    and so is the default port of the scheme: the section names `http`'s 80 as its example
///    (rfc3986.txt:2262-2266), and [`default_port`] reads the table of registered schemes
///    ([`KNOWN_PORTS`](crate::rfc3986::KNOWN_PORTS): `https://a:443/` is `https://a/`).
///    Delimiters of empty components stay (`http://example.com/?` is another URI), and the
///    fragment is never changed.
/// 4. **Protocol-based normalization** (6.2.4) needs the network; it is not done here.
///
/// [`normalize`] applies rungs 2 and 3; [`equivalent`] compares their results. Other
/// scheme-specific rules (a `mailto` address's domain is case-insensitive, line 2314-2318) are
/// the scheme's specifications', not RFC 3986's, and are not applied.
///
/// # Relative references
///
/// "Applications should not directly compare relative references; the references should be
/// converted to their respective target URIs before comparison" (section 6.1,
/// rfc3986.txt:2118-2121): resolve first ([`resolve_str`](super::resolve_str)). A relative
/// reference is still normalized, safely: a relative-path reference (no scheme, no authority,
/// a path not starting with `/`) keeps its dot segments, because its meaning depends on them
/// (`../g` is not `g`); the other forms have them removed, as resolution removes them.
///
/// A path that `remove_dot_segments` would start with `//` where there is no authority
/// (`foo:/.//g`) keeps its dot segments: `foo://g` would make it an authority.
///
/// ```
/// use urigram::rfc3986::{Components, equivalent};
/// let c = |s| Components::parse(s).unwrap();
/// assert!(equivalent(&c("http://example.com"), &c("http://example.com:/")));
/// assert!(!equivalent(&c("http://example.com/"), &c("http://example.com/?")));
/// assert!(!equivalent(&c("http://a/"), &c("http://a/#")));
/// ```
pub fn equivalent(a: &Components<'_>, b: &Components<'_>) -> bool {
    normalize(a) == normalize(b)
}

/// The authority's normal form: userinfo by percent-encoding only, the host in lower case as
/// well, and the port left out when it is empty or the scheme's default.
fn authority(out: &mut String, authority: &str, scheme: Option<&str>) {
    // `userinfo` and `host` hold no `@`: the last one ends the userinfo.
    let (userinfo, host_port) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    // An `IP-literal` ends at `]`; no other host holds a `:`.
    let host_end = if host_port.starts_with('[') {
        host_port.find(']').map_or(host_port.len(), |i| i + 1)
    } else {
        host_port.find(':').unwrap_or(host_port.len())
    };
    let (host, port) = host_port.split_at(host_end);
    if let Some(u) = userinfo {
        out.push_str(&percent_encoding(u, false));
        out.push('@');
    }
    out.push_str(&percent_encoding(host, true));
    match port.strip_prefix(':') {
        Some(p) => {
            let default = scheme.and_then(default_port).map(|d| d.to_string());
            let is_default = default.is_some_and(|d| p.trim_start_matches('0') == d);
            if !p.is_empty() && !is_default {
                out.push(':');
                out.push_str(p);
            }
        }
        // Text after the host that is no port (only in components not read by the grammar).
        None => out.push_str(port),
    }
}

/// 6.2.2.1 and 6.2.2.2 on one component: every triplet that encodes an unreserved character
/// (section 2.3) decoded, every other with upper-case hex digits; with `lower`, every other
/// ASCII letter (and every decoded one) in lower case.
fn percent_encoding(text: &str, lower: bool) -> String {
    crate::values::pct::normalize_escapes(text, crate::grammar::rfc3986::UNRESERVED, lower)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> String {
        normalize(&Components::parse(s).unwrap())
    }

    fn eq(a: &str, b: &str) -> bool {
        equivalent(
            &Components::parse(a).unwrap(),
            &Components::parse(b).unwrap(),
        )
    }

    /// Section 6.2.2's example (rfc3986.txt:2205-2206), and 6.2.2.1's (rfc3986.txt:2223-2224).
    #[test]
    fn section_6_2_2_examples() {
        assert!(eq(
            "example://a/b/c/%7Bfoo%7D",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
        ));
        assert_eq!(
            n("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
            "example://a/b/c/%7Bfoo%7D"
        );
        assert_eq!(n("example://a/b/c/%7Bfoo%7D"), "example://a/b/c/%7Bfoo%7D");
        assert!(eq("HTTP://www.EXAMPLE.com/", "http://www.example.com/"));
        assert_eq!(n("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
    }

    /// Section 6.2.3's four equivalent URIs (rfc3986.txt:2269-2272), "the second URI above is
    /// the normal form" (rfc3986.txt:2279-2280); `http://example.com/?` is not one of them
    /// (rfc3986.txt:2303-2304), nor is a URI that differs by a `#` (rfc3986.txt:2307-2309).
    #[test]
    fn section_6_2_3_examples() {
        let four = [
            "http://example.com",
            "http://example.com/",
            "http://example.com:/",
            "http://example.com:80/",
        ];
        for u in four {
            assert_eq!(n(u), "http://example.com/", "{u}");
            for v in four {
                assert!(eq(u, v), "{u} {v}");
            }
            assert!(!eq(u, "http://example.com/?"));
            assert!(!eq(u, "http://example.com/#"));
        }
        assert_eq!(n("http://example.com/?"), "http://example.com/?");
        // mailto's domain is case-insensitive by mailto's specification (rfc3986.txt:2314-2318),
        // a scheme-specific rule RFC 3986 only cites: not applied.
        assert!(!eq("mailto:Joe@Example.COM", "mailto:Joe@example.com"));
    }

    /// The edge cases of each rule.
    #[test]
    fn edges() {
        let cases = [
            // %2e segments are dot segments once decoded (6.2.2.2, then 6.2.2.3).
            ("http://a/b/%2e%2E/c/%2e/d", "http://a/c/d"),
            ("/a/%2e%2e", "/"),
            // Unreserved decoded, case kept outside the host; reserved only upper-cased.
            ("http://a/%7e%7E%41%2d%5F%30", "http://a/~~A-_0"),
            (
                "http://a/%3a%2f%2F?%3d%26#%23%7e",
                "http://a/%3A%2F%2F?%3D%26#%23~",
            ),
            // Hosts: reg-name, percent-encoded reg-name, IPv6 and IPvFuture literals in lower
            // case; userinfo keeps its case.
            (
                "HTTP://User:PW@Ex%41mple.COM:8080/P",
                "http://User:PW@example.com:8080/P",
            ),
            ("http://%c3%A9.example/", "http://%C3%A9.example/"),
            (
                "http://[FEDC:BA98::7654:3210]:80/",
                "http://[fedc:ba98::7654:3210]/",
            ),
            ("http://[V7.AB:CD]/", "http://[v7.ab:cd]/"),
            (
                "http://[::FFFF:129.144.52.38]:/",
                "http://[::ffff:129.144.52.38]/",
            ),
            // The default port, written with leading zeros, is still the default; another
            // scheme's default is kept, an empty port removed; every scheme of the table.
            ("http://a:0080", "http://a/"),
            ("http://a:8080", "http://a:8080/"),
            ("https://a:443/", "https://a/"),
            ("https://a:80/", "https://a:80/"),
            ("WSS://a:443/", "wss://a/"),
            ("ftp://a:21/", "ftp://a/"),
            ("foo://a:80/", "foo://a:80/"),
            ("ftp://a:/", "ftp://a/"),
            // An empty authority gets its path too; an empty path without one does not.
            ("file://", "file:///"),
            ("foo:", "foo:"),
            ("//A?q", "//a/?q"),
            // Relative-path references keep their dot segments; the others lose them.
            ("../g/./h", "../g/./h"),
            ("%2E%2E/g", "../g"),
            ("/../g", "/g"),
            // The printed loop roots a rootless path that loses its first segment (rule C
            // keeps the "/"), as resolving `foo:a/../b` does.
            ("foo:a/../b", "foo:/b"),
            ("foo:a/./b", "foo:a/b"),
            // A path that would read as an authority keeps its dot segments.
            ("foo:/.//g", "foo:/.//g"),
            ("/..//g", "/..//g"),
            ("http://a/.//g", "http://a//g"),
        ];
        for (input, want) in cases {
            assert_eq!(n(input), want, "{input:?}");
            // Normalizing twice changes nothing more.
            assert_eq!(n(&n(input)), want, "{input:?} twice");
            // The normal form is a reference of the grammar.
            assert!(Components::parse(want).is_ok(), "{want:?}");
        }
        assert!(eq("HTTP://A/%7e", "http://a/~"));
        assert!(!eq("%2E%2E/g", "g"));
    }

    /// Components not read by the grammar: no panic, `%` without two hex digits kept.
    #[test]
    fn arbitrary_components() {
        let c = Components {
            scheme: Some("É"),
            authority: Some("a@[B:%"),
            path: "%é%4",
            query: Some("%"),
            fragment: Some("%zz%4a"),
        };
        assert_eq!(normalize(&c), "É://a@[b:%%é%4?%#%zzJ");
    }

    /// Any string, split by Appendix B and given to normalization and resolution both ways:
    /// no panic, and normalizing twice changes nothing more on what the grammar reads.
    #[test]
    fn any_string() {
        let alphabet = [
            "%", "%4", "%2e", ".", "..", "/", "?", "#", ":", "@", "[", "]", "é", "A", "\0",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut text = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut x = state;
            for _ in 0..(x % 12) {
                x /= 7;
                text.push_str(alphabet[(x % alphabet.len() as u64) as usize]);
            }
            let c = Components::split(&text);
            let n1 = normalize(&c);
            let _ = super::super::resolve(&c, &c);
            let _ = super::super::resolve(&Components::split("x://a/b"), &c);
            if Components::parse(&text).is_ok() {
                let n2 = normalize(&Components::parse(&n1).unwrap());
                assert_eq!(n1, n2, "{text:?}");
            }
        }
    }
}
