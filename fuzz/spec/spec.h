/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The spec generator: from a sequence of choices (the fuzz input, read with
 * fuzz_input's helpers) it builds zstd frames per RFC 8878, skippable
 * frames between them, together with the exact content they decode to. It
 * writes its own encoders (Huffman, FSE, sequences) and never calls the
 * oracle or a zstd library, so that the decoders and the oracle are checked
 * against something built from the format alone.
 */
#ifndef SPEC_H
#define SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "spec_stats.h"

/* What a built input is: valid, or invalid by construction in one way. */
enum spec_defect {
	SPEC_VALID,
	SPEC_BAD_RESERVED_BIT,		/* Reserved_Bit of the frame header set */
	SPEC_BAD_DICT_ID,		/* a Dictionary_ID, and no dictionary given */
	SPEC_BAD_OFFSET_HISTORY,	/* a match offset before the frame's first byte */
	SPEC_BAD_HUF_TRUNCATED,		/* a 1-stream Huffman literals stream cut at its start */
	SPEC_BAD_OFFSET_ZERO,		/* Literals_Length 0, Offset_Value 3, Repeated_Offset1 1: offset 0 */
	SPEC_BAD_SEQ_RESERVED,		/* Symbol_Compression_Modes' reserved bits set */
	SPEC_BAD_HUF_STATE,		/* FSE-compressed Huffman weights, the second initial state cut */
	SPEC_BAD_SEQ_STATE,		/* a sequences bitstream holding its first initial state only */
	SPEC_DEFECTS
};

/* Most content one input builds, and most frame bytes. */
#define SPEC_CONTENT_MAX	((size_t)4 << 20)
#define SPEC_DATA_MAX		(SPEC_CONTENT_MAX + ((size_t)1 << 20))

struct spec_result {
	const uint8_t *data;		/* the frames */
	size_t len;
	const uint8_t *content;		/* what a valid input decodes to */
	size_t content_len;
	enum spec_defect defect;
	unsigned int frames;		/* zstd frames, skippable ones not counted */
	uint8_t reached[SPEC_FEATURES];	/* the features this input reached (spec_stats.h) */
};

/*
 * Builds from the choices in in (every byte of it a choice: see
 * spec_choices_init). The result's buffers live until the next call.
 * 0 when memory runs out.
 */
int spec_build(struct fuzz_input *in, struct spec_result *res);
/* A fuzz_input whose every byte is a choice (no payload, no trailer). */
void spec_choices_init(struct fuzz_input *in, const uint8_t *data, size_t size);
const char *spec_defect_name(enum spec_defect d);

#endif
