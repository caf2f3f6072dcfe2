#!/bin/sh
# SPDX-License-Identifier: MIT
# The programs shown in docs/getting-started.md are the files the build compiles and the
# tests run: each code block that follows a "<!-- file: PATH -->" line must equal PATH.
set -eu
src="$1"; page="$src/docs/getting-started.md"
blocks=0; fail=0
for path in $(sed -n 's/^<!-- file: \(.*\) -->$/\1/p' "$page"); do
    # The fenced block after the marker line, without its fences.
    shown=$(awk -v want="<!-- file: $path -->" '
        $0 == want { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }' "$page")
    if [ "$shown" != "$(cat "$src/$path")" ]; then
        echo "docs/getting-started.md shows a different $path than the file" >&2; fail=1
    fi
    blocks=$((blocks + 1))
done
[ "$blocks" -ge 3 ] || { echo "expected at least 3 program blocks, found $blocks" >&2; exit 1; }
echo "$blocks program blocks match their files"
exit $fail
