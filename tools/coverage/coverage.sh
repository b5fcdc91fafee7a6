#!/usr/bin/env bash
# Source coverage of a corpus, replayed through the cov variant's replayers:
#   coverage.sh COV_BIN_DIR TREE_SRC CORPUS_ROOT OUTDIR TARGET...
# Replays CORPUS_ROOT/<target>/ through COV_BIN_DIR/<target> for every target
# that has both (the others are skipped with a note), merges the profiles
# and writes into OUTDIR (built beside it, then renamed into place):
#   html/           llvm-cov HTML report of the tree's files under test
#   summary.txt     per-file table (regions, functions, lines, branches)
#   functions.txt   per-function table of lib/zstd
#   reachable.txt   lib/zstd per file, lines and lines outside the functions
#                   and source regions the tree's zstd version's
#                   unreachable lists (unreachable_lists.py: corpus/
#                   unreachable.txt and unreachable-regions.txt for 1.4.10)
#                   list as out of the wrapper's reach
#   functions-reach.txt  the same per reachable function (functions_reach.py)
#   lines.lcov      per-line counts of lib/zstd (llvm-cov export)
#   regions.txt     per file, the region lines left out (coverage_regions.py)
#   notes.txt       what was skipped or failed
set -euo pipefail
die() { echo "coverage: $*" >&2; exit 1; }
# COV_ALSO_DIR, COV_ALSO_TARGETS: a folder of committed inputs that those
# targets replay too (make coverage: corpus/single-defect/ through the
# decoding targets).
[ $# -ge 5 ] || die "usage: coverage.sh COV_BIN_DIR TREE_SRC CORPUS_ROOT OUTDIR TARGET..."
bins=$1 src=$2 corpora=$3 out=$4
shift 4
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
here=$(dirname "$0")
for tool in "$PROFDATA" "$LLVMCOV"; do
	command -v "$tool" >/dev/null || die "$tool: not installed (ci/install-deps.sh llvm-14)"
done
[ -d "$src/lib/zstd" ] || die "$src: no lib/zstd here"
# The unreachable lists of the tree's zstd version ($KZ_ZSTD_VERSION).
mapfile -t lists < <("$here/unreachable_lists.py") && [ ${#lists[@]} -eq 2 ] || exit 1

tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp/profraw" "$tmp/logs"
objects=()
for t in "$@"; do
	bin=$bins/$t
	if [ ! -x "$bin" ]; then
		echo "$t: skipped: no replayer $bin" >>"$tmp/notes.txt"
		continue
	fi
	if [ ! -d "$corpora/$t" ] || [ -z "$(ls -A "$corpora/$t")" ]; then
		echo "$t: skipped: no corpus in $corpora/$t" >>"$tmp/notes.txt"
		continue
	fi
	also=()
	case " ${COV_ALSO_TARGETS:-} " in *" $t "*) also=("$COV_ALSO_DIR") ;; esac
	LLVM_PROFILE_FILE="$tmp/profraw/$t-%p.profraw" "$bin" "$corpora/$t" "${also[@]}" \
		>"$tmp/logs/$t.log" 2>&1 ||
		echo "$t: replay failed, coverage partial: $(grep -m1 -E '==KZFUZZ==|ERROR|abort' "$tmp/logs/$t.log" || tail -n1 "$tmp/logs/$t.log")" >>"$tmp/notes.txt"
	objects+=("$bin")
	echo "$t: $(tail -n1 "$tmp/logs/$t.log")" >>"$tmp/notes.txt"
done
[ ${#objects[@]} -gt 0 ] || die "nothing to measure: no target has both a replayer and a corpus (see $tmp/notes.txt)"
shopt -s nullglob
raws=("$tmp"/profraw/*.profraw)
[ ${#raws[@]} -gt 0 ] || die "the replayers wrote no profile (see $tmp/logs)"
"$PROFDATA" merge -sparse "${raws[@]}" -o "$tmp/corpus.profdata"
rm -rf "$tmp/profraw"

# The files under test: the tree's zstd, xxhash, unzstd and the fanotify sample.
sources=()
for s in lib/zstd lib/xxhash.c lib/decompress_unzstd.c samples/fanotify; do
	[ -e "$src/$s" ] && sources+=("$src/$s")
done
cov=("$LLVMCOV")
args=(-instr-profile="$tmp/corpus.profdata" "${objects[0]}")
for o in "${objects[@]:1}"; do args+=(-object "$o"); done
"${cov[@]}" show -format=html -output-dir="$tmp/html" "${args[@]}" "${sources[@]}" 2>"$tmp/logs/show.err"
"${cov[@]}" report "${args[@]}" "${sources[@]}" >"$tmp/summary.txt" 2>"$tmp/logs/report.err"
mapfile -t zstd_files < <(find "$src/lib/zstd" -name '*.c' | sort)
"${cov[@]}" report -show-functions "${args[@]}" "${zstd_files[@]}" >"$tmp/functions.txt" 2>>"$tmp/logs/report.err"
"${cov[@]}" export -format=lcov "${args[@]}" "${zstd_files[@]}" >"$tmp/lines.lcov" 2>>"$tmp/logs/report.err"
"$here/coverage_regions.py" "$tmp/lines.lcov" "${lists[0]}" "${lists[1]}" \
	>"$tmp/regions.txt" 2>"$tmp/logs/regions.err" ||
	echo "regions: ${lists[1]} is wrong: $(head -n1 "$tmp/logs/regions.err") (see logs/regions.err)" >>"$tmp/notes.txt"
"$here/coverage-reachable.sh" "$tmp/functions.txt" "${lists[0]}" "$tmp/regions.txt" >"$tmp/reachable.txt"
"$here/functions_reach.py" "$tmp/functions.txt" "$tmp/lines.lcov" "${lists[@]}" >"$tmp/functions-reach.txt" \
	2>>"$tmp/logs/regions.err" || true

rm -rf "$out"
mv "$tmp" "$out"
sed -n 's/^\(TOTAL.*\)/coverage: \1/p' "$out/summary.txt"
cat "$out/notes.txt"
echo "coverage: $out/html/index.html, $out/summary.txt, $out/reachable.txt, $out/functions-reach.txt"
