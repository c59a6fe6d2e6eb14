"""Typed values of RFC 1738 (`urigram.rfc1738.Url`) and RFC 1630 (`urigram.rfc1630.Uri`,
`urigram.rfc1630.Url`), their semantics, and `urigram.bidi_warnings` (RFC 3987 section 4.2):
the RFCs' own examples with their line numbers, and the Rust library's answers through the
command line (verdicts, diagnostics, and each component checked as its own production)."""

import doctest
import json
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urigram
from test_agreement import _cli
from urigram import rfc1630, rfc1738

# =============================================================================================
# RFC 1738
# =============================================================================================

# Every URL printed in RFC 1738 (rfc1738.txt), with its line and its kind.
RFC1738_URLS = [
    (49, "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html", "http"),
    (289, "ftp://@host.com/", "ftp"),
    (290, "ftp://host.com/", "ftp"),
    (291, "ftp://foo:@host.com/", "ftp"),
    (401, "ftp://myname@host.dom/%2Fetc/motd", "ftp"),
    (405, "ftp://myname@host.dom/etc/motd", "ftp"),
    (408, "ftp://myname@host.dom//etc/motd", "ftp"),
    (697, "news:*", "news"),
    (817, "file://vms.host.edu/disk$user/my/notes/note12345.txt", "file"),
    (867, "prospero://host.dom//pros/name", "prospero"),
    (1222, "ftp://info.cern.ch/pub/www/doc;type=d", "ftp"),
    (1223, "ftp://ds.internic.net/rfc", "ftp"),
    (1224, "http://ds.internic.net/instructions/overview.html", "http"),
    (1245, "ftp://ds.internic.net/rfc/rfc1436.txt;type=a", "ftp"),
    (1251, "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", "ftp"),
    (1258, "ftp://ds.internic.net/rfc/rfc1630.txt", "ftp"),
    (1262, "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z", "ftp"),
    (1306, "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", "ftp"),
    (1316, "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z", "ftp"),
    (1337, "ftp://uu.psi.com/wp/nir.txt", "ftp"),
]

# URLs of each scheme and form (and rejected texts), beyond the RFC's own.
MORE_1738 = [
    "http://h:8080/a/b?x+y", "http://h/", "http://h", "http://10.0.0.1:80/", "http:foo",
    "http://u@h/p", "http://h:/", "http://h:99999/", "ftp://me:pw@ftp.example:2121/a;type=i",
    "ftp://h/a;type=x", "ftp://h/a%0D%0Ab", "news:comp.infosystems.www.misc", "news:12@h.com",
    "news:a@", "nntp://news.example/comp.lang/42", "telnet://guest@melvyl.ucop.edu",
    "telnet://me:pw@h/", "gopher://h", "gopher://h/", "gopher://h/7find%20me%09cats%20dogs",
    "gopher://h/1a%09b/c", "gopher://h/0x%09%09+", "wais://h/db", "wais://wais.example.com:210/db?cats",
    "wais://h/db/TEXT/0%2C12", "wais://h/a/b", "mailto:a@b", "mailto:x", "file:///x",
    "file://localhost/etc", "file://h", "prospero://h/x;a=b;c=d", "x-y://u:p@h:1/a",
    "x:abc", "HTTP://h/", "http://h/a b", "http://www.example.com/#top", "", ":", "%", "a:%",
    "a:\u00e9", "\x00", "http://[::1]/", "http://h/\ud800",
]

# Each component of a `rfc1738.Url` and the production it is a string of.
RULES_1738 = {
    "http": {"path": "hpath", "search": "search"},
    "ftp": {"path": "fpath", "type_code": "ftptype", "user": "user", "password": "password"},
    "file": {"path": "fpath"},
    "gopher": {"gtype": "gtype", "selector": "selector", "search": "search", "gopher_plus": "gopher+_string"},
    "mailto": {"address": "encoded822addr"},
    "news": {"article": "article"},
    "nntp": {"group": "group", "article": "digits"},
    "telnet": {"user": "user", "password": "password"},
    "wais": {"database": "database", "wtype": "wtype", "wpath": "wpath", "search": "search"},
    "prospero": {"path": "ppath"},
    "generic": {"user": "user", "password": "password", "path": "urlpath", "schemepart": "schemepart"},
}


def components_1738(u):
    """`(rule, text)` for every component of `u` that names a production."""
    out = [("scheme", u.scheme)]
    if u.host:  # a `file` URL's host may be empty
        out.append(("host", u.host))
    if u.port_str is not None:
        out.append(("port", u.port_str))
    for attr, rule in RULES_1738[u.kind].items():
        v = getattr(u, attr)
        if v is not None:
            out.append((rule, str(v)))
    if u.kind == "news" and u.group not in (None, "*"):
        out.append(("group", u.group))
    for name, value in u.fields or []:
        out += [("fieldname", name), ("fieldvalue", value)]
    return out


def _cli_check(cli, grammar, lines, rule=None):
    """The command line's records for `lines` (the diagnostics' help in the package's terms,
    as test_agreement reads them), checked against `rule`."""
    if rule is None:
        return _cli(cli, grammar, lines)
    args = [cli, "check", "--grammar", grammar, "--rule", rule, "--format", "jsonl", "--file", "-"]
    out = subprocess.run(args, input="".join(l + "\n" for l in lines).encode(), capture_output=True, check=False)
    assert out.returncode in (0, 1), out.stderr.decode(errors="replace")
    return [json.loads(l) for l in out.stdout.decode().splitlines()]


@pytest.mark.parametrize("line,text,kind", RFC1738_URLS)
def test_rfc1738_examples(line, text, kind):
    u = urigram.parse(text, "rfc1738")
    assert isinstance(u, rfc1738.Url), f"rfc1738.txt:{line}"
    assert (u.kind, str(u), u.grammar) == (kind, text, "rfc1738"), f"rfc1738.txt:{line}"
    assert u == rfc1738.Url(text)


def test_the_command_line_agrees_on_verdicts_and_components(cli):
    """`parse(..., "rfc1738")` succeeds exactly where the command line's check does, with the
    same diagnostic; and each component is a string of its production by the command line."""
    texts = [t for _, t, _ in RFC1738_URLS] + [t for t in MORE_1738 if "\ud800" not in t and "\x00" not in t]
    records = _cli_check(cli, "rfc1738", texts)
    by_rule = {}
    for text, rec in zip(texts, records):
        try:
            u = urigram.parse(text, "rfc1738")
        except urigram.InvalidURI as e:
            assert not rec["valid"], text
            assert e.to_dict() == rec["error"], text
            continue
        assert rec["valid"], text
        for rule, value in components_1738(u):
            by_rule.setdefault(rule, []).append(value)
    assert len(by_rule) > 15
    for rule, values in by_rule.items():
        for value, rec in zip(values, _cli_check(cli, "rfc1738", values, rule)):
            assert rec["valid"], (rule, value, rec["error"])


def test_section_3_1_login():
    # rfc1738.txt:289-291: an empty user and no password; no user; a user with an empty password.
    u = rfc1738.Url("ftp://@host.com/")
    assert (u.user, u.password) == ("", None)
    u = rfc1738.Url("ftp://host.com/")
    assert (u.user, u.password) == (None, None)
    u = rfc1738.Url("ftp://foo:@host.com/")
    assert (u.user, u.password) == ("foo", "")
    u = rfc1738.Url("telnet://guest@melvyl.ucop.edu")
    assert (u.kind, u.user, u.host, u.port, u.default_port, u.port_or_known_default) == (
        "telnet", "guest", "melvyl.ucop.edu", None, 23, 23)


def test_section_3_2_2_ftp_commands():
    # rfc1738.txt:401-409.
    u = rfc1738.Url("ftp://myname@host.dom/%2Fetc/motd")
    assert u.commands("me@example.com") == [("USER", b"myname"), ("PASS", None), ("CWD", b"/etc"), ("RETR", b"motd")]
    assert rfc1738.Url("ftp://myname@host.dom/etc/motd").path_commands() == [("CWD", b"etc"), ("RETR", b"motd")]
    assert rfc1738.Url("ftp://myname@host.dom//etc/motd").path_commands() == [
        ("CWD", b""), ("CWD", b"etc"), ("RETR", b"motd")]
    # Section 3.2.2's typecodes, and section 6: an encoded CR LF never reaches the connection.
    assert rfc1738.Url("ftp://info.cern.ch/pub/www/doc;type=d").path_commands() == [
        ("CWD", b"pub"), ("CWD", b"www"), ("NLST", b"doc")]
    assert rfc1738.Url("ftp://h/").login_commands() == [("USER", b"anonymous"), ("PASS", b"anonymous@")]
    assert rfc1738.Url("ftp://me:s%40t@h/").login_commands()[1] == ("PASS", b"s@t")
    with pytest.raises(ValueError, match="0x0d"):
        rfc1738.Url("ftp://h/a%0D%0ADELE%20x/b").path_commands()
    with pytest.raises(ValueError, match="an ftp URL"):
        rfc1738.Url("http://h/").path_commands()
    u = rfc1738.Url("ftp://me:pw@ftp.example:2121/a;type=i")
    assert (u.type_code, u.port, u.port_str, u.path, u.path_segments) == ("i", 2121, "2121", "a", ["a"])
    # Not an ftpurl (no such typecode): a generic URL, which has no default port.
    u = rfc1738.Url("ftp://h/a;type=x")
    assert (u.kind, u.type_code, u.default_port, u.path) == ("generic", None, None, "a;type=x")


def test_kinds_and_scheme_parts():
    u = rfc1738.Url("news:*")  # rfc1738.txt:697
    assert (u.kind, u.group, u.article, u.host) == ("news", "*", None, None)
    u = rfc1738.Url("news:12@h.com")
    assert (u.group, u.article) == (None, "12@h.com")
    u = rfc1738.Url("nntp://news.example/comp.lang/42")
    assert (u.group, u.article, u.host, u.port_or_known_default) == ("comp.lang", "42", "news.example", 119)
    u = rfc1738.Url("file://vms.host.edu/disk$user/my/notes/note12345.txt")  # rfc1738.txt:817
    assert (u.host, u.host_kind, u.is_local, u.path) == ("vms.host.edu", "hostname", False, "disk$user/my/notes/note12345.txt")
    assert len(u.path_segments) == 4 and u.port is None
    assert (rfc1738.Url("file:///x").host, rfc1738.Url("file:///x").is_local) == ("", True)
    assert rfc1738.Url("file://localhost/etc").is_local
    u = rfc1738.Url("prospero://host.dom//pros/name")  # rfc1738.txt:867
    assert (u.path, u.fields, u.port_or_known_default) == ("/pros/name", [], 1525)
    assert rfc1738.Url("prospero://h/x;a=b;c=d").fields == [("a", "b"), ("c", "d")]
    u = rfc1738.Url("mailto:a@b")
    assert (u.address, u.host, u.port_or_known_default) == ("a@b", None, None)
    u = rfc1738.Url("wais://h/db")
    assert (u.database, u.wais_kind, u.search, u.wtype) == ("db", "database", None, None)
    u = rfc1738.Url("wais://wais.example.com:210/db?cats")
    assert (u.wais_kind, u.search, u.port) == ("index", "cats", 210)
    u = rfc1738.Url("wais://h/db/TEXT/0%2C12")
    assert (u.wais_kind, u.wtype, u.wpath) == ("document", "TEXT", "0%2C12")
    u = rfc1738.Url("x-y://u:p@h:1/a")
    assert (u.kind, u.user, u.password, u.host, u.port, u.path, u.schemepart) == ("generic", "u", "p", "h", 1, "a", "//u:p@h:1/a")
    u = rfc1738.Url("x:abc")
    assert (u.kind, u.host, u.path, u.schemepart) == ("generic", None, None, "abc")
    assert rfc1738.Url("http://10.0.0.1/").host_kind == "ipv4"
    u = rfc1738.Url("http://h:99999/")
    assert (u.port, u.port_str, u.port_or_known_default) == (None, "99999", None)


def test_gopher_requests():
    r = rfc1738.Url("gopher://h/7find%20me%09cats%20dogs").request()
    assert r == {"item_type": b"7", "selector": b"find me", "search": b"cats dogs", "gopher_plus": None,
                 "bytes": b"find me\tcats dogs"}
    u = rfc1738.Url("gopher://h")
    assert (u.gtype, u.selector, u.port_or_known_default) == (None, None, 70)
    assert u.request()["item_type"] == b"1" and u.request()["selector"] == b""
    assert rfc1738.Url("gopher://h/0x%09%09+").request()["bytes"] == b"x\t\t+"
    with pytest.raises(ValueError, match="selector"):
        rfc1738.Url("gopher://h/1a%09b/c").request()
    with pytest.raises(ValueError, match="a gopher URL"):
        rfc1738.Url("http://h/").request()


def test_equivalence_and_decoding():
    eq = lambda a, b: rfc1738.Url(a).equivalent(b)
    assert eq("http://a/b-c/d", "http://a/b%2Dc/d")
    assert eq("ftp://a/%7euser", "ftp://a/%7Euser")
    assert not eq("ftp://a/b%2Fc", "ftp://a/b/c")  # `/` is reserved (rfc1738.txt:180-188)
    assert not eq("http://A/x", "http://a/x")  # no rule for a host name's case
    assert rfc1738.Url("http://a/%41").equivalent(rfc1738.Url("http://a/A"))
    assert rfc1738.decode("%2Fetc%2fmotd") == b"/etc/motd"
    with pytest.raises(ValueError, match="byte 3"):
        rfc1738.decode("100%")
    assert [rfc1738.default_port(s) for s in ["ftp", "http", "gopher", "nntp", "telnet", "wais", "prospero", "news", "HTTP"]] == [
        21, 80, 70, 119, 23, 210, 1525, None, None]


def test_case_insensitive_scheme():
    # Section 2.1 (rfc1738.txt:94-96): opt-in; the value holds the scheme in lower case.
    with pytest.raises(urigram.InvalidURI) as info:
        rfc1738.Url("HTTP://h/")
    assert info.value.offset == 0
    u = rfc1738.Url("HTTP://example.com/A", case_insensitive_scheme=True)
    assert (str(u), u.kind, u.scheme, u.port_or_known_default) == ("http://example.com/A", "http", "http", 80)
    with pytest.raises(urigram.InvalidURI) as info:
        rfc1738.Url("HTTP://h/ x", case_insensitive_scheme=True)
    assert info.value.offset == 9


def test_find_urls_appendix():
    # rfc1738.txt:1222-1225.
    text = ("      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n"
            "      type=d> but you can probably pick it up from <URL:ftp://ds.in\n"
            "      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n"
            "      net/instructions/overview.html#WARNING>.")
    found = rfc1738.find_urls(text)
    assert [f["url"] for f in found] == [
        "ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html"]
    assert [f["fragment"] for f in found] == [None, None, "WARNING"]
    assert all(f["error"] is None and f["delimiter"] == "angleurl" for f in found)
    assert text[found[1]["start"]:found[1]["end"]] == "ftp://ds.in\n      ternic.net/rfc"
    assert text[found[1]["outer_start"]:found[1]["outer_end"]] == "<URL:ftp://ds.in\n      ternic.net/rfc>"
    # Offsets in characters of the str, and the diagnostic placed in the text.
    text = "\u00e9 <URL:http://h/a{b}>"
    [f] = rfc1738.find_urls(text)
    assert (f["start"], f["byte_start"], f["error"].offset, f["error"].byte_offset) == (7, 8, 17, 18)
    assert isinstance(f["error"], urigram.InvalidURI) and text[f["error"].offset] == "{"


def shaped(prefixes, pieces):
    """Texts that start with one of `prefixes` and go on with up to 12 of `pieces`."""
    rest = st.lists(st.sampled_from(pieces), max_size=12).map("".join)
    return st.builds(lambda p, r: p + r, st.sampled_from(prefixes), rest)


# Texts shaped like RFC 1738 URLs.
texts_1738 = shaped(
    ["http://h", "http://h:80/", "ftp://", "ftp://u:p@h/", "news:", "nntp://h/", "telnet://", "gopher://h/",
     "wais://h/", "mailto:", "file://", "file:///", "prospero://h/", "x-y:", "x://h/", "HTTP://h/"],
    list("abhz09-._+:/?;=&@%*$!'(),~ ") + ["%09", "%2F", "%41", "%0D", ";type=d", ";type=i", "\u00e9"],
)


@settings(max_examples=400, deadline=None)
@given(texts_1738)
def test_rfc1738_values_hold_to_the_library(text):
    """A value exactly when the library's check accepts the text, the same diagnostic
    otherwise, and every component a string of its production by the library's check."""
    d = urigram.diagnose(text, "rfc1738")
    try:
        u = urigram.parse(text, "rfc1738")
    except urigram.InvalidURI as e:
        assert d is not None and e.to_dict() == d.to_dict()
        return
    assert d is None and str(u) == text
    for rule, value in components_1738(u):
        assert urigram.is_valid(value, "rfc1738", rule), (text, rule, value)
    assert u.to_dict()["kind"] == u.kind
    if u.port is not None:
        assert u.port_or_known_default == u.port
    assert u.equivalent(text)


# =============================================================================================
# RFC 1630
# =============================================================================================

# RFC 1630's URLs (rfc1630.txt), each read by the URL BNF.
RFC1630_URLS = [
    (71, "http://info.cern.ch/hypertext/WWW/Addressing/URL/URI_Overview.html"),
    (722, "http://www.my.work.com/"),
    (735, "http://www.my.uni.edu/info/matriculation/enroling.html"),
    (737, "http://info.my.org/AboutUs/Phonebook"),
    (739, "http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98"),
    (741, "http://www.my.org/462F4F2D4241522A314159265358979323846"),
    (745, "http://info.cern.ch:8000/imaginary/test"),
    (758, "http://info.my.org/AboutUs/Index/Phonebook?dobbins"),
    (1521, "wais://quake.think.com/wais-discussion-archives?lynch"),
]


def test_the_command_line_agrees_on_rfc1630(cli):
    texts = [t for _, t in RFC1630_URLS] + [
        "http://www.myu.edu/org/admin/people#andy",  # rfc1630.txt:750
        "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins",  # rfc1630.txt:762
        "news:12345667123%asdghfh@info.cern.ch",  # rfc1630.txt:493
        "magic://a/b/c//d/e/f",  # rfc1630.txt:588
        "g:h", "wais:db/Phonebook?timbl+cern#top", "news:comp.infosystems.www", "mid:12@info.cern.ch",
        "ftp://h/pub/file/AN", "nntp:comp.text/12", "mailto:timbl@info.cern.ch", "a:b c",
    ]
    for grammar, cls in [("rfc1630", rfc1630.Uri), ("rfc1630-url", rfc1630.Url)]:
        for text, rec in zip(texts, _cli_check(cli, grammar, texts)):
            try:
                v = urigram.parse(text, grammar)
            except urigram.InvalidURI as e:
                assert not rec["valid"] and e.to_dict() == rec["error"], (grammar, text)
                continue
            assert rec["valid"] and isinstance(v, cls) and str(v) == text, (grammar, text)


@pytest.mark.parametrize("line,text", RFC1630_URLS)
def test_rfc1630_url_examples(line, text):
    u = urigram.parse(text, "rfc1630-url")
    assert isinstance(u, rfc1630.Url) and str(u) == text, f"rfc1630.txt:{line}"
    assert u.grammar == "rfc1630-url"


def test_rfc1630_components():
    u = rfc1630.Url("http://info.cern.ch:8000/imaginary/test")  # rfc1630.txt:745
    assert (u.kind, u.host, u.host_kind, u.port, u.port_str, u.path) == ("http", "info.cern.ch", "hostname", 8000, "8000", "imaginary/test")
    u = rfc1630.Url("http://info.my.org/AboutUs/Index/Phonebook?dobbins")  # rfc1630.txt:758
    assert (u.path_segments, u.search, u.search_words) == (["AboutUs", "Index", "Phonebook"], "dobbins", ["dobbins"])
    u = rfc1630.Url("wais://quake.think.com/wais-discussion-archives?lynch")  # rfc1630.txt:1521
    assert (u.database, u.wais_kind, u.search) == ("wais-discussion-archives", "index", "lynch")
    u = rfc1630.Url("wais://h/db/TEXT/1=a%3Bb;22=;")
    assert (u.wais_kind, u.wtype, u.wais_fields) == ("doc", "TEXT", [("1", "a%3Bb"), ("22", "")])
    u = rfc1630.Url("ftp://anon:me@ftp.x.org:21/pub/fileI")
    assert (u.user, u.password, u.host, u.port, u.type_code, u.path_before_type_code) == ("anon", "me", "ftp.x.org", 21, "I", "pub/file")
    assert rfc1630.Url("ftp://h/data.L8").type_code == "L8"
    u = rfc1630.Url("news:12345667123@info.cern.ch")
    assert (u.group, u.article) == (None, "12345667123@info.cern.ch")
    assert rfc1630.Url("news:comp.infosystems.www").group == "comp.infosystems.www"
    u = rfc1630.Url("nntp:comp.text/12")
    assert (u.group, u.number, u.host) == ("comp.text", "12", None)
    u = rfc1630.Url("prospero://h:1525/pub/x%0012ab")
    assert (u.hsoname, u.version, u.attributes, u.port) == ("pub/x", "12", "ab", 1525)
    u = rfc1630.Url("gopher://gopher.micro.umn.edu/00/Info")
    assert (u.gtype, u.gcommand) == ("0", "0/Info")
    u = rfc1630.Url("mailto:timbl@info.cern.ch")
    assert (u.local, u.hostname) == ("timbl", "info.cern.ch")
    u = rfc1630.Url("cid:part1.x@[1.2]")
    assert (u.kind, u.local_part, u.domain) == ("cid", "part1.x", "[1.2]")
    u = rfc1630.Url("telnet://guest@info.cern.ch:23")
    assert (u.user, u.host, u.port, u.path) == ("guest", "info.cern.ch", 23, None)
    u = rfc1630.Uri("x:a/b/?c+%2B+d#f")
    assert (u.scheme, u.path, u.path_segments, u.search_words, u.fragment) == ("x", "a/b/", ["a", "b", ""], ["c", "%2B", "d"], "f")
    assert u.decode_search() == b"c + d"
    assert rfc1630.Uri("x:").path_segments == [] and rfc1630.Uri("x:").search is None
    d = rfc1630.Url("http://h/p?a").to_dict()
    assert d["search"] == "a" and d["user"] is None and "gtype" not in d


# Each component of a `rfc1630.Url` and the production it is a string of (grammar
# `rfc1630-url`, or RFC 822's for an `addr-spec`).
RULES_1630 = {
    "user": "user", "password": "password", "host": "host", "port_str": "port", "search": "search",
    "type_code": "ftptype", "article": "article", "number": "digits", "hsoname": "hsoname",
    "version": "digits", "attributes": "attributes", "gtype": "gtype", "database": "database",
    "wtype": "wtype", "local": "xalphas", "hostname": "hostname",
    "local_part": ("rfc822", "local-part"), "domain": ("rfc822", "domain"),
}

texts_1630 = shaped(
    ["http://h", "http://h:80/", "ftp://h/", "ftp://u:p@h/", "news:", "nntp:", "telnet://", "gopher://h/",
     "wais://h/", "mailto:", "mid:", "cid:", "prospero://h/", "afs://", "x:", "wais:db"],
    list("abhz09-._+:/?;=&@%*$!'(),#\"[] ") + ["%00", "%2F", "%41", "AN", "I", "L8", "\u00e9"],
)


@settings(max_examples=400, deadline=None)
@given(texts_1630)
def test_rfc1630_values_hold_to_the_library(text):
    """For both BNFs: a value exactly when the library's check accepts the text, the same
    diagnostic otherwise, and every component a string of its production."""
    for grammar in ["rfc1630", "rfc1630-url"]:
        d = urigram.diagnose(text, grammar)
        try:
            v = urigram.parse(text, grammar)
        except urigram.InvalidURI as e:
            assert d is not None and e.to_dict() == d.to_dict(), grammar
            continue
        assert d is None and str(v) == text and v.equivalent(text)
        if grammar == "rfc1630":
            parts = {"scheme": v.scheme, "path": v.path, "search": v.search, "fragmentid": v.fragment}
            for rule, value in parts.items():
                assert value is None or urigram.is_valid(value, grammar, rule), (text, rule, value)
            continue
        assert v.kind == v.scheme and text.startswith(v.scheme + ":")
        for attr, rule in RULES_1630.items():
            value = getattr(v, attr)
            g, r = rule if isinstance(rule, tuple) else (grammar, rule)
            assert value is None or urigram.is_valid(value, g, r), (text, attr, value)
        if v.group not in (None, "*"):
            assert urigram.is_valid(v.group, grammar, "group"), text


def test_partial_form():
    # rfc1630.txt:588-604: both contexts give the same results.
    for ctx in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"]:
        for line, partial, want in [(592, "g", "magic://a/b/c//d/e/g"), (594, "/g", "magic://a/g"),
                                    (596, "//g", "magic://g"), (598, "../g", "magic://a/b/c//d/g"), (600, "g:h", "g:h")]:
            assert rfc1630.resolve_partial(ctx, partial) == want, f"rfc1630.txt:{line}"
    with pytest.raises(ValueError):
        rfc1630.resolve_partial("a/b", "c")
    u = rfc1630.Url("http://info.cern.ch/a/b/c")
    assert u.join("../d") == rfc1630.Url("http://info.cern.ch/a/d")
    assert u.resolve_partial("//other.org/x") == "http://other.org/x"
    assert rfc1630.Uri("wais:db/Phonebook/x").join("y?a+b").search_words == ["a", "b"]
    assert rfc1630.Uri("wais:db/x").join("/y") == rfc1630.Uri("wais:db/y")
    with pytest.raises(urigram.InvalidURI) as info:
        rfc1630.Uri("wais:db/x").join("a b")  # "wais:db/a b"
    assert info.value.offset == 9


def test_comparing_escaped_uris():
    # rfc1630.txt:460-495.
    a = "http://info.cern.ch/albert/bertram/marie-claude"
    assert rfc1630.same_uri(a, "http://info.cern.ch/albert/bertram/marie%2Dclaude")  # 464-470
    assert not rfc1630.same_uri(a, "http://info.cern.ch/albert/bertram%2Fmarie-claude")  # 476-482
    with pytest.raises(ValueError, match="byte 16"):
        rfc1630.same_uri("news:1@h", "news:12345667123%asdghfh@info.cern.ch")  # 493
    assert rfc1630.Url(a).equivalent("http://info.cern.ch/albert/bertram/marie%2Dclaude")
    assert not rfc1630.Url(a).equivalent(rfc1630.Url("http://info.cern.ch/albert/bertram%2Fmarie-claude"))
    assert rfc1630.Uri("news:marie-claude").equivalent("news:marie%2Dclaude")
    assert not rfc1630.Uri("wais:db?a+b").equivalent("wais:db?a%2Bb")
    assert rfc1630.decode_escapes("a%2fb%2F%4") == b"a/b/%4"


# =============================================================================================
# Every class: parse's dispatch, equality, bad input
# =============================================================================================


def test_parse_returns_each_class():
    assert type(urigram.parse("http://h/", "rfc1738")) is rfc1738.Url
    assert type(urigram.parse("news:x", "rfc1630")) is rfc1630.Uri
    assert type(urigram.parse("news:x", "rfc1630-url")) is rfc1630.Url
    assert type(urigram.parse("news:x", "RFC1738")) is rfc1738.Url
    assert type(urigram.parse("http://h/")) is urigram.Reference
    assert rfc1738.Url.__module__ == "urigram.rfc1738" and rfc1630.Url.__module__ == "urigram.rfc1630"


def test_equality_hash_repr():
    a, b = rfc1738.Url("http://h/"), urigram.parse("http://h/", "rfc1738")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != "http://h/" and a != urigram.parse("http://h/")
    assert rfc1630.Uri("news:x") != rfc1630.Url("news:x")
    assert hash(rfc1630.Uri("news:x")) != hash(rfc1630.Url("news:x"))
    assert repr(a) == 'rfc1738.Url("http://h/")'
    assert repr(rfc1630.Uri("news:x")) == 'rfc1630.Uri("news:x")'
    assert a.to_dict() == {"scheme": "http", "kind": "http", "user": None, "password": None, "host": "h",
                           "host_kind": "hostname", "port": None, "path": "", "search": None}


def test_pickle_and_copy():
    import copy
    import pickle

    for v in [rfc1738.Url("ftp://h/a;type=i"), rfc1738.Url("HTTP://h/", case_insensitive_scheme=True),
              rfc1630.Uri("news:x"), rfc1630.Url("news:x")]:
        back = pickle.loads(pickle.dumps(v))
        assert type(back) is type(v) and back == v and str(back) == str(v)
        assert copy.copy(v) == v and copy.deepcopy(v) == v


@pytest.mark.parametrize("cls", [rfc1738.Url, rfc1630.Uri, rfc1630.Url])
def test_bad_input(cls):
    for bad in [b"http://h/", None, 3, ["x"]]:
        with pytest.raises(TypeError):
            cls(bad)
    for text in ["", "\ud800", "a:\ud800", "x" * 100000 + " ", "\x00"]:
        with pytest.raises(urigram.InvalidURI):
            cls(text)
    with pytest.raises(TypeError, match="expected str or"):
        cls("news:x" if cls is not rfc1738.Url else "http://h/").equivalent(3)
    with pytest.raises(urigram.InvalidURI):
        cls("news:x" if cls is not rfc1738.Url else "http://h/").equivalent("a b")


def test_parse_rejects_unknown_grammars_and_lone_surrogates():
    with pytest.raises(ValueError, match="unknown grammar"):
        urigram.parse("http://h/", "rfc9999")
    with pytest.raises(ValueError, match="rfc822 has no typed value"):
        urigram.parse("a@b", "rfc822")
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.parse("http://h/a\ud800", "rfc1738")
    assert (info.value.offset, info.value.found) == (10, "\ud800")
    with pytest.raises(urigram.InvalidURI) as info:
        rfc1630.Uri("\ud800x:y")
    assert (info.value.offset, info.value.found) == (0, "\ud800")
    with pytest.raises(TypeError):
        urigram.parse(b"http://h/", "rfc1738")
    with pytest.raises(TypeError):
        rfc1738.decode(b"%41")
    with pytest.raises(TypeError):
        rfc1738.find_urls(None)


def test_docstring_examples():
    for module in [rfc1738, rfc1630]:
        result = doctest.testmod(module, extraglobs={"urigram": urigram})
        assert result.attempted > 5, module
        assert result.failed == 0, module


# =============================================================================================
# RFC 3987 section 4.2
# =============================================================================================


def hebrew(notation):
    """Section 4.4's Bidi Notation with a Hebrew letter (class R) for each capital."""
    return "".join(chr(0x5D0 + ord(c) - ord("A")) if "A" <= c <= "Z" else c for c in notation)


# rfc3987.txt:1077-1155: examples 1 to 7 and 10 are legal.
LEGAL = [
    (1077, "http://ab.CDEFGH.ij/kl/mn/op.html"), (1084, "http://ab.CDE.FGH/ij/kl/mn/op.html"),
    (1091, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV"), (1099, "http://AB.CD.ef/gh/IJ/KL.html"),
    (1105, "http://ab.cd.EF/GH/ij/kl.html"), (1115, "http://ab.CD.EF/GH/IJ/kl.html"),
    (1128, "http://ab.CDE123FGH.ij/kl/mn/op.html"), (1152, "http://ab.CDEFGH.123/kl/mn/op.html"),
]


@pytest.mark.parametrize("line,notation", LEGAL)
def test_bidi_legal_examples(line, notation):
    iri = hebrew(notation)
    urigram.validate(iri, "rfc3987")
    assert urigram.bidi_warnings(iri) == [], f"rfc3987.txt:{line}"


def test_bidi_flagged_examples():
    # Example 8 (rfc3987.txt:1136): `GH1` ends and `2IJ` starts with a digit (rule 2).
    iri = hebrew("http://ab.cd.ef/GH1/2IJ/KL.html")
    w = urigram.bidi_warnings(iri)
    assert [(x["component"], x["rule"], iri[x["start"]:x["end"]]) for x in w] == [
        ("isegment", 2, hebrew("GH1")), ("isegment", 2, hebrew("2IJ"))]
    assert w[0]["byte_end"] - w[0]["byte_start"] == len(hebrew("GH1").encode())
    assert "start and end" in w[0]["message"]
    # Example 9 (rfc3987.txt:1145): the same with the digits percent-encoded.
    iri = hebrew("http://ab.cd.ef/GH%31/%32IJ/KL.html")
    assert [iri[x["start"]:x["end"]] for x in urigram.bidi_warnings(iri)] == [hebrew("GH%31"), hebrew("%32IJ")]
    # Rule 1 in each kind of component (Arabic letters, class AL).
    alef, lam = "\u0627", "\u0644"
    iri = f"x://u{alef}@h{lam}.b:8/s{alef}?n=v{lam}#f{alef}"
    mixed = [(x["component"], iri[x["start"]:x["end"]]) for x in urigram.bidi_warnings(iri) if x["rule"] == 1]
    assert mixed == [("iuserinfo", f"u{alef}"), ("ireg-name", f"h{lam}"), ("isegment", f"s{alef}"),
                     ("iquery", f"v{lam}"), ("ifragment", f"f{alef}")]
    assert urigram.bidi_warnings("http://[::1]:80/a") == []
    assert {x["section"] for x in urigram.bidi_warnings(hebrew("http://ab.cd.ef/GH1/2IJ/KL.html"))} == {"4.2"}


def test_bidi_formatting_characters():
    # RFC 3987 section 4.1 (rfc3987.txt:974): no bidi formatting characters; the isolates too.
    for c in ["\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069"]:
        iri = f"http://a/x{c}y"
        w = [x for x in urigram.bidi_warnings(iri) if x["section"] == "4.1"]
        assert [(x["rule"], iri[x["start"]:x["end"]], x["byte_start"]) for x in w] == [(1, c, 10)], repr(c)
    with pytest.raises(TypeError):
        urigram.bidi_warnings(b"http://a/")
