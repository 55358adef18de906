#!/usr/bin/env bash
# Runs the whole test suite (unit, golden and CLI tests) after installing what is missing,
# including Debian's chromium for the headless-browser test of `howdy review`'s page, then
# builds and tests the consumer package fixture, which uses HowdyTesting from outside,
# and tests libhowdytext's C ABI and Python package as installed (scripts/test-bindings.sh)
# (both skipped when arguments such as --filter are given).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/install-chromium.sh
swift build --build-tests
swift test --skip-build "$@"
if [ "$#" -eq 0 ]; then
    consumer=Tests/Fixtures/ConsumerPackage
    swift build --build-tests --package-path "$consumer"
    swift test --skip-build --package-path "$consumer"
    bash scripts/test-bindings.sh
fi
