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
//! Every grammar has its module, one function per production, named by the spec's name in
//! snake case: [`rfc2396`] (the productions other specifications cite), [`rfc2732`],
//! [`rfc3986`], [`rfc3987`], [`rfc6570`], [`rfc1738`], [`rfc1630`] and [`rfc1630_url`] (RFC 1630's two BNFs), and
//! [`rfc822`]; `parsers::rfc3986::uri_reference` is `URI-reference` of RFC 3986.
//! [`production`] and [`complete`] reach the same productions by grammar and spec name.
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

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::LookupError;
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
        Error::from_tracker(grammar, name, input, &t)
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

/// A nom parser for each production of a grammar's registry, named by the spec's name in
/// snake case (`URI-reference` -> `uri_reference`, `gopher+_string` ->
/// `gopher_plus_string`). Each runs the registry's combinator for that production, found by
/// its place in the registry (no lookup by name).
macro_rules! registry_parsers {
    ($grammar:expr, $($name:ident = $rule:literal @ $index:literal;)*) => {
        use nom::IResult;
        use nom::error::{FromExternalError, ParseError};

        use crate::error::Error;
        use crate::grammar::Grammar;

        $(
            #[doc = concat!("`", $rule, "`, the production of this name in the grammar.")]
            ///
            /// A nom parser of a prefix: see the [module docs](crate::parsers).
            pub fn $name<'a, E>(input: &'a str) -> IResult<&'a str, &'a str, E>
            where
                E: ParseError<&'a str> + FromExternalError<&'a str, Error>,
            {
                let rule = &$grammar.rules()[$index];
                super::run($grammar, rule.name, rule.parse, input, false)
            }
        )*

        /// Every production of the grammar has its function, at its place in the registry,
        /// and each gives what [`production`](crate::parsers::production) gives by name.
        #[cfg(test)]
        #[test]
        fn one_function_per_production() {
            let names = [$($rule),*];
            assert_eq!(names.to_vec(), $grammar.rule_names().collect::<Vec<_>>());
            let fns: &[fn(&'static str) -> IResult<&'static str, &'static str>] = &[$($name),*];
            for (f, name) in fns.iter().zip(names) {
                let by_name = crate::parsers::production($grammar, name).unwrap();
                for s in ["", "a", "http://a/b?c#d", "%zz", "[::1]:80", "x@y.z", "ftp://h/f;type=i"] {
                    let want: IResult<&'static str, &'static str> = by_name(s);
                    assert_eq!(f(s), want, "{name} {s:?}");
                }
            }
        }
    };
}

/// Every production of RFC 3986 Appendix A, as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc3986::{authority, uri_reference};
/// assert_eq!(uri_reference::<Error<&str>>("http://a/b?q#f and more"), Ok((" and more", "http://a/b?q#f")));
/// assert_eq!(authority::<Error<&str>>("user@[::1]:80/x"), Ok(("/x", "user@[::1]:80")));
/// ```
pub mod rfc3986 {
    registry_parsers! {
        Grammar::Rfc3986,
        uri = "URI" @ 0;
        hier_part = "hier-part" @ 1;
        uri_reference = "URI-reference" @ 2;
        absolute_uri = "absolute-URI" @ 3;
        relative_ref = "relative-ref" @ 4;
        relative_part = "relative-part" @ 5;
        scheme = "scheme" @ 6;
        authority = "authority" @ 7;
        userinfo = "userinfo" @ 8;
        host = "host" @ 9;
        port = "port" @ 10;
        ip_literal = "IP-literal" @ 11;
        ipvfuture = "IPvFuture" @ 12;
        ipv6address = "IPv6address" @ 13;
        h16 = "h16" @ 14;
        ls32 = "ls32" @ 15;
        ipv4address = "IPv4address" @ 16;
        dec_octet = "dec-octet" @ 17;
        reg_name = "reg-name" @ 18;
        path = "path" @ 19;
        path_abempty = "path-abempty" @ 20;
        path_absolute = "path-absolute" @ 21;
        path_noscheme = "path-noscheme" @ 22;
        path_rootless = "path-rootless" @ 23;
        path_empty = "path-empty" @ 24;
        segment = "segment" @ 25;
        segment_nz = "segment-nz" @ 26;
        segment_nz_nc = "segment-nz-nc" @ 27;
        pchar = "pchar" @ 28;
        query = "query" @ 29;
        fragment = "fragment" @ 30;
        pct_encoded = "pct-encoded" @ 31;
        unreserved = "unreserved" @ 32;
        reserved = "reserved" @ 33;
        gen_delims = "gen-delims" @ 34;
        sub_delims = "sub-delims" @ 35;
    }
}

/// Every production of RFC 3987 section 2.2 (IRIs), as nom parsers of a prefix of UTF-8 text,
/// each named by the spec's name in snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc3987::{ihost, iri_reference};
/// assert_eq!(iri_reference::<Error<&str>>("http://\u{E9}.example/\u{4E2D} and more"), Ok((" and more", "http://\u{E9}.example/\u{4E2D}")));
/// assert_eq!(ihost::<Error<&str>>("b\u{FC}cher.example:80"), Ok((":80", "b\u{FC}cher.example")));
/// ```
pub mod rfc3987 {
    registry_parsers! {
        Grammar::Rfc3987,
        iri = "IRI" @ 0;
        ihier_part = "ihier-part" @ 1;
        iri_reference = "IRI-reference" @ 2;
        absolute_iri = "absolute-IRI" @ 3;
        irelative_ref = "irelative-ref" @ 4;
        irelative_part = "irelative-part" @ 5;
        iauthority = "iauthority" @ 6;
        iuserinfo = "iuserinfo" @ 7;
        ihost = "ihost" @ 8;
        ireg_name = "ireg-name" @ 9;
        ipath = "ipath" @ 10;
        ipath_abempty = "ipath-abempty" @ 11;
        ipath_absolute = "ipath-absolute" @ 12;
        ipath_noscheme = "ipath-noscheme" @ 13;
        ipath_rootless = "ipath-rootless" @ 14;
        ipath_empty = "ipath-empty" @ 15;
        isegment = "isegment" @ 16;
        isegment_nz = "isegment-nz" @ 17;
        isegment_nz_nc = "isegment-nz-nc" @ 18;
        ipchar = "ipchar" @ 19;
        iquery = "iquery" @ 20;
        ifragment = "ifragment" @ 21;
        iunreserved = "iunreserved" @ 22;
        ucschar = "ucschar" @ 23;
        iprivate = "iprivate" @ 24;
        scheme = "scheme" @ 25;
        port = "port" @ 26;
        ip_literal = "IP-literal" @ 27;
        ipvfuture = "IPvFuture" @ 28;
        ipv6address = "IPv6address" @ 29;
        h16 = "h16" @ 30;
        ls32 = "ls32" @ 31;
        ipv4address = "IPv4address" @ 32;
        dec_octet = "dec-octet" @ 33;
        pct_encoded = "pct-encoded" @ 34;
        unreserved = "unreserved" @ 35;
        reserved = "reserved" @ 36;
        gen_delims = "gen-delims" @ 37;
        sub_delims = "sub-delims" @ 38;
    }
}

/// Every production of RFC 6570 (URI Templates: section 2, and the rules section 1.5
/// imports), as nom parsers of a prefix of UTF-8 text, each named by the spec's name in snake
/// case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc6570::{expression, uri_template};
/// assert_eq!(expression::<Error<&str>>("{?q,lang}/x"), Ok(("/x", "{?q,lang}")));
/// assert_eq!(uri_template::<Error<&str>>("/a/{b} c"), Ok((" c", "/a/{b}")));
/// ```
pub mod rfc6570 {
    registry_parsers! {
        Grammar::Rfc6570,
        alpha = "ALPHA" @ 0;
        digit = "DIGIT" @ 1;
        hexdig = "HEXDIG" @ 2;
        pct_encoded = "pct-encoded" @ 3;
        ucschar = "ucschar" @ 4;
        iprivate = "iprivate" @ 5;
        uri_template = "URI-Template" @ 6;
        literals = "literals" @ 7;
        expression = "expression" @ 8;
        operator = "operator" @ 9;
        op_level2 = "op-level2" @ 10;
        op_level3 = "op-level3" @ 11;
        op_reserve = "op-reserve" @ 12;
        variable_list = "variable-list" @ 13;
        varspec = "varspec" @ 14;
        varname = "varname" @ 15;
        varchar = "varchar" @ 16;
        modifier_level4 = "modifier-level4" @ 17;
        prefix = "prefix" @ 18;
        max_length = "max-length" @ 19;
        explode = "explode" @ 20;
    }
}

/// Every production of RFC 2396 as RFC 2732 amends it (IPv6 literals in brackets), as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc2732::{host, uri_reference};
/// assert_eq!(host::<Error<&str>>("[::1]:80"), Ok((":80", "[::1]")));
/// assert_eq!(uri_reference::<Error<&str>>("http://[::1]/ x"), Ok((" x", "http://[::1]/")));
/// ```
pub mod rfc2732 {
    registry_parsers! {
        Grammar::Rfc2732,
        uri_reference = "URI-reference" @ 0;
        absolute_uri = "absoluteURI" @ 1;
        relative_uri = "relativeURI" @ 2;
        hier_part = "hier_part" @ 3;
        opaque_part = "opaque_part" @ 4;
        uric_no_slash = "uric_no_slash" @ 5;
        net_path = "net_path" @ 6;
        abs_path = "abs_path" @ 7;
        rel_path = "rel_path" @ 8;
        rel_segment = "rel_segment" @ 9;
        scheme = "scheme" @ 10;
        authority = "authority" @ 11;
        reg_name = "reg_name" @ 12;
        server = "server" @ 13;
        userinfo = "userinfo" @ 14;
        hostport = "hostport" @ 15;
        host = "host" @ 16;
        hostname = "hostname" @ 17;
        domainlabel = "domainlabel" @ 18;
        toplabel = "toplabel" @ 19;
        ipv4address = "IPv4address" @ 20;
        port = "port" @ 21;
        path = "path" @ 22;
        path_segments = "path_segments" @ 23;
        segment = "segment" @ 24;
        param = "param" @ 25;
        pchar = "pchar" @ 26;
        query = "query" @ 27;
        fragment = "fragment" @ 28;
        uric = "uric" @ 29;
        reserved = "reserved" @ 30;
        unreserved = "unreserved" @ 31;
        mark = "mark" @ 32;
        escaped = "escaped" @ 33;
        hex = "hex" @ 34;
        alphanum = "alphanum" @ 35;
        alpha = "alpha" @ 36;
        lowalpha = "lowalpha" @ 37;
        upalpha = "upalpha" @ 38;
        digit = "digit" @ 39;
        control = "control" @ 40;
        space = "space" @ 41;
        delims = "delims" @ 42;
        unwise = "unwise" @ 43;
        ipv6reference = "ipv6reference" @ 44;
        ipv6address = "IPv6address" @ 45;
        hexpart = "hexpart" @ 46;
        hexseq = "hexseq" @ 47;
        hex4 = "hex4" @ 48;
    }
}

/// Every production of RFC 1738 section 5, as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc1738::{ftpurl, hostport};
/// assert_eq!(ftpurl::<Error<&str>>("ftp://h/f;type=i and more"), Ok((" and more", "ftp://h/f;type=i")));
/// assert_eq!(hostport::<Error<&str>>("a.example:80/x"), Ok(("/x", "a.example:80")));
/// ```
pub mod rfc1738 {
    registry_parsers! {
        Grammar::Rfc1738,
        genericurl = "genericurl" @ 0;
        url = "url" @ 1;
        otherurl = "otherurl" @ 2;
        scheme = "scheme" @ 3;
        schemepart = "schemepart" @ 4;
        ip_schemepart = "ip-schemepart" @ 5;
        login = "login" @ 6;
        hostport = "hostport" @ 7;
        host = "host" @ 8;
        hostname = "hostname" @ 9;
        domainlabel = "domainlabel" @ 10;
        toplabel = "toplabel" @ 11;
        alphadigit = "alphadigit" @ 12;
        hostnumber = "hostnumber" @ 13;
        port = "port" @ 14;
        user = "user" @ 15;
        password = "password" @ 16;
        urlpath = "urlpath" @ 17;
        ftpurl = "ftpurl" @ 18;
        fpath = "fpath" @ 19;
        fsegment = "fsegment" @ 20;
        ftptype = "ftptype" @ 21;
        fileurl = "fileurl" @ 22;
        httpurl = "httpurl" @ 23;
        hpath = "hpath" @ 24;
        hsegment = "hsegment" @ 25;
        search = "search" @ 26;
        gopherurl = "gopherurl" @ 27;
        gtype = "gtype" @ 28;
        selector = "selector" @ 29;
        gopher_plus_string = "gopher+_string" @ 30;
        mailtourl = "mailtourl" @ 31;
        encoded822addr = "encoded822addr" @ 32;
        newsurl = "newsurl" @ 33;
        grouppart = "grouppart" @ 34;
        group = "group" @ 35;
        article = "article" @ 36;
        nntpurl = "nntpurl" @ 37;
        telneturl = "telneturl" @ 38;
        waisurl = "waisurl" @ 39;
        waisdatabase = "waisdatabase" @ 40;
        waisindex = "waisindex" @ 41;
        waisdoc = "waisdoc" @ 42;
        database = "database" @ 43;
        wtype = "wtype" @ 44;
        wpath = "wpath" @ 45;
        prosperourl = "prosperourl" @ 46;
        ppath = "ppath" @ 47;
        psegment = "psegment" @ 48;
        fieldspec = "fieldspec" @ 49;
        fieldname = "fieldname" @ 50;
        fieldvalue = "fieldvalue" @ 51;
        lowalpha = "lowalpha" @ 52;
        hialpha = "hialpha" @ 53;
        alpha = "alpha" @ 54;
        digit = "digit" @ 55;
        safe = "safe" @ 56;
        extra = "extra" @ 57;
        national = "national" @ 58;
        punctuation = "punctuation" @ 59;
        reserved = "reserved" @ 60;
        hex = "hex" @ 61;
        escape = "escape" @ 62;
        unreserved = "unreserved" @ 63;
        uchar = "uchar" @ 64;
        xchar = "xchar" @ 65;
        digits = "digits" @ 66;
    }
}

/// Every production of RFC 1630's URI BNF (its URL BNF is [`rfc1630_url`]), as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc1630::{scheme, search};
/// assert_eq!(scheme::<Error<&str>>("http://info.cern.ch/"), Ok(("://info.cern.ch/", "http")));
/// assert_eq!(search::<Error<&str>>("a+b#f"), Ok(("#f", "a+b")));
/// ```
pub mod rfc1630 {
    registry_parsers! {
        Grammar::Rfc1630,
        fragmentaddress = "fragmentaddress" @ 0;
        uri = "uri" @ 1;
        scheme = "scheme" @ 2;
        path = "path" @ 3;
        search = "search" @ 4;
        fragmentid = "fragmentid" @ 5;
        xalpha = "xalpha" @ 6;
        xalphas = "xalphas" @ 7;
        xpalpha = "xpalpha" @ 8;
        xpalphas = "xpalphas" @ 9;
        ialpha = "ialpha" @ 10;
        alpha = "alpha" @ 11;
        digit = "digit" @ 12;
        safe = "safe" @ 13;
        extra = "extra" @ 14;
        reserved = "reserved" @ 15;
        escape = "escape" @ 16;
        hex = "hex" @ 17;
        national = "national" @ 18;
        punctuation = "punctuation" @ 19;
        void = "void" @ 20;
    }
}

/// Every production of RFC 1630's URL BNF, as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc1630_url::hostport;
/// assert_eq!(hostport::<Error<&str>>("info.cern.ch:80/a"), Ok(("/a", "info.cern.ch:80")));
/// ```
pub mod rfc1630_url {
    registry_parsers! {
        Grammar::Rfc1630Url,
        prefixedurl = "prefixedurl" @ 0;
        url = "url" @ 1;
        scheme = "scheme" @ 2;
        httpaddress = "httpaddress" @ 3;
        ftpaddress = "ftpaddress" @ 4;
        afsaddress = "afsaddress" @ 5;
        newsaddress = "newsaddress" @ 6;
        nntpaddress = "nntpaddress" @ 7;
        midaddress = "midaddress" @ 8;
        cidaddress = "cidaddress" @ 9;
        mailtoaddress = "mailtoaddress" @ 10;
        waisaddress = "waisaddress" @ 11;
        waisindex = "waisindex" @ 12;
        waisdoc = "waisdoc" @ 13;
        wpath = "wpath" @ 14;
        groupart = "groupart" @ 15;
        group = "group" @ 16;
        article = "article" @ 17;
        database = "database" @ 18;
        wtype = "wtype" @ 19;
        prosperoaddress = "prosperoaddress" @ 20;
        prosperolink = "prosperolink" @ 21;
        hsoname = "hsoname" @ 22;
        version = "version" @ 23;
        attributes = "attributes" @ 24;
        attribute = "attribute" @ 25;
        telnetaddress = "telnetaddress" @ 26;
        gopheraddress = "gopheraddress" @ 27;
        login = "login" @ 28;
        hostport = "hostport" @ 29;
        host = "host" @ 30;
        ftptype = "ftptype" @ 31;
        formcode = "formcode" @ 32;
        cellname = "cellname" @ 33;
        hostname = "hostname" @ 34;
        hostnumber = "hostnumber" @ 35;
        port = "port" @ 36;
        gcommand = "gcommand" @ 37;
        path = "path" @ 38;
        segment = "segment" @ 39;
        search = "search" @ 40;
        user = "user" @ 41;
        password = "password" @ 42;
        fragmentid = "fragmentid" @ 43;
        gtype = "gtype" @ 44;
        alphanum2 = "alphanum2" @ 45;
        xalpha = "xalpha" @ 46;
        xalphas = "xalphas" @ 47;
        xpalpha = "xpalpha" @ 48;
        xpalphas = "xpalphas" @ 49;
        ialpha = "ialpha" @ 50;
        alpha = "alpha" @ 51;
        digit = "digit" @ 52;
        safe = "safe" @ 53;
        extra = "extra" @ 54;
        reserved = "reserved" @ 55;
        escape = "escape" @ 56;
        hex = "hex" @ 57;
        national = "national" @ 58;
        punctuation = "punctuation" @ 59;
        digits = "digits" @ 60;
        alphanum = "alphanum" @ 61;
        alphanums = "alphanums" @ 62;
        void = "void" @ 63;
    }
}

/// Every production of RFC 822's `addr-spec`, which RFC 1630 and RFC 1738 cite, as nom parsers of a prefix, each named by the spec's name in
/// snake case.
///
/// ```
/// use nom::error::Error;
/// use urigram::parsers::rfc822::addr_spec;
/// assert_eq!(addr_spec::<Error<&str>>("a.b@c.d>"), Ok((">", "a.b@c.d")));
/// ```
pub mod rfc822 {
    registry_parsers! {
        Grammar::Rfc822,
        addr_spec = "addr-spec" @ 0;
        local_part = "local-part" @ 1;
        domain = "domain" @ 2;
        sub_domain = "sub-domain" @ 3;
        domain_ref = "domain-ref" @ 4;
        char = "CHAR" @ 5;
        alpha = "ALPHA" @ 6;
        digit = "DIGIT" @ 7;
        ctl = "CTL" @ 8;
        cr = "CR" @ 9;
        lf = "LF" @ 10;
        space = "SPACE" @ 11;
        htab = "HTAB" @ 12;
        crlf = "CRLF" @ 13;
        lwsp_char = "LWSP-char" @ 14;
        linear_white_space = "linear-white-space" @ 15;
        specials = "specials" @ 16;
        atom = "atom" @ 17;
        quoted_string = "quoted-string" @ 18;
        qtext = "qtext" @ 19;
        domain_literal = "domain-literal" @ 20;
        dtext = "dtext" @ 21;
        quoted_pair = "quoted-pair" @ 22;
        word = "word" @ 23;
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
