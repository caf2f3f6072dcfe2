#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs the Debian packages a part of the project needs, and only those:
#   sh scripts/install-deps.sh tool       the steer command-line tool (make run)
#   sh scripts/install-deps.sh web        the web demo and its browser test (make web)
#   sh scripts/install-deps.sh sanitize   clang's sanitizer runtimes and g++ (make sanitize)
#   sh scripts/install-deps.sh core       nothing: the library and its C tests alone
#   sh scripts/install-deps.sh fuzz       libFuzzer (make fuzz)
#   sh scripts/install-deps.sh python     the Python package (python/): cffi, numpy, cJSON
#                                         (scenario files), pytest and matplotlib for its
#                                         tests and examples
#   sh scripts/install-deps.sh bench      the peers make bench-peers runs beside steer:
#                                         DetourCrowd (librecast-dev) with g++, Node.js
#                                         and npm for Yuka (bench/peers/package.json)
#   sh scripts/install-deps.sh test       everything make test builds and runs: the tool,
#                                         the web test, g++ and clang++ for the C++ checks,
#                                         the Python package
# The core library needs nothing beyond a C compiler, make and cmake. Uses apt-get when
# running as root or with sudo; otherwise names the missing packages and stops.
set -eu

TOOL="libcjson-dev libcairo2-dev libgif-dev pkg-config"
WEB="clang lld llvm wasi-libc libclang-rt-14-dev-wasm32 chromium nodejs python3"
SANITIZE="clang libclang-rt-14-dev"
CXX="g++ clang"
BENCH="librecast-dev g++ nodejs"
PYTHON="python3 python3-dev python3-venv python3-pip python3-setuptools python3-cffi python3-numpy python3-pytest python3-matplotlib libcjson-dev pkg-config"

PACKAGES=""
[ $# -gt 0 ] || set -- test
for part in "$@"; do
    case "$part" in
        tool) PACKAGES="$PACKAGES $TOOL" ;;
        web) PACKAGES="$PACKAGES $WEB" ;;
        sanitize) PACKAGES="$PACKAGES $SANITIZE $CXX" ;;
        fuzz) PACKAGES="$PACKAGES $SANITIZE" ;;
        python) PACKAGES="$PACKAGES $PYTHON" ;;
        bench) # npm ships inside NodeSource's nodejs, which conflicts with Debian's npm
            PACKAGES="$PACKAGES $BENCH"
            command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES npm" ;;
        core) ;;
        test) PACKAGES="$PACKAGES $TOOL $WEB $CXX $PYTHON" ;;
        *) echo "install-deps.sh: unknown part '$part' (core, tool, web, sanitize, fuzz, python, bench, test)" >&2; exit 2 ;;
    esac
done

missing=""
for pkg in $PACKAGES; do
    case " $missing " in *" $pkg "*) continue ;; esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0

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
