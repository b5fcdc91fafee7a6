/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gate-callers: each in-tree caller of the wrapper replayed with its own
 * parameters, buffer sizes and call pattern (read from the tree's
 * fs/btrfs/zstd.c, fs/f2fs/compress.c, fs/squashfs/zstd_wrapper.c,
 * crypto/zstd.c, fs/pstore/platform.c, lib/decompress_unzstd.c,
 * drivers/block/zram/backend_zstd.c), every
 * output checked by a round trip through the reference.
 */
#ifndef CALLERS_H
#define CALLERS_H

#include <stddef.h>

#include "caller_shapes.h"
#include "gate_tap.h"

#define CALLER_PAGE	4096

void caller_btrfs(struct gate_tap *t, int quick);
void caller_f2fs(struct gate_tap *t, int quick);
void caller_squashfs(struct gate_tap *t, int quick);
void caller_crypto_zram(struct gate_tap *t, int quick);
void caller_pstore(struct gate_tap *t, int quick);
void caller_unzstd(struct gate_tap *t, int quick);
/*
 * drivers/block/zram/backend_zstd.c: only trees with the dictionary and
 * allocator API have it (CALLER_ZRAM); elsewhere caller_zram does nothing.
 */
#define CALLER_ZRAM	FUZZ_ZRAM_BACKEND
void caller_zram(struct gate_tap *t, int quick);

/* 1 if frame decodes through the reference to exactly src (api_common.c). */
int api_ref_roundtrip(const void *frame, size_t flen, const void *src, size_t len);

#endif
