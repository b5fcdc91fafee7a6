#!/usr/bin/env bash
# Crash states of canned logs (tests/crash-logs/*.log): each NAME.log has a
# NAME.expect of four lines: target, class, crash state, known|new ("- -
# none" when the log holds no finding and fuzz/crashlog.py state must exit
# 1).
# The logs cover a replayer and libFuzzer binaries, ASan, UBSan, a harness
# verdict behind abort(), libFuzzer's out-of-memory, a malloc interceptor
# without source, and two logs of one bug that differ in addresses, pids,
# paths, an interceptor frame and compiler clone suffixes (.isra.0,
# .constprop.2, .part.1, .llvm.N, .cold): their states must be equal; an
# oracle finding's state is its step, results and site, so two sites differ.
# A MemorySanitizer report (a replayer built -O0 from a probe: a branch on
# malloc()ed bytes) ends its state with its origin frame; the oracle's own
# uninit-output report is an oracle state.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$here/crash-logs
cs() { python3 "$here/../fuzz/crashlog.py" state "$@"; }
fail=0 n=0
for log in "$dir"/*.log; do
	name=$(basename "$log" .log)
	mapfile -t want <"$dir/$name.expect"
	n=$((n + 1))
	rc=0
	got=$(cs -k "$dir/baseline.txt" "${want[0]}" "$log") || rc=$?
	if [ "${want[3]}" = none ]; then
		[ $rc -eq 1 ] && continue
		echo "test-crash-state: $name: exit $rc, want 1 (no finding)"; fail=1; continue
	fi
	expect=$(printf '%s\n' "${want[1]}" "${want[2]}" "${want[3]}")
	if [ $rc -ne 0 ] || [ "$got" != "$expect" ]; then
		echo "test-crash-state: $name: exit $rc, got:"; echo "$got" | sed 's/^/    /'
		echo "  want:"; echo "$expect" | sed 's/^/    /'
		fail=1
	fi
done
# The two logs of one bug give one state.
a=$(cs -k "$dir/baseline.txt" decompress_oneshot "$dir/asan-clones-a.log" | sed -n 2p)
b=$(cs -k "$dir/baseline.txt" decompress_oneshot "$dir/asan-clones-b.log" | sed -n 2p)
[ "$a" = "$b" ] || { echo "test-crash-state: one bug, two states: '$a' / '$b'"; fail=1; }
# Two oracle findings of one target at other sites are two states, not one.
other=$(mktemp)
sed 's/frame 1 block 2/frame 0 block 5/' "$dir/kzfuzz-mismatch-replayer.log" >"$other"
a=$(cs -k "$dir/baseline.txt" decompress_oneshot "$dir/kzfuzz-mismatch-replayer.log" | sed -n 2p)
b=$(cs -k "$dir/baseline.txt" decompress_oneshot "$other" | sed -n 2p)
rm -f "$other"
[ "$a" != "$b" ] || { echo "test-crash-state: two oracle sites, one state: '$a'"; fail=1; }
# Bad usage is an error, not a verdict.
cs x /nonexistent >/dev/null 2>&1 && { echo "test-crash-state: a missing log passed"; fail=1; }
[ $fail -eq 0 ] || { echo "test-crash-state: FAILED"; exit 1; }
echo "test-crash-state: $n canned logs passed"
