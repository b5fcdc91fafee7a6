// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "ref_bench.h"

#define REF_ERROR(name) ((size_t)-(ZSTD_error_##name))

struct ref_bench_cctx {
	ZSTD_CCtx *cctx;
	int level;
};

struct ref_bench_dctx {
	ZSTD_DCtx *dctx;
};

struct ref_bench_cctx *ref_bench_cctx_create(int level)
{
	return ref_bench_cctx_create_ex(level, 0, 0);
}

struct ref_bench_cctx *ref_bench_cctx_create_ex(int level, int checksum, int wlog)
{
	struct ref_bench_cctx *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	c->level = level;
	c->cctx = ZSTD_createCCtx();
	if (!c->cctx ||
	    ZSTD_isError(ZSTD_CCtx_setParameter(c->cctx, ZSTD_c_compressionLevel, level)) ||
	    ZSTD_isError(ZSTD_CCtx_setParameter(c->cctx, ZSTD_c_checksumFlag, checksum)) ||
	    (wlog && ZSTD_isError(ZSTD_CCtx_setParameter(c->cctx, ZSTD_c_windowLog, wlog)))) {
		ZSTD_freeCCtx(c->cctx);
		free(c);
		return NULL;
	}
	return c;
}

void ref_bench_cctx_free(struct ref_bench_cctx *c)
{
	if (!c)
		return;
	ZSTD_freeCCtx(c->cctx);
	free(c);
}

size_t ref_bench_compress(struct ref_bench_cctx *c, void *dst, size_t cap,
			  const void *src, size_t len)
{
	return ZSTD_compress2(c->cctx, dst, cap, src, len);
}

size_t ref_bench_compress_stream(struct ref_bench_cctx *c, void *dst, size_t cap,
				 const void *src, size_t len, size_t chunk)
{
	ZSTD_outBuffer out = { .dst = dst, .size = 0, .pos = 0 };
	ZSTD_inBuffer in = { .src = src, .size = 0, .pos = 0 };
	size_t ret;

	ret = ZSTD_CCtx_reset(c->cctx, ZSTD_reset_session_only);
	if (!ZSTD_isError(ret))
		ret = ZSTD_CCtx_setPledgedSrcSize(c->cctx, len);
	if (ZSTD_isError(ret))
		return ret;
	if (!chunk)
		chunk = len ? len : 1;
	while (in.pos < len) {
		if (in.pos == in.size)
			in.size = in.pos + chunk < len ? in.pos + chunk : len;
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = ZSTD_compressStream2(c->cctx, &out, &in, ZSTD_e_continue);
		if (ZSTD_isError(ret))
			return ret;
		if (out.pos == cap && in.pos < in.size)
			return REF_ERROR(dstSize_tooSmall);
	}
	do {
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = ZSTD_compressStream2(c->cctx, &out, &in, ZSTD_e_end);
		if (ZSTD_isError(ret))
			return ret;
		if (ret && out.pos == cap)
			return REF_ERROR(dstSize_tooSmall);
	} while (ret);
	return out.pos;
}

struct ref_bench_dctx *ref_bench_dctx_create(void)
{
	struct ref_bench_dctx *d = malloc(sizeof(*d));

	if (!d)
		return NULL;
	d->dctx = ZSTD_createDCtx();
	if (!d->dctx) {
		free(d);
		return NULL;
	}
	return d;
}

void ref_bench_dctx_free(struct ref_bench_dctx *d)
{
	if (!d)
		return;
	ZSTD_freeDCtx(d->dctx);
	free(d);
}

size_t ref_bench_decompress(struct ref_bench_dctx *d, void *dst, size_t cap,
			    const void *src, size_t len)
{
	return ZSTD_decompressDCtx(d->dctx, dst, cap, src, len);
}

size_t ref_bench_decompress_stream(struct ref_bench_dctx *d, void *dst, size_t cap,
				   const void *src, size_t len, size_t chunk)
{
	ZSTD_outBuffer out = { .dst = dst, .size = 0, .pos = 0 };
	ZSTD_inBuffer in = { .src = src, .size = len, .pos = 0 };
	size_t ret = ZSTD_DCtx_reset(d->dctx, ZSTD_reset_session_only);

	if (ZSTD_isError(ret))
		return ret;
	do {
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = ZSTD_decompressStream(d->dctx, &out, &in);
		if (ZSTD_isError(ret))
			return ret;
		if (ret && out.pos == cap && in.pos == len)
			return REF_ERROR(srcSize_wrong);
	} while (ret);
	return out.pos;
}
