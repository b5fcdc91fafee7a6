// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>

#include "kz.h"

#define KZ_ERROR(name) ((size_t)-(ZSTD_error_##name))

size_t kz_decompress(void *dst, size_t cap, const void *src, size_t len)
{
	size_t wsize = zstd_dctx_workspace_bound();
	void *wksp = malloc(wsize);
	zstd_dctx *dctx;
	size_t ret = KZ_ERROR(memory_allocation);

	if (!wksp)
		return ret;
	dctx = zstd_init_dctx(wksp, wsize);
	if (dctx)
		ret = zstd_decompress_dctx(dctx, dst, cap, src, len);
	free(wksp);
	return ret;
}

size_t kz_compress(void *dst, size_t cap, const void *src, size_t len, int level)
{
	zstd_parameters params = zstd_get_params(level, len);
	size_t wsize = zstd_cctx_workspace_bound(&params.cParams);
	void *wksp = malloc(wsize);
	zstd_cctx *cctx;
	size_t ret = KZ_ERROR(memory_allocation);

	if (!wksp)
		return ret;
	cctx = zstd_init_cctx(wksp, wsize);
	if (cctx)
		ret = zstd_compress_cctx(cctx, dst, cap, src, len, &params);
	free(wksp);
	return ret;
}

static size_t kz_stream_loop(zstd_dstream *ds, void *dst, size_t cap,
			     const void *src, size_t len, size_t chunk)
{
	zstd_out_buffer out = { .dst = dst, .size = cap, .pos = 0 };
	zstd_in_buffer in = { .src = src, .size = 0, .pos = 0 };
	size_t ret;

	if (!chunk)
		chunk = len;
	do {
		size_t before_in = in.pos, before_out = out.pos;

		in.size = in.pos + chunk < len ? in.pos + chunk : len;
		ret = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(ret))
			return ret;
		/* A call that moved nothing is stuck: output full or input short. */
		if (ret && in.pos == before_in && out.pos == before_out)
			return out.pos == cap ? KZ_ERROR(dstSize_tooSmall) :
						KZ_ERROR(srcSize_wrong);
	} while (ret);
	return out.pos;
}

size_t kz_decompress_stream(void *dst, size_t cap, const void *src, size_t len,
			    size_t max_window, size_t chunk)
{
	size_t wsize = zstd_dstream_workspace_bound(max_window);
	void *wksp = malloc(wsize);
	zstd_dstream *ds;
	size_t ret = KZ_ERROR(memory_allocation);

	if (!wksp)
		return ret;
	ds = zstd_init_dstream(max_window, wksp, wsize);
	if (ds)
		ret = kz_stream_loop(ds, dst, cap, src, len, chunk);
	free(wksp);
	return ret;
}

size_t kz_frame_window(const void *src, size_t len)
{
	zstd_frame_header fh;

	if (zstd_get_frame_header(&fh, src, len) != 0)
		return 0;
	return (size_t)fh.windowSize;
}

unsigned int kz_is_error(size_t code)
{
	return zstd_is_error(code);
}

const char *kz_error_name(size_t code)
{
	return zstd_get_error_name(code);
}
