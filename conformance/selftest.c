// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "kz.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "selftest.h"
#include "testmgr_zstd.h"

#define PAYLOAD_BIG	(100 * 1024)
#define PAYLOAD_SMALL	1000

static void check(FILE *log, struct selftest_stats *st, int ok,
		  const char *what, int level, int variant)
{
	st->checks++;
	if (ok)
		return;
	st->failures++;
	fprintf(log, "selftest: FAIL %s (level %d, case %d)\n", what, level, variant);
}

void selftest_identity(FILE *log, struct selftest_stats *st)
{
	unsigned int kv = kh_kernel_zstd_version(), rv = ref_version();

	fprintf(log, "selftest: kernel lib/zstd %u.%u.%u, reference libzstd %u.%u.%u\n",
		kv / 10000, kv / 100 % 100, kv % 100, rv / 10000, rv / 100 % 100, rv % 100);
	check(log, st, kv >= 10400, "kernel zstd reports a version", 0, 0);
	check(log, st, kh_kernel_decompress_dctx_address() != ref_decompress_dctx_address(),
	      "kernel and reference ZSTD_decompressDCtx are distinct", 0, 0);
}

/* Frames the reference makes decode through the wrapper, one-shot and streamed. */
static void reference_frame(FILE *log, struct selftest_stats *st, int level,
			    const unsigned char *src, size_t len, int variant)
{
	size_t cap = ref_compress_bound(len);
	unsigned char *frame = malloc(cap), *out = malloc(len + 1);
	int checksum = variant & 1, csize = !!(variant & 2);
	size_t flen, r;

	if (!frame || !out)
		goto out;
	flen = ref_compress(frame, cap, src, len, level, checksum, csize);
	check(log, st, !ref_is_error(flen), "reference compresses", level, variant);
	if (ref_is_error(flen))
		goto out;
	r = kz_decompress(out, len + 1, frame, flen);
	check(log, st, !kz_is_error(r) && r == len && !memcmp(out, src, len),
	      "wrapper one-shot decodes reference frame", level, variant);
	memset(out, 0, len + 1);
	r = kz_decompress_stream(out, len + 1, frame, flen, kz_frame_window(frame, flen),
				 len > PAYLOAD_SMALL ? 4096 : 1);
	check(log, st, !kz_is_error(r) && r == len && !memcmp(out, src, len),
	      "wrapper stream decodes reference frame", level, variant);
out:
	free(frame);
	free(out);
}

static void kernel_frame(FILE *log, struct selftest_stats *st, int level,
			 const unsigned char *src, size_t len)
{
	size_t cap = ref_compress_bound(len);
	unsigned char *frame = malloc(cap), *out = malloc(len + 1);
	size_t flen, r;

	if (!frame || !out)
		goto out;
	flen = kz_compress(frame, cap, src, len, level);
	check(log, st, !kz_is_error(flen), "wrapper compresses", level, 0);
	if (kz_is_error(flen))
		goto out;
	r = ref_decompress(out, len + 1, frame, flen);
	check(log, st, !ref_is_error(r) && r == len && !memcmp(out, src, len),
	      "reference decodes wrapper frame", level, 0);
out:
	free(frame);
	free(out);
}

static unsigned char *payload(size_t len, int level)
{
	unsigned char *p = malloc(len);

	if (p)
		lib_sample_fill(p, len, len > PAYLOAD_SMALL ? LIB_SAMPLE_MIXED : LIB_SAMPLE_TEXT,
				(uint32_t)level);
	return p;
}

void selftest_reference_frames(FILE *log, struct selftest_stats *st, int level)
{
	static const size_t sizes[] = { PAYLOAD_SMALL, PAYLOAD_BIG };

	for (size_t s = 0; s < 2; s++) {
		unsigned char *p = payload(sizes[s], level);

		check(log, st, p != NULL, "payload allocation", level, 0);
		for (int variant = 0; p && variant < 4; variant++)
			reference_frame(log, st, level, p, sizes[s], variant);
		free(p);
	}
}

void selftest_kernel_frames(FILE *log, struct selftest_stats *st, int level)
{
	unsigned char *p = payload(PAYLOAD_BIG, level);

	check(log, st, p != NULL, "payload allocation", level, 0);
	if (p)
		kernel_frame(log, st, level, p, PAYLOAD_BIG);
	free(p);
}

static void testmgr_vector(FILE *log, struct selftest_stats *st,
			   const char *plain, size_t plen,
			   const char *frame, size_t flen, int idx)
{
	char out[1024];
	size_t r;

	r = kz_decompress(out, sizeof(out), frame, flen);
	check(log, st, !kz_is_error(r) && r == plen && !memcmp(out, plain, plen),
	      "testmgr vector decodes through the wrapper", 3, idx);
	r = ref_decompress(out, sizeof(out), frame, flen);
	check(log, st, !ref_is_error(r) && r == plen && !memcmp(out, plain, plen),
	      "testmgr vector decodes through the reference", 3, idx);
	kernel_frame(log, st, 3, (const unsigned char *)plain, plen);
}

void selftest_testmgr(FILE *log, struct selftest_stats *st)
{
	struct kh_testvec comp[16], decomp[16];
	size_t nc = 0, nd = 0;

	check(log, st, kh_testmgr_zstd(comp, &nc, decomp, &nd, 16) > 0,
	      "testmgr.h has zstd vectors", 0, 0);
	for (size_t i = 0; i < nc; i++)
		testmgr_vector(log, st, comp[i].in, comp[i].in_len,
			       comp[i].out, comp[i].out_len, (int)i);
	for (size_t i = 0; i < nd; i++)
		testmgr_vector(log, st, decomp[i].out, decomp[i].out_len,
			       decomp[i].in, decomp[i].in_len, (int)(100 + i));
}

void selftest_run(FILE *log, struct selftest_stats *st)
{
	int levels[64];
	size_t n = ref_levels(levels, 64);

	selftest_identity(log, st);
	for (size_t i = 0; i < n; i++) {
		selftest_reference_frames(log, st, levels[i]);
		selftest_kernel_frames(log, st, levels[i]);
	}
	selftest_testmgr(log, st);
	fprintf(log, "selftest: %u checks, %u failed\n", st->checks, st->failures);
}
