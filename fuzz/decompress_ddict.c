// SPDX-License-Identifier: GPL-2.0
/*
 * Decompression with a dictionary, as zram's zstd backend does it
 * (drivers/block/zram/backend_zstd.c, Linux 6.12): zstd_create_ddict_byreference
 * and zstd_create_dctx_advanced on a custom allocator, zstd_decompress_using_ddict,
 * against the reference's ZSTD_createDDict_advanced(byRef, auto) and
 * ZSTD_decompress_usingDDict with the same dictionary bytes.
 *
 * The input chooses the dictionary (trained by the reference's ZDICT on
 * sample data, raw content, a trained one with bytes changed or cut), the
 * frame (the payload as is, or the payload compressed by the reference with
 * the same dictionary or another one, with a byte changed or not), the
 * output capacity, and the allocation the allocator fails (0: none). An
 * allocation failure must give NULL or an error, and every byte taken must
 * be given back. The oracle's site maps decode with the same dictionary.
 */
#include <linux/zstd.h>
#include <kz_zstd_api.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_timing.h"
#include "ref_zstd.h"
#include "zstd_dict.h"
#include "zstd_fuzz.h"

#define TARGET "decompress_ddict"

#if defined(KZ_API_ZSTD_CREATE_DDICT_BYREFERENCE) && defined(KZ_API_ZSTD_CREATE_DCTX_ADVANCED)

/* zram's page: the output buffer backend_zstd.c decompresses into. */
#define ZRAM_PAGE	4096
/* The allocations a decoding takes: the ddict, the dctx. */
#define ALLOCS_MAX	8

enum frame_choice { FRAME_PAYLOAD, FRAME_SAME_DICT, FRAME_OTHER_DICT, FRAME_LAST = FRAME_OTHER_DICT };
enum cap_choice { CAP_MAX, CAP_PAGE, CAP_EXACT, CAP_SMALLER, CAP_LAST = CAP_SMALLER };

static uint8_t dict_scratch[FUZZ_DICT_CAP];
static uint8_t frame_scratch[FUZZ_OUT_MAX + 4096];

/* The frame both sides decode, in frame_scratch; returns its length, 0 for the payload as is. */
static size_t choose_frame(struct fuzz_input *in, const uint8_t *dict, size_t dict_len,
			   unsigned int which)
{
	enum frame_choice kind = fuzz_input_u32(in, FRAME_PAYLOAD, FRAME_LAST, FRAME_SAME_DICT);
	int level = fuzz_zstd_level(in, ref_min_level(), 19);
	size_t ret, off;

	if (kind == FRAME_OTHER_DICT)
		dict = fuzz_dict_trained(!which, &dict_len);
	if (kind == FRAME_PAYLOAD)
		return 0;
	ret = ref_compress_dict(frame_scratch, sizeof(frame_scratch), in->payload, in->payload_len,
				dict, dict_len, level);
	/* A dictionary the reference cannot load compresses nothing: the payload as is. */
	if (ref_is_error(ret) || ret == 0)
		return 0;
	if (fuzz_input_bool(in, 0)) {
		off = fuzz_input_u32(in, 0, (uint32_t)ret - 1, 0);
		frame_scratch[off] ^= (uint8_t)fuzz_input_u32(in, 1, 255, 1);
	}
	return ret;
}

static size_t choose_cap(struct fuzz_input *in, size_t payload_len)
{
	enum cap_choice kind = fuzz_input_u32(in, CAP_MAX, CAP_LAST, CAP_MAX);
	size_t delta = fuzz_input_u32(in, 1, 1 << 12, 1);

	switch (kind) {
	case CAP_PAGE:
		return ZRAM_PAGE;
	case CAP_EXACT:
		return payload_len;
	case CAP_SMALLER:
		return payload_len > delta ? payload_len - delta : 0;
	case CAP_MAX:
		break;
	}
	return FUZZ_OUT_MAX;
}

struct sides {
	zstd_ddict *kddict;
	zstd_dctx *kdctx;
	struct ref_ddict *rddict;
};

/* Both sides load the dictionary; 0 when there is nothing to decode with. */
static int load_dict(struct zo_case *c, struct sides *s, struct fuzz_alloc *a,
		     const uint8_t *dict, size_t dict_len)
{
	zstd_custom_mem mem = { fuzz_alloc, fuzz_alloc_free, a };

	FUZZ_LIB(s->kddict = zstd_create_ddict_byreference(dict, dict_len, mem));
	FUZZ_LIB(s->rddict = ref_ddict_create(dict, dict_len));
	if (!s->kddict && a->failed)
		return 0;
	fuzz_dict_loads(c, s->kddict != NULL, s->rddict != NULL);
	if (!s->kddict)
		return 0;
	FUZZ_LIB(s->kdctx = zstd_create_dctx_advanced(mem));
	if (!s->kdctx && !a->failed)
		zo_contract(c, "zstd_create_dctx_advanced returned NULL with no allocation failed");
	return s->kdctx != NULL;
}

static void free_sides(struct zo_case *c, struct sides *s, struct fuzz_alloc *a)
{
	if (s->kdctx)
		zstd_free_dctx(s->kdctx);
	if (s->kddict)
		zstd_free_ddict(s->kddict);
	ref_ddict_free(s->rddict);
	if (a->live)
		zo_contract(c, "%zu allocations (%zu bytes) of the custom allocator not freed "
			    "(allocation %u of %u failed)", a->live, a->live_bytes,
			    a->failed ? a->fail_at : 0, a->calls);
}

static void decode(struct zo_case *c, struct fuzz_input *in, struct sides *s,
		   struct fuzz_alloc *a, const uint8_t *frame, size_t len)
{
	size_t cap = choose_cap(in, in->payload_len), kret, rret;
	struct zo_result k, r;
	uint8_t *kout = fuzz_buf(FUZZ_SLOT_KERNEL, cap);
	uint8_t *rout = fuzz_buf(FUZZ_SLOT_REF, cap);

	if (!kout || !rout)
		return;
	fuzz_poison(kout, cap, FUZZ_SLOT_KERNEL);
	fuzz_poison(rout, cap, FUZZ_SLOT_REF);
	FUZZ_LIB(kret = zstd_decompress_using_ddict(s->kdctx, kout, cap, frame, len, s->kddict));
	FUZZ_LIB(rret = ref_decompress_ddict(rout, cap, frame, len, s->rddict));
	/* The site locator's capacity (zo_case_cap): without it, 1 MiB. */
	c->out_cap = cap;
	c->out_cap_given = 1;
	if (!zstd_is_error(kret) && kret > cap)
		zo_contract(c, "zstd_decompress_using_ddict returned %zu bytes into a capacity of %zu",
			    kret, cap);
	if (a->failed && zstd_is_error(kret) &&
	    zstd_get_error_code(kret) == ZSTD_error_memory_allocation)
		return;
	/* Both out of the largest room (a frame of over 1 MiB): unjudged past it, not agreement. */
	c->over_cap = cap == FUZZ_OUT_MAX && zstd_is_error(kret) &&
		      zstd_get_error_code(kret) == ZSTD_error_dstSize_tooSmall &&
		      ref_is_error(rret) && ref_error_code(rret) == ZSTD_error_dstSize_tooSmall;
	zo_kernel_result(&k, "zstd_decompress_using_ddict", kret, kout, kret);
	zo_ref_result(&r, "ZSTD_decompress_usingDDict", rret, rout, rret);
	zo_expect(c, "decompression with a dictionary", &k, &r);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct fuzz_alloc a;
	struct sides s = { 0 };
	unsigned int which;
	size_t dict_len, frame_len;
	const uint8_t *frame;
	uint8_t *dict, *fbuf;

	dict_len = fuzz_dict_choose(in, dict_scratch, &which);
	dict = fuzz_buf(FUZZ_SLOT_DICT, dict_len);
	if (!dict)
		abort();
	memcpy(dict, dict_scratch, dict_len);
	frame_len = choose_frame(in, dict, dict_len, which);
	frame = in->payload;
	if (frame_len) {
		fbuf = fuzz_buf(FUZZ_SLOT_FRAME, frame_len);
		if (!fbuf)
			abort();
		memcpy(fbuf, frame_scratch, frame_len);
		frame = fbuf;
	} else {
		frame_len = in->payload_len;
	}
	c->zdata = frame;
	c->zdata_len = frame_len;
	c->dict = dict;
	c->dict_len = dict_len;
	fuzz_alloc_init(&a, in, ALLOCS_MAX);
	if (load_dict(c, &s, &a, dict, dict_len))
		decode(c, in, &s, &a, frame, frame_len);
	free_sides(c, &s, &a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_dict_run(TARGET, data, size, check_input);
}

#endif
