#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs the Debian packages a part of the project needs, and only those:
#   sh scripts/install-deps.sh tool       the steer command-line tool (make run)
#   sh scripts/install-deps.sh web        the web demo and its browser test (make web), and
#                                         Debian's cJSON source for the page's scenario
#                                         loader (below)
#   sh scripts/install-deps.sh sanitize   clang's sanitizer runtimes and g++ (make sanitize)
#   sh scripts/install-deps.sh core       nothing: the library and its C tests alone
#   sh scripts/install-deps.sh fuzz       libFuzzer (make fuzz)
#   sh scripts/install-deps.sh python     the Python package (python/): cffi, numpy, cJSON
#                                         (scenario files), pytest and matplotlib for its
#                                         tests and examples
#   sh scripts/install-deps.sh test       everything make test builds and runs: the tool,
#                                         the web test, g++ and clang++ for the C++ checks,
#                                         the Python package
# The core library needs nothing beyond a C compiler, make and cmake. Uses apt-get when
# running as root or with sudo; otherwise names the missing packages and stops.
set -eu

TOOL="libcjson-dev libcairo2-dev libgif-dev pkg-config"
WEB="clang lld llvm wasi-libc libclang-rt-14-dev-wasm32 chromium nodejs python3 dpkg-dev xz-utils"
SANITIZE="clang libclang-rt-14-dev"
CXX="g++ clang"
PYTHON="python3 python3-dev python3-venv python3-pip python3-setuptools python3-cffi python3-numpy python3-pytest python3-matplotlib libcjson-dev pkg-config"

PACKAGES=""
CJSON_SOURCE=""
[ $# -gt 0 ] || set -- test
for part in "$@"; do
    case "$part" in
        tool) PACKAGES="$PACKAGES $TOOL" ;;
        web) PACKAGES="$PACKAGES $WEB" CJSON_SOURCE=1 ;;
        sanitize) PACKAGES="$PACKAGES $SANITIZE $CXX" ;;
        fuzz) PACKAGES="$PACKAGES $SANITIZE" ;;
        python) PACKAGES="$PACKAGES $PYTHON" ;;
        core) ;;
        test) PACKAGES="$PACKAGES $TOOL $WEB $CXX $PYTHON" CJSON_SOURCE=1 ;;
        *) echo "install-deps.sh: unknown part '$part' (core, tool, web, sanitize, fuzz, python, test)" >&2; exit 2 ;;
    esac
done

missing=""
for pkg in $PACKAGES; do
    case " $missing " in *" $pkg "*) continue ;; esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        SUDO=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo"
    else
        echo "steer: missing Debian packages:$missing" >&2
        echo "steer: install them with: sudo apt-get install$missing" >&2
        exit 1
    fi
    echo "steer: installing$missing" >&2
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >&2
fi

# The web demo runs the tool's scenario loader, which parses with cJSON. Debian builds
# cJSON for the host only, so the demo compiles Debian's own source package of the
# version Debian ships (libcjson-dev) to wasm32: apt-get source, with a private apt
# configuration under build/deps (its own sources.list, lists and cache; the system's
# apt state is neither read nor changed, and no root is needed). apt checks the signed
# Release files against Debian's archive keys and every file's hash in the Sources
# index; dpkg-source unpacks it and applies Debian's patches. Nothing of it is committed
# (build/ is ignored); web/build.sh reads build/deps/cjson.
[ -n "$CJSON_SOURCE" ] || exit 0
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEPS="$ROOT/build/deps"
version=$(dpkg-query -W -f='${Version}' libcjson-dev 2>/dev/null || true)
[ -n "$version" ] || version=$(apt-cache policy libcjson-dev 2>/dev/null | sed -n 's/^ *Candidate: *//p')
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
    echo "steer: Debian's cJSON version is unknown: apt knows no libcjson-dev package" \
        "(run apt-get update, or add Debian's main component to apt's sources)" >&2
    exit 1
fi
dir="$DEPS/cjson-$version"
if [ ! -f "$dir/src/cJSON.c" ]; then
    for tool in apt-get dpkg-source gpgv; do
        command -v "$tool" >/dev/null 2>&1 || {
            echo "steer: cannot fetch Debian's cJSON source: $tool is missing (packages: apt dpkg-dev gpgv)" >&2
            exit 1
        }
    done
    # shellcheck disable=SC1091
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [ -n "$codename" ] || { echo "steer: cannot tell the Debian release (/etc/os-release)" >&2; exit 1; }
    keys=/usr/share/keyrings/debian-archive-keyring.gpg
    [ -f "$keys" ] || { echo "steer: $keys is missing (package debian-archive-keyring)" >&2; exit 1; }
    apt="$DEPS/apt"
    rm -rf "$apt" "$dir"
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/fetch"
    {
        echo "deb-src [signed-by=$keys] http://deb.debian.org/debian $codename main"
        echo "deb-src [signed-by=$keys] http://deb.debian.org/debian $codename-updates main"
        echo "deb-src [signed-by=$keys] http://deb.debian.org/debian-security $codename-security main"
    } >"$apt/sources.list"
    set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
        -o Dir::State::status=/dev/null -o Debug::NoLocking=1 \
        -o APT::Sandbox::User="$(id -un)"
    echo "steer: fetching Debian's cJSON source $version into $dir" >&2
    if ! apt-get "$@" -qq update >&2 ||
        ! (cd "$dir/fetch" && apt-get "$@" -qq source "cjson=$version") >&2; then
        echo "steer: could not fetch Debian's cJSON source $version from deb.debian.org" \
            "(network, or the version left the archive); the web demo needs it" >&2
        rm -rf "$dir" "$apt"
        exit 1
    fi
    unpacked=$(find "$dir/fetch" -mindepth 2 -maxdepth 2 -name cJSON.c | head -n 1)
    [ -n "$unpacked" ] || { echo "steer: Debian's cJSON source has no cJSON.c" >&2; rm -rf "$dir"; exit 1; }
    mkdir -p "$dir/src"
    cp "$unpacked" "$(dirname "$unpacked")/cJSON.h" "$(dirname "$unpacked")/LICENSE" "$dir/src/"
    rm -rf "$apt"
fi
ln -sfn "cjson-$version/src" "$DEPS/cjson"
