"""Every example in the package's docstrings runs."""

import doctest

import pytest

import urigram
import urigram.jsonschema
import urigram.pydantic


@pytest.mark.parametrize("module", [urigram, urigram.jsonschema, urigram.pydantic])
def test_docstring_examples(module):
    import jsonschema

    result = doctest.testmod(module, extraglobs={"urigram": urigram, "jsonschema": jsonschema})
    assert result.attempted > 0
    assert result.failed == 0
