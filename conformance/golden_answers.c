// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "golden_answers.h"
#include "line_file.h"

/* The next space-separated word of *s into out (cap bytes); 0 when there is none or it is too long. */
static int word(const char **s, char *out, size_t cap)
{
	size_t n = strcspn(*s, " \n");

	if (!n || n >= cap)
		return 0;
	memcpy(out, *s, n);
	out[n] = '\0';
	*s += n;
	*s += strspn(*s, " ");
	return 1;
}

int golden_answer_parse_tail(const char *line, struct golden_answer *a, char *why, size_t whylen)
{
	size_t rest;

	if (!word(&line, a->version, sizeof(a->version)))
		return line_file_fail(why, whylen, "want the reference's version (1.5.4) second");
	if (!word(&line, a->way, sizeof(a->way)) ||
	    (strcmp(a->way, "oneshot") && strcmp(a->way, "stream")))
		return line_file_fail(why, whylen, "want the way, oneshot or stream, third");
	rest = strcspn(line, "\n");
	if (rest >= sizeof(a->answer) ||
	    (strncmp(line, "decodes ", 8) && strncmp(line, "rejects ", 8)) || rest <= 8)
		return line_file_fail(why, whylen, "want \"decodes <sha256>\" or \"rejects <error>\" last");
	memcpy(a->answer, line, rest);
	a->answer[rest] = '\0';
	return 1;
}

static int parse_answer(const char *line, void *item, char *why, size_t whylen)
{
	struct golden_answer *a = item;

	if (!line[0] || line[0] == '\n' || line[0] == '#')
		return 0;
	if (!word(&line, a->path, sizeof(a->path)) || !strstr(a->path, ".zst") ||
	    strstr(a->path, ".."))
		return line_file_fail(why, whylen, "want a vector path <set>/<name>.zst first");
	return golden_answer_parse_tail(line, a, why, whylen);
}

static int accept_answer(const struct line_items *l, const void *item, char *why, size_t whylen)
{
	const struct golden_answer *a = l->items, *one = item;

	if (golden_answer_find(a, *l->count, one->path, one->version, one->way))
		return line_file_fail(why, whylen, "vector, version and way listed twice");
	return 0;
}

int golden_answers_load(const char *path, struct golden_answer *a, size_t cap, size_t *count,
			char *err, size_t errlen)
{
	struct line_items l = { a, sizeof(*a), cap, count, parse_answer, accept_answer,
				"too many answers" };

	return line_file_load_items(path, &l, err, errlen);
}

const char *golden_answer_find(const struct golden_answer *a, size_t count, const char *path,
			       const char *version, const char *way)
{
	for (size_t i = 0; i < count; i++)
		if (!strcmp(a[i].path, path) && !strcmp(a[i].version, version) &&
		    !strcmp(a[i].way, way))
			return a[i].answer;
	return NULL;
}
