#!/usr/bin/env bash
# Time ratios from one interleaved run (examples/interleave.rs): urigram's check and typed
# parses against ada's `can_parse`, ada's `parse` and fluent-uri, A/B/A/B on one machine, the
# median of ROUNDS per-round ratios. Prints the machine (CPU model, cores, load average before
# and after) with the Markdown table, so that a quoted figure names where it was measured.
#
# Usage: ./interleave.sh [ROUNDS] [PASSES] (defaults 31 and 20).
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --example interleave >&2
target=${CARGO_TARGET_DIR:-target}
model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); CPU: ${model:-unknown}, $(nproc) cores; rustc $(rustc --version | cut -d' ' -f2)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$target/release/examples/interleave" "$@"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
