#!/usr/bin/env bash
# make test-gate-known: the gate's "known" paths excuse only what their
# registry entries say, on a tree whose zstd version has them (Linux 6.12,
# zstd 1.5.2: make check runs it on the second tree). One copy of the tree
# with two bugs planted:
#  - stack: a 1 KiB local array in ZSTD_decompressBlock_internal, the
#    copy built in the plain variant (seeded from the tree's own build, so
#    only that file recompiles). The registry knows zstd_decompress_dctx
#    over its budget up to a ceiling (class stack, "... up to M B"); the
#    planted tree goes past it, and gate-stack must FAIL that entry point,
#    naming the ceiling, where the clean tree passes it as known;
#  - single-defect: HUF_readStats_body of the copy holds 1.4.10's weight
#    check twice. The registry knows huf-weight-too-big as failing for one
#    reason (class single-defect: its check's text is not in its function);
#    the planted text makes it fail for another (the text is there more
#    than once), and gen-single-defect must report it (FAIL), where the
#    clean tree says known. Text only: the tree's own build runs it.
# A tree whose registry has neither entry skips that part, said as a skip.
# The tree under test is never edited: the copy is under WORK.
#   test-gate-known.sh WORK BUILD BDIR TREE_DIR SKIPS
set -uo pipefail
work=${1:?usage: test-gate-known.sh WORK BUILD BDIR TREE_DIR SKIPS}
build=${2:?} bdir=${3:?} tree=${4:?} skips=${5:?}
make=${MAKE:-make}
fail=0
rm -rf "$work" && mkdir -p "$work"

say() { echo "test-gate-known: $*"; }
bad() { say "FAIL: $*"; fail=1; }
skip() { say "skipped: $*"; echo "test-gate-known: skipped: $*" >>"$skips"; }

# The registry's signature of a finding of this class and tree naming $2 first.
signature() {
	python3 lib/findings.py select finding class signature | awk -F'\t' -v c="$1" -v s="$2" \
		'$1 == c && index($2, s) == 1 { print $2; exit }'
}
stack_sig=$(signature stack "zstd_decompress_dctx over its ")
sd_sig=$(signature single-defect "huf-weight-too-big: ")
[ -n "$stack_sig" ] || skip "no stack finding for zstd_decompress_dctx on zstd ${KZ_ZSTD_VERSION:-?}: its ceiling is not tested here"
[ -n "$sd_sig" ] || skip "no single-defect finding for huf-weight-too-big on zstd ${KZ_ZSTD_VERSION:-?}: nothing known to fail differently"
[ -n "$stack_sig$sd_sig" ] || exit 0

# plant FILE OLD NEW [FUNCTION]: replace the text (within FUNCTION's body when
# given: from its definition to the next one), and fail loudly if it is not there.
plant() {
	python3 - "$@" <<'PY'
import re, sys
path, old, new = sys.argv[1:4]
s = open(path).read()
start, end = 0, len(s)
if len(sys.argv) > 4:
    m = re.search(r'^(?=\S).*\b%s\(' % re.escape(sys.argv[4]), s, re.M)
    if not m:
        sys.exit('%s: no function %s' % (path, sys.argv[4]))
    start = m.start()
    n = re.search(r'^}', s[start:], re.M)
    end = start + n.end() if n else end
if old not in s[start:end]:
    sys.exit('%s: %r not found' % (path, old))
open(path, 'w').write(s[:start] + s[start:end].replace(old, new) + s[end:])
PY
}

t=$work/tree
cp -a "$tree/src" "$t"
plant "$t/lib/zstd/decompress/zstd_decompress_block.c" '    const BYTE* ip = (const BYTE*)src;
' '    const BYTE* ip = (const BYTE*)src;
    volatile BYTE kz_planted_pad[1024]; kz_planted_pad[srcSize % sizeof(kz_planted_pad)] = 0;
' ZSTD_decompressBlock_internal || { bad "cannot plant the stack bug"; exit 1; }
w='if (huffWeight[n] >= HUF_TABLELOG_MAX) return ERROR(corruption_detected);'
plant "$t/lib/zstd/common/entropy_common.c" 'if (huffWeight[n] > HUF_TABLELOG_MAX) return ERROR(corruption_detected);' \
	"$w
            $w" HUF_readStats_body || { bad "cannot plant the single-defect bug"; exit 1; }

# gate-stack on the clean tree says the entry is known; on the planted one it fails it over the ceiling.
b=
if [ -n "$stack_sig" ]; then
	b=$($make -s --no-print-directory BUILD="$build" KERNEL_SRC="$t" gate-where 2>"$work/where.err" |
		sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p')
	[ -n "$b" ] || { bad "no build directory ($work/where.err)"; exit 1; }
	rm -rf "$b" "$(dirname "$b")/trees/$(basename "$b")"
	KZ_SEED_TREE=$(basename "$bdir") $make -s --no-print-directory BUILD="$build" KERNEL_SRC="$t" gate-where >/dev/null
	if ! $make -j2 --no-print-directory BUILD="$build" KERNEL_SRC="$t" build-plain >"$work/build.log" 2>&1; then
		bad "the planted copy does not build ($work/build.log)"
		exit 1
	fi
	ceiling=${stack_sig##*up to }
	"$bdir/plain/bin/gate-stack" --quick >"$work/stack-clean.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ] || ! grep -qF "# $stack_sig: known" "$work/stack-clean.log"; then
		bad "stack: the clean tree does not pass zstd_decompress_dctx as known (exit $rc, $work/stack-clean.log)"
	fi
	"$b/plain/bin/gate-stack" --quick >"$work/stack-planted.log" 2>&1
	rc=$?
	line=$(grep -m1 "over the $ceiling its known finding allows" "$work/stack-planted.log")
	if [ $rc -eq 0 ] || [ -z "$line" ]; then
		bad "stack: the planted tree is not failed over the $ceiling ceiling (exit $rc, $work/stack-planted.log)"
	else
		say "stack: caught: $line"
	fi
fi

# gen-single-defect on the clean tree says known; on the planted one the case fails another way: FAIL.
if [ -n "$sd_sig" ]; then
	"$bdir/asan/bin/gen-single-defect" check corpus/single-defect "$tree/src/lib/zstd" >"$work/sd-clean.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ] || ! grep -qF "single-defect: huf-weight-too-big: known ${sd_sig#huf-weight-too-big: }" "$work/sd-clean.log"; then
		bad "single-defect: the clean tree does not pass huf-weight-too-big as known (exit $rc, $work/sd-clean.log)"
	fi
	"$bdir/asan/bin/gen-single-defect" check corpus/single-defect "$t/lib/zstd" >"$work/sd-planted.log" 2>&1
	rc=$?
	line=$(grep -m1 "^single-defect: huf-weight-too-big: " "$work/sd-planted.log")
	if [ $rc -eq 0 ] || [[ $line != *": FAIL "* ]]; then
		bad "single-defect: the planted tree's huf-weight-too-big is not reported (exit $rc: ${line:-no line}, $work/sd-planted.log)"
	else
		say "single-defect: caught: $line"
	fi
fi

[ -z "$b" ] || rm -rf "$b" "$(dirname "$b")/trees/$(basename "$b")"
[ $fail = 0 ] && say "passed" && rm -rf "$work"
exit $fail
