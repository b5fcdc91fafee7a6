// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify-captures [-v] DIR...: every <name>.bin with its <name>.manifest in
 * DIR decoded by the reference parser and by the sample, checked field by
 * field against the manifest; the serializer must give the bytes back.
 * One line per failure (per capture with -v) and a summary; exit 1 if any
 * fails or a DIR has no captures.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture_check.h"

#define PROG		"fanotify-captures"
#define BIN_MAX		(1u << 20)

static int read_bin(const char *path, uint8_t **buf, size_t *len, char *why, size_t cap)
{
	FILE *f = fopen(path, "rb");

	if (!f) {
		snprintf(why, cap, "%.512s: %s", path, strerror(errno));
		return -1;
	}
	*buf = malloc(BIN_MAX);
	*len = *buf ? fread(*buf, 1, BIN_MAX, f) : 0;
	fclose(f);
	if (!*buf || *len == BIN_MAX) {
		snprintf(why, cap, "%.512s: too big or out of memory", path);
		return -1;
	}
	return 0;
}

/* One capture, stem being "<dir>/<name>". */
static int check_capture(const char *stem, char *why, size_t cap)
{
	static struct manifest expect;
	char path[4300];
	uint8_t *buf = NULL;
	size_t len;
	int ret = -1;

	snprintf(path, sizeof(path), "%s.manifest", stem);
	if (manifest_load(&expect, path, why, cap))
		return -1;
	snprintf(path, sizeof(path), "%s.bin", stem);
	if (!read_bin(path, &buf, &len, why, cap))
		ret = capture_check(&expect, buf, len, why, cap);
	free(buf);
	return ret;
}

static int is_manifest(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 9 && !strcmp(d->d_name + n - 9, ".manifest");
}

/* Checks every capture of dir; the number that failed, or -1. */
static int verbose;

static int check_dir(const char *dir, unsigned int *checked)
{
	char stem[4200], why[CAPTURE_WHY_MAX];
	struct dirent **names;
	int n, i, failed = 0;

	n = scandir(dir, &names, is_manifest, alphasort);
	if (n <= 0) {
		fprintf(stderr, PROG ": %s: no captures (%s)\n", dir, n < 0 ? strerror(errno) : "no *.manifest");
		return -1;
	}
	for (i = 0; i < n; i++) {
		snprintf(stem, sizeof(stem), "%s/%.*s", dir,
			 (int)(strlen(names[i]->d_name) - 9), names[i]->d_name);
		if (check_capture(stem, why, sizeof(why))) {
			printf("FAIL %s: %s\n", stem, why);
			failed++;
		} else if (verbose) {
			printf("ok   %s\n", stem);
		}
		free(names[i]);
	}
	free(names);
	*checked += (unsigned int)n;
	return failed;
}

int main(int argc, char **argv)
{
	unsigned int checked = 0, failed = 0;
	int i, r, broken = 0;

	verbose = argc > 1 && !strcmp(argv[1], "-v");
	if (argc < 2 + verbose) {
		fprintf(stderr, "usage: " PROG " [-v] DIR...\n");
		return 2;
	}
	for (i = 1 + verbose; i < argc; i++) {
		r = check_dir(argv[i], &checked);
		if (r < 0)
			broken = 1;
		else
			failed += (unsigned int)r;
	}
	printf(PROG ": %u captures checked against their manifests (parser, serializer, sample), %u failed\n",
	       checked, failed);
	return failed || broken ? 1 : 0;
}
