//! Reading an RFC 2396 `URI-reference` with the grammar: [`UriReference::parse`] and its
//! RFC 2732 reading, and the owned [`UriReferenceBuf`], whose `get` builds the view from the
//! offsets it keeps.
//! Above the grammar (`grammar::rfc2396`), which builds the values of `uri.rs`.

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc2396;
use crate::rfc2396::uri::UriReference;

impl<'a> UriReference<'a> {
    /// Parse `s` as a `URI-reference` of RFC 2396 as printed (Appendix A): an absolute URI,
    /// a relative reference, or the empty string, each with an optional fragment. The value
    /// borrows `s`; [`UriReference::to_buf`] or [`UriReferenceBuf`]'s `FromStr` make an owned
    /// one. The error names the first byte no continuation makes valid, the production and
    /// what was expected there; [`render::Report`](crate::render::Report) shows it.
    ///
    /// ```
    /// use urigram::rfc2396::UriReference;
    /// let u = UriReference::parse("http://a/b?q#f").unwrap();
    /// assert_eq!((u.host_str(), u.query().unwrap().as_str()), (Some("a"), "q"));
    /// assert!(UriReference::parse("").is_ok()); // the empty reference: this document
    /// assert!(UriReference::parse("../g;x?y").is_ok());
    ///
    /// let e = UriReference::parse("http://a/b c").unwrap_err();
    /// assert_eq!((e.offset(), e.found()), (10, Some(' ')));
    /// assert!(UriReference::parse("?y").is_err()); // erratum 452: no such URI-reference
    /// assert!(UriReference::parse("http://[::1]/").is_err()); // see `parse_rfc2732`
    /// ```
    pub fn parse(s: &'a str) -> Result<UriReference<'a>, Error> {
        // The fast pass of `uri_reference` on its own (`src/grammar/passes/fast_path.rs`).
        if let Some(u) = rfc2396::fast::whole_uri_reference(s) {
            return Ok(u);
        }
        Err(Grammar::Rfc2396.diagnose_named("URI-reference", s))
    }
}

impl<'a> UriReference<'a> {
    /// Parse `s` as a `URI-reference` of RFC 2396 as RFC 2732 section 3 amends it
    /// ([`Grammar::Rfc2732`]): a host may be an IPv6 literal in brackets
    /// ([`HostKind::Ipv6`](crate::rfc2396::HostKind::Ipv6)), a query or fragment may hold `[` and `]`, and an
    /// `IPv4address` has at most three digits a part (RFC 2373's; a longer run is a
    /// `reg_name`). Every reference [`UriReference::parse`] accepts, this accepts too. The
    /// value is the same type: [`resolve`](crate::rfc2396::resolve), [`normalize`] and the
    /// owned [`UriReferenceBuf`] work with it.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use urigram::rfc2396::UriReference;
    /// use urigram::rfc2396::HostKind;
    /// let u = UriReference::parse_rfc2732("http://[FEDC:BA98::3210]:80/index.html").unwrap();
    /// let h = u.host().unwrap();
    /// assert_eq!((h.as_str(), h.kind()), ("[FEDC:BA98::3210]", HostKind::Ipv6));
    /// assert_eq!(h.ipv6(), Some("fedc:ba98::3210".parse::<Ipv6Addr>().unwrap()));
    /// assert_eq!(u.port_or_known_default(), Some(80));
    /// assert!(UriReference::parse("http://[::1]/").is_err()); // not RFC 2396
    /// let e = UriReference::parse_rfc2732("http://[::1/").unwrap_err();
    /// assert_eq!(e.offset(), 11);
    /// ```
    ///
    /// [`normalize`]: UriReference::normalize
    pub fn parse_rfc2732(s: &'a str) -> Result<UriReference<'a>, Error> {
        match rfc2396::uri_reference_in::<crate::grammar::rfc2732::Rfc2732>(
            crate::input::fast_span(s),
        ) {
            Ok((rest, u)) if rest.fragment().is_empty() => Ok(u),
            _ => Err(Grammar::Rfc2732.diagnose_named("URI-reference", s)),
        }
    }
}

impl<'a> UriReference<'a> {
    /// [`UriReference::parse`], else [`UriReference::parse_rfc2732`]: what an owned value's
    /// text is.
    pub(crate) fn parse_either(s: &'a str) -> Result<UriReference<'a>, Error> {
        UriReference::parse(s).or_else(|e| UriReference::parse_rfc2732(s).map_err(|_| e))
    }
}

impl<'a> TryFrom<&'a str> for UriReference<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        UriReference::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated `URI-reference`. [`UriReferenceBuf::get`] gives the typed view.
    ///
    /// The text is one of RFC 2396, or of RFC 2396 as RFC 2732 amends it (an IPv6 literal in
    /// brackets, from [`UriReference::parse_rfc2732`]): parsing (`FromStr`, `TryFrom`, serde)
    /// accepts both, so that every value's text reads back as the same value. Check a text
    /// against RFC 2396 alone with [`UriReference::parse`].
    ///
    /// ```
    /// use urigram::rfc2396::UriReferenceBuf;
    /// let u: UriReferenceBuf = "ftp://ftp.is.co.za/rfc/rfc1808.txt".parse().unwrap();
    /// assert_eq!(u.get().scheme().unwrap(), "ftp");
    /// assert_eq!(u.to_string(), "ftp://ftp.is.co.za/rfc/rfc1808.txt");
    /// assert!("http://a/b c".parse::<UriReferenceBuf>().is_err());
    /// let v6: UriReferenceBuf = "http://[::1]:8080/".parse().unwrap();
    /// assert_eq!(v6.get().host().unwrap().ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));
    ///
    /// // The same checks by `TryFrom` (a `String` is kept, not copied); `From` a view; back
    /// // to a `String`.
    /// let u = UriReferenceBuf::try_from(String::from("g;x?y#s")).unwrap();
    /// assert!(UriReferenceBuf::try_from("g x").is_err());
    /// let view = urigram::rfc2396::UriReference::parse("g;x?y#s").unwrap();
    /// assert_eq!(UriReferenceBuf::from(view), u);
    /// assert_eq!(u.into_string(), "g;x?y#s");
    /// ```
    UriReferenceBuf,
    UriReference,
    "a `URI-reference`",
    "rfc2396",
    "\"http://a/b?q\"",
    reads = UriReference::parse_either
);

/// Comparisons with text and access to it for the owned types, which hold a validated string:
/// `Deref<Target = str>`, `Borrow<str>` (a `HashMap<UriReferenceBuf, _>` can be looked up with a
/// `&str`), and `==` with `str`, `&str` and `String` both ways, comparing the text as written.
macro_rules! text_like {
    ($buf:ty) => {
        impl std::ops::Deref for $buf {
            type Target = str;
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl std::borrow::Borrow<str> for $buf {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $buf {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $buf {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<String> for $buf {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<$buf> for str {
            fn eq(&self, other: &$buf) -> bool {
                self == other.as_str()
            }
        }

        impl PartialEq<$buf> for &str {
            fn eq(&self, other: &$buf) -> bool {
                *self == other.as_str()
            }
        }

        impl PartialEq<$buf> for String {
            fn eq(&self, other: &$buf) -> bool {
                self == other.as_str()
            }
        }
    };
}

pub(crate) use text_like;

text_like!(UriReferenceBuf);

crate::values::accessors::accessors!(
    UriReferenceBuf,
    UriReference,
    rfc2396,
    "urigram::rfc2396::UriReferenceBuf"
);

#[cfg(test)]
mod tests {
    use super::{UriReference, UriReferenceBuf};

    /// An owned value that kept no offsets (its text was of 4 GiB or more) reads its text
    /// again: the same view.
    #[test]
    fn without_offsets_get_reads_the_text() {
        for s in ["http://u@h:8/p?q#f", "http://[::1]/", "../g"] {
            let kept = UriReferenceBuf::try_from(s).unwrap();
            assert!(kept.kept.is_some());
            let unkept = UriReferenceBuf {
                text: s.to_string(),
                kept: None,
            };
            assert_eq!(unkept.get(), kept.get());
            assert_eq!(unkept.get(), UriReference::parse_either(s).unwrap());
            assert_eq!(unkept, kept);
        }
    }
}
