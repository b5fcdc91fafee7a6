#!/usr/bin/env bash
# A campaign killed half-way (SIGTERM) and run again loses no finding and
# resumes its corpus.
#   test-fuzz-resume.sh BDIR TREE_DIR WORKROOT
# The seeds of target unzstd hold a known crasher (planted), so the first
# run has a finding for certain. Run 1 gets SIGTERM a few seconds into
# fuzzing; then:
#   - it exits 143 and says so in its summary, leaving no half-swapped corpus;
#   - the planted input is a finding (its sha1 among the hits), with its input;
#   - the corpus is not empty.
# Run 2 (to the end) must resume from run 1's corpus (it says how many
# inputs), keep every finding directory with at least its hits, count the
# planted input once, and finish the pending minimization.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "test-fuzz-resume: FAIL: $*" >&2; exit 1; }
. "$here/lib-procs.sh"
. "$here/lib-campaign.sh"
[ $# -eq 3 ] || { echo "usage: test-fuzz-resume.sh BDIR TREE_DIR WORKROOT" >&2; exit 2; }
campaign_fixture "$@"
export KZ_MIN_SECONDS=5
run() { exec "${campaign[@]}" "$@" "$t"; }

# Run 1: SIGTERM once fuzzing has gone on for 8 seconds.
(run -s 60 >"$root/run1.log" 2>&1) &
pid=$!
for _ in $(seq 1 240); do
	grep -qa '^#[0-9]' "$work/$t/fuzz.log" 2>/dev/null && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.5
done
grep -qa '^#[0-9]' "$work/$t/fuzz.log" 2>/dev/null || { kill $pid 2>/dev/null; fail "run 1 never started fuzzing ($root/run1.log)"; }
sleep 8
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 143 ] || fail "run 1 exited $rc after SIGTERM, not 143 ($root/run1.log)"
grep -q 'INTERRUPTED' "$work/summary.txt" || fail "run 1's summary does not say it was interrupted"
[ ! -e "$work/$t/corpus.merge" ] && [ ! -e "$work/$t/corpus.old" ] ||
	fail "run 1 left a half-swapped corpus"
[ -z "$(procs_with "$work/$t/")" ] || fail "run 1 left fuzzer processes behind: $(procs_with "$work/$t/" | paste -sd' ')"
n1=$(find "$work/$t/corpus" -type f | wc -l)
[ "$n1" -gt 0 ] || fail "run 1 kept no corpus"
hit=$(grep -lx "$psha" "$findings/$t"/*/hits 2>/dev/null | head -n1 || true)
[ -n "$hit" ] || fail "run 1 lost the planted finding (sha1 $psha in no hits file)"
pdir=$(dirname "$hit")
[ -f "$pdir/input" ] && [ -f "$pdir/finding.txt" ] || fail "$pdir: input or record missing"
declare -A hits1
for d in "$findings/$t"/*/; do hits1[$d]=$(wc -l <"$d/hits"); done
echo "test-fuzz-resume: run 1 killed: $n1 corpus inputs, ${#hits1[@]} findings (planted: $(basename "$pdir"))"

# Run 2, to the end.
rc=0
(run -s 5 >"$root/run2.log" 2>&1) || rc=$?
[ $rc -eq 0 ] || fail "run 2 exited $rc ($root/run2.log)"
grep -q "resuming from $n1 corpus inputs" "$root/run2.log" ||
	fail "run 2 did not resume from run 1's $n1 corpus inputs ($root/run2.log)"
for d in "${!hits1[@]}"; do
	[ -f "$d/finding.txt" ] || fail "run 2 lost finding $d"
	[ "$(wc -l <"$d/hits")" -ge "${hits1[$d]}" ] || fail "run 2 lost hits of $d"
done
[ "$(cat "$findings/$t"/*/hits | grep -cx "$psha")" -eq 1 ] ||
	fail "the planted input is counted more than once"
grep -q '^minimized: pending' "$pdir/finding.txt" && fail "run 2 left the minimization pending"
n2=$(find "$work/$t/corpus" -type f | wc -l)
[ "$n2" -gt 0 ] || fail "run 2 ended with an empty corpus"
echo "test-fuzz-resume: passed (run 2 resumed from $n1 inputs, ended with $n2; ${#hits1[@]} findings kept)"
