// SPDX-License-Identifier: GPL-2.0
/* Frames made by the reference, over every knob the frame format shows. */
#include <stdio.h>
#include <stdlib.h>

#include "ref_seeds.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds_frames.h"

#define WLOG_MIN		10
#define WLOG_MAX		31

/* Beyond sample_data's kinds: random letters of an 8-letter alphabet, few long matches. */
#define KIND_LETTERS	LIB_SAMPLE_KINDS
/* And those letters' first PERIOD bytes repeated: every match is PERIOD back, and long. */
#define KIND_PERIODIC	(LIB_SAMPLE_KINDS + 1)
#define PERIOD		700
/*
 * And bytes of a geometric distribution (byte k with odds 0.9^k): Huffman
 * codes from 3 to 11 bits, few matches.
 */
#define KIND_GEOMETRIC	(LIB_SAMPLE_KINDS + 2)

struct ref_case {
	struct ref_seed_params p;
	int kind;
	size_t len;
	enum seed_expect expect;
};

static const char *kind_name(int kind)
{
	if (kind == KIND_PERIODIC)
		return "periodic";
	if (kind == KIND_GEOMETRIC)
		return "geometric";
	return kind == KIND_LETTERS ? "letters" : lib_sample_kind_name((enum lib_sample_kind)kind);
}

/* 3 bits of entropy a byte: big Huffman-coded literal sections, where X2 decodes faster. */
static void fill_payload(uint8_t *p, size_t len, int kind, uint32_t seed)
{
	uint32_t st = seed | 1;

	if (kind == KIND_GEOMETRIC) {
		for (size_t i = 0; i < len; i++)
			for (p[i] = 0; p[i] < 255 && lib_sample_next(&st) % 10; p[i]++)
				;
		return;
	}
	if (kind != KIND_LETTERS && kind != KIND_PERIODIC) {
		lib_sample_fill(p, len, (enum lib_sample_kind)kind, seed);
		return;
	}
	for (size_t i = 0; i < len; i++)
		p[i] = kind == KIND_PERIODIC && i >= PERIOD ? p[i - PERIOD] :
			(uint8_t)('a' + (lib_sample_next(&st) >> 13) % 8);
}

static int ref_frame(const struct seed_sink *sink, const struct ref_case *c, const char *name)
{
	uint8_t *src = malloc(c->len ? c->len : 1);
	size_t cap = ref_compress_bound(c->len);
	uint8_t *dst = malloc(cap);
	size_t n;
	int ret = -1;

	if (!src || !dst)
		goto out;
	fill_payload(src, c->len, c->kind, (uint32_t)c->len);
	n = ref_seed_compress(dst, cap, src, c->len, &c->p);
	if (ref_is_error(n)) {
		fprintf(stderr, "gen-seeds: %s: reference compression failed: %s\n",
			name, ref_error_name(n));
		goto out;
	}
	ret = seed_emit(sink, c->expect, c->len, dst, n, "%s", name);
out:
	free(src);
	free(dst);
	return ret;
}

static int ref_level_frames(const struct seed_sink *sink)
{
	int levels[64], ret = 0;
	size_t n = ref_levels(levels, 64);
	char name[64];

	for (size_t i = 0; i < n && !ret; i++) {
		struct ref_case c = {
			.p = { .level = levels[i], .checksum = 1, .content_size = 1 },
			.kind = LIB_SAMPLE_TEXT, .len = 12000, .expect = SEED_DECODES,
		};

		snprintf(name, sizeof(name), "ref-level%d-text-12000", levels[i]);
		ret = ref_frame(sink, &c, name);
	}
	return ret;
}

/*
 * Streamed with the size unknown, so the header keeps the window asked
 * for. One-shot decoding ignores the window limit (2^27 by default) that
 * streaming enforces: every one of these decodes in one shot.
 */
static int ref_windows(const struct seed_sink *sink)
{
	char name[64];
	int ret = 0;

	for (int wlog = WLOG_MIN; wlog <= WLOG_MAX && !ret; wlog++) {
		struct ref_case c = {
			.p = { .level = 3, .wlog = wlog, .chunk = 1000 },
			.kind = LIB_SAMPLE_TEXT, .len = 3000,
			.expect = SEED_DECODES,
		};

		snprintf(name, sizeof(name), "ref-wlog%d-text-3000", wlog);
		ret = ref_frame(sink, &c, name);
	}
	return ret;
}

/* Checksum and content size on and off, every payload kind, empty frames too. */
static int ref_flags(const struct seed_sink *sink)
{
	static const size_t sizes[] = { 0, 1, 100, 5000 };
	char name[64];
	int ret = 0;

	for (int f = 0; f < 4 && !ret; f++)
		for (int k = 0; k < LIB_SAMPLE_KINDS && !ret; k++)
			for (size_t s = 0; s < 4 && !ret; s++) {
				struct ref_case c = {
					.p = { .level = 3, .checksum = f & 1,
					       .content_size = f >> 1 },
					.kind = k, .len = sizes[s],
					.expect = SEED_DECODES,
				};

				snprintf(name, sizeof(name), "ref-ck%d-cs%d-%s-%zu", f & 1,
					 f >> 1, kind_name(c.kind), c.len);
				ret = ref_frame(sink, &c, name);
			}
	return ret;
}

/*
 * Literal modes, strategies with the shortest matches, small streamed
 * blocks (repeat tables, treeless literals), and blocks of 128 KiB.
 */
static const struct ref_case shape_cases[] = {
	{ { .level = 3, .literals = REF_LITERALS_RAW }, LIB_SAMPLE_TEXT, 5000, SEED_DECODES },
	{ { .level = 3, .literals = REF_LITERALS_HUFFMAN }, LIB_SAMPLE_TEXT, 200, SEED_DECODES },
	{ { .level = 3, .literals = REF_LITERALS_HUFFMAN }, LIB_SAMPLE_TEXT, 5000, SEED_DECODES },
	{ { .level = -5, .literals = REF_LITERALS_HUFFMAN }, LIB_SAMPLE_MIXED, 30000,
	  SEED_DECODES },
	{ { .level = 1, .chunk = 500 }, LIB_SAMPLE_TEXT, 20000, SEED_DECODES },
	{ { .level = 19, .chunk = 4096, .checksum = 1 }, LIB_SAMPLE_TEXT, 40000, SEED_DECODES },
	{ { .level = 5, .chunk = 10000 }, LIB_SAMPLE_MIXED, 60000, SEED_DECODES },
	{ { .level = 3, .content_size = 1 }, LIB_SAMPLE_ZEROS, 300000, SEED_DECODES },
	{ { .level = 19, .wlog = 17, .content_size = 1 }, LIB_SAMPLE_TEXT, 200000, SEED_DECODES },
	{ { .level = 1, .content_size = 1 }, LIB_SAMPLE_MIXED, 200000, SEED_DECODES },
	{ { .level = 3, .ldm = 1, .wlog = 20, .chunk = 65536 }, LIB_SAMPLE_MIXED, 150000,
	  SEED_DECODES },
	/* Windows over 16 MiB with the predefined offset table: the long-offset decoder. */
	{ { .level = 1, .wlog = 25, .chunk = 300 }, LIB_SAMPLE_TEXT, 3000, SEED_DECODES },
	{ { .level = 1, .wlog = 26, .chunk = 2000, .checksum = 1 }, LIB_SAMPLE_TEXT, 6000,
	  SEED_DECODES },
	{ { .level = 1, .min_match = 7, .literals = REF_LITERALS_HUFFMAN }, KIND_LETTERS, 60000,
	  SEED_DECODES },
	{ { .level = 3, .chunk = 20000 }, KIND_LETTERS, 60000, SEED_DECODES },
	{ { .level = 1, .literals = REF_LITERALS_HUFFMAN }, KIND_LETTERS, 700, SEED_DECODES },
	/*
	 * A 1 KiB window, the size left out of the header (blocks of 1 KiB):
	 * the kernel stream's ring buffer (window + block + 64 = 2112 bytes)
	 * wraps before the third block, whose matches 700 back start before
	 * the wrap and end after it (ZSTD_execSequence's "span extDict &
	 * currentPrefixSegment"). Streamed in 1000-byte chunks instead, the
	 * reference's frame had no such match (measured).
	 */
	{ { .level = 3, .wlog = 10 }, KIND_PERIODIC, 4000, SEED_DECODES },
	/*
	 * 8 KiB of literals whose Huffman codes run from 3 to 11 bits: the
	 * double-symbol decoder (HUF_selectDecoder picks it for this size and
	 * ratio) fills single-symbol cells for codes too long to pair with
	 * the shortest (HUF_fillDTableX2's else branch).
	 */
	{ { .level = 1 }, KIND_GEOMETRIC, 8192, SEED_DECODES },
};

static int ref_shapes(const struct seed_sink *sink)
{
	char name[64];
	int ret = 0;

	for (size_t i = 0; i < sizeof(shape_cases) / sizeof(shape_cases[0]) && !ret; i++) {
		const struct ref_case *c = &shape_cases[i];

		snprintf(name, sizeof(name), "ref-shape%zu-level%d-%s-%zu", i, c->p.level,
			 kind_name(c->kind), c->len);
		ret = ref_frame(sink, c, name);
	}
	for (int strategy = 1; strategy <= 9 && !ret; strategy++) {
		struct ref_case c = {
			.p = { .level = 3, .strategy = strategy, .min_match = 3,
			       .content_size = 1 },
			.kind = LIB_SAMPLE_TEXT, .len = 20000, .expect = SEED_DECODES,
		};

		snprintf(name, sizeof(name), "ref-strategy%d-minmatch3-text-20000", strategy);
		ret = ref_frame(sink, &c, name);
	}
	return ret;
}

int seeds_ref_frames(const struct seed_sink *sink)
{
	int ret = ref_level_frames(sink);

	if (!ret)
		ret = ref_windows(sink);
	if (!ret)
		ret = ref_flags(sink);
	if (!ret)
		ret = ref_shapes(sink);
	return ret;
}
