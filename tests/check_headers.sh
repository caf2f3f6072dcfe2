#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public header compiles on its own: as C11 with the C compiler, and as C++11,
# C++17 and C++20 with g++ and clang++ (-Wall -Wextra -Wpedantic -Werror). A header that
# forgets an include, an extern "C" guard or C++ compatibility fails here.
set -eu
include="$1"; work="$2"; cc="${3:-cc}"
mkdir -p "$work"
fail=0; count=0
compile() { # compiler, flags, header
    src="$work/h.$4"
    printf '#include <steer/%s>\nint main(void) { return 0; }\n' "$3" > "$src"
    count=$((count + 1))
    if ! $1 $2 -Wall -Wextra -Wpedantic -Werror -I"$include" -c "$src" -o "$work/h.o" \
        2> "$work/err.txt"; then
        echo "FAIL: $1 $2 steer/$3" >&2; head -n 20 "$work/err.txt" >&2; fail=1
    fi
}
for h in "$include"/steer/*.h; do
    name=$(basename "$h")
    compile "$cc" "-std=c11" "$name" c
    for cxx in g++ clang++; do
        if ! command -v "$cxx" >/dev/null 2>&1; then
            echo "missing C++ compiler: $cxx (scripts/install-deps.sh test installs it)" >&2
            exit 1
        fi
        for std in c++11 c++17 c++20; do compile "$cxx" "-std=$std" "$name" cpp; done
    done
done
echo "$count header compilations"
exit $fail
