#!/usr/bin/env bash
# Installs what HowdyKit needs on Debian 12 when it is missing: pkg-config and the
# -dev packages of FreeType, HarfBuzz, ICU, libpng, libdeflate, zlib, fontconfig, libplist and libhyphen (with
# the en/de/fr/es hyphenation patterns). Safe to run again;
# it does nothing when everything is present. Sourced by demo.sh and test.sh.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null 2>&1 || { echo "setup: the Swift toolchain is not on PATH" >&2; exit 1; }

needed=()
command -v pkg-config >/dev/null 2>&1 || needed+=(pkg-config)
for pair in freetype2:libfreetype-dev harfbuzz:libharfbuzz-dev icu-uc:libicu-dev libpng:libpng-dev \
            libdeflate:libdeflate-dev zlib:zlib1g-dev fontconfig:libfontconfig-dev libplist-2.0:libplist-dev; do
    module=${pair%%:*} package=${pair##*:}
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$module"; then
        needed+=("$package")
    fi
done
# python3 with venv: the schema test validates the Examples with `jsonschema` in a venv,
# and scripts/test.sh summarises Swift Testing's JSON event stream.
command -v python3 >/dev/null 2>&1 || needed+=(python3)
python3 -c 'import ensurepip' >/dev/null 2>&1 || needed+=(python3-venv)
# GNU parallel: the test that shards `howdy balance --jsonl` with `parallel --pipe`.
command -v parallel >/dev/null 2>&1 || needed+=(parallel)
# libhyphen for `hyphens: auto` (no pkg-config file: check its header) and the pattern
# files it reads from /usr/share/hyphen, one package per supported language.
[ -f /usr/include/hyphen.h ] || needed+=(libhyphen-dev)
for pair in en_US:hyphen-en-us en_GB:hyphen-en-gb de_DE:hyphen-de fr:hyphen-fr es_ES:hyphen-es; do
    [ -f "/usr/share/hyphen/hyph_${pair%%:*}.dic" ] || needed+=("${pair##*:}")
done

if [ ${#needed[@]} -gt 0 ]; then
    echo "setup: installing ${needed[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >&2
    $SUDO apt-get install -y -qq --no-install-recommends "${needed[@]}" >&2
fi
