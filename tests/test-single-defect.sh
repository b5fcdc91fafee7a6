#!/usr/bin/env bash
# make test-single-defect: check-single-defect fails, naming the check, when
#  - a committed input is not what its builder makes;
#  - a check's text is gone from the tree (a stale manifest entry);
#  - a check is removed from a copy of the tree, built (seeded from the
#    tree's own build, so only the edited file recompiles): the input named
#    after it is then no longer rejected for its reason, or a sanitizer
#    reports what the check kept out; the same for the compressor's checks
#    and their API cases (gen-single-defect-api): the call no longer fails
#    with the check's error, or writes past its destination.
# The tree under test is never edited: copies under WORK.
#   test-single-defect.sh WORK BUILD BDIR TREE_DIR
set -uo pipefail
work=${1:?usage: test-single-defect.sh WORK BUILD BDIR TREE_DIR}
build=${2:?} bdir=${3:?} tree=${4:?}
make=${MAKE:-make}
gen=$bdir/asan/bin/gen-single-defect
genapi=$bdir/asan/bin/gen-single-defect-api
fail=0
rm -rf "$work" && mkdir -p "$work"

# expect_fail NAME LOG: the check failed, and its line names NAME.
expect_fail() {
	if [ "$2" = 0 ]; then
		echo "test-single-defect: FAIL: $1: check-single-defect passed"; fail=1
	elif ! grep -q "^single-defect: $1: " "$3"; then
		echo "test-single-defect: FAIL: $1: not named ($3)"; fail=1
	elif grep -q "^single-defect: $1: ok" "$3"; then
		echo "test-single-defect: FAIL: $1: still ok ($3)"; fail=1
	else
		echo "test-single-defect: $1: caught: $(grep -m1 "^single-defect: $1: " "$3" | cut -c1-120)"
	fi
}

# The clean tree passes.
{ "$gen" check corpus/single-defect "$tree/src/lib/zstd" &&
	"$genapi" check corpus/single-defect "$tree/src/lib/zstd"; } >"$work/clean.log" 2>&1 ||
	{ echo "test-single-defect: FAIL: the clean tree fails ($work/clean.log)"; exit 1; }

# A changed input.
cp -a corpus/single-defect "$work/corpus"
printf '\x01' | dd of="$work/corpus/zstd_decompress/checksum-wrong.zst" bs=1 seek=10 conv=notrunc status=none
"$gen" check "$work/corpus" "$tree/src/lib/zstd" >"$work/changed.log" 2>&1
expect_fail checksum-wrong $? "$work/changed.log"

# A stale entry: the check's text gone from a copy of lib/zstd.
cp -a "$tree/src/lib/zstd" "$work/zstd-text"
sed -i 's/if (verif != rest) return ERROR(corruption_detected);/if (verif != rest) return ERROR(GENERIC);/' \
	"$work/zstd-text/common/entropy_common.c"
"$gen" check corpus/single-defect "$work/zstd-text" >"$work/stale.log" 2>&1
expect_fail huf-rest-not-power-of-2 $? "$work/stale.log"

# gate_names NAME BDIR: the gate's single-defect part on that build fails,
# and its failure line names the input and its check.
gate_names() {
	local d=$work/gate-$1
	mkdir -p "$d" && echo pass >"$d/result" && echo "corpus" >"$d/figure"
	python3 conformance/gate_single_defect.py "$d" "$2" >"$d/out" 2>&1
	if [ "$(cat "$d/result")" != fail ]; then
		echo "test-single-defect: FAIL: $1: the gate's result is $(cat "$d/result"), not fail"; fail=1
	elif ! grep -q "^single-defect: $1: input .*: its check .*: " "$d/failures"; then
		echo "test-single-defect: FAIL: $1: the gate's failures do not name the input and its check ($d/failures)"; fail=1
	else
		echo "test-single-defect: $1: the gate fails: $(grep -m1 "^single-defect: $1: " "$d/failures" | cut -f1 | cut -c1-150)"
	fi
}

# remove NAME FILE TEXT [GATE]: a tree copy without the check, built; its
# frame or API check must fail (and with GATE=1 the gate's single-defect
# part too).
remove() {
	local name=$1 file=$2 text=$3 gate=${4:-0} t=$work/tree-$1 b log=$work/removed-$1.log
	cp -a "$tree/src" "$t"
	python3 - "$t/lib/zstd/$file" "$text" <<'PY' || { echo "test-single-defect: FAIL: $name: text not found"; fail=1; return; }
import sys
p, text = sys.argv[1], sys.argv[2]
s = open(p).read()
if text not in s:
    sys.exit(1)
open(p, "w").write(s.replace(text, "/* removed */", 1))
PY
	b=$($make -s --no-print-directory BUILD="$build" KERNEL_SRC="$t" gate-where | sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p')
	[ -n "$b" ] || { echo "test-single-defect: FAIL: $name: no build directory"; fail=1; return; }
	rm -rf "$b" "$(dirname "$b")/trees/$(basename "$b")"
	KZ_SEED_TREE=$(basename "$bdir") $make -s --no-print-directory BUILD="$build" KERNEL_SRC="$t" gate-where >/dev/null
	if ! $make -j2 --no-print-directory BUILD="$build" KERNEL_SRC="$t" build-asan >"$work/build-$name.log" 2>&1; then
		echo "test-single-defect: FAIL: $name: the copy does not build ($work/build-$name.log)"; fail=1
	else
		"$b/asan/bin/gen-single-defect" check corpus/single-defect "$t/lib/zstd" >"$log" 2>&1
		local rc=$?
		"$b/asan/bin/gen-single-defect-api" check corpus/single-defect "$t/lib/zstd" >>"$log" 2>&1
		expect_fail "$name" $((rc | $?)) "$log"
		[ "$gate" = 0 ] || gate_names "$name" "$b"
	fi
	rm -rf "$b" "$(dirname "$b")/trees/$(basename "$b")" "$t"
}

remove offset-beyond-history decompress/zstd_decompress_block.c \
	'RETURN_ERROR_IF(UNLIKELY(sequence.offset > (size_t)(oLitEnd - virtualStart)), corruption_detected, "");'
remove fse-table-log-over-max decompress/zstd_decompress_block.c \
	'RETURN_ERROR_IF(tableLog > maxLog, corruption_detected, "");'
remove checksum-wrong decompress/zstd_decompress.c \
	'RETURN_ERROR_IF(checkRead != checkCalc, checksum_wrong, "");'
remove huf-rank1-count common/entropy_common.c \
	'if ((rankStats[1] < 2) || (rankStats[1] & 1)) return ERROR(corruption_detected);'
# A check only the streamed call reaches, and one of lib/decompress_unzstd.c.
remove stream-window-over-limit decompress/zstd_decompress.c \
	'RETURN_ERROR_IF(zds->fParams.windowSize > zds->maxWindowSize,
                            frameParameter_windowTooLarge, "");' 1
remove unzstd-flush-refused ../decompress_unzstd.c 'error("Failed to flush()");'
# The FSE-coded Huffman weights' workspace: without the check, weight-symbols
# up to 12 fit the table builder's own check, and the frame decodes.
remove fse-weights-symbol-over-11 common/fse_decompress.c \
	'if (FSE_DECOMPRESS_WKSP_SIZE(tableLog, maxSymbolValue) > wkspSize) return ERROR(tableLog_tooLarge);'
# The compressor: a parameter's bound (the call no longer fails for it) and
# the checksum's room (the checksum is written past the destination).
remove window-log-over-max compress/zstd_compress.c 'BOUNDCHECK(ZSTD_c_windowLog, value);'
remove checksum-no-room compress/zstd_compress.c \
	'RETURN_ERROR_IF(dstCapacity<4, dstSize_tooSmall, "no room for checksum");'

[ $fail = 0 ] && echo "test-single-defect: passed" && rm -rf "$work"
exit $fail
