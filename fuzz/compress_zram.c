// SPDX-License-Identifier: GPL-2.0
/*
 * zram's zstd backend (drivers/block/zram/backend_zstd.c, Linux 6.12; the
 * calls in fuzz/caller_shapes.c) with the data from the input: one page
 * (the payload repeated to fill it) at a level anywhere in
 * zstd_min_clevel()..zstd_max_clevel() (algorithm_params; none given:
 * zstd_default_clevel()), without a dictionary (a cctx and a dctx on
 * their bounds, zstd_get_params(level, PAGE_SIZE)) or with one of the
 * trained dictionaries (zstd_create_*_advanced on the counting allocator,
 * the cdict's zstd_get_cparams(level, PAGE_SIZE, dict_sz)), compressed
 * into zcomp's two pages (must succeed). Without a dictionary the frame
 * keeps the API's promises and decodes to the page through the wrapper,
 * libzstd 1.5.4 and zstd 1.5.7; with one it names the dictionary and the
 * reference decodes it with the same bytes. Both ways zram's own
 * zstd_decompress must give the page back into a page, and every byte
 * the allocator gave must come back. Trees without the dictionary and
 * allocator API have no backend_zstd.c: 6.1's zram goes through
 * crypto/zstd (compress_crypto). PARAMS: level, estimated_src_size (a
 * page, fixed).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_dict.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_zram"

#if FUZZ_ZRAM_BACKEND
struct zram_case {
	struct zo_case *c;
	struct fuzz_zparams z;
	const uint8_t *page;
	const uint8_t *dict;
	size_t dict_sz;
	char text[128];
};

static void choose(struct zram_case *s, struct fuzz_input *in)
{
	unsigned int dict = fuzz_input_u32(in, 0, 2, 0);

	fuzz_zparams_caller_level(&s->z, in, zstd_min_clevel(), zstd_max_clevel(),
				  zstd_default_clevel());
	fuzz_zparams_caller_size(&s->z, FUZZ_PAGE);
	fuzz_zparams_named_check(s->z.estimate == FUZZ_PAGE, "estimated_src_size",
				 (long long)s->z.estimate, "zram's page (4096)");
	if (dict)
		s->dict = fuzz_dict_trained(dict - 1, &s->dict_sz);
	s->z.p = zstd_get_params(s->z.level, FUZZ_PAGE);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

/* zram's zstd_decompress into a page: the page back, exactly. */
static void zram_decodes(const struct zram_case *s, struct fuzz_zram *z, const uint8_t *frame,
			 size_t flen)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, FUZZ_PAGE);
	size_t ret;

	if (!out)
		abort();
	fuzz_poison(out, FUZZ_PAGE, FUZZ_SLOT_STREAM);
	FUZZ_LIB(ret = fuzz_zram_decompress(z, out, FUZZ_PAGE, frame, flen));
	fuzz_cframe_caller_decodes(s->c, "zram zstd_decompress", ret, out, s->page, FUZZ_PAGE);
}

static void zram_case(const struct zram_case *s)
{
	uint8_t *frame = fuzz_buf(FUZZ_SLOT_FRAME, 2 * FUZZ_PAGE);
	struct fuzz_zram z;
	size_t flen;
	int ret;

	if (!frame)
		abort();
	FUZZ_LIB(ret = fuzz_zram_setup(&z, s->z.level, s->dict, s->dict_sz));
	if (ret)
		zo_contract(s->c, "zram's setup fails (-EINVAL) with %s",
			    s->dict_sz ? "a dictionary" : "no dictionary");
	FUZZ_LIB(flen = fuzz_zram_compress(&z, frame, 2 * FUZZ_PAGE, s->page, FUZZ_PAGE));
	if (zstd_is_error(flen))
		zo_contract(s->c, "a page into two pages failed: %s", zstd_get_error_name(flen));
	if (s->dict_sz) {
		fuzz_cframe_dict_roundtrip(s->c, frame, flen, s->page, FUZZ_PAGE, s->dict,
					   s->dict_sz);
	} else {
		fuzz_cframe_promises(s->c, &s->z, s->z.p.fParams.contentSizeFlag ?
				     FUZZ_FCS_PRESENT : FUZZ_FCS_ABSENT, frame, flen, FUZZ_PAGE, 1);
		fuzz_cframe_roundtrip(s->c, frame, flen, s->page, FUZZ_PAGE);
	}
	zram_decodes(s, &z, frame, flen);
	FUZZ_LIB(fuzz_zram_release(&z));
	if (z.mem_state.live)
		zo_contract(s->c, "%zu allocations (%zu bytes) not given back", z.mem_state.live,
			    z.mem_state.live_bytes);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct zram_case s = { .c = c };

	choose(&s, in);
	s.page = fuzz_tiled(in, FUZZ_PAGE);
	zram_case(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_case_run(TARGET, data, size, check_input);
}
#endif
