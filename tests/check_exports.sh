#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library exports exactly the public API: every function that a header in
# include/steer/ declares with STEER_API, and nothing else (no private steer__ helper,
# no symbol of another library).
set -eu
lib="$1"; include="$2"; work="${3:-${TMPDIR:-/tmp}}"
mkdir -p "$work"
declared="$work/exports_declared.txt"; exported="$work/exports_found.txt"
# A declaration reads "STEER_API <type> steer_name(": keep the name before the "(".
cat "$include"/steer/*.h | tr '\n' ' ' | grep -o 'STEER_API[^;{(]*(' \
    | grep -o 'steer_[a-z0-9_]*[[:space:]]*($' | tr -d ' (' | sort -u > "$declared"
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sort -u > "$exported"
echo "declared with STEER_API: $(wc -l < "$declared"); exported: $(wc -l < "$exported")"
status=0
extra=$(comm -13 "$declared" "$exported")
missing=$(comm -23 "$declared" "$exported")
[ -z "$extra" ] || { echo "exported but not declared public:" >&2; echo "$extra" >&2; status=1; }
[ -z "$missing" ] || { echo "declared public but not exported:" >&2; echo "$missing" >&2; status=1; }
exit $status
