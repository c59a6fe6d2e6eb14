#!/usr/bin/env bash
# `urigram fix` on hostile inputs: one line with 20,000 and 100,000 errors, and a file of
# about 1 GB (the corpus repeated, every 18th line with an error to fix) in line mode to
# stdout, with --diff and with --in-place: elapsed seconds and peak RSS of each, release build.
#
#   bash benches/fix.sh              # SIZE_MB=1024
#   SIZE_MB=64 bash benches/fix.sh   # a quick look
#
# Inputs are made under $CARGO_TARGET_DIR/fix-bench. Needs /usr/bin/time (installed with
# apt-get when missing). Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${SIZE_MB:-1024}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$target/fix-bench
mkdir -p "$work"
if [ ! -x /usr/bin/time ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >&2
fi

cargo build --release --quiet --bin urigram
urigram=$target/release/urigram

# run NAME COMMAND...: elapsed seconds and peak RSS (KiB) of COMMAND, its output discarded.
run() {
  local name=$1
  shift
  local code=0
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err-$name.txt" || code=$?
  if [ "$code" -gt 1 ]; then
    echo "$name failed with exit code $code" >&2
    cat "$work/err-$name.txt" >&2
    exit 1
  fi
  tail -n 1 "$work/time.txt"
}

printf '| input | mode | seconds | peak RSS |\n| --- | --- | ---: | ---: |\n'
for n in 20000 100000; do
  f=$work/errors-$n.txt
  python3 -c "import sys; print('http://a/' + 'a b' * $n)" >"$f"
  read -r s kb < <(run "line-$n" "$urigram" fix "$f")
  printf '| one line, %s errors | line | %s | %s MB |\n' "$n" "$s" "$((kb / 1024))"
done

big=$work/big-$size_mb.txt
if [ ! -s "$big" ]; then
  echo "building $big" >&2
  perl -e '
    my $limit = shift() * 1024 * 1024;
    my @one = <STDIN>;
    $_ .= "\n" for grep { !/\n\z/ } @one;
    my ($n, $k) = (0, 0);
    while ($n < $limit) {
      for (@one) {
        my $l = $_;
        $l =~ s{\n\z}{/a b\n} if ++$k % 18 == 0;
        print $l;
        $n += length $l;
        last if $n >= $limit;
      }
    }
  ' "$size_mb" <benches/corpus/real-urls.txt >"$big.tmp"
  mv "$big.tmp" "$big"
fi
mb=$(( $(stat -c %s "$big") / 1024 / 1024 ))
read -r s kb < <(run big-stdout "$urigram" fix "$big")
printf '| %s MB file | line, to stdout | %s | %s MB |\n' "$mb" "$s" "$((kb / 1024))"
read -r s kb < <(run big-diff "$urigram" fix --diff "$big")
printf '| %s MB file | --diff | %s | %s MB |\n' "$mb" "$s" "$((kb / 1024))"
cp "$big" "$work/in-place.txt"
read -r s kb < <(run big-in-place "$urigram" fix --in-place "$work/in-place.txt")
printf '| %s MB file | --in-place | %s | %s MB |\n' "$mb" "$s" "$((kb / 1024))"
rm -f "$work/in-place.txt"
tail -n 1 "$work/err-big-in-place.txt" >&2
