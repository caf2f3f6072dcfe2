# SPDX-License-Identifier: MIT
# Helpers shared by the shell tests of the steer program; sourced, not run. The test
# sets `failures=0` first and ends with `[ "$failures" -eq 0 ]`.

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# expect <status> <command...>: the command exits with that status; its stdout and
# stderr are left in out.txt and err.txt
expect() {
    want=$1
    shift
    "$@" >out.txt 2>err.txt
    got=$?
    [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want: $(cat err.txt)"
}
