#!/usr/bin/env bash
# Gate check 7: every target's libFuzzer binary for SECONDS, JOBS targets at
# a time, from a copy of the committed corpus (corpus/regression/<target>/,
# the fanotify captures) and the deterministic seeds, with a fixed -seed.
#
#   gate-fuzz.sh DIR BDIR SECONDS JOBS SEED SEEDS_DIR REPRO_ENV TARGET...
#
# A crash stops libFuzzer: its artifact is kept under DIR/../findings/<target>/,
# classified by fuzz/crash-match.sh, and the target fuzzes on from the
# grown corpus with the next seed until its SECONDS are used up (at most
# GATE_FUZZ_RESTARTS runs; after 4 known findings with
# KZ_FANOTIFY_WELLFORMED_ONLY=1, which only the fanotify targets read). A finding the findings registry does not
# cover fails the check; a run killed by the timeout is an error.
# Writes DIR/<target>/{result,figure,findings.txt,run.N.log} and DIR/result,
# DIR/figure, DIR/failures (message TAB command).
set -euo pipefail

[ $# -ge 8 ] || { echo "usage: gate-fuzz.sh DIR BDIR SECONDS JOBS SEED SEEDS_DIR REPRO_ENV TARGET..." >&2; exit 2; }
dir=$1 bdir=$2 secs=$3 jobs=$4 seed=$5 seeds=$6 repro_env=$7
shift 7
known=corpus/findings.txt
# What gate.py sets: stacks for aborts and UBSan, UBSan error types for the matcher.
export ASAN_OPTIONS=${ASAN_OPTIONS:-handle_abort=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1:halt_on_error=1}
findings=$(dirname "$dir")/findings
max_runs=${GATE_FUZZ_RESTARTS:-20}
unit_timeout=${GATE_FUZZ_UNIT_TIMEOUT:-25}
: >>"$dir/failures"

put() { printf '%s\n' "$2" >"$1.tmp" && mv "$1.tmp" "$1"; }

# drop_from_corpus DIR FILE: removes the copies of FILE's bytes from DIR.
drop_from_corpus() {
	local sum f
	sum=$(sha1sum <"$2" | cut -d' ' -f1)
	{ sha1sum -- "$1"/* 2>/dev/null || true; } | awk -v s="$sum" '$1 == s { sub(/^[0-9a-f]+  /, ""); print }' |
		while IFS= read -r f; do rm -f -- "$f"; done
}

fuzz_one() {
	local t=$1 td=$dir/$1 art=$findings/$1 bin=$bdir/fuzz/fuzz/$1
	local deadline left runs=0 execs=0 known_n=0 new_n=0 err=0 rc log a line mrc dict=()
	mkdir -p "$td/corpus" "$art"
	: >"$td/findings.txt"
	: >"$td/failures"
	if [ ! -x "$bin" ]; then
		printf '%s\t%s\n' "$t: no libFuzzer binary $bin" "make $repro_env gate-build-fuzz" >>"$td/failures"
		put "$td/figure" "not built"
		put "$td/result" error
		return
	fi
	[ ! -d "corpus/regression/$t" ] || cp -p "corpus/regression/$t"/* "$td/corpus/" 2>/dev/null || true
	case $t in
	fanotify_*)
		cp -p "$seeds/fanotify"/* "$td/corpus/" 2>/dev/null || true
		cp -p corpus/fanotify-captures/*.bin "$td/corpus/" 2>/dev/null || true ;;
	*) cp -p "$seeds/$t"/* "$td/corpus/" 2>/dev/null || true ;;
	esac
	[ ! -f "corpus/dicts/$t.dict" ] || dict=(-dict="corpus/dicts/$t.dict")
	deadline=$(($(date +%s) + secs))
	while left=$((deadline - $(date +%s))) && [ $left -ge 1 ]; do
		if [ $runs -ge "$max_runs" ]; then
			echo "stopped after $runs runs" >>"$td/findings.txt"
			break
		fi
		log=$td/run.$runs.log
		rc=0
		# Past a few known findings, the fanotify targets fuzz well-formed buffers only
		# (fuzz/fanotify_sample.c: the differential beyond the sample's known bugs).
		[ $known_n -lt 4 ] || export KZ_FANOTIFY_WELLFORMED_ONLY=1
		timeout $((left + 60)) "$bin" -seed=$((seed + runs)) -max_total_time=$left \
			-timeout="$unit_timeout" -rss_limit_mb=2048 -artifact_prefix="$art/" \
			-print_final_stats=1 "${dict[@]}" "$td/corpus" >"$log" 2>&1 || rc=$?
		runs=$((runs + 1))
		execs=$((execs + $(sed -n 's/^#\([0-9]\+\).*/\1/p' "$log" | tail -n1 | grep . || echo 0)))
		[ $rc -ne 0 ] || break
		if [ $rc -eq 124 ]; then
			err=$((err + 1))
			printf '%s\t%s\n' "$t: the fuzzing run was killed by the timeout (log $log)" \
				"$bin -seed=$((seed + runs - 1)) -max_total_time=$left $td/corpus" >>"$td/failures"
			break
		fi
		a=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n1)
		mrc=0
		line=$(fuzz/crash-match.sh -k "$known" "$t" "$log" 2>&1) || mrc=$?
		echo "$line | ${a:-no artifact} | $log" >>"$td/findings.txt"
		# A starting input that crashes would stop every run at once: out of this run's copy.
		[ -z "$a" ] || [ ! -f "$a" ] || drop_from_corpus "$td/corpus" "$a"
		case $mrc in
		0) known_n=$((known_n + 1)) ;;
		1)
			# One failure line per new crash state.
			if ! grep -qF "new finding: ${line#new }" "$td/failures"; then
				printf '%s\t%s\n' "$t: new finding: ${line#new } (input ${a:-not written}, log $log)" \
					"ASAN_OPTIONS=$ASAN_OPTIONS UBSAN_OPTIONS=$UBSAN_OPTIONS $bdir/asan/fuzz/$t ${a:-$log}" >>"$td/failures"
			fi
			new_n=$((new_n + 1)) ;;
		*)
			err=$((err + 1))
			printf '%s\t%s\n' "$t: libFuzzer stopped (status $rc) without a finding (log $log)" \
				"$bin -seed=$((seed + runs - 1)) $td/corpus" >>"$td/failures"
			break ;;
		esac
	done
	put "$td/figure" "$execs execs in $runs runs, $known_n known, $new_n new"
	if [ $new_n -gt 0 ]; then
		put "$td/result" fail
	elif [ $err -gt 0 ]; then
		put "$td/result" error
	else
		put "$td/result" pass
	fi
}

running=0
for t in "$@"; do
	if [ $running -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	fuzz_one "$t" &
	running=$((running + 1))
done
wait

execs=0 known_n=0 new_n=0 result=pass
for t in "$@"; do
	td=$dir/$t
	[ -s "$td/result" ] || { put "$td/result" error; put "$td/figure" "did not finish"; }
	r=$(cat "$td/result")
	cat "$td/failures" >>"$dir/failures" 2>/dev/null || true
	read -r e _ _ _ _ k _ n _ <"$td/figure" || true
	[[ $e =~ ^[0-9]+$ ]] && execs=$((execs + e))
	[[ ${k:-} =~ ^[0-9]+$ ]] && known_n=$((known_n + k))
	[[ ${n:-} =~ ^[0-9]+$ ]] && new_n=$((new_n + n))
	echo "$t: $r - $(cat "$td/figure")"
	case $r in
	fail) result=fail ;;
	error) [ $result = fail ] || result=error ;;
	esac
done
put "$dir/figure" "$# targets x ${secs}s: $execs execs, $known_n known findings, $new_n new"
put "$dir/result" $result
