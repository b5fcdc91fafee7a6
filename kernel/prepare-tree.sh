#!/usr/bin/env bash
# Resolve the kernel tree under test and stage the files the harness needs
# into a cache under the build directory.
#
#   prepare-tree.sh BUILD_ROOT [KERNEL_SRC]
#
# Prints the cache directory on stdout. The cache holds:
#   src/      the needed files, laid out as in the tree (never edited)
#   include/  only the tree's zstd and xxhash headers (kernel-side -I)
#   uapi/     the tree's uapi fanotify header (sample-side -I)
#   tree.mk   KTREE_* variables for the Makefile
#   tree.txt  one line naming the tree, kernel version and zstd version
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build_root=${1:?usage: prepare-tree.sh BUILD_ROOT [KERNEL_SRC]}
ksrc=${2:-}
default_tar=/usr/src/linux-source-6.1.tar.xz

die() { echo "prepare-tree: $*" >&2; exit 1; }

# Files and folders the harness compiles or reads, relative to the tree.
needed=(
	lib/zstd
	include/linux/zstd.h include/linux/zstd_lib.h include/linux/zstd_errors.h
	lib/xxhash.c include/linux/xxhash.h
	lib/decompress_unzstd.c include/linux/decompress/unzstd.h
	samples/fanotify
	include/uapi/linux/fanotify.h
	crypto/testmgr.h
	fs/btrfs/zstd.c fs/f2fs/compress.c fs/squashfs/zstd_wrapper.c
	Documentation/admin-guide/filesystem-monitoring.rst
	Makefile
)
# Of those, what must exist for the harness to build at all.
required=(
	lib/zstd/zstd_compress_module.c lib/zstd/zstd_decompress_module.c
	include/linux/zstd.h include/linux/zstd_lib.h include/linux/zstd_errors.h
	lib/xxhash.c include/linux/xxhash.h lib/decompress_unzstd.c
	samples/fanotify/fs-monitor.c include/uapi/linux/fanotify.h
)
# Wrapper functions the harness calls; a tree without them is unsupported.
wrapper_api=(
	zstd_compress_bound zstd_is_error zstd_get_error_code zstd_get_error_name
	zstd_min_clevel zstd_max_clevel zstd_get_params
	zstd_cctx_workspace_bound zstd_init_cctx zstd_compress_cctx
	zstd_dctx_workspace_bound zstd_init_dctx zstd_decompress_dctx
	zstd_cstream_workspace_bound zstd_init_cstream zstd_reset_cstream
	zstd_compress_stream zstd_flush_stream zstd_end_stream
	zstd_dstream_workspace_bound zstd_init_dstream zstd_reset_dstream
	zstd_decompress_stream zstd_find_frame_compressed_size
	zstd_get_frame_header
)

check_tree() {
	local t=$1 f fn missing=()
	[ -e "$t" ] || die "KERNEL_SRC=$t: no such path"
	[ -d "$t" ] || die "KERNEL_SRC=$t: not a directory"
	grep -qs '^VERSION = ' "$t/Makefile" && [ -d "$t/lib" ] && [ -d "$t/include/linux" ] ||
		die "KERNEL_SRC=$t: not a kernel tree (no top-level Makefile with VERSION, lib/ and include/linux/)"
	for f in "${required[@]}"; do
		[ -f "$t/$f" ] || missing+=("$f")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "KERNEL_SRC=$t: unsupported tree: missing ${missing[*]}"
	for fn in "${wrapper_api[@]}"; do
		grep -q "\\b$fn(" "$t/include/linux/zstd.h" || missing+=("$fn")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "KERNEL_SRC=$t: unsupported tree: include/linux/zstd.h lacks the kernel-style wrapper (${missing[*]}); it first appeared in 5.16"
}

# Copy the needed files, keeping timestamps so make rebuilds only what changed.
stage_from_dir() {
	local t=$1 dst=$2 f
	mkdir -p "$dst"
	for f in "${needed[@]}"; do
		[ -e "$t/$f" ] || continue
		mkdir -p "$dst/$(dirname "$f")"
		cp -pR "$t/$f" "$dst/$(dirname "$f")/"
	done
}

stage_from_tar() {
	local tar=$1 dst=$2 top tmp f
	top=$(basename "$tar" .tar.xz)
	tmp=$(mktemp -d "$dst.unpack.XXXXXX")
	local pats=()
	for f in "${needed[@]}"; do
		pats+=("$top/$f")
	done
	# Some needed paths may be absent from a given release; tar reports them.
	tar -xJf "$tar" -C "$tmp" "${pats[@]}" 2>"$tmp.err" || true
	[ -f "$tmp/$top/Makefile" ] || { rm -rf "$tmp" "$tmp.err"; die "cannot unpack $tar"; }
	rm -f "$tmp.err"
	rm -rf "$dst"
	mv "$tmp/$top" "$dst"
	rm -rf "$tmp"
}

make_var() { sed -n "s/^$1 = *//p" "$2" | head -n1; }

zstd_version() {
	local h=$1/include/linux/zstd_lib.h
	printf '%s.%s.%s' \
		"$(sed -n 's/^#define ZSTD_VERSION_MAJOR *\([0-9]*\).*/\1/p' "$h")" \
		"$(sed -n 's/^#define ZSTD_VERSION_MINOR *\([0-9]*\).*/\1/p' "$h")" \
		"$(sed -n 's/^#define ZSTD_VERSION_RELEASE *\([0-9]*\).*/\1/p' "$h")"
}

write_meta() {
	local cache=$1 origin=$2 src=$cache/src kver zver
	local mf=$src/Makefile
	kver="$(make_var VERSION "$mf").$(make_var PATCHLEVEL "$mf").$(make_var SUBLEVEL "$mf")$(make_var EXTRAVERSION "$mf")"
	zver=$(zstd_version "$src")
	mkdir -p "$cache/include/linux" "$cache/uapi/linux"
	cp -p "$src"/include/linux/zstd.h "$src"/include/linux/zstd_lib.h \
		"$src"/include/linux/zstd_errors.h "$src"/include/linux/xxhash.h \
		"$cache/include/linux/"
	if [ -f "$src/include/linux/decompress/unzstd.h" ]; then
		mkdir -p "$cache/include/linux/decompress"
		cp -p "$src/include/linux/decompress/unzstd.h" "$cache/include/linux/decompress/"
	fi
	cp -p "$src/include/uapi/linux/fanotify.h" "$cache/uapi/linux/"
	cat >"$cache/tree.mk.tmp" <<-EOF
	KTREE_ORIGIN := $origin
	KTREE_SRC := $src
	KTREE_KERNEL_VERSION := $kver
	KTREE_ZSTD_VERSION := $zver
	EOF
	mv "$cache/tree.mk.tmp" "$cache/tree.mk"
	echo "tree $origin: Linux $kver, lib/zstd $zver" >"$cache/tree.txt.tmp"
	mv "$cache/tree.txt.tmp" "$cache/tree.txt"
}

if [ -n "$ksrc" ]; then
	check_tree "$ksrc"
	real=$(cd "$ksrc" && pwd -P)
	id="$(basename "$real")-$(printf '%s' "$real" | sha256sum | cut -c1-10)"
	cache=$build_root/trees/$id
	stage_from_dir "$real" "$cache/src"
	write_meta "$cache" "$real"
else
	cache=$build_root/trees/debian-linux-source-6.1
	if [ ! -f "$cache/tree.mk" ]; then
		[ -f "$default_tar" ] || "$here/../ci/install-deps.sh" linux-source-6.1 >&2
		[ -f "$default_tar" ] || die "default tree: $default_tar missing after install"
		mkdir -p "$cache"
		stage_from_tar "$default_tar" "$cache/src"
		check_tree "$cache/src"
		pkg=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)
		write_meta "$cache" "debian:linux-source-6.1=$pkg"
	fi
fi
echo "$cache"
