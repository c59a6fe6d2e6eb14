#!/usr/bin/env bash
# Build the benchmark in release mode, run it once, and print a Markdown table of the run.
# Extra arguments go to criterion (e.g. `--measurement-time 10`). Every number in the table
# comes from this one run: criterion's estimates plus the tallies the benchmark writes.
set -euo pipefail
cd "$(dirname "$0")"

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

def ns_per_uri(name):
    # criterion names a benchmark's folder after its id, with "/" replaced.
    with open(os.path.join(crit, name.replace("/", "_"), "new", "estimates.json")) as f:
        e = json.load(f)
    return e["median"]["point_estimate"] / total

times = {name: ns_per_uri(name) for name, _, _ in rows}
base, fluent = times["urigram"], times["fluent-uri"]
print(f"| parser | ns per URI (median) | x urigram | x fluent-uri | accepted of {total:,} |")
print("| --- | ---: | ---: | ---: | ---: |")
for name, accepted, _ in rows:
    t = times[name]
    print(f"| {name} | {t:.1f} | {t / base:.2f} | {t / fluent:.2f} | {int(accepted):,} |")
PY
