// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "bench_stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double bench_quantile_sorted(const double *sorted, size_t n, double p)
{
	double pos, frac;
	size_t i;

	if (!n)
		return 0;
	if (p <= 0)
		return sorted[0];
	if (p >= 1)
		return sorted[n - 1];
	pos = p * (double)(n - 1);
	i = (size_t)pos;
	frac = pos - (double)i;
	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

int bench_stats_compute(struct bench_stats *s, const double *v, size_t n)
{
	double *sorted;

	memset(s, 0, sizeof(*s));
	if (!n)
		return 0;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		return -1;
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	s->n = n;
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = bench_quantile_sorted(sorted, n, 0.5);
	s->q1 = bench_quantile_sorted(sorted, n, 0.25);
	s->q3 = bench_quantile_sorted(sorted, n, 0.75);
	free(sorted);
	return 0;
}

double bench_stats_spread(const struct bench_stats *s)
{
	return s->median > 0 ? (s->max - s->min) / s->median : 0;
}

double bench_stats_iqr_rel(const struct bench_stats *s)
{
	return s->median > 0 ? (s->q3 - s->q1) / s->median : 0;
}

/* xorshift64*: the bootstrap's resampling, the same on every run. */
static size_t draw(unsigned long long *state, size_t n)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return (size_t)((*state * 2685821657736338717ULL) >> 33) % n;
}

int bench_stats_median_ci(const double *v, size_t n, double conf, double *lo, double *hi)
{
	double *meds = malloc(BENCH_BOOTSTRAP * sizeof(*meds));
	double *res = malloc((n ? n : 1) * sizeof(*res));
	unsigned long long state = 0x9e3779b97f4a7c15ULL;
	int ret = -1;

	if (!meds || !res)
		goto out;
	*lo = *hi = 0;
	if (n) {
		for (size_t b = 0; b < BENCH_BOOTSTRAP; b++) {
			for (size_t i = 0; i < n; i++)
				res[i] = v[draw(&state, n)];
			qsort(res, n, sizeof(*res), cmp_double);
			meds[b] = bench_quantile_sorted(res, n, 0.5);
		}
		qsort(meds, BENCH_BOOTSTRAP, sizeof(*meds), cmp_double);
		*lo = bench_quantile_sorted(meds, BENCH_BOOTSTRAP, (1 - conf) / 2);
		*hi = bench_quantile_sorted(meds, BENCH_BOOTSTRAP, 1 - (1 - conf) / 2);
	}
	ret = 0;
out:
	free(meds);
	free(res);
	return ret;
}
