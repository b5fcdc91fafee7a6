#!/usr/bin/env bash
# make check's run on the second tree: make again with KERNEL_SRC=TREE and
# a build directory of its own, for the checks that depend on the tree.
# Writes RESULT, one line for make check's summary ("6.12.118 (zstd
# 1.5.2): all passed"), and appends the second run's skips, each naming
# the tree, to SKIPS (make check counts them with the first tree's). A Debian tree whose package cannot be installed is
# one skip line, never a pass.
#   check-second-tree.sh TREE BUILD2 RESULT SKIPS CHECK...
#   (MAKE and MAKEFLAGS from the environment; extra make words in MAKE_ARGS)
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: check-second-tree.sh TREE BUILD2 RESULT SKIPS CHECK..." >&2; exit 2; }
tree=$1 build=$2 result=$3 skips=$4
shift 4
make=${MAKE:-make}
rm -f "$result"
mkdir -p "$(dirname "$result")"

skip() {
	echo "check-second-tree: skipped: ${tree:-no second tree}: $*"
	echo "check-second-tree: skipped: ${tree:-no second tree}: $*" >>"$skips"
	echo "${tree:-second tree}: skipped" >"$result.tmp" && mv "$result.tmp" "$result"
	exit 0
}

[ -n "$tree" ] || skip "SECOND_TREE is empty"
# Only a package that cannot be had is a skip; anything else that fails fails.
if [[ $tree == debian:* ]]; then
	v=${tree#debian:}
	v=${v#linux-source-}
	if [ ! -f "/usr/src/linux-source-$v.tar.xz" ] &&
		! err=$(ci/install-deps.sh "linux-source-$v" 2>&1); then
		skip "$(tail -n1 <<<"$err")"
	fi
fi

# The second run keeps its own skips; they are listed with the tree's name.
own_skips=$build/check-skips.txt
rc=0
# shellcheck disable=SC2086
"$make" --no-print-directory KERNEL_SRC="$tree" BUILD="$build" ${MAKE_ARGS:-} \
	check-start "$@" || rc=$?
name=$(sed -n 's/^KTREE_KERNEL_VERSION := //p' "$build"/trees/*/tree.mk 2>/dev/null | head -n1)
zstd=$(sed -n 's/^KTREE_ZSTD_VERSION := //p' "$build"/trees/*/tree.mk 2>/dev/null | head -n1)
label="${name:-$tree} (zstd ${zstd:-unknown})"
if [ $rc -ne 0 ]; then
	echo "check-second-tree: $label: failed (make $*, exit $rc)" >&2
	exit $rc
fi
# Its skips are counted and listed with the first tree's, each naming it.
[ ! -s "$own_skips" ] || sed "s|^|$label: |" "$own_skips" >>"$skips"
echo "$label: all passed" >"$result.tmp"
mv "$result.tmp" "$result"
echo "check-second-tree: $(cat "$result") ($*)"
