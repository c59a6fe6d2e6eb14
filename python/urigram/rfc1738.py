"""RFC 1738 (1994), "Uniform Resource Locators": typed URLs, one kind per scheme of section 3,
and the scheme semantics the RFC describes.

``Url`` is a URL read by RFC 1738's ``url`` as printed (``urigram.parse(text, "rfc1738")``
makes the same value): its components as written, the port to connect to, FTP's commands
(section 3.2), Gopher's request (section 3.4), and the RFC's comparison (``equivalent``).
``decode`` decodes a component (section 2.2), ``default_port`` names a scheme's port, and
``find_urls`` reads URLs in free text as the appendix "Recommendations for URLs in Context"
asks.

>>> from urigram import rfc1738
>>> u = rfc1738.Url("http://www.example.com:8080/a/b?x+y")
>>> (u.kind, u.host, u.port, u.path_segments, u.search)
('http', 'www.example.com', 8080, ['a', 'b'], 'x+y')
>>> u.equivalent("http://www.example.com:8080/%61/b?x+y")
True
"""

from __future__ import annotations

from ._urigram import _rfc1738 as _native

Url = _native.Url
default_port = _native.default_port
decode = _native.decode

__all__ = ["Url", "decode", "default_port", "find_urls"]


def find_urls(text: str) -> list:
    """The RFC 1738 URLs of ``text``, read as the appendix "Recommendations for URLs in
    Context" asks (rfc1738.txt:1183-1225): in ``<URL:...>``, in ``<...>`` or by a scheme that
    starts a word; whitespace inside the brackets ignored; the fragment identifier after a
    ``#`` split off; and the hyphens that line breaks follow kept in ``url`` (each "may or may
    not actually be part of the URL"). A dict per URL: ``url``; ``start``/``end``
    (characters; ``byte_start``/``byte_end``: bytes) of the URL in the text;
    ``outer_start``/``outer_end`` with its wrapper; ``delimiter``; ``fragment`` (or
    ``None``); ``break_hyphens`` (their offsets in the text, in characters); ``error``
    (``None``, or the diagnostic as an ``InvalidURI``, not raised, placed in the text);
    ``without_break_hyphens``: ``None``, or a dict of the URL without those hyphens
    (``url``) and its ``error``.

    >>> from urigram import rfc1738
    >>> text = "Get <URL:ftp://h.dom/pub/file-\\n  name.txt#top> or <URL:http://h/a{b}>."
    >>> found = rfc1738.find_urls(text)
    >>> [(f["url"], f["fragment"], f["break_hyphens"], f["error"] is None) for f in found]
    [('ftp://h.dom/pub/file-name.txt', 'top', [29], True), ('http://h/a{b}', None, [], False)]
    >>> found[0]["without_break_hyphens"]["url"]
    'ftp://h.dom/pub/filename.txt'
    >>> found[1]["error"].offset, text[found[1]["error"].offset]
    (65, '{')
    """
    from . import InvalidURI

    found = _native.find_urls(text)
    for f in found:
        for d in (f, f["without_break_hyphens"]):
            if d is not None and d["error"] is not None:
                d["error"] = InvalidURI(d["error"], text)
    return found
