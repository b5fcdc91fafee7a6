// SPDX-License-Identifier: GPL-2.0
/* Length and offset codes (RFC 8878 3.1.1.3.2.1.1) and the predefined distributions. */
#include "spec_bulk.h"
#include "spec_codes.h"

static const uint32_t ll_base[36] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096,
	8192, 16384, 32768, 65536 };
static const uint8_t ll_bits[36] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint32_t ml_base[53] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83,
	99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539 };
static const uint8_t ml_bits[53] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

const int16_t spec_ll_default[36] = {
	4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3,
	2, 1, 1, 1, 1, 1, -1, -1, -1, -1 };
const int16_t spec_ml_default[53] = {
	1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1 };
const int16_t spec_of_default[29] = {
	1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1 };

static unsigned int highbit(uint32_t v)
{
	unsigned int n = 0;

	while (v >>= 1)
		n++;
	return n;
}

/* The last code whose baseline is at most v: a binary search of the baselines. */
SPEC_BULK static unsigned int code_of(const uint32_t *base, unsigned int n, uint32_t v)
{
	unsigned int lo = 0, hi = n - 1;

	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;

		if (base[mid] <= v)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

SPEC_BULK void spec_code(int field, uint32_t v, struct spec_code *c)
{
	switch (field) {
	case SPEC_CODE_LL:
		c->code = code_of(ll_base, 36, v);
		c->nbits = ll_bits[c->code];
		c->extra = v - ll_base[c->code];
		break;
	case SPEC_CODE_ML:
		c->code = code_of(ml_base, 53, v);
		c->nbits = ml_bits[c->code];
		c->extra = v - ml_base[c->code];
		break;
	default:
		c->code = highbit(v);
		c->nbits = c->code;
		c->extra = v - (1u << c->code);
		break;
	}
}
