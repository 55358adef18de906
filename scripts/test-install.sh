#!/usr/bin/env bash
# Installs howdy into a temporary prefix, moves the installation somewhere else, and from
# `/`, with no environment and no checkout in reach, balances a title and renders a
# screen with it. `--release` runs the real install (a release build; also checks that
# `howdy --version` is this checkout's `git describe`); the default installs the debug
# build that `swift build` left, so scripts/test.sh can afford it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd -P)
configuration=debug
[ "${1:-}" = --release ] && configuration=release

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash scripts/install.sh --prefix "$work/prefix" --configuration "$configuration" 2>"$work/install.log" ||
    { cat "$work/install.log" >&2; exit 1; }
# Relocated: the binary must find share/howdy/fonts from its own real path, not from
# where it was installed or built. The spec is a copy, outside the checkout.
mv "$work/prefix" "$work/moved"
ln -s "$work/moved/bin/howdy" "$work/howdy-on-path"
cp Examples/plain.json "$work/spec.json"
failures=0
fail() { echo "test-install: $*" >&2; failures=$((failures + 1)); }
run() { (cd / && env -i PATH=/usr/bin:/bin HOME="$work" "$work/howdy-on-path" "$@"); }

lines=$(run balance --font Inter-Bold --size 28 --width 220 "Welcome to a calmer way to take notes") ||
    fail "balance failed"
[ "$(printf '%s\n' "$lines" | wc -l)" -ge 2 ] || fail "balance printed '$lines', expected two or more lines"
run render "$work/spec.json" --out "$work/out" --device phone --scheme light >"$work/render.log" 2>&1 ||
    { cat "$work/render.log" >&2; fail "render failed"; }
ls "$work/out"/*.png >/dev/null 2>&1 || fail "render wrote no PNG"
if missing=$(run balance --font Inter-Bol --size 12 --width 100 x 2>&1); then fail "an unknown font succeeded"; fi
[[ "$missing" == *"$work/moved/share/howdy/fonts"* ]] || fail "the not-found message names no installed folder: $missing"
[[ "$missing" == *"did you mean 'Inter-Bold'"* ]] || fail "no suggestion: $missing"
[[ "$missing" != *"$repo"* ]] || fail "the installed howdy searched the checkout: $missing"

head -1 "$work/moved/share/man/man1/howdy.1" | grep -q '^\.TH HOWDY 1' || fail "man page has no .TH header"
bash -c "source '$work/moved/share/bash-completion/completions/howdy' && complete -p howdy" >/dev/null ||
    fail "bash completion does not register"
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$work/moved/share/zsh/site-functions/_howdy" || fail "zsh completion does not parse"
fi
if [ "$configuration" = release ]; then
    expected="howdy $(git describe --tags --always --dirty)"
    [ "$(run --version)" = "$expected" ] || fail "--version is '$(run --version)', expected '$expected'"
fi
[ "$failures" -eq 0 ] || exit 1
echo "test-install: installed howdy ($configuration) balanced and rendered from / without the checkout"
