// SPDX-License-Identifier: GPL-2.0
/*
 * The golden manifest (conformance/golden_manifest.c): well-formed lines
 * parse, every kind of malformed line is rejected with a reason, a path
 * listed twice fails the load, and the checked-in manifest loads; the
 * same for the references' answers (conformance/golden_answers.c) and a
 * known divergence's golden.txt (conformance/golden_divergences.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "golden_answers.h"
#include "golden_divergences.h"
#include "golden_manifest.h"

#define DIGEST "3b70863811014d543666a379fb50181654b5a9c7cc4b79741960539a26c0c8e2"

static int parse(const char *line, struct golden_entry *e)
{
	char err[128] = "";
	int r = golden_manifest_parse(line, e, err, sizeof(err));

	if (r < 0)
		assert_true(err[0] != '\0');
	return r;
}

static void test_good_lines(void **state)
{
	struct golden_entry e;

	(void)state;
	assert_int_equal(parse(DIGEST "  must-decode/raw-block.zst\n", &e), 1);
	assert_string_equal(e.sha256, DIGEST);
	assert_string_equal(e.path, "must-decode/raw-block.zst");
	assert_int_equal(parse(DIGEST "  must-decode/a_b-c.1.zst", &e), 1);
	assert_int_equal(parse("# a comment\n", &e), 0);
	assert_int_equal(parse("\n", &e), 0);
}

static void test_malformed_lines(void **state)
{
	static const char *const bad[] = {
		"3b70  must-decode/raw-block.zst\n",				/* short digest */
		"3B70863811014D543666A379FB50181654B5A9C7CC4B79741960539A26C0C8E2  must-decode/x.zst\n",
		"3b70863811014d543666a379fb50181654b5a9c7cc4b79741960539a26c0c8eg  must-decode/x.zst\n",
		DIGEST " must-decode/raw-block.zst\n",			/* one space */
		DIGEST "\tmust-decode/raw-block.zst\n",
		DIGEST "  must-fail/raw-block.zst\n",			/* wrong set */
		DIGEST "  /etc/passwd.zst\n",
		DIGEST "  must-decode/../../x.zst\n",
		DIGEST "  must-decode/raw-block\n",			/* not .zst */
		DIGEST "  must-decode/raw-block.zst \n",		/* trailing blank */
		DIGEST "  must-decode/.zst\n",				/* no name */
		DIGEST "  \n",
		DIGEST "\n",
		" " DIGEST "  must-decode/raw-block.zst\n",
	};
	struct golden_entry e;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		print_message("line %zu: %s", i, bad[i]);
		assert_int_equal(parse(bad[i], &e), -1);
	}
}

static void test_duplicate_rejected(void **state)
{
	char path[] = "/tmp/kz-golden-XXXXXX", err[256];
	struct golden_entry e[4];
	size_t count;
	FILE *f;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "# manifest\n%s  must-decode/a.zst\n%s  must-decode/a.zst\n", DIGEST, DIGEST);
	fclose(f);
	assert_int_equal(golden_manifest_load(path, e, 4, &count, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":3: path listed twice"));
	unlink(path);
}

static void test_checked_in_manifest_loads(void **state)
{
	struct golden_entry e[256];
	size_t count;
	char err[256] = "";

	(void)state;
	if (golden_manifest_load("conformance/golden/must-decode.sha256", e, 256, &count, err,
				 sizeof(err)))
		fail_msg("%s", err);
	assert_true(count >= 10);
}

/* Answers: a file with one good line of each kind, then the given bad line. */
static int load_answers(const char *bad, char *err, size_t errlen)
{
	char path[] = "/tmp/kz-answers-XXXXXX";
	struct golden_answer a[8];
	size_t count;
	int fd = mkstemp(path), r;
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "# answers\nmust-fail/a.zst 1.5.4 oneshot rejects Src size is incorrect\n"
		"must-fail/a.zst 1.5.7 stream decodes %s\n%s", DIGEST, bad);
	fclose(f);
	r = golden_answers_load(path, a, 8, &count, err, errlen);
	unlink(path);
	if (!r) {
		assert_int_equal(count, 2);
		assert_string_equal(golden_answer_find(a, count, "must-fail/a.zst", "1.5.4", "oneshot"),
				    "rejects Src size is incorrect");
		assert_null(golden_answer_find(a, count, "must-fail/a.zst", "1.5.4", "stream"));
	}
	return r;
}

static void test_answers(void **state)
{
	static const char *const bad[] = {
		"must-fail/a.zst 1.5.4 oneshot rejects Src size is incorrect\n",	/* twice */
		"must-fail/a.zst 1.5.4 both rejects x\n",				/* way */
		"must-fail/a.zst 1.5.4 oneshot fails x\n",				/* verb */
		"must-fail/a.zst 1.5.4 oneshot rejects\n",				/* no answer */
		"must-fail/../a.zst 1.5.4 oneshot rejects x\n",
		"must-fail/a 1.5.4 oneshot rejects x\n",
		"must-fail/a.zst\n",
	};
	char err[256];

	(void)state;
	assert_int_equal(load_answers("", err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		print_message("line %zu: %s", i, bad[i]);
		assert_int_equal(load_answers(bad[i], err, sizeof(err)), -1);
		assert_non_null(strstr(err, ":4: "));
	}
}

static void test_checked_in_answers_load(void **state)
{
	static struct golden_answer a[1024];
	size_t count;
	char err[256] = "";

	(void)state;
	if (golden_answers_load("conformance/golden/reference-answers.txt", a, 1024, &count, err,
				sizeof(err)))
		fail_msg("%s", err);
	assert_true(count >= 20);
}

/* A folder <tmp>/d/ whose golden.txt is text; the load's result. */
static int load_divergence(const char *text, struct golden_divergence *d, size_t *count,
			   char *err, size_t errlen)
{
	static struct golden_answer a[8];
	char dir[] = "/tmp/kz-div-XXXXXX", path[64];
	FILE *f;
	int r;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/d", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/d/golden.txt", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	*count = 0;
	r = golden_divergence_load(dir, "d", d, a, 8, count, err, errlen);
	unlink(path);
	snprintf(path, sizeof(path), "%s/d", dir);
	rmdir(path);
	rmdir(dir);
	return r;
}

static void test_divergence(void **state)
{
	static const char *const bad[] = {
		"vector must-fail d.zst\nvector must-fail d.zst\n",		/* twice */
		"vector must-fail d\n",					/* not .zst */
		"vector must-fail x/d.zst\n",				/* not the folder's */
		"vector must-pass d.zst\n",				/* set */
		"vector must-decode d.zst\n",				/* no digest */
		"vector must-fail d.zst " DIGEST "\n",			/* a digest */
		"1.5.4 oneshot rejects x\n",				/* no vector first */
		"vector must-fail d.zst\n1.5.4 oneshot rejects x\n1.5.4 oneshot rejects y\n",
		"vector must-fail d.zst\n1.5.4 both rejects x\n",
		"# nothing\n",
	};
	struct golden_divergence d;
	size_t count;
	char err[256];

	(void)state;
	assert_int_equal(load_divergence("# c\nvector version-dependent d.zst\n"
					 "1.5.4 oneshot rejects Src size is incorrect\n"
					 "1.5.7 stream decodes " DIGEST "\n", &d, &count, err,
					 sizeof(err)), 0);
	assert_string_equal(d.rel, "version-dependent/d.zst");
	assert_string_equal(d.file, "d.zst");
	assert_int_equal(count, 2);
	assert_int_equal(load_divergence("vector must-decode golden.zst " DIGEST "\n", &d, &count,
					 err, sizeof(err)), 0);
	assert_string_equal(d.sha256, DIGEST);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		print_message("case %zu: %s", i, bad[i]);
		assert_int_equal(load_divergence(bad[i], &d, &count, err, sizeof(err)), -1);
		assert_true(err[0] != '\0');
	}
}

/* Every folder of corpus/divergences/ loads. */
static void test_checked_in_divergences_load(void **state)
{
	static struct golden_answer a[256];
	struct golden_divergence d;
	size_t count = 0, n = 0;
	char err[256] = "";
	FILE *ls = popen("ls corpus/divergences", "r");
	char id[GOLDEN_ID_MAX + 2];

	(void)state;
	assert_non_null(ls);
	while (fgets(id, sizeof(id), ls)) {
		id[strcspn(id, "\n")] = '\0';
		if (golden_divergence_load("corpus/divergences", id, &d, a, 256, &count, err,
					   sizeof(err)))
			fail_msg("%s", err);
		n++;
	}
	pclose(ls);
	assert_true(n >= 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_lines),
		cmocka_unit_test(test_malformed_lines),
		cmocka_unit_test(test_duplicate_rejected),
		cmocka_unit_test(test_checked_in_manifest_loads),
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_checked_in_answers_load),
		cmocka_unit_test(test_divergence),
		cmocka_unit_test(test_checked_in_divergences_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
