// SPDX-License-Identifier: GPL-2.0
/* Hand-built frames: every header field shape, raw and RLE blocks, invalid ones. */
#include <stdlib.h>
#include <string.h>

#include "frame_build.h"
#include "fuzz_input.h"
#include "sample_data.h"
#include "ref_zstd.h"
#include "seeds_frames.h"
#include "single_defect_build.h"

#define BUILT_MAX	(80 * 1024)
#define WD_1K		0x00	/* window descriptor: 1 KiB */
#define WD_1M		0x50	/* 1 MiB */
#define WD_1K_M7	0x07	/* 1 KiB + 7/8 KiB: the mantissa */
#define WD_128M		0x88	/* 2^27, the default limit of the decoders */
#define WD_256M		0x90	/* 2^28 */
#define WD_TOO_BIG	0xB0	/* 2^32: beyond any decoder */

enum built_body {
	BODY_RAW,		/* content in `blocks` raw blocks */
	BODY_RLE,		/* content in `blocks` RLE blocks of one byte */
	BODY_RESERVED,		/* one block of the reserved type */
	BODY_GARBAGE,		/* one compressed block of random bytes */
	BODY_NONE,		/* header only */
};

struct built_case {
	const char *name;
	struct fb_header h;
	size_t content_len;
	enum built_body body;
	int blocks;
	long fcs_delta;		/* header's content size minus the real one */
	int bad_checksum;
	enum seed_expect expect;
};

#define SS(fcs)	.single_segment = 1, .fcs_bytes = (fcs)

static const struct built_case built_cases[] = {
	{ "built-ss-fcs1-raw", { SS(1) }, 200, BODY_RAW, 1, 0, 0, SEED_DECODES },
	{ "built-ss-fcs2-raw", { SS(2) }, 300, BODY_RAW, 1, 0, 0, SEED_DECODES },
	{ "built-ss-fcs4-raw", { SS(4) }, 70000, BODY_RAW, 1, 0, 0, SEED_DECODES },
	{ "built-ss-fcs8-raw", { SS(8) }, 300, BODY_RAW, 1, 0, 0, SEED_DECODES },
	{ "built-ss-fcs1-empty", { SS(1) }, 0, BODY_RAW, 1, 0, 0, SEED_DECODES },
	{ "built-ss-fcs1-ck-raw", { SS(1), .checksum = 1 }, 200, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-wd1k-raw3", { .window_desc = WD_1K }, 900, BODY_RAW, 3, 0, 0, SEED_DECODES },
	{ "built-wd1k-m7-raw", { .window_desc = WD_1K_M7 }, 1800, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-wd1m-fcs2-ck-raw", { .window_desc = WD_1M, .fcs_bytes = 2, .checksum = 1 },
	  5000, BODY_RAW, 2, 0, 0, SEED_DECODES },
	{ "built-wd128m-raw", { .window_desc = WD_128M }, 300, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-wd256m-raw", { .window_desc = WD_256M }, 300, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-wd4g-raw", { .window_desc = WD_TOO_BIG }, 300, BODY_RAW, 1, 0, 0, SEED_FAILS },
	{ "built-unused-bit-raw", { SS(1), .fhd_extra = 0x10 }, 200, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-ss-fcs1-rle", { SS(1) }, 250, BODY_RLE, 1, 0, 0, SEED_DECODES },
	{ "built-wd1m-rle4-ck", { .window_desc = WD_1M, .checksum = 1 }, 40000, BODY_RLE, 4,
	  0, 0, SEED_DECODES },
	{ "built-ss-fcs1-rle-empty", { SS(1) }, 0, BODY_RLE, 1, 0, 0, SEED_DECODES },
	{ "built-dict1-raw", { SS(1), .dict_bytes = 1, .dict_id = 7 }, 200, BODY_RAW, 1, 0, 0,
	  SEED_FAILS },
	{ "built-dict2-raw", { SS(1), .dict_bytes = 2, .dict_id = 0x1234 }, 200, BODY_RAW, 1,
	  0, 0, SEED_FAILS },
	{ "built-dict4-raw", { .window_desc = WD_1M, .dict_bytes = 4, .dict_id = 0x8badf00d },
	  200, BODY_RAW, 1, 0, 0, SEED_FAILS },
	{ "built-reserved-bit", { SS(1), .fhd_extra = 0x08 }, 200, BODY_RAW, 1, 0, 0,
	  SEED_FAILS },
	{ "built-reserved-block", { SS(1) }, 200, BODY_RESERVED, 1, 0, 0, SEED_FAILS },
	{ "built-garbage-block", { SS(1) }, 200, BODY_GARBAGE, 1, 0, 0, SEED_FAILS },
	/* Over the 1 KiB block limit the window implies: the reference lets it pass. */
	{ "built-block-over-window", { .window_desc = WD_1K }, 2000, BODY_RAW, 1, 0, 0,
	  SEED_DECODES },
	{ "built-bad-checksum", { SS(1), .checksum = 1 }, 200, BODY_RAW, 1, 0, 1, SEED_FAILS },
	{ "built-fcs-too-big", { SS(2) }, 300, BODY_RAW, 1, 1, 0, SEED_FAILS },
	{ "built-fcs-too-small", { SS(2) }, 300, BODY_RAW, 1, -1, 0, SEED_FAILS },
	{ "built-header-only", { SS(1) }, 200, BODY_NONE, 1, 0, 0, SEED_FAILS },
};

static void built_blocks(struct frame_build *fb, const struct built_case *c, const uint8_t *content)
{
	size_t done = 0;

	for (int b = 0; b < c->blocks; b++) {
		size_t n = (c->content_len - done) / (size_t)(c->blocks - b);
		int last = b == c->blocks - 1;

		if (c->body == BODY_RLE)
			fb_rle_block(fb, 'z', (uint32_t)n, last);
		else
			fb_raw_block(fb, content + done, (uint32_t)n, last);
		done += n;
	}
}

static void built_body(struct frame_build *fb, const struct built_case *c, uint8_t *content)
{
	switch (c->body) {
	case BODY_RAW:
	case BODY_RLE:
		built_blocks(fb, c, content);
		break;
	case BODY_RESERVED:
		fb_block_header(fb, FB_BLOCK_RESERVED, 10, 1);
		fb_bytes(fb, content, 10);
		break;
	case BODY_GARBAGE:
		fb_block_header(fb, FB_BLOCK_COMPRESSED, 16, 1);
		lib_sample_fill(content, 16, LIB_SAMPLE_RANDOM, 16);
		fb_bytes(fb, content, 16);
		break;
	case BODY_NONE:
		break;
	}
}

static int built_frame(const struct seed_sink *sink, const struct built_case *c,
		       uint8_t *content, uint8_t *frame)
{
	struct fb_header h = c->h;
	struct frame_build fb;
	uint32_t sum = 0;

	if (c->body == BODY_RLE)
		memset(content, 'z', c->content_len);
	else
		lib_sample_fill(content, c->content_len, LIB_SAMPLE_TEXT, (uint32_t)c->content_len);
	h.content_size = (uint64_t)((long)c->content_len + c->fcs_delta);
	fb_init(&fb, frame, BUILT_MAX);
	fb_header(&fb, &h);
	built_body(&fb, c, content);
	if (h.checksum && ref_content_checksum(content, c->content_len, &sum))
		return -1;
	if (h.checksum)
		fb_le(&fb, sum ^ (uint32_t)c->bad_checksum, 4);
	if (fb.overflow)
		return -1;
	return seed_emit(sink, c->expect, c->content_len, fb.buf, fb.len, "%s", c->name);
}

/* Skippable frames alone, around a frame, and one that claims too much. */
static int built_skippable(const struct seed_sink *sink, uint8_t *buf)
{
	static const char note[] = "kzfuzz skippable";
	struct frame_build fb;
	int ret;

	fb_init(&fb, buf, BUILT_MAX);
	fb_skippable(&fb, 0, NULL, 0);
	ret = seed_emit(sink, SEED_DECODES, 0, fb.buf, fb.len, "built-skippable0-empty");
	fb_init(&fb, buf, BUILT_MAX);
	fb_skippable(&fb, 15, note, sizeof(note));
	fb_header(&fb, &(struct fb_header){ SS(1), .content_size = sizeof(note) });
	fb_raw_block(&fb, note, sizeof(note), 1);
	fb_skippable(&fb, 7, note, 4);
	if (!ret)
		ret = seed_emit(sink, SEED_DECODES, sizeof(note), fb.buf, fb.len,
				"built-skippable15-frame-skippable7");
	fb_init(&fb, buf, BUILT_MAX);
	fb_le(&fb, FB_SKIPPABLE_MAGIC | 3, 4);
	fb_le(&fb, 1000, 4);
	fb_bytes(&fb, note, sizeof(note));
	if (!ret)
		ret = seed_emit(sink, SEED_FAILS, 0, fb.buf, fb.len, "built-skippable3-short");
	return ret;
}

#define SPLIT_OUT(nbseq, ml)	(4 + SD_SPLIT_LITS + (uint64_t)(nbseq) * (ml))

/* Sequences over 1.5.x's split literal buffer (sd_split_frame); content 0: it fails. */
static const struct built_split {
	const char *name;
	struct sd_split s;
	size_t decodes;
} built_splits[] = {
	/* 9 (prefetch) sequences of 15 literals: the 7th crosses the split, read ahead. */
	{ "built-prefetch-split-literals", { .nbseq = 9, .ll = 15, .content = SPLIT_OUT(9, 3) },
	  SPLIT_OUT(9, 3) },
	/* 20 with matches of 10 (code 7): the 7th crosses it while the decoder reads the 15th. */
	{ "built-prefetch-split-cross-early",
	  { .nbseq = 20, .ll = 15, .ml_code = 7, .content = SPLIT_OUT(20, 10) }, SPLIT_OUT(20, 10) },
	/* 9 of 12: the 9th crosses it, 4 literals left before it (copied byte by byte). */
	{ "built-prefetch-split-cross-4-left", { .nbseq = 9, .ll = 12, .content = SPLIT_OUT(9, 3) },
	  SPLIT_OUT(9, 3) },
	/* 2 (the short decoder) of 60 (code 24, 48 + 12): the 2nd crosses it, 40 left before it. */
	{ "built-split-cross-40-left",
	  { .nbseq = 2, .ll = 24, .ll_extra = 12, .ll_bits = 4, .content = SPLIT_OUT(2, 3) },
	  SPLIT_OUT(2, 3) },
	/* 9 of 10 literals: none crosses, the last literals do. */
	{ "built-prefetch-split-last-literals", { .nbseq = 9, .ll = 10, .content = SPLIT_OUT(9, 3) },
	  SPLIT_OUT(9, 3) },
	/* 8 of 10 (the short decoder): none crosses. */
	{ "built-split-last-literals", { .nbseq = 8, .ll = 10, .content = SPLIT_OUT(8, 3) },
	  SPLIT_OUT(8, 3) },
	/*
	 * Streamed: 3 RLE blocks of 128 KiB, the ring wraps, and a match at
	 * offset 20 (code 4, 16 + 7 - 3) of 10 bytes starts 5 bytes into the
	 * earlier output (the split short decoder's extDict copy in two parts).
	 */
	{ "built-split-match-from-ring-end",
	  { .nbseq = 1, .ll = 15, .ml_code = 7, .of_code = 4, .of_extra = 7, .rle_before = 3 },
	  3 * 128 * 1024 + SD_SPLIT_LITS + 10 },
	/* At offset 40 (code 5, 32 + 11 - 3): all 10 bytes in the earlier output. */
	{ "built-split-match-in-ring-end",
	  { .nbseq = 1, .ll = 15, .ml_code = 7, .of_code = 5, .of_extra = 11, .rle_before = 3 },
	  3 * 128 * 1024 + SD_SPLIT_LITS + 10 },
	/*
	 * A block of 128 KiB: a match of 131000 bytes (code 52, 65539 + 65461)
	 * runs over the literals kept at the output's end (its slow path), and
	 * the last ones then do not fit.
	 */
	{ "built-split-match-over-literals",
	  { .nbseq = 1, .ll = 15, .ml_code = 52, .ml_extra = 65461, .ml_bits = 16,
	    .content = 4 + 131072 }, 0 },
};

static int built_split(const struct seed_sink *sink, uint8_t *buf)
{
	int ret = 0;

	for (size_t i = 0; i < sizeof(built_splits) / sizeof(built_splits[0]) && !ret; i++) {
		const struct built_split *b = &built_splits[i];
		size_t len = sd_split_frame(buf, BUILT_MAX, &b->s);

		ret = len ? seed_emit(sink, b->decodes ? SEED_DECODES : SEED_FAILS, b->decodes,
				      buf, len, "%s", b->name) : -1;
	}
	return ret;
}

static int for_each_built(const struct seed_sink *sink,
			  int (*one)(const struct seed_sink *, const struct built_case *,
				     uint8_t *, uint8_t *))
{
	uint8_t *content = malloc(BUILT_MAX), *frame = malloc(BUILT_MAX);
	int ret = -1;

	if (!content || !frame)
		goto out;
	ret = 0;
	for (size_t i = 0; i < sizeof(built_cases) / sizeof(built_cases[0]) && !ret; i++)
		ret = one(sink, &built_cases[i], content, frame);
	if (!ret && one == built_frame)
		ret = built_skippable(sink, frame);
	if (!ret && one == built_frame)
		ret = built_split(sink, frame);
out:
	free(content);
	free(frame);
	return ret;
}

int seeds_built_frames(const struct seed_sink *sink)
{
	return for_each_built(sink, built_frame);
}

/* Each header cut after every byte past the magic: the "need N more bytes" answers. */
static int header_prefixes(const struct seed_sink *sink, const struct built_case *c,
			   uint8_t *content, uint8_t *frame)
{
	struct fb_header h = c->h;
	struct frame_build fb;
	int ret = 0;

	(void)content;
	h.content_size = c->content_len;
	fb_init(&fb, frame, BUILT_MAX);
	fb_header(&fb, &h);
	for (size_t n = 4; n < fb.len && !ret; n++)
		ret = seed_emit(sink, SEED_FAILS, 0, fb.buf, n, "%s-head%zu", c->name, n);
	return ret;
}

int seeds_built_headers(const struct seed_sink *sink)
{
	return for_each_built(sink, header_prefixes);
}

/*
 * decompress_stream's trailer: max_window 8 MiB (3 bytes), then the chunk
 * generator's seed (4) and largest chunk (3): fuzz/zstd_fuzz.c
 * fuzz_chunks_init. This seed and largest chunk (found by trying 5000)
 * split a 9-byte raw frame so that the call that decodes its last bytes
 * flushes only part of them (zstd keeps a hostage input byte), and the
 * next call brings no input and room for the rest: ZSTD_decompressStream's
 * "can't release hostage (not present)" return.
 */
static const uint8_t hostage_params[] = { 0x7f, 0xfc, 0x00, 0xea, 0xa7, 0x3d, 0x79,
					  0x00, 0x00, 0x0a };

int seeds_built_stream_frames(const struct seed_sink *sink)
{
	static const uint8_t content[] = "ABCDEFGHI";
	const struct fb_header h = { SS(1), .content_size = sizeof(content) - 1 };
	uint8_t frame[64], in[64 + FUZZ_INPUT_PARAMS_MAX + 8];
	struct frame_build fb;
	size_t n;

	fb_init(&fb, frame, sizeof(frame));
	fb_header(&fb, &h);
	fb_raw_block(&fb, content, sizeof(content) - 1, 1);
	if (fb.overflow)
		return -1;
	n = fuzz_input_build(in, sizeof(in), fb.buf, fb.len, hostage_params,
			     sizeof(hostage_params));
	if (!n)
		return -1;
	return seed_emit(sink, SEED_DECODES, sizeof(content) - 1, in, n,
			 "built-raw9-hostage-chunks");
}
