#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library may depend on libc and libm only.
set -eu
lib="$1"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $needed"
for n in $needed; do
    case "$n" in
        libc.so.*|libm.so.*) ;;
        *) echo "unexpected dependency: $n" >&2; exit 1 ;;
    esac
done
echo "$needed" | grep -q '^libc\.so' || echo "$needed" | grep -q 'libc\.so' || { echo "no libc?" >&2; exit 1; }
