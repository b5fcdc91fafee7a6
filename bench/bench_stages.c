// SPDX-License-Identifier: GPL-2.0
/*
 * The per-stage rows: data made here, deterministically, each chosen so
 * that the reference compressor's frames put one stage of the decoder (or
 * one compression strategy) in front; bench_mix.c then counts what the
 * frames really hold, and the report prints it beside the row.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_stages.h"

#define KIB	1024u
#define MIB	(1024u * 1024u)

static unsigned long long rng(unsigned long long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Bytes with no repeats worth a match: raw blocks. */
static void fill_random(unsigned char *p, size_t n, unsigned long long seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(rng(&seed) >> 24);
}

/* Letters drawn from an alphabet of size symbols, the first ones likelier
 * when skew: literals that Huffman codes in about log2(size) or fewer bits. */
static void fill_letters(unsigned char *p, size_t n, unsigned int size, int skew,
			 unsigned long long seed)
{
	for (size_t i = 0; i < n; i++) {
		unsigned long long r = rng(&seed);
		unsigned int s = (unsigned int)(r % size);

		if (skew)
			s = s * (unsigned int)((r >> 32) % size) / size;
		p[i] = (unsigned char)('!' + s);
	}
}

/* 128 KiB blocks each of one byte: RLE blocks (all but a frame's first). */
static void fill_runs(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i / (128 * KIB) * 37);
}

/* Words from a small vocabulary with nearby repeats: short offsets. */
static void fill_text(unsigned char *p, size_t n, unsigned long long seed)
{
	static const char *const words[] = {
		"the ", "zstd ", "kernel ", "block ", "frame ", "window ", "offset ",
		"literal ", "sequence ", "huffman ", "table ", "stream ", "buffer ",
		"page ", "btrfs ", "squashfs ", "\n",
	};
	size_t i = 0;

	while (i < n) {
		const char *w = words[rng(&seed) % (sizeof(words) / sizeof(words[0]))];
		size_t len = strlen(w);

		if (len > n - i)
			len = n - i;
		memcpy(p + i, w, len);
		i += len;
	}
}

/* A random 6 MiB part repeated with a few changes: matches 6 MiB back,
 * which a window over 16 MiB keeps (the long-offset decoder of 1.4.10). */
static void fill_far_repeats(unsigned char *p, size_t n, unsigned long long seed)
{
	size_t part = 6 * MIB;

	fill_letters(p, n < part ? n : part, 64, 0, seed);
	for (size_t i = part; i < n; i++)
		p[i] = rng(&seed) % 512 ? p[i - part] : (unsigned char)rng(&seed);
}

#define SEED	0x2545f4914f6cdd1dULL

static void raw_data(unsigned char *p, size_t n)
{
	fill_random(p, n, SEED);
}

static void flat_letters(unsigned char *p, size_t n)
{
	fill_letters(p, n, 64, 0, SEED);
}

static void skewed_letters(unsigned char *p, size_t n)
{
	fill_letters(p, n, 48, 1, SEED);
}

static void text(unsigned char *p, size_t n)
{
	fill_text(p, n, SEED);
}

static void far_repeats(unsigned char *p, size_t n)
{
	fill_far_repeats(p, n, SEED);
}

#define D	BENCH_DECOMPRESS
#define C	BENCH_ONESHOT
static const struct bench_stage stages[] = {
	/* name, what it stresses, mode, level, data, bytes, unit, checksum, wlog */
	{ "raw-blocks", "raw blocks", D, 3, raw_data, 4 * MIB, 0, 0, 0 },
	{ "rle-blocks", "RLE blocks", D, 3, fill_runs, 4 * MIB, 0, 0, 0 },
	{ "huf1-lits", "Huffman literals, 1 stream", D, 3, flat_letters, 2 * MIB, 200, 0, 0 },
	{ "huf4-lits", "Huffman literals, 4 streams, 6-bit codes", D, 3, flat_letters, 4 * MIB,
	  0, 0, 0 },
	{ "huf4-skew", "Huffman literals, 4 streams, short codes", D, 1, skewed_letters, 4 * MIB,
	  0, 0, 0 },
	{ "seq-short", "sequences, short offsets", D, 3, text, 4 * MIB, 0, 0, 0 },
	{ "seq-long", "sequences, long offsets (window 32 MiB)", D, 3, far_repeats, 24 * MIB, 0,
	  0, 25 },
	{ "checksum", "frames with a checksum (XXH64)", D, 3, text, 4 * MIB, 0, 1, 0 },
	{ "dstream-4k", "streaming, 4 KiB output steps", BENCH_DSTREAM_4K, 3, text, 4 * MIB, 0, 0,
	  0 },
	{ "dstream-all", "streaming, one output buffer", BENCH_DSTREAM, 3, text, 4 * MIB, 0, 0,
	  0 },
	{ "c-fast", "compression, strategy fast (level 1)", C, 1, text, 2 * MIB, 0, 0, 0 },
	{ "c-dfast", "compression, strategy dfast (level 3)", C, 3, text, 2 * MIB, 0, 0, 0 },
	{ "c-greedy", "compression, strategy greedy (level 5)", C, 5, text, 2 * MIB, 0, 0, 0 },
	{ "c-lazy2", "compression, strategy lazy2 (level 8)", C, 8, text, 2 * MIB, 0, 0, 0 },
	{ "c-btlazy2", "compression, strategy btlazy2 (level 13)", C, 13, text, 256 * KIB, 0, 0,
	  0 },
	{ "c-btopt", "compression, strategy btopt (level 16)", C, 16, text, 128 * KIB, 0, 0, 0 },
	{ "c-btultra2", "compression, strategy btultra2 (level 19)", C, 19, text, 128 * KIB, 0,
	  0, 0 },
	{ "c-stream", "streaming compression, 4 KiB steps (level 3)", BENCH_STREAM, 3, text,
	  2 * MIB, 0, 0, 0 },
};

size_t bench_stage_count(void)
{
	return sizeof(stages) / sizeof(stages[0]);
}

const struct bench_stage *bench_stage(size_t i)
{
	return i < bench_stage_count() ? &stages[i] : NULL;
}

unsigned char *bench_stage_data(const struct bench_stage *st)
{
	unsigned char *p = malloc(st->size);

	if (p)
		st->fill(p, st->size);
	return p;
}
