// SPDX-License-Identifier: GPL-2.0
/*
 * zstd_compress_bound(n) >= what zstd_compress_cctx makes of n bytes of
 * incompressible input, at every level: every size up to 300, then a
 * sparse walk to a few hundred KB, dense around each 128 KiB block edge.
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "api_checks.h"
#include "sample_data.h"

#define BLOCK		(128 * 1024)
#define MAX_SIZE	(3 * BLOCK + 4096)
#define MAX_SIZES	1024

static size_t add(size_t *sizes, size_t n, size_t s)
{
	if (n < MAX_SIZES && s <= MAX_SIZE)
		sizes[n++] = s;
	return n;
}

/* The sizes to try; quick: one in four of them. */
static size_t bound_sizes(size_t *sizes, int quick)
{
	static const int near[] = { -4096, -257, -3, -2, -1, 0, 1, 2, 3, 257, 4096 };
	size_t n = 0, step = quick ? 4 : 1;

	for (size_t s = 0; s <= 300; s += step)
		n = add(sizes, n, s);
	for (size_t s = 301; s < MAX_SIZE; s += 13001 * step)
		n = add(sizes, n, s);
	for (size_t b = BLOCK; b <= 3 * BLOCK; b += BLOCK)
		for (size_t i = 0; i < sizeof(near) / sizeof(near[0]); i += quick ? 2 : 1)
			n = add(sizes, n, b + near[i]);
	return n;
}

/* Output of one level on n bytes, or an error; the workspace grows as needed. */
static size_t compress_one(int level, const void *src, size_t n, void *dst, size_t cap,
			   void **wksp, size_t *wsize)
{
	zstd_parameters p = zstd_get_params(level, n);
	size_t need = zstd_cctx_workspace_bound(&p.cParams);
	zstd_cctx *cctx;

	if (need > *wsize) {
		free(*wksp);
		*wksp = malloc(need);
		*wsize = *wksp ? need : 0;
	}
	cctx = *wksp ? zstd_init_cctx(*wksp, *wsize) : NULL;
	if (!cctx)
		return (size_t)-ZSTD_error_memory_allocation;
	return zstd_compress_cctx(cctx, dst, cap, src, n, &p);
}

static void one_level(struct gate_tap *t, int level, const size_t *sizes, size_t ns,
		      const unsigned char *src, unsigned char *dst, size_t *worst_margin)
{
	void *wksp = NULL;
	size_t wsize = 0;

	for (size_t i = 0; i < ns; i++) {
		size_t bound = zstd_compress_bound(sizes[i]);
		/* Room past the bound: an output above it shows, not just fails. */
		size_t r = compress_one(level, src, sizes[i], dst, bound + 1024, &wksp, &wsize);

		if (!gate_expect(t, !zstd_is_error(r), "level %d, %zu bytes: %s", level, sizes[i],
				 zstd_get_error_name(r)))
			continue;
		if (gate_expect(t, r <= bound, "level %d, %zu bytes: output %zu > bound %zu",
				level, sizes[i], r, bound) && bound - r < *worst_margin)
			*worst_margin = bound - r;
	}
	free(wksp);
}

void api_check_compress_bound(struct gate_tap *t, int quick)
{
	static size_t sizes[MAX_SIZES];
	size_t ns = bound_sizes(sizes, quick), margin = (size_t)-1;
	unsigned char *src = malloc(MAX_SIZE), *dst = malloc(zstd_compress_bound(MAX_SIZE) + 1024);
	int levels[64];
	size_t nl = api_levels(levels, 64, quick);

	gate_begin(t, "zstd_compress_bound(n) >= output for incompressible input, %zu sizes 0..%d at %zu levels",
		   ns, MAX_SIZE, nl);
	if (gate_expect(t, src && dst, "out of memory")) {
		lib_sample_fill(src, MAX_SIZE, LIB_SAMPLE_RANDOM, 11);
		for (size_t i = 0; i < nl; i++)
			one_level(t, levels[i], sizes, ns, src, dst, &margin);
	}
	gate_end(t);
	printf("# compress bound: smallest margin %zu bytes\n", margin);
	free(src);
	free(dst);
}
