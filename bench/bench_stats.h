/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Summary statistics of repeated timing samples: median, min, max,
 * quartiles and the relative spread the benchmark uses to decide when
 * to stop repeating and whether to flag a row as noisy.
 */
#ifndef BENCH_STATS_H
#define BENCH_STATS_H

#include <stddef.h>

struct bench_stats {
	size_t n;
	double median;
	double min;
	double max;
	double q1;		/* 25th percentile, linear interpolation */
	double q3;		/* 75th percentile */
};

/*
 * Summarizes v[0..n) (left unchanged). With n == 0 every field is 0.
 * Returns 0, or -1 when memory for the sorted copy is lacking.
 */
int bench_stats_compute(struct bench_stats *s, const double *v, size_t n);
/* (max - min) / median, 0 when the median is 0. */
double bench_stats_spread(const struct bench_stats *s);
/* (q3 - q1) / median, 0 when the median is 0. */
double bench_stats_iqr_rel(const struct bench_stats *s);
/* Resamples of the bootstrap interval. */
#define BENCH_BOOTSTRAP	2000
/*
 * The conf (0.95) percentile bootstrap interval [lo, hi] of the median of
 * v[0..n), from BENCH_BOOTSTRAP resamples with a fixed seed. 0, or -1
 * when memory is lacking.
 */
int bench_stats_median_ci(const double *v, size_t n, double conf, double *lo, double *hi);
/* The p-quantile (0 <= p <= 1) of sorted[0..n), linear interpolation. */
double bench_quantile_sorted(const double *sorted, size_t n, double p);

#endif
