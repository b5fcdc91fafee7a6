// SPDX-License-Identifier: GPL-2.0
/*
 * gate-frames FILE|DIR...: decodes every file (every file of every
 * directory, in sorted order) as zstd frames through the tree's
 * zstd_decompress_dctx and prints one line per file:
 *
 *   <path>\tok\t<bytes>\t<sha256 of the output>
 *   <path>\terror\t<error name>\t-
 *
 * The gate's baseline comparison runs it on both trees and compares the
 * lines. Output is flushed per file, so a crash keeps what came before.
 * Exit 0, or 2 on a file it cannot read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/zstd.h>

#include "kz.h"
#include "path_walk.h"
#include "sha256.h"

#define START_CAP	((size_t)1 << 20)
#define MAX_CAP		((size_t)1 << 28)

static int read_file(const char *path, uint8_t **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return -1;
	}
	*data = malloc(n ? (size_t)n : 1);
	if (!*data || fread(*data, 1, (size_t)n, f) != (size_t)n) {
		free(*data);
		fclose(f);
		return -1;
	}
	*len = (size_t)n;
	fclose(f);
	return 0;
}

static int decode_file(const char *path)
{
	uint8_t *src, *dst = NULL;
	size_t len, cap, ret = 0;
	char hex[65];

	if (read_file(path, &src, &len)) {
		fprintf(stderr, "gate-frames: %s: cannot read\n", path);
		return -1;
	}
	/* Grow the output until the frame fits or the error is another one. */
	for (cap = START_CAP; cap <= MAX_CAP; cap *= 4) {
		free(dst);
		dst = malloc(cap);
		if (!dst)
			break;
		ret = kz_decompress(dst, cap, src, len);
		if (!kz_is_error(ret) || zstd_get_error_code(ret) != ZSTD_error_dstSize_tooSmall)
			break;
	}
	if (!dst)
		printf("%s\terror\tout of memory\t-\n", path);
	else if (kz_is_error(ret))
		printf("%s\terror\t%s\t-\n", path, kz_error_name(ret));
	else {
		sha256_hex(dst, ret, hex);
		printf("%s\tok\t%zu\t%s\n", path, ret, hex);
	}
	fflush(stdout);
	free(dst);
	free(src);
	return 0;
}

/* lib_path_walk() callback. */
static int decode_one(const char *path, void *ctx)
{
	(void)ctx;
	return decode_file(path);
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: gate-frames FILE|DIR...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (lib_path_walk(argv[i], decode_one, NULL, "gate-frames"))
			ret = 2;
	return ret;
}
