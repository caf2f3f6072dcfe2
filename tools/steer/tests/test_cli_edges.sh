#!/bin/sh
# SPDX-License-Identifier: MIT
# The rough edges of `steer run`: options given twice, two outputs on stdout, a PNG to
# a terminal, outputs that are FIFOs, directories or the scenario itself, write errors
# that say why, partial failures that say what was written, the size limit on
# trajectories, temporary files removed when the run is killed, large grid maps that
# still draw, and scenario files up to 64 MiB.
# Usage: test_cli_edges.sh <steer program> <scratch dir>
set -u
steer=$1
dir=$2
failures=0
. "$(dirname "$0")/cli_test_lib.sh"
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# said <text>: the last command's stderr holds the text
said() {
    grep -qF -- "$1" err.txt || fail "expected '$1' in: $(cat err.txt)"
}

# stop_reader <pid>: a FIFO's reader has a few seconds to finish, then is stopped (it
# waits for ever when the program never opened the FIFO)
stop_reader() {
    tries=0
    while kill -0 "$1" 2>/dev/null && [ $tries -lt 40 ]; do
        sleep 0.05
        tries=$((tries + 1))
    done
    kill "$1" 2>/dev/null
    wait "$1" 2>/dev/null
}

no_temporaries() {
    ls | grep -q '\.tmp\.' && fail "$1: temporary files left: $(ls | grep '\.tmp\.')"
}

# --- an option given twice is refused, not silently the last one ---
for twice in "--steps 3 --steps 4" "--seed 1 --seed=2" "--csv a.csv --csv=b.csv" "--forces --forces" \
    "--png a.png --png b.png" "--force --force"; do
    # shellcheck disable=SC2086 # the options are meant to split
    expect 2 "$steer" run wander $twice
    said "given twice"
done
[ -e a.csv ] || [ -e b.csv ] && fail "a refused command line wrote a file"

# --- one output at most on stdout; no PNG to a terminal ---
expect 2 "$steer" run wander --steps 3 --csv - --json -
said "both write to stdout"
expect 2 "$steer" run wander --steps 3 --png - --svg -
expect 0 "$steer" run wander --steps 3 --csv -
[ "$(head -n 1 out.txt)" = "step,t,agent,x,y,z,vx,vy,vz,orientation" ] || fail "--csv - wrote: $(head -n 1 out.txt)"
expect 0 "$steer" run wander --steps 3 --png -
[ "$(head -c 4 out.txt | od -An -c | tr -d ' ')" = "211PNG" ] || fail "--png - to a file is not a PNG"
if command -v script >/dev/null 2>&1; then
    # script(1) runs the command with a terminal as stdout; -e passes its exit status on.
    script -qec "'$steer' run wander --steps 3 --png -" /dev/null >tty.txt 2>&1
    got=$?
    [ "$got" -eq 2 ] || fail "--png - to a terminal exited $got, expected 2"
    grep -qF "terminal" tty.txt || fail "--png - to a terminal: $(cat tty.txt)"
    grep -qF "PNG" tty.txt && grep -q "IHDR" tty.txt && fail "--png - wrote binary to the terminal"
else
    fail "script(1) (util-linux) is needed to give the program a terminal"
fi

# --- a FIFO stays a FIFO and gets the rows ---
mkfifo pipe.csv
cat pipe.csv >from-pipe.csv &
reader=$!
expect 0 timeout 20 "$steer" run wander --steps 5 --csv pipe.csv
stop_reader $reader
[ -p pipe.csv ] || fail "the FIFO was replaced by a regular file"
[ "$(wc -l <from-pipe.csv)" -eq $((1 + 6 * 8)) ] || fail "the FIFO's reader got $(wc -l <from-pipe.csv) lines, expected 49"
no_temporaries "FIFO"

# --- a symbolic link to a file is followed: the file is replaced, the link kept ---
echo "old" >target.csv
ln -s target.csv link.csv
expect 0 "$steer" run wander --steps 5 --csv link.csv
[ -L link.csv ] || fail "the symbolic link was replaced by a regular file"
[ "$(wc -l <target.csv)" -eq $((1 + 6 * 8)) ] || fail "the link's target was not written"
no_temporaries "symbolic link"

# --- a directory, the scenario itself, and two outputs on one file are refused ---
mkdir outdir
expect 2 "$steer" run wander --steps 3 --csv outdir
said "is a directory"
[ -d outdir ] || fail "the directory given as output is gone"
"$steer" show wander >w.json
cp w.json w-orig.json
ln w.json w-link.json
for out in "--csv w.json" "--json w-link.json" "--svg ./w.json"; do
    # shellcheck disable=SC2086
    expect 2 "$steer" run w.json --steps 3 $out
    said "the scenario file being read"
done
cmp -s w.json w-orig.json || fail "the scenario file was overwritten"
expect 2 "$steer" run wander --steps 3 --csv same.csv --json ./same.csv
said "both write"
[ -e same.csv ] && fail "refused outputs were written"
no_temporaries "refusals"

# --- a failed write says why, and leaves no temporary file ---
# Files may grow to 8 blocks only; with SIGXFSZ ignored, a write past that fails with EFBIG.
(
    trap '' XFSZ
    ulimit -f 8
    exec "$steer" run wander --steps 100 --csv big.csv --svg big.svg
) >out.txt 2>err.txt
got=$?
[ "$got" -eq 1 ] || fail "a write past the file size limit exited $got, expected 1"
said "big.csv: write failed: File too large"
said "not written: big.csv big.svg"
[ -e big.csv ] || [ -e big.svg ] && fail "a failed run left big.csv or big.svg"
no_temporaries "write failure"

# --- some outputs written, one failed: say which ---
echo "old" >keep.csv
expect 1 "$steer" run wander --steps 5 --csv keep.csv --png no-such-dir/p.png --svg p.svg
said "no-such-dir/p.png: cannot create: No such file or directory"
said "not written: no-such-dir/p.png; written: keep.csv p.svg"
[ "$(head -n 1 keep.csv)" = "step,t,agent,x,y,z,vx,vy,vz,orientation" ] || fail "keep.csv was not written"
grep -q "wrote p.svg" out.txt || fail "the written SVG is not listed: $(cat out.txt)"
no_temporaries "partial failure"

# --- trajectories over 1 GB are refused before the run, unless --force ---
expect 2 timeout 20 "$steer" run flock --steps 1000000 --csv huge.csv
said "would write up to"
said "GB"
said "--force"
[ -e huge.csv ] && fail "a refused run wrote its CSV"
# --force passes the check: the run then fails only on the missing directory (exit 1).
expect 1 timeout 20 "$steer" run flock --steps 1000000 --csv no-such-dir/huge.csv --force
said "cannot create"
# A FIFO fills no disk: not counted. The run starts and writes until its reader, which
# takes 100 bytes, goes away: SIGPIPE (141) shows it got past the check.
mkfifo huge.fifo
head -c 100 huge.fifo >/dev/null &
reader=$!
timeout 20 "$steer" run flock --steps 1000000 --csv huge.fifo >out.txt 2>err.txt
got=$?
stop_reader $reader
[ "$got" -eq 141 ] || fail "a long run into a FIFO exited $got, expected 141 (SIGPIPE): $(cat err.txt)"

# --- a killed run removes its temporary file ---
"$steer" run flock --steps 1000000 --csv killed.csv --force >/dev/null 2>&1 &
pid=$!
tries=0
while ! ls | grep -q '^killed\.csv\.tmp\.' && [ $tries -lt 100 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
ls | grep -q '^killed\.csv\.tmp\.' || fail "the killed run's temporary file never appeared"
kill -TERM $pid
wait $pid
got=$?
[ "$got" -eq 143 ] || fail "the killed run exited $got, expected 143 (SIGTERM)"
[ -e killed.csv ] && fail "a killed run left killed.csv"
no_temporaries "SIGTERM"

# --- a 3000 x 3000 grid map draws (as a bitmap: one shape a cell ran out of memory) ---
awk 'BEGIN {
    n = 3000
    printf "{\"steps\": 5, \"grid\": {\"origin\": [-1500, 1500, 0], \"map\": [\n"
    for (y = 0; y < n; y++) {
        row = ""
        for (x = 0; x < n; x++) row = row ((x == y || x == 0 || y == 0) ? "#" : ".")
        printf "\"%s\"%s\n", row, (y < n - 1 ? "," : "")
    }
    printf "]}, \"agents\": [{\"name\": \"a\", \"position\": [10, -20, 0]}]}\n"
}' >bigmap.json
expect 0 "$steer" run bigmap.json --png bigmap.png --svg bigmap.svg
[ "$(head -c 4 bigmap.png | od -An -c | tr -d ' ')" = "211PNG" ] || fail "the big map's PNG is not a PNG"
grep -q "<svg" bigmap.svg || fail "the big map's SVG is not an SVG"
rm -f bigmap.json

# --- a scenario file of exactly 64 MiB is read; one byte more is refused ---
printf '{"agents": [{"name": "a"}]}' >max.json
size=$(wc -c <max.json)
head -c $((64 * 1024 * 1024 - size)) /dev/zero | tr '\0' ' ' >>max.json
expect 0 "$steer" validate max.json
printf ' ' >>max.json
expect 2 "$steer" validate max.json
said "max.json: larger than 64 MiB"
rm -f max.json

echo "$failures failures"
[ "$failures" -eq 0 ]
