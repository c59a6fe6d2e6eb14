"""JSON Schema's URI and IRI formats for python-jsonschema, checked exactly.

``format_checker`` is a ``jsonschema.FormatChecker`` for ``uri``, ``uri-reference``, ``iri``
and ``iri-reference`` (RFC 3986's ``URI`` and ``URI-reference``, RFC 3987's ``IRI`` and
``IRI-reference``, as JSON Schema's validation vocabulary names them). A failure's
``ValidationError.cause`` is the ``urigram.InvalidURI`` with the whole diagnostic.

>>> import jsonschema, urigram.jsonschema
>>> schema = {"type": "string", "format": "uri"}
>>> v = jsonschema.Draft202012Validator(schema, format_checker=urigram.jsonschema.format_checker)
>>> v.is_valid("http://example.com/")
True
>>> [e.cause.code for e in v.iter_errors("http://example.com/\\n")]
['rfc3986::URI::control']

``extend(checker)`` adds the same checks to a checker of your own (say
``Draft202012Validator.FORMAT_CHECKER``'s formats plus these).

For projects moving from ``rfc3986-validator`` or ``rfc3987``, ``validate_rfc3986``,
``match`` and ``parse`` take the same arguments as theirs.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Optional

import jsonschema as _jsonschema  # type: ignore[import-untyped]

from . import InvalidURI, _urigram, validate

__all__ = ["FORMATS", "extend", "format_checker", "match", "parse", "validate_rfc3986"]

#: JSON Schema's format names and the grammar and production each is checked by.
FORMATS = {
    "uri": ("rfc3986", "URI"),
    "uri-reference": ("rfc3986", "URI-reference"),
    "iri": ("rfc3987", "IRI"),
    "iri-reference": ("rfc3987", "IRI-reference"),
}


def _checker(grammar: str, rule: str):
    def check(instance: Any) -> bool:
        # A format constrains strings only: anything else conforms (JSON Schema 2020-12,
        # validation section 7.1).
        if not isinstance(instance, str):
            return True
        validate(instance, grammar, rule)
        return True

    check.__name__ = f"is_{rule.lower().replace('-', '_')}"
    check.__doc__ = f"Whether a string is an RFC {grammar[3:]} {rule} (InvalidURI if not)."
    return check


def extend(checker: "_jsonschema.FormatChecker") -> "_jsonschema.FormatChecker":
    """Add the ``uri``, ``uri-reference``, ``iri`` and ``iri-reference`` checks to
    ``checker`` (replacing any it had) and return it.

    >>> c = urigram.jsonschema.extend(jsonschema.FormatChecker())
    >>> c.conforms("http://a/b", "uri"), c.conforms("//a/b", "uri")
    (True, False)
    """
    grammars = _urigram.grammars()
    for name, (grammar, rule) in FORMATS.items():
        if grammar in grammars:
            checker.checks(name, raises=InvalidURI)(_checker(grammar, rule))
    return checker


#: A ``jsonschema.FormatChecker`` with the four formats.
format_checker = extend(_jsonschema.FormatChecker(formats=()))


def _rule_name(rule: str) -> str:
    # The other packages write productions with `_` where the RFCs write `-`.
    return rule.replace("_", "-")


@functools.lru_cache(maxsize=None)
def _rules(grammar: str) -> frozenset:
    try:
        return frozenset(_urigram.rules(grammar))
    except ValueError:
        return frozenset()


def _grammar_of(rule: str) -> str:
    """The grammar of a production the other packages name: RFC 3986's when it has it (so
    ``URI`` is checked as a URI), else RFC 3987's (``IRI``, ``ihost`` ...)."""
    r = _rule_name(rule)
    return "rfc3986" if r in _rules("rfc3986") else "rfc3987"


# RFC 3986 Appendix B (rfc3986.txt:2809): the components of a reference that is known to
# conform (it is validated first), for URIs and IRIs alike.
_SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", re.S)


class Match:
    """A text that conforms to a production: what ``validate_rfc3986`` and ``match`` return
    (truthy, as the regular-expression matches of the packages they replace)."""

    def __init__(self, string: str, rule: str) -> None:
        self.string = string
        self.rule = rule

    def group(self, index: int = 0) -> str:
        if index != 0:
            raise IndexError("no such group")
        return self.string

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"<urigram.jsonschema.Match rule={self.rule!r} string={self.string!r}>"


def validate_rfc3986(url: Any, rule: str = "URI") -> Optional[Match]:
    """``rfc3986_validator.validate_rfc3986``'s call: a ``Match`` when ``url`` is a string of
    RFC 3986's production ``rule`` (written with ``_`` or ``-``), else ``None``.

    >>> bool(urigram.jsonschema.validate_rfc3986("http://a/b", rule="URI_reference"))
    True
    >>> urigram.jsonschema.validate_rfc3986("http://a/b\\n") is None
    True
    """
    if not isinstance(url, str):
        return None
    r = _rule_name(rule)
    return Match(url, r) if _urigram.is_valid(url, "rfc3986", r) else None


def match(string: Any, rule: str = "IRI_reference") -> Optional[Match]:
    """``rfc3987.match``'s call: a ``Match`` when ``string`` is a string of the production
    ``rule`` (an RFC 3987 production such as ``IRI_reference``, or an RFC 3986 one such as
    ``URI``), else ``None``."""
    if not isinstance(string, str):
        return None
    r = _rule_name(rule)
    return Match(string, r) if _urigram.is_valid(string, _grammar_of(rule), r) else None


def parse(string: str, rule: str = "IRI_reference") -> dict:
    """``rfc3987.parse``'s call: the components (``scheme``, ``authority``, ``path``,
    ``query``, ``fragment``; ``None`` when absent) of a string of ``rule``; ``InvalidURI`` (a
    ``ValueError``, as ``rfc3987.parse`` raises) when it is none."""
    r = _rule_name(rule)
    grammar = _grammar_of(rule)
    validate(string, grammar, r)
    m = _SPLIT.match(string)
    # Appendix B's expression matches every string.
    assert m is not None
    return {
        "scheme": m.group(2),
        "authority": m.group(4),
        "path": m.group(5),
        "query": m.group(7),
        "fragment": m.group(9),
    }
