#!/usr/bin/env bash
# make bench, after the builds: runs the parts and writes one run folder.
#
#   bench.sh RUN_DIR
#
# From the environment (the Makefile sets them):
#   BENCH_BIN, BENCH_LABEL          kz-bench of the tree under test, its label
#   BENCH_TREE_SRC, BENCH_KZSTD_OBJ where the data sets come from
#   BENCH_AB_BIN, BENCH_BASE_LABEL  kz-ab of this tree against the baseline
#                                   tree (optional), the baseline's label
#   BENCH_ARGS                      more kz-bench options (-l, -m, -c, ...)
#   BENCH_PARTS                     zstd,throughput (default both)
#   BENCH_FUZZ                      VARIANT=FUZZ_DIR pairs of replayer builds
#   BENCH_CORPUS                    corpus roots, colon-separated
#   BENCH_GEN_SEEDS                 gen-seeds, for targets with no corpus
#   BENCH_TARGETS                   fuzz targets
# Writes RUN_DIR.tmp/ and renames it to RUN_DIR when every part is done:
#   bench.csv bench.txt ratios.png  kernel against reference
#   compare.csv compare.txt compare.png   with a baseline: both trees in
#                                   one process (kz-ab), per stage and level
#   throughput.csv throughput.txt   replay exec/s and harness overhead
#   corpus/ (data sets + manifest), meta.txt
set -euo pipefail

die() { echo "bench: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: bench.sh RUN_DIR"
run=$1 here=$(cd "$(dirname "$0")" && pwd)
parts=${BENCH_PARTS:-zstd,throughput}
[[ ,$parts, =~ ,(zstd|throughput), ]] || die "BENCH_PARTS=$parts: want zstd, throughput or both"
[ ! -e "$run" ] || die "$run exists already (BENCH_RUN=another name)"
tmp=$run.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
t0=$(date +%s)
read -ra bench_args <<<"${BENCH_ARGS:-}"

{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -srm), $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
	echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "tree: ${BENCH_LABEL:-?}; baseline: ${BENCH_BASE_LABEL:-none}"
	echo "parts: $parts; kz-bench options: ${BENCH_ARGS:-(defaults)}"
} >"$tmp/meta.txt"

if [[ ,$parts, == *,zstd,* ]]; then
	[ -x "${BENCH_BIN:-}" ] || die "BENCH_BIN=${BENCH_BIN:-}: no kz-bench"
	"$here/bench-corpus.sh" "$BENCH_TREE_SRC" "$BENCH_KZSTD_OBJ" "$tmp/corpus"
	c=$tmp/corpus
	data=(text="$c/text" binary="$c/binary" compressed="$c/compressed"
	      repetitive="$c/repetitive" pages="$c/pages@4096")
	echo "== kernel zstd against reference zstd: $BENCH_LABEL"
	"$BENCH_BIN" "${bench_args[@]}" -T "$BENCH_LABEL" -o "$tmp/bench.csv" "${data[@]}" |
		tee "$tmp/bench.txt"
	"$here/bench-chart.sh" "$tmp/bench.csv" kernel_over_ref \
		"kernel zstd / reference zstd speed, $BENCH_LABEL (median of interleaved samples)" \
		"$tmp/ratios.png"
	if [ -n "${BENCH_AB_BIN:-}" ]; then
		echo "== candidate against baseline $BENCH_BASE_LABEL, in one process"
		"$BENCH_AB_BIN" -B -g "${bench_args[@]}" -T "$BENCH_LABEL-vs-$BENCH_BASE_LABEL" \
			-o "$tmp/compare.csv" "${data[@]}" | tee "$tmp/compare.txt"
		"$here/bench-chart.sh" "$tmp/compare.csv" kernel_over_ref \
			"kernel zstd speed, $BENCH_LABEL / $BENCH_BASE_LABEL (median of interleaved pairs, 95% interval)" \
			"$tmp/compare.png"
	fi
fi

if [[ ,$parts, == *,throughput,* ]]; then
	read -ra fuzz <<<"${BENCH_FUZZ:-}"
	read -ra targets <<<"${BENCH_TARGETS:-}"
	[ ${#fuzz[@]} -gt 0 ] && [ ${#targets[@]} -gt 0 ] || die "BENCH_FUZZ and BENCH_TARGETS must be set"
	corpora=${BENCH_CORPUS:-corpus/regression}
	if [ -x "${BENCH_GEN_SEEDS:-}" ]; then
		"$BENCH_GEN_SEEDS" "$tmp/seeds" >/dev/null || die "gen-seeds failed"
		corpora=$corpora:$tmp/seeds
	fi
	echo "== harness throughput (replay of each target's corpus; CPU time)"
	"$here/throughput.sh" "$tmp/throughput.csv" "$corpora" "${fuzz[@]}" -- "${targets[@]}" |
		tee "$tmp/throughput.txt"
	rm -rf "$tmp/seeds"
fi

{
	echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "wall time: $(($(date +%s) - t0)) s"
} >>"$tmp/meta.txt"
mv "$tmp" "$run"
sed -n 's/^\(load average\|wall time\)/bench: &/p' "$run/meta.txt"
echo "bench: results in $run/"
