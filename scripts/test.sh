#!/usr/bin/env bash
# The project's whole default test run: the lint gate, Rust tests, agreement
# with OpenSpiel, the page in a browser, the fuzz targets, the Python package.
# Python packages go into throwaway virtual environments, never the machine's.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the run needs (README.md, "Set up"); the fuzz run and the browser tests
# say so and skip without their tools.
command -v cargo >/dev/null || { echo "scripts/test.sh needs cargo (https://rustup.rs)" >&2; exit 1; }
python3 -c 'import venv, ensurepip' 2>/dev/null || {
  echo "scripts/test.sh needs Python 3 with venv and ensurepip (Debian: apt-get install python3-venv)" >&2
  exit 1
}

# Each part of the run says when it ends and how long it took, so that a
# slow part shows in the log (the whole run should stay under 15 minutes).
part_start=$SECONDS
part() {
  echo "== scripts/test.sh: $1: $((SECONDS - part_start)) s (run so far: $SECONDS s)" >&2
  part_start=$SECONDS
}

# The lint gate: formatting, clippy's lints as errors, documentation
# without a warning (the library crates warn of every undocumented public
# item).
cargo fmt --all --check
cargo fmt --manifest-path crates/python/Cargo.toml --check
cargo fmt --manifest-path fuzz/Cargo.toml --check
cargo clippy --workspace --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked
part "lint gate"

cargo test --workspace --locked
part "Rust tests"

# Agreement with OpenSpiel, installed (pip package open-spiel) into a virtual
# environment of this run's own: nothing is installed into the machine's
# Python. It uses the binary the tests just built (the test profile:
# optimised, as release).
openspiel=$(mktemp -d "${TMPDIR:-/tmp}/mancala-openspiel.XXXXXX")
trap 'rm -rf "$openspiel"' EXIT
python3 -m venv "$openspiel"
"$openspiel/bin/python" -m pip install --quiet --disable-pip-version-check open-spiel
"$openspiel/bin/python" scripts/openspiel_agreement.py --binary "${CARGO_TARGET_DIR:-target}/debug/mancala"
part "OpenSpiel agreement"

# The browser tests of `mancala serve`'s page (Debian's chromium, headless;
# about half a minute): skipped, saying so, without node or chromium.
# It uses the binary the Rust tests just built.
export MANCALA_BIN="${CARGO_TARGET_DIR:-target}/debug/mancala"
bash scripts/web_tests.sh
part "browser tests"

# The endgame database build spread over MPI processes (`db build --mpi`,
# the cargo feature mpi): its layers byte for byte those of one process on
# 1 to 3 processes. Skipped, saying so, without Open MPI and libclang.
bash scripts/mpi_tests.sh
part "MPI tests"

# A short run of every fuzz target (docs/fuzzing.md): about a minute once
# built; skipped, saying so, where there is no nightly toolchain.
bash scripts/fuzz_smoke.sh
part "fuzz smoke"

# The Python package: its binding crate linted as the others are, built into
# a fresh virtual environment, then its pytest tests (OpenSpiel agreement
# through both Python APIs, the docs' examples, the same solves through the
# command line, the page's API and Python).
bash scripts/python_tests.sh
part "Python tests"
