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
# "each" lists [interactive, load, first contentful paint] ms of every run;
# HOWDY_BENCH_DIR keeps the renders between runs.
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
    # --shard 1/1: the images and their manifest, without index or contact sheets.
    "$howdy" render "$work/before.json" --out "$work/before" --shard 1/1 >/dev/null
    "$howdy" render "$work/after.json" --out "$work/after" --shard 1/1 >/dev/null
fi
# The page under test, and with HOWDY_BENCH_REFERENCE=OTHER_HOWDY a reference page made by
# another build, timed alternately in the same run (load changes both alike).
page() {
    rm -rf "$work/$2"
    "$1" review --expected "$work/before" --actual "$work/after" --out "$work/$2" --json
    cat >"$work/$2/timing.html" <<'EOF'
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
}
# One load of the page in folder $1, in a fresh profile: its timing JSON.
measure() {
    rm -rf "$work/profile"
    line=$("$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --allow-file-access-from-files --user-data-dir="$work/profile" --window-size=1300,1000 --dump-dom \
        "file://$(cd "$work/$1" && pwd)/timing.html" 2>/dev/null | sed -n 's/.*<pre id="t">\(.*\)<\/pre>.*/\1/p')
    [ -n "$line" ] || { echo "bench-review-page: a load of $1 measured nothing" >&2; exit 1; }
    echo "$line"
}
summary=$(page "$howdy" review)
reference=${HOWDY_BENCH_REFERENCE:-}
referenceSummary=null
[ -z "$reference" ] || referenceSummary=$(page "$reference" reference)
i=0
all=""
others=""
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    all="$all${all:+,}$(measure review)"
    [ -z "$reference" ] || others="$others${others:+,}$(measure reference)"
done
node -e '
const [runs, summary, others, referenceSummary] = process.argv.slice(1).map((a) => JSON.parse(a));
const median = (list, k) => { const v = list.map((r) => r[k]).filter((x) => x !== null).sort((a, b) => a - b); return v.length ? Math.round(v[v.length >> 1]) : null; };
const figures = (list, s) => list.length ? {interactiveMsMedian: median(list, "interactive"), loadMsMedian: median(list, "load"),
  fcpMsMedian: median(list, "fcp"), htmlBytes: list[0].html, elements: list[0].elements, images: list[0].images,
  eagerImages: list[0].eager, outputBytes: s.outputBytes,
  each: list.map((r) => [Math.round(r.interactive), Math.round(r.load), r.fcp === null ? null : Math.round(r.fcp)])} : null;
const page = figures(runs, summary), ref = figures(others, referenceSummary);
console.log(JSON.stringify({
  runs: runs.length, targetMs: 2000, page, reference: ref,
  loadRatioToReference: ref ? Math.round(page.loadMsMedian / ref.loadMsMedian * 100) / 100 : null,
  summary, outputMB: Math.round(summary.outputBytes / 1e5) / 10,
  outputPercentOf115MB: Math.round(summary.outputBytes / 115e6 * 1000) / 10,
  loadAverage: Math.round(require("os").loadavg()[0] * 10) / 10}, null, 1));
' "[$all]" "$summary" "[$others]" "$referenceSummary"
