#!/usr/bin/env bash
# Corpus checking at scale, in one run: `urigram check --grammar rfc2396 --summary` against
# Ruby's URI::RFC2396_Parser and Perl's Regexp::Common, each counting the valid lines of the
# same corpus of a few million lines; then `urigram check --grammar G --summary --jobs 1` for
# every grammar G on the same corpus (its start rule), with its CPU time and the ratio to
# rfc2396's. Prints two Markdown tables (the README's "Corpus checking" section) with the
# machine, the date and the load.
#
#   ONLY=grammars bash benches/corpus.sh   # the second table only (no Ruby or Perl needed)
#
#   bash benches/corpus.sh              # REPEAT=60: 49,666 x 60 = 2,979,960 lines, 175 MB
#   REPEAT=4 bash benches/corpus.sh     # a quick look
#   RUNS=1 ONLY=grammars bash benches/corpus.sh   # one round of the grammars (default 5)
#
# The corpus is benches/corpus/real-urls.txt (a copy of the shared real-URL sample) repeated
# REPEAT times and shuffled with a fixed seed (SEED), built once under $CARGO_TARGET_DIR.
# Installs ruby, libregexp-common-perl and time with apt-get when they are missing. Not run
# in CI: it takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${REPEAT:-60}
seed=${SEED:-2396}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$target/corpus-bench
mkdir -p "$work"

only=${ONLY:-all}
# --- what the peers need
missing=()
command -v ruby >/dev/null 2>&1 || missing+=(ruby)
perl -MRegexp::Common -e1 >/dev/null 2>&1 || missing+=(libregexp-common-perl)
[ -x /usr/bin/time ] || missing+=(time)
if [ "$only" = grammars ]; then
  missing=()
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

cargo build --release --quiet --bin urigram
urigram=$target/release/urigram

# --- the corpus: the sample REPEAT times, shuffled (Fisher-Yates, Perl's seeded drand48)
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
lines=$(wc -l <"$corpus")
bytes=$(stat -c %s "$corpus")
# Regexp::Common's union $RE{URI} backtracks for seconds on some lines: it runs on a slice.
slice=$work/slice-20000.txt
head -n 20000 "$corpus" >"$slice"

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
results=$work/results.tsv
: >"$results"

# run NAME WHAT INPUT COMMAND...: time COMMAND, whose stdout's last line starts with the
# number of valid lines (and may give, third, the lines given up).
run() {
  local name=$1 what=$2 input=$3
  shift 3
  echo "running: $name" >&2
  local code=0
  /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$@" >"$work/out.txt" || code=$?
  if [ "$code" -gt 1 ]; then
    echo "$name failed with exit code $code" >&2
    exit 1
  fi
  local valid gave_up
  valid=$(tail -n 1 "$work/out.txt" | awk '{print $1}')
  gave_up=$(tail -n 1 "$work/out.txt" | awk '{print ($3 == "" ? 0 : $3)}')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$what" "$(wc -l <"$input")" \
    "$(stat -c %s "$input")" "$valid" "$gave_up" "$(tr " " "\t" <"$work/time.txt")" >>"$results"
}

# urigram prints its summary for people; the valid count is on the line "  valid  N  P%".
urigram_valid() {
  "$urigram" check --grammar "${GRAMMAR:-rfc2396}" --summary "$@" >"$work/summary.txt" || {
    local c=$?
    [ "$c" -eq 1 ] || exit "$c"
  }
  awk '$1 == "valid" { gsub(",", "", $2); print $2 }' "$work/summary.txt"
}
export -f urigram_valid
export urigram work

jobs=$(nproc)
if [ "$only" != grammars ]; then
run "urigram check --summary (--jobs $jobs)" "RFC 2396 URI-reference" "$corpus" \
  bash -c 'urigram_valid --file "$0"' "$corpus"
run "urigram check --summary --jobs 1" "RFC 2396 URI-reference" "$corpus" \
  bash -c 'urigram_valid --jobs 1 --file "$0"' "$corpus"
run "Ruby URI::RFC2396_Parser, URI_REF regexp" "RFC 2396 (+ RFC 2732 IPv6)" "$corpus" \
  ruby benches/corpus/ruby-rfc2396.rb regexp "$corpus"
run "Ruby URI::RFC2396_Parser#parse" "RFC 2396 (+ RFC 2732 IPv6)" "$corpus" \
  ruby benches/corpus/ruby-rfc2396.rb parse "$corpus"
run "Perl Regexp::Common, 13 scheme patterns" "RFC 1738 & co., per scheme" "$corpus" \
  perl benches/corpus/perl-regexp-common.pl schemes 1000 "$corpus"
# The union's alternatives come in Perl's hash order, which decides how long it backtracks:
# fix the hash seed so that runs compare.
run "Perl Regexp::Common \$RE{URI} (first 20,000 lines)" "their union" "$slice" \
  env PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 \
  perl benches/corpus/perl-regexp-common.pl any 10 "$slice"
fi

# --- every grammar, one job each, on the same corpus (its start rule)
grammar_results=$work/grammars.tsv
: >"$grammar_results"
# RUNS rounds, each running every grammar once, so that a burst of load on the shared machine
# hits one run of each rather than all runs of one; each grammar keeps its run with the least
# CPU time.
runs=${RUNS:-5}
grammars=(rfc2396 rfc2732 rfc1738 rfc1630 rfc1630-url rfc822 rfc3986 rfc3987)
for round in $(seq "$runs"); do
  for g in "${grammars[@]}"; do
    echo "running ($round/$runs): urigram check --grammar $g --summary --jobs 1" >&2
    code=0
    GRAMMAR=$g /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" \
      bash -c 'urigram_valid --jobs 1 --file "$0"' "$corpus" >"$work/out.txt" || code=$?
    if [ "$code" -gt 1 ]; then
      echo "urigram check --grammar $g failed with exit code $code" >&2
      exit 1
    fi
    printf '%s\t%s\t%s\n' "$g" "$(tail -n 1 "$work/out.txt")" \
      "$(tr " " "\t" <"$work/time.txt")" >>"$grammar_results.all"
  done
done
# The best run of each grammar, in the order above.
for g in "${grammars[@]}"; do
  awk -F'\t' -v g="$g" '$1 == g { c = $4 + $5; if (best == "" || c < best) { best = c; line = $0 } }
    END { print line }' "$grammar_results.all"
done >"$grammar_results"
rm -f "$grammar_results.all"

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
if [ "$only" = grammars ]; then
  versions="urigram $("$urigram" --version | awk '{print $2}')"
else
  versions="urigram $("$urigram" --version | awk '{print $2}'), Ruby $(ruby -e 'print RUBY_VERSION') (uri $(ruby -ruri -e 'print URI::VERSION')), Perl $(perl -e 'printf "%vd", $^V') (Regexp::Common $(perl -MRegexp::Common -e 'print $Regexp::Common::VERSION'))"
fi

[ "$only" = grammars ] || perl -e '
  my ($results, $date, $cpu, $nproc, $before, $after, $lines, $bytes, $versions) = @ARGV;
  my @rows = map { chomp; [split /\t/] } do { open my $f, "<", $results or die; <$f> };
  sub commas { my $n = reverse shift; $n =~ s/(\d{3})(?=\d)/$1,/g; scalar reverse $n }
  my $base = $rows[0][2] / $rows[0][6];    # urigram, all cores: lines per second
  print "Corpus: benches/corpus/real-urls.txt x ", commas($lines / 49666),
    ", shuffled: ", commas($lines), " lines, ", sprintf("%.1f", $bytes / 1e6), " MB.\n";
  print "Machine: $nproc cores ($cpu), $date; load average before $before, after $after.\n";
  print "Versions: $versions.\n\n";
  print "| checker | language | lines | valid | wall s | lines/s | MB/s | CPU s | MB/s per CPU s | peak RSS MB | urigram is x faster |\n";
  print "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for my $r (@rows) {
    my ($name, $what, $n, $b, $valid, $gave_up, $wall, $user, $sys, $rss) = @$r;
    my $cpu_s = $user + $sys;
    my $v = commas($valid) . ($gave_up ? " (" . commas($gave_up) . " given up)" : "");
    printf "| %s | %s | %s | %s | %.2f | %s | %.1f | %.2f | %.1f | %.0f | %s |\n",
      $name, $what, commas($n), $v, $wall, commas(int($n / $wall)), $b / $wall / 1e6,
      $cpu_s, $b / $cpu_s / 1e6, $rss / 1024,
      $r == $rows[0] ? "1" : sprintf("%.1f", $base / ($n / $wall));
  }
' "$results" "$(date -u +%Y-%m-%d)" "$cpu" "$jobs" "$load_before" "$load_after" "$lines" "$bytes" \
  "$versions"

perl -e '
  my ($results, $date, $cpu, $before, $after, $lines, $bytes, $versions, $only, $runs) = @ARGV;
  my @rows = map { chomp; [split /\t/] } do { open my $f, "<", $results or die; <$f> };
  sub commas { my $n = reverse shift; $n =~ s/(\d{3})(?=\d)/$1,/g; scalar reverse $n }
  my %start = ("rfc2396" => "URI-reference", "rfc2732" => "URI-reference", "rfc1738" => "url", "rfc1630" => "fragmentaddress",
    "rfc1630-url" => "url", "rfc822" => "addr-spec", "rfc3986" => "URI-reference",
    "rfc3987" => "IRI-reference");
  if ($only eq "grammars") {
    print "Corpus: benches/corpus/real-urls.txt x ", commas($lines / 49666),
      ", shuffled: ", commas($lines), " lines, ", sprintf("%.1f", $bytes / 1e6), " MB.\n";
    print "Machine: $cpu, $date; load average before $before, after $after.\n";
    print "Versions: $versions.\n";
  }
  print "\nEvery grammar, `urigram check --grammar G --summary --jobs 1` on the same corpus, the run with the least CPU time of $runs rounds:\n\n";
  print "| grammar | start rule | valid | invalid | wall s | CPU s | MB/s per CPU s | peak RSS MB | CPU x rfc2396 | CPU x rfc3986 |\n";
  print "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  my $base = $rows[0][3] + $rows[0][4];
  my ($r3986) = grep { $_->[0] eq "rfc3986" } @rows;
  my $base3986 = $r3986 ? $r3986->[3] + $r3986->[4] : 0;
  for my $r (@rows) {
    my ($g, $valid, $wall, $user, $sys, $rss) = @$r;
    my $cpu_s = $user + $sys;
    printf "| %s | `%s` | %s | %s | %.2f | %.2f | %.1f | %.0f | %.2f | %s |\n",
      $g, $start{$g}, commas($valid), commas($lines - $valid), $wall, $cpu_s, $bytes / $cpu_s / 1e6,
      $rss / 1024, $cpu_s / $base, $base3986 ? sprintf("%.2f", $cpu_s / $base3986) : "";
  }
' "$grammar_results" "$(date -u +%Y-%m-%d)" "$cpu" "$load_before" "$load_after" "$lines" "$bytes" \
  "$versions" "$only" "$runs"
