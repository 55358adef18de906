#!/usr/bin/env bash
# Copy-paste check of the README and the DocC articles:
# - every ```swift block is type-checked against the built modules (a Package.swift
#   manifest block against PackageDescription is skipped: the consumer fixture builds one);
# - every ```sh block parses (bash -n); the README's are run, in order, as a user would in
#   one terminal (the working folder carries over within a section), with `howdy` on PATH,
#   except those that install, run the whole suite or the demo. HOWDY=PATH picks the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd -P)
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch" /tmp/howdy-walkthrough /tmp/howdy-state.json' EXIT
mkdir -p "$scratch/bin"
# $HOWDY picks another build (a release one renders the walkthrough ~15x faster).
howdy=${HOWDY:-$bin/howdy}
ln -s "$(cd "$(dirname "$howdy")" && pwd -P)/howdy" "$scratch/bin/howdy"

python3 - "$scratch" README.md Sources/*/*.docc/*.md <<'PY'
import json, os, re, sys
scratch, files = sys.argv[1], sys.argv[2:]
blocks = []
for path in files:
    section, fence, body, start = "", None, [], 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if fence is None:
            if line.startswith("## "):
                section = line.strip()
            match = re.match(r"^```(\w+)\s*$", line)
            if match:
                fence, body, start = match.group(1), [], number
        elif line.startswith("```"):
            blocks.append({"file": path, "line": start, "lang": fence, "section": section, "code": "".join(body)})
            fence = None
        else:
            body.append(line)
for index, block in enumerate(blocks):
    extension = {"swift": "swift", "sh": "sh"}.get(block["lang"])
    if extension:
        block["path"] = os.path.join(scratch, f"snippet{index}.{extension}")
        open(block["path"], "w").write(block["code"])
json.dump(blocks, open(os.path.join(scratch, "blocks.json"), "w"))
PY

includes=()
for folder in Sources/C*/; do
    includes+=(-I "$folder")
    [ -d "$folder/include" ] && includes+=(-I "$folder/include")
    # SwiftPM writes the module maps of C targets into their build folders.
    map="$bin/$(basename "$folder").build/module.modulemap"
    [ -f "$map" ] && includes+=(-Xcc "-fmodule-map-file=$map")
done
# The system libraries' headers (FreeType's live in /usr/include/freetype2), as SwiftPM
# finds them through pkg-config for the .systemLibrary targets.
for flag in $(pkg-config --cflags freetype2 harfbuzz icu-uc libpng fontconfig libdeflate libplist-2.0); do
    includes+=(-Xcc "$flag")
done
failures=0
checked=0
ran=0
cwd=$repo
section=
while IFS=$'\t' read -r file line lang path block_section; do
    where="$file:$line"
    case "$lang" in
        swift)
            grep -q "import PackageDescription" "$path" && continue
            # The consumer fixture's test file (its Badges module): scripts/test.sh builds the fixture.
            grep -q "^import Badges" "$path" && continue
            echo "snippets: type-checking $where" >&2
            # Top-level code is a script (main.swift); a snippet of @Test functions is a library.
            mode=()
            grep -qE "^@Test|^@main|^(final )?class .*XCTestCase" "$path" && mode=(-parse-as-library)
            if ! swiftc -typecheck -I "$bin/Modules" "${includes[@]}" "${mode[@]}" "$path" </dev/null >"$scratch/out" 2>&1; then
                echo "✘ $where: the Swift snippet does not type-check:"
                sed 's/^/    /' "$scratch/out"
                failures=$((failures + 1))
            fi
            checked=$((checked + 1))
            ;;
        sh)
            if ! bash -n "$path" 2>"$scratch/out"; then
                echo "✘ $where: the shell snippet does not parse:"
                sed 's/^/    /' "$scratch/out"
                failures=$((failures + 1))
                continue
            fi
            checked=$((checked + 1))
            [ "$file" = README.md ] || continue
            grep -qE "scripts/(install|test|demo)\.sh" "$path" && continue
            [ "$block_section" = "$section" ] || cwd=$repo
            section=$block_section
            # Sourced, so a `cd` in the snippet carries over to the next one of its section.
            echo "snippets: running $where in $cwd" >&2
            if ! (cd "$cwd" && PATH="$scratch/bin:$PATH" timeout 600 bash -e -c "source '$path'; pwd -P >'$scratch/cwd'" \
                </dev/null >"$scratch/out" 2>&1); then
                echo "✘ $where: the shell snippet failed:"
                sed 's/^/    /' "$scratch/out"
                failures=$((failures + 1))
                continue
            fi
            cwd=$(cat "$scratch/cwd")
            ran=$((ran + 1))
            ;;
    esac
done < <(python3 -c '
import json, sys
for b in json.load(open(sys.argv[1])):
    if "path" in b:
        print("\t".join([b["file"], str(b["line"]), b["lang"], b["path"], b["section"] or "-"]))
' "$scratch/blocks.json")
echo "snippets: $checked checked, $ran README shell snippets run, $failures failed"
[ "$failures" -eq 0 ]
