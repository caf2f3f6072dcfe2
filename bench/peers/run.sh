#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench-peers: the peers Debian and npm package, run beside steer's bench_world on
# the same scenes and sizes in one run (docs/performance.md, "Side by side with peers"):
#   DetourCrowd (Debian's librecast-dev) on the circle, bench/peers/detour_circle.cpp
#   Yuka (npm, under Node.js) on boids and wander, bench/peers/yuka_flock.mjs
#   DetourCrowd on bench_navigate's level of rooms (bench_navigate_detour, built beside
#   bench_world from bench/peers/detour_navigate.cpp when librecast-dev is present)
# Each line runs peer then steer, ROUNDS times alternated, and prints the median
# ns/agent-step of the rounds with their min-max and the ratio peer / steer.
#   sh bench/peers/run.sh BENCH_WORLD [BUILD_DIR]
# The environment can change the rounds and sizes: ROUNDS (3), DETOUR_N ("1000 10000"),
# WANDER_N ("1000 10000"), BOIDS_N ("1000": Yuka's flock grows about as N squared, 234
# us an agent-step at 10,000 in a trial run), NAVIGATE_N ("1000 10000").
# A peer whose package is missing is named and skipped; the exit status is non-zero only
# when something that is present fails.
set -eu

STEER=${1:?usage: run.sh path/to/bench_world [build dir]}
NAVIGATE=$(dirname "$STEER")/bench_navigate
OUT=${2:-build-peers}
ROUNDS=${ROUNDS:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
LOG="$OUT/runs.txt"
: >"$LOG"

# The packages: installed when root (or sudo) allows, else the checks below skip.
sh "$HERE/../../scripts/install-deps.sh" bench ||
    echo "bench-peers: could not install every package of the bench part; skipping what is missing" >&2

detour=""
if [ ! -f /usr/include/recastnavigation/DetourCrowd.h ]; then
    echo "bench-peers: skipping DetourCrowd: Debian package librecast-dev is not installed" >&2
elif ! command -v g++ >/dev/null 2>&1; then
    echo "bench-peers: skipping DetourCrowd: Debian package g++ is not installed" >&2
else
    g++ -O2 -DNDEBUG -std=c++17 -I/usr/include/recastnavigation "$HERE/detour_circle.cpp" \
        -o "$OUT/detour_circle" -lDetourCrowd -lDetour
    detour="$OUT/detour_circle"
fi

navigate=""
if [ -x "$(dirname "$STEER")/bench_navigate_detour" ] && [ -x "$NAVIGATE" ]; then
    navigate="$(dirname "$STEER")/bench_navigate_detour"
else
    echo "bench-peers: skipping DetourCrowd on the rooms: bench_navigate_detour was not built (librecast-dev)" >&2
fi

yuka=""
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "bench-peers: skipping Yuka: Node.js and npm are not installed (Debian nodejs, npm)" >&2
elif ! (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error >&2); then
    echo "bench-peers: skipping Yuka: npm ci could not install yuka (bench/peers/package-lock.json)" >&2
else
    yuka="node $HERE/yuka_flock.mjs"
fi

value() { # key, line: the value of key= in a key=value line
    printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

stats() { # numbers on stdin: "median (min-max)"
    sort -g | awk '{ v[NR] = $1 } END {
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.0f (%.0f-%.0f) %s\n", m, v[1], v[NR], m }'
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load average at start:$(uptime | sed 's/.*load average://')"
echo
echo "| scene | N | threads | peer | peer ns/agent-step median (min-max) | steer median (min-max) | peer / steer | neighbours within 9 (peer, steer) |"
echo "|---|---|---|---|---|---|---|---|"

# One table line: peer name, scene, N, the peer's command, steer's command, steer's
# threads (1).
compare() {
    name=$1 scene=$2 n=$3 peer_cmd=$4 steer_cmd=$5 threads=${6:-1}
    p="" s="" pw="" sw=""
    r=0
    while [ "$r" -lt "$ROUNDS" ]; do
        pl=$($peer_cmd)
        sl=$($steer_cmd)
        printf '%s\n%s\n' "$pl" "$sl" >>"$LOG"
        p="$p $(value ns_per_agent_step "$pl")"
        s="$s $(value ns_per_agent_step "$sl")"
        pw="$pw $(value avg_within_radius "$pl")"
        sw=$(value avg_within_radius "$sl") # the same every round: steer is deterministic
        r=$((r + 1))
    done
    ps=$(printf '%s\n' $p | stats)
    ss=$(printf '%s\n' $s | stats)
    ratio=$(awk -v a="${ps##* }" -v b="${ss##* }" 'BEGIN { printf "%.1f", a / b }')
    within="-"
    # Yuka's flock differs between rounds (Math.random): the median of the rounds.
    [ "$scene" = boids ] && within="$(printf '%s\n' $pw | sort -g | awk '{ v[NR] = $1 } END {
        printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'), $sw"
    echo "| $scene | $n | $threads | $name | ${ps% *} | ${ss% *} | **$ratio** | $within |"
}

if [ -n "$detour" ]; then
    for n in ${DETOUR_N:-1000 10000}; do
        compare DetourCrowd circle $n "$detour --n $n --reps 3" "$STEER --scenario circle --n $n --threads 1"
    done
fi
if [ -n "$yuka" ]; then
    for n in ${WANDER_N:-1000 10000}; do
        compare Yuka wander $n "$yuka --scenario wander --n $n --reps 3" "$STEER --scenario wander --n $n --threads 1"
    done
    for n in ${BOIDS_N:-1000}; do
        compare Yuka boids $n "$yuka --scenario boids --n $n --reps 3" "$STEER --scenario boids --n $n --threads 1"
    done
fi
if [ -n "$navigate" ]; then
    for n in ${NAVIGATE_N:-1000 10000}; do
        for t in 1 2; do
            compare DetourCrowd navigate $n "$navigate --n $n" "$NAVIGATE --n $n --threads $t" $t
        done
    done
fi

# Quality on the circle: a fresh run of 100 agents for 1280 steps (twice the straight
# walk across at the preferred speed), once each: the motion is deterministic.
if [ -n "$detour" ]; then
    echo
    echo "| circle, N = 100, 1280 steps (320 s) | overlapping pair-steps | arrived |"
    echo "|---|---|---|"
    dl=$($detour --n 100 --reps 1 --steps 1 --run-steps 1280)
    sl=$("$STEER" --scenario circle --n 100 --threads 1 --steps 1 --run-steps 1280)
    printf '%s\n%s\n' "$dl" "$sl" >>"$LOG"
    echo "| DetourCrowd | $(value collisions "$dl") | $(value arrived "$dl") |"
    echo "| steer | $(value collisions "$sl") | $(value arrived "$sl") |"
fi
echo
echo "load average at end:$(uptime | sed 's/.*load average://'); every line in $LOG"
