//! Every URL printed in RFC 1738, with its verdict: the `<URL:...>` examples of sections 3.1
//! to 3.11, the appendix and the references, the URL forms of section 3 (which hold
//! `<placeholders>` and so are not URLs themselves), and the Gopher+ strings of 3.4.

use urigram::Grammar;
use urigram::extract::Delimiter;
use urigram::rfc1738::{
    FileHost, FtpCommand, GroupPart, HostKind, ParseOptions, SchemePart, Url, find_urls,
};

fn url(s: &str) -> Url<'_> {
    match Url::parse(s) {
        Ok(u) => u,
        Err(e) => panic!("{s}: {e}"),
    }
}

fn rejected_at(rule: &str, s: &str) -> usize {
    match Grammar::Rfc1738.check(rule, s) {
        Ok(()) => panic!("{rule} accepted {s:?}"),
        Err(e) => e.offset(),
    }
}

/// rfc1738.txt:49, section 1.
#[test]
fn section_1_archive() {
    let u = url("http://www.acl.lanl.gov/URI/archive/uri-archive.index.html");
    let Url::Http(h) = u else { panic!("{u:?}") };
    assert_eq!(h.hostport().host().as_str(), "www.acl.lanl.gov");
    assert_eq!(h.path_segments().count(), 3);
}

/// rfc1738.txt:289-291, section 3.1: an empty user name and no password, no user name, and
/// a user name with an empty password.
#[test]
fn section_3_1_user_and_password() {
    let login = |s| url(s).login().unwrap();
    let l = login("ftp://@host.com/");
    assert_eq!(l.user().unwrap(), "");
    assert!(l.password().is_none());
    let l = login("ftp://host.com/");
    assert!(l.user().is_none() && l.password().is_none());
    let l = login("ftp://foo:@host.com/");
    assert_eq!(l.user().unwrap(), "foo");
    assert_eq!(l.password().unwrap(), "");
    for s in [
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
    ] {
        assert!(matches!(url(s), Url::Ftp(_)), "{s}");
    }
}

/// rfc1738.txt:401-409, section 3.2.2: the three FTP paths and their commands.
#[test]
fn section_3_2_2_ftp_paths() {
    let lines = |s| {
        let Url::Ftp(f) = url(s) else { panic!("{s}") };
        f.commands(Some("me@example.com"))
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines("ftp://myname@host.dom/%2Fetc/motd"),
        [
            "USER myname",
            "PASS (ask the user)",
            "CWD /etc",
            "RETR motd"
        ]
    );
    assert_eq!(
        lines("ftp://myname@host.dom/etc/motd"),
        ["USER myname", "PASS (ask the user)", "CWD etc", "RETR motd"]
    );
    assert_eq!(
        lines("ftp://myname@host.dom//etc/motd"),
        [
            "USER myname",
            "PASS (ask the user)",
            "CWD ",
            "CWD etc",
            "RETR motd"
        ]
    );
    let Url::Ftp(f) = url("ftp://myname@host.dom//etc/motd") else {
        panic!()
    };
    assert_eq!(f.path_commands().unwrap()[0], FtpCommand::Cwd(Vec::new()));
}

/// rfc1738.txt:697, section 3.6.
#[test]
fn section_3_6_all_news_groups() {
    let Url::News(n) = url("news:*") else {
        panic!()
    };
    assert!(matches!(n.grouppart(), GroupPart::All(_)));
}

/// rfc1738.txt:817, section 3.10.
#[test]
fn section_3_10_vms_file() {
    let Url::File(f) = url("file://vms.host.edu/disk$user/my/notes/note12345.txt") else {
        panic!()
    };
    let FileHost::Host(h) = f.host() else {
        panic!()
    };
    assert_eq!((h.as_str(), h.kind()), ("vms.host.edu", HostKind::Hostname));
    assert_eq!(f.path(), "disk$user/my/notes/note12345.txt");
    // The VMS file name it stands for is no URL: `:`, `[` and `]` are not path characters.
    assert_eq!(
        rejected_at("fpath", "DISK$USER:[MY.NOTES]NOTE123456.TXT"),
        10
    );
}

/// rfc1738.txt:867, section 3.11: "designates a <hsoname> of "/pros/name"".
#[test]
fn section_3_11_prospero_double_slash() {
    let Url::Prospero(p) = url("prospero://host.dom//pros/name") else {
        panic!()
    };
    assert_eq!(p.path(), "/pros/name");
    assert_eq!(p.fields().count(), 0);
}

/// rfc1738.txt:1222-1225, the appendix: three URLs broken across lines; the third carries a
/// fragment identifier, which is no part of the URL (`#` is no `xchar`).
#[test]
fn appendix_urls_in_context() {
    let text = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.";
    let found = find_urls(text);
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].url, "ftp://info.cern.ch/pub/www/doc;type=d");
    assert_eq!(found[1].url, "ftp://ds.internic.net/rfc");
    assert_eq!(
        found[2].url,
        "http://ds.internic.net/instructions/overview.html"
    );
    assert_eq!(found[2].fragment.as_ref().unwrap().text, "WARNING");
    assert!(found.iter().all(|u| u.verdict.is_ok()));
    assert!(matches!(found[0].parse().unwrap(), Url::Ftp(f) if f.type_code() == Some('d')));
    // With its fragment, the third is not a URL: rejected at the `#`.
    let with = "http://ds.internic.net/instructions/overview.html#WARNING";
    assert_eq!(rejected_at("url", with), with.find('#').unwrap());
}

/// The references, rfc1738.txt:1245-1337; two are broken across lines.
#[test]
fn references() {
    for s in [
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
        "ftp://uu.psi.com/wp/nir.txt",
    ] {
        assert!(matches!(url(s), Url::Ftp(_)), "{s}");
        assert!(Grammar::Rfc1738.check("ftpurl", s).is_ok(), "{s}");
    }
}

/// Every `<URL:...>` in RFC 1738 itself, found in the text as the appendix says.
#[test]
fn every_wrapped_url_in_the_rfc() {
    let rfc = include_str!("data/rfc1738.txt");
    let found = find_urls(rfc);
    let wrapped: Vec<_> = found
        .iter()
        .filter(|u| u.delimiter == Delimiter::AngleUrl)
        .collect();
    assert_eq!(wrapped.len(), 30);
    for u in &wrapped {
        assert!(u.verdict.is_ok(), "{}: {:?}", u.url, u.verdict);
        assert!(u.break_hyphens.is_empty(), "{}", u.url);
    }
    let broken: Vec<&str> = wrapped
        .iter()
        .filter(|u| rfc[u.range.clone()].contains('\n'))
        .map(|u| u.url.as_str())
        .collect();
    assert_eq!(
        broken,
        [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html",
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
            "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
            "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        ]
    );
}

/// The URL forms of section 3 (rfc1738.txt:465, 495, 656, 686-687, 712, 742, 764-766, 805,
/// 835) are templates: their `<placeholders>` make them no URLs, rejected at the first `<`.
/// Filled in, each is a URL of its scheme.
#[test]
fn section_3_forms() {
    for (form, filled) in [
        (
            "http://<host>:<port>/<path>?<searchpart>",
            "http://host.dom:80/path?searchpart",
        ),
        (
            "gopher://<host>:<port>/<gopher-path>",
            "gopher://host.dom:70/1gopher-path",
        ),
        ("mailto:<rfc822-addr-spec>", "mailto:user@host.dom"),
        ("news:<newsgroup-name>", "news:comp.infosystems.www.misc"),
        ("news:<message-id>", "news:unique@full.domain.name"),
        (
            "nntp://<host>:<port>/<newsgroup-name>/<article-number>",
            "nntp://host.dom:119/comp.lang.c/42",
        ),
        (
            "telnet://<user>:<password>@<host>:<port>/",
            "telnet://user:password@host.dom:23/",
        ),
        (
            "wais://<host>:<port>/<database>",
            "wais://host.dom:210/database",
        ),
        (
            "wais://<host>:<port>/<database>?<search>",
            "wais://host.dom:210/database?search",
        ),
        (
            "wais://<host>:<port>/<database>/<wtype>/<wpath>",
            "wais://host.dom:210/database/wtype/wpath",
        ),
        ("file://<host>/<path>", "file://host.dom/path"),
        (
            "prospero://<host>:<port>/<hsoname>;<field>=<value>",
            "prospero://host.dom:1525/hsoname;field=value",
        ),
        (
            "ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/<name>;type=<typecode>",
            "ftp://user:password@host.dom:21/cwd1/cwd2/name;type=i",
        ),
    ] {
        assert_eq!(rejected_at("url", form), form.find('<').unwrap(), "{form}");
        let u = url(filled);
        assert!(!matches!(u, Url::Generic(_)), "{filled}");
        assert_eq!(u.scheme(), form.split(':').next().unwrap());
        assert_eq!(
            u.port(),
            urigram::rfc1738::default_port(u.scheme().as_str())
        );
    }
    // Section 3.1's common syntax, filled in: a generic URL in the Internet syntax.
    let Url::Generic(g) = url("x-new://user:password@host.dom:99/url-path") else {
        panic!()
    };
    assert!(matches!(g.schemepart(), SchemePart::Ip(_)));
}

/// The Gopher+ strings of sections 3.4.4 to 3.4.9.
#[test]
fn section_3_4_gopher_plus_strings() {
    for s in [
        "+",
        "?",
        "!",
        "$",
        "!+ABSTRACT",
        "!+ABSTRACT%20+SMELL",
        "+application/postscript%20Es_ES",
    ] {
        assert!(Grammar::Rfc1738.check("gopher+_string", s).is_ok(), "{s}");
        let u = format!("gopher://host.dom/1selector%09%09{s}");
        let Url::Gopher(g) = url(&u) else { panic!() };
        assert_eq!(g.gopher_plus().unwrap(), s);
    }
    // The form of 3.4.9, with its placeholders, and filled in.
    let form = "+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A<ask_item2_value>%0D%0A.%0D%0A";
    assert_eq!(rejected_at("gopher+_string", form), form.find('<').unwrap());
    let filled = "+%091%0D%0A+-1%0D%0Ayes%0D%0Ano%0D%0A.%0D%0A";
    let u = format!("gopher://h/1sel%09%09{filled}");
    let Url::Gopher(g) = url(&u) else { panic!() };
    let r = g.request().unwrap();
    assert_eq!(r.to_bytes(), b"sel\t\t+\t1\r\n+-1\r\nyes\r\nno\r\n.\r\n");
}

/// Erratum 5118: the `/` of `gopherurl` is a literal.
#[test]
fn erratum_5118_gopher_slash() {
    let g = Grammar::Rfc1738;
    for s in ["gopher://h/", "gopher://h/1", "gopher://h:70/0/file.txt"] {
        assert!(g.check("gopherurl", s).is_ok(), "{s}");
    }
    assert_eq!(rejected_at("gopherurl", "gopher://h?1"), 10);
    assert_eq!(rejected_at("gopherurl", "gopher://h;1"), 10);
}

/// Section 2.1: upper-case schemes are outside the grammar; the lenient reading is opt-in.
#[test]
fn section_2_1_upper_case_scheme() {
    assert_eq!(rejected_at("url", "HTTP://www.example.com/"), 0);
    let on = ParseOptions::default().case_insensitive_scheme(true);
    let u = Url::parse_with("HTTP://www.example.com/", on).unwrap();
    assert!(matches!(u, Url::Http(_)));
    assert_eq!(u.scheme(), "HTTP");
}
