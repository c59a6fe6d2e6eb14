"""pydantic v2 (the real package from PyPI): strict RFC fields whose errors carry the
position and the help."""

from typing import Annotated, Optional

import pydantic
import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

import urigram
from urigram.pydantic import URI, Checked, URIReference


class Link(BaseModel):
    href: URI
    base: Optional[URIReference] = None


def test_valid_values_stay_strings():
    m = Link(href="http://example.com/a", base="../b")
    assert m.href == "http://example.com/a" and isinstance(m.href, str)
    assert m.model_dump() == {"href": "http://example.com/a", "base": "../b"}


def test_errors_carry_the_diagnostic():
    with pytest.raises(ValidationError) as info:
        Link(href="http://example.com/a b", base="a%zz")
    errors = info.value.errors()
    assert [e["loc"] for e in errors] == [("href",), ("base",)]
    href, base = errors
    assert href["type"] == "uri_syntax"
    assert href["ctx"]["offset"] == 20
    assert href["ctx"]["code"] == "rfc3986::URI::space"
    assert "%20" in href["ctx"]["help"]
    assert href["ctx"]["citation"].startswith("rfc3986.txt:")
    assert base["ctx"]["failed_rule"] == "pct-encoded"
    assert "not a valid URI (rfc3986)" in href["msg"]


def test_a_relative_reference_is_no_uri():
    with pytest.raises(ValidationError):
        Link(href="/a")


def test_wrong_types_are_pydantic_errors():
    with pytest.raises(ValidationError) as info:
        Link(href=3)
    assert info.value.errors()[0]["type"] == "string_type"


def test_json_schema_names_the_format():
    s = Link.model_json_schema()
    assert s["properties"]["href"] == {"format": "uri", "title": "Href", "type": "string"}


def test_checked_for_any_production():
    host = TypeAdapter(Annotated[str, Checked("rfc2396", "hostname")])
    assert host.validate_python("a.example") == "a.example"
    with pytest.raises(ValidationError):
        host.validate_python("-a.example")
    with pytest.raises(ValueError):
        Checked("rfc2396", "hostnam")
    with pytest.raises(ValueError):
        Checked("rfc9", None)


@pytest.mark.skipif("rfc3987" not in urigram.grammars(), reason="RFC 3987 is not in this build")
def test_iri_types():
    from urigram.pydantic import IRI, IRIReference

    ta = TypeAdapter(IRI)
    assert ta.validate_python("http://例え.テスト/") == "http://例え.テスト/"
    with pytest.raises(ValidationError):
        ta.validate_python("例え")
    assert TypeAdapter(IRIReference).validate_python("例え") == "例え"
