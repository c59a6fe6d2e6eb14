"""Runs the Spark recipe of docs/corpus.md (tests/spark/job.py) on a local cluster and compares what it
gives with urigram run on the whole file. Usage: python check.py URIGRAM CORPUS (run.sh sets it
up). Prints one line per check and closes with `spark: N passed, N failed`; exit 1 on any
failure."""

import contextlib
import io
import json
import os
import re
import runpy
import subprocess
import sys
import time
import traceback

URIGRAM, CORPUS = (os.path.abspath(p) for p in sys.argv[1:3])
os.environ["URIGRAM"] = URIGRAM  # before job.py reads it
JOB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "job.py")
sys.path.insert(0, os.path.dirname(JOB))
import job  # noqa: E402

from pyspark import SparkConf, SparkContext  # noqa: E402


def direct(*args):
    """urigram ARGS on the whole corpus: (exit code, stdout)."""
    out = subprocess.run([URIGRAM, *args, "--file", CORPUS], capture_output=True, text=True)
    assert out.returncode <= 1, out.stderr
    return out.returncode, out.stdout


def direct_records():
    """`urigram check --format jsonl` on the whole file: (exit code, records)."""
    code, out = direct("check", "--format", "jsonl")
    return code, [json.loads(r) for r in out.splitlines()]


def by_code(records):
    """The invalid records counted by error code."""
    counts = {}
    for r in records:
        if not r["valid"]:
            counts[r["error"]["code"]] = counts.get(r["error"]["code"], 0) + 1
    return counts


def without_line(record):
    """A jsonl record without its line number (which counts from the partition's start)."""
    if record["error"] is not None:
        record["error"].pop("line")
    return record


def without_places(value):
    """A summary without where each example came from: the source (`<stdin>` for every
    partition) and the line (from the partition's start)."""
    if isinstance(value, dict):
        return {k: without_places(v) for k, v in value.items() if k not in ("source", "line")}
    if isinstance(value, list):
        return [without_places(v) for v in value]
    return value


def check_records(lines):
    """(a) `check --format jsonl` through RDD.pipe: the invalid lines by error code, and every
    record in order, equal those of urigram on the whole file."""
    code, whole = direct_records()
    want = by_code(whole)
    assert code == 1 and want, "the corpus should have invalid lines (exit code 1 in tasks)"
    got = dict(job.invalid_by_code(lines).collect())
    assert got == want, f"by code: spark {got} != direct {want}"
    records = job.pipe(lines, "check --format jsonl").map(json.loads).collect()
    assert len(records) == len(whole), f"{len(records)} records, {len(whole)} lines"
    assert [without_line(r) for r in records] == [without_line(r) for r in whole]
    return f"{len(records)} records, {sum(want.values())} invalid in {len(want)} codes"


def check_summary(lines):
    """(b) one summary per partition, merged: equal to the summary of the whole file, the
    examples' inputs included; only their places differ."""
    _, out = direct("check", "--summary", "--format", "json")
    whole = json.loads(out)
    merged = json.loads(job.summary(lines))
    assert without_places(merged) == without_places(whole), (
        f"merged {json.dumps(merged)}\n!= whole {json.dumps(whole)}")
    sources = {e["source"] for s in merged["sections"]
               for g in ("by_production", "by_code", "by_found")
               for group in s[g] for e in group["examples"]}
    assert sources == {"<stdin>"}, sources
    s = whole["sections"][0]
    return f"{s['lines']} lines, {s['invalid']} invalid, {len(s['by_code'])} codes"


def fails(rdd):
    """Whether collecting `rdd` fails a task (pipe's error for a command's exit code)."""
    try:
        rdd.collect()
    except Exception as e:  # py4j's Py4JJavaError, wrapping the task's error
        assert "PIPE_FUNCTION_EXITED" in str(e), e
        return True
    return False


def check_exit_codes(sc):
    """job.pipe lets exit code 1 (invalid lines) pass and fails the task on 2 (here an unknown
    grammar); a bare pipe fails on 1 with checkCode=True and ignores 2 without it."""
    lines = sc.parallelize(["http://a/b", "http://a b"], 2)
    assert not fails(job.pipe(lines, "check")), "exit code 1 failed the job"
    assert fails(job.pipe(lines, "check --grammar no-such-grammar")), "2 did not fail"
    bare = f"{URIGRAM} check --file -"
    assert fails(lines.pipe(bare, checkCode=True)), "checkCode=True: 1 did not fail"
    assert not fails(lines.pipe(f"{URIGRAM} check --grammar no-such-grammar --file -"))
    return "1 passes, 2 fails the job; a bare pipe fails on 1 or ignores 2"


def without_examples(human):
    """A summary for people without its examples (their places differ, and so do the carets'
    columns under them)."""
    place = re.compile(r"^\s+\S+:\d+:\d+  ")
    return [line for line in human.splitlines()
            if not place.match(line) and line.strip(" ^") != ""]


def check_main(want_codes):
    """`spark-submit job.py CORPUS`, its __main__ run on this context: the counts by code and
    the merged summary for people (but for the examples) equal urigram's on the whole file."""
    printed = io.StringIO()
    argv = sys.argv
    sys.argv = [JOB, CORPUS]
    try:
        with contextlib.redirect_stdout(printed):
            runpy.run_path(JOB, run_name="__main__")
    finally:
        sys.argv = argv
    counts, mark, human = printed.getvalue().partition("Summary:")
    got = {code: int(n) for n, code in (line.split() for line in counts.splitlines())}
    assert got == want_codes, f"printed {got} != direct {want_codes}"
    _, whole = direct("check", "--summary")
    assert without_examples(mark + human) == without_examples(whole), printed.getvalue()
    return f"{len(got)} codes and the summary printed"


def char_offset(line, offset):
    """A byte offset of the command line's as characters of the line."""
    return len(line.encode()[:offset].decode(errors="ignore"))


def check_in_process(sc):
    """(e) job_python.py: the Python package in-process in mapInArrow over spark.read.text:
    every line's verdict, offset, rule and code equal the command line's on the whole file, under
    the recipe's grammar."""
    from pyspark.sql import SparkSession
    import job_python
    # The workers unpickle check_batches by its module's name: ship the module, as
    # `spark-submit --py-files job_python.py` would (spark-submit's own main file goes by value).
    sc.addPyFile(job_python.__file__)
    spark = SparkSession(sc)
    rows = job_python.checked(spark.read.text(CORPUS)).collect()
    out = subprocess.run([URIGRAM, "check", "--grammar", job_python.GRAMMAR, "--format", "jsonl",
                          "--file", CORPUS], capture_output=True, text=True)
    assert out.returncode <= 1, out.stderr
    whole = [json.loads(r) for r in out.stdout.splitlines()]
    assert len(rows) == len(whole), f"{len(rows)} rows, {len(whole)} lines"
    invalid = 0
    for row, rec in zip(rows, whole):
        assert row["uri"] == rec["input"]
        assert row["valid"] == rec["valid"], rec["input"]
        if not rec["valid"]:
            invalid += 1
            e = rec["error"]
            got = (row["offset"], row["rule"], row["code"])
            want = (char_offset(rec["input"], e["offset"]), e["rule"], e["code"])
            assert got == want, f"{rec['input']!r}: {got} != {want}"
    return f"{len(rows)} rows, {invalid} invalid, as the command line gives them"


def main():
    conf = (SparkConf().setMaster("local[2]").setAppName("urigram-spark-test")
            .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
            .set("spark.driver.bindAddress", "127.0.0.1")
            .set("spark.ui.showConsoleProgress", "false"))
    start = time.monotonic()
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    passed = failed = 0
    try:
        lines = sc.textFile(CORPUS, minPartitions=4)
        # An empty partition first, as a partition of a filtered RDD may be.
        uneven = sc.parallelize([], 1).union(lines)
        print(f"spark {sc.version}, {sc.master}, {lines.getNumPartitions()} partitions "
              f"of {CORPUS} (started in {time.monotonic() - start:.1f} s)", flush=True)
        checks = [
            ("records", lambda: check_records(lines)),
            ("summary", lambda: check_summary(lines)),
            ("summary, empty partition first", lambda: check_summary(uneven)),
            ("exit codes", lambda: check_exit_codes(sc)),
            ("job.py as spark-submit runs it", lambda: check_main(by_code(direct_records()[1]))),
            ("job_python.py, in-process (mapInArrow)", lambda: check_in_process(sc)),
        ]
        for name, run in checks:
            start = time.monotonic()
            try:
                result = run()
                print(f"ok   {name}: {result} ({time.monotonic() - start:.1f} s)", flush=True)
                passed += 1
            except Exception:
                print(f"FAIL {name}:\n{traceback.format_exc()}", flush=True)
                failed += 1
    finally:
        sc.stop()
    print(f"spark: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
