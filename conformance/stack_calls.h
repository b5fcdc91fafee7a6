/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wrapper's entry points, each called once in a painted-stack thread
 * (stack_paint.h) on real work: compression of 128 KiB of each sample
 * kind per level, decompression of the frames made at that level. A
 * row's figure is the deepest of its runs, less the no-op baseline.
 */
#ifndef STACK_CALLS_H
#define STACK_CALLS_H

#include <stddef.h>

#define STACK_NO_LEVEL	(-100000)

struct stack_row {
	char entry[40];		/* e.g. "zstd_compress_cctx" */
	int level;		/* STACK_NO_LEVEL when the entry has none */
	long bytes;		/* deepest stack, baseline subtracted; -1: the call failed */
};

struct stack_table {
	struct stack_row *rows;
	size_t count, cap;
	long baseline;		/* the no-op call's figure */
	char error[160];	/* the first call that failed */
};

/* Measures every entry point at each level; 0, or -1 if the table is full or a thread failed. */
int stack_measure_all(struct stack_table *t, const int *levels, size_t nlevels);

#endif
