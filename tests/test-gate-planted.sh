#!/usr/bin/env bash
# Planted-bug tests of the gate: copies of the staged default tree, each
# with one bug planted, must make `make gate-short` fail, naming the cause
# (the check expected to catch it fails). Kernel files are never edited:
# the bugs go into copies under BUILD/gate-planted/trees/.
#
#   tests/test-gate-planted.sh BUILD SECONDS [BUG...]
#
# Bugs: workspace (zstd_dctx_workspace_bound returns 4 KiB less),
# checksum (the checksum tests of zstd_decompress.c skipped), stack (a 3 KiB
# local array in ZSTD_decompressBlock_internal), bound (the window bound
# check of ZSTD_decompressStream removed), slow (a spin in the sequence
# loop; compared with BASELINE_SRC=the unmodified copy), fanotify (the
# sample prints its error count differently), window (the frame header's
# window descriptor 0x07, 1 KiB + 7/8, read as 1 KiB + 6/8: only the fuzz
# check sees it, on gen-seeds' built-wd1k-m7-raw, and the base rule must
# not excuse it: the base, the unmodified tree, decodes that frame).
# Writes BUILD/gate-planted/outcomes.txt; exit 0 when every bug was caught.
set -euo pipefail

build=${1:?usage: test-gate-planted.sh BUILD SECONDS [BUG...]}
secs=${2:?usage: test-gate-planted.sh BUILD SECONDS [BUG...]}
shift 2
MAKE=${MAKE:-make}
all=(workspace checksum stack bound slow fanotify window)
bugs=("${@:-${all[@]}}")
top=$build/gate-planted
mkdir -p "$top/trees"

loc=$($MAKE -s --no-print-directory BUILD="$build" gate-where)
tree_dir=$(sed -n 's/^gate-where: .*tree_dir=\([^ ]*\).*/\1/p' <<<"$loc")
[ -d "$tree_dir/src" ] || { echo "gate-planted: no staged default tree (got: $loc)" >&2; exit 2; }

# plant FILE OLD NEW: replace the text, and fail loudly if it is not there.
plant() {
	local f=$1 old=$2 new=$3
	grep -qF -- "$old" "$f" || { echo "gate-planted: $f: '$old' not found, cannot plant" >&2; return 1; }
	OLD=$old NEW=$new perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/g' "$f"
}

# The clean copy (the baseline of "slow"), then one copy per bug.
copy() {
	rm -rf "$top/trees/$1"
	cp -a "$tree_dir/src" "$top/trees/$1"
}
bdir_of() {
	$MAKE -s --no-print-directory BUILD="$build" KERNEL_SRC="$1" gate-where | sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p'
}
[ -d "$top/trees/clean" ] || copy clean
# The clean copy built once, in every variant: each bug's build starts as a
# copy of it (GATE_PLANTED_SEED=1), so that only the planted file, newer
# than every object, recompiles; make decides that, as for any edit.
seed=${GATE_PLANTED_SEED:-1}
# seed_build FROM_TREE TO_TREE: TO_TREE's staged copy and builds start as
# copies of FROM_TREE's (KZ_SEED_TREE); staging compares content, so only
# the files where the trees differ rebuild.
seed_build() {
	local from to
	from=$(bdir_of "$1")
	to=$(bdir_of "$2")
	[ -d "$from" ] || return 0
	rm -rf "$to" "$(dirname "$to")/trees/$(basename "$to")"
	KZ_SEED_TREE=$(basename "$from") bdir_of "$2" >/dev/null
}
if [ "$seed" = 1 ]; then
	clean_bdir=$(bdir_of "$top/trees/clean")
	# Any bug's complete build is a start for the clean copy's.
	for b in "${all[@]}"; do
		# Only the bugs planted by an earlier run have a tree to stage.
		[ -d "$top/trees/$b" ] || continue
		[ -d "$clean_bdir/fuzz/fuzz" ] || [ ! -d "$(bdir_of "$top/trees/$b")/fuzz/fuzz" ] ||
			seed_build "$top/trees/$b" "$top/trees/clean"
	done
	# Else the default tree's builds, of which the clean copy is a copy.
	[ -d "$clean_bdir/fuzz/fuzz" ] || [ ! -d "$(bdir_of "")/fuzz/fuzz" ] ||
		seed_build "" "$top/trees/clean"
	for v in asan plain fuzz; do
		echo "gate-planted: building the clean copy ($v)"
		$MAKE -j"${GATE_JOBS:-2}" --no-print-directory BUILD="$build" KERNEL_SRC="$top/trees/clean" \
			"gate-build-$v" >"$top/clean-build-$v.log" 2>&1 ||
			{ echo "gate-planted: the clean copy does not build ($v): $top/clean-build-$v.log" >&2; exit 2; }
	done
fi

dec=lib/zstd/decompress
declare -A expect=(
	[workspace]="api-contract selftest"
	[checksum]="golden api-contract callers regression fuzz"
	[stack]="stack"
	[bound]="api-contract callers"
	[slow]="baseline"
	[fanotify]="regression fuzz"
	[window]="fuzz"
)
make_tree() {
	local b=$1 t=$top/trees/$1
	copy "$b"
	[ "$seed" != 1 ] || seed_build "$top/trees/clean" "$t"
	case $b in
	workspace) plant "$t/lib/zstd/zstd_decompress_module.c" \
		'return ZSTD_estimateDCtxSize();' 'return ZSTD_estimateDCtxSize() - 4096;' ;;
	checksum)
		plant "$t/$dec/zstd_decompress.c" 'RETURN_ERROR_IF(checkRead != checkCalc, checksum_wrong, "");' \
			'(void)checkRead; (void)checkCalc;'
		plant "$t/$dec/zstd_decompress.c" 'RETURN_ERROR_IF(check32 != h32, checksum_wrong, "");' \
			'(void)check32; (void)h32;' ;;
	stack) plant "$t/$dec/zstd_decompress_block.c" '    const BYTE* ip = (const BYTE*)src;
    /* isLongOffset must be true' '    const BYTE* ip = (const BYTE*)src;
    volatile BYTE kz_planted_pad[3072]; kz_planted_pad[srcSize % sizeof(kz_planted_pad)] = 0;
    /* isLongOffset must be true' ;;
	bound) plant "$t/$dec/zstd_decompress.c" 'RETURN_ERROR_IF(zds->fParams.windowSize > zds->maxWindowSize,' \
		'RETURN_ERROR_IF(0 && zds->fParams.windowSize > zds->maxWindowSize,' ;;
	slow) plant "$t/$dec/zstd_decompress_block.c" '            op += oneSeqSize;
            /* gcc and clang' '            op += oneSeqSize;
            { volatile unsigned kz_spin; for (kz_spin = 0; kz_spin < 64; kz_spin++) ; }
            /* gcc and clang' ;;
	fanotify) plant "$t/samples/fanotify/fs-monitor.c" '"\terror_count: %d\n"' '"\terror count: %d\n"' ;;
	window) plant "$t/$dec/zstd_decompress.c" 'windowSize += (windowSize >> 3) * (wlByte&7);' \
		'windowSize += (windowSize >> 3) * ((wlByte&7) - (wlByte == 7));' ;;
	*) echo "gate-planted: unknown bug '$b' (${all[*]})" >&2; return 1 ;;
	esac
}

out=$top/outcomes.txt
: >"$out.tmp"
caught=0
for b in "${bugs[@]}"; do
	make_tree "$b"
	# The base rule on: a planted bug's findings are judged against the
	# unmodified tree (debian:6.1, or BASELINE_SRC), which must not excuse them.
	args=(BUILD="$build" KERNEL_SRC="$top/trees/$b" GATE_SHORT_SECONDS="$secs" GATE_SHORT_BASE_RULE=1)
	[ "$b" != slow ] || args+=(BASELINE_SRC="$top/trees/clean")
	echo "gate-planted: $b: $MAKE ${args[*]} gate-short"
	t0=$(date +%s)
	rc=0
	$MAKE --no-print-directory "${args[@]}" gate-short >"$top/$b.log" 2>&1 || rc=$?
	run=$(sed -n 's/^gate: run \([^ ]*\) .*/\1/p' "$top/$b.log" | tail -n1)
	failed=() errored=()
	for d in "$run"/[0-9][0-9]-*/; do
		[ -f "$d/result" ] || continue
		case $(cat "$d/result") in
		fail) failed+=("$(basename "$d" | cut -c4-)") ;;
		error) errored+=("$(basename "$d" | cut -c4-)") ;;
		esac
	done
	verdict="NOT CAUGHT"
	if [ $rc -ne 0 ]; then
		for c in ${expect[$b]}; do
			[[ " ${failed[*]} " == *" $c "* ]] && verdict=caught
		done
		[ "$verdict" = caught ] || verdict="gate failed, but not by an expected check (${expect[$b]})"
	fi
	# A bug only the fuzz check sees: its findings were judged by a base
	# (which did not reproduce them), not passed by for want of one.
	if [ "$verdict" = caught ] && [ "${expect[$b]}" = fuzz ] &&
		! grep -q ' judged ' "$run/07-fuzz/base.txt" 2>/dev/null; then
		verdict="fuzz failed, but no base judged its findings: $(cat "$run/07-fuzz/base.txt" 2>/dev/null)"
	fi
	[ "$verdict" != caught ] || caught=$((caught + 1))
	cause=$(for c in "${failed[@]}"; do head -n1 "$run"/[0-9][0-9]-"$c"/failures | cut -f1; done | awk "NR <= 3" | paste -sd ';' -)
	line="$b | exit $rc | failed: ${failed[*]:-none} | errors: ${errored[*]:-none} | $verdict | $(($(date +%s) - t0))s | $cause"
	echo "gate-planted: $line"
	echo "$line" >>"$out.tmp"
done
mv "$out.tmp" "$out"
echo "gate-planted: $caught of ${#bugs[@]} planted bugs caught (outcomes: $out)"
[ "$caught" -eq ${#bugs[@]} ]
