//! The HTML forms convention for a query: `application/x-www-form-urlencoded` (HTML 2.0,
//! RFC 1866 section 8.2.1), `&`-separated `name=value` pairs with `+` for a space.
//!
//! RFC 2396 gives a query no structure: "The query component is a string of information to be
//! interpreted by the resource" (section 3.4, rfc2396.txt:793), and `&`, `=`, `+` are
//! reserved characters there whose meaning belongs to the resource. The pairs are what HTML
//! forms (and the `url` crate's `query_pairs`) make of it, so they are named after that
//! convention here: [`form_pairs`] reads them, [`form_encode`] writes them. On a reference,
//! the method takes the `url` crate's name, [`UriReference::query_pairs`].

use std::borrow::Cow;

use crate::rfc2396::UriReference;
use crate::rfc2396::escape::{Component, lossy};

/// The `name=value` pairs of a query by the HTML forms convention
/// (`application/x-www-form-urlencoded`, HTML 2.0; RFC 2396 gives a query no structure),
/// each decoded: `+` is a space, escapes are decoded, and the octets are read as UTF-8
/// with U+FFFD for an invalid sequence, as HTML forms and the `url` crate's `query_pairs` do.
/// Empty pieces (`a=1&&b=2`) are skipped; a piece without `=` is a name with an empty value.
/// Each item borrows from the query when it has nothing to decode.
///
/// ```
/// use urigram::rfc2396::form_pairs;
/// let pairs: Vec<_> = form_pairs("q=caf%C3%A9+x&lang=fr&&flag").collect();
/// assert_eq!(pairs, [("q".into(), "café x".into()), ("lang".into(), "fr".into()), ("flag".into(), "".into())]);
/// ```
pub fn form_pairs(query: &str) -> FormPairs<'_> {
    FormPairs { rest: query }
}

/// The iterator of [`form_pairs`] and [`UriReference::query_pairs`]: `(name, value)` pairs,
/// each a `Cow<str>` that borrows the query when there is nothing to decode.
///
/// ```
/// use std::borrow::Cow;
/// let u = urigram::rfc2396::UriReference::parse("/search?q=rfc+2396&lang=en").unwrap();
/// let mut pairs = u.query_pairs();
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("q"), Cow::Owned("rfc 2396".into()))));
/// assert!(matches!(pairs.next(), Some((Cow::Borrowed("lang"), Cow::Borrowed("en")))));
/// assert_eq!(pairs.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct FormPairs<'a> {
    rest: &'a str,
}

impl<'a> Iterator for FormPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (piece, rest) = self.rest.split_once('&').unwrap_or((self.rest, ""));
            self.rest = rest;
            if piece.is_empty() {
                continue;
            }
            let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
            return Some((form_decode(name), form_decode(value)));
        }
    }
}

impl std::iter::FusedIterator for FormPairs<'_> {}

/// One name or value: `+` as a space, then the escapes.
fn form_decode(s: &str) -> Cow<'_, str> {
    if !s.contains('+') {
        return lossy(s);
    }
    Cow::Owned(lossy(&s.replace('+', " ")).into_owned())
}

/// Write `pairs` by the HTML forms convention: each name and value encoded for a
/// [`Component::Query`] (every character but `unreserved` escaped, so `&`, `=` and `+` in
/// the data cannot be read as separators), except that a space becomes `+`; the pairs joined
/// with `&`. The result is a valid `query`, and [`form_pairs`] reads the pairs back.
///
/// ```
/// use urigram::rfc2396::{form_encode, form_pairs};
/// let q = form_encode([("q", "café x"), ("a&b", "1+1=2")]);
/// assert_eq!(q, "q=caf%C3%A9+x&a%26b=1%2B1%3D2");
/// let back: Vec<_> = form_pairs(&q).collect();
/// assert_eq!(back[1], ("a&b".into(), "1+1=2".into()));
/// ```
pub fn form_encode<I, K, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    for (k, v) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        push_form(&mut out, k.as_ref());
        out.push('=');
        push_form(&mut out, v.as_ref());
    }
    out
}

fn push_form(out: &mut String, s: &str) {
    for piece in s.split(' ').enumerate() {
        if piece.0 > 0 {
            out.push('+');
        }
        out.push_str(&crate::rfc2396::encode(piece.1, Component::Query));
    }
}

impl<'a> UriReference<'a> {
    /// The query's `name=value` pairs by the HTML forms convention (`+` as a space, see
    /// [`form_pairs`]); none when there is no query. The same as the `url` crate's
    /// `Url::query_pairs`. RFC 2396 itself gives a query no pairs (section 3.4): this is one
    /// reading of it, the one HTML forms write.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/search?q=rfc+2396&page=2#top").unwrap();
    /// let pairs: Vec<(String, String)> =
    ///     u.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    /// assert_eq!(pairs, [("q".to_string(), "rfc 2396".to_string()), ("page".into(), "2".into())]);
    /// ```
    pub fn query_pairs(&self) -> FormPairs<'a> {
        form_pairs(self.query().map_or("", |q| q.as_str()))
    }

    /// [`UriReference::query_pairs`], by the name of the convention it reads.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("/search?q=a+b").unwrap();
    /// assert!(u.form_pairs().eq(u.query_pairs()));
    /// ```
    pub fn form_pairs(&self) -> FormPairs<'a> {
        self.query_pairs()
    }
}
