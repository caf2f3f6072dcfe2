#!/bin/sh
# SPDX-License-Identifier: MIT
# Every malformed scenario in bad/ makes `steer validate` exit 2 with the message and
# the file:line:column listed in bad/expected.txt; every bad/*.json must be listed.
# Usage: test_cli_errors.sh <steer program> <bad dir>
set -u
steer=$1
dir=$2
failures=0
checked=0
cd "$dir" || exit 1
for f in *.json; do
    grep -q "^$f:" expected.txt || { echo "FAIL: $f has no line in expected.txt"; failures=$((failures + 1)); }
done
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    file=${line%%:*}
    rest=${line#*:}
    lc=$(echo "$rest" | cut -d: -f1-2)
    text=$(echo "$rest" | cut -d: -f3-)
    out=$("$steer" validate "$file" 2>&1)
    code=$?
    checked=$((checked + 1))
    if [ "$code" -ne 2 ]; then
        echo "FAIL: $file: exit $code, expected 2 ($out)"
        failures=$((failures + 1))
    elif ! printf '%s' "$out" | grep -qF "$file:$lc: "; then
        echo "FAIL: $file: expected location $file:$lc, got: $out"
        failures=$((failures + 1))
    elif ! printf '%s' "$out" | grep -qF "$text"; then
        echo "FAIL: $file: expected message containing '$text', got: $out"
        failures=$((failures + 1))
    fi
done < expected.txt
[ "$checked" -ge 15 ] || { echo "FAIL: only $checked cases checked"; failures=$((failures + 1)); }
echo "$checked malformed scenarios checked, $failures failures"
[ "$failures" -eq 0 ]
