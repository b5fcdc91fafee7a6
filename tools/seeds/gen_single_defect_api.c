// SPDX-License-Identifier: GPL-2.0
/*
 * The single-defect API cases of the compressor's checks and the wrapper
 * modules' failure returns (single_defect_api.h):
 *
 *   gen-single-defect-api write DIR        writes DIR/api/<case>.txt, its
 *                                          control <case>.ok.txt, DIR/MANIFEST-api
 *   gen-single-defect-api check DIR ZSTD   checks them against lib/zstd at ZSTD
 *   gen-single-defect-api run DIR NAME     the defect's call alone (coverage)
 *
 * check: the committed records are what the cases make; the defect's call
 * fails with its checks' error code (or NULL); the control succeeds and
 * its frame round-trips through the reference; each check's text is in its
 * function. A line per case ("single-defect: NAME: ok ..."), which
 * tools/coverage/checks_measure.py reads; exit 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "single_defect_api.h"
#include "single_defect_text.h"

#define PATH_MAX_LEN	4096
#define RECORD_MAX	1024

static void record_path(char *buf, const char *dir, const struct sd_api_case *c, int control)
{
	snprintf(buf, PATH_MAX_LEN, "%s/api/%s%s.txt", dir, c->name, control ? ".ok" : "");
}

static size_t manifest(char *buf, size_t cap)
{
	size_t n, len;
	const struct sd_api_case *c = sd_api_cases(&n);

	len = (size_t)snprintf(buf, cap,
		"# Single-defect API cases of lib/zstd's compressor checks and of the wrapper\n"
		"# modules' failure returns, made by gen-single-defect-api\n"
		"# (tools/seeds/single_defect_api.c); do not edit.\n"
		"# input | file (under lib/zstd/) | function | kernel error | check text\n"
		"# (occurrence N: the text's Nth occurrence in the function; NULL: what the\n"
		"# init function returns; an input's first row is the check that detects its\n"
		"# defect, the others forward that error)\n");
	for (size_t i = 0; i < n; i++)
		for (const struct sd_api_check *k = c[i].checks; k->file && len < cap; k++) {
			len += (size_t)snprintf(buf + len, cap - len, "api/%s.txt | %s | %s | %s | %s",
						c[i].name, k->file, k->function,
						sd_api_error_name(c[i].error), k->check);
			if (k->nth && len < cap)
				len += (size_t)snprintf(buf + len, cap - len, " (occurrence %d)", k->nth);
			if (len < cap)
				len += (size_t)snprintf(buf + len, cap - len, "\n");
		}
	return len < cap ? len : 0;
}

static int cmd_write(const char *dir)
{
	static char text[64 * 1024];
	char path[PATH_MAX_LEN], rec[RECORD_MAX];
	size_t n;
	const struct sd_api_case *c = sd_api_cases(&n);

	snprintf(path, sizeof(path), "%s/api", dir);
	mkdir(dir, 0755);
	mkdir(path, 0755);
	for (size_t i = 0; i < n; i++)
		for (int control = 0; control < 2; control++) {
			record_path(path, dir, &c[i], control);
			if (sd_write_file("gen-single-defect-api", path, rec,
					  sd_api_record(&c[i], !control, rec, sizeof(rec))))
				return 1;
		}
	snprintf(path, sizeof(path), "%s/MANIFEST-api", dir);
	return sd_write_file("gen-single-defect-api", path, text, manifest(text, sizeof(text))) ? 1 : 0;
}

/* The committed record is what the case makes. */
static const char *same_as_built(const char *dir, const struct sd_api_case *c, int control)
{
	char path[PATH_MAX_LEN], rec[RECORD_MAX];
	size_t len = sd_api_record(c, !control, rec, sizeof(rec));

	record_path(path, dir, c, control);
	return sd_file_is(path, rec, len) ? NULL :
	       "record missing or not what its case makes (make single-defect)";
}

static const char *check_texts(const char *zstd, const struct sd_api_case *c)
{
	char path[PATH_MAX_LEN];
	unsigned int line;
	const char *why = NULL;

	for (const struct sd_api_check *k = c->checks; k->file && !why; k++) {
		snprintf(path, sizeof(path), "%s/%s", zstd, k->file);
		why = sd_text_line(path, k->function, k->check, k->nth, &line);
	}
	return why;
}

static const char *check_case(const char *dir, const char *zstd, const struct sd_api_case *c)
{
	static char why[200];
	const char *w = same_as_built(dir, c, 0);
	int error;

	if (!w)
		w = same_as_built(dir, c, 1);
	if (!w)
		w = sd_api_run(c, 0, &error, NULL);
	if (!w && error) {
		snprintf(why, sizeof(why), "its control fails: %s (%d)", sd_api_error_name(error), error);
		return why;
	}
	if (!w)
		w = sd_api_run(c, 1, &error, NULL);
	if (!w && error != c->error) {
		snprintf(why, sizeof(why), "the kernel gives %s (%d), not %s",
			 error ? sd_api_error_name(error) : "success", error, sd_api_error_name(c->error));
		return why;
	}
	return w ? w : check_texts(zstd, c);
}

static int cmd_check(const char *dir, const char *zstd)
{
	static char want[64 * 1024];
	size_t n;
	const struct sd_api_case *c = sd_api_cases(&n);
	char path[PATH_MAX_LEN];
	unsigned int proved = 0;
	int fail = 0;

	snprintf(path, sizeof(path), "%s/MANIFEST-api", dir);
	if (!sd_file_is(path, want, manifest(want, sizeof(want)))) {
		printf("single-defect: FAIL %s differs from the cases (make single-defect)\n", path);
		fail = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *why;

		/* Named first: a sanitizer's report (a removed check) follows the name. */
		printf("single-defect: %s: ", c[i].name);
		fflush(stdout);
		why = check_case(dir, zstd, &c[i]);
		if (why && sd_known("gen-single-defect-api", c[i].name, why)) {
			printf("known %s (corpus/findings.txt)\n", why);
			continue;
		}
		printf("%s %s\n", why ? "FAIL" : "ok", why ? why : sd_api_error_name(c[i].error));
		fail |= why != NULL;
		for (const struct sd_api_check *k = c[i].checks; k->file && !why; k++)
			proved++;
	}
	printf("single-defect: API case rows proved: %u\n", proved);
	return fail;
}

/* In the cov variant, llvm's runtime: counters zeroed, so that a profile holds the defect's call alone. */
void __llvm_profile_reset_counters(void) __attribute__((weak));

static void profile_reset(void)
{
	if (__llvm_profile_reset_counters)
		__llvm_profile_reset_counters();
}

/*
 * The defect's call alone, as check makes it (what it needs found first,
 * then the profile's counters zeroed): 0 when it fails for the case's reason.
 */
static int cmd_run(const char *name)
{
	size_t n;
	const struct sd_api_case *c = sd_api_cases(&n);
	int error;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(c[i].name, name))
			continue;
		if (sd_api_run(&c[i], 1, &error, profile_reset))
			return 1;
		printf("single-defect: %s: %s\n", name, sd_api_error_name(error));
		return error != c[i].error;
	}
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run"))
		return cmd_run(argv[3]);
	if (argc == 3 && !strcmp(argv[1], "write"))
		return cmd_write(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3]);
	fprintf(stderr, "usage: gen-single-defect-api write DIR | check DIR LIB_ZSTD_DIR | run DIR NAME\n");
	return 2;
}
