/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference compression with the knobs the seed generator needs to reach
 * every frame and block shape: strategy, literal mode, long-distance
 * matching, and streamed input flushed in chunks (size unknown).
 */
#ifndef REF_SEEDS_H
#define REF_SEEDS_H

#include <stddef.h>

enum ref_literals {
	REF_LITERALS_AUTO,
	REF_LITERALS_HUFFMAN,
	REF_LITERALS_RAW,
};

struct ref_seed_params {
	int level;
	int wlog;			/* 0: the level's default */
	int checksum;
	int content_size;
	int strategy;			/* 0: the level's default, else 1..9 */
	int min_match;			/* 0: the level's default */
	enum ref_literals literals;
	int ldm;			/* long-distance matching */
	size_t chunk;			/* 0: one shot; else streamed, flushed every chunk bytes */
};

/* One frame of src into dst; the frame's size or a reference error code. */
size_t ref_seed_compress(void *dst, size_t cap, const void *src, size_t len,
			 const struct ref_seed_params *p);

#endif
