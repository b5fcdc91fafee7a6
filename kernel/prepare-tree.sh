#!/usr/bin/env bash
# Resolve the kernel tree under test and stage the files the harness needs
# into a cache under the build directory.
#
#   prepare-tree.sh BUILD_ROOT [KERNEL_SRC]
#
# KERNEL_SRC: a kernel tree; debian:VERSION for Debian's linux-source-VERSION
# package (debian:6.12); empty for the default, debian:6.1.
# KZ_SEED_TREE=<tree id>: a tree staged for the first time starts as a copy
# of that tree's cache and builds (the gate's planted-bug and the staging
# tests), so that only the files where the two trees differ rebuild.
#
# Prints the cache directory on stdout. The cache holds:
#   src/      the needed files, laid out as in the tree (never edited)
#   include/  only the tree's zstd and xxhash headers (kernel-side -I)
#   uapi/     the tree's uapi fanotify header (sample-side -I)
#   tree.mk   KTREE_* variables for the Makefile
#   src.sum   sha256 of every staged file (what staging compares against)
#   tree.txt  one line naming the tree, kernel version, zstd version, the
#             wrapper API it declares and a short id of the staged content
#   api.txt, api-unknown.txt, include/kz_zstd_api.h  the zstd_* functions
#             its zstd.h declares, those of a prototype the harness does not know
#             (kernel/zstd-api.sh)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build_root=${1:?usage: prepare-tree.sh BUILD_ROOT [KERNEL_SRC]}
ksrc=${2:-}

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
	drivers/block/zram/backend_zstd.c
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

# The needed files of tree $1 that exist, one relative path a line, sorted.
needed_files() {
	local f
	(cd "$1" && for f in "${needed[@]}"; do
		if [ -e "$f" ]; then find "$f" -type f; fi
	done) | LC_ALL=C sort
}

# Stage tree $1 into $2 by content, not by timestamp: a file whose bytes
# differ from its staged copy (or that is new) is copied with a fresh
# mtime, so make rebuilds what depends on it even when the tree's own
# timestamps are older (tar x, cp -a, rsync -a, hard links); unchanged
# files keep theirs, so one edited file rebuilds only what it touches.
# Staged files the tree no longer has are removed.
stage_from_dir() {
	local t=$1 dst=$2 f
	mkdir -p "$dst"
	dst=$(cd "$dst" && pwd)
	needed_files "$t" >"$dst.want"
	(cd "$t" && xargs -d '\n' -r sha256sum <"$dst.want") | LC_ALL=C sort >"$dst.want.sum"
	needed_files "$dst" | (cd "$dst" && xargs -d '\n' -r sha256sum) | LC_ALL=C sort >"$dst.have.sum"
	LC_ALL=C comm -13 "$dst.have.sum" "$dst.want.sum" | cut -c67- | while IFS= read -r f; do
		mkdir -p "$dst/$(dirname "$f")"
		cp "$t/$f" "$dst/$f.stage" && mv -f "$dst/$f.stage" "$dst/$f" ||
			die "cannot stage $t/$f into $dst"
	done
	cut -c67- "$dst.have.sum" | LC_ALL=C sort | LC_ALL=C comm -23 - "$dst.want" |
		while IFS= read -r f; do rm -f "$dst/$f"; done
	mv "$dst.want.sum" "$dst.sum"
	rm -f "$dst.want" "$dst.have.sum"
}

# Unpacks the needed files of a linux-source tarball into a scratch folder
# beside $2 and stages them from there.
stage_from_tar() {
	local tar=$1 dst=$2 top tmp f
	top=$(basename "$tar" .tar.xz)
	rm -rf "$dst".unpack.*
	tmp=$(mktemp -d "$dst.unpack.XXXXXX")
	local pats=()
	for f in "${needed[@]}"; do
		pats+=("$top/$f")
	done
	# Some needed paths may be absent from a given release; tar reports them.
	tar -xJf "$tar" -C "$tmp" "${pats[@]}" 2>"$tmp.err" || true
	[ -f "$tmp/$top/Makefile" ] || { rm -rf "$tmp" "$tmp.err"; die "cannot unpack $tar"; }
	rm -f "$tmp.err"
	stage_from_dir "$tmp/$top" "$dst"
	rm -rf "$tmp"
}

# A short id of the staged content: two reports with the same id judged
# the same bytes.
content_id() { sha256sum <"$1.sum" | cut -c1-12; }

# seed_cache FROM_ID ID: ID's cache and builds start as copies of FROM_ID's;
# dependency files name ID's paths.
seed_cache() {
	local from=$1 id=$2
	[ -n "$from" ] && [ "$from" != "$id" ] && [ -d "$build_root/trees/$from" ] || return 0
	[ ! -e "$build_root/trees/$id" ] || return 0
	cp -a "$build_root/trees/$from" "$build_root/trees/$id.seed" &&
		mv "$build_root/trees/$id.seed" "$build_root/trees/$id" || die "cannot seed $id from $from"
	[ -d "$build_root/$from" ] || return 0
	rm -rf "$build_root/$id"
	cp -a "$build_root/$from" "$build_root/$id.seed" || die "cannot seed the builds of $id from $from"
	find "$build_root/$id.seed" -name '*.d' -exec sed -i "s|/$from/|/$id/|g" {} +
	mv "$build_root/$id.seed" "$build_root/$id"
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
	local cache=$1 origin=$2 src=$cache/src kver zver api unknown
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
	api=$("$here/zstd-api.sh" "$src/include/linux/zstd.h" "$cache") || die "cannot read the tree's zstd.h"
	cat >"$cache/tree.mk.tmp" <<-EOF
	KTREE_ORIGIN := $origin
	KTREE_SRC := $src
	KTREE_KERNEL_VERSION := $kver
	KTREE_ZSTD_VERSION := $zver
	KTREE_API_LEVEL := $api
	EOF
	mv "$cache/tree.mk.tmp" "$cache/tree.mk"
	unknown=$(cut -f1 "$cache/api-unknown.txt" | paste -sd, - | sed 's/,/, /g')
	[ -z "$unknown" ] || api="$api (not driven, a signature the harness does not know: $unknown)"
	echo "tree $origin: Linux $kver, lib/zstd $zver, $api, content $(content_id "$src")" >"$cache/tree.txt.tmp"
	mv "$cache/tree.txt.tmp" "$cache/tree.txt"
}

# debian_tree VERSION: Debian's linux-source-VERSION package (installed when
# missing), staged from its tarball; again, by content, when the package
# changed under the cache.
debian_tree() {
	local v=$1 tar=/usr/src/linux-source-$1.tar.xz pkg
	cache=$build_root/trees/debian-linux-source-$v
	[ -f "$tar" ] || "$here/../ci/install-deps.sh" "linux-source-$v" >&2
	[ -f "$tar" ] || die "debian:$v: $tar missing after install"
	pkg=$(dpkg-query -W -f='${Version}' "linux-source-$v" 2>/dev/null || echo unknown)
	origin="debian:linux-source-$v=$pkg"
	if ! grep -qxF "KTREE_ORIGIN := $origin" "$cache/tree.mk" 2>/dev/null ||
		[ ! -f "$cache/src.sum" ] || [ ! -f "$cache/api.txt" ]; then
		mkdir -p "$cache"
		stage_from_tar "$tar" "$cache/src"
		check_tree "$cache/src"
		write_meta "$cache" "$origin"
	fi
}

if [[ $ksrc == debian:* ]]; then
	v=${ksrc#debian:}
	v=${v#linux-source-}
	[[ $v =~ ^[0-9]+\.[0-9]+$ ]] || die "KERNEL_SRC=$ksrc: want debian:VERSION, e.g. debian:6.12"
	debian_tree "$v"
elif [ -n "$ksrc" ]; then
	check_tree "$ksrc"
	real=$(cd "$ksrc" && pwd -P)
	id="$(basename "$real")-$(printf '%s' "$real" | sha256sum | cut -c1-10)"
	cache=$build_root/trees/$id
	seed_cache "${KZ_SEED_TREE:-}" "$id"
	stage_from_dir "$real" "$cache/src"
	write_meta "$cache" "$real"
else
	debian_tree 6.1
fi
echo "$cache"
