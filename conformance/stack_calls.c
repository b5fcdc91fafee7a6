// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample_data.h"
#include "stack_calls.h"
#include "stack_paint.h"

#define STACK_SIZE	(256 * 1024)
#define SRC_LEN		(128 * 1024)
#define KINDS		3	/* text, random, mixed */
#define NONE		(-3L)	/* no run yet */

static const enum lib_sample_kind kinds[KINDS] = {
	LIB_SAMPLE_TEXT, LIB_SAMPLE_RANDOM, LIB_SAMPLE_MIXED
};

/* One measured call and what it needs, prepared outside the painted thread. */
struct call {
	zstd_parameters params;
	void *ctx;			/* cctx, cstream, dctx or dstream */
	void *wksp;
	size_t wsize;
	unsigned char *dst;
	size_t cap;
	const unsigned char *src;
	size_t len;
	size_t ret;
};

/* An init call's result: its context, or an error when it gave none. */
static void set_ctx(struct call *c, void *ctx)
{
	c->ctx = ctx;
	c->ret = ctx ? 0 : (size_t)-1;
}

static void call_noop(void *arg)
{
	((struct call *)arg)->ret = 0;
}

/* The deeper of prev and this run; a failure (-1 call, -2 thread) sticks. */
static long deepest(struct stack_table *t, stack_paint_fn fn, struct call *c, long prev)
{
	long used;

	if (prev == -1 || prev == -2)
		return prev;
	used = stack_paint_run(STACK_SIZE, fn, c);
	if (used < 0)
		return -2;
	if (zstd_is_error(c->ret))
		return -1;
	used -= t->baseline;
	return used > prev ? used : prev;
}

static int add_row(struct stack_table *t, const char *entry, int level, long bytes)
{
	struct stack_row *r;

	if (t->count == t->cap || bytes == -2)
		return -1;
	r = &t->rows[t->count++];
	snprintf(r->entry, sizeof(r->entry), "%s", entry);
	r->level = level;
	r->bytes = bytes;
	if (bytes < 0 && !t->error[0])
		snprintf(t->error, sizeof(t->error), "%s at level %d failed", entry, level);
	return 0;
}

static void call_init_cctx(void *arg)
{
	struct call *c = arg;

	set_ctx(c, zstd_init_cctx(c->wksp, c->wsize));
}

static void call_compress_cctx(void *arg)
{
	struct call *c = arg;

	c->ret = zstd_compress_cctx(c->ctx, c->dst, c->cap, c->src, c->len, &c->params);
}

static void call_init_cstream(void *arg)
{
	struct call *c = arg;

	set_ctx(c, zstd_init_cstream(&c->params, c->len, c->wksp, c->wsize));
}

static void call_compress_stream(void *arg)
{
	struct call *c = arg;
	zstd_out_buffer out = { c->dst, c->cap, 0 };
	zstd_in_buffer in = { c->src, c->len, 0 };

	c->ret = zstd_compress_stream(c->ctx, &out, &in);
	c->cap = out.pos;	/* what end_stream appends after */
}

static void call_end_stream(void *arg)
{
	struct call *c = arg;
	zstd_out_buffer out = { c->dst, zstd_compress_bound(c->len), c->cap };

	c->ret = zstd_end_stream(c->ctx, &out);
	c->cap = out.pos;
}

static void call_reset_cstream(void *arg)
{
	struct call *c = arg;

	c->ret = zstd_reset_cstream(c->ctx, c->len);
}

static void call_flush_stream(void *arg)
{
	struct call *c = arg;
	zstd_out_buffer out = { c->dst, zstd_compress_bound(c->len), c->cap };

	c->ret = zstd_flush_stream(c->ctx, &out);
	c->cap = out.pos;
}

/* Compression entry points at one level: the deepest over the sample kinds. */
static int measure_compress(struct stack_table *t, int level, unsigned char *src,
			    unsigned char *dst)
{
	long init_cctx = NONE, cctx = NONE, init_cs = NONE, stream = NONE, end = NONE;
	long reset = NONE, flush = NONE;
	struct call c = { .params = zstd_get_params(level, SRC_LEN) };
	size_t wsize = zstd_cctx_workspace_bound(&c.params.cParams);
	size_t swsize = zstd_cstream_workspace_bound(&c.params.cParams);

	c.wsize = wsize > swsize ? wsize : swsize;
	c.wksp = malloc(c.wsize);
	if (!c.wksp)
		return -1;
	for (int k = 0; k < KINDS; k++) {
		lib_sample_fill(src, SRC_LEN, kinds[k], 1 + k);
		c = (struct call){ c.params, NULL, c.wksp, wsize, dst,
				   zstd_compress_bound(SRC_LEN), src, SRC_LEN, 0 };
		init_cctx = deepest(t, call_init_cctx, &c, init_cctx);
		cctx = deepest(t, call_compress_cctx, &c, cctx);
		c.wsize = swsize;
		init_cs = deepest(t, call_init_cstream, &c, init_cs);
		c.cap = zstd_compress_bound(SRC_LEN);
		stream = deepest(t, call_compress_stream, &c, stream);
		end = deepest(t, call_end_stream, &c, end);
		/* The same stream again, its last block flushed instead of ended. */
		reset = deepest(t, call_reset_cstream, &c, reset);
		c.cap = 0;
		call_compress_stream(&c);
		flush = deepest(t, call_flush_stream, &c, flush);
	}
	free(c.wksp);
	return add_row(t, "zstd_init_cctx", level, init_cctx) |
	       add_row(t, "zstd_compress_cctx", level, cctx) |
	       add_row(t, "zstd_init_cstream", level, init_cs) |
	       add_row(t, "zstd_compress_stream", level, stream) |
	       add_row(t, "zstd_end_stream", level, end) |
	       add_row(t, "zstd_reset_cstream", level, reset) |
	       add_row(t, "zstd_flush_stream", level, flush);
}

static void call_init_dctx(void *arg)
{
	struct call *c = arg;

	set_ctx(c, zstd_init_dctx(c->wksp, c->wsize));
}

static void call_decompress_dctx(void *arg)
{
	struct call *c = arg;

	c->ret = zstd_decompress_dctx(c->ctx, c->dst, c->cap, c->src, c->len);
}

static void call_init_dstream(void *arg)
{
	struct call *c = arg;

	set_ctx(c, zstd_init_dstream(SRC_LEN, c->wksp, c->wsize));
}

static void call_decompress_stream(void *arg)
{
	struct call *c = arg;
	zstd_out_buffer out = { c->dst, c->cap, 0 };
	zstd_in_buffer in = { c->src, c->len, 0 };

	c->ret = zstd_decompress_stream(c->ctx, &out, &in);
	if (!zstd_is_error(c->ret) && c->ret)
		c->ret = (size_t)-1;	/* one call with all of it must end the frame */
}

/* The frame the kernel makes from kind k at this level, into frame. */
static size_t make_frame(int level, unsigned char *src, int k, unsigned char *frame,
			 size_t cap)
{
	zstd_parameters params = zstd_get_params(level, SRC_LEN);
	size_t wsize = zstd_cctx_workspace_bound(&params.cParams);
	void *wksp = malloc(wsize);
	zstd_cctx *cctx = wksp ? zstd_init_cctx(wksp, wsize) : NULL;
	size_t ret = (size_t)-1;

	lib_sample_fill(src, SRC_LEN, kinds[k], 1 + k);
	if (cctx)
		ret = zstd_compress_cctx(cctx, frame, cap, src, SRC_LEN, &params);
	free(wksp);
	return ret;
}

/* Decompression entry points on the frames made at one level. */
static int measure_decompress(struct stack_table *t, int level, unsigned char *src,
			      unsigned char *frame)
{
	long init_d = NONE, dctx = NONE, init_ds = NONE, stream = NONE;
	size_t dws = zstd_dctx_workspace_bound(), sws = zstd_dstream_workspace_bound(SRC_LEN);
	struct call c = { .wsize = dws > sws ? dws : sws };

	c.wksp = malloc(c.wsize);
	if (!c.wksp)
		return -1;
	for (int k = 0; k < KINDS; k++) {
		size_t flen = make_frame(level, src, k, frame, zstd_compress_bound(SRC_LEN));

		if (zstd_is_error(flen))
			return free(c.wksp), add_row(t, "zstd_compress_cctx", level, -1);
		c = (struct call){ .wksp = c.wksp, .wsize = dws, .dst = src, .cap = SRC_LEN,
				   .src = frame, .len = flen };
		init_d = deepest(t, call_init_dctx, &c, init_d);
		dctx = deepest(t, call_decompress_dctx, &c, dctx);
		c.wsize = sws;
		init_ds = deepest(t, call_init_dstream, &c, init_ds);
		stream = deepest(t, call_decompress_stream, &c, stream);
	}
	free(c.wksp);
	return add_row(t, "zstd_init_dctx", level, init_d) |
	       add_row(t, "zstd_decompress_dctx", level, dctx) |
	       add_row(t, "zstd_init_dstream", level, init_ds) |
	       add_row(t, "zstd_decompress_stream", level, stream);
}

static void call_frame_header(void *arg)
{
	struct call *c = arg;
	zstd_frame_header fh;

	c->ret = zstd_get_frame_header(&fh, c->src, c->len);
}

static void call_frame_size(void *arg)
{
	struct call *c = arg;

	c->ret = zstd_find_frame_compressed_size(c->src, c->len);
}

static void call_reset_dstream(void *arg)
{
	struct call *c = arg;

	c->ret = zstd_reset_dstream(c->ctx);
}

/* Entry points without a level, on a level-3 frame of text. */
static int measure_levelless(struct stack_table *t, unsigned char *src, unsigned char *frame)
{
	size_t wsize = zstd_dstream_workspace_bound(SRC_LEN);
	size_t flen = make_frame(3, src, 0, frame, zstd_compress_bound(SRC_LEN));
	struct call c = { .src = frame, .len = flen, .wsize = wsize };
	long header, size, reset = NONE;

	c.wksp = malloc(wsize);
	if (!c.wksp || zstd_is_error(flen))
		return free(c.wksp), -1;
	header = deepest(t, call_frame_header, &c, NONE);
	size = deepest(t, call_frame_size, &c, NONE);
	c.ctx = zstd_init_dstream(SRC_LEN, c.wksp, wsize);
	if (c.ctx)
		reset = deepest(t, call_reset_dstream, &c, NONE);
	free(c.wksp);
	return add_row(t, "zstd_get_frame_header", STACK_NO_LEVEL, header) |
	       add_row(t, "zstd_find_frame_compressed_size", STACK_NO_LEVEL, size) |
	       add_row(t, "zstd_reset_dstream", STACK_NO_LEVEL, c.ctx ? reset : -1);
}

int stack_measure_all(struct stack_table *t, const int *levels, size_t nlevels)
{
	size_t cap = zstd_compress_bound(SRC_LEN);
	unsigned char *src = malloc(SRC_LEN), *dst = malloc(cap);
	struct call c = { 0 };
	int ret = -1;

	t->count = 0;
	t->error[0] = '\0';
	t->baseline = 0;
	if (!src || !dst)
		goto out;
	t->baseline = stack_paint_run(STACK_SIZE, call_noop, &c);
	if (t->baseline < 0)
		goto out;
	ret = measure_levelless(t, src, dst);
	for (size_t i = 0; i < nlevels && !ret; i++)
		ret = measure_compress(t, levels[i], src, dst) |
		      measure_decompress(t, levels[i], src, dst);
out:
	free(src);
	free(dst);
	return ret;
}
