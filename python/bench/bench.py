"""The Python package against the URI validators Python projects use, on the repository's
corpus of real URLs (benches/corpus/real-urls-10k.txt). One run; each figure is the best of
`--repeat` timings, reported as time per URI and as a ratio to `urigram.is_valid`.

    python -m pip install -r python/bench/requirements.txt   # the peers, from PyPI
    python python/bench/bench.py [--repeat 5] [--memory 10000000]

Rows:
- per call: `urigram.is_valid(s, rule="URI")` and each peer's check of one string for RFC 3986's
  `URI` (the format JSON Schema calls `uri`), called once per string from a Python loop;
- bulk: `check_many(list)`, and `check_arrow` on a pyarrow array, against the loop of
  `is_valid`;
- memory: the peak resident size while `check_arrow` reads `--memory` URIs from a stream of
  record batches (the corpus repeated), against the size after the first batch: flat means no
  growth with the count.

The peers' verdicts differ from each other's and from the RFC on part of the corpus: the table
counts how many of the corpus's strings each one accepts.
"""

import argparse
import gc
import os
import pathlib
import platform
import resource
import sys
import time

import urigram

ROOT = pathlib.Path(__file__).resolve().parents[2]


def peers():
    """(name, check) for each peer that is installed."""
    out = []
    try:
        from rfc3986_validator import validate_rfc3986

        out.append(("rfc3986-validator", lambda s: validate_rfc3986(s, rule="URI") is not None))
    except ImportError:
        pass
    try:
        import rfc3986

        out.append(("rfc3986 (python-hyper)", lambda s: rfc3986.uri_reference(s).is_valid(require_scheme=True)))
    except ImportError:
        pass
    try:
        import validators

        out.append(("validators.url", lambda s: validators.url(s) is True))
    except ImportError:
        pass
    try:
        import jsonschema_rs

        v = jsonschema_rs.validator_for({"format": "uri"}, validate_formats=True)
        out.append(("jsonschema-rs format uri", v.is_valid))
    except ImportError:
        pass
    try:
        import jsonschema

        c = jsonschema.FormatChecker(["uri"])
        if "uri" in c.checkers:
            out.append(("jsonschema FormatChecker uri", lambda s: c.conforms(s, "uri")))
    except ImportError:
        pass
    try:
        from rfc3987_syntax import is_valid_syntax_iri

        out.append(("rfc3987-syntax (iri; 200 strings)", is_valid_syntax_iri))
    except ImportError:
        pass
    return out


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        gc.collect()
        t = time.perf_counter()
        r = fn()
        times.append(time.perf_counter() - t)
    return min(times), r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--memory", type=int, default=10_000_000)
    ap.add_argument("--corpus", default=str(ROOT / "benches" / "corpus" / "real-urls-10k.txt"))
    a = ap.parse_args()
    urls = pathlib.Path(a.corpus).read_text().splitlines()
    n = len(urls)
    print(f"# {n} URIs of {a.corpus}; python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")

    base, accepted = best(lambda: sum(urigram.is_valid(s, "rfc3986", "URI") for s in urls), a.repeat)
    per = base / n
    print(f"\n| per call | ns per URI | vs is_valid | accepted |\n| --- | ---: | ---: | ---: |")
    print(f"| urigram.is_valid | {per * 1e9:,.0f} | 1.00x | {accepted} |")
    for name, check in peers():
        sample = urls[:200] if "200" in name else urls
        t, acc = best(lambda: sum(bool(check(s)) for s in sample), 1 if "200" in name else a.repeat)
        print(f"| {name} | {t / len(sample) * 1e9:,.0f} | {t / len(sample) / per:.2f}x | {acc} of {len(sample)} |")

    print(f"\n| bulk | ns per URI | loop of is_valid / this |\n| --- | ---: | ---: |")
    t, _ = best(lambda: urigram.check_many(urls, "rfc3986", "URI"), a.repeat)
    print(f"| check_many(list) | {t / n * 1e9:,.0f} | {per / (t / n):.1f}x |")
    try:
        import pyarrow as pa

        arr = pa.array(urls)
        t, _ = best(lambda: pa.table(urigram.check_arrow(arr, "rfc3986", "URI")), a.repeat)
        print(f"| check_arrow(pyarrow array) | {t / n * 1e9:,.0f} | {per / (t / n):.1f}x |")

        batch = pa.record_batch([pa.array(urls)], names=["u"])
        batches = max(1, a.memory // n)

        def stream():
            for _ in range(batches):
                yield batch

        reader = pa.RecordBatchReader.from_batches(batch.schema, stream())
        checks = pa.RecordBatchReader.from_stream(urigram.check_arrow(reader, "rfc3986", "URI", column="u"))
        first = checks.read_next_batch()
        rss_first = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        invalid = first.num_rows - sum(first.column("valid").to_pylist())
        t = time.perf_counter()
        rows = first.num_rows
        for b in checks:
            rows += b.num_rows
        t = time.perf_counter() - t
        rss_end = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"\n| memory | |\n| --- | ---: |")
        print(f"| URIs streamed through check_arrow | {rows:,} ({invalid} invalid per {n}) |")
        print(f"| peak RSS after the first batch | {rss_first / 1024:,.0f} MiB |")
        print(f"| peak RSS after all | {rss_end / 1024:,.0f} MiB |")
        print(f"| time per URI, streamed | {t / max(1, rows - n) * 1e9:,.0f} ns |")
    except ImportError:
        print("(pyarrow is not installed: no Arrow rows)")


if __name__ == "__main__":
    sys.exit(main())
