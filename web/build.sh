#!/bin/sh
# SPDX-License-Identifier: MIT
# Build the web demo: the library's sources, the steer tool's scenario loader and runner
# with Debian's cJSON, and the demo's web/*.c (steer_web.c, the shared helpers and one
# scene_*.c per scene) compiled to one standalone WebAssembly module (clang
# --target=wasm32-wasi, Debian's wasi-libc, no emscripten), plus the page, into OUT
# (default build/web).
#   sh web/build.sh [OUT]
# The list of library sources is read from src/CMakeLists.txt (STEER_SOURCES), and the
# tool's from tools/steer/CMakeLists.txt (STEER_CLI_RUN_SOURCES), so the module always
# holds exactly what the library and the tool's loader are made of. cJSON is Debian's
# source package of the version Debian ships, which `sh scripts/install-deps.sh web`
# fetches into build/deps/cjson (WEB_CJSON_DIR names another folder with cJSON.c and
# cJSON.h).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-"$ROOT/build/web"}
CLANG=${WEB_CLANG:-clang}
CJSON=${WEB_CJSON_DIR:-"$ROOT/build/deps/cjson"}

# The .c files of a CMake list: list_sources FILE NAME
list_sources() {
    sed -n "/set($2\$/,/)/p" "$1" | sed -n 's/^[[:space:]]*\([A-Za-z0-9_]*\.c\)[[:space:]]*$/\1/p'
}
sources=$(list_sources "$ROOT/src/CMakeLists.txt" STEER_SOURCES)
[ -n "$sources" ] || { echo "web/build.sh: no STEER_SOURCES in src/CMakeLists.txt" >&2; exit 1; }
files=""
for s in $sources; do files="$files $ROOT/src/$s"; done
tool_sources=$(list_sources "$ROOT/tools/steer/CMakeLists.txt" STEER_CLI_RUN_SOURCES)
[ -n "$tool_sources" ] || { echo "web/build.sh: no STEER_CLI_RUN_SOURCES in tools/steer/CMakeLists.txt" >&2; exit 1; }
for s in $tool_sources; do files="$files $ROOT/tools/steer/$s"; done
if [ ! -f "$CJSON/cJSON.c" ] || [ ! -f "$CJSON/cJSON.h" ]; then
    echo "web/build.sh: Debian's cJSON source is missing ($CJSON/cJSON.c);" \
        "fetch it with: sh scripts/install-deps.sh web" >&2
    exit 1
fi

# Every web_* function declared in steer_web.h is exported to the page.
exports=""
for f in $(sed -n 's/^[a-z].*[ *]\(web_[a-z0-9_]*\)(.*/\1/p' "$ROOT/web/steer_web.h"); do
    exports="$exports -Wl,--export=$f"
done

AR=${WEB_AR:-$(command -v llvm-ar-14 || command -v llvm-ar || echo llvm-ar)}
BASE="--target=wasm32-wasi --sysroot=/usr -O2 -DNDEBUG -msimd128 -ffp-contract=off -fno-fast-math"
OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT
# The tool includes <cjson/cJSON.h>, as Debian installs it.
mkdir -p "$OBJ/include/cjson"
cp "$CJSON/cJSON.h" "$OBJ/include/cjson/"
FLAGS="$BASE -std=c11 -Wall -Wextra -Wpedantic -Werror -Wmissing-prototypes -Wshadow
    -I$ROOT/include -I$ROOT/web -I$ROOT/tools/steer -I$OBJ/include"

mkdir -p "$OUT"
# The library goes into an archive, as libsteer.a does natively, so the link takes only
# the members the demo uses: the file loader's stdio stays out, and -DNDEBUG keeps
# assert's out likewise. The only imports left are three WASI file calls (fd_write,
# fd_seek, fd_close) that wasi-libc's snprintf links in through the world's debug labels;
# snprintf writes to memory and never calls them, and the page stubs each with a throw.
# The flock scene's world takes its memory from wasi-libc's malloc (memory.grow).
for f in $files; do
    # shellcheck disable=SC2086
    "$CLANG" $FLAGS -c "$f" -o "$OBJ/$(basename "$f" .c).o"
done
# cJSON with its own warnings: it is Debian's code, built as Debian builds it otherwise.
# shellcheck disable=SC2086
"$CLANG" $BASE -c "$CJSON/cJSON.c" -o "$OBJ/cJSON.o"
"$AR" rcs "$OBJ/libsteer.a" "$OBJ"/*.o
# -nostartfiles and --no-entry: a library module with no main; the page calls the
# exports.
# shellcheck disable=SC2086
"$CLANG" $FLAGS -nostartfiles -Wl,--no-entry -Wl,--strip-debug $exports \
    "$ROOT"/web/*.c "$OBJ/libsteer.a" -o "$OUT/steer.wasm.tmp"
mv "$OUT/steer.wasm.tmp" "$OUT/steer.wasm"
cp "$ROOT/web/index.html" "$ROOT/web/main.js" "$ROOT/web/style.css" "$ROOT/web/doc.html" \
    "$ROOT/web/doc.js" "$OUT/"

examples=$(sed -n '/set(STEER_CLI_SCENARIOS$/,/)/p' "$ROOT/tools/steer/CMakeLists.txt" |
    sed -n 's/^[[:space:]]*\([a-z0-9-]*\)[[:space:]]*$/\1/p')
[ -n "$examples" ] || { echo "web/build.sh: no STEER_CLI_SCENARIOS in tools/steer/CMakeLists.txt" >&2; exit 1; }
mkdir -p "$OUT/scenarios"
for n in $examples; do cp "$ROOT/tools/steer/scenarios/$n.json" "$OUT/scenarios/"; done

# The code each scene shows: the lines of web/scene_*.c between its "shown on the page"
# markers, dedented, regions joined by a "..." line, as one JavaScript object keyed by
# file name. Extracted at every build, so the page shows the scene's real calls.
{
    printf 'window.STEER_CODE = {\n'
    for f in "$ROOT"/web/scene_*.c; do
        awk -v name="$(basename "$f")" '
            function flush(   k, line, out) {
                for (k = 1; k <= n; k++) {
                    line = substr(lines[k], indent + 1)
                    gsub(/\\/, "\\\\", line); gsub(/"/, "\\\"", line); gsub(/\t/, "    ", line)
                    out = out (k > 1 ? "\\n" : "") line
                }
                text = text (text != "" ? "\\n...\\n" : "") out
                n = 0
            }
            /\/\* \} shown on the page \*\// { inside = 0; flush(); next }
            /\/\* shown on the page \{ \*\// { inside = 1; indent = 1000; next }
            inside {
                lines[++n] = $0
                if ($0 ~ /[^ ]/) { match($0, /^ */); if (RLENGTH < indent) indent = RLENGTH }
            }
            END { printf "  \"%s\": \"%s\",\n", name, text }' "$f"
    done
    printf '};\n'
    # The tool's built-in scenarios, the examples the page offers for its scenario file
    # (scenarios/<name>.json of the site), in the order `steer list` shows them.
    printf 'window.STEER_EXAMPLES = ['
    for n in $examples; do printf '"%s", ' "$n"; done
    printf '];\n'
} >"$OUT/code.js"

# The docs and the scenes' sources, as plain text the page links to: the site stands
# alone on any static host.
mkdir -p "$OUT/docs" "$OUT/source"
for f in "$ROOT"/docs/*.md; do cp "$f" "$OUT/docs/$(basename "$f").txt"; done
for f in "$ROOT"/web/*.c "$ROOT"/web/*.h; do cp "$f" "$OUT/source/$(basename "$f").txt"; done
