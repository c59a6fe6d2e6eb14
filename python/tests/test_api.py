"""The functions a Python user calls: verdicts, the diagnostic's attributes, and clear
exceptions for every wrong argument."""

import json
import threading

import pytest

import urigram


def test_verdicts_of_the_default_grammar_rfc3986():
    assert urigram.is_valid("http://example.com/a?b#c")
    assert urigram.is_valid("urn:isbn:0451450523")
    assert urigram.is_valid("//host/path")  # URI-reference by default
    assert not urigram.is_valid("//host/path", rule="URI")
    assert urigram.is_valid("http://[::1]:80/")
    assert not urigram.is_valid("http://[::1]:80/", "rfc2396")
    assert urigram.is_valid("http://[::1]:80/", "rfc2732")


def test_iris_by_rfc3987():
    assert urigram.is_valid("http://例え.テスト/パス?q#f", "rfc3987")
    assert urigram.is_valid("http://例え.テスト/パス?q#f", "rfc3987", "IRI")
    assert not urigram.is_valid("http://例え.テスト/", "rfc3986")
    # A private-use character only in a query (rfc3987.txt:429, 442).
    assert urigram.is_valid("http://a/?\ue000", "rfc3987")
    e = urigram.diagnose("http://a/\ue000", "rfc3987")
    assert (e.offset, e.found, e.grammar) == (9, "\ue000", "rfc3987")
    assert e.byte_offset == 9 and e.help
    # Offsets in characters and bytes differ after a non-ASCII character.
    e = urigram.diagnose("http://é/ é", "rfc3987")
    assert (e.offset, e.byte_offset) == (9, 10)


def test_a_trailing_newline_is_not_valid():
    # The regular expressions of rfc3986-validator and rfc3987 anchor with `$`, which takes a
    # final newline.
    for s in ("http://example.com/\n", "http://example.com/\r\n", "a\n"):
        assert not urigram.is_valid(s)
        e = urigram.diagnose(s)
        assert e is not None and e.offset == s.index("\n") if "\r" not in s else s.index("\r")


def test_invalid_uri_carries_the_diagnostic():
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.validate("http://a/%zz")
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.offset, e.end, e.byte_offset) == (10, 11, 10)
    assert (e.line, e.column) == (1, 11)
    assert e.rule == "pct-encoded"
    assert e.start_rule == "URI-reference"
    assert e.found == "z"
    assert e.code == "rfc3986::pct-encoded::letter"
    assert e.help and "%25" in e.help
    assert e.citation["file"] == "rfc3986.txt" and e.citation["line"] > 0
    assert e.grammar == "rfc3986"
    assert "^" in str(e) and "http://a/%zz" in str(e)


def test_offsets_count_characters_and_bytes():
    # "é" is one character and two bytes.
    e = urigram.diagnose("http://é/ b")
    assert (e.offset, e.byte_offset, e.found) == (7, 7, "é")
    e = urigram.diagnose("http://a/b c/é")
    assert (e.offset, e.byte_offset) == (10, 10)
    e = urigram.diagnose("é:x", rule="URI")
    assert e.offset == 0
    e = urigram.diagnose("#é", rule="URI-reference")
    assert (e.offset, e.found) == (1, "é")
    e = urigram.diagnose("x:é é")
    assert (e.offset, e.byte_offset) == (2, 2)
    # After a non-ASCII character the two counts differ: in a document, after the prose.
    f = urigram.extract("é → http://a/%zz")[0]
    assert (f["start"], f["byte_start"]) == (4, 7)
    e = f["error"]
    assert (e.offset, e.byte_offset, e.found, e.column) == (14, 17, "z", 15)
    e = urigram.diagnose("http://a/%C3%A9/ b", rule="URI")
    assert e.offset == 16
    e = urigram.diagnose("x:a b", "rfc3986")
    assert e.found == " "


def test_to_dict_is_the_schema_object(root):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((root / "schema" / "urigram.schema.json").read_text())
    sub = {"$ref": "#/$defs/grammar_error", "$defs": schema["$defs"]}
    for s, g in [("http://a b/", "rfc3986"), ("http://a/b#c", "rfc1738"), ("a b@c", "rfc822"), ("http://a/é", "rfc2396")]:
        d = urigram.diagnose(s, g).to_dict()
        jsonschema.validate(d, sub)
        assert d["grammar"] == g


def test_every_grammar_and_its_start_rule():
    names = urigram.grammars()
    for g in ("rfc3986", "rfc2396", "rfc2732", "rfc1738", "rfc1630", "rfc1630-url", "rfc822"):
        assert g in names
        assert urigram.rules(g)
    assert urigram.is_valid("ftp://a/b;type=a", "rfc1738")
    assert urigram.is_valid("a.b@c.d", "rfc822")
    assert urigram.is_valid("http:a/b#c", "rfc1630")
    assert urigram.is_valid("http://a/b", "rfc1630-url")
    assert urigram.is_valid("RFC3986 ".strip() and "http://a/", "RFC3986")  # any case


def test_unknown_names_are_value_errors():
    with pytest.raises(ValueError, match='unknown grammar "rfc9999".*rfc3986'):
        urigram.is_valid("x", "rfc9999")
    with pytest.raises(ValueError, match="URI-referenc"):
        urigram.is_valid("x", "rfc3986", "URI-referenc")
    with pytest.raises(ValueError):
        urigram.validate("x", "nope")
    with pytest.raises(ValueError):
        urigram.extract("x", syntax="latex")


def test_wrong_types_are_type_errors():
    for bad in (None, 3, 3.5, ["http://a/"], object()):
        with pytest.raises(TypeError, match="expected str or bytes"):
            urigram.is_valid(bad)
    with pytest.raises(TypeError):
        urigram.check_many([1])
    with pytest.raises(TypeError):
        urigram.check_arrow(["http://a/"])
    with pytest.raises(TypeError):
        urigram.is_valid("http://a/", 3)


def test_bytes_are_read_as_octets():
    assert urigram.is_valid(b"http://a/")
    assert urigram.is_valid(bytearray(b"http://a/"))
    assert urigram.is_valid(memoryview(b"http://a/"))
    e = urigram.diagnose(b"http://a/\xff")
    assert e.offset == 9 and "UTF-8" in e.message
    e = urigram.diagnose("http://a/\xff".encode())  # ÿ as UTF-8: two bytes
    assert e.offset == 9


def test_any_str_never_crashes():
    for s in ("", "\x00", "http://a/\x00", "\ud800", "http://a/\udfff/x", "\U0010ffff", "\u2028", "%", "[", "::::"):
        v = urigram.is_valid(s)
        e = urigram.diagnose(s)
        assert v == (e is None)
        if e is not None:
            assert 0 <= e.offset <= len(s)
            if e.offset < len(s):
                assert e.found == s[e.offset]
    e = urigram.diagnose("http://a/\ud800")
    assert (e.offset, e.found) == (9, "\ud800")


def test_a_long_string():
    s = "http://a/" + "b" * (100 << 20)
    assert urigram.is_valid(s)
    e = urigram.diagnose(s + " ")
    assert e.offset == len(s)


def test_threads_share_the_module():
    results = []

    def work(i):
        ok = all(urigram.is_valid(f"http://a/{i}/{j}") for j in range(2000))
        bad = urigram.check_many([f"http://a/{i} {j}" for j in range(2000)])["valid"]
        results.append(ok and not any(bad))

    ts = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert results == [True] * 8


def test_extract_and_fix():
    found = urigram.extract("See <http://a/b> and http://c/%zz.\n")
    assert [f["uri"] for f in found] == ["http://a/b", "http://c/%zz"]
    assert found[0]["error"] is None
    e = found[1]["error"]
    assert isinstance(e, urigram.InvalidURI) and e.line == 1
    md = "Run `curl http://code/%zz` or see [x](http://a/%zz).\n"
    assert [f["uri"] for f in urigram.extract(md, syntax="markdown")] == ["http://a/%zz"]
    assert urigram.fix("http://a/b c") == "http://a/b%20c"
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.fix("http://[::1/")
    assert info.value.reason
    text, n, unfixed = urigram.fix_text("a http://a/%zz b", "rfc3986")
    assert (text, n, unfixed) == ("a http://a/%25zz b", 1, [])


def test_arrow_columns_place_each_invalid_row():
    """`check_arrow`'s four columns equal `check_many`'s row for row: invalid rows first, in
    the middle and last, nulls between them, and chunks where every row is valid (whose
    `offset`, `rule` and `code` are all null)."""
    pa = pytest.importorskip("pyarrow")
    rows = ["a b", "http://a/", None, "http://a/%zz", "http://[::1]/", "x y", None, "", "http://a/\x7f"]
    chunks = pa.chunked_array([rows, ["http://a/", None, "mailto:x@y"], [], ["?q", "%"]], pa.string())
    t = pa.table(urigram.check_arrow(chunks))
    flat = rows + ["http://a/", None, "mailto:x@y", "?q", "%"]
    expect = urigram.check_many(flat)
    for name in ("valid", "offset", "rule", "code"):
        assert t.column(name).to_pylist() == expect[name], name
    assert expect["valid"][:4] == [False, True, None, False]
    assert t.column("offset").to_pylist()[9:12] == [None, None, None]


def test_bulk_rows_keep_their_place_across_shares_and_batches():
    """Each row's result is its own across batches (`batch_size`) and the shares two threads
    check (1,024 rows at least each): valid, invalid and missing rows interleaved, compared
    with `diagnose` one by one, for `check_many` and `check_arrow` alike."""
    pa = pytest.importorskip("pyarrow")
    kinds = ["http://a/{i}", "http://a/{i} x", None, "{i}%zz", "mailto:{i}@x", "[{i}]"]
    items = []
    for i in range(7000):
        k = kinds[(i * 7 + i // 13) % len(kinds)]
        items.append(None if k is None else k.format(i=i))
    expect = [None if s is None else urigram.diagnose(s) for s in items]
    for batch_size in (65536, 1500, 1):
        cols = urigram.check_many(items, threads=2, batch_size=batch_size)
        assert cols["valid"] == [None if s is None else e is None for s, e in zip(items, expect)]
        assert cols["offset"] == [e.offset if e else None for e in expect]
        assert cols["rule"] == [e.rule if e else None for e in expect]
        assert cols["code"] == [e.code if e else None for e in expect]
    t = pa.table(urigram.check_arrow(pa.array(items, pa.string()), threads=2))
    assert t.column("valid").to_pylist() == cols["valid"]
    assert t.column("offset").to_pylist() == cols["offset"]
    assert t.column("rule").to_pylist() == cols["rule"]
    assert t.column("code").to_pylist() == cols["code"]
    assert cols["valid"].count(None) > 1000 and cols["valid"].count(False) > 1000
