#!/usr/bin/env bash
# Count the instructions each parser executes per URI of the corpus, under valgrind's
# callgrind: a figure that, unlike time, does not move with the load on a shared machine.
# Prints a Markdown table, and a last row for urigram's diagnosing pass: its check of the
# corpus's lines that it rejects ("invalid lines only"), in instructions per invalid line.
#
# Steady state: each parser runs FIRST passes over the corpus, then FIRST + PASSES, and the
# figure is the difference divided by PASSES x lines, so that one-time set-up (ada decompresses
# its IDNA tables on its first call, 24 M instructions; lazily built tables; the first page
# faults) is left out of every row.
#
# Usage: ./instructions.sh [PASSES] (default 5; FIRST=1). `PARSERS="urigram urigram-check"`
# measures those parsers only (the ratios need urigram, fluent-uri and ada-url). `PROFILE=path`
# measures a profile binary built elsewhere (an earlier commit's) instead of building one.
set -euo pipefail
cd "$(dirname "$0")"

passes=${1:-5}
first=${FIRST:-1}
if [ -z "${PROFILE:-}" ]; then
    cargo build --release --example profile >&2
fi
bin=${PROFILE:-${CARGO_TARGET_DIR:-target}/release/examples/profile}
read -r -a parsers <<<"${PARSERS:-urigram urigram-check urigram-3986 urigram-check-3986 fluent-uri oxiri iri-string uriparse http url rfc2396 ada-url ada-url-parse urigram-check-3987}"
lines=$(wc -l < corpus/real-urls-10k.txt)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() { # parser passes -> instructions executed by the whole program
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" "$1" "$2" \
        2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

for p in "${parsers[@]}"; do
    echo "$p $(count "$p" "$first") $(count "$p" "$((first + passes))")"
done >"$out/rows"
# The diagnosing pass: the invalid lines only, 100 times as many passes (there are few).
invalid=$("$bin" urigram-diagnose 0 | sed -n 's/.* over \([0-9]*\) lines.*/\1/p')
diag_a=$(count urigram-diagnose "$((first * 100))")
diag_b=$(count urigram-diagnose "$(((first + passes) * 100))")
python3 -c '
import sys
passes, lines, invalid, diag_a, diag_b = (int(a) for a in sys.argv[1:])
rows = [(n, (int(b) - int(a)) / (passes * lines)) for n, a, b in (l.split() for l in sys.stdin)]
ir = dict(rows)
u, f, a = ir.get("urigram"), ir.get("fluent-uri"), ir.get("ada-url")
ratio = lambda v, d: f"{v / d:.2f}" if d else ""
print("| parser | instructions per URI | x urigram | x fluent-uri | x ada-url |")
print("| --- | ---: | ---: | ---: | ---: |")
for n, v in rows:
    print(f"| {n} | {v:,.0f} | {ratio(v, u)} | {ratio(v, f)} | {ratio(v, a)} |")
d = (diag_b - diag_a) / (passes * 100 * invalid)
print(f"| urigram-diagnose (invalid lines only, {invalid}; per invalid line) | {d:,.0f} | | | |")
' "$passes" "$lines" "$invalid" "$diag_a" "$diag_b" <"$out/rows"
