#!/usr/bin/env bash
# Installs Debian's `chromium` when it is missing, for the test that loads `howdy review`'s
# page in a real headless browser. Sourced by test.sh. A failed install does not stop the
# test run: the browser test then fails under CI (CI is set) and is skipped locally, each
# with a message saying chromium is missing.
if ! command -v chromium >/dev/null 2>&1; then
    echo "setup: installing chromium (headless browser test of howdy review)" >&2
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
    # Wait for another apt/dpkg run to let go of its lock instead of failing at once.
    apt_options=(-o DPkg::Lock::Timeout=300 -y -qq --no-install-recommends)
    for attempt in 1 2 3; do
        if DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq >&2 \
            && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install "${apt_options[@]}" chromium >&2; then
            break
        fi
        echo "setup: installing chromium failed (attempt $attempt of 3)" >&2
        sleep $((attempt * 10))
    done
    command -v chromium >/dev/null 2>&1 || echo "setup: chromium is still missing; the review page's browser test cannot run" >&2
fi
