// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "spec_bits.h"
#include "spec_bulk.h"

void spec_fields_reset(struct spec_fields *f)
{
	f->n = 0;
	f->oom = 0;
}

static int grow(struct spec_fields *f)
{
	size_t cap = f->cap ? f->cap * 2 : 4096;
	uint32_t *val = realloc(f->val, cap * sizeof(*val));
	uint8_t *nb;

	if (!val)
		return 0;
	f->val = val;
	nb = realloc(f->nb, cap);
	if (!nb)
		return 0;
	f->nb = nb;
	f->cap = cap;
	return 1;
}

SPEC_BULK void spec_fields_add(struct spec_fields *f, uint32_t val, unsigned int nb)
{
	if (f->n == f->cap && !grow(f)) {
		f->oom = 1;
		return;
	}
	f->val[f->n] = nb < 32 ? val & ((1u << nb) - 1) : val;
	f->nb[f->n++] = (uint8_t)nb;
}

void spec_fwd_init(struct spec_fwd *w, uint8_t *out, size_t cap)
{
	*w = (struct spec_fwd){ .out = out, .cap = cap };
}

SPEC_BULK static void fwd_flush(struct spec_fwd *w, unsigned int keep)
{
	while (w->bits >= keep && w->bits) {
		if (w->pos < w->cap)
			w->out[w->pos] = (uint8_t)w->acc;
		else
			w->overflow = 1;
		w->pos++;
		w->acc >>= 8;
		w->bits = w->bits > 8 ? w->bits - 8 : 0;
	}
}

SPEC_BULK void spec_fwd_add(struct spec_fwd *w, uint32_t val, unsigned int nb)
{
	if (nb < 32)
		val &= (1u << nb) - 1;
	w->acc |= (uint64_t)val << w->bits;
	w->bits += nb;
	fwd_flush(w, 8);
}

size_t spec_fwd_end(struct spec_fwd *w)
{
	fwd_flush(w, 1);
	return w->overflow ? 0 : w->pos;
}

SPEC_BULK size_t spec_fields_write(const struct spec_fields *f, size_t from, size_t to,
			 uint8_t *out, size_t cap)
{
	struct spec_fwd w;
	size_t i;

	if (f->oom)
		return 0;
	spec_fwd_init(&w, out, cap);
	for (i = to; i > from; i--)
		spec_fwd_add(&w, f->val[i - 1], f->nb[i - 1]);
	spec_fwd_add(&w, 1, 1);
	return spec_fwd_end(&w);
}
