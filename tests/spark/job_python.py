# The in-process Spark recipe of docs/corpus.md ("In-process with the Python package"), which
# quotes the lines between the two markers; tests/spark/check.py runs it on a local cluster
# beside job.py and holds it to the command line's answers.
# docs/corpus.md: begin
# urigram in-process in a PySpark job: `spark-submit job_python.py CORPUS...`, with the Python
# package installed on the workers (`pip install urigram`, or the wheel built from a clone).
import sys

import pyarrow as pa
import urigram

GRAMMAR = "rfc3986"
SCHEMA = "uri string, valid boolean, offset long, rule string, code string"


def check_batches(batches):
    """mapInArrow's function: each Arrow record batch of a partition, its `value` column (what
    spark.read.text gives) checked without a Python object per line, on the worker's cores."""
    for batch in batches:
        # One result batch per input batch (check_arrow gives one per chunk it reads).
        checks = pa.RecordBatchReader.from_stream(urigram.check_arrow(batch, GRAMMAR, column="value"))
        for result in checks:
            yield pa.RecordBatch.from_arrays(
                [batch.column("value"), *result.columns], names=["uri", *result.schema.names])


def checked(lines):
    """A data frame of lines (one `value` column) with each line's verdict: `valid`, and for
    an invalid line the `offset` (in characters), `rule` and `code` where it stops conforming."""
    return lines.mapInArrow(check_batches, SCHEMA)


if __name__ == "__main__":
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.getOrCreate()
    checks = checked(spark.read.text(sys.argv[1:]))
    counts = checks.filter("NOT valid").groupBy("code").count().collect()
    for row in sorted(counts, key=lambda r: (-r["count"], r["code"])):
        print(f"{row['count']:8} {row['code']}")
# docs/corpus.md: end
