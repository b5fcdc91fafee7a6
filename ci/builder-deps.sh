#!/bin/sh
# What the OSS-Fuzz / ClusterFuzzLite builder image needs besides the
# project, run by both Dockerfiles (ci/oss-fuzz, ci/cflite): a kernel tree
# with the zstd wrapper, staged parts only (kernel/prepare-tree.sh), in
# $SRC/linux, and a static reference libzstd 1.5.x in /usr/local (the
# base image's Ubuntu one is older), uninstrumented: only ASan and UBSan
# builds run. npm for the second reference, upstream zstd 1.5.7, which the
# Dockerfiles fetch after this (ref/zstd-next.sh: npm pack, integrity
# checked) into $SRC/zstd-next, where build.sh takes it.
#   builder-deps.sh [KERNEL_VERSION [ZSTD_VERSION]]
# KERNEL_VERSION 6.12 (or later) gives the dictionary and allocator targets.
set -eu
kv=${1:-6.1}
zv=${2:-1.5.4}
apt-get update
apt-get install -y --no-install-recommends make zip xz-utils curl ca-certificates python3 npm
mkdir -p "$SRC/linux"
curl -fsSL "https://cdn.kernel.org/pub/linux/kernel/v6.x/linux-$kv.tar.xz" |
	tar -xJ -C "$SRC/linux" --strip-components=1 \
		"linux-$kv/Makefile" "linux-$kv/lib" "linux-$kv/include" \
		"linux-$kv/samples/fanotify" "linux-$kv/crypto/testmgr.h" \
		"linux-$kv/fs/btrfs/zstd.c" "linux-$kv/fs/f2fs/compress.c" \
		"linux-$kv/fs/squashfs/zstd_wrapper.c" "linux-$kv/drivers/block/zram" \
		"linux-$kv/Documentation/admin-guide/filesystem-monitoring.rst"
curl -fsSL "https://github.com/facebook/zstd/releases/download/v$zv/zstd-$zv.tar.gz" | tar -xz -C /tmp
make -C "/tmp/zstd-$zv/lib" -j"$(nproc)" CC=gcc CFLAGS="-O2 -fPIC" libzstd.a
make -C "/tmp/zstd-$zv/lib" PREFIX=/usr/local install-static install-includes
rm -rf "/tmp/zstd-$zv"
