/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the dictionary targets share (decompress_ddict, compress_cdict):
 * the dictionaries the input chooses from, and a custom allocator that
 * counts what is live and fails the allocation the input chooses.
 */
#ifndef ZSTD_DICT_H
#define ZSTD_DICT_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"

/* The most bytes a dictionary takes (a trained one, a raw slice). */
#define FUZZ_DICT_CAP	8192

/*
 * Reads the dictionary's kind and parameters from in and writes its bytes
 * into out (FUZZ_DICT_CAP): one of two trained once by the reference's
 * ZDICT_trainFromBuffer on text samples, raw content (a slice of sample
 * data), a trained one with bytes changed or cut, or none (0 bytes).
 * Returns its length; *which gets the trained one it is or comes from.
 */
size_t fuzz_dict_choose(struct fuzz_input *in, uint8_t *out, unsigned int *which);
/* Trained dictionary i (0 or 1), *len its length. */
const uint8_t *fuzz_dict_trained(unsigned int i, size_t *len);

/*
 * A dictionary target's LLVMFuzzerTestOneInput: reads the input's
 * parameters, guards its payload and hands both to check with a case
 * named target.
 */
struct zo_case;
int fuzz_dict_run(const char *target, const uint8_t *data, size_t size,
		  void (*check)(struct zo_case *c, struct fuzz_input *in));

/* Both sides load the dictionary, or neither: else reports the divergence and aborts. */
void fuzz_dict_loads(const struct zo_case *c, int kernel_loads, int ref_loads);

/* A zstd_custom_mem's state: its opaque pointer. */
struct fuzz_alloc {
	unsigned int calls;	/* allocations asked for */
	unsigned int fail_at;	/* the one that fails, 1-based; 0: none */
	unsigned int failed;	/* it was asked for */
	size_t live, live_bytes;	/* taken and not given back */
};

/* Reads fail_at from in (0 to max) into a fresh state. */
void fuzz_alloc_init(struct fuzz_alloc *a, struct fuzz_input *in, unsigned int max);
/* customAlloc and customFree, opaque a struct fuzz_alloc. */
void *fuzz_alloc(void *opaque, size_t size);
void fuzz_alloc_free(void *opaque, void *address);

#endif
