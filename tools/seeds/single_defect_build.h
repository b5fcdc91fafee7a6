/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of single-defect cases share: single_defect.c's frame
 * builders, the literals header (single_defect_entropy.c), macros of the
 * block format, and each file's table of cases.
 */
#ifndef SINGLE_DEFECT_BUILD_H
#define SINGLE_DEFECT_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "single_defect.h"

/* Raw literals, a 1-byte header: n < 32. */
#define SD_LIT_RAW_SHORT(n)	((uint8_t)((n) << 3))
/* The sequences' Symbol_Compression_Modes byte. */
#define SD_MODES(ll, of, ml)	((uint8_t)((ll) << 6 | (of) << 4 | (ml) << 2))
#define SD_MODE_PREDEFINED	0
#define SD_MODE_RLE		1
#define SD_MODE_FSE		2
#define SD_MODE_REPEAT		3

/*
 * "abcd" and one sequence in RLE mode: literal length code ll, offset code
 * of with bits, match length 3. (4, 2, 3): "abcdabc". Its size (11).
 */
size_t sd_seq_block(uint8_t *blk, uint8_t ll, uint8_t of, uint8_t bits);
/* A 1 KiB-window frame of one compressed block, the n bytes at blk. */
size_t sd_one_block(uint8_t *buf, size_t cap, const uint8_t *blk, size_t n);
/* The Huffman tree of 'a' and 'b' (a bit each, 'a' code 0), 50 bytes. */
size_t sd_huf_tree(uint8_t *p);
/*
 * Not a defect: a frame of "abcd" and a block of SD_SPLIT_LITS RLE
 * literals, which 1.5.x splits between the output's end and its context,
 * and nbseq sequences of literal length code ll and a match of offset 4
 * and match length code ml_code (with their extra bits, *_bits of them);
 * the frame says content bytes (sd_split_frame). Or RLE blocks before it,
 * and another offset code.
 */
#define SD_SPLIT_LITS		(65536 + 100)
struct sd_split {
	int nbseq;
	uint8_t ll;
	uint8_t ml_code;
	uint32_t ml_extra;
	unsigned int ml_bits;
	uint64_t content;
	uint32_t ll_extra;
	unsigned int ll_bits;
	uint8_t of_code;	/* 0: offset code 2, bits 3 (offset 4) */
	uint32_t of_extra;
	int rle_before;		/* RLE blocks of 128 KiB instead of "abcd" */
};
size_t sd_split_frame(uint8_t *buf, size_t cap, const struct sd_split *s);

/*
 * A case's builder (defect 1: the input, 0: its control) that sets field
 * of a struct of defects to value and hands it to builder(buf, cap, &d).
 */
#define SD_DEFECT_BUILDER(name, type, field, value, builder)		\
static size_t name(uint8_t *buf, size_t cap, int defect)		\
{									\
	type d = { .field = defect ? (value) : 0 };			\
									\
	return builder(buf, cap, &d);					\
}

#define SD_LIT_HUFFMAN		2
#define SD_LIT_TREELESS		3
/*
 * A Huffman or treeless literals header of Size_Format sf: 3, 4 or 5
 * bytes (sf 0 and 1: 10-bit sizes, 2: 14, 3: 18); its size.
 */
size_t sd_huf_header(uint8_t *blk, unsigned int type, unsigned int sf, uint64_t regen,
		     uint64_t csize);

/* A distribution of FSE normalized counts (-1: "less than 1") under table log. */
struct sd_fse_desc {
	unsigned int log, nsym;
	short norm[64];
};

/* The tables of cases sd_cases() joins (single_defect_cases.c). */
const struct sd_case *sd_seq_cases(size_t *n);
const struct sd_case *sd_entropy_cases(size_t *n);
const struct sd_case *sd_x2_cases(size_t *n);

#endif
