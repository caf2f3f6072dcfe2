#!/bin/sh
# SPDX-License-Identifier: MIT
# steer consumed by a game the four ways docs/getting-started.md describes:
#   check_embed.sh subdir  SRC WORK          add_subdirectory
#   check_embed.sh fetch   SRC WORK          FetchContent from an archive of the checkout
#   check_embed.sh install SRC WORK BUILD    cmake --install, then find_package(steer),
#                                            pkg-config (shared and --static) from C and C++
# Each game is built with warnings on and -Werror off, links the static and the shared
# library, and runs. steer's own flags must not reach the game's sources.
set -eu
mode="$1"; src="$2"; work="$3"; build="${4:-}"
rm -rf "$work" && mkdir -p "$work"
game="$src/tests/embed"

run_game() { # build dir
    "$1/game"
    "$1/game_shared"
    # The game's own compile line: no -Werror, -Wshadow, -Wpedantic or -ffp-contract from steer.
    line=$(grep '"command"' "$1/compile_commands.json" | grep 'embed/game.c' | head -n 1)
    [ -n "$line" ] || { echo "no compile command for game.c" >&2; exit 1; }
    for flag in -Werror -Wshadow -Wpedantic -ffp-contract -Wmissing-prototypes; do
        case "$line" in *"$flag"*) echo "steer's $flag reached the game: $line" >&2; exit 1 ;; esac
    done
}

cmake_game() { # build dir, cmake arguments...
    dir="$1"; shift
    cmake -S "$game" -B "$dir" "$@" > "$dir.log" 2>&1 || { cat "$dir.log" >&2; exit 1; }
    cmake --build "$dir" -j 2 >> "$dir.log" 2>&1 || { cat "$dir.log" >&2; exit 1; }
    # The unused variable must have warned (warnings on), not failed.
    grep -q "unused_on_purpose" "$dir.log" || { echo "the game's warning did not show" >&2; exit 1; }
    run_game "$dir"
}

case "$mode" in
subdir)
    cmake_game "$work/game" -DSTEER_EMBED=subdir -DSTEER_SOURCE_DIR="$src"
    ;;
fetch)
    # The checkout as a user would download it: an archive without build folders.
    tar -czf "$work/steer.tar.gz" -C "$src" --exclude='./build*' --exclude=./.git --exclude=./out \
        --exclude=./web/node_modules .
    cmake_game "$work/game" -DSTEER_EMBED=fetch -DSTEER_ARCHIVE="$work/steer.tar.gz"
    ;;
install)
    cmake --install "$build" --prefix "$work/prefix" > /dev/null
    test -f "$work/prefix/share/doc/steer/LICENSE" || { echo "LICENSE not installed" >&2; exit 1; }
    cmake_game "$work/game" -DSTEER_EMBED=package -DCMAKE_PREFIX_PATH="$work/prefix"
    pc_dir=$(dirname "$(find "$work/prefix" -name steer.pc | head -n 1)")
    export PKG_CONFIG_PATH="$pc_dir"
    libdir=$(pkg-config --variable=libdir steer)
    # Plain cc: the shared library (with its rpath) and the --static form.
    cc -Wall -o "$work/game_pc" "$game/game.c" $(pkg-config --cflags --libs steer) -Wl,-rpath,"$libdir"
    "$work/game_pc"
    cc -Wall -static -o "$work/game_pc_static" "$game/game.c" $(pkg-config --cflags --libs --static steer)
    "$work/game_pc_static"
    # C++: the getting-started C++ game against the static and the shared library.
    c++ -std=c++17 -Wall -Wextra -Werror -o "$work/cxx_static" "$src/examples/getting_started.cpp" \
        $(pkg-config --cflags steer) "$libdir/libsteer.a" -lm
    "$work/cxx_static" | tail -n 1
    c++ -std=c++11 -Wall -Wextra -Werror -o "$work/cxx_shared" "$src/examples/getting_started.cpp" \
        $(pkg-config --cflags --libs steer) -Wl,-rpath,"$libdir"
    "$work/cxx_shared" | tail -n 1
    ldd "$work/cxx_shared" | grep -q "libsteer.so.$(pkg-config --modversion steer | cut -d. -f1-2)" \
        || { echo "the C++ game did not load the shared library" >&2; exit 1; }
    ;;
*) echo "usage: check_embed.sh subdir|fetch|install SRC WORK [BUILD]" >&2; exit 2 ;;
esac
echo "embedding by $mode: ok"
