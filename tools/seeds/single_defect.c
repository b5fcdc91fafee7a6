// SPDX-License-Identifier: GPL-2.0
/*
 * The single-defect inputs (single_defect.h), each built from a valid
 * frame, its control, by changing the one thing its check looks at. Most
 * are a 1 KiB-window frame of "abcd" (raw literals) and one sequence,
 * all three symbol tables in RLE mode (or one in FSE mode with a single
 * symbol), so that its bit stream holds only the offset's extra bits.
 */
#include <stdio.h>
#include <string.h>

#include "frame_build.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "single_defect.h"
#include "single_defect_build.h"

#define LIT_RAW_SHORT(n)	((uint8_t)((n) << 3))	/* raw literals, 1-byte header, n < 32 */
#define MODES(ll, of, ml)	((uint8_t)((ll) << 6 | (of) << 4 | (ml) << 2))
#define MODE_RLE		1
#define MODE_FSE		2
#define MODE_REPEAT		3
#define LL_FSE_LOG_MAX		9	/* LLFSELog */
#define BLOCK_MAX		(128 * 1024)
#define WD_256K			0x40	/* window descriptor: 2^18 */

static const uint8_t abcd[] = { 'a', 'b', 'c', 'd' };

static size_t finish(struct frame_build *fb)
{
	return fb->overflow ? 0 : fb->len;
}

/*
 * A 1 KiB-window frame without a content size: a compressed block may be
 * bigger than its content (a single-segment frame's Block_Maximum_Size is
 * its content size, RFC 8878 3.1.1.2.4).
 */
static void window_header(struct frame_build *fb)
{
	struct fb_header h = { .window_desc = 0x00 };

	fb_header(fb, &h);
}

/* A frame of one compressed block of n content bytes. */
static size_t one_block(uint8_t *buf, size_t cap, const uint8_t *blk, size_t n)
{
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	window_header(&fb);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 1);
	fb_bytes(&fb, blk, n);
	return finish(&fb);
}

/* Raw literals "abcd" at blk; returns their section's size. */
static size_t lits_abcd(uint8_t *blk)
{
	blk[0] = LIT_RAW_SHORT(sizeof(abcd));
	memcpy(blk + 1, abcd, sizeof(abcd));
	return 1 + sizeof(abcd);
}

/*
 * One sequence after "abcd": literal length code ll, offset code of, match
 * length code 0 (3 bytes), all RLE; the bit stream holds the offset's of
 * extra bits (value bits) and its end mark. ll 4, of 2, bits 3: offset 4,
 * the frame decodes to "abcdabc".
 */
static size_t seq_block(uint8_t *blk, uint8_t ll, uint8_t of, uint8_t bits)
{
	size_t n = lits_abcd(blk);

	blk[n++] = 1;				/* Number_of_Sequences */
	blk[n++] = MODES(MODE_RLE, MODE_RLE, MODE_RLE);
	blk[n++] = ll;
	blk[n++] = of;
	blk[n++] = 0;
	blk[n++] = (uint8_t)(1u << of | bits);	/* end mark, then the offset's bits */
	return n;
}

size_t sd_abcd_frame(uint8_t *buf, size_t cap, const struct fb_header *h)
{
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, h);
	fb_raw_block(&fb, abcd, sizeof(abcd), 1);
	return finish(&fb);
}

#define SS_ABCD	.single_segment = 1, .fcs_bytes = 1, .content_size = sizeof(abcd)

static size_t fhd_reserved_bit(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD, .fhd_extra = defect ? 0x08 : 0 };

	return sd_abcd_frame(buf, cap, &h);
}

static size_t window_too_large(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = defect ? 0xB0 : 0x00 };	/* 2^32, 1 KiB */

	return sd_abcd_frame(buf, cap, &h);
}

static size_t dictionary_wrong(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD, .dict_bytes = defect ? 1 : 0, .dict_id = 42 };

	return sd_abcd_frame(buf, cap, &h);
}

static size_t unknown_magic(uint8_t *buf, size_t cap, int defect)
{
	size_t n = fhd_reserved_bit(buf, cap, 0);

	if (n && defect)
		buf[0] ^= 0x01;		/* 0xFD2FB529: neither zstd, skippable nor legacy */
	return n;
}

static size_t block_past_input(uint8_t *buf, size_t cap, int defect)
{
	size_t n = fhd_reserved_bit(buf, cap, 0);

	return n && defect ? n - 1 : n;	/* the raw block's last byte missing */
}

/* Content size in 8 bytes: a 13-byte header; cut 2 bytes into its block's header. */
static size_t no_room_for_block_header(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .single_segment = 1, .fcs_bytes = 8, .content_size = sizeof(abcd) };
	size_t n = sd_abcd_frame(buf, cap, &h);

	return n && defect ? 13 + 2 : n;
}

/* A frame, then 2 bytes: fewer than any frame's first 5. */
static size_t trailing_bytes(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };
	size_t n = sd_abcd_frame(buf, cap, &h);

	if (!n || !defect || n + 2 > cap)
		return n;
	buf[n] = buf[n + 1] = 0;
	return n + 2;
}

static size_t content_size_wrong(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };

	h.content_size += defect ? 1 : 0;
	return sd_abcd_frame(buf, cap, &h);
}

/* "abcd" with its checksum; flip: one bit of it changed. */
static size_t with_checksum(uint8_t *buf, size_t cap, int cut, int flip)
{
	struct frame_build fb;
	uint32_t sum;
	struct fb_header h = { SS_ABCD, .checksum = 1 };

	if (ref_content_checksum(abcd, sizeof(abcd), &sum))
		return 0;
	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_raw_block(&fb, abcd, sizeof(abcd), 1);
	if (!cut)
		fb_le(&fb, sum ^ (flip ? 0x100u : 0), 4);
	return finish(&fb);
}

static size_t checksum_missing(uint8_t *buf, size_t cap, int defect)
{
	return with_checksum(buf, cap, defect, 0);
}

static size_t checksum_wrong(uint8_t *buf, size_t cap, int defect)
{
	return with_checksum(buf, cap, 0, defect);
}

static size_t reserved_block_type(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { SS_ABCD };
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_block_header(&fb, defect ? FB_BLOCK_RESERVED : FB_BLOCK_RAW, sizeof(abcd), 1);
	fb_bytes(&fb, abcd, sizeof(abcd));
	return finish(&fb);
}

/*
 * A compressed block of raw literals and no sequences, 131071 bytes (the
 * control) or 131073: over 128 KB, which no Block_Maximum_Size allows.
 */
static size_t compressed_block_over_max(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = WD_256K };
	uint32_t size = defect ? BLOCK_MAX + 1 : BLOCK_MAX - 1, lits = size - 4;
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, size, 1);
	fb_le(&fb, lits << 4 | 3u << 2, 3);	/* raw literals, 3-byte header */
	if (fb.len + lits + 1 > cap)
		return 0;
	lib_sample_fill(fb.buf + fb.len, lits, LIB_SAMPLE_TEXT, 1);
	fb.len += lits;
	fb_le(&fb, 0, 1);			/* no sequences */
	return finish(&fb);
}

static size_t treeless_literals_first(uint8_t *buf, size_t cap, int defect)
{
	/* Treeless (type 3), one stream, 4 literals from 4 bytes: no earlier tree. */
	static const uint8_t treeless[] = { 0x43, 0x00, 0x01, 'a', 'b', 'c', 'd', 0x00 };
	uint8_t blk[16];
	size_t n = lits_abcd(blk);

	blk[n++] = 0;
	return defect ? one_block(buf, cap, treeless, sizeof(treeless)) :
			one_block(buf, cap, blk, n);
}

static size_t raw_literals_past_block(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = lits_abcd(blk);

	if (defect)
		blk[0] = LIT_RAW_SHORT(10);	/* 10 literals announced, 4 + 1 bytes left */
	blk[n++] = 0;
	return one_block(buf, cap, blk, n);
}

static size_t no_sequences_header(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = lits_abcd(blk);

	if (!defect)
		blk[n++] = 0;
	return one_block(buf, cap, blk, n);
}

static size_t zero_sequences_trailing(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = lits_abcd(blk);

	blk[n++] = 0;
	if (defect)
		blk[n++] = 0;
	return one_block(buf, cap, blk, n);
}

static size_t good_sequence(uint8_t *buf, size_t cap)
{
	uint8_t blk[16];

	return one_block(buf, cap, blk, seq_block(blk, 4, 2, 3));
}

/* Number_of_Sequences in 2 bytes (0x80 0x01: 1), cut after its first. */
static size_t nbseq_cut(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = seq_block(blk, 4, 2, 3);

	memmove(blk + 6, blk + 5, n - 5);	/* blk[5] = 0x80, blk[6] = 0x01 */
	blk[5] = 0x80;
	return one_block(buf, cap, blk, defect ? 6 : n + 1);
}

static size_t no_modes_byte(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = lits_abcd(blk);

	if (!defect)
		return good_sequence(buf, cap);
	blk[n++] = 1;
	return one_block(buf, cap, blk, n);
}

static size_t rle_offset_code_over_max(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = seq_block(blk, 4, 2, 3);

	if (defect)
		blk[8] = 32;			/* offset codes go up to 31 */
	return one_block(buf, cap, blk, n);
}

static size_t repeat_table_first(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = seq_block(blk, 4, 2, 3);

	if (!defect)
		return one_block(buf, cap, blk, n);
	/* Literal lengths in repeat mode: no earlier table. */
	blk[6] = MODES(MODE_REPEAT, MODE_RLE, MODE_RLE);
	memmove(blk + 7, blk + 8, n - 8);
	return one_block(buf, cap, blk, n - 1);
}

/* Offset code 3, no bits set: offset 5, after 4 bytes of history. */
static size_t offset_beyond_history(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];

	if (!defect)
		return good_sequence(buf, cap);
	return one_block(buf, cap, blk, seq_block(blk, 4, 3, 0));
}

/* Literal length 5 (code 5) with 4 literals. */
static size_t literals_past_buffer(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];

	return one_block(buf, cap, blk, seq_block(blk, defect ? 5 : 4, 2, 3));
}

/* The control's stream with a byte of unread bits after its end mark's byte. */
static size_t sequence_bits_left(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = seq_block(blk, 4, 2, 3);

	if (defect) {
		blk[n] = blk[n - 1];
		blk[n - 1] = 0;
		n++;
	}
	return one_block(buf, cap, blk, n);
}

/*
 * "abcd" in a raw block, then a block of no literals and one sequence
 * whose literal lengths are FSE-coded with a single symbol (0) of all the
 * probability, under table log 9 (the maximum: the control) or 10. The
 * stream holds the initial state (log bits, 0) and the offset's 2 bits.
 */
static size_t fse_table_log_over_max(uint8_t *buf, size_t cap, int defect)
{
	unsigned int log = LL_FSE_LOG_MAX + (defect ? 1 : 0);
	uint32_t ncount = (log - 5) | ((2u << log) - 1) << 4;	/* 4 + log + 1 bits */
	uint32_t stream = 1u << (log + 2) | 3;			/* offset 1 + 3 */
	uint8_t blk[16] = { LIT_RAW_SHORT(0), 1, MODES(MODE_FSE, MODE_RLE, MODE_RLE),
			    (uint8_t)ncount, (uint8_t)(ncount >> 8), 2, 0,
			    (uint8_t)stream, (uint8_t)(stream >> 8) };
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	window_header(&fb);
	fb_raw_block(&fb, abcd, sizeof(abcd), 0);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, 9, 1);
	fb_bytes(&fb, blk, 9);
	return finish(&fb);
}

/*
 * Huffman-coded literals "abab..." (HUF_LITS of them, one stream) with
 * their tree in the direct representation: a header byte 127 + 98, then
 * 4-bit weights of symbols 0..97 ('a', 1; the rest 0), the weight of 'b'
 * (98, 1) implied. 'a' is code 0 and 'b' code 1, a bit each, read from the
 * stream's end down. change() alters the header byte and the weights.
 */
#define HUF_LITS	64
#define HUF_WEIGHTS	98

/* The tree: header byte and weights, changed by change(); its size. */
static size_t huf_tree(uint8_t *p, void (*change)(uint8_t *hdr, uint8_t *w))
{
	uint8_t w[HUF_WEIGHTS] = { 0 }, hdr = 127 + HUF_WEIGHTS;
	size_t n = 0;

	w['a'] = 1;
	if (change)
		change(&hdr, w);
	p[n++] = hdr;
	for (size_t i = 0; i < HUF_WEIGHTS; i += 2)
		p[n++] = (uint8_t)(w[i] << 4 | w[i + 1]);
	return n;
}

/* The literals header of Huffman literals (type 2), Size_Format sf, 10-bit sizes. */
static void huf_lit_header(uint8_t *blk, unsigned int sf, size_t regen, size_t csize)
{
	size_t lhc = 2 | sf << 2 | regen << 4 | csize << 14;

	blk[0] = (uint8_t)lhc;
	blk[1] = (uint8_t)(lhc >> 8);
	blk[2] = (uint8_t)(lhc >> 16);
}

enum huf_stream { STREAM_GOOD, STREAM_NONE, STREAM_NO_END_MARK, STREAM_BITS_LEFT };

static size_t huf_literals(uint8_t *blk, void (*change)(uint8_t *hdr, uint8_t *w),
			   enum huf_stream stream)
{
	size_t n = 3, csize;

	n += huf_tree(blk + n, change);
	if (stream != STREAM_NONE) {
		memset(blk + n, 0x55, HUF_LITS / 8);	/* read from the top: "abab..." */
		n += HUF_LITS / 8;
		if (stream == STREAM_BITS_LEFT)
			blk[n++] = 0;		/* 8 bits no symbol reads */
		blk[n++] = stream == STREAM_NO_END_MARK ? 0 : 1;	/* the end mark alone */
	}
	csize = n - 3;
	huf_lit_header(blk, 0, HUF_LITS, csize);	/* one stream */
	blk[n++] = 0;				/* no sequences */
	return n;
}

/*
 * The same tree, 4 streams of HUF4_SEGMENT literals "abab..." each (4
 * bytes of codes and the end mark), their jump table 5, 5, 5; or, jump:
 * a first stream announced past the section; short: the streams cut to the
 * jump table and 3 bytes.
 */
#define HUF4_SEGMENT	32
enum huf4_streams { H4_GOOD, H4_JUMP_PAST_END, H4_TOO_SHORT };

static size_t huf4_block(uint8_t *buf, size_t cap, enum huf4_streams mode)
{
	uint8_t blk[128];
	size_t n = 3, start;

	n += huf_tree(blk + n, NULL);
	start = n;
	for (int i = 0; i < 3; i++) {
		blk[n++] = i || mode != H4_JUMP_PAST_END ? 5 : 200;
		blk[n++] = 0;
	}
	for (int i = 0; i < 4; i++) {
		memset(blk + n, 0x55, HUF4_SEGMENT / 8);
		n += HUF4_SEGMENT / 8;
		blk[n++] = 1;
	}
	if (mode == H4_TOO_SHORT)
		n = start + 9;
	huf_lit_header(blk, 1, 4 * HUF4_SEGMENT, n - 3);	/* 4 streams */
	blk[n++] = 0;
	return one_block(buf, cap, blk, n);
}

static size_t huf4_jump_past_end(uint8_t *buf, size_t cap, int defect)
{
	return huf4_block(buf, cap, defect ? H4_JUMP_PAST_END : H4_GOOD);
}

static size_t huf4_too_short(uint8_t *buf, size_t cap, int defect)
{
	return huf4_block(buf, cap, defect ? H4_TOO_SHORT : H4_GOOD);
}

static size_t huf_block(uint8_t *buf, size_t cap, int defect,
			void (*change)(uint8_t *hdr, uint8_t *w))
{
	uint8_t blk[128];

	return one_block(buf, cap, blk, huf_literals(blk, defect ? change : NULL, STREAM_GOOD));
}

static size_t huf_stream_block(uint8_t *buf, size_t cap, enum huf_stream stream)
{
	uint8_t blk[128];

	return one_block(buf, cap, blk, huf_literals(blk, NULL, stream));
}

static size_t huf_tree_takes_all(uint8_t *buf, size_t cap, int defect)
{
	return huf_stream_block(buf, cap, defect ? STREAM_NONE : STREAM_GOOD);
}

static size_t huf_stream_no_end_mark(uint8_t *buf, size_t cap, int defect)
{
	return huf_stream_block(buf, cap, defect ? STREAM_NO_END_MARK : STREAM_GOOD);
}

static size_t huf_stream_bits_left(uint8_t *buf, size_t cap, int defect)
{
	return huf_stream_block(buf, cap, defect ? STREAM_BITS_LEFT : STREAM_GOOD);
}

static void weight_too_big(uint8_t *hdr, uint8_t *w)
{
	(void)hdr;
	w[0] = 12;				/* HUF_TABLELOG_MAX */
}

static void weights_all_zero(uint8_t *hdr, uint8_t *w)
{
	(void)hdr;
	w['a'] = 0;
}

static void weights_table_log_over_max(uint8_t *hdr, uint8_t *w)
{
	(void)hdr;
	for (int i = 0; i < 5; i++)
		w[i] = 11;			/* 5 * 1024 + 1: table log 13 */
}

static void weights_rest_not_power(uint8_t *hdr, uint8_t *w)
{
	(void)hdr;
	w['a' - 1] = 3;			/* 4 + 1 of 8: the rest, 3, is no weight */
}

static void weights_one_rank1(uint8_t *hdr, uint8_t *w)
{
	(void)hdr;
	w['a'] = 2;				/* 2 of 4: 'b' weight 2 too, no rank 1 */
}

static void weights_past_input(uint8_t *hdr, uint8_t *w)
{
	(void)w;
	*hdr = 255;				/* 128 weights: 64 bytes, not there */
}

/* A compressed block of 1 byte: no room for a literals header and a sequences header. */
static size_t tiny_compressed_block(uint8_t *buf, size_t cap, int defect)
{
	static const uint8_t zero[1];

	return defect ? one_block(buf, cap, zero, sizeof(zero)) : 0;
}

#define DEC	"decompress/zstd_decompress.c"
#define BLK	"decompress/zstd_decompress_block.c"
#define ENT	"common/entropy_common.c"
#define HUF	"decompress/huf_decompress.c"

static const struct sd_case cases[] = {
	{ "fhd-reserved-bit", DEC, "ZSTD_getFrameHeader_advanced",
	  "RETURN_ERROR_IF((fhdByte & 0x08) != 0, frameParameter_unsupported,", 14, 0,
	  fhd_reserved_bit, 0, NULL },
	{ "window-too-large", DEC, "ZSTD_getFrameHeader_advanced",
	  "RETURN_ERROR_IF(windowLog > ZSTD_WINDOWLOG_MAX, frameParameter_windowTooLarge, \"\");",
	  16, 0, window_too_large, 0, NULL },
	{ "unknown-magic", DEC, "ZSTD_getFrameHeader_advanced",
	  "RETURN_ERROR(prefix_unknown, \"\");", 10, 0, unknown_magic, 0, NULL },
	{ "dictionary-wrong", DEC, "ZSTD_decodeFrameHeader",
	  "RETURN_ERROR_IF(dctx->fParams.dictID && (dctx->dictID != dctx->fParams.dictID),", 32, 0,
	  dictionary_wrong, 0, NULL },
	{ "block-past-input", DEC, "ZSTD_decompressFrame",
	  "RETURN_ERROR_IF(cBlockSize > remainingSrcSize, srcSize_wrong, \"\");", 72, 0,
	  block_past_input, 0, NULL },
	{ "no-room-for-block-header", DEC, "ZSTD_decompressFrame",
	  "RETURN_ERROR_IF(remainingSrcSize < frameHeaderSize+ZSTD_blockHeaderSize,", 72, 0,
	  no_room_for_block_header, 0, NULL },
	{ "trailing-bytes", DEC, "ZSTD_decompressMultiFrame",
	  "RETURN_ERROR_IF(srcSize, srcSize_wrong, \"input not entirely consumed\");", 72,
	  SD_ONESHOT_ONLY, trailing_bytes, 0, NULL },
	{ "content-size-wrong", DEC, "ZSTD_decompressFrame",
	  "RETURN_ERROR_IF((U64)(op-ostart) != dctx->fParams.frameContentSize,", 20, 0,
	  content_size_wrong, 0, NULL },
	{ "checksum-missing", DEC, "ZSTD_decompressFrame",
	  "RETURN_ERROR_IF(remainingSrcSize<4, checksum_wrong, \"\");", 22, 0, checksum_missing, 0, NULL },
	{ "checksum-wrong", DEC, "ZSTD_decompressFrame",
	  "RETURN_ERROR_IF(checkRead != checkCalc, checksum_wrong, \"\");", 22, 0, checksum_wrong, 0, NULL },
	{ "reserved-block-type", BLK, "ZSTD_getcBlockSize",
	  "RETURN_ERROR_IF(bpPtr->blockType == bt_reserved, corruption_detected, \"\");", 20, 0,
	  reserved_block_type, 0, NULL },
	{ "compressed-block-over-128k", BLK, "ZSTD_decompressBlock_internal",
	  "RETURN_ERROR_IF(srcSize >= ZSTD_BLOCKSIZE_MAX, srcSize_wrong, \"\");", 72, 0,
	  compressed_block_over_max, 0, NULL },
	{ "tiny-compressed-block", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(srcSize < MIN_CBLOCK_SIZE, corruption_detected, \"\");", 20, 0,
	  tiny_compressed_block, 0, NULL },
	{ "treeless-literals-first", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(dctx->litEntropy==0, dictionary_corrupted, \"\");", 30, 0,
	  treeless_literals_first, 0, NULL },
	{ "raw-literals-past-block", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(litSize+lhSize > srcSize, corruption_detected, \"\");", 20, 0,
	  raw_literals_past_block, 0, NULL },
	{ "no-sequences-header", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(srcSize < MIN_SEQUENCES_SIZE, srcSize_wrong, \"\");", 72, 0,
	  no_sequences_header, 0, NULL },
	{ "zero-sequences-trailing", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(srcSize != 1, srcSize_wrong, \"\");", 72, 0, zero_sequences_trailing, 0, NULL },
	{ "nbseq-cut", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ip >= iend, srcSize_wrong, \"\");", 72, 0, nbseq_cut, 0, NULL },
	{ "no-modes-byte", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ip+1 > iend, srcSize_wrong, \"\");", 72, 0, no_modes_byte, 0, NULL },
	{ "rle-offset-code-over-max", BLK, "ZSTD_buildSeqTable",
	  "RETURN_ERROR_IF((*(const BYTE*)src) > max, corruption_detected, \"\");", 20, 0,
	  rle_offset_code_over_max, 0, NULL },
	{ "repeat-table-first", BLK, "ZSTD_buildSeqTable",
	  "RETURN_ERROR_IF(!flagRepeatTable, corruption_detected, \"\");", 20, 0,
	  repeat_table_first, 0, NULL },
	{ "fse-table-log-over-max", BLK, "ZSTD_buildSeqTable",
	  "RETURN_ERROR_IF(tableLog > maxLog, corruption_detected, \"\");", 20, 0,
	  fse_table_log_over_max, 0, NULL },
	{ "offset-beyond-history", BLK, "ZSTD_execSequence",
	  "RETURN_ERROR_IF(UNLIKELY(sequence.offset > (size_t)(oLitEnd - virtualStart)), corruption_detected, \"\");",
	  20, 0, offset_beyond_history, 0, NULL },
	{ "offset-beyond-history-at-end", BLK, "ZSTD_execSequenceEnd",
	  "RETURN_ERROR_IF(sequence.offset > (size_t)(oLitEnd - virtualStart), corruption_detected, \"\");",
	  20, SD_EXACT_CAP, offset_beyond_history, 0, NULL },
	{ "literals-past-buffer", BLK, "ZSTD_execSequenceEnd",
	  "RETURN_ERROR_IF(sequence.litLength > (size_t)(litLimit - *litPtr), corruption_detected, \"try to read beyond literal buffer\");",
	  20, 0, literals_past_buffer, 0, NULL },
	{ "sequence-bits-left", BLK, "ZSTD_decompressSequences_body",
	  "RETURN_ERROR_IF(BIT_reloadDStream(&seqState.DStream) < BIT_DStream_completed, corruption_detected, \"\");",
	  20, 0, sequence_bits_left, 0, NULL },
	{ "huf-weights-past-input", ENT, "HUF_readStats_body",
	  "if (iSize+1 > srcSize) return ERROR(srcSize_wrong);", 20, 0, NULL, 1, weights_past_input },
	{ "huf-weight-too-big", ENT, "HUF_readStats_body",
	  "if (huffWeight[n] >= HUF_TABLELOG_MAX) return ERROR(corruption_detected);", 20, 0,
	  NULL, 0, weight_too_big },
	{ "huf-weights-all-zero", ENT, "HUF_readStats_body",
	  "if (weightTotal == 0) return ERROR(corruption_detected);", 20, 0, NULL, 0, weights_all_zero },
	{ "huf-table-log-over-max", ENT, "HUF_readStats_body",
	  "if (tableLog > HUF_TABLELOG_MAX) return ERROR(corruption_detected);", 20, 0,
	  NULL, 0, weights_table_log_over_max },
	{ "huf-rest-not-power-of-2", ENT, "HUF_readStats_body",
	  "if (verif != rest) return ERROR(corruption_detected);", 20, 0, NULL, 0, weights_rest_not_power },
	{ "huf-rank1-count", ENT, "HUF_readStats_body",
	  "if ((rankStats[1] < 2) || (rankStats[1] & 1)) return ERROR(corruption_detected);", 20, 0,
	  NULL, 0, weights_one_rank1 },
	{ "huf-tree-takes-all", HUF, "HUF_decompress1X1_DCtx_wksp_bmi2",
	  "if (hSize >= cSrcSize) return ERROR(srcSize_wrong);", 20, 0, huf_tree_takes_all, 0, NULL },
	{ "huf-stream-no-end-mark", HUF, "HUF_decompress1X1_usingDTable_internal_body",
	  "CHECK_F( BIT_initDStream(&bitD, cSrc, cSrcSize) );", 20, 0, huf_stream_no_end_mark, 0,
	  NULL },
	{ "huf-stream-bits-left", HUF, "HUF_decompress1X1_usingDTable_internal_body",
	  "if (!BIT_endOfDStream(&bitD)) return ERROR(corruption_detected);", 20, 0,
	  huf_stream_bits_left, 0, NULL },
	{ "huf4-jump-past-end", HUF, "HUF_decompress4X1_usingDTable_internal_body",
	  "if (length4 > cSrcSize) return ERROR(corruption_detected);", 20, 0, huf4_jump_past_end,
	  0, NULL },
	{ "huf4-too-short", HUF, "HUF_decompress4X1_usingDTable_internal_body",
	  "if (cSrcSize < 10) return ERROR(corruption_detected);", 20, 0, huf4_too_short, 0, NULL },
};

const struct sd_case *sd_decoder_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}

size_t sd_build(const struct sd_case *c, uint8_t *buf, size_t cap, int defect)
{
	return c->build ? c->build(buf, cap, defect) : huf_block(buf, cap, defect, c->weights);
}

size_t sd_build_named(const char *name, uint8_t *buf, size_t cap, int defect)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (!strcmp(cases[i].name, name))
			return sd_build(&cases[i], buf, cap, defect);
	return 0;
}

/* The frame builders the other case files share (single_defect_build.h). */
size_t sd_one_block(uint8_t *buf, size_t cap, const uint8_t *blk, size_t n)
{
	return one_block(buf, cap, blk, n);
}

size_t sd_seq_block(uint8_t *blk, uint8_t ll, uint8_t of, uint8_t bits)
{
	return seq_block(blk, ll, of, bits);
}

size_t sd_huf_tree(uint8_t *p)
{
	return huf_tree(p, NULL);
}

void sd_dir_name(const struct sd_case *c, char *buf, size_t size)
{
	const char *base = strrchr(c->file, '/');
	size_t len;

	base = base ? base + 1 : c->file;
	len = strlen(base) - 2;		/* without ".c" */
	snprintf(buf, size, "%.*s", (int)len, base);
}
