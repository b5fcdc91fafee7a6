// SPDX-License-Identifier: GPL-2.0
/* Plain data for the compressors: every sample kind at sizes around block edges. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds.h"

#define PLAIN_MAX	131073
#define LEVEL_PLAIN	20000
#define WRAP_PLAIN	5896

static const size_t plain_sizes[] = {
	0, 1, 3, 64, 1000, 4096, 20000, 65536, 131072, 131073,
};

static int plain_kind(const struct seed_sink *sink, enum lib_sample_kind kind, uint8_t *buf)
{
	int ret = 0;

	for (size_t i = 0; i < sizeof(plain_sizes) / sizeof(plain_sizes[0]) && !ret; i++) {
		size_t n = plain_sizes[i];

		lib_sample_fill(buf, n, kind, (uint32_t)i);
		ret = seed_emit(sink, SEED_PLAIN, 0, buf, n, "plain-%s-%zu",
				lib_sample_kind_name(kind), n);
	}
	return ret;
}

/*
 * The level trailer as fuzz_zstd_level() (fuzz/zstd_fuzz.c) reads it, the
 * first parameter of both compressors: selector 1 then level - 1 for
 * levels 1..max, selector 2 then -level - 1 for levels -1..-7.
 */
size_t seed_level_tail(int level, uint8_t tail[2])
{
	tail[0] = level > 0 ? 1 : 2;
	tail[1] = (uint8_t)(level > 0 ? level - 1 : -level - 1);
	return 2;
}

/* One text payload at every level the compressors' trailer can ask for. */
static int plain_levels(const struct seed_sink *sink, uint8_t *buf)
{
	uint8_t tail[2], *in = buf + LEVEL_PLAIN;
	int ret = 0;

	lib_sample_fill(buf, LEVEL_PLAIN, LIB_SAMPLE_TEXT, 22);
	for (int level = -7; level <= ref_max_level() && !ret; level++) {
		size_t n;

		if (!level)
			continue;
		n = fuzz_input_build(in, PLAIN_MAX - LEVEL_PLAIN, buf, LEVEL_PLAIN, tail,
				     seed_level_tail(level, tail));
		ret = n ? seed_emit(sink, SEED_PLAIN, 0, in, n, "plain-text-%d-level%d",
				    LEVEL_PLAIN, level) : -1;
	}
	return ret;
}

/*
 * compress_stream's trailer after the level (fuzz/compress_stream.c): split,
 * then per frame pledge, delta, chunk state and maximum, flush period.
 * The first frame pledges 1001 bytes of WRAP_PLAIN (wrong: it fails), so
 * the parameters get a 1 KiB window; the second frame, the whole payload
 * with the right pledge, streams through that window, which wraps: the
 * match finders' _extDict variants, out of reach of one-shot compression.
 */
static const uint8_t wrap_tail[] = {
	0x00, 0x00,				/* split at 0: frame 2 is the payload */
	0x02, 0x13, 0x1e,			/* wrong pledge, delta 0x131e + 1 = 4895 */
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,	/* chunks: whole input */
	0x00, 0x00, 0x00,			/* right pledge, delta unused */
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
};

int seeds_stream_wraps(const struct seed_sink *sink)
{
	uint8_t plain[WRAP_PLAIN], tail[2 + sizeof(wrap_tail)], in[sizeof(plain) + 64];
	int ret = 0;

	lib_sample_fill(plain, WRAP_PLAIN, LIB_SAMPLE_TEXT, 6);
	memcpy(tail + 2, wrap_tail, sizeof(wrap_tail));
	for (int level = 1; level <= ref_max_level() && !ret; level++) {
		size_t n;

		seed_level_tail(level, tail);
		n = fuzz_input_build(in, sizeof(in), plain, WRAP_PLAIN, tail, sizeof(tail));
		ret = n ? seed_emit(sink, SEED_PLAIN, 0, in, n, "wrap-text-%d-lvl%d",
				    WRAP_PLAIN, level) : -1;
	}
	return ret;
}

int seeds_plain(const struct seed_sink *sink)
{
	uint8_t *buf = malloc(PLAIN_MAX);
	int ret = -1;

	if (!buf)
		return -1;
	ret = 0;
	for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
		ret = plain_kind(sink, (enum lib_sample_kind)k, buf);
	if (!ret)
		ret = plain_levels(sink, buf);
	if (!ret)
		ret = seeds_testmgr(sink, 0);
	free(buf);
	return ret;
}
