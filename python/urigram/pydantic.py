"""Pydantic v2 types for strict RFC fields: ``URI``, ``URIReference``, ``IRI`` and
``IRIReference`` (RFC 3986's ``URI`` and ``URI-reference``, RFC 3987's ``IRI`` and
``IRI-reference``), as ``str`` annotated with urigram's check.

A field's value stays the ``str`` it was given; a text that does not conform is a validation
error of type ``uri_syntax`` whose ``ctx`` holds the diagnostic: ``offset`` (in characters),
``rule``, ``expected``, ``found``, ``code``, ``help`` and ``citation``.

>>> from pydantic import BaseModel, ValidationError
>>> from urigram.pydantic import URI
>>> class Link(BaseModel):
...     href: URI
>>> Link(href="http://example.com/a").href
'http://example.com/a'
>>> try:
...     Link(href="http://example.com/a b")
... except ValidationError as e:
...     err = e.errors()[0]
...     print(err["type"], err["ctx"]["offset"], err["ctx"]["code"])
uri_syntax 20 rfc3986::URI::space

``Checked(grammar, rule)`` makes the same for any grammar and production:
``Annotated[str, Checked("rfc2396", "hostname")]``.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from . import _urigram, diagnose

__all__ = ["Checked", "IRI", "IRIReference", "URI", "URIReference"]


class Checked:
    """An annotation that checks a ``str`` field against a production of a grammar.

    >>> from typing import Annotated
    >>> from pydantic import TypeAdapter
    >>> host = TypeAdapter(Annotated[str, Checked("rfc2396", "hostname")])
    >>> host.validate_python("a.example")
    'a.example'
    """

    def __init__(self, grammar: str = "rfc3986", rule: Optional[str] = None, json_format: Optional[str] = None) -> None:
        # Fail at the annotation, not at the first value: an unknown grammar or production
        # is a mistake in the model.
        rules = _urigram.rules(grammar)
        if rule is not None and rule not in rules:
            _urigram.is_valid("", grammar, rule)  # raises ValueError naming the closest
        self.grammar = grammar
        self.rule = rule
        self.json_format = json_format

    def _check(self, value: str) -> str:
        if _urigram.is_valid(value, self.grammar, self.rule):
            return value
        e = diagnose(value, self.grammar, self.rule)
        if e is None:  # the two checks agree; kept for safety
            return value
        raise PydanticCustomError(
            "uri_syntax",
            "not a valid {rule} ({grammar}): {message}",
            {
                "grammar": e.grammar,
                "rule": e.start_rule,
                "message": e.message,
                "offset": e.offset,
                "failed_rule": e.rule,
                "expected": e.expected,
                "found": e.found,
                "code": e.code,
                "help": e.help,
                "citation": f"{e.citation['file']}:{e.citation['line']}",
            },
        )

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, core_schema.str_schema())

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> dict:
        js = handler(schema)
        if self.json_format is not None:
            js["format"] = self.json_format
        return js

    def __repr__(self) -> str:
        return f"Checked({self.grammar!r}, {self.rule!r})"


#: RFC 3986 ``URI``: a scheme, and no relative reference (JSON Schema's ``uri``).
URI = Annotated[str, Checked("rfc3986", "URI", "uri")]
#: RFC 3986 ``URI-reference``: a URI or a relative reference (``uri-reference``).
URIReference = Annotated[str, Checked("rfc3986", "URI-reference", "uri-reference")]

if "rfc3987" in _urigram.grammars():
    #: RFC 3987 ``IRI`` (JSON Schema's ``iri``).
    IRI = Annotated[str, Checked("rfc3987", "IRI", "iri")]
    #: RFC 3987 ``IRI-reference`` (``iri-reference``).
    IRIReference = Annotated[str, Checked("rfc3987", "IRI-reference", "iri-reference")]
