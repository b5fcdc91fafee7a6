// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs's compressed extent (fs/btrfs/zstd.c, the calls in
 * fuzz/caller_shapes.c) with the data from the input: an extent of 1 byte
 * to 128 KiB (the payload's size, or a chosen one with the payload
 * repeated), levels 1..15, zstd_get_params(level, len) with windowLog
 * capped at 17, the workspace zstd_calc_ws_mem_sizes gives the level,
 * zstd_init_cstream(&params, len, ...), the extent fed a page at a time
 * into output pages, given up (-E2BIG, written raw, not judged) when the
 * output is no smaller than the input. Otherwise the frame keeps the
 * API's promises (content size present: the pledge), decodes to the
 * extent through the wrapper, libzstd 1.5.4 and zstd 1.5.7, and through
 * btrfs's own zstd_decompress_bio. Any error is a finding. PARAMS: level,
 * estimated_src_size (the extent's length).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_btrfs"

struct extent {
	struct zo_case *c;
	struct fuzz_zparams z;
	const uint8_t *src;
	size_t len;
	char text[128];
};

static size_t clamp_len(size_t n)
{
	return n < 1 ? 1 : n > FUZZ_BTRFS_MAX_INPUT ? FUZZ_BTRFS_MAX_INPUT : n;
}

static void choose(struct extent *s, struct fuzz_input *in)
{
	size_t len;

	fuzz_zparams_caller_level(&s->z, in, 1, FUZZ_BTRFS_MAX_LEVEL, 3);
	fuzz_zparams_named_check(s->z.level >= 1 && s->z.level <= FUZZ_BTRFS_MAX_LEVEL, "level",
				 s->z.level, "a btrfs zstd level (1..15)");
	len = fuzz_input_u32(in, 1, FUZZ_BTRFS_MAX_INPUT, (uint32_t)clamp_len(in->payload_len));
	fuzz_zparams_caller_size(&s->z, len);
	fuzz_zparams_named_check(s->z.estimate >= 1 && s->z.estimate <= FUZZ_BTRFS_MAX_INPUT,
				 "estimated_src_size", (long long)s->z.estimate,
				 "a btrfs extent length (1..131072)");
	s->len = s->z.estimate;
	s->z.p = fuzz_btrfs_params(s->z.level, s->len);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

/* btrfs's zstd_decompress_bio on the frame, on the same workspace: the extent back. */
static void btrfs_decodes(const struct extent *s, void *wksp, size_t wsize, const uint8_t *frame,
			  size_t flen)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, FUZZ_BTRFS_MAX_INPUT);
	size_t ret;

	if (!out)
		abort();
	fuzz_poison(out, s->len, FUZZ_SLOT_STREAM);
	FUZZ_LIB(ret = fuzz_btrfs_decompress_bio(wksp, wsize, frame, flen, out,
						 FUZZ_BTRFS_MAX_INPUT));
	fuzz_cframe_caller_decodes(s->c, "btrfs zstd_decompress_bio", ret, out, s->src, s->len);
}

static void compress_extent(const struct extent *s)
{
	size_t wsize, flen;
	/* The extent's pages: len rounded up to a page. */
	uint8_t *frame = fuzz_buf(FUZZ_SLOT_FRAME, (s->len + FUZZ_PAGE - 1) / FUZZ_PAGE * FUZZ_PAGE);
	void *wksp;

	FUZZ_LIB(wsize = fuzz_btrfs_ws_size(s->z.level));
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!frame || !wksp)
		abort();
	FUZZ_LIB(flen = fuzz_btrfs_compress(wksp, wsize, s->z.level, s->src, s->len, frame));
	if (flen == FUZZ_GAVE_UP)
		return;
	if (zstd_is_error(flen))
		zo_contract(s->c, "zstd_init_cstream, zstd_compress_stream or zstd_end_stream "
			    "failed: %s", zstd_get_error_name(flen));
	fuzz_cframe_promises(s->c, &s->z, FUZZ_FCS_PRESENT, frame, flen, s->len, 1);
	fuzz_cframe_roundtrip(s->c, frame, flen, s->src, s->len);
	btrfs_decodes(s, wksp, wsize, frame, flen);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct extent s = { .c = c };

	choose(&s, in);
	s.src = fuzz_tiled(in, s.len);
	compress_extent(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_case_run(TARGET, data, size, check_input);
}
