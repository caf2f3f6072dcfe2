#!/bin/sh
# SPDX-License-Identifier: MIT
# The animations as a user meets them: --gif and --html write a GIF89a and a page, the
# options are refused when given twice or aimed at another output's file, and the page
# runs in a headless browser (when chromium is installed): its script parses the
# trajectory and reports as many frames as the page holds, and as many navmesh polygons
# (none without a navmesh, the mesh's own with one).
# Usage: test_cli_player.sh <steer program> <scratch dir>
set -u
steer=$1
dir=$2
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

expect 0 "$steer" run pursue-evade --gif p.gif --html p.html --forces
grep -q "wrote p.gif" out.txt || fail "no 'wrote p.gif' in: $(cat out.txt)"
[ "$(head -c 6 p.gif 2>/dev/null)" = "GIF89a" ] || fail "p.gif is not a GIF89a"
grep -q '<script id="steer-data" type="application/json">{' p.html || fail "p.html holds no data"
grep -q '"navmesh":\[\]' p.html || fail "p.html has a navmesh without one in its scenario"
expect 0 "$steer" run navmesh-rooms --html n.html
grep -q '"navmesh":\[\[' n.html || fail "n.html holds no navmesh polygons"
grep -q '"navmesh_walls":\[\[' n.html || fail "n.html holds no navmesh walls"
expect 2 "$steer" run wander --gif a.gif --gif b.gif
expect 2 "$steer" run wander --html a.html --html b.html
expect 2 "$steer" run wander --gif same.out --png same.out
expect 2 "$steer" run wander --html
expect 2 "$steer" run wander --gif=
[ ! -e a.gif ] && [ ! -e same.out ] || fail "a refused run wrote a file"

browser=""
for b in /usr/bin/chromium /usr/bin/chromium-browser; do [ -x "$b" ] && browser=$b && break; done
if [ -z "$browser" ]; then
    echo "SKIP: no chromium, the page is not loaded in a browser"
else
    frames=$(grep -o '"step":' p.html | wc -l)
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$dir/profile" \
        --dump-dom "file://$dir/p.html" >dom.txt 2>browser.txt
    grep -q "data-frames=\"$frames\"" dom.txt ||
        fail "the page did not report $frames frames: $(grep -o '<body[^>]*>' dom.txt)"
    grep -q 'id="clock">t = 0.00 s, step 0 of ' dom.txt || fail "the page drew no clock"
    grep -q 'data-navmesh="0"' dom.txt || fail "the page drew a navmesh it does not have"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$dir/profile" \
        --dump-dom "file://$dir/n.html" >dom.txt 2>browser.txt
    grep -q 'data-navmesh="[1-9][0-9]*"' dom.txt ||
        fail "the navmesh page drew no polygons: $(grep -o '<body[^>]*>' dom.txt)"
fi
[ "$failures" -eq 0 ]
