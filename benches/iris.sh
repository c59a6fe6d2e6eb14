#!/usr/bin/env bash
# urigram's IRI checks against the IRI parsers (oxiri, iri-string, fluent-uri) on the IRI
# corpus (corpus/real-iris-10k.txt): instructions per IRI under callgrind, steady state
# (instructions.sh with CORPUS=iris; its last row, the diagnosing pass, is on the URL corpus),
# then time ratios from interleaved rounds (interleave.sh with CORPUS=iris).
#
# Usage: ./iris.sh [PASSES] (default 5, for instructions.sh). ROUNDS and TIME_PASSES (defaults
# 31 and 20) go to interleave.sh.
set -euo pipefail
cd "$(dirname "$0")"
export CORPUS=iris
PARSERS="urigram-3987 urigram-check-3987 urigram-check-3987-iri urigram-check-3986 oxiri iri-string-iri iri-string-iri-absolute fluent-uri-iri" \
    ./instructions.sh "${1:-5}"
echo
./interleave.sh "${ROUNDS:-31}" "${TIME_PASSES:-20}"
