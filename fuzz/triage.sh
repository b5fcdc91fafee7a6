#!/usr/bin/env bash
# Files crash inputs of one target as findings.
#   triage.sh TARGET KIND FILE...
# KIND: how the engine filed them (crash, timeout, oom, leak; libFuzzer's
# artifact prefix or AFL's crashes/hangs), used when a file does not
# reproduce. Each file is copied into FINDINGS/TARGET/.incoming/ first,
# then replayed by the libFuzzer build to get its class and crash state
# (fuzz/crash-state.sh); same class and state = one finding
# FINDINGS/TARGET/<class>-<hash>/, which keeps:
#   input        the first input (more/: a few more, hits: sha1 of every one)
#   input.min    the minimized input, when it keeps the class and state
#   report.txt   the sanitizer/oracle report of input; finding.txt the record
# A file already counted (its sha1 in some hits) is skipped, so triage may
# run again over the same files. A full disk stops triage with one line
# before anything is recorded from a report it may have cut short; the
# input stays in .incoming for the next triage.
# Environment (set by the campaign and the Makefile):
#   KZ_FINDINGS KZ_FUZZBIN (libFuzzer binary) KZ_TREE_DIR KZ_BASELINE
#   KZ_ENGINE=libfuzzer|afl, KZ_AFLBIN (AFL binary, for afl-tmin)
#   KZ_TIMEOUT (s, default 10), KZ_MIN_SECONDS (minimization bound, default
#   20; 0 leaves minimization pending), KZ_REPRO_ARGS (extra make repro args)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
said=
die() { said=1; echo "triage: $*" >&2; exit 1; }
. "$here/fs-write.sh"
[ $# -ge 2 ] || die "usage: triage.sh TARGET KIND FILE..."
target=$1 kind=$2
shift 2
: "${KZ_FINDINGS:?}" "${KZ_FUZZBIN:?}" "${KZ_TREE_DIR:?}" "${KZ_BASELINE:?}"
engine=${KZ_ENGINE:-libfuzzer}
timeout_s=${KZ_TIMEOUT:-10}
min_s=${KZ_MIN_SECONDS:-20}
[ -x "$KZ_FUZZBIN" ] || die "$KZ_FUZZBIN: no libFuzzer build of $target"
# Absolute paths: minimization runs in a folder of its own.
KZ_FUZZBIN=$(realpath "$KZ_FUZZBIN")
[ -n "${KZ_AFLBIN:-}" ] && [ -e "$KZ_AFLBIN" ] && KZ_AFLBIN=$(realpath "$KZ_AFLBIN")
budget=${KZ_TRIAGE_SECONDS:-600}
t0=$(date +%s) left=0
tdir=$KZ_FINDINGS/$target
inc=$tdir/.incoming
mkdir -p "$inc" || die "$target: cannot create $inc: $(write_failure "$KZ_FINDINGS")"
# Any failed command below ends triage: say why in one line.
trap 'rc=$?; [ $rc -eq 0 ] || [ -n "$said" ] ||
	echo "triage: $target: stopped: $(write_failure "$tdir"); the inputs not yet filed stay in $inc" >&2' EXIT
# Findings half-built by a triage that was stopped: their input is still
# in .incoming.
rm -rf "$tdir"/.new-*

# The options every reproduction runs with: symbolized, abort gives a stack.
export ASAN_OPTIONS=${KZ_ASAN_OPTIONS:-symbolize=1:handle_abort=1:detect_leaks=1:allocator_may_return_null=0}
export UBSAN_OPTIONS=${KZ_UBSAN_OPTIONS:-print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || echo)}

# Replays $1 once through the libFuzzer build; the log to $2.
replay() {
	timeout -k 5 $((timeout_s * 3 + 30)) "$KZ_FUZZBIN" -timeout="$timeout_s" \
		-rss_limit_mb=2048 "$1" >"$2" 2>&1 || true
}

# Class, state and known|new of input $1 (three lines), log kept in $2.
classify() {
	replay "$1" "$2"
	"$here/crash-state.sh" -k "$KZ_BASELINE" "$target" "$2" ||
		printf 'unreproducible:%s\n(does not reproduce)\nnew\n' "$kind"
}

versions() {
	local cc afl zstd
	cc=$(clang-14 --version 2>/dev/null | head -n1 || true)
	afl=$(dpkg-query -W -f='${Version}' afl++ 2>/dev/null || true)
	zstd=$(dpkg-query -W -f='${Version}' libzstd-dev 2>/dev/null || true)
	echo "${cc:-clang-14 ?}; afl++ ${afl:-?}; reference libzstd ${zstd:-?}"
}

# Minimizes $1/input into $1/input.min, bounded by min_s seconds, and keeps
# it only when it still gives class $2 and state $3. Prints what happened.
minimize() {
	local d=$1 class=$2 state=$3 tmp=$1/.min out
	rm -rf "$tmp" && mkdir -p "$tmp"
	if [ "$min_s" -le 0 ]; then
		echo "pending (campaign interrupted; the next triage minimizes it)"
		return
	fi
	if [ "$engine" = afl ] && [ -x "${KZ_AFLBIN:-}" ]; then
		local hang=()
		[ "$class" = timeout ] && hang=(-H)
		AFL_NO_UI=1 ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:allocator_may_return_null=1 \
			UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0 \
			timeout -k 5 "$min_s" afl-tmin "${hang[@]}" -m none -t $((timeout_s * 1000)) \
			-i "$d/input" -o "$tmp/min" -- "$KZ_AFLBIN" >"$tmp/log" 2>&1 || true
		out="afl-tmin"
	else
		(cd "$tmp" && timeout -k 5 $((min_s + 30)) "$KZ_FUZZBIN" -minimize_crash=1 \
			-max_total_time="$min_s" -timeout="$timeout_s" -rss_limit_mb=2048 \
			-artifact_prefix="$tmp/" -exact_artifact_path="$tmp/min" "$d/input" \
			>"$tmp/log" 2>&1) || true
		out="libFuzzer -minimize_crash"
	fi
	if [ ! -s "$tmp/min" ] || cmp -s "$tmp/min" "$d/input"; then
		echo "none smaller within ${min_s}s ($out)"
	elif [ "$(classify "$tmp/min" "$tmp/min.log" | head -n2 | paste -sd'\t')" = "$class	$state" ]; then
		mv "$tmp/min.log" "$d/report.min.txt"
		mv "$tmp/min" "$d/input.min"
		echo "input.min, $(stat -c %s "$d/input.min") bytes ($out, ${min_s}s bound)"
	else
		echo "dropped: the ${min_s}s $out result no longer gives this class and state"
	fi
	rm -rf "$tmp"
}

# The record: key: value lines.
write_record() {
	local d=$1 class=$2 state=$3 sha=$4 minimized=$5 known=$6 final=$7
	{
		echo "target: $target"
		echo "class: $class"
		echo "state: $state"
		echo "known: $known"
		# Where the oracle placed the difference: frame, block, part, output offset.
		sed -n 's/^  site: *\(.*\)/site: \1/p' "$d/report.txt" | head -n1
		echo "input: input ($(stat -c %s "$d/input") bytes, sha1 $sha)"
		echo "minimized: $minimized"
		echo "engine: $engine"
		echo "found: $(date -u +%FT%TZ)"
		echo "tree: $(cat "$KZ_TREE_DIR/tree.txt")"
		echo "versions: $(versions)"
		echo "reproduce: make repro INPUT=$(realpath -m "$final")/input${KZ_REPRO_ARGS:+ $KZ_REPRO_ARGS}"
	} >"$d/finding.tmp" 2>/dev/null
	mv "$d/finding.tmp" "$d/finding.txt"
}

triage_one() {
	local f=$1 sha class state known key dir new minimized
	sha=$(sha1sum <"$f" | cut -c1-40)
	# grep reads the files itself: in a pipe, grep -q may quit before
	# cat has written everything, and pipefail would call that "not seen".
	if grep -qxF "$sha" "$tdir"/*/hits 2>/dev/null; then
		return
	fi
	# The input first, before anything runs it.
	if [ ! -e "$inc/$sha" ]; then
		save_copy "$f" "$inc/$sha" ||
			die "$target: cannot keep $f: $(write_failure "$inc"); nothing filed"
	fi
	{ read -r class; read -r state; read -r known; } < <(classify "$inc/$sha" "$inc/$sha.log")
	# A report cut short by a full disk would misclassify the input.
	! disk_full "$inc" ||
		die "$target: $(write_failure "$inc"): $sha not filed (it stays in $inc)"
	key=$(printf '%s|%s' "$class" "$state" | sha1sum | cut -c1-10)
	dir=$tdir/${class//:/-}-$key
	if [ -d "$dir" ]; then
		echo "$sha" 2>/dev/null >>"$dir/hits"
		if [ "$(ls "$dir/more" 2>/dev/null | wc -l)" -lt 10 ]; then
			mkdir -p "$dir/more"
			mv "$inc/$sha" "$dir/more/$sha"
		fi
		rm -f "$inc/$sha" "$inc/$sha.log"
		echo "triage: $target: $class | $state: seen again ($(wc -l <"$dir/hits") hits)"
		return
	fi
	new=$tdir/.new-$sha
	rm -rf "$new" && mkdir -p "$new"
	cp "$inc/$sha" "$new/input" 2>/dev/null
	mv "$inc/$sha.log" "$new/report.txt"
	echo "$sha" 2>/dev/null >"$new/hits"
	minimized=$(minimize "$new" "$class" "$state")
	write_record "$new" "$class" "$state" "$sha" "$minimized" "$known" "$dir"
	mv "$new" "$dir"
	rm -f "$inc/$sha"
	echo "triage: $target: new finding $class | $state ($known)"
}

# Findings whose minimization was left pending get it now.
minimize_pending() {
	local d class state minimized
	[ "$min_s" -gt 0 ] || return 0
	for d in "$tdir"/*/; do
		[ -f "$d/finding.txt" ] && grep -q '^minimized: pending' "$d/finding.txt" || continue
		class=$(sed -n 's/^class: //p' "$d/finding.txt")
		state=$(sed -n 's/^state: //p' "$d/finding.txt")
		minimized=$(minimize "${d%/}" "$class" "$state")
		sed "s|^minimized: .*|minimized: $minimized|" "$d/finding.txt" >"$d/finding.tmp"
		mv "$d/finding.tmp" "$d/finding.txt"
	done
}

# Leftovers of an interrupted triage first, then the files given, within
# the time budget (KZ_TRIAGE_SECONDS, default 600); what is left stays
# where it is for the next triage.
for f in "$inc"/* "$@"; do
	case $f in *.log | *.tmp | *.tmp.* | "$inc/*") continue ;; esac
	[ -f "$f" ] || continue
	if ! sha1_named_intact "$f"; then
		echo "triage: $target: $f was cut short when it was written (its bytes do not match its sha1 name); left out" >&2
		mv -f "$f" "$(dirname "$f")/damaged-$(basename "$f")"
		continue
	fi
	if [ $(( $(date +%s) - t0 )) -ge "$budget" ]; then
		left=$((left + 1))
		continue
	fi
	triage_one "$f"
done
[ $left -eq 0 ] || echo "triage: $target: ${budget}s budget spent; $left inputs left for the next triage"
minimize_pending
