// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "api_checks.h"
#include "ref_zstd.h"

size_t api_levels(int *levels, size_t cap, int quick)
{
	static const int negatives[] = { -50, -5, -1 };
	size_t n = 0;

	if (n < cap)
		levels[n++] = zstd_min_clevel();
	for (size_t i = 0; i < sizeof(negatives) / sizeof(negatives[0]) && n < cap; i++)
		if (negatives[i] > zstd_min_clevel() && (!quick || negatives[i] == -1))
			levels[n++] = negatives[i];
	for (int l = 1; l <= zstd_max_clevel() && n < cap; l++)
		if (!quick || l == 1 || l == 3 || l == 9 || l == 19 || l == zstd_max_clevel())
			levels[n++] = l;
	return n;
}

void *api_exact_alloc(size_t len)
{
	return malloc(len ? len : 1);
}

int api_ref_roundtrip(const void *frame, size_t flen, const void *src, size_t len)
{
	unsigned char *out = malloc(len + 1);
	size_t r;
	int ok;

	if (!out)
		return 0;
	r = ref_decompress(out, len + 1, frame, flen);
	ok = !ref_is_error(r) && r == len && !memcmp(out, src, len);
	free(out);
	return ok;
}

#define OUT_PIECE	1021
#define MAX_CALLS	1000000

static size_t dstream_loop(zstd_dstream *ds, unsigned char *dst, size_t cap,
			   const unsigned char *src, size_t len, size_t chunk)
{
	zstd_out_buffer out = { dst, 0, 0 };
	zstd_in_buffer in = { src, 0, 0 };
	size_t r = 1;

	for (long calls = 0; calls < MAX_CALLS && r; calls++) {
		size_t in_before = in.pos, out_before = out.pos;

		in.size = chunk && in.pos + chunk < len ? in.pos + chunk : len;
		out.size = out.pos + OUT_PIECE < cap ? out.pos + OUT_PIECE : cap;
		r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		/* Stuck: the frame wants more than there is, of input or of room. */
		if (r && in.pos == in_before && out.pos == out_before && in.pos == len)
			return (size_t)-(out.pos == cap ? ZSTD_error_dstSize_tooSmall :
						    ZSTD_error_srcSize_wrong);
	}
	return r ? (size_t)-ZSTD_error_GENERIC : out.pos;
}

size_t api_dstream_decode(size_t max_window, size_t wsize, void *dst, size_t cap,
			  const void *src, size_t len, size_t chunk, int *got_ctx)
{
	void *wksp = api_exact_alloc(wsize);
	zstd_dstream *ds = wksp ? zstd_init_dstream(max_window, wksp, wsize) : NULL;
	size_t r = (size_t)-ZSTD_error_memory_allocation;

	*got_ctx = ds != NULL;
	if (ds)
		r = dstream_loop(ds, dst, cap, src, len, chunk);
	free(wksp);
	return r;
}
