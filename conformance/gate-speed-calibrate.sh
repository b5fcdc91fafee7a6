#!/usr/bin/env bash
# make gate-speed-calibrate: how far the baseline check's speed verdict
# can be trusted on this machine. Two copies of the same tree (the tree
# under test and a hard-linked copy of its staged sources) in kz-ab; each
# round makes:
#   1. one pristine run of the stage rows and levels 1, 3, 9, 19 (a subset
#      of the gate's level sweep): a run with a FAIL row is a false alarm,
#      one with an inconclusive row would not have passed;
#   2. for each stage row, one run with side A slowed down by each of PCTS
#      percent (kz-ab -X: a busy-wait of that share of each measured pass,
#      in the harness, never in kernel code), and one with every
#      decompression row slowed down by each of WHOLE_PCTS percent (the
#      whole decompressor): a run catches it when the slowed row FAILs, and
#      stops the merge when it does not pass.
# Rounds, not cases, are the outer loop: a calibration cut short still has
# every case measured as often. DIR accumulates: runs already in
# DIR/runs.tsv are not made again, so the same DIR with a larger RUNS
# goes on where it stopped. Writes DIR/calibration.txt (the table),
# DIR/runs.tsv (case, rows, FAIL rows, inconclusive rows, wall seconds,
# load average at the start) and every run's output; prints the table.
#   gate-speed-calibrate.sh DIR BUILD CAND_BDIR RUNS PCTS WHOLE_PCTS STAGES
set -euo pipefail
[ $# -eq 7 ] || { echo "usage: gate-speed-calibrate.sh DIR BUILD CAND_BDIR RUNS PCTS WHOLE_PCTS STAGES" >&2; exit 2; }
dir=$1 build=$2 cbdir=$3 runs=$4 pcts=$5 wpcts=$6 stages=$7
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "gate-speed-calibrate: RUNS=$runs: not a count" >&2; exit 2; }
threshold=${SPEED_THRESHOLD:--5}
mkdir -p "$dir"
copy=$dir/tree-copy
rm -rf "$copy"
cp -al "$build/trees/$(basename "$cbdir")/src" "$copy"
ab=$(bench/ab-build.sh "$build" "$cbdir" "$copy" "$dir/build-ab.log")
bench/bench-corpus.sh "$copy" "$cbdir/plain/kzstd.o" "$dir/data" 131072 >/dev/null
touch "$dir/runs.tsv"

# run NAME ARGS...: one kz-ab run, unless runs.tsv has it; its FAIL and
# inconclusive rows, wall time and load average to runs.tsv.
run() {
	local name=$1 out load t0
	shift
	grep -q "^$name	" "$dir/runs.tsv" && return 0
	out=$dir/$name.txt
	load=$(cut -d' ' -f1 /proc/loadavg)
	t0=$(date +%s)
	"$ab" -B -t "$threshold" -T calibrate -o "$dir/$name.csv" "$@" >"$out" 2>&1
	awk -F, -v n="$name" -v s=$(($(date +%s) - t0)) -v l="$load" \
		'NR > 1 { f += $29 == "FAIL"; u += $29 == "inconclusive"; r++ }
		END { printf "%s\t%d\t%d\t%d\t%d\t%s\n", n, r, f, u, s, l }' "$dir/$name.csv" >>"$dir/runs.tsv"
}

for i in $(seq 1 "$runs"); do
	# The stage rows and a few levels, pristine.
	run "pristine-$i" -g -l 1,3,9,19 -m oneshot,decompress "mixed=$dir/data/pages"
	# One stage slowed down, its row alone.
	for pct in $pcts; do
		for st in ${stages//,/ }; do
			run "slow-$st-$pct-$i" -G "$st" -X "$pct:$st"
		done
	done
	# The whole decompressor: every decompression row.
	for pct in $wpcts; do
		run "slow-decompressor-$pct-$i" -G "$stages" -l 1,3,9,19 -m decompress \
			-X "$pct:decompress" "mixed=$dir/data/pages"
	done
done

# The table: per case, runs with a FAIL row, runs that would not pass.
awk -F'\t' '
	{ c = $1; sub(/-[0-9]+$/, "", c); if (!(c in n)) order[k++] = c
	  n[c]++; fail[c] += $3 > 0; stop[c] += ($3 + $4) > 0; secs[c] += $5
	  if (!(c in lo) || $6 < lo[c]) lo[c] = $6; if ($6 > hi[c]) hi[c] = $6 }
	END {
		printf "%-30s %5s %9s %12s %7s %s\n", "case", "runs", "with FAIL", "not passing", "mean s", "load average"
		for (i = 0; i < k; i++) { c = order[i]
			printf "%-30s %5d %9d %12d %7.0f %s-%s\n", c, n[c], fail[c], stop[c], secs[c] / n[c], lo[c], hi[c] }
	}' "$dir/runs.tsv" >"$dir/calibration.txt"
{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -srm), $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
	echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "threshold: $threshold%; a pristine run with a FAIL row is a false alarm"
} >>"$dir/calibration.txt"
cat "$dir/calibration.txt"
