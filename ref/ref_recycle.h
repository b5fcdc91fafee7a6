/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recycling allocator for the references' streaming contexts, in the
 * shape of ZSTD_customMem (customAlloc, customFree, opaque = the pool).
 * A context is made afresh for each input (1.5.4 keeps the buffers an
 * earlier frame grew: fuzz_ref_dstream), but its memory need not be: a
 * freed block is kept in the pool and handed out again to a request it
 * covers, so its pages fault once, not once per input. Under ASan a block
 * handed out is addressable exactly to the size asked, the rest of it
 * poisoned. Past REF_RECYCLE_KEEP blocks, plain malloc and free.
 */
#ifndef REF_RECYCLE_H
#define REF_RECYCLE_H

#include <stddef.h>

#define REF_RECYCLE_KEEP	4

struct ref_recycle {
	void *block[REF_RECYCLE_KEEP];
	size_t room[REF_RECYCLE_KEEP];	/* what malloc gave */
	size_t open[REF_RECYCLE_KEEP];	/* addressable from its start (ASan) */
	int used[REF_RECYCLE_KEEP];
};

void *ref_recycle_alloc(void *pool, size_t size);
void ref_recycle_free(void *pool, void *p);

#endif
