// SPDX-License-Identifier: GPL-2.0
/*
 * bcachefs's compressed extent (fs/bcachefs/compress.c of Linux 6.12, the
 * calls in fuzz/caller_shapes.c) with the data from the input:
 * encoded_extent_max 8 KiB..2 MiB (at 4 KiB, one block, bcachefs
 * compresses nothing), an extent of 2 blocks up to it (the payload
 * repeated), compression=zstd:0..15, zstd level min(N * 3 / 2, max);
 * zstd_init_cctx on the workspace of the highest level,
 * zstd_compress_cctx into the extent's size less 4 bytes of length and 7
 * kept back. The buffer ends where the 7 bytes begin, so a frame written
 * into them is an ASan report. Not fitting (dstSize_tooSmall) is
 * bcachefs's "incompressible", not judged; any other error is a finding.
 * Otherwise the frame keeps the API's promises and decodes to the extent
 * through the wrapper, libzstd 1.5.4 and zstd 1.5.7 and bcachefs's
 * __bio_uncompress (the length prefix, zstd_decompress_dctx into the
 * extent's size). bcachefs is not in 6.1's tree; there the target runs
 * its shape on 6.1's library all the same. PARAMS: level (bcachefs's
 * 0..15), estimated_src_size (encoded_extent_max).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_bcachefs"
#define BLOCK		((size_t)4096)
#define KEPT_BACK	7
#define LOG_MIN		13	/* 8 KiB */
#define LOG_MAX		21	/* 2 MiB */

struct extent {
	struct zo_case *c;
	struct fuzz_zparams z;
	const uint8_t *src;
	size_t len;
	char text[128];
};

static void choose(struct extent *s, struct fuzz_input *in)
{
	size_t max, blocks;
	int log, ok = 0;

	fuzz_zparams_caller_level(&s->z, in, 0, FUZZ_BCACHEFS_LEVEL_MAX, 0);
	fuzz_zparams_named_check(s->z.level >= 0 && s->z.level <= FUZZ_BCACHEFS_LEVEL_MAX, "level",
				 s->z.level, "a bcachefs compression level (0..15)");
	log = (int)fuzz_input_u32(in, LOG_MIN, LOG_MAX, 16);
	fuzz_zparams_caller_size(&s->z, (size_t)1 << log);
	for (log = LOG_MIN; log <= LOG_MAX; log++)
		ok |= s->z.estimate == (size_t)1 << log;
	fuzz_zparams_named_check(ok, "estimated_src_size", (long long)s->z.estimate,
				 "a bcachefs encoded_extent_max past one block (8192..2097152, a power of 2)");
	max = s->z.estimate / BLOCK;
	blocks = in->payload_len / BLOCK;
	blocks = fuzz_input_u32(in, 2, (uint32_t)max, (uint32_t)(blocks < 2 ? 2 : blocks > max ?
								 max : blocks));
	s->len = blocks * BLOCK;
	s->z.p = zstd_get_params(fuzz_bcachefs_level((unsigned int)s->z.level), s->z.estimate);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

/* __bio_uncompress: the extent back, exactly. */
static void bcachefs_decodes(const struct extent *s, const uint8_t *dst, size_t used)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, s->len);
	size_t wsize = zstd_dctx_workspace_bound(), ret;
	void *wksp = fuzz_workspace(FUZZ_SLOT_STREAM, wsize);

	if (!out || !wksp)
		abort();
	fuzz_poison(out, s->len, FUZZ_SLOT_STREAM);
	FUZZ_LIB(ret = fuzz_bcachefs_decompress(wksp, wsize, dst, used, out, s->len));
	fuzz_cframe_caller_decodes(s->c, "bcachefs __bio_uncompress", ret, out, s->src, s->len);
}

static void compress_extent(const struct extent *s)
{
	size_t wsize, used, err;
	/* dst_len is the extent's size; the 7 bytes kept back are not there. */
	uint8_t *dst = fuzz_buf(FUZZ_SLOT_FRAME, s->len - KEPT_BACK);
	void *wksp;

	FUZZ_LIB(wsize = fuzz_bcachefs_ws_size(s->z.estimate));
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!dst || !wksp)
		abort();
	FUZZ_LIB(used = fuzz_bcachefs_compress(wksp, wsize, (unsigned int)s->z.level, s->z.estimate,
					       dst, s->len, s->src, s->len, &err));
	if (!used) {
		if (zstd_get_error_code(err) != ZSTD_error_dstSize_tooSmall)
			zo_contract(s->c, "zstd_compress_cctx of %zu bytes failed: %s", s->len,
				    zstd_get_error_name(err));
		return;
	}
	fuzz_cframe_promises(s->c, &s->z, s->z.p.fParams.contentSizeFlag ? FUZZ_FCS_PRESENT :
			     FUZZ_FCS_ABSENT, dst + 4, used - 4, s->len, 1);
	fuzz_cframe_roundtrip(s->c, dst + 4, used - 4, s->src, s->len);
	bcachefs_decodes(s, dst, used);
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
