#!/usr/bin/env bash
# Classify one crash log and look it up in the known-findings baseline.
#
#   crash-match.sh [-k KNOWN_FINDINGS] TARGET LOG
#
# LOG is what a replayer or a libFuzzer binary printed (stderr). Prints one
# line:
#   known|new TARGET | CLASS | STATE
# and exits 0 if conformance/known-findings.txt (or -k FILE) covers the
# finding, 1 if it is new, 2 if LOG holds no finding or on bad input.
#
# CLASS: the `==KZFUZZ== <class>` line if there is one, else the sanitizer's
# (asan:<type>, ubsan:<check>), else libFuzzer's (timeout, oom, leak,
# crash:<signal>). STATE: the top 3 meaningful frames of the first stack in
# the log, ' > ' separated: frames without source (libc, sanitizer and
# libFuzzer runtimes: no absolute source path, or one in compiler-rt) and the harness's own report functions (abort paths:
# $GATE_MATCH_SKIP) are left out; frames below LLVMFuzzerTestOneInput too.
# A known entry covers a finding when target (or *), class and state are
# equal. A timeout reported by the harness's runaway guard is reported after
# unwinding out of the loop, so its stack starts at the frame that called
# into the loop: a known timeout whose state ends with that frame covers it.
set -euo pipefail

known=conformance/known-findings.txt
if [ "${1:-}" = "-k" ]; then
	known=${2:?crash-match: -k needs a file}
	shift 2
fi
[ $# -eq 2 ] || { echo "usage: crash-match.sh [-k KNOWN_FINDINGS] TARGET LOG" >&2; exit 2; }
target=$1 log=$2
[ -r "$log" ] || { echo "crash-match: $log: cannot read the log" >&2; exit 2; }
[ -r "$known" ] || { echo "crash-match: $known: cannot read the known findings" >&2; exit 2; }
skip=${GATE_MATCH_SKIP:-'^(abort|raise|__GI_.*|__libc_.*|fan_finding|zo_expect|zo_contract|zo_report|kh_warn|__sanitizer.*|__asan.*|__ubsan.*|__interceptor_.*|fuzzer::.*)$'}

# UBSan's error types (report_error_type=1) to -fsanitize= check names.
ubsan_check() {
	case $1 in
	misaligned-pointer-use) echo alignment ;;
	out-of-bounds-index) echo bounds ;;
	null-pointer-use) echo null ;;
	shift-base | shift-exponent) echo shift ;;
	invalid-bool-load) echo bool ;;
	invalid-enum-load) echo enum ;;
	undefined-behavior) echo unknown ;;
	*) echo "$1" ;;
	esac
}

# The class, from the first line that names one.
class=$(awk '
	function found(c) { print c; done = 1; exit }
	/==KZFUZZ== / { sub(/.*==KZFUZZ== /, ""); found($1) }
	/ERROR: libFuzzer: timeout/ { found("timeout") }
	/ERROR: libFuzzer: out-of-memory/ { found("oom") }
	/ERROR: LeakSanitizer/ { found("leak") }
	/SUMMARY: UndefinedBehaviorSanitizer: / {
		sub(/.*SUMMARY: UndefinedBehaviorSanitizer: /, ""); found("ubsan-type:" $1) }
	/runtime error: / { rt = 1 }
	/SUMMARY: AddressSanitizer: / { sub(/.*SUMMARY: AddressSanitizer: /, ""); found("asan:" $1) }
	/ERROR: libFuzzer: deadly signal/ { found("crash:deadly-signal") }
	END { if (!done && rt) print "ubsan-type:undefined-behavior" }
' "$log")
case $class in
ubsan-type:*) class="ubsan:$(ubsan_check "${class#ubsan-type:}")" ;;
asan:ABRT | crash:deadly-signal) class=crash:abort ;;
asan:SEGV) class=asan:SEGV ;;
# Only the guards around the zstd targets' buffers (fuzz/zstd_fuzz.c) are
# poisoned by hand: an access there is outside a heap buffer, as in a redzone.
asan:use-after-poison) class=asan:heap-buffer-overflow ;;
esac
[ -n "$class" ] || { echo "crash-match: $log: no finding in the log" >&2; exit 2; }

# The top 3 meaningful frames of the first stack.
state=$(awk -v skip="$skip" '
	/^ *#[0-9]+ 0x[0-9a-f]+ in / {
		started = 1
		line = $0
		sub(/^ *#[0-9]+ 0x[0-9a-f]+ in /, "", line)
		fn = line; sub(/[ (].*/, "", fn)
		if (fn == "LLVMFuzzerTestOneInput") last = 1
		# Our code has absolute source paths; libc, runtimes and libFuzzer do not, or live in compiler-rt.
		if (!match(line, / \/[^ ()]*(:[0-9]+(:[0-9]+)?)?$/) || line ~ /\/compiler-rt\/|\/sanitizer_common\/|\/lib\/fuzzer\// || fn ~ skip)
			next
		if (n < 3 && !stop) { out = n ? out " > " fn : fn; n++ }
		if (last) stop = 1
		next
	}
	started && n { print out; done = 1; exit }
	END { if (!done && n) print out }
' "$log" | head -n1)
[ -n "$state" ] || state="(no stack)"

# An oracle finding's state is the harness's, not its frames: the API step,
# both sides' results and the site (frame, block, part) from the report.
if [[ $class == oracle:* ]]; then
	state=$(awk '
		/==KZFUZZ== / && !v { v = $0; sub(/.*==KZFUZZ== [^ ]+ [^ ]+: /, "", v)
			step = v; sub(/: .*/, "", step); sub(/^[^:]*: /, "", v) }
		/^  site: / && !site { site = $0; sub(/^  site: +/, "", site)
			sub(/, input offset [0-9]+\)/, ")", site); sub(/, output .*/, "", site) }
		END { print step " > " v " > " (site ? site : "no site") }
	' "$log")
fi
# A memory error: READ or WRITE and the access size, rounded up to a power of two.
access=$(awk '/^(READ|WRITE) of size [0-9]+ / { n = 1; while (n < $4) n *= 2
	print $1 " " (n > 64 ? ">64" : n); exit }' "$log")
[ -z "$access" ] || state="$state ($access)"
# Modes a finding depends on, which the target prints (kzfuzz: env NAME).
for env in $(sed -n 's/^kzfuzz: env \([A-Z_0-9]*\).*/\1/p' "$log" | sort -u); do
	state="$state [$env]"
done

verdict=new
while IFS='|' read -r k_target k_class k_state _; do
	k_target=$(echo "$k_target" | xargs)
	k_class=$(echo "$k_class" | xargs)
	k_state=$(echo "$k_state" | sed 's/^ *//; s/ *$//')
	[ "$k_target" = "$target" ] || [ "$k_target" = "*" ] || continue
	[ "$k_class" = "$class" ] || continue
	if [ "$k_state" = "$state" ]; then
		verdict=known
		break
	fi
	# The runaway guard: the state starts at the frame that called into the loop.
	if [ "$class" = timeout ] && [ "${k_state##* > }" = "${state%% > *}" ]; then
		verdict=known
		break
	fi
done < <(grep -v '^[[:space:]]*#' "$known" | grep '|')

echo "$verdict $target | $class | $state"
[ $verdict = known ]
