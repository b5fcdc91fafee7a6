// SPDX-License-Identifier: GPL-2.0
/* Plain data for the compressors: every sample kind at sizes around block edges. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds.h"
#include "testmgr_zstd.h"

#define PLAIN_MAX	131073
#define LEVEL_PLAIN	20000

static const size_t plain_sizes[] = {
	0, 1, 3, 64, 1000, 4096, 20000, 65536, 131072, 131073,
};

static int plain_kind(const struct seed_sink *sink, enum sample_kind kind, uint8_t *buf)
{
	int ret = 0;

	for (size_t i = 0; i < sizeof(plain_sizes) / sizeof(plain_sizes[0]) && !ret; i++) {
		size_t n = plain_sizes[i];

		sample_fill(buf, n, kind, (uint32_t)i);
		ret = seed_emit(sink, SEED_PLAIN, 0, buf, n, "plain-%s-%zu",
				sample_kind_name(kind), n);
	}
	return ret;
}

/*
 * The level trailer as fuzz_zstd_level() (fuzz/zstd_fuzz.c) reads it, the
 * first parameter of both compressors: selector 1 then level - 1 for
 * levels 1..max, selector 2 then -level - 1 for levels -1..-7.
 */
static size_t level_tail(int level, uint8_t tail[2])
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

	sample_fill(buf, LEVEL_PLAIN, SAMPLE_TEXT, 22);
	for (int level = -7; level <= ref_max_level() && !ret; level++) {
		size_t n;

		if (!level)
			continue;
		n = fuzz_input_build(in, PLAIN_MAX - LEVEL_PLAIN, buf, LEVEL_PLAIN, tail,
				     level_tail(level, tail));
		ret = n ? seed_emit(sink, SEED_PLAIN, 0, in, n, "plain-text-%d-level%d",
				    LEVEL_PLAIN, level) : -1;
	}
	return ret;
}

static int plain_testmgr(const struct seed_sink *sink)
{
	struct kh_testvec comp[16], decomp[16];
	size_t nc = 0, nd = 0;
	int ret = 0;

	if (!kh_testmgr_zstd(comp, &nc, decomp, &nd, 16))
		return 0;
	for (size_t i = 0; i < nc && !ret; i++)
		ret = seed_emit(sink, SEED_PLAIN, 0, comp[i].in, comp[i].in_len,
				"testmgr-comp-%zu", i);
	for (size_t i = 0; i < nd && !ret; i++)
		ret = seed_emit(sink, SEED_PLAIN, 0, decomp[i].out, decomp[i].out_len,
				"testmgr-decomp-%zu", i);
	return ret;
}

int seeds_plain(const struct seed_sink *sink)
{
	uint8_t *buf = malloc(PLAIN_MAX);
	int ret = -1;

	if (!buf)
		return -1;
	ret = 0;
	for (int k = 0; k < SAMPLE_KINDS && !ret; k++)
		ret = plain_kind(sink, (enum sample_kind)k, buf);
	if (!ret)
		ret = plain_levels(sink, buf);
	if (!ret)
		ret = plain_testmgr(sink);
	free(buf);
	return ret;
}
