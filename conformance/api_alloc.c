// SPDX-License-Identifier: GPL-2.0
/*
 * The allocator-backed contexts (zstd_create_{cctx,dctx}_advanced,
 * zstd_create_{cdict,ddict}_byreference) with a zstd_custom_mem that fails
 * its N-th allocation, for every N up to what one whole use takes: each
 * constructor gives a context or NULL, each call an answer or an error,
 * never a crash, and when all is freed every byte taken is back. The
 * allocator is the dictionary targets' (fuzz/zstd_dict.c). Trees without
 * that API: nothing to check.
 */
#include <linux/zstd.h>
#include <stdio.h>
#include <string.h>

#include "api_checks.h"
#include "kz_zstd_api.h"
#include "sample_data.h"
#include "zstd_dict.h"

#if defined(KZ_API_ZSTD_CREATE_CDICT_BYREFERENCE) && defined(KZ_API_ZSTD_CREATE_CCTX_ADVANCED) && \
	defined(KZ_API_ZSTD_CREATE_DDICT_BYREFERENCE) && defined(KZ_API_ZSTD_CREATE_DCTX_ADVANCED)

#define TEXT_LEN	8192
#define LEVEL		3

static unsigned char text[TEXT_LEN], frame[2 * TEXT_LEN], back[TEXT_LEN];

/*
 * One use as zram makes it: cdict, cctx, a compression, ddict, dctx, its
 * decompression, all freed. 1 when every step succeeded (then the output is
 * the text); the allocator's counts tell the rest.
 */
static int one_use(struct fuzz_alloc *a, const void *dict, size_t dict_len)
{
	zstd_custom_mem mem = { fuzz_alloc, fuzz_alloc_free, a };
	zstd_cdict *cdict = zstd_create_cdict_byreference(dict, dict_len,
							  zstd_get_cparams(LEVEL, TEXT_LEN, dict_len), mem);
	zstd_ddict *ddict = zstd_create_ddict_byreference(dict, dict_len, mem);
	zstd_cctx *cctx = zstd_create_cctx_advanced(mem);
	zstd_dctx *dctx = zstd_create_dctx_advanced(mem);
	size_t c = (size_t)-1, d = (size_t)-1;

	if (cdict && cctx)
		c = zstd_compress_using_cdict(cctx, frame, sizeof(frame), text, TEXT_LEN, cdict);
	if (ddict && dctx && !zstd_is_error(c))
		d = zstd_decompress_using_ddict(dctx, back, sizeof(back), frame, c, ddict);
	zstd_free_cctx(cctx);
	zstd_free_dctx(dctx);
	zstd_free_cdict(cdict);
	zstd_free_ddict(ddict);
	return d == TEXT_LEN && !memcmp(back, text, TEXT_LEN);
}

static void fail_each(struct gate_tap *t, const char *what, const void *dict, size_t dict_len)
{
	struct fuzz_alloc a = { 0 };
	unsigned int total;

	gate_begin(t, "allocator-backed contexts, %s: the N-th allocation failing, every N", what);
	gate_expect(t, one_use(&a, dict, dict_len) && !a.live, "without failures: %s",
		    a.live ? "allocations not given back" : "the round trip fails");
	total = a.calls;
	printf("# allocator failures, %s: %u allocations in one use, each failed once\n", what, total);
	for (unsigned int n = 1; n <= total; n++) {
		a = (struct fuzz_alloc){ .fail_at = n };
		gate_expect(t, !one_use(&a, dict, dict_len) || !a.failed,
			    "allocation %u of %u failed, yet every step succeeded", n, total);
		gate_expect(t, a.failed, "allocation %u of %u was never asked for (other counts)",
			    n, total);
		gate_expect(t, !a.live, "allocation %u of %u failed: %zu allocations (%zu bytes) not given back",
			    n, total, a.live, a.live_bytes);
	}
	gate_end(t);
}

void api_check_allocators(struct gate_tap *t, int quick)
{
	size_t dict_len;
	const void *dict = fuzz_dict_trained(0, &dict_len);

	(void)quick;
	lib_sample_fill(text, TEXT_LEN, LIB_SAMPLE_TEXT, 7);
	fail_each(t, "trained dictionary", dict, dict_len);
	fail_each(t, "no dictionary", NULL, 0);
}

#else

void api_check_allocators(struct gate_tap *t, int quick)
{
	(void)t;
	(void)quick;
}

#endif
