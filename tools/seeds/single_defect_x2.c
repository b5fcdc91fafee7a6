// SPDX-License-Identifier: GPL-2.0
/*
 * Single-defect inputs (single_defect.h) of the double-symbol Huffman
 * decoders (X2) of huf_decompress.c. For a Huffman section of 4 streams,
 * 1.4.10's HUF_selectDecoder picks X1 or X2 by its sizes (algoTime): the
 * first block's 5120 literals in about 2.1 KB (a ratio of 6 in 16) take
 * X2, whose table stays; the second block's treeless literals (type 3)
 * reuse it, so that a section of any size, of 4 streams or 1, reaches
 * X2's decoders. The coverage check (make coverage-single-defect) shows
 * X2's lines ran.
 */
#include <string.h>

#include "fb_entropy.h"
#include "frame_build.h"
#include "single_defect_build.h"

#define WD_256K		0x40	/* window descriptor: 2^18 */
#define X2_LITS		5120
#define TREE_WEIGHTS	105	/* symbols 0 .. 'h'; the weight of 'i' is implied */
#define SMALL		16	/* literals a stream of the treeless sections: 6 bytes */
#define LONG		128	/* a stream's literals when one overruns its segment */

/*
 * Weights 'a' 8, 'b' 7, ... 'h' 1 ('i' 1): codes of 1 to 8 bits (8 for
 * 'i'). X2's table is 12 bits deep: "aa" is one look-up, "hh" two.
 */
static void tree_weights(uint8_t *w)
{
	memset(w, 0, TREE_WEIGHTS + 1);
	for (int i = 0; i < 8; i++)
		w['a' + i] = (uint8_t)(8 - i);
}

/* The tree in its direct representation: a header byte 127 + 101, weights 4 bits each. */
static size_t direct_tree(uint8_t *p, const uint8_t *w)
{
	size_t n = 0;

	p[n++] = 127 + TREE_WEIGHTS;
	for (size_t i = 0; i < TREE_WEIGHTS; i += 2)
		p[n++] = (uint8_t)(w[i] << 4 | w[i + 1]);
	return n;
}

/* 4 streams: literals, how many; defects: stream no_mark or bits_left (1..4). */
struct streams {
	const uint8_t *lit[4];
	size_t n[4];
	int no_mark, bits_left;
	int jump_past_end;	/* the jump table's first size past the section */
	size_t segment;		/* literals each stream decodes to: SMALL when 0 */
	size_t cut;		/* the section cut to that many bytes (defect), or 0 */
};

/*
 * The jump table, then the streams. A stream without its end mark is one
 * whose last byte, the end mark alone (its literals end on a byte), is 0.
 */
static size_t four_streams(uint8_t *p, size_t cap, const struct fb_huf *h,
			   const struct streams *s)
{
	size_t n = 6;

	for (int i = 0; i < 4; i++) {
		size_t len = fb_huf_stream(h, s->lit[i], s->n[i], p + n, cap - n - 1);

		if (!len)
			return 0;
		if (s->bits_left == i + 1) {
			p[n + len] = p[n + len - 1];
			p[n + len - 1] = 0;	/* 8 bits no literal reads */
			len++;
		}
		if (s->no_mark == i + 1) {
			if (p[n + len - 1] != 1)
				return 0;
			p[n + len - 1] = 0;
		}
		if (i < 3) {
			p[2 * i] = (uint8_t)(s->jump_past_end && !i ? 200 : len);
			p[2 * i + 1] = (uint8_t)(len >> 8);
		}
		n += len;
	}
	return n;
}

/* "dcb" over and over: 9 bits per 3 literals. */
static size_t first_block(uint8_t *blk, size_t cap, const struct fb_huf *h, const uint8_t *w)
{
	static uint8_t lit[X2_LITS];
	struct streams s = { .lit = { lit, lit + X2_LITS / 4, lit + X2_LITS / 2,
				      lit + 3 * X2_LITS / 4 },
			     .n = { X2_LITS / 4, X2_LITS / 4, X2_LITS / 4, X2_LITS / 4 } };
	size_t n = 4, len;

	for (size_t i = 0; i < X2_LITS; i++)
		lit[i] = (uint8_t)"dcb"[i % 3];
	n += direct_tree(blk + n, w);
	len = four_streams(blk + n, cap - n - 1, h, &s);
	if (!len)
		return 0;
	n += len;
	sd_huf_header(blk, SD_LIT_HUFFMAN, 2, X2_LITS, n - 4);
	blk[n++] = 0;				/* no sequences */
	return n;
}

/* The first block, then a treeless one: its literals section (sf: 0, one stream; 1, 4), no sequences. */
static size_t x2_frame(uint8_t *buf, size_t cap, unsigned int sf, size_t regen,
		       const uint8_t *section, size_t csize)
{
	static uint8_t blk[4096];
	uint8_t w[TREE_WEIGHTS + 1];
	struct fb_header hd = { .window_desc = WD_256K };
	struct frame_build fb;
	struct fb_huf h;
	size_t n;

	tree_weights(w);
	if (fb_huf_build(&h, w, TREE_WEIGHTS))
		return 0;
	n = first_block(blk, sizeof(blk), &h, w);
	if (!n)
		return 0;
	fb_init(&fb, buf, cap);
	fb_header(&fb, &hd);
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 0);
	fb_bytes(&fb, blk, n);
	n = sd_huf_header(blk, SD_LIT_TREELESS, sf, regen, csize);
	memcpy(blk + n, section, csize);
	n += csize;
	blk[n++] = 0;
	fb_block_header(&fb, FB_BLOCK_COMPRESSED, (uint32_t)n, 1);
	fb_bytes(&fb, blk, n);
	return fb.overflow ? 0 : fb.len;
}

/* "abcd" x 4 in each stream, or s's literals. */
static size_t treeless4(uint8_t *buf, size_t cap, struct streams *s)
{
	static const uint8_t abcd16[SMALL] = "abcdabcdabcdabcd";
	uint8_t w[TREE_WEIGHTS + 1], section[1024];
	struct fb_huf h;
	size_t n, regen;

	tree_weights(w);
	if (fb_huf_build(&h, w, TREE_WEIGHTS))
		return 0;
	for (int i = 0; i < 4; i++)
		if (!s->lit[i]) {
			s->lit[i] = abcd16;
			s->n[i] = SMALL;
		}
	regen = 4 * (s->segment ? s->segment : SMALL);
	n = four_streams(section, sizeof(section), &h, s);
	if (!n)
		return 0;
	return x2_frame(buf, cap, 1, regen, section, s->cut ? s->cut : n);
}

SD_DEFECT_BUILDER(x2_stream1_no_end_mark, struct streams, no_mark, 1, treeless4)
SD_DEFECT_BUILDER(x2_stream2_no_end_mark, struct streams, no_mark, 2, treeless4)
SD_DEFECT_BUILDER(x2_stream3_no_end_mark, struct streams, no_mark, 3, treeless4)
SD_DEFECT_BUILDER(x2_stream4_no_end_mark, struct streams, no_mark, 4, treeless4)
SD_DEFECT_BUILDER(x2_stream_bits_left, struct streams, bits_left, 3, treeless4)
SD_DEFECT_BUILDER(x2_jump_past_end, struct streams, jump_past_end, 1, treeless4)
/* The section cut to its jump table and 3 bytes. */
SD_DEFECT_BUILDER(x2_too_short, struct streams, cut, 9, treeless4)

/*
 * Stream k of 'a's (a bit each: X2 decodes two a look-up), the others of
 * 'h's (8 bits, one a look-up), LONG literals each; the defect: stream k
 * holds 4 times as many, so that the 4-stream loop, which watches only the
 * last stream's output, carries it past its segment. zstd 1.5.4's fast
 * loop stops each stream at its segment's end and never checks that its
 * bits are all read: it accepts the frame and decodes the control's bytes,
 * known divergence huf4-stream-end-unchecked (SD_REF_ACCEPTS).
 */
static size_t x2_overrun(uint8_t *buf, size_t cap, int k, int defect)
{
	static uint8_t a[4 * LONG], h[LONG];
	struct streams s = { 0 };

	memset(a, 'a', sizeof(a));
	memset(h, 'h', sizeof(h));
	for (int i = 0; i < 4; i++) {
		s.lit[i] = i + 1 == k ? a : h;
		s.n[i] = i + 1 == k && defect ? 4 * LONG : LONG;
	}
	s.segment = LONG;
	return treeless4(buf, cap, &s);
}

#define X2_OVERRUN(k)								\
static size_t x2_stream##k##_overrun(uint8_t *buf, size_t cap, int defect)	\
{										\
	return x2_overrun(buf, cap, k, defect);				\
}
X2_OVERRUN(1)
X2_OVERRUN(2)
X2_OVERRUN(3)

/* One treeless stream of "abcd" x 4: without its end mark, or with 8 bits left. */
static size_t x2_one_stream(uint8_t *buf, size_t cap, int no_mark, int bits_left)
{
	static const uint8_t abcd16[SMALL] = "abcdabcdabcdabcd";
	uint8_t w[TREE_WEIGHTS + 1], section[64];
	struct fb_huf h;
	size_t n;

	tree_weights(w);
	if (fb_huf_build(&h, w, TREE_WEIGHTS))
		return 0;
	n = fb_huf_stream(&h, abcd16, SMALL, section, sizeof(section) - 1);
	if (!n || section[n - 1] != 1)
		return 0;
	if (bits_left) {
		section[n] = 1;
		section[n - 1] = 0;
		n++;
	}
	if (no_mark)
		section[n - 1] = 0;
	return x2_frame(buf, cap, 0, SMALL, section, n);
}

static size_t x2_1stream_no_end_mark(uint8_t *buf, size_t cap, int defect)
{
	return x2_one_stream(buf, cap, defect, 0);
}

static size_t x2_1stream_bits_left(uint8_t *buf, size_t cap, int defect)
{
	return x2_one_stream(buf, cap, 0, defect);
}

#define HUF	"decompress/huf_decompress.c"
#define X2_4	"HUF_decompress4X2_usingDTable_internal_body"
#define X2_1	"HUF_decompress1X2_usingDTable_internal_body"
#define CORRUPT	20	/* ZSTD_error_corruption_detected */

#define X2_NO_MARK_CASE(k)							\
	{ "x2-stream" #k "-no-end-mark", HUF, X2_4,				\
	  "CHECK_F( BIT_initDStream(&bitD" #k ", istart" #k ", length" #k ") );", CORRUPT, 0, \
	  x2_stream##k##_no_end_mark, 0, NULL }
#define X2_OVERRUN_CASE(k, next)						\
	{ "x2-stream" #k "-overrun", HUF, X2_4,					\
	  "if (op" #k " > opStart" #next ") return ERROR(corruption_detected);", CORRUPT,	\
	  SD_REF_ACCEPTS,							\
	  x2_stream##k##_overrun, 0, NULL }

static const struct sd_case cases[] = {
	{ "x2-too-short", HUF, X2_4,
	  "if (cSrcSize < 10) return ERROR(corruption_detected);   /* strict minimum : jump table + 1 byte per stream */",
	  CORRUPT, 0, x2_too_short, 0, NULL },
	{ "x2-jump-past-end", HUF, X2_4,
	  "if (length4 > cSrcSize) return ERROR(corruption_detected);   /* overflow */", CORRUPT, 0,
	  x2_jump_past_end, 0, NULL },
	X2_NO_MARK_CASE(1),
	X2_NO_MARK_CASE(2),
	X2_NO_MARK_CASE(3),
	X2_NO_MARK_CASE(4),
	X2_OVERRUN_CASE(1, 2),
	X2_OVERRUN_CASE(2, 3),
	X2_OVERRUN_CASE(3, 4),
	{ "x2-stream-bits-left", HUF, X2_4, "if (!endCheck) return ERROR(corruption_detected); }",
	  CORRUPT, 0, x2_stream_bits_left, 0, NULL },
	{ "x2-1stream-no-end-mark", HUF, X2_1, "CHECK_F( BIT_initDStream(&bitD, cSrc, cSrcSize) );",
	  CORRUPT, 0, x2_1stream_no_end_mark, 0, NULL },
	{ "x2-1stream-bits-left", HUF, X2_1,
	  "if (!BIT_endOfDStream(&bitD)) return ERROR(corruption_detected);", CORRUPT, 0,
	  x2_1stream_bits_left, 0, NULL },
};

const struct sd_case *sd_x2_cases(size_t *n)
{
	*n = sizeof(cases) / sizeof(cases[0]);
	return cases;
}
