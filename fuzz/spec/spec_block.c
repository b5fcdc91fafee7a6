// SPDX-License-Identifier: GPL-2.0
/*
 * One compressed block: literals, then sequences whose matches reach back
 * into the frame's content (across blocks, up to the window), with repeat
 * offsets as RFC 8878 3.1.1.5 updates them. The content the block decodes
 * to is appended as the sequences are made.
 */
#include <string.h>

#include "spec_bulk.h"
#include "spec_ctx.h"

struct plan {
	size_t nseq, nlits, budget;	/* budget: match bytes the block may still add */
	int mode;
};

/* How many sequences: none, a few, many, or the 3-byte count form's many. */
static size_t choose_nseq(struct spec_ctx *x, size_t max)
{
	size_t most = max / 3 < SPEC_SEQ_MAX ? max / 3 : SPEC_SEQ_MAX;
	unsigned int kind = fuzz_input_u32(x->in, 0, 63, 0);
	size_t n;

	/* Many sequences cost time: up to 300 in 1 block of 5, 0x7F00 and more in 1 of 64. */
	if (kind < 8)
		n = 0;
	else if (kind < 48)
		n = fuzz_input_u32(x->in, 1, 16, 1);
	else if (kind < 63)
		n = fuzz_input_u32(x->in, 1, kind == 62 ? 4000 : 300, 100);
	else
		n = 0x7F00 + fuzz_input_u32(x->in, 0, 0x100, 0);
	return n < most ? n : most;
}

/* A new offset shifts all three repeat offsets, as a repeat of index 2 or 3 does. */
#define REP_SHIFT	3

/* The repeat offsets after a sequence: RFC 8878 3.1.1.5, idx 0..2 a repeat, 3 Repeated_Offset1 - 1. */
static void rep_update(uint32_t *rep, unsigned int idx, uint32_t off)
{
	if (idx == 0)
		return;
	if (idx != 1)
		rep[2] = rep[1];
	rep[1] = rep[0];
	rep[0] = off;
}

/* A new offset within reach: 1, far (all of reach), or anywhere. */
static uint32_t new_offset(struct spec_ctx *x, uint32_t reach)
{
	unsigned int kind = fuzz_input_u32(x->in, 0, 3, 0);

	if (kind == 1)
		return reach;
	if (kind == 2)
		return 1 + spec_rand(x) % (reach < 64 ? reach : 64);
	return 1 + spec_rand(x) % reach;
}

/*
 * The offset-0 defect: a new offset of 1 first, then, with Literals_Length
 * 0, Offset_Value 3 (Repeated_Offset1 - 1 = 0). zstd up to 1.5.5 takes it
 * as 1, and puts 1 first in the repeat offsets: the content is made so.
 */
static uint32_t offset_zero(struct spec_ctx *x, struct spec_seq *q)
{
	if (q->ll == 0 && x->rep[0] == 1) {
		x->defect_done = 1;
		spec_reach(x, SPEC_F_offset_zero);
		q->ofv = 3;
	} else {
		q->ofv = 1 + 3;
	}
	rep_update(x->rep, REP_SHIFT, 1);
	return 1;
}

/* The sequence's Offset_Value and its offset; 0 when no match can be made. */
static uint32_t choose_offset(struct spec_ctx *x, struct spec_seq *q, uint32_t reach, size_t hist)
{
	unsigned int code = fuzz_input_u32(x->in, 0, 3, 0), idx;
	uint32_t off;

	if (x->defect == SPEC_BAD_OFFSET_HISTORY && !x->defect_done) {
		x->defect_done = 1;
		off = (uint32_t)hist + 1 + fuzz_input_u32(x->in, 0, 15, 0);
		q->ofv = off + 3;
		rep_update(x->rep, REP_SHIFT, off);
		return off;
	}
	if (!reach)
		return 0;
	if (x->defect == SPEC_BAD_OFFSET_ZERO && !x->defect_done)
		return offset_zero(x, q);
	if (code >= 1) {
		idx = code - 1 + (q->ll == 0);
		off = idx == 3 ? x->rep[0] - 1 : x->rep[idx];
		if (off >= 1 && off <= reach) {
			q->ofv = code;
			spec_reach(x, q->ll ? SPEC_F_rep_offset : idx == 3 ? SPEC_F_rep_ll0_minus1 :
				   SPEC_F_rep_ll0);
			rep_update(x->rep, idx, off);
			return off;
		}
	}
	off = new_offset(x, reach);
	q->ofv = off + 3;
	rep_update(x->rep, REP_SHIFT, off);
	return off;
}

SPEC_BULK static void copy_match(struct spec_ctx *x, uint32_t off, size_t ml, size_t block_start)
{
	uint8_t *c = x->content;
	size_t i, pos = x->content_len;

	if (x->content_len - x->frame_start < off) {
		memset(c + pos, 0, ml);	/* the defect: nothing there to copy */
	} else {
		for (i = 0; i < ml; i++)
			c[pos + i] = c[pos + i - off];
		if (pos - off < block_start)
			spec_reach(x, SPEC_F_offset_cross_block);
	}
	x->content_len += ml;
}

/* Match length: 3 and what the budget and choices add. */
static size_t choose_ml(struct spec_ctx *x, size_t *budget, size_t left)
{
	size_t extra = *budget - 3 * (left + 1), ml = 3;
	unsigned int kind = fuzz_input_u32(x->in, 0, 3, 0);

	if (extra && kind)
		ml += kind == 3 ? extra : spec_rand(x) % (kind == 1 ? (extra < 32 ? extra : 32) : extra) + 1;
	if (ml - 3 > extra)
		ml = 3 + extra;
	*budget -= ml;
	return ml;
}

/* The literals lengths: a random split of nlits over nseq + 1 runs, many of them 0. */
static size_t choose_ll(struct spec_ctx *x, size_t lits_left)
{
	unsigned int kind = fuzz_input_u32(x->in, 0, 3, 1);

	if (!lits_left || kind == 0)
		return 0;
	if (kind == 1)
		return 1 + spec_rand(x) % (lits_left < 8 ? lits_left : 8);
	return spec_rand(x) % (lits_left + 1);
}

static size_t make_sequences(struct spec_ctx *x, struct plan *p, const uint8_t *lits,
			     size_t block_start)
{
	size_t i, used = 0;

	for (i = 0; i < p->nseq; i++) {
		struct spec_seq *q = &x->seqs[i];
		size_t hist;
		uint32_t reach, off;

		q->ll = (uint32_t)choose_ll(x, p->nlits - used);
		if (x->defect == SPEC_BAD_OFFSET_ZERO && !x->defect_done && x->rep[0] == 1 &&
		    x->content_len > x->frame_start)
			q->ll = 0;	/* the offset-0 defect's sequence */
		memcpy(x->content + x->content_len, lits + used, q->ll);
		x->content_len += q->ll;
		used += q->ll;
		hist = x->content_len - x->frame_start;
		reach = (uint32_t)(hist < x->window ? hist : x->window);
		off = choose_offset(x, q, reach, hist);
		if (!off) {
			x->content_len -= q->ll;
			used -= q->ll;
			break;
		}
		if (off == reach && reach == x->window)
			spec_reach(x, SPEC_F_offset_window);
		q->ml = (uint32_t)choose_ml(x, &p->budget, p->nseq - i - 1);
		copy_match(x, off, q->ml, block_start);
	}
	memcpy(x->content + x->content_len, lits + used, p->nlits - used);
	x->content_len += p->nlits - used;
	return i;
}

/* Only raw literals, nothing else, and the block exactly Block_Maximum_Size (the 128 KiB erratum). */
static size_t full_block(struct spec_ctx *x, size_t max, uint8_t *out, size_t cap)
{
	int wide = fuzz_input_bool(x->in, 0);
	size_t n, size = x->block_max;

	if (size < 8 || size - 4 - wide > max || size > cap)
		return 0;
	n = size - 4 - wide;
	spec_literal_bytes(x, SPEC_LIT_RAW, x->content + x->content_len, n);
	out[0] = (uint8_t)(SPEC_LIT_RAW | 3 << 2 | (n & 0xF) << 4);
	out[1] = (uint8_t)(n >> 4);
	out[2] = (uint8_t)(n >> 12);
	memcpy(out + 3, x->content + x->content_len, n);
	out[3 + n] = wide ? 0x80 : 0;
	if (wide)
		out[4 + n] = 0;
	x->content_len += n;
	spec_reach(x, SPEC_F_lit_raw);
	spec_reach(x, SPEC_F_lit_sf_3byte);
	spec_reach(x, wide ? SPEC_F_nseq0_2byte : SPEC_F_nseq0_1byte);
	return size;
}

static size_t plain_block(struct spec_ctx *x, size_t max, uint8_t *out, size_t cap)
{
	size_t block_start = x->content_len, lit, seq, nseq;
	struct plan p;

	p.nseq = choose_nseq(x, max);
	p.nlits = spec_size(x, max - 3 * p.nseq);
	p.budget = max - p.nlits;
	p.mode = spec_literals_mode(x, p.nlits);
	spec_literal_bytes(x, p.mode, x->lits, p.nlits);
	nseq = make_sequences(x, &p, x->lits, block_start);
	lit = spec_literals(x, x->lits, p.nlits, p.mode, out, cap);
	if (!lit)
		return 0;
	seq = spec_sequences(x, x->seqs, nseq, out + lit, cap - lit);
	if (!seq)
		return 0;
	if (lit + seq == 2 && out[0] == 0 && out[1] == 0)
		spec_reach(x, SPEC_F_empty_compressed);
	return lit + seq;
}

size_t spec_block_compressed(struct spec_ctx *x, size_t max, uint8_t *out, size_t cap)
{
	size_t content_len = x->content_len, size;
	uint32_t rep[3];
	int defect_done = x->defect_done;

	memcpy(rep, x->rep, sizeof(rep));
	if (cap > x->block_max)
		cap = x->block_max;
	if (fuzz_input_u32(x->in, 0, 7, 1) == 0)
		size = full_block(x, max, out, cap);
	else
		size = plain_block(x, max, out, cap);
	if (size) {
		spec_commit_tables(x);
		return size;
	}
	/* It did not fit: as if never made. */
	x->content_len = content_len;
	memcpy(x->rep, rep, sizeof(rep));
	x->defect_done = defect_done;
	x->huf_next_used = x->next_used = 0;
	return 0;
}
