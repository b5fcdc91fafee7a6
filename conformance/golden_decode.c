// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>

#include "golden_decode.h"
#include "kz.h"
#include "ref_next.h"
#include "ref_zstd.h"

/* The streaming window: 8 MiB, above every vector's (README.md). */
#define STREAM_WINDOW	(1u << 23)
#define ERR(name)	((size_t)-(ZSTD_error_##name))

const char *golden_way_name(enum golden_way way)
{
	static const char *const names[] = { "zstd_decompress_dctx", "zstd_decompress_stream (1-byte input)",
					     "zstd_decompress_stream (4 KiB input)", "reference",
					     "reference stream", "zstd 1.5.7", "zstd 1.5.7 stream" };

	return names[way];
}

int golden_way_available(enum golden_way way)
{
	return way < GOLDEN_NEXT || refn_available();
}

const char *golden_error_name(enum golden_way way, size_t r)
{
	if (way >= GOLDEN_NEXT)
		return refn_error_name(r);
	return way >= GOLDEN_REFERENCE ? ref_error_name(r) : zstd_get_error_name(r);
}

/* Frames one after another; a call that moves nothing with input left is stuck. */
static size_t stream_loop(zstd_dstream *ds, const unsigned char *src, size_t len,
			  unsigned char *dst, size_t chunk)
{
	zstd_out_buffer out = { dst, GOLDEN_OUT_MAX, 0 };
	zstd_in_buffer in = { src, 0, 0 };
	size_t r = 1;

	while (in.pos < len) {
		size_t in_before = in.pos, out_before = out.pos;

		in.size = in.pos + chunk < len ? in.pos + chunk : len;
		r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		if (in.pos == in_before && out.pos == out_before && in.size == len)
			return out.pos == GOLDEN_OUT_MAX ? ERR(dstSize_tooSmall) : ERR(srcSize_wrong);
	}
	/* Input all read: the last frame must end (flushing what it holds). */
	for (int calls = 0; r && calls < 1000; calls++) {
		size_t out_before = out.pos;

		r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		if (r && out.pos == out_before)
			return ERR(srcSize_wrong);
	}
	return r ? ERR(srcSize_wrong) : out.pos;
}

static size_t stream_decode(const unsigned char *src, size_t len, unsigned char *out,
			    size_t chunk)
{
	size_t wsize = zstd_dstream_workspace_bound(STREAM_WINDOW);
	void *wksp = malloc(wsize);
	zstd_dstream *ds = wksp ? zstd_init_dstream(STREAM_WINDOW, wksp, wsize) : NULL;
	size_t r = ERR(memory_allocation);

	if (ds)
		r = stream_loop(ds, src, len, out, chunk);
	free(wksp);
	return r;
}

/* A reference's ZSTD_decompressStream, as both ref_zstd.h and ref_next.h give it. */
typedef size_t (*ref_step_fn)(void *ds, void *dst, size_t dst_size, size_t *dst_pos,
			      const void *src, size_t src_size, size_t *src_pos);

static size_t ref154_step(void *ds, void *dst, size_t dst_size, size_t *dst_pos,
			  const void *src, size_t src_size, size_t *src_pos)
{
	return ref_dstream_step(ds, dst, dst_size, dst_pos, src, src_size, src_pos);
}

/* A reference's streaming decoder over all the input, frame after frame. */
static size_t ref_stream_loop(void *ds, ref_step_fn step, int (*is_error)(size_t),
			      const unsigned char *src, size_t len, unsigned char *out)
{
	size_t ip = 0, op = 0, r = 1;

	while (!is_error(r) && (ip < len || r)) {
		size_t ip_before = ip, op_before = op;

		r = step(ds, out, GOLDEN_OUT_MAX, &op, src, len, &ip);
		if (!is_error(r) && ip == ip_before && op == op_before)
			r = ERR(srcSize_wrong);
	}
	return is_error(r) ? r : op;
}

static size_t ref_stream_decode(const unsigned char *src, size_t len, unsigned char *out)
{
	struct ref_dstream *ds = ref_dstream_create(STREAM_WINDOW);
	size_t r;

	if (!ds)
		return ERR(memory_allocation);
	r = ref_stream_loop(ds, ref154_step, ref_is_error, src, len, out);
	ref_dstream_free(ds);
	return r;
}

static int next_is_error(size_t r)
{
	return refn_is_error(r);
}

/* zstd 1.5.7's (its decompressor is made afresh, the last one freed, by refn_dstream). */
static size_t next_stream_decode(const unsigned char *src, size_t len, unsigned char *out)
{
	void *ds = refn_dstream(STREAM_WINDOW);

	if (!ds)
		return ERR(memory_allocation);
	return ref_stream_loop(ds, refn_dstream_step, next_is_error, src, len, out);
}

size_t golden_decode(enum golden_way way, const unsigned char *src, size_t len,
		     unsigned char *out, int *failed)
{
	size_t r;

	switch (way) {
	case GOLDEN_ONESHOT:
		r = kz_decompress(out, GOLDEN_OUT_MAX, src, len);
		break;
	case GOLDEN_STREAM_1:
		r = stream_decode(src, len, out, 1);
		break;
	case GOLDEN_STREAM_4K:
		r = stream_decode(src, len, out, 4096);
		break;
	case GOLDEN_REF_STREAM:
		r = ref_stream_decode(src, len, out);
		*failed = ref_is_error(r);
		return r;
	case GOLDEN_NEXT:
		r = refn_decompress(out, GOLDEN_OUT_MAX, src, len);
		*failed = refn_is_error(r);
		return r;
	case GOLDEN_NEXT_STREAM:
		r = next_stream_decode(src, len, out);
		*failed = refn_is_error(r);
		return r;
	default:
		r = ref_decompress(out, GOLDEN_OUT_MAX, src, len);
		*failed = ref_is_error(r);
		return r;
	}
	*failed = zstd_is_error(r);
	return r;
}
