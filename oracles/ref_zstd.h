/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference zstd (Debian's libzstd), behind names that cannot clash
 * with lib/zstd's. Only oracles/ref_zstd.c sees <zstd.h>: the kernel's
 * linux/zstd_lib.h declares the same ZSTD_* names with other types.
 * Results follow zstd's convention: a size, or an error code that
 * ref_is_error() recognizes.
 */
#ifndef REF_ZSTD_H
#define REF_ZSTD_H

#include <stddef.h>

unsigned int ref_version(void);
int ref_min_level(void);
int ref_max_level(void);
size_t ref_compress_bound(size_t src_size);
int ref_is_error(size_t code);
int ref_error_code(size_t code);
const char *ref_error_name(size_t code);

/* One-shot compression with frame flags chosen by the caller. */
size_t ref_compress(void *dst, size_t cap, const void *src, size_t len,
		    int level, int checksum, int content_size);
/* Same, also fixing the window log (0: level default). */
size_t ref_compress_wlog(void *dst, size_t cap, const void *src, size_t len,
			 int level, int checksum, int content_size, int wlog);
/* One-shot decompression of every frame in src, as ZSTD_decompressDCtx does. */
size_t ref_decompress(void *dst, size_t cap, const void *src, size_t len);
/* Where the reference's ZSTD_decompressDCtx lives (to tell the builds apart). */
const void *ref_decompress_dctx_address(void);

#endif
