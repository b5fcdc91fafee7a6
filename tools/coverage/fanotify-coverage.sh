#!/usr/bin/env bash
# Line and branch coverage of the fanotify reference parser (oracles/fanotify_*.c)
# by its unit tests and the committed fanotify corpora, through the cov variant:
#   tools/coverage/fanotify-coverage.sh COV_B TREE_SRC
# COV_B: a cov variant build folder with the fanotify tests and replayers built
# (make -f build.mk VARIANT=cov ... tests fuzzers); prints llvm-cov's table.
set -euo pipefail
die() { echo "fanotify-coverage: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: fanotify-coverage.sh COV_B TREE_SRC"
b=$1 src=$2
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
for tool in "$PROFDATA" "$LLVMCOV"; do
	command -v "$tool" >/dev/null || die "$tool: not installed"
done
bins=("$b/tests/test_fanotify_parse" "$b/tests/test_fanotify_sample")
for t in fanotify_reference fanotify_sample fanotify_structured; do
	bins+=("$b/fuzz/$t")
done
for f in "${bins[@]}"; do
	[ -x "$f" ] || die "$f: not built"
done
tmp=$(mktemp -d) || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
LLVM_PROFILE_FILE="$tmp/%p.profraw" "${bins[0]}" >/dev/null 2>&1 || die "${bins[0]} fails"
LLVM_PROFILE_FILE="$tmp/%p.profraw" "${bins[1]}" >/dev/null 2>&1 || die "${bins[1]} fails"
for t in fanotify_reference fanotify_sample fanotify_structured; do
	LLVM_PROFILE_FILE="$tmp/%p.profraw" "$b/fuzz/$t" "corpus/regression/$t" >/dev/null 2>&1 ||
		die "$t: corpus/regression/$t does not replay cleanly"
done
"$PROFDATA" merge -sparse "$tmp"/*.profraw -o "$tmp/all.profdata"
objs=()
for f in "${bins[@]:1}"; do objs+=(-object "$f"); done
"$LLVMCOV" report -instr-profile="$tmp/all.profdata" "${bins[0]}" "${objs[@]}" \
	oracles/fanotify_parse.c oracles/fanotify_types.c oracles/fanotify_serialize.c \
	oracles/fanotify_render.c oracles/fanotify_equal.c "$src/samples/fanotify/fs-monitor.c"
