/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small walker over the structure of zstd data (RFC 8878): frames,
 * skippable frames and the blocks of each frame, independent of both
 * decoders, for the known-divergence predicates to look at.
 */
#ifndef ZSTD_FRAMES_H
#define ZSTD_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#define ZF_BLOCK_RAW		0
#define ZF_BLOCK_RLE		1
#define ZF_BLOCK_COMPRESSED	2

struct zf_block {
	unsigned int type;
	int last;
	uint32_t size;			/* the Block_Size field */
	const uint8_t *content;		/* what follows the block header */
	size_t avail;			/* content bytes present in the input */
	uint64_t window;		/* the frame's Window_Size (single-segment: its content size) */
	/*
	 * The frame's latest earlier compressed block whose literals carry a
	 * Huffman tree (Literals_Block_Type 2), where treeless literals (type
	 * 3) take their table: its content and avail; NULL before one.
	 */
	const uint8_t *tree_block;
	size_t tree_avail;
};

typedef int (*zf_block_pred)(const struct zf_block *b);

/* Size of the zstd frame header at src, 0 if it is not one or is cut short. */
size_t zf_frame_header_size(const uint8_t *src, size_t len);
/*
 * 1 if pred holds for a block of one of the frames in src, walking frames
 * and skippable frames until the data stops parsing.
 */
int zf_any_block(const uint8_t *src, size_t len, zf_block_pred pred);
/* Offsets of the zstd frames (not skippable ones) of src, at most max; returns how many. */
size_t zf_frame_starts(const uint8_t *src, size_t len, size_t *starts, size_t max);
/*
 * Block number index of the zstd frame at frame (its tree_block from that
 * frame's earlier blocks) into *b; 0 if the frame has no such block.
 */
int zf_frame_block(const uint8_t *frame, size_t len, unsigned int index, struct zf_block *b);
/* Bytes the zstd frame at frame spans (checksum included); 0 if cut short or not one. */
size_t zf_frame_span(const uint8_t *frame, size_t len);
/* Where the whole frames at the start of src end: the rest did not parse. */
size_t zf_frames_end(const uint8_t *src, size_t len);

#endif
