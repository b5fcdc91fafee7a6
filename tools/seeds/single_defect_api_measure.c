// SPDX-License-Identifier: GPL-2.0
/*
 * The measure of the API cases (single_defect_api.h): per file of the
 * compressor and the wrapper modules, the error returns, those out of the
 * wrapper's reach (in the functions corpus/unreachable.txt lists, or
 * listed one by one in corpus/unreachable-checks-compress.txt), and how
 * many of the reachable ones an API case proves.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "single_defect_api.h"
#include "single_defect_text.h"

#define PATH_MAX_LEN	4096
#define PATTERNS_MAX	512

static const char *const files[] = {
	"compress/fse_compress.c", "compress/hist.c", "compress/huf_compress.c",
	"compress/zstd_compress.c", "compress/zstd_compress_literals.c",
	"compress/zstd_compress_sequences.c", "compress/zstd_compress_superblock.c",
	"compress/zstd_double_fast.c", "compress/zstd_fast.c", "compress/zstd_lazy.c",
	"compress/zstd_ldm.c", "compress/zstd_opt.c", "zstd_compress_module.c",
	"zstd_decompress_module.c",
};

/* What counts as an error return: the compressor's macros, the wrapper's forwards and NULLs. */
static const char *const compress_texts[] = { "RETURN_ERROR_IF(", "RETURN_ERROR(", "CHECK_F(",
	"FORWARD_IF_ERROR(", "CHECK_E(", "return ERROR(", "BOUNDCHECK(", NULL };
static const char *const module_texts[] = { "ZSTD_FORWARD_IF_ERR(", "return NULL;", NULL };

struct patterns {
	char *text;		/* the list, its first words cut out in place */
	const char *p[PATTERNS_MAX];
	size_t n;
	unsigned int hits;
};

/* The function patterns of corpus/unreachable.txt: each line's first word. */
static int read_patterns(const char *path, struct patterns *ps)
{
	size_t len;
	char *line;

	ps->text = (char *)file_read(path, &len);
	ps->n = 0;
	for (line = ps->text ? strtok(ps->text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
		if (line[0] == '#' || ps->n == PATTERNS_MAX)
			continue;
		line[strcspn(line, " \t")] = '\0';
		if (line[0])
			ps->p[ps->n++] = line;
	}
	return ps->text ? 0 : -1;
}

static int listed_function(const struct patterns *ps, const char *function)
{
	for (size_t i = 0; i < ps->n; i++)
		if (!fnmatch(ps->p[i], function, 0))
			return 1;
	return 0;
}

static void count_listed(const char *line, const char *function, void *arg)
{
	struct patterns *ps = arg;

	(void)line;
	ps->hits += listed_function(ps, function);
}

static int same_check(const struct sd_api_check *a, const char *file, const char *function,
		      const char *check, int nth)
{
	return !strcmp(a->file, file) && !strcmp(a->function, function) &&
	       !strcmp(a->check, check) && a->nth == nth;
}

/* An API case proves the check; with before set, one before that case's check. */
static int proved(const char *file, const char *function, const char *check, int nth,
		  const struct sd_api_check *before)
{
	size_t n;
	const struct sd_api_case *c = sd_api_cases(&n);

	for (size_t i = 0; i < n; i++)
		for (const struct sd_api_check *k = c[i].checks; k->file; k++) {
			if (k == before)
				return 0;
			if (same_check(k, file, function, check, nth))
				return 1;
		}
	return 0;
}

/* The distinct checks of the file the API cases prove. */
static unsigned int proved_in(const char *file)
{
	size_t n;
	const struct sd_api_case *c = sd_api_cases(&n);
	unsigned int count = 0;

	for (size_t i = 0; i < n; i++)
		for (const struct sd_api_check *k = c[i].checks; k->file; k++)
			count += !strcmp(k->file, file) &&
				 !proved(k->file, k->function, k->check, k->nth, k);
	return count;
}

/* One entry of the check list, "FILE<tab>FUNCTION<tab>TEXT[ (occurrence N)]<tab>WHY", split in place. */
static int split_entry(char *line, struct sd_api_check *k)
{
	char *f[4], *occ;
	int n = 0;

	for (char *p = line; n < 4 && p; n++) {
		f[n] = p;
		p = strchr(p, '\t');
		if (p)
			*p++ = '\0';
	}
	if (n != 4)
		return -1;
	*k = (struct sd_api_check){ f[0], f[1], f[2], 0 };
	occ = strstr(f[2], " (occurrence ");
	if (occ) {
		k->nth = atoi(occ + strlen(" (occurrence "));
		*occ = '\0';
	}
	return 0;
}

/* The entry is in its function, which the function list does not hold, and no case proves it. */
static const char *entry_stale(const char *zstd, const struct sd_api_check *k,
			       const struct patterns *ps)
{
	char path[PATH_MAX_LEN];
	unsigned int line;
	const char *why;

	snprintf(path, sizeof(path), "%s/%s", zstd, k->file);
	why = sd_text_line(path, k->function, k->check, k->nth, &line);
	if (!why && listed_function(ps, k->function))
		why = "its function is in the unreachable functions' list already";
	if (!why && proved(k->file, k->function, k->check, k->nth, NULL))
		why = "an API case proves it";
	return why;
}

/* Counts the check list's entries per file into listed[]; 1 when an entry is stale. */
static int read_checks(const char *zstd, const char *path, const struct patterns *ps,
		       unsigned int *listed)
{
	size_t len;
	char *text = (char *)file_read(path, &len), *line, *save = NULL;
	struct sd_api_check k;
	int fail = !text;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		const char *why = NULL;
		size_t i;

		if (line[0] == '#')
			continue;
		if (split_entry(line, &k))
			why = "not FILE<tab>FUNCTION<tab>CHECK TEXT<tab>WHY";
		for (i = 0; !why && i < sizeof(files) / sizeof(files[0]) && strcmp(files[i], k.file); i++)
			;
		if (!why && i == sizeof(files) / sizeof(files[0]))
			why = "not a file of the compressor or the modules";
		if (!why)
			why = entry_stale(zstd, &k, ps);
		if (why)
			printf("single-defect: FAIL %s: %s: %s: %s\n", path, k.function, k.check, why);
		else
			listed[i]++;
		fail |= why != NULL;
	}
	if (!text)
		printf("single-defect: FAIL %s: cannot read\n", path);
	free(text);
	return fail;
}

int sd_api_measure(const char *zstd, const char *fn_list, const char *check_list)
{
	unsigned int listed[sizeof(files) / sizeof(files[0])] = { 0 }, sum[4] = { 0 };
	struct patterns ps;
	char path[PATH_MAX_LEN];
	int fail = read_patterns(fn_list, &ps);

	if (fail)
		printf("single-defect: FAIL %s: cannot read\n", fn_list);
	fail |= read_checks(zstd, check_list, &ps, listed);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		int all;
		unsigned int reach, p = proved_in(files[i]);

		snprintf(path, sizeof(path), "%s/%s", zstd, files[i]);
		ps.hits = 0;
		all = sd_each_error_return(path, strstr(files[i], "module") ? module_texts :
					   compress_texts, count_listed, &ps);
		if (all <= 0)
			continue;
		reach = (unsigned int)all - ps.hits - listed[i];
		printf("single-defect: %s: API checks proved: %u of %u reachable (%d error returns, "
		       "%u in unreachable functions, %u unreachable checks)\n",
		       files[i], p, reach, all, ps.hits, listed[i]);
		sum[0] += p, sum[1] += reach, sum[2] += (unsigned int)all, sum[3] += ps.hits + listed[i];
	}
	printf("single-defect: compressor and modules: API checks proved: %u of %u reachable "
	       "(%u error returns, %u unreachable)\n", sum[0], sum[1], sum[2], sum[3]);
	free(ps.text);
	return fail;
}
