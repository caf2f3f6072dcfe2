#!/bin/sh
# SPDX-License-Identifier: MIT
# The numbers docs/scenarios.md quotes are what the code produces: every indented
# "$ steer ..." or "$ test_cli_scenarios ..." line of the page is run, and each indented
# line quoted under it must be a line of its output (stdout and stderr), exactly.
# Usage: test_cli_docs_numbers.sh <steer program> <test_cli_scenarios program> <docs page>
#        <scratch dir>
set -u
steer=$1
checks=$2
docs=$3
dir=$4
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# The blocks as "cmd<TAB>command" and "line<TAB>expected" rows, in order.
awk '
    /^    \$ / { sub(/^    \$ /, ""); print "cmd\t" $0; inside = 1; next }
    inside && /^    / { sub(/^    /, ""); print "line\t" $0; next }
    { inside = 0 }
' "$docs" >blocks.txt
commands=$(grep -c '^cmd' blocks.txt)
[ "$commands" -ge 4 ] || fail "only $commands commands found in $docs"

n=0
while IFS="$(printf '\t')" read -r kind text; do
    if [ "$kind" = cmd ]; then
        n=$((n + 1))
        set -- $text
        prog=$1
        shift
        case "$prog" in
        steer) "$steer" "$@" >"out$n.txt" 2>&1 || fail "'$text' failed" ;;
        test_cli_scenarios) "$checks" "$@" >"out$n.txt" 2>&1 || fail "'$text' failed" ;;
        *) fail "unknown command in $docs: $text" ;;
        esac
        current=$text
    else
        grep -Fxq -- "$text" "out$n.txt" ||
            fail "'$current' no longer prints: $text"
    fi
done <blocks.txt
[ "$failures" -eq 0 ]
