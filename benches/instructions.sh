#!/usr/bin/env bash
# Count the instructions each parser executes per URI of the corpus, under valgrind's
# callgrind: a figure that, unlike time, does not move with the load on a shared machine.
# Prints a Markdown table. Usage: ./instructions.sh [PASSES] (default 3).
set -euo pipefail
cd "$(dirname "$0")"

passes=${1:-3}
cargo build --release --example profile >&2
bin=${CARGO_TARGET_DIR:-target}/release/examples/profile
parsers=(urigram urigram-check fluent-uri oxiri iri-string uriparse http url rfc2396)
lines=$(wc -l < corpus/real-urls-10k.txt)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() { # parser passes -> instructions executed by the whole program
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" "$1" "$2" \
        2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

base=$(count urigram 0) # start-up and reading the corpus, subtracted from every parser
for p in "${parsers[@]}"; do
    echo "$p $(count "$p" "$passes")"
done | python3 -c '
import sys
base, passes, lines = (int(a) for a in sys.argv[1:])
rows = [(n, (int(v) - base) / (passes * lines)) for n, v in (l.split() for l in sys.stdin)]
ir = dict(rows)
u, f = ir["urigram"], ir["fluent-uri"]
print("| parser | instructions per URI | x urigram | x fluent-uri |")
print("| --- | ---: | ---: | ---: |")
for n, v in rows:
    print(f"| {n} | {v:,.0f} | {v / u:.2f} | {v / f:.2f} |")
' "$base" "$passes" "$lines"
