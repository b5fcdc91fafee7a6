// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify-seeds DIR: writes every buffer of tools/seeds/fanotify_seeds.c into
 * DIR/<name>, after checking that the reference parses it as its entry
 * says (a seed that does not is a bug here, and nothing is written).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fanotify_seeds.h"
#include "file_write.h"

static int check(const struct seeds_fan_buffer *s, const uint8_t *buf, size_t len)
{
	struct fo_buffer b;
	struct fo_error err;
	int ret = fo_parse(buf, len, &b, &err);

	if (!ret)
		fo_free(&b);
	if ((ret ? err.code : FO_OK) == s->expect)
		return 0;
	fprintf(stderr, "fanotify-seeds: %s: parses as \"%s\", expected \"%s\"\n", s->name,
		fo_strerror(ret ? err.code : FO_OK), fo_strerror(s->expect));
	return -1;
}

/* Write-then-rename: a seed appears whole or not at all. */
static int save(const char *dir, const char *name, const uint8_t *buf, size_t len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return lib_file_write(path, buf, len);
}

int main(int argc, char **argv)
{
	static uint8_t buf[SEEDS_FAN_MAX];
	struct stat st;

	if (argc != 2) {
		fprintf(stderr, "usage: fanotify-seeds DIR\n");
		return 2;
	}
	if (stat(argv[1], &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "fanotify-seeds: %s: not a directory\n", argv[1]);
		return 2;
	}
	for (size_t i = 0; i < seeds_fan_count; i++) {
		const struct seeds_fan_buffer *s = &seeds_fan[i];
		size_t len = s->build(buf);

		if (check(s, buf, len))
			return 1;
		if (save(argv[1], s->name, buf, len)) {
			fprintf(stderr, "fanotify-seeds: %s/%s: cannot write\n", argv[1], s->name);
			return 1;
		}
	}
	return 0;
}
