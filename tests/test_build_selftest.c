// SPDX-License-Identifier: GPL-2.0
/*
 * The known-answer self-test and symbol isolation: both zstd builds are in
 * this binary, each call reaches the one it names, and the self-test passes
 * and can fail.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "kz.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "selftest.h"

static void test_two_implementations(void **state)
{
	(void)state;
	/* The kernel object answers with the tree's version, the reference with its own. */
	assert_int_equal(kh_kernel_zstd_version(), ZSTD_VERSION_NUMBER);
	assert_true(ref_version() >= 10400);
	assert_ptr_not_equal(kh_kernel_decompress_dctx_address(), ref_decompress_dctx_address());
}

static void test_selftest_passes(void **state)
{
	struct selftest_stats st = { 0, 0 };
	FILE *log = tmpfile();

	(void)state;
	assert_non_null(log);
	selftest_run(log, &st);
	fclose(log);
	assert_true(st.checks > 500);
	assert_int_equal(st.failures, 0);
}

static void test_levels_span_negative_to_max(void **state)
{
	int levels[64];
	size_t n = ref_levels(levels, 64);

	(void)state;
	assert_true(n > 20);
	assert_int_equal(levels[0], zstd_min_clevel());
	assert_int_equal(levels[n - 1], zstd_max_clevel());
}

/* A corrupted frame must not decode to the original: the checks can fail. */
static void test_corruption_is_caught(void **state)
{
	enum { LEN = 4096 };
	unsigned char src[LEN], frame[LEN + 512], out[LEN + 1];
	size_t flen, r;

	(void)state;
	lib_sample_fill(src, LEN, LIB_SAMPLE_TEXT, 7);
	flen = ref_compress(frame, sizeof(frame), src, LEN, 3, 1, 1);
	assert_false(ref_is_error(flen));
	frame[flen - 1] ^= 0x55;	/* inside the checksum */
	r = kz_decompress(out, sizeof(out), frame, flen);
	assert_true(kz_is_error(r));
	assert_string_equal(kz_error_name(r), "Restored data doesn't match checksum");
	r = kz_decompress_stream(out, sizeof(out), frame, flen - 2, 1 << 17, 100);
	assert_true(kz_is_error(r));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_implementations),
		cmocka_unit_test(test_selftest_passes),
		cmocka_unit_test(test_levels_span_negative_to_max),
		cmocka_unit_test(test_corruption_is_caught),
	};

	return cmocka_run_group_tests_name("build_selftest", tests, NULL, NULL);
}
