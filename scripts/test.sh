#!/usr/bin/env bash
# Runs the whole test suite (unit, golden and CLI tests) after installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
exec swift test --skip-build "$@"
