// SPDX-License-Identifier: GPL-2.0
/*
 * gate-speed [-s BYTES] [-t MS] LEVEL...: compression ratio and speed of
 * the tree's zstd per level, on the deterministic mixed sample
 * (lib/sample_data.c), through the whole-buffer wrapper calls
 * (zstd_compress_cctx, zstd_decompress_dctx). One CSV line per level:
 *
 *   level,input_bytes,compressed_bytes,ratio,compress_mbps,decompress_mbps
 *
 * Speeds are measured in process CPU time (other processes on a shared
 * machine do not count), after one untimed call, repeating each call for
 * at least -t ms, best of 3 rounds. The output is checked against the input: a wrong round trip
 * exits 1. Bad arguments exit 2.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kz.h"
#include "sample_data.h"

#define ROUNDS	3

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

struct bufs {
	uint8_t *src, *dst, *back;
	size_t len, cap;
};

/* Best-of-ROUNDS MB/s of one direction; the size of what the last call returned. */
static double best_mbps(const struct bufs *b, int level, int decompress, long min_ms,
			size_t zlen, size_t *ret)
{
	double best = 0;

	/* One call untimed: page faults and cold caches are not the code's speed. */
	*ret = decompress ? kz_decompress(b->back, b->len, b->dst, zlen) :
			    kz_compress(b->dst, b->cap, b->src, b->len, level);
	if (kz_is_error(*ret))
		return -1;
	for (int r = 0; r < ROUNDS; r++) {
		double t0 = cpu_now(), t;
		unsigned long calls = 0;

		do {
			*ret = decompress ? kz_decompress(b->back, b->len, b->dst, zlen) :
					    kz_compress(b->dst, b->cap, b->src, b->len, level);
			if (kz_is_error(*ret))
				return -1;
			calls++;
			t = cpu_now() - t0;
		} while (t * 1000 < (double)min_ms);
		if ((double)b->len * (double)calls / t / 1e6 > best)
			best = (double)b->len * (double)calls / t / 1e6;
	}
	return best;
}

int main(int argc, char **argv)
{
	long size = 1 << 18, min_ms = 100, level;
	struct bufs b;
	int i = 1;

	for (; i + 1 < argc && argv[i][0] == '-' && isalpha((unsigned char)argv[i][1]) && !argv[i][2]; i += 2) {
		if (argv[i][1] == 's' && !parse_long(argv[i + 1], 1, 1L << 28, &size))
			continue;
		if (argv[i][1] == 't' && !parse_long(argv[i + 1], 1, 100000, &min_ms))
			continue;
		fprintf(stderr, "gate-speed: bad option %s %s\n", argv[i], argv[i + 1]);
		return 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: gate-speed [-s BYTES] [-t MS] LEVEL...\n");
		return 2;
	}
	b.len = (size_t)size;
	b.cap = b.len + b.len / 128 + 1024;
	b.src = malloc(b.len);
	b.dst = malloc(b.cap);
	b.back = malloc(b.len);
	if (!b.src || !b.dst || !b.back) {
		fprintf(stderr, "gate-speed: out of memory\n");
		return 2;
	}
	lib_sample_fill(b.src, b.len, LIB_SAMPLE_MIXED, 1);
	printf("level,input_bytes,compressed_bytes,ratio,compress_mbps,decompress_mbps\n");
	for (; i < argc; i++) {
		size_t zlen, out;
		double c, d;

		if (parse_long(argv[i], -(1L << 17), 22, &level)) {
			fprintf(stderr, "gate-speed: bad level %s\n", argv[i]);
			return 2;
		}
		c = best_mbps(&b, (int)level, 0, min_ms, 0, &zlen);
		if (c < 0) {
			fprintf(stderr, "gate-speed: level %ld: compression fails: %s\n", level,
				kz_error_name(zlen));
			return 1;
		}
		d = best_mbps(&b, (int)level, 1, min_ms, zlen, &out);
		if (d < 0 || out != b.len || memcmp(b.back, b.src, b.len)) {
			fprintf(stderr, "gate-speed: level %ld: the round trip does not give the input back\n",
				level);
			return 1;
		}
		printf("%ld,%zu,%zu,%.4f,%.2f,%.2f\n", level, b.len, zlen,
		       (double)b.len / (double)zlen, c, d);
		fflush(stdout);
	}
	free(b.src);
	free(b.dst);
	free(b.back);
	return 0;
}
