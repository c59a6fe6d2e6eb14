#!/usr/bin/env bash
# Runs the Spark recipe of docs/corpus.md (tests/spark/job.py) on a local Spark (local[2]) and checks it
# against urigram on the whole file (tests/spark/check.py). Needs Java (8, 11 or 17), Python 3
# with venv, and PyPI: the first run installs PySpark into target/spark/venv (about 320 MB
# downloaded), later runs reuse it. Not part of `cargo test`.
#
#   bash tests/spark/run.sh [CORPUS]      (default: benches/corpus/real-urls-10k.txt)
#
# Prints one line per check and closes with `spark: N passed, N failed`; exits non-zero on any
# failure. Spark's own log goes to target/spark/spark.log (its tail is shown on failure).
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus="${1:-benches/corpus/real-urls-10k.txt}"
dir=target/spark
venv="$dir/venv"
python="${PYTHON:-python3}"

if ! command -v java >/dev/null 2>&1; then
  echo "spark: java is not on the PATH (Debian: apt-get install default-jre-headless)" >&2
  exit 2
fi
echo "java: $(java -version 2>&1 | head -n 1)"

# The venv, reused while tests/spark/requirements.txt is unchanged.
if ! cmp -s tests/spark/requirements.txt "$venv/urigram-requirements.txt"; then
  echo "== installing PySpark into $venv"
  rm -rf "$venv"
  mkdir -p "$dir"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r tests/spark/requirements.txt
  cp tests/spark/requirements.txt "$venv/urigram-requirements.txt"
fi
# The Python package for job_python.py: the wheel in target/wheels (.ci/run builds it), else
# built now from python/.
wheel="$(ls target/wheels/urigram-*.whl 2>/dev/null | head -n 1 || true)"
if [ -z "$wheel" ]; then
  echo "== building the Python package's wheel into target/wheels"
  "$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps -w target/wheels ./python
  wheel="$(ls target/wheels/urigram-*.whl | head -n 1)"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
"$venv/bin/python" -c \
  'import pyspark, urigram, sys; print(f"pyspark {pyspark.__version__}, python {sys.version.split()[0]}, urigram {urigram.__file__}")'

echo "== cargo build"
cargo build --quiet --bin urigram
target_dir="$(cargo metadata --format-version 1 --no-deps |
  "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
urigram="$target_dir/debug/urigram"

echo "== spark job on $corpus"
unset SPARK_HOME                       # the pip package's own Spark, not one installed elsewhere
export PYSPARK_PYTHON="$PWD/$venv/bin/python"
export SPARK_LOCAL_IP=127.0.0.1        # the driver and the executors on the loopback only
log="$dir/spark.log"
set +e
"$venv/bin/python" tests/spark/check.py "$urigram" "$corpus" 2>"$log"
code=$?
set -e
if [ "$code" -ne 0 ]; then
  echo "tests/spark/check.py exited with $code; the end of Spark's log, $log:" >&2
  tail -n 40 "$log" >&2
fi
exit "$code"
