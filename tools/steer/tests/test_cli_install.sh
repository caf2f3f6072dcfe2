#!/bin/sh
# SPDX-License-Identifier: MIT
# `make install` (cmake --install) installs the steer program, which runs from there
# (the built-ins are inside it), and the closing hint of `make run` names a program
# path that works.
# Usage: test_cli_install.sh <cmake> <build dir> <source dir> <scratch dir>
set -u
cmake=$1
build=$2
source=$3
dir=$4
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" || exit 1

# --- installed: bin/steer runs ---
"$cmake" --install "$build" --prefix "$dir/prefix" >"$dir/install.log" 2>&1 || fail "cmake --install failed: $(tail -n 5 "$dir/install.log")"
installed=$dir/prefix/bin/steer
if [ -x "$installed" ]; then
    "$installed" --version | grep -q '^steer [0-9]' || fail "the installed steer --version: $("$installed" --version 2>&1)"
    "$installed" list --names | grep -qx wander || fail "the installed steer does not list its built-ins"
else
    fail "no $installed after cmake --install: $(grep -c Installing "$dir/install.log") files installed"
fi

# --- the closing hint of `make run` names a program that runs ---
hint=$(cd "$source" && make -s -n run BUILD="$build" 2>/dev/null | grep 'pictures:')
program=$(echo "$hint" | sed -n 's/.*(\([^ ,]*\) list.*/\1/p')
if [ -z "$program" ]; then
    fail "no '<program> list' in the make run hint: $hint"
elif ! (cd "$source" && "$program" list >/dev/null 2>&1); then
    fail "the make run hint names '$program', which does not run from $source"
fi

echo "$failures failures"
[ "$failures" -eq 0 ]
