// SPDX-License-Identifier: GPL-2.0
/* The reference zstd behind the same interface as the kernel side. */
#include <stdlib.h>

#include "bench_impl.h"
#include "ref_bench.h"
#include "ref_zstd.h"

struct rb_ctx {
	enum bench_mode mode;
	struct ref_bench_cctx *cctx;
	struct ref_bench_dctx *dctx;
};

static void *rb_create(enum bench_mode mode, int level, size_t unit)
{
	struct rb_ctx *r = calloc(1, sizeof(*r));

	(void)unit;	/* the reference sizes its tables from each call's input */
	if (!r)
		return NULL;
	r->mode = mode;
	if (bench_mode_decodes(mode))
		r->dctx = ref_bench_dctx_create();
	else
		r->cctx = ref_bench_cctx_create(level);
	if (r->cctx || r->dctx)
		return r;
	free(r);
	return NULL;
}

static size_t rb_run(void *ctx, void *dst, size_t cap, const void *src, size_t len)
{
	struct rb_ctx *r = ctx;

	switch (r->mode) {
	case BENCH_ONESHOT:
		return ref_bench_compress(r->cctx, dst, cap, src, len);
	case BENCH_STREAM:
		return ref_bench_compress_stream(r->cctx, dst, cap, src, len, BENCH_STREAM_CHUNK);
	case BENCH_DSTREAM:
		return ref_bench_decompress_stream(r->dctx, dst, cap, src, len, cap);
	case BENCH_DSTREAM_4K:
		return ref_bench_decompress_stream(r->dctx, dst, cap, src, len, BENCH_STREAM_CHUNK);
	default:
		return ref_bench_decompress(r->dctx, dst, cap, src, len);
	}
}

static void rb_destroy(void *ctx)
{
	struct rb_ctx *r = ctx;

	if (!r)
		return;
	ref_bench_cctx_free(r->cctx);
	ref_bench_dctx_free(r->dctx);
	free(r);
}

static unsigned int rb_is_error(size_t ret)
{
	return (unsigned int)ref_is_error(ret);
}

static const char *rb_error_name(size_t ret)
{
	return ref_error_name(ret);
}

const struct bench_impl bench_ref_impl = {
	.name = "reference",
	.version = ref_version,
	.create = rb_create,
	.run = rb_run,
	.destroy = rb_destroy,
	.is_error = rb_is_error,
	.error_name = rb_error_name,
};
