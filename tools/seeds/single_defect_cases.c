// SPDX-License-Identifier: GPL-2.0
/* All the single-defect cases (single_defect.h): each file's table in turn. */
#include <string.h>

#include "single_defect.h"

#define CASES_MAX	256

const struct sd_case *sd_cases(size_t *n)
{
	static struct sd_case all[CASES_MAX];
	static size_t count;
	static int built;
	const struct sd_case *(*const tables[])(size_t *) = { sd_decoder_cases, sd_frame_cases };

	for (size_t t = 0; !built && t < sizeof(tables) / sizeof(tables[0]); t++) {
		size_t m;
		const struct sd_case *c = tables[t](&m);

		if (m > CASES_MAX - count)
			m = CASES_MAX - count;
		memcpy(all + count, c, m * sizeof(*c));
		count += m;
	}
	built = 1;
	*n = count;
	return all;
}
