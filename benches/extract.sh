#!/usr/bin/env bash
# `urigram extract --summary` against `urigram check --summary` on the same corpus file: the
# time ratio and the peak RSS of each (the README's "URIs in text").
#
#   bash benches/extract.sh              # REPEAT=60: 2,979,960 lines, 175 MB
#   REPEAT=4 bash benches/extract.sh     # a quick look
#
# The corpus is built as benches/corpus.sh builds it (benches/corpus/real-urls.txt repeated
# REPEAT times, shuffled with SEED), once, under $CARGO_TARGET_DIR. Needs /usr/bin/time
# (installed with apt-get when missing). Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${REPEAT:-60}
seed=${SEED:-2396}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$target/corpus-bench
mkdir -p "$work"
if [ ! -x /usr/bin/time ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >&2
fi

cargo build --release --quiet --bin urigram
urigram=$target/release/urigram

corpus=$work/real-urls-x$repeat-seed$seed.txt
if [ ! -s "$corpus" ]; then
  echo "building $corpus" >&2
  perl -e '
    my ($repeat, $seed) = (shift, shift);
    my @one = <>;
    $_ .= "\n" for grep { !/\n\z/ } @one;
    my @all = map { @one } 1 .. $repeat;
    srand($seed);
    for (my $i = $#all; $i > 0; $i--) {
      my $j = int(rand($i + 1));
      @all[$i, $j] = @all[$j, $i];
    }
    print @all;
  ' "$repeat" "$seed" benches/corpus/real-urls.txt >"$corpus.tmp"
  mv "$corpus.tmp" "$corpus"
fi
bytes=$(stat -c %s "$corpus")

# run NAME COMMAND...: elapsed seconds and peak RSS (KiB) of COMMAND, its output discarded.
run() {
  local name=$1
  shift
  local code=0
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >"$work/out-$name.txt" || code=$?
  if [ "$code" -gt 1 ]; then
    echo "$name failed with exit code $code" >&2
    exit 1
  fi
  tail -n 1 "$work/time.txt"
}

read -r check_s check_kb < <(run check "$urigram" check --summary --file "$corpus")
read -r extract_s extract_kb < <(run extract "$urigram" extract --summary "$corpus")
found=$(grep -m1 '^  lines' "$work/out-extract.txt" | awk '{print $2}')
cores=$(nproc)
echo "| command | time | peak RSS |"
echo "| --- | ---: | ---: |"
printf '| `check --summary` | %s s | %d MB |\n' "$check_s" $((check_kb / 1024))
printf '| `extract --summary` (%s URIs) | %s s | %d MB |\n' "$found" "$extract_s" $((extract_kb / 1024))
echo
awk -v a="$extract_s" -v b="$check_s" -v n="$bytes" -v c="$cores" -v d="$(date -u +%F)" \
  'BEGIN { printf "%.1f MB, %d cores, %s: extract takes %.2fx the time of check\n", n / 1e6, c, d, (b > 0 ? a / b : 0) }'
