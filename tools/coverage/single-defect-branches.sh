#!/usr/bin/env bash
# Which single-defect inputs (corpus/single-defect/) take their check's error
# branch: each decoded alone, the case's way, by the cov variant's gen-single-defect
# (`run`), and llvm-cov's branch counts read at the check's line
# (`checks_measure.py --lines`): the branch of an `if` on that line, or the
# first branch of the macro it expands (RETURN_ERROR_IF, CHECK_F...), taken;
# for RETURN_ERROR (no condition of its own), its line run.
#   single-defect-branches.sh COV_GEN TREE_SRC DIR OUT
# Prints a line per input and "checks proved by branch: N of M" (also in
# OUT/branches.txt, which make coverage-checks reads); exit 1 when an input
# does not take its check's branch.
set -uo pipefail
die() { echo "single-defect-branches: $*" >&2; exit 2; }
[ $# -eq 4 ] || die "usage: single-defect-branches.sh COV_GEN TREE_SRC DIR OUT"
gen=$1 src=$2 dir=$3 out=$4
PROFDATA=${PROFDATA:-llvm-profdata-14}
LLVMCOV=${LLVMCOV:-llvm-cov-14}
for tool in "$PROFDATA" "$LLVMCOV"; do
	command -v "$tool" >/dev/null || die "$tool: not installed (ci/install-deps.sh llvm-14)"
done
[ -x "$gen" ] || die "$gen: not built"
rm -rf "$out" && mkdir -p "$out"
"$(dirname "$0")/checks_measure.py" --lines "$out/lines.txt" "$src/lib/zstd" corpus/unreachable.txt \
	corpus/unreachable-regions.txt "$dir" /dev/null >/dev/null 2>&1
[ -s "$out/lines.txt" ] || die "no check lines (checks_measure.py --lines; make check-single-defect)"

# taken SHOW LINE: the True count of the check's branch in llvm-cov show's text.
taken() {
	awk -v line="$2" '
		function top(s) { return s ~ /^ *[0-9]+\|/ }
		$0 ~ "^ *" line "\\|" {
			inside = 1
			# RETURN_ERROR(...) and decompress_unzstd.c error("...") calls are the
			# error branch itself: its line ran.
			if ($0 ~ /RETURN_ERROR\(|[^_[:alnum:]]error\("/) { split($0, f, "|"); uncond = 1; hit = f[2] + 0 > 0 }
			next
		}
		inside && top($0) { exit }
		inside && /Branch \(/ && /True: / && !uncond {
			n = $0; sub(/.*Branch \(/, "", n); split(n, lc, ":")
			t = $0; sub(/.*True: /, "", t); sub(/,.*/, "", t)
			if (lc[1] == line) { direct = 1; if (t + 0 > 0) hit = 1 }
			else if (!first_seen) { first_seen = 1; first = t + 0 }
		}
		END { print (uncond || direct ? hit : first > 0) ? "taken" : "not-taken" }
	' "$1"
}

proved=0 total=0 fail=0
while read -r input file line; do
	name=${input#*/} name=${name%.zst}
	path=$src/lib/zstd/$file
	path=${path/lib\/zstd\/..\//lib/}	# ../decompress_unzstd.c: lib/decompress_unzstd.c
	total=$((total + 1))
	LLVM_PROFILE_FILE="$out/$name.profraw" "$gen" run "$dir" "$name" >"$out/$name.log" 2>&1
	"$PROFDATA" merge -o "$out/$name.profdata" "$out/$name.profraw" 2>>"$out/$name.log" &&
		"$LLVMCOV" show "$gen" -instr-profile="$out/$name.profdata" --show-branches=count \
			--show-expansions "$path" >"$out/$name.show" 2>>"$out/$name.log"
	verdict=$(taken "$out/$name.show" "$line")
	if [ "$verdict" = taken ]; then
		proved=$((proved + 1))
	else
		fail=1
	fi
	echo "single-defect-branches: $name: $file:$line: $verdict"
	rm -f "$out/$name.profraw"
done <"$out/lines.txt" | tee "$out/branches.txt.tmp"
mv "$out/branches.txt.tmp" "$out/branches.txt"
proved=$(grep -c ': taken$' "$out/branches.txt" || true)
total=$(grep -c '^single-defect-branches: ' "$out/branches.txt" || true)
[ "$proved" = "$total" ] || fail=1
echo "single-defect-branches: checks proved by branch: $proved of $total"
exit $fail
