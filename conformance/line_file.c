// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
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
