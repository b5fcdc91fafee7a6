// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/zstd.c, which zram and pstore reach through the crypto API: one
 * cctx and one dctx, each on its bound, compressing one-shot at level 3
 * with the parameters of an unknown size (zstd_get_params(3, 0)). zram
 * hands it one page and two pages of room, and decompresses into a page;
 * pstore sizes its buffer with zstd_compress_bound (zbufsize_zstd).
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "callers.h"
#include "sample_data.h"

#define CRYPTO_LEVEL	3

struct crypto_zstd {
	zstd_parameters params;
	void *cwksp, *dwksp;
	zstd_cctx *cctx;
	zstd_dctx *dctx;
};

static int crypto_init(struct crypto_zstd *z)
{
	size_t cw, dw = zstd_dctx_workspace_bound();

	z->params = zstd_get_params(CRYPTO_LEVEL, 0);
	cw = zstd_cctx_workspace_bound(&z->params.cParams);
	z->cwksp = malloc(cw);
	z->dwksp = malloc(dw);
	z->cctx = z->cwksp ? zstd_init_cctx(z->cwksp, cw) : NULL;
	z->dctx = z->dwksp ? zstd_init_dctx(z->dwksp, dw) : NULL;
	return z->cctx && z->dctx ? 0 : -1;
}

static void crypto_exit(struct crypto_zstd *z)
{
	free(z->cwksp);
	free(z->dwksp);
}

/* __zstd_compress then __zstd_decompress of len bytes, dst of cap bytes. */
static void crypto_roundtrip(struct gate_tap *t, struct crypto_zstd *z, const char *who,
			     const unsigned char *src, size_t len, size_t cap, enum lib_sample_kind kind)
{
	unsigned char *dst = malloc(cap), *back = malloc(len ? len : 1);
	size_t c, d;

	if (!gate_expect(t, dst && back, "out of memory"))
		goto out;
	c = zstd_compress_cctx(z->cctx, dst, cap, src, len, &z->params);
	if (!gate_expect(t, !zstd_is_error(c), "%s, %s, %zu bytes into %zu: %s", who,
			 lib_sample_kind_name(kind), len, cap, zstd_get_error_name(c)))
		goto out;
	gate_expect(t, api_ref_roundtrip(dst, c, src, len), "%s, %s, %zu bytes: the reference does not decode it back",
		    who, lib_sample_kind_name(kind), len);
	d = zstd_decompress_dctx(z->dctx, back, len, dst, c);
	gate_expect(t, d == len && !memcmp(back, src, len), "%s, %s, %zu bytes: decompress gives %s", who,
		    lib_sample_kind_name(kind), len, zstd_is_error(d) ? zstd_get_error_name(d) : "other bytes");
out:
	free(dst);
	free(back);
}

void caller_crypto_zram(struct gate_tap *t, int quick)
{
	static const size_t lens[] = { 1, 100, 4096, 65536, 1 << 20 };
	unsigned char *src = malloc(1 << 20);
	struct crypto_zstd z;

	memset(&z, 0, sizeof(z));

	gate_begin(t, "crypto and zram: level-3 one-shot cctx/dctx on their bounds, pages into two pages");
	if (gate_expect(t, src && !crypto_init(&z), "cannot set up the contexts")) {
		for (int k = 0; k < LIB_SAMPLE_KINDS; k++)
			for (int page = 0; page < (quick ? 4 : 32); page++) {
				lib_sample_fill(src, CALLER_PAGE, k, (uint32_t)page);
				crypto_roundtrip(t, &z, "zram page", src, CALLER_PAGE, 2 * CALLER_PAGE, k);
			}
		for (int k = 0; k < LIB_SAMPLE_KINDS; k++)
			for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
				lib_sample_fill(src, lens[i], k, 99);
				crypto_roundtrip(t, &z, "crypto", src, lens[i], zstd_compress_bound(lens[i]), k);
			}
	}
	crypto_exit(&z);
	gate_end(t);
	free(src);
}

void caller_pstore(struct gate_tap *t, int quick)
{
	static const size_t records[] = { 1024, 4096, 10240, 65536, 131072 + 1, 262144 };
	unsigned char *src = malloc(262144);
	struct crypto_zstd z;

	memset(&z, 0, sizeof(z));

	gate_begin(t, "pstore: records compressed through crypto zstd into zstd_compress_bound(record) bytes");
	if (gate_expect(t, src && !crypto_init(&z), "cannot set up the contexts")) {
		for (size_t i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
			if (quick && i % 2)
				continue;
			for (int k = 0; k < LIB_SAMPLE_KINDS; k++) {
				lib_sample_fill(src, records[i], k, 7);
				crypto_roundtrip(t, &z, "pstore record", src, records[i],
						 zstd_compress_bound(records[i]), k);
			}
		}
	}
	crypto_exit(&z);
	gate_end(t);
	free(src);
}
