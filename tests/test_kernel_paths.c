// SPDX-License-Identifier: GPL-2.0
/*
 * gate-golden's known disagreements between the kernel's own decoding
 * ways: only the exact VECTOR > WAY > RESULT of a "gate-golden |
 * kernel-paths" line of the known-findings file is known; a malformed
 * line is an error, and the fuzz targets' lines are not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "kernel_paths.h"

/* text in a new file, named in path (a buffer of PATH_LEN bytes). */
#define PATH_LEN	64

static const char *write_file(const char *text, char *path)
{
	int fd;

	snprintf(path, PATH_LEN, "/tmp/test_kernel_paths.XXXXXX");
	fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static void exact_state_only(void **state)
{
	static struct golden_kpaths kp;
	char err[256], buf[PATH_LEN];
	const char *path = write_file(
		"# comment\n"
		"unzstd | oom | __unzstd > unzstd > run_unzstd | a fuzz target's line\n"
		"gate-golden | kernel-paths | v/a.zst > zstd_decompress_stream (1-byte input) > Corrupted block detected | why\n",
		buf);

	(void)state;
	assert_int_equal(golden_kpaths_load(path, &kp, err, sizeof(err)), 0);
	assert_int_equal(kp.n, 1);
	assert_true(golden_kpaths_known(&kp, "v/a.zst > zstd_decompress_stream (1-byte input) > Corrupted block detected"));
	/* Another way, another result, another vector: new. */
	assert_false(golden_kpaths_known(&kp, "v/a.zst > zstd_decompress_stream (4 KiB input) > Corrupted block detected"));
	assert_false(golden_kpaths_known(&kp, "v/a.zst > zstd_decompress_stream (1-byte input) > decodes it"));
	assert_false(golden_kpaths_known(&kp, "v/b.zst > zstd_decompress_stream (1-byte input) > Corrupted block detected"));
	unlink(path);
}

static void malformed_line(void **state)
{
	static struct golden_kpaths kp;
	char err[256], buf[PATH_LEN];
	const char *path = write_file("gate-golden | kernel-paths | no justification\n", buf);

	(void)state;
	assert_int_equal(golden_kpaths_load(path, &kp, err, sizeof(err)), -1);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exact_state_only),
		cmocka_unit_test(malformed_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
