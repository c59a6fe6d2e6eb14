"""Every example in the package's docstrings runs."""

import doctest

import pytest

import urigram
import urigram.jsonschema
import urigram.pydantic
import urigram.rfc1630
import urigram.rfc1738


@pytest.mark.parametrize("module", [urigram, urigram._urigram, urigram.jsonschema, urigram.pydantic, urigram.rfc1738, urigram.rfc1630])
def test_docstring_examples(module):
    import jsonschema

    result = doctest.testmod(module, extraglobs={"urigram": urigram, "jsonschema": jsonschema})
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_examples(root):
    result = doctest.testfile(str(root / "python" / "README.md"), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_dataframe_example(root):
    """python/examples/dataframes.py (pandas and polars) runs, and its assertions hold."""
    import runpy

    pytest.importorskip("pandas")
    pytest.importorskip("polars")
    runpy.run_path(str(root / "python" / "examples" / "dataframes.py"), run_name="__main__")
