// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_init_cstream with a pledged size that is right, unknown or wrong,
 * input in chunks, zstd_flush_stream at chosen points, zstd_end_stream,
 * then zstd_reset_cstream and a second frame on the same context, with
 * every field of zstd_parameters from the input (fuzz/zstd_params.c;
 * outside the library's range, zstd_init_cstream must give NULL). Every
 * completed frame must decode to its input through the wrapper, libzstd
 * 1.5.4 and zstd 1.5.7 and keep the API's promises (fuzz/compress_check.c);
 * a wrong pledge must end in an error, never in a frame (but for an empty
 * frame, which takes the size it was given: see choose_frame).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "compress_check.h"
#include "fuzz_timing.h"
#include "sample_data.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_stream"

enum pledge { PLEDGE_RIGHT, PLEDGE_UNKNOWN, PLEDGE_WRONG };

struct frame_case {
	const struct zo_case *c;
	const uint8_t *src;
	size_t len;
	enum pledge pledge;
	unsigned long long pledged;	/* what the API is told; 0 means unknown */
	struct fuzz_chunks chunks;
	uint32_t flush_every;		/* flush after about 1 in N chunks; 0: never */
	uint8_t *dst;
	size_t cap;
};

static void choose_frame(struct frame_case *f, struct fuzz_input *in)
{
	unsigned long long delta;

	f->pledge = fuzz_input_u32(in, PLEDGE_RIGHT, PLEDGE_WRONG, PLEDGE_RIGHT);
	delta = fuzz_input_u32(in, 1, 1 << 16, 1);
	fuzz_chunks_init(&f->chunks, in);
	f->flush_every = fuzz_input_u32(in, 0, 8, 0);
	f->pledged = f->len;
	if (f->pledge == PLEDGE_UNKNOWN || (f->pledge == PLEDGE_RIGHT && !f->len))
		f->pledged = 0;
	if (f->pledge == PLEDGE_WRONG)
		f->pledged = f->len > delta && (delta & 1) ? f->len - delta : f->len + delta;
	if (f->pledge == PLEDGE_WRONG && !f->pledged)
		f->pledge = PLEDGE_UNKNOWN;	/* 0 is "unknown" to this API: not wrong */
	/*
	 * Nothing to compress: the frame's first call is zstd_end_stream, and a
	 * frame ended in its first call takes the size it was given (0) as its
	 * pledge (zstd.h, ZSTD_CCtx_setPledgedSrcSize note 3; 1.4.10's
	 * ZSTD_CCtx_init_compressStream2 "auto-fix pledgedSrcSize"). Not wrong:
	 * the frame must say 0 bytes and decode to nothing.
	 */
	if (f->pledge == PLEDGE_WRONG && !f->len)
		f->pledge = PLEDGE_RIGHT;
}

/* One call, checked for progress; returns the call's result. */
static size_t stream_call(const struct frame_case *f, zstd_cstream *cs, int op,
			  zstd_out_buffer *out, zstd_in_buffer *in)
{
	size_t in0 = in->pos, out0 = out->pos, ret;

	if (op == 0)
		FUZZ_LIB(ret = zstd_compress_stream(cs, out, in));
	else if (op == 1)
		FUZZ_LIB(ret = zstd_flush_stream(cs, out));
	else
		FUZZ_LIB(ret = zstd_end_stream(cs, out));
	if (zstd_is_error(ret))
		return ret;
	if (out->pos > out->size || in->pos > in->size)
		zo_contract(f->c, "stream call %d moved past the buffers", op);
	if (in->pos == in0 && out->pos == out0 && out->pos < out->size &&
	    (op ? ret != 0 : in->pos < in->size))
		zo_contract(f->c, "stream call %d made no progress with %zu bytes of room", op,
			    out->size - out->pos);
	return ret;
}

/* Flush or end until the call says nothing is left (0). */
static size_t drain(struct frame_case *f, zstd_cstream *cs, int op, zstd_out_buffer *out)
{
	zstd_in_buffer none = { .src = NULL, .size = 0, .pos = 0 };
	size_t ret;

	do {
		out->size = out->pos + 1 + fuzz_chunk_next(&f->chunks, f->cap);
		if (out->size > f->cap)
			out->size = f->cap;
		ret = stream_call(f, cs, op, out, &none);
		if (!zstd_is_error(ret) && ret && out->pos == f->cap)
			return FUZZ_ERR_DST_TOO_SMALL;
	} while (!zstd_is_error(ret) && ret);
	return ret;
}

/* The whole frame; returns its size or the first error. */
static size_t compress_frame(struct frame_case *f, zstd_cstream *cs)
{
	zstd_out_buffer out = { .dst = f->dst, .size = 0, .pos = 0 };
	zstd_in_buffer in = { .src = f->src, .size = 0, .pos = 0 };
	size_t ret;

	while (in.pos < f->len) {
		in.size = in.pos + 1 + fuzz_chunk_next(&f->chunks, f->len - in.pos - 1);
		while (in.pos < in.size) {
			out.size = out.pos + 1 + fuzz_chunk_next(&f->chunks, f->cap - out.pos - 1);
			ret = stream_call(f, cs, 0, &out, &in);
			if (zstd_is_error(ret))
				return ret;
			if (out.pos == f->cap)
				return FUZZ_ERR_DST_TOO_SMALL;
		}
		if (f->flush_every && lib_sample_next(&f->chunks.state) % f->flush_every == 0) {
			ret = drain(f, cs, 1, &out);
			if (zstd_is_error(ret))
				return ret;
		}
	}
	ret = drain(f, cs, 2, &out);
	return zstd_is_error(ret) ? ret : out.pos;
}

/* What the header must say of the frame's size. */
static enum fuzz_fcs frame_fcs(const struct frame_case *f, const struct fuzz_zparams *z)
{
	if (!z->p.fParams.contentSizeFlag)
		return FUZZ_FCS_ABSENT;
	return f->pledged ? FUZZ_FCS_PRESENT : FUZZ_FCS_EITHER;
}

static void check_frame(const struct frame_case *f, const struct fuzz_zparams *z, size_t ret)
{
	if (f->pledge == PLEDGE_WRONG) {
		if (!zstd_is_error(ret))
			zo_contract(f->c, "pledged %llu bytes, gave %zu, and the frame was made (%zu bytes)",
				    f->pledged, f->len, ret);
		return;
	}
	if (zstd_is_error(ret))
		zo_contract(f->c, "streaming compression of %zu bytes failed: %s", f->len,
			    zstd_get_error_name(ret));
	fuzz_cframe_promises(f->c, z, frame_fcs(f, z), f->dst, ret, f->len, !f->flush_every);
	fuzz_cframe_roundtrip(f->c, f->dst, ret, f->src, f->len);
}

/* The workspace of the parameters' bound; NULL when none is to be had here. */
static void *stream_workspace(const struct frame_case *f, const struct fuzz_zparams *z,
			      size_t *wsize)
{
	FUZZ_LIB(*wsize = zstd_cstream_workspace_bound(&z->p.cParams));
	if (zstd_is_error(*wsize) || (*wsize > z->wksp_limit && !z->named)) {
		if (!z->invalid && zstd_is_error(*wsize))
			zo_contract(f->c, "zstd_cstream_workspace_bound failed: %s",
				    zstd_get_error_name(*wsize));
		return NULL;	/* invalid parameters whose bound no workspace here can have */
	}
	return fuzz_workspace(FUZZ_SLOT_KERNEL, *wsize);
}

static void run_frames(struct frame_case *f, struct frame_case *g, const struct fuzz_zparams *z)
{
	size_t wsize, ret;
	void *wksp = stream_workspace(f, z, &wsize);
	zstd_cstream *cs;

	if (!wksp)
		return;
	FUZZ_LIB(cs = zstd_init_cstream(&z->p, f->pledged, wksp, wsize));
	if (z->invalid) {
		/* The wrapper's refusal: zstd_init_cstream gives NULL. */
		if (cs)
			zo_contract(f->c, "zstd_init_cstream accepted %s outside its range",
				    z->invalid);
		return;
	}
	if (!cs)
		zo_contract(f->c, "zstd_init_cstream failed on a workspace of its bound, %zu bytes", wsize);
	check_frame(f, z, compress_frame(f, cs));
	FUZZ_LIB(ret = zstd_reset_cstream(cs, g->pledged));
	if (zstd_is_error(ret))
		zo_contract(f->c, "zstd_reset_cstream failed: %s", zstd_get_error_name(ret));
	check_frame(g, z, compress_frame(g, cs));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct zo_case c;
	struct frame_case f, g;
	struct fuzz_zparams z;
	char text[320];
	size_t split;

	fuzz_timing_input_begin(TARGET);
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = NULL, .zdata_len = 0, .params = text };
	fuzz_zparams_level(&z, &in);
	/* The second frame is the tail of the payload from split on. */
	split = fuzz_input_u32(&in, 0, (uint32_t)in.payload_len, 0);
	f = (struct frame_case){ .c = &c, .src = in.payload, .len = in.payload_len };
	g = (struct frame_case){ .c = &c, .src = in.payload + split, .len = in.payload_len - split };
	choose_frame(&f, &in);
	choose_frame(&g, &in);
	fuzz_zparams_estimate(&z, &in, f.pledged);
	fuzz_zparams_fields(&z, &in, FUZZ_ZP_CPARAMS | FUZZ_ZP_FPARAMS,
			    zstd_cstream_workspace_bound);
	fuzz_zparams_text(&z, text, sizeof(text));
	f.cap = zstd_compress_bound(f.len) + 4 * f.len + 64;
	g.cap = f.cap;
	f.dst = g.dst = fuzz_buf(FUZZ_SLOT_FRAME, f.cap);
	if (f.dst)
		run_frames(&f, &g, &z);
	fuzz_timing_input_end();
	return 0;
}
