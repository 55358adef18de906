#!/usr/bin/env bash
# Builds the DocC archives of every module with a catalog (Sources/<Module>/<Module>.docc)
# from symbol graphs of the debug build, with the toolchain's docc:
#   bash scripts/docs.sh            archives in .build/docs/<Module>.doccarchive
#   bash scripts/docs.sh --check    the same, failing on any docc warning (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
check=false
[ "${1:-}" = --check ] && check=true
swift build >&2
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
out=.build/docs
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
mkdir -p "$out"
# The C modules' module maps, so symbol extraction can import what the Swift modules do.
includes=()
for folder in Sources/C*/; do
    includes+=(-I "$folder")
    [ -d "$folder/include" ] && includes+=(-I "$folder/include")
    # SwiftPM writes the module maps of C targets into their build folders.
    [ -f "$bin/$(basename "$folder").build/module.modulemap" ] &&
        includes+=(-Xcc "-fmodule-map-file=$bin/$(basename "$folder").build/module.modulemap")
done
for include in $(pkg-config --cflags-only-I freetype2 harfbuzz icu-uc libpng fontconfig libdeflate 2>/dev/null); do
    includes+=(-Xcc "$include")
done
status=0
for catalog in Sources/*/*.docc; do
    module=$(basename "$catalog" .docc)
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" "${includes[@]}" \
        -minimum-access-level public -output-dir "$graphs/$module" >&2
    log="$graphs/$module.log"
    docc convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" --fallback-display-name "$module" \
        --fallback-bundle-identifier "dev.howdykit.$module" --output-path "$out/$module.doccarchive" \
        >"$log" 2>&1 || status=1
    # The articles and the sources' /// comments must be clean: links resolve, headings
    # parse, every documented function documents all its parameters.
    # docc prints each problem as "warning: …" then "--> LOCATION"; a source location
    # starts with "../" (relative to the catalog), an article's does not.
    article_problems=$(awk '/^(warning|error):/ { problem = $0; next }
        problem != "" && /^ *--> / { if ($2 !~ /^\.\.\//) print problem " (" $2 ")"; problem = "" }
        problem != "" && /^$/ { print problem; problem = "" }' "$log")
    if [ -n "$article_problems" ]; then
        echo "docs: $module.docc:" >&2
        echo "$article_problems" | sed 's/^/    /' >&2
        $check && status=1
    fi
    symbols=$(grep -cE "warning:" "$log" || true)
    echo "docs: $module: $symbols warnings in total" >&2
    if [ "$symbols" -gt 0 ]; then
        awk '/^warning:/ { problem = $0; next } problem != "" && /^ *--> / { print "    " problem " (" $2 ")"; problem = "" }' \
            "$log" >&2
        $check && status=1
    fi
done
[ "$status" -eq 0 ] && echo "docs: $(ls -d "$out"/*.doccarchive | wc -l) archives in $out" >&2
exit "$status"
