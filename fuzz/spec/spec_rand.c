// SPDX-License-Identifier: GPL-2.0
/* What the choices cannot all name: bulk bytes from a seeded xorshift, and sizes by class. */
#include "spec_bulk.h"
#include "spec_ctx.h"

SPEC_BULK uint32_t spec_rand(struct spec_ctx *x)
{
	x->rng ^= x->rng << 13;
	x->rng ^= x->rng >> 17;
	x->rng ^= x->rng << 5;
	return x->rng;
}

size_t spec_size(struct spec_ctx *x, size_t max)
{
	static const size_t class_max[] = { 16, 256, 4096, 65536 };
	/* kinds 0-1: up to 16, 2-3: 256, 4: 4096, 5: 65536, 6: any, 7: max */
	unsigned int kind = fuzz_input_u32(x->in, 0, 7, 1);
	size_t top;

	if (kind == 7 || !max)
		return max;
	if (kind == 6)
		return fuzz_input_u32(x->in, 0, (uint32_t)max, 0);
	top = class_max[kind / 2 + (kind == 5)] < max ? class_max[kind / 2 + (kind == 5)] : max;
	return fuzz_input_u32(x->in, 0, (uint32_t)top, (uint32_t)(top < 8 ? top : 8));
}
