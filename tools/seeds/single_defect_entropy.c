// SPDX-License-Identifier: GPL-2.0
/*
 * Single-defect inputs (single_defect.h) of the literals: their sections
 * in zstd_decompress_block.c (size formats, RLE, Huffman), the Huffman
 * decoders (huf_decompress.c; X2: single_defect_x2.c), HUF_readStats
 * (entropy_common.c) and the FSE decoder of Huffman weights
 * (fse_decompress.c). Each control is a valid frame; its input differs by
 * the one thing the check looks at.
 */
#include <string.h>

#include "fb_entropy.h"
#include "single_defect_build.h"

#define LIT_RLE_3(n)	(1u | 3u << 2 | (uint32_t)(n) << 4)	/* RLE literals, 3-byte header */
#define BLOCK_MAX	(128 * 1024)

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
static const struct sd_fse_desc weights6 = { 6, 12, { 60, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } };
/* The same under table log 7, over the weights' maximum (6). */
static const struct sd_fse_desc weights7 = { 7, 12, { 120, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4 } };
/* The unused weight-symbol moved from 11 to 12: the same cells, a bigger workspace. */
static const struct sd_fse_desc weights6_sym12 = { 6, 13,
						  { 60, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } };

struct fse_tree {
	const struct sd_fse_desc *desc;
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

#define BLK	"decompress/zstd_decompress_block.c"
#define ENT	"common/entropy_common.c"
#define HUF	"decompress/huf_decompress.c"
#define FSE	"common/fse_decompress.c"
#define CORRUPT	20	/* ZSTD_error_corruption_detected */

#define HUF4_NO_MARK_CASE(k)							\
	{ "huf4-stream" #k "-no-end-mark", HUF, "HUF_decompress4X1_usingDTable_internal_body", \
	  "CHECK_F( BIT_initDStream(&bitD" #k ", istart" #k ", length" #k ") );", CORRUPT, 0, \
	  huf4_stream##k##_no_end_mark, 0, NULL }

static const struct sd_case cases[] = {
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
	{ "huf4-stream1-empty", BLK, "ZSTD_decodeLiteralsBlock",
	  "RETURN_ERROR_IF(HUF_isError(hufSuccess), corruption_detected, \"\");", CORRUPT, 0,
	  huf4_stream1_empty, 0, NULL },
	{ "huf4-tree-takes-all", HUF, "HUF_decompress4X1_DCtx_wksp_bmi2",
	  "if (hSize >= cSrcSize) return ERROR(srcSize_wrong);", CORRUPT, 0, huf4_tree_takes_all, 0,
	  NULL },
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
