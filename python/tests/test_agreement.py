"""The package gives the Rust library's answers: `is_valid`, `validate`, `check_many` and
`check_arrow` agree with each other on generated texts (hypothesis), and with the command line
built from the same library on the repository's example data and on generated texts."""

import json
import re
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urigram

GRAMMARS = ["rfc3986", "rfc2396", "rfc2732", "rfc1738", "rfc1630", "rfc1630-url", "rfc822"]

# Mostly URI characters, with the ones the grammars treat specially, and any character now and
# then (lone surrogates included).
uri_alphabet = st.sampled_from(list("abcxyzABZ019-._~:/?#[]@!$&'()*+,;=% ^{}|\\\"<>`\t\n") + ["é", "\u00a0", "\ud800", "\x00", "\x7f"])
texts = st.one_of(
    st.lists(uri_alphabet, max_size=40).map("".join),
    st.builds(lambda s, r: s + r, st.sampled_from(["http://", "ftp://", "mailto:", "urn:", "//", "x:", "http://[::1]", "news:"]), st.lists(uri_alphabet, max_size=30).map("".join)),
    st.text(max_size=30),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(texts, min_size=1, max_size=20), st.sampled_from(GRAMMARS))
def test_every_surface_agrees(items, grammar):
    pa = pytest.importorskip("pyarrow")
    verdicts = [urigram.is_valid(s, grammar) for s in items]
    diagnosed = [urigram.diagnose(s, grammar) for s in items]
    assert verdicts == [d is None for d in diagnosed]
    for s, v in zip(items, verdicts):
        if v:
            urigram.validate(s, grammar)
        else:
            with pytest.raises(urigram.InvalidURI):
                urigram.validate(s, grammar)
    cols = urigram.check_many(items, grammar, threads=2, batch_size=7)
    assert cols["valid"] == verdicts
    assert cols["offset"] == [None if d is None else d.offset for d in diagnosed]
    assert cols["rule"] == [None if d is None else d.rule for d in diagnosed]
    assert cols["code"] == [None if d is None else d.code for d in diagnosed]
    # Arrow has no lone surrogates (its strings are UTF-8).
    clean = [s for s in items if not any("\ud800" <= c <= "\udfff" for c in s)]
    if clean:
        t = pa.table(urigram.check_arrow(pa.array(clean), grammar))
        cm = urigram.check_many(clean, grammar)
        assert t.column("valid").to_pylist() == cm["valid"]
        assert t.column("offset").to_pylist() == cm["offset"]
        assert t.column("code").to_pylist() == cm["code"]


def _cli(cli, grammar, lines):
    out = subprocess.run(
        [cli, "check", "--grammar", grammar, "--format", "jsonl", "--file", "-"],
        input="".join(l + "\n" for l in lines).encode(),
        capture_output=True,
        check=False,
    )
    assert out.returncode in (0, 1), out.stderr.decode(errors="replace")
    records = [json.loads(l) for l in out.stdout.decode().splitlines()]
    # The help names another grammar in each surface's own terms.
    for r in records:
        if r["error"] and r["error"]["help"]:
            h = r["error"]["help"].replace("grammar/DEVIATIONS.md", "grammar/DEVIATIONS.md in urigram's repository")
            r["error"]["help"] = re.sub(r"`--grammar ([a-z0-9-]+)`", r'`grammar="\1"`', h)
    return records


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_the_command_line_agrees_on_the_example_data(cli, root, grammar):
    lines = (root / "examples" / "urls.txt").read_text().splitlines()
    lines += (root / "python" / "tests" / "data" / "mixed.txt").read_text().splitlines()
    records = _cli(cli, grammar, lines)
    assert len(records) == len(lines)
    for line, rec in zip(lines, records):
        e = urigram.diagnose(line, grammar)
        assert rec["valid"] == (e is None), line
        if e is not None:
            assert e.to_dict() == rec["error"], line


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(uri_alphabet.filter(lambda c: c not in "\n\ud800"), max_size=40).map("".join), min_size=1, max_size=50), st.sampled_from(GRAMMARS))
def test_the_command_line_agrees_on_generated_texts(cli, items, grammar):
    records = _cli(cli, grammar, [s.replace("\r", "") for s in items])
    for s, rec in zip([s.replace("\r", "") for s in items], records):
        e = urigram.diagnose(s, grammar)
        assert rec["valid"] == (e is None), s
        if e is not None:
            assert e.to_dict() == rec["error"], s
