#!/usr/bin/env bash
# Gate check 8: the candidate tree against the baseline tree (the tree
# before the change), both built in the plain variant.
#
#   gate-baseline.sh DIR CAND_BDIR BUILD BASELINE_SRC SEEDS_DIR CAND_STACK_CSV
#
#  - frames: every golden and corpus frame (golden folders, the zstd
#    targets' regression corpora and crashers, corpus/divergences, the
#    deterministic seeds) that the baseline decodes, the candidate decodes
#    to the same bytes (gate-frames), unless corpus/findings.txt
#    lists the file as a documented errata fix;
#  - speed: kz-ab, both trees' zstd linked into one program, the calls
#    interleaved (ABBA) on the thread's CPU-time clock: the per-stage rows
#    (bench/bench_stages.c) and the levels $GATE_SPEED_LEVELS (one-shot
#    compression and decompression of a 128 KiB text and binary mix). A row
#    fails when the whole 95% bootstrap interval of its candidate/baseline
#    speed ratio lies below SPEED_THRESHOLD percent (default -5); a row
#    that stays undecided after its retries makes the check an error,
#    never a pass;
#  - stack: gate-stack's figure per entry point and level on both trees;
#    growth above GATE_STACK_GROWTH bytes (default 64) fails.
# Writes DIR/{result,figure,failures}, DIR/speed.txt, DIR/stack.txt,
# DIR/frames.txt (the side-by-side tables) and the raw outputs.
set -euo pipefail

[ $# -eq 6 ] || { echo "usage: gate-baseline.sh DIR CAND_BDIR BUILD BASELINE_SRC SEEDS_DIR CAND_STACK_CSV" >&2; exit 2; }
dir=$1 cbdir=$2 build=$3 bsrc=$4 seeds=$5 cstack=$6
MAKE=${MAKE:-make}
# A row fails when its speed ratio's whole interval is below this (percent).
threshold=${SPEED_THRESHOLD:--5}
[[ $threshold =~ ^-?[0-9]+(\.[0-9]+)?$ ]] || { echo "gate-baseline: SPEED_THRESHOLD=$threshold: not a percentage" >&2; exit 2; }
growth=${GATE_STACK_GROWTH:-64}
levels=${GATE_SPEED_LEVELS:-"-5 -1 $(seq -s ' ' 1 19)"}
tmo=${GATE_CHECK_TIMEOUT:-600}
errata=$dir/errata.tsv
: >>"$dir/failures"

put() { printf '%s\n' "$2" >"$1.tmp" && mv "$1.tmp" "$1"; }
fail() { printf '%s\t%s\n' "$1" "$2" >>"$dir/failures"; }
finish() { put "$dir/figure" "$2"; put "$dir/result" "$1"; exit 0; }

# The baseline's build.
loc=$($MAKE -s --no-print-directory BUILD="$build" KERNEL_SRC="$bsrc" gate-where 2>&1 || true)
bbdir=$(sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p' <<<"$loc")
if [ -z "$bbdir" ]; then
	fail "BASELINE_SRC=$bsrc cannot be staged: $(tail -n1 <<<"$loc")" "$MAKE BUILD=$build KERNEL_SRC=$bsrc gate-where"
	finish error "BASELINE_SRC cannot be staged"
fi
if [ "$bbdir" = "$cbdir" ]; then
	fail "BASELINE_SRC is the tree under test" "-"
	finish error "BASELINE_SRC is the tree under test"
fi
if ! $MAKE -j"${GATE_JOBS:-2}" --no-print-directory BUILD="$build" KERNEL_SRC="$bsrc" gate-build-plain >"$dir/build-baseline.log" 2>&1; then
	fail "the baseline tree does not build (log $dir/build-baseline.log)" "$MAKE BUILD=$build KERNEL_SRC=$bsrc gate-build-plain"
	finish error "the baseline tree does not build"
fi
cb=$cbdir/plain/bin bb=$bbdir/plain/bin
for p in gate-frames gate-stack; do
	for b in "$cb" "$bb"; do
		[ -x "$b/$p" ] || { fail "not built: $b/$p" "$MAKE BUILD=$build gate-build-plain"; finish error "not built: $b/$p"; }
	done
done
errors=0 fails=()

# --- frames ---
inputs=()
for d in conformance/golden* corpus/golden* corpus/divergences; do
	[ -d "$d" ] && inputs+=("$d")
done
for t in decompress_oneshot decompress_stream frame_header unzstd; do
	for d in "corpus/regression/$t" "corpus/crashers/$t" "$seeds/$t"; do
		[ -d "$d" ] && inputs+=("$d")
	done
done
rcb=0 rcc=0
timeout "$tmo" "$bb/gate-frames" "${inputs[@]}" >"$dir/frames.baseline.tsv" 2>"$dir/frames.baseline.err" || rcb=$?
timeout "$tmo" "$cb/gate-frames" "${inputs[@]}" >"$dir/frames.candidate.tsv" 2>"$dir/frames.candidate.err" || rcc=$?
if [ $rcb -ne 0 ]; then
	errors=$((errors + 1))
	fail "the baseline's gate-frames stopped with status $rcb after $(wc -l <"$dir/frames.baseline.tsv") files" "$bb/gate-frames ${inputs[*]}"
fi
if [ $rcc -ne 0 ]; then
	fails+=(frames)
	fail "the candidate's gate-frames stopped with status $rcc (crash?) after $(wc -l <"$dir/frames.candidate.tsv") files, last: $(tail -n1 "$dir/frames.candidate.tsv" | cut -f1)" \
		"$cb/gate-frames ${inputs[*]}"
fi
# The registry's errata entries: the frame's path, TAB, why.
python3 lib/findings.py select errata signature justification >"$errata" ||
	{ echo "gate-baseline: corpus/findings.txt: cannot read the registry" >&2; exit 2; }
awk -F'\t' -v errata="$errata" '
	BEGIN {
		while ((getline l < errata) > 0) {
			split(l, e, /\t/); ok[e[1]] = 1
		}
	}
	FNR == NR { base[$1] = $0; bst[$1] = $2; next }
	{ cand[$1] = $0 }
	END {
		for (p in base) {
			if (bst[p] != "ok") continue
			n++
			if (cand[p] == base[p]) continue
			if (p in ok) { errata_n++; print "errata\t" p; continue }
			bad++
			split(base[p], b, "\t"); c = (p in cand) ? cand[p] : p "\tmissing\t-\t-"; split(c, k, "\t")
			printf "differs\t%s\tbaseline %s bytes sha256 %.16s..., candidate %s %s %.16s\n", p, b[3], b[4], k[2], k[3], k[4]
		}
		printf "summary\t%d\t%d\t%d\n", n, bad, errata_n
	}
' "$dir/frames.baseline.tsv" "$dir/frames.candidate.tsv" >"$dir/frames.txt"
read -r _ nframes ndiff nerrata < <(grep '^summary' "$dir/frames.txt")
while IFS=$'\t' read -r _ p what; do
	fail "frame $p: $what" "diff <($bb/gate-frames $p) <($cb/gate-frames $p)"
done < <(grep '^differs' "$dir/frames.txt" | sort)
[ "$ndiff" -eq 0 ] || fails+=(frames)
frames_fig="$nframes frames the baseline decodes: $ndiff decode differently"
[ "${nerrata:-0}" -eq 0 ] || frames_fig="$frames_fig, $nerrata errata fixes"

# --- speed: both trees in one process (kz-ab), interleaved, per stage and level ---
speed_fig="speed: not measured"
ctree=$build/trees/$(basename "$cbdir")
if ! ab=$(bench/ab-build.sh "$build" "$cbdir" "$bsrc" "$dir/build-ab.log" 2>"$dir/build-ab.err"); then
	errors=$((errors + 1))
	fail "$(cat "$dir/build-ab.err")" "bench/ab-build.sh $build $cbdir $bsrc $dir/build-ab.log"
elif ! bench/bench-corpus.sh "$ctree/src" "$cbdir/plain/kzstd.o" "$dir/speed-data" 131072 \
	>"$dir/speed-data.log" 2>&1; then
	errors=$((errors + 1))
	fail "the speed data cannot be made: $(tail -n1 "$dir/speed-data.log")" "bench/bench-corpus.sh"
else
	speed_cmd="$ab -B -g -t $threshold -l $(tr ' ' , <<<"$levels") -m oneshot,decompress"
	speed_cmd="$speed_cmd -T candidate-vs-baseline -o $dir/speed.csv mixed=$dir/speed-data/pages"
	rc=0
	# shellcheck disable=SC2086
	timeout "$tmo" $speed_cmd >"$dir/speed.txt" 2>"$dir/speed.err" || rc=$?
	verdicts=$(sed -n 's/^kz-bench: verdicts at [^:]*: //p' "$dir/speed.txt")
	if [ $rc -ne 0 ] || [ -z "$verdicts" ]; then
		errors=$((errors + 1))
		fail "kz-ab stopped with status $rc: $(tail -n1 "$dir/speed.err")" "$speed_cmd"
	else
		# Rows whose whole 95% interval lies below the threshold fail.
		while IFS=, read -r data mode level ratio lo hi; do
			fails+=(speed)
			fail "speed: $data $mode level $level: candidate/baseline $ratio, 95% interval [$lo, $hi], below $threshold%" "$speed_cmd"
		done < <(awk -F, 'NR > 1 && $29 == "FAIL" { print $2 "," $5 "," $6 "," $17 "," $27 "," $28 }' "$dir/speed.csv")
		undecided=$(awk -F, 'NR > 1 && $29 == "inconclusive" { printf "%s%s %s %s", n++ ? ", " : "", $2, $5, $6 }' "$dir/speed.csv")
		if [ -n "$undecided" ]; then
			errors=$((errors + 1))
			fail "speed: inconclusive rows (interval across $threshold%, or interquartile range above 2% after the retries): $undecided" "$speed_cmd"
		fi
		speed_fig="speed rows: $verdicts"
	fi
fi

# --- stack ---
bstack=$dir/stack.baseline.csv
rc=0
timeout "$tmo" "$bb/gate-stack" --csv "$bstack" >"$dir/stack.baseline.log" 2>&1 || rc=$?
if [ $rc -gt 1 ] || [ ! -s "$bstack" ]; then
	errors=$((errors + 1))
	fail "the baseline's gate-stack failed (status $rc): $(tail -n1 "$dir/stack.baseline.log")" "$bb/gate-stack --csv $bstack"
fi
if [ ! -s "$cstack" ]; then
	cstack=$dir/stack.candidate.csv
	timeout "$tmo" "$cb/gate-stack" --csv "$cstack" >"$dir/stack.candidate.log" 2>&1 || true
fi
stack_fig="stack: not compared"
if [ -s "$bstack" ] && [ -s "$cstack" ]; then
	awk -F, -v g="$growth" '
		FNR == 1 { next }
		FNR == NR { b[$1 "," $2] = $3; next }
		{ c[$1 "," $2] = $3; e[$1] = 1 }
		END {
			printf "%-24s %10s %10s %7s  (deepest over levels, bytes)\n", "entry", "baseline", "candidate", "delta"
			for (k in c) {
				split(k, p, ","); if (!(k in b)) continue
				if (c[k] > cm[p[1]]) cm[p[1]] = c[k]
				if (b[k] > bm[p[1]]) bm[p[1]] = b[k]
				if (c[k] - b[k] > g) print "grows\t" p[1] "\t" p[2] "\t" b[k] "\t" c[k]
				if (c[k] - b[k] > worst) worst = c[k] - b[k]
			}
			for (x in e) printf "%-24s %10d %10d %+7d\n", x, bm[x], cm[x], cm[x] - bm[x]
			printf "worst\t%d\n", worst
		}
	' "$bstack" "$cstack" >"$dir/stack.txt"
	while IFS=$'\t' read -r _ entry level bb_ cc_; do
		fails+=(stack)
		fail "stack of $entry at level $level grows from $bb_ to $cc_ bytes (+$((cc_ - bb_)), above $growth)" \
			"$bb/gate-stack --csv /tmp/base.csv; $cb/gate-stack --csv /tmp/cand.csv"
	done < <(grep '^grows' "$dir/stack.txt")
	stack_fig="stack growth at most $(grep '^worst' "$dir/stack.txt" | cut -f2) B"
fi

figure="$frames_fig; $speed_fig; $stack_fig"
if [ ${#fails[@]} -gt 0 ]; then
	finish fail "$figure"
elif [ $errors -gt 0 ]; then
	finish error "$figure"
fi
finish pass "$figure"
