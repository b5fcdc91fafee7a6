// SPDX-License-Identifier: GPL-2.0
/*
 * The bare build of a zstd target (make fuzz-measure's yardstick): one
 * kernel call per input and nothing else, no reference, no oracle, no
 * poison, no copy of the payload. Workspaces and outputs are the kept,
 * guarded slots the judged targets use. Which target: FUZZ_BARE_<target>,
 * set by fuzz/targets.build.mk for $(B)/fuzz/bare/<target>. The kernel
 * call gets the judged target's first parameters: decompress_stream's
 * window, compress_oneshot's level and size estimate (its level path,
 * fuzz/zstd_params.c; not the fields it may set after them),
 * compress_stream's level (with the payload's size
 * as the estimate, where the judged target uses its pledge);
 * decompress_oneshot's output room is FUZZ_OUT_MAX, the judged one's usual.
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "zstd_fuzz.h"
#include "zstd_params.h"

#if defined(FUZZ_BARE_decompress_oneshot)
static void bare(struct fuzz_input *in)
{
	size_t wsize = zstd_dctx_workspace_bound();
	void *wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, FUZZ_OUT_MAX);
	zstd_dctx *dctx = wksp ? zstd_init_dctx(wksp, wsize) : NULL;

	if (!dctx || !out)
		abort();
	zstd_decompress_dctx(dctx, out, FUZZ_OUT_MAX, in->payload, in->payload_len);
}
#elif defined(FUZZ_BARE_decompress_stream)
static void bare(struct fuzz_input *in)
{
	size_t max_window = fuzz_input_u32(in, 1 << 10, 1 << 24, 1 << 23);
	size_t wsize = zstd_dstream_workspace_bound(max_window);
	void *wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, FUZZ_OUT_LIMIT);
	zstd_dstream *zds = wksp ? zstd_init_dstream(max_window, wksp, wsize) : NULL;
	zstd_out_buffer ob = { .dst = out, .size = FUZZ_OUT_LIMIT, .pos = 0 };
	zstd_in_buffer ib = { .src = in->payload, .size = in->payload_len, .pos = 0 };

	if (!zds || !out)
		abort();
	zstd_decompress_stream(zds, &ob, &ib);
}
#endif

#if defined(FUZZ_BARE_compress_oneshot)
static void bare(struct fuzz_input *in)
{
	struct fuzz_zparams z;
	zstd_parameters params;
	size_t wsize;
	size_t cap;
	void *wksp;
	uint8_t *out;
	zstd_cctx *cctx;

	fuzz_zparams_level(&z, in);
	fuzz_zparams_estimate(&z, in, in->payload_len);
	params = z.p;
	wsize = zstd_cctx_workspace_bound(&params.cParams);
	cap = zstd_compress_bound(in->payload_len);
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	out = fuzz_buf(FUZZ_SLOT_FRAME, cap);
	cctx = wksp ? zstd_init_cctx(wksp, wsize) : NULL;

	if (!cctx || !out)
		abort();
	zstd_compress_cctx(cctx, out, cap, in->payload, in->payload_len, &params);
}
#elif defined(FUZZ_BARE_compress_stream)
static void bare(struct fuzz_input *in)
{
	int level = fuzz_zstd_level(in, zstd_min_clevel(), zstd_max_clevel());
	zstd_parameters params = zstd_get_params(level, in->payload_len);
	size_t wsize = zstd_cstream_workspace_bound(&params.cParams);
	size_t cap = zstd_compress_bound(in->payload_len);
	void *wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	uint8_t *out = fuzz_buf(FUZZ_SLOT_FRAME, cap);
	zstd_cstream *cs = wksp ? zstd_init_cstream(&params, in->payload_len, wksp, wsize) : NULL;
	zstd_out_buffer ob = { .dst = out, .size = cap, .pos = 0 };
	zstd_in_buffer ib = { .src = in->payload, .size = in->payload_len, .pos = 0 };

	if (!cs || !out)
		abort();
	if (!zstd_is_error(zstd_compress_stream(cs, &ob, &ib)))
		zstd_end_stream(cs, &ob);
}
#elif !defined(FUZZ_BARE_decompress_oneshot) && !defined(FUZZ_BARE_decompress_stream)
#error "fuzz/bare.c: no FUZZ_BARE_<target> given"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;

	fuzz_input_init(&in, data, size);
	bare(&in);
	return 0;
}
