//! Every example of RFC 2732 (section 2, rfc2732.txt:81-101), with erratum 1422 applied, as
//! inputs to the `rfc2732` grammar and to the typed parse: the literal addresses as
//! `IPv6address`, the URLs as `URI-reference`, each host as `std::net::Ipv6Addr`. The one
//! example that RFC 2373's printed grammar does not derive, `::192.9.5.5`, is checked as
//! rejected where the grammar says (grammar/DEVIATIONS.md).

use std::net::Ipv6Addr;

use urigram::Grammar;
use urigram::rfc2396::HostKind;
use urigram::rfc2396::UriReference;

const G: Grammar = Grammar::Rfc2732;

/// The literal addresses (rfc2732.txt:81-87).
const LITERALS: [&str; 7] = [
    "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
    "1080:0:0:0:8:800:200C:4171",
    "3ffe:2a00:100:7031::1",
    "1080::8:800:200C:417A",
    "::192.9.5.5",
    "::FFFF:129.144.52.38",
    "2010:836B:4179::836B:4179",
];

/// The URLs (rfc2732.txt:91-97), the second as erratum 1422 corrects it: it renders the
/// literal above it, `...:4171`, not `...:417A` as printed.
const URLS: [&str; 7] = [
    "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
    "http://[1080:0:0:0:8:800:200C:4171]/index.html",
    "http://[3ffe:2a00:100:7031::1]",
    "http://[1080::8:800:200C:417A]/foo",
    "http://[::192.9.5.5]/ipng",
    "http://[::FFFF:129.144.52.38]:80/index.html",
    "http://[2010:836B:4179::836B:4179]",
];

/// The example that the printed grammar does not derive.
const OUTSIDE: usize = 4;

#[test]
fn literals_are_ipv6addresses_but_one() {
    for (k, s) in LITERALS.iter().enumerate() {
        let r = G.check("IPv6address", s);
        assert_eq!(r.is_ok(), k != OUTSIDE, "{s}: {r:?}");
        assert!(s.parse::<Ipv6Addr>().is_ok(), "{s} is an IPv6 address");
    }
    // `hexpart` is "::" with no `hexseq` or a `hexseq` after "::", and `":" IPv4address` needs
    // a colon of its own: the `.` after `192` is where the printed grammar stops.
    let e = G.check("IPv6address", LITERALS[OUTSIDE]).unwrap_err();
    assert_eq!(e.offset(), 5);
    assert!(e.help().unwrap_or("").contains("::0:192.9.5.5"), "{e:?}");
    assert!(G.check("IPv6address", "::0:192.9.5.5").is_ok());
}

#[test]
fn urls_are_uri_references_with_ipv6_hosts() {
    for (k, (url, literal)) in URLS.iter().zip(LITERALS).enumerate() {
        if k == OUTSIDE {
            let e = G.check("URI-reference", url).unwrap_err();
            assert_eq!((e.offset(), e.rule()), (13, "ipv6reference"), "{url}");
            assert!(UriReference::parse_rfc2732(url).is_err());
            continue;
        }
        assert!(G.check("URI-reference", url).is_ok(), "{url}");
        // RFC 2396 alone does not read them: `[` is excluded there.
        let e = Grammar::Rfc2396.check("URI-reference", url).unwrap_err();
        assert_eq!(e.offset(), 7, "{url}");
        let u = UriReference::parse_rfc2732(url).unwrap();
        assert_eq!(u.to_string(), *url, "Display gives the text back");
        let h = u.host().unwrap();
        assert_eq!(h.kind(), HostKind::Ipv6);
        assert_eq!(h.as_str(), format!("[{literal}]"));
        assert_eq!(
            h.ipv6(),
            Some(literal.parse::<Ipv6Addr>().unwrap()),
            "{url}"
        );
        assert_eq!(u.scheme().unwrap(), "http");
    }
    let u = UriReference::parse_rfc2732(URLS[0]).unwrap();
    assert_eq!(u.authority().unwrap().port_str().unwrap(), "80");
    assert_eq!(u.path().as_str(), "/index.html");
}

/// As printed, the second URL renders another address than its literal (erratum 1422): it is
/// a valid URL all the same, of the address `...:417A`.
#[test]
fn erratum_1422_as_printed() {
    let printed = "http://[1080:0:0:0:8:800:200C:417A]/index.html";
    let u = UriReference::parse_rfc2732(printed).unwrap();
    let want: Ipv6Addr = "1080:0:0:0:8:800:200C:417A".parse().unwrap();
    assert_eq!(u.host().unwrap().ipv6(), Some(want));
    assert_ne!(Some(want), LITERALS[1].parse().ok());
}

/// Section 3's changes, one by one: `[` and `]` are `reserved` (so a query or fragment may
/// hold them), no longer `unwise`, and an `IPv4address` part has at most three digits.
#[test]
fn section_3_changes() {
    for c in ["[", "]"] {
        assert!(G.check("reserved", c).is_ok());
        assert!(G.check("unwise", c).is_err());
        assert!(Grammar::Rfc2396.check("unwise", c).is_ok());
    }
    assert!(G.check("URI-reference", "http://a/?q=[1]#[2]").is_ok());
    assert!(
        G.check("URI-reference", "http://a/[b]").is_err(),
        "not in a path"
    );
    assert!(G.check("IPv4address", "129.144.52.38").is_ok());
    assert!(G.check("IPv4address", "1234.1.1.1").is_err());
    assert!(Grammar::Rfc2396.check("IPv4address", "1234.1.1.1").is_ok());
    // Such a host is a reg_name now: the URI stays valid, its authority no server.
    let u = UriReference::parse_rfc2732("http://1234.1.1.1/").unwrap();
    assert!(u.host().is_none());
    assert_eq!(u.authority().unwrap().as_str(), "1234.1.1.1");
    assert_eq!(
        UriReference::parse("http://1234.1.1.1/")
            .unwrap()
            .host()
            .unwrap()
            .kind(),
        HostKind::Ipv4
    );
}
