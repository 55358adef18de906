#!/bin/sh
# Times the review page of issue 21's reference change in headless Chromium and prints
# one JSON object.
#
#   scripts/bench-review-page.sh [RUNS] [HOWDY]
#
# The change: Examples/branded.json with its light accent colour changed, rendered over
# the spec's whole matrix before and after (96 screens), then `howdy review --json`.
# The page is loaded RUNS times (default 7), each in a fresh profile, inside a frame of a
# timing page next to it (a file URL, read with --allow-file-access-from-files); the
# frame's own Navigation Timing gives navigation start to DOMContentLoaded (the page's
# script has run: interactive), to the load event (every eager image fetched) and to the
# first contentful paint. Medians are printed with every run's figures, and the review
# folder's size from `howdy review --json` (the issue's folder was 115 MB before).
#
# HOWDY defaults to .build/debug/howdy (the page, not the binary, is what is timed).
set -eu
cd "$(dirname "$0")/.."
runs=${1:-7}
howdy=${2:-.build/debug/howdy}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "bench-review-page: chromium is not installed (scripts/install-chromium.sh)" >&2; exit 2; }
[ -x "$howdy" ] || { echo "bench-review-page: $howdy is not built (swift build --product howdy)" >&2; exit 2; }
work=${HOWDY_BENCH_DIR:-$(mktemp -d)}
mkdir -p "$work"
if [ ! -f "$work/after/render-manifest.json" ]; then
    cp Examples/branded.json "$work/before.json"
    # One accent colour changed (light scheme), nothing else.
    sed 's/"accent": { "light": "#5B3FD9"/"accent": { "light": "#D93F7A"/' Examples/branded.json >"$work/after.json"
    cmp -s "$work/before.json" "$work/after.json" && { echo "bench-review-page: the accent was not found" >&2; exit 2; }
    "$howdy" render "$work/before.json" --out "$work/before" >/dev/null
    "$howdy" render "$work/after.json" --out "$work/after" >/dev/null
fi
rm -rf "$work/review"
summary=$("$howdy" review --expected "$work/before" --actual "$work/after" --out "$work/review" --json)
cat >"$work/review/timing.html" <<'EOF'
<!doctype html><meta charset="utf-8"><pre id="t"></pre>
<iframe id="f" src="index.html" width="1280" height="900"></iframe>
<script>
const frame = document.getElementById("f");
frame.addEventListener("load", () => {
  const w = frame.contentWindow, n = w.performance.getEntriesByType("navigation")[0];
  const paint = Object.fromEntries(w.performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  const images = w.document.images;
  let eager = 0, complete = 0;
  for (const i of images) { if (i.loading !== "lazy") eager += 1; if (i.complete && i.naturalWidth) complete += 1; }
  document.getElementById("t").textContent = JSON.stringify({
    interactive: n.domContentLoadedEventEnd, load: n.loadEventEnd || n.loadEventStart,
    fcp: paint["first-contentful-paint"] ?? null, elements: w.document.getElementsByTagName("*").length,
    images: images.length, eager, loaded: complete, html: n.decodedBodySize});
});
</script>
EOF
i=0
all=""
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    rm -rf "$work/profile"
    line=$("$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --allow-file-access-from-files --user-data-dir="$work/profile" --window-size=1300,1000 --dump-dom \
        "file://$(cd "$work/review" && pwd)/timing.html" 2>/dev/null | sed -n 's/.*<pre id="t">\(.*\)<\/pre>.*/\1/p')
    [ -n "$line" ] || { echo "bench-review-page: run $i measured nothing" >&2; exit 1; }
    all="$all${all:+,}$line"
done
node -e '
const runs = JSON.parse(process.argv[1]), summary = JSON.parse(process.argv[2]);
const median = (k) => { const v = runs.map((r) => r[k]).filter((x) => x !== null).sort((a, b) => a - b); return v.length ? Math.round(v[v.length >> 1]) : null; };
const mb = (b) => Math.round(b / 1e5) / 10;
console.log(JSON.stringify({
  runs: runs.length, interactiveMsMedian: median("interactive"), loadMsMedian: median("load"), fcpMsMedian: median("fcp"),
  targetMs: 2000, summary, outputMB: mb(summary.outputBytes), outputPercentOf115MB: Math.round(summary.outputBytes / 115e6 * 1000) / 10,
  htmlBytes: runs[0].html, elements: runs[0].elements, images: runs[0].images, eagerImages: runs[0].eager,
  loadAverage: require("os").loadavg()[0], each: runs}, null, 1));
' "[$all]" "$summary"
