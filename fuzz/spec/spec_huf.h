/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Huffman literals (RFC 8878 4.2): weights chosen so that they describe a
 * complete tree, the canonical prefix codes they give, the tree
 * description (weights written directly, 4 bits each, or FSE-compressed)
 * and the 1- or 4-stream encodings.
 */
#ifndef SPEC_HUF_H
#define SPEC_HUF_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "spec_bits.h"

#define SPEC_HUF_MAX_BITS	11

struct spec_huf {
	uint8_t weight[256];
	unsigned int nsyms;		/* the last symbol + 1: its weight is implied */
	unsigned int max_bits;
	uint16_t code[256];
	uint8_t len[256];
	uint8_t alphabet[256];		/* the symbols of nonzero weight */
	unsigned int nalpha;
};

/* Weights from the choices (symbols up to max_sym), then the codes. */
void spec_huf_choose(struct spec_huf *h, struct fuzz_input *in, unsigned int max_sym);
/*
 * The tree description into out[0..cap): weights written directly (fse 0)
 * or FSE-compressed (fse 1, with the choices' accuracy log). Its size, 0
 * if it cannot be written so or does not fit.
 */
size_t spec_huf_describe(const struct spec_huf *h, int fse, struct fuzz_input *in,
			 uint8_t *out, size_t cap);
/*
 * n weights FSE-compressed, with their header byte (spec_huf_fse.c): the
 * size, 0 if they cannot be so (one symbol only, 128 bytes or more).
 */
size_t spec_huf_weights_fse(const uint8_t *weights, unsigned int n, struct fuzz_input *in,
			    uint8_t *out, size_t cap);
/*
 * The Huffman-state defect's tree: symbols 0..2, weights {1 or 2, 1, the
 * implied one}. Its description (spec_huf_cut_describe, with its header
 * byte; 0 if it does not fit) is FSE-compressed, and its stream holds the
 * first initial state only: the second, cut, reads as 0, whose weight is
 * 1 (doc/decompressor_permissive.md: zstd up to 1.5.6 decodes it so).
 */
void spec_huf_cut_tree(struct spec_huf *h, struct fuzz_input *in);
size_t spec_huf_cut_describe(const struct spec_huf *h, struct fuzz_input *in, uint8_t *out,
			     size_t cap);
/*
 * lits[0..n) in one stream (streams 1) or four with the jump table
 * (streams 4) into out[0..cap): the size, 0 if it does not fit.
 */
size_t spec_huf_encode(const struct spec_huf *h, const uint8_t *lits, size_t n, int streams,
		       struct spec_fields *f, uint8_t *out, size_t cap);

#endif
