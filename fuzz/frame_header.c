// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_get_frame_header and zstd_find_frame_compressed_size against
 * ZSTD_getFrameHeader and ZSTD_findFrameCompressedSize (libzstd 1.5.4, and
 * zstd 1.5.7 when built), at every frame of the input (zstd frames,
 * skippable frames, concatenations), on a cut the input chooses
 * (truncations, "need N more bytes" answers included).
 */
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "zstd_fuzz.h"

#define TARGET "frame_header"
#define MAX_FRAMES 16

static void compare_header(const struct zo_case *c, const uint8_t *src, size_t len, size_t at)
{
	char step[64];
	size_t diff;

	struct zo_header_fields kh, rh, nh;
	struct zo_result k, r, n, *np = NULL;

	fuzz_kernel_header(&kh, src, len);
	fuzz_ref_header(&rh, src, len, 0);
	zo_kernel_result(&k, "zstd_get_frame_header", kh.ret, &kh, sizeof(kh));
	zo_ref_result(&r, "ZSTD_getFrameHeader", rh.ret, &rh, sizeof(rh));
	if (refn_available()) {
		fuzz_ref_header(&nh, src, len, 1);
		zo_next_result(&n, "zstd 1.5.7 ZSTD_getFrameHeader", nh.ret, &nh, sizeof(nh));
		np = &n;
	}
	/* The step's name is only worth making when there is something to report. */
	if (zo_judge(&k, &r, &diff) != ZO_AGREE || (np && !zo_refs_agree(&r, np))) {
		snprintf(step, sizeof(step), "frame header at offset %zu", at);
		zo_expect3(c, step, &k, &r, np);
	}
}

/* Returns the frame's size when both agree it is one, else 0. */
static size_t compare_size(const struct zo_case *c, const uint8_t *src, size_t len, size_t at)
{
	char step[64];
	size_t diff;

	uint64_t ksize, rsize, nsize;
	struct zo_result k, r, n, *np = NULL;

	FUZZ_LIB(ksize = zstd_find_frame_compressed_size(src, len));
	FUZZ_LIB(rsize = ref_find_frame_compressed_size(src, len));
	zo_kernel_result(&k, "zstd_find_frame_compressed_size", ksize, &ksize, sizeof(ksize));
	zo_ref_result(&r, "ZSTD_findFrameCompressedSize", rsize, &rsize, sizeof(rsize));
	if (refn_available()) {
		FUZZ_LIB(nsize = refn_find_frame_compressed_size(src, len));
		zo_next_result(&n, "zstd 1.5.7 ZSTD_findFrameCompressedSize", nsize, &nsize,
			       sizeof(nsize));
		np = &n;
	}
	/* The step's name is only worth making when there is something to report. */
	if (zo_judge(&k, &r, &diff) != ZO_AGREE || (np && !zo_refs_agree(&r, np))) {
		snprintf(step, sizeof(step), "frame compressed size at offset %zu", at);
		zo_expect3(c, step, &k, &r, np);
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
	fuzz_note_references();
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
