/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compressed block's sections read as RFC 8878 says, for predicates that
 * must see inside them (oracles/zstd_seq_scan.c): the literals section's
 * size, a Huffman tree's FSE-compressed weights, and the sequences
 * section decoded to its offsets and the end of its bitstream. Nothing is
 * executed: no literal or match byte is made.
 */
#ifndef ZSTD_SEQ_SCAN_H
#define ZSTD_SEQ_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "zstd_frames.h"

/*
 * The header of a Huffman literals section at p (avail bytes): its size,
 * 0 if it is not one or the section runs past avail. *sf is Size_Format.
 */
size_t zo_huf_lit_header(const uint8_t *p, size_t avail, size_t *sf, size_t *regen,
			 size_t *csize);
/* Literals_Section's size at p (a block's content), 0 when it runs past avail. */
size_t zo_lit_section_size(const uint8_t *p, size_t avail);

/*
 * A whole compressed block whose literals (type 2) carry FSE-compressed
 * Huffman weights whose bitstream holds fewer bits than its two initial
 * states (doc/decompressor_permissive.md "Truncated Huffman states").
 */
int zo_huf_weights_cut(const struct zf_block *b);

/* What decoding one block's sequences section found. */
struct zo_seq_scan {
	size_t nseq;
	int reserved_bits;		/* Symbol_Compression_Modes' reserved bits set */
	int offset_zero;		/* a sequence of offset 0 (Literals_Length 0, Offset_Value 3, Repeated_Offset1 1) */
	int stream_exact;		/* its bitstream read to exactly its last bit */
	uint32_t max_offset;		/* the largest offset of a sequence read within its bitstream */
};

/*
 * Decodes the sequences of block number block of the zstd frame at
 * frame[0..len), with the repeat offsets and tables of the frame's earlier
 * blocks (an offset of 0 taken as 1, as zstd up to 1.5.5 does; an earlier
 * compressed block of Block_Size 0 skipped, as streaming decoders do). 1 when the
 * block is a whole compressed block with sequences whose tables all read;
 * 0 else.
 */
int zo_seq_scan(const uint8_t *frame, size_t len, unsigned int block, struct zo_seq_scan *out);

#endif
