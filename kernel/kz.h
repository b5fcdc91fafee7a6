/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole-buffer helpers over the tree's kernel-style zstd API, each on a
 * workspace of exactly the size the API's bound function asks for.
 * Results follow zstd's convention (size or error code); errors are
 * recognized by zstd_is_error(). Callers that need the kernel types
 * include <linux/zstd.h> themselves.
 */
#ifndef KZ_H
#define KZ_H

#include <stddef.h>

/* zstd_init_dctx + zstd_decompress_dctx. */
size_t kz_decompress(void *dst, size_t cap, const void *src, size_t len);
/* zstd_get_params(level, len) + zstd_init_cctx + zstd_compress_cctx. */
size_t kz_compress(void *dst, size_t cap, const void *src, size_t len, int level);
/*
 * zstd_init_dstream(max_window) + zstd_decompress_stream, input handed
 * over chunk bytes at a time (0: all at once), until the frame ends.
 */
size_t kz_decompress_stream(void *dst, size_t cap, const void *src, size_t len,
			    size_t max_window, size_t chunk);
/* The frame's window size from zstd_get_frame_header(), 0 if none. */
size_t kz_frame_window(const void *src, size_t len);
unsigned int kz_is_error(size_t code);
const char *kz_error_name(size_t code);

/* Probes linked inside the isolated kernel object (kernel/kh_support.c). */
unsigned int kh_kernel_zstd_version(void);
const void *kh_kernel_decompress_dctx_address(void);
/* What the decoder may write past the decoded data (kernel/kh_decoder.c). */
size_t kh_decoder_slack(void);
/* lib/zstd's ZSTD_decompressBegin/nextSrcSizeToDecompress/nextInputType/
 * decompressContinue on a dctx from zstd_init_dctx (kernel/kh_blocks.c). */
size_t kh_block_begin(void *dctx);
size_t kh_block_begin_dict(void *dctx, const void *dict, size_t dict_len);
size_t kh_block_next_size(void *dctx);
int kh_block_next_type(void *dctx);
size_t kh_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len);

#endif
