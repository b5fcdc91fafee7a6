/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hand-built zstd frames (RFC 8878): any header field, raw and RLE
 * blocks, reserved bits and block types, skippable frames. What the
 * reference compressor never writes, the seeds still need.
 */
#ifndef FRAME_BUILD_H
#define FRAME_BUILD_H

#include <stddef.h>
#include <stdint.h>

#define FB_MAGIC		0xFD2FB528u
#define FB_SKIPPABLE_MAGIC	0x184D2A50u
#define FB_BLOCK_RAW		0
#define FB_BLOCK_RLE		1
#define FB_BLOCK_COMPRESSED	2
#define FB_BLOCK_RESERVED	3

struct frame_build {
	uint8_t *buf;
	size_t cap;
	size_t len;
	int overflow;		/* a write did not fit: the frame is unusable */
};

struct fb_header {
	int fcs_bytes;		/* 0, 1 (single segment only), 2, 4 or 8 */
	int single_segment;	/* no window descriptor */
	int checksum;
	int dict_bytes;		/* 0, 1, 2 or 4 */
	uint32_t dict_id;
	uint8_t window_desc;	/* exponent << 3 | mantissa */
	uint64_t content_size;
	uint8_t fhd_extra;	/* OR-ed into the descriptor: reserved bits */
};

void fb_init(struct frame_build *fb, uint8_t *buf, size_t cap);
void fb_le(struct frame_build *fb, uint64_t v, int bytes);
void fb_bytes(struct frame_build *fb, const void *p, size_t n);
void fb_header(struct frame_build *fb, const struct fb_header *h);
void fb_block_header(struct frame_build *fb, int type, uint32_t size, int last);
void fb_raw_block(struct frame_build *fb, const void *p, uint32_t n, int last);
void fb_rle_block(struct frame_build *fb, uint8_t byte, uint32_t n, int last);
/* Skippable frame number nr (0..15) carrying n bytes of p. */
void fb_skippable(struct frame_build *fb, unsigned int nr, const void *p, uint32_t n);

#endif
