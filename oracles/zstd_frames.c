// SPDX-License-Identifier: GPL-2.0
#include "zstd_frames.h"

#define ZF_MAGIC		0xFD2FB528u
#define ZF_SKIPPABLE_MASK	0xFFFFFFF0u
#define ZF_SKIPPABLE_MAGIC	0x184D2A50u
/* Literals_Block_Type of Huffman literals with their own tree. */
#define ZF_LIT_TREE		2

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

size_t zf_frame_header_size(const uint8_t *src, size_t len)
{
	static const uint8_t did_size[4] = { 0, 1, 2, 4 };
	static const uint8_t fcs_size[4] = { 0, 2, 4, 8 };
	unsigned int fhd, single;
	size_t size;

	if (len < 5 || le32(src) != ZF_MAGIC)
		return 0;
	fhd = src[4];
	single = (fhd >> 5) & 1;
	size = 5 + !single + did_size[fhd & 3] + fcs_size[fhd >> 6];
	if ((fhd >> 6) == 0 && single)
		size += 1;
	return size <= len ? size : 0;
}

/* Window_Size of the frame header at src (RFC 8878 3.1.1.1.2); the header is whole. */
static uint64_t frame_window(const uint8_t *src)
{
	static const uint8_t did_size[4] = { 0, 1, 2, 4 };
	unsigned int fhd = src[4], exponent, flag = fhd >> 6;
	const uint8_t *fcs = src + 5 + did_size[fhd & 3];
	uint64_t base, size = 0;

	if (!((fhd >> 5) & 1)) {
		exponent = src[5] >> 3;
		base = (uint64_t)1 << (10 + exponent);
		return base + base / 8 * (src[5] & 7);
	}
	/* Single segment: the window is Frame_Content_Size (1, 2, 4 or 8 bytes). */
	for (unsigned int i = flag ? 1u << flag : 1; i-- > 0;)
		size = size << 8 | fcs[i];
	return flag == 1 ? size + 256 : size;
}

/*
 * Walks one frame's blocks; returns bytes the frame spans, 0 if cut short.
 * With at, stops at block number index, which it copies there (a hit).
 */
static size_t walk_frame(const uint8_t *src, size_t len, zf_block_pred pred, int *hit,
			 unsigned int index, struct zf_block *at)
{
	unsigned int nb = 0;

	size_t pos = zf_frame_header_size(src, len);
	struct zf_block b;

	if (!pos)
		return 0;
	b.window = frame_window(src);
	b.tree_block = NULL;
	b.tree_avail = 0;
	do {
		uint32_t h;
		size_t on_disk;

		if (len - pos < 3)
			return 0;
		h = src[pos] | (uint32_t)src[pos + 1] << 8 | (uint32_t)src[pos + 2] << 16;
		b.last = h & 1;
		b.type = (h >> 1) & 3;
		b.size = h >> 3;
		b.content = src + pos + 3;
		b.avail = len - pos - 3;
		on_disk = b.type == ZF_BLOCK_RLE ? 1 : b.size;
		if (b.avail > on_disk)
			b.avail = on_disk;
		if ((pred && pred(&b)) || (at && nb == index)) {
			*hit = 1;
			if (at)
				*at = b;
		}
		nb++;
		if (*hit || b.avail < on_disk || b.type == 3)
			return 0;
		if (b.type == ZF_BLOCK_COMPRESSED && b.avail && (b.content[0] & 3) == ZF_LIT_TREE) {
			b.tree_block = b.content;
			b.tree_avail = b.avail;
		}
		pos += 3 + on_disk;
	} while (!b.last);
	/* The content checksum, when the frame header announces one. */
	pos += (src[4] & 4) ? 4 : 0;
	return pos <= len ? pos : 0;
}

/* The frame walk; starts (if given) gets each zstd frame's offset, up to max. */
static int walk_starts(const uint8_t *src, size_t len, zf_block_pred pred, size_t *end,
		       size_t *starts, size_t *n, size_t max)
{
	size_t pos = 0, step;
	int hit = 0;

	while (len - pos >= 4 && !hit) {
		uint32_t magic = le32(src + pos);

		if (len - pos < 8)
			break;
		if ((magic & ZF_SKIPPABLE_MASK) == ZF_SKIPPABLE_MAGIC) {
			step = 8 + (size_t)le32(src + pos + 4);
		} else {
			step = walk_frame(src + pos, len - pos, pred, &hit, 0, NULL);
			if (starts && step && *n < max)
				starts[(*n)++] = pos;
		}
		if (!step || step > len - pos)
			break;
		pos += step;
	}
	if (end)
		*end = pos;
	return hit;
}

static int walk(const uint8_t *src, size_t len, zf_block_pred pred, size_t *end)
{
	return walk_starts(src, len, pred, end, NULL, NULL, 0);
}

int zf_any_block(const uint8_t *src, size_t len, zf_block_pred pred)
{
	return walk(src, len, pred, NULL);
}

size_t zf_frame_starts(const uint8_t *src, size_t len, size_t *starts, size_t max)
{
	size_t n = 0;

	walk_starts(src, len, NULL, NULL, starts, &n, max);
	return n;
}

int zf_frame_block(const uint8_t *frame, size_t len, unsigned int index, struct zf_block *b)
{
	int hit = 0;

	walk_frame(frame, len, NULL, &hit, index, b);
	return hit;
}

size_t zf_frame_span(const uint8_t *frame, size_t len)
{
	int hit = 0;

	return walk_frame(frame, len, NULL, &hit, 0, NULL);
}

size_t zf_frames_end(const uint8_t *src, size_t len)
{
	size_t end = 0;

	walk(src, len, NULL, &end);
	return end;
}
