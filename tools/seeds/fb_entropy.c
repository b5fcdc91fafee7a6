// SPDX-License-Identifier: GPL-2.0
/*
 * FSE pieces of hand-built frames (fb_entropy.h), written from RFC 8878
 * 4.1.1 (FSE table description, decoding table) and 4.2.1.2 (Huffman
 * weights coded with FSE, two interleaved states).
 */
#include <stdlib.h>
#include <string.h>

#include "fb_entropy.h"

#define WEIGHTS_MAX	512	/* symbols fb_fse_weights codes at most */

void fb_bits_init(struct fb_bits *b, uint8_t *buf, size_t cap)
{
	b->buf = buf;
	b->cap = cap;
	b->nbits = 0;
	b->overflow = 0;
	memset(buf, 0, cap);
}

void fb_bits_put(struct fb_bits *b, uint32_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++, b->nbits++) {
		if (b->nbits / 8 >= b->cap) {
			b->overflow = 1;
			return;
		}
		if (v >> i & 1)
			b->buf[b->nbits / 8] |= (uint8_t)(1u << b->nbits % 8);
	}
}

size_t fb_bits_bytes(const struct fb_bits *b)
{
	return b->overflow ? 0 : (b->nbits + 7) / 8;
}

static unsigned int highbit(uint32_t x)
{
	return 31 - (unsigned int)__builtin_clz(x);
}

/* After a count of 0: how many more zeros follow, in 2-bit repeat flags. */
static unsigned int zero_run(struct fb_bits *b, const short *norm, unsigned int s,
			     unsigned int nsym)
{
	unsigned int run = 0;

	while (s + run < nsym && norm[s + run] == 0)
		run++;
	for (unsigned int left = run; ; left -= 3) {
		if (left < 3) {
			fb_bits_put(b, left, 2);
			break;
		}
		fb_bits_put(b, 3, 2);
	}
	return run;
}

void fb_ncount(struct fb_bits *b, const short *norm, unsigned int nsym, unsigned int log)
{
	int remaining = (1 << log) + 1, threshold = 1 << log;
	unsigned int nbits = log + 1, s = 0;

	fb_bits_put(b, log - 5, 4);
	while (s < nsym && remaining > 1) {
		int count = norm[s++], max = 2 * threshold - 1 - remaining;
		uint32_t v = (uint32_t)(count + 1);

		remaining -= count < 0 ? -count : count;
		if ((int)v >= threshold)
			v += (uint32_t)max;
		/* Values under max take one bit less. */
		fb_bits_put(b, v, (int)v < max ? nbits - 1 : nbits);
		if (count == 0)
			s += zero_run(b, norm, s, nsym);
		while (remaining > 1 && remaining < threshold) {
			nbits--;
			threshold >>= 1;
		}
	}
}

/* Symbols in table order: the "less than 1" ones at the top, the others spread. */
static int spread(struct fb_fse *t, const short *norm, unsigned int nsym)
{
	unsigned int size = 1u << t->log, high = size - 1, pos = 0;
	unsigned int step = (size >> 1) + (size >> 3) + 3;
	int cells = 0;

	for (unsigned int s = 0; s < nsym; s++)
		cells += norm[s] == -1 ? 1 : norm[s];
	if (cells != (int)size)
		return -1;
	for (unsigned int s = 0; s < nsym; s++)
		if (norm[s] == -1)
			t->symbol[high--] = (uint8_t)s;
	for (unsigned int s = 0; s < nsym; s++)
		for (int i = 0; i < norm[s]; i++) {
			t->symbol[pos] = (uint8_t)s;
			do
				pos = (pos + step) & (size - 1);
			while (pos > high);
		}
	return pos ? -1 : 0;
}

int fb_fse_build(struct fb_fse *t, const short *norm, unsigned int nsym, unsigned int log)
{
	uint32_t next[FB_FSE_SYMBOLS];
	unsigned int size = 1u << log;

	if (log > FB_FSE_LOG_MAX || nsym > FB_FSE_SYMBOLS)
		return -1;
	t->log = log;
	if (spread(t, norm, nsym))
		return -1;
	for (unsigned int s = 0; s < nsym; s++)
		next[s] = norm[s] == -1 ? 1 : (uint32_t)norm[s];
	for (unsigned int u = 0; u < size; u++) {
		uint32_t x = next[t->symbol[u]]++;

		t->nb[u] = (uint8_t)(log - highbit(x));
		t->base[u] = (uint16_t)((x << t->nb[u]) - size);
	}
	return 0;
}

int fb_fse_state_to(const struct fb_fse *t, unsigned int sym, unsigned int next)
{
	for (unsigned int u = 0; u < 1u << t->log; u++)
		if (t->symbol[u] == sym && next >= t->base[u] &&
		    next < t->base[u] + (1u << t->nb[u]))
			return (int)u;
	return -1;
}

/* A state of sym; one that reads bits when it must end the stream. */
static int last_state(const struct fb_fse *t, unsigned int sym, int reads_bits)
{
	for (unsigned int u = 0; u < 1u << t->log; u++)
		if (t->symbol[u] == sym && (!reads_bits || t->nb[u]))
			return (int)u;
	return -1;
}

/*
 * Each state is chosen backwards (the one of its symbol whose next states
 * hold the state after it, two symbols on). The decoder reads both initial
 * states, then each symbol's bits up to the third-last; reading the
 * second-last's overruns the stream, which ends it after one more symbol.
 */
size_t fb_fse_weights(const struct fb_fse *t, const uint8_t *sym, size_t n, uint8_t *out,
		      size_t cap)
{
	int state[WEIGHTS_MAX];
	uint32_t v[WEIGHTS_MAX];
	unsigned int len[WEIGHTS_MAX];
	struct fb_bits b;

	if (n < 2 || n > WEIGHTS_MAX)
		return 0;
	for (size_t j = n; j-- > 0;) {
		state[j] = j + 2 >= n ? last_state(t, sym[j], j == n - 2) :
					fb_fse_state_to(t, sym[j], (unsigned int)state[j + 2]);
		if (state[j] < 0)
			return 0;
	}
	/* In reading order: the two states, then the bits of sym[0 .. n-3]. */
	v[0] = (uint32_t)state[0];
	v[1] = (uint32_t)state[1];
	len[0] = len[1] = t->log;
	for (size_t j = 0; j + 2 < n; j++) {
		v[j + 2] = (uint32_t)state[j + 2] - t->base[state[j]];
		len[j + 2] = t->nb[state[j]];
	}
	/* Written backwards: the decoder reads from the end mark down. */
	fb_bits_init(&b, out, cap);
	for (size_t j = n; j-- > 0;)
		fb_bits_put(&b, v[j], len[j]);
	fb_bits_put(&b, 1, 1);
	return fb_bits_bytes(&b);
}

/* Symbols by weight, then by value, fill the table from 0: a code is its first cell. */
int fb_huf_build(struct fb_huf *h, const uint8_t *w, unsigned int n)
{
	uint8_t weight[FB_FSE_SYMBOLS];
	uint32_t total = 0, rest, start = 0;

	if (n + 1 > FB_FSE_SYMBOLS)
		return -1;
	for (unsigned int s = 0; s < n; s++)
		total += w[s] ? 1u << (w[s] - 1) : 0;
	if (!total)
		return -1;
	h->log = highbit(total) + 1;
	rest = (1u << h->log) - total;
	if (rest & (rest - 1))
		return -1;
	memcpy(weight, w, n);
	weight[n] = (uint8_t)(highbit(rest) + 1);
	memset(h->len, 0, sizeof(h->len));
	for (unsigned int wt = 1; wt <= h->log; wt++)
		for (unsigned int s = 0; s <= n; s++) {
			if (weight[s] != wt)
				continue;
			h->code[s] = (uint16_t)(start >> (wt - 1));
			h->len[s] = (uint8_t)(h->log + 1 - wt);
			start += 1u << (wt - 1);
		}
	return 0;
}

/* The decoder reads from the end mark down: the first literal is written last. */
size_t fb_huf_stream(const struct fb_huf *h, const uint8_t *lit, size_t n, uint8_t *out,
		     size_t cap)
{
	struct fb_bits b;

	fb_bits_init(&b, out, cap);
	for (size_t i = n; i-- > 0;) {
		if (!h->len[lit[i]])
			return 0;
		fb_bits_put(&b, h->code[lit[i]], h->len[lit[i]]);
	}
	fb_bits_put(&b, 1, 1);
	return fb_bits_bytes(&b);
}
