#!/usr/bin/env bash
# The BNF engine on hostile inputs: build examples/bnf_worst.rs in release mode and print its
# Markdown tables (every rule of every grammar at 10 KB, then the growth of each grammar's
# slowest input at 1, 2, 4 and 8 KB). Arguments go to the example: a size in KB and a grammar,
# or `one GRAMMAR RULE OPENING FRAGMENT` for the growth of one input.
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --example bnf_worst >&2
target=${CARGO_TARGET_DIR:-target}
"$target/release/examples/bnf_worst" "$@"
