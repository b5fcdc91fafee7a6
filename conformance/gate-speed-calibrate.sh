#!/usr/bin/env bash
# make gate-speed-calibrate: how far the baseline check's speed verdict
# can be trusted on this machine. Two copies of the same tree (the tree
# under test and a hard-linked copy of its staged sources) in kz-ab:
#   1. RUNS pristine runs of the stage rows and levels 1, 3, 9, 19 (a subset of
#      the gate's level sweep): a run with a FAIL row is
#      a false alarm, one with an inconclusive row would not have passed;
#   2. for each stage row, and for every decompression row at once (the
#      whole decompressor), RUNS runs with side A slowed down by each of
#      PCTS percent (kz-ab -X: a busy-wait of that share of each measured
#      pass, in the harness, never in kernel code): a run catches it when
#      the slowed row FAILs, and stops the merge when it does not pass.
# Writes DIR/calibration.txt (the table), DIR/runs.tsv and every run's
# output; prints the table.
#   gate-speed-calibrate.sh DIR BUILD CAND_BDIR RUNS PCTS STAGES
set -euo pipefail
[ $# -eq 6 ] || { echo "usage: gate-speed-calibrate.sh DIR BUILD CAND_BDIR RUNS PCTS STAGES" >&2; exit 2; }
dir=$1 build=$2 cbdir=$3 runs=$4 pcts=$5 stages=$6
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "gate-speed-calibrate: RUNS=$runs: not a count" >&2; exit 2; }
threshold=${SPEED_THRESHOLD:--5}
mkdir -p "$dir"
copy=$dir/tree-copy
rm -rf "$copy"
cp -al "$build/trees/$(basename "$cbdir")/src" "$copy"
ab=$(bench/ab-build.sh "$build" "$cbdir" "$copy" "$dir/build-ab.log")
bench/bench-corpus.sh "$copy" "$cbdir/plain/kzstd.o" "$dir/data" 131072 >/dev/null
: >"$dir/runs.tsv"

# run NAME ARGS...: one kz-ab run; its FAIL and inconclusive rows to runs.tsv.
run() {
	local name=$1 out
	shift
	out=$dir/$name.txt
	"$ab" -B -t "$threshold" -T calibrate -o "$dir/$name.csv" "$@" >"$out" 2>&1
	awk -F, -v n="$name" 'NR > 1 { f += $29 == "FAIL"; u += $29 == "inconclusive"; r++ }
		END { printf "%s\t%d\t%d\t%d\n", n, r, f, u }' "$dir/$name.csv" >>"$dir/runs.tsv"
}

# The stage rows and a few levels, pristine.
for i in $(seq 1 "$runs"); do
	run "pristine-$i" -g -l 1,3,9,19 -m oneshot,decompress "mixed=$dir/data/pages"
done
# One stage slowed down, its row alone; the whole decompressor: every decompression row.
for pct in $pcts; do
	for st in ${stages//,/ }; do
		for i in $(seq 1 "$runs"); do
			run "slow-$st-$pct-$i" -G "$st" -X "$pct:$st"
		done
	done
	for i in $(seq 1 "$runs"); do
		run "slow-decompressor-$pct-$i" -G "$stages" -l 1,3,9,19 -m decompress \
			-X "$pct:decompress" "mixed=$dir/data/pages"
	done
done

# The table: per case, runs with a FAIL row, runs that would not pass.
awk -F'\t' -v runs="$runs" '
	{ c = $1; sub(/-[0-9]+$/, "", c); if (!(c in n)) order[k++] = c
	  n[c]++; fail[c] += $3 > 0; stop[c] += ($3 + $4) > 0 }
	END {
		printf "%-34s %6s %14s %16s\n", "case", "runs", "runs with FAIL", "runs not passing"
		for (i = 0; i < k; i++) { c = order[i]
			printf "%-34s %6d %14d %16d\n", c, n[c], fail[c], stop[c] }
	}' "$dir/runs.tsv" >"$dir/calibration.txt"
{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -srm), $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
	echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "threshold: $threshold%; a pristine run with a FAIL row is a false alarm"
} >>"$dir/calibration.txt"
cat "$dir/calibration.txt"
