#!/usr/bin/env bash
# Builds kz-ab for one pair of trees: the candidate (already built in its
# plain variant) and a baseline tree, whose kernel side it stages and
# builds; prints the program's path. Used by the gate's baseline check,
# make bench BASELINE_SRC= and the speed calibration.
#   ab-build.sh BUILD CAND_BDIR BASELINE_SRC LOG
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: ab-build.sh BUILD CAND_BDIR BASELINE_SRC LOG" >&2; exit 2; }
build=$1 cbdir=$2 bsrc=$3 log=$4
MAKE=${MAKE:-make}
loc=$($MAKE -s --no-print-directory BUILD="$build" KERNEL_SRC="$bsrc" gate-where 2>&1) ||
	{ echo "ab-build: BASELINE_SRC=$bsrc: $(tail -n1 <<<"$loc")" >&2; exit 1; }
bbdir=$(sed -n 's/^gate-where: bdir=\([^ ]*\).*/\1/p' <<<"$loc")
# The second reference as make's own variant builds see it (else build.mk
# would relink the candidate's refnext.o without it).
next=$(sed -n 's/^gate-where: .*zstd_next=\([^ ]*\).*/\1/p' <<<"$loc")
ab=$cbdir/plain/ab/vs-$(basename "$bbdir")/kz-ab
{
	$MAKE --no-print-directory BUILD="$build" KERNEL_SRC="$bsrc" gate-ab-side &&
	$MAKE --no-print-directory -f build.mk VARIANT=plain TREE_DIR="$build/trees/$(basename "$cbdir")" \
		ZSTD_NEXT="$next" ZSTD_NEXT_ERR="$(cd "$build" && pwd)/zstd-next.err" \
		B="$cbdir/plain" AB_BASE="$bbdir/plain/ab/base-side.o" AB_OUT="$ab" "$ab"
} >"$log" 2>&1 || { echo "ab-build: kz-ab does not build (log $log)" >&2; exit 1; }
echo "$ab"
