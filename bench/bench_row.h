/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One row of the benchmark: one data set, one mode, one level, measured
 * for the kernel and the reference in interleaved samples on the thread's
 * CPU-time clock, until the spread is small or the row's time cap is hit.
 */
#ifndef BENCH_ROW_H
#define BENCH_ROW_H

#include <stddef.h>

#include "bench_impl.h"
#include "bench_mix.h"
#include "bench_stats.h"

#define BENCH_MAX_SAMPLES 64
/* An inconclusive A/B row is measured again with samples this many times
 * as long, up to this many measurements in all (bench_row.c). */
#define BENCH_AB_LONGER 4
#define BENCH_AB_ATTEMPTS 2
/*
 * The fewest sample pairs an A/B verdict rests on: with 5 the bootstrap
 * interval of a median spans little more than the middle three values and
 * holds the true median far less often than 95% of the time (a pristine
 * pair read 1.052 [1.042,1.131] on 5 pairs); with 8, about 93%.
 */
#define BENCH_AB_MIN_SAMPLES 8

struct bench_data {
	const char *name;
	const unsigned char *buf;
	size_t size;
	size_t unit;		/* compressed independently unit bytes at a time */
	int checksum;		/* decompression rows: frames with a checksum */
	int wlog;		/* decompression rows: the frames' window log, 0: the level's */
};

struct bench_opts {
	double sample_s;	/* CPU time one sample aims at */
	double row_cap_s;	/* CPU time after which a row stops (>= 3 samples) */
	size_t min_samples;
	size_t max_samples;
	double stable;		/* stop once the ratio's (or both sides') IQR/median is at most this */
	double noisy;		/* flag a row whose ratio IQR/median stays above this */
	/*
	 * A/B rows (two kernel trees): a row fails when the whole 95% interval
	 * of the speed ratio lies below 1 + threshold (-0.05), passes when it
	 * lies above; otherwise it takes up to retry_samples, then says so.
	 */
	int verdicts;
	double threshold;
	size_t retry_samples;
	/* Calibration: side A spends slow (0.10: 10%) more CPU time per pass on
	 * the data sets named slow_data ("*": all). */
	double slow;
	const char *slow_data;
	/* CPU seconds the run has left for measuring inconclusive rows again. */
	double retry_budget_s;
};

enum bench_verdict { BENCH_NO_VERDICT, BENCH_PASS, BENCH_FAIL, BENCH_INCONCLUSIVE };

enum { BENCH_KERNEL, BENCH_REF, BENCH_SIDES };	/* side A, side B */

struct bench_side {
	double mbs[BENCH_MAX_SAMPLES];	/* MB/s (1e6 bytes) of uncompressed data */
	struct bench_stats st;
	size_t out_size;		/* compressed bytes, all units */
	unsigned long iters;		/* passes over the data per sample */
};

struct bench_row {
	const struct bench_data *data;
	enum bench_mode mode;
	int level;
	struct bench_side side[BENCH_SIDES];
	double ratio[BENCH_MAX_SAMPLES];	/* kernel/reference of each sample pair */
	struct bench_stats ratio_st;
	double ci_lo, ci_hi;		/* 95% bootstrap interval of the median ratio */
	struct bench_mix mix;		/* decompression rows: what the frames hold */
	enum bench_verdict verdict;
	double cpu_s;			/* CPU time the row took in all */
	int attempts;			/* measurements made (A/B: more when inconclusive) */
	double retry_s;			/* CPU time of the measurements after the first */
	int noisy;
};

/* The two sides rows measure: side A, then the one it is compared with. */
void bench_row_sides(const struct bench_impl *a, const char *name_a,
		     const struct bench_impl *b, const char *name_b);
const char *bench_side_name(int side);
const char *bench_verdict_name(enum bench_verdict v);

/* Measures row (data, mode, level set by the caller). 0, or -1 with err set. */
int bench_row_run(struct bench_row *row, const struct bench_opts *o, char *err, size_t errlen);
/* Kernel/reference speed: the median of the interleaved sample pairs' ratios. */
double bench_row_ratio(const struct bench_row *row);
/* Compression ratio (uncompressed / compressed) of one side. */
double bench_row_cratio(const struct bench_row *row, int side);
const char *bench_mode_name(enum bench_mode mode);
double bench_cpu_now(void);

#endif
