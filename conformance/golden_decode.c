// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>

#include "golden_decode.h"
#include "kz.h"
#include "ref_zstd.h"

/* The streaming window: 8 MiB, above every vector's (README.md). */
#define STREAM_WINDOW	(1u << 23)
#define ERR(name)	((size_t)-(ZSTD_error_##name))

const char *golden_way_name(enum golden_way way)
{
	static const char *const names[] = { "zstd_decompress_dctx", "zstd_decompress_stream (1-byte input)",
					     "zstd_decompress_stream (4 KiB input)", "reference",
					     "reference stream" };

	return names[way];
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

/* The reference's ZSTD_decompressStream over all the input, frame after frame. */
static size_t ref_stream_decode(const unsigned char *src, size_t len, unsigned char *out)
{
	struct ref_dstream *ds = ref_dstream_create(STREAM_WINDOW);
	size_t ip = 0, op = 0, r = 1;

	if (!ds)
		return ERR(memory_allocation);
	while (!ref_is_error(r) && (ip < len || r)) {
		size_t ip_before = ip, op_before = op;

		r = ref_dstream_step(ds, out, GOLDEN_OUT_MAX, &op, src, len, &ip);
		if (!ref_is_error(r) && ip == ip_before && op == op_before)
			r = ERR(srcSize_wrong);
	}
	ref_dstream_free(ds);
	return ref_is_error(r) ? r : op;
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
	default:
		r = ref_decompress(out, GOLDEN_OUT_MAX, src, len);
		*failed = ref_is_error(r);
		return r;
	}
	*failed = zstd_is_error(r);
	return r;
}
