#!/usr/bin/env bash
# Throughput and harness overhead of the zstd targets.
#   measure.sh BDIR SECONDS RUNS CORPUS_ROOT TARGET...
# exec/s: median of RUNS libFuzzer runs of SECONDS each (fuzz variant,
# ASan+UBSan), each from a copy of CORPUS_ROOT/<target>; a run that ends on a
# finding counts with the last exec/s libFuzzer printed. Allocations fail
# (NULL) instead of ending the run, as vmalloc does in the kernel: else the
# known unzstd window-guard finding ends every unzstd run within seconds.
# Overhead: the corpus replayed 5 times with KZFUZZ_TIMING=1 through the asan
# and plain replayers: time outside the library calls over time inside.
set -euo pipefail
bdir=${1:?usage: measure.sh BDIR SECONDS RUNS CORPUS_ROOT TARGET...}
secs=${2:?} runs=${3:?} root=${4:?}
shift 4
[ "$#" -gt 0 ] || { echo "measure: no targets given" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : "-") }'; }

exec_rate() {
	local t=$1 i
	for i in $(seq "$runs"); do
		rm -rf "$work/c" && mkdir -p "$work/c" "$work/a"
		cp "$root/$t"/* "$work/c/"
		ASAN_OPTIONS=allocator_may_return_null=1 "$bdir/fuzz/fuzz/$t" \
			-max_total_time="$secs" -malloc_limit_mb=1000000 -print_final_stats=1 \
			-artifact_prefix="$work/a/" "$work/c" >"$work/log" 2>&1 || true
		{ grep -o 'exec/s: [0-9]*' "$work/log" || true; } | tail -n1 | awk '{ print $2 }'
	done | median
}

overhead() {
	local v=$1 t=$2
	KZFUZZ_TIMING=1 "$bdir/$v/fuzz/$t" "$root/$t" "$root/$t" "$root/$t" "$root/$t" "$root/$t" 2>&1 >/dev/null |
		sed -n 's/^kzfuzz-timing: .* inputs \([0-9]*\) total_s \([0-9.]*\) library_s \([0-9.]*\) harness_s \([0-9.]*\) overhead_pct \([0-9.]*\)$/\1 \2 \5/p'
}

for t in "$@"; do
	[ -d "$root/$t" ] || { echo "measure: $root/$t: no corpus" >&2; exit 1; }
	[ -x "$bdir/fuzz/fuzz/$t" ] || { echo "measure: $bdir/fuzz/fuzz/$t: not built" >&2; exit 1; }
done
printf '%-20s %10s %8s %12s %8s %12s\n' target exec/s inputs asan_ovh_% total_s plain_ovh_%
for t in "$@"; do
	rate=$(exec_rate "$t")
	read -r n tot pct < <(overhead asan "$t") || n=- tot=- pct=-
	read -r _ _ ppct < <(overhead plain "$t") || ppct=-
	printf '%-20s %10s %8s %12s %8s %12s\n' "$t" "$rate" "$n" "$pct" "$tot" "$ppct"
done
