//! An HTTP/1.1 `Request-Line` parser (RFC 2616 section 5.1) written with nom's own combinators
//! on top of RFC 2396's productions from `urigram::parsers`:
//!
//! ```text
//! Request-Line = Method SP Request-URI SP HTTP-Version CRLF
//! Request-URI  = "*" | absoluteURI | abs_path | authority      (section 5.1.2)
//!                where abs_path may carry a query, "?" query, as every request with a
//!                query sends it and RFC 7230's origin-form writes it
//! HTTP-Version = "HTTP" "/" 1*DIGIT "." 1*DIGIT                 (section 3.1)
//! ```
//!
//! The `authority` form is for CONNECT only (section 5.1.2), so the method chooses the
//! alternatives. The Request-URI is a token up to the next space, read whole with
//! `urigram::parsers::complete`, so a rejection points into the URI where it stops being
//! valid, and the error keeps urigram's diagnostic (code, help, citation).
//!
//! Run: `cargo run --example http_request_line -- 'GET /a%zz HTTP/1.1'`; `cargo test` runs the
//! tests at the bottom.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::digit1;
use nom::combinator::{all_consuming, opt, recognize};
use nom::error::{ErrorKind, FromExternalError, ParseError};
use nom::sequence::terminated;
use nom::{IResult, Parser};
use urigram::Grammar;

/// A parse error: where (the rest of the input there) and, when the URI was at fault,
/// urigram's diagnostic.
#[derive(Debug)]
pub struct RequestError<'a> {
    /// The rest of the input where the parse failed.
    pub rest: &'a str,
    /// nom's kind of failure there.
    pub kind: ErrorKind,
    /// urigram's diagnostic, when the Request-URI was at fault.
    pub uri: Option<urigram::Error>,
}

impl<'a> ParseError<&'a str> for RequestError<'a> {
    fn from_error_kind(rest: &'a str, kind: ErrorKind) -> Self {
        RequestError {
            rest,
            kind,
            uri: None,
        }
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
    /// Of two alternatives that failed, the one that got farther. The rests are slices of
    /// one line (tokens cut out of it are too), so the later start is the farther place.
    fn or(self, other: Self) -> Self {
        if other.rest.as_ptr() >= self.rest.as_ptr() {
            other
        } else {
            self
        }
    }
}

impl<'a> FromExternalError<&'a str, urigram::Error> for RequestError<'a> {
    fn from_external_error(rest: &'a str, kind: ErrorKind, e: urigram::Error) -> Self {
        RequestError {
            rest,
            kind,
            uri: Some(e),
        }
    }
}

type Res<'a, O> = IResult<&'a str, O, RequestError<'a>>;

/// A parsed request line.
#[derive(Debug, PartialEq, Eq)]
pub struct RequestLine<'a> {
    /// The method (`GET`).
    pub method: &'a str,
    /// The Request-URI, as written.
    pub uri: &'a str,
    /// The HTTP version (`HTTP/1.1`).
    pub version: &'a str,
}

/// `token = 1*<any CHAR except CTLs or separators>` (section 2.2).
fn token(i: &str) -> Res<'_, &str> {
    take_while1(|c: char| c.is_ascii_graphic() && !"()<>@,;:\\\"/[]?={}".contains(c)).parse(i)
}

fn whole<'a>(rule: &str) -> impl Fn(&'a str) -> Res<'a, &'a str> {
    urigram::parsers::complete(Grammar::Rfc2396, rule).expect("an RFC 2396 rule")
}

/// `abs_path [ "?" query ]`: each part read whole, so an error is placed inside it.
fn path_and_query(i: &str) -> Res<'_, &str> {
    let (after, path) = take_till1(|c| c == '?')
        .and_then(whole("abs_path"))
        .parse(i)?;
    match after.strip_prefix('?') {
        None => Ok((after, path)),
        Some(query) => {
            let (end, _) = whole("query")(query)?;
            let len = i.len() - end.len();
            Ok((end, &i[..len]))
        }
    }
}

/// `Request-URI` for `method`, read whole from the token before the next space.
fn request_uri<'a>(method: &str, i: &'a str) -> Res<'a, &'a str> {
    let uri = take_till1(|c| c == ' ');
    if method == "CONNECT" {
        uri.and_then(whole("authority")).parse(i)
    } else {
        let forms = alt((
            all_consuming(tag("*")),
            whole("absoluteURI"),
            all_consuming(path_and_query),
        ));
        uri.and_then(forms).parse(i)
    }
}

/// `HTTP-Version = "HTTP" "/" 1*DIGIT "." 1*DIGIT`.
fn http_version(i: &str) -> Res<'_, &str> {
    recognize((tag("HTTP/"), digit1, tag("."), digit1)).parse(i)
}

/// `Request-Line = Method SP Request-URI SP HTTP-Version CRLF` (the CRLF may be left out).
pub fn request_line(i: &str) -> Res<'_, RequestLine<'_>> {
    let (i, method) = terminated(token, tag(" ")).parse(i)?;
    let (i, uri) = terminated(|i| request_uri(method, i), tag(" ")).parse(i)?;
    let (i, version) = terminated(http_version, opt(tag("\r\n"))).parse(i)?;
    Ok((
        i,
        RequestLine {
            method,
            uri,
            version,
        },
    ))
}

/// The byte offset of an error in `line` (its rest is a slice of `line`).
pub fn offset(line: &str, e: &RequestError<'_>) -> usize {
    e.rest.as_ptr() as usize - line.as_ptr() as usize
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lines = if args.is_empty() {
        vec![
            "GET http://www.w3.org/pub/WWW/TheProject.html HTTP/1.1".to_string(),
            "OPTIONS * HTTP/1.1".to_string(),
            "CONNECT proxy.example.com:443 HTTP/1.1".to_string(),
            "GET /a/b%zz HTTP/1.1".to_string(),
        ]
    } else {
        args
    };
    for line in &lines {
        match request_line(line) {
            Ok((_, r)) => println!("ok: {} {} {}", r.method, r.uri, r.version),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                println!("error at byte {} of {line:?}", offset(line, &e));
                if let Some(d) = &e.uri {
                    // The URI starts after the method and its space.
                    let start = line.find(' ').map_or(0, |k| k + 1);
                    let end = line[start..].find(' ').map_or(line.len(), |k| start + k);
                    println!("{}", urigram::render::Report::new(d, &line[start..end]));
                }
            }
            Err(nom::Err::Incomplete(_)) => println!("incomplete: {line:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> RequestLine<'_> {
        match request_line(line) {
            Ok(("", r)) => r,
            other => panic!("{line:?}: {other:?}"),
        }
    }

    fn err(line: &str) -> RequestError<'_> {
        match request_line(line) {
            Err(nom::Err::Error(e)) => e,
            other => panic!("{line:?} was accepted: {other:?}"),
        }
    }

    #[test]
    fn the_four_forms_of_request_uri() {
        let r = ok("GET http://www.w3.org/pub/WWW/TheProject.html HTTP/1.1\r\n");
        assert_eq!(r.uri, "http://www.w3.org/pub/WWW/TheProject.html");
        assert_eq!(ok("OPTIONS * HTTP/1.1").uri, "*");
        assert_eq!(
            ok("GET /pub/WWW/TheProject.html HTTP/1.1").uri,
            "/pub/WWW/TheProject.html"
        );
        assert_eq!(
            ok("CONNECT proxy.example.com:443 HTTP/1.0").uri,
            "proxy.example.com:443"
        );
        assert_eq!(ok("GET /?q=a%20b HTTP/1.1").uri, "/?q=a%20b");
        assert_eq!(ok("POST /x;p HTTP/1.1").method, "POST");
    }

    #[test]
    fn rejections_carry_the_offset_into_the_uri() {
        // "GET " is 4 bytes; "/a/b%" 5 more: the 'z' at 9 is where no escape continues.
        let line = "GET /a/b%zz HTTP/1.1";
        let e = err(line);
        assert_eq!(offset(line, &e), 9);
        let d = e.uri.expect("urigram's diagnostic");
        assert_eq!(d.code(), "rfc2396::escaped::letter");
        assert!(d.help().unwrap().contains("%25"));
        // A space inside the URI: the URI token ends there and the version is wrong.
        let line = "GET /a b HTTP/1.1";
        assert_eq!(offset(line, &err(line)), 7);
        // A character RFC 2396 excludes.
        let line = "GET /a|b HTTP/1.1";
        let e = err(line);
        assert_eq!(offset(line, &e), 6);
        assert_eq!(e.uri.unwrap().code(), "rfc2396::abs_path::excluded");
        // In the query.
        let line = "GET /a?b%2 HTTP/1.1";
        let e = err(line);
        assert_eq!(offset(line, &e), 10);
        assert_eq!(e.uri.unwrap().code(), "rfc2396::escaped::end");
        // The authority form only for CONNECT.
        let line = "GET proxy.example.com:443 HTTP/1.1";
        assert!(
            request_line(line).is_ok(),
            "an absoluteURI: scheme `proxy.example.com`"
        );
        let line = "CONNECT /a HTTP/1.1";
        assert_eq!(offset(line, &err(line)), 8);
        // Not HTTP.
        let line = "GET / HTTQ/1.1";
        assert_eq!(offset(line, &err(line)), 6);
        assert!(err(line).uri.is_none());
    }
}
