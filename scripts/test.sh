#!/usr/bin/env bash
# The project's whole default test run: Rust tests, agreement with OpenSpiel,
# the page in a browser, the fuzz targets, the Python package.
# Installs OpenSpiel (pip package open-spiel) if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --locked

if ! python3 -c "import pyspiel" 2>/dev/null; then
  echo "installing OpenSpiel (pip install open-spiel) for the agreement test..."
  python3 -m pip install --quiet open-spiel
fi
# The binary the tests just built (the test profile: optimised, as release).
python3 scripts/openspiel_agreement.py --binary "${CARGO_TARGET_DIR:-target}/debug/mancala"

# The browser tests of `mancala serve`'s page (Debian's chromium, headless;
# about half a minute): skipped, saying so, without node or chromium.
# It uses the binary the Rust tests just built.
export MANCALA_BIN="${CARGO_TARGET_DIR:-target}/debug/mancala"
bash scripts/web_tests.sh

# A short run of every fuzz target (docs/fuzzing.md): about a minute once
# built; skipped, saying so, where there is no nightly toolchain.
bash scripts/fuzz_smoke.sh

# The Python package: built into a fresh virtual environment, then its pytest
# tests (OpenSpiel agreement through both Python APIs, the docs' examples).
bash scripts/python_tests.sh
