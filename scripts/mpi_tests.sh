#!/usr/bin/env bash
# The database build spread over MPI processes (`mancala db build --mpi`):
# builds the CLI with the feature `mpi` and runs its MPI tests
# (crates/cli/tests/mpi_build.rs: layers of `mpirun --oversubscribe -np 2`
# and `-np 3` byte for byte those of one process, resuming, processes that
# disagree), after clippy on the code behind the feature.
# Needs Open MPI and libclang (Debian: apt-get install libopenmpi-dev
# openmpi-bin libclang-dev): skipped, status 0, saying so, without them.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v mpirun >/dev/null 2>&1; then
  echo "mpi_tests: skipped: no mpirun (apt-get install openmpi-bin)"
  exit 0
fi
if ! command -v mpicc >/dev/null 2>&1 && ! pkg-config --exists ompi 2>/dev/null && ! pkg-config --exists mpich 2>/dev/null; then
  echo "mpi_tests: skipped: no MPI headers (apt-get install libopenmpi-dev)"
  exit 0
fi
if ! ls /usr/lib/llvm-*/lib/libclang*.so* /usr/lib/*/libclang*.so* >/dev/null 2>&1; then
  echo "mpi_tests: skipped: no libclang, which the mpi crate's bindings need (apt-get install libclang-dev)"
  exit 0
fi

# mpirun refuses to start as root without these (containers, CI).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cargo clippy --locked --features mpi -p mancala-solver -p mancala-cli --all-targets -- -D warnings
cargo test --locked --features mpi -p mancala-cli --test mpi_build
