#!/usr/bin/env bash
# Time and memory against size, one shape a row: each document of issue 43's hostile shapes
# (one long line of links, of brackets, of invalid URIs; a URI of escapes to fix) and plain,
# Markdown, HTML and reStructuredText documents of many lines, at 1, 2, 4, 8 and 16 MB, through
# the release CLI (`extract`, `fix --text`, `check`). For each run: CPU seconds (user and
# system, so that other work on the machine counts less), and peak RSS per
# input byte (`/usr/bin/time -f %M`, in bytes of memory per byte of the file); for each
# doubling, the ratio of the times. Linear is 2x a doubling; the bar is 2.2x and 16 B/B.
#
#   bash benches/scaling.sh                       # SIZES="1 2 4 8 16" (MB)
#   SIZES="0.25 0.5 1" bash benches/scaling.sh    # a quick look
#   ONLY=md-brackets bash benches/scaling.sh      # the shapes whose names match a regex
#   LIMIT=60 bash benches/scaling.sh              # stop a shape once a run takes LIMIT CPU s
#
# Then `extract --summary` against `check --summary` on benches/corpus/real-urls.txt repeated
# 20 times (one URL a line), with MB/s, and `extract --summary`'s MB/s on the plain, Markdown,
# HTML and reStructuredText documents. Inputs are made under $CARGO_TARGET_DIR/scaling-bench.
# Needs python3 and /usr/bin/time. Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-1 2 4 8 16}
only=${ONLY:-.}
limit=${LIMIT:-60}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$target/scaling-bench
mkdir -p "$work"
[ -n "${NO_BUILD:-}" ] || cargo build --release --quiet --bin urigram
urigram=${URIGRAM:-$target/release/urigram}

# name^python setting u (the unit repeated), h and t (head and tail)^extension^command
shapes=(
  "md-brackets^u='a [b] '^md^extract"
  "md-links^u='[x](http://a/b) '^md^extract"
  "md-fix-links^u='[x](a:%) '^md^fix --text"
  "rst-errors^u='a http://a/%zz '^rst^extract"
  "html-errors^u='<a href=\"http://a/%zz\">x</a> '^html^extract"
  "md-angle-errors^u='<a:%>'^md^extract"
  "md-open-brackets^u='['^md^extract"
  "md-closers^u='>'^md^extract"
  "md-emphasis^u='*a* _b_ '^md^extract"
  "rst-line^u='see http://a/b and \`x <http://c/%zz>\`_ '^rst^extract"
  "check-line-links^u='[x](http://a/b) '^txt^check --file"
  "md-table^h='| a | b |\n| --- | --- |\n'; u='| [x](http://a/%zz) | <b:%> |\n'^md^extract"
  "fix-percent^h='see http://a/'; u='%'; t=' end'^txt^fix --text"
  "fix-nul^h='http://a/'; u='\x00b'^txt^fix --text"
  "fix-line-percent^h='http://a/'; u='%'^txt^fix"
  "check-line-percent^h='http://a/'; u='%'^txt^check --file"
  "plain-doc^u='A line of prose with http://example.com/a/b?c=d#e and mailto:x@y.z, (see <URL:http://a/b%zz>).\nAnother, http://bad/%zz; then ftp://f.example/pub/.\n\n'^txt^extract"
  "plain-doc-fix^u='A line of prose with http://example.com/a/b?c=d#e and mailto:x@y.z, (see <URL:http://a/b%zz>).\nAnother, http://bad/%zz; then ftp://f.example/pub/.\n\n'^txt^fix --text"
  "md-doc^u='# Title\n\nSome *prose* with [a link](http://a/b%zz \"t\") and <http://c/d>, \`code http://e/\`.\n\n- item http://f/g\n- [ref][r]\n\n[r]: http://h/%zz\n\n\`\`\`\nhttp://in/code\n\`\`\`\n\n| a | b |\n| --- | --- |\n| http://t/%zz | [x](y:%) |\n\n'^md^extract"
  "md-doc-fix^u='# Title\n\nSome *prose* with [a link](http://a/b%zz \"t\") and <http://c/d>, \`code http://e/\`.\n\n- item http://f/g\n- [ref][r]\n\n[r]: http://h/%zz\n\n'^md^fix --text"
  "html-doc^h='<!DOCTYPE html><html><body>\n'; u='<p>Text http://a/%zz and <a href=\"http://b/c?d&amp;e\">link</a> <img src=\"x y.png\"></p>\n<pre>http://code/</pre><script>var u=\"http://s/\";</script>\n'^html^extract"
  "rst-doc^u='Title\n=====\n\nSome prose http://a/%zz and \`a link <http://b/c>\`_.\n\n.. _t: http://t/%zz\n\n::\n\n    http://in/literal\n\n'^rst^extract"
  "rst-doc-fix^u='Title\n=====\n\nSome prose http://a/%zz and \`a link <http://b/c>\`_.\n\n.. _t: http://t/%zz\n\n'^rst^fix --text"
)

# make NAME GEN EXT MB: the file of that shape and size (made once).
make() {
  local f=$work/$1-$4.$3
  if [ ! -s "$f" ]; then
    python3 - "$f" "$4" <<PY
import sys
h = ''; t = ''
$2
n = int(float(sys.argv[2]) * 1e6)
body = u * max(1, (n - len(h) - len(t)) // len(u))
open(sys.argv[1], 'wb').write((h + body + t).encode('utf-8', 'surrogatepass'))
PY
  fi
  echo "$f"
}

# run FILE COMMAND...: "cpu_seconds peak_kb", or "timeout" past LIMIT seconds of CPU time.
run() {
  local f=$1
  shift
  local code=0
  (
    ulimit -t "$limit"
    exec /usr/bin/time -f "%U %S %M" -o "$work/time.txt" "$urigram" "$@" "$f"
  ) >/dev/null 2>"$work/err.txt" || code=$?
  if grep -q "terminated by signal" "$work/time.txt" 2>/dev/null; then
    echo "timeout"
  elif [ "$code" -gt 1 ]; then
    echo "failed($code)"
  else
    tail -n 1 "$work/time.txt" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'
  fi
}

echo "$(date -u '+%F %H:%M') UTC, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), sizes in MB: $sizes"
echo
printf '| shape | command |'
for s in $sizes; do printf ' %s MB s | B/B |' "$s"; done
printf ' worst x per doubling | worst B/B |\n| --- | --- |'
for s in $sizes; do printf ' ---: | ---: |'; done
printf ' ---: | ---: |\n'
for shape in "${shapes[@]}"; do
  IFS='^' read -r name gen ext cmd <<<"$shape"
  [[ $name =~ $only ]] || continue
  printf '| %s | `%s` |' "$name" "$cmd"
  prev="" worst_x=0 worst_b=0 stopped=""
  for s in $sizes; do
    if [ -n "$stopped" ]; then
      printf ' - | - |'
      continue
    fi
    f=$(make "$name" "$gen" "$ext" "$s")
    bytes=$(stat -c %s "$f")
    # shellcheck disable=SC2086
    r=$(run "$f" $cmd)
    if [[ $r != [0-9]* ]]; then
      printf ' %s | - |' "$r"
      stopped=1
      worst_x=inf
      continue
    fi
    read -r secs kb <<<"$r"
    bpb=$(awk -v k="$kb" -v n="$bytes" 'BEGIN { printf "%.1f", k * 1024 / n }')
    printf ' %s | %s |' "$secs" "$bpb"
    worst_b=$(awk -v a="$worst_b" -v b="$bpb" 'BEGIN { print (b > a ? b : a) }')
    if [ -n "$prev" ] && [ "$worst_x" != inf ]; then
      worst_x=$(awk -v a="$worst_x" -v p="$prev" -v c="$secs" \
        'BEGIN { x = (p > 0.05 ? c / p : 0); print (x > a ? x : a) }')
    fi
    prev=$secs
  done
  printf ' %s | %s |\n' "$worst_x" "$worst_b"
done
echo
echo "(x per doubling: the largest ratio of a run's time to the time of the size before it,"
echo "among runs of the size before taking more than 0.05 s; inf: a run took over $limit s.)"

# extract --summary against check --summary, one URL a line.
if [[ corpus =~ $only ]] || [ "$only" = . ]; then
  corpus=$work/real-urls-x20.txt
  if [ ! -s "$corpus" ]; then
    for _ in $(seq 20); do cat benches/corpus/real-urls.txt; done >"$corpus"
  fi
  bytes=$(stat -c %s "$corpus")
  read -r cs ckb < <(run "$corpus" check --summary --file)
  read -r es ekb < <(run "$corpus" extract --summary)
  echo
  echo "| one URL a line, $((bytes / 1000000)) MB | s | MB/s | peak MB |"
  echo "| --- | ---: | ---: | ---: |"
  awk -v s="$cs" -v n="$bytes" -v k="$ckb" 'BEGIN { printf "| `check --summary` | %s | %.1f | %d |\n", s, n / 1e6 / s, k / 1024 }'
  awk -v s="$es" -v n="$bytes" -v k="$ekb" 'BEGIN { printf "| `extract --summary` | %s | %.1f | %d |\n", s, n / 1e6 / s, k / 1024 }'
  awk -v a="$es" -v b="$cs" 'BEGIN { printf "\nextract takes %.2fx the time of check\n", a / b }'
  # And `extract --summary` on the documents of each syntax (the *-doc shapes, 16 MB or the
  # largest size asked for).
  echo
  echo "| extract --summary | MB | s | MB/s |"
  echo "| --- | ---: | ---: | ---: |"
  for s in $sizes; do big=$s; done
  for shape in "${shapes[@]}"; do
    IFS='^' read -r name gen ext cmd <<<"$shape"
    [[ $name == *-doc ]] || continue
    f=$(make "$name" "$gen" "$ext" "$big")
    bytes=$(stat -c %s "$f")
    read -r ds _ < <(run "$f" extract --summary)
    awk -v m="$name" -v s="$ds" -v n="$bytes" 'BEGIN { printf "| %s | %.0f | %s | %.1f |\n", m, n / 1e6, s, (s > 0 ? n / 1e6 / s : 0) }'
  done
fi
