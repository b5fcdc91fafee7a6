/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deterministic payloads for seeds, self-tests and benchmarks: the same
 * (kind, seed, size) always gives the same bytes, on every machine.
 */
#ifndef SAMPLE_DATA_H
#define SAMPLE_DATA_H

#include <stddef.h>
#include <stdint.h>

enum sample_kind {
	SAMPLE_TEXT,		/* words and punctuation, compresses well */
	SAMPLE_RANDOM,		/* incompressible */
	SAMPLE_ZEROS,		/* one byte repeated: RLE blocks */
	SAMPLE_MIXED,		/* runs of the three above: every block type */
	SAMPLE_KINDS
};

const char *sample_kind_name(enum sample_kind kind);
void sample_fill(void *buf, size_t size, enum sample_kind kind, uint32_t seed);
/* xorshift32 step: the one PRNG of the harness, never seeded from the clock. */
uint32_t sample_next(uint32_t *state);

#endif
