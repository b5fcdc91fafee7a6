// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_file.h"
#include "stack_budget.h"

#define FIELDS 4

/* Trims s in place; returns its first non-blank character. */
static char *trim(char *s)
{
	char *end = s + strlen(s);

	while (isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int split(char *line, char **field)
{
	int n = 0;

	field[n++] = line;
	for (char *p = line; *p; p++) {
		if (*p != '|' || n == FIELDS)
			continue;
		*p = '\0';
		field[n++] = p + 1;
	}
	for (int i = 0; i < n; i++)
		field[i] = trim(field[i]);
	return n;
}

static int parse_int(const char *s, int *v)
{
	char *end;
	long l;

	errno = 0;
	l = strtol(s, &end, 10);
	if (errno || end == s || *end || l < -1000000 || l > 1000000)
		return -1;
	*v = (int)l;
	return 0;
}

static int parse_levels(char *s, struct stack_budget *b)
{
	char *dots = strstr(s, "..");

	b->any_level = !strcmp(s, "*");
	if (b->any_level)
		return 0;
	if (!strcmp(s, "-")) {
		b->lo = b->hi = STACK_BUDGET_NO_LEVEL;
		return 0;
	}
	if (!dots)
		return parse_int(s, &b->lo) ? -1 : (b->hi = b->lo, 0);
	*dots = '\0';
	if (parse_int(s, &b->lo) || parse_int(dots + 2, &b->hi) || b->lo > b->hi)
		return -1;
	return 0;
}

int stack_budget_parse(const char *line, struct stack_budget *b, char *err, size_t errlen)
{
	char buf[512], *field[FIELDS], *s, *end;

	if (strlen(line) >= sizeof(buf))
		return line_file_fail(err, errlen, "line too long");
	strcpy(buf, line);
	s = trim(buf);
	if (!*s || *s == '#')
		return 0;
	memset(b, 0, sizeof(*b));
	if (split(s, field) != FIELDS)
		return line_file_fail(err, errlen, "want 4 '|'-separated fields: entry | levels | bytes | why");
	if (!*field[0] || strlen(field[0]) >= sizeof(b->entry) || strpbrk(field[0], " \t"))
		return line_file_fail(err, errlen, "bad entry pattern");
	strcpy(b->entry, field[0]);
	if (parse_levels(field[1], b))
		return line_file_fail(err, errlen, "bad levels (want *, -, N or A..B)");
	errno = 0;
	b->bytes = strtol(field[2], &end, 10);
	if (errno || end == field[2] || *end || b->bytes <= 0)
		return line_file_fail(err, errlen, "bad budget (want a positive byte count)");
	if (!*field[3])
		return line_file_fail(err, errlen, "missing justification");
	snprintf(b->why, sizeof(b->why), "%s", field[3]);
	return 1;
}

static int parse_budget(const char *line, void *item, char *why, size_t whylen)
{
	return stack_budget_parse(line, item, why, whylen);
}

int stack_budget_load(const char *path, struct stack_budget *b, size_t cap, size_t *count,
		      char *err, size_t errlen)
{
	struct line_items l = { b, sizeof(*b), cap, count, parse_budget, NULL,
				"more than %zu budgets" };

	return line_file_load_items(path, &l, err, errlen);
}

static int level_matches(const struct stack_budget *b, int level)
{
	return b->any_level || (level >= b->lo && level <= b->hi);
}

const struct stack_budget *stack_budget_find(const struct stack_budget *b, size_t count,
					     const char *entry, int level)
{
	for (size_t i = 0; i < count; i++)
		if (!fnmatch(b[i].entry, entry, 0) && level_matches(&b[i], level))
			return &b[i];
	return NULL;
}
