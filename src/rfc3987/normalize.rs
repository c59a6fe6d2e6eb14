//! Normalization and comparison by RFC 3987 section 5.3 (rfc3987.txt:1256-1577), the IRI form
//! of RFC 3986 section 6.2: the ladder is documented on [`equivalent`].

use super::map::{decode, escape_non_ascii};
use super::{IriReference, IriReferenceBuf};
use crate::rfc3986::{self, Components};

/// The syntax-based (5.3.2) and scheme-based (5.3.3) normal form of an IRI reference (see the
/// ladder on [`equivalent`] for each rule), recomposed by RFC 3986 section 5.3 and written as
/// an IRI: every escape whose character an IRI may hold plainly there decoded. A `String`, as
/// [`Components`] may hold a reference of no grammar; [`IriReference::normalize`] gives the
/// same text as a validated [`IriReferenceBuf`].
///
/// ```
/// use urigram::rfc3986::Components;
/// use urigram::rfc3987::normalize;
/// let n = |s| normalize(&Components::split(s));
/// // rfc3987.txt:1333-1334
/// assert_eq!(n("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"), "example://a/b/c/%7Bfoo%7D/ros\u{e9}");
/// // rfc3987.txt:1489-1492, "the second IRI above is the normal form" (1499)
/// assert_eq!(n("http://example.com:80"), "http://example.com/");
/// // A character outside US-ASCII is compared as it is: no case folding, no NFC.
/// assert_eq!(n("http://\u{c9}X.test/\u{c9}"), "http://\u{c9}x.test/\u{c9}");
/// ```
pub fn normalize(reference: &Components<'_>) -> String {
    // 5.3.2.3: "the percent-encoding of both IRIs to be compared has to be aligned; for
    // example, by converting both IRIs to URIs (see section 3.1), eliminating escape
    // differences in the resulting URIs" (rfc3987.txt:1447-1450): RFC 3986's normal form of the
    // URI, then written back as an IRI by section 3.2, which is one to one on such forms.
    let scheme = reference.scheme.map(escape_non_ascii);
    let authority = reference.authority.map(escape_non_ascii);
    let path = escape_non_ascii(reference.path);
    let query = reference.query.map(escape_non_ascii);
    let fragment = reference.fragment.map(escape_non_ascii);
    let uri = Components {
        scheme: scheme.as_deref(),
        authority: authority.as_deref(),
        path: &path,
        query: query.as_deref(),
        fragment: fragment.as_deref(),
    };
    let n = rfc3986::normalize(&uri);
    let query = Components::split(&n).query.map(|q| {
        let start = q.as_ptr() as usize - n.as_ptr() as usize;
        start..start + q.len()
    });
    decode(&n, query)
}

/// Whether two IRI references are equivalent by section 5.3.2 and 5.3.3: their [`normalize`]d
/// forms are the same string. The fragment counts: leave it out
/// ([`Components::without_fragment`]) to compare what a network action selects (section 5.1,
/// rfc3987.txt:1214-1217).
///
/// Section 5.3 is a ladder of comparisons, each cheaper and with more false negatives than the
/// next; none gives a false positive:
///
/// 1. **Simple string comparison** (5.3.1): equal strings are equivalent IRIs, character for
///    character, with no mapping to URIs (rfc3987.txt:1309-1310). `a == b` (on
///    [`IriReference`], its text).
/// 2. **Syntax-based normalization** (5.3.2):
///    - case (5.3.2.1): the scheme and the US-ASCII letters of the host to lower case, the hex
///      digits of every percent-encoding triplet to upper case; no other character's case is
///      changed ("case normalization of non-ASCII characters ... is always a complex
///      operation", rfc3987.txt:1368-1370);
///    - character normalization (5.3.2.2): "equivalence of IRIs MUST rely on the assumption
///      that IRIs are appropriately pre-character-normalized rather than apply character
///      normalization when comparing two IRIs" (rfc3987.txt:1384-1386): not applied here
///      (with the `nfc` feature, `IriReference::normalize_nfc` applies NFC for the section's
///      exceptions);
///    - percent-encoding (5.3.2.3): escapes aligned as the section says, "by converting both
///      IRIs to URIs (see section 3.1), eliminating escape differences in the resulting URIs"
///      (rfc3987.txt:1447-1450): a triplet of an `unreserved` character decoded (`%7e` is
///      `~`), and the UTF-8 octets of a character outside US-ASCII the same escaped or not
///      (`%C3%A9` is `é`). The normal form writes such a character plainly where section 3.2
///      would (in `ucschar`, not a bidi formatting character; `iprivate` in the query only),
///      and escapes of reserved characters stay;
///    - path segments (5.3.2.4): `remove_dot_segments` on the path, after the decoding.
/// 3. **Scheme-based normalization** (5.3.3), RFC 3986's ([`rfc3986::normalize`]): an
///    authority with an empty path gets `/`; an empty port, or the scheme's default
///    ([`default_port`](crate::rfc3987::default_port), the table of registered schemes), is removed. Delimiters of empty components stay, and the
///    fragment is never changed. IDNs are not converted to or from their ACE form.
/// 4. **Protocol-based normalization** (5.3.4) needs the network; it is not done here.
///
/// Relative references are normalized as RFC 3986's are ([`rfc3986::equivalent`]): resolve
/// them first ([`resolve_str`](fn@super::resolve_str)).
///
/// ```
/// use urigram::rfc3986::Components;
/// use urigram::rfc3987::equivalent;
/// let c = Components::split;
/// assert!(equivalent(&c("http://example.com/ros\u{e9}"), &c("HTTP://example.com:/ros%c3%a9")));
/// assert!(!equivalent(&c("http://example.com/"), &c("http://example.com/?")));
/// // Not NFC: e and a combining acute accent is not é.
/// assert!(!equivalent(&c("x:r\u{e9}sum\u{e9}"), &c("x:re\u{301}sume\u{301}")));
/// ```
pub fn equivalent(a: &Components<'_>, b: &Components<'_>) -> bool {
    normalize(a) == normalize(b)
}

impl<'a> IriReference<'a> {
    /// The normal form of section 5.3.2 and 5.3.3 ([`normalize`], whose text this holds), as
    /// an owned reference.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// let i = IriReference::parse("HTTP://Example.COM:80/%7euser/./r%C3%A9sum%C3%A9").unwrap();
    /// let n = i.normalize();
    /// assert_eq!(n, "http://example.com/~user/r\u{e9}sum\u{e9}");
    /// assert_eq!(n.normalize(), n); // the normal form is its own
    /// assert_eq!(n.into_string(), "http://example.com/~user/r\u{e9}sum\u{e9}");
    /// ```
    pub fn normalize(&self) -> IriReferenceBuf {
        // RFC 3986's normal form of a URI reference is one, and section 3.2 maps it to an IRI
        // reference. Should it ever not read as one, the reference is its own normal form.
        IriReferenceBuf::try_from(normalize(&self.components())).unwrap_or_else(|_| self.to_buf())
    }

    /// Whether `self` and `other` are equivalent by section 5.3.2 and 5.3.3: whether their
    /// normal forms are equal ([`equivalent`] on components).
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// let a = IriReference::parse("http://example.org/~user").unwrap();
    /// // rfc3987.txt:1443-1444
    /// assert!(a.equivalent(&IriReference::parse("http://example.org/%7euser").unwrap()));
    /// assert!(a.equivalent(&IriReference::parse("http://example.org/%7Euser").unwrap()));
    /// assert!(!a.equivalent(&IriReference::parse("http://example.org/%7Euser#").unwrap()));
    /// ```
    pub fn equivalent<'b, T>(&self, other: &'b T) -> bool
    where
        T: crate::values::AsView<'b, View = IriReference<'b>> + ?Sized,
    {
        equivalent(&self.components(), &other.as_view().components())
    }
}

#[cfg(feature = "nfc")]
impl<'a> IriReference<'a> {
    /// The normal form ([`IriReference::normalize`]) with character normalization to NFC
    /// (section 5.3.2.2, rfc3987.txt:1374-1428), then normalized again: for IRIs that come
    /// from "a non-digital form" or "a non-UCS-based character encoding", where "NFC or a
    /// normalizing transcoder using NFC MUST be used" (rfc3987.txt:1386-1389). Comparison
    /// otherwise assumes IRIs already in NFC, and [`IriReference::normalize`] does not apply it.
    ///
    /// NFC can make a valid IRI an invalid one: a few characters have a canonical decomposition
    /// to a US-ASCII character that no IRI holds plainly (U+1FEF GREEK VARIA is U+0060 `` ` ``).
    /// That is the grammar's error, with offsets into the NFC text. Needs the `nfc` feature.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// // rfc3987.txt:1396-1398: precomposed, and with combining accents.
    /// let a = IriReference::parse("http://www.example.org/r\u{e9}sum\u{e9}.html").unwrap();
    /// let b = IriReference::parse("http://www.example.org/re\u{301}sume\u{301}.html").unwrap();
    /// assert!(!a.equivalent(&b));
    /// assert_eq!(b.normalize_nfc().unwrap(), a.normalize_nfc().unwrap());
    /// assert!(IriReference::parse("x:\u{1fef}").unwrap().normalize_nfc().is_err());
    /// ```
    pub fn normalize_nfc(&self) -> Result<IriReferenceBuf, crate::Error> {
        use unicode_normalization::UnicodeNormalization;
        let nfc: String = self.normalize().as_str().nfc().collect();
        Ok(IriReference::parse(&nfc)?.normalize())
    }
}

#[cfg(all(test, feature = "nfc"))]
mod nfc_tests {
    use super::IriReference;

    /// Section 5.3.2.2's example (rfc3987.txt:1396-1398), escaped combining accents decoded
    /// before NFC, a singleton decomposition to US-ASCII (KELVIN SIGN to `K`) followed by case
    /// normalization of the host, and one to a character no IRI holds.
    #[test]
    fn nfc() {
        let n = |s| IriReference::parse(s).unwrap().normalize_nfc();
        let want = "http://www.example.org/r\u{e9}sum\u{e9}.html";
        assert_eq!(
            n("http://www.example.org/re\u{301}sume\u{301}.html").unwrap(),
            want
        );
        assert_eq!(
            n("HTTP://www.example.org/re%CC%81sume%cc%81.html").unwrap(),
            want
        );
        assert_eq!(n(want).unwrap(), want);
        assert_eq!(
            n("http://\u{212a}.test/\u{212a}").unwrap(),
            "http://k.test/K"
        );
        let e = n("x:\u{1fef}").unwrap_err();
        assert_eq!((e.offset(), e.found()), (2, Some('`')));
    }
}
