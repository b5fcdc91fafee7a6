#!/usr/bin/env bash
# A fuzzing campaign: each target in turn for SECONDS, JOBS workers each.
#   campaign.sh -e ENGINE -b BDIR -T TREE_DIR -w WORK -f FINDINGS -k BASELINE
#               -s SECONDS -j JOBS [-o TIMEOUT] [-S SEEDS_ROOT]... TARGET...
# ENGINE libfuzzer: the fuzz build in fork mode (-fork=JOBS, crashes,
#   timeouts and OOMs ignored so that it goes on after a finding).
# ENGINE afl: a main instance (CMPLOG build) and JOBS-1 secondaries.
# Working corpus: WORK/<target>/corpus, sha1-named files, shared by both
# engines; seeded, each run, with SEEDS_ROOT/<target>/ through a libFuzzer
# merge (whose crashing or hanging seeds become findings), merged again at
# the end (libFuzzer -merge=1, or afl-cmin over it and the AFL queues).
# Findings: fuzz/triage.sh into FINDINGS/<target>/.
# Progress: a line per target (redrawn on a terminal, every 10 s otherwise);
# the summary table goes to WORK/summary-ENGINE.txt and WORK/summary.txt.
# SIGINT/SIGTERM: the fuzzers stop, what they found is merged and triaged
# (minimization left for the next run), and the exit status is 130/143; a
# later run picks up anything an abrupt end left behind (job corpora, AFL
# output, inputs not yet triaged). Every fuzzer runs under kz-spawn, which
# kills it when the campaign dies, SIGKILL included. One campaign per WORK
# (fuzz/work-lock.sh). A full disk stops the campaign with one line; files
# are written under temporary names and renamed, and corpus files whose
# bytes do not match their sha1 name (cut short) are dropped, never used.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "campaign: $*" >&2; exit 1; }
. "$here/fs-write.sh"
. "$here/work-lock.sh"

engine=libfuzzer bdir= tree= work= findings= baseline= secs= jobs= tmo=10 seeds=()
while getopts e:b:T:w:f:k:s:j:o:S: opt; do
	case $opt in
	e) engine=$OPTARG ;; b) bdir=$OPTARG ;; T) tree=$OPTARG ;; w) work=$OPTARG ;;
	f) findings=$OPTARG ;; k) baseline=$OPTARG ;; s) secs=$OPTARG ;; j) jobs=$OPTARG ;;
	o) tmo=$OPTARG ;; S) seeds+=("$OPTARG") ;;
	*) die "usage: campaign.sh -e ENGINE -b BDIR -T TREE_DIR -w WORK -f FINDINGS -k BASELINE -s SECONDS -j JOBS [-o TIMEOUT] [-S SEEDS_ROOT]... TARGET..." ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || die "no target given"
case $engine in libfuzzer | afl) ;; *) die "ENGINE=$engine: unknown engine (libfuzzer or afl)" ;; esac
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS=$secs: not a positive number"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS=$jobs: not a positive number"
[[ $tmo =~ ^[1-9][0-9]*$ ]] || die "TIMEOUT=$tmo: not a positive number"
for v in bdir tree work findings baseline; do [ -n "${!v}" ] || die "-${v:0:1}: missing"; done
targets=("$@")
spawn=$bdir/tools/kz-spawn
[ -x "$spawn" ] || die "$spawn: not built (the launcher that stops the fuzzers with the campaign)"
for t in "${targets[@]}"; do
	[ -x "$bdir/fuzz/fuzz/$t" ] || die "$t: no libFuzzer build at $bdir/fuzz/fuzz/$t"
	if [ "$engine" = afl ]; then
		[ -x "$bdir/afl/fuzz/$t" ] || die "$t: no AFL build at $bdir/afl/fuzz/$t"
		[ -x "$bdir/cmplog/fuzz/$t" ] || die "$t: no CMPLOG build at $bdir/cmplog/fuzz/$t"
	fi
done
mkdir -p "$work" "$findings" || die "cannot create $work or $findings"
work=$(cd "$work" && pwd) findings=$(cd "$findings" && pwd)
bdir=$(cd "$bdir" && pwd) tree=$(cd "$tree" && pwd) spawn=$(cd "$bdir" && pwd)/tools/kz-spawn
work_lock "$work" campaign
# Stops on a full disk (or another failed write), keeping what is whole.
stop_on_write_failure() {
	local where=$1 what=$2
	disk_full "$where" || [ "${3:-}" = failed ] || return 0
	echo "campaign: $what: $(write_failure "$where"): stopped; the corpus and findings written so far are kept" >&2
	exit 1
}
merge_secs=${KZ_MERGE_SECONDS:-300}
# Triage after each target: SECONDS, at least 2 and at most 5 minutes.
tb=$((secs < 120 ? 120 : secs > 300 ? 300 : secs))
export KZ_TRIAGE_SECONDS=${KZ_TRIAGE_SECONDS:-$tb}
export KZ_FINDINGS=$findings KZ_TREE_DIR=$tree KZ_BASELINE=$baseline KZ_ENGINE=$engine KZ_TIMEOUT=$tmo

# AFL++ in a container: no CPU governor or affinity to set, no core_pattern
# to fix; sanitizers as AFL++ wants them (abort, no symbolizing).
export AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	AFL_NO_UI=1 AFL_SKIP_CRASHES=1 AFL_IGNORE_UNKNOWN_ENVS=1
afl_asan=abort_on_error=1:symbolize=0:detect_leaks=0:malloc_context_size=0:allocator_may_return_null=0:detect_odr_violation=0:handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0
afl_ubsan=halt_on_error=1:abort_on_error=1:symbolize=0:print_stacktrace=0

stop=0 status=0 groups=()
# Kills the process groups we started (each fuzzer runs under kz-spawn,
# in a group of its own).
kill_groups() {
	local sig=$1 g
	for g in "${groups[@]}"; do kill -"$sig" -- "-$g" 2>/dev/null || true; done
}
on_signal() {
	[ $stop -eq 1 ] && return
	stop=1 status=$1
	echo "campaign: interrupted: stopping the fuzzers, keeping corpus and findings" >&2
	kill_groups INT
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# Runs a command in its own process group, under kz-spawn, and waits for
# it, or for a signal; returns its status.
run_group() {
	"$spawn" "$@" &
	local pid=$! rc=0
	groups+=("$pid")
	while kill -0 "$pid" 2>/dev/null; do
		wait "$pid" 2>/dev/null && break
		[ $stop -eq 1 ] && { sleep 2; kill_groups KILL; }
	done
	wait "$pid" 2>/dev/null || rc=$?
	groups=()
	return $rc
}

count() { find "$1" -maxdepth 1 -type f 2>/dev/null | wc -l; }

# The corpus after a merge into DIR.merge: swapped in with renames; an
# interrupted swap is undone by restore_corpus.
swap_corpus() {
	local c=$1 n
	[ -d "$c.merge" ] || return 0
	n=$(drop_damaged "$c.merge")
	if [ "$n" -gt 0 ]; then
		rm -rf "$c.merge"
		stop_on_write_failure "$c" "merging into $c ($n files cut short)" failed
	fi
	rm -rf "$c.old"
	mv "$c" "$c.old" && mv "$c.merge" "$c" && rm -rf "$c.old"
}
restore_corpus() {
	local c=$1 n
	if [ ! -d "$c" ] && [ -d "$c.old" ]; then mv "$c.old" "$c"; fi
	rm -rf "$c.merge" "$c.old"
	mkdir -p "$c"
	n=$(drop_damaged "$c")
	[ "$n" -eq 0 ] || echo "campaign: $c: dropped $n inputs cut short by an earlier write failure" >&2
}

# libFuzzer merge of DIRS into corpus.merge, bounded; inputs that crashed
# or hung the merge are copied to the artifacts as crash-<sha1>.
lf_merge() {
	local t=$1 w=$2
	shift 2
	local ctl=$w/merge.ctl
	rm -rf "$w/corpus.merge" "$ctl" && mkdir -p "$w/corpus.merge"
	run_group timeout -k 5 "$merge_secs" "$bdir/fuzz/fuzz/$t" -merge=1 -timeout="$tmo" \
		-rss_limit_mb=2048 -merge_control_file="$ctl" "$w/corpus.merge" "$@" \
		>"$w/merge.log" 2>&1 || true
	if ! grep -q 'MERGE-OUTER: successful' "$w/merge.log"; then
		echo "campaign: $t: merge did not finish ($w/merge.log); corpus left as it was" >&2
		rm -rf "$w/corpus.merge"
		return 0
	fi
	[ -f "$ctl" ] && awk 'NR == 1 { n = $1 } NR > 2 && NR <= n + 2 { f[NR - 3] = $0 }
		$1 == "STARTED" { s[$2] = 1 } $1 == "FT" { delete s[$2] }
		END { for (i in s) print f[i] }' "$ctl" | while IFS= read -r f; do
		[ -f "$f" ] || continue
		sha=$(sha1sum <"$f" | cut -c1-40)
		save_copy "$f" "$w/artifacts/crash-$sha" ||
			stop_on_write_failure "$w/artifacts" "$t: keeping $f" failed
		echo "campaign: $t: an input crashes or hangs: $f (kept as artifacts/crash-$sha)"
		# Out of the working corpus (never out of a seed folder).
		case $f in "$w/corpus/"*) rm -f "$f" ;; esac
	done
	rm -f "$ctl"
}

# Everything a killed run left: job corpora of libFuzzer's fork mode, an
# AFL output folder, artifacts not yet triaged.
salvage() {
	local t=$1 w=$2 d
	for d in "$w"/tmp/libFuzzerTemp.*/C*/; do
		[ -d "$d" ] && cp -n "$d"* "$w/corpus/" 2>/dev/null || true
	done
	rm -rf "$w/tmp" && mkdir -p "$w/tmp"
	[ -d "$w/afl-run" ] && afl_finish "$t" "$w"
	triage_artifacts "$t" "$w"
}

# Triage runs under kz-spawn too (what it runs must not outlive the
# campaign), and to its end after an interrupt: its budget is cut then,
# and a second interrupt stops it.
triage_artifacts() {
	local t=$1 w=$2 kind files st=$stop
	stop=0
	for kind in crash timeout oom leak; do
		files=("$w"/artifacts/"$kind"-*)
		[ -e "${files[0]}" ] || continue
		run_group env KZ_FUZZBIN="$bdir/fuzz/fuzz/$t" KZ_AFLBIN="$bdir/afl/fuzz/$t" \
			"$here/triage.sh" "$t" "$kind" "${files[@]}" || {
			stop_on_write_failure "$findings" "$t: triage"
			echo "campaign: $t: triage failed" >&2
		}
	done
	[ $st -eq 0 ] || stop=1
}

# AFL output -> artifacts (crashes, hangs) and corpus (afl-cmin of the queues).
afl_finish() {
	local t=$1 w=$2 run=$2/afl-run f sha u=$2/afl-union n
	for f in "$run"/*/crashes/id:* "$run"/*/hangs/id:*; do
		[ -f "$f" ] || continue
		sha=$(sha1sum <"$f" | cut -c1-40)
		case $f in */hangs/*) kind=timeout ;; *) kind=crash ;; esac
		save_copy "$f" "$w/artifacts/$kind-$sha" ||
			stop_on_write_failure "$w/artifacts" "$t: keeping $f" failed
	done
	rm -rf "$u" "$w/corpus.merge" && mkdir -p "$u" "$w/corpus.merge"
	cp -l "$w"/corpus/* "$u/" 2>/dev/null || true
	for f in "$run"/*/queue/id:*; do
		[ -f "$f" ] || continue
		sha=$(sha1sum <"$f" | cut -c1-40)
		# AFL++ hard-links the seeds it started from: already there.
		[ -e "$u/$sha" ] || cp "$f" "$u/$sha"
	done
	n=$(count "$u")
	ASAN_OPTIONS=$afl_asan UBSAN_OPTIONS=$afl_ubsan run_group timeout -k 5 "$merge_secs" \
		afl-cmin -i "$u" -o "$w/corpus.merge" -m none -t $((tmo * 1000)) -- "$bdir/afl/fuzz/$t" \
		>"$w/cmin.log" 2>&1 || true
	if [ "$(count "$w/corpus.merge")" -gt 0 ]; then
		# afl-cmin keeps the names, all sha1 already: libFuzzer's naming.
		swap_corpus "$w/corpus"
	else
		echo "campaign: $t: afl-cmin gave nothing ($w/cmin.log); the corpus keeps all $n inputs" >&2
		rm -rf "$w/corpus.merge"
		cp -n "$u"/* "$w/corpus/" 2>/dev/null || true
	fi
	rm -rf "$u" "$run"
}

# Live figures of a running target: execs exec/s coverage corpus.
lf_stats() {
	local line
	line=$(grep -a '^#[0-9]' "$1" 2>/dev/null | tail -n1 || true)
	awk -v l="$line" -v el="$(( $(now) - ${fuzz_start:-$(now)} ))" 'BEGIN {
		n = split(l, f, /[ \t]+/); e = f[1]; gsub(/[#:]/, "", e)
		for (i = 1; i < n; i++) {
			if (f[i] == "cov:") c = f[i + 1]
			if (f[i] == "corp:") { k = f[i + 1]; sub(/\/.*/, "", k) }
			if (f[i] == "exec/s" || f[i] == "exec/s:") r = f[i + 1]
		}
		if (e != "" && el > 0) r = int(e / el)
		printf "%s %s %s %s\n", e == "" ? 0 : e, r == "" ? 0 : r, c == "" ? "-" : "cov:" c, k == "" ? "-" : k }'
}
afl_stats() {
	cat "$1"/*/fuzzer_stats 2>/dev/null | awk -F' *: *' -v el="$(( $(now) - ${fuzz_start:-$(now)} ))" '
		$1 == "afl_banner" { }
		$1 == "execs_done" { e += $2 } $1 == "execs_per_sec" && $2 + 0 < 1e9 { r += $2 }
		$1 == "bitmap_cvg" && (c == "" || $2 + 0 > c + 0) { c = $2 }
		$1 == "corpus_count" && $2 + 0 > k { k = $2 + 0 }
		END { if (el > 0) r = e / el
			printf "%d %d %s %s\n", e, r, c == "" ? "-" : "map:" c, k == "" ? "-" : k }'
}

declare -A row state
now() { date +%s; }
fmt_row() {
	printf '%-20s %-9s %10s %7s %11s %7s %8s %6s\n' "$@"
}
# One line per target: finished rows as recorded, the running one live.
render() {
	local t live left
	fmt_row target state execs exec/s coverage corpus findings left
	for t in "${targets[@]}"; do
		if [ "${state[$t]}" = fuzzing ]; then
			if [ "$engine" = libfuzzer ]; then
				live=$(lf_stats "$work/$t/fuzz.log")
			else
				live=$(afl_stats "$work/$t/afl-run")
			fi
			left=$(( deadline - $(now) )); [ $left -lt 0 ] && left=0
			local new=$(( $(count "$work/$t/artifacts") - art0 ))
			if [ "$engine" = afl ]; then
				new=$(find "$work/$t/afl-run" -path '*/crashes/id:*' -o -path '*/hangs/id:*' 2>/dev/null | wc -l)
			fi
			# shellcheck disable=SC2086
			fmt_row "$t" fuzzing $live "$new new" "${left}s"
		elif [ -n "${row[$t]:-}" ]; then
			# shellcheck disable=SC2086
			fmt_row "$t" "${state[$t]}" ${row[$t]} 0s
		else
			fmt_row "$t" "${state[$t]}" - - - - - "${secs}s"
		fi
	done
}
tty=0
[ -t 1 ] && tty=1
shown=0
show() {
	local out
	out=$(render)
	if [ $tty -eq 1 ]; then
		[ $shown -gt 0 ] && printf '\033[%dA' "$shown"
		printf '%s\n' "$out" | sed 's/$/\x1b[K/'
		shown=$(printf '%s\n' "$out" | wc -l)
	else
		printf '%s\n' "$out" | grep -E "^target|^[^ ]+ +fuzzing" || true
	fi
}

# Distinct findings of a target: "N (K known)".
findings_of() {
	local d n=0 k=0
	for d in "$findings/$1"/*/; do
		[ -f "$d/finding.txt" ] || continue
		n=$((n + 1))
		[ "$("$here/crash-state.sh" -k "$baseline" "$1" "$d/report.txt" 2>/dev/null | sed -n 3p)" = known ] &&
			k=$((k + 1))
	done
	echo "$n/$k"
}

fuzz_target() {
	local t=$1 w=$work/$1 dict= s fz=$bdir/fuzz/fuzz/$1 i
	state[$t]=preparing
	fuzz_secs=0
	mkdir -p "$w/artifacts" "$w/tmp"
	restore_corpus "$w/corpus"
	salvage "$t" "$w"
	local before f0
	before=$(count "$w/corpus") f0=$(findings_of "$t")
	echo "campaign: $t: resuming from $before corpus inputs, ${f0%/*} findings so far; adding the seeds"
	local dirs=("$w/corpus")
	for s in "${seeds[@]}"; do [ -d "$s/$t" ] && dirs+=("$s/$t"); done
	[ $stop -eq 0 ] && lf_merge "$t" "$w" "${dirs[@]}" && swap_corpus "$w/corpus"
	[ "$(count "$w/corpus")" -gt 0 ] || printf 'kzfuzz' >"$w/corpus/seed-empty"
	before=$(count "$w/corpus")
	[ -f "$here/../corpus/dicts/$t.dict" ] && dict=$here/../corpus/dicts/$t.dict
	art0=$(count "$w/artifacts")
	local start
	start=$(now)
	fuzz_start=$start
	deadline=$((start + secs))
	if [ $stop -eq 0 ]; then
		state[$t]=fuzzing
		if [ "$engine" = libfuzzer ]; then
			TMPDIR=$w/tmp "$spawn" "$fz" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
				-ignore_ooms=1 -max_total_time="$secs" -timeout="$tmo" -rss_limit_mb=2048 \
				-artifact_prefix="$w/artifacts/" ${dict:+-dict="$dict"} \
				-print_final_stats=1 "$w/corpus" >"$w/fuzz.log" 2>&1 &
			groups+=("$!")
		else
			rm -rf "$w/afl-run"
			for ((i = 0; i < jobs; i++)); do
				local role=(-S "s$i")
				[ $i -eq 0 ] && role=(-M main -c "$bdir/cmplog/fuzz/$t")
				ASAN_OPTIONS=$afl_asan UBSAN_OPTIONS=$afl_ubsan "$spawn" afl-fuzz "${role[@]}" \
					-i "$w/corpus" -o "$w/afl-run" ${dict:+-x "$dict"} -V "$secs" \
					-t $((tmo * 1000))+ -m none -- "$bdir/afl/fuzz/$t" \
					>"$w/afl-$i.log" 2>&1 &
				groups+=("$!")
				[ $i -eq 0 ] && sleep 1
			done
		fi
		local last=0
		shown=0
		while [ $stop -eq 0 ]; do
			local alive=0 g
			for g in "${groups[@]}"; do [ -n "$g" ] && kill -0 "$g" 2>/dev/null && alive=1; done
			[ $alive -eq 1 ] || break
			[ "$(now)" -gt $((deadline + 60)) ] && { kill_groups INT; sleep 5; kill_groups KILL; }
			if [ $tty -eq 1 ] || [ $(( $(now) - last )) -ge 10 ]; then
				show
				last=$(now)
			fi
			sleep 1 & wait $! || true
		done
		fuzz_secs=$(( $(now) - start ))
		local live
		if [ "$engine" = libfuzzer ]; then live=$(lf_stats "$w/fuzz.log"); else live=$(afl_stats "$w/afl-run"); fi
		[ $tty -eq 1 ] && show
		kill_groups INT
		sleep 1
		kill_groups KILL
		wait 2>/dev/null || true
		groups=()
	fi
	state[$t]=merging
	stop_on_write_failure "$w" "$t: fuzzing"
	local raw=$(( $(count "$w/artifacts") - art0 ))
	if [ "$engine" = libfuzzer ]; then
		for d in "$w"/tmp/libFuzzerTemp.*/C*/; do
			[ -d "$d" ] && cp -n "$d"* "$w/corpus/" 2>/dev/null || true
		done
		rm -rf "$w/tmp" && mkdir -p "$w/tmp"
		local st=$stop
		stop=0
		lf_merge "$t" "$w" "$w/corpus" && swap_corpus "$w/corpus"
		[ $st -eq 1 ] && stop=1
	else
		local st=$stop
		stop=0
		afl_finish "$t" "$w"
		[ $st -eq 1 ] && stop=1
	fi
	raw=$(( $(count "$w/artifacts") - art0 ))
	state[$t]=triage
	[ $stop -eq 1 ] && export KZ_MIN_SECONDS=0 KZ_TRIAGE_SECONDS=60
	triage_artifacts "$t" "$w"
	local f1
	f1=$(findings_of "$t")
	state[$t]=$([ $stop -eq 1 ] && echo interrupted || echo done)
	# execs exec/s coverage corpus findings: as the last status said.
	read -r e r c k <<<"${live:-0 0 - -}"
	row[$t]="$e $r $c $(count "$w/corpus") ${f1%/*}"
	summary+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$engine" \
		"$fuzz_secs" "$e" "$r" "$c" "$before" "$(count "$w/corpus")" "$raw" \
		"${f1%/*}" "${f1#*/}")")
}

summary=()
for t in "${targets[@]}"; do state[$t]=queued; done
started=$(date -u +%FT%TZ)
for t in "${targets[@]}"; do
	[ $stop -eq 1 ] && break
	fuzz_target "$t"
done
# The summary table, written then renamed.
{
	echo "kzfuzz campaign: engine $engine, ${secs}s per target, $jobs jobs, started $started$([ $stop -eq 1 ] && echo ', INTERRUPTED')"
	cat "$tree/tree.txt"
	{
		printf 'target\tengine\tsecs\texecs\texec/s\tcoverage\tcorpus-before\tcorpus-after\tnew-crash-inputs\tfindings\tknown\n'
		for s in "${summary[@]}"; do printf '%s\n' "$s"; done
	} | column -t -s $'\t'
	echo "findings: $findings (make findings)"
} >"$work/summary-$engine.tmp"
mv "$work/summary-$engine.tmp" "$work/summary-$engine.txt"
cp "$work/summary-$engine.txt" "$work/summary.tmp" && mv "$work/summary.tmp" "$work/summary.txt"
echo
cat "$work/summary.txt"
exit $status
