#!/usr/bin/env bash
# The build follows the content of the tree under test, not its timestamps.
#   test-tree-content.sh WORKROOT MAKE-ARGS...   (BUILD=..)
# At one path P, in turn (each a hard-linked copy, so timestamps are old):
#   1. the pristine default tree: the self-test passes;
#   2. a copy whose zstd_dstream_workspace_bound returns half its value, the
#      changed file dated 2000-01-01: the self-test fails;
#   3. the pristine tree again: the self-test passes again.
# The tree line's content id must tell 1 and 3 (equal) from 2.
# P's staged copy and builds start as copies of the default tree's
# (KZ_SEED_TREE), so only the changed file rebuilds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
fail() { echo "test-tree-content: FAIL: $*" >&2; exit 1; }
[ $# -ge 1 ] || { echo "usage: test-tree-content.sh WORKROOT MAKE-ARGS..." >&2; exit 2; }
root=$1
shift
mk=(make --no-print-directory "$@")

loc=$("${mk[@]}" -s gate-where | grep '^gate-where: ')
tree_dir=$(sed -n 's/.*tree_dir=\([^ ]*\).*/\1/p' <<<"$loc")
seed=$(sed -n 's/.*tree_id=\([^ ]*\).*/\1/p' <<<"$loc")
[ -d "$tree_dir/src" ] || fail "no staged default tree ($loc)"

rm -rf "$root"
mkdir -p "$root"
cp -al "$tree_dir/src" "$root/pristine"
cp -a "$tree_dir/src" "$root/changed"
f=lib/zstd/zstd_decompress_module.c
old='return ZSTD_estimateDStreamSize(max_window_size);'
grep -qF "$old" "$root/changed/$f" || fail "$f: '$old' not found, cannot plant"
sed -i "s/$old/return ZSTD_estimateDStreamSize(max_window_size) \/ 2;/" "$root/changed/$f"
touch -d 2000-01-01 "$root/changed/$f"
p=$root/tree

# step N FROM EXPECT: P becomes a hard-linked copy of FROM; the self-test
# must EXPECT (pass|fail); prints the tree line's content id.
step() {
	local rc=0 out id
	rm -rf "$p"
	cp -al "$1" "$p"
	out=$(KZ_SEED_TREE=$seed "${mk[@]}" KERNEL_SRC="$p" selftest 2>&1) || rc=$?
	id=$(sed -n 's/^tree .*, content \([0-9a-f]*\)$/\1/p' <<<"$out" | head -n1)
	[ -n "$id" ] || fail "step $2: no content id in the tree line: $(head -n1 <<<"$out")"
	case $3 in
	pass) [ $rc -eq 0 ] || fail "step $2: the self-test failed on $(basename "$1"): $(tail -n1 <<<"$out")" ;;
	fail) [ $rc -ne 0 ] || fail "step $2: the self-test passed on $(basename "$1"): the build kept stale objects" ;;
	esac
	echo "$id"
}
id1=$(step "$root/pristine" 1 pass)
id2=$(step "$root/changed" 2 fail)
id3=$(step "$root/pristine" 3 pass)
[ "$id1" = "$id3" ] || fail "the pristine tree has two content ids: $id1, $id3"
[ "$id1" != "$id2" ] || fail "the changed tree has the pristine tree's content id $id1"
echo "test-tree-content: passed (pristine $id1: self-test passes; changed $id2, older mtime: fails; pristine again: passes)"
