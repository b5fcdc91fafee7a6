// SPDX-License-Identifier: GPL-2.0
/* Finding a check's text in its function, and known cases (single_defect_text.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "findings_table.h"
#include "single_defect_text.h"


static int ident_char(char ch)
{
	return ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= 'a' && ch <= 'z');
}

/*
 * The name of the function a line opens (at column 0, an identifier before
 * its first parenthesis, no ';' at its end) into name; 0 for any other line.
 */
static int function_name(const char *line, size_t len, char *name, size_t cap)
{
	const char *paren = memchr(line, '(', len), *end, *start;

	if (!len || !ident_char(line[0]) || !paren || line[len - 1] == ';')
		return 0;
	for (end = paren; end > line && end[-1] == ' '; end--)
		;
	for (start = end; start > line && ident_char(start[-1]); start--)
		;
	if (start == end || (size_t)(end - start) >= cap)
		return 0;
	memcpy(name, start, (size_t)(end - start));
	name[end - start] = '\0';
	return 1;
}

/* 1 when the line opens name's definition, 0 when another's; -1 for any other line. */
static int opens_function(const char *line, size_t len, const char *name)
{
	char buf[128];

	if (!function_name(line, len, buf, sizeof(buf)))
		return -1;
	return !strcmp(buf, name);
}

/* s occurs in the n bytes at p. */
static int line_has(const char *p, size_t n, const char *s)
{
	size_t sl = strlen(s);

	for (size_t i = 0; i + sl <= n; i++)
		if (!memcmp(p + i, s, sl))
			return 1;
	return 0;
}

static const char *text_in_function(const char *src, const char *function, const char *check,
				    int nth, unsigned int *line)
{
	const char *p = src, *eol;
	int in = 0, found = 0;
	unsigned int n = 0;

	for (; *p; p = *eol ? eol + 1 : eol) {
		int f;

		n++;
		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		f = opens_function(p, (size_t)(eol - p), function);
		if (f >= 0)
			in = f;
		if (in && line_has(p, (size_t)(eol - p), check) && ++found == (nth ? nth : 1))
			*line = n;
	}
	if (nth ? found >= nth : found == 1)
		return NULL;
	if (found && !nth)
		return "the check's text is in its function more than once";
	return found ? "the check's text is in its function fewer times than its occurrence" :
		       "the check's text is not in its function (stale entry?)";
}

const char *sd_text_line(const char *path, const char *function, const char *check, int nth,
			 unsigned int *line)
{
	size_t len;
	char *src = (char *)file_read(path, &len);
	const char *why;

	if (!src)
		return "cannot read its file in the tree";
	why = text_in_function(src, function, check, nth, line);
	free(src);
	return why;
}

int sd_write_file(const char *prog, const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(p, 1, n, f) == n;

	if (f && fclose(f))
		ok = 0;
	if (!ok)
		fprintf(stderr, "%s: %s: cannot write\n", prog, path);
	return ok ? 0 : -1;
}

int sd_file_is(const char *path, const void *want, size_t len)
{
	size_t flen = 0;
	unsigned char *file = file_read(path, &flen);
	int same = file && flen == len && !memcmp(file, want, len);

	free(file);
	return same;
}

int sd_known(const char *prog, const char *name, const char *why)
{
	char state[256];

	snprintf(state, sizeof(state), "%s: %s", name, why);
	return findings_find("finding", "single-defect", prog, state) != NULL;
}
