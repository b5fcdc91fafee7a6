// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_get_frame_header and zstd_find_frame_compressed_size against
 * ZSTD_getFrameHeader and ZSTD_findFrameCompressedSize, at every frame of
 * the input (zstd frames, skippable frames, concatenations), on a cut the
 * input chooses (truncations, "need N more bytes" answers included).
 */
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

#define TARGET "frame_header"
#define MAX_FRAMES 16

/* Both headers in one layout, so that the report's hex dump shows the field. */
struct header_fields {
	uint64_t ret;
	uint64_t frame_content_size;
	uint64_t window_size;
	uint64_t block_size_max;
	uint64_t frame_type;
	uint64_t header_size;
	uint64_t dict_id;
	uint64_t checksum_flag;
};

static void kernel_header(struct header_fields *h, const uint8_t *src, size_t len)
{
	zstd_frame_header fh;

	memset(&fh, 0, sizeof(fh));
	memset(h, 0, sizeof(*h));
	FUZZ_LIB(h->ret = zstd_get_frame_header(&fh, src, len));
	if (h->ret != 0)
		return;
	*h = (struct header_fields){ 0, fh.frameContentSize, fh.windowSize, fh.blockSizeMax,
				     fh.frameType == ZSTD_skippableFrame, fh.headerSize, fh.dictID,
				     fh.checksumFlag };
}

static void ref_header(struct header_fields *h, const uint8_t *src, size_t len)
{
	struct ref_frame_header fh;

	memset(h, 0, sizeof(*h));
	FUZZ_LIB(h->ret = ref_get_frame_header(&fh, src, len));
	if (h->ret != 0)
		return;
	*h = (struct header_fields){ 0, fh.frame_content_size, fh.window_size, fh.block_size_max,
				     fh.frame_type, fh.header_size, fh.dict_id, fh.checksum_flag };
}

static void compare_header(const struct zo_case *c, const uint8_t *src, size_t len, size_t at)
{
	char step[64];
	size_t diff;

	struct header_fields kh, rh;
	struct zo_result k, r;

	kernel_header(&kh, src, len);
	ref_header(&rh, src, len);
	zo_kernel_result(&k, "zstd_get_frame_header", kh.ret, &kh, sizeof(kh));
	zo_ref_result(&r, "ZSTD_getFrameHeader", rh.ret, &rh, sizeof(rh));
	/* The step's name is only worth making when there is something to report. */
	if (zo_judge(&k, &r, &diff) != ZO_AGREE) {
		snprintf(step, sizeof(step), "frame header at offset %zu", at);
		zo_expect(c, step, &k, &r);
	}
}

/* Returns the frame's size when both agree it is one, else 0. */
static size_t compare_size(const struct zo_case *c, const uint8_t *src, size_t len, size_t at)
{
	char step[64];
	size_t diff;

	uint64_t ksize, rsize;
	struct zo_result k, r;

	FUZZ_LIB(ksize = zstd_find_frame_compressed_size(src, len));
	FUZZ_LIB(rsize = ref_find_frame_compressed_size(src, len));
	zo_kernel_result(&k, "zstd_find_frame_compressed_size", ksize, &ksize, sizeof(ksize));
	zo_ref_result(&r, "ZSTD_findFrameCompressedSize", rsize, &rsize, sizeof(rsize));
	/* The step's name is only worth making when there is something to report. */
	if (zo_judge(&k, &r, &diff) != ZO_AGREE) {
		snprintf(step, sizeof(step), "frame compressed size at offset %zu", at);
		zo_expect(c, step, &k, &r);
	}
	if (!k.is_error && ksize > len)
		zo_contract(c, "zstd_find_frame_compressed_size says %llu bytes of %zu",
			    (unsigned long long)ksize, len);
	return k.is_error || r.is_error ? 0 : ksize;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct zo_case c;
	size_t cut, pos = 0;

	fuzz_timing_input_begin(TARGET);
	fuzz_input_init(&in, data, size);
	cut = fuzz_input_u32(&in, 0, (uint32_t)in.payload_len, (uint32_t)in.payload_len);
	/* Both sides read the data up to the cut: a read past it is caught. */
	if (!fuzz_guard_payload(&in, cut))
		abort();
	c = (struct zo_case){ .target = TARGET, .input = data, .input_len = size,
			      .zdata = NULL, .zdata_len = 0, .header_only = 1 };
	for (int i = 0; i < MAX_FRAMES && pos < cut; i++) {
		size_t n;

		/* What both sides read: the data from this frame on. */
		c.zdata = in.payload + pos;
		c.zdata_len = cut - pos;
		compare_header(&c, c.zdata, c.zdata_len, pos);
		n = compare_size(&c, c.zdata, c.zdata_len, pos);
		if (!n)
			break;
		pos += n;
	}
	fuzz_timing_input_end();
	return 0;
}
