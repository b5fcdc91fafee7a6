// SPDX-License-Identifier: GPL-2.0
/*
 * Single-defect inputs (single_defect.h) of the sequences' checks of
 * zstd_decompress_block.c: block headers, sequences headers, their tables
 * (RLE, repeat, FSE: FSE_readNCount of entropy_common.c), the execution
 * of sequences into a buffer of the frame's content size, and the prefetch
 * decoder. Each control is a valid frame; its input differs by the one
 * thing the check looks at.
 */
#include <string.h>

#include "fb_entropy.h"
#include "frame_build.h"
#include "single_defect_build.h"

#define WD_256K		0x40	/* window descriptor: 2^18 */
/* In sd_seq_block's block: the modes byte, then the RLE codes of LL, OF and ML. */
#define SEQ_MODES_BYTE	6
#define SEQ_LL_BYTE	7
#define SEQ_OF_BYTE	8
#define SEQ_ML_BYTE	9
#define ABCDABC		7	/* what sd_seq_block's frames decode to */

static const uint8_t abcd[] = { 'a', 'b', 'c', 'd' };

static size_t finish(struct frame_build *fb)
{
	return fb->overflow ? 0 : fb->len;
}

/* A frame of header h: "abcd" in a raw block, then n bytes of a compressed block. */
static size_t after_abcd(uint8_t *buf, size_t cap, const struct fb_header *h, const uint8_t *blk,
			 size_t n)
{
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, h);
	fb_raw_block(&fb, abcd, sizeof(abcd), 0);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 1);
	fb_bytes(&fb, blk, n);
	return finish(&fb);
}

/*
 * A 1 KiB-window frame of content size 7 ("abcdabc") around one compressed
 * block (bigger than 7 bytes: not a single-segment frame, whose window the
 * content size would be).
 */
static size_t seven_bytes(uint8_t *buf, size_t cap, const uint8_t *blk, size_t n)
{
	struct fb_header h = { .window_desc = 0, .fcs_bytes = 4, .content_size = ABCDABC };
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 1);
	fb_bytes(&fb, blk, n);
	return finish(&fb);
}

static size_t good_sequence(uint8_t *buf, size_t cap)
{
	uint8_t blk[16];

	return sd_one_block(buf, cap, blk, sd_seq_block(blk, 4, 2, 3));
}

/* "abcdabc" with the RLE code byte at `at` set to code (defect). */
static size_t rle_code(uint8_t *buf, size_t cap, int defect, size_t at, uint8_t code)
{
	uint8_t blk[16];
	size_t n = sd_seq_block(blk, 4, 2, 3);

	if (defect)
		blk[at] = code;
	return sd_one_block(buf, cap, blk, n);
}

/* -- zstd_decompress_block.c: block headers, sequences headers ---------- */

/* A raw block "abcd", then an empty last raw block, its header cut to 2 bytes. */
static size_t block_header_cut(uint8_t *buf, size_t cap, int defect)
{
	struct fb_header h = { .window_desc = 0 };
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	fb_raw_block(&fb, abcd, sizeof(abcd), 0);
	fb_raw_block(&fb, abcd, 0, 1);
	return fb.overflow ? 0 : fb.len - (defect ? 1 : 0);
}

/* All three tables in RLE mode, the block ending before their first symbol. */
static size_t rle_table_no_symbol(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];

	if (!defect)
		return good_sequence(buf, cap);
	sd_seq_block(blk, 4, 2, 3);
	return sd_one_block(buf, cap, blk, SEQ_LL_BYTE);
}

/*
 * After "abcd": no literals and 32512 sequences (Number_of_Sequences in 3
 * bytes, 0xFF 0x00 0x00), all of literal length 0, offset code 0 (a
 * repeat offset: 4, 1, 4, ...) and match length 3: 97540 bytes, no bits.
 * The defect: the block ends after the first byte of the count's 2.
 */
static size_t nbseq_long_cut(uint8_t *buf, size_t cap, int defect)
{
	static const uint8_t blk[] = { SD_LIT_RAW_SHORT(0), 0xFF, 0x00, 0x00,
				       SD_MODES(SD_MODE_RLE, SD_MODE_RLE, SD_MODE_RLE), 0, 0, 0, 0x01 };
	struct fb_header h = { .window_desc = WD_256K };

	return after_abcd(buf, cap, &h, blk, defect ? 3 : sizeof(blk));
}

static size_t ll_table_error(uint8_t *buf, size_t cap, int defect)
{
	return rle_code(buf, cap, defect, SEQ_LL_BYTE, 36);	/* codes go up to 35 */
}

static size_t ml_table_error(uint8_t *buf, size_t cap, int defect)
{
	return rle_code(buf, cap, defect, SEQ_ML_BYTE, 53);	/* codes go up to 52 */
}

/* Offsets in repeat mode: no earlier table. */
static size_t of_table_error(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = sd_seq_block(blk, 4, 2, 3);

	if (!defect)
		return sd_one_block(buf, cap, blk, n);
	blk[SEQ_MODES_BYTE] = SD_MODES(SD_MODE_RLE, SD_MODE_REPEAT, SD_MODE_RLE);
	memmove(blk + SEQ_OF_BYTE, blk + SEQ_OF_BYTE + 1, n - SEQ_OF_BYTE - 1);
	return sd_one_block(buf, cap, blk, n - 1);
}

/* The sequences' bit stream left out: the block ends after the tables. */
static size_t seq_stream_empty(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = sd_seq_block(blk, 4, 2, 3);

	return sd_one_block(buf, cap, blk, defect ? n - 1 : n);
}

/* "abcdabc" in a frame of that content size; the match one byte longer. */
static size_t match_past_output(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = sd_seq_block(blk, 4, 2, 3);

	if (defect)
		blk[SEQ_ML_BYTE] = 1;			/* match length 4 */
	return seven_bytes(buf, cap, blk, n);
}

/* The same frame; a literal "e" left after the sequence. */
static size_t last_literals_past_output(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[16];
	size_t n = sd_seq_block(blk, 4, 2, 3);

	if (defect) {			/* "abcde": 'e' before the sequences header (byte 5) */
		memmove(blk + 6, blk + 5, n - 5);
		blk[0] = SD_LIT_RAW_SHORT(5);
		blk[5] = 'e';
		n++;
	}
	return seven_bytes(buf, cap, blk, n);
}

/* -- FSE-coded sequence tables: FSE_readNCount through ZSTD_buildSeqTable -- */

/* Literal length code 0 alone, all of a table of log 9 (LLFSELog). */
static const struct sd_fse_desc single9 = { 9, 1, { 512 } };
/* The same, one short, and zeros up to code 35: the counts end short of the table. */
static const struct sd_fse_desc single9_short = { 9, 36, { 511 } };
/*
 * Code 0 at 24 of 32, then 8 codes "less than 1": the last 2 of the
 * description's 4 bytes are zero bits.
 */
static const struct sd_fse_desc zero_tail = { 5, 9, { 24, -1, -1, -1, -1, -1, -1, -1, -1 } };
#define ZERO_TAIL_KEEP	2	/* description bytes before its zero tail */

struct fse_block {
	const struct sd_fse_desc *desc;	/* the control's table */
	const struct sd_fse_desc *written;	/* the description written (defect), or NULL */
	int ml;			/* match lengths coded so, not literal lengths */
	int log_nibble;		/* the description's first 4 bits changed (defect), or -1 */
	size_t keep;		/* the block cut to the description's first keep bytes (defect) */
};

/*
 * The bit stream of one sequence: the FSE table's state (a state of code
 * 0 that reads no bits to leave it, where there is one: 1.4.10 reads them
 * after the last sequence, 1.5.7 does not and then finds them left), the
 * offset's 2 bits (3: offset 4) and the state's bits.
 */
static size_t one_fse_sequence(uint8_t *p, size_t cap, const struct sd_fse_desc *d)
{
	struct fb_fse t;
	struct fb_bits b;
	unsigned int s = 0;

	if (fb_fse_build(&t, d->norm, d->nsym, d->log))
		return 0;
	for (unsigned int u = 0; u < 1u << d->log; u++)
		if (!t.symbol[u] && (t.symbol[s] || t.nb[u] < t.nb[s]))
			s = u;
	fb_bits_init(&b, p, cap);
	fb_bits_put(&b, 0, t.nb[s]);
	fb_bits_put(&b, 3, 2);
	fb_bits_put(&b, s, d->log);
	fb_bits_put(&b, 1, 1);
	return fb_bits_bytes(&b);
}

/*
 * After "abcd": no literals, one sequence of literal length 0, offset 4
 * (RLE code 2) and match length 3, one of its tables in FSE mode (code 0
 * only in use): "abcdabc".
 */
static size_t fse_sequence_frame(uint8_t *buf, size_t cap, const struct fse_block *f)
{
	const struct sd_fse_desc *w = f->written ? f->written : f->desc;
	struct fb_header h = { .window_desc = 0 };
	uint8_t blk[96] = { SD_LIT_RAW_SHORT(0), 1 };
	size_t n = 3, desc_at, len;
	struct fb_bits b;

	blk[2] = f->ml ? SD_MODES(SD_MODE_RLE, SD_MODE_RLE, SD_MODE_FSE) :
			 SD_MODES(SD_MODE_FSE, SD_MODE_RLE, SD_MODE_RLE);
	if (f->ml) {
		blk[n++] = 0;		/* literal length code 0 */
		blk[n++] = 2;		/* offset code 2 */
	}
	desc_at = n;
	fb_bits_init(&b, blk + n, 32);
	fb_ncount(&b, w->norm, w->nsym, w->log);
	len = fb_bits_bytes(&b);
	if (!len)
		return 0;
	if (f->log_nibble >= 0)
		blk[n] = (uint8_t)((blk[n] & 0xF0) | f->log_nibble);
	n += len;
	if (!f->ml) {
		blk[n++] = 2;
		blk[n++] = 0;		/* match length code 0 */
	}
	len = one_fse_sequence(blk + n, sizeof(blk) - n, f->desc);
	if (!len)
		return 0;
	n += len;
	return after_abcd(buf, cap, &h, blk, f->keep ? desc_at + f->keep : n);
}

static size_t ncount_log_over_15(uint8_t *buf, size_t cap, int defect)
{
	struct fse_block f = { &single9, NULL, 0, defect ? 11 : -1, 0 };	/* 11 + 5 */

	return fse_sequence_frame(buf, cap, &f);
}

static size_t fse_header_error(uint8_t *buf, size_t cap, int defect)
{
	struct fse_block f = { &single9, NULL, 1, defect ? 15 : -1, 0 };	/* 15 + 5 */

	return fse_sequence_frame(buf, cap, &f);
}

static size_t ncount_sum_short(uint8_t *buf, size_t cap, int defect)
{
	struct fse_block f = { &single9, defect ? &single9_short : NULL, 0, -1, 0 };

	return fse_sequence_frame(buf, cap, &f);
}

/* The block ends inside the description, before its zero tail (read as zeros all the same). */
static size_t ncount_past_block(uint8_t *buf, size_t cap, int defect)
{
	struct fse_block f = { &zero_tail, NULL, 0, -1, defect ? ZERO_TAIL_KEEP : 0 };

	return fse_sequence_frame(buf, cap, &f);
}

/* -- The prefetch sequence decoder (ZSTD_decompressSequencesLong_body) --- */

/*
 * 1.4.10 takes it for a frame whose window is over 16 MiB, a block of over
 * 4 sequences (ADVANCED_SEQS; 8 in 1.5.2, whose read-ahead is 8) and an
 * offset table whose codes over 22 hold 7 or more of 256 cells: the
 * predefined table holds 48 (codes 23 to 28). The blocks hold 9.
 */
#define PREFETCH_SEQS	9
#define WD_32M		0x78	/* window descriptor: 2^25 */
#define WD_128K		0x38	/* window descriptor: 2^17 */
static const struct sd_fse_desc of_predefined = {
	5, 29, { 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
		 -1, -1, -1, -1, -1 } };

struct prefetch {
	int nbseq;		/* sequences: PREFETCH_SEQS */
	int coded;		/* the sequences the bit stream holds (defect: fewer) */
	int no_stream;		/* the bit stream left out (defect) */
	int last_literal;	/* a literal 'e' after the sequences (defect) */
};

/*
 * The bit stream of sequences of offset code 2 (a cell of its own, whose
 * 5 bits reach any state) with 2 bits 3 (offset 4), or the offset code
 * and bits x gives, and the extra bits of the literal and match length
 * codes x gives (RLE; none when x is NULL):
 * the state, then each sequence's bits and the state's bits to leave it,
 * but after the last one (1.5.7 reads none there; 1.4.10 reads them and
 * may run past the end after the last sequence).
 */
static size_t prefetch_stream(uint8_t *p, size_t cap, int coded, const struct sd_split *x)
{
	struct fb_fse t;
	struct fb_bits b;
	unsigned int s = 0;

	if (fb_fse_build(&t, of_predefined.norm, of_predefined.nsym, of_predefined.log))
		return 0;
	while (t.symbol[s] != (x && x->of_code ? x->of_code : 2))
		s++;
	fb_bits_init(&b, p, cap);
	for (int i = 0; i < coded; i++) {	/* written backwards: the last first */
		if (i)
			fb_bits_put(&b, s - t.base[s], t.nb[s]);
		if (x) {	/* read after the offset's: match length, literal length */
			fb_bits_put(&b, x->ll_extra, x->ll_bits);
			fb_bits_put(&b, x->ml_extra, x->ml_bits);
		}
		if (x && x->of_code)
			fb_bits_put(&b, x->of_extra, x->of_code);
		else
			fb_bits_put(&b, 3, 2);
	}
	fb_bits_put(&b, s, t.log);
	fb_bits_put(&b, 1, 1);
	return fb_bits_bytes(&b);
}

/* A 32 MiB-window frame of content size 4 + 3 nbseq: "abcd" raw, then the sequences. */
static size_t prefetch_frame(uint8_t *buf, size_t cap, const struct prefetch *d)
{
	struct fb_header h = { .window_desc = WD_32M, .fcs_bytes = 4,
			       .content_size = sizeof(abcd) + 3 * (uint64_t)d->nbseq };
	uint8_t blk[64];
	size_t n = 0, len;

	blk[n++] = SD_LIT_RAW_SHORT(d->last_literal ? 1 : 0);
	if (d->last_literal)
		blk[n++] = 'e';
	blk[n++] = (uint8_t)d->nbseq;
	blk[n++] = SD_MODES(SD_MODE_RLE, SD_MODE_PREDEFINED, SD_MODE_RLE);
	blk[n++] = 0;
	blk[n++] = 0;
	len = d->no_stream ? 0 : prefetch_stream(blk + n, sizeof(blk) - n, d->coded, NULL);
	if (!len && !d->no_stream)
		return 0;
	return after_abcd(buf, cap, &h, blk, n + len);
}

/*
 * A 128 KiB-window frame of no content size: k RLE blocks of 128 KiB of
 * 'r', then n bytes of a compressed block. A stream's ring buffer (1.5.2:
 * 3 blocks and 64 bytes) wraps after the third, so the fourth block is
 * written at the ring's start, the earlier output its extDict.
 */
static size_t after_rle(uint8_t *buf, size_t cap, int k, const uint8_t *blk, size_t n)
{
	struct fb_header h = { .window_desc = WD_128K };
	struct frame_build fb;

	fb_init(&fb, buf, cap);
	fb_header(&fb, &h);
	for (int i = 0; i < k; i++)
		fb_rle_block(&fb, 'r', 128 * 1024, 0);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 1);
	fb_bytes(&fb, blk, n);
	return finish(&fb);
}

/*
 * Not a defect: sequences over a split literal buffer (zstd 1.5.x). The
 * block's SD_SPLIT_LITS RLE literals are over ZSTD_LITBUFFEREXTRASIZE
 * (64 KiB): decoded into an output of the frame's size (or streamed),
 * 1.5.2 keeps the last 64 KiB of them in the context and the first 100 at
 * the end of the output. A 32 MiB window and over 8 sequences (predefined
 * offsets, a share of long ones) take the prefetch decoder, else the short
 * one. "abcd" (or s->rle_before blocks of 128 KiB, after_rle), then per
 * sequence the literals of literal length code s->ll and a match (offset
 * 4, or of offset code s->of_code) of match length code s->ml_code (each
 * with its extra bits), then the other 'l's; the frame says s->content
 * bytes (not with rle_before).
 */
size_t sd_split_frame(uint8_t *buf, size_t cap, const struct sd_split *s)
{
	struct fb_header h = { .window_desc = WD_32M, .fcs_bytes = 4,
			       .content_size = s->content };
	uint8_t blk[64];
	size_t n = 0, len;

	/* RLE literals, Size_Format 3: a 20-bit size over 3 bytes, then the byte. */
	blk[n++] = (uint8_t)(1 | 3 << 2 | (SD_SPLIT_LITS & 0xF) << 4);
	blk[n++] = (uint8_t)(SD_SPLIT_LITS >> 4);
	blk[n++] = (uint8_t)(SD_SPLIT_LITS >> 12);
	blk[n++] = 'l';
	blk[n++] = (uint8_t)s->nbseq;
	blk[n++] = SD_MODES(SD_MODE_RLE, SD_MODE_PREDEFINED, SD_MODE_RLE);
	blk[n++] = s->ll;
	blk[n++] = s->ml_code;
	len = prefetch_stream(blk + n, sizeof(blk) - n, s->nbseq, s);
	if (!len)
		return 0;
	return s->rle_before ? after_rle(buf, cap, s->rle_before, blk, n + len) :
			       after_abcd(buf, cap, &h, blk, n + len);
}

static size_t prefetch_stream_empty(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = PREFETCH_SEQS, .coded = PREFETCH_SEQS,
			      .no_stream = defect };

	return prefetch_frame(buf, cap, &d);
}

/*
 * Bits for 1 sequence of 9: the stream runs out while the first 4 are read
 * ahead. zstd 1.5.4, with less than 16 MB of history, decodes the block
 * with its short decoder, which reads on past the stream's end and accepts
 * it (and so the next case): known divergence seq-stream-overflow-unchecked
 * (SD_REF_ACCEPTS).
 */
static size_t prefetch_stream_short(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = PREFETCH_SEQS, .coded = defect ? 1 : PREFETCH_SEQS };

	return prefetch_frame(buf, cap, &d);
}

/* Bits for 8 sequences of 9: the stream runs out after the first 4 (1.5.2: 8) read ahead. */
static size_t prefetch_stream_cut(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = PREFETCH_SEQS,
			      .coded = defect ? PREFETCH_SEQS - 1 : PREFETCH_SEQS };

	return prefetch_frame(buf, cap, &d);
}

static size_t prefetch_last_literal(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = PREFETCH_SEQS, .coded = PREFETCH_SEQS,
			      .last_literal = defect };

	return prefetch_frame(buf, cap, &d);
}

#define BLK	"decompress/zstd_decompress_block.c"
#define ENT	"common/entropy_common.c"
#define CORRUPT	20	/* ZSTD_error_corruption_detected */
#define DST_SMALL 70	/* ZSTD_error_dstSize_tooSmall */
#define SRC_WRONG 72	/* ZSTD_error_srcSize_wrong */

static const struct sd_case cases[] = {
	{ "block-header-cut", BLK, "ZSTD_getcBlockSize",
	  "RETURN_ERROR_IF(srcSize < ZSTD_blockHeaderSize, srcSize_wrong, \"\");", SRC_WRONG, 0,
	  block_header_cut, 0, NULL },
	{ "rle-table-no-symbol", BLK, "ZSTD_buildSeqTable",
	  "RETURN_ERROR_IF(!srcSize, srcSize_wrong, \"\");", CORRUPT, 0, rle_table_no_symbol, 0, NULL },
	{ "fse-header-error", BLK, "ZSTD_buildSeqTable",
	  "RETURN_ERROR_IF(FSE_isError(headerSize), corruption_detected, \"\");", CORRUPT, 0,
	  fse_header_error, 0, NULL },
	{ "nbseq-long-cut", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ip+2 > iend, srcSize_wrong, \"\");", SRC_WRONG, 0, nbseq_long_cut, 0, NULL },
	{ "ll-table-error", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ZSTD_isError(llhSize), corruption_detected, \"ZSTD_buildSeqTable failed\");",
	  CORRUPT, 0, ll_table_error, 0, NULL },
	{ "of-table-error", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ZSTD_isError(ofhSize), corruption_detected, \"ZSTD_buildSeqTable failed\");",
	  CORRUPT, 0, of_table_error, 0, NULL },
	{ "ml-table-error", BLK, "ZSTD_decodeSeqHeaders",
	  "RETURN_ERROR_IF(ZSTD_isError(mlhSize), corruption_detected, \"ZSTD_buildSeqTable failed\");",
	  CORRUPT, 0, ml_table_error, 0, NULL },
	{ "match-past-output", BLK, "ZSTD_execSequenceEnd",
	  "RETURN_ERROR_IF(sequenceLength > (size_t)(oend - op), dstSize_tooSmall, \"last match must fit within dstBuffer\");",
	  DST_SMALL, SD_EXACT_CAP, match_past_output, 0, NULL },
	{ "seq-stream-empty", BLK, "ZSTD_decompressSequences_body", "RETURN_ERROR_IF(", CORRUPT, 0,
	  seq_stream_empty, 1, NULL },
	{ "last-literals-past-output", BLK, "ZSTD_decompressSequences_body",
	  "RETURN_ERROR_IF(lastLLSize > (size_t)(oend-op), dstSize_tooSmall, \"\");", DST_SMALL,
	  SD_EXACT_CAP, last_literals_past_output, 0, NULL },
	{ "prefetch-stream-empty", BLK, "ZSTD_decompressSequencesLong_body", "RETURN_ERROR_IF(",
	  CORRUPT, 0, prefetch_stream_empty, 1, NULL },
	{ "prefetch-stream-short", BLK, "ZSTD_decompressSequencesLong_body",
	  "RETURN_ERROR_IF(seqNb<seqAdvance, corruption_detected, \"\");", CORRUPT, SD_REF_ACCEPTS,
	  prefetch_stream_short, 0, NULL },
	{ "prefetch-stream-cut", BLK, "ZSTD_decompressSequencesLong_body",
	  "RETURN_ERROR_IF(seqNb<nbSeq, corruption_detected, \"\");", CORRUPT, SD_REF_ACCEPTS,
	  prefetch_stream_cut, 0, NULL },
	{ "prefetch-last-literal-past-output", BLK, "ZSTD_decompressSequencesLong_body",
	  "RETURN_ERROR_IF(lastLLSize > (size_t)(oend-op), dstSize_tooSmall, \"\");", DST_SMALL,
	  SD_EXACT_CAP, prefetch_last_literal, 0, NULL },
	{ "ncount-log-over-15", ENT, "FSE_readNCount_body",
	  "if (nbBits > FSE_TABLELOG_ABSOLUTE_MAX) return ERROR(tableLog_tooLarge);", CORRUPT, 0,
	  ncount_log_over_15, 0, NULL },
	{ "ncount-sum-short", ENT, "FSE_readNCount_body",
	  "if (remaining != 1) return ERROR(corruption_detected);", CORRUPT, 0, ncount_sum_short, 0,
	  NULL },
	{ "ncount-past-block", ENT, "FSE_readNCount_body",
	  "if (countSize > hbSize) return ERROR(corruption_detected);", CORRUPT, 0,
	  ncount_past_block, 0, NULL },
};

const struct sd_case *sd_seq_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}
