#!/usr/bin/env bash
# The pre-merge conformance gate: may this tree's zstd and fanotify sample
# merge? Called by `make gate` (conformance/gate.goals.mk):
#
#   gate.sh --build BUILD --kernel-src TREE --baseline-src TREE --seconds N [--quick]
#
# --quick (make gate-short): the check programs that take --quick (their
# usage text says so) run their quick subset.
# Builds the harness against the tree, runs the checks, each into
# $BUILD/gate/<run>/NN-<check>/ (result, figure, failures, logs), then
# conformance/gate-report.sh prints the summary table and writes
# report.tap and report.junit.xml. Exit 0 only when every check passed or
# was skipped by design; 1 otherwise; 2 on bad arguments.
#
# When the self-test fails, checks 2-5 still run (they name the cause);
# 6-8 are skipped.
# Environment: MAKE; GATE_JOBS (build jobs, 2); GATE_SPEED_LOSS (percent, 5); GATE_STACK_GROWTH
# (bytes, 64); GATE_FUZZ_JOBS (2); GATE_FUZZ_SEED (1); GATE_CHECK_TIMEOUT
# (seconds per check program, 600); GATE_BUILD_TIMEOUT (seconds per
# variant build, 1800).
set -euo pipefail

die() { echo "gate: $*" >&2; exit 2; }

build= ksrc= bsrc= secs= quick=0
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=${2-}; shift 2 ;;
	--kernel-src) ksrc=${2-}; shift 2 ;;
	--baseline-src) bsrc=${2-}; shift 2 ;;
	--seconds) secs=${2-}; shift 2 ;;
	--quick) quick=1; shift ;;
	*) die "unknown argument '$1' (usage: gate.sh --build B --kernel-src T --baseline-src T --seconds N)" ;;
	esac
done
[ -n "$build" ] || die "--build is empty"
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS='$secs': not a positive whole number of seconds"
for v in GATE_JOBS GATE_SPEED_LOSS GATE_STACK_GROWTH GATE_FUZZ_JOBS GATE_FUZZ_SEED GATE_CHECK_TIMEOUT GATE_BUILD_TIMEOUT; do
	[ -z "${!v:-}" ] || [[ ${!v} =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "$v='${!v}': not a number"
done
MAKE=${MAKE:-make}
check_timeout=${GATE_CHECK_TIMEOUT:-600}
build_timeout=${GATE_BUILD_TIMEOUT:-1800}
fuzz_jobs=${GATE_FUZZ_JOBS:-2}
# Build jobs: a recursive make does not always get the caller's jobserver.
jobs=${GATE_JOBS:-2}
here=conformance
export ASAN_OPTIONS=${GATE_ASAN_OPTIONS:-handle_abort=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${GATE_UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1:halt_on_error=1}

now() { date +%s.%N; }
loc=$($MAKE -s --no-print-directory BUILD="$build" KERNEL_SRC="$ksrc" gate-where 2>&1 || true)
bdir=$(sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p' <<<"$loc")
tree_id=$(sed -n 's/^gate-where: .*tree_id=\([^ ]*\).*/\1/p' <<<"$loc")
run_id="$(date -u +%Y%m%dT%H%M%SZ)-${tree_id:-unstaged}"
run=$build/gate/$run_id
mkdir -p "$run"
ln -sfn "$run_id" "$build/gate/latest"
repro_env="BUILD=$build${ksrc:+ KERNEL_SRC=$ksrc}"
echo "gate: run $run ($repro_env${bsrc:+ BASELINE_SRC=$bsrc} SECONDS=$secs)"
# Interrupted: the reports of what ran (a check without a result shows as an error).
trap 'echo "gate: interrupted"; conformance/gate-report.sh "$run" || true; exit 130' INT TERM

# One check's folder; result files are written there.
cdir() { echo "$run/$1"; }
# set_result DIR RESULT FIGURE: writes result and figure (write-then-rename).
set_result() {
	printf '%s\n' "$2" >"$1/result.tmp" && mv "$1/result.tmp" "$1/result"
	printf '%s\n' "$3" >"$1/figure.tmp" && mv "$1/figure.tmp" "$1/figure"
}
# add_failure DIR MESSAGE REPRO: one line of DIR/failures (message TAB command).
add_failure() { printf '%s\t%s\n' "$2" "$3" >>"$1/failures"; }
begin() {
	mkdir -p "$(cdir "$1")"
	: >"$(cdir "$1")/failures"
	echo "$2" >"$(cdir "$1")/title"
	t_start=$(now)
	echo "gate: $2 ..."
}
end() {
	awk -v a="$t_start" -v b="$(now)" 'BEGIN { printf "%.1f\n", b - a }' >"$(cdir "$1")/time"
	echo "gate:   $(cat "$(cdir "$1")/result") - $(cat "$(cdir "$1")/figure")"
}
# skip_all REASON CHECK...: every CHECK skipped or errored with REASON.
mark() {
	local result=$1 reason=$2 c
	shift 2
	for c in "$@"; do
		begin "$c" "$(title_of "$c")"
		set_result "$(cdir "$c")" "$result" "$reason"
		[ "$result" != error ] || add_failure "$(cdir "$c")" "$reason" "$MAKE $repro_env gate"
		end "$c"
	done
}
title_of() {
	case $1 in
	00-build) echo "build of the harness against the tree" ;;
	01-selftest) echo "build self-test" ;;
	02-api-contract) echo "API contract" ;;
	03-golden) echo "golden vectors" ;;
	04-callers) echo "caller profiles" ;;
	05-stack) echo "stack usage" ;;
	06-regression) echo "regression corpus" ;;
	07-fuzz) echo "time-boxed fuzzing" ;;
	08-baseline) echo "baseline comparison" ;;
	esac
}
CHECKS=(00-build 01-selftest 02-api-contract 03-golden 04-callers 05-stack 06-regression 07-fuzz 08-baseline)

finish() {
	$here/gate-report.sh "$run"
}

# --- build -------------------------------------------------------------
begin 00-build "$(title_of 00-build)"
d=$(cdir 00-build)
declare -A built=()
if [ -z "$bdir" ]; then
	echo "$loc" >"$d/stage.log"
	set_result "$d" error "the tree cannot be staged: $(tail -n1 "$d/stage.log")"
	add_failure "$d" "the tree cannot be staged: $(tail -n1 "$d/stage.log")" "$MAKE $repro_env gate-where"
	end 00-build
	for c in "${CHECKS[@]:1}"; do mark error "not run: the tree cannot be staged" "$c"; done
	finish
	exit 1
fi
failed=()
for v in asan plain fuzz; do
	if timeout "$build_timeout" $MAKE -j"$jobs" --no-print-directory BUILD="$build" KERNEL_SRC="$ksrc" \
		"gate-build-$v" >"$d/build-$v.log" 2>&1; then
		built[$v]=1
	else
		failed+=("$v")
		add_failure "$d" "the $v variant does not build: $(grep -m1 -E 'error|Error' "$d/build-$v.log" || tail -n1 "$d/build-$v.log")" \
			"$MAKE $repro_env gate-build-$v"
	fi
done
if [ ${#failed[@]} -eq 0 ]; then
	set_result "$d" pass "asan, plain and fuzz variants of $tree_id built"
else
	set_result "$d" error "variants that do not build: ${failed[*]} (logs: $d/build-*.log)"
fi
end 00-build

# needs VARIANT CHECK: with the variant not built, the check is an error.
needs() {
	[ -n "${built[$1]:-}" ] && return 0
	mark error "not run: the $1 variant does not build" "$2"
	return 1
}

# --- 1: self-test --------------------------------------------------------
selftest_ok=0
if needs asan 01-selftest; then
	begin 01-selftest "$(title_of 01-selftest)"
	d=$(cdir 01-selftest)
	rc=0
	timeout "$check_timeout" "$bdir/asan/bin/kh-selftest" >"$d/log" 2>&1 || rc=$?
	repro="$MAKE $repro_env selftest"
	case $rc in
	0) selftest_ok=1; set_result "$d" pass "$(tail -n1 "$d/log")" ;;
	1)
		set_result "$d" fail "$(tail -n1 "$d/log")"
		{ grep -E 'FAIL|broken' "$d/log" || true; } | head -n 20 | while IFS= read -r l; do
			add_failure "$d" "$l" "$repro"
		done
		[ -s "$d/failures" ] || add_failure "$d" "$(tail -n1 "$d/log")" "$repro" ;;
	124) set_result "$d" error "timed out after ${check_timeout}s"; add_failure "$d" "timed out" "$repro" ;;
	*) set_result "$d" error "exited with status $rc (crash?): $(tail -n1 "$d/log")"
		add_failure "$d" "exited with status $rc" "$repro" ;;
	esac
	end 01-selftest
fi
# --- 2-5: the check programs ----------------------------------------------
# They run even when the self-test failed: their lines name the cause.
# run_prog CHECK VARIANT PROGRAM ARGS...: a gate-<name> program (TAP-like
# lines, one "figure:" line, exit 0/1/2) run from the top of the repo.
run_prog() {
	local c=$1 v=$2 p=$3 d rc=0 bin repro
	shift 3
	needs "$v" "$c" || return 0
	begin "$c" "$(title_of "$c")"
	d=$(cdir "$c")
	bin=$bdir/$v/bin/$p
	repro="$bin${*:+ $*}"
	if [ ! -x "$bin" ]; then
		set_result "$d" error "not built: $bin does not exist"
		add_failure "$d" "not built: $p (no such program in the $v variant)" "$MAKE $repro_env gate-build-$v"
		end "$c"
		return 0
	fi
	if [ $quick -eq 1 ] && grep -qaF -- '[--quick]' "$bin"; then
		set -- "$@" --quick
		repro="$bin $*"
	fi
	echo "$repro" >"$d/command"
	timeout "$check_timeout" "$bin" "$@" >"$d/log" 2>&1 || rc=$?
	local figure
	figure=$(sed -n 's/^figure: //p' "$d/log" | tail -n1)
	{ grep '^not ok ' "$d/log" || true; } | while IFS= read -r l; do
		add_failure "$d" "${l#not ok }" "$repro"
	done
	case $rc in
	0)
		if [ -s "$d/failures" ]; then
			set_result "$d" error "exit 0 with failing lines: ${figure:-no figure}"
		elif [ -z "$figure" ]; then
			set_result "$d" error "exit 0 without a figure line"
		else
			set_result "$d" pass "$figure"
		fi ;;
	1)
		set_result "$d" fail "${figure:-no figure}"
		[ -s "$d/failures" ] || add_failure "$d" "exit 1 without a 'not ok' line: $(tail -n1 "$d/log")" "$repro" ;;
	2)
		set_result "$d" error "error: $(tail -n1 "$d/log")"
		add_failure "$d" "error: $(tail -n1 "$d/log")" "$repro" ;;
	124)
		set_result "$d" error "timed out after ${check_timeout}s"
		add_failure "$d" "timed out after ${check_timeout}s (partial log: $d/log)" "$repro" ;;
	*)
		set_result "$d" error "exited with status $rc (crash; log: $d/log)"
		add_failure "$d" "exited with status $rc: $(grep -m1 -E 'ERROR|SUMMARY|runtime error' "$d/log" || tail -n1 "$d/log")" "$repro" ;;
	esac
	end "$c"
}
run_prog 02-api-contract asan gate-api-contract
run_prog 03-golden asan gate-golden
run_prog 04-callers asan gate-callers
run_prog 05-stack plain gate-stack --csv "$(cdir 05-stack)/stack.csv"
# A build that fails its self-test gives false findings: no corpus, fuzzing or baseline.
if [ $selftest_ok -eq 0 ]; then
	for c in 06-regression 07-fuzz 08-baseline; do
		mark skip "not run: the build self-test did not pass, the results would be false findings" "$c"
	done
	finish
	exit 1
fi

# --- 6: regression corpus --------------------------------------------------
targets=$($MAKE -s --no-print-directory -f - <<<$'include fuzz/targets.mk\nall:\n\t@echo $(FUZZ_TARGETS)')
[ -n "$targets" ] || die "fuzz/targets.mk lists no targets"
# The deterministic seeds: fuzzing starts from them and the committed corpus.
seeds=$run/seeds
mkdir -p "$seeds/fanotify"
"$bdir/asan/bin/gen-seeds" "$seeds" >"$run/seeds.log" 2>&1 || echo "gate: gen-seeds failed (see $run/seeds.log)"
"$bdir/asan/bin/fanotify-seeds" "$seeds/fanotify" >>"$run/seeds.log" 2>&1 || echo "gate: fanotify-seeds failed (see $run/seeds.log)"

# run_script CHECK TIMEOUT SCRIPT ARGS...: one of our check scripts, which
# writes result, figure and failures itself; a crash or a hang is an error.
run_script() {
	local c=$1 t=$2 s=$3 d rc=0
	shift 3
	begin "$c" "$(title_of "$c")"
	d=$(cdir "$c")
	timeout "$t" "$s" "$d" "$@" >"$d/log" 2>&1 || rc=$?
	if [ $rc -ne 0 ] || [ ! -s "$d/result" ]; then
		set_result "$d" error "$(basename "$s") $([ $rc -eq 124 ] && echo "timed out after ${t}s" || echo "stopped with status $rc"); partial results kept: $(cat "$d/figure" 2>/dev/null || tail -n1 "$d/log")"
		add_failure "$d" "$(basename "$s") did not finish (status $rc; log $d/log)" "$s $d $*"
	fi
	end "$c"
}
if needs asan 06-regression; then
	run_script 06-regression "$check_timeout" $here/gate-regress.sh "$bdir" "$repro_env" $targets
fi

# --- 7: time-boxed fuzzing -------------------------------------------------
if needs fuzz 07-fuzz; then
	rounds=$(( ($(wc -w <<<"$targets") + fuzz_jobs - 1) / fuzz_jobs ))
	run_script 07-fuzz $(( rounds * (secs + 60) + 120 )) $here/gate-fuzz.sh "$bdir" "$secs" "$fuzz_jobs" \
		"${GATE_FUZZ_SEED:-1}" "$seeds" "$repro_env" $targets
fi

# --- 8: baseline comparison ------------------------------------------------
if [ -z "$bsrc" ]; then
	mark skip "no BASELINE_SRC given" 08-baseline
elif needs plain 08-baseline; then
	run_script 08-baseline $(( build_timeout + check_timeout * 2 )) $here/gate-baseline.sh "$bdir" \
		"$build" "$bsrc" "$seeds" "$(cdir 05-stack)/stack.csv"
fi

finish
