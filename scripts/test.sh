#!/usr/bin/env bash
# Runs the whole test suite (unit, golden and CLI tests) after installing what is missing,
# including Debian's chromium for the headless-browser test of `howdy review`'s page.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/install-chromium.sh
swift build --build-tests
exec swift test --skip-build "$@"
