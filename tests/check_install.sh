#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the library into a scratch prefix and build a consumer against it, once with
# find_package(steer) and once with pkg-config.
set -eu
build="$1"; src="$2"; work="$3"
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$src/tests/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
"$work/consumer/consumer"
if command -v pkg-config >/dev/null 2>&1; then
    pc_dir=$(dirname "$(find "$work/prefix" -name steer.pc | head -n 1)")
    flags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs --static steer)
    libdir=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --variable=libdir steer)
    cc -o "$work/consumer_pc" "$src/tests/consumer/consumer.c" $flags -Wl,-rpath,"$libdir"
    "$work/consumer_pc"
fi
