//! Section 3's two mappings: an IRI reference to the URI reference it stands for ([`to_uri`],
//! section 3.1) and a URI reference to an IRI reference ([`to_iri`](super::to_iri), section 3.2).

use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
pub(crate) use crate::values::pct::is_bidi_format;
use crate::values::pct::push_escape;
use crate::{Error, Grammar, rfc3986};

/// The URI reference an IRI reference maps to (section 3.1, rfc3987.txt:577-590): each
/// character in `ucschar` or `iprivate` (in a valid IRI reference, every character outside
/// US-ASCII) written as the `%HH` of its UTF-8 octets, in upper case; everything else, escapes
/// included, as it is. The mapping is the identity on URIs and a second run changes nothing.
///
/// `iri` must be an `IRI-reference` ([`Grammar::Rfc3987`]); the error says where it is not.
/// Step 1's normalization to NFC applies to IRIs that come from paper or a non-Unicode
/// encoding; a Unicode text is mapped as it is (variant c, rfc3987.txt:572-575). The optional
/// conversion of a host name by IDNA's ToASCII (rfc3987.txt:597-607) is not made here: with
/// the `idna` feature, `IriReference::to_uri_idna` makes it.
///
/// ```
/// use urigram::rfc3987::to_uri;
/// // rfc3987.txt:713-719: escapes stay as they are.
/// assert_eq!(
///     to_uri("http://www.example.org/red%09ros\u{e9}#red").unwrap().as_str(),
///     "http://www.example.org/red%09ros%C3%A9#red"
/// );
/// // rfc3987.txt:721-731: characters outside the BMP.
/// assert_eq!(
///     to_uri("http://example.com/\u{10300}\u{10301}\u{10302}").unwrap().as_str(),
///     "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
/// );
/// assert_eq!(to_uri("http://a/b c").unwrap_err().offset(), 10);
/// ```
pub fn to_uri(iri: &str) -> Result<rfc3986::UriReferenceBuf, Error> {
    Grammar::Rfc3987.check("IRI-reference", iri)?;
    // Every character the IRI grammar adds to the URI grammar's is outside US-ASCII (section
    // 2.2), so the result is a URI reference ("produces URIs fully conforming to [RFC3986]",
    // rfc3987.txt:592-593).
    rfc3986::UriReferenceBuf::try_from(escape_non_ascii(iri))
}

/// Section 3.1's step 2 on any text: each character outside US-ASCII as the upper-case `%HH`
/// of its UTF-8 octets, every other character as it is.
pub(crate) fn escape_non_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                push_escape(&mut out, b);
            }
        }
    }
    out
}

/// Section 3.2's steps 2 to 4 on any text, with the byte range of its query (where an
/// `iprivate` character may be written plainly): each run of escapes decoded as [`to_iri`](super::to_iri)
/// says; everything else, a `%` without two hex digits after it included, as it is.
pub(crate) fn decode(text: &str, query: Option<std::ops::Range<usize>>) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut k = 0;
    while k < b.len() {
        let next = text[k..].find('%').map_or(b.len(), |i| k + i);
        out.push_str(&text[k..next]);
        k = next;
        if k == b.len() {
            break;
        }
        // A run of escapes: the octets of those that step 2 decodes, up to the first it keeps.
        let start = k;
        let mut octets = Vec::new();
        while let Some(octet) = escape_at(b, k) {
            if octet.is_ascii() && !is_unreserved(octet) {
                break;
            }
            octets.push(octet);
            k += 3;
        }
        if octets.is_empty() {
            // An escape that step 2 keeps, as written, or a `%` that starts none.
            let len = if escape_at(b, k).is_some() { 3 } else { 1 };
            out.push_str(&text[k..k + len]);
            k += len;
            continue;
        }
        let in_query = query.as_ref().is_some_and(|q| q.contains(&start));
        decode_run(&octets, in_query, &mut out);
    }
    out
}

/// The octet of the escape `%HH` at byte `k`, if one is there.
fn escape_at(b: &[u8], k: usize) -> Option<u8> {
    if b.get(k) != Some(&b'%') {
        return None;
    }
    let hex = |i: usize| b.get(i).and_then(|&c| (c as char).to_digit(16));
    Some((hex(k + 1)? * 16 + hex(k + 2)?) as u8)
}

/// The octets of a run of escapes that step 2 decodes, as an IRI writes them: each character
/// of a strictly legal UTF-8 sequence that is appropriate there, plainly; every other octet as
/// an upper-case escape (steps 3 and 4).
fn decode_run(octets: &[u8], in_query: bool, out: &mut String) {
    for chunk in octets.utf8_chunks() {
        for c in chunk.valid().chars() {
            let appropriate = c.is_ascii()
                || (is_ucschar(c) && !is_bidi_format(c))
                || (in_query && is_iprivate(c));
            if appropriate {
                out.push(c);
            } else {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    push_escape(out, b);
                }
            }
        }
        for &b in chunk.invalid() {
            push_escape(out, b);
        }
    }
}

/// `unreserved` (rfc3986.txt:2784): the US-ASCII characters step 2 decodes.
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

#[cfg(test)]
mod tests {
    use super::to_uri;
    use crate::rfc3987::to_iri;

    /// Section 3.2.1's three examples, each with its lines, and section 3.2's `r%E9sum%E9`.
    #[test]
    fn section_3_2_1_examples() {
        // rfc3987.txt:825-833
        assert_eq!(
            to_iri("http://www.example.org/D%C3%BCrst").unwrap(),
            "http://www.example.org/D\u{fc}rst"
        );
        // rfc3987.txt:851-859
        assert_eq!(
            to_iri("http://www.example.org/D%FCrst").unwrap(),
            "http://www.example.org/D%FCrst"
        );
        // rfc3987.txt:870-878
        assert_eq!(
            to_iri("http://xn--99zt52a.example.org/%e2%80%ae").unwrap(),
            "http://xn--99zt52a.example.org/%E2%80%AE"
        );
        // rfc3987.txt:804-811: not decoded as ISO 8859-1.
        assert_eq!(
            to_iri("http://www.example.org/r%E9sum%E9.html").unwrap(),
            "http://www.example.org/r%E9sum%E9.html"
        );
    }

    /// Section 3.1's examples, each with its lines.
    #[test]
    fn section_3_1_examples() {
        // rfc3987.txt:626-636
        assert_eq!(
            to_uri("http://r\u{e9}sum\u{e9}.example.org")
                .unwrap()
                .as_str(),
            "http://r%C3%A9sum%C3%A9.example.org"
        );
        // rfc3987.txt:688-694
        assert_eq!(
            to_uri("http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{e9}sum\u{e9}.example.org")
                .unwrap()
                .as_str(),
            "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
        );
        // The mapping is the identity on URIs and idempotent (rfc3987.txt:592-594).
        for u in ["http://a/b%20c?d#e", "urn:x", "", "//h:80/%7e"] {
            assert_eq!(to_uri(u).unwrap().as_str(), u);
        }
    }

    /// What step 2 keeps: `%`, reserved characters and US-ASCII that URIs do not allow; what
    /// steps 3 and 4 re-escape: broken UTF-8, characters outside `ucschar`, `iprivate` outside
    /// a query, bidi formatting characters.
    #[test]
    fn what_stays_escaped() {
        assert_eq!(
            to_iri("x:%25%2F%3a%20%7F%00").unwrap(),
            "x:%25%2F%3a%20%7F%00"
        );
        assert_eq!(to_iri("x:%C3").unwrap(), "x:%C3");
        assert_eq!(to_iri("x:%C3%28").unwrap(), "x:%C3%28"); // `(` is reserved
        assert_eq!(to_iri("x:%C3%41").unwrap(), "x:%C3A"); // `A` is unreserved
        assert_eq!(to_iri("x:%C2%85").unwrap(), "x:%C2%85"); // U+0085, a C1 control
        assert_eq!(to_iri("x:%EF%BF%BE").unwrap(), "x:%EF%BF%BE"); // U+FFFE
        assert_eq!(to_iri("x:%E2%80%8E").unwrap(), "x:%E2%80%8E"); // LRM
        // The isolates U+2066-U+2069 stay escaped as the embeddings do.
        for (escaped, c) in [("%E2%81%A6", '\u{2066}'), ("%E2%81%A9", '\u{2069}')] {
            let iri = to_iri(&format!("x:/{escaped}")).unwrap();
            assert_eq!(iri, format!("x:/{escaped}"));
            assert!(!iri.contains(c));
        }
        assert_eq!(to_iri("x:%E2%81%A5").unwrap(), "x:\u{2065}"); // unassigned, in ucschar
        assert_eq!(to_iri("x:%E2%81%AA").unwrap(), "x:\u{206a}"); // ISS, not bidi formatting
        assert_eq!(
            to_iri("x:%ee%80%80?%ee%80%80#%ee%80%80").unwrap(),
            "x:%EE%80%80?\u{e000}#%EE%80%80"
        );
        assert_eq!(to_iri("x:%F0%90%8C%80").unwrap(), "x:\u{10300}");
        assert!(to_iri("x:%zz").is_err());
    }

    /// Every URI of the repository's corpus maps to an IRI that RFC 3987 accepts, and back to
    /// a URI equal to it but for the case of escapes and escaped `unreserved` characters.
    #[test]
    fn round_trips_on_the_corpus() {
        let corpus = include_str!("../../benches/corpus/real-urls-10k.txt");
        let mut decoded = 0;
        for line in corpus.lines() {
            let Ok(iri) = to_iri(line) else { continue };
            assert!(
                crate::Grammar::Rfc3987
                    .check("IRI-reference", iri.as_str())
                    .is_ok(),
                "{line} -> {iri}"
            );
            let back = to_uri(&iri).unwrap();
            let plain = |s: &str| {
                crate::rfc3986::UriReference::parse(s)
                    .unwrap()
                    .normalize()
                    .into_string()
            };
            assert_eq!(plain(back.as_str()), plain(line), "{line} -> {iri}");
            decoded += usize::from(iri != line);
        }
        assert!(decoded > 0);
    }
}
