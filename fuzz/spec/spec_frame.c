// SPDX-License-Identifier: GPL-2.0
/*
 * One zstd frame (RFC 8878 3.1.1): the header with its chosen fields, the
 * blocks (raw, RLE, compressed; from empty to Block_Maximum_Size), the
 * checksum. The content size is chosen first and the blocks fill it.
 */
#include <string.h>

#include "spec_ctx.h"
#include "spec_frame.h"
#include "spec_xxh64.h"

#define FRAME_MAGIC	0xFD2FB528u
#define BLOCKS_MAX	64

enum { BLOCK_RAW, BLOCK_RLE, BLOCK_COMPRESSED };

static void put_le(uint8_t *p, uint64_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

struct header {
	int single, checksum;
	unsigned int fcs_flag, did_flag, wexp, wmant;
	uint64_t size;
	uint32_t dict_id;
};

/*
 * A frame's content size up to max: mostly up to 4 KiB (78%) or 64 KiB
 * (19%), 1 in 40 up to 256 KiB, 1 in 256 up to 1 MiB, 1 in 256 anything
 * (up to 4 MiB): big frames cost every side's time, so they are rare.
 */
static size_t frame_size(struct spec_ctx *x, size_t max)
{
	unsigned int kind = fuzz_input_u32(x->in, 0, 255, 0);
	size_t top = kind == 255 ? max : kind == 254 ? (size_t)1 << 20 : (size_t)1 << 18;

	if (kind < 248)
		return spec_size(x, max < (kind < 200 ? 4096u : 65536u) ? max :
				 (kind < 200 ? 4096u : 65536u));
	return fuzz_input_u32(x->in, 0, (uint32_t)(top < max ? top : max), 0);
}

/* The content size the FCS field's width can hold, within room. */
static uint64_t choose_size(struct spec_ctx *x, struct header *h, size_t room)
{
	uint64_t lo = 0, hi = room;

	if (h->fcs_flag == 0 && h->single)
		hi = hi < 255 ? hi : 255;
	if (h->fcs_flag == 1) {
		lo = 256;
		hi = hi < 65791 ? hi : 65791;
	}
	if (lo > hi) {
		h->fcs_flag = 2;
		lo = 0;
	}
	return lo + frame_size(x, (size_t)(hi - lo));
}

static void choose_header(struct spec_ctx *x, struct header *h, size_t room)
{
	static const uint8_t widths[4] = { 0, 1, 2, 4 };
	unsigned int big = fuzz_input_u32(x->in, 0, 15, 0) == 15;

	h->single = fuzz_input_bool(x->in, 0);
	h->fcs_flag = fuzz_input_u32(x->in, 0, 3, 0);
	h->checksum = fuzz_input_bool(x->in, 0);
	h->did_flag = fuzz_input_u32(x->in, 0, 3, 0);
	h->wexp = big ? fuzz_input_u32(x->in, 0, 21, 21) : fuzz_input_u32(x->in, 0, 10, 7);
	h->wmant = fuzz_input_u32(x->in, 0, 7, 0);
	h->size = choose_size(x, h, room);
	h->dict_id = 0;
	if (x->defect == SPEC_BAD_DICT_ID && !x->defect_done) {
		h->did_flag = h->did_flag ? h->did_flag : 1;
		h->dict_id = 1 + fuzz_input_u32(x->in, 0, 254, 0);
		h->dict_id |= widths[h->did_flag] == 4 ? 0x1000000u : 0;
		x->defect_done = 1;
	}
}

static void header_features(struct spec_ctx *x, const struct header *h)
{
	static const enum spec_feature fcs[4] = { SPEC_F_fcs1, SPEC_F_fcs2, SPEC_F_fcs4, SPEC_F_fcs8 };
	static const enum spec_feature did[4] = { 0, SPEC_F_dictid1, SPEC_F_dictid2, SPEC_F_dictid4 };

	spec_reach(x, SPEC_F_frame);
	if (h->single)
		spec_reach(x, SPEC_F_single_segment);
	else
		spec_reach(x, h->wexp >= 11 ? SPEC_F_window_big : SPEC_F_window_small);
	spec_reach(x, h->fcs_flag || h->single ? fcs[h->fcs_flag] : SPEC_F_fcs0);
	if (h->did_flag)
		spec_reach(x, did[h->did_flag]);
	if (h->checksum)
		spec_reach(x, SPEC_F_checksum);
}

static size_t write_header(struct spec_ctx *x, const struct header *h, uint8_t *out)
{
	static const uint8_t fcs_bytes[4] = { 1, 2, 4, 8 }, did_bytes[4] = { 0, 1, 2, 4 };
	size_t pos = 5;

	put_le(out, FRAME_MAGIC, 4);
	out[4] = (uint8_t)(h->fcs_flag << 6 | h->single << 5 | h->checksum << 2 | h->did_flag);
	if (x->defect == SPEC_BAD_RESERVED_BIT && !x->defect_done) {
		out[4] |= 0x08;
		x->defect_done = 1;
	}
	if (!h->single)
		out[pos++] = (uint8_t)(h->wexp << 3 | h->wmant);
	put_le(out + pos, h->dict_id, did_bytes[h->did_flag]);
	pos += did_bytes[h->did_flag];
	if (h->fcs_flag || h->single) {
		put_le(out + pos, h->size - (h->fcs_flag == 1 ? 256 : 0), fcs_bytes[h->fcs_flag]);
		pos += fcs_bytes[h->fcs_flag];
	}
	header_features(x, h);
	return pos;
}

static uint64_t window_of(const struct header *h)
{
	uint64_t base = (uint64_t)1 << (10 + h->wexp);

	return h->single ? h->size : base + (base >> 3) * h->wmant;
}

static void block_features(struct spec_ctx *x, int type, size_t size, size_t csize)
{
	static const enum spec_feature f[3] = { SPEC_F_block_raw, SPEC_F_block_rle,
						SPEC_F_block_compressed };

	spec_reach(x, f[type]);
	if (!size)
		spec_reach(x, SPEC_F_block_empty);
	if (type == BLOCK_COMPRESSED && csize == SPEC_BLOCK_MAX)
		spec_reach(x, SPEC_F_csize_128k);
	if (size == SPEC_BLOCK_MAX)
		spec_reach(x, SPEC_F_block_128k);
	if (size == x->block_max)
		spec_reach(x, size == SPEC_BLOCK_MAX ? SPEC_F_block_max : SPEC_F_block_window);
}

/* A raw or RLE block of size bytes of content; its Block_Content's size. */
static size_t plain_block(struct spec_ctx *x, int type, size_t size, uint8_t *out)
{
	uint8_t *c = x->content + x->content_len;

	if (type == BLOCK_RLE) {
		memset(c, x->rle_byte = (uint8_t)fuzz_input_u32(x->in, 0, 255, 0), size);
		out[0] = x->rle_byte;
	} else {
		x->lit_style = fuzz_input_u32(x->in, 0, 3, 0);
		spec_literal_bytes(x, SPEC_LIT_RAW, c, size);
		memcpy(out, c, size);
	}
	x->content_len += size;
	return type == BLOCK_RLE ? 1 : size;
}

/*
 * One block of at most left bytes of content (all of them when it must be
 * the last): its size in out, *last whether it ends the frame.
 */
static size_t write_block(struct spec_ctx *x, size_t left, int must_end, uint8_t *out, int *last)
{
	int type = fuzz_input_u32(x->in, BLOCK_RAW, BLOCK_COMPRESSED, BLOCK_COMPRESSED);
	size_t max = left < x->block_max ? left : x->block_max;
	size_t start = x->content_len, csize = 0, size;

	if ((must_end && type == BLOCK_COMPRESSED) || !x->block_max)
		type = BLOCK_RAW;
	if (type == BLOCK_COMPRESSED && x->block_max >= 2)
		csize = spec_block_compressed(x, max, out + 3, x->block_max);
	if (!csize) {
		type = type == BLOCK_COMPRESSED ? BLOCK_RAW : type;
		size = must_end ? max : spec_size(x, max);
		csize = plain_block(x, type, size, out + 3);
	}
	size = x->content_len - start;
	*last = size == left && (must_end || !fuzz_input_u32(x->in, 0, 7, 0));
	put_le(out, (uint64_t)*last | type << 1 | (type == BLOCK_RLE ? size : csize) << 3, 3);
	block_features(x, type, size, csize);
	return 3 + csize;
}

/* Blocks until the content size is reached; past BLOCKS_MAX, full raw blocks. */
static size_t write_blocks(struct spec_ctx *x, uint64_t size, uint8_t *out)
{
	size_t pos = 0, end = x->content_len + size;
	unsigned int n = 0;
	int last = 0;

	while (!last) {
		size_t left = end - x->content_len;
		int must_end = n >= BLOCKS_MAX && left <= x->block_max;

		if (n >= BLOCKS_MAX && !must_end) {
			size_t chunk = x->block_max;

			put_le(out + pos, BLOCK_RAW << 1 | chunk << 3, 3);
			pos += 3 + plain_block(x, BLOCK_RAW, chunk, out + pos + 3);
			continue;
		}
		pos += write_block(x, left, must_end, out + pos, &last);
		n++;
	}
	return pos;
}

size_t spec_frame(struct spec_ctx *x, uint8_t *out)
{
	struct header h;
	size_t pos;
	unsigned int k;

	choose_header(x, &h, SPEC_CONTENT_MAX - x->content_len);
	pos = write_header(x, &h, out);
	x->frame_start = x->content_len;
	x->window = window_of(&h);
	x->block_max = x->window < SPEC_BLOCK_MAX ? (size_t)x->window : SPEC_BLOCK_MAX;
	x->rep[0] = 1;
	x->rep[1] = 4;
	x->rep[2] = 8;
	x->have_huf = 0;
	for (k = 0; k < 3; k++)
		x->have_table[k] = 0;
	pos += write_blocks(x, h.size, out + pos);
	if (h.checksum) {
		put_le(out + pos, spec_xxh64(x->content + x->frame_start,
					     x->content_len - x->frame_start), 4);
		pos += 4;
	}
	return pos;
}
