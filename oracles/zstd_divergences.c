// SPDX-License-Identifier: GPL-2.0
/*
 * Predicates of the known divergences: each looks at the structure of the
 * zstd data (never at a hash), so that every input of that shape matches.
 * Which ones are in force, and why, is oracles/known-divergences.txt.
 */
#include <string.h>

#include "zstd_divergences.h"
#include "zstd_frames.h"

/* lib/zstd 1.4.10's MIN_CBLOCK_SIZE: 1 literals header + 1 literal + 1 nbSeq. */
#define KERNEL_MIN_CBLOCK_SIZE	3
#define BLOCKSIZE_MAX		(128 * 1024)

/* 1.4.10 rejects compressed blocks under 3 bytes; "00 00" is a valid empty block. */
static int is_tiny_compressed_block(const struct zf_block *b)
{
	return b->type == ZF_BLOCK_COMPRESSED && b->size < KERNEL_MIN_CBLOCK_SIZE;
}

static int tiny_compressed_block(const uint8_t *zdata, size_t len)
{
	return zf_any_block(zdata, len, is_tiny_compressed_block);
}

/* 1.4.10 rejects a compressed block of exactly 128 KB (srcSize >= ZSTD_BLOCKSIZE_MAX). */
static int is_block_128k(const struct zf_block *b)
{
	return b->type == ZF_BLOCK_COMPRESSED && b->size == BLOCKSIZE_MAX;
}

static int compressed_block_128k(const uint8_t *zdata, size_t len)
{
	return zf_any_block(zdata, len, is_block_128k);
}

static const struct {
	const char *id;
	zo_predicate_fn fn;
} predicates[] = {
	{ "tiny-compressed-block", tiny_compressed_block },
	{ "compressed-block-128k", compressed_block_128k },
};

zo_predicate_fn zo_predicate(const char *id)
{
	for (size_t i = 0; i < sizeof(predicates) / sizeof(predicates[0]); i++)
		if (!strcmp(predicates[i].id, id))
			return predicates[i].fn;
	return NULL;
}
