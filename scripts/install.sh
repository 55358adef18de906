#!/usr/bin/env bash
# Installs the `howdy` command line:
#   bash scripts/install.sh [--prefix DIR] [--configuration release|debug]
# builds howdy (release by default; `git describe` of this checkout is its --version) and
# installs, under DIR (default /usr/local):
#   bin/howdy
#   share/howdy/fonts/                         the bundled fonts and their licences
#   share/bash-completion/completions/howdy    bash completion
#   share/zsh/site-functions/_howdy            zsh completion
#   share/man/man1/howdy.1                     the man page (`howdy help --man`)
# The installed howdy finds its fonts from its own real path (bin/../share/howdy/fonts), so
# it needs no checkout. `--configuration debug` installs the existing debug build instead
# (no rebuild; the version then reads 0.1.0-dev): the install test uses it.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,3p' "$0" | sed 's/^# *//' >&2; }
prefix=/usr/local
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { usage; exit 2; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --configuration) [ $# -ge 2 ] || { usage; exit 2; }; configuration=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install: unknown argument '$1'" >&2; usage; exit 2 ;;
    esac
done
case "$configuration" in release | debug) ;; *) echo "install: --configuration is release or debug" >&2; exit 2 ;; esac
[ -n "$prefix" ] || { echo "install: --prefix is empty" >&2; exit 2; }
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd -P)

source scripts/setup.sh

if [ "$configuration" = release ]; then
    # The version is compiled in from a generated file (not in git); a tag name that is not
    # a plain version word is not pasted into Swift source.
    version=$(git describe --tags --always --dirty 2>/dev/null || true)
    [[ "$version" =~ ^[A-Za-z0-9._+-]+$ ]] || version=0.1.0-dev
    generated=Sources/HowdyCLI/BuildVersion.generated.swift
    printf '%s\n' "// Written by scripts/install.sh; not in git." "#if HOWDY_BUILD_VERSION" \
        "    extension Howdy {" "        static let buildVersion = \"$version\"" "    }" "#endif" >"$generated.tmp"
    mv "$generated.tmp" "$generated"
    # A scratch folder of its own: the define changes every module's flags, and
    # .build/release stays as the benchmarks left it.
    build=(swift build -c release --product howdy --scratch-path .build-install -Xswiftc -DHOWDY_BUILD_VERSION)
else
    build=(swift build --product howdy)
fi
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/howdy"

# Every file goes to a temp name in its folder and is renamed into place.
put() { # put MODE SOURCE DESTINATION
    local temp
    temp=$(mktemp "$(dirname "$3")/.howdy-install.XXXXXX")
    cat "$2" >"$temp"
    chmod "$1" "$temp"
    mv -f "$temp" "$3"
}
fonts="$prefix/share/howdy/fonts"
mkdir -p "$prefix/bin" "$fonts/licenses" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/man/man1"
put 755 "$binary" "$prefix/bin/howdy"
for file in Sources/HowdyText/Fonts/*.* Sources/HowdyText/Fonts/licenses/*; do
    [ -f "$file" ] || continue
    case "$file" in */licenses/*) put 644 "$file" "$fonts/licenses/${file##*/}" ;; *) put 644 "$file" "$fonts/${file##*/}" ;; esac
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$prefix/bin/howdy" help --completion bash >"$scratch/bash"
"$prefix/bin/howdy" help --completion zsh >"$scratch/zsh"
"$prefix/bin/howdy" help --man >"$scratch/man"
put 644 "$scratch/bash" "$prefix/share/bash-completion/completions/howdy"
put 644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_howdy"
put 644 "$scratch/man" "$prefix/share/man/man1/howdy.1"
echo "install: $("$prefix/bin/howdy" --version) in $prefix/bin/howdy" >&2

# The C library's installer (libhowdytext), when this checkout has one.
if [ -f scripts/install-libhowdytext.sh ]; then
    bash scripts/install-libhowdytext.sh --prefix "$prefix"
fi
