// SPDX-License-Identifier: GPL-2.0
/* Normalized counts (RFC 8878 4.1.1) for the symbols a table must code. */
#include <string.h>

#include "spec_fse.h"

/* Each symbol that occurs: 1, or -1 ("less than 1") when the choices say so. */
static unsigned int seed_counts(int16_t *norm, const uint32_t *hist, unsigned int nsyms,
				struct fuzz_input *in, int low)
{
	unsigned int s, used = 0;

	for (s = 0; s < nsyms; s++) {
		if (!hist[s])
			continue;
		norm[s] = low && fuzz_input_bool(in, 0) ? -1 : 1;
		used++;
	}
	return used;
}

/* Symbols that never occur may still have a count: a table is valid either way. */
static unsigned int add_unused(int16_t *norm, const uint32_t *hist, unsigned int nsyms,
			       unsigned int room, struct fuzz_input *in)
{
	unsigned int extra = fuzz_input_u32(in, 0, 3, 0), s, added = 0;

	for (s = 0; s < nsyms && added < extra && added < room; s++) {
		if (hist[s] || fuzz_input_u32(in, 0, 3, 1))
			continue;
		norm[s] = 1;
		added++;
	}
	return added;
}

/* The rest of the table: in proportion to the histogram, or mostly to one symbol. */
static void spread_rest(int16_t *norm, const uint32_t *hist, unsigned int nsyms, int rest,
			struct fuzz_input *in)
{
	unsigned int s, top = 0, pick = fuzz_input_u32(in, 0, 255, 0);
	uint64_t total = 0;
	int given = 0;

	for (s = 0; s < nsyms; s++) {
		total += norm[s] > 0 ? hist[s] : 0;
		if (norm[s] > 0 && (norm[top] <= 0 || hist[s] > hist[top]))
			top = s;
	}
	if (pick && total) {
		for (s = 0; s < nsyms; s++) {
			int add = norm[s] > 0 ? (int)(rest * (uint64_t)hist[s] / total) : 0;

			norm[s] = (int16_t)(norm[s] + add);
			given += add;
		}
	}
	for (s = pick; norm[s % nsyms] <= 0; s++)
		;
	if (!pick)
		s = top;
	norm[s % nsyms] = (int16_t)(norm[s % nsyms] + rest - given);
}

int spec_fse_norm(int16_t *norm, const uint32_t *hist, unsigned int nsyms, unsigned int log,
		  struct fuzz_input *in)
{
	int size = 1 << log, rest, positive = 0;
	unsigned int used, s;

	memset(norm, 0, nsyms * sizeof(*norm));
	used = seed_counts(norm, hist, nsyms, in, fuzz_input_bool(in, 0));
	if (!used || used > (unsigned int)size)
		return 0;
	used += add_unused(norm, hist, nsyms, size - used, in);
	for (s = 0; s < nsyms; s++)
		positive |= norm[s] > 0;
	if (!positive) {
		for (s = 0; norm[s] != -1; s++)
			;
		norm[s] = 1;
	}
	rest = size - (int)used;
	if (rest)
		spread_rest(norm, hist, nsyms, rest, in);
	return 1;
}
