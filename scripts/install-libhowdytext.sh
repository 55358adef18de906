#!/usr/bin/env bash
# Builds libhowdytext.so (the C ABI over HowdyText, release) and installs it:
#   PREFIX/lib/libhowdytext.so
#   PREFIX/include/howdytext.h
#   PREFIX/lib/pkgconfig/howdytext.pc
#   PREFIX/share/howdy/fonts/        the bundled fonts, each copied only when missing
# Usage: scripts/install-libhowdytext.sh [--prefix DIR] [--configuration release|debug]
# Default prefix /usr/local. scripts/install.sh calls this; it is also usable alone.
# Every file is written to a temporary name in its folder and renamed into place.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --configuration) configuration=${2:?--configuration needs release or debug}; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-libhowdytext: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$configuration" in release|debug) ;; *)
    echo "install-libhowdytext: --configuration must be release or debug, got '$configuration'" >&2; exit 2 ;;
esac
[ -n "$prefix" ] || { echo "install-libhowdytext: --prefix is empty" >&2; exit 2; }

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
swift build -c "$configuration" --product howdytext >&2
library="$(swift build -c "$configuration" --show-bin-path)/libhowdytext.so"
header=Sources/CHowdyTextABI/include/howdytext.h
version=$(sed -n 's/^#define HOWDYTEXT_VERSION_STRING "\(.*\)"$/\1/p' "$header")
[ -n "$version" ] || { echo "install-libhowdytext: no HOWDYTEXT_VERSION_STRING in $header" >&2; exit 1; }

# put SOURCE DEST MODE: copy to a temporary name beside DEST, then rename over DEST
# (rename replaces a link at DEST rather than writing through it).
put() {
    local temporary
    temporary=$(mktemp "$(dirname "$2")/.install.XXXXXX")
    cat "$1" >"$temporary"
    chmod "$3" "$temporary"
    mv -f "$temporary" "$2"
}

mkdir -p "$prefix/lib/pkgconfig" "$prefix/include" "$prefix/share/howdy/fonts"
prefix=$(cd "$prefix" && pwd -P)
put "$library" "$prefix/lib/libhowdytext.so" 755
put "$header" "$prefix/include/howdytext.h" 644
pc=$(mktemp)
trap 'rm -f "$pc"' EXIT
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" bindings/c/howdytext.pc.in >"$pc"
put "$pc" "$prefix/lib/pkgconfig/howdytext.pc" 644

# Fonts, licenses and their README, each only when the install does not have it yet
# (scripts/install.sh may have put them there already).
copied=0
while IFS= read -r -d '' file; do
    relative=${file#Fonts/}
    target="$prefix/share/howdy/fonts/$relative"
    [ -e "$target" ] && continue
    mkdir -p "$(dirname "$target")"
    put "$file" "$target" 644
    copied=$((copied + 1))
done < <(find -H Fonts -type f -print0)  # -H: Fonts links to Sources/HowdyText/Fonts

echo "installed libhowdytext $version ($configuration) in $prefix: lib/libhowdytext.so, include/howdytext.h," \
    "lib/pkgconfig/howdytext.pc; $copied font file(s) copied to share/howdy/fonts" >&2
