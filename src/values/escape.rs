//! Percent-encoding data into a component, written once for the generic-syntax specs: the
//! `%HH` of an octet ([`push_escape`]), the encoder over a table of the characters that stand
//! for themselves ([`encode_octets`], which RFC 2396's `encode` uses with its own tables), and
//! RFC 3986's and RFC 3987's components with their sets ([`Component`], [`encode_uri`],
//! [`encode_iri`], re-exported as `rfc3986::encode` and `rfc3987::encode`).
//!
//! A component's data set is what the grammar allows in it literally, less the characters that
//! delimit something inside it (RFC 3986 section 2.2, rfc3986.txt:663-665: "If data for a URI
//! component would conflict with a reserved character's purpose as a delimiter, then the
//! conflicting data must be percent-encoded"). Every other octet becomes `%HH`, so the result
//! is a string of the component that means exactly the data given, and decoding it gives the
//! data back.

use std::fmt;

use crate::grammar::rfc3986::{PCHAR, SEGMENT_NZ_NC, SUB_DELIMS, UNRESERVED};
use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
use crate::table::Table;
pub(crate) use crate::values::pct::{encode_chars, encode_octets};

/// A component of an RFC 3986 URI or an RFC 3987 IRI that data is written into, named after
/// RFC 3986's production (RFC 3987's is the same with an `i` before it: `isegment`, `iquery`).
/// Each has its own characters that delimit, so the same data encodes differently in each
/// ([`encode`](crate::rfc3986::encode)).
///
/// ```
/// use urigram::rfc3986::{Component, encode};
/// let e = |c| encode("a/b:c;d=e,f?g@h&i j", c);
/// assert_eq!(e(Component::Userinfo), "a%2Fb%3Ac;d=e,f%3Fg%40h&i%20j");
/// assert_eq!(e(Component::RegName), "a%2Fb%3Ac;d=e,f%3Fg%40h&i%20j");
/// assert_eq!(e(Component::Segment), "a%2Fb:c%3Bd%3De%2Cf%3Fg@h&i%20j");
/// assert_eq!(e(Component::SegmentNzNc), "a%2Fb%3Ac%3Bd%3De%2Cf%3Fg@h&i%20j");
/// assert_eq!(e(Component::Query), "a/b:c%3Bd%3De%2Cf?g@h%26i%20j");
/// assert_eq!(e(Component::Fragment), "a/b:c%3Bd%3De%2Cf?g@h%26i%20j");
/// assert_eq!(Component::SegmentNzNc.to_string(), "segment-nz-nc");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (section 3.2.1). Its
    /// `:` separates a user name from a password in the deprecated `user:password` form
    /// (rfc3986.txt:982), so it is encoded; the `sub-delims` stand for themselves.
    Userinfo,
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )` (section 3.2.2): a host name.
    RegName,
    /// One path `segment = *pchar` (section 3.3). Its `;`, `=` and `,` are encoded: "often
    /// used to delimit parameters and parameter values applicable to that segment"
    /// (rfc3986.txt:1268-1271).
    Segment,
    /// `segment-nz-nc` (section 3.3): the first segment of a relative path, where a `:` would
    /// read as the end of a scheme (rfc3986.txt:1445-1448): as [`Segment`](Component::Segment),
    /// and `:` encoded too.
    SegmentNzNc,
    /// `query = *( pchar / "/" / "?" )` (section 3.4): `/` and `?` "may represent data
    /// within the query component" (rfc3986.txt:1297); the `sub-delims`, which query
    /// conventions use to delimit (`&`, `=`, `+`, `;`), are encoded.
    Query,
    /// `fragment = *( pchar / "/" / "?" )` (section 3.5), with the data of a query.
    Fragment,
}

/// The `sub-delims` a segment's parameters use (rfc3986.txt:1268-1271).
const SEGMENT_DELIMS: Table = Table::chars(";=,");

impl Component {
    /// Every component, in the order of the grammar.
    pub const ALL: &'static [Component] = &[
        Component::Userinfo,
        Component::RegName,
        Component::Segment,
        Component::SegmentNzNc,
        Component::Query,
        Component::Fragment,
    ];

    /// RFC 3986's name of the production: `userinfo`, `reg-name`, `segment`, `segment-nz-nc`,
    /// `query`, `fragment`.
    ///
    /// ```
    /// assert_eq!(urigram::rfc3986::Component::RegName.name(), "reg-name");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Userinfo => "userinfo",
            Component::RegName => "reg-name",
            Component::Segment => "segment",
            Component::SegmentNzNc => "segment-nz-nc",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The US-ASCII characters that stand for themselves as data in the component.
    pub(crate) const fn data(self) -> Table {
        match self {
            Component::Userinfo | Component::RegName => UNRESERVED.or(SUB_DELIMS),
            Component::Segment => PCHAR.minus(SEGMENT_DELIMS),
            Component::SegmentNzNc => SEGMENT_NZ_NC.minus(SEGMENT_DELIMS),
            Component::Query | Component::Fragment => UNRESERVED.or(Table::chars(":@/?")),
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Encode `data` (octets; a `&str` is its UTF-8) for the RFC 3986 `component`: every octet
/// that does not stand for itself in it becomes `%HH`, with upper-case hex digits (section
/// 2.1). The result is a string of the component's production that decodes to `data`: for
/// [`Component::SegmentNzNc`], a non-empty `data` is needed (the production has `1*`).
///
/// ```
/// use urigram::rfc3986::{Component, encode};
/// assert_eq!(encode("a/b c;v=1", Component::Segment), "a%2Fb%20c%3Bv%3D1");
/// assert_eq!(encode("this:that", Component::Segment), "this:that");
/// assert_eq!(encode("this:that", Component::SegmentNzNc), "this%3Athat");
/// assert_eq!(encode("x=1&y=é/z?", Component::Query), "x%3D1%26y%3D%C3%A9/z?");
/// assert_eq!(encode([0u8, 0xFF], Component::Fragment), "%00%FF");
/// // What it makes reads back as the data.
/// let p = urigram::rfc3986::UriReference::parse("http://a/").unwrap();
/// let u = p.join(&format!("/{}", encode("a b/c", Component::Segment))).unwrap();
/// assert_eq!(u.path_segments().next().unwrap().decode_utf8().unwrap(), "a b/c");
/// ```
pub fn encode_uri(data: impl AsRef<[u8]>, component: Component) -> String {
    encode_octets(data.as_ref(), component.data())
}

/// Encode `data` for the RFC 3987 `component` (`iuserinfo`, `isegment` ... `iquery`,
/// `ifragment`): as RFC 3986's [`encode`](crate::rfc3986::encode), but a character of
/// `ucschar` (and, in a query, of `iprivate`: rfc3987.txt:429) stays as it is, since an IRI
/// writes it plainly. Any other octet that is not data, and the bidirectional formatting
/// characters that an IRI must not hold though `ucschar` has them (section 4.1,
/// rfc3987.txt:974-975), become the `%HH` of their UTF-8 octets, as section 3.1 maps them.
///
/// ```
/// use urigram::rfc3987::{Component, encode};
/// assert_eq!(encode("résumé 1/2", Component::Segment), "résumé%201%2F2");
/// assert_eq!(encode("\u{e000}", Component::Query), "\u{e000}"); // `iprivate`
/// assert_eq!(encode("\u{e000}", Component::Fragment), "%EE%80%80"); // only in `iquery`
/// assert_eq!(encode("a\u{202e}b", Component::Fragment), "a%E2%80%AEb"); // RLO
/// assert_eq!(encode([b'a', 0xE9], Component::Query), "a%E9"); // not UTF-8: octets
/// ```
pub fn encode_iri(data: impl AsRef<[u8]>, component: Component) -> String {
    let private = matches!(component, Component::Query);
    encode_chars(data.as_ref(), component.data(), |c| {
        (is_ucschar(c) || (private && is_iprivate(c))) && !crate::values::pct::is_bidi_format(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grammar;

    /// What each encoder makes is a string of the component's production, for every octet
    /// and for characters at the edges of `ucschar` and `iprivate`; and it decodes back.
    #[test]
    fn encoded_data_is_a_string_of_the_production() {
        let mut data: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
        data.push((0..=255u8).collect());
        for &c in urigram_testkit::IRI_EDGES {
            data.push(format!("a{c}b").into_bytes());
        }
        for c in ['\u{200E}', '\u{2066}', '\u{FFFE}', '\u{E000}', '\u{10FFFD}'] {
            data.push(c.to_string().into_bytes());
        }
        for d in &data {
            for &c in Component::ALL {
                if d.is_empty() {
                    continue;
                }
                let (uri, iri) = (encode_uri(d, c), encode_iri(d, c));
                let rule = c.name();
                let irule = format!("i{rule}");
                let irule = if c == Component::RegName {
                    "ireg-name"
                } else {
                    &irule
                };
                assert!(Grammar::Rfc3986.check(rule, &uri).is_ok(), "{rule} {uri:?}");
                assert!(
                    Grammar::Rfc3987.check(irule, &iri).is_ok(),
                    "{irule} {iri:?}"
                );
                let back = crate::rfc2396::decode(&uri, crate::rfc2396::Component::Query);
                assert_eq!(back.as_deref(), Ok(&d[..]));
                if d.is_ascii() {
                    assert_eq!(
                        iri, uri,
                        "US-ASCII data encodes the same in a URI and an IRI"
                    );
                }
                assert!(!iri.chars().any(crate::values::pct::is_bidi_format));
            }
        }
    }
}
