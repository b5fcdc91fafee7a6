/* SPDX-License-Identifier: GPL-2.0 */
/*
 * FSE (RFC 8878 4.1): a decoding table built from normalized counts as the
 * RFC spreads them, and encoding as its inverse: the decoder's states for a
 * symbol sequence, found from the last symbol back (each state's range of
 * next states [Baseline, Baseline + 2^Number_of_Bits) partitions the
 * table among the states of one symbol).
 */
#ifndef SPEC_FSE_H
#define SPEC_FSE_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "spec_bits.h"

#define SPEC_FSE_MAX_LOG	9
#define SPEC_FSE_MAX_SIZE	(1u << SPEC_FSE_MAX_LOG)
#define SPEC_FSE_MAX_SYMS	64

struct spec_fse {
	unsigned int log;		/* Accuracy_Log; 0 for an RLE table */
	unsigned int size;
	unsigned int nsyms;		/* symbols 0..nsyms-1 may occur */
	uint8_t sym[SPEC_FSE_MAX_SIZE];
	uint8_t nb[SPEC_FSE_MAX_SIZE];
	uint16_t base[SPEC_FSE_MAX_SIZE];
	/* pred[s][t]: the state of symbol s whose next states hold t */
	uint16_t pred[SPEC_FSE_MAX_SYMS][SPEC_FSE_MAX_SIZE];
	uint16_t count[SPEC_FSE_MAX_SYMS];	/* states per symbol */
};

/* From norm[0..nsyms) (-1: "less than 1") summing to 2^log. 0 if they do not. */
int spec_fse_build(struct spec_fse *t, const int16_t *norm, unsigned int nsyms, unsigned int log);
/* The one-state table of RLE mode. */
void spec_fse_rle(struct spec_fse *t, unsigned int sym);
/* Whether sym has a state. */
int spec_fse_has(const struct spec_fse *t, unsigned int sym);
/* The k-th (mod its count) state of sym. */
unsigned int spec_fse_state(const struct spec_fse *t, unsigned int sym, unsigned int k);
/*
 * The decoder's states for syms[0..n), the last one last (a state of
 * syms[n-1]): states[0] is the initial state. 0 if a symbol has no state.
 */
int spec_fse_path(const struct spec_fse *t, const uint8_t *syms, size_t n, uint16_t *states,
		  unsigned int last);
/*
 * Normalized counts at accuracy log log for a histogram hist[0..nsyms):
 * every symbol that occurs gets a count (some "less than 1", -1), the
 * rest of the table goes by the choices. 0 if the symbols do not fit.
 */
int spec_fse_norm(int16_t *norm, const uint32_t *hist, unsigned int nsyms, unsigned int log,
		  struct fuzz_input *in);
/* The bits of the transition from state s to next (the value the decoder adds to Baseline). */
static inline uint32_t spec_fse_step(const struct spec_fse *t, unsigned int s, unsigned int next)
{
	return next - t->base[s];
}

/*
 * The FSE table description (RFC 8878 4.1.1) of norm[0..nsyms) at this
 * accuracy log into out[0..cap): its size, 0 if it does not fit.
 */
size_t spec_fse_describe(const int16_t *norm, unsigned int nsyms, unsigned int log,
			 uint8_t *out, size_t cap);

#endif
