// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path_walk.h"

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk_dir(const char *path, int (*fn)(const char *, void *), void *ctx,
		    const char *who)
{
	struct dirent **list;
	int n = scandir(path, &list, NULL, NULL), ret = 0, k = 0;
	char **names;

	if (n < 0) {
		fprintf(stderr, "%s: %s: cannot list\n", who, path);
		return -1;
	}
	names = calloc((size_t)n + 1, sizeof(*names));
	for (int i = 0; i < n; i++) {
		if (names && list[i]->d_name[0] != '.' &&
		    asprintf(&names[k], "%s/%s", path, list[i]->d_name) >= 0)
			k++;
		free(list[i]);
	}
	free(list);
	if (!names)
		return -1;
	qsort(names, (size_t)k, sizeof(*names), cmp_names);
	for (int i = 0; i < k; i++) {
		if (lib_path_walk(names[i], fn, ctx, who))
			ret = -1;
		free(names[i]);
	}
	free(names);
	return ret;
}

int lib_path_walk(const char *path, int (*fn)(const char *, void *), void *ctx, const char *who)
{
	struct stat st;

	if (stat(path, &st)) {
		fprintf(stderr, "%s: %s: no such file or directory\n", who, path);
		return -1;
	}
	return S_ISDIR(st.st_mode) ? walk_dir(path, fn, ctx, who) : fn(path, ctx);
}
