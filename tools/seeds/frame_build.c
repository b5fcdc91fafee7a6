// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "frame_build.h"

void fb_init(struct frame_build *fb, uint8_t *buf, size_t cap)
{
	fb->buf = buf;
	fb->cap = cap;
	fb->len = 0;
	fb->overflow = 0;
}

void fb_bytes(struct frame_build *fb, const void *p, size_t n)
{
	if (fb->overflow || n > fb->cap - fb->len) {
		fb->overflow = 1;
		return;
	}
	if (n)
		memcpy(fb->buf + fb->len, p, n);
	fb->len += n;
}

void fb_le(struct frame_build *fb, uint64_t v, int bytes)
{
	uint8_t b[8];

	for (int i = 0; i < bytes && i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	fb_bytes(fb, b, (size_t)bytes);
}

static unsigned int fcs_flag(int fcs_bytes)
{
	switch (fcs_bytes) {
	case 2:
		return 1;
	case 4:
		return 2;
	case 8:
		return 3;
	default:
		return 0;	/* none, or one byte when single segment */
	}
}

static unsigned int dict_flag(int dict_bytes)
{
	return dict_bytes == 4 ? 3 : (unsigned int)dict_bytes & 3;
}

void fb_header(struct frame_build *fb, const struct fb_header *h)
{
	unsigned int fhd = fcs_flag(h->fcs_bytes) << 6 | (h->single_segment ? 1u << 5 : 0) |
			   (h->checksum ? 1u << 2 : 0) | dict_flag(h->dict_bytes);
	/* The 2-byte field stores the size minus 256. */
	uint64_t fcs = h->fcs_bytes == 2 ? h->content_size - 256 : h->content_size;

	fb_le(fb, FB_MAGIC, 4);
	fb_le(fb, fhd | h->fhd_extra, 1);
	if (!h->single_segment)
		fb_le(fb, h->window_desc, 1);
	fb_le(fb, h->dict_id, h->dict_bytes);
	fb_le(fb, fcs, h->fcs_bytes);
}

void fb_block_header(struct frame_build *fb, int type, uint32_t size, int last)
{
	fb_le(fb, (uint32_t)(last ? 1 : 0) | (uint32_t)type << 1 | size << 3, 3);
}

void fb_raw_block(struct frame_build *fb, const void *p, uint32_t n, int last)
{
	fb_block_header(fb, FB_BLOCK_RAW, n, last);
	fb_bytes(fb, p, n);
}

void fb_rle_block(struct frame_build *fb, uint8_t byte, uint32_t n, int last)
{
	fb_block_header(fb, FB_BLOCK_RLE, n, last);
	fb_le(fb, byte, 1);
}

void fb_skippable(struct frame_build *fb, unsigned int nr, const void *p, uint32_t n)
{
	fb_le(fb, FB_SKIPPABLE_MAGIC | (nr & 0xf), 4);
	fb_le(fb, n, 4);
	fb_bytes(fb, p, n);
}
