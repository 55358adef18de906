#!/usr/bin/env bash
# Tests libhowdytext and its bindings as a user gets them: installs the C ABI into a
# temporary prefix (scripts/install-libhowdytext.sh, release), then
#   1. builds the README example in C with nothing but `cc $(pkg-config --cflags --libs
#      howdytext)` and runs it, plainly and under AddressSanitizer, and the same for the
#      styles-and-batches test (bindings/c/tests/batch.c);
#   2. runs one font on four threads under ThreadSanitizer (the library built instrumented);
#   3. installs the Python package into a fresh venv (pip, from PyPI: pytest, dask,
#      distributed, uharfbuzz) and runs its pytest suite: same lines as
#      `howdy balance --jsonl` over the case files, the API, and 20,000 paragraphs on a
#      two-worker Dask LocalCluster equal to one process;
#   4. runs the Python benchmark (vs uharfbuzz + bisection, vs Swift in process).
# Figures (JSON) go to stdout and .build/bindings-figures.json. Run by scripts/test.sh
# after the Swift tests (it needs .build/debug/howdy); usable alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
repository=$(pwd -P)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
bash scripts/install-libhowdytext.sh --prefix "$prefix"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

echo "== C: the README example via pkg-config" >&2
cc bindings/c/tests/readme_example.c -o "$work/readme" $(pkg-config --cflags --libs howdytext)
printf 'Get reminders for\nevery plan you make\n' >"$work/expected"
(cd / && "$work/readme") | cut -f1 >"$work/got"
diff -u "$work/expected" "$work/got"

echo "== C: the README example under AddressSanitizer" >&2
cc -fsanitize=address -fno-omit-frame-pointer -g bindings/c/tests/readme_example.c -o "$work/readme-asan" \
    $(pkg-config --cflags --libs howdytext)
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$repository/bindings/c/tests/lsan.supp" "$work/readme-asan" >/dev/null

echo "== C: styles and batches (howdytext_style, howdytext_layout_many), plainly and under AddressSanitizer" >&2
cc bindings/c/tests/batch.c -o "$work/batch" $(pkg-config --cflags --libs howdytext)
(cd / && "$work/batch")
cc -fsanitize=address -fno-omit-frame-pointer -g bindings/c/tests/batch.c -o "$work/batch-asan" \
    $(pkg-config --cflags --libs howdytext)
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$repository/bindings/c/tests/lsan.supp" "$work/batch-asan" >/dev/null

echo "== C: one font on four threads under ThreadSanitizer" >&2
# TSan only sees the synchronisation of code it instrumented (Swift's Mutex is atomics
# and futexes, not pthread locks), so the library is built instrumented (debug, its own
# scratch folder) and the test linked with the toolchain's clang, whose TSan runtime the
# Swift code was built for.
swift build --sanitize=thread --product howdytext --scratch-path .build/tsan >&2
toolchain=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")
tsan_lib="$repository/.build/tsan/debug" swift_lib="$toolchain/lib/swift/linux"
"$toolchain/bin/clang" -fsanitize=thread -g bindings/c/tests/threads.c -o "$work/threads-tsan" \
    -I Sources/CHowdyTextABI/include -L "$tsan_lib" -Wl,-rpath,"$tsan_lib" -lhowdytext \
    -L "$swift_lib" -Wl,-rpath,"$swift_lib" -ldispatch -lBlocksRuntime
# TSan wants a low-entropy address layout: setarch -R turns ASLR off for the run where the
# container allows it (LLVM's TSan otherwise re-executes itself without ASLR).
no_aslr=()
if setarch "$(uname -m)" -R true 2>/dev/null; then no_aslr=(setarch "$(uname -m)" -R); fi
# tsan.supp lists no suppressions: every lock layout takes is a pthread mutex, which
# TSan sees (the file says why that matters).
TSAN_OPTIONS="halt_on_error=1 suppressions=$repository/bindings/c/tests/tsan.supp" "${no_aslr[@]}" \
    "$work/threads-tsan"

echo "== Python: venv, pytest, Dask, benchmark" >&2
venv="$work/venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check ./bindings/python pytest "dask[bag]" distributed uharfbuzz >&2
figures="$repository/.build/bindings-figures.json"
rm -f "$figures"
export HOWDYTEXT_LIBRARY="$prefix/lib/libhowdytext.so" HOWDYTEXT_FIGURES="$figures"
export HOWDY_BIN="${HOWDY_BIN:-$repository/.build/debug/howdy}"
# From another folder, so the tests import the installed package, not the source tree.
(cd "$work" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$repository/bindings/python/tests")
cc -O2 bindings/c/tests/bench.c -o "$work/bench" $(pkg-config --cflags --libs howdytext)
"$venv/bin/python" bindings/python/benchmarks/bench_peers.py --bench-binary "$work/bench" >"$work/bench.json"
python3 - "$figures" "$work/bench.json" <<'PY'
import json, pathlib, sys
path = pathlib.Path(sys.argv[1])
figures = json.loads(path.read_text()) if path.exists() else {}
figures.update(json.loads(pathlib.Path(sys.argv[2]).read_text()))
path.write_text(json.dumps(figures, indent=2) + "\n")
print(json.dumps(figures, indent=2))
PY
