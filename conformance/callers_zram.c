// SPDX-License-Identifier: GPL-2.0
/*
 * zram's zstd backend (drivers/block/zram/backend_zstd.c, Linux 6.12): a
 * page compressed into two pages of room (zcomp's stream buffer) and
 * decompressed into one page, at the levels algorithm_params may set (none
 * given: zstd_default_clevel()). Its setup always makes a cdict and a ddict
 * by reference (zstd_get_cparams(level, PAGE_SIZE, dict_sz)), an empty one
 * when no dictionary is given; without a dictionary it compresses with a
 * cctx and a dctx on their workspace bounds (zstd_get_params(level,
 * PAGE_SIZE)), with one through contexts of zstd_create_*_advanced and a
 * custom allocator, which must get back everything it gave. Built for trees
 * that declare the dictionary and allocator API. The calls:
 * fuzz/caller_shapes.c, which compress_zram fuzzes.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "caller_shapes.h"
#include "callers.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "zstd_dict.h"

#if CALLER_ZRAM

enum page_kind { PAGE_TEXT, PAGE_RANDOM, PAGE_ZERO, PAGE_KINDS };

static const char *const page_names[] = { "compressible", "incompressible", "zero-filled" };

static void page_fill(unsigned char *page, enum page_kind kind, uint32_t seed)
{
	if (kind == PAGE_ZERO)
		memset(page, 0, CALLER_PAGE);
	else
		lib_sample_fill(page, CALLER_PAGE, kind == PAGE_TEXT ? LIB_SAMPLE_TEXT :
				LIB_SAMPLE_RANDOM, seed);
}

/* zstd_compress then zstd_decompress of one page, checked through the reference. */
static void zram_page(struct gate_tap *t, struct fuzz_zram *z, int level,
		      const unsigned char *page, enum page_kind kind)
{
	unsigned char dst[2 * CALLER_PAGE], back[CALLER_PAGE], ref[CALLER_PAGE];
	const char *how = z->dict_sz ? "with a dictionary" : "without a dictionary";
	size_t c, d, r;

	c = fuzz_zram_compress(z, dst, sizeof(dst), page, CALLER_PAGE);
	if (!gate_expect(t, !zstd_is_error(c), "level %d, %s page, %s: compression: %s", level,
			 page_names[kind], how, zstd_get_error_name(c)))
		return;
	r = ref_decompress_dict(ref, sizeof(ref), dst, c, z->dict, z->dict_sz);
	gate_expect(t, r == CALLER_PAGE && !memcmp(ref, page, CALLER_PAGE),
		    "level %d, %s page, %s: the reference does not decode it back", level,
		    page_names[kind], how);
	d = fuzz_zram_decompress(z, back, sizeof(back), dst, c);
	gate_expect(t, d == CALLER_PAGE && !memcmp(back, page, CALLER_PAGE),
		    "level %d, %s page, %s: decompression gives %s", level, page_names[kind], how,
		    zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
}

static void zram_level(struct gate_tap *t, int level, const void *dict, size_t dict_sz, int pages)
{
	unsigned char page[CALLER_PAGE];
	struct fuzz_zram z;

	if (gate_expect(t, !fuzz_zram_setup(&z, level, dict, dict_sz),
			"level %d, %s: zram's setup fails (-EINVAL)", level,
			dict_sz ? "with a dictionary" : "without a dictionary"))
		for (int k = 0; k < PAGE_KINDS; k++)
			for (int p = 0; p < pages; p++) {
				page_fill(page, k, (uint32_t)(level * 100 + p));
				zram_page(t, &z, level, page, k);
			}
	fuzz_zram_release(&z);
	gate_expect(t, !z.mem_state.live, "level %d: %zu allocations (%zu bytes) not given back",
		    level, z.mem_state.live, z.mem_state.live_bytes);
}

void caller_zram(struct gate_tap *t, int quick)
{
	const int levels[] = { zstd_min_clevel(), -1, 1, zstd_default_clevel(), 9, 19,
			       zstd_max_clevel() };
	size_t dict_sz;
	const void *dict = fuzz_dict_trained(0, &dict_sz);

	gate_begin(t, "zram: pages at zram's levels, without and with a dictionary, two pages of room");
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		zram_level(t, levels[i], NULL, 0, quick ? 2 : 8);
		zram_level(t, levels[i], dict, dict_sz, quick ? 2 : 8);
	}
	gate_end(t);
}

#else

void caller_zram(struct gate_tap *t, int quick)
{
	(void)t;
	(void)quick;
}

#endif
