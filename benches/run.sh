#!/usr/bin/env bash
# Build the benchmark in release mode, run it once, and print a Markdown table of the run.
# Extra arguments go to criterion (e.g. `--measurement-time 10`). Every number in the table
# comes from this one run: criterion's estimates plus the tallies the benchmark writes.
# `QUICK=1` measures each parser briefly (10 samples, 0.3 s): a check that the benchmark and
# its table still work, for CI (`.ci/run`), whose times are not worth quoting. Either way the
# run fails, before timing anything, when parsers that read one grammar give a line different
# verdicts (`AGREE` in src/lib.rs); never on a time. For time ratios to quote, see
# interleave.sh.
set -euo pipefail
cd "$(dirname "$0")"
if [ -n "${QUICK:-}" ]; then
    set -- --warm-up-time 0.1 --measurement-time 0.3 --sample-size 10 "$@"
fi

target=${CARGO_TARGET_DIR:-target}
rm -rf "$target/criterion/parse"
mkdir -p "$target/urigram-bench"
counts="$target/urigram-bench/counts.tsv"
rm -f "$counts"

URIGRAM_BENCH_COUNTS="$counts" cargo bench --bench parse -- "$@" >&2

python3 - "$target/criterion/parse" "$counts" <<'PY'
import json, os, sys

crit, counts = sys.argv[1], sys.argv[2]
rows = [line.rstrip("\n").split("\t") for line in open(counts)][1:]
total = sum(1 for _ in open("corpus/real-urls-10k.txt"))

def median(name):
    """ns per URI: criterion's median time for one pass, and its 95% confidence interval."""
    # criterion names a benchmark's folder after its id, with "/" replaced.
    with open(os.path.join(crit, name.replace("/", "_"), "new", "estimates.json")) as f:
        m = json.load(f)["median"]
    ci = m["confidence_interval"]
    return [v / total for v in (m["point_estimate"], ci["lower_bound"], ci["upper_bound"])]

times = {name: median(name) for name, _, _ in rows}
base, fluent, ada = (times[n][0] for n in ("urigram", "fluent-uri", "ada-url"))
print(f"| parser | ns per URI (median) | 95% CI | x urigram | x fluent-uri | x ada-url | accepted of {total:,} |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, accepted, _ in rows:
    t, lo, hi = times[name]
    print(f"| {name} | {t:.1f} | {lo:.1f} to {hi:.1f} | {t / base:.2f} | {t / fluent:.2f} | {t / ada:.2f} | {int(accepted):,} |")
PY
