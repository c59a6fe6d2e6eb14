//! Section 3.1's optional conversion of a host name by IDNA's ToASCII (rfc3987.txt:597-636),
//! with the `idna` crate (the `idna` feature).
//!
//! The crate implements ToASCII as Unicode Technical Standard #46 defines it (nontransitional
//! processing), the successor of RFC 3490's ToASCII that RFC 3987 cites: the two agree on
//! most names, but UTS #46 keeps a few characters that IDNA2003 mapped away (`ß`, `ς`, ZWJ
//! and ZWNJ in context) and follows the current Unicode version. `UseSTD3ASCIIRules` is
//! set, as the section asks: a label may hold only letters, digits and `-`.

use std::ops::Range;

use super::{IriReference, IriReferenceBuf};
use crate::rfc3986::{self, HostKind};

/// A host name that ToASCII rejects: "the IRI cannot be resolved" (rfc3987.txt:623-624).
///
/// ```
/// let i = urigram::rfc3987::IriReference::parse("http://\u{e9}_x.test/").unwrap();
/// let e = i.to_uri_idna().unwrap_err(); // `_` is not allowed by UseSTD3ASCIIRules
/// assert_eq!((e.host.as_str(), e.range.clone()), ("\u{e9}_x.test", 7..16));
/// assert_eq!(e.to_string(), "the host \"\u{e9}_x.test\" at 7..16 has no ASCII form by IDNA's ToASCII");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the host {host:?} at {}..{} has no ASCII form by IDNA's ToASCII", range.start, range.end)]
pub struct IdnaError {
    /// The host as written.
    pub host: String,
    /// Its byte range in the IRI reference.
    pub range: Range<usize>,
}

impl IriReference<'_> {
    /// The URI reference of section 3.1 with the host converted by IDNA's ToASCII first
    /// (rfc3987.txt:597-607), for "schemes known to use domain names in ireg-name": a
    /// registered name with a character outside US-ASCII (written plainly or as escaped UTF-8)
    /// becomes its ASCII Compatible Encoding, label by label; every other host (a US-ASCII
    /// name, an IP literal, an `IPv4address`) and every other component are mapped as
    /// [`IriReference::to_uri`] maps them. Needs the `idna` feature.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// // rfc3987.txt:628-636
    /// let i = IriReference::parse("http://r\u{e9}sum\u{e9}.example.org").unwrap();
    /// assert_eq!(i.to_uri_idna().unwrap(), "http://xn--rsum-bpad.example.org");
    /// assert_eq!(i.to_uri(), "http://r%C3%A9sum%C3%A9.example.org");
    /// ```
    pub fn to_uri_idna(&self) -> Result<rfc3986::UriReferenceBuf, IdnaError> {
        let Some(host) = self.host().filter(|h| h.kind() == HostKind::RegName) else {
            return Ok(self.to_uri());
        };
        let error = || IdnaError {
            host: host.as_str().to_string(),
            range: host.as_part().range(),
        };
        let name = host.decode_utf8().map_err(|_| error())?;
        if name.is_ascii() {
            return Ok(self.to_uri());
        }
        let ace = idna::domain_to_ascii_cow(name.as_bytes(), idna::AsciiDenyList::STD3)
            .map_err(|_| error())?;
        let (text, r) = (self.as_str(), host.as_part().range());
        let converted = format!("{}{ace}{}", &text[..r.start], &text[r.end..]);
        // An ACE name with UseSTD3ASCIIRules is letters, digits, `-` and `.`: a `reg-name`.
        rfc3986::UriReferenceBuf::try_from(super::map::escape_non_ascii(&converted))
            .map_err(|_| error())
    }
}

impl IriReferenceBuf {
    /// [`IriReference::to_uri_idna`]. Needs the `idna` feature.
    ///
    /// ```
    /// let i: urigram::rfc3987::IriReferenceBuf = "//b\u{fc}cher.example/\u{fc}".parse().unwrap();
    /// assert_eq!(i.to_uri_idna().unwrap(), "//xn--bcher-kva.example/%C3%BC");
    /// ```
    pub fn to_uri_idna(&self) -> Result<rfc3986::UriReferenceBuf, IdnaError> {
        self.get().to_uri_idna()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 3.1's example (rfc3987.txt:628-636); an escaped name converted too; the hosts
    /// and names left as `to_uri` maps them; names ToASCII rejects.
    #[test]
    fn to_ascii() {
        let ace = |s| IriReference::parse(s).unwrap().to_uri_idna();
        assert_eq!(
            ace("http://r\u{e9}sum\u{e9}.example.org").unwrap(),
            "http://xn--rsum-bpad.example.org"
        );
        assert_eq!(
            ace("http://u@R%C3%A9sum%C3%A9.example.org:8/\u{e9}?\u{e9}#\u{e9}").unwrap(),
            "http://u@xn--rsum-bpad.example.org:8/%C3%A9?%C3%A9#%C3%A9"
        );
        for s in [
            "http://a_b/\u{e9}",
            "http://[::1]/\u{e9}",
            "http://1.2.3.4/",
            "\u{e9}",
            "//",
        ] {
            let i = IriReference::parse(s).unwrap();
            assert_eq!(i.to_uri_idna().unwrap(), i.to_uri(), "{s}");
        }
        let e = ace("http://x.\u{e9}_/").unwrap_err();
        assert_eq!(e.range, 7..12);
        assert!(ace("http://%FF\u{e9}/").is_err()); // not UTF-8
    }
}
