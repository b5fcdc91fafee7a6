// SPDX-License-Identifier: GPL-2.0
/*
 * Frames past 128 KiB of content, up to 10 MiB (the decompressors' 16 MiB
 * output cap, FUZZ_OUT_LIMIT, holds them): multi-block frames whose
 * offsets reach back across blocks, 1 MiB and 9 MiB, through windows of
 * 4 and 16 MiB (long-distance matching finds them); compressed blocks
 * near 128 KiB (the reference compressor never emits one of exactly
 * 128 KiB: it sends a block raw unless compressing saves
 * ZSTD_minGain(), srcSize / 64 + 2 bytes); and, for decompress_stream, the
 * 16 MiB window with the trailer that gives the kernel's stream that
 * window (a window over 8 MB, its default).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "ref_seeds.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "seeds_frames.h"

#define MIB	((size_t)1 << 20)

/* decompress_stream's first parameter, max_window in [1 KiB, 16 MiB]: 16 MiB. */
static const uint8_t stream_window_16m[] = { 0xff, 0xfc, 0x00 };

/* Compresses src with p, the trailer's params after it when given, and emits the seed. */
static int big_frame(const struct seed_sink *sink, const struct ref_seed_params *p,
		     const uint8_t *src, size_t len, const uint8_t *params, size_t params_len,
		     const char *name)
{
	size_t cap = ref_compress_bound(len), n;
	uint8_t *dst = malloc(cap), *in = malloc(cap + FUZZ_INPUT_PARAMS_MAX + 8);
	int ret = -1;

	if (!dst || !in)
		goto out;
	n = ref_seed_compress(dst, cap, src, len, p);
	if (ref_is_error(n)) {
		fprintf(stderr, "gen-seeds: %s: reference compression failed: %s\n", name,
			ref_error_name(n));
		goto out;
	}
	if (params_len)
		n = fuzz_input_build(in, cap + FUZZ_INPUT_PARAMS_MAX + 8, dst, n, params,
				     params_len);
	ret = n ? seed_emit(sink, SEED_DECODES, len, params_len ? in : dst, n, "%s", name) : -1;
out:
	free(dst);
	free(in);
	return ret;
}

/*
 * 1 MiB of mixed data, then copies of it: offsets of 1 MiB, or 9 MiB over
 * 8 MiB of zeros (RLE blocks: the frame stays small enough to commit).
 */
static uint8_t *repeats(size_t *len, int far)
{
	size_t n = far ? 10 * MIB : 3 * MIB;
	uint8_t *p = malloc(n);

	if (!p)
		return NULL;
	lib_sample_fill(p, MIB, LIB_SAMPLE_MIXED, 15);
	if (far) {
		memset(p + MIB, 0, 8 * MIB);
		memcpy(p + 9 * MIB, p, MIB);
	} else {
		memcpy(p + MIB, p, MIB);
		memcpy(p + 2 * MIB, p, MIB);
	}
	*len = n;
	return p;
}

/*
 * Random bytes, one in 16 a zero: about 7.8 bits a byte, so that each
 * 128 KiB block compresses (Huffman literals) to a little under the
 * compressor's limit, some 128,000 bytes.
 */
static uint8_t *near_incompressible(size_t len)
{
	uint8_t *p = malloc(len);
	uint32_t st = 0x9e3779b9;

	if (!p)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		uint32_t r = lib_sample_next(&st);

		p[i] = (r >> 28) == 0 ? 0 : (uint8_t)(r >> 8);
	}
	return p;
}

/* 1 MiB of mixed data, 8 MiB of zeros and the first MiB again, streamed through 16 MiB. */
static int far_frame(const struct seed_sink *sink, const uint8_t *params, size_t params_len,
		     const char *name)
{
	/* Streamed (size unknown): the header keeps the 16 MiB window. */
	const struct ref_seed_params back9m = { .level = 3, .wlog = 24, .ldm = 1, .chunk = MIB };
	size_t len;
	uint8_t *p = repeats(&len, 1);
	int ret = p ? big_frame(sink, &back9m, p, len, params, params_len, name) : -1;

	free(p);
	return ret;
}

int seeds_big_frames(const struct seed_sink *sink)
{
	const struct ref_seed_params near = { .level = 1, .content_size = 1, .checksum = 1 };
	const struct ref_seed_params back1m = { .level = 3, .wlog = 22, .ldm = 1,
						.content_size = 1, .checksum = 1 };
	size_t len = 4 * 128 * 1024;
	uint8_t *p = near_incompressible(len);
	int ret = p ? big_frame(sink, &near, p, len, NULL, 0, "big-near-128k-blocks-512k") : -1;

	free(p);
	p = ret ? NULL : repeats(&len, 0);
	ret = p ? big_frame(sink, &back1m, p, len, NULL, 0, "big-offsets-1m-wlog22-3m") : -1;
	free(p);
	return ret ? ret : far_frame(sink, NULL, 0, "big-offsets-9m-wlog24-10m");
}

int seeds_big_stream_frames(const struct seed_sink *sink)
{
	return far_frame(sink, stream_window_16m, sizeof(stream_window_16m),
			 "big-offsets-9m-wlog24-10m-maxwindow16m");
}
