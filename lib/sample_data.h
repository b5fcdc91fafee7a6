/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deterministic payloads for seeds, self-tests and benchmarks: the same
 * (kind, seed, size) always gives the same bytes, on every machine.
 */
#ifndef LIB_SAMPLE_DATA_H
#define LIB_SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

enum lib_sample_kind {
	LIB_SAMPLE_TEXT,		/* words and punctuation, compresses well */
	LIB_SAMPLE_RANDOM,		/* incompressible */
	LIB_SAMPLE_ZEROS,		/* one byte repeated: RLE blocks */
	LIB_SAMPLE_MIXED,		/* runs of the three above: every block type */
	LIB_SAMPLE_KINDS
};

const char *lib_sample_kind_name(enum lib_sample_kind kind);
void lib_sample_fill(void *buf, size_t size, enum lib_sample_kind kind, uint32_t seed);
/* xorshift32 step: the one PRNG of the harness, never seeded from the clock. */
uint32_t lib_sample_next(uint32_t *state);

#endif
