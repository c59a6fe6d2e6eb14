"""Checking a column of URLs in pandas and in polars, without a Python object per row: the
column goes to `urigram.check_arrow` as Arrow, and the checks come back as columns to join.

    python python/examples/dataframes.py
"""

import pandas as pd
import polars as pl
import pyarrow as pa

import urigram

urls = ["https://example.com/a?b#c", "http://exa mple.com/", None, "mailto:a@example.com", "//x/y"]

# pandas: the column as a pyarrow array; the checks back as a pandas frame, joined on the index.
df = pd.DataFrame({"url": urls})
# `types_mapper=pd.ArrowDtype` keeps the nulls and the integer offsets as they are.
checks = pa.table(urigram.check_arrow(pa.array(df["url"]), rule="URI")).to_pandas(types_mapper=pd.ArrowDtype)
df = df.join(checks)
print(df)
assert df["valid"].tolist() == [True, False, pd.NA, True, False]
assert df["offset"].tolist() == [pd.NA, 10, pd.NA, pd.NA, 0]

# polars: the series straight in (it speaks the Arrow PyCapsule interface); the checks back as
# a polars frame, beside the column.
s = pl.Series("url", urls)
checked = pl.concat([s.to_frame(), pl.DataFrame(urigram.check_arrow(s, rule="URI"))], how="horizontal")
print(checked)
assert checked["valid"].to_list() == [True, False, None, True, False]
assert checked.filter(~pl.col("valid"))["code"].to_list() == ["rfc3986::URI::space", "rfc3986::scheme::reserved"]
