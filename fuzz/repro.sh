#!/usr/bin/env bash
# Replays one input on the ASan+UBSan replayer and says what it shows.
#   repro.sh REPLAYER INPUT TARGET KNOWN_FINDINGS
# The replayer's report goes out as it is, stack traces symbolized
# (llvm-symbolizer-14), then one line: the class and crash state and
# whether the baseline knows it. Exits 1 when the problem reproduces, 0
# when the input runs clean, 2 on bad usage.
# REPRO_TIMEOUT (s, default 30): an input still running then is a timeout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
[ $# -eq 4 ] || { echo "usage: repro.sh REPLAYER INPUT TARGET KNOWN_FINDINGS" >&2; exit 2; }
bin=$1 input=$2 target=$3 known=$4
[ -x "$bin" ] || { echo "repro: $bin: no replayer" >&2; exit 2; }
limit=${REPRO_TIMEOUT:-30}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || echo)}
# handle_abort: a harness verdict (abort) gets a stack; the allocation and
# RSS limits are libFuzzer's, so that an out-of-memory input fails here too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-symbolize=1:handle_abort=1:detect_leaks=1:max_allocation_size_mb=2048:hard_rss_limit_mb=2560}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# A committed crasher replays with the environment its known-findings line names.
envs=$("$top/fuzz/reproducer-env.sh" "$known" "$(realpath -m --relative-to="$top" "$input")")
echo "repro: $target: ${envs}$bin $input" >&2
rc=0
# shellcheck disable=SC2086
env $envs timeout -s ABRT -k 5 "$limit" "$bin" "$input" 2>&1 | tee "$log" >&2 || rc=${PIPESTATUS[0]}
if [ $rc -eq 0 ]; then
	echo "repro: $target: does not reproduce: $input runs clean on the replayer"
	exit 0
fi
if [ $rc -eq 124 ]; then
	# Stopped by SIGABRT: ASan printed where it was; the class is timeout.
	echo "repro: $target: still running after ${limit}s (REPRO_TIMEOUT): a timeout" >&2
	{ echo "==KZFUZZ== timeout $target: no verdict within ${limit}s"; cat "$log"; } >"$log.t"
	mv "$log.t" "$log"
fi
if out=$("$here/crash-state.sh" -k "$known" "$target" "$log"); then
	{ read -r class; read -r state; read -r verdict; } <<<"$out"
	echo "repro: $target: reproduces: $class | $state ($verdict$([ "$verdict" = known ] && echo ': in conformance/known-findings.txt'))"
	rec=$(dirname "$input")/finding.txt
	if [ -f "$rec" ]; then
		rclass=$(sed -n 's/^class: //p' "$rec") rstate=$(sed -n 's/^state: //p' "$rec")
		if [ "$rclass | $rstate" = "$class | $state" ]; then
			echo "repro: $target: as recorded in $rec"
		else
			echo "repro: $target: recorded as $rclass | $rstate (found by $(sed -n 's/^engine: //p' "$rec"), whose limits differ)"
		fi
	fi
else
	echo "repro: $target: the replayer failed (exit $rc) without a report"
fi
exit 1
