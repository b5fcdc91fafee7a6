// SPDX-License-Identifier: GPL-2.0
/* XXH64 with seed 0 (RFC 8878 3.1.1: Content_Checksum is its low 32 bits), written from its spec. */
#include <string.h>

#include "spec_bulk.h"
#include "spec_xxh64.h"

#define P1 11400714785074694791ULL
#define P2 14029467366897019727ULL
#define P3 1609587929392839161ULL
#define P4 9650029242287828579ULL
#define P5 2870177450012600261ULL

SPEC_BULK static uint64_t rotl(uint64_t v, unsigned int r)
{
	return (v << r) | (v >> (64 - r));
}

SPEC_BULK static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&v, p, 8);
	(void)i;
#else
	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
#endif
	return v;
}

SPEC_BULK static uint64_t round64(uint64_t acc, uint64_t in)
{
	return rotl(acc + in * P2, 31) * P1;
}

SPEC_BULK static uint64_t merge(uint64_t h, uint64_t v)
{
	return (h ^ round64(0, v)) * P1 + P4;
}

SPEC_BULK static uint64_t stripes(const uint8_t **pp, size_t len)
{
	const uint8_t *p = *pp;
	uint64_t v[4] = { P1 + P2, P2, 0, -P1 }, h;
	int i;

	for (; len >= 32; len -= 32, p += 32)
		for (i = 0; i < 4; i++)
			v[i] = round64(v[i], le64(p + 8 * i));
	h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
	for (i = 0; i < 4; i++)
		h = merge(h, v[i]);
	*pp = p;
	return h;
}

SPEC_BULK uint64_t spec_xxh64(const uint8_t *p, size_t len)
{
	const uint8_t *end = p + len;
	uint64_t h = len >= 32 ? stripes(&p, len) : P5;

	h += len;
	for (; end - p >= 8; p += 8)
		h = rotl(h ^ round64(0, le64(p)), 27) * P1 + P4;
	if (end - p >= 4) {
		h ^= (uint64_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24) * P1;
		h = rotl(h, 23) * P2 + P3;
		p += 4;
	}
	for (; p < end; p++)
		h = rotl(h ^ *p * P5, 11) * P1;
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	return h ^ (h >> 32);
}
