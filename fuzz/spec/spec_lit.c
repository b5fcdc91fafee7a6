// SPDX-License-Identifier: GPL-2.0
/*
 * The literals section (RFC 8878 3.1.1.3.1): raw, RLE, Huffman-coded with
 * its tree, or treeless with the frame's last tree; 1 or 4 streams; every
 * Size_Format whose fields hold the sizes, not only the smallest.
 */
#include <string.h>

#include "spec_bulk.h"
#include "spec_ctx.h"

/* Literals in 4 streams: each of the first three gets (n + 3) / 4; fewer than 6 are refused. */
#define HUF4_MIN	6
#define HUF1_MAX	1023

static const struct spec_huf *tree_of(const struct spec_ctx *x, int mode)
{
	return mode == SPEC_LIT_TREELESS ? &x->huf : &x->huf_next;
}

/* The Huffman-state defect is still to be made: the next tree is its own. */
static int cut_state(const struct spec_ctx *x)
{
	return x->defect == SPEC_BAD_HUF_STATE && !x->defect_done;
}

int spec_literals_mode(struct spec_ctx *x, size_t n)
{
	int mode = fuzz_input_u32(x->in, SPEC_LIT_RAW, SPEC_LIT_TREELESS, SPEC_LIT_RAW);

	x->rle_byte = (uint8_t)fuzz_input_u32(x->in, 0, 255, 0);
	x->lit_style = fuzz_input_u32(x->in, 0, 3, 0);
	if (mode >= SPEC_LIT_HUF && n == 0)
		mode = SPEC_LIT_RAW;
	if (mode == SPEC_LIT_TREELESS && !x->have_huf)
		mode = SPEC_LIT_HUF;
	if (cut_state(x) && n > 0) {
		spec_huf_cut_tree(&x->huf_next, x->in);
		return SPEC_LIT_HUF;
	}
	if (mode == SPEC_LIT_HUF)
		spec_huf_choose(&x->huf_next, x->in, fuzz_input_bool(x->in, 0) ? 255 : 129);
	return mode;
}

#define POOL_SIZE	((size_t)1 << 16)

/*
 * Raw bytes: slices of a 64 KiB pool of xorshift bytes (made once), from
 * a drawn offset. Raw blocks and literals are copied as they are by every
 * decoder: what they hold does not matter, and making them byte by byte
 * was most of a big frame's making.
 */
SPEC_BULK static void random_bytes(struct spec_ctx *x, uint8_t *p, size_t n)
{
	static uint8_t pool[POOL_SIZE];
	static int made;
	uint32_t r = 0x9E3779B9u;
	size_t i, off, len;

	for (i = 0; !made && i < POOL_SIZE; i++) {
		r ^= r << 13;
		r ^= r >> 17;
		r ^= r << 5;
		pool[i] = (uint8_t)(r >> 24);
	}
	made = 1;
	for (i = 0; i < n; i += len) {
		off = spec_rand(x) % POOL_SIZE;
		len = n - i < POOL_SIZE - off ? n - i : POOL_SIZE - off;
		memcpy(p + i, pool + off, len);
	}
}

SPEC_BULK void spec_literal_bytes(struct spec_ctx *x, int mode, uint8_t *lits, size_t n)
{
	const struct spec_huf *h = tree_of(x, mode);
	uint32_t r = 0;
	size_t i;

	if (mode == SPEC_LIT_RLE) {
		memset(lits, x->rle_byte, n);
		return;
	}
	if (mode == SPEC_LIT_RAW && (!x->lit_style || n > 256)) {
		random_bytes(x, lits, n);
		return;
	}
	/* One draw for four bytes. */
	for (i = 0; i < n; i++, r >>= 8) {
		if (!(i & 3))
			r = spec_rand(x);
		if (mode >= SPEC_LIT_HUF)
			lits[i] = h->alphabet[(r & 0xFF) % (x->lit_style ? h->nalpha : 2)];
		else if (x->lit_style == 1)
			lits[i] = (uint8_t)('a' + (r & 0xFF) % 26);
		else
			lits[i] = (uint8_t)((r & 0xFF) % (x->lit_style * 4u));
	}
}

/*
 * Raw and RLE: 1 byte (Size_Format 1 bit, 0: the size in bits 3-7), 2 bytes
 * (Size_Format 01, 12 bits), 3 bytes (11, 20 bits).
 */
static size_t raw_header(struct spec_ctx *x, int type, size_t n, uint8_t *out)
{
	unsigned int sf = fuzz_input_u32(x->in, 0, 3, 0);

	if (sf == 1 && n > 0xFFF)
		sf = 3;
	if ((sf == 0 || sf == 2) && n > 31)
		sf = n > 0xFFF ? 3 : 1;
	spec_reach(x, sf == 1 ? SPEC_F_lit_sf_2byte : sf == 3 ? SPEC_F_lit_sf_3byte :
		   SPEC_F_lit_sf_1byte);
	if ((sf == 1 && n <= 31) || (sf == 3 && n <= 0xFFF))
		spec_reach(x, SPEC_F_lit_sf_wide);
	if (sf == 0 || sf == 2) {
		out[0] = (uint8_t)(type | n << 3);
		return 1;
	}
	out[0] = (uint8_t)(type | sf << 2 | (n & 0xF) << 4);
	out[1] = (uint8_t)(n >> 4);
	if (sf == 1)
		return 2;
	out[2] = (uint8_t)(n >> 12);
	return 3;
}

static size_t raw_or_rle(struct spec_ctx *x, int mode, const uint8_t *lits, size_t n,
			 uint8_t *out, size_t cap)
{
	size_t body = mode == SPEC_LIT_RLE ? 1 : n;
	size_t hs;

	if (cap < 3 + body)
		return 0;
	hs = raw_header(x, mode, n, out);
	memcpy(out + hs, mode == SPEC_LIT_RLE ? &x->rle_byte : lits, body);
	spec_reach(x, mode == SPEC_LIT_RLE ? SPEC_F_lit_rle : SPEC_F_lit_raw);
	return hs + body;
}

/* Huffman header: Size_Format 0 (1 stream) or 1..3 (4 streams), 3, 3, 4 or 5 bytes. */
static size_t huf_header(int type, unsigned int sf, size_t n, size_t csize, uint8_t *out)
{
	static const unsigned int bits[4] = { 10, 10, 14, 18 }, size[4] = { 3, 3, 4, 5 };
	uint64_t v = (uint64_t)type | sf << 2 | (uint64_t)n << 4 | (uint64_t)csize << (4 + bits[sf]);
	unsigned int i;

	if (n >> bits[sf] || csize >> bits[sf])
		return 0;
	for (i = 0; i < size[sf]; i++)
		out[i] = (uint8_t)(v >> (8 * i));
	return size[sf];
}

static unsigned int huf_format(struct spec_ctx *x, size_t n)
{
	unsigned int sf = fuzz_input_u32(x->in, 0, 3, n <= HUF1_MAX ? 0 : 3);

	if (sf == 0 && n > HUF1_MAX)
		sf = 3;
	if (sf && n < HUF4_MIN)
		sf = 0;
	if (sf == 1 && n > 1023)
		sf = 2;
	if (sf == 2 && n > 0x3FFF)
		sf = 3;
	return sf;
}

static size_t huffman(struct spec_ctx *x, int mode, const uint8_t *lits, size_t n,
		      uint8_t *out, size_t cap)
{
	const struct spec_huf *h = tree_of(x, mode);
	unsigned int sf = huf_format(x, n);
	size_t hs = sf == 3 ? 5 : sf == 2 ? 4 : 3, tree = 0, body;
	uint8_t *stream;
	int cut;

	if (sf == 0 && n > HUF1_MAX)
		return 0;
	if (mode == SPEC_LIT_HUF && cut_state(x)) {
		tree = spec_huf_cut_describe(h, x->in, out + hs, cap - hs);
		if (!tree)
			return 0;
	} else if (mode == SPEC_LIT_HUF) {
		int fse = fuzz_input_bool(x->in, 0);

		tree = spec_huf_describe(h, fse, x->in, out + hs, cap - hs);
		if (!tree && fse)
			tree = spec_huf_describe(h, 0, x->in, out + hs, cap - hs);
		else
			fse = fse && tree;
		if (!tree)
			return 0;
		spec_reach(x, fse ? SPEC_F_huf_fse : SPEC_F_huf_direct);
		if (h->max_bits == SPEC_HUF_MAX_BITS)
			spec_reach(x, SPEC_F_huf_maxbits11);
	}
	stream = out + hs + tree;
	body = spec_huf_encode(h, lits, n, sf ? 4 : 1, &x->fields, stream, cap - hs - tree);
	/* The defect: the stream without its first byte, the last bits the decoder reads. */
	cut = sf == 0 && body > 1 && x->defect == SPEC_BAD_HUF_TRUNCATED && !x->defect_done;
	if (cut)
		memmove(stream, stream + 1, --body);
	/* Made only when the section is: raw literals in its place would be valid. */
	if (!body || !huf_header(mode, sf, n, tree + body, out))
		return 0;
	x->defect_done |= cut;
	if (mode == SPEC_LIT_HUF && cut_state(x)) {
		x->defect_done = 1;
		spec_reach(x, SPEC_F_huf_state_cut);
	}
	spec_reach(x, mode == SPEC_LIT_TREELESS ? SPEC_F_lit_treeless : sf ? SPEC_F_lit_huf4 :
		   SPEC_F_lit_huf1);
	x->huf_next_used = mode == SPEC_LIT_HUF;
	return hs + tree + body;
}

size_t spec_literals(struct spec_ctx *x, const uint8_t *lits, size_t n, int mode,
		     uint8_t *out, size_t cap)
{
	size_t size = 0;

	if (cap < 8)
		return 0;
	if (mode >= SPEC_LIT_HUF)
		size = huffman(x, mode, lits, n, out, cap);
	else if (mode == SPEC_LIT_RLE)
		return raw_or_rle(x, SPEC_LIT_RLE, lits, n, out, cap);
	/* A tree that cannot code them: the same bytes, raw. */
	if (!size)
		size = raw_or_rle(x, SPEC_LIT_RAW, lits, n, out, cap);
	return size;
}
