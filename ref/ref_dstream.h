/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference's streaming decoder: made fresh per input from a kept
 * template (ref_recycle.h), and one ZSTD_decompressStream step, for the
 * two files that see a <zstd.h>: ref_zstd.c (the distro's) and
 * ref_next.c (1.5.7's). Include it after that header: it compiles
 * against whichever ZSTD_DCtx the includer has.
 */
#ifndef REF_DSTREAM_H
#define REF_DSTREAM_H

#include "ref_recycle.h"

static inline ZSTD_DCtx *ref_dstream_make(ZSTD_customMem mem, size_t max_window)
{
	ZSTD_DCtx *dctx = ZSTD_createDCtx_advanced(mem);

	if (dctx && ZSTD_isError(ZSTD_DCtx_setMaxWindowSize(dctx, max_window))) {
		ZSTD_freeDCtx(dctx);
		dctx = NULL;
	}
	return dctx;
}

/* A copy of fresh's template, remade when the window changes. */
static inline ZSTD_DCtx *ref_dstream_fresh(struct ref_recycle *pool, struct ref_fresh *fresh,
					   size_t max_window)
{
	ZSTD_customMem mem = { ref_recycle_alloc, ref_recycle_free, pool };

	if (!fresh->tmpl || fresh->key != max_window) {
		ZSTD_freeDCtx(fresh->tmpl);
		fresh->tmpl = ref_dstream_make(mem, max_window);
		if (!fresh->tmpl)
			return NULL;
		fresh->size = ZSTD_sizeof_DCtx(fresh->tmpl);
		fresh->key = max_window;
	}
	return ref_fresh_copy(pool, fresh);
}

static inline size_t ref_dstream_run(ZSTD_DCtx *dctx, void *dst, size_t dst_size,
				     size_t *dst_pos, const void *src, size_t src_size,
				     size_t *src_pos)
{
	ZSTD_outBuffer out = { .dst = dst, .size = dst_size, .pos = *dst_pos };
	ZSTD_inBuffer in = { .src = src, .size = src_size, .pos = *src_pos };
	size_t ret = ZSTD_decompressStream(dctx, &out, &in);

	*dst_pos = out.pos;
	*src_pos = in.pos;
	return ret;
}

#endif
