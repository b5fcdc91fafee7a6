// SPDX-License-Identifier: GPL-2.0
/*
 * Stack budgets (conformance/stack_budget.c): lines parse or are rejected
 * with a reason, the first matching line wins, and the checked-in
 * conformance/stack-budgets.txt gives every measured entry a budget.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "stack_budget.h"

static void test_parse(void **state)
{
	struct stack_budget b;
	char err[128];

	(void)state;
	assert_int_equal(stack_budget_parse("zstd_init_* | * | 256 | why", &b, err, sizeof(err)), 1);
	assert_string_equal(b.entry, "zstd_init_*");
	assert_true(b.any_level);
	assert_int_equal(b.bytes, 256);
	assert_int_equal(stack_budget_parse("f | -131072..3 | 1664 | why", &b, err, sizeof(err)), 1);
	assert_int_equal(b.lo, -131072);
	assert_int_equal(b.hi, 3);
	assert_int_equal(stack_budget_parse("f | 7 | 10 | why", &b, err, sizeof(err)), 1);
	assert_int_equal(b.lo, 7);
	assert_int_equal(b.hi, 7);
	assert_int_equal(stack_budget_parse("f | - | 10 | why", &b, err, sizeof(err)), 1);
	assert_int_equal(b.lo, STACK_BUDGET_NO_LEVEL);
	assert_int_equal(stack_budget_parse("  # comment", &b, err, sizeof(err)), 0);
	assert_int_equal(stack_budget_parse("", &b, err, sizeof(err)), 0);
}

static void test_malformed(void **state)
{
	static const char *const bad[] = {
		"f | * | 10",			/* no justification field */
		"f | * | 10 | ",		/* empty justification */
		"f | 5..3 | 10 | why",		/* empty range */
		"f | x | 10 | why",
		"f | * | -5 | why",
		"f | * | 10k | why",
		" | * | 10 | why",
		"a b | * | 10 | why",
	};
	struct stack_budget b;
	char err[128];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		print_message("line %zu: %s\n", i, bad[i]);
		assert_int_equal(stack_budget_parse(bad[i], &b, err, sizeof(err)), -1);
		assert_true(err[0] != '\0');
	}
}

static void test_first_match_wins(void **state)
{
	struct stack_budget b[3];
	char err[128];

	(void)state;
	assert_int_equal(stack_budget_parse("zstd_compress_cctx | 1..3 | 100 | a", &b[0], err, sizeof(err)), 1);
	assert_int_equal(stack_budget_parse("zstd_compress_* | * | 200 | b", &b[1], err, sizeof(err)), 1);
	assert_int_equal(stack_budget_parse("zstd_init_dctx | - | 300 | c", &b[2], err, sizeof(err)), 1);
	assert_int_equal(stack_budget_find(b, 3, "zstd_compress_cctx", 2)->bytes, 100);
	assert_int_equal(stack_budget_find(b, 3, "zstd_compress_cctx", 4)->bytes, 200);
	assert_int_equal(stack_budget_find(b, 3, "zstd_compress_stream", 2)->bytes, 200);
	assert_int_equal(stack_budget_find(b, 3, "zstd_init_dctx", STACK_BUDGET_NO_LEVEL)->bytes, 300);
	assert_null(stack_budget_find(b, 3, "zstd_init_dctx", 1));
	assert_null(stack_budget_find(b, 3, "zstd_decompress_dctx", 1));
}

static void test_checked_in_budgets(void **state)
{
	static const char *const entries[] = {
		"zstd_init_cctx", "zstd_compress_cctx", "zstd_init_cstream", "zstd_compress_stream",
		"zstd_end_stream", "zstd_flush_stream", "zstd_reset_cstream", "zstd_reset_dstream",
		"zstd_init_dctx", "zstd_decompress_dctx", "zstd_init_dstream",
		"zstd_decompress_stream",
	};
	struct stack_budget b[64];
	char err[256] = "";
	size_t n;

	(void)state;
	if (stack_budget_load("conformance/stack-budgets.txt", b, 64, &n, err, sizeof(err)))
		fail_msg("%s", err);
	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		for (int level = -131072; level <= 22; level += level < -5 ? 131067 : 1)
			if (!stack_budget_find(b, n, entries[i], level))
				fail_msg("%s at level %d has no budget", entries[i], level);
	assert_non_null(stack_budget_find(b, n, "zstd_get_frame_header", STACK_BUDGET_NO_LEVEL));
	assert_non_null(stack_budget_find(b, n, "zstd_find_frame_compressed_size", STACK_BUDGET_NO_LEVEL));
	assert_non_null(stack_budget_find(b, n, "zstd_reset_dstream", STACK_BUDGET_NO_LEVEL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_first_match_wins),
		cmocka_unit_test(test_checked_in_budgets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
