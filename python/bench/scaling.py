"""Time per doubling of the Python functions whose work grows with the number of findings in
one text: `bidi_warnings` (warnings in one IRI), `extract` (invalid URIs in one text) and
`fix_text` (URIs no fix keeps the meaning of). Each row doubles the count; the ratio to the
row before is about 2 for linear time and about 4 for quadratic. One run, each time the best
of `--repeat`, in CPU seconds of this process (the functions run on one thread), so that the
load of a shared machine blurs the ratios less than wall time does.

    python python/bench/scaling.py [--repeat 1] [--scale 1] [--steps 4] [--limit 120] [--no-gc]

The findings are Python objects (a dict each, and an `InvalidURI` for each error), and the
interpreter's cyclic garbage collector walks every live one at each full collection, which it
makes each time their number grows by a quarter: its share grows in steps that do not line up
with the doublings. `--no-gc` turns it off while timing, to show the package's own work.
"""

import argparse
import gc
import time

import urigram


def bidi(n: int) -> str:
    # Each segment `ab` + Hebrew alef breaks both rules of RFC 3987 section 4.2: two warnings.
    return "http://a/" + "ab\u05d0/" * (n // 2)


def invalid_uris(n: int) -> str:
    return "see http://a/%zz here\n" * n


def unfixable_uris(n: int) -> str:
    # A letter in the port: a character URIs may hold, but not there, so no fix.
    return "see http://a:8o/ here\n" * n


SHAPES = [
    ("bidi_warnings", "warnings", bidi, lambda t: urigram.bidi_warnings(t), 200_000),
    ("extract", "invalid URIs", invalid_uris, lambda t: urigram.extract(t), 10_000),
    ("fix_text", "unfixable URIs", unfixable_uris, lambda t: urigram.fix_text(t), 5_000),
]


def timed(f, count, text: str, repeat: int) -> tuple[float, int]:
    """The best CPU time of `repeat` calls, and the number of findings; the findings of one
    call are freed before the next."""
    best, found = float("inf"), 0
    for _ in range(repeat):
        t0 = time.process_time()
        out = f(text)
        best = min(best, time.process_time() - t0)
        found = count(out)
        del out
        gc.collect()
    return best, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the first count")
    ap.add_argument("--steps", type=int, default=4, help="counts per function (doublings + 1)")
    ap.add_argument("--no-gc", action="store_true", help="time with the cyclic collector off")
    ap.add_argument("--limit", type=float, default=120.0,
                    help="seconds a count may take before the next (double) one is skipped")
    args = ap.parse_args()
    if args.no_gc:
        gc.disable()
    print(f"{'function':<14} {'count':>9} {'found':>9} {'cpu s':>9} {'x prev':>7}")
    for name, what, make, f, first in SHAPES:
        f(make(100))  # warm up: imports and tables made on first use
        prev = None
        for k in range(args.steps):
            n = int(first * args.scale) << k
            text = make(n)
            count = (lambda out: len(out[2])) if name == "fix_text" else len
            s, found = timed(f, count, text, args.repeat)
            ratio = f"{s / prev:7.2f}" if prev else f"{'':>7}"
            print(f"{name:<14} {n:>9} {found:>9} {s:>9.3f} {ratio}  ({what})", flush=True)
            prev = s
            if s > args.limit:
                print(f"{name:<14} {'':>9} {'':>9} {'':>9} {'':>7}  (next count skipped: over --limit)")
                break


if __name__ == "__main__":
    main()
