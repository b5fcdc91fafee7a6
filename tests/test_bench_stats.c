// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's statistics helper: median, min, max, quartiles and the
 * two spreads, on odd and even counts, unsorted input left unchanged,
 * one sample, no sample, and ties.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stats.h"

#define EPS 1e-9

static void odd_count(void **state)
{
	const double v[] = { 9, 1, 5, 3, 7 };
	struct bench_stats s;

	(void)state;
	assert_int_equal(bench_stats_compute(&s, v, 5), 0);
	assert_int_equal(s.n, 5);
	assert_float_equal(s.median, 5, EPS);
	assert_float_equal(s.min, 1, EPS);
	assert_float_equal(s.max, 9, EPS);
	assert_float_equal(s.q1, 3, EPS);
	assert_float_equal(s.q3, 7, EPS);
	assert_float_equal(bench_stats_spread(&s), 8.0 / 5, EPS);
	assert_float_equal(bench_stats_iqr_rel(&s), 4.0 / 5, EPS);
	/* The caller's samples stay in their order. */
	assert_float_equal(v[0], 9, EPS);
	assert_float_equal(v[4], 7, EPS);
}

static void even_count_interpolates(void **state)
{
	const double v[] = { 4, 1, 3, 2 };
	struct bench_stats s;

	(void)state;
	assert_int_equal(bench_stats_compute(&s, v, 4), 0);
	assert_float_equal(s.median, 2.5, EPS);
	assert_float_equal(s.q1, 1.75, EPS);
	assert_float_equal(s.q3, 3.25, EPS);
	assert_float_equal(s.min, 1, EPS);
	assert_float_equal(s.max, 4, EPS);
}

static void one_outlier_moves_spread_not_median(void **state)
{
	const double v[] = { 100, 101, 99, 100, 100, 102, 98, 100, 10 };
	struct bench_stats s;

	(void)state;
	assert_int_equal(bench_stats_compute(&s, v, 9), 0);
	assert_float_equal(s.median, 100, EPS);
	assert_float_equal(s.min, 10, EPS);
	assert_true(bench_stats_spread(&s) > 0.9);
	assert_true(bench_stats_iqr_rel(&s) <= 0.01 + EPS);
}

static void single_and_empty(void **state)
{
	const double one = 42;
	struct bench_stats s;

	(void)state;
	assert_int_equal(bench_stats_compute(&s, &one, 1), 0);
	assert_float_equal(s.median, 42, EPS);
	assert_float_equal(s.min, 42, EPS);
	assert_float_equal(s.max, 42, EPS);
	assert_float_equal(bench_stats_spread(&s), 0, EPS);
	assert_int_equal(bench_stats_compute(&s, NULL, 0), 0);
	assert_int_equal(s.n, 0);
	assert_float_equal(s.median, 0, EPS);
	assert_float_equal(bench_stats_spread(&s), 0, EPS);
	assert_float_equal(bench_stats_iqr_rel(&s), 0, EPS);
}

static void ties_and_quantile_edges(void **state)
{
	const double sorted[] = { 2, 2, 2, 8 };
	const double v[] = { 3, 3, 3 };
	struct bench_stats s;

	(void)state;
	assert_float_equal(bench_quantile_sorted(sorted, 4, 0), 2, EPS);
	assert_float_equal(bench_quantile_sorted(sorted, 4, 1), 8, EPS);
	assert_float_equal(bench_quantile_sorted(sorted, 4, -1), 2, EPS);
	assert_float_equal(bench_quantile_sorted(sorted, 4, 2), 8, EPS);
	assert_float_equal(bench_quantile_sorted(sorted, 4, 0.5), 2, EPS);
	assert_float_equal(bench_quantile_sorted(sorted, 0, 0.5), 0, EPS);
	assert_int_equal(bench_stats_compute(&s, v, 3), 0);
	assert_float_equal(bench_stats_spread(&s), 0, EPS);
	assert_float_equal(bench_stats_iqr_rel(&s), 0, EPS);
}

/* The bootstrap interval holds the median, narrows with steadier data, and is repeatable. */
static void median_interval(void **state)
{
	double steady[20], noisy[20], lo, hi, lo2, hi2, nlo, nhi;

	(void)state;
	for (int i = 0; i < 20; i++) {
		steady[i] = 1.0 + 0.001 * (i % 5);
		noisy[i] = 1.0 + 0.05 * (i % 5);
	}
	assert_int_equal(bench_stats_median_ci(steady, 20, 0.95, &lo, &hi), 0);
	assert_true(lo <= 1.002 && hi >= 1.002 && lo >= 1.0 && hi <= 1.004);
	assert_int_equal(bench_stats_median_ci(steady, 20, 0.95, &lo2, &hi2), 0);
	assert_true(lo == lo2 && hi == hi2);
	assert_int_equal(bench_stats_median_ci(noisy, 20, 0.95, &nlo, &nhi), 0);
	assert_true(nhi - nlo > hi - lo);
	/* One sample: the interval is that sample. */
	assert_int_equal(bench_stats_median_ci(steady, 1, 0.95, &lo, &hi), 0);
	assert_true(lo == steady[0] && hi == steady[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(odd_count),
		cmocka_unit_test(even_count_interpolates),
		cmocka_unit_test(one_outlier_moves_spread_not_median),
		cmocka_unit_test(single_and_empty),
		cmocka_unit_test(ties_and_quantile_edges),
		cmocka_unit_test(median_interval),
	};

	return cmocka_run_group_tests_name("bench_stats", tests, NULL, NULL);
}
