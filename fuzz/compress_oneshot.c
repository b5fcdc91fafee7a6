// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_get_params(level, estimated size), zstd_init_cctx on exactly
 * zstd_cctx_workspace_bound(), zstd_compress_cctx into zstd_compress_bound()
 * bytes (must succeed) or fewer (must succeed or fail with dstSize_tooSmall).
 * The frame must decode to the input through the reference and the wrapper,
 * and its header must say what the parameters asked for.
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "fuzz_timing.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

#define TARGET "compress_oneshot"

struct comp_case {
	const struct zo_case *c;
	const uint8_t *src;
	size_t len;
	zstd_parameters params;
	size_t cap;
	int cap_is_bound;
};

static void check_header(const struct comp_case *s, const uint8_t *frame, size_t flen)
{
	const zstd_frame_parameters *fp = &s->params.fParams;
	zstd_frame_header fh;
	size_t ret;

	FUZZ_LIB(ret = zstd_get_frame_header(&fh, frame, flen));
	if (ret != 0)
		zo_contract(s->c, "zstd_get_frame_header on the frame just made returned %zu", ret);
	if (fp->contentSizeFlag && fh.frameContentSize != s->len)
		zo_contract(s->c, "frame content size %llu, input %zu bytes", fh.frameContentSize, s->len);
	if (fh.windowSize > (1ULL << s->params.cParams.windowLog))
		zo_contract(s->c, "frame window %llu exceeds windowLog %u", fh.windowSize,
			    s->params.cParams.windowLog);
	if (fh.checksumFlag != (unsigned int)!!fp->checksumFlag)
		zo_contract(s->c, "frame checksum flag %u, parameters asked %d", fh.checksumFlag,
			    fp->checksumFlag);
}

/* The frame, decoded by both decoders, must give the input back. */
static void check_roundtrip(const struct comp_case *s, const uint8_t *frame, size_t flen,
			    uint8_t *out, void *dwksp, size_t dwsize)
{
	struct zo_result dec, orig;
	zstd_dctx *dctx;
	size_t ret;

	zo_bytes_result(&orig, "the input", s->src, s->len);
	fuzz_poison(out, s->len, FUZZ_SLOT_REF);
	FUZZ_LIB(ret = ref_decompress(out, s->len, frame, flen));
	if (ref_is_error(ret))
		zo_contract(s->c, "the reference rejects the kernel's frame: %s", ref_error_name(ret));
	zo_ref_result(&dec, "reference decoding of the kernel frame", ret, out, ret);
	zo_expect(s->c, "round trip through the reference", &dec, &orig);
	/* The reference's bytes are still there: a decoder that writes nothing would pass. */
	fuzz_poison(out, s->len, FUZZ_SLOT_KERNEL);
	FUZZ_LIB(dctx = zstd_init_dctx(dwksp, dwsize));
	FUZZ_LIB(ret = dctx ? zstd_decompress_dctx(dctx, out, s->len, frame, flen) : 0);
	if (!dctx || zstd_is_error(ret))
		zo_contract(s->c, "the wrapper rejects its own frame: %s",
			    dctx ? zstd_get_error_name(ret) : "zstd_init_dctx failed");
	zo_kernel_result(&dec, "wrapper decoding of the kernel frame", ret, out, ret);
	zo_expect(s->c, "round trip through the wrapper", &dec, &orig);
}

static void compress_case(const struct comp_case *s, void *dwksp, size_t dwsize)
{
	size_t wsize, ret;
	uint8_t *frame = fuzz_buf(FUZZ_SLOT_FRAME, s->cap), *out = fuzz_buf(FUZZ_SLOT_REF, s->len);
	void *wksp;
	zstd_cctx *cctx;

	FUZZ_LIB(wsize = zstd_cctx_workspace_bound(&s->params.cParams));
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!frame || !out || !wksp)
		return;
	FUZZ_LIB(cctx = zstd_init_cctx(wksp, wsize));
	if (!cctx)
		zo_contract(s->c, "zstd_init_cctx failed on a workspace of its bound, %zu bytes", wsize);
	FUZZ_LIB(ret = zstd_compress_cctx(cctx, frame, s->cap, s->src, s->len, &s->params));
	if (zstd_is_error(ret)) {
		if (s->cap_is_bound || zstd_get_error_code(ret) != ZSTD_error_dstSize_tooSmall)
			zo_contract(s->c, "zstd_compress_cctx into %zu bytes (bound %zu) failed: %s",
				    s->cap, zstd_compress_bound(s->len), zstd_get_error_name(ret));
		return;
	}
	if (ret > s->cap)
		zo_contract(s->c, "zstd_compress_cctx returned %zu bytes into %zu", ret, s->cap);
	check_header(s, frame, ret);
	check_roundtrip(s, frame, ret, out, dwksp, dwsize);
}

static void choose(struct comp_case *s, struct fuzz_input *in)
{
	size_t bound = zstd_compress_bound(s->len);

	s->params = fuzz_compress_params(in, s->len);
	s->cap_is_bound = fuzz_input_bool(in, 1);
	s->cap = s->cap_is_bound ? bound : fuzz_input_u32(in, 0, (uint32_t)bound, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The round trip's decoder: its workspace is the slot of the decoded copy. */
	size_t dwsize = zstd_dctx_workspace_bound();
	void *dwksp = fuzz_workspace(FUZZ_SLOT_REF, dwsize);
	struct fuzz_input in;
	struct zo_case c;
	struct comp_case s;

	fuzz_timing_input_begin(TARGET);
	if (!dwksp)
		abort();
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = NULL, .zdata_len = 0 };
	s = (struct comp_case){ .c = &c, .src = in.payload, .len = in.payload_len };
	choose(&s, &in);
	compress_case(&s, dwksp, dwsize);
	fuzz_timing_input_end();
	return 0;
}
