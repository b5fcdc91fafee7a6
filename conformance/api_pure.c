// SPDX-License-Identifier: GPL-2.0
/*
 * The wrapper's pure functions against a version-stable definition, over
 * their whole useful domain: zstd_compress_bound(n) is ZSTD_COMPRESSBOUND(n)
 * (the formula of zstd.h, the same in 1.4.10 and 1.5.4) and the
 * reference's ZSTD_compressBound(n) for every n below 256 KiB, around each
 * 128 KiB block edge to 4 MiB, around 2^31, 2^32 and other powers of two up
 * to 1.5.4's ZSTD_MAX_INPUT_SIZE (above it 1.5.4 answers an error, 1.4.10
 * wraps: not one definition); zstd_min_clevel and zstd_max_clevel are the
 * reference's. Real data never reaches the bound, so a bound a few bytes
 * short would pass api_bound.c; not this.
 */
#include <linux/zstd.h>
#include <stdint.h>

#include "api_checks.h"
#include "ref_zstd.h"

#define BLOCK		((size_t)128 * 1024)
/* zstd 1.5.4 zstd.h ZSTD_MAX_INPUT_SIZE on 64-bit. */
#define BOUND_INPUT_MAX	((size_t)0xFF00FF00FF00FF00ULL)

/* zstd.h's ZSTD_COMPRESSBOUND, below ZSTD_MAX_INPUT_SIZE. */
static size_t compress_bound_formula(size_t n)
{
	return n + (n >> 8) + (n < BLOCK ? (BLOCK - n) >> 11 : 0);
}

/* 1 when n passes; the first failure of each kind is told. */
static int one_size(struct gate_tap *t, size_t n)
{
	size_t k = zstd_compress_bound(n), f = compress_bound_formula(n), r = ref_compress_bound(n);

	return gate_expect(t, k == f && k == r,
			   "zstd_compress_bound(%zu) = %zu, ZSTD_COMPRESSBOUND %zu, reference %zu",
			   n, k, f, r);
}

/* n - span .. n + span, as far as the domain goes. */
static int around(struct gate_tap *t, size_t n, size_t span)
{
	int ok = 1;

	for (size_t i = n > span ? n - span : 0; i <= n + span && i < BOUND_INPUT_MAX && ok; i++)
		ok = one_size(t, i);
	return ok;
}

static void bounds(struct gate_tap *t)
{
	int ok = 1;

	gate_begin(t, "zstd_compress_bound is ZSTD_COMPRESSBOUND and the reference's, 0..256 KiB, block edges, powers of two to ZSTD_MAX_INPUT_SIZE");
	for (size_t n = 0; n <= 2 * BLOCK && ok; n++)
		ok = one_size(t, n);
	for (size_t b = 3 * BLOCK; b <= 32 * BLOCK && ok; b += BLOCK)
		ok = around(t, b, 300);
	for (int shift = 20; shift < 64 && ok; shift++)
		ok = around(t, (size_t)1 << shift, 300);
	if (ok)
		around(t, BOUND_INPUT_MAX - 301, 300);
	gate_end(t);
}

static void levels(struct gate_tap *t)
{
	gate_begin(t, "zstd_min_clevel and zstd_max_clevel are the reference's");
	gate_expect(t, zstd_min_clevel() == ref_min_level(), "zstd_min_clevel %d, reference %d",
		    zstd_min_clevel(), ref_min_level());
	gate_expect(t, zstd_max_clevel() == ref_max_level(), "zstd_max_clevel %d, reference %d",
		    zstd_max_clevel(), ref_max_level());
	gate_end(t);
}

void api_check_pure(struct gate_tap *t, int quick)
{
	(void)quick;
	bounds(t);
	levels(t);
}
