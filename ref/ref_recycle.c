// SPDX-License-Identifier: GPL-2.0
#include <sanitizer/asan_interface.h>
#include <stdlib.h>
#include <string.h>

#include "ref_recycle.h"

/* The smallest free block of at least size bytes; -1 when none. */
static int fitting(const struct ref_recycle *r, size_t size)
{
	int best = -1;

	for (int i = 0; i < REF_RECYCLE_KEEP; i++)
		if (r->block[i] && !r->used[i] && r->room[i] >= size &&
		    (best < 0 || r->room[i] < r->room[best]))
			best = i;
	return best;
}

/* An entry whose block may be replaced by a new one: empty, else free; -1 when none. */
static int replaceable(const struct ref_recycle *r)
{
	int spare = -1;

	for (int i = 0; i < REF_RECYCLE_KEEP; i++) {
		if (!r->block[i])
			return i;
		if (!r->used[i])
			spare = i;
	}
	return spare;
}

/*
 * Addressable exactly [0, size) of block i: only the difference from what
 * was open before changes (ASan's shadow), not the whole block.
 */
static void *hand_out(struct ref_recycle *r, int i, size_t size)
{
	char *p = r->block[i];

	if (size > r->open[i])
		ASAN_UNPOISON_MEMORY_REGION(p + r->open[i], size - r->open[i]);
	else if (size < r->open[i])
		ASAN_POISON_MEMORY_REGION(p + size, r->open[i] - size);
	r->open[i] = size;
	r->used[i] = 1;
	return p;
}

void *ref_recycle_alloc(void *pool, size_t size)
{
	struct ref_recycle *r = pool;
	int i = fitting(r, size);

	if (i >= 0)
		return hand_out(r, i, size);
	i = replaceable(r);
	if (i < 0)
		return malloc(size);
	free(r->block[i]);
	r->block[i] = malloc(size);
	if (!r->block[i])
		return NULL;
	r->room[i] = size;
	r->open[i] = size;
	return hand_out(r, i, size);
}

void ref_recycle_free(void *pool, void *p)
{
	struct ref_recycle *r = pool;

	if (!p)
		return;
	for (int i = 0; i < REF_RECYCLE_KEEP; i++) {
		if (r->block[i] == p && r->used[i]) {
			r->used[i] = 0;
			return;
		}
	}
	free(p);
}

void *ref_fresh_copy(void *pool, const struct ref_fresh *f)
{
	void *p = ref_recycle_alloc(pool, f->size);

	if (p)
		memcpy(p, f->tmpl, f->size);
	return p;
}
