"""RFC 1630 (1994), "Universal Resource Identifiers in WWW": typed values for its two BNFs,
the partial (relative) form, and its rule for comparing escaped URIs.

RFC 1630 prints two grammars: the generic BNF (``Uri``, start rule ``fragmentaddress``,
``urigram.parse(text, "rfc1630")``) and the BNF for specific URL schemes (``Url``, start rule
``url``, ``urigram.parse(text, "rfc1630-url")``). ``resolve_partial`` resolves a partial URI
in a context as the section "Partial (relative) form" says; ``same_uri`` compares two URIs as
the section "Encoding reserved characters" says; ``decode_escapes`` decodes.

>>> from urigram import rfc1630
>>> rfc1630.Uri("news:comp.infosystems.www").path
'comp.infosystems.www'
>>> u = rfc1630.Url("news:12345667123@info.cern.ch")
>>> (u.kind, u.article, u.group)
('news', '12345667123@info.cern.ch', None)
"""

from __future__ import annotations

from ._urigram import _rfc1630 as _native

Uri = _native.Uri
Url = _native.Url
resolve_partial = _native.resolve_partial
same_uri = _native.same_uri
decode_escapes = _native.decode_escapes

__all__ = ["Uri", "Url", "decode_escapes", "resolve_partial", "same_uri"]
