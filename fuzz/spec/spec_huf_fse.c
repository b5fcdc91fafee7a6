// SPDX-License-Identifier: GPL-2.0
/*
 * Huffman weights FSE-compressed (RFC 8878 4.2.1.2): a table description,
 * then one bitstream read by two states in turn, each symbol's state
 * update read right after the symbol. The decoder stops when an update
 * reads past the stream's start, and then takes one last symbol from the
 * other state: so every update but the last symbol's but one is written,
 * and that one must read at least a bit.
 */
#include <stdlib.h>

#include "spec_fse.h"
#include "spec_huf.h"

#define WEIGHT_SYMS	13	/* weights 0..12 */
#define WEIGHT_MAX_LOG	6

struct chains {
	uint8_t syms[2][128];
	uint16_t states[2][128];
	size_t len[2];
};

/* The state of the chain's last symbol: one whose update reads a bit, if it must. */
static int last_state(const struct spec_fse *t, unsigned int sym, int must_read, unsigned int *st)
{
	unsigned int k;

	for (k = 0; k < t->count[sym]; k++) {
		*st = spec_fse_state(t, sym, k);
		if (!must_read || t->nb[*st])
			return 1;
	}
	return 0;
}

static int chain_paths(const struct spec_fse *t, const uint8_t *w, unsigned int n, struct chains *c)
{
	unsigned int i, st, overflow_chain = (n - 2) % 2;
	int k;

	c->len[0] = c->len[1] = 0;
	for (i = 0; i < n; i++)
		c->syms[i % 2][c->len[i % 2]++] = w[i];
	for (k = 0; k < 2; k++) {
		size_t len = c->len[k];

		if (!last_state(t, c->syms[k][len - 1], k == (int)overflow_chain, &st) ||
		    !spec_fse_path(t, c->syms[k], len, c->states[k], st))
			return 0;
	}
	return 1;
}

static size_t weights_stream(const struct spec_fse *t, const uint8_t *w, unsigned int n,
			     uint8_t *out, size_t cap)
{
	struct spec_fields f = { 0 };
	struct chains c;
	unsigned int i;
	size_t size = 0;

	if (!chain_paths(t, w, n, &c))
		return 0;
	spec_fields_add(&f, c.states[0][0], t->log);
	spec_fields_add(&f, c.states[1][0], t->log);
	for (i = 0; i + 2 < n; i++) {
		const uint16_t *st = c.states[i % 2];
		unsigned int j = i / 2;

		spec_fields_add(&f, spec_fse_step(t, st[j], st[j + 1]), t->nb[st[j]]);
	}
	size = spec_fields_write(&f, 0, f.n, out, cap);
	free(f.val);
	free(f.nb);
	return size;
}

size_t spec_huf_weights_fse(const uint8_t *weights, unsigned int n, struct fuzz_input *in,
			    uint8_t *out, size_t cap)
{
	static struct spec_fse t;
	uint32_t hist[WEIGHT_SYMS] = { 0 };
	unsigned int log = fuzz_input_u32(in, 5, WEIGHT_MAX_LOG, 6), i, nsyms = 0;
	int16_t norm[WEIGHT_SYMS];
	size_t head, body;

	if (n < 2 || n > 255 || cap < 2)
		return 0;
	for (i = 0; i < n; i++)
		hist[weights[i]]++;
	for (i = 0; i < WEIGHT_SYMS; i++)
		if (hist[i])
			nsyms = i + 1;
	if (!spec_fse_norm(norm, hist, nsyms, log, in))
		return 0;
	while (nsyms && !norm[nsyms - 1])
		nsyms--;
	if (!spec_fse_build(&t, norm, nsyms, log))
		return 0;
	head = spec_fse_describe(norm, nsyms, log, out + 1, cap - 1);
	body = head ? weights_stream(&t, weights, n, out + 1 + head, cap - 1 - head) : 0;
	if (!body || head + body > 127)
		return 0;
	out[0] = (uint8_t)(head + body);
	return 1 + head + body;
}

/* Weights 1 and 2, 16 states each: state 0 is weight 1's (RFC 8878 4.1.1 spreads 1 first). */
static const int16_t cut_norm[3] = { 0, 16, 16 };
#define CUT_LOG		5

size_t spec_huf_cut_describe(const struct spec_huf *h, struct fuzz_input *in, uint8_t *out,
			     size_t cap)
{
	static struct spec_fse t;
	struct spec_fields f = { 0 };
	unsigned int k = fuzz_input_u32(in, 0, 15, 0);
	size_t head, body = 0;

	if (cap < 2 || !spec_fse_build(&t, cut_norm, 3, CUT_LOG))
		return 0;
	head = spec_fse_describe(cut_norm, 3, CUT_LOG, out + 1, cap - 1);
	spec_fields_add(&f, spec_fse_state(&t, h->weight[0], k), CUT_LOG);
	if (head)
		body = spec_fields_write(&f, 0, f.n, out + 1 + head, cap - 1 - head);
	free(f.val);
	free(f.nb);
	if (!body)
		return 0;
	out[0] = (uint8_t)(head + body);
	return 1 + head + body;
}
