// SPDX-License-Identifier: GPL-2.0
/*
 * Reading inside a compressed block, from RFC 8878 alone: the literals
 * section's size, FSE table descriptions (4.1.1) and decoding tables, the
 * sequences section (3.1.1.3.2) and its backward bitstream, the repeat
 * offsets (3.1.1.5) carried from block to block. The FSE spread is the
 * RFC's, as the spec generator's (fuzz/spec/spec_fse.c) is: written apart
 * on purpose, the generator being sealed from the oracle so that each
 * checks the other.
 */
#include <string.h>

#include "zstd_seq_scan.h"

#define LIT_RAW			0
#define LIT_COMPRESSED		2
#define FSE_LOG_MAX		9
#define FSE_SIZE_MAX		(1u << FSE_LOG_MAX)
#define SYMS_MAX		53
#define WEIGHT_SYMS		13	/* weights 0..12 */
#define WEIGHT_LOG_MAX		6

size_t zo_huf_lit_header(const uint8_t *p, size_t avail, size_t *sf, size_t *regen,
			 size_t *csize)
{
	static const uint8_t lh_size[4] = { 3, 3, 4, 5 };
	uint32_t lhc;

	if (avail < 5 || (p[0] & 3) < LIT_COMPRESSED)
		return 0;
	*sf = (p[0] >> 2) & 3;
	lhc = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	if (*sf <= 1) {
		*regen = (lhc >> 4) & 0x3FF;
		*csize = (lhc >> 14) & 0x3FF;
	} else if (*sf == 2) {
		*regen = (lhc >> 4) & 0x3FFF;
		*csize = lhc >> 18;
	} else {
		*regen = (lhc >> 4) & 0x3FFFF;
		*csize = (lhc >> 22) + ((size_t)p[4] << 10);
	}
	return lh_size[*sf] + *csize <= avail ? lh_size[*sf] : 0;
}

size_t zo_lit_section_size(const uint8_t *p, size_t avail)
{
	unsigned int sf = (p[0] >> 2) & 3;
	size_t hs, size, csize, regen;

	if (!avail)
		return 0;
	if ((p[0] & 3) >= LIT_COMPRESSED) {
		hs = zo_huf_lit_header(p, avail, &size, &regen, &csize);
		return hs ? hs + csize : 0;
	}
	hs = !(sf & 1) ? 1 : sf == 1 ? 2 : 3;
	if (avail < hs)
		return 0;
	size = hs == 1 ? p[0] >> 3 : (p[0] >> 4) + ((size_t)p[1] << 4);
	if (hs == 3)
		size += (size_t)p[2] << 12;
	size = hs + ((p[0] & 3) ? 1 : size);
	return size <= avail ? size : 0;
}

static unsigned int highbit(uint32_t v)
{
	unsigned int n = 0;

	while (v >>= 1)
		n++;
	return n;
}

/* Bits [pos, pos + n) of p, least significant first; 0 past len. */
static uint32_t bits_at(const uint8_t *p, size_t len, size_t pos, unsigned int n)
{
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++, pos++)
		if (pos / 8 < len && (p[pos / 8] >> (pos % 8) & 1))
			v |= 1u << i;
	return v;
}

/*
 * An FSE table description (RFC 8878 4.1.1) at p: norm[], *nsyms, *log;
 * its size in bytes, 0 when it is not one.
 */
static size_t ncount_read(const uint8_t *p, size_t len, unsigned int max_syms,
			  unsigned int max_log, int16_t *norm, unsigned int *nsyms, unsigned int *log)
{
	size_t pos = 4;
	int remaining, threshold, nb, max, count, s = 0;
	unsigned int rep;

	if (!len)
		return 0;
	*log = bits_at(p, len, 0, 4) + 5;
	if (*log > max_log)
		return 0;
	remaining = (1 << *log) + 1;
	threshold = 1 << *log;
	nb = *log + 1;
	while (remaining > 1 && s < (int)max_syms) {
		max = 2 * threshold - 1 - remaining;
		count = bits_at(p, len, pos, nb - 1);
		if (count < max) {
			pos += nb - 1;
		} else {
			count = bits_at(p, len, pos, nb);
			if (count >= threshold)
				count -= max;
			pos += nb;
		}
		count--;
		remaining -= count < 0 ? -count : count;
		norm[s++] = (int16_t)count;
		while (remaining < threshold && threshold > 1) {
			nb--;
			threshold >>= 1;
		}
		if (count)
			continue;
		do {	/* zero counts: 2-bit repeat fields, 3 meaning more */
			rep = bits_at(p, len, pos, 2);
			pos += 2;
			while (rep-- && s < (int)max_syms)
				norm[s++] = 0;
		} while (bits_at(p, len, pos - 2, 2) == 3);
	}
	if (remaining != 1 || (pos + 7) / 8 > len)
		return 0;
	*nsyms = s;
	return (pos + 7) / 8;
}

int zo_huf_weights_cut(const struct zf_block *b)
{
	size_t hs, sf, regen, csize, head, n, bits;
	const uint8_t *t, *stream;
	int16_t norm[WEIGHT_SYMS];
	unsigned int nsyms, log;

	if (b->type != ZF_BLOCK_COMPRESSED || b->avail != b->size ||
	    (b->content[0] & 3) != LIT_COMPRESSED)
		return 0;
	hs = zo_huf_lit_header(b->content, b->size, &sf, &regen, &csize);
	t = b->content + hs;
	if (!hs || !csize || t[0] >= 128 || 1u + t[0] > csize)
		return 0;
	head = ncount_read(t + 1, t[0], WEIGHT_SYMS, WEIGHT_LOG_MAX, norm, &nsyms, &log);
	if (!head || head >= t[0])
		return 0;
	stream = t + 1 + head;
	n = t[0] - head;
	if (!stream[n - 1])
		return 0;	/* no end mark: another corruption */
	bits = 8 * (n - 1) + highbit(stream[n - 1]);
	return bits < 2 * log;
}

struct dtable {
	unsigned int log;
	uint8_t sym[FSE_SIZE_MAX], nb[FSE_SIZE_MAX];
	uint16_t base[FSE_SIZE_MAX];
};

/* RFC 8878 4.1.1: the symbols spread, then each state's bits and baseline. */
static int dtable_build(struct dtable *t, const int16_t *norm, unsigned int nsyms,
			unsigned int log)
{
	unsigned int size = 1u << log, high = size - 1, step = (size >> 1) + (size >> 3) + 3;
	unsigned int s, u, pos = 0, i;
	uint16_t next[SYMS_MAX];

	t->log = log;
	for (s = 0; s < nsyms; s++) {
		next[s] = norm[s] == -1 ? 1 : (uint16_t)norm[s];
		if (norm[s] == -1)
			t->sym[high--] = (uint8_t)s;
	}
	for (s = 0; s < nsyms; s++) {
		for (i = 0; norm[s] > 0 && i < (unsigned int)norm[s]; i++) {
			t->sym[pos] = (uint8_t)s;
			do
				pos = (pos + step) & (size - 1);
			while (pos > high);
		}
	}
	if (pos)
		return 0;
	for (u = 0; u < size; u++) {
		unsigned int nx = next[t->sym[u]]++;

		t->nb[u] = (uint8_t)(log - highbit(nx));
		t->base[u] = (uint16_t)((nx << t->nb[u]) - size);
	}
	return 1;
}

/* RFC 8878 3.1.1.3.2.2: the predefined distributions. */
static const int16_t ll_default[36] = {
	4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1 };
static const int16_t of_default[29] = {
	1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	-1, -1, -1, -1, -1 };
static const int16_t ml_default[53] = {
	1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1,
	-1, -1, -1, -1, -1 };
/* Extra bits per Literals_Length and Match_Length code (3.1.1.3.2.1.1). */
static const uint8_t ll_bits[36] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3,
	4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint8_t ml_bits[53] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11,
	12, 13, 14, 15, 16 };

enum { F_LL, F_OF, F_ML };

struct frame_state {
	struct dtable t[3];
	int have[3];
	uint32_t rep[3];
};

/* One field's table per its mode: its description's size, -1 when it does not read. */
static long field_table(struct frame_state *st, int f, unsigned int mode, const uint8_t *p,
			size_t len)
{
	static const int16_t *const defaults[3] = { ll_default, of_default, ml_default };
	static const unsigned int nsyms[3] = { 36, 32, 53 }, dlog[3] = { 6, 5, 6 },
		dsyms[3] = { 36, 29, 53 }, max_log[3] = { 9, 8, 9 };
	int16_t norm[SYMS_MAX];
	unsigned int n, log;
	size_t used;

	if (mode == 0) {
		if (!dtable_build(&st->t[f], defaults[f], dsyms[f], dlog[f]))
			return -1;
		st->have[f] = 1;
		return 0;
	}
	if (mode == 1) {	/* RLE: one symbol, one state of 0 bits */
		if (!len || p[0] >= nsyms[f])
			return -1;
		st->t[f].log = 0;
		st->t[f].sym[0] = p[0];
		st->t[f].nb[0] = 0;
		st->t[f].base[0] = 0;
		st->have[f] = 1;
		return 1;
	}
	if (mode == 3)
		return st->have[f] ? 0 : -1;
	used = ncount_read(p, len, nsyms[f], max_log[f], norm, &n, &log);
	if (!used || !dtable_build(&st->t[f], norm, n, log))
		return -1;
	st->have[f] = 1;
	return (long)used;
}

/* The backward bitstream: pos bits left under the end mark; under 0 read past its start. */
struct bstream {
	const uint8_t *p;
	size_t len;
	long pos;
};

static uint32_t bs_read(struct bstream *b, unsigned int n)
{
	uint32_t v;

	b->pos -= n;
	if (b->pos >= 0)
		return bits_at(b->p, b->len, (size_t)b->pos, n);
	v = b->pos + (long)n > 0 ? bits_at(b->p, b->len, 0, (unsigned int)(b->pos + n)) : 0;
	return v << (unsigned int)(-b->pos > (long)n ? n : -b->pos);
}

/* RFC 8878 3.1.1.5: the offset of a sequence, and the repeat offsets after it. */
static uint32_t offset_of(uint32_t *rep, uint32_t ofv, int ll0, int *zero)
{
	unsigned int idx;
	uint32_t off;

	if (ofv > 3) {
		off = ofv - 3;
		idx = 3;
	} else {
		idx = ofv - 1 + ll0;
		off = idx == 3 ? rep[0] - 1 : rep[idx];
	}
	if (!off) {
		*zero = 1;
		off = 1;	/* as zstd up to 1.5.5 does */
	}
	if (idx == 0)
		return off;
	if (idx != 1)
		rep[2] = rep[1];
	rep[1] = rep[0];
	rep[0] = off;
	return off;
}

static int decode_bitstream(struct frame_state *st, const uint8_t *p, size_t len, size_t n,
			    struct zo_seq_scan *out)
{
	struct bstream b = { p, len, 0 };
	unsigned int s[3], k, code[3];
	int lost = 0;
	uint32_t off;
	size_t i;

	if (!len || !p[len - 1])
		return 0;
	b.pos = (long)(8 * (len - 1) + highbit(p[len - 1]));
	for (k = 0; k < 3; k++)
		s[k] = bs_read(&b, st->t[k].log);
	for (i = 0; i < n; i++) {
		uint32_t ofv;

		for (k = 0; k < 3; k++)
			code[k] = st->t[k].sym[s[k]];
		if (code[F_OF] > 31 || code[F_LL] > 35 || code[F_ML] > 52)
			return 0;
		ofv = (1u << code[F_OF]) + bs_read(&b, code[F_OF]);
		bs_read(&b, ml_bits[code[F_ML]]);
		bs_read(&b, ll_bits[code[F_LL]]);
		/* An offset 0 counts only while the stream holds the bits read. */
		off = offset_of(st->rep, ofv, code[F_LL] == 0,
				b.pos >= 0 ? &out->offset_zero : &lost);
		if (b.pos >= 0 && off > out->max_offset)
			out->max_offset = off;
		if (i + 1 == n)
			break;
		for (k = 0; k < 3; k++) {
			unsigned int f = (unsigned int[]){ F_LL, F_ML, F_OF }[k];

			s[f] = st->t[f].base[s[f]] + bs_read(&b, st->t[f].nb[s[f]]);
		}
	}
	out->stream_exact = b.pos == 0;
	return 1;
}

/*
 * One whole compressed block's sequences section: 1 when it decoded, 0
 * when it has none, -1 when it does not read.
 */
static int block_scan(struct frame_state *st, const struct zf_block *b, struct zo_seq_scan *out)
{
	const uint8_t *p, *end = b->content + b->size;
	unsigned int k, modes;
	size_t lit;
	long used;

	memset(out, 0, sizeof(*out));
	if (b->avail < b->size)
		return -1;
	lit = zo_lit_section_size(b->content, b->size);
	p = b->content + lit;
	if (!lit || p >= end)
		return lit ? 0 : -1;
	out->nseq = p[0] < 128 ? p[0] : p[0] < 255 ? ((size_t)(p[0] - 128) << 8) + p[1] :
		p[1] + ((size_t)p[2] << 8) + 0x7F00;
	p += p[0] < 128 ? 1 : p[0] < 255 ? 2 : 3;
	if (!out->nseq)
		return 0;
	if (p >= end)
		return -1;
	modes = *p++;
	out->reserved_bits = (modes & 3) != 0;
	for (k = 0; k < 3; k++, p += used) {
		used = field_table(st, k, modes >> (6 - 2 * k) & 3, p, (size_t)(end - p));
		if (used < 0)
			return -1;
	}
	return decode_bitstream(st, p, (size_t)(end - p), out->nseq, out) ? 1 : -1;
}

int zo_seq_scan(const uint8_t *frame, size_t len, unsigned int block, struct zo_seq_scan *out)
{
	struct frame_state st;
	struct zf_block b;
	unsigned int i;
	int r = 0;

	memset(&st, 0, sizeof(st));
	st.rep[0] = 1;
	st.rep[1] = 4;
	st.rep[2] = 8;
	for (i = 0; i <= block; i++) {
		if (!zf_frame_block(frame, len, i, &b))
			return 0;
		/*
		 * A compressed block of Block_Size 0 before it: block-at-a-time and
		 * streaming decoders skip it as empty (ZSTD_decompressContinue),
		 * one-shot ones refuse it, so no site of theirs lies past it.
		 */
		if (b.type != ZF_BLOCK_COMPRESSED || (!b.size && i < block)) {
			if (i == block)
				return 0;
			continue;
		}
		r = block_scan(&st, &b, out);
		if (r < 0 || (i == block && r == 0))
			return 0;
	}
	return 1;
}
