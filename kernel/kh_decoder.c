// SPDX-License-Identifier: GPL-2.0
/*
 * What the tree's decoder may write past the data it decoded, read from
 * lib/zstd's own internal headers: a caller that tells zstd its buffer is
 * bigger than the data (unzstd()'s one-buffer mode) must leave that much.
 * Compiled with the kernel's flags, inside the isolated object.
 */
#include "decompress/zstd_decompress_internal.h"

#include "kz.h"

size_t kh_decoder_slack(void)
{
#ifdef ZSTD_LITBUFFEREXTRASIZE
	/*
	 * zstd 1.5.x (ZSTD_allocateLiteralsBuffer): given room, a block's
	 * literals go to dst + ZSTD_BLOCKSIZE_MAX + WILDCOPY_OVERLENGTH,
	 * and are read WILDCOPY_OVERLENGTH past their end.
	 */
	return ZSTD_BLOCKSIZE_MAX + 2 * WILDCOPY_OVERLENGTH;
#else
	/* 1.4.10: literals stay in the dctx; only the wild copies overshoot. */
	return WILDCOPY_OVERLENGTH;
#endif
}
