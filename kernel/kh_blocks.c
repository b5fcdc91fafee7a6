// SPDX-License-Identifier: GPL-2.0
/*
 * lib/zstd's block-at-a-time decoder (ZSTD_decompressBegin/Continue), for
 * the oracle's block map (oracles/block_map.c): it tells which block of
 * which frame the kernel failed on and what each block produced. Compiled
 * with the kernel's flags, inside the isolated object.
 */
#include <linux/zstd.h>

#include "kz.h"

size_t kh_block_begin(void *dctx)
{
	return ZSTD_decompressBegin(dctx);
}

/* The same after a dictionary (zstd-format or raw content, as its first bytes say). */
size_t kh_block_begin_dict(void *dctx, const void *dict, size_t dict_len)
{
	return ZSTD_decompressBegin_usingDict(dctx, dict, dict_len);
}

size_t kh_block_next_size(void *dctx)
{
	return ZSTD_nextSrcSizeToDecompress(dctx);
}

int kh_block_next_type(void *dctx)
{
	return (int)ZSTD_nextInputType(dctx);
}

size_t kh_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len)
{
	return ZSTD_decompressContinue(dctx, dst, cap, src, len);
}
