// SPDX-License-Identifier: GPL-2.0
/*
 * The reference's streaming decoder, run again: a streaming decoder may
 * refuse what the same library decodes block at a time (a check of its
 * ring buffer, say), which the block map cannot place. Fed one byte per
 * call, it fails on the call that completes the failing unit, and the
 * bytes it took before that call end inside that unit.
 */
#include "block_map.h"
#include "ref_zstd.h"

size_t bm_stream_run(const uint8_t *src, size_t len, size_t max_window, size_t step,
		     uint8_t *dst, size_t cap, size_t *in, size_t *out)
{
	struct ref_dstream *ds = ref_dstream_create(max_window);
	size_t ret = 1, before;

	*in = *out = 0;
	if (!ds)
		return (size_t)-64;	/* ZSTD_error_memory_allocation */
	while (*in < len) {
		size_t end = len - *in > step ? *in + step : len;

		before = *out;
		ret = ref_dstream_step(ds, dst, cap, out, src, end, in);
		if (ref_is_error(ret) || !ret || (*out == cap && *out == before))
			break;	/* failed, the frame ended, or no room left */
	}
	ref_dstream_free(ds);
	return ret;
}
