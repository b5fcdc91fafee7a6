#!/usr/bin/env bash
# The layer rules (tests/layers.py) on the harness itself, and on a
# made-up two-layer tree where each rule is broken once, to show that the
# checker sees it.
#   test-layers.sh OBJDIR     (the objects of the asan variant)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "test-layers: FAIL: $*" >&2; exit 1; }
[ $# -eq 1 ] || { echo "usage: test-layers.sh OBJDIR" >&2; exit 2; }
check=$here/layers.py
objdir=$1

# The harness.
out=$(python3 "$check" "$here/.." "$objdir") || fail "the harness breaks its layers:
$out"
echo "test-layers: $(tail -n1 <<<"$out")"
# HACKING.md's picture names every layer, in the order of build.mk.
want=$(sed -n 's/^LAYERS *:= *//p' "$here/../build.mk" | tr ' ' '\n' | tac | paste -sd' ')
drawn=$(sed -n '/^```$/,/^```$/s/^ \([a-z]*\)\/ .*/\1/p' "$here/../HACKING.md" | grep -vx 'corpus\|ci' | paste -sd' ')
[ "$want" = "$drawn" ] || fail "HACKING.md draws the layers as '$drawn', build.mk has '$want' (top first)"

# A made-up tree: low below high; each case breaks one rule.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# case NAME WANT: the checker on $tmp/NAME must name WANT.
case_of() {
	local t=$tmp/$1 out rc=0
	out=$(python3 "$check" "$t" "$t/obj") || rc=$?
	[ $rc -ne 0 ] || fail "$1: not seen: $out"
	grep -q "$2" <<<"$out" || fail "$1: wrong report: $out"
}
# make_tree NAME: low/{l.h,l.c} and high/{h.h,h.c}, high calls low.
make_tree() {
	local t=$tmp/$1
	mkdir -p "$t/low" "$t/high" "$t/obj/low" "$t/obj/high"
	echo 'LAYERS := low high' >"$t/build.mk"
	echo 'int low_fn(void);' >"$t/low/l.h"
	echo 'int high_fn(void);' >"$t/high/h.h"
	printf '#include "l.h"\nint low_fn(void) { return 1; }\n' >"$t/low/l.c"
	printf '#include "h.h"\n#include "l.h"\nint high_fn(void) { return low_fn(); }\n' >"$t/high/h.c"
}
compile() {
	cc -c -I"$tmp/$1/low" -I"$tmp/$1/high" "$tmp/$1/$2.c" -o "$tmp/$1/obj/$2.o" ||
		fail "$1: $2.c does not compile"
}

make_tree clean
compile clean low/l && compile clean high/h
python3 "$check" "$tmp/clean" "$tmp/clean/obj" >/dev/null || fail "a clean tree is reported"

make_tree up-include
sed -i '1i #include "h.h"' "$tmp/up-include/low/l.c"
compile up-include low/l && compile up-include high/h
case_of up-include 'low/l.c includes high/h.h, a higher layer'

make_tree up-call
printf '#include "l.h"\nint high_fn(void);\nint low_fn(void) { return high_fn(); }\n' >"$tmp/up-call/low/l.c"
printf 'int high_fn(void) { return 2; }\n' >"$tmp/up-call/high/h.c"
compile up-call low/l && compile up-call high/h
case_of up-call 'low/l.o uses high_fn of high/h.o, a higher layer'

make_tree include-cycle
# Source-level only: guards would let it compile, the cycle stays.
echo '#include "l2.h"' >>"$tmp/include-cycle/low/l.h"
echo '#include "l.h"' >"$tmp/include-cycle/low/l2.h"
case_of include-cycle 'include cycle: low/l.h -> low/l2.h'

make_tree call-cycle
printf 'int low_b(void);\nint low_a(int n) { return n ? low_b() : 0; }\n' >"$tmp/call-cycle/low/a.c"
printf 'int low_a(int);\nint low_b(void) { return low_a(0); }\n' >"$tmp/call-cycle/low/b.c"
compile call-cycle low/l && compile call-cycle high/h && compile call-cycle low/a && compile call-cycle low/b
case_of call-cycle 'call cycle between files: low/a.o <-> low/b.o'
# A sealed folder (layers.py SEALED): fuzz/spec/ includes a lower layer's header.
t=$tmp/sealed
mkdir -p "$t/oracles" "$t/fuzz/spec" "$t/obj"
echo 'LAYERS := oracles fuzz' >"$t/build.mk"
echo 'int oracle_fn(void);' >"$t/oracles/o.h"
printf '#include "o.h"\nint spec_fn(void) { return 0; }\n' >"$t/fuzz/spec/s.c"
case_of sealed 'fuzz/spec/s.c includes oracles/o.h, outside the sealed folder fuzz/spec/'
make_tree up-script
printf '#!/bin/sh\n# high/tool.sh in a comment is no call\nhigh/tool.sh "$@"\n' >"$tmp/up-script/low/run.sh"
case_of up-script 'low/run.sh runs high/tool.sh, a higher layer'
make_tree up-import
printf 'def tool():\n    return 1\n' >"$tmp/up-import/high/tool.py"
printf 'import os\nimport tool\n' >"$tmp/up-import/low/run.py"
case_of up-import 'low/run.py imports high/tool.py, a higher layer'
make_tree import-cycle
printf 'import b\n' >"$tmp/import-cycle/low/a.py"
printf 'from a import x\n' >"$tmp/import-cycle/low/b.py"
case_of import-cycle 'import cycle: low/a.py -> low/b.py'
echo "test-layers: passed (and the checker sees an upward include, call, script and import, an include, call and import cycle)"
