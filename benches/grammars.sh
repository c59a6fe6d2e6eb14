#!/usr/bin/env bash
# Count the instructions each grammar's productions execute per line of the corpus, under
# valgrind's callgrind (load-independent), for three passes: `check` (the fast pass, then a
# diagnosis of the rejected lines), `invalid` (every line with a space appended: the fast try,
# then the diagnosing pass and the error) and `derive` (the derivation tree). Prints a Markdown
# table. Usage: ./grammars.sh [PASSES] (default 2) [GRAMMARS...] (default all eight).
# `CORPUS=iris` runs them on the IRI corpus (corpus/real-iris-10k.txt, the same number of lines).
set -euo pipefail
cd "$(dirname "$0")"

passes=${1:-2}
shift || true
grammars=("$@")
[ ${#grammars[@]} -gt 0 ] || grammars=(rfc2396 rfc2732 rfc1738 rfc1630 rfc1630-url rfc822 rfc3986 rfc3987)
cargo build --release --example grammars >&2
bin=${CARGO_TARGET_DIR:-target}/release/examples/grammars
lines=$(wc -l < corpus/real-urls-10k.txt)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() { # pass grammar passes -> instructions executed by the whole program
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" "$1" "$2" "$3" \
        2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

base=$(count check rfc2396 0) # start-up, reading the corpus, building the invalid lines
for g in "${grammars[@]}"; do
    echo "$g $(count check "$g" "$passes") $(count invalid "$g" "$passes") $(count derive "$g" "$passes")"
done | python3 -c '
import sys
base, passes, lines = (int(a) for a in sys.argv[1:])
print("| grammar | check | invalid | derive |")
print("| --- | ---: | ---: | ---: |")
for l in sys.stdin:
    g, *vs = l.split()
    cells = " | ".join(f"{(int(v) - base) / (passes * lines):,.0f}" for v in vs)
    print(f"| {g} | {cells} |")
' "$base" "$passes" "$lines"
