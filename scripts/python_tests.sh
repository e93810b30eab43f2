#!/usr/bin/env bash
# Builds the Python package (crates/python) into a fresh virtual environment and runs its pytest
# tests, OpenSpiel agreement included. Needs Python 3.9+ with venv and pip, and cargo; everything
# else (maturin, numpy, pytest, open-spiel, gymnasium) is installed into the throwaway environment.
#
#   bash scripts/python_tests.sh               # lint the binding crate (clippy), build (release), test
#   bash scripts/python_tests.sh --no-clippy   # build and test only
#
# The virtual environment lives in a temporary folder removed at the end; the build goes to
# target/python (kept, so a second run is quick).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

clippy=1
for arg in "$@"; do
  case "$arg" in
    --no-clippy) clippy=0 ;;
    *) echo "unknown option $arg (allowed: --no-clippy)" >&2; exit 2 ;;
  esac
done

# The command-line program, for the tests that solve through the command line and the page as
# well (test_solve_front_ends.py): the one scripts/test.sh built, or built here.
if [ -z "${MANCALA_BIN:-}" ]; then
  cargo build --locked --quiet -p mancala-cli
  MANCALA_BIN="${CARGO_TARGET_DIR:-target}/debug/mancala"
fi
MANCALA_BIN=$(realpath "$MANCALA_BIN")
export MANCALA_BIN

venv=$(mktemp -d "${TMPDIR:-/tmp}/mancala-venv.XXXXXX")
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy pytest open-spiel gymnasium websockets

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}/python"
if [ "$clippy" = 1 ]; then
  PYO3_PYTHON="$venv/bin/python" cargo clippy --manifest-path crates/python/Cargo.toml --locked --all-targets -- -D warnings
fi
# A wheel, installed as a user would install it (--locked: crates/python/Cargo.lock as committed).
"$venv/bin/maturin" build --release --locked --quiet -m crates/python/Cargo.toml -o "$venv/wheels" \
  --interpreter "$venv/bin/python"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$venv"/wheels/mancala-*.whl
# Run from a folder outside the source tree: the installed package is the one tested.
cd "$venv"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/crates/python/tests"
