// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "golden_manifest.h"
#include "line_file.h"

#define PREFIX	"must-decode/"
#define SUFFIX	".zst"

static int is_digest(const char *s)
{
	for (int i = 0; i < 64; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* must-decode/<name>.zst, name of [A-Za-z0-9._-] and no "..". */
static int is_vector_path(const char *p, size_t len)
{
	size_t pre = strlen(PREFIX), suf = strlen(SUFFIX);

	if (len <= pre + suf || strncmp(p, PREFIX, pre) || memcmp(p + len - suf, SUFFIX, suf) ||
	    strstr(p, ".."))
		return 0;
	for (size_t i = pre; i < len; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", p[i]))
			return 0;
	return 1;
}

int golden_manifest_parse(const char *line, struct golden_entry *e, char *err, size_t errlen)
{
	size_t len = strcspn(line, "\n");

	if (!len || line[0] == '#')
		return 0;
	if (len < 66 || !is_digest(line))
		return line_file_fail(err, errlen, "want 64 lower-case hex digits first");
	if (line[64] != ' ' || line[65] != ' ')
		return line_file_fail(err, errlen, "want two spaces after the digest");
	if (!is_vector_path(line + 66, len - 66) || len - 66 >= sizeof(e->path))
		return line_file_fail(err, errlen, "want a path must-decode/<name>.zst (letters, digits, . _ -)");
	memcpy(e->sha256, line, 64);
	e->sha256[64] = '\0';
	memcpy(e->path, line + 66, len - 66);
	e->path[len - 66] = '\0';
	return 1;
}

static int parse_entry(const char *line, void *item, char *why, size_t whylen)
{
	return golden_manifest_parse(line, item, why, whylen);
}

/* No path twice. */
static int accept_entry(const struct line_items *l, const void *item, char *why, size_t whylen)
{
	const struct golden_entry *e = l->items, *one = item;

	for (size_t i = 0; i < *l->count; i++)
		if (!strcmp(e[i].path, one->path))
			return line_file_fail(why, whylen, "path listed twice");
	return 0;
}

int golden_manifest_load(const char *path, struct golden_entry *e, size_t cap, size_t *count,
			 char *err, size_t errlen)
{
	struct line_items l = { e, sizeof(*e), cap, count, parse_entry, accept_entry,
				"too many entries" };

	return line_file_load_items(path, &l, err, errlen);
}

unsigned char *golden_read_file(const char *path, size_t *len)
{
	return file_read(path, len);
}
