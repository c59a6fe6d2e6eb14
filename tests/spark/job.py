# The Spark recipe of docs/corpus.md ("Beyond one machine"), which quotes the lines between the two
# markers; tests/spark/check.py runs them on a local cluster (bash tests/spark/run.sh).
# docs/corpus.md: begin
# urigram as the map step of a PySpark job: `spark-submit job.py CORPUS...`.
import json
import os
import shlex
import subprocess
import sys

# RDD.pipe runs its command with an empty environment (no PATH): name the binary by its path
# on the workers.
URIGRAM = os.environ.get("URIGRAM", "/usr/local/bin/urigram")


def pipe(lines, args):
    """`urigram ARGS --file -` once per partition, its lines on stdin, its output lines out.
    Exit code 1 (some line is invalid) is a result; only 2 (usage or I/O error) fails the
    task. pipe checks exit codes only with checkCode=True, and then any but 0 fails."""
    command = ["sh", "-c", f'"$0" {args} --file -; [ $? -le 1 ]', URIGRAM]
    return lines.pipe(shlex.join(command), checkCode=True)


def invalid_by_code(lines):
    """(code, count) for the invalid lines, from one JSON record per line."""
    records = pipe(lines, "check --format jsonl").map(json.loads)
    return (records.filter(lambda r: not r["valid"])
            .map(lambda r: (r["error"]["code"], 1)).reduceByKey(lambda a, b: a + b))


def summary(lines, format="json"):
    """The summary of all the lines: one per partition (a JSON document on one line),
    merged on the driver in partition order, so the examples are the corpus's first ones."""
    parts = pipe(lines, "check --summary --format jsonl").collect()
    merged = subprocess.run([URIGRAM, "merge-summaries", "--format", format, "-"],
                            input="".join(p + "\n" for p in parts), capture_output=True,
                            text=True)
    if merged.returncode > 1:
        raise RuntimeError(merged.stderr)
    return merged.stdout


if __name__ == "__main__":
    from pyspark import SparkContext
    lines = SparkContext.getOrCreate().textFile(",".join(sys.argv[1:]))
    for code, count in sorted(invalid_by_code(lines).collect(), key=lambda c: (-c[1], c[0])):
        print(f"{count:8} {code}")
    print(summary(lines, "human"), end="")
# docs/corpus.md: end
