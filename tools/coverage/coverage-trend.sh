#!/usr/bin/env bash
# Coverage over time: fuzz each target (libFuzzer, the fuzz variant) for
# SECONDS from its corpus, snapshot the growing corpus every INTERVAL
# seconds, measure each snapshot with the cov variant, and plot it.
#   coverage-trend.sh BDIR TREE_SRC CORPUS_ROOT OUTDIR SECONDS INTERVAL TARGET...
# Lines are those of the tree's lib/zstd, lib/xxhash.c and
# lib/decompress_unzstd.c for the zstd targets, samples/fanotify for the
# fanotify ones.
# Writes OUTDIR/trend.tsv (target, second, inputs, lines hit, lines, %),
# OUTDIR/trend.png and OUTDIR/trend.txt (the table), via OUTDIR.tmp.
set -euo pipefail
die() { echo "coverage-trend: $*" >&2; exit 1; }
[ $# -ge 7 ] || die "usage: coverage-trend.sh BDIR TREE_SRC CORPUS_ROOT OUTDIR SECONDS INTERVAL TARGET..."
bdir=$1 src=$2 corpora=$3 out=$4 secs=$5 step=$6
shift 6
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
for tool in "$PROFDATA" "$LLVMCOV" gnuplot; do
	command -v "$tool" >/dev/null || die "$tool: not installed (ci/install-deps.sh)"
done
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS=$secs: not a positive number"
[[ $step =~ ^[1-9][0-9]*$ ]] || die "INTERVAL=$step: not a positive number"
[ -d "$src/lib/zstd" ] || die "$src: no lib/zstd here"
# The files a target is about: the fanotify sample, or the zstd side.
target_sources() {
	local s
	case $1 in
	fanotify_*) set -- samples/fanotify ;;
	*) set -- lib/zstd lib/xxhash.c lib/decompress_unzstd.c ;;
	esac
	for s in "$@"; do
		[ -e "$src/$s" ] && echo "$src/$s"
	done
}

tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
printf 'target\tsecond\tinputs\tlines_hit\tlines\tpercent\n' >"$tmp/trend.tsv"

# Lines hit of target $3's files when snapshot dir $2 replays through $1.
measure() {
	local bin=$1 dir=$2 prof=$tmp/prof sources
	mapfile -t sources < <(target_sources "$3")
	rm -rf "$prof" && mkdir -p "$prof"
	LLVM_PROFILE_FILE="$prof/%p.profraw" "$bin" "$dir" >/dev/null 2>&1 || true
	compgen -G "$prof/*.profraw" >/dev/null || { echo "0 0"; return; }
	"$PROFDATA" merge -sparse "$prof"/*.profraw -o "$prof/all.profdata"
	"$LLVMCOV" report -instr-profile="$prof/all.profdata" "$bin" "${sources[@]}" 2>/dev/null |
		awk '$1 == "TOTAL" { print $8 - $9, $8 }'
}

# Fuzzes one target, snapshotting its corpus at 0, step, 2 step... secs.
fuzz_snapshots() {
	local t=$1 work=$tmp/work/$t pid s
	mkdir -p "$work/corpus" "$work/snap" "$work/crashes"
	if [ -d "$corpora/$t" ]; then cp -r "$corpora/$t/." "$work/corpus/"; fi
	dict=()
	[ -f "corpus/dicts/$t.dict" ] && dict=(-dict="corpus/dicts/$t.dict")
	"$bdir/fuzz/fuzz/$t" -max_total_time="$secs" -fork=1 -ignore_crashes=1 "${dict[@]}" \
		-artifact_prefix="$work/crashes/" "$work/corpus" >"$work/fuzz.log" 2>&1 &
	pid=$!
	for ((s = 0; s <= secs; s += step)); do
		cp -r "$work/corpus" "$work/snap/$s"
		[ $s -lt $secs ] && sleep $(( s + step > secs ? secs - s : step ))
	done
	# Beyond the last snapshot the fuzzer gets no more time.
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

for t in "$@"; do
	if [ ! -x "$bdir/fuzz/fuzz/$t" ] || [ ! -x "$bdir/cov/fuzz/$t" ]; then
		echo "coverage-trend: $t: skipped: fuzz or cov build missing"
		continue
	fi
	echo "coverage-trend: $t: fuzzing ${secs}s, a snapshot every ${step}s"
	fuzz_snapshots "$t"
	for snap in $(ls "$tmp/work/$t/snap" | sort -n); do
		read -r hit total < <(measure "$bdir/cov/fuzz/$t" "$tmp/work/$t/snap/$snap" "$t")
		n=$(ls "$tmp/work/$t/snap/$snap" | wc -l)
		awk -v t="$t" -v s="$snap" -v n="$n" -v h="$hit" -v l="$total" 'BEGIN {
			printf "%s\t%d\t%d\t%d\t%d\t%.2f\n", t, s, n, h, l, l ? 100 * h / l : 0 }' >>"$tmp/trend.tsv"
	done
done
[ "$(wc -l <"$tmp/trend.tsv")" -gt 1 ] || die "no target measured"
column -t -s $'\t' "$tmp/trend.tsv" >"$tmp/trend.txt"

# One line per target: lines hit over time.
targets=$(awk 'NR > 1 { print $1 }' "$tmp/trend.tsv" | uniq | tr '\n' ' ')
gnuplot <<EOP
set terminal png size 900,540 noenhanced
set output "$tmp/trend.png"
set title "Lines hit of the files under test (zstd side or fanotify sample), per target"
set xlabel "seconds of fuzzing"
set ylabel "lines hit"
set key outside right
set datafile separator "\t"
plot for [t in "$targets"] "< awk -F'\t' -v t=" . t . " '\$1 == t' $tmp/trend.tsv" \
	using 2:4 with linespoints title t
EOP
rm -rf "$tmp/work/"*/snap "$tmp/prof"
rm -rf "$out"
mv "$tmp" "$out"
cat "$out/trend.txt"
echo "coverage-trend: $out/trend.png, $out/trend.txt"
