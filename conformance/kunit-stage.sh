#!/usr/bin/env bash
# Stage a scratch copy of the whole kernel tree for make kunit and add the
# generated KUnit suite to it. The user's tree is only read.
#
#   kunit-stage.sh DEST KERNEL_SRC SUITE_C [PLANT_PATCH]
#
# DEST: $(BUILD)/kunit/<tree id>. KERNEL_SRC as for prepare-tree.sh (empty
# or debian:VERSION: Debian's tarball; otherwise a tree, copied).
# The copy is made once (DEST/linux, with DEST/pristine holding lib/zstd as
# unpacked). Every run puts lib/zstd back from DEST/pristine by content (a
# file whose bytes did not change keeps its mtime, so a warm build rebuilds
# nothing), installs lib/kzfuzz/ (the suite, its Kconfig, Makefile and
# .kunitconfig) and, with PLANT_PATCH, applies that patch (the planted-bug
# tests; the next run without it undoes it).
# Prints DEST/linux.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
dest=${1:?usage: kunit-stage.sh DEST KERNEL_SRC SUITE_C [PLANT_PATCH]}
ksrc=${2-}
suite=${3:?usage: kunit-stage.sh DEST KERNEL_SRC SUITE_C [PLANT_PATCH]}
plant=${4-}

die() { echo "kunit-stage: $*" >&2; exit 1; }

case $ksrc in
'') origin=/usr/src/linux-source-6.1.tar.xz ;;
debian:*) v=${ksrc#debian:}; v=${v#linux-source-}
	origin=/usr/src/linux-source-$v.tar.xz ;;
*) origin=$(cd "$ksrc" && pwd -P) || die "KERNEL_SRC=$ksrc: no such directory" ;;
esac
[ -e "$origin" ] || die "$origin: missing (ci/install-deps.sh installs it)"

# The copy, once per origin (a tarball by its size and mtime).
stamp="$origin $(stat -c '%s %Y' "$origin")"
tree=$dest/linux
if [ "$(cat "$dest/origin.txt" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$tree" "$dest/pristine" "$dest/out" "$dest/unpack"
	mkdir -p "$dest/unpack"
	if [ -f "$origin" ]; then
		tar xf "$origin" -C "$dest/unpack"
		top=$(find "$dest/unpack" -mindepth 1 -maxdepth 1 -type d | head -n1)
	else
		cp -a "$origin" "$dest/unpack/linux"
		top=$dest/unpack/linux
	fi
	[ -f "$top/tools/testing/kunit/kunit.py" ] || die "$origin: no tools/testing/kunit/kunit.py (a tree without KUnit)"
	mv "$top" "$tree"
	rmdir "$dest/unpack"
	mkdir -p "$dest/pristine/lib"
	cp -a "$tree/lib/zstd" "$dest/pristine/lib/zstd"
	echo "$stamp" >"$dest/origin.txt"
fi

# put SRC DST: copy when the bytes differ, so make sees only real changes.
put() {
	cmp -s "$1" "$2" 2>/dev/null && return 0
	mkdir -p "$(dirname "$2")"
	cp "$1" "$2.tmp" && mv "$2.tmp" "$2"
}

# lib/zstd as unpacked: drop what a plant added, restore what it changed.
(cd "$tree/lib/zstd" && find . -type f -name '*.[ch]') | while read -r f; do
	[ -f "$dest/pristine/lib/zstd/$f" ] || rm -f "$tree/lib/zstd/$f"
done
(cd "$dest/pristine/lib/zstd" && find . -type f) | while read -r f; do
	put "$dest/pristine/lib/zstd/$f" "$tree/lib/zstd/$f"
done

put "$suite" "$tree/lib/kzfuzz/kz_zstd_kunit.c"
put "$here/kunit/Kconfig" "$tree/lib/kzfuzz/Kconfig"
put "$here/kunit/Makefile" "$tree/lib/kzfuzz/Makefile"
put "$here/kunit/kunitconfig" "$tree/lib/kzfuzz/.kunitconfig"
grep -qxF 'source "lib/kzfuzz/Kconfig"' "$tree/lib/Kconfig" ||
	printf '\nsource "lib/kzfuzz/Kconfig"\n' >>"$tree/lib/Kconfig"
grep -qxF 'obj-y += kzfuzz/' "$tree/lib/Makefile" ||
	printf '\nobj-y += kzfuzz/\n' >>"$tree/lib/Makefile"

if [ -n "$plant" ]; then
	patch -s -p1 -d "$tree" <"$plant" || die "$plant: does not apply"
fi
echo "$tree"
