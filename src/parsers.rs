//! The productions as `nom` parsers over `&str`, for a grammar of your own that cites them.
//!
//! A protocol written on top of RFC 2396 names its productions in its own grammar: HTTP/1.1's
//! `Request-URI = "*" | absoluteURI | abs_path | authority` (RFC 2616 section 5.1.2). Each
//! function here is such a production as a plain nom parser, `Fn(&str) -> IResult<&str, &str,
//! E>`, so it goes into `alt`, `preceded`, `terminated` and the rest like any other:
//!
//! ```
//! use nom::branch::alt;
//! use nom::bytes::complete::tag;
//! use nom::combinator::{opt, recognize};
//! use nom::sequence::{preceded, terminated};
//! use nom::{IResult, Offset, Parser};
//! use urigram::parsers::rfc2396::{abs_path, absolute_uri, query};
//!
//! // Request-URI for every method but CONNECT, then a space: "*" | absoluteURI | abs_path,
//! // where the abs_path takes a query as in RFC 2616's http_URL (section 3.2.2:
//! // `abs_path [ "?" query ]`; RFC 2396's abs_path holds no "?").
//! fn request_uri(i: &str) -> IResult<&str, &str> {
//!     let path = recognize((abs_path, opt(preceded(tag("?"), query))));
//!     terminated(alt((tag("*"), absolute_uri, path)), tag(" ")).parse(i)
//! }
//! assert_eq!(request_uri("/pub/WWW/TheProject.html HTTP/1.1"), Ok(("HTTP/1.1", "/pub/WWW/TheProject.html")));
//! assert_eq!(request_uri("/search?q=uri&lang=en HTTP/1.1"), Ok(("HTTP/1.1", "/search?q=uri&lang=en")));
//! assert_eq!(request_uri("http://www.w3.org/pub/?x HTTP/1.1"), Ok(("HTTP/1.1", "http://www.w3.org/pub/?x")));
//! assert_eq!(request_uri("* HTTP/1.1"), Ok(("HTTP/1.1", "*")));
//! assert!(request_uri("pub HTTP/1.1").is_err());
//!
//! // A rejection comes out of your `alt` at the byte where the token stops being valid: here
//! // the first `z`, where no escape continues (the last alternative's error, as nom's `alt`
//! // gives it).
//! let input = "/pub/a%zz HTTP/1.1";
//! let Err(nom::Err::Error(e)) = request_uri(input) else { panic!() };
//! assert_eq!(input.offset(e.input), 7);
//! ```
//!
//! Each of these functions runs the production's own combinator, the one the grammar is built
//! of and the checks run ([`Grammar::check`](crate::Grammar::check) on `abs_path` puts the
//! same byte first in its error), with no lookup by name: a fast pass, then, on a rejection,
//! the same combinator recording the farthest failure.
//!
//! # Two readings
//!
//! - **As a nom parser** ([`rfc2396::abs_path`] ..., [`production`]): the production's
//!   combinator matches a prefix of the input, as nom parsers do, and leaves the rest; what
//!   follows decides whether the whole is valid. A production that matches the empty string
//!   (`query`, `port` ...) succeeds, save on a `%` that begins no escape inside a run that
//!   may hold escapes: that is an error at the byte after the `%`, not the end of the match
//!   (`query` of `a=%zz` fails at the first `z`; see [`rfc2396::query`]).
//! - **A whole token** ([`complete`]): the input must be exactly one member of the production,
//!   and a rejection is placed where the input stops being valid, by the offset contract of
//!   [`Error`]: inside an escape, not at the first byte that the prefix reading left over.
//!
//! # Errors
//!
//! A rejection is `nom::Err::Error(e)` with `e` built by
//! [`FromExternalError::from_external_error`] from the rest of the input at the failing byte,
//! `ErrorKind::Verify`, and the full [`Error`] diagnostic: nom's own `nom::error::Error<&str>`
//! and `(&str, ErrorKind)` keep the place and drop the diagnostic; your own error type can
//! keep both by implementing `FromExternalError<&str, urigram::Error>`. Name the error type
//! (`production::<nom::error::Error<&str>>`, or in your parser's signature): several fit.
//!
//! The rest is a slice of the text you parse, so the failing byte's offset in that text is
//! `input.offset(rest)` (nom's [`Offset`](nom::Offset)), whatever error type you use, and
//! however your grammar cut the token it handed to urigram. `input.len() - rest.len()` is the
//! same only when nothing follows the token: after `take_till1(..).and_then(complete(..))`
//! the rest stops at the token's end, and that formula counts the text after the token too
//! (see [`complete`]).

use nom::error::{ErrorKind, FromExternalError, ParseError};
use nom::{Err, IResult};

use crate::error::{Error, LookupError};
use crate::grammar::Grammar;
use crate::input::{Mode, PResult, Span, Tracker};

/// A production's combinator over spans, its typed output dropped (what the registry holds).
type Parse = for<'s> fn(Span<'s>) -> PResult<'s, ()>;

/// Run the production `name` of `grammar`, whose combinator is `parse`, on `input`: the matched
/// prefix, or the error at the farthest byte. The fast pass first; on a rejection, the same
/// combinator again with a diagnosing tracker.
fn run<'a, E>(
    grammar: Grammar,
    name: &'static str,
    parse: Parse,
    input: &'a str,
    whole: bool,
) -> IResult<&'a str, &'a str, E>
where
    E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
{
    if let Ok((rest, ())) = parse(crate::input::fast_span(input)) {
        let end = rest.location_offset();
        if !whole || end == input.len() {
            return Ok((&input[end..], &input[..end]));
        }
    }
    let e = if whole {
        grammar.diagnose_named(name, input)
    } else {
        let t = Tracker::new(Mode::Diagnose);
        let _ = parse(t.span(input));
        Error::from_tracker(grammar, name, input, &t, |r| grammar.citation(r))
    };
    let at = e.offset().min(input.len());
    Err(Err::Error(E::from_external_error(
        &input[at..],
        ErrorKind::Verify,
        e,
    )))
}

/// Any production of any grammar, by its spec name, as a nom parser of a prefix (see the
/// [module docs](self)).
///
/// ```
/// use nom::{IResult, Parser};
/// use urigram::Grammar;
/// let mut ftpurl = urigram::parsers::production(Grammar::Rfc1738, "ftpurl").unwrap();
/// let r: IResult<&str, &str> = ftpurl.parse("ftp://h/f;type=i and more");
/// assert_eq!(r, Ok((" and more", "ftp://h/f;type=i")));
/// ```
pub fn production<'a, E>(
    grammar: Grammar,
    rule: &str,
) -> Result<impl Fn(&'a str) -> IResult<&'a str, &'a str, E>, LookupError>
where
    E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
{
    parser(grammar, rule, false)
}

/// Any production of any grammar, by its spec name, as a nom parser that takes its whole input
/// as one member of the production, or rejects it where it stops being valid (see the
/// [module docs](self)). For a token your grammar has already delimited (with `take_till1`
/// and `and_then`, say).
///
/// ```
/// use nom::{IResult, Parser};
/// use urigram::Grammar;
/// let mut path = urigram::parsers::complete(Grammar::Rfc2396, "abs_path").unwrap();
/// let input = "/a/b%zz";
/// let r: IResult<&str, &str> = path.parse(input);
/// let Err(nom::Err::Error(e)) = r else { panic!() };
/// assert_eq!(input.len() - e.input.len(), 5); // the first 'z', where no escape continues
/// ```
///
/// In a grammar of your own that cuts the token first, the offset in the whole input is
/// `input.offset(e.input)`:
///
/// ```
/// use nom::bytes::complete::{tag, take_till1};
/// use nom::sequence::preceded;
/// use nom::{IResult, Offset, Parser};
/// use urigram::Grammar;
///
/// let path = urigram::parsers::complete(Grammar::Rfc2396, "abs_path").unwrap();
/// let mut target = preceded(tag("GET "), take_till1(|c| c == ' ').and_then(path));
/// let input = "GET /pub/WWW/TheP%zz HTTP/1.1";
/// let r: IResult<&str, &str> = target.parse(input);
/// let Err(nom::Err::Error(e)) = r else { panic!() };
/// assert_eq!(&input[18..19], "z");
/// assert_eq!(input.offset(e.input), 18); // the first 'z'
/// assert_ne!(input.len() - e.input.len(), 18); // counts " HTTP/1.1" too
/// ```
pub fn complete<'a, E>(
    grammar: Grammar,
    rule: &str,
) -> Result<impl Fn(&'a str) -> IResult<&'a str, &'a str, E>, LookupError>
where
    E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
{
    parser(grammar, rule, true)
}

/// `rule` of `grammar` as a parser of a prefix, or of the whole input.
fn parser<'a, E>(
    grammar: Grammar,
    rule: &str,
    whole: bool,
) -> Result<impl Fn(&'a str) -> IResult<&'a str, &'a str, E>, LookupError>
where
    E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
{
    let rule = grammar.rule(rule)?;
    Ok(move |i| run(grammar, rule.name, rule.parse, i, whole))
}

/// The productions of RFC 2396 Appendix A that other specifications cite, as nom parsers of
/// a prefix. Each is the production of the same name in `urigram rules --grammar rfc2396`.
///
/// Each takes the longest prefix of its production that it can and leaves the rest to what
/// follows; its example shows where it stops:
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc2396::{hostport, port};
/// assert_eq!(hostport::<Error<&str>>("a.example:80/index.html"), Ok(("/index.html", "a.example:80")));
/// assert_eq!(port::<Error<&str>>("x"), Ok(("x", ""))); // `port = *digit` matches nothing
/// ```
pub mod rfc2396 {
    use nom::IResult;
    use nom::error::{FromExternalError, ParseError};

    use crate::error::Error;
    use crate::grammar::Grammar;
    use crate::input::{PResult, Span};

    // Each function runs the production's own combinator (the function of the same name in
    // the grammar), with no lookup by name.
    macro_rules! productions {
        ($($(#[$doc:meta])* $name:ident = $rule:literal;)*) => {
            $(
                $(#[$doc])*
                ///
                /// A nom parser of a prefix: see the [module docs](crate::parsers).
                pub fn $name<'a, E>(input: &'a str) -> IResult<&'a str, &'a str, E>
                where
                    E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
                {
                    fn parse<'s>(i: Span<'s>) -> PResult<'s, ()> {
                        crate::grammar::rfc2396::$name(i).map(|(rest, _)| (rest, ()))
                    }
                    super::run(Grammar::Rfc2396, $rule, parse, input, false)
                }
            )*

            /// The function above for the production named `rule`, run on `input`.
            #[cfg(test)]
            fn by_name<'a>(rule: &str, input: &'a str) -> Option<IResult<&'a str, &'a str>> {
                match rule {
                    $($rule => Some($name(input)),)*
                    _ => None,
                }
            }
        };
    }

    productions! {
        /// `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]` (rfc2396.txt:1465).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::uri_reference;
        /// // A space ends it:
        /// assert_eq!(uri_reference::<Error<&str>>("http://a/b#c d"), Ok((" d", "http://a/b#c")));
        /// ```
        uri_reference = "URI-reference";
        /// `absoluteURI = scheme ":" ( hier_part | opaque_part )` (rfc2396.txt:1466).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::absolute_uri;
        /// // The fragment is not part of it:
        /// assert_eq!(absolute_uri::<Error<&str>>("http://a/b?q#f"), Ok(("#f", "http://a/b?q")));
        /// ```
        absolute_uri = "absoluteURI";
        /// `relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]` (rfc2396.txt:1467).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::relative_uri;
        /// assert_eq!(relative_uri::<Error<&str>>("../a?q#f"), Ok(("#f", "../a?q")));
        /// ```
        relative_uri = "relativeURI";
        /// `hier_part = ( net_path | abs_path ) [ "?" query ]` (rfc2396.txt:1469).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::hier_part;
        /// assert_eq!(hier_part::<Error<&str>>("//a/b?q#f"), Ok(("#f", "//a/b?q")));
        /// ```
        hier_part = "hier_part";
        /// `net_path = "//" authority [ abs_path ]` (rfc2396.txt:1475).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::net_path;
        /// assert_eq!(net_path::<Error<&str>>("//a:80/b?q"), Ok(("?q", "//a:80/b")));
        /// ```
        net_path = "net_path";
        /// `abs_path = "/" path_segments` (rfc2396.txt:1476).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::abs_path;
        /// assert_eq!(abs_path::<Error<&str>>("/a/b;p?q"), Ok(("?q", "/a/b;p")));
        /// ```
        abs_path = "abs_path";
        /// `rel_path = rel_segment [ abs_path ]` (rfc2396.txt:1477).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::rel_path;
        /// assert_eq!(rel_path::<Error<&str>>("a/b?q"), Ok(("?q", "a/b")));
        /// // A rel_segment holds no ":":
        /// assert_eq!(rel_path::<Error<&str>>("a:b"), Ok((":b", "a")));
        /// ```
        rel_path = "rel_path";
        /// `scheme = alpha *( alpha | digit | "+" | "-" | "." )` (rfc2396.txt:1482).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::scheme;
        /// assert_eq!(scheme::<Error<&str>>("svn+ssh://h/"), Ok(("://h/", "svn+ssh")));
        /// assert!(scheme::<Error<&str>>("1a:").is_err()); // a scheme starts with a letter
        /// ```
        scheme = "scheme";
        /// `authority = server | reg_name` (rfc2396.txt:1484).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::authority;
        /// assert_eq!(authority::<Error<&str>>("user@host:80/path"), Ok(("/path", "user@host:80")));
        /// ```
        authority = "authority";
        /// `server = [ [ userinfo "@" ] hostport ]` (rfc2396.txt:1489).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::server;
        /// assert_eq!(server::<Error<&str>>("user@host:80/path"), Ok(("/path", "user@host:80")));
        /// // It matches the empty string:
        /// assert_eq!(server::<Error<&str>>("/path"), Ok(("/path", "")));
        /// ```
        server = "server";
        /// `hostport = host [ ":" port ]` (rfc2396.txt:1493).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::hostport;
        /// assert_eq!(hostport::<Error<&str>>("a.example:8080/x"), Ok(("/x", "a.example:8080")));
        /// ```
        hostport = "hostport";
        /// `host = hostname | IPv4address` (rfc2396.txt:1494).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::host;
        /// assert_eq!(host::<Error<&str>>("10.0.0.1:80"), Ok((":80", "10.0.0.1")));
        /// ```
        host = "host";
        /// `hostname = *( domainlabel "." ) toplabel [ "." ]` (rfc2396.txt:1495).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::hostname;
        /// assert_eq!(hostname::<Error<&str>>("www.example.com.:80"), Ok((":80", "www.example.com.")));
        /// // A toplabel starts with a letter:
        /// assert_eq!(hostname::<Error<&str>>("a.1"), Ok(("1", "a.")));
        /// ```
        hostname = "hostname";
        /// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit` (rfc2396.txt:1498).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::ipv4address;
        /// assert_eq!(ipv4address::<Error<&str>>("10.0.0.1/x"), Ok(("/x", "10.0.0.1")));
        /// assert!(ipv4address::<Error<&str>>("10.0.0").is_err());
        /// ```
        ipv4address = "IPv4address";
        /// `port = *digit` (rfc2396.txt:1499).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::port;
        /// assert_eq!(port::<Error<&str>>("8080/x"), Ok(("/x", "8080")));
        /// assert_eq!(port::<Error<&str>>("/x"), Ok(("/x", ""))); // it matches the empty string
        /// ```
        port = "port";
        /// `path_segments = segment *( "/" segment )` (rfc2396.txt:1502).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::path_segments;
        /// assert_eq!(path_segments::<Error<&str>>("a/b;p/c?q"), Ok(("?q", "a/b;p/c")));
        /// ```
        path_segments = "path_segments";
        /// `query = *uric` (rfc2396.txt:1508).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::query;
        /// assert_eq!(query::<Error<&str>>("a=1&b=%20#f"), Ok(("#f", "a=1&b=%20")));
        /// // A `%` without two hex digits is an error, not the end of the match.
        /// let Err(nom::Err::Error(e)) = query::<Error<&str>>("a=%zz") else { panic!() };
        /// assert_eq!(e.input, "zz");
        /// ```
        query = "query";
        /// `fragment = *uric` (rfc2396.txt:1510).
        ///
        /// ```
        /// use nom::error::Error;
        /// use urigram::parsers::rfc2396::fragment;
        /// // A second "#" ends it:
        /// assert_eq!(fragment::<Error<&str>>("sec/2?x#y"), Ok(("#y", "sec/2?x")));
        /// ```
        fragment = "fragment";
    }

    #[cfg(test)]
    mod tests {
        use nom::IResult;

        use crate::Grammar;

        /// Every name above is a production of RFC 2396, and each doc line cites its line.
        #[test]
        fn names_and_lines() {
            let src = include_str!("parsers.rs");
            for (name, line) in src
                .lines()
                .filter_map(|l| l.trim().strip_prefix("/// `"))
                .filter_map(|l| {
                    let (name, rest) = l.split_once(" = ")?;
                    let line = rest.rsplit_once("(rfc2396.txt:")?.1.trim_end_matches(").");
                    Some((name.to_string(), line.parse::<u32>().ok()?))
                })
            {
                let r = Grammar::Rfc2396
                    .rule(&name)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(r.line, line, "{name}");
            }
        }

        /// Each function is its production: it answers as the production of that name in the
        /// registry does, matches and errors alike.
        #[test]
        fn each_function_is_its_production() {
            let inputs = [
                "",
                "http://a/b?q#f",
                "//u@a:80/b;p/c?q",
                "/a/b;p?q",
                "a/b",
                "a:b",
                "a%zz",
                "/a%4",
                "user@host:80/x",
                "10.0.0.1:8",
                "10.0.0",
                "x y",
                "svn+ssh:",
                "#f",
                "a.b.c.:1",
                "a.1",
                "%",
                "?q",
                "[::1]",
                "http://h:8o/",
                "-a",
            ];
            let mut names = 0;
            for r in Grammar::Rfc2396.rules() {
                for s in inputs {
                    let Some(got) = super::by_name(r.name, s) else {
                        continue;
                    };
                    let p = crate::parsers::production(Grammar::Rfc2396, r.name).unwrap();
                    let want: IResult<&str, &str> = p(s);
                    assert_eq!(got, want, "{} {s:?}", r.name);
                }
                names += usize::from(super::by_name(r.name, "").is_some());
            }
            assert_eq!(names, 18);
        }
    }
}

#[cfg(test)]
mod tests {
    use nom::error::ErrorKind;
    use nom::{IResult, Parser};

    use super::*;

    /// An error type of a user's grammar that keeps urigram's diagnostic.
    #[derive(Debug)]
    struct Mine<'a> {
        rest: &'a str,
        diagnostic: Option<Error>,
    }

    impl<'a> ParseError<&'a str> for Mine<'a> {
        fn from_error_kind(rest: &'a str, _: ErrorKind) -> Self {
            Mine {
                rest,
                diagnostic: None,
            }
        }
        fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
            other
        }
    }

    impl<'a> FromExternalError<&'a str, Error> for Mine<'a> {
        fn from_external_error(rest: &'a str, _: ErrorKind, e: Error) -> Self {
            Mine {
                rest,
                diagnostic: Some(e),
            }
        }
    }

    #[test]
    fn prefixes_and_whole_tokens() {
        let r: IResult<&str, &str> = rfc2396::abs_path("/a/b?q");
        assert_eq!(r, Ok(("?q", "/a/b")));
        let r: IResult<&str, &str> = rfc2396::authority("user@h:80/x");
        assert_eq!(r, Ok(("/x", "user@h:80")));
        // Nullable: always matches.
        let r: IResult<&str, &str> = rfc2396::port("x");
        assert_eq!(r, Ok(("x", "")));
        // A failure is placed at the farthest byte, with the diagnostic for who wants it.
        let input = "http:";
        let r: IResult<&str, &str, Mine> = rfc2396::absolute_uri(input);
        let Err(Err::Error(e)) = r else {
            panic!("{r:?}")
        };
        assert_eq!(input.len() - e.rest.len(), 5);
        let d = e.diagnostic.unwrap();
        assert_eq!(d.offset(), 5);
        assert_eq!(d.start_rule(), "absoluteURI");
        // The whole-token reading places the error inside the escape.
        let mut p = complete(Grammar::Rfc2396, "abs_path").unwrap();
        let r: IResult<&str, &str, Mine> = p.parse("/a%zz");
        let Err(Err::Error(e)) = r else { panic!() };
        assert_eq!(e.rest, "zz");
        assert_eq!(e.diagnostic.unwrap().code(), "rfc2396::escaped::letter");
        let r: IResult<&str, &str, Mine> = p.parse("/a/b");
        assert_eq!(r.ok(), Some(("", "/a/b")));
        assert!(production::<(&str, ErrorKind)>(Grammar::Rfc2396, "nope").is_err());
    }
}
