#!/bin/sh
# SPDX-License-Identifier: MIT
# What `make fuzz` prints when a target fails: the end of its log, then what it takes to
# replay the failure on another machine, last, so that a log cut to its tail keeps it:
# the run's seed, the broken property or sanitizer report, and the failing input in
# base64 (fuzz/README.md, "When it finds something").
# Usage: sh fuzz/report.sh <target>   (from the repository's root, after `make fuzz`)
t="$1"
log="build-fuzz/$t.log"
tail -n 40 "$log"
echo "fuzz: $t failed"
grep -m 1 "INFO: Seed:" "$log"
grep -E "property failed|runtime error|ERROR: (Address|Undefined|libFuzzer)|SUMMARY:" "$log" | head -n 8
input=$(ls -t build-fuzz/artifacts/"$t"-* 2>/dev/null | head -n 1)
if [ -n "$input" ]; then
    echo "fuzz: the input, $input ($(wc -c <"$input") bytes), base64:"
    base64 -w 76 "$input"
    echo "fuzz: to replay: base64 -d > input.bin, then build-fuzz/fuzz/$t input.bin"
fi
