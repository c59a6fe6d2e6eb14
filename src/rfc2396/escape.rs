//! Escaping (RFC 2396 section 2.4): encoding octets into a component and decoding a
//! component back to octets, each with the component's own set of characters.
//!
//! Section 2.4.2 (rfc2396.txt:495-528): escapes can only be made or undone safely per
//! component, because each component reserves its own characters. For each [`Component`] this
//! module uses two sets:
//!
//! - the characters the grammar allows in it literally ([`Component::allowed`]: the tables of
//!   [`crate::grammar::rfc2396`], `USERINFO`, `REG_NAME`, `PCHAR`, `REL_SEGMENT`, `URIC`);
//! - of those, the ones that stand for themselves as data ([`Component::data`]): the allowed
//!   set minus the characters section 3 names as reserved within the component
//!   (rfc2396.txt:669, 776, 798), or just `unreserved` where the spec leaves the meaning of
//!   reserved characters to the scheme or the media type (query, fragment, opaque part).
//!
//! [`encode`] escapes every octet outside the data set, so the result is always a valid
//! component that means exactly the octets given. [`decode`] undoes every escape (the raw
//! octets). [`decode_safe`] undoes only the escapes of data characters, keeping `%2F` in a path
//! segment as `%2F`, so its result is still the same component with the same meaning.
//! [`decode_utf8`] is the raw decode read as UTF-8 text, borrowing when nothing is escaped; a
//! parsed component decodes the same way with [`Part::decode`], [`Part::decode_utf8`] and
//! [`Part::decode_utf8_lossy`] (the names of the `percent-encoding` crate's
//! `percent_decode_str(..).decode_utf8()`). Which charset the octets are in is the scheme's
//! business (section 2.1): UTF-8 is an assumption of the caller, which these names state.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use crate::grammar::rfc2396::{HEX, PCHAR, REG_NAME, REL_SEGMENT, UNRESERVED, URIC, USERINFO};
use crate::part::Part;
use crate::table::Table;
use crate::values::pct::{encode_octets, push_escape};

/// A component of a URI that may hold escapes, named after its production. Each reserves its
/// own characters, so the same data encodes differently in each ([`encode`]).
///
/// ```
/// use urigram::rfc2396::{Component, encode};
/// let e = |c| encode("a/b:c;d=e?f@g", c);
/// assert_eq!(e(Component::Userinfo), "a%2Fb%3Ac%3Bd=e%3Ff%40g");
/// assert_eq!(e(Component::RegName), "a%2Fb%3Ac%3Bd=e%3Ff%40g");
/// assert_eq!(e(Component::Segment), "a%2Fb:c%3Bd%3De%3Ff@g");
/// assert_eq!(e(Component::RelSegment), "a%2Fb%3Ac%3Bd%3De%3Ff@g");
/// assert_eq!(e(Component::Param), "a%2Fb:c%3Bd%3De%3Ff@g");
/// assert_eq!(e(Component::Query), "a%2Fb%3Ac%3Bd%3De%3Ff%40g");
/// assert_eq!(e(Component::Fragment), "a%2Fb%3Ac%3Bd%3De%3Ff%40g");
/// assert_eq!(e(Component::OpaquePart), "a%2Fb%3Ac%3Bd%3De%3Ff%40g");
/// assert_eq!(Component::RelSegment.name(), "rel_segment");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// `userinfo` (section 3.2.2). Reserved within it: `;` `:` `@` `?` `/` (section 3.2).
    Userinfo,
    /// `reg_name` (section 3.2.1). Reserved within it: `;` `:` `@` `?` `/` (section 3.2).
    RegName,
    /// One path `segment` without its parameters: `*pchar` (section 3.3). Reserved within a
    /// segment: `/` `;` `=` `?`.
    Segment,
    /// The first segment of a relative path, `rel_segment` (section 5): as [`Segment`], but
    /// `:` is not allowed literally (it would read as a scheme, rfc2396.txt:947-961).
    ///
    /// [`Segment`]: Component::Segment
    RelSegment,
    /// A segment's `param`: `*pchar` (section 3.3), with the reserved characters of a segment.
    Param,
    /// `query = *uric` (section 3.4). Every `reserved` character is reserved within it.
    Query,
    /// `fragment = *uric` (section 4.1). Its structure belongs to the media type, so every
    /// `reserved` character keeps its reserved purpose (section 2.2).
    Fragment,
    /// `opaque_part` (section 3). Its structure belongs to the scheme, so every `reserved`
    /// character keeps its reserved purpose.
    OpaquePart,
}

/// Reserved within the authority (section 3.2, rfc2396.txt:666).
const AUTHORITY_RESERVED: Table = Table::chars(";:@?/");
/// Reserved within a path segment (section 3.3, rfc2396.txt:775).
const SEGMENT_RESERVED: Table = Table::chars("/;=?");

impl Component {
    /// Every component, in the order of the grammar.
    pub const ALL: &'static [Component] = &[
        Component::Userinfo,
        Component::RegName,
        Component::Segment,
        Component::RelSegment,
        Component::Param,
        Component::Query,
        Component::Fragment,
        Component::OpaquePart,
    ];

    /// The production's name: `userinfo`, `reg_name`, `segment` ...
    ///
    /// ```
    /// assert_eq!(urigram::rfc2396::Component::RegName.name(), "reg_name");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Userinfo => "userinfo",
            Component::RegName => "reg_name",
            Component::Segment => "segment",
            Component::RelSegment => "rel_segment",
            Component::Param => "param",
            Component::Query => "query",
            Component::Fragment => "fragment",
            Component::OpaquePart => "opaque_part",
        }
    }

    /// Whether the grammar allows the character `c` literally in the component (its
    /// `escaped` aside).
    ///
    /// ```
    /// use urigram::rfc2396::Component;
    /// assert!(Component::Segment.allows(b':'));
    /// assert!(!Component::RelSegment.allows(b':'));
    /// assert!(!Component::Segment.allows(b'/'));
    /// assert!(!Component::Segment.allows(0xC3)); // nothing outside US-ASCII
    /// ```
    pub const fn allows(self, c: u8) -> bool {
        self.allowed().contains(c)
    }

    /// Whether the character `c` stands for itself as data in the component: [`encode`]
    /// leaves it as it is and [`decode_safe`] decodes its escape. Every character of
    /// `unreserved` does; the others are a subset of [`allows`](Component::allows).
    ///
    /// ```
    /// use urigram::rfc2396::Component;
    /// assert_eq!((0..=255u8).filter(|&c| Component::Segment.is_data(c)).count(), 71 + 6);
    /// assert!(Component::Segment.is_data(b'@'));
    /// assert!(!Component::Segment.is_data(b'='));
    /// assert!(!Component::Query.is_data(b'&'));
    /// ```
    pub const fn is_data(self, c: u8) -> bool {
        self.data().contains(c)
    }

    /// The single characters the grammar allows in the component (its `escaped` aside).
    pub(crate) const fn allowed(self) -> Table {
        match self {
            Component::Userinfo => USERINFO,
            Component::RegName => REG_NAME,
            Component::Segment | Component::Param => PCHAR,
            Component::RelSegment => REL_SEGMENT,
            Component::Query | Component::Fragment | Component::OpaquePart => URIC,
        }
    }

    /// The characters that stand for themselves as data in the component.
    pub(crate) const fn data(self) -> Table {
        match self {
            Component::Userinfo | Component::RegName => self.allowed().minus(AUTHORITY_RESERVED),
            Component::Segment | Component::RelSegment | Component::Param => {
                self.allowed().minus(SEGMENT_RESERVED)
            }
            Component::Query | Component::Fragment | Component::OpaquePart => UNRESERVED,
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A component text that does not decode: a `%` not followed by two hex digits, or a
/// character the component does not allow. Ranges are byte ranges of the text given.
///
/// ```
/// use urigram::rfc2396::{Component, EscapeError, decode_utf8};
/// let e = decode_utf8("Los%2GAngeles", Component::Segment).unwrap_err();
/// assert!(matches!(e, EscapeError::BadEscape { ref text, .. } if text == "%2G"));
/// let e = decode_utf8("Los Angeles", Component::Segment).unwrap_err();
/// assert!(matches!(e, EscapeError::NotAllowed { found: ' ', component: Component::Segment, .. }));
/// let e = decode_utf8("Los%E9Angeles", Component::Segment).unwrap_err(); // Latin-1 é
/// assert!(matches!(e, EscapeError::InvalidUtf8 { ref text, .. } if text == "%E9"));
/// assert_eq!(e.range(), 3..6);
/// assert_eq!(e.to_string(), "the octets of \"%E9\" at bytes 3..6 are not UTF-8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EscapeError {
    /// `escaped = "%" hex hex` (section 2.4.1, rfc2396.txt:1526) does not match at `range`:
    /// the `%` and what follows it up to and including the first character that is not a
    /// `hex`, or up to the end of the text.
    #[error("bad escape {text:?} at bytes {}..{}: expected \"%\" hex hex (rfc2396.txt:1526)", range.start, range.end)]
    BadEscape {
        /// The byte range of the bad escape.
        range: Range<usize>,
        /// Its text.
        text: String,
    },
    /// A character the component allows neither literally nor as part of an escape.
    #[error("{found:?} at byte {} is not allowed in {component}", range.start)]
    NotAllowed {
        /// The byte range of the character.
        range: Range<usize>,
        /// The character.
        found: char,
        /// The component.
        component: Component,
    },
    /// The decoded octets are not UTF-8 (for the `decode_utf8` functions): `range` is the text
    /// of the escapes whose octets make the first invalid sequence (to the end of the text
    /// when the sequence is cut short).
    #[error("the octets of {text:?} at bytes {}..{} are not UTF-8", range.start, range.end)]
    InvalidUtf8 {
        /// The byte range, in the text given, of the escapes of the invalid sequence.
        range: Range<usize>,
        /// Its text.
        text: String,
    },
}

impl EscapeError {
    /// The byte range of the offending text.
    ///
    /// ```
    /// let e = urigram::rfc2396::decode("a%4g", urigram::rfc2396::Component::Query).unwrap_err();
    /// assert_eq!(e.range(), 1..4);
    /// ```
    pub fn range(&self) -> Range<usize> {
        match self {
            EscapeError::BadEscape { range, .. }
            | EscapeError::NotAllowed { range, .. }
            | EscapeError::InvalidUtf8 { range, .. } => range.clone(),
        }
    }
}

/// Encode `data` for `component`: every octet that does not stand for itself in the component
/// becomes `"%" hex hex`
/// with upper-case hex digits (section 2.4.1). The result is a valid string of the component
/// (for [`Component::RelSegment`], a non-empty `data` is needed: `rel_segment` has `1*`).
///
/// ```
/// use urigram::rfc2396::{Component, encode};
/// assert_eq!(encode("a/b c;d=e", Component::Segment), "a%2Fb%20c%3Bd%3De");
/// assert_eq!(encode("this:that", Component::Segment), "this:that");
/// assert_eq!(encode("this:that", Component::RelSegment), "this%3Athat");
/// assert_eq!(encode("x=1&y=é", Component::Query), "x%3D1%26y%3D%C3%A9");
/// assert_eq!(encode([0u8, 0xFF], Component::Fragment), "%00%FF");
/// ```
pub fn encode(data: impl AsRef<[u8]>, component: Component) -> String {
    encode_octets(data.as_ref(), component.data())
}

crate::values::pct::encoders!(rfc2396);

/// One piece of a component's text.
enum Piece {
    /// A single allowed character (ASCII).
    Char(u8),
    /// An escape and the octet it stands for.
    Escape(u8),
}

/// Walk `text` as a string of `component`, one character or escape at a time.
fn pieces(
    text: &str,
    component: Component,
    each: impl FnMut(Piece, Range<usize>),
) -> Result<(), EscapeError> {
    walk(text, Some(component), each)
}

/// Walk `text` one byte or escape at a time; with a component, check that every character is
/// allowed in it. Without one, every byte that does not begin an escape is a `Piece::Char`.
fn walk(
    text: &str,
    component: Option<Component>,
    mut each: impl FnMut(Piece, Range<usize>),
) -> Result<(), EscapeError> {
    let b = text.as_bytes();
    let allowed = component.map(Component::allowed);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            let mut end = i + 1;
            while end < i + 3 && end < b.len() && HEX.contains(b[end]) {
                end += 1;
            }
            if end < i + 3 {
                // Include the offending character, if any, whole.
                if let Some(ch) = text[end..].chars().next() {
                    end += ch.len_utf8();
                }
                return Err(EscapeError::BadEscape {
                    range: i..end,
                    text: text[i..end].to_string(),
                });
            }
            each(
                Piece::Escape(hex_value(b[i + 1]) << 4 | hex_value(b[i + 2])),
                i..end,
            );
            i = end;
        } else if let (Some(allowed), Some(component)) = (allowed, component)
            && !allowed.contains(c)
        {
            let found = text[i..].chars().next().unwrap_or('\u{FFFD}');
            return Err(EscapeError::NotAllowed {
                range: i..i + found.len_utf8(),
                found,
                component,
            });
        } else {
            each(Piece::Char(c), i..i + 1);
            i += 1;
        }
    }
    Ok(())
}

fn hex_value(h: u8) -> u8 {
    match h {
        b'0'..=b'9' => h - b'0',
        b'a'..=b'f' => h - b'a' + 10,
        b'A'..=b'F' => h - b'A' + 10,
        _ => 0,
    }
}

/// The raw octet decode: check that `text` is a string of `component` and decode every escape
/// into its octet (section 2.4.1). The octets are what the component's characters represent
/// (section 2.1); what they mean as characters depends on the scheme's charset.
///
/// This decodes reserved characters too: `a%2Fb` and `a/b` give the same octets, though as
/// path segments they differ. See [`decode_safe`] for a decode that keeps the meaning.
///
/// ```
/// use urigram::rfc2396::{Component, EscapeError, decode};
/// assert_eq!(decode("a%2Fb%20c", Component::Segment).unwrap(), b"a/b c");
/// assert_eq!(decode("%C3%A9", Component::Query).unwrap(), "é".as_bytes());
///
/// let e = decode("ok%zz", Component::Query).unwrap_err();
/// assert_eq!(e.range(), 2..4);
/// let e = decode("a/b", Component::Segment).unwrap_err();
/// assert!(matches!(e, EscapeError::NotAllowed { found: '/', .. }));
/// assert_eq!(e.range(), 1..2);
/// ```
pub fn decode(text: &str, component: Component) -> Result<Vec<u8>, EscapeError> {
    let mut out = Vec::with_capacity(text.len());
    pieces(text, component, |p, _| match p {
        Piece::Char(c) | Piece::Escape(c) => out.push(c),
    })?;
    Ok(out)
}

/// The raw decode of `text` (checked as a string of `component` when one is given) without
/// copying when it holds no `%`.
fn decode_cow(text: &str, component: Option<Component>) -> Result<Cow<'_, [u8]>, EscapeError> {
    if !text.as_bytes().contains(&b'%') {
        if let Some(c) = component {
            walk(text, Some(c), |_, _| {})?;
        }
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    let mut out = Vec::with_capacity(text.len());
    walk(text, component, |p, _| match p {
        Piece::Char(c) | Piece::Escape(c) => out.push(c),
    })?;
    Ok(Cow::Owned(out))
}

/// The decoded octets as UTF-8, or the error that names the escapes of the first invalid
/// sequence in `text`.
fn to_utf8<'t>(text: &'t str, octets: Cow<'t, [u8]>) -> Result<Cow<'t, str>, EscapeError> {
    let e = match octets {
        // Nothing was escaped: the text itself.
        Cow::Borrowed(_) => return Ok(Cow::Borrowed(text)),
        Cow::Owned(v) => match String::from_utf8(v) {
            Ok(s) => return Ok(Cow::Owned(s)),
            Err(e) => e.utf8_error(),
        },
    };
    let first = e.valid_up_to();
    let last = e.error_len().map(|n| first + n);
    // The octets' positions in the text: the n-th octet comes from the n-th piece.
    let (mut start, mut end, mut n) = (text.len(), text.len(), 0);
    let _ = walk(text, None, |_, r| {
        if n == first {
            start = r.start;
        }
        if Some(n + 1) == last {
            end = r.end;
        }
        n += 1;
    });
    Err(EscapeError::InvalidUtf8 {
        range: start..end,
        text: text[start..end].to_string(),
    })
}

/// The raw decode as text: check that `text` is a string of `component`, decode every escape
/// (as [`decode`]), and read the octets as UTF-8. Borrows `text` when it holds no escape. The
/// error names the bytes of a bad escape, of a character the component does not allow, or of
/// the escapes whose octets are not UTF-8.
///
/// As for [`decode`], reserved characters are decoded too: `a%2Fb` gives `a/b`.
///
/// ```
/// use std::borrow::Cow;
/// use urigram::rfc2396::{Component, EscapeError, decode_utf8};
/// assert_eq!(decode_utf8("caf%C3%A9%20x", Component::Query).unwrap(), "café x");
/// assert!(matches!(decode_utf8("plain", Component::Query).unwrap(), Cow::Borrowed("plain")));
///
/// let e = decode_utf8("ok%C3%28", Component::Query).unwrap_err();
/// assert!(matches!(e, EscapeError::InvalidUtf8 { .. }));
/// assert_eq!(e.range(), 2..5); // %C3 begins a sequence that %28 does not continue
/// assert_eq!(decode_utf8("a%E2%82", Component::Query).unwrap_err().range(), 1..7);
/// assert_eq!(decode_utf8("a%2", Component::Query).unwrap_err().range(), 1..3);
/// ```
pub fn decode_utf8(text: &str, component: Component) -> Result<Cow<'_, str>, EscapeError> {
    to_utf8(text, decode_cow(text, Some(component))?)
}

/// Decoding a parsed component (RFC 2396 section 2.4.1). The grammar has checked the
/// component's characters; these decode every escape, reserved characters included (`%2F`
/// gives `/`), so decode one component at a time (section 2.4.2): a query, a fragment, one
/// [`Segment`](crate::rfc2396::Segment) of a path. Error ranges count from the start of the
/// whole parsed text, as [`Part::range`] does.
impl<'a> Part<'a> {
    /// Every escape decoded into its octet. Borrows when nothing is escaped. An error only
    /// for a part made by hand that holds a `%` not followed by two hex
    /// digits: the grammar accepts no such text.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/%FF?q").unwrap();
    /// assert_eq!(u.path().as_part().decode().unwrap(), &b"/\xFF"[..]);
    /// ```
    pub fn decode(&self) -> Result<Cow<'a, [u8]>, EscapeError> {
        decode_cow(self.as_str(), None).map_err(|e| self.shift(e))
    }

    /// Every escape decoded, and the octets read as UTF-8; borrows when nothing is escaped.
    /// The `fluent-uri` crate calls this `decode().into_string()`, the `percent-encoding`
    /// crate `percent_decode_str(s).decode_utf8()`.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/?caf%C3%A9%20x#%FF").unwrap();
    /// assert_eq!(u.query().unwrap().decode_utf8().unwrap(), "café x");
    /// let e = u.fragment().unwrap().decode_utf8().unwrap_err();
    /// assert_eq!(e.range(), 24..27); // in the whole text
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        let text = self.as_str();
        decode_cow(text, None)
            .and_then(|o| to_utf8(text, o))
            .map_err(|e| self.shift(e))
    }

    /// Every escape decoded, the octets read as UTF-8 with each invalid sequence replaced by
    /// U+FFFD, and a `%` that begins no escape kept as it is (only in a part made by hand).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/#caf%C3%A9%FF").unwrap();
    /// assert_eq!(u.fragment().unwrap().decode_utf8_lossy(), "café\u{FFFD}");
    /// ```
    pub fn decode_utf8_lossy(&self) -> Cow<'a, str> {
        lossy(self.as_str())
    }

    fn shift(&self, e: EscapeError) -> EscapeError {
        let k = self.start();
        let at = |r: Range<usize>| r.start + k..r.end + k;
        match e {
            EscapeError::BadEscape { range, text } => EscapeError::BadEscape {
                range: at(range),
                text,
            },
            EscapeError::NotAllowed {
                range,
                found,
                component,
            } => EscapeError::NotAllowed {
                range: at(range),
                found,
                component,
            },
            EscapeError::InvalidUtf8 { range, text } => EscapeError::InvalidUtf8 {
                range: at(range),
                text,
            },
        }
    }
}

/// Every valid escape decoded, other `%` kept, the octets read as UTF-8 lossily.
pub(crate) fn lossy(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    if !b.contains(&b'%') {
        return Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() && HEX.contains(b[i + 1]) && HEX.contains(b[i + 2]) {
            out.push(hex_value(b[i + 1]) << 4 | hex_value(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// The normalizing decode: check that `text` is a string of `component`, decode the escapes of
/// the characters that stand for themselves in it, and write every
/// other escape with upper-case hex digits. Reserved characters stay escaped where decoding
/// them would change the meaning (`%2F` in a path segment), and so do octets that are not
/// allowed literally (`%20`, non-ASCII). The result is a string of the same component with
/// the same meaning, and decoding it with [`decode`] gives the same octets.
///
/// ```
/// use urigram::rfc2396::{Component, decode_safe};
/// assert_eq!(decode_safe("%7euser%2fb%3Bc%41%20", Component::Segment).unwrap(), "~user%2Fb%3BcA%20");
/// assert_eq!(decode_safe("a%3Ab", Component::Segment).unwrap(), "a:b");
/// assert_eq!(decode_safe("a%3Ab", Component::RelSegment).unwrap(), "a%3Ab");
/// assert_eq!(decode_safe("q%3d1%26r", Component::Query).unwrap(), "q%3D1%26r");
/// assert_eq!(decode_safe("a b", Component::Query).unwrap_err().range(), 1..2);
/// ```
pub fn decode_safe(text: &str, component: Component) -> Result<String, EscapeError> {
    let data = component.data();
    let mut out = String::with_capacity(text.len());
    pieces(text, component, |p, _| match p {
        Piece::Char(c) => out.push(char::from(c)),
        Piece::Escape(c) if data.contains(c) => out.push(char::from(c)),
        Piece::Escape(c) => push_escape(&mut out, c),
    })?;
    Ok(out)
}

/// Section 6 and 2.4.2: the escapes of `unreserved` characters decoded, every other escape in
/// upper-case hex; everything else as it is. `text` is a component that the grammar accepted.
pub(crate) fn normalize_escapes(text: &str) -> String {
    crate::values::pct::normalize_escapes(text, UNRESERVED, false)
}

// The escapes of the values of `uri.rs`, decoded.

impl<'a> crate::rfc2396::Authority<'a> {
    /// The whole authority with every escape decoded, read as UTF-8 ([`Part::decode_utf8`]):
    /// for a `reg_name`, or a userinfo, which may hold escapes. Borrows when nothing is
    /// escaped.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("foo://caf%C3%A9/").unwrap();
    /// assert_eq!(u.authority().unwrap().decode_utf8().unwrap(), "café");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.as_part().decode_utf8()
    }
}

impl<'a> crate::rfc2396::Server<'a> {
    /// The whole server text with every escape decoded (a userinfo may hold escapes), read
    /// as UTF-8 ([`Part::decode_utf8`]). Borrows when nothing is escaped.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("ftp://J%C3%BCrgen@a/").unwrap();
    /// let s = u.authority().unwrap().server().unwrap();
    /// assert_eq!(s.decode_utf8().unwrap(), "Jürgen@a");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
    }
}

impl<'a> crate::rfc2396::Host<'a> {
    /// The host as text. A `host` holds no escapes in RFC 2396 (`hostname` is letters,
    /// digits, `-` and `.`), so this always borrows the text and never fails; it is here so
    /// that every component type decodes the same way.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://Example.COM/").unwrap();
    /// assert_eq!(u.host().unwrap().decode_utf8().unwrap(), "Example.COM");
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
    }
}

impl<'a> crate::rfc2396::Path<'a> {
    /// The whole path with every escape decoded, read as UTF-8 ([`Part::decode_utf8`]).
    /// Borrows when nothing is escaped. A decoded `%2F` is a `/` like the separators, so
    /// decode [`Path::segments`](crate::rfc2396::Path::segments) one at a time to keep them apart (section 2.4.2).
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/caf%C3%A9/a%2Fb").unwrap();
    /// assert_eq!(u.path().decode_utf8().unwrap(), "/café/a/b");
    /// let segs: Vec<_> = u.path().segments().map(|s| s.decode_utf8().unwrap()).collect();
    /// assert_eq!(segs, ["café", "a/b"]);
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.text.decode_utf8()
    }
}

impl<'a> crate::rfc2396::Segment<'a> {
    /// The whole segment, parameters included, with every escape decoded and read as UTF-8
    /// ([`Part::decode_utf8`]). Borrows when nothing is escaped. The error's range counts
    /// from the start of the parsed text.
    ///
    /// ```
    /// let u = urigram::rfc2396::UriReference::parse("http://a/caf%C3%A9;v=1/%FF").unwrap();
    /// let mut s = u.path().segments();
    /// assert_eq!(s.next().unwrap().decode_utf8().unwrap(), "café;v=1");
    /// assert_eq!(s.next().unwrap().decode_utf8().unwrap_err().range(), 23..26);
    /// ```
    pub fn decode_utf8(&self) -> Result<Cow<'a, str>, EscapeError> {
        self.0.decode_utf8()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_sets_are_allowed_and_hold_unreserved() {
        for &c in Component::ALL {
            assert_eq!(c.data().minus(c.allowed()), Table::EMPTY, "{c}");
            assert_eq!(UNRESERVED.minus(c.data()), Table::EMPTY, "{c}");
            assert!(!c.allowed().contains(b'%'), "{c}");
        }
        assert_eq!(
            Component::Userinfo.data().minus(UNRESERVED).members(),
            "$&+,="
        );
        assert_eq!(
            Component::RegName.data().minus(UNRESERVED).members(),
            "$&+,="
        );
        assert_eq!(
            Component::Segment.data().minus(UNRESERVED).members(),
            "$&+,:@"
        );
        assert_eq!(
            Component::RelSegment.data().minus(UNRESERVED).members(),
            "$&+,@"
        );
        assert_eq!(Component::Query.data(), UNRESERVED);
    }

    #[test]
    fn encode_then_decode_gives_the_octets_back() {
        let all: Vec<u8> = (0..=255).collect();
        for &c in Component::ALL {
            let e = encode(&all, c);
            assert_eq!(decode(&e, c).unwrap(), all, "{c}");
            assert_eq!(decode_safe(&e, c).unwrap(), e, "{c}");
        }
    }

    #[test]
    fn bad_escapes_have_spans() {
        let r = |s: &str| decode(s, Component::Query).unwrap_err().range();
        assert_eq!(r("%"), 0..1);
        assert_eq!(r("a%4"), 1..3);
        assert_eq!(r("a%g1"), 1..3);
        assert_eq!(r("a%4é"), 1..5);
        let e = decode("aé", Component::Query).unwrap_err();
        assert_eq!(
            e,
            EscapeError::NotAllowed {
                range: 1..3,
                found: 'é',
                component: Component::Query
            }
        );
        assert_eq!(e.to_string(), "'é' at byte 1 is not allowed in query");
    }

    #[test]
    fn normalizing_escapes() {
        assert_eq!(normalize_escapes("%7e%7E%2f%41%c3%A9x%"), "~~%2FA%C3%A9x%");
        assert_eq!(normalize_escapes(""), "");
    }
}
