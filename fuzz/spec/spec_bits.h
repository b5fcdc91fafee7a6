/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit fields in the order a decoder reads them, written as zstd's
 * backward bitstream (RFC 8878 4.1: the last field written first, from bit
 * 0 of the first byte up, then a 1 bit, the end mark, in the last byte).
 */
#ifndef SPEC_BITS_H
#define SPEC_BITS_H

#include <stddef.h>
#include <stdint.h>

struct spec_fields {
	uint32_t *val;
	uint8_t *nb;
	size_t n, cap;
	int oom;
};

void spec_fields_reset(struct spec_fields *f);
/* One field of nb (0..32) bits, the next one the decoder reads. */
void spec_fields_add(struct spec_fields *f, uint32_t val, unsigned int nb);
/*
 * Fields [from, to) as one backward bitstream with its end mark into
 * out[0..cap): its size, 0 if it does not fit.
 */
size_t spec_fields_write(const struct spec_fields *f, size_t from, size_t to,
			 uint8_t *out, size_t cap);

/* A forward little-endian bit writer (the FSE table description). */
struct spec_fwd {
	uint8_t *out;
	size_t cap, pos;
	uint64_t acc;
	unsigned int bits;
	int overflow;
};

void spec_fwd_init(struct spec_fwd *w, uint8_t *out, size_t cap);
void spec_fwd_add(struct spec_fwd *w, uint32_t val, unsigned int nb);
/* Flushes the last partial byte: the bytes written, 0 on overflow. */
size_t spec_fwd_end(struct spec_fwd *w);

#endif
