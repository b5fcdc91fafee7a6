// SPDX-License-Identifier: GPL-2.0
/*
 * Predicates of the known divergences: each looks at the structure of the
 * zstd data (never at a hash), so that every input of that shape matches.
 * Which ones are in force, and why, is oracles/known-divergences.txt.
 */
#include <stdlib.h>
#include <string.h>

#include "ref_zstd.h"
#include "zstd_divergences.h"
#include "zstd_frames.h"

/* Literals_Block_Type: 2 Huffman-coded with its own tree, 3 treeless. */
#define LIT_COMPRESSED		2
#define LIT_TREELESS		3

/*
 * The header of a Huffman literals section at p (avail bytes): its size,
 * 0 if it is not one or the section runs past avail. *sf is Size_Format.
 */
static size_t huf_lit_header(const uint8_t *p, size_t avail, size_t *sf, size_t *regen,
			     size_t *csize)
{
	static const uint8_t lh_size[4] = { 3, 3, 4, 5 };
	uint32_t lhc;

	if (avail < 5 || ((p[0] & 3) != LIT_COMPRESSED && (p[0] & 3) != LIT_TREELESS))
		return 0;
	*sf = (p[0] >> 2) & 3;
	lhc = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	if (*sf <= 1) {
		*regen = (lhc >> 4) & 0x3FF;
		*csize = (lhc >> 14) & 0x3FF;
	} else if (*sf == 2) {
		*regen = (lhc >> 4) & 0x3FFF;
		*csize = lhc >> 18;
	} else {
		*regen = (lhc >> 4) & 0x3FFFF;
		*csize = (lhc >> 22) + ((size_t)p[4] << 10);
	}
	return lh_size[*sf] + *csize <= avail ? lh_size[*sf] : 0;
}

/*
 * A Huffman literals section in 4 streams, one of which does not end on
 * its last bit: 1.5.4's fast decoder only checks the output length.
 * Treeless sections are decoded with the tree of the frame's last block
 * that had one.
 */
static int is_inexact_huf4_block(const struct zf_block *b)
{
	const uint8_t *p = b->content, *tree = NULL;
	size_t lh, sf, regen, csize, tree_len = 0, tsf, tregen;

	if (b->type != ZF_BLOCK_COMPRESSED || b->avail != b->size)
		return 0;
	lh = huf_lit_header(p, b->avail, &sf, &regen, &csize);
	if (!lh || sf == 0)
		return 0;	/* one stream: both versions check its end */
	if ((p[0] & 3) == LIT_TREELESS) {
		size_t tlh = b->tree_block ? huf_lit_header(b->tree_block, b->tree_avail, &tsf,
							     &tregen, &tree_len) : 0;

		if (!tlh)
			return 0;
		tree = b->tree_block + tlh;
	}
	return ref_huf4_streams_exact(tree, tree_len, p + lh, csize, regen) == 0;
}

static int inexact_huf4_stream(const uint8_t *zdata, size_t len)
{
	return zf_any_block(zdata, len, is_inexact_huf4_block);
}

/* Magic numbers of the pre-1.0 formats, v0.1 and v0.2 to v0.7 (ZSTD_isLegacy). */
#define LEGACY_V01_MAGIC	0xFD2FB51Eu
#define LEGACY_V02_MAGIC	0xFD2FB522u
#define LEGACY_V07_MAGIC	0xFD2FB527u

static int is_legacy_magic(uint32_t magic)
{
	return magic == LEGACY_V01_MAGIC ||
	       (magic >= LEGACY_V02_MAGIC && magic <= LEGACY_V07_MAGIC);
}

static int legacy_frame(const uint8_t *zdata, size_t len)
{
	return zf_any_magic(zdata, len, is_legacy_magic);
}

/* ZSTD_FRAMEHEADERSIZE_PREFIX: below this getFrameHeader asks for more. */
#define FRAME_PREFIX_SIZE	5

/* n bytes of p begin the little-endian magic number m, as far as they go. */
static int begins_magic(const uint8_t *p, size_t n, uint32_t m, uint32_t mask)
{
	for (size_t i = 0; i < n && i < 4; i++)
		if ((p[i] ^ (uint8_t)(m >> (8 * i))) & (uint8_t)(mask >> (8 * i)))
			return 0;
	return 1;
}

/*
 * After the last whole frame, 1 to 4 bytes that begin neither a zstd nor
 * a skippable magic number: 1.4.10 asks for 5 bytes, 1.5.4 rejects them.
 */
static int short_bad_magic(const uint8_t *zdata, size_t len)
{
	size_t end = zf_frames_end(zdata, len), rest = len - end;

	return rest > 0 && rest < FRAME_PREFIX_SIZE &&
	       !begins_magic(zdata + end, rest, 0xFD2FB528u, 0xFFFFFFFFu) &&
	       !begins_magic(zdata + end, rest, 0x184D2A50u, 0xFFFFFFF0u);
}

/*
 * A compressed block of 2 bytes, "00 00": no literals, no sequences. Valid;
 * 1.4.10 wants at least MIN_CBLOCK_SIZE (3) bytes in a compressed block.
 */
static int is_empty_compressed_block(const struct zf_block *b)
{
	return b->type == ZF_BLOCK_COMPRESSED && b->size == 2 && b->avail == 2 &&
	       b->content[0] == 0 && b->content[1] == 0;
}

static int empty_compressed_block(const uint8_t *zdata, size_t len)
{
	return zf_any_block(zdata, len, is_empty_compressed_block);
}

#define MAX_FRAMES		64
#define WINDOW_DESC_128K	0x38	/* exponent 7: windowLog 17 */
#define BLOCK_SIZE_MAX		(128 * 1024)
#define DECODE_CAP		(1 << 20)

/*
 * A block that decodes to more than Block_Maximum_Size = min(window, 128 KB):
 * 1.4.10 only bounds a block's output by the destination, 1.5.4 by
 * ZSTD_blockSizeMax(). Shown by the reference itself: it rejects the data
 * as it is and decodes it once every small window is raised to 128 KB.
 */
static int block_over_window(const uint8_t *zdata, size_t len)
{
	size_t starts[MAX_FRAMES], n = zf_frame_starts(zdata, len, starts, MAX_FRAMES);
	uint8_t *copy = malloc(len), *out = malloc(DECODE_CAP);
	int raised = 0, ret = 0;

	if (!copy || !out)
		goto out;
	memcpy(copy, zdata, len);
	for (size_t i = 0; i < n; i++) {
		uint8_t *f = copy + starts[i];
		unsigned int wlog = 10 + (f[5] >> 3);

		/* Single-segment frames have no window byte: their window is the content. */
		if ((f[4] & 0x20) || (1u << wlog) >= BLOCK_SIZE_MAX)
			continue;
		f[5] = WINDOW_DESC_128K;
		raised = 1;
	}
	ret = raised && ref_is_error(ref_decompress(out, DECODE_CAP, zdata, len)) &&
	      !ref_is_error(ref_decompress(out, DECODE_CAP, copy, len));
out:
	free(copy);
	free(out);
	return ret;
}

/*
 * A compressed block whose Block_Size is over Block_Maximum_Size =
 * min(Window_Size, 128 KB), the window of a single-segment frame being its
 * content size: 1.5.4's ZSTD_decompressBlock_internal says srcSize_wrong,
 * 1.4.10 only refuses 128 KB and more.
 */
static int is_csize_over_block_max(const struct zf_block *b)
{
	uint64_t max = b->window < BLOCK_SIZE_MAX ? b->window : BLOCK_SIZE_MAX;

	return b->type == ZF_BLOCK_COMPRESSED && b->size > max;
}

static int csize_over_block_max(const uint8_t *zdata, size_t len)
{
	return zf_any_block(zdata, len, is_csize_over_block_max);
}

/* 1.4.10 picks its prefetch sequence decoder for windows over 16 MB. */
#define PREFETCH_WINDOW		((uint64_t)1 << 24)
/* 1.5.4 picks it when the history it can reach is over 16 MB. */
#define PREFETCH_HISTORY	((size_t)1 << 24)
/* ZSTD_error_corruption_detected, the same number in both libraries. */
#define ERR_CORRUPTION		20

static int is_compressed_in_big_window(const struct zf_block *b)
{
	return b->type == ZF_BLOCK_COMPRESSED && b->window > PREFETCH_WINDOW;
}

/*
 * Sequences whose bit stream does not end exactly, in a frame whose window
 * is over 16 MB: 1.4.10's prefetch decoder (ZSTD_decompressSequencesLong)
 * never checks the end, 1.5.4 picks that decoder only with 16 MB of history
 * and otherwise its checking one. Shown by the reference itself: it calls
 * the data corrupt, and decodes it given 16 MB of history before it (a raw
 * dictionary) that no match reads (all zeros and all ones decode alike).
 */
static int prefetch_seq_end(const uint8_t *zdata, size_t len)
{
	uint8_t *zeros = malloc(DECODE_CAP), *ones = malloc(DECODE_CAP);
	size_t rz, ro;
	int ret = 0;

	if (!zeros || !ones || !zf_any_block(zdata, len, is_compressed_in_big_window))
		goto out;
	rz = ref_decompress(zeros, DECODE_CAP, zdata, len);
	if (!ref_is_error(rz) || ref_error_code(rz) != ERR_CORRUPTION)
		goto out;
	rz = ref_decompress_after_history(zeros, DECODE_CAP, zdata, len, PREFETCH_HISTORY, 0);
	ro = ref_decompress_after_history(ones, DECODE_CAP, zdata, len, PREFETCH_HISTORY, 0xff);
	ret = !ref_is_error(rz) && rz == ro && !memcmp(zeros, ones, rz);
out:
	free(zeros);
	free(ones);
	return ret;
}

/*
 * A sequences section that claims more sequences than its bit stream holds,
 * the stream running out before the last one, in a frame whose window is
 * over 16 MB: 1.4.10's prefetch decoder checks for the overrun before each
 * sequence and rejects it; the short decoder of both versions checks only
 * the end, where an overrun passes (it also updates the states after the
 * last sequence), and 1.5.4 uses it unless 16 MB of history are there.
 * Shown by the reference itself: it decodes the data as is, and says
 * corruption_detected given 16 MB of history before it (all zeros and all
 * ones alike), which makes it take its own prefetch decoder.
 */
static int prefetch_seq_overflow(const uint8_t *zdata, size_t len)
{
	uint8_t *out = malloc(DECODE_CAP);
	size_t rz, ro;
	int ret = 0;

	if (!out || !zf_any_block(zdata, len, is_compressed_in_big_window))
		goto out;
	if (ref_is_error(ref_decompress(out, DECODE_CAP, zdata, len)))
		goto out;
	rz = ref_decompress_after_history(out, DECODE_CAP, zdata, len, PREFETCH_HISTORY, 0);
	ro = ref_decompress_after_history(out, DECODE_CAP, zdata, len, PREFETCH_HISTORY, 0xff);
	ret = ref_is_error(rz) && ref_error_code(rz) == ERR_CORRUPTION &&
	      ref_is_error(ro) && ref_error_code(ro) == ERR_CORRUPTION;
out:
	free(out);
	return ret;
}

static const struct {
	const char *id;
	zo_predicate_fn fn;
} predicates[] = {
	{ "huf4-stream-end-unchecked", inexact_huf4_stream },
	{ "huf4-stream-end-mismatch", inexact_huf4_stream },
	{ "legacy-frame", legacy_frame },
	{ "short-input-bad-magic", short_bad_magic },
	{ "empty-compressed-block", empty_compressed_block },
	{ "block-over-window", block_over_window },
	{ "csize-over-block-max", csize_over_block_max },
	{ "prefetch-seq-end-unchecked", prefetch_seq_end },
	{ "seq-stream-overflow-unchecked", prefetch_seq_overflow },
};

zo_predicate_fn zo_predicate(const char *id)
{
	for (size_t i = 0; i < sizeof(predicates) / sizeof(predicates[0]); i++)
		if (!strcmp(predicates[i].id, id))
			return predicates[i].fn;
	return NULL;
}
