// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_get_params(level, estimated size), then every field of
 * zstd_parameters from the input (fuzz/zstd_params.c), zstd_init_cctx on
 * exactly zstd_cctx_workspace_bound(), zstd_compress_cctx into
 * zstd_compress_bound() bytes (must succeed) or fewer (must succeed or fail
 * with dstSize_tooSmall); parameters outside the library's range must be
 * refused with parameter_outOfBound. The frame must decode to the input
 * through the wrapper, libzstd 1.5.4 and zstd 1.5.7, and keep the API's
 * promises (fuzz/compress_check.c).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_oneshot"

struct comp_case {
	struct zo_case *c;
	const uint8_t *src;
	size_t len;
	struct fuzz_zparams z;
	char text[320];
	size_t cap;
	int cap_is_bound;
};

/* Parameters outside the library's range: refused with parameter_outOfBound, no frame. */
static void check_refused(const struct comp_case *s, size_t ret)
{
	if (!zstd_is_error(ret))
		zo_contract(s->c, "%s outside its range accepted: a frame of %zu bytes",
			    s->z.invalid, ret);
	if (zstd_get_error_code(ret) != ZSTD_error_parameter_outOfBound)
		zo_contract(s->c, "%s outside its range refused with %s, not parameter_outOfBound",
			    s->z.invalid, zstd_get_error_name(ret));
}

static void compress_case(const struct comp_case *s)
{
	size_t wsize, ret;
	uint8_t *frame = fuzz_buf(FUZZ_SLOT_FRAME, s->cap);
	void *wksp;
	zstd_cctx *cctx;

	FUZZ_LIB(wsize = zstd_cctx_workspace_bound(&s->z.p.cParams));
	if (zstd_is_error(wsize) || (wsize > s->z.wksp_limit && !s->z.named)) {
		if (!s->z.invalid && zstd_is_error(wsize))
			zo_contract(s->c, "zstd_cctx_workspace_bound failed: %s",
				    zstd_get_error_name(wsize));
		return;	/* invalid parameters whose bound no workspace here can have */
	}
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!frame || !wksp)
		return;
	FUZZ_LIB(cctx = zstd_init_cctx(wksp, wsize));
	if (!cctx)
		zo_contract(s->c, "zstd_init_cctx failed on a workspace of its bound, %zu bytes", wsize);
	FUZZ_LIB(ret = zstd_compress_cctx(cctx, frame, s->cap, s->src, s->len, &s->z.p));
	if (s->z.invalid) {
		check_refused(s, ret);
		return;
	}
	if (zstd_is_error(ret)) {
		if (s->cap_is_bound || zstd_get_error_code(ret) != ZSTD_error_dstSize_tooSmall)
			zo_contract(s->c, "zstd_compress_cctx into %zu bytes (bound %zu) failed: %s",
				    s->cap, zstd_compress_bound(s->len), zstd_get_error_name(ret));
		return;
	}
	if (ret > s->cap)
		zo_contract(s->c, "zstd_compress_cctx returned %zu bytes into %zu", ret, s->cap);
	fuzz_cframe_promises(s->c, &s->z, s->z.p.fParams.contentSizeFlag ? FUZZ_FCS_PRESENT :
			     FUZZ_FCS_ABSENT, frame, ret, s->len, 1);
	fuzz_cframe_roundtrip(s->c, frame, ret, s->src, s->len);
}

static void choose(struct comp_case *s, struct fuzz_input *in)
{
	size_t bound = zstd_compress_bound(s->len);

	fuzz_zparams_level(&s->z, in);
	fuzz_zparams_estimate(&s->z, in, s->len);
	s->cap_is_bound = fuzz_input_bool(in, 1);
	s->cap = s->cap_is_bound ? bound : fuzz_input_u32(in, 0, (uint32_t)bound, 0);
	fuzz_zparams_fields(&s->z, in, FUZZ_ZP_CPARAMS | FUZZ_ZP_FPARAMS,
			    zstd_cctx_workspace_bound);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct zo_case c;
	struct comp_case s;

	fuzz_timing_input_begin(TARGET);
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = NULL, .zdata_len = 0 };
	s = (struct comp_case){ .c = &c, .src = in.payload, .len = in.payload_len };
	choose(&s, &in);
	compress_case(&s);
	fuzz_timing_input_end();
	return 0;
}
