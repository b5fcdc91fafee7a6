// SPDX-License-Identifier: GPL-2.0
/*
 * Parameter sweeps for the compressors: the match-finder templates that
 * zstd_get_params() picks by estimated size class, flushed streams whose
 * window wraps (the _extDict match finders past their early exit) and
 * blocks whose literals are one byte value (RLE literals).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds.h"

#define EST_PLAIN	3000
#define WRAP_SMALL	5896	/* through a 1 KiB window */
#define WRAP_LARGE	80000	/* through a 32 KiB window (<= 128 KB class) */
#define RLE_RANDOM	2000
#define RLE_PLAIN	12000
#define TAIL_MAX	64
#define X2_PLAIN	(131072 + 300)	/* a full block, then 300 bytes */

static void put_be(uint8_t *p, uint32_t v, int n)
{
	for (int i = n - 1; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static int emit_tail(const struct seed_sink *sink, const uint8_t *plain, size_t len,
		     const uint8_t *tail, size_t tlen, const char *name)
{
	uint8_t *in = malloc(len + TAIL_MAX);
	size_t n;
	int ret = -1;

	if (!in)
		return -1;
	n = fuzz_input_build(in, len + TAIL_MAX, plain, len, tail, tlen);
	if (n)
		ret = seed_emit(sink, SEED_PLAIN, 0, in, n, "%s", name);
	free(in);
	return ret;
}

/*
 * Letters of an 8-letter alphabet (3 bits a byte), level 1: the first block's
 * literals are 4 Huffman streams the wrapper's decoder (compress_oneshot's
 * round trip) reads with a double-symbol (X2) table; the 300-byte second
 * block reuses that table for one stream: HUF_decompress1X2_usingDTable.
 */
static int seed_x2_repeat(const struct seed_sink *sink)
{
	uint8_t *buf = malloc(X2_PLAIN), tail[2];
	uint32_t st = 5;
	char name[64];
	int ret;

	if (!buf)
		return -1;
	for (size_t i = 0; i < X2_PLAIN; i++)
		buf[i] = (uint8_t)('a' + (lib_sample_next(&st) >> 13) % 8);
	snprintf(name, sizeof(name), "x2repeat-letters-%d-level1", X2_PLAIN);
	ret = emit_tail(sink, buf, X2_PLAIN, tail, seed_level_tail(1, tail), name);
	free(buf);
	return ret;
}

/*
 * compress_oneshot's trailer after the level: estimate selector 1
 * (unknown) or 2 then the estimate - 1 in 4 bytes. Each size class has its
 * own table of parameters, hence its own minMatch per level.
 */
static const uint32_t est_sizes[] = { 0, 100000, 200000 };

int seeds_estimates(const struct seed_sink *sink)
{
	uint8_t plain[EST_PLAIN], tail[7];
	char name[64];
	int ret = 0;

	lib_sample_fill(plain, EST_PLAIN, LIB_SAMPLE_TEXT, 23);
	for (int level = -1; level <= ref_max_level() && !ret; level++) {
		for (size_t i = 0; i < sizeof(est_sizes) / sizeof(est_sizes[0]) && !ret; i++) {
			size_t n = seed_level_tail(level, tail);

			if (!level)
				break;
			tail[n++] = est_sizes[i] ? 2 : 1;
			if (est_sizes[i]) {
				put_be(tail + n, est_sizes[i] - 1, 4);
				n += 4;
			}
			snprintf(name, sizeof(name), "est-text-%d-level%d-est%u", EST_PLAIN, level,
				 (unsigned int)est_sizes[i]);
			ret = emit_tail(sink, plain, EST_PLAIN, tail, n, name);
		}
	}
	return ret ? ret : seed_x2_repeat(sink);
}

/*
 * compress_stream's trailer (fuzz/compress_stream.c): level, split (2 bytes
 * up to 65535 bytes of payload, 3 above), then per frame: pledge, delta - 1
 * (2 bytes), chunk state (4), chunk maximum (3), flush period (1).
 * wrong_to: the first frame pledges that many bytes (wrong, it fails) so
 * that the parameters get a small window; 0: it pledges right.
 */
struct stream_tail {
	int level;
	size_t len, split;
	size_t wrong_to;
	uint32_t max;		/* chunk maximum of the streamed frame */
};

static size_t stream_tail(const struct stream_tail *t, uint8_t *tail)
{
	size_t n = seed_level_tail(t->level, tail);
	int split_bytes = t->len > 65535 ? 3 : 2;
	size_t delta = t->wrong_to ? t->len - t->wrong_to : 1;

	put_be(tail + n, (uint32_t)t->split, split_bytes);
	n += split_bytes;
	tail[n++] = t->wrong_to ? 2 : 0;
	put_be(tail + n, (uint32_t)delta - 1, 2);
	n += 2;
	put_be(tail + n, 0x9e3779b1u, 4);
	n += 4;
	put_be(tail + n, t->wrong_to ? 0 : t->max, 3);
	n += 3;
	tail[n++] = t->wrong_to ? 0 : 1;
	/* The second frame: right pledge, chunks up to max, flush after each. */
	tail[n++] = 0;
	put_be(tail + n, 0, 2);
	n += 2;
	put_be(tail + n, 0x2545f491u, 4);
	n += 4;
	put_be(tail + n, t->max, 3);
	n += 3;
	tail[n++] = 1;
	return n;
}

static int emit_stream(const struct seed_sink *sink, const uint8_t *plain,
		       const struct stream_tail *t, const char *what)
{
	uint8_t tail[TAIL_MAX];
	char name[64];

	snprintf(name, sizeof(name), "%s-%zu-level%d", what, t->len, t->level);
	return emit_tail(sink, plain, t->len, tail, stream_tail(t, tail), name);
}

/*
 * Random bytes, then 'Z' + 16 bytes copied from them, again and again: the
 * copies are matches (every 4 bytes of random data are unique), so once the
 * random part is behind, a block's literals are all 'Z'.
 */
static void fill_rle_literals(uint8_t *buf)
{
	uint32_t st = 77;
	size_t pos = RLE_RANDOM;

	lib_sample_fill(buf, RLE_RANDOM, LIB_SAMPLE_RANDOM, 9);
	while (pos + 17 <= RLE_PLAIN) {
		buf[pos] = 'Z';
		memcpy(buf + pos + 1, buf + lib_sample_next(&st) % (RLE_RANDOM - 16), 16);
		pos += 17;
	}
	memset(buf + pos, 'Z', RLE_PLAIN - pos);
}

int seeds_stream_flushed(const struct seed_sink *sink)
{
	static const int large_levels[] = { 1, 2, 3 }, rle_levels[] = { 1, 5, 9 };
	uint8_t *buf = malloc(WRAP_LARGE);
	struct stream_tail t;
	int ret = 0;

	if (!buf)
		return -1;
	lib_sample_fill(buf, WRAP_SMALL, LIB_SAMPLE_TEXT, 6);
	for (int level = -1; level <= ref_max_level() && !ret; level++) {
		t = (struct stream_tail){ level, WRAP_SMALL, 0, 1001, 1024 };
		if (level)
			ret = emit_stream(sink, buf, &t, "wrapflush-text");
	}
	lib_sample_fill(buf, WRAP_LARGE, LIB_SAMPLE_TEXT, 7);
	for (size_t i = 0; i < sizeof(large_levels) / sizeof(large_levels[0]) && !ret; i++) {
		t = (struct stream_tail){ large_levels[i], WRAP_LARGE, 0, 20001, 16384 };
		ret = emit_stream(sink, buf, &t, "wrapflush-text");
	}
	fill_rle_literals(buf);
	for (size_t i = 0; i < sizeof(rle_levels) / sizeof(rle_levels[0]) && !ret; i++) {
		t = (struct stream_tail){ rle_levels[i], RLE_PLAIN, 0, 0, 4096 };
		ret = emit_stream(sink, buf, &t, "rlelit-random");
	}
	free(buf);
	return ret;
}

/*
 * Every strategy, fast (1) to btultra2 (9), on data past one block: the
 * trailer's fields after the level path (fuzz/zstd_params.c): windowLog
 * chosen, chain/hash/search logs, minMatch and targetLength the level's,
 * strategy chosen, content size on, checksum on for odd strategies, no
 * field out of range. Sizes just under, at and past 1 and 2 blocks.
 */
#define STRAT_MAX	((size_t)400000)

static const size_t strat_sizes[9] = {
	131073, 262143, 262144, 262145, 140000, 200000, 300000, 393216, 160000,
};

static size_t strategy_fields(uint8_t *tail, unsigned int strategy, unsigned int wlog)
{
	size_t n = 0;

	tail[n++] = 1;			/* windowLog: chosen */
	tail[n++] = (uint8_t)(wlog - 10);	/* ZSTD_WINDOWLOG_MIN + this */
	tail[n++] = 0;			/* chainLog: the level's */
	tail[n++] = 0;			/* hashLog */
	tail[n++] = 0;			/* searchLog */
	tail[n++] = 0;			/* minMatch */
	tail[n++] = 0;			/* targetLength */
	tail[n++] = 1;			/* strategy: chosen */
	tail[n++] = (uint8_t)(strategy - 1);	/* ZSTD_STRATEGY_MIN (ZSTD_fast) + this */
	tail[n++] = 1;			/* contentSizeFlag */
	tail[n++] = (uint8_t)(strategy & 1);	/* checksumFlag */
	tail[n++] = 0;			/* noDictIDFlag */
	return n;
}

/*
 * Mixed runs (text, random, one byte: the block splitter's cases), then
 * 48-byte copies every 4 KiB from offsets 1, 3, 8, 4 KiB, 64 KiB and
 * 128 KiB + 1 back: repeats near and far, within and past a block.
 */
static void fill_matchy(uint8_t *buf, size_t len, uint32_t seed)
{
	static const size_t offs[] = { 1, 3, 8, 4096, 65536, 131073 };
	size_t pos, i = 0;

	lib_sample_fill(buf, len, LIB_SAMPLE_MIXED, seed);
	for (pos = 4096; pos + 48 <= len; pos += 4096, i++) {
		size_t off = offs[i % (sizeof(offs) / sizeof(offs[0]))];

		if (off <= pos)
			memmove(buf + pos, buf + pos - off, 48);
	}
}

static int emit_strategy(const struct seed_sink *sink, uint8_t *plain, unsigned int s, int stream)
{
	struct stream_tail t = { .level = 3, .len = strat_sizes[s - 1],
				 .split = strat_sizes[s - 1] / 2, .max = 1 << 15 };
	uint8_t tail[TAIL_MAX];
	unsigned int wlog = 17 + s % 4;
	char name[64];
	size_t n;

	fill_matchy(plain, t.len, s);
	if (stream) {
		n = stream_tail(&t, tail);
	} else {
		n = seed_level_tail(t.level, tail);
		tail[n++] = 0;	/* estimate: the size */
		tail[n++] = 1;	/* capacity: zstd_compress_bound */
	}
	if (stream)
		tail[n++] = 0;	/* estimate: the pledge */
	n += strategy_fields(tail + n, s, wlog);
	tail[n++] = 1;		/* no field out of range */
	snprintf(name, sizeof(name), "strategy%u-wlog%u-%zu", s, wlog, t.len);
	return emit_tail(sink, plain, t.len, tail, n, name);
}

static int strategies(const struct seed_sink *sink, int stream)
{
	uint8_t *plain = malloc(STRAT_MAX);
	int ret = 0;

	if (!plain)
		return -1;
	for (unsigned int s = 1; s <= 9 && !ret; s++)
		ret = emit_strategy(sink, plain, s, stream);
	free(plain);
	return ret;
}

int seeds_strategies_oneshot(const struct seed_sink *sink)
{
	return strategies(sink, 0);
}

int seeds_strategies_stream(const struct seed_sink *sink)
{
	return strategies(sink, 1);
}
