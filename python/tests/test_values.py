"""Typed references: components, resolution (RFC 3986 section 5.4's examples), normalization
and equivalence, as the Rust library computes them."""

import pytest

import urigram

BASE = "http://a/b/c/d;p?q"

# rfc3986.txt:1950-2010 (section 5.4.1 and 5.4.2).
EXAMPLES = [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
    ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
]


@pytest.mark.parametrize("ref,target", EXAMPLES)
def test_rfc3986_resolution_examples(ref, target):
    assert str(urigram.parse(BASE).join(ref)) == target


def test_components():
    r = urigram.parse("foo://user:pw@example.com:8042/over/there?name=ferret#nose")
    assert (r.scheme, r.authority, r.userinfo, r.host, r.host_kind, r.port, r.port_str) == (
        "foo", "user:pw@example.com:8042", "user:pw", "example.com", "reg-name", 8042, "8042")
    assert (r.path, r.path_segments, r.query, r.fragment) == ("/over/there", ["over", "there"], "name=ferret", "nose")
    assert (r.kind, r.is_absolute, r.grammar) == ("absolute", True, "rfc3986")
    assert str(r) == "foo://user:pw@example.com:8042/over/there?name=ferret#nose"
    assert r.to_dict()["port"] == 8042
    r = urigram.parse("urn:example:animal:ferret:nose")
    assert (r.authority, r.host, r.port, r.path) == (None, None, None, "example:animal:ferret:nose")
    assert urigram.parse("http://[::1]/").host_kind == "ipv6"
    assert urigram.parse("#f").kind == "same-document"
    assert urigram.parse("http://h/", "rfc2396").host_kind == "hostname"


def test_parse_rejects_with_the_diagnostic():
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.parse("http://a b/")
    assert info.value.offset == 8
    with pytest.raises(ValueError, match="rfc822 has no typed value") as info:
        urigram.parse("a@b", "rfc822")
    assert not isinstance(info.value, urigram.InvalidURI)
    with pytest.raises(ValueError, match=r"a value of rfc1738 is a urigram\.rfc1738\.Url"):
        urigram.Reference("http://a/", "rfc1738")


def test_normalize_and_equivalent():
    r = urigram.parse("HTTP://Example.COM:80/%7euser/./a")
    assert str(r.normalize()) == "http://example.com/~user/a"
    assert r.equivalent("http://example.com/~user/a")
    assert r.equivalent(urigram.parse("http://EXAMPLE.com/%7Euser/a"))
    assert not r.equivalent("http://example.com/~user/b")
    assert str(urigram.parse("HTTP://a:80/%7e", "rfc2396").normalize()) == "http://a/~"


def test_equality_and_hash():
    a, b = urigram.parse("http://a/"), urigram.parse("http://a/")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != urigram.parse("http://a/", "rfc2396")
    assert a != "http://a/"
    assert repr(a) == "Reference(\"http://a/\", grammar=\"rfc3986\")"


def test_iri_to_uri_and_back():
    # RFC 3987 section 3.1 and 3.2.1's examples.
    assert urigram.iri_to_uri("http://r\u00e9sum\u00e9.example.org") == "http://r%C3%A9sum%C3%A9.example.org"
    assert urigram.uri_to_iri("http://www.example.org/D%C3%BCrst") == "http://www.example.org/D\u00fcrst"
    assert urigram.uri_to_iri("http://www.example.org/D%FCrst") == "http://www.example.org/D%FCrst"
    assert urigram.uri_to_iri("http://xn--99zt52a.example.org/%e2%80%ae") == "http://xn--99zt52a.example.org/%E2%80%AE"
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.iri_to_uri("http://a/b c")
    assert info.value.offset == 10 and info.value.grammar == "rfc3987"
    with pytest.raises(urigram.InvalidURI):
        urigram.uri_to_iri("http://a/\u00e9")
    with pytest.raises(TypeError):
        urigram.iri_to_uri(b"x")


def test_iri_references():
    """`parse(..., "rfc3987")`: RFC 3986's components over text with characters outside
    US-ASCII; resolution, normalization and the two mappings as values."""
    i = urigram.parse("http://r\u00e9sum\u00e9.example.org:8080/caf\u00e9/x?q=\u00e9#f", "rfc3987")
    assert (i.grammar, i.scheme, i.host, i.host_kind, i.port) == ("rfc3987", "http", "r\u00e9sum\u00e9.example.org", "reg-name", 8080)
    assert (i.path, i.path_segments, i.query, i.fragment) == ("/caf\u00e9/x", ["caf\u00e9", "x"], "q=\u00e9", "f")
    assert str(i.join("../\u00fc")) == "http://r\u00e9sum\u00e9.example.org:8080/\u00fc"
    assert i.join("g").grammar == "rfc3987"
    assert str(urigram.parse("HTTP://Example.ORG:80/a/./\u00e9", "rfc3987").normalize()) == "http://example.org/a/\u00e9"
    assert urigram.parse("http://a/\u00e9", "rfc3987").equivalent("HTTP://a/\u00e9")
    assert not urigram.parse("http://a/\u00e9", "rfc3987").equivalent("http://a/e")
    u = i.to_uri()
    assert (u.grammar, str(u)) == ("rfc3986", "http://r%C3%A9sum%C3%A9.example.org:8080/caf%C3%A9/x?q=%C3%A9#f")
    assert u.to_iri() == i
    with pytest.raises(ValueError):
        urigram.parse("http://a/", "rfc2396").to_uri()
    # Offsets in characters of the str: the space is the 11th character, the 12th byte.
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.parse("http://\u00e9/a b", "rfc3987")
    assert (info.value.offset, info.value.byte_offset) == (10, 11)
    with pytest.raises(urigram.InvalidURI):
        urigram.parse("http://\u00e9/")  # an IRI, not a URI


def test_a_lone_surrogate_is_found_as_the_callers_character():
    """`parse`, `Reference`, `equivalent`'s other text and the two mappings report a lone
    surrogate of the caller's `str` as it is there, at its offset in characters."""
    for call in (
        lambda s: urigram.parse(s),
        lambda s: urigram.parse(s, "rfc3987"),
        lambda s: urigram.Reference(s, "rfc2396"),
        lambda s: urigram.parse("http://a/").equivalent(s),
        lambda s: urigram.iri_to_uri(s),
        lambda s: urigram.uri_to_iri(s),
    ):
        with pytest.raises(urigram.InvalidURI) as info:
            call("http://a/\ud800x")
        assert (info.value.offset, info.value.found) == (9, "\ud800")
