// SPDX-License-Identifier: GPL-2.0
/*
 * Compression with a dictionary, as zram's zstd backend does it
 * (drivers/block/zram/backend_zstd.c, Linux 6.12): zstd_get_cparams(level,
 * page or input size, dictionary size), zstd_create_cdict_byreference and
 * zstd_create_cctx_advanced on a custom allocator that fails the allocation
 * the input chooses (0: none), zstd_compress_using_cdict. The frame must
 * name the dictionary's ID and decode through the reference, given the same
 * dictionary bytes (ZSTD_decompress_usingDict), to the input. A dictionary
 * one side loads and the other cannot is a divergence; a failed allocation
 * must give NULL or memory_allocation, and every byte taken must be freed.
 */
#include <linux/zstd.h>
#include <kz_zstd_api.h>
#include <stdlib.h>
#include <string.h>

#include "compress_check.h"
#include "fuzz_timing.h"
#include "ref_zstd.h"
#include "zstd_dict.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_cdict"

#if defined(KZ_API_ZSTD_CREATE_CDICT_BYREFERENCE) && defined(KZ_API_ZSTD_CREATE_CCTX_ADVANCED)

/* zram's page: the estimated source size backend_zstd.c gives zstd_get_cparams. */
#define ZRAM_PAGE	4096
/* The allocations a compression takes: the cdict's, the cctx, its workspace. */
#define ALLOCS_MAX	8

enum est_choice { EST_PAGE, EST_INPUT, EST_UNKNOWN, EST_LAST = EST_UNKNOWN };

static uint8_t dict_scratch[FUZZ_DICT_CAP];

struct comp {
	struct zo_case *c;
	struct fuzz_alloc a;
	const uint8_t *dict;
	size_t dict_len;
	zstd_cdict *kcdict;
	zstd_cctx *kcctx;
};

static int choose_level(struct fuzz_input *in)
{
	long long v;
	int level = fuzz_input_bool(in, 0) ? zstd_default_clevel() :
		fuzz_zstd_level(in, zstd_min_clevel(), zstd_max_clevel());

	return fuzz_input_override("level", &v) ? (int)v : level;
}

static unsigned long long estimate(struct fuzz_input *in)
{
	switch ((enum est_choice)fuzz_input_u32(in, EST_PAGE, EST_LAST, EST_PAGE)) {
	case EST_INPUT:
		return in->payload_len;
	case EST_UNKNOWN:
		return 0;
	case EST_PAGE:
		break;
	}
	return ZRAM_PAGE;
}

static unsigned long long choose_estimate(struct fuzz_input *in)
{
	unsigned long long est = estimate(in);
	long long v;

	return fuzz_input_override("estimated_src_size", &v) ? (unsigned long long)v : est;
}

/* Whether the reference loads the dictionary for compression. */
static int ref_loads(const uint8_t *dict, size_t dict_len)
{
	static uint8_t frame[64];

	return !ref_is_error(ref_compress_dict(frame, sizeof(frame), NULL, 0, dict, dict_len, 3));
}

/* The cdict and the cctx; 0 when there is nothing to compress with. */
static int make_cdict(struct comp *s, zstd_compression_parameters cparams)
{
	zstd_custom_mem mem = { fuzz_alloc, fuzz_alloc_free, &s->a };
	int rloads;

	FUZZ_LIB(s->kcdict = zstd_create_cdict_byreference(s->dict, s->dict_len, cparams, mem));
	if (!s->kcdict && s->a.failed)
		return 0;
	FUZZ_LIB(rloads = ref_loads(s->dict, s->dict_len));
	fuzz_dict_loads(s->c, s->kcdict != NULL, rloads);
	if (!s->kcdict)
		return 0;
	FUZZ_LIB(s->kcctx = zstd_create_cctx_advanced(mem));
	if (!s->kcctx && !s->a.failed)
		zo_contract(s->c, "zstd_create_cctx_advanced returned NULL with no allocation failed");
	return s->kcctx != NULL;
}

static void compress(struct comp *s, struct fuzz_input *in)
{
	size_t bound = zstd_compress_bound(in->payload_len);
	size_t delta = fuzz_input_u32(in, 0, 1 << 12, 0), cap, ret;
	uint8_t *dst;

	cap = bound > delta ? bound - delta : 0;
	dst = fuzz_buf(FUZZ_SLOT_FRAME, cap);
	if (!dst)
		abort();
	fuzz_poison(dst, cap, FUZZ_SLOT_FRAME);
	FUZZ_LIB(ret = zstd_compress_using_cdict(s->kcctx, dst, cap, in->payload, in->payload_len,
						 s->kcdict));
	if (zstd_is_error(ret)) {
		if (s->a.failed && zstd_get_error_code(ret) == ZSTD_error_memory_allocation)
			return;
		if (cap < bound && zstd_get_error_code(ret) == ZSTD_error_dstSize_tooSmall)
			return;
		zo_contract(s->c, "zstd_compress_using_cdict failed into %zu bytes (bound %zu): %s",
			    cap, bound, zstd_get_error_name(ret));
	}
	if (ret > cap)
		zo_contract(s->c, "zstd_compress_using_cdict returned %zu bytes into a capacity of %zu",
			    ret, cap);
	s->c->zdata = dst;
	s->c->zdata_len = ret;
	fuzz_cframe_dict_roundtrip(s->c, dst, ret, in->payload, in->payload_len, s->dict,
				   s->dict_len);
}

static void free_comp(struct comp *s)
{
	if (s->kcctx)
		zstd_free_cctx(s->kcctx);
	if (s->kcdict)
		zstd_free_cdict(s->kcdict);
	if (s->a.live)
		zo_contract(s->c, "%zu allocations (%zu bytes) of the custom allocator not freed "
			    "(allocation %u of %u failed)", s->a.live, s->a.live_bytes,
			    s->a.failed ? s->a.fail_at : 0, s->a.calls);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct comp s = { .c = c };
	struct fuzz_zparams z = { 0 };
	static char text[320];
	unsigned int which;
	uint8_t *dict;

	s.dict_len = fuzz_dict_choose(in, dict_scratch, &which);
	dict = fuzz_buf(FUZZ_SLOT_DICT, s.dict_len);
	if (!dict)
		abort();
	memcpy(dict, dict_scratch, s.dict_len);
	s.dict = dict;
	z.level = choose_level(in);
	z.estimate = choose_estimate(in);
	FUZZ_LIB(z.p.cParams = zstd_get_cparams(z.level, z.estimate, s.dict_len));
	fuzz_alloc_init(&s.a, in, ALLOCS_MAX);
	/* The cdict's own tables: the cctx's bound stands for what they take. */
	fuzz_zparams_fields(&z, in, FUZZ_ZP_CPARAMS | FUZZ_ZP_IN_RANGE, zstd_cctx_workspace_bound);
	fuzz_zparams_text(&z, text, sizeof(text));
	c->params = text;
	if (make_cdict(&s, z.p.cParams))
		compress(&s, in);
	free_comp(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_dict_run(TARGET, data, size, check_input);
}

#endif
