/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The second reference: upstream zstd 1.5.7 (npm zstd-napi 0.0.13,
 * ref/zstd-next.sh), built with each variant's flags and isolated like the
 * kernel: only these refn_* names are global. Where it could not be had,
 * refn_available() is 0 and every call fails.
 */
#ifndef REF_NEXT_H
#define REF_NEXT_H

#include <stddef.h>

#include "ref_zstd.h"

int refn_available(void);
/* Its version, 10507 for 1.5.7; 0 when not available. */
unsigned int refn_version(void);
/* "zstd 1.5.7 (npm zstd-napi@0.0.13)", or why there is none. */
const char *refn_describe(void);
/* ZSTD_decompress on a reused context: a size or an error code. */
size_t refn_decompress(void *dst, size_t cap, const void *src, size_t len);
unsigned int refn_is_error(size_t ret);
const char *refn_error_name(size_t ret);
/* Its ZSTD_ErrorCode, 0 for a size. */
int refn_error_code(size_t ret);

/* ZSTD_getFrameHeader and ZSTD_findFrameCompressedSize, as ref_zstd.h's. */
size_t refn_get_frame_header(struct ref_frame_header *fh, const void *src, size_t len);
size_t refn_find_frame_compressed_size(const void *src, size_t len);

/*
 * A streaming decompressor limited to max_window bytes of window, made
 * afresh: the one made before is freed (NULL when none can be made).
 */
void *refn_dstream(size_t max_window);
/* One ZSTD_decompressStream call on dst[*dst_pos..dst_size), src[*src_pos..src_size). */
size_t refn_dstream_step(void *ds, void *dst, size_t dst_size, size_t *dst_pos,
			 const void *src, size_t src_size, size_t *src_pos);

/* Block at a time, as ref_zstd.h's ref_block_* (no history): the oracle's block maps. */
void *refn_block_dctx(void);
size_t refn_block_begin(void *dctx);
size_t refn_block_next_size(void *dctx);
int refn_block_next_type(void *dctx);
size_t refn_block_continue(void *dctx, void *dst, size_t cap, const void *src, size_t len);

#endif
