#!/usr/bin/env bash
# tools/coverage/coverage_regions.py on a made-up source and lcov file: block bodies
# (a `} else {` line stays counted), a `?:` arm line, a case label scoped to
# one function (a comment holding the text is not a match), lines inside a
# listed function not counted, and the two failures: a text found nowhere
# and a region line the corpus hit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
regions=$here/../tools/coverage/coverage_regions.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
src=$tmp/src/lib/zstd/compress/x.c
mkdir -p "$(dirname "$src")"
cat >"$src" <<'EOF'
static int f(int dictMode, int v)
{
	int r = 0;
	if (dictMode == 1) {
		r = v + 1;
	}
	if (dictMode == 1 && v) {
		r = 2;
	} else {
		r = 3;
	}
	r += dictMode == 1 ?
		v * 2 :
		0;
	switch (v) {
	case 1:
		r++;
		break;
	case 2: /* default: in a comment */
		r--;
		break;
	default:
		r = 0;
	}
	return r;
}
static int g(int v)
{
	switch (v) {
	case 1:
		return 1;
	}
	return 0;
}
EOF
# Lines 5, 6, 8, 13, 22, 23 never ran; 30 and 31 did.
{
	echo "SF:$src"
	echo "FN:1,x.c:f"
	echo "FN:27,g"
	for l in $(seq 2 25) $(seq 28 34); do
		case $l in 5 | 6 | 8 | 13 | 22 | 23) c=0 ;; *) c=4 ;; esac
		echo "DA:$l,$c"
	done
	echo "end_of_record"
} >"$tmp/lines.lcov"
: >"$tmp/none.txt"
echo "f	listed" >"$tmp/f.txt"
entry() { printf 'compress/x.c\t%s\t%s\twhy\n' "$1" "$2"; }
{
	entry block 'if (dictMode == 1'
	entry line 'v * 2 :'
	entry case@f 'default:'
} >"$tmp/good.txt"

check() {	# name, want status, want output, regions, unreachable
	local rc=0 got
	n=$((n + 1))
	got=$("$regions" "$tmp/lines.lcov" "$5" "$4" 2>"$tmp/err") || rc=$?
	if [ "$rc" != "$2" ] || [ "$got" != "$3" ]; then
		echo "not ok - $1: status $rc, output '$got' ($(head -n1 "$tmp/err"))"
		fail=1
	fi
}
check "block, line and case regions" 0 "compress/x.c	6	0" "$tmp/good.txt" "$tmp/none.txt"
check "lines of a listed function" 0 "" "$tmp/good.txt" "$tmp/f.txt"
entry block 'if (dictMode == 7)' >"$tmp/stale.txt"
check "a text found nowhere" 1 "" "$tmp/stale.txt" "$tmp/none.txt"
entry case@g 'case 1:' >"$tmp/hit.txt"
check "a region the corpus hit" 1 "compress/x.c	2	2" "$tmp/hit.txt" "$tmp/none.txt"
grep -q "yet hit" "$tmp/err" || { echo "not ok - a hit region is not named"; fail=1; }
echo "test-coverage-regions: $n cases, $([ $fail -eq 0 ] && echo passed || echo FAILED)"
exit $fail
