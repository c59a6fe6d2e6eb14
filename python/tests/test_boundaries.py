"""Bad data and process boundaries: bytes that claim to be UTF-8 and are not, a panic in the
Arrow stream's callbacks, diagnostics and values that cross a process boundary, lone
surrogates, and the arguments of the bulk checks checked at the call.

What could abort the interpreter runs in a child process, so that an abort fails the test
instead of ending the test run."""

import concurrent.futures
import copy
import json
import multiprocessing
import pickle
import subprocess
import sys
import textwrap

import pytest

import urigram

pa = pytest.importorskip("pyarrow")

# Bytes that a producer may label UTF-8 and that are not: a Latin-1 letter, a lead byte
# followed by no continuation byte, and an encoded surrogate (CESU-8's, which UTF-8 forbids).
BAD = [b"http://a/\xe9", b"http://a/\xc3\x28", b"http://a/\xed\xa0\x80"]
# The grammars that reject `http://a/` before the byte: RFC 1630's generic BNF (no `//`
# there) and RFC 822's `addr-spec`.
NOT_AT_THE_BYTE = ("rfc1630", "rfc822")


def run(program: str) -> subprocess.CompletedProcess:
    """`program` run by this interpreter in a child process (an abort ends the child only)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(program)],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def claimed_utf8() -> dict:
    """For each grammar, string type and bad input: the row of `check_arrow` on a string
    column whose bytes are not UTF-8, and on the same bytes as a binary column. Computed in a
    child process: before the bytes were checked, rfc3987 aborted the interpreter."""
    p = run(f"""
        import json, pyarrow as pa, urigram
        BAD = {BAD!r}
        def row(arr, g):
            t = pa.table(urigram.check_arrow(arr, g))
            return {{c: t.column(c).to_pylist() for c in t.column_names}}
        out = {{}}
        for g in urigram.grammars():
            binary = row(pa.array(BAD, pa.binary()), g)
            out[g] = {{
                "binary": binary,
                "string": row(pa.array(BAD, pa.binary()).view(pa.string()), g),
                "large_string": row(pa.array(BAD, pa.large_binary()).view(pa.large_string()), g),
                "string_view": row(pa.array(BAD, pa.binary_view()).view(pa.string_view()), g),
                "dictionary": row(pa.DictionaryArray.from_arrays(
                    pa.array([0, 1, 2]), pa.array(BAD, pa.binary()).view(pa.string())), g),
            }}
        print(json.dumps(out))
    """)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


@pytest.mark.parametrize("kind", ["string", "large_string", "string_view", "dictionary"])
@pytest.mark.parametrize("grammar", urigram.grammars())
def test_a_string_column_that_is_not_utf8_gets_the_binary_verdict(claimed_utf8, grammar, kind):
    got, binary = claimed_utf8[grammar][kind], claimed_utf8[grammar]["binary"]
    assert got == binary
    assert got["valid"] == [False, False, False]
    if grammar not in NOT_AT_THE_BYTE:
        assert all(c.endswith("::not-utf8") for c in got["code"]), got["code"]
        assert got["offset"] == [9, 9, 9]


def test_not_utf8_offsets_count_the_characters_before_the_bad_byte():
    arr = pa.array([b"http://a/\xc3\xa9\xff"], pa.binary())
    as_text = pa.table(urigram.check_arrow(arr.view(pa.string()), "rfc3987"))
    as_bytes = pa.table(urigram.check_arrow(arr, "rfc3987"))
    assert as_text.column("code").to_pylist() == ["rfc3987::IRI-reference::not-utf8"]
    assert as_text.column("offset").to_pylist() == [10]  # characters: "é" is one
    assert as_bytes.column("offset").to_pylist() == [11]  # bytes


def test_the_binary_path_says_not_utf8_under_every_grammar():
    for g in urigram.grammars():
        if g in NOT_AT_THE_BYTE:
            continue
        for b in BAD:
            e = urigram.diagnose(b, g)
            assert e is not None and e.code.endswith("::not-utf8"), (g, b, e)


def test_a_latin1_csv_read_without_utf8_check():
    pytest.importorskip("pyarrow.csv")
    p = run("""
        import io, pyarrow as pa, pyarrow.csv as csv, urigram
        data = "url\\nhttp://a/caf\\u00e9\\nhttp://a/ok\\n".encode("latin-1")
        t = csv.read_csv(io.BytesIO(data), convert_options=csv.ConvertOptions(check_utf8=False))
        r = pa.table(urigram.check_arrow(t, "rfc3987", column="url"))
        print(r.column("valid").to_pylist(), r.column("code").to_pylist())
    """)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip() == "[False, True] ['rfc3987::IRI-reference::not-utf8', None]"


# -------------------------------------------------------------------------------------------
# No panic crosses the FFI boundary
# -------------------------------------------------------------------------------------------


def test_a_panic_in_the_stream_callback_is_a_python_exception():
    p = run("""
        import pyarrow as pa, urigram
        from urigram import _urigram
        s = urigram.check_arrow(pa.array(["http://a/", "http://a b/"]))
        _urigram._plant_panic()
        try:
            pa.table(s)
        except pa.ArrowException as e:
            print("caught:", type(e).__name__, e)
        else:
            print("no exception")
        # The module still answers.
        print(urigram.is_valid("http://a/"))
    """)
    assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
    lines = p.stdout.splitlines()
    assert lines[0].startswith("caught: "), p.stdout
    assert "panicked" in lines[0] and "planted" in lines[0], lines[0]
    assert lines[1] == "True"


# -------------------------------------------------------------------------------------------
# Across processes: pickling and copying
# -------------------------------------------------------------------------------------------


def _invalid() -> urigram.InvalidURI:
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.validate("http://a b/")
    return info.value


ATTRS = ["report", "reason", "offset", "end", "byte_offset", "byte_end", "line", "column",
         "column_utf16", "rule", "start_rule", "stack", "expected", "found", "code", "help",
         "citation", "grammar", "message"]


def same_invalid(a: urigram.InvalidURI, b: urigram.InvalidURI) -> None:
    assert type(a) is type(b)
    for name in ATTRS:
        assert getattr(a, name) == getattr(b, name), name
    assert str(a) == str(b) and repr(a) == repr(b) and a.args == b.args
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_invalid_uri_pickles_and_copies_with_its_attributes(how):
    e = _invalid()
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.fix("http://a:8o/")
    f = info.value
    assert f.reason
    for x in (e, f):
        y = {"pickle": lambda v: pickle.loads(pickle.dumps(v)),
             "copy": copy.copy, "deepcopy": copy.deepcopy}[how](x)
        same_invalid(x, y)


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987", "rfc2396", "rfc2732", "rfc1738",
                                     "rfc1630", "rfc1630-url"])
def test_values_pickle_and_copy(grammar):
    text = {"rfc3987": "http://\u00e9.example/p?q#f", "rfc1630-url": "http://h/p?q",
            "rfc1630": "news:comp.infosystems.www",
            "rfc1738": "ftp://u@h/p;type=a"}.get(grammar, "http://u@h:8/p?q#f")
    v = urigram.parse(text, grammar)
    for w in (pickle.loads(pickle.dumps(v)), copy.copy(v), copy.deepcopy(v)):
        assert type(w) is type(v) and w == v and str(w) == str(v) and hash(w) == hash(v)
        assert w.grammar == v.grammar and w.to_dict() == v.to_dict()


def test_a_failing_validate_in_a_process_pool_worker():
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=ctx) as pool:
        ok = pool.submit(urigram.validate, "http://a/")
        bad = pool.submit(urigram.validate, "http://a b/")
        assert ok.result(timeout=120) is None
        with pytest.raises(urigram.InvalidURI) as info:
            bad.result(timeout=120)
    same_invalid(info.value, _invalid())


def test_a_failing_validate_in_a_multiprocessing_pool():
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        r = pool.apply_async(urigram.validate, ("http://a b/",))
        with pytest.raises(urigram.InvalidURI) as info:
            r.get(timeout=120)
        # The pool still works: its result thread did not die.
        assert pool.apply_async(urigram.is_valid, ("http://a/",)).get(timeout=120) is True
    same_invalid(info.value, _invalid())


# -------------------------------------------------------------------------------------------
# Lone surrogates
# -------------------------------------------------------------------------------------------


def test_fix_does_not_escape_a_lone_surrogate():
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.fix("http://a/\ud800x")
    e = info.value
    assert "U+D800" in e.reason and "surrogate" in e.reason
    assert (e.offset, e.found) == (9, "\ud800")
    # Under every grammar; and with another mistake before it, which alone would be fixed.
    for g in urigram.grammars():
        if g in NOT_AT_THE_BYTE:
            continue
        with pytest.raises(urigram.InvalidURI) as info:
            urigram.fix("http://a/b c/\udcff", g)
        assert "U+DCFF" in (info.value.reason or ""), g


def test_fix_text_keeps_lone_surrogates_and_their_uris():
    text = "see http://a/b c and http://a/\ud800x and \udc80 http://d/100% end"
    fixed, n, unfixed = urigram.fix_text(text, "rfc3987")
    assert fixed == "see http://a/b c and http://a/\ud800x and \udc80 http://d/100%25 end"
    assert n == 1
    assert [u["uri"] for u in unfixed] == ["http://a/\ud800x"]
    assert "U+D800" in unfixed[0]["reason"]
    e = unfixed[0]["error"]
    assert (e.offset, e.found) == (text.index("\ud800"), "\ud800")


def test_fix_text_without_a_surrogate_in_a_uri_fixes_as_before():
    text = "\udc80 http://a/b%zz and http://[x/ \ud8ff"
    fixed, n, unfixed = urigram.fix_text(text)
    plain = urigram.fix_text(text.replace("\udc80", "?").replace("\ud8ff", "?"))
    assert fixed == "\udc80" + plain[0][1:-1] + "\ud8ff"
    assert n == plain[1]
    assert [u["uri"] for u in unfixed] == [u["uri"] for u in plain[2]]


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987"])
def test_extract_gives_the_callers_text(grammar):
    text = "a http://a/\ud800x b <http://b/\udfff> c"
    found = urigram.extract(text, grammar)
    assert "\ufffd" not in "".join(f["uri"] for f in found)
    for f in found:
        assert f["uri"] == text[f["start"]:f["end"]]
    assert any("\ud800" in f["uri"] for f in found) or any("\udfff" in f["uri"] for f in found)
    bad = [f for f in found if f["error"] is not None]
    assert bad and all(f["error"].found in ("\ud800", "\udfff") for f in bad)


def test_functions_that_hand_back_text_refuse_a_lone_surrogate():
    from urigram import rfc1738

    with pytest.raises(UnicodeEncodeError):
        rfc1738.decode("caf\ud800")
    with pytest.raises(UnicodeEncodeError):
        rfc1738.find_urls("see http://a/\ud800")
    # Checks read it as a character no grammar takes, and name it.
    assert not urigram.is_valid("http://a/\ud800")
    assert urigram.diagnose("http://a/\ud800").found == "\ud800"
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.iri_to_uri("http://a/\ud800")
    assert info.value.found == "\ud800"
    assert urigram.check_many(["http://a/\ud800"])["offset"] == [9]
    with pytest.raises(urigram.InvalidURI) as info:
        urigram.parse("http://a/b/").join("x\ud800")
    assert (info.value.offset, info.value.found) == (1, "\ud800")


# -------------------------------------------------------------------------------------------
# Arrow types, and the bulk checks' arguments
# -------------------------------------------------------------------------------------------

ROWS = ["http://a/", "http://a b/", None, "http://\u00e9/"]
EXPECTED = urigram.check_many(ROWS, "rfc3987")


def rows_of(result) -> dict:
    t = pa.table(result)
    return {c: t.column(c).to_pylist() for c in t.column_names}


@pytest.mark.parametrize("arr", [
    pa.array(ROWS, pa.string_view()),
    pa.array([None if r is None else r.encode() for r in ROWS], pa.binary_view()),
    pa.array(ROWS).dictionary_encode(),
    pa.array(ROWS, pa.large_string()).dictionary_encode(),
    pa.array(ROWS, pa.string()).slice(1).dictionary_encode(),
], ids=["string_view", "binary_view", "dictionary", "large_dictionary", "sliced_dictionary"])
def test_view_and_dictionary_arrays_are_read(arr):
    want = EXPECTED if len(arr) == len(ROWS) else {k: v[1:] for k, v in EXPECTED.items()}
    assert rows_of(urigram.check_arrow(arr, "rfc3987")) == want


def test_polars_binary_and_categorical():
    pl = pytest.importorskip("polars")
    cat = pl.Series("u", ROWS, dtype=pl.Categorical)
    assert rows_of(urigram.check_arrow(cat, "rfc3987")) == EXPECTED
    binary = pl.Series("u", [None if r is None else r.encode() for r in ROWS], dtype=pl.Binary)
    assert rows_of(urigram.check_arrow(binary, "rfc3987")) == EXPECTED
    df = pl.DataFrame({"u": cat, "n": [1, 2, 3, 4]})
    assert rows_of(urigram.check_arrow(df, "rfc3987", column="u")) == EXPECTED


def test_a_column_of_another_type_is_a_type_error_at_the_call():
    with pytest.raises(TypeError, match="(?i)int64"):
        urigram.check_arrow(pa.array([1, 2]))
    with pytest.raises(TypeError, match="(?i)int64"):
        urigram.check_arrow(pa.table({"n": [1, 2]}), column="n")
    with pytest.raises(TypeError, match="(?i)int64"):
        urigram.check_arrow(pa.chunked_array([[1, 2]]))


def test_column_is_checked_at_the_call():
    with pytest.raises(ValueError, match="column="):
        urigram.check_arrow(pa.array(["http://a/"]), column="u")
    with pytest.raises(ValueError, match="column="):
        urigram.check_arrow(pa.chunked_array([["http://a/"]]), column="u")
    with pytest.raises(ValueError, match='no column named "v"'):
        urigram.check_arrow(pa.table({"u": ["http://a/"]}), column="v")
    with pytest.raises(ValueError, match="name the column"):
        urigram.check_arrow(pa.table({"u": ["http://a/"], "w": ["x"]}))


@pytest.mark.parametrize("threads", [-1, 0, -(10**30)])
def test_threads_is_checked_at_the_call(threads):
    with pytest.raises(ValueError, match="threads"):
        urigram.check_many(["http://a/"], threads=threads)
    with pytest.raises(ValueError, match="threads"):
        urigram.check_arrow(pa.array(["http://a/"]), threads=threads)


@pytest.mark.parametrize("batch_size", [-1, 0, -(10**30)])
def test_batch_size_is_checked_at_the_call(batch_size):
    with pytest.raises(ValueError, match="batch_size"):
        urigram.check_many(["http://a/"], batch_size=batch_size)


@pytest.mark.parametrize("count", [2**63, 10**30])
def test_a_count_beyond_64_bits_asks_for_as_many_as_there_are(count):
    """`threads` and `batch_size` of any size: the checks cap them (at most one share per 1,024
    rows, one batch per 16 MiB of text), with every row checked once."""
    items = ["http://a/", "x y", None]
    cols = urigram.check_many(items, threads=count, batch_size=count)
    assert cols["valid"] == [True, False, None]
    t = pa.table(urigram.check_arrow(pa.array(items), threads=count))
    assert t.column("valid").to_pylist() == [True, False, None]


def test_a_count_that_is_no_int_is_a_type_error():
    with pytest.raises(TypeError):
        urigram.check_many(["http://a/"], threads="2")
    with pytest.raises(TypeError):
        urigram.check_arrow(pa.array(["http://a/"]), threads=2.0)
