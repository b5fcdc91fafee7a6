#!/usr/bin/env bash
# Smallest-first greedy minimization by what the committed corpus is for:
# lines and branch directions of the tree's zstd, xxhash, unzstd and fanotify
# files (not the harness's own edges, which keep far more inputs).
#   minimize-lines.sh COV_REPLAYER TREE_SRC OUTDIR INPUT_DIR...
# Keeps an input when the cov replayer, on that input alone, hits a line or
# branch direction no smaller input hit; an input the replayer fails on is
# left out with a note. OUTDIR gets the kept inputs named by their SHA-1
# (as libFuzzer names them), via OUTDIR.tmp.
set -euo pipefail
die() { echo "minimize-lines: $*" >&2; exit 1; }
[ $# -ge 4 ] || die "usage: minimize-lines.sh COV_REPLAYER TREE_SRC OUTDIR INPUT_DIR..."
bin=$1 src=$2 out=$3
shift 3
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
[ -x "$bin" ] || die "$bin: no such replayer"
for d in "$@"; do [ -d "$d" ] || die "$d: no such directory"; done
sources=()
for s in lib/zstd lib/xxhash.c lib/decompress_unzstd.c samples/fanotify; do
	[ -e "$src/$s" ] && sources+=("$src/$s")
done
[ ${#sources[@]} -gt 0 ] || die "$src: none of the files under test is here"

tmp=$out.tmp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp"
: >"$work/seen"

# Features of one input: file:line for lines hit, file:line:block:branch for branches taken.
features() {
	rm -f "$work/p.profraw"
	LLVM_PROFILE_FILE="$work/p.profraw" "$bin" "$1" >/dev/null 2>&1 || return 1
	"$PROFDATA" merge -sparse "$work/p.profraw" -o "$work/p.profdata"
	"$LLVMCOV" export -format=lcov -instr-profile="$work/p.profdata" "$bin" "${sources[@]}" |
		awk -F'[:,]' '/^SF:/ { f = $2 }
			/^DA:/ && $3 > 0 { print f ":" $2 }
			/^BRDA:/ && $5 != "-" && $5 > 0 { print f ":" $2 ":" $3 ":" $4 }' |
		LC_ALL=C sort -u
}

kept=0 failed=0 total=0
# Smallest first; equal sizes by name, so that the result is repeatable.
while read -r size path; do
	sum=$(sha1sum "$path" | cut -d' ' -f1)
	[ -e "$tmp/$sum" ] && continue
	total=$((total + 1))
	if ! features "$path" >"$work/f"; then
		echo "minimize-lines: $path: the replayer fails on it: left out" >&2
		failed=$((failed + 1))
		continue
	fi
	if [ -n "$(LC_ALL=C comm -23 "$work/f" "$work/seen" | head -n1)" ]; then
		cp "$path" "$tmp/$sum"
		LC_ALL=C sort -u -m "$work/seen" "$work/f" -o "$work/seen"
		kept=$((kept + 1))
	fi
done < <(find "$@" -type f -printf '%s %p\n' | LC_ALL=C sort -k1,1n -k2,2)

rm -rf "$out"
mv "$tmp" "$out"
echo "minimize-lines: kept $kept of $total inputs ($failed failing), $(wc -l <"$work/seen") features, $(du -sb "$out" | cut -f1) bytes in $out"
