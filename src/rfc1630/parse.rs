//! Reading RFC 1630's two grammars with their productions: [`Uri::parse`] (the generic BNF),
//! [`Url::parse`] and [`PrefixedUrl::parse`] (the BNF for specific URL schemes), and the owned
//! types, whose `get` builds the view from the offsets they keep. Above the grammar
//! (`grammar::rfc1630`), which builds the values of `mod.rs` and `url.rs`.

use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc1630::uri as generic;
use crate::grammar::rfc1630::url as grammar;
use crate::rfc1630::{PrefixedUrl, Uri, Url};

impl<'a> Uri<'a> {
    /// Parse `s` as a `fragmentaddress` of the generic BNF.
    pub fn parse(s: &'a str) -> Result<Uri<'a>, Error> {
        if let Ok((rest, u)) = generic::fragmentaddress(crate::input::fast_span(s))
            && rest.fragment().is_empty()
        {
            return Ok(u);
        }
        Err(Grammar::Rfc1630.diagnose_named("fragmentaddress", s))
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        Uri::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated `fragmentaddress` of RFC 1630's generic BNF. [`UriBuf::get`]
    /// gives the typed [`Uri`].
    ///
    /// ```
    /// use urigram::rfc1630::UriBuf;
    /// let u: UriBuf = "news:comp.infosystems.www".parse().unwrap();
    /// assert_eq!(u.get().scheme(), "news");
    /// assert_eq!(u.to_string(), "news:comp.infosystems.www");
    /// assert_eq!(UriBuf::try_from("a:b c".to_string()).unwrap_err().offset(), 3);
    ///
    /// let v = UriBuf::try_from("x:y#z").unwrap();
    /// assert_eq!(UriBuf::from(urigram::rfc1630::Uri::parse("x:y#z").unwrap()), v);
    /// assert_eq!(v.into_string(), "x:y#z");
    /// ```
    UriBuf,
    Uri,
    "an RFC 1630 `fragmentaddress`",
    "rfc1630",
    "\"news:comp.infosystems.www\""
);

impl<'a> Url<'a> {
    /// Parse `s` as a `url`.
    pub fn parse(s: &'a str) -> Result<Url<'a>, Error> {
        if let Ok((rest, u)) = grammar::url(crate::input::fast_span(s))
            && rest.fragment().is_empty()
        {
            return Ok(u);
        }
        Err(Grammar::Rfc1630Url.diagnose_named("url", s))
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        Url::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated `url` of RFC 1630's URL BNF. [`UrlBuf::get`] gives the typed
    /// [`Url`].
    ///
    /// ```
    /// use urigram::rfc1630::{Url, UrlBuf};
    /// let u: UrlBuf = "telnet://info.cern.ch".parse().unwrap();
    /// assert!(matches!(u.get(), Url::Telnet(_)));
    /// assert_eq!(String::from(u), "telnet://info.cern.ch");
    /// assert!("http://a b".parse::<UrlBuf>().is_err());
    ///
    /// let u = UrlBuf::try_from("news:*").unwrap();
    /// assert_eq!(UrlBuf::try_from(String::from("news:*")).unwrap(), u);
    /// assert_eq!(UrlBuf::from(Url::parse("news:*").unwrap()), u);
    /// assert_eq!(u.into_string(), "news:*");
    /// ```
    UrlBuf,
    Url,
    "an RFC 1630 `url`",
    "rfc1630",
    "\"telnet://info.cern.ch\""
);

impl<'a> PrefixedUrl<'a> {
    /// Parse `s` as a `prefixedurl`.
    pub fn parse(s: &'a str) -> Result<PrefixedUrl<'a>, Error> {
        if let Ok((rest, u)) = grammar::prefixedurl(crate::input::fast_span(s))
            && rest.fragment().is_empty()
        {
            return Ok(u);
        }
        Err(Grammar::Rfc1630Url.diagnose_named("prefixedurl", s))
    }
}

impl<'a> TryFrom<&'a str> for PrefixedUrl<'a> {
    type Error = Error;
    fn try_from(s: &'a str) -> Result<Self, Error> {
        PrefixedUrl::parse(s)
    }
}

crate::owned::owned!(
    /// An owned, validated `prefixedurl` (`url:` and a `url`). [`PrefixedUrlBuf::get`] gives
    /// the typed [`PrefixedUrl`].
    ///
    /// ```
    /// use urigram::rfc1630::PrefixedUrlBuf;
    /// let p: PrefixedUrlBuf = "url:telnet://info.cern.ch".parse().unwrap();
    /// assert_eq!(p.get().url().as_str(), "telnet://info.cern.ch");
    /// assert!("telnet://info.cern.ch".parse::<PrefixedUrlBuf>().is_err());
    ///
    /// let p = PrefixedUrlBuf::try_from("url:news:*").unwrap();
    /// assert_eq!(PrefixedUrlBuf::try_from(String::from("url:news:*")).unwrap(), p);
    /// let view = urigram::rfc1630::PrefixedUrl::parse("url:news:*").unwrap();
    /// assert_eq!(PrefixedUrlBuf::from(view), p);
    /// assert_eq!(p.into_string(), "url:news:*");
    /// ```
    PrefixedUrlBuf,
    PrefixedUrl,
    "an RFC 1630 `prefixedurl`",
    "rfc1630",
    "\"url:telnet://info.cern.ch\""
);
