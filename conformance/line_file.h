/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gate's line-oriented data files (golden manifest, stack budgets):
 * every line goes to a parser; the first error comes back as
 * "PATH:LINE: why".
 */
#ifndef LINE_FILE_H
#define LINE_FILE_H

#include <stddef.h>

/* One line: >0 taken, 0 blank or comment, <0 error (why filled in). */
typedef int (*line_file_fn)(const char *line, void *ctx, char *why, size_t whylen);

/* 0, or -1 with err filled in (open failure or a line's error). */
int line_file_load(const char *path, line_file_fn one, void *ctx, char *err, size_t errlen);
/*
 * A file of one item a line, into an array of cap items of size bytes:
 * parse fills one item (1), skips the line (0) or fails (-1, why filled
 * in); accept, if set, may refuse an item against those taken before it
 * (-1, why filled in); full says why once cap items are taken (a printf
 * format that may take cap as its one %zu).
 */
struct line_items {
	void *items;
	size_t size, cap, *count;
	int (*parse)(const char *line, void *item, char *why, size_t whylen);
	int (*accept)(const struct line_items *l, const void *item, char *why, size_t whylen);
	const char *full;
};

/* 0, or -1 with err filled in; *count items taken either way. */
int line_file_load_items(const char *path, struct line_items *l, char *err, size_t errlen);
/* Puts msg into why; returns -1, a parser's error status. */
int line_file_fail(char *why, size_t whylen, const char *msg);

#endif
