#!/usr/bin/env bash
# Which single-defect inputs (corpus/single-defect/) take their check's error
# branch: each run alone by the cov variant's generator that made it (`run`:
# gen-single-defect decodes a frame the case's way, gen-single-defect-api
# makes an API case's defective call), and llvm-cov's branch counts read at
# the check's line (`checks_measure.py --lines`): the branch of an `if` on
# that line, or the first branch of the macro it expands (RETURN_ERROR_IF,
# CHECK_F, BOUNDCHECK...), taken; for RETURN_ERROR and unzstd's error()
# (no condition of their own), their expansion or line run. An input that
# proves several checks (an API case's error and the forwards it takes)
# runs once.
#   single-defect-branches.sh TREE_SRC DIR OUT COV_GEN COV_GEN_API
# Prints a line per check and "checks proved by branch: N of M" (also in
# OUT/branches.txt, which make coverage-checks reads); exit 1 when an input
# does not take its check's branch, unless corpus/findings.txt has a
# single-defect entry for its case on the tree's zstd version
# ($KZ_ZSTD_VERSION): the case then is not proved on this version ("not-taken,
# known"), neither proved nor failed.
set -uo pipefail
die() { echo "single-defect-branches: $*" >&2; exit 2; }
[ $# -eq 5 ] || die "usage: single-defect-branches.sh TREE_SRC DIR OUT COV_GEN COV_GEN_API"
src=$1 dir=$2 out=$3 gen_frames=$4 gen_api=$5
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
for tool in "$PROFDATA" "$LLVMCOV"; do
	command -v "$tool" >/dev/null || die "$tool: not installed (ci/install-deps.sh llvm-14)"
done
for gen in "$gen_frames" "$gen_api"; do
	[ -x "$gen" ] || die "$gen: not built"
done
rm -rf "$out" && mkdir -p "$out"
# The unreachable lists of the tree's zstd version ($KZ_ZSTD_VERSION).
mapfile -t lists < <("$(dirname "$0")/unreachable_lists.py") && [ ${#lists[@]} -eq 2 ] || exit 2
"$(dirname "$0")/checks_measure.py" --lines "$out/lines.txt" "$src/lib/zstd" "${lists[@]}" \
	"$dir" /dev/null >/dev/null 2>&1
[ -s "$out/lines.txt" ] || die "no check lines (checks_measure.py --lines; make check-single-defect)"

# taken SHOW LINE: the check's branch in llvm-cov show's text (cov_branch.py).
taken() { python3 "$(dirname "$0")/cov_branch.py" "$1" "$2"; }

# The cases the registry knows this version fails (signature CASE: REASON), as TARGET CASE.
known=$(python3 "$(dirname "$0")/../../lib/findings.py" select finding targets class signature |
	awk -F '\t' '$2 == "single-defect" { sub(/: .*/, "", $3); n = split($1, t, ","); for (i = 1; i <= n; i++) print t[i], $3 }') ||
	die "corpus/findings.txt: cannot read (lib/findings.py check)"

proved=0 total=0 fail=0
while read -r input file line; do
	case $input in
	api/*) gen=$gen_api name=${input#api/} name=${name%.txt} ;;
	*) gen=$gen_frames name=${input#*/} name=${name%.zst} ;;
	esac
	path=$src/lib/zstd/$file
	path=${path/lib\/zstd\/..\//lib/}	# ../decompress_unzstd.c: lib/decompress_unzstd.c
	show=$out/$name.$(basename "$file").show
	total=$((total + 1))
	if [ ! -e "$out/$name.profdata" ]; then
		LLVM_PROFILE_FILE="$out/$name.profraw" "$gen" run "$dir" "$name" >"$out/$name.log" 2>&1
		"$PROFDATA" merge -o "$out/$name.profdata" "$out/$name.profraw" 2>>"$out/$name.log"
	fi
	[ -e "$show" ] || "$LLVMCOV" show "$gen" -instr-profile="$out/$name.profdata" --show-branches=count \
		--show-expansions "$path" >"$show" 2>>"$out/$name.log"
	verdict=$(taken "$show" "$line")
	if [ "$verdict" = taken ]; then
		proved=$((proved + 1))
	elif grep -qxF "$(basename "$gen") $name" <<<"$known"; then
		verdict='not-taken, known (corpus/findings.txt)'
	else
		fail=1
	fi
	echo "single-defect-branches: $name: $file:$line: $verdict"
	rm -f "$out/$name.profraw"
done <"$out/lines.txt" | tee "$out/branches.txt.tmp"
mv "$out/branches.txt.tmp" "$out/branches.txt"
proved=$(grep -c ': taken$' "$out/branches.txt" || true)
total=$(grep -c '^single-defect-branches: ' "$out/branches.txt" || true)
nknown=$(grep -c ': not-taken, known ' "$out/branches.txt" || true)
[ "$proved" = "$((total - nknown))" ] || fail=1
echo "single-defect-branches: checks proved by branch: $proved of $total ($nknown known not proved on this version)"
exit $fail
