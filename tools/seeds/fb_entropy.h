/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entropy-coded parts of hand-built frames (RFC 8878 4.1): a bit writer,
 * FSE table descriptions (NCount), FSE decoding tables as the decoder
 * builds them, and an FSE encoder of Huffman weights (two interleaved
 * states). Small and plain: built for single-defect inputs, whose controls
 * must decode, not for compression ratio.
 */
#ifndef FB_ENTROPY_H
#define FB_ENTROPY_H

#include <stddef.h>
#include <stdint.h>

#define FB_FSE_LOG_MAX	9
#define FB_FSE_SYMBOLS	256

/* Bits written from the first byte's lowest bit up. */
struct fb_bits {
	uint8_t *buf;
	size_t cap;		/* bytes */
	size_t nbits;
	int overflow;
};

void fb_bits_init(struct fb_bits *b, uint8_t *buf, size_t cap);
/* The n low bits of v (n <= 32). */
void fb_bits_put(struct fb_bits *b, uint32_t v, unsigned int n);
/* The bytes written so far, the last one padded with zero bits. */
size_t fb_bits_bytes(const struct fb_bits *b);

/*
 * An FSE table description of nsym normalized counts (-1: "less than 1")
 * under table log, as FSE_readNCount reads it. Counts that do not add up
 * to 1 << log are written as given (a defect).
 */
void fb_ncount(struct fb_bits *b, const short *norm, unsigned int nsym, unsigned int log);

/* The decoding table of a distribution: each state's symbol and its next states. */
struct fb_fse {
	unsigned int log;
	uint8_t symbol[1 << FB_FSE_LOG_MAX];
	uint8_t nb[1 << FB_FSE_LOG_MAX];	/* bits read to leave the state */
	uint16_t base[1 << FB_FSE_LOG_MAX];	/* the first next state */
};

/* 0, or -1 when the counts do not fill the table. */
int fb_fse_build(struct fb_fse *t, const short *norm, unsigned int nsym, unsigned int log);
/* The state of sym whose next states hold next; -1: none. */
int fb_fse_state_to(const struct fb_fse *t, unsigned int sym, unsigned int next);

/*
 * The backward bit stream (end mark included) from which the FSE decoder
 * of Huffman weights (two states) reads exactly the n >= 2 symbols sym;
 * its size, 0 when it does not fit or cannot be coded.
 */
size_t fb_fse_weights(const struct fb_fse *t, const uint8_t *sym, size_t n, uint8_t *out,
		      size_t cap);

/* A Huffman code: each symbol's code and length (0: none). */
struct fb_huf {
	unsigned int log;
	uint16_t code[FB_FSE_SYMBOLS];
	uint8_t len[FB_FSE_SYMBOLS];
};

/*
 * The code of the n weights w (symbols 0..n-1) and the last symbol's
 * implied weight (RFC 8878 4.2.1); -1 when they make no tree.
 */
int fb_huf_build(struct fb_huf *h, const uint8_t *w, unsigned int n);
/* A Huffman stream of the n literals lit, end mark included; its size, 0: does not fit. */
size_t fb_huf_stream(const struct fb_huf *h, const uint8_t *lit, size_t n, uint8_t *out,
		     size_t cap);

#endif
