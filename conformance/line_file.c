// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_file.h"

int line_file_fail(char *why, size_t whylen, const char *msg)
{
	snprintf(why, whylen, "%s", msg);
	return -1;
}

int line_file_load(const char *path, line_file_fn one, void *ctx, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[512], why[200];
	unsigned int lineno = 0;
	int ret = 0;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (!ret && fgets(line, sizeof(line), f)) {
		lineno++;
		if (one(line, ctx, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s:%u: %s", path, lineno, why);
			ret = -1;
		}
	}
	fclose(f);
	return ret;
}

/* The items being loaded and a scratch item for the line at hand. */
struct items_load {
	struct line_items *l;
	void *scratch;
};

static int take_item(const char *line, void *ctx, char *why, size_t whylen)
{
	struct items_load *ld = ctx;
	struct line_items *l = ld->l;
	int r = l->parse(line, ld->scratch, why, whylen);

	if (r <= 0)
		return r;
	if (l->accept && l->accept(l, ld->scratch, why, whylen) < 0)
		return -1;
	if (*l->count == l->cap) {
		snprintf(why, whylen, l->full, l->cap);
		return -1;
	}
	memcpy((char *)l->items + *l->count * l->size, ld->scratch, l->size);
	(*l->count)++;
	return 1;
}

int line_file_load_items(const char *path, struct line_items *l, char *err, size_t errlen)
{
	struct items_load ld = { l, malloc(l->size) };
	int ret;

	*l->count = 0;
	if (!ld.scratch) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	ret = line_file_load(path, take_item, &ld, err, errlen);
	free(ld.scratch);
	return ret;
}
