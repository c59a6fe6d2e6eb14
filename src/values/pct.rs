//! The `%HH` of an octet and the encoders over a table, with no grammar beneath them: what
//! every spec's escaping uses (RFC 2396's `encode`, RFC 3987's mapping, [`super::escape`]).

use crate::table::Table;

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `"%" HEXDIG HEXDIG` for the octet `b`, with upper-case digits (RFC 3986 section 2.1,
/// rfc3986.txt:652-654: "URI producers and normalizers should use uppercase hexadecimal
/// digits for all percent-encodings"; RFC 2396 allows either).
pub(crate) fn push_escape(out: &mut String, b: u8) {
    out.push('%');
    out.push(char::from(UPPER_HEX[usize::from(b >> 4)]));
    out.push(char::from(UPPER_HEX[usize::from(b & 15)]));
}

/// Every octet of `data` outside `keep` (a set of US-ASCII characters) as `%HH`.
pub(crate) fn encode_octets(data: &[u8], keep: Table) -> String {
    let mut out = String::with_capacity(data.len());
    for &b in data {
        if keep.contains(b) {
            out.push(char::from(b));
        } else {
            push_escape(&mut out, b);
        }
    }
    out
}

/// [`encode_octets`], but a character outside US-ASCII for which `admits` holds (a UTF-8
/// sequence of `data`) stays as it is: the encoder of IRI components.
pub(crate) fn encode_chars(data: &[u8], keep: Table, admits: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(data.len());
    for chunk in data.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_ascii() {
                if keep.contains(c as u8) {
                    out.push(c);
                } else {
                    push_escape(&mut out, c as u8);
                }
            } else if admits(c) {
                out.push(c);
            } else {
                let mut buf = [0u8; 4];
                for &b in c.encode_utf8(&mut buf).as_bytes() {
                    push_escape(&mut out, b);
                }
            }
        }
        for &b in chunk.invalid() {
            push_escape(&mut out, b);
        }
    }
    out
}

/// The normal form of a component's escapes, where RFC 2396 (section 6 and 2.4.2) and RFC 3986
/// (sections 6.2.2.1 and 6.2.2.2) agree: every `%HH` of a character of `unreserved` (the
/// spec's set) decoded, every other with upper-case hex digits; with `lower`, every other
/// US-ASCII letter, and every decoded one, in lower case (a host, RFC 3986 section 6.2.2.1).
/// A `%` not followed by two hex digits (only in a text no grammar read) is left as it is.
pub(crate) fn normalize_escapes(text: &str, unreserved: Table, lower: bool) -> String {
    fn hex(b: Option<&u8>) -> Option<u8> {
        char::from(*b?).to_digit(16).map(|d| d as u8)
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut i = 0;
    let copy = |out: &mut String, s: &str| {
        if lower {
            out.push_str(&s.to_ascii_lowercase());
        } else {
            out.push_str(s);
        }
    };
    while let Some(k) = text[i..].find('%') {
        i += k;
        if let (Some(h), Some(l)) = (hex(b.get(i + 1)), hex(b.get(i + 2))) {
            copy(&mut out, &text[last..i]);
            let c = h << 4 | l;
            if unreserved.contains(c) {
                out.push(char::from(if lower { c.to_ascii_lowercase() } else { c }));
            } else {
                push_escape(&mut out, c);
            }
            i += 3;
            last = i;
        } else {
            i += 1;
        }
    }
    copy(&mut out, &text[last..]);
    out
}

/// `encoders!(module)`, in a spec module that has `encode` and `Component`: the encoder of each
/// component by the name a `url` or `percent-encoding` user looks for, each the module's
/// `encode` with that component.
macro_rules! encoders {
    ($module:ident) => {
        /// Data escaped as one path segment (`/` too): `encode(data, Component::Segment)`.
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::encode_path_segment;")]
        /// assert_eq!(encode_path_segment("a b/c"), "a%20b%2Fc");
        /// ```
        pub fn encode_path_segment(data: impl AsRef<[u8]>) -> String {
            encode(data, Component::Segment)
        }

        /// Data escaped as a query (`&`, `=` and `+` too: for `name=value` pairs, see
        /// `form_encode`): `encode(data, Component::Query)`.
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::encode_query;")]
        /// assert_eq!(encode_query("a b&c=d"), "a%20b%26c%3Dd");
        /// ```
        pub fn encode_query(data: impl AsRef<[u8]>) -> String {
            encode(data, Component::Query)
        }

        /// Data escaped as a fragment: `encode(data, Component::Fragment)`.
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::encode_fragment;")]
        /// assert_eq!(encode_fragment("sec 1#2"), "sec%201%232");
        /// ```
        pub fn encode_fragment(data: impl AsRef<[u8]>) -> String {
            encode(data, Component::Fragment)
        }

        /// Data escaped as a userinfo (`:` and `@` too): `encode(data, Component::Userinfo)`.
        ///
        /// ```
        #[doc = concat!("use urigram::", stringify!($module), "::encode_userinfo;")]
        /// assert_eq!(encode_userinfo("j@ne:pw"), "j%40ne%3Apw");
        /// ```
        pub fn encode_userinfo(data: impl AsRef<[u8]>) -> String {
            encode(data, Component::Userinfo)
        }
    };
}

pub(crate) use encoders;

/// The bidirectional formatting characters that an IRI must not hold (section 4.1,
/// rfc3987.txt:974-975): LRM, RLM, LRE, RLE, PDF, LRO and RLO; and the four isolates LRI, RLI,
/// FSI and PDI (U+2066-U+2069), bidirectional formatting characters that Unicode 6.3 added
/// after the RFC was written, which change the rendering of the text around them in the same
/// way ("it would therefore not be possible to input an IRI with such characters correctly",
/// rfc3987.txt:977-978).
pub(crate) fn is_bidi_format(c: char) -> bool {
    matches!(
        c,
        '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}
