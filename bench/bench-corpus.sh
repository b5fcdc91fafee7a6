#!/usr/bin/env bash
# The benchmark's data sets, the same bytes on every run of one tree and
# toolchain, written into OUTDIR (one file each, then a manifest):
#   text        the tree's own lib/zstd sources (*.c, *.h, sorted), concatenated
#   binary      machine code: the .text of the kernel zstd object as built here
#   compressed  text and binary through the zstd CLI at level 3
#   repetitive  one line repeated
#   pages       half text, half binary: compressed 4 KiB page by page
#
#   bench-corpus.sh TREE_SRC KZSTD_OBJ OUTDIR [SIZE]
set -euo pipefail

die() { echo "bench-corpus: $*" >&2; exit 1; }

[ $# -ge 3 ] || die "usage: bench-corpus.sh TREE_SRC KZSTD_OBJ OUTDIR [SIZE]"
src=$1 obj=$2 out=$3 size=${4:-1048576}
[ -d "$src/lib/zstd" ] || die "$src: no lib/zstd (not a staged tree)"
[ -f "$obj" ] || die "$obj: no such object"
[[ $size =~ ^[0-9]+$ ]] && [ "$size" -ge 8192 ] || die "SIZE $size: not a number of at least 8192"
command -v zstd >/dev/null || die "zstd CLI missing (ci/install-deps.sh zstd)"
mkdir -p "$out"

# Whole files first, then cut: no pipe closes early under pipefail.
find "$src/lib/zstd" -name '*.[ch]' -print0 | LC_ALL=C sort -z | xargs -0 cat >"$out/text.tmp.full"
head -c "$size" "$out/text.tmp.full" >"$out/text.tmp"
objcopy -O binary --only-section=.text "$obj" "$out/binary.tmp.full"
head -c "$size" "$out/binary.tmp.full" >"$out/binary.tmp"
cat "$out/text.tmp" "$out/binary.tmp" | zstd -q -3 -c >"$out/compressed.tmp.full"
head -c "$size" "$out/compressed.tmp.full" >"$out/compressed.tmp"
line='kzfuzz bench: the quick brown fox jumps over the lazy dog 0123456789'
for ((i = 0; i <= size / ${#line}; i++)); do
	echo "$line"
done >"$out/repetitive.tmp.full"
head -c "$size" "$out/repetitive.tmp.full" >"$out/repetitive.tmp"
rm -f "$out"/*.tmp.full
half=$((size / 8192 * 4096))
{ head -c "$half" "$out/text.tmp"; head -c "$half" "$out/binary.tmp"; } >"$out/pages.tmp"
for f in text binary compressed repetitive pages; do
	[ -s "$out/$f.tmp" ] || die "$f: came out empty"
	mv "$out/$f.tmp" "$out/$f"
done
(cd "$out" && sha256sum text binary compressed repetitive pages) >"$out/manifest.tmp"
mv "$out/manifest.tmp" "$out/manifest"
