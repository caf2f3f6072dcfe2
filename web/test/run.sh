#!/bin/sh
# SPDX-License-Identifier: MIT
# The web demo's end-to-end test, run by CTest (tests/CMakeLists.txt):
#   sh web/test/run.sh NATIVE_TRACE_PROGRAM OUT_DIR STEER_TOOL
# Installs what it needs (Debian packages and Debian's cJSON source through
# scripts/install-deps.sh, npm packages with npm ci), builds the site into OUT_DIR/site,
# serves it on a free 127.0.0.1 port, runs web/test/e2e.mjs in headless Chromium (which
# runs STEER_TOOL on scenario files for the reference) and stops the server.
# Exit 77 (CTest: skipped) only when packages are missing and cannot be installed
# (not root and no sudo); every other problem is a failure.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TRACE=$1
OUT=$2
STEER=$3
mkdir -p "$OUT"

have_tools() {
    command -v clang >/dev/null && command -v wasm-ld >/dev/null &&
        [ -f /usr/lib/wasm32-wasi/libc.a ] &&
        [ -f /usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a ] &&
        { command -v llvm-ar-14 >/dev/null || command -v llvm-ar >/dev/null; } &&
        [ -x /usr/bin/chromium ] && command -v node >/dev/null && command -v npm >/dev/null &&
        command -v python3 >/dev/null &&
        { [ -f "$ROOT/build/deps/cjson/cJSON.c" ] || command -v dpkg-source >/dev/null; }
}

if ! have_tools; then
    if [ "$(id -u)" != 0 ] && ! { command -v sudo >/dev/null && sudo -n true 2>/dev/null; }; then
        echo "web test SKIPPED: the wasm toolchain, Chromium or Node.js is missing and this user" \
            "cannot install packages (not root, no sudo). Run: sudo sh scripts/install-deps.sh web"
        exit 77
    fi
    sh "$ROOT/scripts/install-deps.sh" web
    have_tools || { echo "web test: packages still missing after install-deps.sh" >&2; exit 1; }
fi
# Debian's cJSON source for the page's scenario loader (no root needed to fetch it).
mkdir -p "$ROOT/build"
if [ ! -f "$ROOT/build/deps/cjson/cJSON.c" ]; then
    (
        flock 9
        [ -f "$ROOT/build/deps/cjson/cJSON.c" ] || sh "$ROOT/scripts/install-deps.sh" web
    ) 9>"$ROOT/build/.cjson-fetch.lock" || { echo "web test: Debian's cJSON source could not be fetched" >&2; exit 1; }
fi

# npm packages, once per checkout; flock keeps parallel build folders from racing.
if [ ! -f "$ROOT/web/node_modules/playwright-core/package.json" ]; then
    (
        flock 9
        [ -f "$ROOT/web/node_modules/playwright-core/package.json" ] ||
            (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    ) 9>"$ROOT/web/.npm-install.lock"
fi

sh "$ROOT/web/build.sh" "$OUT/site"
"$TRACE" >"$OUT/native-trace.txt"

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 -d "$OUT/site" "$PORT" >"$OUT/http.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT INT TERM
# Wait until the server answers (at most ~5 s).
i=0
until python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/index.html', timeout=1)" 2>/dev/null; do
    i=$((i + 1))
    [ $i -lt 50 ] || { echo "web test: the HTTP server did not start" >&2; cat "$OUT/http.log" >&2; exit 1; }
    sleep 0.1
done

node "$ROOT/web/test/e2e.mjs" --url "http://127.0.0.1:$PORT/" --native "$OUT/native-trace.txt" --out "$OUT" \
    --steer "$STEER"
