#!/usr/bin/env bash
# The main job: renders the branded example flow to out/branded (PNG screens plus
# an index.html), after installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product howdy >&2
.build/release/howdy render Examples/branded.json --out out/branded
echo "open out/branded/index.html to see every screen" >&2
