// SPDX-License-Identifier: GPL-2.0
/*
 * spec_frames' seeds: choice strings for the spec generator. Two written
 * by hand, each building one upstream erratum's valid frame; then, from a
 * fixed xorshift sequence of candidate strings, each one that reaches a
 * generator feature (spec_stats.h) or a defect fewer than twice reached by
 * the seeds before it.
 */
#include <string.h>

#include "seeds.h"
#include "spec.h"

#define CANDIDATES	1500
#define CANDIDATE_MAX	160

/* One 128 KiB-window frame, one compressed block of exactly 128 KiB (131068 raw literals). */
static const uint8_t block_128k[] = {
	1, 2, 3, 4, 0, 0, 0, 0, 2, 0, 0, 7, 0, 0xf8, 0x01, 0xff, 0xfc, 2, 0, 0, 0, 0, 0 };
/* One 1 KiB-window frame, one compressed block: 1019 raw literals, 0 sequences as "80 00". */
static const uint8_t nseq_zero_2byte[] = {
	1, 2, 3, 4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0xf8, 0x00, 0x03, 0xfb, 2, 0, 1, 0, 0, 0 };

static uint32_t next(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

#define REACH_WANTED	2

/* Whether res reaches something the seeds so far have not twice; counts it. */
static int adds(const struct spec_result *res, uint8_t *seen, uint8_t *defects)
{
	int new = defects[res->defect] < REACH_WANTED;
	unsigned int f;

	for (f = 0; f < SPEC_FEATURES; f++)
		new |= res->reached[f] && seen[f] < REACH_WANTED;
	if (!new)
		return 0;
	defects[res->defect]++;
	for (f = 0; f < SPEC_FEATURES; f++)
		seen[f] += res->reached[f] && seen[f] < REACH_WANTED;
	return 1;
}

int seeds_spec(const struct seed_sink *sink)
{
	uint8_t seen[SPEC_FEATURES] = { 0 }, defects[SPEC_DEFECTS] = { 0 }, buf[CANDIDATE_MAX];
	struct spec_result res;
	struct fuzz_input in;
	uint32_t x = 0x2545F491;
	unsigned int i, j, len;

	if (seed_emit(sink, SEED_PLAIN, 0, block_128k, sizeof(block_128k), "erratum-compressed-block-128k") ||
	    seed_emit(sink, SEED_PLAIN, 0, nseq_zero_2byte, sizeof(nseq_zero_2byte),
		      "erratum-nseq-zero-two-byte"))
		return -1;
	for (i = 0; i < CANDIDATES; i++) {
		len = 8 + next(&x) % (CANDIDATE_MAX - 8);
		for (j = 0; j < len; j++)
			buf[j] = (uint8_t)next(&x);
		spec_choices_init(&in, buf, len);
		if (!spec_build(&in, &res))
			return -1;
		if (adds(&res, seen, defects) &&
		    seed_emit(sink, SEED_PLAIN, 0, buf, len, "choices-%04u", i))
			return -1;
	}
	return 0;
}
