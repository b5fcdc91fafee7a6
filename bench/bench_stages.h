/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-stage rows of the A/B benchmark: for each stage of the decoder
 * (and each compression strategy), data made so that the reference
 * compressor's frames exercise it, and the mode and level of its row.
 */
#ifndef BENCH_STAGES_H
#define BENCH_STAGES_H

#include <stddef.h>

#include "bench_impl.h"

struct bench_stage {
	const char *name;		/* the row's data set name */
	const char *what;		/* the stage it stresses */
	enum bench_mode mode;
	int level;
	void (*fill)(unsigned char *p, size_t n);
	size_t size;
	size_t unit;			/* frames of unit bytes each; 0: one frame */
	int checksum;
	int wlog;			/* the frames' window log; 0: the level's */
};

size_t bench_stage_count(void);
/* The i-th stage, NULL past the last. */
const struct bench_stage *bench_stage(size_t i);
/* Its data: a new buffer of st->size bytes, or NULL. */
unsigned char *bench_stage_data(const struct bench_stage *st);

#endif
