#!/bin/sh
# SPDX-License-Identifier: MIT
# Big scenes: flocks and crowds of 100,000 load (and are refused above that, at the
# count), a crowd member's name may not be a listed agent's or a boid's, and a flock of
# 5,000 runs and draws (the picture samples the trails).
# Usage: test_cli_big.sh <steer program> <scratch dir>
set -u
steer=$1
dir=$2
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

"$steer" show flock >flock.json || fail "steer show flock"
"$steer" show crowd >crowd.json || fail "steer show crowd"
sed 's/"count": 200/"count": 100000/' flock.json >flock100k.json
sed 's/"count": 200/"count": 100001/' flock.json >flock_over.json
sed 's/"count": 40/"count": 99999/' crowd.json >crowd100k.json # and the porter
sed 's/"count": 40/"count": 100001/' crowd.json >crowd_over.json
expect 0 "$steer" validate flock100k.json
expect 0 "$steer" validate crowd100k.json
expect 2 "$steer" validate flock_over.json
grep -q '"count" must be between 1 and 100000' err.txt || fail "flock over: $(cat err.txt)"
expect 2 "$steer" validate crowd_over.json
grep -q 'crowd_over.json:[0-9]*:[0-9]*: ' err.txt || fail "crowd over: no place: $(cat err.txt)"

# A listed agent called like a member, and a group called like the boids.
sed 's/"groups": \[/"groups": [{"name": "boid", "members": [{"position": [0, 0, 0], "goal": [1, 0, 0]}]},/' \
    crowd.json | sed 's/"crowd": {/"flock": {"count": 3}, "crowd": {/' >boid_clash.json
expect 2 "$steer" validate boid_clash.json
grep -q 'the name of a crowd member' err.txt || fail "boid clash: $(cat err.txt)"
sed 's/"obstacles": {/"agents": [{"name": "ring-39"}], "obstacles": {/' crowd.json >agent_clash.json
expect 2 "$steer" validate agent_clash.json
grep -q '"ring-39"' err.txt || fail "agent clash: $(cat err.txt)"

sed 's/"count": 200/"count": 5000/; s/"steps": 900/"steps": 20/' flock.json >flock5k.json
expect 0 "$steer" run flock5k.json --png big.png --gif big.gif
grep -q '5000 agents' out.txt || fail "flock of 5000: $(cat out.txt)"
[ -s big.png ] && [ -s big.gif ] || fail "the big flock's pictures are missing"
[ "$failures" -eq 0 ]
