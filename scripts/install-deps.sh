#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs the system packages the tools and tests need, on Debian.
# The core library needs nothing beyond a C compiler, make and cmake; tools that need
# more add their package to PACKAGES below. Uses apt-get when running as root or with
# sudo; otherwise names the missing packages and stops. libclang-rt-14-dev holds clang's
# sanitizer runtimes and libFuzzer (libclang_rt.fuzzer, for `make fuzz`).
set -eu

PACKAGES="libcjson-dev libcairo2-dev pkg-config clang lld llvm wasi-libc libclang-rt-14-dev-wasm32 libclang-rt-14-dev chromium nodejs"

missing=""
for pkg in $PACKAGES; do
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
