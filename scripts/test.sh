#!/usr/bin/env bash
# Runs the whole test suite after installing what is missing (including Debian's chromium
# for the headless-browser test of `howdy review`'s page and python3-venv for the schema
# check), and prints one line per test target, every failure in full, and a closing line
# `N passed, N failed`. Besides the unit, golden and CLI tests it builds and tests the
# consumer package fixture (HowdyTesting used from outside), installs howdy into a
# temporary prefix (scripts/test-install.sh), validates the Examples against
# `howdy schema`, checks the README's and DocC articles' snippets, tests libhowdytext's C ABI
# and Python package as installed (scripts/test-bindings.sh) and builds the docs.
#
# With arguments (e.g. --filter X) it is plain `swift test --skip-build ARGS` instead.
#
# Why one process per target, each running its tests one at a time: Swift Testing starts
# every test of a process at once on a pool as wide as the machine (two threads here), and
# a test's duration runs from its start event to its end event. With all 600 started at
# t=0 and each test's end event queued behind the other tests' bodies, every test reported
# the whole run's length ("passed after 189.7 seconds"). There is no lock: the durations
# measured the queue. Run serially, a duration is the test's own; two targets run at once
# (HOWDY_TEST_JOBS) keep both cores busy.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/install-chromium.sh

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
if ! swift build --build-tests >"$logs/build.log" 2>&1; then
    grep -E "error:|warning:" "$logs/build.log" || tail -40 "$logs/build.log"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ "$#" -gt 0 ]; then
    exec swift test --skip-build "$@"
fi

bundle=$(swift build --show-bin-path)/HowdyKitPackageTests.xctest
# The slowest targets first, so the two lanes finish together.
targets=(GoldenTests HowdyCLITests HowdyKitUITests HowdyTextTests HowdyRenderTests HowdyKitTests HowdyTextJSONTests
    HowdyNumbersTests)
for folder in Tests/*/; do
    name=$(basename "$folder")
    [ "$name" = Fixtures ] || [ "$name" = HowdyTestSupport ] || [[ " ${targets[*]} " == *" $name "* ]] || targets+=("$name")
done
export bundle logs
printf '%s\n' "${targets[@]}" | xargs -P "${HOWDY_TEST_JOBS:-2}" -I{} bash -c '
    status=0
    "$bundle" --testing-library swift-testing --no-parallel --filter "^{}\\." \
        --event-stream-output-path "$logs/{}.jsonl" --event-stream-version 0 >"$logs/{}.log" 2>&1 || status=$?
    echo "$status" >"$logs/{}.status"'
python3 scripts/test-summary.py "$logs" "${targets[@]}" >"$logs/summary"
sed '$d' "$logs/summary"
read -r passed failed < <(tail -1 "$logs/summary")

# The other checks, one line each; a failure shows its output in full.
check() { # check NAME COMMAND...
    local name=$1
    shift
    if "$@" >"$logs/check.log" 2>&1; then
        echo "✔ $name"
        passed=$((passed + 1))
    else
        echo "✘ $name"
        sed 's/^/    /' "$logs/check.log"
        failed=$((failed + 1))
    fi
}
consumer=Tests/Fixtures/ConsumerPackage
consumer_tests() {
    swift build --build-tests --package-path "$consumer" 2>&1 | tee "$logs/consumer-build.log" | grep -E "warning:|error:" &&
        { echo "the consumer package builds with warnings"; return 1; }
    swift test --skip-build --package-path "$consumer"
}
check "ConsumerPackage: HowdyTesting and the bundled fonts from another package" consumer_tests
check "install: howdy from a temporary prefix, without the checkout" bash scripts/test-install.sh
check "bindings: libhowdytext's C ABI (ASan, TSan) and the Python package, as installed" bash scripts/test-bindings.sh
[ -f scripts/test-schema.sh ] && check "schema: every Example validates against howdy schema" bash scripts/test-schema.sh
[ -f scripts/test-snippets.sh ] && check "snippets: README and DocC code builds and runs" bash scripts/test-snippets.sh
[ -f scripts/docs.sh ] && check "docs: the DocC archive builds without warnings" bash scripts/docs.sh --check

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
