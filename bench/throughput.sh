#!/usr/bin/env bash
# Harness throughput: exec/s of each fuzz target's standalone replayer on
# its corpus, in each build given, and the harness overhead the target
# reports itself (fuzz/fuzz_timing.h: time outside the library calls as a
# share of the time inside them, KZFUZZ_TIMING=1).
#
#   throughput.sh OUT_CSV CORPUS_DIRS VARIANT=FUZZ_DIR... -- TARGET...
#
# CORPUS_DIRS: folders holding <target>/ corpora, colon-separated, first
# match wins. Each measurement replays the corpus N times in one process
# (N chosen so that one replay takes about BENCH_REPLAY_S CPU seconds,
# default 0.5) and is repeated BENCH_REPLAY_REPS times (default 3): exec/s
# is inputs * N / (user + system CPU time), median with min and max.
set -euo pipefail

die() { echo "throughput: $*" >&2; exit 1; }

[ $# -ge 4 ] || die "usage: throughput.sh OUT_CSV CORPUS_DIRS VARIANT=FUZZ_DIR... -- TARGET..."
out=$1 dirs=$2
shift 2
variants=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	[[ $1 == *=* ]] || die "bad build '$1' (VARIANT=FUZZ_DIR)"
	[ -d "${1#*=}" ] || die "${1#*=}: no such folder"
	variants+=("$1")
	shift
done
[ $# -gt 0 ] || die "no '--' before the targets"
shift
[ $# -gt 0 ] || die "no target given"
target_s=${BENCH_REPLAY_S:-0.5}
reps=${BENCH_REPLAY_REPS:-3}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPLAY_REPS=$reps: not a positive number"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kz-throughput.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

corpus_of() {
	local d
	IFS=: read -ra roots <<<"$dirs"
	for d in "${roots[@]}"; do
		[ -d "$d/$1" ] && [ -n "$(ls -A "$d/$1")" ] && { echo "$d/$1"; return; }
	done
	return 0
}

# CPU seconds (user + system) of one replay of the corpus given N times;
# empty when the replayer fails.
cpu_of() {
	local bin=$1 corpus=$2 n=$3 args=() i t
	for ((i = 0; i < n; i++)); do
		args+=("$corpus")
	done
	TIMEFORMAT='%3U %3S'
	if ! { time "$bin" "${args[@]}" >/dev/null 2>"$tmp/replay.err"; } 2>"$tmp/time"; then
		return 0
	fi
	read -r u s <"$tmp/time"
	awk -v u="$u" -v s="$s" 'BEGIN { t = u + s; printf "%.3f\n", (t > 0.001 ? t : 0.001) }'
}

stats() {	# median min max of the numbers on stdin
	sort -g | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.1f %.1f %.1f\n", m, v[1], v[NR] }'
}

echo "target,variant,corpus,inputs,passes,execs_per_s,execs_min,execs_max,reps,cpu_s,overhead_pct,library_s,harness_s,status" >"$out.tmp"
printf '%-20s %-6s %6s %6s | %-28s | %9s %s\n' target build inputs passes \
	"exec/s med [min-max]" overhead status
for t in "$@"; do
	corpus=$(corpus_of "$t")
	if [ -z "$corpus" ]; then
		echo "$t,,,,,,,,,,,,,no corpus" >>"$out.tmp"
		printf '%-20s %-6s %s\n' "$t" - "no corpus in $dirs"
		continue
	fi
	inputs=$(find "$corpus" -type f ! -name '.*' | wc -l)
	for v in "${variants[@]}"; do
		name=${v%%=*} bin=${v#*=}/$t status=ok over= lib= har=
		[ -x "$bin" ] || die "$bin: no replayer"
		one=$(cpu_of "$bin" "$corpus" 1)
		if [ -z "$one" ]; then
			status="replay fails: $(grep -m1 -E "ERROR|==KZFUZZ==|cannot" "$tmp/replay.err" | tr , ";" | cut -c1-80 || true)"
			echo "$t,$name,$corpus,$inputs,,,,,,,,,,$status" >>"$out.tmp"
			printf '%-20s %-6s %6s %6s | %-28s | %9s %s\n' "$t" "$name" "$inputs" - - - "$status"
			continue
		fi
		n=$(awk -v t="$target_s" -v o="$one" 'BEGIN { n = int(t / o + 0.999); print n < 1 ? 1 : (n > 500 ? 500 : n) }')
		: >"$tmp/rates"
		total=0
		for ((r = 0; r < reps; r++)); do
			c=$(cpu_of "$bin" "$corpus" "$n")
			[ -n "$c" ] || { status="replay fails on pass $r"; break; }
			awk -v i="$inputs" -v n="$n" -v c="$c" 'BEGIN { printf "%.3f\n", i * n / c }' >>"$tmp/rates"
			total=$(awk -v a="$total" -v b="$c" 'BEGIN { print a + b }')
		done
		read -r med min max < <(stats <"$tmp/rates")
		# More than 10% between the slowest and fastest repetition: noisy.
		if [ "$status" = ok ] &&
		   awk -v a="$min" -v b="$max" -v m="$med" 'BEGIN { exit !(m > 0 && (b - a) / m > 0.10) }'; then
			status="ok NOISY"
		fi
		args=()
		for ((r = 0; r < n; r++)); do
			args+=("$corpus")
		done
		if KZFUZZ_TIMING=1 "$bin" "${args[@]}" >/dev/null 2>"$tmp/timing.err" &&
		   line=$(grep -m1 '^kzfuzz-timing:' "$tmp/timing.err"); then
			read -r lib har over < <(awk '{ for (i = 1; i < NF; i++) v[$i] = $(i + 1)
				print v["library_s"], v["harness_s"], v["overhead_pct"] }' <<<"$line")
		fi
		echo "$t,$name,$corpus,$inputs,$n,$med,$min,$max,$reps,$total,$over,$lib,$har,$status" >>"$out.tmp"
		printf '%-20s %-6s %6s %6s | %-28s | %9s %s\n' "$t" "$name" "$inputs" "$n" \
			"$med [$min-$max]" "${over:+$over%}" "$status"
	done
done
mv "$out.tmp" "$out"
