// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the deterministic seed corpus of the zstd targets:
 *
 *   gen-seeds OUTDIR [TARGET...]
 *
 * one OUTDIR/<target>/ per target (all by default), each new: the caller
 * generates into a fresh folder and renames it into place.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "seeds.h"

struct writer {
	char dir[4096];
	unsigned long files;
	unsigned long long bytes;
};

static int write_seed(void *ctx, const struct seed *s)
{
	struct writer *w = ctx;
	char path[4096 + 160];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", w->dir, s->name);
	f = fopen(path, "wbx");
	if (!f) {
		fprintf(stderr, "gen-seeds: %s: cannot create: %s\n", path, strerror(errno));
		return -1;
	}
	ok = fwrite(s->data, 1, s->len, f) == s->len;
	ok = !fclose(f) && ok;
	if (!ok) {
		fprintf(stderr, "gen-seeds: %s: write failed\n", path);
		return -1;
	}
	w->files++;
	w->bytes += s->len;
	return 0;
}

static int gen_target(const char *outdir, const char *target)
{
	struct writer w = { .files = 0 };
	struct seed_sink sink = { .emit = write_seed, .ctx = &w };

	snprintf(w.dir, sizeof(w.dir), "%s/%s", outdir, target);
	if (mkdir(w.dir, 0777)) {
		fprintf(stderr, "gen-seeds: %s: cannot create: %s\n", w.dir, strerror(errno));
		return 1;
	}
	if (seeds_for_target(target, &sink)) {
		fprintf(stderr, "gen-seeds: %s: generation failed\n", target);
		return 1;
	}
	printf("gen-seeds: %-20s %4lu seeds %9llu bytes\n", target, w.files, w.bytes);
	return 0;
}

static int known_target(const char *name)
{
	for (size_t i = 0; seed_target(i); i++)
		if (!strcmp(name, seed_target(i)))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: gen-seeds OUTDIR [TARGET...]\n");
		return 2;
	}
	for (int i = 2; i < argc; i++)
		if (!known_target(argv[i])) {
			fprintf(stderr, "gen-seeds: %s: not a zstd target\n", argv[i]);
			return 2;
		}
	if (mkdir(argv[1], 0777) && errno != EEXIST) {
		fprintf(stderr, "gen-seeds: %s: cannot create: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (argc == 2)
		for (size_t i = 0; seed_target(i) && !ret; i++)
			ret = gen_target(argv[1], seed_target(i));
	for (int i = 2; i < argc && !ret; i++)
		ret = gen_target(argv[1], argv[i]);
	return ret;
}
