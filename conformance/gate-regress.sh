#!/usr/bin/env bash
# Gate check 6: every committed corpus input (corpus/regression/<target>/)
# and every past crasher (corpus/crashers/<target>/) through the target's
# ASan+UBSan replayer.
#
#   gate-regress.sh DIR BDIR REPRO_ENV TARGET...
#
# A regression input must replay cleanly: one that crashes with a finding
# conformance/known-findings.txt covers (fuzz/crash-match.sh) is
# counted and shown as a known crash, not as a clean replay. A crasher that
# still crashes is fine only when the baseline covers it; one that no longer
# crashes passes (noted).
# A crasher whose known-findings line says "Reproducer: VAR=value with
# <path>" is replayed with that environment; one under an oom/ folder is
# replayed by the libFuzzer binary (ASan alone has no malloc limit).
# Writes DIR/result, DIR/figure, DIR/failures (message TAB command),
# DIR/findings.txt (every crash and its verdict) and the logs in DIR/logs/.
set -euo pipefail

[ $# -ge 4 ] || { echo "usage: gate-regress.sh DIR BDIR REPRO_ENV TARGET..." >&2; exit 2; }
dir=$1 bdir=$2 repro_env=$3
shift 3
known=conformance/known-findings.txt
# What gate.sh sets: stacks for aborts and UBSan, UBSan error types for the matcher.
export ASAN_OPTIONS=${ASAN_OPTIONS:-handle_abort=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1:halt_on_error=1}
timeout_s=${GATE_REPLAY_TIMEOUT:-120}
logs=$dir/logs
mkdir -p "$logs"
: >"$dir/findings.txt"
: >>"$dir/failures"
inputs=0 crashers=0 still=0 new=0 fixed=0 errors=0 known_inputs=0

fail() { printf '%s\t%s\n' "$1" "$2" >>"$dir/failures"; }

# replay TARGET FILE LOG [oom]: exit status of one input's replay.
replay() {
	local t=$1 f=$2 log=$3 rc=0 envs bin
	envs=$(fuzz/reproducer-env.sh "$known" "$f")
	if [ "${4:-}" = oom ] && [ -x "$bdir/fuzz/fuzz/$t" ]; then
		bin="$bdir/fuzz/fuzz/$t -rss_limit_mb=2048 -timeout=$timeout_s"
	else
		bin=$bdir/asan/fuzz/$t
	fi
	# shellcheck disable=SC2086
	env $envs timeout "$timeout_s" $bin "$f" >"$log" 2>&1 || rc=$?
	echo "${envs}$bin $f" >"$log.cmd"
	return $rc
}

# judge TARGET FILE LOG RC KIND: the verdict on one input that did not replay cleanly.
judge() {
	local t=$1 f=$2 log=$3 rc=$4 kind=$5 line mrc=0 cmd
	cmd="ASAN_OPTIONS=$ASAN_OPTIONS UBSAN_OPTIONS=$UBSAN_OPTIONS $(cat "$log.cmd")"
	if [ "$rc" -eq 124 ]; then
		echo "new $t | timeout | (replay took over ${timeout_s}s) | $f" >>"$dir/findings.txt"
		fail "$kind $f: new finding: $t | timeout | replay took over ${timeout_s}s" "$cmd"
		new=$((new + 1))
		return
	fi
	line=$(fuzz/crash-match.sh -k "$known" "$t" "$log" 2>&1) || mrc=$?
	echo "$line | $f" >>"$dir/findings.txt"
	case $mrc in
	0) if [ "$kind" = crasher ]; then still=$((still + 1)); else known_inputs=$((known_inputs + 1)); fi ;;
	1) new=$((new + 1)); fail "$kind $f: new finding: ${line#new }" "$cmd" ;;
	*) errors=$((errors + 1)); fail "$kind $f: the replayer failed (status $rc) without a finding: $(tail -n1 "$log")" "$cmd" ;;
	esac
}

for t in "$@"; do
	[ -x "$bdir/asan/fuzz/$t" ] || { fail "$t: no replayer $bdir/asan/fuzz/$t" "make $repro_env gate-build-asan"; errors=$((errors + 1)); continue; }
	reg=corpus/regression/$t
	if [ -d "$reg" ]; then
		n=$(find "$reg" -type f ! -name '.*' | wc -l)
		inputs=$((inputs + n))
		rc=0
		replay "$t" "$reg" "$logs/$t.regression.log" || rc=$?
		if [ $rc -ne 0 ]; then
			# Replay each file alone, so that every failing input is named.
			i=0
			while IFS= read -r f; do
				i=$((i + 1))
				rc=0
				replay "$t" "$f" "$logs/$t.regression.$i.log" || rc=$?
				[ $rc -eq 0 ] || judge "$t" "$f" "$logs/$t.regression.$i.log" $rc "regression input"
			done < <(find "$reg" -type f ! -name '.*' | sort)
		fi
	fi
	i=0
	while IFS= read -r f; do
		i=$((i + 1))
		crashers=$((crashers + 1))
		kind=; case $f in */oom/*) kind=oom ;; esac
		rc=0
		replay "$t" "$f" "$logs/$t.crasher.$i.log" $kind || rc=$?
		if [ $rc -eq 0 ]; then
			fixed=$((fixed + 1))
			echo "fixed $t | - | no longer crashes | $f" >>"$dir/findings.txt"
		else
			judge "$t" "$f" "$logs/$t.crasher.$i.log" $rc crasher
		fi
	done < <([ -d "corpus/crashers/$t" ] && find "corpus/crashers/$t" -type f ! -name '.*' | sort)
done
# Crashers of a target that no longer exists are not replayed: say so.
for d in corpus/crashers/*/ corpus/regression/*/; do
	[ -d "$d" ] || continue
	t=$(basename "$d")
	[[ " $* " == *" $t "* ]] || { fail "$d: no such target in fuzz/targets.mk" "ls $d"; errors=$((errors + 1)); }
done

# The single-defect inputs (corpus/single-defect/): the kernel must reject
# each for its check's reason (gen-single-defect check); one that is not
# names its check, and a sanitizer report names the input it follows.
single_defect() {
	local gen=$bdir/asan/bin/gen-single-defect log=$logs/single-defect.log
	local zstd
	zstd=$(dirname "$bdir")/trees/$(basename "$bdir")/src/lib/zstd
	sd_total=$(grep -c '^[^#]' corpus/single-defect/MANIFEST 2>/dev/null || echo 0)
	sd_proved=0 sd_failed=0
	[ -x "$gen" ] || { fail "single-defect: $gen not built" "make build-asan"; errors=$((errors + 1)); return; }
	"$gen" check corpus/single-defect "$zstd" >"$log" 2>&1 && return
	sd_proved=$(sed -n 's/^single-defect: checks proved: //p' "$log")
	while read -r name why; do
		fail "single-defect: check of $name not proved: $why" "$gen check corpus/single-defect $zstd"
		sd_failed=$((sd_failed + 1))
	done < <(sed -n 's/^single-defect: \([^:]*\): \(FAIL .*\|=*$\)/\1 \2/p' "$log")
	[ "$sd_failed" -gt 0 ] || fail "single-defect: check failed ($log)" "$gen check corpus/single-defect $zstd"
	sd_failed=$((sd_failed > 0 ? sd_failed : 1))
}
single_defect
[ "$sd_failed" -gt 0 ] || sd_proved=$sd_total

figure="$inputs corpus inputs ($known_inputs crash, known), $crashers crashers: $still still crash (known), $fixed no longer crash, $new new; checks proved: ${sd_proved:-0} of $sd_total with single-defect inputs"
[ $errors -eq 0 ] || figure="$figure, $errors errors"
result=pass
[ $new -eq 0 ] && [ "$sd_failed" -eq 0 ] || result=fail
[ $errors -eq 0 ] || [ $result = fail ] || result=error
printf '%s\n' "$figure" >"$dir/figure.tmp" && mv "$dir/figure.tmp" "$dir/figure"
printf '%s\n' "$result" >"$dir/result.tmp" && mv "$dir/result.tmp" "$dir/result"
