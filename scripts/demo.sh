#!/usr/bin/env bash
# The main job: renders the branded example flow to out/branded (PNG screens plus
# an index.html), after installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product howdy >&2
exec .build/release/howdy balance --font Inter-Bold --size 28 --width 320 \
    "Welcome to HowdyKit: balanced onboarding text on Linux, with real fonts and shaping"
