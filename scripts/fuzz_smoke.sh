#!/usr/bin/env bash
# A short run of every fuzz target (docs/fuzzing.md): a few seconds each,
# starting from the seed corpus in fuzz/corpus/<target>/, about a minute in
# all once built. New inputs go to a temporary folder, so the committed
# corpus does not grow. A crash fails the script (the input is saved under
# fuzz/artifacts/<target>/).
#
#   bash scripts/fuzz_smoke.sh            # every target, FUZZ_SECONDS (default 5) each
#   FUZZ_SECONDS=60 bash scripts/fuzz_smoke.sh position   # one target, longer
#
# Needs the nightly toolchain (skipped, status 0, without one) and cargo-fuzz
# (installed into target/tools when it is not on the PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz_smoke: skipped: no nightly toolchain (rustup toolchain install nightly)"
  exit 0
fi
# cargo-fuzz: the one on the PATH, or one installed into the project's own
# target/tools (never into ~/.cargo/bin).
if ! cargo fuzz --version >/dev/null 2>&1; then
  tools="$(pwd)/${CARGO_TARGET_DIR:-target}/tools"
  case "${CARGO_TARGET_DIR:-}" in /*) tools="$CARGO_TARGET_DIR/tools" ;; esac
  if [ ! -x "$tools/bin/cargo-fuzz" ]; then
    echo "fuzz_smoke: installing cargo-fuzz into $tools (cargo install cargo-fuzz --locked --root ...)"
    cargo install cargo-fuzz --locked --quiet --root "$tools"
  fi
  export PATH="$tools/bin:$PATH"
fi

seconds="${FUZZ_SECONDS:-5}"
if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cd fuzz && cargo +nightly fuzz list)
fi

cd fuzz
cargo +nightly fuzz build -O
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for t in "${targets[@]}"; do
  mkdir -p "$work/$t" "corpus/$t"
  echo "fuzz_smoke: $t for ${seconds}s"
  # db_layer writes a database folder per input: in memory when there is
  # a tmpfs for it (about 20 times as many inputs a second).
  tmp="${TMPDIR:-/tmp}"
  if [ "$t" = db_layer ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then tmp=/dev/shm; fi
  # -max_len: libFuzzer's default would be the longest seed (a layer file).
  if ! TMPDIR="$tmp" cargo +nightly fuzz run -O "$t" "$work/$t" "corpus/$t" -- \
    -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 >"$work/$t.log" 2>&1; then
    tail -n 40 "$work/$t.log"
    echo "fuzz_smoke: $t FAILED: the input is in fuzz/artifacts/$t/ (docs/fuzzing.md says how to make it a test)"
    exit 1
  fi
  grep -E "^stat::number_of_executed_units|^Done [0-9]+ runs" "$work/$t.log" || true
done
echo "fuzz_smoke: ${#targets[@]} targets, no crash"
