"""The package's types, as a user's type checker reads them (`py.typed`, `_urigram.pyi`):
mypy finds no error in the package, and `parse` gives each grammar's class."""

import subprocess
import sys

SAMPLE = """
import urigram
from urigram import rfc1630, rfc1738

reveal_type(urigram.parse("http://a/"))
reveal_type(urigram.parse("http://a/", "rfc3987"))
reveal_type(urigram.parse("ftp://a/b", "rfc1738"))
reveal_type(urigram.parse("a:b", "rfc1630"))
reveal_type(urigram.parse("http://a/", "rfc1630-url"))
grammar: str = "rfc2396"
reveal_type(urigram.parse("http://a/", grammar))
reveal_type(urigram.is_valid("http://a/"))
reveal_type(urigram.diagnose("http://a/"))
reveal_type(rfc1738.Url("http://a/").port_or_known_default)
"""


def _mypy(*args, cwd):
    import mypy  # noqa: F401  (python/requirements-test.txt)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", "/dev/null", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_the_package_type_checks(root):
    out = _mypy("urigram", cwd=root / "python")
    assert out.returncode == 0, out.stdout + out.stderr


def test_parse_gives_each_grammars_class(tmp_path):
    import urigram

    (tmp_path / "sample.py").write_text(SAMPLE)
    out = _mypy("sample.py", cwd=tmp_path)
    revealed = [
        l.split("Revealed type is ")[1].strip('"').replace("builtins.", "")
        for l in out.stdout.splitlines()
        if "Revealed type" in l
    ]
    assert revealed == [
        "urigram._urigram.Reference",
        "urigram._urigram.Reference",
        "urigram._urigram._rfc1738.Url",
        "urigram._urigram._rfc1630.Uri",
        "urigram._urigram._rfc1630.Url",
        "urigram._urigram.Reference | urigram._urigram._rfc1738.Url | urigram._urigram._rfc1630.Uri | urigram._urigram._rfc1630.Url",
        "bool",
        "urigram.InvalidURI | None",
        "int | None",
    ], out.stdout
    assert urigram.parse("ftp://a/b", "rfc1738").port_or_known_default == 21
