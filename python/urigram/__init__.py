"""Exact URI and IRI checks by the RFC grammars, with diagnostics.

``urigram`` checks a text against any production of RFC 3986 (the default), RFC 3987 (IRIs),
RFC 2396, RFC 2732, RFC 1738, RFC 1630 and RFC 822's ``addr-spec``, exactly as the RFCs write them, and says where a
text stops conforming: the character, the production and what was expected there.

>>> import urigram
>>> urigram.is_valid("http://example.com/a?b#c")
True
>>> urigram.is_valid("http://example.com/\\n")
False
>>> try:
...     urigram.validate("http://exa mple.com/")
... except urigram.InvalidURI as e:
...     (e.offset, e.rule, e.code)
(10, 'URI-reference', 'rfc3986::URI-reference::space')
"""

from __future__ import annotations

from typing import Any, Iterable, Literal, Optional, Union, overload

from . import _urigram
from ._urigram import ArrowChecks, Reference, bidi_warnings, grammars, iri_to_uri, rules, uri_to_iri
from . import rfc1630, rfc1738

__all__ = [
    "ArrowChecks",
    "InvalidURI",
    "Reference",
    "bidi_warnings",
    "check_arrow",
    "check_many",
    "diagnose",
    "extract",
    "fix",
    "fix_text",
    "grammars",
    "iri_to_uri",
    "is_valid",
    "parse",
    "rfc1630",
    "rfc1738",
    "rules",
    "uri_to_iri",
    "validate",
]


class InvalidURI(ValueError):
    """A text that is not a string of the production's language.

    Its attributes are the diagnostic:

    - ``offset`` / ``end``: where the text stops conforming, in characters of the ``str``
      (in bytes for a ``bytes`` input); ``byte_offset`` / ``byte_end``: the same in bytes of
      its UTF-8 encoding;
    - ``line`` and ``column`` (1-based; the column in characters), ``column_utf16``;
    - ``rule``: the production that failed there; ``start_rule``: the one checked;
      ``stack``: the productions open there, outermost first;
    - ``expected``: what the production would have taken there (production names and
      literals); ``found``: the character found (``None`` at the end of the text);
    - ``code``: a stable identifier of the mistake (``rfc3986::URI-reference::space``);
    - ``help``: what to write instead, or ``None``; ``citation``: a dict with the spec
      ``file``, ``line``, ``section`` and ``text`` of the production;
    - ``grammar``: the grammar's name; ``message``: one line; ``report``: the rendered
      report, which is also ``str(e)``;
    - ``reason``: from ``fix``, why no fix keeps the meaning (else ``None``).

    ``to_dict()`` is the JSON object of urigram's schema (``grammar_error``).

    >>> try:
    ...     urigram.validate("http://a/%zz")
    ... except urigram.InvalidURI as e:
    ...     print(e.rule, e.expected)
    pct-encoded ['hex']
    """

    def __init__(self, diagnostic: dict, text: Any = None) -> None:
        self._d = dict(diagnostic)
        d = self._d
        report = (d.pop("report", None) or d.get("message", "")).rstrip("\n")
        self.report: str = report
        self.reason: Optional[str] = None
        self.byte_offset: int = d["offset"]
        self.byte_end: int = d["end"]
        self.offset: int = d.pop("char_offset", d["offset"])
        self.end: int = d.pop("char_end", d["end"])
        self.line: int = d["line"]
        self.column: int = d["column"]
        self.column_utf16: int = d["column_utf16"]
        self.rule: str = d["rule"]
        self.start_rule: str = d["start_rule"]
        self.stack: list = d["stack"]
        self.expected: list = d["expected"]
        found = d["found"]
        # A `str` holding a lone surrogate is read with U+FFFD in its place: report the
        # character that is in the caller's text.
        if isinstance(text, str) and found is not None and 0 <= self.offset < len(text):
            found = text[self.offset]
        self.found: Optional[str] = found
        self.code: str = d["code"]
        self.help: Optional[str] = d["help"]
        self.citation: dict = d["citation"]
        self.grammar: str = d["grammar"]
        self.message: str = d["message"]
        super().__init__(report)

    def __str__(self) -> str:
        return self.report

    def __repr__(self) -> str:
        return f"InvalidURI(code={self.code!r}, offset={self.offset}, rule={self.rule!r})"

    def __reduce__(self) -> tuple:
        # Pickled (and copied) with its attributes, so that it crosses a process boundary
        # (a `validate` failing in a `ProcessPoolExecutor` or `multiprocessing.Pool` worker):
        # the default would call `__init__` again with `str(e)` alone.
        return (_rebuilt, (type(self), self.args, self.__dict__.copy()))

    def to_dict(self) -> dict:
        """The JSON object of urigram's schema (``schema/urigram.schema.json``,
        ``grammar_error``): offsets in bytes, as every other surface of urigram gives them."""
        return dict(self._d)


def _rebuilt(cls: type[InvalidURI], args: tuple, state: dict) -> InvalidURI:
    """An ``InvalidURI`` (or subclass) unpickled: its arguments and attributes as they were."""
    e = cls.__new__(cls, *args)
    e.args = args
    e.__dict__.update(state)
    return e


# The native function itself: a call costs no Python frame (its docstring, with examples,
# is the native one).
is_valid = _urigram.is_valid


def diagnose(
    text: str | bytes, grammar: str = "rfc3986", rule: Optional[str] = None
) -> Optional[InvalidURI]:
    """The diagnostic of ``text`` as an ``InvalidURI`` (not raised), or ``None`` when it
    conforms.

    >>> urigram.diagnose("http://a/b") is None
    True
    >>> urigram.diagnose("http://a/b c").offset
    10
    """
    d = _urigram.diagnose(text, grammar, rule)
    return None if d is None else InvalidURI(d, text)


def validate(text: str | bytes, grammar: str = "rfc3986", rule: Optional[str] = None) -> None:
    """Raise ``InvalidURI`` (a ``ValueError``) with the diagnostic when ``text`` is not one
    string of the production's language.

    >>> urigram.validate("urn:isbn:0451450523")
    >>> try:
    ...     urigram.validate("http://example.com:8o/")
    ... except urigram.InvalidURI as e:
    ...     print(e.line, e.column, e.found)
    1 22 /
    """
    if _urigram.is_valid(text, grammar, rule):
        return None
    e = diagnose(text, grammar, rule)
    if e is not None:
        raise e
    return None


@overload
def parse(
    text: str, grammar: Literal["rfc3986", "rfc3987", "rfc2396", "rfc2732"] = "rfc3986"
) -> Reference: ...
@overload
def parse(text: str, grammar: Literal["rfc1738"]) -> rfc1738.Url: ...
@overload
def parse(text: str, grammar: Literal["rfc1630"]) -> rfc1630.Uri: ...
@overload
def parse(text: str, grammar: Literal["rfc1630-url"]) -> rfc1630.Url: ...
@overload
def parse(
    text: str, grammar: str = "rfc3986"
) -> Union[Reference, rfc1738.Url, rfc1630.Uri, rfc1630.Url]: ...


def parse(
    text: str, grammar: str = "rfc3986"
) -> Union[Reference, rfc1738.Url, rfc1630.Uri, rfc1630.Url]:
    """Parse ``text`` into its typed value; ``InvalidURI`` when the grammar rejects it.

    A URI reference (``rfc3986``, ``rfc3987``, ``rfc2396`` or ``rfc2732``) is a ``Reference``
    with its components. The classic specs have their own classes: ``rfc1738`` gives a
    ``urigram.rfc1738.Url`` (one kind per scheme of RFC 1738's section 3, or generic),
    ``rfc1630`` a ``urigram.rfc1630.Uri`` (RFC 1630's generic BNF) and ``rfc1630-url`` a
    ``urigram.rfc1630.Url`` (its BNF for specific URL schemes).

    >>> r = urigram.parse("HTTP://user@Example.COM:8080/a/./b?q#f")
    >>> (r.scheme, r.userinfo, r.host, r.port, r.path, r.query, r.fragment)
    ('HTTP', 'user', 'Example.COM', 8080, '/a/./b', 'q', 'f')
    >>> str(r.normalize())
    'http://user@example.com:8080/a/b?q#f'
    >>> str(urigram.parse("http://a/b/c/d;p?q").join("../g"))
    'http://a/b/g'
    >>> u = urigram.parse("ftp://ftp.example.com/pub/file.txt;type=i", "rfc1738")
    >>> (u.kind, u.host, u.port_or_known_default, u.type_code, u.path_segments)
    ('ftp', 'ftp.example.com', 21, 'i', ['pub', 'file.txt'])
    >>> urigram.parse("news:comp.infosystems.www", "rfc1630")
    rfc1630.Uri("news:comp.infosystems.www")
    """
    return _urigram.parse(text, grammar)


def check_many(
    items: Iterable[Any],
    grammar: str = "rfc3986",
    rule: Optional[str] = None,
    *,
    threads: Optional[int] = None,
    batch_size: int = 65536,
) -> dict:
    """Check every item of a list or any iterable (``str``, ``bytes``, or ``None`` for a
    missing value) on every core, a batch at a time: a dict of columns, one entry per item in
    order: ``valid`` (``True``/``False``, ``None`` for a missing value), ``offset`` (where an
    invalid text stops conforming, in characters), ``rule`` and ``code``. ``pandas.DataFrame``
    takes it as it is. Ctrl-C stops it between batches with ``KeyboardInterrupt``.

    For an Arrow array or table column (pyarrow, pandas with Arrow dtypes, polars), see
    ``check_arrow``, which reads the strings without a Python object per row.

    >>> urigram.check_many(["http://a/", "http://a b/", None])
    {'valid': [True, False, None], 'offset': [None, 8, None], 'rule': [None, 'URI-reference', None], 'code': [None, 'rfc3986::URI-reference::space', None]}
    """
    return _urigram.check_many(items, grammar, rule, threads=threads, batch_size=batch_size)


def check_arrow(
    data: Any,
    grammar: str = "rfc3986",
    rule: Optional[str] = None,
    *,
    column: Optional[str] = None,
    threads: Optional[int] = None,
) -> ArrowChecks:
    """Check the strings of an Arrow column without a Python object per row: ``data`` is
    anything with the Arrow PyCapsule interface (a pyarrow ``Array``, ``ChunkedArray``,
    ``Table``, ``RecordBatch`` or ``RecordBatchReader``, a polars ``Series`` or
    ``DataFrame`` ...) of strings (``utf8``, ``large_utf8``, ``string_view``) or binary;
    ``column`` names the column of a table with more than one.

    The result is an Arrow stream with the columns of ``check_many`` (``valid``, ``offset``,
    ``rule``, ``code``; nulls where ``check_many`` has ``None``), one record batch per input
    chunk, each checked on every core as it is read, so memory holds one chunk at a time.
    Read it once: ``pyarrow.table(result)``, ``pyarrow.RecordBatchReader.from_stream(result)``
    or ``polars.DataFrame(result)``.

    >>> import pyarrow as pa
    >>> t = pa.table(urigram.check_arrow(pa.array(["http://a/", "http://a b/", None])))
    >>> t.column("valid").to_pylist(), t.column("offset").to_pylist()
    ([True, False, None], [None, 8, None])
    """
    return _urigram.check_arrow(data, grammar, rule, column=column, threads=threads)


def extract(
    text: str, grammar: str = "rfc3986", syntax: str = "plain", include_code: bool = False
) -> list:
    """The URIs a reader sees in ``text`` (``plain``, ``markdown``, ``html`` or ``rst``), as
    the command line's ``extract`` finds them: a dict per URI with ``uri``, ``start`` and
    ``end`` (characters), ``byte_start``/``byte_end``, ``line``, ``column``, ``delimiter`` and
    ``error`` (``None``, or the diagnostic as an ``InvalidURI``, not raised). ``uri`` holds the
    caller's characters, a lone surrogate included.

    >>> [(f["uri"], f["error"] is None) for f in urigram.extract("See <http://a/b> and http://c/%zz.")]
    [('http://a/b', True), ('http://c/%zz', False)]
    """
    found = _urigram.extract(text, grammar, syntax, include_code)
    for f in found:
        if f["error"] is not None:
            f["error"] = InvalidURI(f["error"], text)
    return found


def fix(text: str, grammar: str = "rfc3986") -> str:
    """The URI with each mistake that has one meaning fixed (a space escaped as ``%20``, a
    ``%`` that begins no escape as ``%25``, a character outside the grammar percent-encoded
    as UTF-8); ``InvalidURI`` when no fix keeps the meaning (its ``help`` says why), as for a
    URI that holds a lone surrogate (its ``reason`` names it: no UTF-8, so no escape, holds one).

    >>> urigram.fix("http://a/b c/é")
    'http://a/b%20c/%C3%A9'
    >>> urigram.fix("http://a/ok")
    'http://a/ok'
    """
    outcome, value, detail = _urigram.fix(text, grammar)
    if outcome == "unfixable":
        e = InvalidURI(detail, text)
        e.reason = value
        raise e
    return value


def fix_text(text: str, grammar: str = "rfc3986", syntax: str = "plain") -> tuple:
    """``fix`` for every URI ``extract`` finds in ``text``; everything else stays byte for
    byte. Returns ``(fixed_text, number_fixed, unfixed)``, where ``unfixed`` lists a dict per
    URI left as it was (``uri``, ``reason``, ``error``: an ``InvalidURI``). A URI that holds a
    lone surrogate is left as it is (and listed), and every surrogate of the text stays.

    >>> urigram.fix_text("see http://a/b c and http://d/100%")[0]
    'see http://a/b c and http://d/100%25'
    """
    fixed, count, unfixed = _urigram.fix_text(text, grammar, syntax)
    for u in unfixed:
        u["error"] = InvalidURI(u["error"], text)
    return fixed, count, unfixed
