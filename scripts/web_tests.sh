#!/usr/bin/env bash
# The browser tests of `mancala serve`'s page (crates/web/e2e): Debian's
# chromium driven headless by playwright-core from the npm registry (no
# browser download), about half a minute once built.
#
#   bash scripts/web_tests.sh                      # builds target/debug/mancala
#   MANCALA_BIN=path/to/mancala bash scripts/web_tests.sh
#
# Screenshots go to target/web-screenshots/ (SCREENSHOT_DIR to change it);
# DOCS_SCREENSHOT=docs/web.png also saves the README's picture.
# Needs node, npm and chromium (apt-get install chromium): skipped, status 0,
# saying so, without them.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "web_tests: skipped: no node/npm (the browser tests are JavaScript)"
  exit 0
fi
if [ ! -x "$chromium_bin" ]; then
  echo "web_tests: skipped: no chromium at $chromium_bin (apt-get install chromium)"
  exit 0
fi

target="${CARGO_TARGET_DIR:-target}"
if [ -z "${MANCALA_BIN:-}" ]; then
  # The test profile, as `cargo test --workspace` builds it: a no-op after it.
  cargo build --locked --profile test -p mancala-cli --bin mancala
  MANCALA_BIN="$target/debug/mancala"
fi
MANCALA_BIN="$(cd "$(dirname "$MANCALA_BIN")" && pwd)/$(basename "$MANCALA_BIN")"
shots="${SCREENSHOT_DIR:-$target/web-screenshots}"
mkdir -p "$shots"
shots="$(cd "$shots" && pwd)"
if [ -n "${DOCS_SCREENSHOT:-}" ]; then
  DOCS_SCREENSHOT="$(cd "$(dirname "$DOCS_SCREENSHOT")" && pwd)/$(basename "$DOCS_SCREENSHOT")"
  export DOCS_SCREENSHOT
fi

cd crates/web/e2e
npm ci --no-audit --no-fund --loglevel=error
MANCALA_BIN="$MANCALA_BIN" SCREENSHOT_DIR="$shots" CHROMIUM="$chromium_bin" \
  node --test --test-concurrency=1 --test-reporter=spec play.test.mjs
echo "web_tests: screenshots in $shots"
