#!/bin/sh
# SPDX-License-Identifier: MIT
# Every source file carries its licence: an SPDX-License-Identifier line in its first
# three lines (after a shebang or a doctype), and LICENSE is the MIT text it names.
set -eu
cd "$1"
grep -q "^MIT License" LICENSE || { echo "LICENSE is not the MIT licence" >&2; exit 1; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
    [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
    files=$(git ls-files)
else
    files=$(find . \( -name .git -o -name 'build*' -o -name node_modules -o -name out \) -prune \
        -o -type f -print | sed 's|^\./||')
fi
missing=0; count=0
for f in $(printf '%s\n' "$files" | grep -E '\.(c|h|cpp|js|mjs|css|sh|py|pyi|cmake|html)$|(^|/)CMakeLists\.txt$|(^|/)Makefile$' |
    grep -v -e node_modules -e '^fuzz/corpus/'); do
    count=$((count + 1))
    if ! head -n 3 "$f" | grep -q "SPDX-License-Identifier: MIT"; then
        echo "$f: no SPDX-License-Identifier: MIT line in its first three lines" >&2
        missing=$((missing + 1))
    fi
done
echo "$count source files, $missing without a licence line"
[ "$missing" -eq 0 ]
