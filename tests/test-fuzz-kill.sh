#!/usr/bin/env bash
# A campaign whose whole process group is SIGKILLed (a CI timeout, the OOM
# killer, a terminal closed hard) leaves nothing running, and the next run
# resumes with every finding.
#   test-fuzz-kill.sh BDIR TREE_DIR WORKROOT
# Three runs in a row are killed at a random moment (KZ_KILL_AT="s1 s2 s3"
# replays given moments); after each, within 5 s, no process may be left
# that names the work directory or holds its lock. A fourth run goes to
# the end: it must resume from the corpus, keep every finding the killed
# runs had recorded, file the planted crasher exactly once, and leave no
# input untriaged.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "test-fuzz-kill: FAIL: $*" >&2; exit 1; }
. "$here/lib-procs.sh"
. "$here/lib-campaign.sh"
[ $# -eq 3 ] || { echo "usage: test-fuzz-kill.sh BDIR TREE_DIR WORKROOT" >&2; exit 2; }
campaign_fixture "$@"
export KZ_MIN_SECONDS=5

# Findings recorded so far: one folder a line.
recorded() { for d in "$findings/$t"/*/; do [ -f "$d/finding.txt" ] && echo "$d"; done; return 0; }

# Everything that is left of a run: processes naming the work directory.
leftovers() { procs_with "$work/" | paste -sd' '; }

read -r -a moments <<<"${KZ_KILL_AT:-$((RANDOM % 23 + 2)) $((RANDOM % 23 + 2)) $((RANDOM % 23 + 2))}"
[ ${#moments[@]} -eq 3 ] || fail "KZ_KILL_AT: three moments in seconds, got '${KZ_KILL_AT:-}'"
for i in 0 1 2; do
	before=$(recorded)
	setsid "${campaign[@]}" -s 60 "$t" >"$root/run$i.log" 2>&1 &
	pid=$!
	sleep "${moments[$i]}"
	kill -0 "$pid" 2>/dev/null || fail "run $i ended before its kill at ${moments[$i]} s ($root/run$i.log)"
	kill -KILL -- "-$pid"
	wait "$pid" 2>/dev/null || true
	left=
	for _ in $(seq 1 50); do
		left=$(leftovers)
		[ -z "$left" ] && break
		sleep 0.1
	done
	[ -z "$left" ] || fail "run $i, killed at ${moments[$i]} s, left processes running after 5 s: $left"
	[ ! -e "$work/.lock" ] || flock -n "$work/.lock" true ||
		fail "run $i, killed at ${moments[$i]} s: its lock is still held"
	for d in $before; do
		[ -f "$d/finding.txt" ] || fail "run $i lost the finding $d"
	done
	echo "test-fuzz-kill: run $i SIGKILLed at ${moments[$i]} s: nothing left running; $(recorded | wc -l) findings kept"
done

rc=0
"${campaign[@]}" -s 5 "$t" >"$root/run3.log" 2>&1 || rc=$?
[ $rc -eq 0 ] || fail "run 3 exited $rc ($root/run3.log)"
grep -q "resuming from [0-9]* corpus inputs" "$root/run3.log" || fail "run 3 did not say what it resumed from"
for d in $before; do
	[ -f "$d/finding.txt" ] || fail "run 3 lost the finding $d"
done
[ "$(cat "$findings/$t"/*/hits | grep -cx "$psha")" -eq 1 ] ||
	fail "the planted input is not filed exactly once"
left=$(find "$findings/$t/.incoming" -type f ! -name '*.log' 2>/dev/null | wc -l)
[ "$left" -eq 0 ] || fail "run 3 left $left inputs untriaged in $findings/$t/.incoming"
[ -z "$(leftovers)" ] || fail "run 3 left processes running: $(leftovers)"
echo "test-fuzz-kill: passed (kills at ${moments[*]} s; run 3 resumed and kept $(recorded | wc -l) findings)"
