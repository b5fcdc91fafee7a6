// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "golden_divergences.h"
#include "line_file.h"

struct divergence_load {
	struct golden_divergence *d;
	struct golden_answer *a;
	size_t cap, *count;
};

static int hex64(const char *s)
{
	return strlen(s) == 64 && strspn(s, "0123456789abcdef") == 64;
}

static int vector_line(const char *line, struct golden_divergence *d, char *why, size_t whylen)
{
	char extra[2] = "";
	size_t l;

	if (d->set[0])
		return line_file_fail(why, whylen, "a second vector line");
	if (sscanf(line, "vector %23s %63s %64s %1s", d->set, d->file, d->sha256, extra) < 2 ||
	    extra[0])
		return line_file_fail(why, whylen, "want: vector SET FILE [SHA-256]");
	l = strlen(d->file);
	if (l < 5 || strcmp(d->file + l - 4, ".zst") || strchr(d->file, '/'))
		return line_file_fail(why, whylen, "want a FILE <name>.zst of the folder");
	if (!strcmp(d->set, "must-decode") ? !hex64(d->sha256) :
	    (strcmp(d->set, "must-fail") && strcmp(d->set, "version-dependent")) || d->sha256[0])
		return line_file_fail(why, whylen, "want must-fail, version-dependent, or "
				      "must-decode and the SHA-256 of the output");
	snprintf(d->rel, sizeof(d->rel), "%s/%s.zst", d->set, d->id);
	return 1;
}

static int divergence_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct divergence_load *l = ctx;
	struct golden_answer *a = &l->a[*l->count];

	if (!line[0] || line[0] == '\n' || line[0] == '#')
		return 0;
	if (!strncmp(line, "vector ", 7))
		return vector_line(line, l->d, why, whylen);
	if (!l->d->set[0])
		return line_file_fail(why, whylen, "want the vector line before the answers");
	if (*l->count == l->cap)
		return line_file_fail(why, whylen, "too many answers");
	snprintf(a->path, sizeof(a->path), "%s", l->d->rel);
	if (golden_answer_parse_tail(line, a, why, whylen) < 0)
		return -1;
	if (golden_answer_find(l->a, *l->count, a->path, a->version, a->way))
		return line_file_fail(why, whylen, "version and way listed twice");
	(*l->count)++;
	return 1;
}

int golden_divergence_load(const char *dir, const char *id, struct golden_divergence *d,
			   struct golden_answer *a, size_t cap, size_t *count,
			   char *err, size_t errlen)
{
	struct divergence_load l = { d, a, cap, count };
	char path[512];

	memset(d, 0, sizeof(*d));
	if (snprintf(d->id, sizeof(d->id), "%s", id) >= (int)sizeof(d->id)) {
		snprintf(err, errlen, "%s/%s: a name over %d characters", dir, id, GOLDEN_ID_MAX - 1);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s/golden.txt", dir, id);
	if (line_file_load(path, divergence_line, &l, err, errlen))
		return -1;
	if (!d->set[0]) {
		snprintf(err, errlen, "%s: no vector line", path);
		return -1;
	}
	return 0;
}
