// SPDX-License-Identifier: GPL-2.0
/* Frame seeds: the parts together, concatenations, truncations, testmgr vectors. */
#include <stdlib.h>
#include <string.h>

#include "ref_seeds.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds_frames.h"

#define MULTI_PLAIN	4000
#define MULTI_CAP	(4 * MULTI_PLAIN + 1024)

/* Appends a reference frame of len bytes of kind at level; its size or 0. */
static size_t append_frame(uint8_t *buf, size_t cap, size_t at, enum lib_sample_kind kind,
			   size_t len, int level)
{
	uint8_t plain[MULTI_PLAIN];
	size_t n;

	lib_sample_fill(plain, len, kind, (uint32_t)level);
	n = ref_compress(buf + at, cap - at, plain, len, level, level & 1, 1);
	return ref_is_error(n) ? 0 : n;
}

struct multi_case {
	const char *name;
	int frames;
	size_t len[3];
	int level[3];
};

static const struct multi_case multi_cases[] = {
	{ "multi-2-text", 2, { 3000, 1000 }, { 1, 19 } },
	{ "multi-3-text", 3, { 100, 2000, 4000 }, { -1, 3, 9 } },
	{ "multi-frame-empty", 2, { 2000, 0 }, { 3, 3 } },
	{ "multi-empty-frame", 2, { 0, 2000 }, { 2, 2 } },
};

static int multi_frame(const struct seed_sink *sink, const struct multi_case *c, uint8_t *buf)
{
	size_t at = 0, plain = 0;

	for (int f = 0; f < c->frames; f++) {
		size_t n = append_frame(buf, MULTI_CAP, at, LIB_SAMPLE_TEXT, c->len[f],
					c->level[f]);

		if (!n)
			return -1;
		at += n;
		plain += c->len[f];
	}
	return seed_emit(sink, SEED_DECODES, plain, buf, at, "%s", c->name);
}

/* Cut inside the magic, header, first block, and just before the end. */
static int truncations(const struct seed_sink *sink, uint8_t *buf)
{
	static const size_t cuts[] = { 1, 3, 5, 6, 9, 12, 20, 100 };
	size_t n = append_frame(buf, MULTI_CAP, 0, LIB_SAMPLE_TEXT, 3000, 3);
	int ret = n ? 0 : -1;

	for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]) && !ret; i++)
		if (cuts[i] < n)
			ret = seed_emit(sink, SEED_FAILS, 0, buf, cuts[i], "trunc-level3-text-%zu",
					cuts[i]);
	if (!ret)
		ret = seed_emit(sink, SEED_FAILS, 0, buf, n - 1, "trunc-level3-text-minus1");
	return ret;
}

static int multi_frames(const struct seed_sink *sink)
{
	uint8_t *buf = malloc(MULTI_CAP);
	int ret = buf ? 0 : -1;

	for (size_t i = 0; i < sizeof(multi_cases) / sizeof(multi_cases[0]) && !ret; i++)
		ret = multi_frame(sink, &multi_cases[i], buf);
	if (!ret)
		ret = truncations(sink, buf);
	free(buf);
	return ret;
}

int seeds_frames(const struct seed_sink *sink)
{
	int ret = seeds_ref_frames(sink);

	if (!ret)
		ret = seeds_built_frames(sink);
	if (!ret)
		ret = multi_frames(sink);
	if (!ret)
		ret = seeds_testmgr(sink, 1);
	if (!ret)
		ret = seeds_big_frames(sink);
	return ret;
}

int seeds_headers(const struct seed_sink *sink)
{
	int ret = seeds_frames(sink);

	return ret ? ret : seeds_built_headers(sink);
}
