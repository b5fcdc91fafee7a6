/* SPDX-License-Identifier: GPL-2.0 */
/* The generator's state while it builds one input (its files share it). */
#ifndef SPEC_CTX_H
#define SPEC_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "spec.h"
#include "spec_bits.h"
#include "spec_codes.h"
#include "spec_fse.h"
#include "spec_huf.h"

#define SPEC_BLOCK_MAX		((size_t)128 << 10)
/* Sequences one block holds at most: enough for the 3-byte count form (>= 0x7F00). */
#define SPEC_SEQ_MAX		(SPEC_BLOCK_MAX / 3)


struct spec_seq {
	uint32_t ll, ml;
	uint32_t ofv;			/* Offset_Value: 1..3 a repeat, else offset + 3 */
};

struct spec_ctx {
	struct fuzz_input *in;
	uint32_t rng;
	struct spec_result *res;
	uint8_t *data;			/* the frames being written */
	size_t len;
	uint8_t *content;		/* what they decode to */
	size_t content_len;
	/* The frame being built. */
	size_t frame_start;		/* its first content byte */
	uint64_t window;
	size_t block_max;		/* Block_Maximum_Size */
	uint32_t rep[3];
	int have_huf;
	struct spec_huf huf;		/* the frame's last Huffman tree */
	struct spec_huf huf_next;	/* the block's new tree, if it has one */
	int huf_next_used;
	uint8_t rle_byte;		/* RLE literals' byte */
	int lit_style;			/* raw literals: what kind of bytes */
	int have_table[3];
	struct spec_fse *table[3];	/* the last block's LL, OF, ML tables */
	struct spec_fse *next[3];	/* the block's, before they become the last */
	int next_used;			/* the block has sequences: next[] are its tables */
	/* Scratch. */
	struct spec_fields fields;
	uint8_t *lits, *block, *codes[3];
	uint16_t *states[3];
	struct spec_seq *seqs;
	enum spec_defect defect;	/* planned for this input */
	int defect_done;
};

static inline void spec_reach(struct spec_ctx *x, enum spec_feature f)
{
	x->res->reached[f] = 1;
}

/* xorshift32 from a choice: the bulk bytes the choices cannot all name. */
uint32_t spec_rand(struct spec_ctx *x);
/* A size in [0, max]: tiny, small, medium, any, or max itself, as the choices say. */
size_t spec_size(struct spec_ctx *x, size_t max);

/* One compressed block's content decoding to at most max bytes: its size, 0 if none fits. */
size_t spec_block_compressed(struct spec_ctx *x, size_t max, uint8_t *out, size_t cap);
/* The literals section of lits[0..n) into out: its size, 0 if it does not fit. */
size_t spec_literals(struct spec_ctx *x, const uint8_t *lits, size_t n, int mode,
		     uint8_t *out, size_t cap);
/* Literal bytes for a section of this mode: from the Huffman alphabet when coded. */
void spec_literal_bytes(struct spec_ctx *x, int mode, uint8_t *lits, size_t n);
/* Picks the literals mode (and the tree) for n literals. */
int spec_literals_mode(struct spec_ctx *x, size_t n);
/* The sequences section of seqs[0..n): its size, 0 if it does not fit. */
size_t spec_sequences(struct spec_ctx *x, const struct spec_seq *seqs, size_t n,
		      uint8_t *out, size_t cap);

/* A compressed block's tree and tables become the frame's last ones. */
void spec_commit_tables(struct spec_ctx *x);

enum { SPEC_LIT_RAW, SPEC_LIT_RLE, SPEC_LIT_HUF, SPEC_LIT_TREELESS };

#endif
