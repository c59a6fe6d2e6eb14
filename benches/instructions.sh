#!/usr/bin/env bash
# Count the instructions each parser executes per URI of the corpus, under valgrind's
# callgrind: a figure that, unlike time, does not move with the load on a shared machine.
# Prints a Markdown table, and a last row for urigram's diagnosing pass: its check of the
# corpus's lines that it rejects ("invalid lines only"), in instructions per invalid line.
# Usage: ./instructions.sh [PASSES] (default 3). `PARSERS="urigram urigram-check"` measures
# those parsers only (the ratios need urigram and fluent-uri).
set -euo pipefail
cd "$(dirname "$0")"

passes=${1:-3}
cargo build --release --example profile >&2
bin=${CARGO_TARGET_DIR:-target}/release/examples/profile
read -r -a parsers <<<"${PARSERS:-urigram urigram-check urigram-3986 fluent-uri oxiri iri-string uriparse http url rfc2396 ada-url}"
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
done >"$out/rows"
# The diagnosing pass: the invalid lines only, with a baseline of its own (finding them).
invalid=$("$bin" urigram-diagnose 0 | sed -n 's/.* over \([0-9]*\) lines.*/\1/p')
diag_base=$(count urigram-diagnose 0)
diag=$(count urigram-diagnose "$((passes * 100))")
python3 -c '
import sys
base, passes, lines, invalid, diag_base, diag = (int(a) for a in sys.argv[1:])
rows = [(n, (int(v) - base) / (passes * lines)) for n, v in (l.split() for l in sys.stdin)]
ir = dict(rows)
u, f = ir.get("urigram"), ir.get("fluent-uri")
ratio = lambda v, d: f"{v / d:.2f}" if d else ""
print("| parser | instructions per URI | x urigram | x fluent-uri |")
print("| --- | ---: | ---: | ---: |")
for n, v in rows:
    print(f"| {n} | {v:,.0f} | {ratio(v, u)} | {ratio(v, f)} |")
d = (diag - diag_base) / (passes * 100 * invalid)
print(f"| urigram-diagnose (invalid lines only, {invalid}; per invalid line) | {d:,.0f} | | |")
' "$base" "$passes" "$lines" "$invalid" "$diag_base" "$diag" <"$out/rows"
