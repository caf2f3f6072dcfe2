#!/bin/sh
# SPDX-License-Identifier: MIT
# The repository speaks for itself: no file may point the reader at documents or
# task lists that are not in it (the informal tutorials the project grew from, by number,
# or the restatement kept beside the repository). Name the thing instead:
# the approach walker, Reynolds' wander circle, the cookbook's Arrive, the line-tracking
# chase, the crowd benchmark; docs/origins.md says where each algorithm comes from.
# A random generator's seed ("seed 1", "--seed 9", "the same seed") is fine.
#
# Usage: check_words.sh [source dir]   (default: the folder above this script)
# Checks the files git tracks there, or, outside a git checkout, every file under it
# but .git and build folders. Binary files (images, fuzz inputs) are skipped. Prints
# file:line:text for each hit and fails if there is any; file names are checked too.
set -eu

ROOT=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
cd "$ROOT"

# One extended regular expression, matched without regard to case.
WORDS='seeds?[ _-]?0[0-9][0-9]'                 # the tutorials by number, any spelling
WORDS="$WORDS|seeds\\.md"                       # their restatement
WORDS="$WORDS|the seed's|as (in )?the seed\\b"  # a tutorial called "the seed"
WORDS="$WORDS|the seed (says|said|writes|wrote|suggests|returns|skips|builds|built)\\b"
WORDS="$WORDS|\\b(the|this|that) issue\\b|\\bissue's|\\bissue ?#"
WORDS="$WORDS|\\btrackers?\\b|\\btickets?\\b|\\bthe ceo\\b|\\bsessions?\\b"

# Files this check reads: tracked ones in a git checkout, else everything but .git and
# build output. Left out: this script (it spells the words out) and binary fuzz inputs.
list_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
        [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
        git -c core.quotePath=false ls-files
    else
        find . \( -name .git -o -name 'build' -o -name 'build-*' -o -name out \
            -o -name node_modules \) -prune -o -type f -print | sed 's|^\./||'
    fi
}
files=$(list_files | grep -v -e '^tests/check_words\.sh$' \
    -e '^fuzz/corpus/.*\.bin$' -e '^fuzz/regressions/' || true)
[ -n "$files" ] || { echo "check_words: no files found under $ROOT" >&2; exit 1; }

hits=""
names=$(printf '%s\n' "$files" | grep -iE "$WORDS" || true)
[ -z "$names" ] || hits=$(printf '%s\n' "$names" | sed 's/$/: file name/')
list=$(mktemp)
trap 'rm -f "$list"' EXIT
printf '%s\n' "$files" | while IFS= read -r f; do
    if [ -f "$f" ] && [ ! -L "$f" ]; then printf '%s\n' "$f"; fi
done >"$list"
count=$(wc -l <"$list")
text=$(tr '\n' '\0' <"$list" | xargs -0 grep -nHIiE -e "$WORDS" -- || true)
if [ -n "$text" ]; then hits=$(printf '%s\n%s' "$hits" "$text" | sed '/^$/d'); fi

if [ -n "$hits" ]; then
    printf '%s\n' "$hits"
    n=$(printf '%s\n' "$hits" | wc -l)
    echo "check_words: $n reference(s) to documents outside the repository (name the thing" \
        "itself; see docs/origins.md)" >&2
    exit 1
fi
echo "check_words: $count files, no references to documents outside the repository"
