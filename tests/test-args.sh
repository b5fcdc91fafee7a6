#!/usr/bin/env bash
# Bad arguments are refused first: in a copy of the repository with no
# build/, each bad variable gets one line naming it and a non-zero exit
# within 10 seconds, with nothing staged or built (no build/ appears);
# a good set of variables gets past the check (and on to staging).
#   test-args.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "test-args: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
mkdir -p "$repo"
(cd "$here/.." && git ls-files -z --cached --others --exclude-standard |
	xargs -0 cp --parents -t "$repo" 2>/dev/null) || fail "cannot copy the repository"
[ ! -e "$repo/build" ] || fail "the copy has a build/"
touch "$tmp/input"
# The copy's make runs on its own: none of the calling make's flags,
# variables or job server.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

# refused WANT ARGS...: make ARGS in the copy fails in under 10 s with one
# line containing WANT, and leaves no build/.
n=0
refused() {
	local want=$1 out rc=0 t0 t1
	shift
	t0=$(date +%s%N)
	out=$(cd "$repo" && timeout 30 make --no-print-directory "$@" 2>&1) || rc=$?
	t1=$(date +%s%N)
	[ $rc -ne 0 ] || fail "make $*: accepted"
	[ "$(wc -l <<<"$out")" -eq 1 ] || fail "make $*: not one line: $out"
	grep -qF -- "$want" <<<"$out" || fail "make $*: says '$out', not '$want'"
	[ $(((t1 - t0) / 1000000)) -lt 10000 ] || fail "make $*: took $(((t1 - t0) / 1000000)) ms"
	[ ! -e "$repo/build" ] || fail "make $*: made build/ before refusing"
	n=$((n + 1))
}
refused 'TARGETS: nosuch: unknown target' fuzz TARGETS=nosuch
refused 'TARGETS: nosuch: unknown target' corpus-update TARGETS='unzstd nosuch'
refused 'ENGINE=honggfuzz: unknown engine' fuzz ENGINE=honggfuzz
refused 'SECONDS=1m: not a whole number' fuzz SECONDS=1m
refused 'JOBS=0: not a whole number' fuzz JOBS=0
refused 'no INPUT given' repro
refused 'INPUT=/nonexistent/x: no such file' repro INPUT=/nonexistent/x
refused 'TARGET: nosuch: unknown target' repro INPUT="$tmp/input" TARGET=nosuch
refused 'PARAMS: nosuch: unknown parameter' repro INPUT="$tmp/input" TARGET=compress_oneshot PARAMS='nosuch=1'
refused 'PARAMS: the value of level is not a number' repro INPUT="$tmp/input" PARAMS='level=19x windowLog=18'
refused 'KERNEL_SRC=/nonexistent: no such path' gate KERNEL_SRC=/nonexistent
refused 'KERNEL_SRC=/nonexistent: no such path' fuzz TARGETS=unzstd KERNEL_SRC=/nonexistent
refused "KERNEL_SRC=$tmp/input: not a directory" corpus-update KERNEL_SRC="$tmp/input"
refused 'TARGETS: typo: unknown target' fuzz TARGETS=typo KERNEL_SRC=debian:6.12
refused 'KERNEL_SRC=debian:six: not debian:VERSION' check KERNEL_SRC=debian:six
refused 'BASELINE_SRC=/nonexistent: no such path' bench BASELINE_SRC=/nonexistent
out=$(cd "$repo" && ENGINE=x timeout 30 make --no-print-directory fuzz 2>&1) && fail "ENGINE=x from the environment: accepted"
grep -qF 'ENGINE=x: unknown engine' <<<"$out" || fail "ENGINE=x from the environment: $out"
[ ! -e "$repo/build" ] || fail "ENGINE=x from the environment: made build/"

# Good variables pass the check: a tree that is not a kernel tree is then
# refused by staging (kernel/prepare-tree.sh), which makes build/.
mkdir "$tmp/notatree"
out=$(cd "$repo" && timeout 60 make --no-print-directory fuzz TARGETS=unzstd ENGINE=afl SECONDS=5 \
	KERNEL_SRC="$tmp/notatree" 2>&1) && fail "a tree that is none: accepted"
grep -qF "prepare-tree: KERNEL_SRC=$tmp/notatree: not a kernel tree" <<<"$out" ||
	fail "good variables did not reach staging: $out"
out=$(cd "$repo" && timeout 60 make --no-print-directory repro INPUT="$tmp/input" TARGET=compress_oneshot \
	PARAMS='level=19 minMatch=7 windowLog=18' KERNEL_SRC="$tmp/notatree" 2>&1) && fail "repro on a tree that is none: accepted"
grep -qF "prepare-tree: KERNEL_SRC=$tmp/notatree: not a kernel tree" <<<"$out" ||
	fail "good PARAMS did not reach staging: $out"
echo "test-args: $n bad variables refused in one line each, under 10 s, before build/; good ones pass"
