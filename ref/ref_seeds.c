// SPDX-License-Identifier: GPL-2.0
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>

#include "ref_seeds.h"

static size_t set_params(ZSTD_CCtx *cctx, const struct ref_seed_params *p)
{
	static const int literal_modes[] = {
		[REF_LITERALS_AUTO] = ZSTD_ps_auto,
		[REF_LITERALS_HUFFMAN] = ZSTD_ps_enable,
		[REF_LITERALS_RAW] = ZSTD_ps_disable,
	};
	const struct {
		ZSTD_cParameter param;
		int value;
		int wanted;
	} set[] = {
		{ ZSTD_c_compressionLevel, p->level, 1 },
		{ ZSTD_c_checksumFlag, p->checksum, 1 },
		{ ZSTD_c_contentSizeFlag, p->content_size, 1 },
		{ ZSTD_c_windowLog, p->wlog, p->wlog != 0 },
		{ ZSTD_c_strategy, p->strategy, p->strategy != 0 },
		{ ZSTD_c_minMatch, p->min_match, p->min_match != 0 },
		{ ZSTD_c_literalCompressionMode, literal_modes[p->literals], 1 },
		{ ZSTD_c_enableLongDistanceMatching, ZSTD_ps_enable, p->ldm },
	};
	size_t ret = 0;

	for (size_t i = 0; i < sizeof(set) / sizeof(set[0]) && !ZSTD_isError(ret); i++)
		if (set[i].wanted)
			ret = ZSTD_CCtx_setParameter(cctx, set[i].param, set[i].value);
	return ret;
}

/* Size unknown to the compressor: the window stays as set, blocks end at each flush. */
static size_t compress_chunks(ZSTD_CCtx *cctx, void *dst, size_t cap, const void *src,
			      size_t len, size_t chunk)
{
	ZSTD_outBuffer out = { dst, cap, 0 };
	ZSTD_inBuffer in = { src, 0, 0 };
	size_t ret;

	do {
		in.size = len - in.size > chunk ? in.size + chunk : len;
		do {
			ret = ZSTD_compressStream2(cctx, &out, &in, in.size < len ?
						   ZSTD_e_flush : ZSTD_e_end);
			if (ZSTD_isError(ret))
				return ret;
			if (ret && out.pos == out.size)
				return (size_t)-ZSTD_error_dstSize_tooSmall;
		} while (ret);
	} while (in.size < len);
	return out.pos;
}

size_t ref_seed_compress(void *dst, size_t cap, const void *src, size_t len,
			 const struct ref_seed_params *p)
{
	ZSTD_CCtx *cctx = ZSTD_createCCtx();
	size_t ret;

	if (!cctx)
		return (size_t)-ZSTD_error_memory_allocation;
	ret = set_params(cctx, p);
	if (ZSTD_isError(ret))
		goto out;
	if (p->chunk)
		ret = compress_chunks(cctx, dst, cap, src, len, p->chunk);
	else
		ret = ZSTD_compress2(cctx, dst, cap, src, len);
out:
	ZSTD_freeCCtx(cctx);
	return ret;
}
