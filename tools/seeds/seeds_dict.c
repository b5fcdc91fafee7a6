// SPDX-License-Identifier: GPL-2.0
/*
 * Seeds of the dictionary targets (fuzz/decompress_ddict.c,
 * fuzz/compress_cdict.c): zram-like pages of sample data, each with a
 * trailer choosing the dictionary (fuzz/zstd_dict.c), the frame or the
 * level, the output capacity and the allocation that fails. The trailer's
 * bytes follow the order the targets read their parameters in.
 */
#include <stdio.h>

#include "fuzz_input.h"
#include "sample_data.h"
#include "seeds.h"
#include "single_defect_build.h"

#define DICT_PAGE	4096
#define DICT_KINDS	5	/* trained, raw, changed, cut, empty */
#define DICT_FRAMES	3	/* payload as is, same dictionary, other dictionary */
#define DICT_FAILS	4	/* allocation failed: none, 1st, 2nd, 3rd */
#define TAIL_MAX	40
#define CDICT_TEXT_MAX	33000	/* the largest emit_cdict_sized text: over 32 KB */

/* The parameters of one dictionary kind (the target's choose_dict), after its kind and source. */
static size_t dict_params(uint8_t *t, unsigned int kind)
{
	switch (kind) {
	case 1:		/* raw: 2048 bytes from offset 1000 */
		t[0] = 0x07, t[1] = 0xff, t[2] = 0x03, t[3] = 0xe8;
		return 4;
	case 2:		/* changed: one byte of the entropy tables */
		t[0] = 0, t[1] = 0x00, t[2] = 0x20, t[3] = 0x40;
		return 4;
	case 3:		/* cut: the first 100 bytes */
		t[0] = 0x00, t[1] = 100;
		return 2;
	}
	return 0;
}

static int emit_page(const struct seed_sink *sink, const uint8_t *page, const uint8_t *tail,
		     size_t n, const char *name)
{
	uint8_t in[DICT_PAGE + TAIL_MAX];
	size_t len = fuzz_input_build(in, sizeof(in), page, DICT_PAGE, tail, n);

	return len ? seed_emit(sink, SEED_PLAIN, 0, in, len, "%s", name) : -1;
}

/* The trailer of a dictionary kind, frame and failure; its size. */
static size_t ddict_tail(uint8_t *tail, unsigned int kind, unsigned int frame, unsigned int fail)
{
	size_t n = 0;

	tail[n++] = kind;
	tail[n++] = frame == 2;		/* the other trained dictionary for the other frame */
	n += dict_params(tail + n, kind);
	tail[n++] = frame;
	tail[n++] = 0;			/* level 1..19 */
	tail[n++] = 2;			/* level 3 */
	if (frame)
		tail[n++] = 0;		/* no byte changed */
	tail[n++] = fail;
	tail[n++] = fail ? 1 : 0;	/* zram's page, or 1 MiB */
	tail[n++] = 0, tail[n++] = 0;
	return n;
}

static int emit_ddict(const struct seed_sink *sink, const uint8_t *page, unsigned int kind,
		      unsigned int frame, unsigned int fail)
{
	uint8_t tail[32];
	char name[64];

	snprintf(name, sizeof(name), "ddict-kind%u-frame%u-fail%u", kind, frame, fail);
	return emit_page(sink, page, tail, ddict_tail(tail, kind, frame, fail), name);
}

/* The page compressed with the first trained dictionary, decoded into 1 MiB. */
static int emit_ddict_named(const struct seed_sink *sink, const uint8_t *page, const char *name)
{
	uint8_t tail[32];

	return emit_page(sink, page, tail, ddict_tail(tail, 0, 1, 0), name);
}

/*
 * "abcd" and a match of 3 at offset 6, 2 bytes of a raw-content dictionary
 * and the output's first (the extDict copy in two parts), decoded into
 * 1 MiB or into the input's size (the slow path near the output's end).
 */
static int emit_ddict_from_dict(const struct seed_sink *sink, int exact)
{
	uint8_t blk[16], frame[64], tail[16], in[64 + sizeof(tail) + 8];
	size_t len, n = 0;

	len = sd_one_block(frame, sizeof(frame), blk, sd_seq_block(blk, 4, 3, 1));
	tail[n++] = 1;			/* raw content */
	tail[n++] = 0;
	n += dict_params(tail + n, 1);
	tail[n++] = 0;			/* the frame as is */
	tail[n++] = 0, tail[n++] = 2;	/* level (unused) */
	tail[n++] = 0;			/* no allocation fails */
	tail[n++] = exact ? 2 : 0;	/* capacity: the input's size, or 1 MiB */
	tail[n++] = 0, tail[n++] = 0;
	len = len ? fuzz_input_build(in, sizeof(in), frame, len, tail, n) : 0;
	return len ? seed_emit(sink, SEED_PLAIN, 0, in, len, "ddict-raw-match-from-dict%s",
			       exact ? "-exact" : "") : -1;
}

/* The page every seed carries: text, as zram would store. */
static const uint8_t *text_page(void)
{
	static uint8_t page[DICT_PAGE];

	lib_sample_fill(page, sizeof(page), LIB_SAMPLE_TEXT, 1003);
	return page;
}

int seeds_ddict(const struct seed_sink *sink)
{
	const uint8_t *page = text_page();
	unsigned int kind, frame, fail;
	int ret = 0;

	for (kind = 0; kind < DICT_KINDS && !ret; kind++)
		for (frame = 0; frame < DICT_FRAMES && !ret; frame++)
			for (fail = 0; fail < DICT_FAILS && !ret; fail++)
				ret = emit_ddict(sink, page, kind, frame, fail);
	/* Random letters of 16: over 768 literals, Huffman-coded, the dictionary cold. */
	if (!ret) {
		static uint8_t letters[DICT_PAGE];

		lib_sample_fill(letters, sizeof(letters), LIB_SAMPLE_RANDOM, 1003);
		for (size_t i = 0; i < sizeof(letters); i++)
			letters[i] = (uint8_t)('a' + (letters[i] & 15));
		ret = emit_ddict_named(sink, letters, "ddict-kind0-frame1-letters");
	}
	if (!ret)
		ret = emit_ddict_from_dict(sink, 0);
	if (!ret)
		ret = emit_ddict_from_dict(sink, 1);
	return ret;
}

/* compress_cdict's trailer: dictionary, level (0: the default), estimate, failure, bound. */
static size_t cdict_tail(uint8_t *tail, unsigned int kind, int level, unsigned int est,
			 unsigned int fail)
{
	size_t n = 0;

	tail[n++] = kind;
	tail[n++] = 0;
	n += dict_params(tail + n, kind);
	tail[n++] = !level;
	if (level) {
		tail[n++] = level > 0 ? 0 : 2;
		tail[n++] = (uint8_t)((level > 0 ? level : -level) - 1);
	}
	tail[n++] = est;		/* 0: zram's page, 1: the input's size */
	tail[n++] = fail;
	tail[n++] = 0, tail[n++] = 0;	/* capacity: the bound */
	return n;
}

static int emit_cdict(const struct seed_sink *sink, const uint8_t *page, unsigned int kind,
		      int level, unsigned int fail)
{
	uint8_t tail[32];
	char name[64];
	size_t n = cdict_tail(tail, kind, level, 0, fail);

	snprintf(name, sizeof(name), "cdict-kind%u-lvl%d-fail%u", kind, level, fail);
	return emit_page(sink, page, tail, n, name);
}

/*
 * A text of len bytes compressed at level with the trained dictionary, the
 * input's size as the estimate. Over the strategy's attach cutoff
 * (ZSTD_shouldAttachDict: 8 KB for fast and btultra, 16 KB dfast, 32 KB
 * greedy to btopt) the context copies the CDict's tables instead of
 * attaching them; past 16 KB with the dictionary, the window is 2^17 and
 * greedy to lazy2 use the row match finder (windowLog over 14).
 */
static int emit_cdict_sized(const struct seed_sink *sink, size_t len, int level)
{
	static uint8_t text[CDICT_TEXT_MAX], in[CDICT_TEXT_MAX + TAIL_MAX];
	uint8_t tail[32];
	size_t n = cdict_tail(tail, 0, level, 1, 0), total;

	lib_sample_fill(text, len, LIB_SAMPLE_TEXT, 1003);
	total = fuzz_input_build(in, sizeof(in), text, len, tail, n);
	return total ? seed_emit(sink, SEED_PLAIN, 0, in, total, "cdict-text%zu-lvl%d", len,
				 level) : -1;
}

static const int cdict_levels[] = { 0, 1, 3, 4, 5, 6, 9, 11, 19, -1 };

/* Sizes and levels of emit_cdict_sized: copied fast, dfast and btultra2
 * tables; attached and copied row-matched greedy to lazy2; copied btlazy2. */
static const struct { size_t len; int level; } cdict_sized[] = {
	{ 8300, 1 }, { 8300, 19 }, { 20000, 7 }, { 33000, 3 }, { 33000, 7 }, { 33000, 12 },
};

int seeds_cdict(const struct seed_sink *sink)
{
	const uint8_t *page = text_page();
	unsigned int kind, fail, i;
	int ret = 0;

	for (kind = 0; kind < DICT_KINDS && !ret; kind++)
		for (i = 0; i < sizeof(cdict_levels) / sizeof(cdict_levels[0]) && !ret; i++)
			ret = emit_cdict(sink, page, kind, cdict_levels[i], 0);
	for (fail = 1; fail <= 6 && !ret; fail++)
		ret = emit_cdict(sink, page, 0, 3, fail);
	for (i = 0; i < sizeof(cdict_sized) / sizeof(cdict_sized[0]) && !ret; i++)
		ret = emit_cdict_sized(sink, cdict_sized[i].len, cdict_sized[i].level);
	return ret;
}
