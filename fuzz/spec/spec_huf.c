// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "spec_bulk.h"
#include "spec_huf.h"

static int is_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

static unsigned int log2_exact(uint32_t v)
{
	unsigned int n = 0;

	while (v >>= 1)
		n++;
	return n;
}

/*
 * RFC 8878 4.2.1.3: weights ascending, symbols ascending within a weight,
 * codes given in that order from 0; a weight w takes 2^(w-1) of the
 * 2^max_bits slots and Number_of_Bits = max_bits + 1 - w.
 */
static void canonical_codes(struct spec_huf *h)
{
	uint32_t slot = 0;
	unsigned int w, s;

	h->nalpha = 0;
	for (w = 1; w <= h->max_bits; w++) {
		for (s = 0; s < h->nsyms; s++) {
			if (h->weight[s] != w)
				continue;
			h->len[s] = (uint8_t)(h->max_bits + 1 - w);
			h->code[s] = (uint16_t)(slot >> (w - 1));
			slot += 1u << (w - 1);
		}
	}
	for (s = 0; s < h->nsyms; s++)
		if (h->weight[s])
			h->alphabet[h->nalpha++] = (uint8_t)s;
}

/*
 * Weights symbol by symbol, each leaving part of the 2^max_bits slots;
 * once the choices stop and what is left is a power of two, the next
 * symbol takes it (its weight is the implied one). Until then each
 * further symbol takes the lowest set bit of what is left.
 */
void spec_huf_choose(struct spec_huf *h, struct fuzz_input *in, unsigned int max_sym)
{
	unsigned int bits = fuzz_input_u32(in, 1, SPEC_HUF_MAX_BITS, 8);
	uint32_t left = 1u << bits;
	unsigned int s = fuzz_input_u32(in, 0, 255, 'a') % (max_sym > 16 ? max_sym - 16 : 1);
	int nonzero = 0;

	memset(h, 0, sizeof(*h));
	h->max_bits = bits;
	/* Room after the loop for the symbols that make what is left a power of two. */
	for (; s < max_sym - 12; s++) {
		unsigned int w = fuzz_input_u32(in, 0, bits, 0);
		int more = fuzz_input_bool(in, 0);

		if (!more && is_pow2(left) && nonzero)
			break;
		if (!more && nonzero)
			w = log2_exact(left & -left) + 1;
		/*
		 * The first coded symbol has weight 1: every zstd decoder wants
		 * codes of Max_Number_of_Bits (HUF_readStats: 2 or more of weight 1).
		 */
		if (!nonzero && w)
			w = 1;
		while (w && (1u << (w - 1)) >= left)
			w--;
		h->weight[s] = (uint8_t)w;
		left -= w ? 1u << (w - 1) : 0;
		nonzero |= w != 0;
	}
	/* Out of symbols: the rest in the last ones' weights, lowest bits first. */
	while (!is_pow2(left) || !nonzero) {
		uint32_t take = left & -left;

		if (!nonzero)
			take = 1;	/* weight 1, as above */
		h->weight[s++] = (uint8_t)(log2_exact(take) + 1);
		left -= take;
		nonzero = 1;
	}
	h->weight[s] = (uint8_t)(log2_exact(left) + 1);
	h->nsyms = s + 1;
	canonical_codes(h);
}

void spec_huf_cut_tree(struct spec_huf *h, struct fuzz_input *in)
{
	unsigned int first = fuzz_input_u32(in, 1, 2, 1);

	memset(h, 0, sizeof(*h));
	h->max_bits = 2;
	h->nsyms = 3;
	h->weight[0] = (uint8_t)first;
	h->weight[1] = 1;
	h->weight[2] = first == 1 ? 2 : 1;
	canonical_codes(h);
}

static size_t describe_direct(const struct spec_huf *h, uint8_t *out, size_t cap)
{
	unsigned int n = h->nsyms - 1, i;
	size_t size = 1 + (n + 1) / 2;

	if (n < 1 || n > 128 || size > cap)
		return 0;
	out[0] = (uint8_t)(127 + n);
	memset(out + 1, 0, size - 1);
	for (i = 0; i < n; i++)
		out[1 + i / 2] |= (uint8_t)(h->weight[i] << (i % 2 ? 0 : 4));
	return size;
}

size_t spec_huf_describe(const struct spec_huf *h, int fse, struct fuzz_input *in,
			 uint8_t *out, size_t cap)
{
	if (fse)
		return spec_huf_weights_fse(h->weight, h->nsyms - 1, in, out, cap);
	return describe_direct(h, out, cap);
}

/* The decoder reads the literals in order: the fields are the codes in order. */
SPEC_BULK static size_t one_stream(const struct spec_huf *h, const uint8_t *lits, size_t n,
			 struct spec_fields *f, uint8_t *out, size_t cap)
{
	size_t i;

	spec_fields_reset(f);
	for (i = 0; i < n; i++)
		spec_fields_add(f, h->code[lits[i]], h->len[lits[i]]);
	return spec_fields_write(f, 0, f->n, out, cap);
}

/* RFC 8878 3.1.1.3.1.6: three streams of (n + 3) / 4 literals, the last one the rest. */
static size_t four_streams(const struct spec_huf *h, const uint8_t *lits, size_t n,
			   struct spec_fields *f, uint8_t *out, size_t cap)
{
	size_t seg = (n + 3) / 4, pos = 6, i;

	if (cap < 6 || 3 * seg > n)
		return 0;
	for (i = 0; i < 4; i++) {
		size_t from = i * seg, len = i < 3 ? seg : n - 3 * seg;
		size_t sz = one_stream(h, lits + from, len, f, out + pos, cap - pos);

		if (!sz || (i < 3 && sz > 0xFFFF))
			return 0;
		if (i < 3) {
			out[2 * i] = (uint8_t)sz;
			out[2 * i + 1] = (uint8_t)(sz >> 8);
		}
		pos += sz;
	}
	return pos;
}

size_t spec_huf_encode(const struct spec_huf *h, const uint8_t *lits, size_t n, int streams,
		       struct spec_fields *f, uint8_t *out, size_t cap)
{
	if (streams == 4)
		return four_streams(h, lits, n, f, out, cap);
	return one_stream(h, lits, n, f, out, cap);
}
