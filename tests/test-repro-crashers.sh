#!/usr/bin/env bash
# make repro on every committed crasher (a crash-class finding's reproducer
# in its folder corpus/open-findings/<id>/, as the tree's zstd version sees
# the registry: lib/findings.py crashers): each must reproduce (non-zero
# exit, a "reproduces:" line) with the class of its entry and be known to
# the baseline. For oom and asan:out-of-memory the class is
# asan:allocation-size-too-big: repro's
# replayer runs with ASan's max_allocation_size_mb=2048 (where libFuzzer has
# its malloc limit, and where the machine's memory would decide).
#   test-repro-crashers.sh MAKE-ARGS...   (BUILD=.. KERNEL_SRC=..)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
fail() { echo "test-repro-crashers: FAIL: $*" >&2; exit 1; }
list=$(python3 lib/findings.py crashers) || fail "cannot read the registry"
n=0
while IFS=$'\t' read -r f _ cls; do
	[ -n "$f" ] || continue
	case $cls in oom | asan-out-of-memory) cls=asan-allocation-size-too-big ;; esac
	rc=0
	out=$(make --no-print-directory "$@" repro INPUT="$f" 2>&1) || rc=$?
	[ $rc -ne 0 ] || fail "$f: make repro exited 0"
	line=$(grep '^repro: .*: reproduces: ' <<<"$out" || true)
	[ -n "$line" ] || fail "$f: no 'reproduces' line: $(tail -n1 <<<"$out")"
	got=$(sed 's/.*: reproduces: \([^ ]*\) .*/\1/; s/:/-/g' <<<"$line")
	[ "$got" = "$cls" ] || fail "$f: reproduces as $got, not $cls"
	grep -q '(known' <<<"$line" || fail "$f: not known to the baseline: $line"
	n=$((n + 1))
done <<<"$list"
[ $n -gt 0 ] || fail "no crashers in corpus/findings.txt"
echo "test-repro-crashers: passed ($n crashers reproduce with make repro, each as its entry's class, each known)"
