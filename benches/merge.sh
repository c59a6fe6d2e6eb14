#!/usr/bin/env bash
# `urigram merge-summaries` at scale: time and peak RSS on streams of summary documents and on
# one large summary given twice; prints a Markdown table (benches/README.md, "Merging
# summaries") with the machine, the date and the load.
#
#   bash benches/merge.sh                        # 5,000, 40,000 and 300,000 documents
#   SIZES="5000 40000" bash benches/merge.sh     # other sizes
#   LARGE_GROUPS=0 bash benches/merge.sh         # without the large summary
#   URIGRAM=/path/to/urigram bash benches/merge.sh   # another build (nothing is built)
#
# The inputs, built once under $CARGO_TARGET_DIR/merge-bench:
#
# - `shards N`: N summaries as shards write them, `urigram check --summary --format jsonl` of
#   the 249 shards of 200 lines of benches/corpus/real-urls.txt, taken in turn, each document's
#   examples naming a shard of its own (`--label shard-K`). One grammar and rule, so the
#   merged summary stays small.
# - `sections N`: the same documents, each with a rule name of its own (`rule-K`), so the
#   merged summary has N sections: this is what a search through the sections made quadratic.
# - `large x2`: one summary of LARGE_GROUPS groups (default 2,600,000, about 410 MB: each line
#   invalid in a group of its own by what was found, with one example), given twice.
#
# Each run is limited to TIMEOUT seconds (default 600) and MEMORY_LIMIT_MB of address space
# (`ulimit -v`, default 4096); a run stopped by either is reported as such. Needs perl and
# /usr/bin/time (installed with apt-get when missing). Not run in CI: it takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-5000 40000 300000}
large_groups=${LARGE_GROUPS:-2600000}
timeout_s=${TIMEOUT:-600}
memory_mb=${MEMORY_LIMIT_MB:-4096}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$target/merge-bench
mkdir -p "$work"
if [ ! -x /usr/bin/time ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >&2
fi

if [ -n "${URIGRAM:-}" ]; then
  urigram=$URIGRAM
else
  cargo build --release --quiet --bin urigram
  urigram=$target/release/urigram
fi

# --- the shards' summaries: one line each, made by the build under test's own check
shards=$work/shards.jsonl
if [ ! -s "$shards" ]; then
  echo "building $shards" >&2
  rm -rf "$work/split"
  mkdir -p "$work/split"
  split -l 200 -d -a 4 benches/corpus/real-urls.txt "$work/split/part-"
  for f in "$work/split"/part-*; do
    code=0
    "$urigram" check --summary --format jsonl --label shard-0 --file "$f" || code=$?
    [ "$code" -le 1 ] || exit 1
  done >"$shards.tmp"
  mv "$shards.tmp" "$shards"
fi

# make_docs KIND N: N documents from the shards' summaries, in turn, as KIND asks.
make_docs() {
  local kind=$1 n=$2 out=$work/$1-$2.jsonl
  if [ ! -s "$out" ]; then
    echo "building $out" >&2
    perl -e '
      my ($kind, $n, $file) = @ARGV;
      open my $f, "<", $file or die "$file: $!";
      my @docs = <$f>;
      for my $k (0 .. $n - 1) {
        my $d = $docs[$k % @docs];
        $d =~ s/"source":"shard-0"/"source":"shard-$k"/g;
        $d =~ s/"rule":"URI-reference"/"rule":"rule-$k"/ if $kind eq "sections";
        print $d;
      }
    ' "$kind" "$n" "$shards" >"$out.tmp"
    mv "$out.tmp" "$out"
  fi
  echo "$out"
}

# The large summary: one document, one section, LARGE_GROUPS lines each in a group of its own.
make_large() {
  local g=$1 out=$work/large-$1.json
  if [ ! -s "$out" ]; then
    echo "building $out" >&2
    perl -e '
      my $g = shift;
      my $ex = q({"source":"shard-0.txt","line":1,"column":12,"offset":11,"input":"http://a/b c%zz"});
      print qq({"urigram":"summary","version":1,"sections":[{"grammar":"rfc2396","rule":"URI-reference",);
      print qq("lines":$g,"bytes":), 16 * $g, qq(,"valid":0,"invalid":$g,);
      print qq("by_production":[{"production":"URI-reference","see":"rfc2396.txt:1465 (section 4)","count":$g,"examples":[$ex]}],);
      print qq("by_code":[{"code":"rfc2396::URI-reference::space","count":$g,"examples":[$ex]}],);
      print qq("by_found":[);
      for my $k (0 .. $g - 1) {
        print "," if $k;
        print qq({"found":"found $k","see":"--max-line-length","count":1,"examples":[$ex]});
      }
      print "]}]}\n";
    ' "$g" >"$out.tmp"
    mv "$out.tmp" "$out"
  fi
  echo "$out"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
results=$work/results.tsv
: >"$results"

# run NAME DOCUMENTS FILE...: merge FILE... to JSON under the limits; one row of results.
run() {
  local name=$1 docs=$2
  shift 2
  echo "running: $name" >&2
  local bytes=0 f code=0
  for f in "$@"; do bytes=$((bytes + $(stat -c %s "$f"))); done
  (
    ulimit -v $((memory_mb * 1024))
    exec /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" \
      timeout "$timeout_s" "$urigram" merge-summaries --format json "$@"
  ) >"$work/out.json" 2>"$work/err.txt" || code=$?
  local outcome sections=""
  case $code in
    0 | 1) outcome=ok
      sections=$(perl -ne 'print scalar(() = /"grammar":/g)' "$work/out.json") ;;
    124) outcome="did not end in $timeout_s s" ;;
    *) outcome="failed ($(grep -v '^Command' "$work/err.txt" | head -n 1 | cut -c1-60))" ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$docs" "$bytes" "$sections" "$outcome" \
    "$(tail -n 1 "$work/time.txt" | tr ' ' '\t')" >>"$results"
}

for n in $sizes; do
  run "shards $n" "$n" "$(make_docs shards "$n")"
done
for n in $sizes; do
  run "sections $n" "$n" "$(make_docs sections "$n")"
done
if [ "$large_groups" -gt 0 ]; then
  large=$(make_large "$large_groups")
  run "large x2 ($large_groups groups)" 2 "$large" "$large"
fi

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
echo "urigram $("$urigram" --version | awk '{print $2}') ($urigram); $(nproc) cores ($cpu), $(date -u '+%Y-%m-%d %H:%M UTC'); load average before $load_before, after $load_after; limits $timeout_s s, $memory_mb MB."
echo
perl -e '
  sub commas { my $n = reverse shift; $n =~ s/(\d{3})(?=\d)/$1,/g; scalar reverse $n }
  print "| input | documents | MB | sections merged | wall s | CPU s | peak RSS MB | RSS / input |\n";
  print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  while (<>) {
    chomp;
    my ($name, $docs, $bytes, $sections, $outcome, $wall, $user, $sys, $rss) = split /\t/;
    if ($outcome ne "ok") {
      printf "| %s | %s | %.1f | %s | | | %s | |\n", $name, commas($docs), $bytes / 1e6, $outcome,
        ($rss ? sprintf("%.0f", $rss / 1024) : "");
      next;
    }
    printf "| %s | %s | %.1f | %s | %.2f | %.2f | %.0f | %.2f |\n", $name, commas($docs),
      $bytes / 1e6, commas($sections), $wall, $user + $sys, $rss / 1024, $rss * 1024 / $bytes;
  }
' "$results"
