"""Ctrl-C stops a bulk check: a SIGINT to a process in `check_many` or `check_arrow` over an
endless input ends it with `KeyboardInterrupt` (the wait is a guard against a hang, not a
timing: the check stops between batches)."""

import signal
import subprocess
import sys
import textwrap

import pytest

PROGRAMS = {
    "check_many": """
        import itertools, sys, urigram
        def endless():
            for i in itertools.count():
                if i == 100_000:
                    print("started", flush=True)
                yield f"http://a/{i}"
        urigram.check_many(endless(), batch_size=4096)
    """,
    "check_arrow": """
        import sys, pyarrow as pa, urigram
        batch = pa.record_batch([pa.array([f"http://a/{i}" for i in range(50_000)])], names=["u"])
        def endless():
            n = 0
            while True:
                n += 1
                if n == 3:
                    print("started", flush=True)
                yield batch
        reader = pa.RecordBatchReader.from_batches(batch.schema, endless())
        for _ in pa.RecordBatchReader.from_stream(urigram.check_arrow(reader, column="u")):
            pass
    """,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_sigint_stops_a_bulk_check(name):
    if name == "check_arrow":
        pytest.importorskip("pyarrow")
    p = subprocess.Popen([sys.executable, "-c", textwrap.dedent(PROGRAMS[name])],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "started"
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode != 0
    assert "KeyboardInterrupt" in err or "interrupted" in err, err
