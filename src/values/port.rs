//! Ports: the one table of registered schemes and their default ports, and the port of an
//! authority as a value ([`Port`]) that tells a number from digits that overflow `u16`.
//!
//! Every generic-syntax module reads its defaults here: `port_or_known_default` of RFC 2396,
//! RFC 3986 and RFC 3987, and their scheme-based normalization (RFC 3986 section 6.2.3,
//! rfc3986.txt:2262-2278; RFC 2396 section 6, rfc2396.txt:1247-1250), which leaves out a port
//! that is the scheme's default.

use std::fmt;

/// One registered scheme with its default port, and the text that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KnownPort {
    /// The scheme's name, in lower case.
    pub scheme: &'static str,
    /// Its default port.
    pub port: u16,
    /// Where the default is written: an RFC file and line of `shared/rfc`, or an RFC's section.
    pub source: &'static str,
}

/// The schemes with a default port, each with its source. The seven of RFC 1738 (whose text
/// RFC 1630 and RFC 2396 take over), `https` (RFC 2818 section 2.3), and the WebSocket schemes
/// (RFC 6455 section 3).
///
/// ```
/// use urigram::rfc3986::KNOWN_PORTS;
/// let https = KNOWN_PORTS.iter().find(|k| k.scheme == "https").unwrap();
/// assert_eq!((https.port, https.source), (443, "RFC 2818 section 2.3"));
/// ```
pub const KNOWN_PORTS: &[KnownPort] = &[
    known("ftp", 21, "rfc1738.txt:328, section 3.2.1"),
    known(
        "http",
        80,
        "rfc1738.txt:468, section 3.3; rfc3986.txt:1191-1192",
    ),
    known("gopher", 70, "rfc1738.txt:511, section 3.4"),
    known("nntp", 119, "rfc1738.txt:715, section 3.7"),
    known("telnet", 23, "rfc1738.txt:745, section 3.8"),
    known("wais", 210, "rfc1738.txt:769, section 3.9"),
    known("prospero", 1525, "rfc1738.txt:838, section 3.11"),
    known("https", 443, "RFC 2818 section 2.3"),
    known("ws", 80, "RFC 6455 section 3"),
    known("wss", 443, "RFC 6455 section 3"),
];

const fn known(scheme: &'static str, port: u16, source: &'static str) -> KnownPort {
    KnownPort {
        scheme,
        port,
        source,
    }
}

/// The default port of a scheme of [`KNOWN_PORTS`], compared ignoring case (a scheme is
/// case-insensitive: rfc3986.txt:853-855); `None` for every other scheme. The `url` crate's
/// `default_port`, for the schemes it knows and the ones RFC 1738 adds.
///
/// ```
/// use urigram::rfc3986::default_port;
/// assert_eq!(default_port("HTTPS"), Some(443));
/// assert_eq!(default_port("wss"), Some(443));
/// assert_eq!(default_port("prospero"), Some(1525));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    KNOWN_PORTS
        .iter()
        .find(|k| k.scheme.eq_ignore_ascii_case(scheme))
        .map(|k| k.port)
}

/// A written, non-empty port: a number, or digits above 65535, which every grammar here
/// accepts (`port = *DIGIT` in RFC 3986, `*digit` in RFC 2396) and no TCP or UDP port is.
/// What `port_value()` gives, so that a program that must tell `http://a:99999/` from
/// `http://a/` sees it in the type; `port()` gives `None` for both, as the `url` crate's
/// `port` has no value for the first.
///
/// ```
/// use urigram::rfc3986::{Port, UriReference};
/// let p = |s| UriReference::parse(s).unwrap().port_value();
/// assert_eq!(p("http://a:8080/"), Some(Port::Number(8080)));
/// assert_eq!(p("http://a:99999/"), Some(Port::Overflow));
/// assert_eq!(p("http://a:/"), None); // empty: "omitted" (rfc3986.txt:1195-1197)
/// assert_eq!(p("http://a/"), None);
/// assert_eq!(Port::Overflow.number(), None);
/// assert_eq!(Port::Overflow.to_string(), "a port above 65535");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Port {
    /// A port in `0..=65535`, leading zeros read away (`:0080` is 80).
    Number(u16),
    /// Digits whose value is above 65535.
    Overflow,
}

impl Port {
    /// The port of the digits `text` as written after the `:`: `None` when empty.
    pub(crate) fn of(text: &str) -> Option<Port> {
        if text.is_empty() {
            return None;
        }
        let digits = text.trim_start_matches('0');
        Some(match digits.parse::<u16>() {
            Ok(n) => Port::Number(n),
            Err(_) if digits.is_empty() => Port::Number(0),
            Err(_) => Port::Overflow,
        })
    }

    /// The number, `None` for [`Port::Overflow`].
    pub fn number(self) -> Option<u16> {
        match self {
            Port::Number(n) => Some(n),
            Port::Overflow => None,
        }
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Port::Number(n) => write!(f, "{n}"),
            Port::Overflow => f.write_str("a port above 65535"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{KNOWN_PORTS, Port, default_port};

    /// Each scheme once, in lower case; every row of RFC 1738 is there, with its line.
    #[test]
    fn one_row_per_scheme() {
        let mut names: Vec<_> = KNOWN_PORTS.iter().map(|k| k.scheme).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), KNOWN_PORTS.len());
        assert!(
            names
                .iter()
                .all(|n| n.bytes().all(|b| !b.is_ascii_uppercase()))
        );
        let rfc1738 = include_str!("../../tests/data/rfc1738.txt");
        for k in KNOWN_PORTS
            .iter()
            .filter(|k| k.source.starts_with("rfc1738"))
        {
            let line: usize = k.source["rfc1738.txt:".len()..]
                .split([',', ';'])
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let text = rfc1738.lines().nth(line - 1).unwrap();
            assert!(
                text.contains(&format!("defaults to {}", k.port)),
                "{}: {text}",
                k.scheme
            );
        }
        assert_eq!(default_port("Ws"), Some(80));
    }

    #[test]
    fn ports_of_digits() {
        assert_eq!(Port::of(""), None);
        assert_eq!(Port::of("0"), Some(Port::Number(0)));
        assert_eq!(Port::of("000"), Some(Port::Number(0)));
        assert_eq!(Port::of("0080"), Some(Port::Number(80)));
        assert_eq!(Port::of("65535"), Some(Port::Number(65535)));
        assert_eq!(Port::of("65536"), Some(Port::Overflow));
        assert_eq!(Port::of("000065536"), Some(Port::Overflow));
        assert_eq!(Port::of(&"9".repeat(100)), Some(Port::Overflow));
    }
}
