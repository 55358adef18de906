#!/bin/sh
# Builds the libFuzzer targets with the address sanitizer and runs them.
#
#   Fuzz/run.sh build                  build all seven targets (Fuzz/.build, release)
#   Fuzz/run.sh TARGET [RUNS] [SECS] [FLAGS...]
#                                      run one: FuzzSpec, FuzzFont, FuzzImage, FuzzJSONL,
#                                      FuzzManifest, FuzzReviewPage or FuzzTextABI,
#                                      for RUNS executions (default 1000000) or SECS seconds
#                                      (default 3600), whichever comes first; FLAGS go to
#                                      libFuzzer (e.g. -detect_leaks=0, see Fuzz/README.md)
#
# Each run starts from the seed corpus in Fuzz/Corpus/<name> and adds what it finds to a
# working corpus in Fuzz/.build/corpus/<name> (not committed). A crash leaves its input
# as Fuzz/.build/artifacts/crash-<sha1>; rerun it with `Fuzz/.build/release/TARGET FILE`.
set -eu
cd "$(dirname "$0")"
build() {
    # -parse-as-library: libFuzzer supplies main(); the targets only define
    # LLVMFuzzerTestOneInput. -sanitize=fuzzer instruments every Swift module for coverage.
    swift build -c release --product "$1" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
        -Xcc -fsanitize=address
}
case "${1:-}" in
build)
    for target in FuzzSpec FuzzFont FuzzImage FuzzJSONL FuzzManifest FuzzReviewPage FuzzTextABI; do build "$target"; done
    ;;
FuzzSpec | FuzzFont | FuzzImage | FuzzJSONL | FuzzManifest | FuzzReviewPage | FuzzTextABI)
    target=$1
    runs=${2:-1000000}
    seconds=${3:-3600}
    shift $(($# < 3 ? $# : 3))
    name=$(echo "$target" | sed 's/^Fuzz//' | tr 'A-Z' 'a-z')
    mkdir -p ".build/corpus/$name" .build/artifacts
    # A Foundation leak (see lsan-suppressions.txt) must not stop every run at its first input.
    export LSAN_OPTIONS="print_suppressions=0:suppressions=$(pwd)/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    # A target's dictionary (tokens its input format is made of), when it has one.
    if [ -f "$name.dict" ]; then set -- -dict="$name.dict" "$@"; fi
    exec ".build/release/$target" ".build/corpus/$name" "Corpus/$name" \
        -runs="$runs" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 \
        -artifact_prefix=.build/artifacts/ -print_final_stats=1 "$@"
    ;;
*)
    sed -n '2,15p' "$0"
    exit 2
    ;;
esac
