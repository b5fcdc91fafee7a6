// SPDX-License-Identifier: GPL-2.0
/*
 * Single-defect inputs (single_defect.h) of the entropy decoders: the
 * literals and sequences sections of zstd_decompress_block.c, the Huffman
 * decoders (huf_decompress.c), FSE_readNCount and HUF_readStats
 * (entropy_common.c), and the FSE decoder of Huffman weights
 * (fse_decompress.c). Each control is a valid frame; its input differs by
 * the one thing the check looks at.
 */
#include <string.h>

#include "fb_entropy.h"
#include "frame_build.h"
#include "single_defect_build.h"

#define LIT_RLE_3(n)	(1u | 3u << 2 | (uint32_t)(n) << 4)	/* RLE literals, 3-byte header */
#define BLOCK_MAX	(128 * 1024)
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

struct fse_desc {
	unsigned int log, nsym;
	short norm[64];
};

/* Literal length code 0 alone, all of a table of log 9 (LLFSELog). */
static const struct fse_desc single9 = { 9, 1, { 512 } };
/* The same, one short, and zeros up to code 35: the counts end short of the table. */
static const struct fse_desc single9_short = { 9, 36, { 511 } };
/*
 * Code 0 at 24 of 32, then 8 codes "less than 1": the last 2 of the
 * description's 4 bytes are zero bits.
 */
static const struct fse_desc zero_tail = { 5, 9, { 24, -1, -1, -1, -1, -1, -1, -1, -1 } };
#define ZERO_TAIL_KEEP	2	/* description bytes before its zero tail */

struct fse_block {
	const struct fse_desc *desc;	/* the control's table */
	const struct fse_desc *written;	/* the description written (defect), or NULL */
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
static size_t one_fse_sequence(uint8_t *p, size_t cap, const struct fse_desc *d)
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
	const struct fse_desc *w = f->written ? f->written : f->desc;
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

/* -- Literals sections ---------------------------------------------------- */

size_t sd_huf_header(uint8_t *blk, unsigned int type, unsigned int sf, uint64_t regen,
		     uint64_t csize)
{
	static const unsigned int size_bits[] = { 10, 10, 14, 18 };
	size_t len = sf < 2 ? 3 : sf + 2;
	uint64_t lhc = type | sf << 2 | regen << 4 | csize << (4 + size_bits[sf]);

	for (size_t i = 0; i < len; i++)
		blk[i] = (uint8_t)(lhc >> 8 * i);
	return len;
}

static size_t huf_header(uint8_t *blk, unsigned int sf, uint64_t regen, uint64_t csize)
{
	return sd_huf_header(blk, SD_LIT_HUFFMAN, sf, regen, csize);
}

/*
 * Huffman literals "abab..." (64, one stream) under sd_huf_tree, or tree
 * (its size tree_len) in its place, then no sequences.
 */
#define HUF_LITS	64

static size_t huf1_block(uint8_t *blk, const uint8_t *tree, size_t tree_len)
{
	size_t n = 3;

	if (tree) {
		memcpy(blk + n, tree, tree_len);
		n += tree_len;
	} else {
		n += sd_huf_tree(blk + n);
	}
	memset(blk + n, 0x55, HUF_LITS / 8);	/* read from the top: "abab..." */
	n += HUF_LITS / 8;
	blk[n++] = 1;				/* the end mark */
	huf_header(blk, 0, HUF_LITS, n - 3);
	blk[n++] = 0;
	return n;
}

/*
 * The same literals, then one sequence (RLE codes: 4 literals, offset 4,
 * match length 3); the defect: a Huffman section of 0 bytes (no tree),
 * in a block still of the 5 bytes a Huffman literals header needs.
 */
static size_t huf_no_tree(uint8_t *buf, size_t cap, int defect)
{
	static const uint8_t seq[] = { 1, SD_MODES(SD_MODE_RLE, SD_MODE_RLE, SD_MODE_RLE),
				       4, 2, 0, 1u << 2 | 3 };
	uint8_t blk[128];
	size_t n = huf1_block(blk, NULL, 0) - 1;	/* without its sequences header */

	if (defect)
		n = huf_header(blk, 0, HUF_LITS, 0);
	memcpy(blk + n, seq, sizeof(seq));
	return sd_one_block(buf, cap, blk, n + sizeof(seq));
}

/* A compressed block of 4 bytes: a Huffman literals header and one byte. */
static size_t huf_literals_block_short(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[128];
	size_t n = huf1_block(blk, NULL, 0);

	return sd_one_block(buf, cap, blk, defect ? 4 : n);
}

/* The section's compressed size 2 bytes past the block (the sequences header's byte is 1). */
static size_t huf_literals_past_block(uint8_t *buf, size_t cap, int defect)
{
	uint8_t blk[128];
	size_t n = huf1_block(blk, NULL, 0);

	if (defect)
		huf_header(blk, 0, HUF_LITS, n - 3 + 1);
	return sd_one_block(buf, cap, blk, n);
}

/* RLE literals, 3-byte header: n bytes of 'x'; cut: the block ends after the header. */
static size_t rle_literals(uint8_t *buf, size_t cap, uint32_t n, int cut)
{
	uint32_t h = LIT_RLE_3(n);
	uint8_t blk[] = { (uint8_t)h, (uint8_t)(h >> 8), (uint8_t)(h >> 16), 'x', 0 };

	return sd_one_block(buf, cap, blk, cut ? 3 : sizeof(blk));
}

static size_t rle_literals_header_cut(uint8_t *buf, size_t cap, int defect)
{
	return rle_literals(buf, cap, 100, defect);
}

static size_t rle_literals_over_128k(uint8_t *buf, size_t cap, int defect)
{
	return rle_literals(buf, cap, defect ? BLOCK_MAX + 1 : 100, 0);
}

/*
 * 4 streams of HUF4_SEGMENT literals "abab..." each under sd_huf_tree (4
 * bytes of codes and the end mark each), in a literals header of
 * Size_Format sf (1 or 3). Defects: stream no_mark (1..4) without its end
 * mark, stream bits_left (1..4) with a byte no symbol reads, the header's
 * sizes.
 */
#define HUF4_SEGMENT	32

struct huf4 {
	int no_mark, bits_left;
	unsigned int sf;
	size_t regen;
	int no_literals;	/* regenerated size 0 */
	int empty;		/* compressed size 0 */
	int empty_stream1;	/* stream 1 of 0 bytes, its bytes in stream 2 */
	int tree_only;		/* the section the tree alone */
};

static size_t huf4_frame(uint8_t *buf, size_t cap, const struct huf4 *d)
{
	uint8_t body[160], blk[192];
	size_t n = sd_huf_tree(body), jump = n, len;

	n += 6;
	for (int i = 1; i <= 4; i++) {
		size_t start = n;

		memset(body + n, 0x55, HUF4_SEGMENT / 8);
		n += HUF4_SEGMENT / 8;
		if (d->bits_left == i)
			body[n++] = 0;
		body[n++] = d->no_mark == i ? 0 : 1;
		if (i < 4) {
			body[jump + 2 * (i - 1)] = (uint8_t)(d->empty_stream1 && i == 1 ? 0 : n - start);
			body[jump + 2 * (i - 1) + 1] = 0;
		}
	}
	if (d->empty)
		n = 0;
	if (d->tree_only)
		n = jump;
	len = huf_header(blk, d->sf ? d->sf : 1, d->no_literals ? 0 :
			 d->regen ? d->regen : 4 * HUF4_SEGMENT, n);
	memcpy(blk + len, body, n);
	len += n;
	blk[len++] = 0;
	return sd_one_block(buf, cap, blk, len);
}

SD_DEFECT_BUILDER(huf4_stream1_no_end_mark, struct huf4, no_mark, 1, huf4_frame)
SD_DEFECT_BUILDER(huf4_stream2_no_end_mark, struct huf4, no_mark, 2, huf4_frame)
SD_DEFECT_BUILDER(huf4_stream3_no_end_mark, struct huf4, no_mark, 3, huf4_frame)
SD_DEFECT_BUILDER(huf4_stream4_no_end_mark, struct huf4, no_mark, 4, huf4_frame)
SD_DEFECT_BUILDER(huf4_stream_bits_left, struct huf4, bits_left, 2, huf4_frame)
SD_DEFECT_BUILDER(huf4_no_literals, struct huf4, no_literals, 1, huf4_frame)
/* Stream 1 of 4 empty (a jump table entry of 0): it cannot be opened. */
SD_DEFECT_BUILDER(huf4_stream1_empty, struct huf4, empty_stream1, 1, huf4_frame)
/* A 4-stream section of the tree alone (its compressed size the tree's). */
SD_DEFECT_BUILDER(huf4_tree_takes_all, struct huf4, tree_only, 1, huf4_frame)

/* In a 5-byte literals header: the block keeps the 5 bytes it needs. */
static size_t huf4_empty_section(uint8_t *buf, size_t cap, int defect)
{
	struct huf4 d = { .sf = 3, .empty = defect };

	return huf4_frame(buf, cap, &d);
}

/* The literals header in 5 bytes (Size_Format 3, 18-bit sizes); 131073 literals announced. */
static size_t huf_literals_over_128k(uint8_t *buf, size_t cap, int defect)
{
	struct huf4 d = { .sf = 3, .regen = defect ? BLOCK_MAX + 1 : 0 };

	return huf4_frame(buf, cap, &d);
}

/* -- Huffman weights coded with FSE (HUF_readStats, fse_decompress.c) ---- */

/*
 * sd_huf_tree's 98 weights (symbols 0..97: 'a' 1, the rest 0; 'b''s
 * implied) coded with FSE: weight 0 at 60 of 64, 1 and 11 at 2 each (11
 * never used), the largest weight-symbol the decoder's workspace takes
 * under table log 6.
 */
#define WEIGHTS		98
static const struct fse_desc weights6 = { 6, 12, { 60, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } };
/* The same under table log 7, over the weights' maximum (6). */
static const struct fse_desc weights7 = { 7, 12, { 120, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4 } };
/* The unused weight-symbol moved from 11 to 12: the same cells, a bigger workspace. */
static const struct fse_desc weights6_sym12 = { 6, 13, { 60, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } };

struct fse_tree {
	const struct fse_desc *desc;
	size_t weights;		/* how many the stream codes: WEIGHTS, or more (defect) */
	int zero_byte;		/* a 0 byte after the stream's end mark (defect) */
	int header;		/* the header byte, when not its size (defect); -1 */
};

/* The tree: its header byte (< 128: FSE), the description and the weights' stream. */
static size_t fse_tree(uint8_t *p, size_t cap, const struct fse_tree *f)
{
	uint8_t w[512] = { 0 };
	struct fb_fse t;
	struct fb_bits b;
	size_t n = 1, len;

	w['a'] = 1;
	if (f->weights > sizeof(w) || fb_fse_build(&t, f->desc->norm, f->desc->nsym, f->desc->log))
		return 0;
	fb_bits_init(&b, p + n, cap - n);
	fb_ncount(&b, f->desc->norm, f->desc->nsym, f->desc->log);
	len = fb_bits_bytes(&b);
	n += len;
	len = len ? fb_fse_weights(&t, w, f->weights, p + n, cap - n) : 0;
	if (!len)
		return 0;
	n += len;
	if (f->zero_byte)
		p[n++] = 0;
	p[0] = (uint8_t)(f->header >= 0 ? f->header : (int)n - 1);
	return n;
}

static size_t fse_tree_frame(uint8_t *buf, size_t cap, const struct fse_tree *f)
{
	uint8_t tree[128], blk[192];
	size_t n = fse_tree(tree, sizeof(tree), f);

	return n ? sd_one_block(buf, cap, blk, huf1_block(blk, tree, n)) : 0;
}

#define FSE_TREE(d, ...)	((struct fse_tree){ d, WEIGHTS, 0, -1, __VA_ARGS__ })

static size_t fse_weights_log_over_6(uint8_t *buf, size_t cap, int defect)
{
	struct fse_tree f = FSE_TREE(defect ? &weights7 : &weights6);

	return fse_tree_frame(buf, cap, &f);
}

static size_t fse_weights_symbol_over_11(uint8_t *buf, size_t cap, int defect)
{
	struct fse_tree f = FSE_TREE(defect ? &weights6_sym12 : &weights6);

	return fse_tree_frame(buf, cap, &f);
}

static size_t fse_weights_no_end_mark(uint8_t *buf, size_t cap, int defect)
{
	struct fse_tree f = FSE_TREE(&weights6);

	f.zero_byte = defect;
	return fse_tree_frame(buf, cap, &f);
}

/* 256 weights: the decoder has room for 255 (the last symbol's is implied). */
static size_t fse_weights_over_255(uint8_t *buf, size_t cap, int defect)
{
	struct fse_tree f = FSE_TREE(&weights6);

	f.weights = defect ? 256 : WEIGHTS;
	return fse_tree_frame(buf, cap, &f);
}

/* The header byte says 127 bytes, more than the literals section. */
static size_t fse_weights_past_section(uint8_t *buf, size_t cap, int defect)
{
	struct fse_tree f = FSE_TREE(&weights6);

	f.header = defect ? 127 : -1;
	return fse_tree_frame(buf, cap, &f);
}

/* -- The prefetch sequence decoder (ZSTD_decompressSequencesLong_body) --- */

/*
 * 1.4.10 takes it for a frame whose window is over 16 MiB, a block of over
 * 4 sequences and an offset table whose codes over 22 hold 7 or more of
 * 256 cells: the predefined table holds 48 (codes 23 to 28).
 */
#define WD_32M		0x78	/* window descriptor: 2^25 */
static const struct fse_desc of_predefined = { 5, 29, { 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1,
							1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1,
							-1, -1, -1 } };

struct prefetch {
	int nbseq;		/* sequences, over 4 */
	int coded;		/* the sequences the bit stream holds (defect: fewer) */
	int no_stream;		/* the bit stream left out (defect) */
	int last_literal;	/* a literal 'e' after the sequences (defect) */
};

/*
 * The bit stream of sequences of offset code 2 (a cell of its own, whose
 * 5 bits reach any state) with 2 bits 3 (offset 4), literal length 0 and
 * match length 3 (RLE): the state, then each sequence's bits and the
 * state's bits to leave it, but after the last one (1.5.7 reads none
 * there; 1.4.10 reads them and may run past the end after the last
 * sequence).
 */
static size_t prefetch_stream(uint8_t *p, size_t cap, int coded)
{
	struct fb_fse t;
	struct fb_bits b;
	unsigned int s = 0;

	if (fb_fse_build(&t, of_predefined.norm, of_predefined.nsym, of_predefined.log))
		return 0;
	while (t.symbol[s] != 2)
		s++;
	fb_bits_init(&b, p, cap);
	for (int i = 0; i < coded; i++) {	/* written backwards: the last first */
		if (i)
			fb_bits_put(&b, s - t.base[s], t.nb[s]);
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
	len = d->no_stream ? 0 : prefetch_stream(blk + n, sizeof(blk) - n, d->coded);
	if (!len && !d->no_stream)
		return 0;
	return after_abcd(buf, cap, &h, blk, n + len);
}

static size_t prefetch_stream_empty(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = 5, .coded = 5, .no_stream = defect };

	return prefetch_frame(buf, cap, &d);
}

/*
 * Bits for 1 sequence of 5: the stream runs out while the first 4 are read
 * ahead. zstd 1.5.4, with less than 16 MB of history, decodes the block
 * with its short decoder, which reads on past the stream's end and accepts
 * it (and so the next case): known divergence seq-stream-overflow-unchecked
 * (SD_REF_ACCEPTS).
 */
static size_t prefetch_stream_short(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = 5, .coded = defect ? 1 : 5 };

	return prefetch_frame(buf, cap, &d);
}

/* Bits for 4 sequences of 6: the stream runs out after those read ahead. */
static size_t prefetch_stream_cut(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = 6, .coded = defect ? 4 : 6 };

	return prefetch_frame(buf, cap, &d);
}

static size_t prefetch_last_literal(uint8_t *buf, size_t cap, int defect)
{
	struct prefetch d = { .nbseq = 5, .coded = 5, .last_literal = defect };

	return prefetch_frame(buf, cap, &d);
}

#define BLK	"decompress/zstd_decompress_block.c"
#define ENT	"common/entropy_common.c"
#define HUF	"decompress/huf_decompress.c"
#define FSE	"common/fse_decompress.c"
#define CORRUPT	20	/* ZSTD_error_corruption_detected */
#define DST_SMALL 70	/* ZSTD_error_dstSize_tooSmall */
#define SRC_WRONG 72	/* ZSTD_error_srcSize_wrong */

#define HUF4_NO_MARK_CASE(k)							\
	{ "huf4-stream" #k "-no-end-mark", HUF, "HUF_decompress4X1_usingDTable_internal_body", \
	  "CHECK_F( BIT_initDStream(&bitD" #k ", istart" #k ", length" #k ") );", CORRUPT, 0, \
	  huf4_stream##k##_no_end_mark, 0, NULL }

static const struct sd_case cases[] = {
	{ "block-header-cut", BLK, "ZSTD_getcBlockSize",
	  "RETURN_ERROR_IF(srcSize < ZSTD_blockHeaderSize, srcSize_wrong, \"\");", SRC_WRONG, 0,
	  block_header_cut, 0, NULL },
	{ "huf-literals-block-short", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(srcSize < 5, corruption_detected, \"srcSize >= MIN_CBLOCK_SIZE == 3; here we need up to 5 for case 3\");",
	  CORRUPT, 0, huf_literals_block_short, 0, NULL },
	{ "huf-literals-over-128k", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(litSize > ZSTD_BLOCKSIZE_MAX, corruption_detected, \"\");", CORRUPT, 0,
	  huf_literals_over_128k, 1, NULL },
	{ "huf-literals-past-block", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(litCSize + lhSize > srcSize, corruption_detected, \"\");", CORRUPT, 0,
	  huf_literals_past_block, 0, NULL },
	{ "rle-literals-header-cut", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(srcSize<4, corruption_detected, \"srcSize >= MIN_CBLOCK_SIZE == 3; here we need lhSize+1 = 4\");",
	  CORRUPT, 0, rle_literals_header_cut, 0, NULL },
	{ "rle-literals-over-128k", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(litSize > ZSTD_BLOCKSIZE_MAX, corruption_detected, \"\");", CORRUPT, 0,
	  rle_literals_over_128k, 2, NULL },
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
	{ "huf4-stream1-empty", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(HUF_isError(hufSuccess), corruption_detected, \"\");", CORRUPT, 0,
	  huf4_stream1_empty, 0, NULL },
	{ "huf4-tree-takes-all", HUF, "HUF_decompress4X1_DCtx_wksp_bmi2",
	  "if (hSize >= cSrcSize) return ERROR(srcSize_wrong);", CORRUPT, 0, huf4_tree_takes_all, 0,
	  NULL },
	{ "ncount-log-over-15", ENT, "FSE_readNCount_body",
	  "if (nbBits > FSE_TABLELOG_ABSOLUTE_MAX) return ERROR(tableLog_tooLarge);", CORRUPT, 0,
	  ncount_log_over_15, 0, NULL },
	{ "ncount-sum-short", ENT, "FSE_readNCount_body",
	  "if (remaining != 1) return ERROR(corruption_detected);", CORRUPT, 0, ncount_sum_short, 0,
	  NULL },
	{ "ncount-past-block", ENT, "FSE_readNCount_body",
	  "if (countSize > hbSize) return ERROR(corruption_detected);", CORRUPT, 0,
	  ncount_past_block, 0, NULL },
	{ "huf-no-tree", ENT, "HUF_readStats_body", "if (!srcSize) return ERROR(srcSize_wrong);",
	  CORRUPT, 0, huf_no_tree, 0, NULL },
	{ "fse-weights-past-section", ENT, "HUF_readStats_body",
	  "if (iSize+1 > srcSize) return ERROR(srcSize_wrong);", CORRUPT, 0,
	  fse_weights_past_section, 2, NULL },
	{ "fse-weights-log-over-6", FSE, "FSE_decompress_wksp_body",
	  "if (tableLog > maxLog) return ERROR(tableLog_tooLarge);", CORRUPT, 0,
	  fse_weights_log_over_6, 0, NULL },
	{ "fse-weights-symbol-over-11", FSE, "FSE_decompress_wksp_body",
	  "if (FSE_DECOMPRESS_WKSP_SIZE(tableLog, maxSymbolValue) > wkspSize) return ERROR(tableLog_tooLarge);",
	  CORRUPT, 0, fse_weights_symbol_over_11, 0, NULL },
	{ "fse-weights-no-end-mark", FSE, "FSE_decompress_usingDTable_generic",
	  "CHECK_F(BIT_initDStream(&bitD, cSrc, cSrcSize));", CORRUPT, 0, fse_weights_no_end_mark, 0,
	  NULL },
	{ "fse-weights-over-255", FSE, "FSE_decompress_usingDTable_generic",
	  "if (op>(omax-2)) return ERROR(dstSize_tooSmall);", CORRUPT, 0, fse_weights_over_255, 1,
	  NULL },
	HUF4_NO_MARK_CASE(1),
	HUF4_NO_MARK_CASE(2),
	HUF4_NO_MARK_CASE(3),
	HUF4_NO_MARK_CASE(4),
	{ "huf4-stream-bits-left", HUF, "HUF_decompress4X1_usingDTable_internal_body",
	  "if (!endCheck) return ERROR(corruption_detected); }", CORRUPT, 0, huf4_stream_bits_left,
	  0, NULL },
	{ "huf4-no-literals", HUF, "HUF_decompress4X_hufOnly_wksp_bmi2",
	  "if (dstSize == 0) return ERROR(dstSize_tooSmall);", CORRUPT, 0, huf4_no_literals, 0, NULL },
	{ "huf4-empty-section", HUF, "HUF_decompress4X_hufOnly_wksp_bmi2",
	  "if (cSrcSize == 0) return ERROR(corruption_detected);", CORRUPT, 0, huf4_empty_section, 0,
	  NULL },
};

const struct sd_case *sd_entropy_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}
