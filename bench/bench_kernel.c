// SPDX-License-Identifier: GPL-2.0
/*
 * The tree's kernel-style zstd API as its users call it: workspaces sized
 * by the bound functions and allocated once, parameters from
 * zstd_get_params(level, unit size), contexts reused for every call.
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "bench_impl.h"

#define KB_ERROR(name) ((size_t)-(ZSTD_error_##name))

struct kb_ctx {
	enum bench_mode mode;
	void *wksp;
	zstd_parameters params;
	zstd_cctx *cctx;
	zstd_cstream *cstream;
	zstd_dctx *dctx;
	zstd_dstream *dstream;
};

/* The largest window a decompression row's frames use (bench_stages.c). */
#define KB_MAX_WINDOW	(1u << 25)

static void *kb_create(enum bench_mode mode, int level, size_t unit)
{
	struct kb_ctx *k = calloc(1, sizeof(*k));
	size_t wsize;

	if (!k)
		return NULL;
	k->mode = mode;
	k->params = zstd_get_params(level, unit);
	if (mode == BENCH_ONESHOT)
		wsize = zstd_cctx_workspace_bound(&k->params.cParams);
	else if (mode == BENCH_STREAM)
		wsize = zstd_cstream_workspace_bound(&k->params.cParams);
	else if (mode == BENCH_DECOMPRESS)
		wsize = zstd_dctx_workspace_bound();
	else
		wsize = zstd_dstream_workspace_bound(KB_MAX_WINDOW);
	k->wksp = malloc(wsize);
	if (!k->wksp)
		goto fail;
	if (mode == BENCH_ONESHOT)
		k->cctx = zstd_init_cctx(k->wksp, wsize);
	else if (mode == BENCH_STREAM)
		k->cstream = zstd_init_cstream(&k->params, unit, k->wksp, wsize);
	else if (mode == BENCH_DECOMPRESS)
		k->dctx = zstd_init_dctx(k->wksp, wsize);
	else
		k->dstream = zstd_init_dstream(KB_MAX_WINDOW, k->wksp, wsize);
	if (k->cctx || k->cstream || k->dctx || k->dstream)
		return k;
fail:
	free(k->wksp);
	free(k);
	return NULL;
}

static size_t kb_stream(struct kb_ctx *k, void *dst, size_t cap, const void *src, size_t len)
{
	zstd_out_buffer out = { .dst = dst, .size = 0, .pos = 0 };
	zstd_in_buffer in = { .src = src, .size = 0, .pos = 0 };
	const size_t chunk = BENCH_STREAM_CHUNK;
	size_t ret = zstd_reset_cstream(k->cstream, len);

	if (zstd_is_error(ret))
		return ret;
	while (in.pos < len) {
		if (in.pos == in.size)
			in.size = in.pos + chunk < len ? in.pos + chunk : len;
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = zstd_compress_stream(k->cstream, &out, &in);
		if (zstd_is_error(ret))
			return ret;
		if (out.pos == cap && in.pos < in.size)
			return KB_ERROR(dstSize_tooSmall);
	}
	do {
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = zstd_end_stream(k->cstream, &out);
		if (zstd_is_error(ret))
			return ret;
		if (ret && out.pos == cap)
			return KB_ERROR(dstSize_tooSmall);
	} while (ret);
	return out.pos;
}

/* One frame, all its input at once, output room chunk bytes at a time. */
static size_t kb_dstream(struct kb_ctx *k, void *dst, size_t cap, const void *src, size_t len,
			 size_t chunk)
{
	zstd_out_buffer out = { .dst = dst, .size = 0, .pos = 0 };
	zstd_in_buffer in = { .src = src, .size = len, .pos = 0 };
	size_t ret = zstd_reset_dstream(k->dstream);

	if (zstd_is_error(ret))
		return ret;
	do {
		if (out.pos == out.size)
			out.size = out.pos + chunk < cap ? out.pos + chunk : cap;
		ret = zstd_decompress_stream(k->dstream, &out, &in);
		if (zstd_is_error(ret))
			return ret;
		if (ret && out.pos == cap && in.pos == len)
			return KB_ERROR(srcSize_wrong);
	} while (ret);
	return out.pos;
}

static size_t kb_run(void *ctx, void *dst, size_t cap, const void *src, size_t len)
{
	struct kb_ctx *k = ctx;

	switch (k->mode) {
	case BENCH_ONESHOT:
		return zstd_compress_cctx(k->cctx, dst, cap, src, len, &k->params);
	case BENCH_STREAM:
		return kb_stream(k, dst, cap, src, len);
	case BENCH_DSTREAM:
		return kb_dstream(k, dst, cap, src, len, cap);
	case BENCH_DSTREAM_4K:
		return kb_dstream(k, dst, cap, src, len, BENCH_STREAM_CHUNK);
	default:
		return zstd_decompress_dctx(k->dctx, dst, cap, src, len);
	}
}

static void kb_destroy(void *ctx)
{
	struct kb_ctx *k = ctx;

	if (!k)
		return;
	free(k->wksp);
	free(k);
}

static unsigned int kb_version(void)
{
	return ZSTD_VERSION_NUMBER;
}

static unsigned int kb_is_error(size_t ret)
{
	return zstd_is_error(ret);
}

static const char *kb_error_name(size_t ret)
{
	return zstd_get_error_name(ret);
}

const struct bench_impl bench_kernel_impl = {
	.name = "kernel",
	.version = kb_version,
	.create = kb_create,
	.run = kb_run,
	.destroy = kb_destroy,
	.is_error = kb_is_error,
	.error_name = kb_error_name,
};
