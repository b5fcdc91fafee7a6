#!/usr/bin/env bash
# One campaign per work directory.
#   test-fuzz-lock.sh WORKROOT MAKE-ARGS...   (BUILD=.. KERNEL_SRC=..)
# 1. While `make fuzz` runs, a second `make fuzz` on the same work
#    directory is refused with one line naming the first one's pid.
# 2. A lock left held by a leftover of a killed run (its owner pid dead) is
#    taken over: the leftover is killed and the campaign says so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
fail() { echo "test-fuzz-lock: FAIL: $*" >&2; exit 1; }
. "$here/lib-procs.sh"
[ $# -ge 1 ] || { echo "usage: test-fuzz-lock.sh WORKROOT MAKE-ARGS..." >&2; exit 2; }
root=$1
shift
rm -rf "$root"
mkdir -p "$root"
work=$root/work
fuzz=(make --no-print-directory "$@" fuzz TARGETS=unzstd JOBS=1 FUZZ_WORK="$work" FINDINGS="$root/findings")

# 1. Two campaigns at once.
setsid "${fuzz[@]}" SECONDS=60 >"$root/first.log" 2>&1 &
first=$!
owner=
for _ in $(seq 1 600); do
	owner=$(head -n1 "$work/.lock" 2>/dev/null || true)
	[ -n "$owner" ] && grep -q '^campaign: unzstd: resuming' "$root/first.log" && break
	kill -0 $first 2>/dev/null || fail "the first make fuzz ended early ($root/first.log)"
	sleep 0.5
done
[ -n "$owner" ] || { kill -KILL -- -$first; fail "the first make fuzz never took its lock ($root/first.log)"; }
rc=0
"${fuzz[@]}" SECONDS=5 >"$root/second.log" 2>&1 || rc=$?
kill -INT -- -$first 2>/dev/null || true
wait $first 2>/dev/null || true
[ $rc -ne 0 ] || fail "a second make fuzz on the same work directory ran ($root/second.log)"
line=$(grep '^campaign: ' "$root/second.log" || true)
[ "$(wc -l <<<"$line")" -eq 1 ] && grep -q "in use by pid $owner " <<<"$line" ||
	fail "the refusal does not name the running campaign's pid $owner in one line: $(tail -n2 "$root/second.log")"
[ -z "$(procs_with "$work/")" ] || fail "the first campaign left processes after SIGINT"
echo "test-fuzz-lock: a second campaign is refused: $line"

# 2. A leftover holding the lock, its owner dead.
setsid bash -c 'exec 9<>"$1/.lock"; flock 9; echo 2147483646 >"$1/.lock"; exec sleep 300' lock "$work" &
leftover=$!
disown $leftover
for _ in $(seq 1 50); do
	[ "$(head -n1 "$work/.lock")" = 2147483646 ] && break
	sleep 0.1
done
rc=0
"${fuzz[@]}" SECONDS=3 >"$root/third.log" 2>&1 || rc=$?
kill -0 $leftover 2>/dev/null && { kill -KILL $leftover; fail "the leftover holding the lock was not stopped"; }
[ $rc -eq 0 ] || fail "the campaign after a stale lock exited $rc ($root/third.log)"
grep -q "^campaign: a killed run (pid 2147483646) left processes running on .*: killed pids $leftover\$" "$root/third.log" ||
	fail "the takeover of a stale lock is not reported ($root/third.log)"
echo "test-fuzz-lock: passed (a stale lock is taken over and its leftover pid $leftover killed)"
