// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "spec_bulk.h"
#include "spec_fse.h"

static unsigned int highbit(uint32_t v)
{
	unsigned int n = 0;

	while (v >>= 1)
		n++;
	return n;
}

/* RFC 8878 4.1.1: "less than 1" symbols from the top down, the others spread by step. */
SPEC_BULK static int spread(struct spec_fse *t, const int16_t *norm, unsigned int nsyms)
{
	unsigned int size = t->size, high = size - 1, step = (size >> 1) + (size >> 3) + 3;
	unsigned int s, i, pos = 0;

	for (s = 0; s < nsyms; s++)
		if (norm[s] == -1)
			t->sym[high--] = (uint8_t)s;
	for (s = 0; s < nsyms; s++) {
		for (i = 0; norm[s] > 0 && i < (unsigned int)norm[s]; i++) {
			t->sym[pos] = (uint8_t)s;
			do
				pos = (pos + step) & (size - 1);
			while (pos > high);
		}
	}
	return pos == 0;
}

SPEC_BULK static void predecessors(struct spec_fse *t)
{
	unsigned int u, v;

	for (u = 0; u < t->size; u++)
		for (v = t->base[u]; v < t->base[u] + (1u << t->nb[u]) && v < t->size; v++)
			t->pred[t->sym[u]][v] = (uint16_t)u;
}

SPEC_BULK int spec_fse_build(struct spec_fse *t, const int16_t *norm, unsigned int nsyms, unsigned int log)
{
	uint16_t next[SPEC_FSE_MAX_SYMS];
	unsigned int s, u, total = 0;

	if (log > SPEC_FSE_MAX_LOG || nsyms > SPEC_FSE_MAX_SYMS)
		return 0;
	for (s = 0; s < nsyms; s++)
		total += norm[s] == -1 ? 1 : (unsigned int)(norm[s] > 0 ? norm[s] : 0);
	if (total != 1u << log)
		return 0;
	t->log = log;
	t->size = 1u << log;
	t->nsyms = nsyms;
	for (s = 0; s < nsyms; s++)
		t->count[s] = next[s] = norm[s] == -1 ? 1 : (uint16_t)(norm[s] > 0 ? norm[s] : 0);
	if (!spread(t, norm, nsyms))
		return 0;
	for (u = 0; u < t->size; u++) {
		unsigned int n = next[t->sym[u]]++;

		t->nb[u] = (uint8_t)(log - highbit(n));
		t->base[u] = (uint16_t)((n << t->nb[u]) - t->size);
	}
	predecessors(t);
	return 1;
}

void spec_fse_rle(struct spec_fse *t, unsigned int sym)
{
	t->log = 0;
	t->size = 1;
	t->nsyms = sym + 1;
	memset(t->count, 0, sizeof(t->count));
	t->count[sym] = 1;
	t->sym[0] = (uint8_t)sym;
	t->nb[0] = 0;
	t->base[0] = 0;
	t->pred[sym][0] = 0;
}

int spec_fse_has(const struct spec_fse *t, unsigned int sym)
{
	return sym < t->nsyms && t->count[sym];
}

unsigned int spec_fse_state(const struct spec_fse *t, unsigned int sym, unsigned int k)
{
	unsigned int u;

	if (!spec_fse_has(t, sym))
		return 0;
	k %= t->count[sym];
	for (u = 0; u < t->size; u++)
		if (t->sym[u] == sym && !k--)
			return u;
	return 0;
}

SPEC_BULK int spec_fse_path(const struct spec_fse *t, const uint8_t *syms, size_t n, uint16_t *states,
		  unsigned int last)
{
	size_t i;

	if (!n)
		return 1;
	for (i = 0; i < n; i++)
		if (!spec_fse_has(t, syms[i]))
			return 0;
	if (last >= t->size || t->sym[last] != syms[n - 1])
		return 0;
	states[n - 1] = (uint16_t)last;
	for (i = n - 1; i > 0; i--)
		states[i - 1] = t->pred[syms[i - 1]][states[i]];
	return 1;
}

/* RFC 8878 4.1.1: each count + 1 in as few bits as the probability left allows. */
static void describe_count(struct spec_fwd *w, int count, int *remaining, int *threshold,
			   unsigned int *nbits)
{
	int max = (2 * *threshold - 1) - *remaining;
	int v = count + 1;

	*remaining -= count < 0 ? -count : count;
	if (v >= *threshold)
		v += max;
	spec_fwd_add(w, (uint32_t)v, v < max ? *nbits - 1 : *nbits);
	while (*remaining < *threshold && *threshold > 1) {
		(*nbits)--;
		*threshold >>= 1;
	}
}

/* After a 0 count: how many more zeros, 2 bits at a time (3: another flag follows). */
static unsigned int describe_zeros(struct spec_fwd *w, const int16_t *norm, unsigned int s,
				   unsigned int nsyms)
{
	unsigned int run = 0;

	while (s + run < nsyms && norm[s + run] == 0)
		run++;
	while (run >= 3) {
		spec_fwd_add(w, 3, 2);
		run -= 3;
		s += 3;
	}
	spec_fwd_add(w, run, 2);
	return s + run;
}

size_t spec_fse_describe(const int16_t *norm, unsigned int nsyms, unsigned int log,
			 uint8_t *out, size_t cap)
{
	int remaining = (1 << log) + 1, threshold = 1 << log;
	unsigned int nbits = log + 1, s = 0;
	struct spec_fwd w;
	int prev0 = 0;

	spec_fwd_init(&w, out, cap);
	spec_fwd_add(&w, log - 5, 4);
	while (remaining > 1 && s < nsyms) {
		if (prev0) {
			s = describe_zeros(&w, norm, s, nsyms);
			if (s >= nsyms)
				break;
		}
		describe_count(&w, norm[s], &remaining, &threshold, &nbits);
		prev0 = norm[s++] == 0;
	}
	if (remaining != 1)
		return 0;
	return spec_fwd_end(&w);
}
