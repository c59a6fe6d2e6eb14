//! Typed RFC 1738 URLs: zero-copy values whose every component is a [`Part`](crate::Part) of the input,
//! one type per scheme of section 3, and the scheme semantics section 3 describes.
//!
//! ```
//! use urigram::rfc1738::{Url, default_port};
//!
//! let u = Url::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! let Url::Ftp(ftp) = u else { panic!() };
//! assert_eq!(ftp.login().user().unwrap(), "myname");
//! // Section 3.2.2: "CWD /etc" and then "RETR motd".
//! let cmds: Vec<String> = ftp.path_commands().unwrap().iter().map(|c| c.to_string()).collect();
//! assert_eq!(cmds, ["CWD /etc", "RETR motd"]);
//! assert_eq!(u.port_or_known_default(), Some(21));
//! assert_eq!(default_port("gopher"), Some(70));
//!
//! // Any other scheme, and any URL that does not follow its scheme's syntax, is generic.
//! assert!(matches!(Url::parse("http:foo").unwrap(), Url::Generic(_)));
//! assert!(Url::parse("http://host/a b").is_err());
//! ```
//!
//! The grammar's functions for RFC 1738 build these values as they parse,
//! so nothing is parsed twice. [`find_urls`] finds URLs in free text as the appendix
//! "Recommendations for URLs in Context" describes.

mod context;
mod decode;
mod equivalent;
mod ftp;
mod gopher;
mod parts;
mod rebase;
mod schemes;
mod url;

pub use crate::shared::{HostKind, Segments};
pub use context::{Fragment, UrlInContext, find_urls};
pub use decode::{DecodeError, decode};
pub use ftp::{ANONYMOUS_PASSWORD, FtpCommand};
pub use gopher::GopherRequest;
pub use parts::{GenericUrl, Host, HostPort, IpSchemePart, Login, SchemePart};
pub use schemes::{
    Article, Fieldspec, FileHost, FileUrl, FtpUrl, GopherUrl, GroupPart, HttpUrl, MailtoUrl,
    NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, WaisKind, WaisUrl,
};
pub use url::{Url, default_port};

use crate::error::Error;
use crate::grammar::{Grammar, rfc1738};
use crate::input::fast_span;

/// How [`Url::parse_with`] reads its input. The default is the grammar as printed.
///
/// ```
/// use urigram::rfc1738::{ParseOptions, Url};
/// // Section 2.1 (rfc1738.txt:96): "allow "HTTP" as well as "http"".
/// let lenient = ParseOptions::default().case_insensitive_scheme(true);
/// assert!(lenient.case_insensitive_scheme);
/// assert!(matches!(Url::parse_with("HTTP://h/", lenient), Ok(Url::Http(_))));
/// assert_eq!(Url::parse_with("HTTP://h/", ParseOptions::default()).unwrap_err().offset(), 0);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Section 2.1: "programs interpreting URLs should treat upper case letters as
    /// equivalent to lower case in scheme names (e.g., allow "HTTP" as well as "http")". The
    /// grammar's `scheme` is lower case only; with this set, upper-case letters in the
    /// scheme are read as lower case (the parts still point into the input as written).
    pub case_insensitive_scheme: bool,
}

impl ParseOptions {
    /// The options with `case_insensitive_scheme` set to `on`.
    pub fn case_insensitive_scheme(mut self, on: bool) -> ParseOptions {
        self.case_insensitive_scheme = on;
        self
    }
}

impl<'a> Url<'a> {
    /// Parse `s` as a `url`, the grammar as printed.
    pub fn parse(s: &'a str) -> Result<Url<'a>, Error> {
        if let Ok((rest, u)) = rfc1738::url(fast_span(s))
            && rest.fragment().is_empty()
        {
            return Ok(u);
        }
        Err(Grammar::Rfc1738.diagnose_named("url", s))
    }

    /// Parse `s` as a `url` with `options`.
    ///
    /// ```
    /// use urigram::rfc1738::{ParseOptions, Url};
    /// assert!(Url::parse("HTTP://example.com/").is_err());
    /// let lenient = ParseOptions::default().case_insensitive_scheme(true);
    /// let u = Url::parse_with("HTTP://example.com/", lenient).unwrap();
    /// assert!(matches!(u, Url::Http(_)));
    /// assert_eq!(u.scheme(), "HTTP");
    /// assert_eq!(u.port_or_known_default(), Some(80));
    /// ```
    pub fn parse_with(s: &'a str, options: ParseOptions) -> Result<Url<'a>, Error> {
        if !options.case_insensitive_scheme {
            return Url::parse(s);
        }
        let n = s
            .bytes()
            .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .unwrap_or(s.len());
        if !s[..n].bytes().any(|b| b.is_ascii_uppercase()) {
            return Url::parse(s);
        }
        // ASCII lower-casing keeps every byte offset, so the parts of the lowered copy name
        // the same ranges of `s`.
        let lowered = format!("{}{}", s[..n].to_ascii_lowercase(), &s[n..]);
        match Url::parse(&lowered) {
            Ok(u) => Ok(rebase::Rebase::rebase(&u, s)),
            Err(e) => Err(e),
        }
    }
}

impl Url<'_> {
    /// An owned copy: a [`UrlBuf`], whose text the grammar as printed accepts, so that
    /// [`UrlBuf::get`] gives this URL back. A URL read with
    /// [`ParseOptions::case_insensitive_scheme`] gets its scheme in lower case (section 2.1:
    /// "HTTP" and "http" name the same scheme); nothing else changes.
    ///
    /// ```
    /// use urigram::rfc1738::{ParseOptions, Url};
    /// let lenient = ParseOptions::default().case_insensitive_scheme(true);
    /// let u = Url::parse_with("HTTP://example.com/A", lenient).unwrap();
    /// let owned = u.to_buf();
    /// assert_eq!(owned.as_str(), "http://example.com/A");
    /// assert_eq!(owned.get().scheme(), "http");
    /// assert!(matches!(owned.get(), Url::Http(_)));
    /// assert_eq!(urigram::rfc1738::UrlBuf::from(u), owned);
    /// ```
    ///
    /// Named `to_buf`, not `to_owned`: a [`Url`] is `Copy`, so its `to_owned` (from
    /// `ToOwned`) is the view itself.
    pub fn to_buf(&self) -> UrlBuf {
        let text = self.as_str();
        // The scheme starts every `url`, and lower-casing ASCII keeps every other byte.
        let n = self.scheme().as_str().len();
        match text.get(..n) {
            Some(scheme) if scheme.bytes().any(|b| b.is_ascii_uppercase()) => {
                // The same bytes elsewhere, so the same parts: those the grammar reads in
                // the lowered text (`parse_with` read them there).
                let lowered = format!("{}{}", scheme.to_ascii_lowercase(), &text[n..]);
                UrlBuf::with_text(lowered, self)
            }
            _ => UrlBuf::with_text(text.to_string(), self),
        }
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        Url::parse(s)
    }
}

crate::owned::owned!(
    /// An owned `url` of RFC 1738, validated by the grammar as printed (as [`Url::parse`];
    /// [`Url::parse_with`]'s options do not apply: parsing `"HTTP://h/"` fails, and
    /// [`Url::to_buf`] of a URL read with `case_insensitive_scheme` lower-cases the
    /// scheme). [`UrlBuf::get`] gives the typed [`Url`].
    ///
    /// ```
    /// use urigram::rfc1738::{Url, UrlBuf};
    /// let u: UrlBuf = "ftp://ftp.example.com/pub/file.txt;type=i".parse().unwrap();
    /// assert!(matches!(u.get(), Url::Ftp(_)));
    /// assert_eq!(u.as_str(), "ftp://ftp.example.com/pub/file.txt;type=i");
    /// assert_eq!("HTTP://h/".parse::<UrlBuf>().unwrap_err().offset(), 0);
    ///
    /// let u = UrlBuf::try_from(String::from("news:*")).unwrap(); // rfc1738.txt:697
    /// assert_eq!(UrlBuf::from(Url::parse("news:*").unwrap()), u);
    /// assert!(UrlBuf::try_from("news:a b").is_err());
    /// assert_eq!(u.into_string(), "news:*");
    /// ```
    UrlBuf,
    Url,
    "an RFC 1738 `url`",
    custom_to_buf
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Part;
    use std::fmt;

    #[test]
    fn every_scheme_types() {
        for (s, scheme) in [
            ("http://h/", "http"),
            ("ftp://h/", "ftp"),
            ("news:a", "news"),
            ("nntp://h/a", "nntp"),
            ("telnet://h", "telnet"),
            ("gopher://h", "gopher"),
            ("wais://h/d", "wais"),
            ("mailto:a@b", "mailto"),
            ("file:///x", "file"),
            ("prospero://h/x", "prospero"),
            ("x-y:z", "x-y"),
        ] {
            let u = Url::parse(s).unwrap();
            assert_eq!(u.scheme(), scheme);
            assert_eq!(u.to_string(), s);
            let inner = match u {
                Url::Http(x) => x.to_string(),
                Url::Ftp(x) => x.to_string(),
                Url::News(x) => x.to_string(),
                Url::Nntp(x) => x.to_string(),
                Url::Telnet(x) => x.to_string(),
                Url::Gopher(x) => x.to_string(),
                Url::Wais(x) => x.to_string(),
                Url::Mailto(x) => x.to_string(),
                Url::File(x) => x.to_string(),
                Url::Prospero(x) => x.to_string(),
                Url::Generic(x) => x.to_string(),
            };
            assert_eq!(inner, s);
            assert_eq!(
                matches!(u, Url::Generic(_)),
                scheme == "x-y",
                "{s} typed as {u:?}"
            );
        }
    }

    /// Every component displays as written, the same text as `as_str` and `as_part`.
    #[test]
    fn components_display_as_written() {
        fn same(shown: impl fmt::Display, text: &str, part: Part<'_>, want: &str) {
            assert_eq!(
                (shown.to_string().as_str(), text, part.as_str()),
                (want, want, want)
            );
        }
        let Url::Generic(g) = Url::parse("x-y://u:p@h:1/a").unwrap() else {
            panic!()
        };
        let sp = g.schemepart();
        same(sp, sp.as_str(), sp.as_part(), "//u:p@h:1/a");
        let SchemePart::Ip(ip) = sp else { panic!() };
        same(ip, ip.as_str(), ip.as_part(), "//u:p@h:1/a");
        let l = ip.login();
        same(l, l.as_str(), l.as_part(), "u:p@h:1");
        let hp = l.hostport();
        same(hp, hp.as_str(), hp.as_part(), "h:1");
        same(hp.host(), hp.host().as_str(), hp.host().as_part(), "h");
        let Url::News(n) = Url::parse("news:12@h.com").unwrap() else {
            panic!()
        };
        let g = n.grouppart();
        same(g, g.as_str(), g.as_part(), "12@h.com");
        let GroupPart::Article(a) = g else { panic!() };
        same(a, a.as_str(), a.as_part(), "12@h.com");
        let Url::File(f) = Url::parse("file://localhost/etc").unwrap() else {
            panic!()
        };
        same(f.host(), f.host().as_str(), f.host().as_part(), "localhost");
        let Url::Prospero(p) = Url::parse("prospero://h/x;a=b").unwrap() else {
            panic!()
        };
        let field = p.fields().next().unwrap();
        same(field, field.as_str(), field.as_part(), ";a=b");
    }

    #[test]
    fn generic_when_the_scheme_syntax_does_not_hold() {
        for s in [
            "http:foo",
            "http://u@h/",
            "ftp://h/a;type=x",
            "news:a@",
            "wais://h/a/b",
            "file://h",
        ] {
            assert!(matches!(Url::parse(s), Ok(Url::Generic(_))), "{s}");
        }
        let Url::Generic(g) = Url::parse("http://u@h/p").unwrap() else {
            panic!()
        };
        let SchemePart::Ip(ip) = g.schemepart() else {
            panic!()
        };
        assert_eq!(ip.login().user().unwrap(), "u");
        assert_eq!(ip.urlpath().unwrap(), "p");
        assert!(matches!(
            Url::parse("x:abc").unwrap(),
            Url::Generic(GenericUrl {
                schemepart: SchemePart::Opaque(_),
                ..
            })
        ));
    }

    #[test]
    fn ports() {
        let p = |s| Url::parse(s).unwrap().port_or_known_default();
        assert_eq!(p("http://h:8080/"), Some(8080));
        assert_eq!(p("wais://h/d"), Some(210));
        assert_eq!(p("prospero://h/d"), Some(1525));
        assert_eq!(p("nntp://h/d"), Some(119));
        assert_eq!(p("telnet://h"), Some(23));
        assert_eq!(p("gopher://h"), Some(70));
        assert_eq!(p("mailto:x"), None);
        assert_eq!(p("x://h:99/"), Some(99));
        assert_eq!(p("x://h/"), None);
        assert_eq!(p("http://h:99999/"), None);
        // `port` is the port as written, never the default.
        let w = |s| Url::parse(s).unwrap().port();
        assert_eq!(
            (w("http://h:8080/"), w("http://h/"), w("telnet://h")),
            (Some(8080), None, None)
        );
        assert_eq!(
            (w("x://h:99/"), w("http://h:99999/"), w("mailto:x")),
            (Some(99), None, None)
        );
    }

    #[test]
    fn lenient_scheme_is_opt_in() {
        let on = ParseOptions::default().case_insensitive_scheme(true);
        assert_eq!(Url::parse("Ftp://h/").unwrap_err().offset(), 0);
        for (s, http) in [
            ("HTTP://h/a", true),
            ("Http:x", false),
            ("http://h/", true),
            ("X-Y:z", false),
        ] {
            let u = Url::parse_with(s, on).unwrap();
            assert_eq!(matches!(u, Url::Http(_)), http, "{s}");
            assert_eq!(u.to_string(), s);
            assert_eq!(u.as_part().range(), 0..s.len());
        }
        let Url::Http(u) = Url::parse_with("HTTP://H/a", on).unwrap() else {
            panic!()
        };
        assert_eq!(u.hostport().host().as_str(), "H");
        assert_eq!(u.scheme(), "HTTP");
        let e = Url::parse_with("HTTP://h/ x", on).unwrap_err();
        assert_eq!(e.offset(), 9);
        // Upper case stays an error in the rest of the URL's literals.
        assert!(matches!(Url::parse_with("HTTP:X", on), Ok(Url::Generic(_))));
    }

    #[test]
    fn no_panic_on_odd_inputs() {
        for s in [
            "",
            ":",
            "%",
            "a:%",
            "a:%0",
            "é:x",
            "a:é",
            "\u{0}",
            "http://[::1]/",
        ] {
            let _ = Url::parse(s);
            let _ = Url::parse_with(s, ParseOptions::default().case_insensitive_scheme(true));
        }
    }
}
