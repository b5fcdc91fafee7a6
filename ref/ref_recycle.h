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

#define REF_RECYCLE_KEEP	5

struct ref_recycle {
	void *block[REF_RECYCLE_KEEP];
	size_t room[REF_RECYCLE_KEEP];	/* what malloc gave */
	size_t open[REF_RECYCLE_KEEP];	/* addressable from its start (ASan) */
	int used[REF_RECYCLE_KEEP];
};

void *ref_recycle_alloc(void *pool, size_t size);
void ref_recycle_free(void *pool, void *p);

/*
 * A fresh context without its constructor. zstd's ZSTD_createDCtx_advanced
 * is one allocation of sizeof(ZSTD_DCtx) from its customMem, then field
 * stores only (no pointer into itself: ZSTD_createDCtx_internal,
 * ZSTD_initDCtx_internal of 1.5.4 and 1.5.7), among them
 * ZSTD_cpuSupportsBmi2(): three cpuid instructions, a VM exit each on this
 * machine (over a tenth of decompress_stream's samples per reference,
 * issue 23). So one context made by the library (tmpl, its customMem this
 * pool, then only its parameters set) is kept unused, and each new one is
 * a copy of its size bytes into a block of the pool: the bytes the
 * constructor would have left there, and under MSan the same unwritten
 * ones. key: what tmpl was made with (the window), for the caller.
 */
struct ref_fresh {
	void *tmpl;
	size_t size;
	size_t key;
};

void *ref_fresh_copy(void *pool, const struct ref_fresh *f);

#endif
