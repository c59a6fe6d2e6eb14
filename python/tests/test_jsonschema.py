"""python-jsonschema (the real package from PyPI): the format checker, and the drop-in calls
of rfc3986-validator and rfc3987."""

import jsonschema
import pytest

import urigram
import urigram.jsonschema as uj


def validator(fmt):
    return jsonschema.Draft202012Validator({"format": fmt}, format_checker=uj.format_checker)


def test_uri_and_uri_reference_formats():
    v = validator("uri")
    assert v.is_valid("http://example.com/a?b#c")
    assert not v.is_valid("//example.com/a")  # a relative reference is no URI
    assert not v.is_valid("http://example.com/\n")
    assert v.is_valid(42)  # a format constrains strings only
    r = validator("uri-reference")
    assert r.is_valid("//example.com/a") and r.is_valid("") and not r.is_valid("a b")


def test_a_failure_carries_the_diagnostic():
    errors = list(validator("uri").iter_errors("http://exa mple.com/"))
    assert len(errors) == 1
    e = errors[0]
    assert e.validator == "format"
    assert isinstance(e.cause, urigram.InvalidURI)
    assert (e.cause.offset, e.cause.rule, e.cause.code) == (10, "URI", "rfc3986::URI::space")
    assert e.cause.help


def test_extend_keeps_the_other_formats():
    c = uj.extend(jsonschema.FormatChecker())
    assert c.conforms("http://a/", "uri")
    assert not c.conforms("a b", "uri-reference")
    assert "email" in c.checkers and "date" in c.checkers


@pytest.mark.skipif("rfc3987" not in urigram.grammars(), reason="RFC 3987 is not in this build")
def test_iri_formats():
    v = validator("iri")
    assert v.is_valid("http://例え.テスト/パス?q#f")
    assert not v.is_valid("//例え.テスト/")
    assert not v.is_valid("http://example.com/\u0085")  # a C1 control: in no range of ucschar
    assert v.is_valid("http://example.com/\u2028")  # U+2028 is in ucschar (%xA0-D7FF)
    assert validator("iri-reference").is_valid("パス")


def test_validate_rfc3986_has_the_old_call():
    assert uj.validate_rfc3986("http://a/b")
    assert uj.validate_rfc3986("http://a/b", rule="URI").group() == "http://a/b"
    assert uj.validate_rfc3986("//a/b", rule="URI") is None
    assert uj.validate_rfc3986("//a/b", rule="URI_reference")
    assert uj.validate_rfc3986("../a", rule="relative_ref")
    assert uj.validate_rfc3986("http://a/\n") is None
    assert uj.validate_rfc3986(None) is None


def test_rfc3987_calls_on_uri_rules():
    assert uj.match("http://a/b", rule="URI")
    assert uj.match("a b", rule="URI_reference") is None
    assert uj.parse("http://a/b?q#f", rule="URI") == {
        "scheme": "http", "authority": "a", "path": "/b", "query": "q", "fragment": "f"}
    with pytest.raises(ValueError):
        uj.parse("a b", rule="URI_reference")
