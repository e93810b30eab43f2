#!/usr/bin/env bash
# The project's whole default test run: Rust tests, then agreement with OpenSpiel.
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

# A short run of every fuzz target (docs/fuzzing.md): about a minute once
# built; skipped, saying so, where there is no nightly toolchain.
bash scripts/fuzz_smoke.sh

# The Python package: built into a fresh virtual environment, then its pytest
# tests (OpenSpiel agreement through both Python APIs, the docs' examples).
bash scripts/python_tests.sh
