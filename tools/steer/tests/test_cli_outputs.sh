#!/bin/sh
# SPDX-License-Identifier: MIT
# The program as a user meets it: help and exit codes, the CSV header, identical
# outputs for the same seed, built-ins that run back from `steer show`, failed writes
# that leave nothing behind, and docs/scenarios.md holding every built-in verbatim.
# Usage: test_cli_outputs.sh <steer program> <docs/scenarios.md> <scratch dir>
set -u
steer=$1
docs=$2
dir=$3
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# --- help and exit codes ---
for cmd in list run validate show; do
    expect 0 "$steer" "$cmd" --help
    grep -q "usage: steer $cmd" out.txt || fail "$cmd --help prints no usage"
done
expect 0 "$steer" --help
expect 2 "$steer"
expect 2 "$steer" frobnicate
expect 2 "$steer" run
expect 2 "$steer" run wander --steps abc
expect 2 "$steer" run wander --steps 0
expect 2 "$steer" run wander --seed -3
expect 2 "$steer" run wander --csv
expect 2 "$steer" run wander --colour red
expect 2 "$steer" run no-such-scenario
expect 2 "$steer" run missing.json
expect 2 "$steer" show no-such-scenario
expect 2 "$steer" list extra
expect 2 "$steer" validate
expect 0 "$steer" validate wander
expect 1 "$steer" run wander --steps 5 --csv no-such-dir/x.csv
[ -e no-such-dir ] && fail "a failed write created something"

# --- the list names every built-in ---
names=$("$steer" list --names)
[ "$(echo "$names" | wc -l)" -ge 4 ] || fail "steer list --names lists too few: $names"

# --- CSV header, row count ---
expect 0 "$steer" run wander --steps 10 --csv w.csv
[ "$(head -n 1 w.csv)" = "step,t,agent,x,y,z,vx,vy,vz,orientation" ] || fail "CSV header: $(head -n 1 w.csv)"
[ "$(wc -l <w.csv)" -eq $((1 + 11 * 8)) ] || fail "CSV rows: $(wc -l <w.csv), expected 89"

# --- same seed, same bytes; another seed, other bytes ---
for run in a b; do
    expect 0 "$steer" run wander-seek --seed 9 --steps 300 --csv $run.csv --json $run.json --png $run.png --svg $run.svg --forces
done
for ext in csv json png svg; do
    cmp -s a.$ext b.$ext || fail "same seed, different $ext"
done
expect 0 "$steer" run wander-seek --seed 10 --steps 300 --csv c.csv
cmp -s a.csv c.csv && fail "another seed gave the same CSV"
if command -v python3 >/dev/null 2>&1; then
    python3 -c "import json,sys; d=json.load(open('a.json')); sys.exit(0 if len(d['rows'])==301*3 and d['seed']==9 else 1)" ||
        fail "the JSON trajectory does not parse or has the wrong rows"
fi

# --- every built-in runs back from `steer show`, with the same result ---
for name in $names; do
    "$steer" show "$name" >"$name.json" || fail "show $name"
    expect 0 "$steer" validate "$name.json"
    expect 0 "$steer" run "$name" --steps 120 --csv builtin.csv
    expect 0 "$steer" run "$name.json" --steps 120 --csv file.csv
    cmp -s builtin.csv file.csv || fail "$name: the shown file runs differently"
    # and the docs show it verbatim, between <!-- begin NAME.json --> and <!-- end -->
    sed -n "/<!-- begin $name.json -->/,/<!-- end $name.json -->/p" "$docs" | sed '1,2d;$d' | sed '$d' >doc.json
    cmp -s doc.json "$name.json" || fail "docs/scenarios.md does not hold $name.json as steer show prints it"
done

# --- nothing half-written is left behind ---
ls | grep -q '\.tmp\.' && fail "temporary files left: $(ls | grep '\.tmp\.')"
echo "old" >keep.csv
expect 1 "$steer" run wander --steps 5 --csv keep.csv --png no-such-dir/p.png
ls | grep -q '\.tmp\.' && fail "temporary files left after a failure"

echo "$failures failures"
[ "$failures" -eq 0 ]
